-- HALO-Arena environment hm (home_maintenance): Clara Weiss's house records,
-- Lorettostraße 31, 79100 Freiburg (built 1928). Amounts in euro cents.

CREATE TABLE appliances (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    brand TEXT,
    model TEXT,
    serial_no TEXT,
    location TEXT,
    installed_on TEXT,          -- ISO date of purchase / installation
    energy_class TEXT,
    notes TEXT
);

CREATE TABLE warranties (
    id INTEGER PRIMARY KEY,
    appliance_id INTEGER NOT NULL REFERENCES appliances(id),
    provider TEXT NOT NULL,
    kind TEXT NOT NULL,
    starts_on TEXT NOT NULL,
    expires_on TEXT NOT NULL,
    reference TEXT,             -- certificate / registration number
    conditions TEXT
);

CREATE TABLE maintenance_log (
    id INTEGER PRIMARY KEY,
    done_on TEXT NOT NULL,
    item TEXT NOT NULL,
    contractor TEXT,
    cost_minor INTEGER NOT NULL DEFAULT 0,
    notes TEXT
);

CREATE TABLE service_contracts (
    id INTEGER PRIMARY KEY,
    provider TEXT NOT NULL,
    service TEXT NOT NULL,
    started_on TEXT NOT NULL,
    ends_on TEXT,               -- NULL = open-ended
    notice_period TEXT,
    fee_minor INTEGER NOT NULL,
    fee_interval TEXT NOT NULL, -- monthly | yearly
    notes TEXT
);

CREATE TABLE spare_parts (
    id INTEGER PRIMARY KEY,
    item TEXT NOT NULL,
    quantity INTEGER NOT NULL,
    unit TEXT NOT NULL,
    location TEXT NOT NULL,
    purchased_on TEXT,
    notes TEXT
);

CREATE TABLE insurance_policies (
    id INTEGER PRIMARY KEY,
    insurer TEXT NOT NULL,
    kind TEXT NOT NULL,
    policy_no TEXT NOT NULL,
    deductible_minor INTEGER NOT NULL,
    annual_premium_minor INTEGER NOT NULL,
    renewal_on TEXT NOT NULL,
    notes TEXT
);

INSERT INTO appliances VALUES (1, 'Gas condensing boiler', 'Thermalis', 'Condens 24 K', 'TH24K-2021-0944-0381', 'Cellar, boiler room', '2021-03-18', 'A', 'Serviced every spring by Berger Haustechnik');
INSERT INTO appliances VALUES (2, 'Hot water cylinder', 'Thermalis', 'WS 150', 'TWS150-2021-1172', 'Cellar, boiler room', '2021-03-18', 'B', NULL);
INSERT INTO appliances VALUES (3, 'Washing machine', 'Nordwerk', 'WM 8 Eco', 'NW8E-2311-70526', 'Cellar, laundry corner', '2024-01-12', 'A', 'Bought at Elektro Schwarz; extended warranty registered online');
INSERT INTO appliances VALUES (4, 'Dishwasher', 'Nordwerk', 'GS 60 Silence', 'NWGS60-19-33815', 'Kitchen', '2019-06-03', 'C', NULL);
INSERT INTO appliances VALUES (5, 'Fridge-freezer', 'Frigon', 'KS 320 NoFrost', 'FR320-20-118834', 'Kitchen', '2020-11-20', 'D', NULL);
INSERT INTO appliances VALUES (6, 'Chest freezer', 'Polaris', 'GT 210', 'PGT210-0908-5521', 'Cellar, storage room', '2009-08-14', 'A+ (old scale)', 'Ices up; defrost twice a year');
INSERT INTO appliances VALUES (7, 'Roller shutter motor', 'Rolltec', 'RT-M 20/17 PA', 'RT-2012-04-66190', 'Living room, south window', '2012-05-02', NULL, 'Large shutter (2.6 m); 60 mm octagonal shaft; type label inside the shutter box');
INSERT INTO appliances VALUES (8, 'Roller shutter motor', 'Rolltec', 'RT-M 10/17 PA', 'RT-2012-04-66187', 'Bedroom, east window', '2012-05-02', NULL, '40 mm shaft');
INSERT INTO appliances VALUES (9, 'Roller shutter motor', 'Rolltec', 'RT-M 10/17 PA', 'RT-2012-04-66188', 'Study, east window', '2012-05-02', NULL, '40 mm shaft');
INSERT INTO appliances VALUES (10, 'Water softener', 'AquaSoft', 'Compact 2', 'AQC2-22-09912', 'Cellar, boiler room', '2022-09-30', NULL, 'Salt tablets every ~6 weeks');
INSERT INTO appliances VALUES (11, 'Smoke detectors (6)', 'Pyrolux', 'PX-10 Q', 'batch 2023-11', 'Bedrooms, hallway, attic', '2023-11-04', NULL, '10-year battery');

INSERT INTO warranties VALUES (1, 1, 'Thermalis', 'manufacturer warranty (5 years)', '2021-03-18', '2026-03-17', 'TH-G5-2021-118204', 'Valid only with annual maintenance by a certified installer');
INSERT INTO warranties VALUES (2, 3, 'Nordwerk', 'manufacturer warranty (2 years)', '2024-01-12', '2026-01-11', 'NW-STD-2024-99173', NULL);
INSERT INTO warranties VALUES (3, 3, 'Nordwerk', 'Nordwerk Plus 5 extended warranty', '2024-01-12', '2029-01-11', 'NWP5-2024-448120', 'Covers parts, labour and call-out; quote the certificate number when booking a repair');
INSERT INTO warranties VALUES (4, 10, 'AquaSoft', 'manufacturer warranty (3 years)', '2022-09-30', '2025-09-29', 'AQ-3Y-22-5531', NULL);
INSERT INTO warranties VALUES (5, 4, 'Nordwerk', 'manufacturer warranty (2 years)', '2019-06-03', '2021-06-02', NULL, NULL);
INSERT INTO warranties VALUES (6, 11, 'Pyrolux', 'manufacturer warranty (5 years)', '2023-11-04', '2028-11-03', NULL, NULL);

INSERT INTO maintenance_log VALUES (1, '2022-04-11', 'Boiler annual service', 'Berger Haustechnik', 18900, NULL);
INSERT INTO maintenance_log VALUES (2, '2023-04-17', 'Boiler annual service', 'Berger Haustechnik', 19450, NULL);
INSERT INTO maintenance_log VALUES (3, '2023-09-22', 'RCD (FI) switch replaced', 'Elektro Maurer', 31200, NULL);
INSERT INTO maintenance_log VALUES (4, '2024-03-12', 'Roof: verge tiles replaced after storm', 'Dachdeckerei Koch', 86500, NULL);
INSERT INTO maintenance_log VALUES (5, '2024-04-15', 'Boiler annual service', 'Berger Haustechnik', 19800, 'Ignition electrode cleaned');
INSERT INTO maintenance_log VALUES (6, '2024-11-02', 'Garden tap winterised, hose stored', 'Jonas (self)', 0, NULL);
INSERT INTO maintenance_log VALUES (7, '2025-04-09', 'Boiler annual service', 'Berger Haustechnik', 20350, NULL);
INSERT INTO maintenance_log VALUES (8, '2025-09-30', 'Water softener salt refill', 'self', 1899, NULL);
INSERT INTO maintenance_log VALUES (9, '2025-10-20', 'Gutters cleaned', 'Dachdeckerei Koch', 14800, 'East and north gutters corroded; replacement recommended');
INSERT INTO maintenance_log VALUES (10, '2025-11-27', 'Roof: storm damage repaired (ridge tiles, underlay)', 'Dachdeckerei Koch', 234000, 'Invoice 2025-214');
INSERT INTO maintenance_log VALUES (11, '2025-12-05', 'Radiator valve replaced, study', 'Berger Haustechnik', 21843, 'Invoice 2025-1187');
INSERT INTO maintenance_log VALUES (12, '2026-01-05', 'Chimney sweep: sweeping and flue gas measurement', 'Markus Vogt', 8400, 'All values within limits');

INSERT INTO service_contracts VALUES (1, 'Regio Energie Freiburg', 'Gas supply (Regio Gas Fix 24)', '2024-03-01', '2026-02-28', '6 weeks before end', 14500, 'monthly', 'Renewal offer expected in January');
INSERT INTO service_contracts VALUES (2, 'Regio Energie Freiburg', 'Electricity (Regio Strom Öko)', '2023-01-01', NULL, '1 month', 6200, 'monthly', NULL);
INSERT INTO service_contracts VALUES (3, 'Markus Vogt, district chimney sweep', 'Statutory sweeping and measurements', '2021-03-18', NULL, 'n/a (statutory)', 8400, 'yearly', NULL);
INSERT INTO service_contracts VALUES (4, 'AquaSoft Service', 'Water softener maintenance', '2022-09-30', '2026-09-29', '3 months', 7900, 'yearly', NULL);
INSERT INTO service_contracts VALUES (5, 'Haus & Grund Freiburg e.V.', 'Homeowners'' association membership', '2020-07-01', NULL, '3 months to year end', 9600, 'yearly', 'Includes free initial legal advice');

INSERT INTO spare_parts VALUES (1, 'Roof tiles (Frankfurter Pfanne, anthracite)', 14, 'pcs', 'Garage loft', '2024-03-12', 'Left over from the verge repair');
INSERT INTO spare_parts VALUES (2, 'Boiler filter cartridge', 2, 'pcs', 'Cellar, boiler room', '2025-04-09', NULL);
INSERT INTO spare_parts VALUES (3, 'Water softener salt tablets', 3, 'bags (25 kg)', 'Cellar, boiler room', '2025-09-30', NULL);
INSERT INTO spare_parts VALUES (4, 'Wall tiles Terrana "Salbei" 15x15 cm (bathroom)', 44, 'pcs (1 box)', 'Cellar, shelf 3, top compartment', '2019-05-20', 'Left over from the 2019 bathroom renovation');
INSERT INTO spare_parts VALUES (5, 'Oak parquet planks (living room)', 6, 'pcs', 'Attic, left of the hatch', '2018-10-02', NULL);
INSERT INTO spare_parts VALUES (6, 'Interior paint, white', 2, 'buckets (10 l)', 'Garage', '2025-06-14', 'Hallway colour');
INSERT INTO spare_parts VALUES (7, 'Smoke detector (spare)', 1, 'pcs', 'Hall cupboard', '2023-11-04', NULL);

INSERT INTO insurance_policies VALUES (1, 'Südbaden Versicherung AG', 'Buildings (fire, storm/hail, tap water)', 'SBV-WG-2210-4471', 50000, 68940, '2027-03-01', 'Natural hazards (flood, heavy rain) not included');
INSERT INTO insurance_policies VALUES (2, 'Südbaden Versicherung AG', 'Household contents', 'SBV-HR-2210-4472', 15000, 21480, '2027-03-01', NULL);
INSERT INTO insurance_policies VALUES (3, 'Südbaden Versicherung AG', 'Homeowner liability', 'SBV-HG-2210-4473', 0, 8900, '2027-03-01', NULL);
INSERT INTO insurance_policies VALUES (4, 'Rhein Rechtsschutz AG', 'Legal expenses (homeowner module)', 'RR-88-119020', 25000, 29900, '2026-10-01', NULL);

-- Added for issue 12 item 4: meter readings, invoices, tradespeople, rooms, instalments, documents.

CREATE TABLE meter_readings (
    id INTEGER PRIMARY KEY,
    meter TEXT NOT NULL,        -- gas | electricity | water
    meter_no TEXT NOT NULL,
    read_on TEXT NOT NULL,      -- ISO date
    reading REAL NOT NULL,      -- m3 for gas and water, kWh for electricity
    unit TEXT NOT NULL,
    read_by TEXT NOT NULL       -- self | utility | estimated
);

CREATE TABLE tradespeople (
    id INTEGER PRIMARY KEY,
    company TEXT NOT NULL,
    trade TEXT NOT NULL,
    contact_person TEXT,
    phone TEXT,
    email TEXT,
    rating INTEGER,             -- Clara's own 1-5
    last_job_on TEXT,
    notes TEXT
);

CREATE TABLE invoices (
    id INTEGER PRIMARY KEY,
    supplier TEXT NOT NULL,
    invoice_no TEXT NOT NULL,
    issued_on TEXT NOT NULL,
    paid_on TEXT,               -- NULL = open
    paid_by TEXT,               -- transfer | direct debit | card | cash
    total_minor INTEGER NOT NULL,
    labour_minor INTEGER,       -- labour, travel and machine costs incl. VAT; NULL = not itemised
    description TEXT NOT NULL
);

CREATE TABLE rooms (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    floor TEXT NOT NULL,
    area_m2 REAL NOT NULL,
    heating TEXT,
    windows TEXT,
    last_painted TEXT,
    notes TEXT
);

CREATE TABLE utility_instalments (
    id INTEGER PRIMARY KEY,
    provider TEXT NOT NULL,
    contract TEXT NOT NULL,
    month TEXT NOT NULL,        -- YYYY-MM
    amount_minor INTEGER NOT NULL,
    status TEXT NOT NULL        -- debited | returned | credited
);

CREATE TABLE house_documents (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    kind TEXT NOT NULL,
    dated TEXT,
    kept_in TEXT NOT NULL,      -- folder in the study, or a path under /home
    notes TEXT
);

INSERT INTO meter_readings VALUES (1, 'gas', 'G-1ESY-1102-7741', '2023-01-01', 18231.4, 'm3', 'self');
INSERT INTO meter_readings VALUES (2, 'electricity', '1 EMH00 4471 0288', '2023-01-01', 40812, 'kWh', 'self');
INSERT INTO meter_readings VALUES (3, 'water', 'WZ 18-220913', '2023-01-01', 1204.35, 'm3', 'self');
INSERT INTO meter_readings VALUES (4, 'gas', 'G-1ESY-1102-7741', '2023-02-04', 18495.7, 'm3', 'self');
INSERT INTO meter_readings VALUES (5, 'electricity', '1 EMH00 4471 0288', '2023-02-04', 41184, 'kWh', 'self');
INSERT INTO meter_readings VALUES (6, 'water', 'WZ 18-220913', '2023-02-04', 1212.45, 'm3', 'self');
INSERT INTO meter_readings VALUES (7, 'gas', 'G-1ESY-1102-7741', '2023-03-04', 18720.0, 'm3', 'self');
INSERT INTO meter_readings VALUES (8, 'electricity', '1 EMH00 4471 0288', '2023-03-04', 41514, 'kWh', 'self');
INSERT INTO meter_readings VALUES (9, 'water', 'WZ 18-220913', '2023-03-04', 1220.05, 'm3', 'self');
INSERT INTO meter_readings VALUES (10, 'gas', 'G-1ESY-1102-7741', '2023-04-01', 18912.3, 'm3', 'self');
INSERT INTO meter_readings VALUES (11, 'electricity', '1 EMH00 4471 0288', '2023-04-01', 41832, 'kWh', 'self');
INSERT INTO meter_readings VALUES (12, 'water', 'WZ 18-220913', '2023-04-01', 1228.35, 'm3', 'self');
INSERT INTO meter_readings VALUES (13, 'gas', 'G-1ESY-1102-7741', '2023-05-06', 19032.4, 'm3', 'self');
INSERT INTO meter_readings VALUES (14, 'electricity', '1 EMH00 4471 0288', '2023-05-06', 42100, 'kWh', 'self');
INSERT INTO meter_readings VALUES (15, 'water', 'WZ 18-220913', '2023-05-06', 1237.25, 'm3', 'self');
INSERT INTO meter_readings VALUES (16, 'gas', 'G-1ESY-1102-7741', '2023-06-03', 19096.5, 'm3', 'self');
INSERT INTO meter_readings VALUES (17, 'electricity', '1 EMH00 4471 0288', '2023-06-03', 42340, 'kWh', 'self');
INSERT INTO meter_readings VALUES (18, 'water', 'WZ 18-220913', '2023-06-03', 1247.65, 'm3', 'self');
INSERT INTO meter_readings VALUES (19, 'gas', 'G-1ESY-1102-7741', '2023-07-01', 19131.7, 'm3', 'self');
INSERT INTO meter_readings VALUES (20, 'electricity', '1 EMH00 4471 0288', '2023-07-01', 42554, 'kWh', 'self');
INSERT INTO meter_readings VALUES (21, 'water', 'WZ 18-220913', '2023-07-01', 1260.45, 'm3', 'self');
INSERT INTO meter_readings VALUES (22, 'gas', 'G-1ESY-1102-7741', '2023-08-05', 19160.6, 'm3', 'self');
INSERT INTO meter_readings VALUES (23, 'electricity', '1 EMH00 4471 0288', '2023-08-05', 42759, 'kWh', 'self');
INSERT INTO meter_readings VALUES (24, 'water', 'WZ 18-220913', '2023-08-05', 1274.55, 'm3', 'self');
INSERT INTO meter_readings VALUES (25, 'gas', 'G-1ESY-1102-7741', '2023-09-02', 19189.4, 'm3', 'self');
INSERT INTO meter_readings VALUES (26, 'electricity', '1 EMH00 4471 0288', '2023-09-02', 42957, 'kWh', 'self');
INSERT INTO meter_readings VALUES (27, 'water', 'WZ 18-220913', '2023-09-02', 1287.75, 'm3', 'self');
INSERT INTO meter_readings VALUES (28, 'gas', 'G-1ESY-1102-7741', '2023-10-01', 19245.5, 'm3', 'self');
INSERT INTO meter_readings VALUES (29, 'electricity', '1 EMH00 4471 0288', '2023-10-01', 43183, 'kWh', 'self');
INSERT INTO meter_readings VALUES (30, 'water', 'WZ 18-220913', '2023-10-01', 1297.85, 'm3', 'self');
INSERT INTO meter_readings VALUES (31, 'gas', 'G-1ESY-1102-7741', '2023-11-04', 19373.6, 'm3', 'self');
INSERT INTO meter_readings VALUES (32, 'electricity', '1 EMH00 4471 0288', '2023-11-04', 43464, 'kWh', 'self');
INSERT INTO meter_readings VALUES (33, 'water', 'WZ 18-220913', '2023-11-04', 1306.55, 'm3', 'self');
INSERT INTO meter_readings VALUES (34, 'gas', 'G-1ESY-1102-7741', '2023-12-02', 19573.9, 'm3', 'utility');
INSERT INTO meter_readings VALUES (35, 'electricity', '1 EMH00 4471 0288', '2023-12-02', 43786, 'kWh', 'utility');
INSERT INTO meter_readings VALUES (36, 'water', 'WZ 18-220913', '2023-12-02', 1314.55, 'm3', 'utility');
INSERT INTO meter_readings VALUES (37, 'gas', 'G-1ESY-1102-7741', '2024-01-06', 19833.4, 'm3', 'self');
INSERT INTO meter_readings VALUES (38, 'electricity', '1 EMH00 4471 0288', '2024-01-06', 44151, 'kWh', 'self');
INSERT INTO meter_readings VALUES (39, 'water', 'WZ 18-220913', '2024-01-06', 1322.95, 'm3', 'self');
INSERT INTO meter_readings VALUES (40, 'gas', 'G-1ESY-1102-7741', '2024-02-03', 20088.8, 'm3', 'self');
INSERT INTO meter_readings VALUES (41, 'electricity', '1 EMH00 4471 0288', '2024-02-03', 44523, 'kWh', 'self');
INSERT INTO meter_readings VALUES (42, 'water', 'WZ 18-220913', '2024-02-03', 1331.05, 'm3', 'self');
INSERT INTO meter_readings VALUES (43, 'gas', 'G-1ESY-1102-7741', '2024-03-02', 20305.5, 'm3', 'self');
INSERT INTO meter_readings VALUES (44, 'electricity', '1 EMH00 4471 0288', '2024-03-02', 44853, 'kWh', 'self');
INSERT INTO meter_readings VALUES (45, 'water', 'WZ 18-220913', '2024-03-02', 1338.65, 'm3', 'self');
INSERT INTO meter_readings VALUES (46, 'gas', 'G-1ESY-1102-7741', '2024-04-06', 20491.3, 'm3', 'self');
INSERT INTO meter_readings VALUES (47, 'electricity', '1 EMH00 4471 0288', '2024-04-06', 45171, 'kWh', 'self');
INSERT INTO meter_readings VALUES (48, 'water', 'WZ 18-220913', '2024-04-06', 1346.95, 'm3', 'self');
INSERT INTO meter_readings VALUES (49, 'gas', 'G-1ESY-1102-7741', '2024-05-04', 20607.4, 'm3', 'self');
INSERT INTO meter_readings VALUES (50, 'electricity', '1 EMH00 4471 0288', '2024-05-04', 45439, 'kWh', 'self');
INSERT INTO meter_readings VALUES (51, 'water', 'WZ 18-220913', '2024-05-04', 1355.85, 'm3', 'self');
INSERT INTO meter_readings VALUES (52, 'gas', 'G-1ESY-1102-7741', '2024-06-01', 20669.3, 'm3', 'self');
INSERT INTO meter_readings VALUES (53, 'electricity', '1 EMH00 4471 0288', '2024-06-01', 45679, 'kWh', 'self');
INSERT INTO meter_readings VALUES (54, 'water', 'WZ 18-220913', '2024-06-01', 1366.25, 'm3', 'self');
INSERT INTO meter_readings VALUES (55, 'gas', 'G-1ESY-1102-7741', '2024-07-06', 20703.4, 'm3', 'self');
INSERT INTO meter_readings VALUES (56, 'electricity', '1 EMH00 4471 0288', '2024-07-06', 45893, 'kWh', 'self');
INSERT INTO meter_readings VALUES (57, 'water', 'WZ 18-220913', '2024-07-06', 1379.05, 'm3', 'self');
INSERT INTO meter_readings VALUES (58, 'gas', 'G-1ESY-1102-7741', '2024-08-03', 20731.2, 'm3', 'estimated');
INSERT INTO meter_readings VALUES (59, 'electricity', '1 EMH00 4471 0288', '2024-08-03', 46098, 'kWh', 'estimated');
INSERT INTO meter_readings VALUES (60, 'water', 'WZ 18-220913', '2024-08-03', 1393.15, 'm3', 'estimated');
INSERT INTO meter_readings VALUES (61, 'gas', 'G-1ESY-1102-7741', '2024-09-01', 20759.1, 'm3', 'self');
INSERT INTO meter_readings VALUES (62, 'electricity', '1 EMH00 4471 0288', '2024-09-01', 46296, 'kWh', 'self');
INSERT INTO meter_readings VALUES (63, 'water', 'WZ 18-220913', '2024-09-01', 1406.35, 'm3', 'self');
INSERT INTO meter_readings VALUES (64, 'gas', 'G-1ESY-1102-7741', '2024-10-05', 20813.3, 'm3', 'self');
INSERT INTO meter_readings VALUES (65, 'electricity', '1 EMH00 4471 0288', '2024-10-05', 46522, 'kWh', 'self');
INSERT INTO meter_readings VALUES (66, 'water', 'WZ 18-220913', '2024-10-05', 1416.45, 'm3', 'self');
INSERT INTO meter_readings VALUES (67, 'gas', 'G-1ESY-1102-7741', '2024-11-02', 20937.1, 'm3', 'self');
INSERT INTO meter_readings VALUES (68, 'electricity', '1 EMH00 4471 0288', '2024-11-02', 46803, 'kWh', 'self');
INSERT INTO meter_readings VALUES (69, 'water', 'WZ 18-220913', '2024-11-02', 1425.15, 'm3', 'self');
INSERT INTO meter_readings VALUES (70, 'gas', 'G-1ESY-1102-7741', '2024-12-01', 21130.6, 'm3', 'utility');
INSERT INTO meter_readings VALUES (71, 'electricity', '1 EMH00 4471 0288', '2024-12-01', 47125, 'kWh', 'utility');
INSERT INTO meter_readings VALUES (72, 'water', 'WZ 18-220913', '2024-12-01', 1433.15, 'm3', 'utility');
INSERT INTO meter_readings VALUES (73, 'gas', 'G-1ESY-1102-7741', '2025-01-04', 21381.4, 'm3', 'self');
INSERT INTO meter_readings VALUES (74, 'electricity', '1 EMH00 4471 0288', '2025-01-04', 47490, 'kWh', 'self');
INSERT INTO meter_readings VALUES (75, 'water', 'WZ 18-220913', '2025-01-04', 1441.55, 'm3', 'self');
INSERT INTO meter_readings VALUES (76, 'gas', 'G-1ESY-1102-7741', '2025-02-01', 21618.6, 'm3', 'self');
INSERT INTO meter_readings VALUES (77, 'electricity', '1 EMH00 4471 0288', '2025-02-01', 47840, 'kWh', 'self');
INSERT INTO meter_readings VALUES (78, 'water', 'WZ 18-220913', '2025-02-01', 1449.65, 'm3', 'self');
INSERT INTO meter_readings VALUES (79, 'gas', 'G-1ESY-1102-7741', '2025-03-01', 21819.8, 'm3', 'self');
INSERT INTO meter_readings VALUES (80, 'electricity', '1 EMH00 4471 0288', '2025-03-01', 48150, 'kWh', 'self');
INSERT INTO meter_readings VALUES (81, 'water', 'WZ 18-220913', '2025-03-01', 1457.25, 'm3', 'self');
INSERT INTO meter_readings VALUES (82, 'gas', 'G-1ESY-1102-7741', '2025-04-05', 21992.3, 'm3', 'self');
INSERT INTO meter_readings VALUES (83, 'electricity', '1 EMH00 4471 0288', '2025-04-05', 48449, 'kWh', 'self');
INSERT INTO meter_readings VALUES (84, 'water', 'WZ 18-220913', '2025-04-05', 1465.55, 'm3', 'self');
INSERT INTO meter_readings VALUES (85, 'gas', 'G-1ESY-1102-7741', '2025-05-03', 22100.1, 'm3', 'self');
INSERT INTO meter_readings VALUES (86, 'electricity', '1 EMH00 4471 0288', '2025-05-03', 48701, 'kWh', 'self');
INSERT INTO meter_readings VALUES (87, 'water', 'WZ 18-220913', '2025-05-03', 1474.45, 'm3', 'self');
INSERT INTO meter_readings VALUES (88, 'gas', 'G-1ESY-1102-7741', '2025-06-01', 22157.6, 'm3', 'self');
INSERT INTO meter_readings VALUES (89, 'electricity', '1 EMH00 4471 0288', '2025-06-01', 48926, 'kWh', 'self');
INSERT INTO meter_readings VALUES (90, 'water', 'WZ 18-220913', '2025-06-01', 1484.85, 'm3', 'self');
INSERT INTO meter_readings VALUES (91, 'gas', 'G-1ESY-1102-7741', '2025-07-05', 22189.3, 'm3', 'self');
INSERT INTO meter_readings VALUES (92, 'electricity', '1 EMH00 4471 0288', '2025-07-05', 49127, 'kWh', 'self');
INSERT INTO meter_readings VALUES (93, 'water', 'WZ 18-220913', '2025-07-05', 1497.65, 'm3', 'self');
INSERT INTO meter_readings VALUES (94, 'gas', 'G-1ESY-1102-7741', '2025-08-02', 22215.1, 'm3', 'self');
INSERT INTO meter_readings VALUES (95, 'electricity', '1 EMH00 4471 0288', '2025-08-02', 49320, 'kWh', 'self');
INSERT INTO meter_readings VALUES (96, 'water', 'WZ 18-220913', '2025-08-02', 1511.75, 'm3', 'self');
INSERT INTO meter_readings VALUES (97, 'gas', 'G-1ESY-1102-7741', '2025-09-06', 22241.0, 'm3', 'self');
INSERT INTO meter_readings VALUES (98, 'electricity', '1 EMH00 4471 0288', '2025-09-06', 49506, 'kWh', 'self');
INSERT INTO meter_readings VALUES (99, 'water', 'WZ 18-220913', '2025-09-06', 1524.95, 'm3', 'self');
INSERT INTO meter_readings VALUES (100, 'gas', 'G-1ESY-1102-7741', '2025-10-04', 22291.3, 'm3', 'self');
INSERT INTO meter_readings VALUES (101, 'electricity', '1 EMH00 4471 0288', '2025-10-04', 49719, 'kWh', 'self');
INSERT INTO meter_readings VALUES (102, 'water', 'WZ 18-220913', '2025-10-04', 1535.05, 'm3', 'self');
INSERT INTO meter_readings VALUES (103, 'gas', 'G-1ESY-1102-7741', '2025-11-01', 22406.3, 'm3', 'self');
INSERT INTO meter_readings VALUES (104, 'electricity', '1 EMH00 4471 0288', '2025-11-01', 49983, 'kWh', 'self');
INSERT INTO meter_readings VALUES (105, 'water', 'WZ 18-220913', '2025-11-01', 1543.75, 'm3', 'self');
INSERT INTO meter_readings VALUES (106, 'gas', 'G-1ESY-1102-7741', '2025-12-06', 22586.0, 'm3', 'utility');
INSERT INTO meter_readings VALUES (107, 'electricity', '1 EMH00 4471 0288', '2025-12-06', 50286, 'kWh', 'utility');
INSERT INTO meter_readings VALUES (108, 'water', 'WZ 18-220913', '2025-12-06', 1551.75, 'm3', 'utility');
INSERT INTO meter_readings VALUES (109, 'gas', 'G-1ESY-1102-7741', '2026-01-03', 22818.9, 'm3', 'self');
INSERT INTO meter_readings VALUES (110, 'electricity', '1 EMH00 4471 0288', '2026-01-03', 50629, 'kWh', 'self');
INSERT INTO meter_readings VALUES (111, 'water', 'WZ 18-220913', '2026-01-03', 1560.15, 'm3', 'self');

INSERT INTO tradespeople VALUES (1, 'Berger Haustechnik', 'heating and plumbing', 'Tom Berger', '+49 761 4471200', 'tom.berger@berger-haustechnik.example', 5, '2025-12-05', 'Annual boiler service; 24 h emergency line');
INSERT INTO tradespeople VALUES (2, 'Elektro Maurer', 'electrician', 'Jens Maurer', '+49 761 5520814', 'jens.maurer@elektro-maurer.example', 4, '2023-09-22', 'Orders parts from the wholesaler on Tuesdays and Fridays');
INSERT INTO tradespeople VALUES (3, 'Dachdeckerei Koch', 'roofing, gutters', 'Sabine Koch', '+49 761 4093377', 's.koch@dachdeckerei-koch.example', 4, '2025-11-27', 'Family firm; Sabine runs the office, her brother the site');
INSERT INTO tradespeople VALUES (4, 'Fliesen Kaya', 'tiling', 'Murat Kaya', '+49 761 1588240', 'info@fliesen-kaya.example', 3, NULL, 'Recommended by the Haas family');
INSERT INTO tradespeople VALUES (5, 'Fensterbau Hug GmbH', 'windows, joinery', 'Anna Hug', '+49 761 5561230', 'anna.hug@fensterbau-hug.example', NULL, NULL, 'Contract A-2026-118 for the street-side windows');
INSERT INTO tradespeople VALUES (6, 'Malerbetrieb Stein', 'painting and decorating', 'Oliver Stein', '+49 761 7034418', 'stein@maler-stein.example', 5, '2025-06-14', 'Hallway and stairwell; keeps the colour codes');
INSERT INTO tradespeople VALUES (7, 'Schlüsseldienst Adler', 'locksmith', NULL, '+49 761 2200190', NULL, 2, '2022-02-11', 'Expensive Sunday call-out (EUR 240); avoid');
INSERT INTO tradespeople VALUES (8, 'Gartenbau Lindner', 'garden, hedges, trees', 'Ute Lindner', '+49 761 6612095', 'ute@gartenbau-lindner.example', 4, '2025-10-03', 'Hedge cut twice a year; tree permit help');
INSERT INTO tradespeople VALUES (9, 'Markus Vogt', 'district chimney sweep', 'Markus Vogt', '+49 761 8823310', 'm.vogt@schornsteinfeger-vogt.example', 5, '2026-01-05', 'Statutory; appointment letter every December');
INSERT INTO tradespeople VALUES (10, 'AquaSoft Service', 'water treatment', NULL, '+49 800 2782763', 'service@aquasoft.example', 3, '2025-03-18', 'Annual softener maintenance under contract');
INSERT INTO tradespeople VALUES (11, 'Kanal-Blitz Südbaden', 'drain cleaning', NULL, '+49 761 3344550', NULL, 3, '2021-07-19', 'Cellar floor drain backed up after heavy rain');
INSERT INTO tradespeople VALUES (12, 'Nordwerk Kundendienst', 'appliance service (washing machine, dishwasher)', NULL, '+49 800 6673975', 'service@nordwerk.example', 3, '2024-06-20', 'Book repairs online or by phone; quote the certificate number');
INSERT INTO tradespeople VALUES (13, 'Schreinerei Faller', 'carpentry', 'Benedikt Faller', '+49 761 4720061', 'faller@schreinerei-faller.example', 4, '2020-09-09', 'Built the study shelves; repaired the attic stairs');
INSERT INTO tradespeople VALUES (14, 'Gerüstbau Rees', 'scaffolding (subcontractor of Koch)', NULL, '+49 761 9912004', NULL, NULL, NULL, 'Erects scaffolding for Dachdeckerei Koch');

INSERT INTO invoices VALUES (1, 'Berger Haustechnik', '2022-0412', '2022-04-12', '2022-04-20', 'transfer', 18900, 11424, 'Boiler annual service');
INSERT INTO invoices VALUES (2, 'Berger Haustechnik', '2023-0433', '2023-04-18', '2023-04-26', 'transfer', 19450, 11900, 'Boiler annual service');
INSERT INTO invoices VALUES (3, 'Elektro Maurer', 'R-23-0918', '2023-09-25', '2023-10-02', 'transfer', 31200, 14280, 'RCD (FI) switch replaced, circuits tested');
INSERT INTO invoices VALUES (4, 'Dachdeckerei Koch', '2024-031', '2024-03-14', '2024-03-21', 'transfer', 86500, 51170, 'Verge tiles replaced after storm (itemised: labour 43 h)');
INSERT INTO invoices VALUES (5, 'Berger Haustechnik', '2024-0398', '2024-04-16', '2024-04-24', 'transfer', 19800, 12376, 'Boiler annual service, ignition electrode cleaned');
INSERT INTO invoices VALUES (6, 'Nordwerk Kundendienst', 'KD-24-558120', '2024-06-20', '2024-06-20', 'card', 0, 0, 'Dishwasher inspection under goodwill, no charge');
INSERT INTO invoices VALUES (7, 'Malerbetrieb Stein', 'MS-2025-061', '2025-06-16', '2025-06-25', 'transfer', 248900, 187400, 'Hallway and stairwell painted, 2 coats');
INSERT INTO invoices VALUES (8, 'Berger Haustechnik', '2025-0377', '2025-04-10', '2025-04-17', 'transfer', 20350, 12614, 'Boiler annual service');
INSERT INTO invoices VALUES (9, 'Gartenbau Lindner', 'GL-25-144', '2025-10-06', '2025-10-14', 'transfer', 38700, 30940, 'Hedge cut, tree crown thinned (walnut)');
INSERT INTO invoices VALUES (10, 'Dachdeckerei Koch', '2025-188', '2025-10-22', '2025-10-30', 'transfer', 14800, 9520, 'Gutters cleaned, downpipes flushed');
INSERT INTO invoices VALUES (11, 'Dachdeckerei Koch', '2025-214', '2025-11-28', '2025-12-10', 'transfer', 234000, NULL, 'Storm damage repair, ridge tiles and underlay, flat rate');
INSERT INTO invoices VALUES (12, 'Berger Haustechnik', '2025-1187', '2025-12-05', '2025-12-08', 'transfer', 21843, 13090, 'Radiator valve replaced, study');
INSERT INTO invoices VALUES (13, 'Markus Vogt', 'KV-2026-0031', '2026-01-05', '2026-01-05', 'transfer', 8400, 8400, 'Sweeping and flue gas measurement 2026');
INSERT INTO invoices VALUES (14, 'AquaSoft Service', 'AQS-25-30218', '2025-03-18', '2025-03-18', 'direct debit', 7900, 5200, 'Softener maintenance, contract year 3');
INSERT INTO invoices VALUES (15, 'Schlüsseldienst Adler', 'A-0211-22', '2022-02-13', '2022-02-13', 'cash', 24000, 24000, 'Sunday lock-out call, cylinder replaced');
INSERT INTO invoices VALUES (16, 'Kanal-Blitz Südbaden', 'KB-21-4410', '2021-07-19', '2021-07-26', 'transfer', 29750, 24990, 'Cellar floor drain cleared, camera inspection');
INSERT INTO invoices VALUES (17, 'Schreinerei Faller', 'SF-20-112', '2020-09-11', '2020-09-21', 'transfer', 164200, 98500, 'Study shelves, oak veneer; attic stair tread repaired');
INSERT INTO invoices VALUES (18, 'Elektro Schwarz', 'ES-24-0112-08', '2024-01-12', '2024-01-12', 'card', 82900, NULL, 'Washing machine Nordwerk WM 8 Eco incl. Plus 5 extended warranty');
INSERT INTO invoices VALUES (19, 'Regio Energie Freiburg', 'JA-2025-GAS', '2026-01-08', NULL, NULL, -8640, NULL, 'Annual gas statement 2025: credit to be refunded');

INSERT INTO rooms VALUES (1, 'Kitchen', 'ground floor', 14.2, 'radiator (window wall)', '1 wooden window, street', '2021-05', 'Tiled splashback 2019');
INSERT INTO rooms VALUES (2, 'Living room', 'ground floor', 27.5, '2 radiators', '2 wooden windows (street), large south window with motorised shutter', '2022-08', 'Oak parquet');
INSERT INTO rooms VALUES (3, 'Dining room', 'ground floor', 13.8, 'radiator', '1 wooden window, garden', '2022-08', NULL);
INSERT INTO rooms VALUES (4, 'Guest WC', 'ground floor', 2.4, 'towel radiator', 'small tilt window', '2019-05', NULL);
INSERT INTO rooms VALUES (5, 'Hallway and stairwell', 'ground floor / first floor', 11.0, 'radiator (hall)', NULL, '2025-06', 'Painted by Malerbetrieb Stein');
INSERT INTO rooms VALUES (6, 'Bedroom', 'first floor', 16.9, 'radiator', 'east window with motorised shutter', '2020-03', NULL);
INSERT INTO rooms VALUES (7, 'Study', 'first floor', 12.1, 'radiator (valve replaced Dec 2025)', 'east window with motorised shutter, street window', '2020-09', 'Home office; shelves by Schreinerei Faller');
INSERT INTO rooms VALUES (8, 'Bathroom', 'first floor', 8.6, 'towel radiator + radiator', '1 window, north', '2019-05', 'Renovated 2019; wall tiles Terrana');
INSERT INTO rooms VALUES (9, 'Guest room', 'first floor', 10.4, 'radiator', '1 wooden window, street', '2018-11', 'Jonas''s drum kit in the corner');
INSERT INTO rooms VALUES (10, 'Attic', 'second floor', 32.0, '2 radiators (bleed every October)', '2 roof windows', NULL, 'Partly insulated; storage left of the hatch');
INSERT INTO rooms VALUES (11, 'Cellar: boiler room', 'basement', 9.5, NULL, 'light well', NULL, 'Boiler, hot water cylinder, water softener');
INSERT INTO rooms VALUES (12, 'Cellar: laundry corner', 'basement', 7.0, NULL, NULL, NULL, 'Washing machine, drying rack, gate valves');
INSERT INTO rooms VALUES (13, 'Cellar: storage room', 'basement', 11.3, NULL, 'light well', NULL, 'Chest freezer, shelves 1-4');
INSERT INTO rooms VALUES (14, 'Garage', 'outside', 18.0, NULL, NULL, NULL, 'Loft for tiles, garden tools, bikes');

INSERT INTO utility_instalments VALUES (1, 'Regio Energie Freiburg', 'Gas', '2024-01', 15500, 'debited');
INSERT INTO utility_instalments VALUES (2, 'Regio Energie Freiburg', 'Electricity', '2024-01', 6200, 'debited');
INSERT INTO utility_instalments VALUES (3, 'Regio Energie Freiburg', 'Gas', '2024-02', 15500, 'debited');
INSERT INTO utility_instalments VALUES (4, 'Regio Energie Freiburg', 'Electricity', '2024-02', 6200, 'debited');
INSERT INTO utility_instalments VALUES (5, 'Stadt Freiburg', 'Property tax (Grundsteuer B)', '2024-02', 9120, 'debited');
INSERT INTO utility_instalments VALUES (6, 'badenova Wasser', 'Water and sewage', '2024-02', 11400, 'debited');
INSERT INTO utility_instalments VALUES (7, 'Regio Energie Freiburg', 'Gas', '2024-03', 14500, 'debited');
INSERT INTO utility_instalments VALUES (8, 'Regio Energie Freiburg', 'Electricity', '2024-03', 6200, 'debited');
INSERT INTO utility_instalments VALUES (9, 'Regio Energie Freiburg', 'Gas', '2024-04', 14500, 'debited');
INSERT INTO utility_instalments VALUES (10, 'Regio Energie Freiburg', 'Electricity', '2024-04', 6200, 'debited');
INSERT INTO utility_instalments VALUES (11, 'Regio Energie Freiburg', 'Gas', '2024-05', 14500, 'debited');
INSERT INTO utility_instalments VALUES (12, 'Regio Energie Freiburg', 'Electricity', '2024-05', 6200, 'debited');
INSERT INTO utility_instalments VALUES (13, 'Stadt Freiburg', 'Property tax (Grundsteuer B)', '2024-05', 9120, 'debited');
INSERT INTO utility_instalments VALUES (14, 'badenova Wasser', 'Water and sewage', '2024-05', 11400, 'debited');
INSERT INTO utility_instalments VALUES (15, 'Regio Energie Freiburg', 'Gas', '2024-06', 14500, 'debited');
INSERT INTO utility_instalments VALUES (16, 'Regio Energie Freiburg', 'Electricity', '2024-06', 6200, 'debited');
INSERT INTO utility_instalments VALUES (17, 'Regio Energie Freiburg', 'Gas', '2024-07', 14500, 'debited');
INSERT INTO utility_instalments VALUES (18, 'Regio Energie Freiburg', 'Electricity', '2024-07', 6200, 'debited');
INSERT INTO utility_instalments VALUES (19, 'Regio Energie Freiburg', 'Gas', '2024-08', 14500, 'debited');
INSERT INTO utility_instalments VALUES (20, 'Regio Energie Freiburg', 'Electricity', '2024-08', 6200, 'debited');
INSERT INTO utility_instalments VALUES (21, 'Stadt Freiburg', 'Property tax (Grundsteuer B)', '2024-08', 9120, 'debited');
INSERT INTO utility_instalments VALUES (22, 'badenova Wasser', 'Water and sewage', '2024-08', 11400, 'debited');
INSERT INTO utility_instalments VALUES (23, 'Regio Energie Freiburg', 'Gas', '2024-09', 14500, 'debited');
INSERT INTO utility_instalments VALUES (24, 'Regio Energie Freiburg', 'Electricity', '2024-09', 6200, 'returned');
INSERT INTO utility_instalments VALUES (25, 'Regio Energie Freiburg', 'Gas', '2024-10', 14500, 'debited');
INSERT INTO utility_instalments VALUES (26, 'Regio Energie Freiburg', 'Electricity', '2024-10', 6200, 'debited');
INSERT INTO utility_instalments VALUES (27, 'Regio Energie Freiburg', 'Gas', '2024-11', 14500, 'debited');
INSERT INTO utility_instalments VALUES (28, 'Regio Energie Freiburg', 'Electricity', '2024-11', 6200, 'debited');
INSERT INTO utility_instalments VALUES (29, 'Stadt Freiburg', 'Property tax (Grundsteuer B)', '2024-11', 9120, 'debited');
INSERT INTO utility_instalments VALUES (30, 'badenova Wasser', 'Water and sewage', '2024-11', 11400, 'debited');
INSERT INTO utility_instalments VALUES (31, 'Regio Energie Freiburg', 'Gas', '2024-12', 14500, 'debited');
INSERT INTO utility_instalments VALUES (32, 'Regio Energie Freiburg', 'Electricity', '2024-12', 6200, 'debited');
INSERT INTO utility_instalments VALUES (33, 'Regio Energie Freiburg', 'Gas', '2025-01', 14500, 'debited');
INSERT INTO utility_instalments VALUES (34, 'Regio Energie Freiburg', 'Electricity', '2025-01', 6200, 'debited');
INSERT INTO utility_instalments VALUES (35, 'Regio Energie Freiburg', 'Gas', '2025-02', 14500, 'debited');
INSERT INTO utility_instalments VALUES (36, 'Regio Energie Freiburg', 'Electricity', '2025-02', 6200, 'debited');
INSERT INTO utility_instalments VALUES (37, 'Stadt Freiburg', 'Property tax (Grundsteuer B)', '2025-02', 31260, 'debited');
INSERT INTO utility_instalments VALUES (38, 'badenova Wasser', 'Water and sewage', '2025-02', 11400, 'debited');
INSERT INTO utility_instalments VALUES (39, 'Regio Energie Freiburg', 'Gas', '2025-03', 14500, 'debited');
INSERT INTO utility_instalments VALUES (40, 'Regio Energie Freiburg', 'Electricity', '2025-03', 6200, 'debited');
INSERT INTO utility_instalments VALUES (41, 'Regio Energie Freiburg', 'Gas', '2025-04', 14500, 'debited');
INSERT INTO utility_instalments VALUES (42, 'Regio Energie Freiburg', 'Electricity', '2025-04', 6200, 'debited');
INSERT INTO utility_instalments VALUES (43, 'Regio Energie Freiburg', 'Gas', '2025-05', 14500, 'debited');
INSERT INTO utility_instalments VALUES (44, 'Regio Energie Freiburg', 'Electricity', '2025-05', 6200, 'debited');
INSERT INTO utility_instalments VALUES (45, 'Stadt Freiburg', 'Property tax (Grundsteuer B)', '2025-05', 31260, 'debited');
INSERT INTO utility_instalments VALUES (46, 'badenova Wasser', 'Water and sewage', '2025-05', 11400, 'debited');
INSERT INTO utility_instalments VALUES (47, 'Regio Energie Freiburg', 'Gas', '2025-06', 14500, 'debited');
INSERT INTO utility_instalments VALUES (48, 'Regio Energie Freiburg', 'Electricity', '2025-06', 6200, 'debited');
INSERT INTO utility_instalments VALUES (49, 'Regio Energie Freiburg', 'Gas', '2025-07', 14500, 'debited');
INSERT INTO utility_instalments VALUES (50, 'Regio Energie Freiburg', 'Electricity', '2025-07', 6200, 'debited');
INSERT INTO utility_instalments VALUES (51, 'Regio Energie Freiburg', 'Gas', '2025-08', 14500, 'debited');
INSERT INTO utility_instalments VALUES (52, 'Regio Energie Freiburg', 'Electricity', '2025-08', 6200, 'debited');
INSERT INTO utility_instalments VALUES (53, 'Stadt Freiburg', 'Property tax (Grundsteuer B)', '2025-08', 31260, 'debited');
INSERT INTO utility_instalments VALUES (54, 'badenova Wasser', 'Water and sewage', '2025-08', 11400, 'debited');
INSERT INTO utility_instalments VALUES (55, 'Regio Energie Freiburg', 'Gas', '2025-09', 14500, 'debited');
INSERT INTO utility_instalments VALUES (56, 'Regio Energie Freiburg', 'Electricity', '2025-09', 6200, 'debited');
INSERT INTO utility_instalments VALUES (57, 'Regio Energie Freiburg', 'Gas', '2025-10', 14500, 'debited');
INSERT INTO utility_instalments VALUES (58, 'Regio Energie Freiburg', 'Electricity', '2025-10', 6200, 'debited');
INSERT INTO utility_instalments VALUES (59, 'Regio Energie Freiburg', 'Gas', '2025-11', 14500, 'debited');
INSERT INTO utility_instalments VALUES (60, 'Regio Energie Freiburg', 'Electricity', '2025-11', 6200, 'debited');
INSERT INTO utility_instalments VALUES (61, 'Stadt Freiburg', 'Property tax (Grundsteuer B)', '2025-11', 31260, 'debited');
INSERT INTO utility_instalments VALUES (62, 'badenova Wasser', 'Water and sewage', '2025-11', 11400, 'debited');
INSERT INTO utility_instalments VALUES (63, 'Regio Energie Freiburg', 'Gas', '2025-12', 14500, 'debited');
INSERT INTO utility_instalments VALUES (64, 'Regio Energie Freiburg', 'Electricity', '2025-12', 6200, 'debited');
INSERT INTO utility_instalments VALUES (65, 'Regio Energie Freiburg', 'Gas', '2026-01', 14500, 'debited');
INSERT INTO utility_instalments VALUES (66, 'Regio Energie Freiburg', 'Electricity', '2026-01', 6200, 'debited');

INSERT INTO house_documents VALUES (1, 'Purchase contract and land register extract', 'legal', '1994-06-30', 'Study, red folder 1', NULL);
INSERT INTO house_documents VALUES (2, 'Energy performance certificate', 'certificate', '2019-08-12', 'Study, red folder 1', 'Demand-based, class E; valid until 2029');
INSERT INTO house_documents VALUES (3, 'Buildings insurance policy SBV-WG-2210-4471', 'insurance', '2022-10-01', '/home/insurance/buildings-policy-summary.txt', 'Paper original in red folder 2');
INSERT INTO house_documents VALUES (4, 'Thermalis Condens 24 K installation and service manual', 'manual', '2021-03-18', '/home/manuals/thermalis-condens-24k-excerpt.txt', 'Full manual in the boiler room drawer');
INSERT INTO house_documents VALUES (5, 'Nordwerk WM 8 Eco quick guide', 'manual', '2024-01-12', '/home/manuals/nordwerk-wm8-quick-guide.txt', NULL);
INSERT INTO house_documents VALUES (6, 'Koch gutter replacement contract 2026', 'contract', '2026-01-14', '/home/contracts/koch-gutter-contract-2026.txt', NULL);
INSERT INTO house_documents VALUES (7, 'Rolltec shutter motor leaflets (3)', 'manual', '2012-05-02', 'Study, grey box ''Haus Technik''', 'Type labels are inside the shutter boxes');
INSERT INTO house_documents VALUES (8, 'Building permit, dormer extension', 'permit', '1996-04-17', 'Study, red folder 1', NULL);
INSERT INTO house_documents VALUES (9, 'Chimney sweep fire safety inspection (Feuerstättenschau)', 'certificate', '2024-06-18', 'Study, red folder 3', 'Next due 2027');
INSERT INTO house_documents VALUES (10, 'Bathroom renovation 2019 invoices', 'invoice bundle', '2019-05-31', 'Study, folder ''Bad 2019''', NULL);
INSERT INTO house_documents VALUES (11, 'Haus & Grund membership card', 'membership', '2020-07-01', 'Wallet', NULL);
INSERT INTO house_documents VALUES (12, 'Tax notes (household items)', 'notes', '2026-01-10', '/home/finance/tax-notes.txt', NULL);
INSERT INTO house_documents VALUES (13, 'Smoke detector test log', 'log', '2025-11-02', '/home/checklists/smoke-detector-log.txt', NULL);
INSERT INTO house_documents VALUES (14, 'Tradespeople invoices 2025', 'invoice bundle', '2025-12-31', 'Study, folder ''Haus 2025''', 'Given to Birgit Haller with the tax documents');

INSERT INTO appliances VALUES (20, 'Washing machine (previous, disposed of 2024)', 'Nordwerk', 'WM 7 Eco', 'NW7E-1902-41188', 'Cellar, laundry corner (removed)', '2019-02-08', 'A++ (old scale)', 'Pump failed Dec 2023; taken back by Elektro Schwarz on 12 Jan 2024');
INSERT INTO appliances VALUES (21, 'Cooker hood', 'Frigon', 'DH 60 Slim', 'FRDH60-19-2207', 'Kitchen', '2019-06-03', 'C', 'Grease filters in the dishwasher monthly');
INSERT INTO appliances VALUES (22, 'Induction hob', 'Nordwerk', 'IK 604', 'NWIK604-19-7731', 'Kitchen', '2019-06-03', NULL, NULL);
INSERT INTO warranties VALUES (20, 20, 'Nordwerk', 'Nordwerk Plus 5 extended warranty', '2019-02-08', '2024-02-07', 'NWP5-2019-418120', 'Ended when the machine was replaced in January 2024; not transferable to the new machine');
INSERT INTO warranties VALUES (21, 1, 'Berger Haustechnik', 'installer workmanship guarantee (2 years)', '2021-03-18', '2023-03-17', 'BH-GW-2021-031', NULL);
INSERT INTO spare_parts VALUES (20, 'Wall tiles white 20x25 cm (guest WC)', 12, 'pcs', 'Cellar, shelf 3, bottom compartment', '2019-05-20', 'Guest WC, 2019');
INSERT INTO spare_parts VALUES (21, 'Tile grout, light grey (5 kg)', 1, 'bag', 'Cellar, shelf 2', '2019-05-20', NULL);
INSERT INTO spare_parts VALUES (22, 'Fuses and RCD test log sheets', 1, 'folder', 'Hallway cupboard', '2023-09-22', NULL);
INSERT INTO maintenance_log VALUES (20, '2021-07-19', 'Cellar floor drain cleared after heavy rain', 'Kanal-Blitz Südbaden', 29750, 'Camera inspection: root ingress at 4 m, no damage');
INSERT INTO maintenance_log VALUES (21, '2025-06-14', 'Hallway and stairwell painted', 'Malerbetrieb Stein', 248900, NULL);
INSERT INTO maintenance_log VALUES (22, '2025-10-03', 'Hedge cut, walnut crown thinned', 'Gartenbau Lindner', 38700, NULL);
INSERT INTO maintenance_log VALUES (23, '2025-11-02', 'Smoke detectors tested, attic bleed', 'self', 0, 'All six OK');
INSERT INTO service_contracts VALUES (20, 'Regio Energie Freiburg', 'Gas supply (Regio Gas Fix 22)', '2022-03-01', '2024-02-29', '6 weeks before end', 15500, 'monthly', 'Superseded by Regio Gas Fix 24');
