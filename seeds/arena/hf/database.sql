-- HALO-Arena environment hf (household_finance): household records kept by Lucía Fernández
-- for the family flat at Calle de Santa Engracia 112, 4ºB, 28003 Madrid. Amounts in euro cents.

CREATE TABLE bank_accounts (
    id INTEGER PRIMARY KEY,
    institution TEXT NOT NULL,
    product TEXT NOT NULL,
    holders TEXT NOT NULL,
    number_masked TEXT,
    opened_on TEXT NOT NULL,
    closed_on TEXT,             -- NULL = open
    notes TEXT
);

CREATE TABLE loans (
    id INTEGER PRIMARY KEY,
    lender TEXT NOT NULL,
    product TEXT NOT NULL,
    borrowers TEXT NOT NULL,
    start_date TEXT NOT NULL,
    end_date TEXT NOT NULL,
    original_principal_minor INTEGER NOT NULL,
    outstanding_minor INTEGER NOT NULL,
    outstanding_at TEXT NOT NULL,
    rate TEXT NOT NULL,          -- e.g. 'Euribor 12m + 0.99 pp'
    applied_spread TEXT,
    payroll_condition TEXT,      -- bonus condition on the spread
    payroll_bonus TEXT,
    insurance_condition TEXT,
    review_schedule TEXT,
    early_repayment_fee TEXT,
    notes TEXT
);

CREATE TABLE insurance_policies (
    id INTEGER PRIMARY KEY,
    insurer TEXT NOT NULL,
    kind TEXT NOT NULL,
    policy_no TEXT NOT NULL,
    insured TEXT NOT NULL,
    premium_minor INTEGER NOT NULL,
    premium_period TEXT NOT NULL,   -- monthly | yearly
    renewal_on TEXT NOT NULL,
    payment TEXT,
    cancellation_notice TEXT,
    notes TEXT
);

CREATE TABLE savings_products (
    id INTEGER PRIMARY KEY,
    institution TEXT NOT NULL,
    product TEXT NOT NULL,
    reference TEXT,
    holders TEXT NOT NULL,
    amount_minor INTEGER NOT NULL,
    rate TEXT,
    opened_on TEXT NOT NULL,
    matures_on TEXT,                -- NULL = no maturity
    instruction_deadline TEXT,      -- last moment to give instructions for maturity
    renewal_terms TEXT,
    notes TEXT
);

CREATE TABLE household_payments (
    id INTEGER PRIMARY KEY,
    paid_on TEXT NOT NULL,
    payee TEXT NOT NULL,
    concept TEXT NOT NULL,
    amount_minor INTEGER NOT NULL,
    method TEXT NOT NULL,
    reference TEXT,
    notes TEXT
);

CREATE TABLE properties (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    address TEXT NOT NULL,
    cadastral_ref TEXT,
    title_holders TEXT NOT NULL,
    acquired_on TEXT,
    price_minor INTEGER,
    community_share TEXT,
    notes TEXT
);

INSERT INTO bank_accounts VALUES (1, 'Banco Meridiano', 'Joint current account (Cuenta Hogar)', 'Lucía Fernández, Javier Ortega', 'ES21 **** **** **** 0412', '2011-06-01', NULL, 'Mortgage instalments, both payrolls and household direct debits');
INSERT INTO bank_accounts VALUES (2, 'Banco Meridiano', 'Savings account (Ahorro Plus)', 'Lucía Fernández, Javier Ortega', 'ES43 **** **** **** 7730', '2015-03-10', NULL, '0.50 % on the balance; EUR 500 standing transfer from the current account on payday');
INSERT INTO bank_accounts VALUES (3, 'Caja Levante', 'Current account', 'Lucía Fernández', 'ES88 **** **** **** 4471', '2006-09-01', '2026-01-30', 'Closed; balance moved to Meridiano. Direct debits moved to Meridiano in October 2025: Iberluz, Canal Agua Madrid, Movilnet, Colegio Santa María');
INSERT INTO bank_accounts VALUES (4, 'Banco Meridiano', 'Visa credit card', 'Lucía Fernández', 'card ending 3306', '2019-04-02', NULL, 'Settled in full on the 3rd of each month from the current account');
INSERT INTO bank_accounts VALUES (5, 'Banco Meridiano', 'Junior savings account', 'Pablo Ortega Fernández (parents as authorised)', 'ES70 **** **** **** 1185', '2014-02-20', NULL, 'Birthday money; EUR 50 a month from 2026');
INSERT INTO bank_accounts VALUES (6, 'Banco Meridiano', 'Junior savings account', 'Irene Ortega Fernández (parents as authorised)', 'ES12 **** **** **** 1186', '2018-01-09', NULL, 'EUR 50 a month from 2026');
INSERT INTO bank_accounts VALUES (7, 'Banco de España', 'Tesoro Directo account (Letras del Tesoro)', 'Lucía Fernández', 'TD-00218834', '2023-05-08', NULL, 'Used for 12-month Letras in 2023-24; no holdings since May 2024');

INSERT INTO loans VALUES (1, 'Banco Meridiano', 'Mortgage on the main home (Hipoteca Vivienda Variable), loan 0412-HP-20110614', 'Lucía Fernández; Javier Ortega (co-borrower since the 2019 novation)', '2011-06-14', '2045-06-14', 24500000, 16841290, '2025-12-31', 'Euribor 12m + 0.99 pp', '0.64 pp (both bonuses met)', 'salary of at least EUR 2,500 net per month paid into a Meridiano account', '-0.25 pp', 'home insurance with Meridiano Seguros (-0.10 pp)', 'half-yearly on 1 June and 1 December; bonus conditions checked over the three months before each review', '0.25 % of the amount repaid early', 'Secured on Santa Engracia 112, 4ºB. 2019 novation: spread lowered from 1.25 pp, Javier added as co-borrower');
INSERT INTO loans VALUES (2, 'Financiera Motor', 'Car loan (Seat Arona)', 'Javier Ortega', '2021-11-15', '2025-11-15', 1450000, 0, '2025-11-15', 'fixed 6.95 % TIN', NULL, NULL, NULL, NULL, NULL, NULL, 'Fully repaid, cancellation letter in the car folder');
INSERT INTO loans VALUES (3, 'Pilar Ruiz', 'Family loan for the 2019 kitchen renovation', 'Lucía Fernández', '2019-05-01', '2023-05-01', 600000, 0, '2023-05-01', 'interest-free', NULL, NULL, NULL, NULL, NULL, NULL, 'Repaid EUR 125 a month; private document signed with Mamá');

INSERT INTO insurance_policies VALUES (1, 'Meridiano Seguros', 'Home (buildings and contents)', 'MH-0419-22817', 'Santa Engracia 112, 4ºB', 34560, 'yearly', '2026-09-15', 'direct debit, joint current account', 'one month before renewal', 'One of the two bonus conditions of the mortgage');
INSERT INTO insurance_policies VALUES (2, 'Atlántida Seguros', 'Car, comprehensive with EUR 300 excess', 'AU-2291-55870', 'Seat Arona 1.0 TSI, 4521 LKM (drivers Javier, Lucía)', 41260, 'yearly', '2026-03-01', 'charged to Lucía''s Visa on the renewal date', 'one month before renewal', 'Agent Nuria Campos; roadside assistance +34 900 118 445');
INSERT INTO insurance_policies VALUES (3, 'Salud Plena Seguros', 'Health, family plan (no copay for GP and paediatrics)', 'SP-77120456', 'Lucía, Javier, Pablo, Irene', 23840, 'monthly', '2026-05-01', 'direct debit, joint current account', 'written notice at least one month before the renewal date', '4 x EUR 59.60; dental not included; individual family plan since 2017');
INSERT INTO insurance_policies VALUES (4, 'Meridiano Vida', 'Life, linked to the mortgage', 'MV-2019-55102', 'Lucía and Javier (bank as first beneficiary)', 29880, 'yearly', '2026-06-14', 'direct debit, joint current account', 'two months before renewal', 'Not a bonus condition; kept after the 2019 novation');
INSERT INTO insurance_policies VALUES (5, 'Previsión Castellana', 'Funeral plan (decesos)', 'PC-88-301742', 'Pilar Ruiz', 1180, 'monthly', '2027-01-01', 'direct debit, joint current account', 'one month before renewal', 'Paid by us for Mamá since 2020');
INSERT INTO insurance_policies VALUES (6, 'Norvento Ingeniería (group policy)', 'Life and accident, employee', 'NV-GRP-2024', 'Javier Ortega', 0, 'yearly', '2027-01-01', 'paid by the employer', NULL, 'Two annual salaries in case of death');

INSERT INTO savings_products VALUES (1, 'Banco Meridiano', '12-month fixed deposit (Depósito Creciente)', '0412-DP-55810', 'Lucía Fernández, Javier Ortega', 2000000, '2.75 % APR', '2025-05-20', '2026-05-20', '2026-05-12 14:00', 'renews for 12 months at the standard rate (now 0.40 %) unless instructed otherwise', 'Deadline = 5 Madrid business days before maturity (15 May, San Isidro, is a bank holiday). Interest paid to the savings account at maturity');
INSERT INTO savings_products VALUES (2, 'Banco de España (Tesoro Directo)', 'Letras del Tesoro 12 months', 'TD-00218834/2023-05', 'Lucía Fernández', 1000000, '3.45 %', '2023-05-10', '2024-05-10', NULL, 'no renewal (reinvestment not requested)', 'Matured; repaid to Caja Levante');
INSERT INTO savings_products VALUES (3, 'Meridiano Gestión', 'Pension plan Meridiano Moderado', 'PP-7731-0092', 'Lucía Fernández', 2235400, 'variable (fund)', '2012-01-10', NULL, NULL, NULL, 'Contributions EUR 100 a month; value at 31/12/2025');
INSERT INTO savings_products VALUES (4, 'Norvento Ingeniería', 'Employer pension plan (plan de empleo)', 'NV-PE-0457', 'Javier Ortega', 1410250, 'variable (fund)', '2018-09-01', NULL, NULL, NULL, 'Employer adds 2 % of salary if Javier adds 1 %; value at 31/12/2025');
INSERT INTO savings_products VALUES (5, 'Banco Meridiano', 'Junior education fund', 'FI-JR-22019', 'Pablo and Irene (parents as holders)', 684000, 'variable (fund)', '2019-09-01', NULL, NULL, NULL, 'For university costs; EUR 100 a month until 2030');

INSERT INTO household_payments VALUES (1, '2025-09-05', 'Colegio Santa María de Chamberí', 'Receipt September: half-month lunch, registration of activities (Irene)', 24725, 'direct debit (Caja Levante)', NULL, NULL);
INSERT INTO household_payments VALUES (2, '2025-10-05', 'Colegio Santa María de Chamberí', 'Receipt October: lunch, robotics, English (Irene)', 31850, 'direct debit (Caja Levante)', NULL, 'Returned by Caja Levante on 7 October: the account had already been emptied for the move to Meridiano');
INSERT INTO household_payments VALUES (3, '2025-10-14', 'Colegio Santa María de Chamberí', 'October receipt (returned) + EUR 3.00 return fee', 32150, 'cash at the school office', 'RC-2025/0418', 'Paid to Tomás Prieto at the office; paper receipt in the school folder (desk, second drawer)');
INSERT INTO household_payments VALUES (4, '2025-11-05', 'Colegio Santa María de Chamberí', 'Receipt November (Irene)', 31850, 'direct debit (Meridiano)', NULL, 'First receipt from the new account');
INSERT INTO household_payments VALUES (5, '2025-12-05', 'Colegio Santa María de Chamberí', 'Receipt December (Irene)', 31850, 'direct debit (Meridiano)', NULL, NULL);
INSERT INTO household_payments VALUES (6, '2025-06-25', 'Agencia Tributaria', 'Renta 2024 Javier, 1st payment (60 %)', 74460, 'direct debit', 'Modelo 100', 'Second payment (40 %) on 5 November');
INSERT INTO household_payments VALUES (7, '2025-11-05', 'Agencia Tributaria', 'Renta 2024 Javier, 2nd payment (40 %)', 49640, 'direct debit', 'Modelo 100', NULL);
INSERT INTO household_payments VALUES (8, '2025-11-28', 'Agencia Tributaria Madrid', 'IBI 2025, 2nd instalment', 36480, 'direct debit', NULL, NULL);
INSERT INTO household_payments VALUES (9, '2025-09-12', 'Librería Papiro', 'Textbooks Pablo, 1º ESO', 28715, 'card', 'F-2025-3318', 'Irene''s books come from the school lending scheme');
INSERT INTO household_payments VALUES (10, '2025-09-15', 'Meridiano Seguros', 'Home insurance 2025/26', 33900, 'direct debit', 'MH-0419-22817', NULL);
INSERT INTO household_payments VALUES (11, '2025-10-01', 'Club Natación Chamberí', 'Swimming Irene, autumn term', 9600, 'card', NULL, NULL);
INSERT INTO household_payments VALUES (12, '2025-12-20', 'Administración de Lotería 42', 'Christmas lottery, share with the neighbours', 2000, 'cash', 'no. 61.417', 'No prize, as usual');
INSERT INTO household_payments VALUES (13, '2026-01-15', 'Carmen Vidal Soto', 'Deposit (arras) garage space 23', 240000, 'bank transfer', 'private contract of 14 January 2026', 'Rest of the price due at the deed');
INSERT INTO household_payments VALUES (14, '2026-01-21', 'Colegio Santa María de Chamberí', 'Pablo: ski week in Sierra Nevada, deposit', 15000, 'bank transfer', 'ESQUI-1ESO-B-07', 'Rest (EUR 310) due 1 March');
INSERT INTO household_payments VALUES (15, '2026-02-02', 'Club Natación Chamberí', 'Swimming Irene, winter term', 9600, 'card', NULL, NULL);
INSERT INTO household_payments VALUES (16, '2026-01-02', 'Parking Raimundo Lulio', 'Rented parking space, January', 11000, 'bank transfer', NULL, 'Give notice once space 23 is ours (15 days)');

INSERT INTO properties VALUES (1, 'Flat (main home)', 'Calle de Santa Engracia 112, 4ºB, 28003 Madrid', '0842709VK4704C0018YT', 'Lucía Fernández (100%)', '2011-06-14', 31500000, '2.84 %', 'Bought before we married (2012). Registered with Fincas Olmedo under Lucía''s e-mail address');
INSERT INTO properties VALUES (2, 'Storage room no. 4 (annex of flat 4ºB)', 'Calle de Santa Engracia 112, basement', NULL, 'same as the flat (annex)', '2011-06-14', NULL, 'included', 'Bikes, suitcases, Christmas box');
INSERT INTO properties VALUES (3, 'Garage space no. 23 (purchase in progress)', 'Calle de Santa Engracia 112, basement -1', '0842709VK4704C0061QP', 'to be registered: Lucía Fernández and Javier Ortega, 50 % each', NULL, 2400000, '0.21 %', 'Private contract 14 January 2026 with Carmen Vidal Soto; deposit EUR 2,400 paid; deed before 30 April 2026');
INSERT INTO properties VALUES (4, 'Village house in Riaza (Segovia), 25 % share', 'Calle Mayor 7, 40500 Riaza', '9316104VL6691N0001RS', 'Lucía Fernández (25 %, with her three siblings)', '2019-08-02', NULL, NULL, 'Inherited from Papá; imputed income in the Renta, not rented out');
