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
