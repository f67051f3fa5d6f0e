-- HALO-Arena environment tr2 (travel): Catalina Vergara Soto's field-travel records.
-- Catalina keeps this database herself: field trips (Geoandes trip codes), bookings, the people
-- she travels with, vehicles, field equipment and the contents of the field boxes, HSE journey
-- plans, camp beds, the flights she uses, her field log, sample dispatches and expense claims.
-- Amounts are integer minor units of the stated currency (CLP has no subunit: 1 = 1 peso;
-- USD in cents). Times are local Chilean time unless a column says otherwise.

CREATE TABLE trips (
    id TEXT PRIMARY KEY,            -- Geoandes trip code GA-YY-NNN
    project TEXT NOT NULL,
    client TEXT NOT NULL,
    area TEXT NOT NULL,
    depart_on TEXT NOT NULL,        -- ISO date
    return_on TEXT NOT NULL,
    crew TEXT NOT NULL,
    status TEXT NOT NULL,           -- planned | booked | completed | cancelled
    notes TEXT
);

CREATE TABLE bookings (
    id INTEGER PRIMARY KEY,
    trip_id TEXT REFERENCES trips(id),
    kind TEXT NOT NULL,             -- flight | rental | hotel | helicopter | courier | other
    provider TEXT NOT NULL,
    reference TEXT,
    details TEXT,
    starts_at TEXT,
    ends_at TEXT,
    amount_minor INTEGER,
    currency TEXT,
    paid_with TEXT,
    status TEXT NOT NULL,           -- held | confirmed | used | cancelled
    notes TEXT
);

CREATE TABLE crew (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    role TEXT NOT NULL,
    employer TEXT NOT NULL,
    phone TEXT,
    based_in TEXT,
    mine_driving TEXT,              -- internal driving authorisations held
    notes TEXT
);

CREATE TABLE vehicles (
    id INTEGER PRIMARY KEY,
    label TEXT NOT NULL,
    plate TEXT,
    owner TEXT NOT NULL,
    category TEXT,
    equipment TEXT,
    based_at TEXT,
    notes TEXT
);

CREATE TABLE equipment (
    id INTEGER PRIMARY KEY,
    item TEXT NOT NULL,
    model TEXT,
    serial_no TEXT,
    power TEXT,                     -- batteries as printed on the unit / manual
    custody TEXT,
    notes TEXT
);

CREATE TABLE kit_items (
    id INTEGER PRIMARY KEY,
    box TEXT NOT NULL,
    item TEXT NOT NULL,
    quantity INTEGER NOT NULL,
    notes TEXT
);

CREATE TABLE journey_plans (
    id INTEGER PRIMARY KEY,
    trip_id TEXT REFERENCES trips(id),
    days TEXT NOT NULL,
    route TEXT NOT NULL,
    vehicle TEXT,
    comms TEXT,
    check_ins TEXT,
    sent_on TEXT,
    status TEXT NOT NULL            -- draft | sent | closed
);

CREATE TABLE camp_bookings (
    id INTEGER PRIMARY KEY,
    camp TEXT NOT NULL,
    trip_id TEXT REFERENCES trips(id),
    nights TEXT NOT NULL,
    beds TEXT NOT NULL,
    reference TEXT,
    booked_via TEXT,
    status TEXT NOT NULL,           -- requested | confirmed | cancelled | used
    notes TEXT
);

CREATE TABLE usual_flights (
    id INTEGER PRIMARY KEY,
    route TEXT NOT NULL,
    carrier TEXT NOT NULL,
    flight_no TEXT NOT NULL,
    days TEXT NOT NULL,
    departs TEXT NOT NULL,          -- local time
    arrives TEXT NOT NULL,
    notes TEXT
);

CREATE TABLE field_log (
    id INTEGER PRIMARY KEY,
    day TEXT NOT NULL,
    trip_id TEXT REFERENCES trips(id),
    place TEXT NOT NULL,
    activity TEXT NOT NULL,
    weather TEXT,
    notes TEXT
);

CREATE TABLE sample_dispatches (
    id INTEGER PRIMARY KEY,
    trip_id TEXT REFERENCES trips(id),
    dispatched_on TEXT NOT NULL,
    carrier TEXT NOT NULL,
    waybill TEXT,
    samples INTEGER NOT NULL,
    weight_kg REAL,
    lab_order TEXT,
    status TEXT NOT NULL,
    notes TEXT
);

CREATE TABLE expense_claims (
    id TEXT PRIMARY KEY,            -- Geoandes rendición number
    trip_id TEXT REFERENCES trips(id),
    submitted_on TEXT,
    total_minor INTEGER NOT NULL,
    out_of_pocket_minor INTEGER NOT NULL,
    status TEXT NOT NULL,           -- draft | submitted | approved | paid
    notes TEXT
);

INSERT INTO trips VALUES ('GA-25-028', 'Regional mapping support, Hoja Potrerillos', 'SERNAGEOMIN (subcontract)', 'Potrerillos, Diego de Almagro', '2025-09-08', '2025-09-12', 'Catalina, Rodrigo', 'completed', '1:100,000 sheet; Geoandes mapped the eastern third');
INSERT INTO trips VALUES ('GA-25-033', 'Salar de Pedernales brine sampling', 'Litio Pedernales SpA', 'Salar de Pedernales', '2025-10-06', '2025-10-09', 'Catalina, Ignacio, Rodrigo', 'completed', 'Brine samples shipped cold; salar crust soft after km 6');
INSERT INTO trips VALUES ('GA-25-036', 'Regional mapping support, Hoja Potrerillos (second block)', 'SERNAGEOMIN (subcontract)', 'Potrerillos, Diego de Almagro', '2025-10-27', '2025-10-31', 'Catalina, Rodrigo', 'completed', NULL);
INSERT INTO trips VALUES ('GA-25-041', 'Cerro Lagunillas first pass', 'Puna Copper Chile SpA', 'Maricunga belt, Copiapó', '2025-11-17', '2025-11-21', 'Catalina, Rodrigo', 'completed', 'Road access to the ridge still open then');
INSERT INTO trips VALUES ('GA-25-047', 'El Loa pit wall mapping - scoping visit', 'Compañía Minera Tamarugal', 'El Loa mine, Calama', '2025-12-09', '2025-12-10', 'Catalina', 'completed', 'Induction done at Garita Principal');
INSERT INTO trips VALUES ('GA-26-003', 'Cerro Lagunillas reconnaissance mapping', 'Puna Copper Chile SpA', 'Maricunga belt, Copiapó', '2026-01-19', '2026-01-23', 'Catalina, Ignacio, Rodrigo', 'completed', NULL);
INSERT INTO trips VALUES ('GA-26-009', 'El Loa pit wall mapping block 1 (Fase 6 north wall)', 'Compañía Minera Tamarugal', 'El Loa mine, Calama', '2026-02-09', '2026-02-12', 'Catalina, Ignacio', 'completed', NULL);
INSERT INTO trips VALUES ('GA-26-014', 'Cerro Lagunillas soil grid', 'Puna Copper Chile SpA', 'Maricunga belt, Copiapó', '2026-03-02', '2026-03-06', 'Catalina, Ignacio, Rodrigo', 'completed', 'Upper road cut at km 12 since the February storms; grid done from the lower benches');
INSERT INTO trips VALUES ('GA-26-016', 'Algarrobo prospect - first visit', 'Minera Huasco Resources', 'Algarrobo, Vallenar', '2026-03-17', '2026-03-18', 'Catalina', 'completed', 'Drove from La Serena');
INSERT INTO trips VALUES ('GA-26-018', 'Cerro Lagunillas ridge mapping (helicopter support)', 'Puna Copper Chile SpA', 'Maricunga belt, Copiapó', '2026-04-06', '2026-04-10', 'Catalina, Ignacio, Rodrigo', 'booked', 'Ridge at 4,750 m only reachable by air until the upper road is rebuilt');
INSERT INTO trips VALUES ('GA-26-021', 'Cerro Lagunillas phase 2 sampling', 'Puna Copper Chile SpA', 'Maricunga belt, Copiapó', '2026-04-20', '2026-04-26', 'Catalina, Ignacio, Rodrigo', 'booked', '96-site rock chip grid on the west slope');
INSERT INTO trips VALUES ('GA-26-024', 'El Loa pit wall mapping block 2 (Fase 7 west wall)', 'Compañía Minera Tamarugal', 'El Loa mine, Calama', '2026-05-05', '2026-05-08', 'Catalina, Ignacio', 'booked', NULL);
INSERT INTO trips VALUES ('GA-26-026', 'Algarrobo prospect mapping', 'Minera Huasco Resources', 'Algarrobo, Vallenar', '2026-05-19', '2026-05-22', 'Catalina, Ignacio', 'booked', 'Catalina goes up on the 17th for the LGA visit in La Serena');
INSERT INTO trips VALUES ('GA-26-029', 'El Loa pit wall mapping block 3 (Fase 7 east wall)', 'Compañía Minera Tamarugal', 'El Loa mine, Calama', '2026-06-02', '2026-06-05', 'Catalina, Ignacio', 'planned', NULL);
INSERT INTO trips VALUES ('GA-26-033', 'Cerro Lagunillas core logging (Copiapó core shed)', 'Puna Copper Chile SpA', 'Copiapó', '2026-06-15', '2026-06-19', 'Catalina', 'planned', 'Depends on the drilling start');

INSERT INTO bookings VALUES (1, 'GA-26-003', 'flight', 'LATAM via Viajes Cordillera', 'PNR QX7TRB', 'LA 1276 SCL 07:40 - CPO 09:10 (19 Jan); LA 1277 CPO 20:40 - SCL 22:10 (23 Jan)', '2026-01-19T07:40', '2026-01-23T22:10', 187400, 'CLP', 'corporate card', 'used', 'Catalina and Ignacio');
INSERT INTO bookings VALUES (2, 'GA-26-003', 'rental', 'AndesRent Copiapó airport', 'AR-CPO-260119-044', 'P4 4x4 double cab (Hilux), 5 days', '2026-01-19T09:30', '2026-01-23T18:30', 445000, 'CLP', 'corporate card', 'used', 'Plate RSVT-18');
INSERT INTO bookings VALUES (3, 'GA-26-003', 'hotel', 'Hotel Atacama Suites Copiapó', 'ATS-88120', '3 singles, 4 nights', '2026-01-19T15:00', '2026-01-23T12:00', 672000, 'CLP', 'corporate card', 'used', 'Drove up to the ridge every day, 3 h each way');
INSERT INTO bookings VALUES (4, 'GA-26-009', 'flight', 'LATAM via Viajes Cordillera', 'PNR HW2MKD', 'LA 340 SCL 07:05 - CJC 09:10 (9 Feb); LA 347 CJC 19:40 - SCL 21:50 (12 Feb)', '2026-02-09T07:05', '2026-02-12T21:50', 236800, 'CLP', 'corporate card', 'used', 'Catalina and Ignacio');
INSERT INTO bookings VALUES (5, 'GA-26-009', 'rental', 'AndesRent Calama airport', 'AR-CJC-260209-061', 'P4M 4x4 double cab with kit minero (L200), 4 days', '2026-02-09T09:30', '2026-02-12T18:00', 472000, 'CLP', 'corporate card', 'used', 'Plate LWBD-27; passed the gate inspection first time');
INSERT INTO bookings VALUES (6, 'GA-26-009', 'hotel', 'Hotel Park Calama', 'HPC-240913', '2 singles, 3 nights', '2026-02-09T15:00', '2026-02-12T12:00', 417000, 'CLP', 'corporate card', 'used', NULL);
INSERT INTO bookings VALUES (7, 'GA-26-014', 'flight', 'LATAM via Viajes Cordillera', 'PNR ZP4QLC', 'LA 1276 SCL 07:40 - CPO 09:10 (2 Mar); LA 1277 CPO 20:40 - SCL 22:10 (6 Mar)', '2026-03-02T07:40', '2026-03-06T22:10', 191200, 'CLP', 'corporate card', 'used', 'Catalina and Ignacio; Rodrigo drove from Copiapó');
INSERT INTO bookings VALUES (8, 'GA-26-014', 'rental', 'AndesRent Copiapó airport', 'AR-CPO-260302-019', 'P4 4x4 double cab (Ranger), 5 days', '2026-03-02T09:30', '2026-03-06T18:30', 445000, 'CLP', 'corporate card', 'used', 'Plate JHZK-90');
INSERT INTO bookings VALUES (9, 'GA-26-014', 'hotel', 'Hostería Ciénaga Redonda', 'HCR-0302', '3 beds, 4 nights, half board', '2026-03-02T16:00', '2026-03-06T10:00', 528000, 'CLP', 'corporate card', 'used', '1 h 40 from the grid');
INSERT INTO bookings VALUES (10, 'GA-26-016', 'flight', 'LATAM via Viajes Cordillera', 'PNR TM8VNE', 'LA 234 SCL 07:10 - LSC 08:20 (17 Mar); LA 237 LSC 20:55 - SCL 22:05 (18 Mar)', '2026-03-17T07:10', '2026-03-18T22:05', 98400, 'CLP', 'corporate card', 'used', NULL);
INSERT INTO bookings VALUES (11, 'GA-26-016', 'rental', 'AndesRent La Serena airport', 'AR-LSC-260317-007', 'P4 4x4 double cab, 2 days', '2026-03-17T08:45', '2026-03-18T20:00', 178000, 'CLP', 'corporate card', 'used', NULL);
INSERT INTO bookings VALUES (12, 'GA-26-018', 'flight', 'LATAM via Viajes Cordillera', 'PNR KD5WQS', 'LA 1276 SCL 07:40 - CPO 09:10 (6 Apr); LA 1277 CPO 20:40 - SCL 22:10 (10 Apr)', '2026-04-06T07:40', '2026-04-10T22:10', 194600, 'CLP', 'corporate card', 'confirmed', 'Catalina and Ignacio');
INSERT INTO bookings VALUES (13, 'GA-26-018', 'rental', 'AndesRent Copiapó airport', 'AR-CPO-260406-031', 'P4 4x4 double cab, 5 days', '2026-04-06T09:30', '2026-04-10T18:30', 445000, 'CLP', 'corporate card', 'confirmed', NULL);
INSERT INTO bookings VALUES (14, 'GA-26-021', 'flight', 'LATAM via Viajes Cordillera', 'PNR RB3XMT', 'LA 1276 SCL 07:40 - CPO 09:10 (20 Apr); LA 1277 CPO 20:40 - SCL 22:10 (26 Apr)', '2026-04-20T07:40', '2026-04-26T22:10', 198300, 'CLP', 'corporate card', 'confirmed', 'Catalina and Ignacio; corporate fare via Viajes Cordillera');
INSERT INTO bookings VALUES (15, 'GA-26-021', 'rental', 'AndesRent Copiapó airport', 'AR-CPO-260420-052', 'P4 4x4 double cab, 7 days', '2026-04-20T09:30', '2026-04-26T18:30', 623000, 'CLP', 'corporate card', 'confirmed', 'Rodrigo picks up');
INSERT INTO bookings VALUES (16, 'GA-26-024', 'flight', 'LATAM via Viajes Cordillera', 'PNR FN6HJA', 'LA 340 SCL 07:05 - CJC 09:10 (5 May); LA 347 CJC 19:40 - SCL 21:50 (8 May)', '2026-05-05T07:05', '2026-05-08T21:50', 241900, 'CLP', 'corporate card', 'confirmed', 'Catalina and Ignacio');
INSERT INTO bookings VALUES (17, 'GA-26-024', 'rental', 'AndesRent Calama airport', 'AR-CJC-260505-083', 'P4M 4x4 double cab with kit minero, 4 days', '2026-05-05T09:30', '2026-05-08T18:00', 472000, 'CLP', 'corporate card', 'confirmed', NULL);
INSERT INTO bookings VALUES (18, 'GA-26-024', 'hotel', 'Hotel Park Calama', 'HPC-251177', '2 singles, 3 nights', '2026-05-05T15:00', '2026-05-08T12:00', 417000, 'CLP', 'corporate card', 'confirmed', NULL);
INSERT INTO bookings VALUES (19, 'GA-26-026', 'flight', 'LATAM via Viajes Cordillera', 'PNR VC2LRP', 'Catalina: LA 238 SCL 19:30 - LSC 20:40 (17 May); Ignacio: LA 234 SCL 07:10 - LSC 08:20 (19 May); both LA 237 LSC 20:55 - SCL 22:05 (22 May)', '2026-05-17T19:30', '2026-05-22T22:05', 151700, 'CLP', 'corporate card', 'confirmed', NULL);
INSERT INTO bookings VALUES (20, 'GA-26-026', 'rental', 'AndesRent La Serena airport', 'AR-LSC-260519-012', 'P4 4x4 double cab, 4 days', '2026-05-19T08:45', '2026-05-22T20:00', 356000, 'CLP', 'corporate card', 'confirmed', NULL);
INSERT INTO bookings VALUES (21, 'GA-26-026', 'hotel', 'Hotel Vallenar Centro', 'HVC-5519', '2 singles, 3 nights', '2026-05-19T15:00', '2026-05-22T12:00', 288000, 'CLP', 'corporate card', 'confirmed', NULL);
INSERT INTO bookings VALUES (22, 'GA-26-026', 'hotel', 'Hotel Costa Serena, La Serena', 'CS-771204', '1 single, 2 nights (17-19 May)', '2026-05-17T21:00', '2026-05-19T10:00', 164000, 'CLP', 'corporate card', 'confirmed', 'LGA visit on the 18th');
INSERT INTO bookings VALUES (23, 'GA-25-047', 'flight', 'LATAM via Viajes Cordillera', 'PNR GG1SXW', 'LA 340 SCL 07:05 - CJC 09:10; LA 347 back the next day', '2025-12-09T07:05', '2025-12-10T21:50', 128300, 'CLP', 'corporate card', 'used', NULL);
INSERT INTO bookings VALUES (24, 'GA-25-041', 'rental', 'AndesRent Copiapó airport', 'AR-CPO-251117-090', 'P4 4x4 double cab, 5 days', '2025-11-17T09:30', '2025-11-21T18:30', 420000, 'CLP', 'corporate card', 'used', NULL);
INSERT INTO bookings VALUES (26, 'GA-25-028', 'flight', 'LATAM via Viajes Cordillera', 'PNR BL9RTA', 'LA 1276 SCL 07:40 - CPO 09:10 (8 Sep); LA 1277 CPO 20:40 - SCL 22:10 (12 Sep)', '2025-09-08T07:40', '2025-09-12T22:10', 176500, 'CLP', 'corporate card', 'used', NULL);
INSERT INTO bookings VALUES (27, 'GA-25-028', 'hotel', 'Hostal El Salado, Diego de Almagro', 'ES-0908', '2 rooms, 4 nights', '2025-09-08T16:00', '2025-09-12T10:00', 384000, 'CLP', 'corporate card', 'used', NULL);
INSERT INTO bookings VALUES (28, 'GA-25-033', 'flight', 'LATAM via Viajes Cordillera', 'PNR MX3PEV', 'LA 1276 SCL 07:40 - CPO 09:10 (6 Oct); LA 1277 CPO 20:40 - SCL 22:10 (9 Oct)', '2025-10-06T07:40', '2025-10-09T22:10', 181900, 'CLP', 'corporate card', 'used', 'Catalina and Ignacio');
INSERT INTO bookings VALUES (29, 'GA-25-033', 'hotel', 'Hostal El Salado, Diego de Almagro', 'ES-1006', '3 rooms, 3 nights', '2025-10-06T16:00', '2025-10-09T10:00', 414000, 'CLP', 'corporate card', 'used', NULL);
INSERT INTO bookings VALUES (30, 'GA-25-036', 'hotel', 'Hostal El Salado, Diego de Almagro', 'ES-1027', '2 rooms, 4 nights', '2025-10-27T16:00', '2025-10-31T10:00', 384000, 'CLP', 'corporate card', 'used', 'Rodrigo drove Catalina from Copiapó airport in the Geoandes truck');
INSERT INTO bookings VALUES (31, 'GA-25-041', 'hotel', 'Hotel Atacama Suites Copiapó', 'ATS-86102', '1 single, 1 night (arrival)', '2025-11-16T20:00', '2025-11-17T08:00', 82000, 'CLP', 'corporate card', 'used', NULL);
INSERT INTO bookings VALUES (25, 'GA-26-018', 'helicopter', 'Aerocóndor Servicios Aéreos', 'Quote AC-Q-2603-19', 'Bell 407, camp pad - ridge LZ and back, 7 April', '2026-04-07', '2026-04-07', 642000, 'USD', 'invoiced to Puna Copper', 'held', 'Puna approved the quote on 20 March; flight order to follow');

INSERT INTO crew VALUES (1, 'Catalina Vergara Soto', 'Senior field geologist, trip leader', 'Geoandes Exploraciones', '+56 9 8124 3307', 'Santiago (Ñuñoa)', 'Tamarugal internal licence (light vehicles, Mine Area); Puna Lagunillas driver card', NULL);
INSERT INTO crew VALUES (2, 'Ignacio Tapia Rojas', 'Geologist', 'Geoandes Exploraciones', '+56 9 6619 0842', 'Santiago (Independencia)', 'Puna Lagunillas driver card', 'Second year with Geoandes; does the XRF readings');
INSERT INTO crew VALUES (3, 'Rodrigo Pizarro Cortés', 'Field technician and driver', 'Geoandes Exploraciones', '+56 9 7730 5518', 'Copiapó', 'Puna Lagunillas driver card; Santa Elisa road induction (2025)', 'Knows every road in the Maricunga belt; keeps the company truck in Copiapó');
INSERT INTO crew VALUES (4, 'Andrea Morales Díaz', 'Office and travel coordinator', 'Geoandes Exploraciones', '+56 2 2946 1180', 'Santiago (Providencia)', NULL, 'Books flights through Viajes Cordillera and rentals with AndesRent');
INSERT INTO crew VALUES (5, 'Marcela Quiroga', 'Exploration manager', 'Geoandes Exploraciones', '+56 9 9011 2264', 'Santiago', NULL, 'Catalina''s manager; approves field budgets');
INSERT INTO crew VALUES (6, 'Francisco Leiva', 'HSE coordinator', 'Geoandes Exploraciones', '+56 9 5521 7789', 'Santiago', NULL, 'Receives journey plans; runs the duty phone');
INSERT INTO crew VALUES (7, 'Paula Contreras', 'Country manager', 'Puna Copper Chile SpA', '+56 9 8450 1902', 'Copiapó', NULL, 'Client lead for Cerro Lagunillas');
INSERT INTO crew VALUES (8, 'Valeria Cortés', 'Senior exploration geologist', 'Compañía Minera Tamarugal', '+56 9 7361 4470', 'Calama', NULL, 'Regional exploration team');
INSERT INTO crew VALUES (9, 'Héctor Galleguillos', 'Contract administrator', 'Compañía Minera Tamarugal', '+56 55 271 3300', 'Calama', NULL, 'Handles contractor access at El Loa');
INSERT INTO crew VALUES (10, 'Gonzalo Rivera', 'Project geologist', 'Minera Huasco Resources', '+56 9 6204 8815', 'Vallenar', NULL, 'Algarrobo prospect');
INSERT INTO crew VALUES (11, 'Felipe Herrera', 'Pilot', 'Aerocóndor Servicios Aéreos', '+56 9 5590 3021', 'Copiapó', NULL, 'Flew the Lagunillas recon in 2025');
INSERT INTO crew VALUES (12, 'Sofía Alvarado', 'Client service', 'Laboratorio Geoquímico Andino', '+56 51 221 9040', 'La Serena', NULL, NULL);
INSERT INTO crew VALUES (13, 'Carolina Díaz', 'Corporate travel agent', 'Viajes Cordillera', '+56 2 2750 3390', 'Santiago', NULL, 'Handles the Geoandes corporate fares');
INSERT INTO crew VALUES (14, 'Lorena Díaz', 'Operations coordinator', 'Aerocóndor Servicios Aéreos', '+56 52 221 4410', 'Copiapó', NULL, 'Sends the flight orders');
INSERT INTO crew VALUES (15, 'Marco Espinoza', 'Camp administrator', 'Servicios de Campamento Atacama', '+56 9 7122 0395', 'Lagunillas camp', NULL, 'Runs the Lagunillas camp beds and meals for Puna Copper');
INSERT INTO crew VALUES (16, 'Patricio Ossandón', 'Branch supervisor', 'AndesRent Calama', '+56 55 234 8812', 'Calama', NULL, NULL);

INSERT INTO vehicles VALUES (1, 'Geoandes truck Copiapó', 'GHTW-55', 'Geoandes Exploraciones', '4x4 double cab (Hilux 2021)', '2 spare wheels, winch, VHF radio, first-aid kit, 2 x 20 l jerry cans', 'Copiapó (Rodrigo)', 'Used for Lagunillas and Algarrobo when Rodrigo is on the crew');
INSERT INTO vehicles VALUES (2, 'Geoandes truck Santiago', 'PBXL-12', 'Geoandes Exploraciones', '4x4 double cab (L200 2019)', 'VHF radio, first-aid kit', 'Santiago (Quilicura bodega)', 'Service due at 120,000 km');
INSERT INTO vehicles VALUES (3, 'AndesRent P4 (Copiapó, Jan)', 'RSVT-18', 'AndesRent', 'P4 4x4 double cab', 'standard', 'AndesRent Copiapó', 'GA-26-003');
INSERT INTO vehicles VALUES (4, 'AndesRent P4M (Calama, Feb)', 'LWBD-27', 'AndesRent', 'P4M 4x4 double cab with kit minero', '3 m flag whip with strobe, amber beacon, reverse alarm, chocks, second extinguisher', 'AndesRent Calama', 'GA-26-009');
INSERT INTO vehicles VALUES (5, 'AndesRent P4 (Copiapó, Mar)', 'JHZK-90', 'AndesRent', 'P4 4x4 double cab', 'standard', 'AndesRent Copiapó', 'GA-26-014');
INSERT INTO vehicles VALUES (6, 'AndesRent P4 (La Serena, Mar)', 'FKCS-33', 'AndesRent', 'P4 4x4 double cab', 'standard', 'AndesRent La Serena', 'GA-26-016');

INSERT INTO equipment VALUES (1, 'Handheld XRF analyser', 'Olympus Vanta M (VMR)', '840217', 'Li-ion battery pack 14.4 V, 6.8 Ah, 98 Wh, installed; one spare pack of the same type', 'Santiago office (Pelican case 1)', 'X-ray tube, no radioactive source; shipped in its Pelican case with the spare pack and the charger');
INSERT INTO equipment VALUES (2, 'Handheld XRF analyser (old)', 'Thermo Niton XL3t', '97412', 'Li-ion battery 7.2 V, 3.9 Ah, 28 Wh, installed', 'Santiago office (shelf)', 'Kept as backup; calibration lapsed, not used on client work');
INSERT INTO equipment VALUES (3, 'Satellite messenger', 'Garmin inReach Mini 2', 'IMEI 300434065123450', 'Internal Li-ion 1.2 Wh', 'Catalina', 'Geoandes HSE plan, tracking every 10 min');
INSERT INTO equipment VALUES (4, 'Satellite messenger', 'Garmin inReach Mini 2', 'IMEI 300434065128820', 'Internal Li-ion 1.2 Wh', 'Rodrigo (Copiapó)', 'Geoandes HSE plan');
INSERT INTO equipment VALUES (5, 'Satellite messenger', 'Garmin inReach Messenger', 'IMEI 300434065991207', 'Internal Li-ion 2.9 Wh', 'Santiago office (pool)', 'Lent to Ignacio when he drives alone');
INSERT INTO equipment VALUES (6, 'Satellite phone', 'Iridium 9555', '300125061807730', 'Li-ion 3.7 V, 2.4 Ah', 'Santiago office (pool)', 'Number +8816 3144 0772');
INSERT INTO equipment VALUES (7, 'Handheld GPS', 'Garmin GPSMAP 66s', '4KT002281', '2 x AA', 'Catalina', NULL);
INSERT INTO equipment VALUES (8, 'Handheld GPS', 'Garmin GPSMAP 66s', '4KT002309', '2 x AA', 'Ignacio', NULL);
INSERT INTO equipment VALUES (9, 'Handheld GPS', 'Garmin GPSMAP 65', '5DN019934', '2 x AA', 'Rodrigo', NULL);
INSERT INTO equipment VALUES (10, 'VHF handheld radios (set of 3)', 'Motorola DEP450', '672TTK / 672TTN / 672TVA', 'Li-ion 7.5 V each', 'Field box 1', 'Mine channel plan in the lid');
INSERT INTO equipment VALUES (11, 'Laptop', 'Dell Latitude 5440', 'GEO-NB-031', 'Li-ion 54 Wh', 'Catalina', NULL);
INSERT INTO equipment VALUES (12, 'Rugged tablet', 'Samsung Galaxy Tab Active4 Pro', 'GEO-TB-007', 'Li-ion 7,600 mAh', 'Ignacio', 'Mapping app with the pit-wall base maps');
INSERT INTO equipment VALUES (13, 'Compass-clinometer', 'Brunton TruArc 20', NULL, NULL, 'Catalina', NULL);
INSERT INTO equipment VALUES (14, 'Compass-clinometer', 'Freiberg type (Breithaupt)', NULL, NULL, 'Ignacio', NULL);
INSERT INTO equipment VALUES (15, 'Camp stove', 'MSR PocketRocket 2', NULL, 'butane/propane cartridges', 'Field box 2', NULL);
INSERT INTO equipment VALUES (16, 'Magnetic susceptibility meter', 'Terraplus KT-10', '11827', '2 x AA', 'Field box 1', NULL);
INSERT INTO equipment VALUES (17, 'Power bank', 'Anker 737 (PowerCore 24K)', NULL, 'Li-ion 86.4 Wh', 'Catalina', 'Cabin baggage only');
INSERT INTO equipment VALUES (18, 'Drone', 'DJI Mini 4 Pro', '1581F6Z9B23', 'Li-ion 18 Wh (2 spare)', 'Santiago office (pool)', 'Photogrammetry of pit walls only with Tamarugal''s written flight permit');
INSERT INTO equipment VALUES (19, 'Field laptop (spare)', 'Panasonic Toughbook 40', 'GEO-NB-018', 'Li-ion 68 Wh', 'Santiago office (pool)', NULL);
INSERT INTO equipment VALUES (20, 'Portable fridge for brine samples', 'Dometic CFX3 25', NULL, '12 V vehicle socket', 'Quilicura bodega', 'Used at Pedernales');

INSERT INTO kit_items VALUES (1, 'Field box 1 (grey)', 'Hand lenses 10x/20x', 3, NULL);
INSERT INTO kit_items VALUES (2, 'Field box 1 (grey)', 'Rock hammers (Estwing)', 3, NULL);
INSERT INTO kit_items VALUES (3, 'Field box 1 (grey)', 'Sample bags, calico 30 x 45 cm', 250, NULL);
INSERT INTO kit_items VALUES (4, 'Field box 1 (grey)', 'Sample tickets (books of 50)', 6, NULL);
INSERT INTO kit_items VALUES (5, 'Field box 1 (grey)', 'Flagging tape, orange', 10, NULL);
INSERT INTO kit_items VALUES (6, 'Field box 1 (grey)', 'First-aid kit (Mutual standard)', 1, NULL);
INSERT INTO kit_items VALUES (7, 'Field box 1 (grey)', 'VHF radios and charger', 3, NULL);
INSERT INTO kit_items VALUES (8, 'Field box 1 (grey)', 'Magnetic susceptibility meter KT-10', 1, NULL);
INSERT INTO kit_items VALUES (9, 'Field box 1 (grey)', 'Spare AA batteries', 24, NULL);
INSERT INTO kit_items VALUES (10, 'Field box 1 (grey)', 'Streak plates and scratch pens', 4, 'Box 1 holds no dangerous goods: it can fly as checked baggage');
INSERT INTO kit_items VALUES (11, 'Field box 2 (blue)', 'HCl 10 % dropper bottles, 60 ml', 2, 'For carbonate tests; corrosive');
INSERT INTO kit_items VALUES (12, 'Field box 2 (blue)', 'Butane/propane gas cartridges 230 g', 3, 'For the camp stove');
INSERT INTO kit_items VALUES (13, 'Field box 2 (blue)', 'Marking paint aerosol, fluorescent orange', 4, 'For sample-site marks on outcrop');
INSERT INTO kit_items VALUES (14, 'Field box 2 (blue)', 'Camp stove MSR PocketRocket 2 and pot', 1, NULL);
INSERT INTO kit_items VALUES (15, 'Field box 2 (blue)', 'Sample bags, heavy-duty polyweave', 120, NULL);
INSERT INTO kit_items VALUES (16, 'Field box 2 (blue)', 'Cable ties', 500, NULL);
INSERT INTO kit_items VALUES (17, 'Field box 2 (blue)', 'Water containers 10 l (empty)', 2, NULL);
INSERT INTO kit_items VALUES (18, 'Field box 2 (blue)', 'Emergency blankets', 4, 'Box 2 travels by road in a Geoandes truck (dangerous goods inside); buy acid and gas locally when flying');
INSERT INTO kit_items VALUES (19, 'Pelican case 1', 'Vanta XRF analyser, spare battery pack, charger, calibration check sample', 1, NULL);
INSERT INTO kit_items VALUES (20, 'Pelican case 1', 'XRF test stand and window films', 1, NULL);
INSERT INTO kit_items VALUES (21, 'Personal bag', 'Helmet, safety boots, reflective vest, safety glasses', 1, 'Everyone brings their own PPE');
INSERT INTO kit_items VALUES (22, 'Personal bag', 'Sunscreen SPF 50, lip balm, 3 l water per day', 1, NULL);
INSERT INTO kit_items VALUES (23, 'Personal bag', 'Down jacket, gloves, beanie (nights below -10 °C above 4,000 m)', 1, NULL);
INSERT INTO kit_items VALUES (24, 'Truck', 'Jerry cans 2 x 20 l, tow strap, shovel, tyre repair kit', 1, 'Geoandes truck only; rentals come without');
INSERT INTO kit_items VALUES (25, 'Pelican case 1', 'Lead-lined XRF holster and radiation badge log', 1, NULL);
INSERT INTO kit_items VALUES (26, 'Field box 1 (grey)', 'Scale card and photo board', 2, NULL);
INSERT INTO kit_items VALUES (27, 'Field box 1 (grey)', 'Permanent markers', 12, NULL);
INSERT INTO kit_items VALUES (28, 'Field box 2 (blue)', 'Lighter and matches', 1, 'Lighters: one per person in the pocket when flying, never in a checked bag');
INSERT INTO kit_items VALUES (29, 'Personal bag', 'Acetazolamide only if prescribed (see altura-y-salud notes)', 1, NULL);
INSERT INTO kit_items VALUES (30, 'Field box 1 (grey)', 'Hand-held anemometer', 1, NULL);

INSERT INTO journey_plans VALUES (1, 'GA-26-003', '19-23 Jan 2026', 'Copiapó - C-607 - Lagunillas access road - ridge (daily)', 'AndesRent P4 RSVT-18', 'inReach 300434065123450 (Catalina), Iridium pool phone', '08:00 / 13:00 / 18:00 inReach message to the duty phone', '2026-01-16', 'closed');
INSERT INTO journey_plans VALUES (2, 'GA-26-014', '2-6 Mar 2026', 'Copiapó - C-607 - Ciénaga Redonda - Lagunillas lower benches', 'AndesRent P4 JHZK-90', 'inReach 300434065123450 (Catalina), inReach 300434065128820 (Rodrigo)', '08:00 / 13:00 / 18:00', '2026-02-27', 'closed');
INSERT INTO journey_plans VALUES (3, 'GA-26-016', '17-18 Mar 2026', 'La Serena - Ruta 5 - Vallenar - Algarrobo track', 'AndesRent P4 FKCS-33', 'inReach 300434065123450 (Catalina)', '08:00 / 13:00 / 18:00', '2026-03-13', 'closed');
INSERT INTO journey_plans VALUES (4, 'GA-26-018', '6-10 Apr 2026', 'Copiapó - C-607 - Lagunillas camp; helicopter camp pad - ridge LZ on 7 Apr', 'AndesRent P4 (plate at pickup)', 'inReach 300434065123450 (Catalina), inReach 300434065128820 (Rodrigo)', '08:00 / 13:00 / 18:00', '2026-03-20', 'sent');
INSERT INTO journey_plans VALUES (5, 'GA-26-021', '20-26 Apr 2026', 'Copiapó - C-607 - Lagunillas camp - west slope grid', 'AndesRent P4 (plate at pickup)', 'inReach 300434065123450 (Catalina), inReach 300434065128820 (Rodrigo)', '08:00 / 13:00 / 18:00', '2026-03-20', 'sent');
INSERT INTO journey_plans VALUES (6, 'GA-26-026', '19-22 May 2026', 'La Serena - Ruta 5 - Vallenar - Algarrobo track', 'AndesRent P4 (plate at pickup)', 'inReach 300434065123450 (Catalina), inReach Messenger 300434065991207 (Ignacio)', '08:00 / 13:00 / 18:00', '2026-03-20', 'sent');

INSERT INTO camp_bookings VALUES (1, 'Lagunillas camp (Puna Copper, run by Servicios de Campamento Atacama)', 'GA-25-041', '17-20 Nov 2025', '2 (Vergara, Pizarro)', 'CB-LAG-1117-02', 'camp admin by email', 'used', 'Module A');
INSERT INTO camp_bookings VALUES (2, 'Lagunillas camp (Puna Copper, run by Servicios de Campamento Atacama)', 'GA-26-003', '19-22 Jan 2026', '3', NULL, 'camp admin by email', 'cancelled', 'Module A full with the drilling crew; stayed in Copiapó');
INSERT INTO camp_bookings VALUES (3, 'Lagunillas camp (Puna Copper, run by Servicios de Campamento Atacama)', 'GA-26-014', '2-5 Mar 2026', '3', NULL, 'camp admin by email', 'cancelled', 'Module A full again; Hostería Ciénaga Redonda instead');
INSERT INTO camp_bookings VALUES (4, 'Lagunillas camp (Puna Copper, run by Servicios de Campamento Atacama)', 'GA-26-018', '6-9 Apr 2026', '3 (Vergara, Tapia, Pizarro)', 'CB-LAG-0406-03', 'Paula Contreras by phone', 'confirmed', 'Module A, helicopter week; meals included');
INSERT INTO camp_bookings VALUES (5, 'Lagunillas camp (Puna Copper, run by Servicios de Campamento Atacama)', 'GA-26-021', '20-25 Apr 2026 (out Sun 26)', '3 (Vergara, Tapia, Pizarro)', 'CB-LAG-0420-07', 'Paula Contreras by phone on 31 March; camp admin confirmed by phone', 'confirmed', 'New contractor module B, beds 7-9; meals and bedding included');
INSERT INTO camp_bookings VALUES (6, 'El Loa contractor camp (Tamarugal)', 'GA-26-009', '9-11 Feb 2026', '2', NULL, 'Héctor Galleguillos', 'cancelled', 'Contractor camp only for contracts over 30 days; Hotel Park Calama');

INSERT INTO usual_flights VALUES (1, 'SCL-CPO', 'LATAM', 'LA 1276', 'daily', '07:40', '09:10', 'First flight; the one for field days');
INSERT INTO usual_flights VALUES (2, 'SCL-CPO', 'LATAM', 'LA 1274', 'daily', '13:05', '14:35', NULL);
INSERT INTO usual_flights VALUES (3, 'SCL-CPO', 'Sky', 'H2 150', 'Mon-Fri', '10:20', '11:50', NULL);
INSERT INTO usual_flights VALUES (4, 'CPO-SCL', 'LATAM', 'LA 1275', 'daily', '12:20', '13:50', NULL);
INSERT INTO usual_flights VALUES (5, 'CPO-SCL', 'LATAM', 'LA 1279', 'Sat', '18:45', '20:15', 'Saturdays only');
INSERT INTO usual_flights VALUES (6, 'CPO-SCL', 'LATAM', 'LA 1277', 'daily', '20:40', '22:10', 'Last flight; the usual return after field days');
INSERT INTO usual_flights VALUES (7, 'CPO-SCL', 'Sky', 'H2 151', 'Mon-Fri', '12:40', '14:10', NULL);
INSERT INTO usual_flights VALUES (8, 'SCL-CJC', 'LATAM', 'LA 340', 'daily', '07:05', '09:10', NULL);
INSERT INTO usual_flights VALUES (9, 'SCL-CJC', 'Sky', 'H2 262', 'daily', '08:15', '10:20', NULL);
INSERT INTO usual_flights VALUES (10, 'CJC-SCL', 'LATAM', 'LA 347', 'daily', '19:40', '21:50', NULL);
INSERT INTO usual_flights VALUES (11, 'CJC-SCL', 'LATAM', 'LA 341', 'daily', '10:05', '12:10', NULL);
INSERT INTO usual_flights VALUES (12, 'CJC-SCL', 'JetSMART', 'JA 163', 'daily', '21:35', '23:40', NULL);
INSERT INTO usual_flights VALUES (13, 'SCL-LSC', 'LATAM', 'LA 234', 'daily', '07:10', '08:20', NULL);
INSERT INTO usual_flights VALUES (14, 'SCL-LSC', 'LATAM', 'LA 238', 'daily', '19:30', '20:40', NULL);
INSERT INTO usual_flights VALUES (15, 'LSC-SCL', 'LATAM', 'LA 237', 'daily', '20:55', '22:05', NULL);
INSERT INTO usual_flights VALUES (16, 'LSC-SCL', 'JetSMART', 'JA 301', 'daily', '14:20', '15:25', NULL);
INSERT INTO usual_flights VALUES (17, 'SCL-ANF', 'LATAM', 'LA 330', 'daily', '06:50', '08:55', 'Antofagasta, for the SERNAGEOMIN office');
INSERT INTO usual_flights VALUES (18, 'ANF-SCL', 'LATAM', 'LA 337', 'daily', '20:10', '22:15', NULL);
INSERT INTO usual_flights VALUES (19, 'SCL-CPO', 'JetSMART', 'JA 521', 'Tue, Thu, Sun', '16:50', '18:20', NULL);
INSERT INTO usual_flights VALUES (20, 'CPO-SCL', 'JetSMART', 'JA 522', 'Tue, Thu, Sun', '19:00', '20:30', NULL);
INSERT INTO usual_flights VALUES (21, 'SCL-ANF', 'Sky', 'H2 276', 'daily', '09:40', '11:45', NULL);

INSERT INTO field_log VALUES (1, '2026-01-19', 'GA-26-003', 'Copiapó - Lagunillas ridge', 'Drive up, road check to km 12', 'clear, wind 30 km/h after 14:00', 'Upper road fine then');
INSERT INTO field_log VALUES (2, '2026-01-20', 'GA-26-003', 'Lagunillas ridge', 'Mapping east ridge, 14 stations', 'clear, -6 °C at 07:00', NULL);
INSERT INTO field_log VALUES (3, '2026-01-21', 'GA-26-003', 'Lagunillas ridge', 'Mapping, rock chips LG-0101 to LG-0122', 'afternoon storm building, back by 15:30', 'Altiplanic storms start mid-afternoon');
INSERT INTO field_log VALUES (4, '2026-01-22', 'GA-26-003', 'Lagunillas ridge', 'Mapping west ridge, 11 stations', 'clear', NULL);
INSERT INTO field_log VALUES (5, '2026-01-23', 'GA-26-003', 'Copiapó', 'Samples packed, truck returned', NULL, 'Dispatch 1 to LGA');
INSERT INTO field_log VALUES (6, '2026-02-09', 'GA-26-009', 'El Loa mine', 'Gate inspection, induction refresher, Fase 6 north wall benches 2,880-2,940', 'clear', 'P4M passed the inspection; the Sondajes Norte pickup without kit was sent to the contractor lot');
INSERT INTO field_log VALUES (7, '2026-02-10', 'GA-26-009', 'El Loa mine', 'Benches 2,820-2,880', 'clear, dusty', NULL);
INSERT INTO field_log VALUES (8, '2026-02-11', 'GA-26-009', 'El Loa mine', 'Benches 2,760-2,820, structural data 212 readings', 'clear', NULL);
INSERT INTO field_log VALUES (9, '2026-02-12', 'GA-26-009', 'El Loa mine', 'Close-out with Valeria, truck returned', NULL, NULL);
INSERT INTO field_log VALUES (10, '2026-02-21', NULL, 'Copiapó', 'Rodrigo reports upper Lagunillas road cut at km 12 by the storms', 'altiplanic winter', 'Puna says rebuild after April');
INSERT INTO field_log VALUES (11, '2026-03-02', 'GA-26-014', 'Lagunillas lower benches', 'Soil grid lines 1-4', 'clear', NULL);
INSERT INTO field_log VALUES (12, '2026-03-03', 'GA-26-014', 'Lagunillas lower benches', 'Soil grid lines 5-9', 'storm at 15:00', NULL);
INSERT INTO field_log VALUES (13, '2026-03-04', 'GA-26-014', 'Lagunillas lower benches', 'Soil grid lines 10-14', 'clear', NULL);
INSERT INTO field_log VALUES (14, '2026-03-05', 'GA-26-014', 'Lagunillas lower benches', 'Soil grid lines 15-18; 146 samples in total', 'clear', NULL);
INSERT INTO field_log VALUES (15, '2026-03-06', 'GA-26-014', 'Copiapó', 'Samples dispatched to LGA; truck returned', NULL, NULL);
INSERT INTO field_log VALUES (16, '2026-03-17', 'GA-26-016', 'Algarrobo', 'First visit with Gonzalo; outcrop check of the magnetite bodies', 'clear, 28 °C', NULL);
INSERT INTO field_log VALUES (17, '2026-03-18', 'GA-26-016', 'Algarrobo', 'Track survey, 6 samples', 'clear', 'Track passable in a P4; sandy after km 9');
INSERT INTO field_log VALUES (18, '2025-11-18', 'GA-25-041', 'Lagunillas ridge', 'First-pass traverse', 'clear', NULL);
INSERT INTO field_log VALUES (19, '2025-11-19', 'GA-25-041', 'Lagunillas ridge', 'Traverse, 18 samples', 'windy', NULL);
INSERT INTO field_log VALUES (21, '2025-09-08', 'GA-25-028', 'Potrerillos', 'Drive in, camp set-up at Diego de Almagro', 'clear', NULL);
INSERT INTO field_log VALUES (22, '2025-09-09', 'GA-25-028', 'Potrerillos east', 'Mapping, 22 stations', 'clear, wind', NULL);
INSERT INTO field_log VALUES (23, '2025-09-10', 'GA-25-028', 'Potrerillos east', 'Mapping, 19 stations', 'snow flurries above 3,800 m', 'Turned back at 3,900 m');
INSERT INTO field_log VALUES (24, '2025-09-11', 'GA-25-028', 'Potrerillos east', 'Mapping, 24 stations', 'clear', NULL);
INSERT INTO field_log VALUES (25, '2025-10-06', 'GA-25-033', 'Salar de Pedernales', 'Brine wells P-1 to P-6', 'clear, 24 °C', 'Crust soft after km 6: stay on the marked track');
INSERT INTO field_log VALUES (26, '2025-10-07', 'GA-25-033', 'Salar de Pedernales', 'Brine wells P-7 to P-14', 'clear', NULL);
INSERT INTO field_log VALUES (27, '2025-10-08', 'GA-25-033', 'Salar de Pedernales', 'Surface crust samples, 30', 'windy', NULL);
INSERT INTO field_log VALUES (28, '2025-10-28', 'GA-25-036', 'Potrerillos south', 'Mapping, 26 stations', 'clear', NULL);
INSERT INTO field_log VALUES (29, '2025-10-29', 'GA-25-036', 'Potrerillos south', 'Mapping, 21 stations', 'clear', NULL);
INSERT INTO field_log VALUES (30, '2025-10-30', 'GA-25-036', 'Potrerillos south', 'Mapping, 17 stations; rear tyre punctured on the quebrada track', 'clear', 'Two spares in the Geoandes truck saved the day');
INSERT INTO field_log VALUES (31, '2025-11-17', 'GA-25-041', 'Copiapó - Lagunillas camp', 'Drive up, camp module A', 'clear', NULL);
INSERT INTO field_log VALUES (32, '2025-11-20', 'GA-25-041', 'Lagunillas ridge', 'Traverse and return to camp', 'storm at 16:00', NULL);
INSERT INTO field_log VALUES (33, '2026-01-07', NULL, 'Santiago', 'XRF calibration check at the office (Vanta 840217)', NULL, 'Within tolerance');
INSERT INTO field_log VALUES (35, '2025-09-12', 'GA-25-028', 'Diego de Almagro', 'Samples handed to SERNAGEOMIN Copiapó on the way to the airport', NULL, NULL);
INSERT INTO field_log VALUES (36, '2025-10-09', 'GA-25-033', 'Copiapó', 'Brines shipped cold, truck back to Rodrigo', NULL, NULL);
INSERT INTO field_log VALUES (34, '2026-03-12', NULL, 'Santiago', 'LGA results review for LG-01 dispatch', NULL, 'Cu anomaly on the east ridge confirmed');
INSERT INTO field_log VALUES (20, '2025-12-09', 'GA-25-047', 'El Loa mine', 'Scoping visit, induction at Garita Principal', 'clear', 'Internal driving licence for light vehicles issued to Catalina');

INSERT INTO sample_dispatches VALUES (6, 'GA-25-028', '2025-09-12', 'Hand carried to SERNAGEOMIN Copiapó', NULL, 31, 44.0, NULL, 'delivered', 'SERNAGEOMIN lab');
INSERT INTO sample_dispatches VALUES (7, 'GA-25-033', '2025-10-09', 'TransAndes Carga (refrigerated)', 'TA-CPO-251009-1122', 44, 62.5, 'LGA-25-0977', 'reported', 'Brines kept at 4 °C');
INSERT INTO sample_dispatches VALUES (1, 'GA-25-041', '2025-11-21', 'TransAndes Carga (road)', 'TA-CPO-251121-3307', 18, 41.5, 'LGA-25-1188', 'reported', NULL);
INSERT INTO sample_dispatches VALUES (2, 'GA-26-003', '2026-01-23', 'TransAndes Carga (road)', 'TA-CPO-260123-0410', 47, 108.0, 'LGA-26-0064', 'reported', NULL);
INSERT INTO sample_dispatches VALUES (3, 'GA-26-009', '2026-02-12', 'Tamarugal internal (mine lab)', NULL, 0, NULL, NULL, 'n/a', 'Mapping only, no samples');
INSERT INTO sample_dispatches VALUES (4, 'GA-26-014', '2026-03-06', 'TransAndes Carga (road)', 'TA-CPO-260306-0872', 146, 292.0, 'LGA-26-0231', 'in analysis', 'Soil pulps due back mid-April');
INSERT INTO sample_dispatches VALUES (5, 'GA-26-016', '2026-03-18', 'Hand carried to LGA La Serena', NULL, 6, 9.2, 'LGA-26-0255', 'reported', NULL);

INSERT INTO expense_claims VALUES ('R-2509-017', 'GA-25-028', '2025-09-16', 1022400, 38700, 'paid', NULL);
INSERT INTO expense_claims VALUES ('R-2510-011', 'GA-25-033', '2025-10-13', 1377800, 91500, 'paid', 'Cold packs and dry ice');
INSERT INTO expense_claims VALUES ('R-2511-004', 'GA-25-036', '2025-11-04', 604900, 41200, 'paid', NULL);
INSERT INTO expense_claims VALUES ('R-2511-026', 'GA-25-041', '2025-11-25', 1118300, 47600, 'paid', NULL);
INSERT INTO expense_claims VALUES ('R-2512-009', 'GA-25-047', '2025-12-12', 301900, 18200, 'paid', NULL);
INSERT INTO expense_claims VALUES ('R-2601-012', 'GA-26-003', '2026-01-27', 1531900, 64500, 'paid', 'Meals on the road, fuel top-up');
INSERT INTO expense_claims VALUES ('R-2602-019', 'GA-26-009', '2026-02-16', 1198700, 52900, 'paid', NULL);
INSERT INTO expense_claims VALUES ('R-2603-008', 'GA-26-014', '2026-03-10', 1275600, 71200, 'approved', 'Out-of-pocket paid with the April salary');
INSERT INTO expense_claims VALUES ('R-2603-021', 'GA-26-016', '2026-03-20', 311800, 27300, 'submitted', NULL);
