-- HALO-Arena environment sb (small_business): Cedar & Crumb, Samir Haddad's bakery-cafe at
-- 412 Court Street, Carroll Gardens, Brooklyn. Money in US cents.

CREATE TABLE staff (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    role TEXT NOT NULL,
    chat_handle TEXT,
    started_on TEXT NOT NULL,
    hourly_rate_minor INTEGER NOT NULL,
    food_protection_cert TEXT,      -- NYC Food Protection Certificate number; NULL = none
    usual_days TEXT,
    notes TEXT
);

CREATE TABLE suppliers (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    category TEXT NOT NULL,
    account_no TEXT,
    order_contact TEXT,
    order_cutoff TEXT,
    delivery_days TEXT,
    payment_terms TEXT,
    notes TEXT
);

CREATE TABLE equipment (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    make TEXT,
    model TEXT,
    serial_no TEXT,
    location TEXT,
    installed_on TEXT,
    warranty_until TEXT,
    service_provider TEXT,
    notes TEXT
);

CREATE TABLE permits (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    issuer TEXT NOT NULL,
    number TEXT,
    issued_on TEXT,
    expires_on TEXT,            -- NULL = does not expire
    notes TEXT
);

CREATE TABLE catering_orders (
    id INTEGER PRIMARY KEY,
    client TEXT NOT NULL,
    contact TEXT,
    event_date TEXT NOT NULL,
    items TEXT NOT NULL,
    total_minor INTEGER NOT NULL,
    deposit_minor INTEGER NOT NULL DEFAULT 0,
    po_number TEXT,             -- the client's purchase order number, when they use one
    status TEXT NOT NULL,       -- quoted | confirmed | delivered | invoiced | paid | cancelled
    notes TEXT
);

CREATE TABLE ingredients (
    id INTEGER PRIMARY KEY,
    item TEXT NOT NULL,
    supplier_id INTEGER REFERENCES suppliers(id),
    allergens TEXT NOT NULL,    -- as printed on the label
    nut_free TEXT NOT NULL,     -- yes | no (a may-contain warning means no)
    in_use_since TEXT,
    notes TEXT
);

INSERT INTO staff VALUES (1, 'Keisha Brown', 'Cafe manager (front of house, rota, catering quotes and invoices)', 'keisha', '2021-08-16', 2600, 'FPC 1187342 (NYC DOHMH, 2021)', 'Tue-Sat', 'Makes the weekly rota');
INSERT INTO staff VALUES (2, 'Tomás Rivera', 'Head baker', 'tomas', '2020-03-02', 2850, NULL, 'Mon-Fri 4:00-12:30, Sat bake', 'Food protection course done Feb 2026; exam booked 19 May 2026 - not certified yet');
INSERT INTO staff VALUES (3, 'Dmitri Volkov', 'Baker (pastry and lamination)', 'dmitri', '2022-10-03', 2500, 'FPC 2210587 (NYC DOHMH, 2023)', 'Sun-Thu', 'Ran the shop floor on Sundays in 2025; happy to swap days with notice');
INSERT INTO staff VALUES (4, 'Priya Nair', 'Barista', 'priya', '2023-05-08', 1950, NULL, 'Wed-Sun', 'Latte art lead; Brooklyn College evening classes');
INSERT INTO staff VALUES (5, 'Jae-won Park', 'Counter and barista', 'jaewon', '2024-09-09', 1800, NULL, 'Thu-Mon', NULL);
INSERT INTO staff VALUES (6, 'Rosa Delgado', 'Prep cook and catering assistant (drives the van)', 'rosa', '2022-02-14', 2050, NULL, 'Mon-Fri, Sat when catering', 'Clean driving record; van insured for her');

INSERT INTO suppliers VALUES (1, 'Empire Flour & Grain Co.', 'flour, sugar, grains, chocolate, nuts', 'EFG-30418', 'Marco Bellini, orders@empireflour.example', 'Tue 12:00 for Thu delivery', 'Thu', 'see account terms file', 'Quarterly bulk order for flour and sugar; regular weekly order for the rest');
INSERT INTO suppliers VALUES (2, 'Hudson Valley Dairy Co-op', 'milk, cream, butter, butter sheets, eggs', 'HVD-7781', 'Gina Lowe, orders@hvdairy.example', 'daily 16:00 for next morning', 'Mon-Sat', 'net 14', 'Main butter supplier; 82% butter sheets item BS-82 (10 kg case)');
INSERT INTO suppliers VALUES (3, 'Red Hook Roasters', 'coffee', 'RHR-0212', 'Owen Fitch, owen@redhookroasters.example', 'Fri for Tue roast', 'Tue', 'net 15', 'Standing order 50 lb a week house espresso; espresso machine service included');
INSERT INTO suppliers VALUES (4, 'Atlas Packaging Supply', 'boxes, cups, lids, bags, labels', 'ATL-55190', 'online portal', '2 business days', 'Mon, Wed, Fri', 'card on file', NULL);
INSERT INTO suppliers VALUES (5, 'Brenner Creamery', 'butter, butter sheets (backup supplier)', 'BRC-20931', 'orders@brennercreamery.example, or call 718-555-0147', 'by 14:00 for next-morning delivery', 'Mon-Sat', 'net 7', 'Set up by Samir in Aug 2025 during the HVD shortage, used twice. Normandy-style 82% butter sheets, item NB-82-2K, case of 5 x 2 kg, $86.50 a case; minimum 4 cases');
INSERT INTO suppliers VALUES (6, 'GreenBox Produce', 'fruit, vegetables, herbs', 'GBP-1193', 'text the driver, Luis P.', 'daily 18:00', 'Mon-Sat', 'weekly card', NULL);
INSERT INTO suppliers VALUES (7, 'Metro Restaurant Supply', 'equipment dealer (ovens, mixers, refrigeration)', 'MRS-C-2207', 'Nick Pappas, sales@metrorestaurantsupply.example', NULL, 'by appointment', 'deposit 50%, balance on installation', 'Sold us the deck oven in 2019');

INSERT INTO equipment VALUES (1, 'Deck oven (4 decks, steam)', 'Marlow', 'DK-4 Artisan', 'MDK4-19-0317', 'Bakery, back wall', '2019-06-10', '2024-06-09', 'Kings County Kitchen Repair', 'Steam generator descaled every 6 months');
INSERT INTO equipment VALUES (2, 'Convection oven (full size, electric)', 'Duralux', 'CE-10', 'DCE10-14-88812', 'Bakery, left of the deck oven', '2014-04-02', '2015-04-01', 'Kings County Kitchen Repair', 'Thermostat replaced Dec 2025 ($610)');
INSERT INTO equipment VALUES (3, 'Spiral mixer 40 qt', 'Kessler', 'SM-40', 'KSM40-12-5521', 'Bakery, back wall', '2012-09-01', NULL, 'Kings County Kitchen Repair', 'Bought used in 2019; bowl drive slips on stiff doughs; replacement planned for 2026');
INSERT INTO equipment VALUES (4, 'Dough sheeter', 'Ronda', 'SS-600', 'RSS600-18-1107', 'Bakery, centre bench', '2018-02-20', '2020-02-19', 'Kings County Kitchen Repair', NULL);
INSERT INTO equipment VALUES (5, 'Proofer-retarder (2 doors)', 'Ronda', 'PR-2', 'RPR2-18-0932', 'Bakery, right wall', '2018-02-20', '2020-02-19', 'Arctic Air Refrigeration', 'Door gasket replaced Nov 2025');
INSERT INTO equipment VALUES (6, 'Walk-in cooler 8x10', 'Polarline', 'WI-810', 'PL810-17-4420', 'Basement', '2017-05-15', '2022-05-14', 'Arctic Air Refrigeration', 'Condenser coil cleaned Oct 2025; latch sticks');
INSERT INTO equipment VALUES (7, 'Espresso machine (3 group)', 'Aurelia', 'Tre Leva 3GR', 'AUR3-23-0641', 'Front counter', '2023-05-01', '2026-04-30', 'Red Hook Roasters (service in coffee contract)', NULL);
INSERT INTO equipment VALUES (8, 'Undercounter dishwasher (high temp)', 'Hydra', 'UH-30', 'HUH30-21-3318', 'Dish area', '2021-11-08', '2024-11-07', 'Kings County Kitchen Repair', NULL);
INSERT INTO equipment VALUES (9, 'Electrical service and panels', 'Con Edison / panel B in basement', '208Y/120 V, 200 A', NULL, 'Basement', '2019-05-01', NULL, 'Ortega Electric', 'Panel B has two spare 3-pole breaker positions');

INSERT INTO permits VALUES (1, 'Food service establishment permit', 'NYC DOHMH', 'FSE-40-2231985', '2025-07-01', '2026-06-30', 'Renew online 30+ days before expiry');
INSERT INTO permits VALUES (2, 'Sidewalk cafe permit (Dining Out NYC)', 'NYC DOT', 'DONYC-SW-K-0044721', '2025-08-01', '2029-07-31', '4 tables, 8 chairs, sidewalk only');
INSERT INTO permits VALUES (3, 'Certificate of Authority (sales tax)', 'NYS Department of Taxation and Finance', 'CA-11-4471093', '2019-03-11', NULL, 'Quarterly filer');
INSERT INTO permits VALUES (4, 'Hood fire suppression inspection', 'FDNY (via Vanguard Fire)', 'VF-22817', '2025-10-14', '2026-04-14', 'Every 6 months');
INSERT INTO permits VALUES (5, 'Commercial scale certification', 'NYC DCWP', 'S-55018', '2025-11-05', '2026-11-04', 'Counter scale for bread sold by weight');
INSERT INTO permits VALUES (6, 'Commercial vehicle registration (catering van)', 'NYS DMV', 'plate 84317-MD', '2025-02-01', '2027-01-31', 'Ford Transit Connect');

INSERT INTO catering_orders VALUES (1, 'Brooklyn Heights Montessori', 'Anne Rourke', '2026-01-30', '60 mini croissants, 60 mini muffins, fruit platter', 124000, 37200, NULL, 'paid', 'Invoice CC-1031');
INSERT INTO catering_orders VALUES (2, 'Gowanus Dredgers Canoe Club', 'Pete Salerno', '2026-02-07', '4 dozen morning buns, 2 coffee boxes', 21800, 0, NULL, 'paid', 'Paid by card at pickup');
INSERT INTO catering_orders VALUES (3, 'Carroll Gardens Association', 'Maria Esposito', '2026-02-12', 'Winter social: 80 assorted pastries, 3 loaf cakes', 46500, 0, NULL, 'paid', NULL);
INSERT INTO catering_orders VALUES (4, 'Atlantic Ave Dental Group', 'Dr. Leah Kim', '2026-02-20', 'Staff breakfast: 30 pastries, 2 coffee boxes', 19600, 0, 'AADG-0226', 'invoiced', 'Invoice CC-1036');
INSERT INTO catering_orders VALUES (5, 'Friends of the Carroll Gardens Library', 'Helen Cho', '2026-03-07', 'Book sale: 8 dozen cookies, 4 dozen mini muffins', 31200, 0, NULL, 'confirmed', 'Drop-off 8:30');
INSERT INTO catering_orders VALUES (6, 'Cobble Hill Friends Meeting', 'Ruth Adler', '2026-03-29', 'Sunday brunch after meeting: 120 croissants (80 plain, 40 chocolate), 2 coffee boxes', 52800, 15840, NULL, 'confirmed', 'Pickup 9:30 Sunday; Ruth brings their own urns');
INSERT INTO catering_orders VALUES (7, 'Red Hook Container Terminal (HR team)', 'Joanne Pike', '2026-04-09', 'Quarterly all-hands: 90 pastries, 3 coffee boxes', 58500, 17550, 'RHCT-26-0412', 'confirmed', NULL);
INSERT INTO catering_orders VALUES (8, 'P.S. 32 staff room', 'Luz Marin', '2026-05-08', 'Teacher appreciation: 60 cookies, 40 scones', 27000, 0, NULL, 'confirmed', NULL);

INSERT INTO ingredients VALUES (1, 'All-purpose flour (King''s Mill AP, 50 lb)', 1, 'wheat', 'yes', '2019-07-01', NULL);
INSERT INTO ingredients VALUES (2, 'High-gluten bread flour (50 lb)', 1, 'wheat', 'yes', '2019-07-01', NULL);
INSERT INTO ingredients VALUES (3, 'Butter sheets 82% (HVD item BS-82, 10 kg)', 2, 'milk', 'yes', '2019-07-01', NULL);
INSERT INTO ingredients VALUES (4, 'Liquid whole eggs (20 lb)', 2, 'egg', 'yes', '2019-07-01', NULL);
INSERT INTO ingredients VALUES (5, 'Almond flour (25 lb)', 1, 'tree nuts (almond)', 'no', '2019-07-01', 'Almond croissants, financiers; separate bin, bottom shelf');
INSERT INTO ingredients VALUES (6, 'Hazelnut praline paste (5 kg)', 1, 'tree nuts (hazelnut), milk', 'no', '2021-10-01', 'Paris-Brest, praline morning buns');
INSERT INTO ingredients VALUES (7, 'Semisweet chocolate chips (Dulcet 4M, 25 lb)', 1, 'milk, soy', 'yes', '2021-06-01', 'Made in a peanut and tree nut free facility (label checked 2025); used in cookies');
INSERT INTO ingredients VALUES (8, 'Dark chocolate batons (1.6 kg)', 1, 'milk, soy', 'yes', '2019-07-01', 'Pain au chocolat');
INSERT INTO ingredients VALUES (9, 'Rolled oats (50 lb)', 1, 'may contain wheat', 'yes', '2020-01-15', NULL);
INSERT INTO ingredients VALUES (10, 'Sesame seeds (25 lb)', 1, 'sesame', 'yes', '2019-07-01', 'Seeded loaf only');
