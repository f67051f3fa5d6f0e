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

-- Added for the spring term: Amara's copies of the autumn-term 2 attendance summaries (from
-- SIMS, one row per student per week; sessions = morning and afternoon registers), her 11C2
-- markbook, her log of contacts with 11M families, her duty rota and her MSc reading log.

CREATE TABLE form_attendance (
    id INTEGER PRIMARY KEY,
    student_id INTEGER NOT NULL REFERENCES form_students(id),
    week_of TEXT NOT NULL,        -- Monday of the school week
    sessions_possible INTEGER NOT NULL,
    sessions_present INTEGER NOT NULL,
    late_marks INTEGER NOT NULL,  -- late before registers closed
    absence_codes TEXT            -- SIMS codes for the missed sessions (I illness, M medical, C other authorised, O unauthorised)
);

CREATE TABLE markbook_11c2 (
    id INTEGER PRIMARY KEY,
    student TEXT NOT NULL,
    assessment TEXT NOT NULL,
    sat_on TEXT NOT NULL,
    mark INTEGER,                 -- NULL = absent, to catch up
    out_of INTEGER NOT NULL,
    working_at TEXT,              -- GCSE grade the mark indicates
    comment TEXT
);

CREATE TABLE family_contacts (
    id INTEGER PRIMARY KEY,
    student_id INTEGER NOT NULL REFERENCES form_students(id),
    contacted_on TEXT NOT NULL,
    with_whom TEXT NOT NULL,
    method TEXT NOT NULL,         -- phone | email | meeting | planner note
    reason TEXT NOT NULL,
    outcome TEXT
);

CREATE TABLE duty_rota (
    id INTEGER PRIMARY KEY,
    term TEXT NOT NULL,
    day TEXT NOT NULL,
    duty TEXT NOT NULL,
    place TEXT NOT NULL,
    times TEXT NOT NULL,
    notes TEXT
);

CREATE TABLE msc_reading_log (
    id INTEGER PRIMARY KEY,
    reference TEXT NOT NULL,      -- author(s), year, title, source
    read_on TEXT,
    used_for TEXT NOT NULL,
    key_points TEXT
);

INSERT INTO form_attendance VALUES (1, 1, '2025-11-03', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (2, 1, '2025-11-10', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (3, 1, '2025-11-17', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (4, 1, '2025-11-24', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (5, 1, '2025-12-01', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (6, 1, '2025-12-08', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (7, 1, '2025-12-15', 9, 9, 0, NULL);
INSERT INTO form_attendance VALUES (8, 2, '2025-11-03', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (9, 2, '2025-11-10', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (10, 2, '2025-11-17', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (11, 2, '2025-11-24', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (12, 2, '2025-12-01', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (13, 2, '2025-12-08', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (14, 2, '2025-12-15', 9, 9, 0, NULL);
INSERT INTO form_attendance VALUES (15, 3, '2025-11-03', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (16, 3, '2025-11-10', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (17, 3, '2025-11-17', 10, 10, 1, NULL);
INSERT INTO form_attendance VALUES (18, 3, '2025-11-24', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (19, 3, '2025-12-01', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (20, 3, '2025-12-08', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (21, 3, '2025-12-15', 9, 9, 0, NULL);
INSERT INTO form_attendance VALUES (22, 4, '2025-11-03', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (23, 4, '2025-11-10', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (24, 4, '2025-11-17', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (25, 4, '2025-11-24', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (26, 4, '2025-12-01', 10, 8, 0, 'I I');
INSERT INTO form_attendance VALUES (27, 4, '2025-12-08', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (28, 4, '2025-12-15', 9, 9, 0, NULL);
INSERT INTO form_attendance VALUES (29, 5, '2025-11-03', 10, 8, 0, 'I I');
INSERT INTO form_attendance VALUES (30, 5, '2025-11-10', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (31, 5, '2025-11-17', 10, 9, 1, 'O');
INSERT INTO form_attendance VALUES (32, 5, '2025-11-24', 10, 8, 1, 'I I');
INSERT INTO form_attendance VALUES (33, 5, '2025-12-01', 10, 10, 1, NULL);
INSERT INTO form_attendance VALUES (34, 5, '2025-12-08', 10, 9, 0, 'O');
INSERT INTO form_attendance VALUES (35, 5, '2025-12-15', 9, 7, 0, 'C C');
INSERT INTO form_attendance VALUES (36, 6, '2025-11-03', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (37, 6, '2025-11-10', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (38, 6, '2025-11-17', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (39, 6, '2025-11-24', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (40, 6, '2025-12-01', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (41, 6, '2025-12-08', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (42, 6, '2025-12-15', 9, 9, 0, NULL);
INSERT INTO form_attendance VALUES (43, 7, '2025-11-03', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (44, 7, '2025-11-10', 10, 9, 0, 'M');
INSERT INTO form_attendance VALUES (45, 7, '2025-11-17', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (46, 7, '2025-11-24', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (47, 7, '2025-12-01', 10, 9, 0, 'M');
INSERT INTO form_attendance VALUES (48, 7, '2025-12-08', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (49, 7, '2025-12-15', 9, 9, 0, NULL);
INSERT INTO form_attendance VALUES (50, 8, '2025-11-03', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (51, 8, '2025-11-10', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (52, 8, '2025-11-17', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (53, 8, '2025-11-24', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (54, 8, '2025-12-01', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (55, 8, '2025-12-08', 10, 10, 1, NULL);
INSERT INTO form_attendance VALUES (56, 8, '2025-12-15', 9, 9, 0, NULL);
INSERT INTO form_attendance VALUES (57, 9, '2025-11-03', 10, 9, 0, 'I');
INSERT INTO form_attendance VALUES (58, 9, '2025-11-10', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (59, 9, '2025-11-17', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (60, 9, '2025-11-24', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (61, 9, '2025-12-01', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (62, 9, '2025-12-08', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (63, 9, '2025-12-15', 9, 9, 1, NULL);
INSERT INTO form_attendance VALUES (64, 10, '2025-11-03', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (65, 10, '2025-11-10', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (66, 10, '2025-11-17', 10, 8, 0, 'C C');
INSERT INTO form_attendance VALUES (67, 10, '2025-11-24', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (68, 10, '2025-12-01', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (69, 10, '2025-12-08', 10, 9, 0, 'M');
INSERT INTO form_attendance VALUES (70, 10, '2025-12-15', 9, 9, 0, NULL);
INSERT INTO form_attendance VALUES (71, 11, '2025-11-03', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (72, 11, '2025-11-10', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (73, 11, '2025-11-17', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (74, 11, '2025-11-24', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (75, 11, '2025-12-01', 10, 10, 1, NULL);
INSERT INTO form_attendance VALUES (76, 11, '2025-12-08', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (77, 11, '2025-12-15', 9, 7, 0, 'I I');
INSERT INTO form_attendance VALUES (78, 12, '2025-11-03', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (79, 12, '2025-11-10', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (80, 12, '2025-11-17', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (81, 12, '2025-11-24', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (82, 12, '2025-12-01', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (83, 12, '2025-12-08', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (84, 12, '2025-12-15', 9, 9, 0, NULL);
INSERT INTO form_attendance VALUES (85, 13, '2025-11-03', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (86, 13, '2025-11-10', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (87, 13, '2025-11-17', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (88, 13, '2025-11-24', 10, 9, 0, 'M');
INSERT INTO form_attendance VALUES (89, 13, '2025-12-01', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (90, 13, '2025-12-08', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (91, 13, '2025-12-15', 9, 9, 0, NULL);
INSERT INTO form_attendance VALUES (92, 14, '2025-11-03', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (93, 14, '2025-11-10', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (94, 14, '2025-11-17', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (95, 14, '2025-11-24', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (96, 14, '2025-12-01', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (97, 14, '2025-12-08', 10, 10, 0, NULL);
INSERT INTO form_attendance VALUES (98, 14, '2025-12-15', 9, 9, 0, NULL);
INSERT INTO markbook_11c2 VALUES (1, 'Maya Kowalski', 'Topic test: atomic structure and the periodic table', '2025-09-26', 32, 50, '6', NULL);
INSERT INTO markbook_11c2 VALUES (2, 'Maya Kowalski', 'Topic test: bonding, structure and properties', '2025-10-17', 33, 50, '6', NULL);
INSERT INTO markbook_11c2 VALUES (3, 'Maya Kowalski', 'Topic test: quantitative chemistry', '2025-11-21', 36, 60, '6', NULL);
INSERT INTO markbook_11c2 VALUES (4, 'Maya Kowalski', 'December mock Paper 1 (Higher or Foundation as sat)', '2025-12-03', 71, 100, NULL, NULL);
INSERT INTO markbook_11c2 VALUES (5, 'Maya Kowalski', 'December mock Paper 2 (Higher or Foundation as sat)', '2025-12-05', 68, 100, '7', 'Overall mock grade');
INSERT INTO markbook_11c2 VALUES (6, 'Oscar Fleming', 'Topic test: atomic structure and the periodic table', '2025-09-26', 25, 50, '5', NULL);
INSERT INTO markbook_11c2 VALUES (7, 'Oscar Fleming', 'Topic test: bonding, structure and properties', '2025-10-17', NULL, 50, NULL, 'Absent (ill) - caught up in homework, not re-sat');
INSERT INTO markbook_11c2 VALUES (8, 'Oscar Fleming', 'Topic test: quantitative chemistry', '2025-11-21', 29, 60, '4', NULL);
INSERT INTO markbook_11c2 VALUES (9, 'Oscar Fleming', 'December mock Paper 1 (Higher or Foundation as sat)', '2025-12-03', 58, 100, NULL, NULL);
INSERT INTO markbook_11c2 VALUES (10, 'Oscar Fleming', 'December mock Paper 2 (Higher or Foundation as sat)', '2025-12-05', 61, 100, '6', 'Overall mock grade');
INSERT INTO markbook_11c2 VALUES (11, 'Ruby Chen', 'Topic test: atomic structure and the periodic table', '2025-09-26', 43, 50, '9', NULL);
INSERT INTO markbook_11c2 VALUES (12, 'Ruby Chen', 'Topic test: bonding, structure and properties', '2025-10-17', 48, 50, '9', NULL);
INSERT INTO markbook_11c2 VALUES (13, 'Ruby Chen', 'Topic test: quantitative chemistry', '2025-11-21', 53, 60, '9', 'Full marks on the extended answer');
INSERT INTO markbook_11c2 VALUES (14, 'Ruby Chen', 'December mock Paper 1 (Higher or Foundation as sat)', '2025-12-03', 92, 100, NULL, NULL);
INSERT INTO markbook_11c2 VALUES (15, 'Ruby Chen', 'December mock Paper 2 (Higher or Foundation as sat)', '2025-12-05', 88, 100, '9', 'Overall mock grade');
INSERT INTO markbook_11c2 VALUES (16, 'Kai Thompson', 'Topic test: atomic structure and the periodic table', '2025-09-26', 22, 50, '4', NULL);
INSERT INTO markbook_11c2 VALUES (17, 'Kai Thompson', 'Topic test: bonding, structure and properties', '2025-10-17', 17, 50, '3', NULL);
INSERT INTO markbook_11c2 VALUES (18, 'Kai Thompson', 'Topic test: quantitative chemistry', '2025-11-21', 26, 60, '4', 'Moles and concentration still shaky - extra practice sheet given');
INSERT INTO markbook_11c2 VALUES (19, 'Kai Thompson', 'December mock Paper 1 (Higher or Foundation as sat)', '2025-12-03', 44, 100, NULL, NULL);
INSERT INTO markbook_11c2 VALUES (20, 'Kai Thompson', 'December mock Paper 2 (Higher or Foundation as sat)', '2025-12-05', 39, 100, '4', 'Overall mock grade');
INSERT INTO markbook_11c2 VALUES (21, 'Chloe Adeyemi', 'Topic test: atomic structure and the periodic table', '2025-09-26', 26, 50, '5', NULL);
INSERT INTO markbook_11c2 VALUES (22, 'Chloe Adeyemi', 'Topic test: bonding, structure and properties', '2025-10-17', 32, 50, '6', NULL);
INSERT INTO markbook_11c2 VALUES (23, 'Chloe Adeyemi', 'Topic test: quantitative chemistry', '2025-11-21', 37, 60, '6', NULL);
INSERT INTO markbook_11c2 VALUES (24, 'Chloe Adeyemi', 'December mock Paper 1 (Higher or Foundation as sat)', '2025-12-03', 63, 100, NULL, NULL);
INSERT INTO markbook_11c2 VALUES (25, 'Chloe Adeyemi', 'December mock Paper 2 (Higher or Foundation as sat)', '2025-12-05', 57, 100, '6', 'Overall mock grade');
INSERT INTO markbook_11c2 VALUES (26, 'Aisha Rahman', 'Topic test: atomic structure and the periodic table', '2025-09-26', 29, 50, '6', NULL);
INSERT INTO markbook_11c2 VALUES (27, 'Aisha Rahman', 'Topic test: bonding, structure and properties', '2025-10-17', 29, 50, '6', NULL);
INSERT INTO markbook_11c2 VALUES (28, 'Aisha Rahman', 'Topic test: quantitative chemistry', '2025-11-21', 24, 60, '4', 'Big improvement since September');
INSERT INTO markbook_11c2 VALUES (29, 'Aisha Rahman', 'December mock Paper 1 (Higher or Foundation as sat)', '2025-12-03', 52, 100, NULL, NULL);
INSERT INTO markbook_11c2 VALUES (30, 'Aisha Rahman', 'December mock Paper 2 (Higher or Foundation as sat)', '2025-12-05', 49, 100, '5', 'Overall mock grade');
INSERT INTO markbook_11c2 VALUES (31, 'Liam Doyle', 'Topic test: atomic structure and the periodic table', '2025-09-26', 16, 50, '3', NULL);
INSERT INTO markbook_11c2 VALUES (32, 'Liam Doyle', 'Topic test: bonding, structure and properties', '2025-10-17', 13, 50, '2', NULL);
INSERT INTO markbook_11c2 VALUES (33, 'Liam Doyle', 'Topic test: quantitative chemistry', '2025-11-21', 21, 60, '3', 'Strong on recall, weak on calculations');
INSERT INTO markbook_11c2 VALUES (34, 'Liam Doyle', 'December mock Paper 1 (Higher or Foundation as sat)', '2025-12-03', 31, 100, NULL, NULL);
INSERT INTO markbook_11c2 VALUES (35, 'Liam Doyle', 'December mock Paper 2 (Higher or Foundation as sat)', '2025-12-05', 35, 100, '3', 'Overall mock grade');
INSERT INTO markbook_11c2 VALUES (36, 'Jayden Clarke', 'Topic test: atomic structure and the periodic table', '2025-09-26', 25, 50, '5', NULL);
INSERT INTO markbook_11c2 VALUES (37, 'Jayden Clarke', 'Topic test: bonding, structure and properties', '2025-10-17', 20, 50, '4', NULL);
INSERT INTO markbook_11c2 VALUES (38, 'Jayden Clarke', 'Topic test: quantitative chemistry', '2025-11-21', 27, 60, '4', 'Better on the practical questions');
INSERT INTO markbook_11c2 VALUES (39, 'Jayden Clarke', 'December mock Paper 1 (Higher or Foundation as sat)', '2025-12-03', 41, 100, NULL, NULL);
INSERT INTO markbook_11c2 VALUES (40, 'Jayden Clarke', 'December mock Paper 2 (Higher or Foundation as sat)', '2025-12-05', 46, 100, '4', 'Overall mock grade');
INSERT INTO markbook_11c2 VALUES (41, 'Sofia Nowak', 'Topic test: atomic structure and the periodic table', '2025-09-26', 24, 50, '4', NULL);
INSERT INTO markbook_11c2 VALUES (42, 'Sofia Nowak', 'Topic test: bonding, structure and properties', '2025-10-17', 25, 50, '5', NULL);
INSERT INTO markbook_11c2 VALUES (43, 'Sofia Nowak', 'Topic test: quantitative chemistry', '2025-11-21', 27, 60, '4', 'Rushed the last two questions');
INSERT INTO markbook_11c2 VALUES (44, 'Sofia Nowak', 'December mock Paper 1 (Higher or Foundation as sat)', '2025-12-03', 49, 100, NULL, NULL);
INSERT INTO markbook_11c2 VALUES (45, 'Sofia Nowak', 'December mock Paper 2 (Higher or Foundation as sat)', '2025-12-05', 55, 100, '5', 'Overall mock grade');
INSERT INTO markbook_11c2 VALUES (46, 'Ibrahim Hassan', 'Topic test: atomic structure and the periodic table', '2025-09-26', 21, 50, '4', NULL);
INSERT INTO markbook_11c2 VALUES (47, 'Ibrahim Hassan', 'Topic test: bonding, structure and properties', '2025-10-17', 19, 50, '3', NULL);
INSERT INTO markbook_11c2 VALUES (48, 'Ibrahim Hassan', 'Topic test: quantitative chemistry', '2025-11-21', 27, 60, '4', NULL);
INSERT INTO markbook_11c2 VALUES (49, 'Ibrahim Hassan', 'December mock Paper 1 (Higher or Foundation as sat)', '2025-12-03', 45, 100, NULL, NULL);
INSERT INTO markbook_11c2 VALUES (50, 'Ibrahim Hassan', 'December mock Paper 2 (Higher or Foundation as sat)', '2025-12-05', 42, 100, '4', 'Overall mock grade');
INSERT INTO markbook_11c2 VALUES (51, 'Noah Bennett', 'Topic test: atomic structure and the periodic table', '2025-09-26', 40, 50, '8', NULL);
INSERT INTO markbook_11c2 VALUES (52, 'Noah Bennett', 'Topic test: bonding, structure and properties', '2025-10-17', 42, 50, '8', NULL);
INSERT INTO markbook_11c2 VALUES (53, 'Noah Bennett', 'Topic test: quantitative chemistry', '2025-11-21', 44, 60, '7', NULL);
INSERT INTO markbook_11c2 VALUES (54, 'Noah Bennett', 'December mock Paper 1 (Higher or Foundation as sat)', '2025-12-03', 83, 100, NULL, NULL);
INSERT INTO markbook_11c2 VALUES (55, 'Noah Bennett', 'December mock Paper 2 (Higher or Foundation as sat)', '2025-12-05', 79, 100, '8', 'Overall mock grade');
INSERT INTO family_contacts VALUES (1, 5, '2025-11-07', 'Ms Kerry Brooks (mother)', 'phone', 'Two days of illness and one unexplained absence', 'Mum confirmed illness; agreed a weekly attendance check-in');
INSERT INTO family_contacts VALUES (2, 5, '2025-11-28', 'Ms Kerry Brooks (mother)', 'meeting', 'Attendance review with the attendance officer (Mr Hughes)', 'Attendance target 95% by February; rest-break card renewed');
INSERT INTO family_contacts VALUES (3, 10, '2025-11-14', 'Ms Denise Hall (foster carer)', 'email', 'PEP meeting date and revision materials', 'PEP on 18 November with Olu Adebayo; carer asked for a revision guide');
INSERT INTO family_contacts VALUES (4, 10, '2025-11-18', 'Olu Adebayo and Ms Denise Hall', 'meeting', 'Personal education plan review', 'Targets: chemistry and maths tutoring funded through the PEP');
INSERT INTO family_contacts VALUES (5, 13, '2025-11-25', 'Mrs Ngozi Okonkwo (mother)', 'phone', 'Diabetes clinic appointment and mock exam arrangements', 'School nurse to update the care plan for the mocks (snacks, testing kit in the hall)');
INSERT INTO family_contacts VALUES (6, 1, '2025-12-02', 'Mrs Abena Osei (mother)', 'email', 'Auto-injector in the main office expires in January', 'Replacement brought in on 8 December; office log updated');
INSERT INTO family_contacts VALUES (7, 4, '2025-12-04', 'Mrs Rokeya Begum (mother)', 'phone', 'Reader arrangements worked well in the mocks', 'Mum pleased; Hana wants the same for the summer');
INSERT INTO family_contacts VALUES (8, 14, '2025-12-09', 'Mr Wei Chen (father)', 'email', 'Reference for the Oxford chemistry summer school', 'Reference sent by Amara on 12 December');
INSERT INTO family_contacts VALUES (9, 11, '2025-12-10', 'Mr Marcus Thompson (father)', 'phone', 'Careers: apprenticeship options after Year 11', 'Careers interview requested for January');
INSERT INTO family_contacts VALUES (10, 7, '2025-12-11', 'Mr Steve Wright (father)', 'email', 'Neurology appointments on two Tuesday mornings', 'Absences authorised (M); work sent home');
INSERT INTO family_contacts VALUES (11, 3, '2025-12-12', 'Mr Paolo Marchetti (father)', 'planner note', 'Three late marks in two weeks', 'Dad replied in the planner: bus route changed, leaving earlier');
INSERT INTO family_contacts VALUES (12, 9, '2025-11-04', 'Ms Laura Fleming (mother)', 'email', 'One day of illness', 'Noted');
INSERT INTO family_contacts VALUES (13, 6, '2025-11-20', 'Mrs Anna Kowalski (mother)', 'email', 'Praise: student council charity bake sale', 'Postcard home');
INSERT INTO family_contacts VALUES (14, 12, '2025-11-21', 'Mrs Joy Campbell (mother)', 'email', 'Radio aid battery fault in the mocks briefing', 'Hearing support service replaced the charger; mocks went ahead with the aid');
INSERT INTO family_contacts VALUES (15, 8, '2025-12-15', 'Mr Ibrahim Yusuf (father)', 'email', 'Praise: 100% homework completion this term', 'Postcard home');
INSERT INTO family_contacts VALUES (16, 2, '2025-12-16', 'Mrs Grace Adeyemi (mother)', 'phone', 'Praise: best mock result in her chemistry group for improvement', 'Mum thanked the department');
INSERT INTO family_contacts VALUES (17, 11, '2025-12-17', 'Mr Marcus Thompson (father)', 'planner note', 'Missing homework in two subjects', 'Homework club on Wednesdays agreed');
INSERT INTO family_contacts VALUES (18, 5, '2025-12-18', 'Ms Kerry Brooks (mother)', 'phone', 'End-of-term attendance check-in', 'Two days off with a cold, otherwise improving');
INSERT INTO duty_rota VALUES (1, 'Spring 2026', 'Monday', 'Break duty', 'Science corridor and stairwell B', '10:50-11:10', NULL);
INSERT INTO duty_rota VALUES (2, 'Spring 2026', 'Tuesday', 'Form time', 'Room S5 (11M)', '08:40-09:10', 'Year 11 assembly in the hall on alternate Tuesdays');
INSERT INTO duty_rota VALUES (3, 'Spring 2026', 'Wednesday', 'Lunch duty', 'Dining hall, Year 10-11 side', '13:00-13:30', 'Swap with D. Patel agreed for 25 February');
INSERT INTO duty_rota VALUES (4, 'Spring 2026', 'Wednesday', 'Science department meeting', 'Room S1', '15:30-16:30', 'Every other week (A weeks)');
INSERT INTO duty_rota VALUES (5, 'Spring 2026', 'Thursday', 'After-school detention', 'Room G4', '15:20-16:00', 'Once a fortnight (B weeks)');
INSERT INTO duty_rota VALUES (6, 'Spring 2026', 'Thursday', 'Year 11 chemistry intervention', 'Room S2', '15:20-16:20', 'Invited students from 11C2 and 11C3');
INSERT INTO duty_rota VALUES (7, 'Spring 2026', 'Friday', 'Bus duty', 'Front gate, Elmbrook Road', '15:05-15:25', NULL);
INSERT INTO duty_rota VALUES (8, 'Summer 2026', 'Monday', 'Break duty', 'Science corridor and stairwell B', '10:50-11:10', NULL);
INSERT INTO duty_rota VALUES (9, 'Summer 2026', 'Tuesday', 'Form time', 'Room S5 (11M)', '08:40-09:10', 'Until Year 11 study leave');
INSERT INTO duty_rota VALUES (10, 'Summer 2026', 'Wednesday', 'Exam invigilation reserve', 'Sports hall', 'as set by the exams officer', 'From study leave; counts towards gained time');
INSERT INTO duty_rota VALUES (11, 'Summer 2026', 'Thursday', 'Year 10 chemistry club', 'Room S2', '15:20-16:20', NULL);
INSERT INTO duty_rota VALUES (12, 'Summer 2026', 'Friday', 'Bus duty', 'Front gate, Elmbrook Road', '15:05-15:25', NULL);
INSERT INTO duty_rota VALUES (13, 'Autumn 2025', 'Monday', 'Break duty', 'Science corridor and stairwell B', '10:50-11:10', 'Same slot carried over to spring');
INSERT INTO duty_rota VALUES (14, 'Autumn 2025', 'Wednesday', 'Lunch duty', 'Dining hall, Year 7-8 side', '12:30-13:00', NULL);
INSERT INTO duty_rota VALUES (15, 'Autumn 2025', 'Friday', 'Bus duty', 'Front gate, Elmbrook Road', '15:05-15:25', NULL);
INSERT INTO msc_reading_log VALUES (1, 'Roediger, H. L. and Karpicke, J. D. (2006) Test-enhanced learning: taking memory tests improves long-term retention. Psychological Science 17(3), 249-255.', '2025-10-05', 'Dissertation - literature review', 'Classic testing-effect study: retrieval beats restudy after a week');
INSERT INTO msc_reading_log VALUES (2, 'Karpicke, J. D. and Blunt, J. R. (2011) Retrieval practice produces more learning than elaborative studying with concept mapping. Science 331, 772-775.', '2025-10-07', 'Dissertation - literature review', 'Retrieval beat concept mapping, even on inference questions');
INSERT INTO msc_reading_log VALUES (3, 'Dunlosky, J. et al. (2013) Improving students learning with effective learning techniques. Psychological Science in the Public Interest 14(1), 4-58.', '2025-10-12', 'Dissertation - literature review', 'Practice testing and distributed practice rated high utility; highlighting low');
INSERT INTO msc_reading_log VALUES (4, 'Rowland, C. A. (2014) The effect of testing versus restudy on retention: a meta-analytic review. Psychological Bulletin 140(6), 1432-1463.', '2025-10-19', 'Dissertation - literature review', 'Effect larger with feedback and recall formats');
INSERT INTO msc_reading_log VALUES (5, 'Adesope, O. O., Trevisan, D. A. and Sundararajan, N. (2017) Rethinking the use of tests: a meta-analysis of practice testing. Review of Educational Research 87(3), 659-701.', '2025-10-26', 'Dissertation - literature review', 'Classroom studies included; moderate to large effects');
INSERT INTO msc_reading_log VALUES (6, 'Agarwal, P. K. et al. (2014) Classroom-based programs of retrieval practice reduce middle school and high school students test anxiety. Journal of Applied Research in Memory and Cognition 3(3), 131-139.', '2025-11-02', 'Dissertation - literature review', 'Low-stakes quizzing reduced reported anxiety - relevant to my focus-group questions');
INSERT INTO msc_reading_log VALUES (7, 'McDaniel, M. A. et al. (2011) Test-enhanced learning in a middle school science classroom. Journal of Educational Psychology 103(2), 399-414.', '2025-11-09', 'Dissertation - literature review', 'Science-specific classroom evidence; quizzes before unit tests');
INSERT INTO msc_reading_log VALUES (8, 'Yang, C. et al. (2021) Testing (quizzing) boosts classroom learning: a systematic and meta-analytic review. Psychological Bulletin 147(4), 399-435.', '2025-11-16', 'Dissertation - literature review', 'Large meta-analysis of classroom studies; supports transfer claims cautiously');
INSERT INTO msc_reading_log VALUES (9, 'Black, P. and Wiliam, D. (1998) Inside the Black Box: Raising Standards through Classroom Assessment. London: Kings College.', '2025-09-21', 'EDUC0147 essay', 'Formative assessment; feedback without grades');
INSERT INTO msc_reading_log VALUES (10, 'Wiliam, D. (2011) Embedded Formative Assessment. Bloomington: Solution Tree.', '2025-09-28', 'EDUC0147 essay', 'Five key strategies; hinge questions');
INSERT INTO msc_reading_log VALUES (11, 'Braun, V. and Clarke, V. (2006) Using thematic analysis in psychology. Qualitative Research in Psychology 3(2), 77-101.', '2025-11-23', 'Dissertation - methods', 'Six phases; I will use reflexive TA for the focus groups (see their 2019 update)');
INSERT INTO msc_reading_log VALUES (12, 'BERA (2024) Ethical Guidelines for Educational Research, 5th edition. London: British Educational Research Association.', '2025-11-30', 'Dissertation - ethics', 'Consent and assent of pupils; power relations when the researcher is their teacher');
INSERT INTO msc_reading_log VALUES (13, 'Cohen, L., Manion, L. and Morrison, K. (2018) Research Methods in Education, 8th edition. Abingdon: Routledge.', '2025-10-01', 'EDUC0146 methods critique', 'Chapters on case study and focus groups');
INSERT INTO msc_reading_log VALUES (14, 'Krueger, R. A. and Casey, M. A. (2015) Focus Groups: A Practical Guide for Applied Research, 5th edition. Thousand Oaks: Sage.', '2025-12-07', 'Dissertation - methods', 'Groups of 5-8; 45 minutes works for teenagers');
INSERT INTO msc_reading_log VALUES (15, 'Sweller, J. (1988) Cognitive load during problem solving: effects on learning. Cognitive Science 12(2), 257-285.', '2025-12-14', 'EDUC0147 essay', 'Background for worked examples in chemistry calculations');
INSERT INTO msc_reading_log VALUES (16, 'Johnstone, A. H. (1991) Why is science difficult to learn? Things are seldom what they seem. Journal of Computer Assisted Learning 7(2), 75-83.', '2025-12-20', 'EDUC0147 essay', 'Macro, sub-micro and symbolic levels - my hook for the essay');
INSERT INTO msc_reading_log VALUES (17, 'Education Endowment Foundation (2021) Cognitive Science Approaches in the Classroom: a review of the evidence. London: EEF.', '2026-01-03', 'Dissertation - literature review', 'Retrieval practice promising but mixed in real classrooms; implementation matters');
INSERT INTO msc_reading_log VALUES (18, 'Firth, J., Rivers, I. and Boyle, J. (2021) A systematic review of interleaving as a concept learning strategy. Review of Education 9(2), 642-684.', NULL, 'Dissertation - literature review', 'To read - recommended by Helen');
