-- HALO-Arena environment he2 (health): Graça Moreira's household health notebook,
-- kept from the SNS app, pharmacy labels, lab results, clinic invoices and her own notes.
-- Porto, Portugal. Amounts in euro cents. State as of 23 March 2026.

CREATE TABLE people (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    born_on TEXT,
    sns_number TEXT,             -- SNS user number (número de utente)
    relationship TEXT,
    conditions TEXT
);

CREATE TABLE medications (
    id INTEGER PRIMARY KEY,
    person TEXT NOT NULL,
    name TEXT NOT NULL,
    strength TEXT,
    directions TEXT,
    prescriber TEXT,
    started_on TEXT,
    planned_until TEXT,          -- NULL = long-term
    status TEXT NOT NULL,        -- active | stopped
    notes TEXT
);

CREATE TABLE prescriptions (
    id INTEGER PRIMARY KEY,
    person TEXT NOT NULL,
    rx_number TEXT NOT NULL,
    medicine TEXT NOT NULL,
    strength TEXT NOT NULL,
    pack TEXT,
    packs_prescribed INTEGER,
    packs_dispensed INTEGER,
    issued_on TEXT NOT NULL,
    valid_until TEXT,
    prescriber TEXT,
    status TEXT NOT NULL         -- por dispensar | parcial | dispensada | caducada
);

CREATE TABLE med_stock (
    id INTEGER PRIMARY KEY,
    person TEXT NOT NULL,
    medicine TEXT NOT NULL,
    counted_on TEXT NOT NULL,
    tablets_left INTEGER NOT NULL,
    daily_use INTEGER NOT NULL,
    notes TEXT
);

CREATE TABLE appointments (
    id INTEGER PRIMARY KEY,
    person TEXT NOT NULL,
    date TEXT NOT NULL,
    time TEXT,
    provider TEXT NOT NULL,
    kind TEXT NOT NULL,
    place TEXT,
    status TEXT NOT NULL,        -- done | booked | missed | cancelled
    notes TEXT
);

CREATE TABLE lab_requests (
    id INTEGER PRIMARY KEY,
    person TEXT NOT NULL,
    issued_on TEXT NOT NULL,
    requested_by TEXT NOT NULL,
    tests TEXT NOT NULL,
    where_to_do TEXT,
    valid_until TEXT,
    status TEXT NOT NULL,        -- open | done | expired
    notes TEXT
);

CREATE TABLE lab_results (
    id INTEGER PRIMARY KEY,
    person TEXT NOT NULL,
    collected_on TEXT NOT NULL,
    test TEXT NOT NULL,
    value TEXT NOT NULL,
    unit TEXT,
    reference TEXT,
    lab TEXT,
    notes TEXT
);

CREATE TABLE glucose_readings (
    id INTEGER PRIMARY KEY,
    taken_on TEXT NOT NULL,
    time TEXT NOT NULL,
    context TEXT NOT NULL,       -- fasting | after lunch | bedtime
    mg_dl INTEGER NOT NULL,
    notes TEXT
);

CREATE TABLE bp_readings (
    id INTEGER PRIMARY KEY,
    person TEXT NOT NULL,
    taken_on TEXT NOT NULL,
    time TEXT NOT NULL,
    systolic INTEGER NOT NULL,
    diastolic INTEGER NOT NULL,
    heart_rate INTEGER NOT NULL,
    notes TEXT
);

CREATE TABLE provider_invoices (
    id INTEGER PRIMARY KEY,
    person TEXT NOT NULL,
    provider TEXT NOT NULL,
    invoice_no TEXT NOT NULL,
    issued_on TEXT NOT NULL,
    description TEXT NOT NULL,
    amount_minor INTEGER NOT NULL,   -- what we pay
    insurer_paid_minor INTEGER,      -- what Vértice paid the provider directly
    status TEXT NOT NULL,            -- pago | pendente | anulado
    paid_on TEXT,
    notes TEXT
);

CREATE TABLE insurance_cover (
    id INTEGER PRIMARY KEY,
    person TEXT NOT NULL,
    insurer TEXT NOT NULL,
    policy_no TEXT NOT NULL,
    card_no TEXT,
    benefit TEXT NOT NULL,
    terms TEXT,
    valid_from TEXT,
    valid_to TEXT,
    notes TEXT
);

CREATE TABLE programs (
    id INTEGER PRIMARY KEY,
    person TEXT NOT NULL,
    program TEXT NOT NULL,
    provider TEXT NOT NULL,
    referred_by TEXT,
    referred_on TEXT,
    status TEXT NOT NULL,
    start_date TEXT,
    schedule TEXT,
    notes TEXT
);

INSERT INTO people VALUES (1, 'Graça Moreira', '1959-09-02', '281 437 906', 'self', 'type 2 diabetes since 2016; mild knee arthritis');
INSERT INTO people VALUES (2, 'Armando Moreira', '1954-06-21', '203 118 574', 'husband', 'anterior myocardial infarction 14/10/2025, drug-eluting stent LAD 15/10/2025; benign prostatic enlargement');
INSERT INTO medications VALUES (1, 'Graça', 'Metformin', '1000 mg', '1 tablet with breakfast and 1 with dinner', 'Dra. Helena Castro (USF Porto Norte)', '2016-11-08', NULL, 'active', NULL);
INSERT INTO medications VALUES (2, 'Graça', 'Empagliflozin', '10 mg', '1 tablet in the morning', 'Dra. Helena Castro (USF Porto Norte)', '2024-05-14', NULL, 'active', 'replaced sitagliptin in May 2024');
INSERT INTO medications VALUES (3, 'Graça', 'Sitagliptin', '100 mg', '1 tablet in the morning', 'Dra. Helena Castro (USF Porto Norte)', '2021-02-02', '2024-05-14', 'stopped', 'replaced by empagliflozin');
INSERT INTO medications VALUES (4, 'Graça', 'Atorvastatin', '20 mg', '1 tablet at night', 'Dra. Helena Castro (USF Porto Norte)', '2019-03-19', NULL, 'active', NULL);
INSERT INTO medications VALUES (5, 'Graça', 'Paracetamol', '1 g', '1 tablet up to 3 times a day if knee pain', 'Dra. Helena Castro (USF Porto Norte)', '2023-06-01', NULL, 'active', 'as needed');
INSERT INTO medications VALUES (6, 'Armando', 'Acetylsalicylic acid', '100 mg', '1 tablet at lunch', 'Dr. Paulo Meireles (Cardiology, HUP)', '2025-10-15', NULL, 'active', 'long-term');
INSERT INTO medications VALUES (7, 'Armando', 'Ticagrelor', '90 mg', '1 tablet at 8 am and 1 at 8 pm', 'Dr. Paulo Meireles (Cardiology, HUP)', '2025-10-15', '2026-10-15', 'active', 'second antiplatelet after the stent');
INSERT INTO medications VALUES (8, 'Armando', 'Atorvastatin', '80 mg', '1 tablet at night', 'Dr. Paulo Meireles (Cardiology, HUP)', '2025-10-15', NULL, 'active', NULL);
INSERT INTO medications VALUES (9, 'Armando', 'Ezetimibe', '10 mg', '1 tablet at night with the atorvastatin', 'Dr. Paulo Meireles (Cardiology, HUP)', '2026-02-10', NULL, 'active', 'added at the February consultation');
INSERT INTO medications VALUES (10, 'Armando', 'Bisoprolol', '2.5 mg', '1 tablet in the morning', 'Dr. Paulo Meireles (Cardiology, HUP)', '2025-10-15', NULL, 'active', NULL);
INSERT INTO medications VALUES (11, 'Armando', 'Ramipril', '2.5 mg', '1 tablet in the morning', 'Dr. Paulo Meireles (Cardiology, HUP)', '2025-10-15', NULL, 'active', NULL);
INSERT INTO medications VALUES (12, 'Armando', 'Pantoprazole', '20 mg', '1 tablet before breakfast', 'Dr. Paulo Meireles (Cardiology, HUP)', '2025-10-15', NULL, 'active', 'stomach protection');
INSERT INTO medications VALUES (13, 'Armando', 'Tamsulosin', '0.4 mg', '1 capsule after dinner', 'Dr. Jorge Sampaio (Urology)', '2021-09-07', NULL, 'active', NULL);
INSERT INTO medications VALUES (14, 'Armando', 'Clopidogrel', '75 mg', '1 tablet a day', 'Dr. Paulo Meireles (Cardiology, HUP)', '2025-10-14', '2025-10-15', 'stopped', 'loading in the emergency room only, switched to ticagrelor');
INSERT INTO prescriptions VALUES (1, 'Graça', '011 2025 0915 2204', 'Metformin', '1000 mg', '60 tablets', 6, 6, '2025-09-15', '2026-03-15', 'Dra. Helena Castro', 'dispensada');
INSERT INTO prescriptions VALUES (2, 'Graça', '011 2025 1112 3318', 'Empagliflozin', '10 mg', '28 tablets', 6, 6, '2025-11-12', '2026-05-12', 'Dra. Helena Castro', 'dispensada');
INSERT INTO prescriptions VALUES (3, 'Graça', '011 2025 1112 3319', 'Atorvastatin', '20 mg', '28 tablets', 6, 5, '2025-11-12', '2026-05-12', 'Dra. Helena Castro', 'parcial');
INSERT INTO prescriptions VALUES (4, 'Graça', '011 2026 0310 1027', 'Metformin', '1000 mg', '60 tablets', 6, 1, '2026-03-10', '2026-09-10', 'Dra. Helena Castro', 'parcial');
INSERT INTO prescriptions VALUES (5, 'Armando', '011 2025 1017 9051', 'Ticagrelor', '90 mg', '56 tablets', 2, 2, '2025-10-17', '2025-12-17', 'Dr. Paulo Meireles', 'dispensada');
INSERT INTO prescriptions VALUES (6, 'Armando', '011 2025 1210 4432', 'Ticagrelor', '90 mg', '56 tablets', 6, 3, '2025-12-10', '2026-06-10', 'Dra. Helena Castro', 'parcial');
INSERT INTO prescriptions VALUES (7, 'Armando', '011 2025 1210 4433', 'Acetylsalicylic acid', '100 mg', '60 tablets', 3, 2, '2025-12-10', '2026-06-10', 'Dra. Helena Castro', 'parcial');
INSERT INTO prescriptions VALUES (8, 'Armando', '011 2025 1210 4434', 'Atorvastatin', '80 mg', '28 tablets', 6, 3, '2025-12-10', '2026-06-10', 'Dra. Helena Castro', 'parcial');
INSERT INTO prescriptions VALUES (9, 'Armando', '011 2025 1210 4435', 'Bisoprolol', '2.5 mg', '56 tablets', 3, 2, '2025-12-10', '2026-06-10', 'Dra. Helena Castro', 'parcial');
INSERT INTO prescriptions VALUES (10, 'Armando', '011 2025 1210 4436', 'Ramipril', '2.5 mg', '56 tablets', 3, 2, '2025-12-10', '2026-06-10', 'Dra. Helena Castro', 'parcial');
INSERT INTO prescriptions VALUES (11, 'Armando', '011 2025 1210 4437', 'Pantoprazole', '20 mg', '56 tablets', 3, 2, '2025-12-10', '2026-06-10', 'Dra. Helena Castro', 'parcial');
INSERT INTO prescriptions VALUES (12, 'Armando', '011 2026 0210 7720', 'Ezetimibe', '10 mg', '28 tablets', 1, 1, '2026-02-10', '2026-03-12', 'Dr. Paulo Meireles', 'dispensada');
INSERT INTO prescriptions VALUES (13, 'Armando', '011 2026 0302 2181', 'Ezetimibe', '10 mg', '28 tablets', 6, 1, '2026-03-02', '2026-09-02', 'Dra. Helena Castro', 'parcial');
INSERT INTO prescriptions VALUES (14, 'Armando', '011 2025 0601 5510', 'Tamsulosin', '0.4 mg', '30 capsules', 6, 6, '2025-06-01', '2025-12-01', 'Dr. Jorge Sampaio', 'dispensada');
INSERT INTO prescriptions VALUES (15, 'Armando', '011 2026 0105 0093', 'Tamsulosin', '0.4 mg', '30 capsules', 6, 3, '2026-01-05', '2026-07-05', 'Dra. Helena Castro', 'parcial');
INSERT INTO med_stock VALUES (1, 'Graça', 'Metformin 1000 mg', '2026-03-20', 96, 2, 'one box opened');
INSERT INTO med_stock VALUES (2, 'Graça', 'Empagliflozin 10 mg', '2026-03-20', 60, 1, 'one box started plus two closed');
INSERT INTO med_stock VALUES (3, 'Graça', 'Atorvastatin 20 mg', '2026-03-20', 22, 1, NULL);
INSERT INTO med_stock VALUES (4, 'Graça', 'Paracetamol 1 g', '2026-03-20', 14, 0, 'as needed');
INSERT INTO med_stock VALUES (5, 'Armando', 'Ticagrelor 90 mg', '2026-03-20', 74, 2, 'organiser filled on Sundays');
INSERT INTO med_stock VALUES (6, 'Armando', 'Acetylsalicylic acid 100 mg', '2026-03-20', 51, 1, NULL);
INSERT INTO med_stock VALUES (7, 'Armando', 'Atorvastatin 80 mg', '2026-03-20', 33, 1, NULL);
INSERT INTO med_stock VALUES (8, 'Armando', 'Ezetimibe 10 mg', '2026-03-20', 45, 1, NULL);
INSERT INTO med_stock VALUES (9, 'Armando', 'Bisoprolol 2.5 mg', '2026-03-20', 62, 1, NULL);
INSERT INTO med_stock VALUES (10, 'Armando', 'Ramipril 2.5 mg', '2026-03-20', 58, 1, NULL);
INSERT INTO med_stock VALUES (11, 'Armando', 'Pantoprazole 20 mg', '2026-03-20', 60, 1, NULL);
INSERT INTO med_stock VALUES (12, 'Armando', 'Tamsulosin 0.4 mg', '2026-03-20', 27, 1, NULL);
INSERT INTO appointments VALUES (1, 'Armando', '2025-10-14', '21:40', 'Hospital Universitário de Paranhos', 'emergency admission', 'Urgência Geral', 'done', 'chest pain at home; transferred to the cath lab');
INSERT INTO appointments VALUES (2, 'Armando', '2025-10-17', '11:00', 'Hospital Universitário de Paranhos', 'discharge', 'Cardiologia, piso 6', 'done', 'discharge letter in the health folder');
INSERT INTO appointments VALUES (3, 'Armando', '2025-11-18', '09:40', 'Dr. Paulo Meireles', 'cardiology consultation', 'HUP Consultas Externas, piso 2', 'done', 'referred to cardiac rehabilitation');
INSERT INTO appointments VALUES (4, 'Armando', '2025-12-10', '10:30', 'Dra. Helena Castro', 'family doctor', 'USF Porto Norte', 'done', 'prescriptions renewed for six months');
INSERT INTO appointments VALUES (5, 'Armando', '2026-01-13', '09:00', 'Unidade de Reabilitação Cardíaca', 'rehabilitation intake', 'HUP, piso -1', 'done', 'phase II, Tue and Thu 09:00');
INSERT INTO appointments VALUES (6, 'Armando', '2026-02-10', '10:00', 'Dr. Paulo Meireles', 'cardiology consultation', 'HUP Consultas Externas, piso 2', 'done', 'ezetimibe added; see consultation note');
INSERT INTO appointments VALUES (7, 'Armando', '2026-02-24', '08:15', 'Laboratório Antunes', 'blood tests', 'Rua de Costa Cabral 702', 'done', NULL);
INSERT INTO appointments VALUES (8, 'Armando', '2026-03-02', '15:00', 'Dra. Helena Castro', 'family doctor', 'USF Porto Norte', 'done', 'colorectal screening result discussed; ezetimibe prescription for six months');
INSERT INTO appointments VALUES (9, 'Armando', '2026-03-17', '09:00', 'Unidade de Reabilitação Cardíaca', 'rehabilitation mid-programme assessment', 'HUP, piso -1', 'done', NULL);
INSERT INTO appointments VALUES (10, 'Armando', '2026-05-12', '09:00', 'Unidade de Reabilitação Cardíaca', 'exit exercise test', 'HUP, Cardiologia, piso 6', 'booked', 'bring trainers; usual medicines');
INSERT INTO appointments VALUES (11, 'Armando', '2025-11-27', '16:30', 'Clínica Dentária Constituição', 'dental check-up', 'Rua da Constituição 1184', 'done', NULL);
INSERT INTO appointments VALUES (12, 'Graça', '2025-07-08', '08:10', 'Laboratório Antunes', 'blood tests', 'Rua de Costa Cabral 702', 'done', NULL);
INSERT INTO appointments VALUES (13, 'Graça', '2025-07-15', '09:20', 'Dra. Helena Castro', 'diabetes consultation', 'USF Porto Norte', 'done', NULL);
INSERT INTO appointments VALUES (14, 'Graça', '2025-09-23', '14:00', 'Enf.ª Sónia Lopes', 'diabetes nursing consultation (feet)', 'USF Porto Norte', 'done', 'low-risk feet; podology every 4-6 weeks advised');
INSERT INTO appointments VALUES (15, 'Graça', '2025-10-06', '10:15', 'Centro de Rastreio da Retinopatia', 'diabetic eye screening (retinography)', 'USF Porto Norte, mobile unit', 'done', 'no retinopathy');
INSERT INTO appointments VALUES (16, 'Graça', '2025-11-04', '10:00', 'Clínica Dentária Constituição', 'dental consultation', 'Rua da Constituição 1184', 'done', 'lower left molar lost; implant plan');
INSERT INTO appointments VALUES (17, 'Graça', '2025-12-16', '09:30', 'Clínica Dentária Constituição', 'bone graft (position 36)', 'Rua da Constituição 1184', 'done', 'healing 3 months');
INSERT INTO appointments VALUES (18, 'Graça', '2026-01-12', '07:55', 'Laboratório Antunes', 'blood tests', 'Rua de Costa Cabral 702', 'done', NULL);
INSERT INTO appointments VALUES (19, 'Graça', '2026-01-19', '09:00', 'Dra. Helena Castro', 'diabetes consultation', 'USF Porto Norte', 'done', 'new requisition for the next analyses');
INSERT INTO appointments VALUES (20, 'Graça', '2026-02-19', '15:00', 'Filipa Rocha', 'podology', 'Clínica do Pé Bonfim', 'done', NULL);
INSERT INTO appointments VALUES (21, 'Graça', '2026-03-10', '09:40', 'Dra. Helena Castro', 'review consultation', 'USF Porto Norte', 'done', 'see consultation note');
INSERT INTO appointments VALUES (22, 'Graça', '2026-03-24', '09:30', 'Dra. Marta Pinho', 'bone graft review', 'Clínica Dentária Constituição', 'booked', NULL);
INSERT INTO appointments VALUES (23, 'Graça', '2026-01-21', '10:00', 'Piscina Municipal de Paranhos', 'hydro-gymnastics term starts', 'Rua Dr. Nunes da Ponte', 'done', 'Fridays 10:00');
INSERT INTO appointments VALUES (24, 'Graça', '2026-02-05', '11:00', 'Óptica Marquês', 'glasses check', 'Praça do Marquês', 'done', NULL);
INSERT INTO appointments VALUES (25, 'Armando', '2026-06-16', '09:20', 'Dr. Jorge Sampaio', 'urology review', 'Clínica Urológica da Boavista', 'booked', NULL);
INSERT INTO appointments VALUES (26, 'Graça', '2026-09-28', '14:00', 'Enf.ª Sónia Lopes', 'annual diabetic foot examination', 'USF Porto Norte', 'booked', NULL);
INSERT INTO lab_requests VALUES (1, 'Graça', '2025-07-15', 'Dra. Helena Castro', 'HbA1c, fasting glucose, lipid profile, creatinine/eGFR, urine albumin-creatinine ratio', 'any lab with an SNS agreement', '2026-01-15', 'done', 'done 12/01');
INSERT INTO lab_requests VALUES (2, 'Graça', '2026-01-19', 'Dra. Helena Castro', 'HbA1c, fasting glucose, lipid profile, creatinine/eGFR, ALT', 'any lab with an SNS agreement', '2026-07-19', 'open', 'to do in April, before the July consultation');
INSERT INTO lab_requests VALUES (3, 'Armando', '2026-02-10', 'Dr. Paulo Meireles', 'lipid profile, ALT, CK, creatinine, potassium', 'Laboratório Antunes (SNS agreement)', '2026-08-10', 'open', 'before the next cardiology consultation');
INSERT INTO lab_requests VALUES (4, 'Armando', '2025-11-18', 'Dr. Paulo Meireles', 'lipid profile, ALT, CK, haemoglobin', 'Laboratório Antunes (SNS agreement)', '2026-05-18', 'done', 'done 24/02');
INSERT INTO lab_requests VALUES (5, 'Armando', '2026-02-02', 'Programa de Rastreio do Cancro do Cólon e Reto', 'faecal immunochemical test (home kit)', 'USF Porto Norte', '2026-03-02', 'done', NULL);
INSERT INTO lab_requests VALUES (6, 'Graça', '2025-09-23', 'Enf.ª Sónia Lopes', 'urine test strip', 'USF Porto Norte', '2025-09-23', 'done', NULL);
INSERT INTO lab_results VALUES (1, 'Graça', '2025-01-14', 'HbA1c', '7.0', '%', '< 7.0 (individual target)', 'Laboratório Antunes', NULL);
INSERT INTO lab_results VALUES (2, 'Graça', '2025-07-08', 'HbA1c', '6.8', '%', '< 7.0 (individual target)', 'Laboratório Antunes', NULL);
INSERT INTO lab_results VALUES (3, 'Graça', '2025-07-08', 'LDL cholesterol', '92', 'mg/dL', '< 100', 'Laboratório Antunes', NULL);
INSERT INTO lab_results VALUES (4, 'Graça', '2025-07-08', 'eGFR', '84', 'mL/min/1.73m2', '> 60', 'Laboratório Antunes', NULL);
INSERT INTO lab_results VALUES (5, 'Graça', '2025-07-08', 'Urine albumin/creatinine', '12', 'mg/g', '< 30', 'Laboratório Antunes', NULL);
INSERT INTO lab_results VALUES (6, 'Graça', '2026-01-12', 'HbA1c', '7.1', '%', '< 7.0 (individual target)', 'Laboratório Antunes', 'slightly above target after the autumn');
INSERT INTO lab_results VALUES (7, 'Graça', '2026-01-12', 'Fasting glucose', '128', 'mg/dL', '70-110', 'Laboratório Antunes', NULL);
INSERT INTO lab_results VALUES (8, 'Graça', '2026-01-12', 'LDL cholesterol', '88', 'mg/dL', '< 100', 'Laboratório Antunes', NULL);
INSERT INTO lab_results VALUES (9, 'Graça', '2026-01-12', 'eGFR', '81', 'mL/min/1.73m2', '> 60', 'Laboratório Antunes', NULL);
INSERT INTO lab_results VALUES (10, 'Graça', '2026-01-12', 'Urine albumin/creatinine', '15', 'mg/g', '< 30', 'Laboratório Antunes', NULL);
INSERT INTO lab_results VALUES (11, 'Graça', '2026-01-12', 'ALT', '24', 'U/L', '< 35', 'Laboratório Antunes', NULL);
INSERT INTO lab_results VALUES (12, 'Graça', '2025-09-23', 'Urine test strip', 'negative', NULL, NULL, 'USF Porto Norte', NULL);
INSERT INTO lab_results VALUES (13, 'Armando', '2025-10-14', 'High-sensitivity troponin T', '1840', 'ng/L', '< 14', 'HUP', 'emergency room');
INSERT INTO lab_results VALUES (14, 'Armando', '2025-10-16', 'LDL cholesterol', '131', 'mg/dL', '< 55 (target)', 'HUP', NULL);
INSERT INTO lab_results VALUES (15, 'Armando', '2025-10-16', 'HbA1c', '5.6', '%', '< 5.7', 'HUP', 'no diabetes');
INSERT INTO lab_results VALUES (16, 'Armando', '2025-10-16', 'Creatinine', '1.02', 'mg/dL', '0.7-1.2', 'HUP', NULL);
INSERT INTO lab_results VALUES (17, 'Armando', '2026-02-24', 'LDL cholesterol', '71', 'mg/dL', '< 55 (target)', 'Laboratório Antunes', 'above target: ezetimibe added on 10/02');
INSERT INTO lab_results VALUES (18, 'Armando', '2026-02-24', 'ALT', '29', 'U/L', '< 41', 'Laboratório Antunes', NULL);
INSERT INTO lab_results VALUES (19, 'Armando', '2026-02-24', 'CK', '142', 'U/L', '< 190', 'Laboratório Antunes', NULL);
INSERT INTO lab_results VALUES (20, 'Armando', '2026-02-24', 'Haemoglobin', '14.1', 'g/dL', '13-17', 'Laboratório Antunes', NULL);
INSERT INTO lab_results VALUES (21, 'Armando', '2026-02-24', 'Potassium', '4.6', 'mmol/L', '3.5-5.1', 'Laboratório Antunes', NULL);
INSERT INTO lab_results VALUES (22, 'Armando', '2026-02-20', 'Faecal immunochemical test', 'positive', NULL, 'negative', 'USF Porto Norte', 'colonoscopy to be arranged');
INSERT INTO lab_results VALUES (23, 'Armando', '2025-10-16', 'Echocardiogram (in hospital)', 'LVEF 48 %', NULL, NULL, 'HUP', 'mild anterior hypokinesia');
INSERT INTO lab_results VALUES (24, 'Graça', '2025-01-14', 'LDL cholesterol', '97', 'mg/dL', '< 100', 'Laboratório Antunes', NULL);
INSERT INTO lab_results VALUES (25, 'Graça', '2025-01-14', 'eGFR', '86', 'mL/min/1.73m2', '> 60', 'Laboratório Antunes', NULL);
INSERT INTO glucose_readings VALUES (1, '2026-02-01', '15:10', 'after lunch', 165, 'Sunday lunch');
INSERT INTO glucose_readings VALUES (2, '2026-02-02', '07:36', 'fasting', 113, NULL);
INSERT INTO glucose_readings VALUES (3, '2026-02-04', '07:45', 'fasting', 122, NULL);
INSERT INTO glucose_readings VALUES (4, '2026-02-05', '07:53', 'fasting', 142, NULL);
INSERT INTO glucose_readings VALUES (5, '2026-02-06', '07:48', 'fasting', 115, NULL);
INSERT INTO glucose_readings VALUES (6, '2026-02-07', '07:42', 'fasting', 112, NULL);
INSERT INTO glucose_readings VALUES (7, '2026-02-08', '07:21', 'fasting', 136, NULL);
INSERT INTO glucose_readings VALUES (8, '2026-02-08', '15:10', 'after lunch', 184, 'Sunday lunch');
INSERT INTO glucose_readings VALUES (9, '2026-02-09', '07:39', 'fasting', 144, NULL);
INSERT INTO glucose_readings VALUES (10, '2026-02-10', '07:24', 'fasting', 130, NULL);
INSERT INTO glucose_readings VALUES (11, '2026-02-11', '07:46', 'fasting', 114, NULL);
INSERT INTO glucose_readings VALUES (12, '2026-02-13', '07:31', 'fasting', 129, NULL);
INSERT INTO glucose_readings VALUES (13, '2026-02-14', '07:27', 'fasting', 121, NULL);
INSERT INTO glucose_readings VALUES (14, '2026-02-15', '07:37', 'fasting', 133, NULL);
INSERT INTO glucose_readings VALUES (15, '2026-02-15', '15:10', 'after lunch', 159, 'Sunday lunch');
INSERT INTO glucose_readings VALUES (16, '2026-02-16', '07:31', 'fasting', 124, NULL);
INSERT INTO glucose_readings VALUES (17, '2026-02-17', '07:31', 'fasting', 115, NULL);
INSERT INTO glucose_readings VALUES (18, '2026-02-18', '07:42', 'fasting', 144, NULL);
INSERT INTO glucose_readings VALUES (19, '2026-02-19', '07:26', 'fasting', 137, NULL);
INSERT INTO glucose_readings VALUES (20, '2026-02-20', '07:46', 'fasting', 126, NULL);
INSERT INTO glucose_readings VALUES (21, '2026-02-21', '07:29', 'fasting', 132, NULL);
INSERT INTO glucose_readings VALUES (22, '2026-02-22', '07:29', 'fasting', 144, NULL);
INSERT INTO glucose_readings VALUES (23, '2026-02-22', '15:10', 'after lunch', 180, 'Sunday lunch');
INSERT INTO glucose_readings VALUES (24, '2026-02-23', '07:50', 'fasting', 114, NULL);
INSERT INTO glucose_readings VALUES (25, '2026-02-25', '07:22', 'fasting', 146, NULL);
INSERT INTO glucose_readings VALUES (26, '2026-02-27', '07:39', 'fasting', 114, NULL);
INSERT INTO glucose_readings VALUES (27, '2026-02-28', '07:50', 'fasting', 116, NULL);
INSERT INTO glucose_readings VALUES (28, '2026-03-01', '07:43', 'fasting', 134, NULL);
INSERT INTO glucose_readings VALUES (29, '2026-03-01', '15:10', 'after lunch', 181, 'Sunday lunch');
INSERT INTO glucose_readings VALUES (30, '2026-03-02', '07:40', 'fasting', 137, NULL);
INSERT INTO glucose_readings VALUES (31, '2026-03-03', '07:25', 'fasting', 137, NULL);
INSERT INTO glucose_readings VALUES (32, '2026-03-04', '07:42', 'fasting', 115, NULL);
INSERT INTO glucose_readings VALUES (33, '2026-03-05', '07:50', 'fasting', 123, NULL);
INSERT INTO glucose_readings VALUES (34, '2026-03-06', '07:22', 'fasting', 128, NULL);
INSERT INTO glucose_readings VALUES (35, '2026-03-07', '07:24', 'fasting', 119, NULL);
INSERT INTO glucose_readings VALUES (36, '2026-03-08', '07:50', 'fasting', 132, NULL);
INSERT INTO glucose_readings VALUES (37, '2026-03-08', '15:10', 'after lunch', 185, 'Sunday lunch');
INSERT INTO glucose_readings VALUES (38, '2026-03-09', '07:55', 'fasting', 144, NULL);
INSERT INTO glucose_readings VALUES (39, '2026-03-10', '07:31', 'fasting', 129, NULL);
INSERT INTO glucose_readings VALUES (40, '2026-03-13', '07:43', 'fasting', 146, NULL);
INSERT INTO glucose_readings VALUES (41, '2026-03-14', '07:49', 'fasting', 119, NULL);
INSERT INTO glucose_readings VALUES (42, '2026-03-15', '07:55', 'fasting', 138, NULL);
INSERT INTO glucose_readings VALUES (43, '2026-03-15', '15:10', 'after lunch', 163, 'Sunday lunch');
INSERT INTO glucose_readings VALUES (44, '2026-03-16', '07:48', 'fasting', 145, NULL);
INSERT INTO glucose_readings VALUES (45, '2026-03-19', '07:24', 'fasting', 112, NULL);
INSERT INTO glucose_readings VALUES (46, '2026-03-20', '07:21', 'fasting', 141, NULL);
INSERT INTO glucose_readings VALUES (47, '2026-03-22', '07:47', 'fasting', 144, NULL);
INSERT INTO glucose_readings VALUES (48, '2026-03-22', '15:10', 'after lunch', 161, 'Sunday lunch');
INSERT INTO bp_readings VALUES (1, 'Armando', '2026-02-16', '08:22', 129, 74, 58, NULL);
INSERT INTO bp_readings VALUES (2, 'Armando', '2026-02-17', '08:19', 124, 75, 62, NULL);
INSERT INTO bp_readings VALUES (3, 'Armando', '2026-02-18', '08:24', 132, 76, 59, NULL);
INSERT INTO bp_readings VALUES (4, 'Armando', '2026-02-19', '08:15', 120, 79, 57, NULL);
INSERT INTO bp_readings VALUES (5, 'Armando', '2026-02-20', '08:07', 119, 71, 56, NULL);
INSERT INTO bp_readings VALUES (6, 'Armando', '2026-02-21', '08:40', 125, 69, 60, NULL);
INSERT INTO bp_readings VALUES (7, 'Armando', '2026-02-22', '08:09', 130, 70, 64, NULL);
INSERT INTO bp_readings VALUES (8, 'Armando', '2026-02-23', '08:23', 128, 79, 65, NULL);
INSERT INTO bp_readings VALUES (9, 'Armando', '2026-02-24', '08:28', 132, 77, 60, NULL);
INSERT INTO bp_readings VALUES (10, 'Armando', '2026-02-25', '08:21', 127, 76, 58, NULL);
INSERT INTO bp_readings VALUES (11, 'Armando', '2026-02-26', '08:32', 122, 78, 62, NULL);
INSERT INTO bp_readings VALUES (12, 'Armando', '2026-02-27', '08:21', 124, 75, 64, NULL);
INSERT INTO bp_readings VALUES (13, 'Armando', '2026-02-28', '08:06', 128, 76, 66, NULL);
INSERT INTO bp_readings VALUES (14, 'Armando', '2026-03-01', '08:11', 118, 76, 57, NULL);
INSERT INTO bp_readings VALUES (15, 'Armando', '2026-03-02', '08:30', 121, 72, 56, NULL);
INSERT INTO bp_readings VALUES (16, 'Armando', '2026-03-03', '08:20', 122, 78, 63, NULL);
INSERT INTO bp_readings VALUES (17, 'Armando', '2026-03-04', '08:15', 120, 74, 62, NULL);
INSERT INTO bp_readings VALUES (18, 'Armando', '2026-03-05', '08:25', 119, 78, 60, NULL);
INSERT INTO bp_readings VALUES (19, 'Armando', '2026-03-06', '08:05', 128, 79, 58, NULL);
INSERT INTO bp_readings VALUES (20, 'Armando', '2026-03-07', '08:39', 133, 73, 61, NULL);
INSERT INTO bp_readings VALUES (21, 'Armando', '2026-03-08', '08:16', 124, 68, 64, NULL);
INSERT INTO bp_readings VALUES (22, 'Armando', '2026-03-09', '08:20', 127, 74, 56, NULL);
INSERT INTO bp_readings VALUES (23, 'Armando', '2026-03-10', '08:34', 122, 75, 59, NULL);
INSERT INTO bp_readings VALUES (24, 'Armando', '2026-03-11', '08:21', 125, 74, 60, NULL);
INSERT INTO bp_readings VALUES (25, 'Armando', '2026-03-12', '08:36', 124, 79, 60, NULL);
INSERT INTO bp_readings VALUES (26, 'Armando', '2026-03-13', '08:40', 128, 78, 66, NULL);
INSERT INTO bp_readings VALUES (27, 'Armando', '2026-03-14', '08:35', 119, 77, 60, NULL);
INSERT INTO bp_readings VALUES (28, 'Armando', '2026-03-15', '08:31', 129, 73, 62, NULL);
INSERT INTO bp_readings VALUES (29, 'Armando', '2026-03-16', '08:11', 129, 75, 57, NULL);
INSERT INTO bp_readings VALUES (30, 'Armando', '2026-03-17', '08:16', 133, 77, 57, NULL);
INSERT INTO bp_readings VALUES (31, 'Armando', '2026-03-18', '08:25', 128, 71, 62, NULL);
INSERT INTO bp_readings VALUES (32, 'Armando', '2026-03-19', '08:10', 128, 76, 58, NULL);
INSERT INTO bp_readings VALUES (33, 'Armando', '2026-03-20', '08:11', 132, 74, 63, NULL);
INSERT INTO provider_invoices VALUES (1, 'Armando', 'Hospital Universitário de Paranhos', 'SNS 2025/448120', '2025-10-17', 'Inpatient episode 14-17/10 (SNS)', 0, 0, 'pago', '2025-10-17', 'no charge');
INSERT INTO provider_invoices VALUES (2, 'Armando', 'Clínica Cardiovascular do Douro', 'FT 2025/3307', '2025-11-26', 'Holter 24 h (Vértice)', 2500, 6500, 'pago', '2025-11-26', NULL);
INSERT INTO provider_invoices VALUES (3, 'Armando', 'Clínica Dentária Constituição', 'FT A/2025/2210', '2025-11-27', 'Dental check-up and cleaning', 6000, 0, 'pago', '2025-11-27', NULL);
INSERT INTO provider_invoices VALUES (4, 'Graça', 'Clínica Dentária Constituição', 'FT A/2025/2311', '2025-11-04', 'Consultation and panoramic X-ray', 7500, 0, 'pago', '2025-11-04', NULL);
INSERT INTO provider_invoices VALUES (5, 'Graça', 'Clínica Dentária Constituição', 'FT A/2025/2498', '2025-12-16', 'Bone graft, position 36', 48000, 0, 'pago', '2025-12-16', 'plan: implant 1,150 EUR in two payments');
INSERT INTO provider_invoices VALUES (6, 'Graça', 'Clínica do Pé Bonfim', 'FR 2026/0112', '2026-01-15', 'Podology session', 3500, 0, 'pago', '2026-01-15', NULL);
INSERT INTO provider_invoices VALUES (7, 'Graça', 'Clínica do Pé Bonfim', 'FR 2026/0287', '2026-02-19', 'Podology session', 3500, 0, 'pago', '2026-02-19', NULL);
INSERT INTO provider_invoices VALUES (8, 'Graça', 'Óptica Marquês', 'FS 2026/0188', '2026-02-05', 'New varifocal lenses', 21000, 4000, 'pago', '2026-02-05', 'Vértice optical benefit');
INSERT INTO provider_invoices VALUES (9, 'Armando', 'Laboratório Antunes', 'SNS-AGR 2026/02/7781', '2026-02-24', 'Blood tests (SNS requisition)', 0, 0, 'pago', '2026-02-24', 'no charge');
INSERT INTO provider_invoices VALUES (10, 'Graça', 'Laboratório Antunes', 'SNS-AGR 2026/01/3312', '2026-01-12', 'Blood tests (SNS requisition)', 0, 0, 'pago', '2026-01-12', 'no charge');
INSERT INTO provider_invoices VALUES (11, 'Armando', 'Farmácia Marquês', 'FR 2026/11208', '2026-03-04', 'Medicines (co-payment)', 2314, 0, 'pago', '2026-03-04', NULL);
INSERT INTO provider_invoices VALUES (12, 'Graça', 'Farmácia Marquês', 'FR 2026/11209', '2026-03-04', 'Medicines and test strips', 1187, 0, 'pago', '2026-03-04', NULL);
INSERT INTO provider_invoices VALUES (13, 'Armando', 'Clínica Urológica da Boavista', 'FT 2025/0912', '2025-12-03', 'Urology consultation (Vértice)', 1500, 4500, 'pago', '2025-12-03', NULL);
INSERT INTO provider_invoices VALUES (14, 'Graça', 'Piscina Municipal de Paranhos', 'REC 2026/0045', '2026-01-21', 'Hydro-gymnastics, January-March', 4200, 0, 'pago', '2026-01-21', 'seniors rate');
INSERT INTO provider_invoices VALUES (15, 'Armando', 'Clínica Cardiovascular do Douro', 'FT 2025/3306', '2025-11-26', 'Cardiology consultation (Vértice)', 1500, 5500, 'anulado', NULL, 'replaced by FT 2025/3307');
INSERT INTO insurance_cover VALUES (1, 'Armando', 'Vértice Saúde', 'VS-PEN-77120', 'VS-77120-01', 'hospital and outpatient, network', 'pensioners'' group plan of the former employer; Graça insured as spouse', '2026-01-01', '2026-12-31', NULL);
INSERT INTO insurance_cover VALUES (2, 'Graça', 'Vértice Saúde', 'VS-PEN-77120', 'VS-77120-02', 'hospital and outpatient, network', 'insured as spouse', '2026-01-01', '2026-12-31', NULL);
INSERT INTO insurance_cover VALUES (3, 'Armando', 'Vértice Saúde', 'VS-PEN-77120', 'VS-77120-01', 'diagnostic exams', 'network co-payment per exam, prior approval for imaging', '2026-01-01', '2026-12-31', NULL);
INSERT INTO insurance_cover VALUES (4, 'Graça', 'Vértice Saúde', 'VS-PEN-77120', 'VS-77120-02', 'optical', '40 EUR per year towards lenses', '2026-01-01', '2026-12-31', 'used 05/02');
INSERT INTO insurance_cover VALUES (5, 'Graça', 'Vértice Saúde', 'VS-PEN-77120', 'VS-77120-02', 'dental', 'not covered except network discount 10 %', '2026-01-01', '2026-12-31', 'Constituição clinic is not in the network');
INSERT INTO insurance_cover VALUES (6, 'Armando', 'SNS', '203 118 574', NULL, 'public health service', 'USF Porto Norte; HUP cardiology', NULL, NULL, NULL);
INSERT INTO insurance_cover VALUES (7, 'Graça', 'SNS', '281 437 906', NULL, 'public health service', 'USF Porto Norte', NULL, NULL, NULL);
INSERT INTO insurance_cover VALUES (8, 'Graça', 'Vértice Saúde', 'VS-PEN-77120', 'VS-77120-02', 'podology and physiotherapy', 'network only; see the network list of the year', '2026-01-01', '2026-12-31', NULL);
INSERT INTO insurance_cover VALUES (9, 'Armando', 'Vértice Saúde', 'VS-PEN-77120', 'VS-77120-01', 'podology and physiotherapy', 'network only; see the network list of the year', '2026-01-01', '2026-12-31', NULL);
INSERT INTO programs VALUES (1, 'Armando', 'Cardiac rehabilitation, phase II (24 sessions)', 'Unidade de Reabilitação Cardíaca, HUP', 'Dr. Paulo Meireles', '2025-11-18', 'in progress', '2026-01-13', 'Tue and Thu 09:00-10:15', 'ends mid-April');
INSERT INTO programs VALUES (2, 'Graça', 'Hydro-gymnastics for seniors', 'Piscina Municipal de Paranhos', NULL, NULL, 'enrolled', '2026-01-23', 'Fri 10:00-10:45', 'term January-March, renew in March');
INSERT INTO programs VALUES (3, 'Graça', 'Parish choir', 'Paróquia de Paranhos', NULL, NULL, 'member', '2019-10-01', 'Tue 21:00', 'not health, kept here for the weekly plan');
