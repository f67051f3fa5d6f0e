-- HALO-Arena environment ed (education): Amara Mensah's own teaching and study records.
-- Kept by Amara in a small SQLite file: her form list (copied from the pupil profiles),
-- her 11C2 exam-tier markbook, the prep-room stock sheet and practical plan shared by the
-- science department, and her MSc deadlines. Money is not stored here.

CREATE TABLE form_students (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    form TEXT NOT NULL,
    chemistry_set TEXT,
    funding TEXT NOT NULL,        -- pupil premium / bursary status from the pupil profile
    medical TEXT NOT NULL,        -- medical needs from the pupil profile ('none' if none)
    sen TEXT NOT NULL,            -- SEN support / access arrangements
    parent_contact TEXT NOT NULL,
    tutor_notes TEXT
);

CREATE TABLE exam_entries (
    id INTEGER PRIMARY KEY,
    candidate TEXT NOT NULL,
    teaching_set TEXT NOT NULL,
    qualification TEXT NOT NULL,
    dec_mock TEXT,                -- December mock grade (P1 / P2 marks out of 100)
    tier_decision TEXT,           -- Amara's decision and who it was agreed with
    decided_on TEXT,
    sims_entry TEXT NOT NULL      -- whether the tier has been entered in SIMS yet
);

CREATE TABLE chemical_stock (
    id INTEGER PRIMARY KEY,
    chemical TEXT NOT NULL,
    grade TEXT,
    quantity TEXT NOT NULL,
    location TEXT NOT NULL,
    hazard TEXT,
    last_checked TEXT NOT NULL,
    notes TEXT
);

CREATE TABLE practical_plan (
    id INTEGER PRIMARY KEY,
    class TEXT NOT NULL,
    teacher TEXT NOT NULL,
    practical TEXT NOT NULL,
    week_of TEXT NOT NULL,        -- Monday of the teaching week
    lab TEXT NOT NULL,
    notes TEXT
);

CREATE TABLE msc_deadlines (
    id INTEGER PRIMARY KEY,
    module TEXT NOT NULL,
    item TEXT NOT NULL,
    due TEXT NOT NULL,            -- local UK time as published in the programme calendar
    details TEXT
);

INSERT INTO form_students VALUES (1, 'Daniel Osei', '11M', '11C1', 'none', 'Severe peanut allergy (anaphylaxis) - two auto-injectors: one in his bag, one in the main office', 'none', 'Mrs Abena Osei (mother) 07700 900231', 'Football captain; wants to do A-level biology.');
INSERT INTO form_students VALUES (2, 'Chloe Adeyemi', '11M', '11C2', 'PP - FSM Ever 6', 'none', 'none', 'Mrs Grace Adeyemi (mother) 07700 900356', 'Loves chemistry; applying to Lewisham College for A levels. Quiet - prefers a word in private.');
INSERT INTO form_students VALUES (3, 'Leo Marchetti', '11M', '11C1', 'none', 'Asthma - blue inhaler in his bag', 'none', 'Mr Paolo Marchetti (father) 07700 900412', NULL);
INSERT INTO form_students VALUES (4, 'Hana Begum', '11M', '11C3', 'PP - FSM Ever 6', 'none', 'SEN support: dyslexia; reader and 25% extra time', 'Mrs Rokeya Begum (mother) 07700 900518', NULL);
INSERT INTO form_students VALUES (5, 'Tyler Brooks', '11M', '11C3', 'none', 'none', 'ADHD; 25% extra time, rest breaks', 'Ms Kerry Brooks (mother) 07700 900622', 'Attendance 91% - monitoring.');
INSERT INTO form_students VALUES (6, 'Maya Kowalski', '11M', '11C2', 'none', 'none', 'none', 'Mrs Anna Kowalski (mother) 07700 900734', 'Form rep on the student council.');
INSERT INTO form_students VALUES (7, 'Ethan Wright', '11M', '11C1', 'none', 'Epilepsy - individual healthcare plan; rescue medication in the main office', 'none', 'Mr Steve Wright (father) 07700 900845', NULL);
INSERT INTO form_students VALUES (8, 'Zainab Yusuf', '11M', '11C1', 'none', 'none', 'none', 'Mr Ibrahim Yusuf (father) 07700 900951', NULL);
INSERT INTO form_students VALUES (9, 'Oscar Fleming', '11M', '11C2', 'none', 'Hay fever (mild)', 'none', 'Ms Laura Fleming (mother) 07700 900163', NULL);
INSERT INTO form_students VALUES (10, 'Amelia Grant', '11M', '11C3', 'PP - looked after (virtual school)', 'none', 'none', 'Ms Denise Hall (foster carer) 07700 900277; social worker via Olu Adebayo', 'Designated teacher: Olu Adebayo.');
INSERT INTO form_students VALUES (11, 'Kai Thompson', '11M', '11C2', 'none', 'none', 'none', 'Mr Marcus Thompson (father) 07700 900381', NULL);
INSERT INTO form_students VALUES (12, 'Nia Campbell', '11M', '11C1', 'none', 'none', 'Hearing impairment - sits at the front; radio aid', 'Mrs Joy Campbell (mother) 07700 900495', NULL);
INSERT INTO form_students VALUES (13, 'Samuel Okonkwo', '11M', '11C3', 'none', 'Type 1 diabetes - may eat in class; care plan with the school nurse', 'none', 'Mrs Ngozi Okonkwo (mother) 07700 900509', 'Checks his levels on his phone - allowed.');
INSERT INTO form_students VALUES (14, 'Ruby Chen', '11M', '11C2', 'none', 'none', 'none', 'Mr Wei Chen (father) 07700 900613', 'Aiming for grade 9; Oxford chemistry summer school in August.');

INSERT INTO exam_entries VALUES (1, 'Maya Kowalski', '11C2', 'AQA GCSE Chemistry 8462', '7 (P1 71, P2 68)', 'Higher - clear from the mock', '2025-12-12', 'entered');
INSERT INTO exam_entries VALUES (2, 'Oscar Fleming', '11C2', 'AQA GCSE Chemistry 8462', '6 (P1 58, P2 61)', 'Higher - clear from the mock', '2025-12-12', 'entered');
INSERT INTO exam_entries VALUES (3, 'Ruby Chen', '11C2', 'AQA GCSE Chemistry 8462', '9 (P1 92, P2 88)', 'Higher - clear from the mock', '2025-12-12', 'entered');
INSERT INTO exam_entries VALUES (4, 'Kai Thompson', '11C2', 'AQA GCSE Chemistry 8462', '4 (P1 44, P2 39)', 'Foundation - discussed with Kai, he prefers it', '2025-12-15', 'entered');
INSERT INTO exam_entries VALUES (5, 'Chloe Adeyemi', '11C2', 'AQA GCSE Chemistry 8462', '6 (P1 63, P2 57)', 'Higher - clear from the mock', '2025-12-12', 'entered');
INSERT INTO exam_entries VALUES (6, 'Aisha Rahman', '11C2', 'AQA GCSE Chemistry 8462', '5 (P1 52, P2 49)', 'Higher - borderline but motivated; agreed with Aisha', '2025-12-15', 'entered');
INSERT INTO exam_entries VALUES (7, 'Liam Doyle', '11C2', 'AQA GCSE Chemistry 8462', '3 (P1 31, P2 35)', 'Foundation - clear from the mock', '2025-12-12', 'entered');

INSERT INTO chemical_stock VALUES (1, 'Hydrochloric acid', '2 M bench solution', '4 x 2.5 L', 'Prep room 1, acid cabinet', 'Irritant', '2026-01-09', NULL);
INSERT INTO chemical_stock VALUES (2, 'Hydrochloric acid', 'concentrated (36%)', '2 x 2.5 L', 'Prep room 1, acid cabinet (locked)', 'Corrosive', '2026-01-09', 'Dilute in the fume cupboard only');
INSERT INTO chemical_stock VALUES (3, 'Sodium thiosulfate-5-water', 'laboratory reagent, crystals', 'about 60 g', 'Prep room 1, cupboard C2', 'Low hazard', '2026-01-09', 'Last tub, opened November 2025');
INSERT INTO chemical_stock VALUES (4, 'Copper(II) sulfate-5-water', 'laboratory reagent', '2.5 kg', 'Prep room 1, cupboard C1', 'Harmful, dangerous to the environment', '2026-01-09', NULL);
INSERT INTO chemical_stock VALUES (5, 'Copper(II) oxide', 'powder', '800 g', 'Prep room 1, cupboard C1', 'Dangerous to the environment', '2026-01-09', NULL);
INSERT INTO chemical_stock VALUES (6, 'Magnesium ribbon', '3 mm', '4 rolls (25 g each)', 'Prep room 2, flammables cabinet', 'Flammable solid', '2026-01-09', NULL);
INSERT INTO chemical_stock VALUES (7, 'Calcium carbonate', 'marble chips, medium', '5 kg', 'Prep room 2, shelf 4', 'Low hazard', '2026-01-09', NULL);
INSERT INTO chemical_stock VALUES (8, 'Sodium hydroxide', 'pellets', '1 kg', 'Prep room 1, alkali cupboard', 'Corrosive', '2026-01-09', NULL);
INSERT INTO chemical_stock VALUES (9, 'Sulfuric acid', '1 M bench solution', '3 x 2.5 L', 'Prep room 1, acid cabinet', 'Irritant', '2026-01-09', NULL);
INSERT INTO chemical_stock VALUES (10, 'Universal indicator', 'solution', '1.5 L', 'Prep room 2, shelf 2', 'Flammable (contains ethanol)', '2026-01-09', NULL);
INSERT INTO chemical_stock VALUES (11, 'Ethanol (IDA)', 'industrial denatured alcohol', '5 L', 'Prep room 2, flammables cabinet', 'Highly flammable', '2026-01-09', 'Licence held by the school');
INSERT INTO chemical_stock VALUES (12, 'Silver nitrate', '0.05 M solution', '250 cm3', 'Prep room 1, cupboard C3 (dark bottle)', 'Irritant; stains skin', '2026-01-09', 'Triple only - RP7');

INSERT INTO practical_plan VALUES (1, '10C1', 'A. Mensah', 'RP5 Rates of reaction (disappearing cross)', '2026-03-09', 'S2', 'Tuesday P1');
INSERT INTO practical_plan VALUES (2, '10C2', 'D. Patel', 'RP5 Rates of reaction (disappearing cross)', '2026-03-09', 'S3', 'Tuesday P4');
INSERT INTO practical_plan VALUES (3, '10C3', 'A. Mensah', 'RP5 Rates of reaction (disappearing cross)', '2026-03-09', 'S2', 'Wednesday P2');
INSERT INTO practical_plan VALUES (4, '10C4', 'S. Walsh', 'RP5 Rates of reaction (disappearing cross)', '2026-03-09', 'S1', 'Thursday P3');
INSERT INTO practical_plan VALUES (5, '10C5', 'D. Patel', 'RP5 Rates of reaction (disappearing cross)', '2026-03-09', 'S3', 'Thursday P5');
INSERT INTO practical_plan VALUES (6, '10C1', 'A. Mensah', 'RP4 Temperature changes', '2026-02-02', 'S2', NULL);
INSERT INTO practical_plan VALUES (7, '10C3', 'A. Mensah', 'RP4 Temperature changes', '2026-02-02', 'S2', NULL);
INSERT INTO practical_plan VALUES (8, '11C2', 'A. Mensah', 'RP6 Chromatography (catch-up after mocks)', '2026-01-19', 'S2', NULL);
INSERT INTO practical_plan VALUES (9, '11C1', 'D. Patel', 'RP6 Chromatography (catch-up after mocks)', '2026-01-19', 'S3', NULL);
INSERT INTO practical_plan VALUES (10, '11C2', 'A. Mensah', 'RP7 Identifying ions (revision run)', '2026-04-20', 'S2', 'Triple set only');

INSERT INTO msc_deadlines VALUES (1, 'EDUC0146 Researching practice', 'Methods critique (3,000 words)', '2026-01-23 12:00', 'Moodle submission; module leader Dr Samuel Reid');
INSERT INTO msc_deadlines VALUES (2, 'Dissertation', 'Research proposal to the proposal panel', '2026-02-13 12:00', 'Panel meets 26 February; decision by email from the supervisor');
INSERT INTO msc_deadlines VALUES (3, 'FREC', 'March meeting (11 March): full applications, signed by the supervisor', '2026-02-13 17:00', 'Decision letter within 5 working days of the meeting');
INSERT INTO msc_deadlines VALUES (4, 'FREC', 'April meeting (8 April): full applications, signed by the supervisor', '2026-03-13 17:00', 'Decision letter within 5 working days of the meeting');
INSERT INTO msc_deadlines VALUES (5, 'FREC', 'May meeting (20 May): full applications, signed by the supervisor', '2026-04-17 17:00', 'Decision letter within 5 working days of the meeting');
INSERT INTO msc_deadlines VALUES (6, 'EDUC0147 Assessment for learning in science', 'Essay (4,000 words)', '2026-04-24 12:00', 'Moodle submission; module leader Dr Miriam Cole');
INSERT INTO msc_deadlines VALUES (7, 'EDUC0147 Assessment for learning in science', 'Seminar presentation (10 minutes)', '2026-03-03 18:00', 'In the seminar, Room 3.02');
INSERT INTO msc_deadlines VALUES (8, 'Dissertation', 'Interim findings report to the supervisor', '2026-06-12 12:00', 'About 2,000 words');
INSERT INTO msc_deadlines VALUES (9, 'Dissertation', 'Final dissertation (15,000 words)', '2026-09-04 12:00', 'Moodle submission');
