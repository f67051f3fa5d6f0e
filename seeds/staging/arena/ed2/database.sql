-- HALO-Arena environment ed2 (education): Nadia Belkacem's study and placement records.
-- Nadia keeps this database herself (exports from the university portal, ClinPass and the
-- residence's staff app). Amounts are integer cents (CAD). Times are Montreal local time.

CREATE TABLE credentials (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    number TEXT,
    issuer TEXT NOT NULL,
    issued_on TEXT,
    valid_until TEXT,
    notes TEXT
);
CREATE TABLE fit_tests (
    id INTEGER PRIMARY KEY,
    tested_on TEXT NOT NULL,
    respirator_model TEXT NOT NULL,
    size TEXT NOT NULL,
    method TEXT NOT NULL,
    result TEXT NOT NULL,
    tester TEXT,
    valid_until TEXT
);
CREATE TABLE courses (
    code TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    credits INTEGER NOT NULL,
    kind TEXT NOT NULL            -- theory | practicum | elective | lab
);
CREATE TABLE enrolments (
    id INTEGER PRIMARY KEY,
    term TEXT NOT NULL,           -- A = fall, H = winter, E = summer (A24 = fall 2024)
    course_code TEXT REFERENCES courses(code),
    status TEXT NOT NULL,         -- registered | completed | withdrawn (W) | incomplete (IN)
    grade TEXT,
    notes TEXT
);
CREATE TABLE placements (
    id INTEGER PRIMARY KEY,
    course_code TEXT,
    term TEXT,
    site TEXT NOT NULL,
    unit TEXT NOT NULL,
    starts_on TEXT,
    ends_on TEXT,
    days TEXT,
    preceptor TEXT,
    instructor TEXT
);
CREATE TABLE clinical_hours (
    id INTEGER PRIMARY KEY,
    worked_on TEXT NOT NULL,
    placement_id INTEGER,
    category TEXT NOT NULL,       -- practicum | elective | simulation
    hours REAL NOT NULL,
    activity TEXT,
    status TEXT NOT NULL,         -- submitted | validated
    validated_by TEXT
);
CREATE TABLE program_requirements (
    code TEXT PRIMARY KEY,
    requirement TEXT NOT NULL,
    status TEXT NOT NULL,
    notes TEXT
);
CREATE TABLE work_shifts (
    id INTEGER PRIMARY KEY,
    shift_date TEXT NOT NULL,
    shift TEXT NOT NULL,          -- Jour 07:00-15:00 | Soir 15:00-23:00 | Nuit 23:00-07:00
    unit TEXT,
    hours REAL NOT NULL,
    source TEXT
);
CREATE TABLE pay_stubs (
    id INTEGER PRIMARY KEY,
    period_start TEXT,
    period_end TEXT,
    paid_on TEXT,
    hours REAL,
    gross_minor INTEGER,
    net_minor INTEGER
);
CREATE TABLE equipment (
    id INTEGER PRIMARY KEY,
    item TEXT NOT NULL,
    bought_on TEXT,
    price_minor INTEGER,
    notes TEXT
);
CREATE TABLE afe_awards (
    id INTEGER PRIMARY KEY,
    award_year TEXT,
    term TEXT,
    kind TEXT,                    -- loan | bursary
    amount_minor INTEGER,
    paid_on TEXT,
    status_basis TEXT
);
CREATE TABLE assignments (
    id INTEGER PRIMARY KEY,
    course_code TEXT,
    title TEXT,
    due_on TEXT,
    weight_pct INTEGER,
    status TEXT,
    grade TEXT
);
CREATE TABLE skills_checklist (
    id INTEGER PRIMARY KEY,
    skill TEXT NOT NULL,
    first_done_on TEXT,
    setting TEXT,
    signed_by TEXT,
    status TEXT
);

INSERT INTO credentials VALUES (1, 'OIIQ immatriculation (student registration)', 'IMM-23-08841', 'Ordre des infirmieres et infirmiers du Quebec', '2023-08-14', '2026-08-31', 'renewed 2025-09-03');
INSERT INTO credentials VALUES (2, 'BLS for healthcare providers', 'HSF-BLS-7736120', 'Heart & Stroke Foundation', '2025-08-22', '2027-08-22', NULL);
INSERT INTO credentials VALUES (3, 'Student number', '40231877', 'Ville-Marie University', '2023-08-28', NULL, 'not the OIIQ number');
INSERT INTO credentials VALUES (4, 'CIUSSS ID badge', 'B-558102', 'CIUSSS du Centre-Est', '2025-01-08', '2026-06-30', 'student badge, 6 Ouest / 4 Est access list');
INSERT INTO credentials VALUES (5, 'Criminal background check', 'VAJ-2023-11409', 'SPVM via the School', '2023-08-20', NULL, 'valid for the program');
INSERT INTO credentials VALUES (6, 'PAB training certificate (DEP assistance to persons)', 'DEP-5358-2019', 'Centre de formation Marie-Rollet', '2019-06-21', NULL, NULL);
INSERT INTO credentials VALUES (7, 'Class 5 driver''s licence', 'B2450-180190-03', 'SAAQ', '2023-01-19', '2027-01-19', NULL);
INSERT INTO fit_tests VALUES (1, '2023-09-12', '3M 1860', 'Regular', 'qualitative (Bitrex)', 'Pass', 'CIUSSS SST', '2025-09-12');
INSERT INTO fit_tests VALUES (2, '2025-08-19', '3M 1860', 'Regular', 'qualitative (Bitrex)', 'Pass', 'CIUSSS SST', '2027-08-19');
INSERT INTO fit_tests VALUES (3, '2025-08-19', '3M 1870+ Aura', 'Regular', 'qualitative (Bitrex)', 'Fail', 'CIUSSS SST', NULL);
INSERT INTO courses VALUES ('NURS 101', 'Foundations of nursing', 3, 'theory');
INSERT INTO courses VALUES ('NURS 110', 'Health assessment I', 3, 'theory');
INSERT INTO courses VALUES ('NURS 115', 'Fundamental nursing skills lab', 3, 'lab');
INSERT INTO courses VALUES ('BIOL 120', 'Human anatomy and physiology I', 3, 'theory');
INSERT INTO courses VALUES ('BIOL 121', 'Human anatomy and physiology II', 3, 'theory');
INSERT INTO courses VALUES ('NURS 130', 'Communication in nursing', 3, 'theory');
INSERT INTO courses VALUES ('NURS 135', 'Practicum: long-term care', 3, 'practicum');
INSERT INTO courses VALUES ('PHAR 200', 'Pharmacology for nurses', 3, 'theory');
INSERT INTO courses VALUES ('NURS 210', 'Health assessment II', 3, 'theory');
INSERT INTO courses VALUES ('NURS 230', 'Adult health nursing I', 3, 'theory');
INSERT INTO courses VALUES ('NURS 235', 'Practicum: mental health', 3, 'practicum');
INSERT INTO courses VALUES ('NURS 240', 'Maternal and newborn nursing', 3, 'theory');
INSERT INTO courses VALUES ('NURS 250', 'Practicum: medical-surgical nursing (year 2)', 4, 'practicum');
INSERT INTO courses VALUES ('NURS 260', 'Pathophysiology', 3, 'theory');
INSERT INTO courses VALUES ('STAT 220', 'Statistics for health sciences', 3, 'theory');
INSERT INTO courses VALUES ('NURS 310', 'Family nursing', 3, 'theory');
INSERT INTO courses VALUES ('NURS 315', 'Practicum: paediatrics', 3, 'practicum');
INSERT INTO courses VALUES ('NURS 320', 'Nursing research methods', 3, 'theory');
INSERT INTO courses VALUES ('NURS 330', 'Adult health nursing II', 3, 'theory');
INSERT INTO courses VALUES ('NURS 335', 'Clinical practicum, adult health', 3, 'practicum');
INSERT INTO courses VALUES ('NURS 341', 'Palliative and end-of-life care', 3, 'elective');
INSERT INTO courses VALUES ('NURS 352', 'Community health nursing', 3, 'theory');
INSERT INTO courses VALUES ('NURS 360', 'Critical care nursing', 3, 'theory');
INSERT INTO courses VALUES ('NURS 380', 'Leadership and professional issues', 3, 'theory');
INSERT INTO courses VALUES ('NURS 385', 'Integration practicum', 6, 'practicum');
INSERT INTO courses VALUES ('NURS 395', 'Clinical elective experience (40 h)', 0, 'elective');
INSERT INTO enrolments VALUES (1, 'A23', 'NURS 101', 'completed', 'B+', NULL);
INSERT INTO enrolments VALUES (2, 'A23', 'NURS 110', 'completed', 'A-', NULL);
INSERT INTO enrolments VALUES (3, 'A23', 'BIOL 120', 'completed', 'B', NULL);
INSERT INTO enrolments VALUES (4, 'A23', 'NURS 130', 'completed', 'A', NULL);
INSERT INTO enrolments VALUES (5, 'H24', 'NURS 115', 'completed', 'A-', NULL);
INSERT INTO enrolments VALUES (6, 'H24', 'BIOL 121', 'completed', 'B+', NULL);
INSERT INTO enrolments VALUES (7, 'H24', 'NURS 135', 'completed', 'P', NULL);
INSERT INTO enrolments VALUES (8, 'H24', 'PHAR 200', 'completed', 'B', NULL);
INSERT INTO enrolments VALUES (9, 'A24', 'NURS 210', 'completed', 'B+', NULL);
INSERT INTO enrolments VALUES (10, 'A24', 'NURS 230', 'completed', 'B', NULL);
INSERT INTO enrolments VALUES (11, 'A24', 'NURS 250', 'incomplete (IN)', NULL, 'stopped at week 5 (family reasons); part-time term');
INSERT INTO enrolments VALUES (12, 'H25', 'NURS 240', 'completed', 'A-', NULL);
INSERT INTO enrolments VALUES (13, 'H25', 'NURS 260', 'completed', 'B+', NULL);
INSERT INTO enrolments VALUES (14, 'H25', 'STAT 220', 'completed', 'B', NULL);
INSERT INTO enrolments VALUES (15, 'E25', 'NURS 250', 'completed', 'B+', 'completed in the summer session, 6 Ouest; replaces the A24 IN');
INSERT INTO enrolments VALUES (16, 'A25', 'NURS 235', 'completed', 'P', NULL);
INSERT INTO enrolments VALUES (17, 'A25', 'NURS 310', 'completed', 'A-', NULL);
INSERT INTO enrolments VALUES (18, 'A25', 'NURS 315', 'completed', 'P', NULL);
INSERT INTO enrolments VALUES (19, 'A25', 'NURS 320', 'completed', 'B+', NULL);
INSERT INTO enrolments VALUES (20, 'H26', 'NURS 330', 'registered', NULL, NULL);
INSERT INTO enrolments VALUES (21, 'H26', 'NURS 335', 'registered', NULL, NULL);
INSERT INTO enrolments VALUES (22, 'H26', 'NURS 341', 'registered', NULL, NULL);
INSERT INTO enrolments VALUES (23, 'H26', 'NURS 352', 'registered', NULL, NULL);
INSERT INTO placements VALUES (1, 'NURS 135', 'H24', 'CHSLD Rosemont', 'Unite 3', '2024-02-12', '2024-04-12', 'Thu-Fri', 'C. Paquette', 'S. Morin');
INSERT INTO placements VALUES (2, 'NURS 250', 'A24', 'Hopital Saint-Denis-Lafontaine', '5 Nord (surgery)', '2024-09-16', '2024-10-18', 'Mon-Tue', 'R. Belanger', 'C. Roy');
INSERT INTO placements VALUES (3, 'NURS 250', 'E25', 'Hopital Saint-Denis-Lafontaine', '6 Ouest (internal medicine)', '2025-05-12', '2025-06-20', 'Mon-Wed', 'L. Gagnon', 'C. Roy');
INSERT INTO placements VALUES (4, 'NURS 235', 'A25', 'Institut Albert-Prevost (partner)', 'Short-stay psychiatry', '2025-09-08', '2025-10-17', 'Mon-Tue', 'D. Nadeau', 'K. Aubin');
INSERT INTO placements VALUES (5, 'NURS 315', 'A25', 'CHU Sainte-Justine (partner)', 'Paediatric medicine', '2025-10-27', '2025-12-09', 'Mon-Tue', 'A. Girard', 'K. Aubin');
INSERT INTO placements VALUES (6, 'NURS 335', 'H26', 'Hopital Saint-Denis-Lafontaine', '6 Ouest (internal medicine)', '2026-01-12', '2026-03-10', 'Mon-Tue', 'L. Gagnon', 'C. Roy');
INSERT INTO placements VALUES (7, 'NURS 335', 'H26', 'Hopital Saint-Denis-Lafontaine, Pavillon Lafontaine', '4 Est (respiratory medicine)', '2026-03-16', '2026-04-21', 'Mon-Tue', NULL, 'C. Roy');
INSERT INTO clinical_hours VALUES (1, '2025-05-12', 3, 'practicum', 8.0, '6 Ouest', 'validated', 'L. Gagnon');
INSERT INTO clinical_hours VALUES (2, '2025-05-13', 3, 'practicum', 8.0, '6 Ouest', 'validated', 'L. Gagnon');
INSERT INTO clinical_hours VALUES (3, '2025-05-14', 3, 'practicum', 8.0, '6 Ouest', 'validated', 'L. Gagnon');
INSERT INTO clinical_hours VALUES (4, '2025-05-20', 3, 'practicum', 8.0, '6 Ouest', 'validated', 'L. Gagnon');
INSERT INTO clinical_hours VALUES (5, '2025-05-21', 3, 'practicum', 8.0, '6 Ouest', 'validated', 'L. Gagnon');
INSERT INTO clinical_hours VALUES (6, '2025-05-26', 3, 'practicum', 8.0, '6 Ouest', 'validated', 'L. Gagnon');
INSERT INTO clinical_hours VALUES (7, '2025-05-27', 3, 'practicum', 8.0, '6 Ouest', 'validated', 'L. Gagnon');
INSERT INTO clinical_hours VALUES (8, '2025-05-28', 3, 'practicum', 8.0, '6 Ouest', 'validated', 'L. Gagnon');
INSERT INTO clinical_hours VALUES (9, '2025-06-02', 3, 'practicum', 8.0, '6 Ouest', 'validated', 'L. Gagnon');
INSERT INTO clinical_hours VALUES (10, '2025-06-03', 3, 'practicum', 8.0, '6 Ouest', 'validated', 'L. Gagnon');
INSERT INTO clinical_hours VALUES (11, '2025-06-09', 3, 'practicum', 8.0, '6 Ouest', 'validated', 'L. Gagnon');
INSERT INTO clinical_hours VALUES (12, '2025-06-10', 3, 'practicum', 8.0, '6 Ouest', 'validated', 'L. Gagnon');
INSERT INTO clinical_hours VALUES (13, '2025-06-11', 3, 'practicum', 8.0, '6 Ouest', 'validated', 'L. Gagnon');
INSERT INTO clinical_hours VALUES (14, '2025-06-16', 3, 'practicum', 8.0, '6 Ouest', 'validated', 'L. Gagnon');
INSERT INTO clinical_hours VALUES (15, '2025-06-17', 3, 'practicum', 8.0, '6 Ouest', 'validated', 'L. Gagnon');
INSERT INTO clinical_hours VALUES (16, '2025-06-18', 3, 'practicum', 8.0, '6 Ouest', 'validated', 'L. Gagnon');
INSERT INTO clinical_hours VALUES (17, '2025-09-08', 4, 'practicum', 8.0, 'Short-stay psychiatry', 'validated', 'D. Nadeau');
INSERT INTO clinical_hours VALUES (18, '2025-09-09', 4, 'practicum', 8.0, 'Short-stay psychiatry', 'validated', 'D. Nadeau');
INSERT INTO clinical_hours VALUES (19, '2025-09-15', 4, 'practicum', 8.0, 'Short-stay psychiatry', 'validated', 'D. Nadeau');
INSERT INTO clinical_hours VALUES (20, '2025-09-16', 4, 'practicum', 8.0, 'Short-stay psychiatry', 'validated', 'D. Nadeau');
INSERT INTO clinical_hours VALUES (21, '2025-09-22', 4, 'practicum', 8.0, 'Short-stay psychiatry', 'validated', 'D. Nadeau');
INSERT INTO clinical_hours VALUES (22, '2025-09-23', 4, 'practicum', 8.0, 'Short-stay psychiatry', 'validated', 'D. Nadeau');
INSERT INTO clinical_hours VALUES (23, '2025-09-29', 4, 'practicum', 8.0, 'Short-stay psychiatry', 'validated', 'D. Nadeau');
INSERT INTO clinical_hours VALUES (24, '2025-09-30', 4, 'practicum', 8.0, 'Short-stay psychiatry', 'validated', 'D. Nadeau');
INSERT INTO clinical_hours VALUES (25, '2025-10-06', 4, 'practicum', 8.0, 'Short-stay psychiatry', 'validated', 'D. Nadeau');
INSERT INTO clinical_hours VALUES (26, '2025-10-07', 4, 'practicum', 8.0, 'Short-stay psychiatry', 'validated', 'D. Nadeau');
INSERT INTO clinical_hours VALUES (27, '2025-10-13', 4, 'practicum', 8.0, 'Short-stay psychiatry', 'validated', 'D. Nadeau');
INSERT INTO clinical_hours VALUES (28, '2025-10-14', 4, 'practicum', 8.0, 'Short-stay psychiatry', 'validated', 'D. Nadeau');
INSERT INTO clinical_hours VALUES (29, '2025-10-27', 5, 'practicum', 8.0, 'Paediatric medicine', 'validated', 'A. Girard');
INSERT INTO clinical_hours VALUES (30, '2025-10-28', 5, 'practicum', 8.0, 'Paediatric medicine', 'validated', 'A. Girard');
INSERT INTO clinical_hours VALUES (31, '2025-11-03', 5, 'practicum', 8.0, 'Paediatric medicine', 'validated', 'A. Girard');
INSERT INTO clinical_hours VALUES (32, '2025-11-04', 5, 'practicum', 8.0, 'Paediatric medicine', 'validated', 'A. Girard');
INSERT INTO clinical_hours VALUES (33, '2025-11-10', 5, 'practicum', 8.0, 'Paediatric medicine', 'validated', 'A. Girard');
INSERT INTO clinical_hours VALUES (34, '2025-11-11', 5, 'practicum', 8.0, 'Paediatric medicine', 'validated', 'A. Girard');
INSERT INTO clinical_hours VALUES (35, '2025-11-17', 5, 'practicum', 8.0, 'Paediatric medicine', 'validated', 'A. Girard');
INSERT INTO clinical_hours VALUES (36, '2025-11-18', 5, 'practicum', 8.0, 'Paediatric medicine', 'validated', 'A. Girard');
INSERT INTO clinical_hours VALUES (37, '2025-11-24', 5, 'practicum', 8.0, 'Paediatric medicine', 'validated', 'A. Girard');
INSERT INTO clinical_hours VALUES (38, '2025-11-25', 5, 'practicum', 8.0, 'Paediatric medicine', 'validated', 'A. Girard');
INSERT INTO clinical_hours VALUES (39, '2025-12-01', 5, 'practicum', 8.0, 'Paediatric medicine', 'validated', 'A. Girard');
INSERT INTO clinical_hours VALUES (40, '2025-12-02', 5, 'practicum', 8.0, 'Paediatric medicine', 'validated', 'A. Girard');
INSERT INTO clinical_hours VALUES (41, '2025-12-08', 5, 'practicum', 8.0, 'Paediatric medicine', 'validated', 'A. Girard');
INSERT INTO clinical_hours VALUES (42, '2025-12-09', 5, 'practicum', 8.0, 'Paediatric medicine', 'validated', 'A. Girard');
INSERT INTO clinical_hours VALUES (43, '2025-07-12', NULL, 'elective', 8.0, 'Camp nurse, Camp Kinkora (day 1)', 'validated', 'M. Leclerc (camp nurse)');
INSERT INTO clinical_hours VALUES (44, '2025-07-13', NULL, 'elective', 8.0, 'Camp nurse, Camp Kinkora (day 2)', 'validated', 'M. Leclerc (camp nurse)');
INSERT INTO clinical_hours VALUES (45, '2025-10-04', NULL, 'elective', 8.0, 'CLSC flu vaccination clinic', 'validated', 'J. Hebert (CLSC)');
INSERT INTO clinical_hours VALUES (46, '2025-11-22', NULL, 'elective', 8.0, 'Harm-reduction outreach (Dopamine)', 'validated', 'P. Roussel');
INSERT INTO clinical_hours VALUES (47, '2025-11-20', NULL, 'simulation', 8.0, 'Paediatric simulation day', 'validated', 'K. Aubin');
INSERT INTO program_requirements VALUES ('NURS 395', '40 h elective clinical experience (pass/fail), needed for graduation', 'in progress — 32.0 of 40.0 h', 'approved activities only');
INSERT INTO program_requirements VALUES ('CREDITS', '106 credits', '55 of 106 completed at the end of A25 (part-time year 2024-25)', NULL);
INSERT INTO program_requirements VALUES ('OIIQ', 'Immatriculation kept for the whole program', 'current', NULL);
INSERT INTO program_requirements VALUES ('BLS', 'BLS certificate current during placements', 'current to 2027-08-22', NULL);
INSERT INTO program_requirements VALUES ('FIT', 'N95 fit test for the unit''s model', 'see fit_tests', NULL);
INSERT INTO program_requirements VALUES ('NURS 385', 'Integration practicum (final year, 6 credits)', 'not started', 'planned summer/fall 2026');
INSERT INTO work_shifts VALUES (1, '2025-09-06', 'Jour 07:00-15:00', 'Pavillon A', 8.0, 'staff app');
INSERT INTO work_shifts VALUES (2, '2025-09-07', 'Jour 07:00-15:00', 'Pavillon B', 8.0, 'staff app');
INSERT INTO work_shifts VALUES (3, '2025-09-13', 'Jour 07:00-15:00', 'Pavillon B', 8.0, 'staff app');
INSERT INTO work_shifts VALUES (4, '2025-09-14', 'Jour 07:00-15:00', 'Pavillon B', 8.0, 'staff app');
INSERT INTO work_shifts VALUES (5, '2025-09-20', 'Jour 07:00-15:00', 'Pavillon B', 8.0, 'staff app');
INSERT INTO work_shifts VALUES (6, '2025-09-21', 'Jour 07:00-15:00', 'Pavillon A', 8.0, 'staff app');
INSERT INTO work_shifts VALUES (7, '2025-09-27', 'Jour 07:00-15:00', 'Pavillon A', 8.0, 'staff app');
INSERT INTO work_shifts VALUES (8, '2025-09-28', 'Jour 07:00-15:00', 'Pavillon B', 8.0, 'staff app');
INSERT INTO work_shifts VALUES (9, '2025-10-04', 'Jour 07:00-15:00', 'Pavillon B', 8.0, 'staff app');
INSERT INTO work_shifts VALUES (10, '2025-10-05', 'Jour 07:00-15:00', 'Pavillon B', 8.0, 'staff app');
INSERT INTO work_shifts VALUES (11, '2025-10-11', 'Nuit 23:00-07:00', 'Pavillon B', 8.0, 'staff app');
INSERT INTO work_shifts VALUES (12, '2025-10-12', 'Jour 07:00-15:00', 'Pavillon A', 8.0, 'staff app');
INSERT INTO work_shifts VALUES (13, '2025-10-18', 'Jour 07:00-15:00', 'Pavillon A', 8.0, 'staff app');
INSERT INTO work_shifts VALUES (14, '2025-10-19', 'Jour 07:00-15:00', 'Pavillon B', 8.0, 'staff app');
INSERT INTO work_shifts VALUES (15, '2025-10-25', 'Jour 07:00-15:00', 'Pavillon B', 8.0, 'staff app');
INSERT INTO work_shifts VALUES (16, '2025-10-26', 'Jour 07:00-15:00', 'Pavillon B', 8.0, 'staff app');
INSERT INTO work_shifts VALUES (17, '2025-11-01', 'Jour 07:00-15:00', 'Pavillon B', 8.0, 'staff app');
INSERT INTO work_shifts VALUES (18, '2025-11-02', 'Jour 07:00-15:00', 'Pavillon B', 8.0, 'staff app');
INSERT INTO work_shifts VALUES (19, '2025-11-08', 'Jour 07:00-15:00', 'Pavillon B', 8.0, 'staff app');
INSERT INTO work_shifts VALUES (20, '2025-11-09', 'Jour 07:00-15:00', 'Pavillon A', 8.0, 'staff app');
INSERT INTO work_shifts VALUES (21, '2025-11-15', 'Nuit 23:00-07:00', 'Pavillon A', 8.0, 'staff app');
INSERT INTO work_shifts VALUES (22, '2025-11-16', 'Jour 07:00-15:00', 'Pavillon B', 8.0, 'staff app');
INSERT INTO work_shifts VALUES (23, '2025-11-22', 'Jour 07:00-15:00', 'Pavillon B', 8.0, 'staff app');
INSERT INTO work_shifts VALUES (24, '2025-11-23', 'Jour 07:00-15:00', 'Pavillon B', 8.0, 'staff app');
INSERT INTO work_shifts VALUES (25, '2025-11-29', 'Jour 07:00-15:00', 'Pavillon B', 8.0, 'staff app');
INSERT INTO work_shifts VALUES (26, '2025-11-30', 'Jour 07:00-15:00', 'Pavillon A', 8.0, 'staff app');
INSERT INTO work_shifts VALUES (27, '2025-12-06', 'Jour 07:00-15:00', 'Pavillon A', 8.0, 'staff app');
INSERT INTO work_shifts VALUES (28, '2025-12-07', 'Jour 07:00-15:00', 'Pavillon B', 8.0, 'staff app');
INSERT INTO work_shifts VALUES (29, '2025-12-13', 'Jour 07:00-15:00', 'Pavillon B', 8.0, 'staff app');
INSERT INTO work_shifts VALUES (30, '2025-12-14', 'Jour 07:00-15:00', 'Pavillon B', 8.0, 'staff app');
INSERT INTO work_shifts VALUES (31, '2025-12-28', 'Jour 07:00-15:00', 'Pavillon B', 8.0, 'staff app');
INSERT INTO work_shifts VALUES (32, '2026-01-03', 'Nuit 23:00-07:00', 'Pavillon A', 8.0, 'staff app');
INSERT INTO work_shifts VALUES (33, '2026-01-04', 'Jour 07:00-15:00', 'Pavillon B', 8.0, 'staff app');
INSERT INTO work_shifts VALUES (34, '2026-01-10', 'Jour 07:00-15:00', 'Pavillon B', 8.0, 'staff app');
INSERT INTO work_shifts VALUES (35, '2026-01-11', 'Jour 07:00-15:00', 'Pavillon B', 8.0, 'staff app');
INSERT INTO pay_stubs VALUES (1, '2025-08-31', '2025-09-13', '2025-09-18', 32.0, 70720, 55869);
INSERT INTO pay_stubs VALUES (2, '2025-09-14', '2025-09-27', '2025-10-02', 32.0, 70720, 55869);
INSERT INTO pay_stubs VALUES (3, '2025-09-28', '2025-10-11', '2025-10-16', 32.0, 70720, 55869);
INSERT INTO pay_stubs VALUES (4, '2025-10-12', '2025-10-25', '2025-10-30', 24.0, 53040, 41902);
INSERT INTO pay_stubs VALUES (5, '2025-10-26', '2025-11-08', '2025-11-13', 32.0, 70720, 55869);
INSERT INTO pay_stubs VALUES (6, '2025-11-09', '2025-11-22', '2025-11-27', 32.0, 70720, 55869);
INSERT INTO pay_stubs VALUES (7, '2025-11-23', '2025-12-06', '2025-12-11', 32.0, 70720, 55869);
INSERT INTO pay_stubs VALUES (8, '2025-12-07', '2025-12-20', '2025-12-24', 24.0, 53040, 41902);
INSERT INTO pay_stubs VALUES (9, '2025-12-21', '2026-01-03', '2026-01-08', 16.0, 35360, 27935);
INSERT INTO equipment VALUES (1, 'TI-84 Plus CE graphing calculator', '2019-08-25', 15999, 'from CEGEP; my only calculator');
INSERT INTO equipment VALUES (2, 'Littmann Classic III stethoscope', '2023-08-30', 13796, NULL);
INSERT INTO equipment VALUES (3, 'Penlight with pupil gauge', '2023-08-30', 804, NULL);
INSERT INTO equipment VALUES (4, 'Navy tunic with School crest (x2)', '2023-08-30', 8966, 'size M');
INSERT INTO equipment VALUES (5, 'Clogs, closed, black', '2024-01-10', 11495, NULL);
INSERT INTO equipment VALUES (6, 'Lewis''s Medical-Surgical Nursing, 5th Canadian ed. (used)', '2024-08-28', 9500, NULL);
INSERT INTO equipment VALUES (7, 'Fob watch with second hand', '2023-08-30', 1899, NULL);
INSERT INTO equipment VALUES (8, 'Lab coat, white', '2023-08-30', 3219, 'for the skills lab');
INSERT INTO equipment VALUES (9, 'Drug guide app (Davis) - yearly', '2025-08-20', 5499, 'renews August');
INSERT INTO equipment VALUES (10, 'Laptop Lenovo IdeaPad (refurbished)', '2023-08-15', 42900, NULL);
INSERT INTO equipment VALUES (11, 'Bandage scissors', '2023-08-30', 699, NULL);
INSERT INTO equipment VALUES (12, 'Reusable lunch bag', '2024-09-02', 1899, NULL);
INSERT INTO afe_awards VALUES (1, '2024-2025', 'A24', 'loan', 210000, '2024-09-04', 'temps partiel (10 cr.)');
INSERT INTO afe_awards VALUES (2, '2024-2025', 'H25', 'loan', 310000, '2025-01-08', 'temps plein (12 cr.)');
INSERT INTO afe_awards VALUES (3, '2024-2025', 'H25', 'bursary', 198000, '2025-01-08', 'temps plein (12 cr.)');
INSERT INTO afe_awards VALUES (4, '2025-2026', 'A25', 'loan', 320000, '2025-09-03', 'temps plein (12 cr.)');
INSERT INTO afe_awards VALUES (5, '2025-2026', 'A25', 'bursary', 214000, '2025-09-03', 'temps plein (12 cr.)');
INSERT INTO afe_awards VALUES (6, '2025-2026', 'H26', 'loan', 160000, '2026-01-07', 'temps plein (12 cr.) - 1st half');
INSERT INTO afe_awards VALUES (7, '2025-2026', 'H26', 'bursary', 214000, '2026-01-07', 'temps plein (12 cr.)');
INSERT INTO assignments VALUES (1, 'NURS 310', 'Family assessment paper', '2025-10-15', 40, 'graded', 'A-');
INSERT INTO assignments VALUES (2, 'NURS 310', 'Final exam', '2025-12-12', 60, 'graded', 'B+');
INSERT INTO assignments VALUES (3, 'NURS 320', 'Critical appraisal', '2025-10-29', 30, 'graded', 'B+');
INSERT INTO assignments VALUES (4, 'NURS 320', 'Research proposal', '2025-12-05', 40, 'graded', 'A-');
INSERT INTO assignments VALUES (5, 'NURS 320', 'Quiz series', '2025-11-26', 30, 'graded', 'B');
INSERT INTO assignments VALUES (6, 'NURS 330', 'Medication calculation test', '2026-02-09', 0, 'to do', NULL);
INSERT INTO assignments VALUES (7, 'NURS 330', 'Midterm exam', '2026-02-25', 20, 'to do', NULL);
INSERT INTO assignments VALUES (8, 'NURS 330', 'Concept map', '2026-03-25', 30, 'to do', NULL);
INSERT INTO assignments VALUES (9, 'NURS 330', 'Final exam', '2026-04-24', 50, 'to do', NULL);
INSERT INTO assignments VALUES (10, 'NURS 341', 'Assignment 1 - case analysis', '2026-02-12', 20, 'to do', NULL);
INSERT INTO assignments VALUES (11, 'NURS 341', 'Assignment 2 - family meeting role play', '2026-03-20', 30, 'to do', NULL);
INSERT INTO assignments VALUES (12, 'NURS 341', 'Final exam', '2026-04-27', 50, 'to do', NULL);
INSERT INTO assignments VALUES (13, 'NURS 352', 'Needs assessment summary', '2026-02-13', 0, 'to do', NULL);
INSERT INTO assignments VALUES (14, 'NURS 352', 'Teaching plan', '2026-03-13', 30, 'to do', NULL);
INSERT INTO assignments VALUES (15, 'NURS 352', 'Class presentation', '2026-04-09', 30, 'to do', NULL);
INSERT INTO assignments VALUES (16, 'NURS 352', 'Reflective paper', '2026-04-22', 40, 'to do', NULL);
INSERT INTO assignments VALUES (17, 'NURS 335', 'Rotation 1 midterm self-evaluation', '2026-02-10', 0, 'to do', NULL);
INSERT INTO assignments VALUES (18, 'NURS 335', 'Rotation 1 final self-evaluation', '2026-03-10', 0, 'to do', NULL);
INSERT INTO assignments VALUES (19, 'NURS 335', 'Rotation 2 final self-evaluation', '2026-04-21', 0, 'to do', NULL);
INSERT INTO assignments VALUES (20, 'NURS 315', 'Care plan (paediatrics)', '2025-11-30', 0, 'graded', 'P');
INSERT INTO assignments VALUES (21, 'NURS 235', 'Process recording', '2025-10-10', 0, 'graded', 'P');
INSERT INTO skills_checklist VALUES (1, 'Subcutaneous insulin', '2024-02-20', 'CHSLD Rosemont', 'C. Paquette', 'competent');
INSERT INTO skills_checklist VALUES (2, 'IV push medication (supervised)', '2025-05-27', '6 Ouest', 'L. Gagnon', 'competent');
INSERT INTO skills_checklist VALUES (3, 'Blood transfusion monitoring', '2025-06-10', '6 Ouest', 'L. Gagnon', 'supervised');
INSERT INTO skills_checklist VALUES (4, 'Nasogastric tube insertion', '2025-06-17', '6 Ouest', 'L. Gagnon', 'supervised');
INSERT INTO skills_checklist VALUES (5, 'Urinary catheter insertion', '2024-03-14', 'Skills lab', 'S. Morin', 'competent');
INSERT INTO skills_checklist VALUES (6, 'Wound care - negative pressure', '2025-06-02', '6 Ouest', 'L. Gagnon', 'supervised');
INSERT INTO skills_checklist VALUES (7, 'Peripheral IV start', '2025-11-20', 'Simulation', 'K. Aubin', 'lab only');
INSERT INTO skills_checklist VALUES (8, 'Tracheostomy care', '2025-06-18', '6 Ouest', 'L. Gagnon', 'supervised');
INSERT INTO skills_checklist VALUES (9, 'Paediatric weight-based dosing', '2025-11-04', 'Paediatric medicine', 'A. Girard', 'competent');
INSERT INTO skills_checklist VALUES (10, 'Mental status exam', '2025-09-23', 'Short-stay psychiatry', 'D. Nadeau', 'competent');
INSERT INTO skills_checklist VALUES (11, 'SBAR handover', '2025-05-20', '6 Ouest', 'L. Gagnon', 'competent');
INSERT INTO skills_checklist VALUES (12, 'Glasgow coma scale', '2025-06-09', '6 Ouest', 'L. Gagnon', 'competent');
INSERT INTO skills_checklist VALUES (13, 'Central line dressing', '2025-06-16', '6 Ouest', 'L. Gagnon', 'observed');
INSERT INTO skills_checklist VALUES (14, 'PICC line care', '2025-06-19', '6 Ouest', 'L. Gagnon', 'observed');
INSERT INTO skills_checklist VALUES (15, 'Oxygen therapy - high flow', '2025-06-03', '6 Ouest', 'L. Gagnon', 'supervised');
INSERT INTO skills_checklist VALUES (16, 'Chest tube monitoring', '2024-10-08', '5 Nord', 'R. Belanger', 'observed');
