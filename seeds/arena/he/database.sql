-- HALO-Arena environment he (health): Hannah Kowalski's personal health records,
-- kept up to date from the Prairie Blue portal, pharmacy labels and PT visit notes.
-- Chicago, IL. Amounts in US cents. State as of 5 February 2026.

CREATE TABLE medications (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    strength TEXT,
    directions TEXT,
    prescriber TEXT,
    pharmacy TEXT,
    rx_number TEXT,
    refills_left INTEGER,
    last_filled TEXT,            -- ISO date
    days_supply INTEGER,
    status TEXT NOT NULL,        -- active | completed | seasonal | stopped
    notes TEXT
);

CREATE TABLE allergies (
    id INTEGER PRIMARY KEY,
    substance TEXT NOT NULL,
    reaction TEXT NOT NULL,
    severity TEXT NOT NULL,      -- mild | moderate | severe
    recorded_on TEXT,
    source TEXT
);

CREATE TABLE claims (
    id INTEGER PRIMARY KEY,
    claim_no TEXT NOT NULL,
    service_date TEXT NOT NULL,
    provider TEXT NOT NULL,
    service TEXT NOT NULL,
    network TEXT NOT NULL,       -- in-network | out-of-network
    billed_minor INTEGER NOT NULL,
    allowed_minor INTEGER,       -- NULL while pending
    plan_paid_minor INTEGER,
    member_resp_minor INTEGER,
    status TEXT NOT NULL,        -- pending | processed | denied
    eob_remark TEXT
);

CREATE TABLE authorizations (
    id INTEGER PRIMARY KEY,
    auth_no TEXT NOT NULL,
    service TEXT NOT NULL,
    provider TEXT NOT NULL,
    approved_scope TEXT NOT NULL,
    valid_from TEXT NOT NULL,
    valid_to TEXT NOT NULL,
    status TEXT NOT NULL,        -- approved | used | expired
    notes TEXT
);

CREATE TABLE pt_visits (
    id INTEGER PRIMARY KEY,
    visit_no INTEGER NOT NULL,
    visit_date TEXT NOT NULL,
    therapist TEXT NOT NULL,
    focus TEXT,
    flexion_deg INTEGER,         -- active knee flexion, left
    extension_deg INTEGER,       -- 0 = full extension, negative = lacking
    pain_0_10 INTEGER,
    notes TEXT
);

CREATE TABLE accumulators (
    id INTEGER PRIMARY KEY,
    plan_year INTEGER NOT NULL,
    plan TEXT NOT NULL,
    deductible_minor INTEGER NOT NULL,
    deductible_met_minor INTEGER NOT NULL,
    oop_max_minor INTEGER NOT NULL,
    oop_met_minor INTEGER NOT NULL,
    as_of TEXT NOT NULL,
    notes TEXT
);

INSERT INTO medications VALUES (1, 'Budesonide-formoterol (Symbicort) inhaler', '160/4.5 mcg', '2 puffs twice daily (about 8 am and 8 pm), rinse mouth after', 'Dr. Alicia Brandt', 'Northside Pharmacy', 'RX 6620417', 3, '2026-01-22', 30, 'active', 'Controller. Tier 2.');
INSERT INTO medications VALUES (2, 'Albuterol HFA (ProAir)', '90 mcg', '2 puffs every 4-6 hours as needed; 2 puffs 15 min before exercise', 'Dr. Alicia Brandt', 'Northside Pharmacy', 'RX 6620418', 2, '2025-11-14', 25, 'active', 'Rescue inhaler. Carry at all times, including PT.');
INSERT INTO medications VALUES (3, 'Montelukast', '10 mg', '1 tablet at bedtime', 'Dr. Alicia Brandt', 'RxDirect mail order', 'RXD 88412093', 3, '2025-12-02', 90, 'active', NULL);
INSERT INTO medications VALUES (4, 'Oxycodone', '5 mg', '1 tablet every 6 hours as needed for severe pain, max 5 days', 'Dr. Marcus Feld', 'Northside Pharmacy', 'RX 6631102', 0, '2026-01-08', 5, 'completed', 'Last dose 2026-01-14.');
INSERT INTO medications VALUES (5, 'Enoxaparin', '40 mg/0.4 ml', '1 injection daily for 14 days after surgery', 'Dr. Marcus Feld', 'Northside Pharmacy', 'RX 6631103', 0, '2026-01-08', 14, 'completed', 'Clot prevention; aspirin not used (see allergies).');
INSERT INTO medications VALUES (6, 'Acetaminophen', '500 mg', '2 tablets every 8 hours as needed, max 3,000 mg a day', 'Dr. Marcus Feld', 'OTC', NULL, NULL, '2026-01-08', NULL, 'active', 'Base pain reliever after surgery.');
INSERT INTO medications VALUES (7, 'Ondansetron', '4 mg', '1 tablet every 8 hours as needed for nausea', 'Dr. Marcus Feld', 'Northside Pharmacy', 'RX 6631104', 0, '2026-01-08', 3, 'completed', NULL);
INSERT INTO medications VALUES (8, 'Cetirizine', '10 mg', '1 tablet daily in pollen season (April-June)', 'self (OTC)', 'OTC', NULL, NULL, '2025-09-03', NULL, 'seasonal', NULL);

INSERT INTO allergies VALUES (1, 'NSAIDs (aspirin, ibuprofen, naproxen, meloxicam and related drugs)', 'severe bronchospasm, ER visit 2019', 'severe', '2019-03-16', 'Dr. Alicia Brandt: aspirin-exacerbated respiratory disease (AERD). Acetaminophen up to 1,000 mg per dose is tolerated.');
INSERT INTO allergies VALUES (2, 'Penicillin', 'hives (childhood)', 'mild', '2004-06-01', 'Parent report; cephalexin tolerated in 2021.');
INSERT INTO allergies VALUES (3, 'Latex', 'contact dermatitis', 'mild', '2017-08-22', 'Ask for nitrile gloves.');
INSERT INTO allergies VALUES (4, 'Cat dander', 'rhinitis, asthma flare', 'moderate', '2015-01-10', 'Skin test 2015.');

INSERT INTO claims VALUES (1, 'PB25-118830', '2025-11-04', 'Lakeshore Orthopedic Institute', 'Orthopedic consultation, Dr. Feld', 'in-network', 38500, 21400, 0, 21400, 'processed', 'Applied to 2025 deductible.');
INSERT INTO claims VALUES (2, 'PB25-119512', '2025-11-06', 'Lakeview Imaging Center', 'MRI left knee without contrast', 'in-network', 245000, 98000, 0, 98000, 'processed', 'Applied to 2025 deductible.');
INSERT INTO claims VALUES (3, 'PB26-001122', '2026-01-08', 'Northside Pharmacy', 'Post-op prescriptions (oxycodone, enoxaparin, ondansetron)', 'in-network', 21870, 2285, 0, 2285, 'processed', 'Pharmacy claim; paid with HSA card.');
INSERT INTO claims VALUES (4, 'PB26-004417', '2026-01-09', 'Lakeshore Surgery Center', 'ACL reconstruction, facility fee', 'in-network', 2846000, NULL, NULL, NULL, 'pending', 'In process.');
INSERT INTO claims VALUES (5, 'PB26-004418', '2026-01-09', 'Lakeshore Orthopedic Institute', 'ACL reconstruction + meniscus repair, surgeon (Dr. Feld)', 'in-network', 612000, NULL, NULL, NULL, 'pending', 'In process.');
INSERT INTO claims VALUES (6, 'PB26-004502', '2026-01-09', 'Midwest Anesthesia Partners', 'General anesthesia + adductor canal block', 'out-of-network', 324000, NULL, NULL, NULL, 'pending', 'In process.');
INSERT INTO claims VALUES (7, 'PB26-006120', '2026-01-13', 'Motion PT Lincoln Square', 'PT evaluation', 'in-network', 28500, 17200, 0, 17200, 'processed', 'Applied to deductible.');
INSERT INTO claims VALUES (8, 'PB26-006871', '2026-01-15', 'Motion PT Lincoln Square', 'PT visit', 'in-network', 16500, 9800, 0, 9800, 'processed', 'Applied to deductible.');
INSERT INTO claims VALUES (9, 'PB26-007390', '2026-01-20', 'Motion PT Lincoln Square', 'PT visit', 'in-network', 16500, 9800, 0, 9800, 'processed', 'Applied to deductible.');
INSERT INTO claims VALUES (10, 'PB26-008815', '2026-01-22', 'Northside Pharmacy', 'Budesonide-formoterol 160/4.5, 30 days', 'in-network', 31840, 4500, 0, 4500, 'processed', 'Tier 2 copay.');

INSERT INTO authorizations VALUES (1, 'PA-25-1107-2290', 'MRI left knee', 'Lakeview Imaging Center', '1 MRI', '2025-11-06', '2025-12-06', 'used', NULL);
INSERT INTO authorizations VALUES (2, 'PA-25-1212-0385', 'ACL reconstruction + meniscus repair (outpatient)', 'Lakeshore Surgery Center / Dr. Feld', '1 procedure', '2026-01-09', '2026-02-08', 'used', NULL);
INSERT INTO authorizations VALUES (3, 'PA-26-0105-1187', 'Hinged knee brace + cold therapy unit (DME)', 'Midwest Ortho Supply', 'purchase, 1 each', '2026-01-05', '2026-02-05', 'used', NULL);
INSERT INTO authorizations VALUES (4, 'PA-26-0113-4471', 'Outpatient physical therapy, left knee (post-op)', 'Motion PT Lincoln Square', '18 PT visits', '2026-01-13', '2026-03-31', 'approved', 'Evaluation counts as visit 1. Any further visits need a new request from the provider.');

INSERT INTO pt_visits VALUES (1, 1, '2026-01-13', 'Jenna Ortiz', 'Evaluation; swelling control; quad sets', 70, -5, 5, 'Crutches, brace locked in extension.');
INSERT INTO pt_visits VALUES (2, 2, '2026-01-15', 'Jenna Ortiz', 'Patellar mobs, heel slides, SLR', 82, -4, 4, NULL);
INSERT INTO pt_visits VALUES (3, 3, '2026-01-20', 'Jenna Ortiz', 'Range of motion, gait with 1 crutch', 95, -3, 4, NULL);
INSERT INTO pt_visits VALUES (4, 4, '2026-01-22', 'Jenna Ortiz', 'Range of motion, quad activation (NMES)', 101, -2, 3, NULL);
INSERT INTO pt_visits VALUES (5, 5, '2026-01-27', 'Jenna Ortiz', 'Weaning crutches, mini squats', 108, -1, 3, 'Brace unlocked 0-90.');
INSERT INTO pt_visits VALUES (6, 6, '2026-01-29', 'Jenna Ortiz', 'Gait training without crutches', 112, 0, 3, NULL);
INSERT INTO pt_visits VALUES (7, 7, '2026-02-03', 'Jenna Ortiz', 'Stationary bike (clinic), step-ups 10 cm', 118, 0, 2, 'Full extension reached.');
INSERT INTO pt_visits VALUES (8, 8, '2026-02-05', 'Jenna Ortiz', 'Bike, balance, bridges', 121, 0, 2, NULL);

INSERT INTO accumulators VALUES (1, 2025, 'Prairie Blue PPO 2500 (individual, in-network)', 250000, 119400, 500000, 119400, '2025-12-31', 'Year closed.');
INSERT INTO accumulators VALUES (2, 2026, 'Prairie Blue PPO 2500 (individual, in-network)', 250000, 43585, 500000, 43585, '2026-02-05', 'Surgery claims still pending.');
