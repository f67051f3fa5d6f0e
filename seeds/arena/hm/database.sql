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
