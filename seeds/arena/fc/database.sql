-- HALO-Arena environment fc (family_care): Grace O'Connor's family records.
-- Grace (ICU nurse, Marrickville), her children Liam and Maeve Brennan, and her father
-- Pat O'Connor (early-stage Alzheimer's, Unit 4/27 Wardell Road, Dulwich Hill).
-- Dates are ISO dates (Australia/Sydney). Amounts in cents (AUD) where they appear.

CREATE TABLE documents (
    id INTEGER PRIMARY KEY,
    person TEXT NOT NULL,          -- Grace | Liam | Maeve | Pat | Family
    doc_type TEXT NOT NULL,
    number TEXT,                   -- card / document / reference number
    issued_on TEXT,
    expires_on TEXT,               -- NULL = does not expire
    kept_where TEXT,
    notes TEXT
);

CREATE TABLE medications (
    id INTEGER PRIMARY KEY,
    person TEXT NOT NULL,
    medicine TEXT NOT NULL,
    strength TEXT,
    directions TEXT,
    prescriber TEXT,
    repeats_left INTEGER,          -- repeats left on the current prescription (NULL = over the counter)
    supplied_via TEXT,
    notes TEXT
);

CREATE TABLE allergies (
    id INTEGER PRIMARY KEY,
    person TEXT NOT NULL,
    substance TEXT NOT NULL,
    reaction TEXT,
    severity TEXT,                 -- mild | moderate | severe
    recorded_on TEXT,
    source TEXT
);

CREATE TABLE care_services (
    id INTEGER PRIMARY KEY,
    person TEXT NOT NULL,
    provider TEXT NOT NULL,
    service TEXT NOT NULL,
    schedule TEXT,
    funding TEXT,
    contact TEXT,
    notes TEXT
);

CREATE TABLE health_events (
    id INTEGER PRIMARY KEY,
    person TEXT NOT NULL,
    on_date TEXT NOT NULL,
    kind TEXT NOT NULL,            -- diagnosis | review | medication | fall | ED visit | GP | vaccination | assessment
    clinician TEXT,
    summary TEXT
);

CREATE TABLE cpd_log (
    id INTEGER PRIMARY KEY,
    completed_on TEXT NOT NULL,
    activity TEXT NOT NULL,
    provider TEXT,
    hours REAL NOT NULL,
    cpd_type TEXT                  -- interactive | self-directed
);

INSERT INTO documents VALUES (1, 'Grace', 'Australian passport', 'PA4471902', '2022-03-10', '2032-03-10', 'Filing cabinet, top drawer (travel folder)', NULL);
INSERT INTO documents VALUES (2, 'Liam', 'Australian passport (child, 5 years)', 'PB1183560', '2021-11-19', '2026-11-19', 'Filing cabinet, top drawer (travel folder)', 'Issued for the 2022 trip to Auckland');
INSERT INTO documents VALUES (3, 'Maeve', 'Australian passport (child, 5 years)', 'PC0927714', '2024-08-02', '2029-08-02', 'Filing cabinet, top drawer (travel folder)', NULL);
INSERT INTO documents VALUES (4, 'Pat', 'Medicare card', '2948 15530 1 (ref 1)', NULL, '2030-04-30', 'Pat''s wallet; copy in the filing cabinet', NULL);
INSERT INTO documents VALUES (5, 'Family', 'Medicare card (Grace 1, Liam 2, Maeve 3)', '4117 69382 1', NULL, '2029-09-30', 'Grace''s wallet', NULL);
INSERT INTO documents VALUES (6, 'Pat', 'Pensioner Concession Card', '208 733 915J', '2025-03-14', '2027-03-14', 'Pat''s wallet', 'PBS concession price for scripts; energy rebate');
INSERT INTO documents VALUES (7, 'Pat', 'NSW Companion Card', 'CC-2231-88406', '2026-01-21', '2031-01-21', 'Pat''s wallet; photocopy in the filing cabinet', 'The companion of the card holder gets a free ticket at affiliated venues and events; book through the venue');
INSERT INTO documents VALUES (8, 'Pat', 'My Aged Care client ID', 'AC40 2298 1173', '2024-06-03', NULL, 'My Aged Care online account', 'Level 2 Home Care Package assigned January 2025 (Wattle Home Care)');
INSERT INTO documents VALUES (9, 'Pat', 'Enduring power of attorney (attorney: Grace)', NULL, '2024-08-19', NULL, 'Original with Kaur & Co Solicitors; certified copies in the filing cabinet', 'Registered with the bank (Harbour Mutual) in September 2024');
INSERT INTO documents VALUES (10, 'Pat', 'Appointment of enduring guardian (guardian: Grace)', NULL, '2024-08-19', NULL, 'Original with Kaur & Co Solicitors; certified copies in the filing cabinet', 'Medical and accommodation decisions when Pat cannot decide himself');
INSERT INTO documents VALUES (11, 'Liam', 'Asthma Action Plan (signed by Dr Anita Rao)', NULL, '2025-02-26', NULL, 'Copies: school office, fridge, Daniel', 'Reliever Ventolin 2-4 puffs via spacer; preventer Flixotide Junior in winter; review every year');
INSERT INTO documents VALUES (12, 'Grace', 'Centrelink customer reference number (CRN)', '301 554 872H', NULL, NULL, 'myGov', NULL);
INSERT INTO documents VALUES (13, 'Liam', 'Centrelink customer reference number (CRN)', '418 206 339K', NULL, NULL, 'myGov (Centrelink > Family)', 'Used for Liam''s OSHC and vacation care enrolments');
INSERT INTO documents VALUES (14, 'Maeve', 'Centrelink customer reference number (CRN)', '432 771 604B', NULL, NULL, 'myGov (Centrelink > Family)', NULL);
INSERT INTO documents VALUES (15, 'Grace', 'Working With Children Check', 'WWC1487302E', '2022-05-30', '2027-05-30', 'Service NSW app', 'Cleared - volunteer and paid work');
INSERT INTO documents VALUES (16, 'Grace', 'AHPRA registration (registered nurse)', 'NMW0001739214', NULL, '2026-05-31', 'AHPRA online account', 'Renew every year by 31 May; CPD declaration at renewal');
INSERT INTO documents VALUES (17, 'Pat', 'NSW driver licence (surrendered)', '12993841', NULL, NULL, 'Returned to Service NSW on 2025-06-10', 'NSW Photo Card issued instead (in Pat''s wallet)');

INSERT INTO medications VALUES (1, 'Pat', 'Donepezil', '10 mg', '1 tablet at night', 'Dr Helen Marsh (Memory Clinic)', 2, 'Webster-pak', 'Started 5 mg May 2025, increased to 10 mg August 2025');
INSERT INTO medications VALUES (2, 'Pat', 'Perindopril', '5 mg', '1 tablet in the morning', 'Dr Anita Rao', 4, 'Webster-pak', 'Blood pressure');
INSERT INTO medications VALUES (3, 'Pat', 'Atorvastatin', '20 mg', '1 tablet at night', 'Dr Anita Rao', 3, 'Webster-pak', NULL);
INSERT INTO medications VALUES (4, 'Pat', 'Pantoprazole', '20 mg', '1 tablet in the morning', 'Dr Anita Rao', 2, 'Webster-pak', 'Reflux');
INSERT INTO medications VALUES (5, 'Pat', 'Colecalciferol (vitamin D)', '1000 IU', '1 capsule daily', 'over the counter', NULL, 'Webster-pak', NULL);
INSERT INTO medications VALUES (6, 'Pat', 'Paracetamol modified release', '665 mg', '2 tablets up to three times a day when needed', 'over the counter', NULL, 'bottle in the kitchen', 'Knee pain');
INSERT INTO medications VALUES (7, 'Liam', 'Salbutamol (Ventolin) inhaler with spacer', '100 mcg/puff', '2-4 puffs when needed', 'Dr Anita Rao', 1, 'pharmacy', 'One at school, one at home, one at Daniel''s');
INSERT INTO medications VALUES (8, 'Liam', 'Fluticasone (Flixotide Junior) inhaler', '50 mcg/puff', '2 puffs twice a day, May to September', 'Dr Anita Rao', 2, 'pharmacy', 'Preventer, winter only');
INSERT INTO medications VALUES (9, 'Maeve', 'Cetirizine oral liquid', '1 mg/mL', '5 mL once a day when hay fever flares', 'over the counter', NULL, 'pharmacy', NULL);
INSERT INTO medications VALUES (10, 'Grace', 'Levothyroxine', '100 mcg', '1 tablet before breakfast', 'Dr Anita Rao', 3, 'pharmacy', NULL);

INSERT INTO allergies VALUES (1, 'Pat', 'Penicillins (amoxicillin)', 'Anaphylaxis (ICU admission, 1998)', 'severe', '1998-07-14', 'Royal North Shore Hospital discharge letter; confirmed with Dr Rao in 2019');
INSERT INTO allergies VALUES (2, 'Pat', 'Elastoplast-type adhesive dressings', 'Blistering of the skin', 'mild', '2017-03-02', 'GP record');
INSERT INTO allergies VALUES (3, 'Grace', 'Latex', 'Contact dermatitis', 'mild', '2009-10-01', 'Staff health, Camperdown General');
INSERT INTO allergies VALUES (4, 'Maeve', 'Cat dander and dust mite', 'Hay fever, itchy eyes', 'mild', '2023-09-12', 'Dr Anita Rao');
INSERT INTO allergies VALUES (5, 'Liam', 'No known allergies', NULL, NULL, '2024-02-01', 'Dr Anita Rao');

INSERT INTO care_services VALUES (1, 'Pat', 'Wattle Home Care', 'Personal care (shower, dressing)', 'Tue and Fri 08:00-09:00', 'Home Care Package level 2', 'Priya Nair (coordinator)', 'Usually Mel Tupou');
INSERT INTO care_services VALUES (2, 'Pat', 'Wattle Home Care', 'Domestic assistance (cleaning, laundry)', 'Wed 10:00-12:00', 'Home Care Package level 2', 'Priya Nair (coordinator)', NULL);
INSERT INTO care_services VALUES (3, 'Pat', 'Wattle Home Care', 'Social support and shopping', 'Mon 13:00-16:00', 'Home Care Package level 2', 'Priya Nair (coordinator)', 'Walk to the shops, library, cafe');
INSERT INTO care_services VALUES (4, 'Pat', 'Dulwich Hill Pharmacy', 'Webster-pak packing and home delivery', 'Packed Tue morning, delivered Wed 11:00-13:00', 'Pat pays (PBS concession)', 'Sam Kovac', 'Every packed medicine needs a valid prescription on file');
INSERT INTO care_services VALUES (5, 'Pat', 'Inner West Meals', 'Frozen meal delivery (5 meals)', 'Thursday', 'Pat pays $9.50 a meal', NULL, NULL);
INSERT INTO care_services VALUES (6, 'Pat', 'Memory Clinic, Camperdown General Hospital', 'Geriatrician review (Dr Helen Marsh)', 'Every 6-9 months', 'Public (Medicare)', 'Bookings 02 9515 6000', 'Next review November 2026');
INSERT INTO care_services VALUES (7, 'Pat', 'Hearing Australia', 'Hearing aid service and batteries', 'Yearly check', 'Hearing Services Program voucher', NULL, 'Left ear aid');
INSERT INTO care_services VALUES (8, 'Liam', 'Kidzone OSHC Addison Park', 'Before-school care', 'Tue and Thu 07:00-08:45 (early-shift weeks)', 'Child Care Subsidy', 'Bec Morgan (coordinator)', NULL);
INSERT INTO care_services VALUES (9, 'Maeve', 'Inner West Aquatic Centre', 'Swimming lessons, Level 5', 'Saturday 09:00', 'Grace pays per term', NULL, NULL);

INSERT INTO health_events VALUES (1, 'Pat', '2025-04-22', 'diagnosis', 'Dr Helen Marsh', 'Alzheimer''s disease, early stage (MoCA 21/30)');
INSERT INTO health_events VALUES (2, 'Pat', '2025-05-06', 'medication', 'Dr Helen Marsh', 'Donepezil started at 5 mg at night');
INSERT INTO health_events VALUES (3, 'Pat', '2025-08-12', 'review', 'Dr Helen Marsh', 'Donepezil increased to 10 mg; MoCA stable at 21/30');
INSERT INTO health_events VALUES (4, 'Pat', '2025-11-03', 'fall', 'ED, Camperdown General Hospital', 'Fall in the bathroom at night; bruised left hip, no fracture; OT home assessment suggested');
INSERT INTO health_events VALUES (5, 'Pat', '2026-02-12', 'review', 'Dr Helen Marsh', 'MoCA 20/30; continue donepezil; letter to GP; next review November 2026');
INSERT INTO health_events VALUES (6, 'Liam', '2024-07-08', 'ED visit', 'ED, Camperdown General Hospital', 'Asthma flare with a cold; prednisolone for 3 days');
INSERT INTO health_events VALUES (7, 'Liam', '2025-02-26', 'GP', 'Dr Anita Rao', 'Asthma review; new action plan written and signed');
INSERT INTO health_events VALUES (8, 'Maeve', '2025-06-17', 'GP', 'Dr Anita Rao', 'Middle ear infection; antibiotics for 5 days');
INSERT INTO health_events VALUES (9, 'Grace', '2025-04-28', 'vaccination', 'Staff health, Camperdown General', 'Influenza vaccine 2025');

INSERT INTO cpd_log VALUES (1, '2025-07-15', 'ICU sepsis bundle update (in-service)', 'CGH ICU', 1.0, 'interactive');
INSERT INTO cpd_log VALUES (2, '2025-08-20', 'ALS refresher', 'CGH Education Centre', 4.0, 'interactive');
INSERT INTO cpd_log VALUES (3, '2025-09-24', 'Journal club: delirium in the ICU', 'CGH ICU', 1.0, 'interactive');
INSERT INTO cpd_log VALUES (4, '2025-10-30', 'Safe handling of high-risk medicines (online)', 'HETI', 2.0, 'self-directed');
INSERT INTO cpd_log VALUES (5, '2025-11-18', 'Pressure injury prevention (online)', 'HETI', 1.5, 'self-directed');
INSERT INTO cpd_log VALUES (6, '2026-01-28', 'Journal club: family meetings in the ICU', 'CGH ICU', 1.0, 'interactive');
INSERT INTO cpd_log VALUES (7, '2026-02-04', 'ECMO circuit basics (workshop)', 'CGH ICU', 3.0, 'interactive');

-- Added in February 2026: superseded documents kept for the record, Pat's home observations
-- (taken by the Wattle carers on personal-care mornings), his Webster-pak deliveries, the bills
-- Grace pays for him, her own ICU roster, the children's care schedule with Daniel and Pat's
-- monthly Home Care Package statements.

INSERT INTO documents VALUES (18, 'Liam', 'Asthma Action Plan (signed by Dr Anita Rao) - superseded', NULL, '2024-02-01', NULL, 'Copies were at the school office, fridge, Daniel''s - replaced', 'Reliever Ventolin 2-4 puffs via spacer; no preventer at the time; review every year');
INSERT INTO documents VALUES (19, 'Pat', 'NSW Companion Card application receipt', 'CCA-2231-08846', '2025-11-24', NULL, 'Email from the Companion Card office (archived)', 'Application lodged with Dr Rao''s assessment; the card itself came in January 2026');
INSERT INTO documents VALUES (20, 'Pat', 'Irish Personal Public Service Number (PPSN)', '6617042QA', NULL, NULL, 'Filing cabinet, Ireland folder', 'Needed for the Irish State Pension life certificate every year');
INSERT INTO allergies VALUES (6, 'Pat', 'Penicillin (amoxycillin)', 'Rash years ago (self-reported by Pat at triage; he was unsure)', 'unverified', '2025-11-03', 'ED triage note, Camperdown General Hospital (fall admission)');

CREATE TABLE pat_observations (
    id INTEGER PRIMARY KEY,
    taken_on TEXT NOT NULL,
    taken_by TEXT NOT NULL,
    bp_systolic INTEGER,
    bp_diastolic INTEGER,
    pulse INTEGER,
    weight_kg REAL,
    notes TEXT
);

CREATE TABLE webster_pak_log (
    id INTEGER PRIMARY KEY,
    packed_on TEXT NOT NULL,         -- Tuesday packing at Dulwich Hill Pharmacy
    delivered_on TEXT,
    medicines_packed TEXT NOT NULL,
    charge_minor INTEGER NOT NULL,   -- AUD cents, billed monthly to Pat's pharmacy account
    notes TEXT
);

CREATE TABLE pat_bills (
    id INTEGER PRIMARY KEY,
    biller TEXT NOT NULL,
    reference TEXT,
    period TEXT NOT NULL,
    amount_minor INTEGER NOT NULL,   -- AUD cents
    due_on TEXT,
    paid_on TEXT,                    -- NULL = not paid yet
    paid_from TEXT,
    notes TEXT
);

CREATE TABLE shift_roster (
    id INTEGER PRIMARY KEY,
    shift_date TEXT NOT NULL,
    shift TEXT NOT NULL,             -- D day 07:00-19:30 | N night 19:00-07:30 | L late 13:00-21:30 | off
    unit TEXT,
    notes TEXT
);

CREATE TABLE care_schedule (
    id INTEGER PRIMARY KEY,
    from_date TEXT NOT NULL,
    to_date TEXT NOT NULL,
    kids_with TEXT NOT NULL,         -- Grace | Daniel
    handover TEXT,
    notes TEXT
);

CREATE TABLE hcp_statements (
    id INTEGER PRIMARY KEY,
    month TEXT NOT NULL,
    government_subsidy_minor INTEGER NOT NULL,
    client_contribution_minor INTEGER NOT NULL,
    services_minor INTEGER NOT NULL,
    care_management_minor INTEGER NOT NULL,
    unspent_funds_minor INTEGER NOT NULL,   -- closing balance of unspent package funds
    notes TEXT
);

INSERT INTO pat_observations VALUES (1, '2025-09-02', 'Mel Tupou', 143, 84, 66, NULL, NULL);
INSERT INTO pat_observations VALUES (2, '2025-09-05', 'Mel Tupou', 135, 83, 64, 72.3, NULL);
INSERT INTO pat_observations VALUES (3, '2025-09-09', 'Mel Tupou', 143, 74, 59, NULL, NULL);
INSERT INTO pat_observations VALUES (4, '2025-09-12', 'Mel Tupou', 138, 81, 66, 72.5, NULL);
INSERT INTO pat_observations VALUES (5, '2025-09-16', 'Mel Tupou', 142, 84, 63, NULL, NULL);
INSERT INTO pat_observations VALUES (6, '2025-09-19', 'Mel Tupou', 129, 78, 63, 72.4, NULL);
INSERT INTO pat_observations VALUES (7, '2025-09-23', 'Mel Tupou', 141, 80, 68, NULL, NULL);
INSERT INTO pat_observations VALUES (8, '2025-09-26', 'Mel Tupou', 139, 82, 67, 72.1, NULL);
INSERT INTO pat_observations VALUES (9, '2025-09-30', 'Mel Tupou', 133, 82, 64, NULL, NULL);
INSERT INTO pat_observations VALUES (10, '2025-10-03', 'Mel Tupou', 131, 85, 67, 72.1, NULL);
INSERT INTO pat_observations VALUES (11, '2025-10-07', 'Mel Tupou', 130, 77, 64, NULL, NULL);
INSERT INTO pat_observations VALUES (12, '2025-10-10', 'Mel Tupou', 141, 78, 60, 72.1, NULL);
INSERT INTO pat_observations VALUES (13, '2025-10-14', 'Mel Tupou', 134, 82, 60, NULL, NULL);
INSERT INTO pat_observations VALUES (14, '2025-10-17', 'Mel Tupou', 144, 73, 61, 71.9, NULL);
INSERT INTO pat_observations VALUES (15, '2025-10-21', 'Mel Tupou', 138, 75, 59, NULL, NULL);
INSERT INTO pat_observations VALUES (16, '2025-10-24', 'Tui Fonoti', 145, 84, 69, 71.9, NULL);
INSERT INTO pat_observations VALUES (17, '2025-10-28', 'Mel Tupou', 133, 76, 65, NULL, NULL);
INSERT INTO pat_observations VALUES (18, '2025-10-31', 'Mel Tupou', 131, 84, 71, 71.9, NULL);
INSERT INTO pat_observations VALUES (19, '2025-11-04', 'Mel Tupou', 133, 74, 70, NULL, 'First visit after the fall: sore left hip, walking with the stick');
INSERT INTO pat_observations VALUES (20, '2025-11-07', 'Mel Tupou', 129, 78, 63, 71.9, NULL);
INSERT INTO pat_observations VALUES (21, '2025-11-11', 'Mel Tupou', 129, 83, 60, NULL, NULL);
INSERT INTO pat_observations VALUES (22, '2025-11-14', 'Mel Tupou', 138, 81, 62, 72.0, NULL);
INSERT INTO pat_observations VALUES (23, '2025-11-18', 'Mel Tupou', 131, 77, 72, NULL, NULL);
INSERT INTO pat_observations VALUES (24, '2025-11-21', 'Mel Tupou', 144, 79, 58, 72.2, NULL);
INSERT INTO pat_observations VALUES (25, '2025-11-25', 'Mel Tupou', 128, 84, 69, NULL, NULL);
INSERT INTO pat_observations VALUES (26, '2025-11-28', 'Mel Tupou', 138, 76, 63, 72.4, NULL);
INSERT INTO pat_observations VALUES (27, '2025-12-02', 'Mel Tupou', 143, 77, 68, NULL, NULL);
INSERT INTO pat_observations VALUES (28, '2025-12-05', 'Tui Fonoti', 152, 83, 72, 72.5, 'Forgot the morning pack until 9:30; rechecked 20 min after the tablets: 138/80');
INSERT INTO pat_observations VALUES (29, '2025-12-09', 'Mel Tupou', 133, 76, 61, NULL, NULL);
INSERT INTO pat_observations VALUES (30, '2025-12-12', 'Mel Tupou', 134, 86, 70, 72.5, NULL);
INSERT INTO pat_observations VALUES (31, '2025-12-16', 'Mel Tupou', 137, 75, 63, NULL, NULL);
INSERT INTO pat_observations VALUES (32, '2025-12-19', 'Tui Fonoti', 135, 78, 72, 72.3, NULL);
INSERT INTO pat_observations VALUES (33, '2025-12-23', 'Mel Tupou', 133, 83, 65, NULL, NULL);
INSERT INTO pat_observations VALUES (34, '2026-01-06', 'Mel Tupou', 145, 76, 66, NULL, NULL);
INSERT INTO pat_observations VALUES (35, '2026-01-09', 'Mel Tupou', 146, 83, 69, 72.1, NULL);
INSERT INTO pat_observations VALUES (36, '2026-01-13', 'Mel Tupou', 126, 79, 58, NULL, NULL);
INSERT INTO pat_observations VALUES (37, '2026-01-16', 'Mel Tupou', 130, 73, 61, 72.2, 'Hot day (36 C): encouraged fluids, fan on');
INSERT INTO pat_observations VALUES (38, '2026-01-20', 'Mel Tupou', 134, 75, 69, NULL, NULL);
INSERT INTO pat_observations VALUES (39, '2026-01-23', 'Mel Tupou', 130, 77, 61, 71.9, NULL);
INSERT INTO pat_observations VALUES (40, '2026-01-27', 'Mel Tupou', 140, 75, 68, NULL, NULL);
INSERT INTO pat_observations VALUES (41, '2026-01-30', 'Tui Fonoti', 134, 79, 70, 71.8, NULL);
INSERT INTO pat_observations VALUES (42, '2026-02-03', 'Mel Tupou', 142, 75, 59, NULL, NULL);
INSERT INTO pat_observations VALUES (43, '2026-02-06', 'Mel Tupou', 135, 86, 71, 72.0, NULL);
INSERT INTO pat_observations VALUES (44, '2026-02-10', 'Mel Tupou', 141, 77, 68, NULL, NULL);
INSERT INTO pat_observations VALUES (45, '2026-02-13', 'Mel Tupou', 129, 76, 66, 71.7, 'Tired after the Memory Clinic review yesterday');
INSERT INTO pat_observations VALUES (46, '2026-02-17', 'Mel Tupou', 135, 77, 58, NULL, NULL);
INSERT INTO pat_observations VALUES (47, '2026-02-20', 'Tui Fonoti', 142, 73, 70, 71.6, NULL);
INSERT INTO webster_pak_log VALUES (1, '2025-09-02', '2025-09-03', 'donepezil, perindopril, atorvastatin, pantoprazole, vitamin D', 1850, NULL);
INSERT INTO webster_pak_log VALUES (2, '2025-09-09', '2025-09-10', 'donepezil, perindopril, atorvastatin, pantoprazole, vitamin D', 1850, NULL);
INSERT INTO webster_pak_log VALUES (3, '2025-09-16', '2025-09-17', 'donepezil, perindopril, atorvastatin, pantoprazole, vitamin D', 1850, NULL);
INSERT INTO webster_pak_log VALUES (4, '2025-09-23', '2025-09-24', 'donepezil, perindopril, atorvastatin, pantoprazole, vitamin D', 1850, NULL);
INSERT INTO webster_pak_log VALUES (5, '2025-09-30', '2025-10-01', 'donepezil, perindopril, atorvastatin, pantoprazole, vitamin D', 1850, NULL);
INSERT INTO webster_pak_log VALUES (6, '2025-10-07', '2025-10-08', 'donepezil, perindopril, atorvastatin, pantoprazole, vitamin D', 1850, NULL);
INSERT INTO webster_pak_log VALUES (7, '2025-10-14', '2025-10-15', 'donepezil, perindopril, atorvastatin, pantoprazole, vitamin D', 1850, NULL);
INSERT INTO webster_pak_log VALUES (8, '2025-10-21', '2025-10-22', 'donepezil, perindopril, atorvastatin, pantoprazole, vitamin D', 1850, NULL);
INSERT INTO webster_pak_log VALUES (9, '2025-10-28', '2025-10-29', 'donepezil, perindopril, atorvastatin, pantoprazole, vitamin D', 1850, NULL);
INSERT INTO webster_pak_log VALUES (10, '2025-11-04', '2025-11-05', 'donepezil, perindopril, atorvastatin, pantoprazole, vitamin D', 1850, 'Packed after the ED visit; no medicine changes');
INSERT INTO webster_pak_log VALUES (11, '2025-11-11', '2025-11-12', 'donepezil, perindopril, atorvastatin, pantoprazole, vitamin D', 1850, NULL);
INSERT INTO webster_pak_log VALUES (12, '2025-11-18', '2025-11-19', 'donepezil, perindopril, atorvastatin, pantoprazole, vitamin D', 1850, NULL);
INSERT INTO webster_pak_log VALUES (13, '2025-11-25', '2025-11-26', 'donepezil, perindopril, atorvastatin, pantoprazole, vitamin D', 1850, NULL);
INSERT INTO webster_pak_log VALUES (14, '2025-12-02', '2025-12-03', 'donepezil, perindopril, atorvastatin, pantoprazole, vitamin D', 1850, NULL);
INSERT INTO webster_pak_log VALUES (15, '2025-12-09', '2025-12-10', 'donepezil, perindopril, atorvastatin, pantoprazole, vitamin D', 1850, NULL);
INSERT INTO webster_pak_log VALUES (16, '2025-12-16', '2025-12-17', 'donepezil, perindopril, atorvastatin, pantoprazole, vitamin D', 1850, NULL);
INSERT INTO webster_pak_log VALUES (17, '2025-12-23', '2025-12-23', 'donepezil, perindopril, atorvastatin, pantoprazole, vitamin D', 3700, 'Delivered on Tuesday because of the Christmas closure; two weeks packed');
INSERT INTO webster_pak_log VALUES (18, '2026-01-06', '2026-01-07', 'donepezil, perindopril, atorvastatin, pantoprazole, vitamin D', 1850, NULL);
INSERT INTO webster_pak_log VALUES (19, '2026-01-13', '2026-01-14', 'donepezil, perindopril, atorvastatin, pantoprazole, vitamin D', 1850, 'Donepezil repeat dispensed (2 repeats left)');
INSERT INTO webster_pak_log VALUES (20, '2026-01-20', '2026-01-21', 'donepezil, perindopril, atorvastatin, pantoprazole, vitamin D', 1850, NULL);
INSERT INTO webster_pak_log VALUES (21, '2026-01-27', '2026-01-28', 'donepezil, perindopril, atorvastatin, pantoprazole, vitamin D', 1850, NULL);
INSERT INTO webster_pak_log VALUES (22, '2026-02-03', '2026-02-04', 'donepezil, perindopril, atorvastatin, pantoprazole, vitamin D', 1850, NULL);
INSERT INTO webster_pak_log VALUES (23, '2026-02-10', '2026-02-11', 'donepezil, perindopril, atorvastatin, pantoprazole, vitamin D', 1850, NULL);
INSERT INTO webster_pak_log VALUES (24, '2026-02-17', '2026-02-18', 'donepezil, perindopril, atorvastatin, pantoprazole, vitamin D', 1850, NULL);
INSERT INTO pat_bills VALUES (1, 'Inner West Realty (trust account)', 'Tenant ref OCON-U4-27W', 'Rent fortnight from 2025-09-26', 96000, '2025-09-26', '2025-09-26', 'Pat''s pension account', NULL);
INSERT INTO pat_bills VALUES (2, 'Inner West Realty (trust account)', 'Tenant ref OCON-U4-27W', 'Rent fortnight from 2025-10-10', 96000, '2025-10-10', '2025-10-10', 'Pat''s pension account', NULL);
INSERT INTO pat_bills VALUES (3, 'Inner West Realty (trust account)', 'Tenant ref OCON-U4-27W', 'Rent fortnight from 2025-10-24', 96000, '2025-10-24', '2025-10-24', 'Pat''s pension account', NULL);
INSERT INTO pat_bills VALUES (4, 'Inner West Realty (trust account)', 'Tenant ref OCON-U4-27W', 'Rent fortnight from 2025-11-07', 96000, '2025-11-07', '2025-11-07', 'Pat''s pension account', NULL);
INSERT INTO pat_bills VALUES (5, 'Inner West Realty (trust account)', 'Tenant ref OCON-U4-27W', 'Rent fortnight from 2025-11-21', 96000, '2025-11-21', '2025-11-21', 'Pat''s pension account', NULL);
INSERT INTO pat_bills VALUES (6, 'Inner West Realty (trust account)', 'Tenant ref OCON-U4-27W', 'Rent fortnight from 2025-12-05', 96000, '2025-12-05', '2025-12-05', 'Pat''s pension account', NULL);
INSERT INTO pat_bills VALUES (7, 'Inner West Realty (trust account)', 'Tenant ref OCON-U4-27W', 'Rent fortnight from 2025-12-19', 96000, '2025-12-19', '2025-12-19', 'Pat''s pension account', NULL);
INSERT INTO pat_bills VALUES (8, 'Inner West Realty (trust account)', 'Tenant ref OCON-U4-27W', 'Rent fortnight from 2026-01-02', 96000, '2026-01-02', '2026-01-02', 'Pat''s pension account', NULL);
INSERT INTO pat_bills VALUES (9, 'Inner West Realty (trust account)', 'Tenant ref OCON-U4-27W', 'Rent fortnight from 2026-01-16', 96000, '2026-01-16', '2026-01-16', 'Pat''s pension account', NULL);
INSERT INTO pat_bills VALUES (10, 'Inner West Realty (trust account)', 'Tenant ref OCON-U4-27W', 'Rent fortnight from 2026-01-30', 96000, '2026-01-30', '2026-01-30', 'Pat''s pension account', NULL);
INSERT INTO pat_bills VALUES (11, 'Inner West Realty (trust account)', 'Tenant ref OCON-U4-27W', 'Rent fortnight from 2026-02-13', 96000, '2026-02-13', NULL, NULL, NULL);
INSERT INTO pat_bills VALUES (12, 'Harbourlight Energy', 'Account 8802 41 7735', 'Electricity 5 Aug - 4 Nov 2025', 10420, '2025-11-25', '2025-11-20', 'Pat''s pension account', 'Low Income Household Rebate applied');
INSERT INTO pat_bills VALUES (13, 'Harbourlight Energy', 'Account 8802 41 7735', 'Electricity 5 Nov 2025 - 4 Feb 2026', 9640, '2026-02-25', '2026-02-05', 'Pat''s pension account', 'Low Income Household Rebate applied');
INSERT INTO pat_bills VALUES (14, 'Telstra', 'Account 3006 118 422', 'Landline and internet November 2025', 6500, '2025-11-28', '2025-11-27', 'Pat''s pension account', NULL);
INSERT INTO pat_bills VALUES (15, 'Telstra', 'Account 3006 118 422', 'Landline and internet December 2025', 6500, '2025-12-29', '2025-12-24', 'Pat''s pension account', NULL);
INSERT INTO pat_bills VALUES (16, 'Telstra', 'Account 3006 118 422', 'Landline and internet January 2026', 6500, '2026-01-28', '2026-01-27', 'Grace''s everyday account', 'Paid from Grace''s account by mistake - goes in the Q1 split with Conor');
INSERT INTO pat_bills VALUES (17, 'Wattle Home Care', 'Client HCP-22910', 'Client contribution October 2025', 31250, '2025-11-28', '2025-11-27', 'Pat''s pension account', NULL);
INSERT INTO pat_bills VALUES (18, 'Wattle Home Care', 'Client HCP-22910', 'Client contribution November 2025', 31250, '2025-12-29', '2025-12-22', 'Pat''s pension account', NULL);
INSERT INTO pat_bills VALUES (19, 'Wattle Home Care', 'Client HCP-22910', 'Client contribution December 2025', 31250, '2026-01-29', '2026-01-29', 'Pat''s pension account', NULL);
INSERT INTO pat_bills VALUES (20, 'Wattle Home Care', 'Client HCP-22910', 'Client contribution January 2026', 31250, '2026-02-27', NULL, NULL, 'Invoice due 27 February');
INSERT INTO pat_bills VALUES (21, 'Dulwich Hill Pharmacy', 'Account PAT-OCO', 'Pharmacy account December 2025', 9290, '2026-01-07', '2025-12-31', 'Pat''s pension account', 'Includes two-week Christmas pack');
INSERT INTO pat_bills VALUES (22, 'Dulwich Hill Pharmacy', 'Account PAT-OCO', 'Pharmacy account January 2026', 7700, '2026-02-07', '2026-01-21', 'Pat''s pension account', NULL);
INSERT INTO pat_bills VALUES (23, 'Inner West Meals', 'Customer 50417', 'Meals November 2025 (20 meals)', 19000, '2025-12-05', '2025-12-04', 'Pat''s pension account', NULL);
INSERT INTO pat_bills VALUES (24, 'Inner West Meals', 'Customer 50417', 'Meals December 2025 (15 meals)', 14250, '2026-01-05', '2025-12-31', 'Pat''s pension account', 'No delivery 25 December');
INSERT INTO pat_bills VALUES (25, 'Inner West Meals', 'Customer 50417', 'Meals January 2026 (20 meals)', 19000, '2026-02-05', NULL, NULL, 'Reminder sent; pay with the February pharmacy account');
INSERT INTO pat_bills VALUES (26, 'Seniors Home Insurance', 'Policy SHI-55120', 'Contents insurance 2025-26', 27400, '2025-11-20', '2025-11-14', 'Pat''s pension account', 'Renewal for 2026-27 scheduled');
INSERT INTO pat_bills VALUES (27, 'Hearing Australia', 'Client 7730 2215', 'Battery top-up (Hearing Services Program, maintenance fee)', 5250, '2025-10-31', '2025-10-30', 'Pat''s pension account', NULL);
INSERT INTO shift_roster VALUES (1, '2026-01-05', 'D', 'ICU Pod B', NULL);
INSERT INTO shift_roster VALUES (2, '2026-01-06', 'D', 'ICU Pod B', NULL);
INSERT INTO shift_roster VALUES (3, '2026-01-09', 'N', 'ICU Pod B', NULL);
INSERT INTO shift_roster VALUES (4, '2026-01-10', 'N', 'ICU Pod B', NULL);
INSERT INTO shift_roster VALUES (5, '2026-01-11', 'N', 'ICU Pod B', NULL);
INSERT INTO shift_roster VALUES (6, '2026-01-14', 'L', 'ICU Pod B', NULL);
INSERT INTO shift_roster VALUES (7, '2026-01-15', 'D', 'ICU Pod B', NULL);
INSERT INTO shift_roster VALUES (8, '2026-01-16', 'D', 'ICU Pod B', NULL);
INSERT INTO shift_roster VALUES (9, '2026-01-20', 'L', 'ICU Pod B', NULL);
INSERT INTO shift_roster VALUES (10, '2026-01-21', 'L', 'ICU Pod B', NULL);
INSERT INTO shift_roster VALUES (11, '2026-01-22', 'D', 'ICU Pod B', NULL);
INSERT INTO shift_roster VALUES (12, '2026-01-26', 'N', 'ICU Pod B', NULL);
INSERT INTO shift_roster VALUES (13, '2026-01-27', 'N', 'ICU Pod B', NULL);
INSERT INTO shift_roster VALUES (14, '2026-01-28', 'N', 'ICU Pod B', 'Journal club 14:00 (family meetings)');
INSERT INTO shift_roster VALUES (15, '2026-01-31', 'D', 'ICU Pod B', NULL);
INSERT INTO shift_roster VALUES (16, '2026-02-02', 'D', 'ICU Pod B', NULL);
INSERT INTO shift_roster VALUES (17, '2026-02-03', 'D', 'ICU Pod B', NULL);
INSERT INTO shift_roster VALUES (18, '2026-02-06', 'N', 'ICU Pod B', NULL);
INSERT INTO shift_roster VALUES (19, '2026-02-07', 'N', 'ICU Pod B', NULL);
INSERT INTO shift_roster VALUES (20, '2026-02-08', 'N', 'ICU Pod B', NULL);
INSERT INTO shift_roster VALUES (21, '2026-02-11', 'L', 'ICU Pod B', NULL);
INSERT INTO shift_roster VALUES (22, '2026-02-12', 'off', NULL, 'Annual leave day: Dads Memory Clinic review 10:30');
INSERT INTO shift_roster VALUES (23, '2026-02-13', 'D', 'ICU Pod B', NULL);
INSERT INTO shift_roster VALUES (24, '2026-02-17', 'L', 'ICU Pod B', NULL);
INSERT INTO shift_roster VALUES (25, '2026-02-18', 'L', 'ICU Pod B', NULL);
INSERT INTO shift_roster VALUES (26, '2026-02-19', 'D', 'ICU Pod B', NULL);
INSERT INTO care_schedule VALUES (1, '2025-12-27', '2026-01-03', 'Daniel', 'Saturday 10:00 at Grace''s', 'Summer holidays: Daniel''s first week (Kiama)');
INSERT INTO care_schedule VALUES (2, '2026-01-03', '2026-01-10', 'Grace', 'Saturday 10:00 at Grace''s', NULL);
INSERT INTO care_schedule VALUES (3, '2026-01-10', '2026-01-17', 'Daniel', 'Saturday 10:00 at Grace''s', 'Liam at Kidzone vacation care 15-16 Jan (Grace on days)');
INSERT INTO care_schedule VALUES (4, '2026-01-17', '2026-01-24', 'Grace', 'Saturday 10:00 at Daniel''s', NULL);
INSERT INTO care_schedule VALUES (5, '2026-01-24', '2026-02-01', 'Daniel', 'Sunday 17:00 at Grace''s', 'Back to school Monday 2 February (Years 1-6: Tuesday 3 February)');
INSERT INTO care_schedule VALUES (6, '2026-02-01', '2026-02-06', 'Grace', 'Friday after school', 'Term 1: school weeks Mon-Fri with Grace, alternate weekends with Daniel');
INSERT INTO care_schedule VALUES (7, '2026-02-06', '2026-02-08', 'Daniel', 'Friday pick-up from school; Sunday 17:00 drop-off', NULL);
INSERT INTO care_schedule VALUES (8, '2026-02-13', '2026-02-15', 'Grace', NULL, 'Grace''s weekend');
INSERT INTO care_schedule VALUES (9, '2026-02-20', '2026-02-22', 'Daniel', 'Friday pick-up from school; Sunday 17:00 drop-off', NULL);
INSERT INTO care_schedule VALUES (10, '2026-02-27', '2026-03-01', 'Grace', NULL, 'Grace''s weekend');
INSERT INTO care_schedule VALUES (11, '2026-03-06', '2026-03-08', 'Daniel', 'Friday pick-up from school; Sunday 17:00 drop-off', NULL);
INSERT INTO care_schedule VALUES (12, '2026-03-13', '2026-03-15', 'Grace', NULL, 'Grace''s weekend');
INSERT INTO care_schedule VALUES (13, '2026-03-20', '2026-03-22', 'Daniel', 'Friday pick-up from school; Sunday 17:00 drop-off', NULL);
INSERT INTO care_schedule VALUES (14, '2026-03-27', '2026-03-29', 'Grace', NULL, 'Grace''s weekend');
INSERT INTO care_schedule VALUES (15, '2026-02-09', '2026-02-12', 'Daniel', 'Monday school pick-up; Thursday school drop-off', 'Grace on nights 9-11 Feb (swap for the 12 Feb leave day)');
INSERT INTO hcp_statements VALUES (1, '2025-08', 156421, 31250, 118300, 23463, 412870, NULL);
INSERT INTO hcp_statements VALUES (2, '2025-09', 151375, 31250, 121850, 22706, 450939, NULL);
INSERT INTO hcp_statements VALUES (3, '2025-10', 156421, 31250, 119600, 23463, 495547, 'Hearing aid batteries claimed');
INSERT INTO hcp_statements VALUES (4, '2025-11', 151375, 31250, 141270, 22706, 514196, 'Extra domestic assistance after the fall (2 x 2 h)');
INSERT INTO hcp_statements VALUES (5, '2025-12', 156421, 31250, 109800, 23463, 568604, 'Christmas closure 25-26 December');
INSERT INTO hcp_statements VALUES (6, '2026-01', 156421, 31250, 118300, 23463, 614512, 'OT referral approved: home safety assessment to be booked');
