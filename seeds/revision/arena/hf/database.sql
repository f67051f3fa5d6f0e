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

-- Added February 2026: mortgage schedule, utility bills, direct debits, community fees, tax
-- documents and the monthly budget review; older household payments (2025) with ids from 20 on.

CREATE TABLE mortgage_schedule (
    id INTEGER PRIMARY KEY,
    due_date TEXT NOT NULL,
    instalment_minor INTEGER NOT NULL,
    interest_minor INTEGER NOT NULL,
    principal_minor INTEGER NOT NULL,
    outstanding_after_minor INTEGER NOT NULL,
    rate_applied TEXT NOT NULL,
    status TEXT NOT NULL          -- paid | due
);

CREATE TABLE utility_bills (
    id INTEGER PRIMARY KEY,
    supplier TEXT NOT NULL,
    service TEXT NOT NULL,
    period TEXT NOT NULL,
    amount_minor INTEGER NOT NULL,
    charged_on TEXT NOT NULL,
    account TEXT NOT NULL,
    notes TEXT
);

CREATE TABLE direct_debits (
    id INTEGER PRIMARY KEY,
    creditor TEXT NOT NULL,
    mandate_ref TEXT NOT NULL,
    concept TEXT NOT NULL,
    frequency TEXT NOT NULL,
    account TEXT NOT NULL,
    since TEXT NOT NULL,
    status TEXT NOT NULL,        -- active | cancelled | moved
    notes TEXT
);

CREATE TABLE community_fees (
    id INTEGER PRIMARY KEY,
    period TEXT NOT NULL,
    concept TEXT NOT NULL,
    amount_minor INTEGER NOT NULL,
    charged_on TEXT,
    status TEXT NOT NULL,        -- paid | pending
    notes TEXT
);

CREATE TABLE tax_documents (
    id INTEGER PRIMARY KEY,
    tax_year INTEGER NOT NULL,
    person TEXT NOT NULL,
    document TEXT NOT NULL,
    issuer TEXT NOT NULL,
    amount_minor INTEGER,
    available_on TEXT,
    status TEXT NOT NULL,        -- downloaded | pending | not needed
    notes TEXT
);

CREATE TABLE budget_review (
    id INTEGER PRIMARY KEY,
    month TEXT NOT NULL,         -- YYYY-MM
    category TEXT NOT NULL,
    budget_minor INTEGER NOT NULL,
    actual_minor INTEGER NOT NULL,
    comment TEXT
);

INSERT INTO mortgage_schedule VALUES (1, '2025-01-01', 101237, 37133, 64104, 17555412, 'Euribor 12m + 0.64 pp = 2.53 %', 'paid');
INSERT INTO mortgage_schedule VALUES (2, '2025-02-01', 101237, 36998, 64239, 17491173, 'Euribor 12m + 0.64 pp = 2.53 %', 'paid');
INSERT INTO mortgage_schedule VALUES (3, '2025-03-01', 101237, 36863, 64374, 17426799, 'Euribor 12m + 0.64 pp = 2.53 %', 'paid');
INSERT INTO mortgage_schedule VALUES (4, '2025-04-01', 101237, 36727, 64510, 17362289, 'Euribor 12m + 0.64 pp = 2.53 %', 'paid');
INSERT INTO mortgage_schedule VALUES (5, '2025-05-01', 101237, 36591, 64646, 17297643, 'Euribor 12m + 0.64 pp = 2.53 %', 'paid');
INSERT INTO mortgage_schedule VALUES (6, '2025-06-01', 101237, 36455, 64782, 17232861, 'Euribor 12m + 0.64 pp = 2.53 %', 'paid');
INSERT INTO mortgage_schedule VALUES (7, '2025-07-01', 101237, 36318, 64919, 17167942, 'Euribor 12m + 0.64 pp = 2.53 %', 'paid');
INSERT INTO mortgage_schedule VALUES (8, '2025-08-01', 101237, 36181, 65056, 17102886, 'Euribor 12m + 0.64 pp = 2.53 %', 'paid');
INSERT INTO mortgage_schedule VALUES (9, '2025-09-01', 101237, 36044, 65193, 17037693, 'Euribor 12m + 0.64 pp = 2.53 %', 'paid');
INSERT INTO mortgage_schedule VALUES (10, '2025-10-01', 101237, 35907, 65330, 16972363, 'Euribor 12m + 0.64 pp = 2.53 %', 'paid');
INSERT INTO mortgage_schedule VALUES (11, '2025-11-01', 101237, 35769, 65468, 16906895, 'Euribor 12m + 0.64 pp = 2.53 %', 'paid');
INSERT INTO mortgage_schedule VALUES (12, '2025-12-01', 101237, 35632, 65605, 16841290, 'Euribor 12m + 0.64 pp = 2.53 %', 'paid');
INSERT INTO mortgage_schedule VALUES (13, '2026-01-01', 101237, 33809, 67428, 16773862, 'Euribor 12m + 0.64 pp = 2.41 %', 'paid');
INSERT INTO mortgage_schedule VALUES (14, '2026-02-01', 101237, 33674, 67563, 16706299, 'Euribor 12m + 0.64 pp = 2.41 %', 'paid');
INSERT INTO mortgage_schedule VALUES (15, '2026-03-01', 101237, 33538, 67699, 16638600, 'Euribor 12m + 0.64 pp = 2.41 %', 'due');
INSERT INTO mortgage_schedule VALUES (16, '2026-04-01', 101237, 33402, 67835, 16570765, 'Euribor 12m + 0.64 pp = 2.41 %', 'due');
INSERT INTO mortgage_schedule VALUES (17, '2026-05-01', 101237, 33266, 67971, 16502794, 'Euribor 12m + 0.64 pp = 2.41 %', 'due');
INSERT INTO mortgage_schedule VALUES (18, '2026-06-01', 101237, 33129, 68108, 16434686, 'Euribor 12m + 0.64 pp = 2.41 %', 'due');
INSERT INTO utility_bills VALUES (1, 'Iberluz', 'Electricity (3.45 kW, fixed price)', '2025-02', 6840, '2025-03-14', 'Caja Levante', NULL);
INSERT INTO utility_bills VALUES (2, 'Canal Agua Madrid', 'Water and sewage (two months)', '2025-02', 3912, '2025-03-27', 'Caja Levante', NULL);
INSERT INTO utility_bills VALUES (3, 'Movilnet', 'Fibre 600 Mb + 3 mobile lines', '2025-02', 8490, '2025-02-01', 'Caja Levante', NULL);
INSERT INTO utility_bills VALUES (4, 'Iberluz', 'Electricity (3.45 kW, fixed price)', '2025-03', 6210, '2025-04-11', 'Caja Levante', NULL);
INSERT INTO utility_bills VALUES (5, 'Movilnet', 'Fibre 600 Mb + 3 mobile lines', '2025-03', 8490, '2025-03-01', 'Caja Levante', NULL);
INSERT INTO utility_bills VALUES (6, 'Iberluz', 'Electricity (3.45 kW, fixed price)', '2025-04', 5530, '2025-05-12', 'Caja Levante', NULL);
INSERT INTO utility_bills VALUES (7, 'Canal Agua Madrid', 'Water and sewage (two months)', '2025-04', 4105, '2025-05-25', 'Caja Levante', NULL);
INSERT INTO utility_bills VALUES (8, 'Movilnet', 'Fibre 600 Mb + 3 mobile lines', '2025-04', 8490, '2025-04-01', 'Caja Levante', NULL);
INSERT INTO utility_bills VALUES (9, 'Iberluz', 'Electricity (3.45 kW, fixed price)', '2025-05', 5980, '2025-06-11', 'Caja Levante', NULL);
INSERT INTO utility_bills VALUES (10, 'Movilnet', 'Fibre 600 Mb + 3 mobile lines', '2025-05', 8490, '2025-05-01', 'Caja Levante', NULL);
INSERT INTO utility_bills VALUES (11, 'Iberluz', 'Electricity (3.45 kW, fixed price)', '2025-06', 7420, '2025-07-12', 'Caja Levante', NULL);
INSERT INTO utility_bills VALUES (12, 'Canal Agua Madrid', 'Water and sewage (two months)', '2025-06', 4388, '2025-07-25', 'Caja Levante', NULL);
INSERT INTO utility_bills VALUES (13, 'Movilnet', 'Fibre 600 Mb + 3 mobile lines', '2025-06', 8490, '2025-06-01', 'Caja Levante', NULL);
INSERT INTO utility_bills VALUES (14, 'Iberluz', 'Electricity (3.45 kW, fixed price)', '2025-07', 8160, '2025-08-11', 'Caja Levante', NULL);
INSERT INTO utility_bills VALUES (15, 'Movilnet', 'Fibre 600 Mb + 3 mobile lines', '2025-07', 8490, '2025-07-01', 'Caja Levante', NULL);
INSERT INTO utility_bills VALUES (16, 'Iberluz', 'Electricity (3.45 kW, fixed price)', '2025-08', 6890, '2025-09-11', 'Caja Levante', 'Air conditioning month');
INSERT INTO utility_bills VALUES (17, 'Canal Agua Madrid', 'Water and sewage (two months)', '2025-08', 4020, '2025-09-24', 'Caja Levante', NULL);
INSERT INTO utility_bills VALUES (18, 'Movilnet', 'Fibre 600 Mb + 3 mobile lines', '2025-08', 8490, '2025-08-01', 'Caja Levante', NULL);
INSERT INTO utility_bills VALUES (19, 'Iberluz', 'Electricity (3.45 kW, fixed price)', '2025-09', 5720, '2025-10-12', 'Meridiano Cuenta Hogar', NULL);
INSERT INTO utility_bills VALUES (20, 'Movilnet', 'Fibre 600 Mb + 3 mobile lines', '2025-09', 8490, '2025-09-01', 'Meridiano Cuenta Hogar', NULL);
INSERT INTO utility_bills VALUES (21, 'Iberluz', 'Electricity (3.45 kW, fixed price)', '2025-10', 5950, '2025-11-11', 'Meridiano Cuenta Hogar', NULL);
INSERT INTO utility_bills VALUES (22, 'Canal Agua Madrid', 'Water and sewage (two months)', '2025-10', 3870, '2025-11-24', 'Meridiano Cuenta Hogar', NULL);
INSERT INTO utility_bills VALUES (23, 'Movilnet', 'Fibre 600 Mb + 3 mobile lines', '2025-10', 8490, '2025-10-01', 'Meridiano Cuenta Hogar', NULL);
INSERT INTO utility_bills VALUES (24, 'Iberluz', 'Electricity (3.45 kW, fixed price)', '2025-11', 7310, '2025-12-12', 'Meridiano Cuenta Hogar', NULL);
INSERT INTO utility_bills VALUES (25, 'Movilnet', 'Fibre 600 Mb + 3 mobile lines', '2025-11', 8490, '2025-11-01', 'Meridiano Cuenta Hogar', NULL);
INSERT INTO utility_bills VALUES (26, 'Iberluz', 'Electricity (3.45 kW, fixed price)', '2025-12', 8840, '2026-01-11', 'Meridiano Cuenta Hogar', NULL);
INSERT INTO utility_bills VALUES (27, 'Canal Agua Madrid', 'Water and sewage (two months)', '2025-12', 3955, '2026-01-24', 'Meridiano Cuenta Hogar', NULL);
INSERT INTO utility_bills VALUES (28, 'Movilnet', 'Fibre 600 Mb + 3 mobile lines', '2025-12', 8490, '2025-12-01', 'Meridiano Cuenta Hogar', NULL);
INSERT INTO utility_bills VALUES (29, 'Iberluz', 'Electricity (3.45 kW, fixed price)', '2026-01', 8420, '2026-02-11', 'Meridiano Cuenta Hogar', NULL);
INSERT INTO utility_bills VALUES (30, 'Movilnet', 'Fibre 600 Mb + 3 mobile lines', '2026-01', 8790, '2026-01-01', 'Meridiano Cuenta Hogar', 'Price up EUR 3 from January 2026');
INSERT INTO direct_debits VALUES (1, 'Banco Meridiano', 'internal', 'Mortgage instalment 0412-HP-20110614', 'monthly, 1st', 'Meridiano Cuenta Hogar', '2011-07-01', 'active', NULL);
INSERT INTO direct_debits VALUES (2, 'Iberluz', 'ES-IBL-0092331877', 'Electricity, Santa Engracia 112 4ºB', 'monthly', 'Meridiano Cuenta Hogar', '2025-10-14', 'active', 'Moved from Caja Levante in October 2025');
INSERT INTO direct_debits VALUES (3, 'Canal Agua Madrid', 'ES-CYII-77410923', 'Water, contract 4410923', 'every two months', 'Meridiano Cuenta Hogar', '2025-10-14', 'active', 'Moved from Caja Levante in October 2025');
INSERT INTO direct_debits VALUES (4, 'Movilnet', 'ES-MVN-3318820', 'Fibre + mobiles', 'monthly, 1st', 'Meridiano Cuenta Hogar', '2025-10-14', 'active', 'Moved from Caja Levante in October 2025');
INSERT INTO direct_debits VALUES (5, 'Colegio Santa María de Chamberí', 'CSM-2019-0447', 'Irene: lunch and activities', 'monthly, 5th', 'Meridiano Cuenta Hogar', '2025-10-20', 'active', 'New mandate signed at the school office on 14 October 2025');
INSERT INTO direct_debits VALUES (6, 'Comunidad de Propietarios Santa Engracia 112', 'CP-SE112-4B', 'Community fee', 'quarterly, 1st business day', 'Meridiano Cuenta Hogar', '2012-01-01', 'active', 'EUR 285 a quarter (2026)');
INSERT INTO direct_debits VALUES (7, 'Meridiano Seguros', 'MH-0419-22817', 'Home insurance', 'yearly, 15 September', 'Meridiano Cuenta Hogar', '2019-09-15', 'active', 'Mortgage bonus condition');
INSERT INTO direct_debits VALUES (8, 'Meridiano Vida', 'MV-2019-55102', 'Life insurance linked to the mortgage', 'yearly, 14 June', 'Meridiano Cuenta Hogar', '2019-06-14', 'active', NULL);
INSERT INTO direct_debits VALUES (9, 'Salud Plena Seguros', 'SP-77120456', 'Family health insurance', 'monthly, 1st', 'Meridiano Cuenta Hogar', '2017-05-01', 'active', NULL);
INSERT INTO direct_debits VALUES (10, 'Previsión Castellana', 'PC-88-301742', 'Funeral plan for Mamá', 'monthly', 'Meridiano Cuenta Hogar', '2020-01-01', 'active', NULL);
INSERT INTO direct_debits VALUES (11, 'Agencia Tributaria Madrid', 'IBI-0842709VK4704C0018YT', 'IBI, main home', 'two instalments (June, November)', 'Meridiano Cuenta Hogar', '2016-06-01', 'active', 'Special payment plan: 5 % discount');
INSERT INTO direct_debits VALUES (12, 'Ayuntamiento de Madrid', 'IVTM-4521LKM', 'Car tax Seat Arona', 'yearly, April', 'Meridiano Cuenta Hogar', '2022-04-01', 'active', NULL);
INSERT INTO direct_debits VALUES (13, 'Caja Levante', 'ES88-closed', 'Old electricity/water/phone/school mandates', '-', 'Caja Levante', '2006-09-01', 'moved', 'All moved to Meridiano in October 2025; account closed 30 January 2026');
INSERT INTO direct_debits VALUES (14, 'Gimnasio Ríos Rosas', 'GRR-11872', 'Gym membership Javier', 'monthly', 'Meridiano Cuenta Hogar', '2024-01-01', 'cancelled', 'Cancelled December 2025');
INSERT INTO community_fees VALUES (1, '2024-Q1', 'Ordinary fee', 27000, '2024-01-02', 'paid', NULL);
INSERT INTO community_fees VALUES (2, '2024-Q2', 'Ordinary fee', 27000, '2024-04-01', 'paid', NULL);
INSERT INTO community_fees VALUES (3, '2024-Q3', 'Ordinary fee', 27000, '2024-07-01', 'paid', NULL);
INSERT INTO community_fees VALUES (4, '2024-Q4', 'Ordinary fee', 27000, '2024-10-01', 'paid', NULL);
INSERT INTO community_fees VALUES (5, '2025-Q1', 'Ordinary fee', 27000, '2025-01-02', 'paid', NULL);
INSERT INTO community_fees VALUES (6, '2025-Q2', 'Ordinary fee', 27000, '2025-04-01', 'paid', NULL);
INSERT INTO community_fees VALUES (7, '2025-Q2', 'Extraordinary levy: roof waterproofing', 41200, '2025-05-05', 'paid', 'Approved at the 2025 ordinary meeting');
INSERT INTO community_fees VALUES (8, '2025-Q3', 'Ordinary fee', 27000, '2025-07-01', 'paid', NULL);
INSERT INTO community_fees VALUES (9, '2025-Q4', 'Ordinary fee', 27000, '2025-10-01', 'paid', NULL);
INSERT INTO community_fees VALUES (10, '2026-Q1', 'Ordinary fee', 28500, '2026-01-02', 'paid', 'Fee up 5.5 % (2026 budget)');
INSERT INTO tax_documents VALUES (1, 2025, 'Lucía', 'Payroll withholding certificate', 'Mendoza Auditores', NULL, '2026-02-10', 'downloaded', NULL);
INSERT INTO tax_documents VALUES (2, 2025, 'Javier', 'Payroll withholding certificate', 'Norvento Ingeniería', NULL, '2026-02-12', 'downloaded', 'Includes employer pension contributions');
INSERT INTO tax_documents VALUES (3, 2025, 'Lucía', 'Mortgage interest and principal certificate', 'Banco Meridiano', 1214844, '2026-01-31', 'downloaded', 'Interest EUR 4,366.18, principal EUR 7,782.26');
INSERT INTO tax_documents VALUES (4, 2025, 'Lucía', 'Pension plan contributions certificate', 'Meridiano Gestión', 120000, '2026-02-05', 'downloaded', NULL);
INSERT INTO tax_documents VALUES (5, 2025, 'Lucía', 'Donation certificate', 'Cáritas Madrid', 15000, '2026-02-02', 'downloaded', NULL);
INSERT INTO tax_documents VALUES (6, 2025, 'Javier', 'Donation certificate', 'Save the Children', 10000, NULL, 'pending', 'Usually arrives in March');
INSERT INTO tax_documents VALUES (7, 2025, 'both', 'Bank interest certificate (Ahorro Plus, deposit)', 'Banco Meridiano', NULL, '2026-01-31', 'downloaded', 'Deposit interest is paid at maturity, so only Ahorro Plus interest in 2025');
INSERT INTO tax_documents VALUES (8, 2025, 'Lucía', 'Cadastral value, Riaza house (25 %)', 'Catastro', NULL, '2026-01-20', 'downloaded', 'Imputed income');
INSERT INTO tax_documents VALUES (9, 2025, 'both', 'English lessons receipts (Irene)', 'Colegio Santa María de Chamberí', NULL, NULL, 'pending', 'Ask the school for a certificate in a parents name');
INSERT INTO tax_documents VALUES (10, 2025, 'both', 'School uniform receipts', 'El Corte Inglés', 18650, '2025-09-08', 'downloaded', NULL);
INSERT INTO tax_documents VALUES (11, 2024, 'Lucía', 'Renta 2024 return (individual)', 'Agencia Tributaria', -41200, '2025-05-19', 'downloaded', 'Refund EUR 412');
INSERT INTO tax_documents VALUES (12, 2024, 'Javier', 'Renta 2024 return (individual)', 'Agencia Tributaria', 124100, '2025-05-19', 'downloaded', 'Paid 60/40');
INSERT INTO budget_review VALUES (1, '2025-09', 'Mortgage', 101237, 101237, NULL);
INSERT INTO budget_review VALUES (2, '2025-09', 'School (Irene)', 31850, 24725, 'Half-month lunch in September');
INSERT INTO budget_review VALUES (3, '2025-09', 'Health insurance', 23840, 23840, NULL);
INSERT INTO budget_review VALUES (4, '2025-09', 'Utilities', 17500, 19870, NULL);
INSERT INTO budget_review VALUES (5, '2025-09', 'Groceries', 62000, 58410, NULL);
INSERT INTO budget_review VALUES (6, '2025-09', 'Transport', 12000, 8950, NULL);
INSERT INTO budget_review VALUES (7, '2025-09', 'Parking', 11000, 11000, NULL);
INSERT INTO budget_review VALUES (8, '2025-09', 'Children activities', 9000, 47365, 'Textbooks Pablo EUR 287.15 + uniforms EUR 186.50');
INSERT INTO budget_review VALUES (9, '2025-09', 'Leisure', 20000, 17640, NULL);
INSERT INTO budget_review VALUES (10, '2025-09', 'Savings transfer', 100000, 100000, NULL);
INSERT INTO budget_review VALUES (11, '2025-10', 'Mortgage', 101237, 101237, NULL);
INSERT INTO budget_review VALUES (12, '2025-10', 'School (Irene)', 31850, 32150, 'Returned receipt paid in cash at the office + EUR 3 fee');
INSERT INTO budget_review VALUES (13, '2025-10', 'Health insurance', 23840, 23840, NULL);
INSERT INTO budget_review VALUES (14, '2025-10', 'Utilities', 17500, 16980, NULL);
INSERT INTO budget_review VALUES (15, '2025-10', 'Groceries', 62000, 61920, NULL);
INSERT INTO budget_review VALUES (16, '2025-10', 'Transport', 12000, 12230, NULL);
INSERT INTO budget_review VALUES (17, '2025-10', 'Parking', 11000, 11000, NULL);
INSERT INTO budget_review VALUES (18, '2025-10', 'Children activities', 9000, 19200, 'Swimming autumn terms (both)');
INSERT INTO budget_review VALUES (19, '2025-10', 'Leisure', 20000, 19880, NULL);
INSERT INTO budget_review VALUES (20, '2025-10', 'Savings transfer', 100000, 100000, NULL);
INSERT INTO budget_review VALUES (21, '2025-11', 'Mortgage', 101237, 101237, NULL);
INSERT INTO budget_review VALUES (22, '2025-11', 'School (Irene)', 31850, 31850, NULL);
INSERT INTO budget_review VALUES (23, '2025-11', 'Health insurance', 23840, 23840, NULL);
INSERT INTO budget_review VALUES (24, '2025-11', 'Utilities', 17500, 16420, NULL);
INSERT INTO budget_review VALUES (25, '2025-11', 'Groceries', 62000, 59870, NULL);
INSERT INTO budget_review VALUES (26, '2025-11', 'Transport', 12000, 11480, NULL);
INSERT INTO budget_review VALUES (27, '2025-11', 'Parking', 11000, 11000, NULL);
INSERT INTO budget_review VALUES (28, '2025-11', 'Children activities', 9000, 0, 'Swimming autumn term paid in October');
INSERT INTO budget_review VALUES (29, '2025-11', 'Leisure', 20000, 23150, NULL);
INSERT INTO budget_review VALUES (30, '2025-11', 'Savings transfer', 100000, 100000, NULL);
INSERT INTO budget_review VALUES (31, '2025-12', 'Mortgage', 101237, 101237, NULL);
INSERT INTO budget_review VALUES (32, '2025-12', 'School (Irene)', 31850, 31850, NULL);
INSERT INTO budget_review VALUES (33, '2025-12', 'Health insurance', 23840, 23840, NULL);
INSERT INTO budget_review VALUES (34, '2025-12', 'Utilities', 17500, 18960, NULL);
INSERT INTO budget_review VALUES (35, '2025-12', 'Groceries', 62000, 71240, 'Christmas dinner at home');
INSERT INTO budget_review VALUES (36, '2025-12', 'Transport', 12000, 9320, NULL);
INSERT INTO budget_review VALUES (37, '2025-12', 'Parking', 11000, 11000, NULL);
INSERT INTO budget_review VALUES (38, '2025-12', 'Children activities', 9000, 0, NULL);
INSERT INTO budget_review VALUES (39, '2025-12', 'Leisure', 20000, 38710, 'Christmas, Riaza weekend');
INSERT INTO budget_review VALUES (40, '2025-12', 'Savings transfer', 100000, 100000, NULL);
INSERT INTO budget_review VALUES (41, '2026-01', 'Mortgage', 101237, 101237, NULL);
INSERT INTO budget_review VALUES (42, '2026-01', 'School (Irene)', 31850, 31850, NULL);
INSERT INTO budget_review VALUES (43, '2026-01', 'Health insurance', 23840, 23840, NULL);
INSERT INTO budget_review VALUES (44, '2026-01', 'Utilities', 17500, 17880, NULL);
INSERT INTO budget_review VALUES (45, '2026-01', 'Groceries', 62000, 60130, NULL);
INSERT INTO budget_review VALUES (46, '2026-01', 'Transport', 12000, 13210, NULL);
INSERT INTO budget_review VALUES (47, '2026-01', 'Parking', 11000, 11000, NULL);
INSERT INTO budget_review VALUES (48, '2026-01', 'Children activities', 9000, 0, NULL);
INSERT INTO budget_review VALUES (49, '2026-01', 'Leisure', 20000, 14320, NULL);
INSERT INTO budget_review VALUES (50, '2026-01', 'Savings transfer', 100000, 100000, NULL);
INSERT INTO household_payments VALUES (20, '2025-01-02', 'Parking Raimundo Lulio', 'Rented parking space, January', 11000, 'bank transfer', NULL, NULL);
INSERT INTO household_payments VALUES (21, '2025-02-03', 'Parking Raimundo Lulio', 'Rented parking space, February', 11000, 'bank transfer', NULL, NULL);
INSERT INTO household_payments VALUES (22, '2025-03-03', 'Parking Raimundo Lulio', 'Rented parking space, March', 11000, 'bank transfer', NULL, NULL);
INSERT INTO household_payments VALUES (23, '2025-03-01', 'Atlántida Seguros', 'Car insurance 2025/26', 39870, 'card (Visa ending 3306)', 'AU-2291-55870', 'Card expires 01/2026');
INSERT INTO household_payments VALUES (24, '2025-04-02', 'Ayuntamiento de Madrid', 'Car tax (IVTM) 2025, Seat Arona', 7896, 'direct debit', 'IVTM-4521LKM', NULL);
INSERT INTO household_payments VALUES (25, '2025-04-24', 'ITV Tetuán', 'Car inspection (ITV), passed', 4230, 'card', NULL, 'Next ITV April 2027');
INSERT INTO household_payments VALUES (26, '2025-05-20', 'Salud Plena Seguros', 'Co-payment physiotherapy (Javier), 4 sessions', 2400, 'card', NULL, NULL);
INSERT INTO household_payments VALUES (27, '2025-06-02', 'Agencia Tributaria Madrid', 'IBI 2025, 1st instalment', 36480, 'direct debit', NULL, NULL);
INSERT INTO household_payments VALUES (28, '2025-06-14', 'Meridiano Vida', 'Life insurance 2025/26', 29880, 'direct debit', 'MV-2019-55102', NULL);
INSERT INTO household_payments VALUES (29, '2025-07-01', 'Campamento Sierra Azul', 'Summer camp Pablo, 2 weeks', 48000, 'bank transfer', 'SA-2025-118', NULL);
INSERT INTO household_payments VALUES (30, '2025-07-14', 'Colegio Santa María de Chamberí', 'Summer campus Irene, July', 26500, 'card', NULL, NULL);
INSERT INTO household_payments VALUES (31, '2025-08-04', 'Apartamentos Sanxenxo Mar', 'Holiday flat, 1-15 August', 142000, 'bank transfer', NULL, 'Paid in two parts; deposit in March');
INSERT INTO household_payments VALUES (32, '2025-09-08', 'El Corte Inglés', 'School uniforms (both children)', 18650, 'card', NULL, 'Madrid regional deduction 5 %');
INSERT INTO household_payments VALUES (33, '2025-10-01', 'Club Natación Chamberí', 'Swimming Pablo, autumn term (last one)', 9600, 'card', NULL, 'Pablo stopped swimming in December');
INSERT INTO household_payments VALUES (34, '2025-10-28', 'Cáritas Madrid', 'Donation', 15000, 'bank transfer', NULL, 'Certificate for the Renta');
INSERT INTO household_payments VALUES (35, '2025-11-03', 'Banco Meridiano', 'Visa settlement October', 61245, 'direct debit', NULL, NULL);
INSERT INTO household_payments VALUES (36, '2025-12-03', 'Banco Meridiano', 'Visa settlement November', 48730, 'direct debit', NULL, NULL);
INSERT INTO household_payments VALUES (37, '2026-01-05', 'Banco Meridiano', 'Visa settlement December', 89410, 'direct debit', NULL, 'Christmas');
INSERT INTO household_payments VALUES (38, '2026-01-05', 'Colegio Santa María de Chamberí', 'Receipt January (Irene)', 31850, 'direct debit (Meridiano)', NULL, NULL);
INSERT INTO household_payments VALUES (39, '2026-02-05', 'Colegio Santa María de Chamberí', 'Receipt February (Irene)', 31850, 'direct debit (Meridiano)', NULL, NULL);
INSERT INTO household_payments VALUES (40, '2026-02-02', 'Parking Raimundo Lulio', 'Rented parking space, February', 11000, 'bank transfer', NULL, NULL);
INSERT INTO household_payments VALUES (41, '2025-11-26', 'Colegio Santa María de Chamberí', 'Christmas show costume and photo pack (Irene)', 2450, 'card at the school office', 'RC-2025/0481', 'Paid to Tomás Prieto; card receipt stapled to the show programme');
INSERT INTO household_payments VALUES (42, '2024-10-15', 'Colegio Santa María de Chamberí', 'Book fund 2024/25 (Irene)', 4000, 'cash at the school office', 'RC-2024/0397', 'Lending scheme deposit');
INSERT INTO household_payments VALUES (43, '2026-01-14', 'Notaría Alonso', 'Provision of funds, garage deed (estimate)', 0, 'not yet paid', NULL, 'Estimate EUR 650 notary + registry, paid at the signing');
INSERT INTO loans VALUES (4, 'Banco Meridiano', 'Mortgage on the main home (Hipoteca Vivienda Variable), loan 0412-HP-20110614 - terms before the 2019 novation', 'Lucía Fernández', '2011-06-14', '2045-06-14', 24500000, 19822410, '2019-03-31', 'Euribor 12m + 1.25 pp', '0.90 pp (both bonuses met)', 'salary of at least EUR 1,800 net per month paid into a Meridiano account', '-0.25 pp', 'home insurance with Meridiano Seguros (-0.10 pp)', 'half-yearly on 1 June and 1 December', '0.50 % of the amount repaid early', 'Superseded by the novation of 2019-04-11 (kept for the record)');
INSERT INTO savings_products VALUES (6, 'Banco Meridiano', '12-month fixed deposit (Depósito Creciente)', '0412-DP-49120', 'Lucía Fernández, Javier Ortega', 2000000, '3.10 % APR', '2024-05-20', '2025-05-20', '2025-05-13 14:00', 'renews for 12 months at the standard rate (then 0.75 %) unless instructed otherwise', 'Deadline = 5 Madrid business days before maturity. Matured; renewed at the branch into deposit 0412-DP-55810 at the offer rate. Interest paid to the savings account at maturity');
INSERT INTO insurance_policies VALUES (7, 'Salud Plena Seguros', 'Health, individual plan (Lucía)', 'SP-61230977', 'Lucía', 5490, 'monthly', '2017-05-01', 'direct debit, Caja Levante', 'written notice two months before the renewal date', 'Cancelled on 2017-05-01 when the family plan started');
