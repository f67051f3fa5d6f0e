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

-- Added 2026-02: provider directory, appointments, peak-flow readings, pharmacy fills, HSA ledger
-- and provider bills. Rows imported from the previous portal history (before November 2025) were
-- given ids from 40 on so the 2025-26 ids stay as they were.

CREATE TABLE providers (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    specialty TEXT NOT NULL,
    organization TEXT NOT NULL,
    phone TEXT,
    fax TEXT,
    address TEXT,
    network TEXT NOT NULL,       -- in-network | out-of-network | n/a
    notes TEXT
);

CREATE TABLE appointments (
    id INTEGER PRIMARY KEY,
    starts_at TEXT NOT NULL,     -- local time, America/Chicago
    provider TEXT NOT NULL,
    purpose TEXT NOT NULL,
    location TEXT,
    status TEXT NOT NULL,        -- completed | scheduled | cancelled | no-show
    copay_minor INTEGER,
    notes TEXT
);

CREATE TABLE peak_flow_readings (
    id INTEGER PRIMARY KEY,
    reading_date TEXT NOT NULL,
    time_of_day TEXT NOT NULL,   -- am | pm
    best_of_three_lpm INTEGER NOT NULL,
    zone TEXT NOT NULL,          -- green (> 344) | yellow (215-344) | red (< 215)
    rescue_puffs INTEGER NOT NULL,
    notes TEXT
);

CREATE TABLE pharmacy_fills (
    id INTEGER PRIMARY KEY,
    fill_date TEXT NOT NULL,
    medication TEXT NOT NULL,
    rx_number TEXT,
    quantity TEXT NOT NULL,
    days_supply INTEGER,
    pharmacy TEXT NOT NULL,
    paid_minor INTEGER NOT NULL,
    paid_with TEXT NOT NULL      -- HSA card | checking | Visa
);

CREATE TABLE hsa_ledger (
    id INTEGER PRIMARY KEY,
    entry_date TEXT NOT NULL,
    kind TEXT NOT NULL,          -- contribution | card payment | reimbursement | interest
    amount_minor INTEGER NOT NULL,   -- negative = out of the HSA
    description TEXT NOT NULL,
    receipt_on_file INTEGER NOT NULL, -- 1 = receipt uploaded to Beacon
    lmn_on_file INTEGER NOT NULL      -- 1 = letter of medical necessity uploaded
);

CREATE TABLE provider_bills (
    id INTEGER PRIMARY KEY,
    statement_date TEXT NOT NULL,
    provider TEXT NOT NULL,
    account_no TEXT NOT NULL,
    service_date TEXT NOT NULL,
    amount_due_minor INTEGER NOT NULL,
    due_date TEXT,
    status TEXT NOT NULL,        -- open | paid | insurance pending | disputed
    notes TEXT
);

INSERT INTO providers VALUES (1, 'Marcus Feld, MD', 'Orthopedic surgery (sports medicine)', 'Lakeshore Orthopedic Institute', '(312) 555-0160', '(312) 555-0161', '680 N Lake Shore Dr, Suite 1400, Chicago IL 60611', 'in-network', 'Surgeon. Assistant Brianna Cole, MA: (312) 555-0162.');
INSERT INTO providers VALUES (2, 'Jenna Ortiz, DPT', 'Physical therapy', 'Motion PT Lincoln Square', '(773) 555-0140', '(773) 555-0142', '4739 N Lincoln Ave, Chicago IL 60625', 'in-network', 'Tue/Thu 5:30 pm. Front desk and insurance: Carla Mendez.');
INSERT INTO providers VALUES (3, 'Alicia Brandt, MD', 'Allergy and immunology', 'Ravenswood Asthma & Allergy', '(773) 555-0175', '(773) 555-0176', '4753 N Ravenswood Ave, Chicago IL 60640', 'in-network', 'Asthma since 2014. PFT lab line (773) 555-0178.');
INSERT INTO providers VALUES (4, 'Priya Natarajan, MD', 'Primary care (internal medicine)', 'Northwestern Medicine Lincoln Square Primary Care', '(773) 555-0191', '(773) 555-0192', '4801 N Western Ave, Chicago IL 60625', 'in-network', 'PCP since 2020. Annual physical each September.');
INSERT INTO providers VALUES (5, 'Lakeshore Surgery Center', 'Ambulatory surgery center', 'Lakeshore Surgery Center', '(312) 555-0165', '(312) 555-0166', '680 N Lake Shore Dr, 2nd floor, Chicago IL 60611', 'in-network', 'Billing office (312) 555-0167.');
INSERT INTO providers VALUES (6, 'Midwest Anesthesia Partners', 'Anesthesiology', 'Midwest Anesthesia Partners', '(630) 555-0148', NULL, 'PO Box 4410, Oak Brook IL 60522', 'out-of-network', 'Anesthesia at Lakeshore Surgery Center (facility in-network).');
INSERT INTO providers VALUES (7, 'Lakeview Imaging Center', 'Radiology', 'Lakeview Imaging Center', '(773) 555-0133', '(773) 555-0134', '3000 N Halsted St, Chicago IL 60657', 'in-network', 'MRI 2025-11-06.');
INSERT INTO providers VALUES (8, 'Northside Pharmacy', 'Pharmacy', 'Northside Pharmacy', '(773) 555-0120', '(773) 555-0121', '4612 N Lincoln Ave, Chicago IL 60625', 'in-network', 'Open until 8 pm. Pharmacist Dev Raman.');
INSERT INTO providers VALUES (9, 'RxDirect', 'Mail-order pharmacy', 'RxDirect (Prairie Blue mail order)', '1-800-555-0177', NULL, NULL, 'in-network', '90-day maintenance drugs (montelukast).');
INSERT INTO providers VALUES (10, 'Midwest Ortho Supply', 'Durable medical equipment', 'Midwest Ortho Supply', '(312) 555-0153', NULL, '2150 W Grand Ave, Chicago IL 60612', 'in-network', 'Brace and cold therapy unit, January 2026.');
INSERT INTO providers VALUES (11, 'Northside Immediate Care', 'Urgent care', 'Northside Immediate Care', '(773) 555-0128', NULL, '4400 N Broadway, Chicago IL 60640', 'in-network', 'Walk-in, 8 am - 8 pm. Not part of my usual providers.');
INSERT INTO providers VALUES (12, 'Rachel Kim, DDS', 'Dentistry', 'Lincoln Square Dental', '(773) 555-0109', NULL, '4620 N Lincoln Ave, Chicago IL 60625', 'n/a', 'Dental is not on Prairie Blue; Delta Dental through the studio.');
INSERT INTO providers VALUES (13, 'Tomasz Wrobel, OD', 'Optometry', 'Clark Street Eye Care', '(773) 555-0114', NULL, '5220 N Clark St, Chicago IL 60640', 'n/a', 'Vision: VSP through the studio.');
INSERT INTO providers VALUES (14, 'Motion PT West Loop', 'Physical therapy', 'Motion PT West Loop', '(312) 555-0184', '(312) 555-0186', '1015 W Lake St, Chicago IL 60607', 'in-network', 'Not my clinic - listed because the clinics do not share a fax inbox.');
INSERT INTO providers VALUES (15, 'Stefan Ivanov, DPT', 'Physical therapy', 'Motion PT Lincoln Square', '(773) 555-0140', '(773) 555-0147', '4739 N Lincoln Ave, Chicago IL 60625', 'in-network', 'Treated my right ankle sprain in 2024. Fax number from the 2024 intake papers.');
INSERT INTO providers VALUES (16, 'Prairie Blue Utilization Management', 'Insurer - authorizations', 'Prairie Blue Health', '1-800-555-0123', '1-800-555-0125', NULL, 'n/a', 'Member ID PBH-774120955, group FWS-0412.');
INSERT INTO appointments VALUES (1, '2025-02-25 08:30', 'Dr. Alicia Brandt', 'Annual asthma review', 'Ravenswood Asthma & Allergy', 'completed', 5000, 'Action plan reviewed; personal best 430 L/min.');
INSERT INTO appointments VALUES (2, '2025-04-08 16:00', 'Dr. Rachel Kim', 'Dental cleaning', 'Lincoln Square Dental', 'completed', 0, NULL);
INSERT INTO appointments VALUES (3, '2025-06-17 09:15', 'Dr. Tomasz Wrobel', 'Eye exam', 'Clark Street Eye Care', 'completed', 1000, 'New glasses prescription.');
INSERT INTO appointments VALUES (4, '2025-09-16 08:00', 'Dr. Priya Natarajan', 'Annual physical', 'Northwestern Medicine Lincoln Square Primary Care', 'completed', 0, 'Preventive, no copay. Flu shot.');
INSERT INTO appointments VALUES (5, '2025-10-14 16:30', 'Dr. Rachel Kim', 'Dental cleaning', 'Lincoln Square Dental', 'completed', 0, NULL);
INSERT INTO appointments VALUES (6, '2025-10-19 10:20', 'Northside Immediate Care', 'Left knee injury (walk-in)', 'Northside Immediate Care', 'completed', 7500, 'X-ray negative for fracture; referred to orthopedics.');
INSERT INTO appointments VALUES (7, '2025-11-04 13:00', 'Dr. Marcus Feld', 'Orthopedic consultation, left knee', 'Lakeshore Orthopedic Institute', 'completed', 5000, 'ACL tear; MRI ordered.');
INSERT INTO appointments VALUES (8, '2025-11-06 07:45', 'Lakeview Imaging Center', 'MRI left knee', 'Lakeview Imaging Center', 'completed', NULL, 'Complete ACL tear, posterior horn medial meniscus tear.');
INSERT INTO appointments VALUES (9, '2025-11-13 11:00', 'Dr. Marcus Feld', 'MRI results, surgery planning', 'Lakeshore Orthopedic Institute', 'completed', 5000, 'Surgery 9 January.');
INSERT INTO appointments VALUES (10, '2025-11-18 17:30', 'Jenna Ortiz, DPT', 'Prehab session 1', 'Motion PT Lincoln Square', 'completed', NULL, 'Self-pay prehab package (3 sessions, $240).');
INSERT INTO appointments VALUES (11, '2025-12-02 17:30', 'Jenna Ortiz, DPT', 'Prehab session 2', 'Motion PT Lincoln Square', 'completed', NULL, NULL);
INSERT INTO appointments VALUES (12, '2025-12-16 17:30', 'Jenna Ortiz, DPT', 'Prehab session 3', 'Motion PT Lincoln Square', 'completed', NULL, 'Full extension, quad activation good.');
INSERT INTO appointments VALUES (13, '2025-12-29 09:00', 'Lakeshore Surgery Center', 'Pre-op phone interview', 'phone', 'completed', NULL, 'Anesthesia aware of asthma and NSAID allergy.');
INSERT INTO appointments VALUES (14, '2026-01-09 06:00', 'Dr. Marcus Feld', 'ACL reconstruction + meniscus repair', 'Lakeshore Surgery Center', 'completed', NULL, NULL);
INSERT INTO appointments VALUES (15, '2026-01-13 17:30', 'Jenna Ortiz, DPT', 'PT evaluation', 'Motion PT Lincoln Square', 'completed', NULL, NULL);
INSERT INTO appointments VALUES (16, '2026-01-23 10:00', 'Brianna Cole, MA', '2-week wound check, sutures out', 'Lakeshore Orthopedic Institute', 'completed', 0, 'Global surgical period, no charge.');
INSERT INTO appointments VALUES (17, '2026-02-06 10:00', 'Dr. Marcus Feld', '4-week post-op check', 'Lakeshore Orthopedic Institute', 'scheduled', 0, 'Bring PT progress note.');
INSERT INTO appointments VALUES (18, '2026-02-10 17:30', 'Jenna Ortiz, DPT', 'PT visit', 'Motion PT Lincoln Square', 'scheduled', NULL, 'Tue/Thu series.');
INSERT INTO appointments VALUES (19, '2026-02-12 17:30', 'Jenna Ortiz, DPT', 'PT visit', 'Motion PT Lincoln Square', 'scheduled', NULL, NULL);
INSERT INTO appointments VALUES (20, '2026-02-24 08:30', 'Dr. Alicia Brandt', 'Annual asthma review', 'Ravenswood Asthma & Allergy', 'scheduled', 5000, 'Bring peak-flow log, both inhalers, medication list.');
INSERT INTO appointments VALUES (21, '2026-03-06 10:30', 'Dr. Marcus Feld', '8-week post-op check', 'Lakeshore Orthopedic Institute', 'scheduled', 0, NULL);
INSERT INTO appointments VALUES (22, '2026-04-14 15:00', 'Dr. Rachel Kim', 'Dental cleaning', 'Lincoln Square Dental', 'scheduled', 0, 'Moved from January because of the surgery.');
INSERT INTO appointments VALUES (23, '2026-01-14 16:00', 'Dr. Rachel Kim', 'Dental cleaning', 'Lincoln Square Dental', 'cancelled', 0, 'Cancelled 2025-12-20: surgery recovery.');
INSERT INTO appointments VALUES (24, '2025-08-05 17:30', 'Lincoln Square Athletic Club', 'Personal training intro', 'Lincoln Square Athletic Club', 'no-show', NULL, 'Forgot; $25 fee waived.');
INSERT INTO appointments VALUES (40, '2024-02-27 08:30', 'Dr. Alicia Brandt', 'Annual asthma review', 'Ravenswood Asthma & Allergy', 'completed', 5000, 'Methacholine challenge ordered to confirm control.');
INSERT INTO appointments VALUES (41, '2024-03-12 09:00', 'Ravenswood PFT lab', 'Methacholine challenge test', 'Ravenswood Asthma & Allergy', 'completed', NULL, 'Positive at a low dose.');
INSERT INTO appointments VALUES (42, '2024-05-26 11:40', 'Northside Immediate Care', 'Right ankle sprain (walk-in)', 'Northside Immediate Care', 'completed', 7500, 'Grade 2 lateral sprain; beach volleyball.');
INSERT INTO appointments VALUES (43, '2024-06-11 17:00', 'Stefan Ivanov, DPT', 'PT evaluation, right ankle', 'Motion PT Lincoln Square', 'completed', NULL, NULL);
INSERT INTO appointments VALUES (44, '2024-08-20 17:00', 'Stefan Ivanov, DPT', 'PT discharge visit, right ankle', 'Motion PT Lincoln Square', 'completed', NULL, 'Discharged after 10 visits.');
INSERT INTO peak_flow_readings VALUES (1, '2025-12-29', 'am', 399, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (2, '2025-12-29', 'pm', 418, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (3, '2025-12-30', 'am', 404, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (4, '2025-12-30', 'pm', 394, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (5, '2025-12-31', 'am', 393, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (6, '2025-12-31', 'pm', 397, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (7, '2026-01-01', 'am', 400, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (8, '2026-01-01', 'pm', 416, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (9, '2026-01-02', 'am', 413, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (10, '2026-01-02', 'pm', 414, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (11, '2026-01-03', 'am', 409, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (12, '2026-01-03', 'pm', 405, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (13, '2026-01-04', 'am', 404, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (14, '2026-01-04', 'pm', 409, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (15, '2026-01-05', 'am', 407, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (16, '2026-01-05', 'pm', 394, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (17, '2026-01-06', 'am', 405, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (18, '2026-01-06', 'pm', 417, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (19, '2026-01-07', 'am', 408, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (20, '2026-01-07', 'pm', 413, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (21, '2026-01-08', 'am', 389, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (22, '2026-01-08', 'pm', 404, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (23, '2026-01-09', 'am', 385, 'green', 0, 'Before surgery, controller taken at 5:15');
INSERT INTO peak_flow_readings VALUES (24, '2026-01-09', 'pm', 349, 'green', 2, 'After anesthesia, a bit tight; 2 puffs albuterol');
INSERT INTO peak_flow_readings VALUES (25, '2026-01-10', 'am', 362, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (26, '2026-01-10', 'pm', 391, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (27, '2026-01-11', 'am', 366, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (28, '2026-01-11', 'pm', 387, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (29, '2026-01-12', 'am', 400, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (30, '2026-01-12', 'pm', 398, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (31, '2026-01-13', 'am', 413, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (32, '2026-01-13', 'pm', 412, 'green', 2, 'Pre-exercise albuterol before PT');
INSERT INTO peak_flow_readings VALUES (33, '2026-01-14', 'am', 391, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (34, '2026-01-14', 'pm', 398, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (35, '2026-01-15', 'am', 391, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (36, '2026-01-15', 'pm', 400, 'green', 2, 'Pre-exercise albuterol before PT');
INSERT INTO peak_flow_readings VALUES (37, '2026-01-16', 'am', 393, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (38, '2026-01-16', 'pm', 412, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (39, '2026-01-17', 'am', 395, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (40, '2026-01-17', 'pm', 403, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (41, '2026-01-18', 'am', 398, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (42, '2026-01-18', 'pm', 400, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (43, '2026-01-19', 'am', 396, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (44, '2026-01-19', 'pm', 415, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (45, '2026-01-20', 'am', 392, 'green', 0, 'Cold air on the way to PT');
INSERT INTO peak_flow_readings VALUES (46, '2026-01-20', 'pm', 379, 'green', 2, 'Pre-exercise albuterol before PT');
INSERT INTO peak_flow_readings VALUES (47, '2026-01-21', 'am', 413, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (48, '2026-01-21', 'pm', 403, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (49, '2026-01-22', 'am', 411, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (50, '2026-01-22', 'pm', 395, 'green', 2, 'Pre-exercise albuterol before PT');
INSERT INTO peak_flow_readings VALUES (51, '2026-01-23', 'am', 391, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (52, '2026-01-23', 'pm', 418, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (53, '2026-01-24', 'am', 404, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (54, '2026-01-24', 'pm', 400, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (55, '2026-01-25', 'am', 388, 'green', 0, 'Polar vortex, stayed in');
INSERT INTO peak_flow_readings VALUES (56, '2026-01-25', 'pm', 380, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (57, '2026-01-26', 'am', 382, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (58, '2026-01-26', 'pm', 375, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (59, '2026-01-27', 'am', 387, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (60, '2026-01-27', 'pm', 382, 'green', 2, 'Pre-exercise albuterol before PT');
INSERT INTO peak_flow_readings VALUES (61, '2026-01-28', 'am', 388, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (62, '2026-01-28', 'pm', 394, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (63, '2026-01-29', 'am', 393, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (64, '2026-01-29', 'pm', 406, 'green', 2, 'Pre-exercise albuterol before PT');
INSERT INTO peak_flow_readings VALUES (65, '2026-01-30', 'am', 405, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (66, '2026-01-30', 'pm', 409, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (67, '2026-01-31', 'am', 404, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (68, '2026-01-31', 'pm', 410, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (69, '2026-02-01', 'am', 388, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (70, '2026-02-01', 'pm', 407, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (71, '2026-02-02', 'am', 399, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (72, '2026-02-02', 'pm', 397, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (73, '2026-02-03', 'am', 395, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (74, '2026-02-03', 'pm', 400, 'green', 2, 'Pre-exercise albuterol before PT');
INSERT INTO peak_flow_readings VALUES (75, '2026-02-04', 'am', 409, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (76, '2026-02-04', 'pm', 395, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (77, '2026-02-05', 'am', 408, 'green', 0, NULL);
INSERT INTO peak_flow_readings VALUES (78, '2026-02-05', 'pm', 415, 'green', 2, 'Pre-exercise albuterol before PT');
INSERT INTO pharmacy_fills VALUES (1, '2025-08-22', 'Budesonide-formoterol 160/4.5 (Symbicort)', 'RX 6620417', '1 inhaler (120 puffs)', 30, 'Northside Pharmacy', 4500, 'HSA card');
INSERT INTO pharmacy_fills VALUES (2, '2025-09-03', 'Cetirizine 10 mg', 'OTC', '90 tablets', NULL, 'Target', 1899, 'checking');
INSERT INTO pharmacy_fills VALUES (3, '2025-09-04', 'Montelukast 10 mg', 'RXD 88412093', '90 tablets', 90, 'RxDirect mail order', 2000, 'HSA card');
INSERT INTO pharmacy_fills VALUES (4, '2025-09-21', 'Budesonide-formoterol 160/4.5 (Symbicort)', 'RX 6620417', '1 inhaler (120 puffs)', 30, 'Northside Pharmacy', 4500, 'HSA card');
INSERT INTO pharmacy_fills VALUES (5, '2025-10-19', 'Acetaminophen 500 mg (urgent care advice)', 'OTC', '100 tablets', NULL, 'Northside Pharmacy', 949, 'HSA card');
INSERT INTO pharmacy_fills VALUES (6, '2025-10-21', 'Budesonide-formoterol 160/4.5 (Symbicort)', 'RX 6620417', '1 inhaler (120 puffs)', 30, 'Northside Pharmacy', 4500, 'HSA card');
INSERT INTO pharmacy_fills VALUES (7, '2025-11-14', 'Albuterol HFA 90 mcg (ProAir)', 'RX 6620418', '1 inhaler (200 puffs)', 25, 'Northside Pharmacy', 4500, 'HSA card');
INSERT INTO pharmacy_fills VALUES (8, '2025-11-20', 'Budesonide-formoterol 160/4.5 (Symbicort)', 'RX 6620417', '1 inhaler (120 puffs)', 30, 'Northside Pharmacy', 4500, 'HSA card');
INSERT INTO pharmacy_fills VALUES (9, '2025-12-02', 'Montelukast 10 mg', 'RXD 88412093', '90 tablets', 90, 'RxDirect mail order', 2000, 'HSA card');
INSERT INTO pharmacy_fills VALUES (10, '2025-12-21', 'Budesonide-formoterol 160/4.5 (Symbicort)', 'RX 6620417', '1 inhaler (120 puffs)', 30, 'Northside Pharmacy', 4500, 'HSA card');
INSERT INTO pharmacy_fills VALUES (11, '2026-01-08', 'Oxycodone 5 mg', 'RX 6631102', '20 tablets', 5, 'Northside Pharmacy', 1025, 'HSA card');
INSERT INTO pharmacy_fills VALUES (12, '2026-01-08', 'Enoxaparin 40 mg/0.4 ml', 'RX 6631103', '14 syringes', 14, 'Northside Pharmacy', 1000, 'HSA card');
INSERT INTO pharmacy_fills VALUES (13, '2026-01-08', 'Ondansetron 4 mg', 'RX 6631104', '9 tablets', 3, 'Northside Pharmacy', 260, 'HSA card');
INSERT INTO pharmacy_fills VALUES (14, '2026-01-08', 'Acetaminophen 500 mg', 'OTC', '100 tablets', NULL, 'Northside Pharmacy', 949, 'HSA card');
INSERT INTO pharmacy_fills VALUES (15, '2026-01-22', 'Budesonide-formoterol 160/4.5 (Symbicort)', 'RX 6620417', '1 inhaler (120 puffs)', 30, 'Northside Pharmacy', 4500, 'HSA card');
INSERT INTO hsa_ledger VALUES (1, '2025-12-31', 'interest', 412, 'Interest 2025 Q4', 0, 0);
INSERT INTO hsa_ledger VALUES (2, '2026-01-02', 'contribution', 50000, 'Employer contribution 2026 (Fieldwork Studio)', 0, 0);
INSERT INTO hsa_ledger VALUES (3, '2026-01-06', 'card payment', -50000, 'Lakeshore Surgery Center - pre-service deposit', 1, 0);
INSERT INTO hsa_ledger VALUES (4, '2026-01-08', 'card payment', -2285, 'Northside Pharmacy - post-op prescriptions (3)', 1, 0);
INSERT INTO hsa_ledger VALUES (5, '2026-01-15', 'contribution', 12500, 'Payroll contribution', 0, 0);
INSERT INTO hsa_ledger VALUES (6, '2026-01-22', 'card payment', -4500, 'Northside Pharmacy - Symbicort copay', 1, 0);
INSERT INTO hsa_ledger VALUES (7, '2026-01-30', 'contribution', 12500, 'Payroll contribution', 0, 0);
INSERT INTO hsa_ledger VALUES (40, '2025-03-01', 'card payment', -5000, 'Ravenswood Asthma & Allergy - specialist copay', 1, 0);
INSERT INTO hsa_ledger VALUES (41, '2025-06-20', 'reimbursement', -1000, 'Clark Street Eye Care - exam copay (paid by Visa)', 1, 0);
INSERT INTO hsa_ledger VALUES (42, '2025-09-04', 'card payment', -2000, 'RxDirect - montelukast 90 days', 1, 0);
INSERT INTO hsa_ledger VALUES (43, '2025-10-19', 'card payment', -7500, 'Northside Immediate Care - urgent care copay', 1, 0);
INSERT INTO hsa_ledger VALUES (44, '2025-11-07', 'card payment', -98000, 'Lakeview Imaging Center - MRI (deductible)', 1, 0);
INSERT INTO hsa_ledger VALUES (45, '2025-11-18', 'reimbursement', -24000, 'Motion PT - prehab package, self-pay (paid from checking)', 1, 1);
INSERT INTO hsa_ledger VALUES (46, '2025-11-20', 'card payment', -21400, 'Lakeshore Orthopedic Institute - consultation (deductible)', 1, 0);
INSERT INTO hsa_ledger VALUES (47, '2025-12-15', 'contribution', 12500, 'Payroll contribution', 0, 0);
INSERT INTO provider_bills VALUES (1, '2025-11-20', 'Lakeshore Orthopedic Institute', 'LOI-3318820', '2025-11-04', 0, NULL, 'paid', '$214.00 paid with the HSA card on 2025-11-20.');
INSERT INTO provider_bills VALUES (2, '2025-11-25', 'Lakeview Imaging Center', 'LIC-55120-09', '2025-11-06', 0, NULL, 'paid', '$980.00 paid with the HSA card on 2025-11-07 (estimate at check-in).');
INSERT INTO provider_bills VALUES (3, '2025-11-03', 'Northside Immediate Care', 'NIC-771043', '2025-10-19', 0, NULL, 'paid', 'Copay at the visit.');
INSERT INTO provider_bills VALUES (4, '2026-01-30', 'Motion PT Lincoln Square', 'MPT-LS-20931', '2026-01-13', 17200, '2026-02-28', 'open', 'Evaluation, applied to deductible.');
INSERT INTO provider_bills VALUES (5, '2026-01-30', 'Motion PT Lincoln Square', 'MPT-LS-20931', '2026-01-15', 9800, '2026-02-28', 'open', NULL);
INSERT INTO provider_bills VALUES (6, '2026-02-03', 'Lakeshore Surgery Center', 'LSC-26-000913', '2026-01-09', 0, NULL, 'insurance pending', 'Deposit $500 paid 2026-01-06; balance waits for Prairie Blue.');
INSERT INTO provider_bills VALUES (7, '2026-01-28', 'Midwest Ortho Supply', 'MOS-88213', '2026-01-05', 0, NULL, 'paid', 'Brace and cold therapy unit: paid in full by Prairie Blue under PA-26-0105-1187.');
INSERT INTO provider_bills VALUES (40, '2024-09-10', 'Motion PT Lincoln Square', 'MPT-LS-14402', '2024-06-11', 0, NULL, 'paid', 'Right ankle PT, 10 visits, balance paid 2024-09-15.');
INSERT INTO claims VALUES (40, 'PB24-021330', '2024-02-27', 'Ravenswood Asthma & Allergy', 'Specialist visit, Dr. Brandt', 'in-network', 24500, 14200, 9200, 5000, 'processed', 'Specialist copay.');
INSERT INTO claims VALUES (41, 'PB24-024418', '2024-03-12', 'Ravenswood Asthma & Allergy', 'Methacholine challenge test', 'in-network', 68000, 41500, 0, 41500, 'processed', 'Applied to 2024 deductible.');
INSERT INTO claims VALUES (42, 'PB24-051187', '2024-05-26', 'Northside Immediate Care', 'Urgent care visit + ankle x-ray', 'in-network', 31000, 18900, 11400, 7500, 'processed', 'Urgent care copay.');
INSERT INTO claims VALUES (43, 'PB24-060912', '2024-06-11', 'Motion PT Lincoln Square', 'PT evaluation, right ankle', 'in-network', 28500, 17200, 0, 17200, 'processed', 'Applied to deductible.');
INSERT INTO claims VALUES (44, 'PB24-071540', '2024-07-16', 'Motion PT Lincoln Square', 'PT visit, right ankle', 'in-network', 16500, 9800, 7840, 1960, 'processed', '20% coinsurance after deductible.');
INSERT INTO claims VALUES (45, 'PB25-021901', '2025-02-25', 'Ravenswood Asthma & Allergy', 'Specialist visit, Dr. Brandt', 'in-network', 26500, 15800, 10800, 5000, 'processed', 'Specialist copay.');
INSERT INTO claims VALUES (46, 'PB25-093377', '2025-09-16', 'Northwestern Medicine Lincoln Square Primary Care', 'Preventive visit + flu vaccine', 'in-network', 41200, 28300, 28300, 0, 'processed', 'Preventive care, paid in full.');
INSERT INTO claims VALUES (47, 'PB25-108844', '2025-10-19', 'Northside Immediate Care', 'Urgent care visit + knee x-ray', 'in-network', 33500, 19700, 12200, 7500, 'processed', 'Urgent care copay.');
INSERT INTO claims VALUES (48, 'PB25-118901', '2025-11-13', 'Lakeshore Orthopedic Institute', 'Follow-up visit, MRI results', 'in-network', 21000, 12400, 7400, 5000, 'processed', 'Specialist copay.');
INSERT INTO authorizations VALUES (40, 'PA-24-0611-3308', 'Outpatient physical therapy, right ankle (sprain)', 'Motion PT Lincoln Square', '12 PT visits', '2024-06-11', '2024-09-30', 'expired', 'Evaluation counts as visit 1. Any further visits need a new request from the provider.');
INSERT INTO authorizations VALUES (41, 'PA-24-0305-0917', 'Methacholine challenge test', 'Ravenswood Asthma & Allergy', '1 test', '2024-03-05', '2024-04-05', 'used', NULL);
INSERT INTO allergies VALUES (5, 'NSAIDs (aspirin, ibuprofen, naproxen and related drugs)', 'wheezing after ibuprofen', 'moderate', '2019-03-14', 'Swedish Hospital ER: aspirin-exacerbated respiratory disease (AERD) suspected. Acetaminophen up to 1,000 mg per dose tolerated. Entry from the ER discharge, kept for the record.');
INSERT INTO allergies VALUES (7, 'Sulfites (wine, dried fruit)', 'wheeze, mild bronchospasm, no ER visit', 'mild', '2021-11-30', 'Dr. Alicia Brandt: avoid large amounts; carry albuterol.');
INSERT INTO allergies VALUES (6, 'Adhesive tape (acrylic)', 'skin blistering under dressings', 'mild', '2026-01-23', 'Noted at the 2-week wound check; paper tape is fine.');
INSERT INTO accumulators VALUES (40, 2024, 'Prairie Blue PPO 2500 (individual, in-network)', 250000, 250000, 500000, 263960, '2024-12-31', 'Year closed. Deductible met in August (ankle PT).');
