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

-- Added for issue 12 item 4: daily sales, supplier invoices, cooler log, menu, rota, waste.

CREATE TABLE daily_sales (
    id INTEGER PRIMARY KEY,
    sales_date TEXT NOT NULL,       -- ISO date; closed on Mondays in January and February
    gross_minor INTEGER NOT NULL,   -- register total incl. sales tax
    card_minor INTEGER NOT NULL,
    cash_minor INTEGER NOT NULL,
    transactions INTEGER NOT NULL,
    notes TEXT
);

CREATE TABLE supplier_invoices (
    id INTEGER PRIMARY KEY,
    supplier_id INTEGER NOT NULL REFERENCES suppliers(id),
    invoice_no TEXT NOT NULL,
    issued_on TEXT NOT NULL,
    due_on TEXT NOT NULL,
    amount_minor INTEGER NOT NULL,
    paid_on TEXT,                   -- NULL = open
    notes TEXT
);

CREATE TABLE cooler_log (
    id INTEGER PRIMARY KEY,
    logged_at TEXT NOT NULL,        -- local time, YYYY-MM-DD HH:MM
    unit TEXT NOT NULL,
    temp_f REAL NOT NULL,
    initials TEXT NOT NULL,
    action TEXT
);

CREATE TABLE menu_items (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    category TEXT NOT NULL,
    price_minor INTEGER NOT NULL,
    laminated TEXT NOT NULL,        -- yes | no (counts against the morning lamination capacity)
    contains_nuts TEXT NOT NULL,    -- yes | no
    available TEXT NOT NULL         -- daily | weekend | seasonal | catering only
);

CREATE TABLE rota (
    id INTEGER PRIMARY KEY,
    shift_date TEXT NOT NULL,
    staff_id INTEGER NOT NULL REFERENCES staff(id),
    start_time TEXT NOT NULL,
    end_time TEXT NOT NULL,
    position TEXT NOT NULL
);

CREATE TABLE waste_log (
    id INTEGER PRIMARY KEY,
    week_of TEXT NOT NULL,          -- Monday of the week
    item TEXT NOT NULL,
    quantity INTEGER NOT NULL,
    reason TEXT NOT NULL,
    cost_minor INTEGER NOT NULL
);

INSERT INTO daily_sales VALUES (1, '2026-01-06', 136500, 117390, 19110, 96, NULL);
INSERT INTO daily_sales VALUES (2, '2026-01-07', 148419, 130608, 17811, 104, NULL);
INSERT INTO daily_sales VALUES (3, '2026-01-08', 162338, 146104, 16234, 114, NULL);
INSERT INTO daily_sales VALUES (4, '2026-01-09', 160257, 147436, 12821, 112, NULL);
INSERT INTO daily_sales VALUES (5, '2026-01-10', 233176, 202863, 30313, 164, NULL);
INSERT INTO daily_sales VALUES (6, '2026-01-11', 224095, 199444, 24651, 157, NULL);
INSERT INTO daily_sales VALUES (7, '2026-01-13', 138014, 125592, 12422, 97, NULL);
INSERT INTO daily_sales VALUES (8, '2026-01-14', 149933, 128942, 20991, 105, NULL);
INSERT INTO daily_sales VALUES (9, '2026-01-15', 163852, 144189, 19663, 115, NULL);
INSERT INTO daily_sales VALUES (10, '2026-01-16', 161771, 145593, 16178, 113, NULL);
INSERT INTO daily_sales VALUES (11, '2026-01-17', 234690, 215914, 18776, 165, NULL);
INSERT INTO daily_sales VALUES (12, '2026-01-18', 225609, 196279, 29330, 158, NULL);
INSERT INTO daily_sales VALUES (13, '2026-01-20', 139528, 124179, 15349, 98, NULL);
INSERT INTO daily_sales VALUES (14, '2026-01-21', 151447, 137816, 13631, 106, NULL);
INSERT INTO daily_sales VALUES (15, '2026-01-22', 165366, 142214, 23152, 116, NULL);
INSERT INTO daily_sales VALUES (16, '2026-01-23', 163285, 143690, 19595, 114, NULL);
INSERT INTO daily_sales VALUES (17, '2026-01-24', 236204, 212583, 23621, 166, NULL);
INSERT INTO daily_sales VALUES (18, '2026-01-25', 61200, 56303, 4897, 43, 'Snowstorm: closed at 13:00');
INSERT INTO daily_sales VALUES (19, '2026-01-27', 141042, 122706, 18336, 99, NULL);
INSERT INTO daily_sales VALUES (20, '2026-01-28', 152961, 136135, 16826, 107, NULL);
INSERT INTO daily_sales VALUES (21, '2026-01-29', 166880, 151860, 15020, 117, NULL);
INSERT INTO daily_sales VALUES (22, '2026-01-30', 164799, 141727, 23072, 116, NULL);
INSERT INTO daily_sales VALUES (23, '2026-01-31', 237718, 209191, 28527, 167, 'Tomás out sick; no seeded loaf');
INSERT INTO daily_sales VALUES (24, '2026-02-01', 228637, 205773, 22864, 161, NULL);
INSERT INTO daily_sales VALUES (25, '2026-02-03', 142556, 131151, 11405, 100, NULL);
INSERT INTO daily_sales VALUES (26, '2026-02-04', 154475, 134393, 20082, 108, NULL);
INSERT INTO daily_sales VALUES (27, '2026-02-05', 168394, 149870, 18524, 118, NULL);
INSERT INTO daily_sales VALUES (28, '2026-02-06', 166313, 151344, 14969, 117, NULL);
INSERT INTO daily_sales VALUES (29, '2026-02-07', 239232, 205739, 33493, 168, NULL);
INSERT INTO daily_sales VALUES (30, '2026-02-08', 230151, 202532, 27619, 162, NULL);
INSERT INTO daily_sales VALUES (31, '2026-02-10', 144070, 129663, 14407, 101, NULL);
INSERT INTO daily_sales VALUES (32, '2026-02-11', 155989, 143509, 12480, 109, NULL);
INSERT INTO daily_sales VALUES (33, '2026-02-12', 146908, 127809, 19099, 103, NULL);
INSERT INTO daily_sales VALUES (34, '2026-02-13', 167827, 149366, 18461, 118, NULL);
INSERT INTO daily_sales VALUES (35, '2026-02-14', 311400, 283374, 28026, 219, 'Valentine''s pre-orders (heart sablés)');
INSERT INTO daily_sales VALUES (36, '2026-02-15', 208665, 179451, 29214, 146, NULL);
INSERT INTO daily_sales VALUES (37, '2026-02-16', 132500, 116600, 15900, 93, 'Presidents'' Day: open, Monday hours');
INSERT INTO daily_sales VALUES (38, '2026-02-17', 153503, 138152, 15351, 108, NULL);
INSERT INTO daily_sales VALUES (39, '2026-02-18', 142422, 131028, 11394, 100, NULL);
INSERT INTO daily_sales VALUES (40, '2026-02-19', 156341, 136016, 20325, 110, NULL);
INSERT INTO daily_sales VALUES (41, '2026-02-20', 177260, 157761, 19499, 124, NULL);
INSERT INTO daily_sales VALUES (42, '2026-02-21', 227179, 206732, 20447, 159, NULL);
INSERT INTO daily_sales VALUES (43, '2026-02-22', 218098, 187564, 30534, 153, NULL);

INSERT INTO supplier_invoices VALUES (1, 1, 'EF-87020', '2025-12-04', '2026-01-03', 61240, '2025-12-30', 'weekly order');
INSERT INTO supplier_invoices VALUES (2, 2, 'HVD-S-2025-49', '2025-12-01', '2025-12-15', 118400, '2025-12-13', 'weekly dairy statement');
INSERT INTO supplier_invoices VALUES (3, 1, 'EF-87081', '2025-12-11', '2026-01-10', 66353, '2026-01-06', 'weekly order');
INSERT INTO supplier_invoices VALUES (4, 2, 'HVD-S-2025-50', '2025-12-08', '2025-12-22', 121771, '2025-12-20', 'weekly dairy statement');
INSERT INTO supplier_invoices VALUES (5, 1, 'EF-87142', '2025-12-18', '2026-01-17', 71466, '2026-01-13', 'weekly order');
INSERT INTO supplier_invoices VALUES (6, 2, 'HVD-S-2025-51', '2025-12-15', '2025-12-29', 125142, '2025-12-27', 'weekly dairy statement');
INSERT INTO supplier_invoices VALUES (7, 1, 'EF-87203', '2025-12-25', '2026-01-24', 76579, '2026-01-20', 'weekly order');
INSERT INTO supplier_invoices VALUES (8, 2, 'HVD-S-2025-52', '2025-12-22', '2026-01-05', 128513, '2026-01-03', 'weekly dairy statement');
INSERT INTO supplier_invoices VALUES (9, 1, 'EF-87264', '2026-01-01', '2026-01-31', 81692, '2026-01-27', 'weekly order');
INSERT INTO supplier_invoices VALUES (10, 2, 'HVD-S-2025-01', '2025-12-29', '2026-01-12', 131884, '2026-01-10', 'weekly dairy statement');
INSERT INTO supplier_invoices VALUES (11, 1, 'EF-87325', '2026-01-08', '2026-02-07', 62805, '2026-02-03', 'weekly order');
INSERT INTO supplier_invoices VALUES (12, 2, 'HVD-S-2026-02', '2026-01-05', '2026-01-19', 135255, '2026-01-17', 'weekly dairy statement');
INSERT INTO supplier_invoices VALUES (13, 1, 'EF-87386', '2026-01-15', '2026-02-14', 67918, '2026-02-10', 'weekly order');
INSERT INTO supplier_invoices VALUES (14, 2, 'HVD-S-2026-03', '2026-01-12', '2026-01-26', 138626, '2026-01-24', 'weekly dairy statement');
INSERT INTO supplier_invoices VALUES (15, 1, 'EF-87447', '2026-01-22', '2026-02-21', 73031, '2026-02-17', 'weekly order');
INSERT INTO supplier_invoices VALUES (16, 2, 'HVD-S-2026-04', '2026-01-19', '2026-02-02', 120997, '2026-01-31', 'weekly dairy statement');
INSERT INTO supplier_invoices VALUES (17, 1, 'EF-87508', '2026-01-29', '2026-02-28', 78144, '2026-02-24', 'weekly order');
INSERT INTO supplier_invoices VALUES (18, 2, 'HVD-S-2026-05', '2026-01-26', '2026-02-09', 124368, '2026-02-07', 'weekly dairy statement');
INSERT INTO supplier_invoices VALUES (19, 1, 'EF-87569', '2026-02-05', '2026-03-07', 83257, NULL, 'weekly order');
INSERT INTO supplier_invoices VALUES (20, 2, 'HVD-S-2026-06', '2026-02-02', '2026-02-16', 127739, '2026-02-14', 'weekly dairy statement');
INSERT INTO supplier_invoices VALUES (21, 1, 'EF-87630', '2026-02-12', '2026-03-14', 64370, NULL, 'weekly order');
INSERT INTO supplier_invoices VALUES (22, 2, 'HVD-S-2026-07', '2026-02-09', '2026-02-23', 131110, '2026-02-21', 'weekly dairy statement');
INSERT INTO supplier_invoices VALUES (23, 1, 'EF-87691', '2026-02-19', '2026-03-21', 69483, NULL, 'weekly order');
INSERT INTO supplier_invoices VALUES (24, 2, 'HVD-S-2026-08', '2026-02-16', '2026-03-02', 134481, NULL, 'weekly dairy statement');
INSERT INTO supplier_invoices VALUES (25, 1, 'EF-86790', '2025-12-02', '2026-01-01', 598720, '2025-12-11', 'Quarterly bulk order Q4: paid within 10 days, 2% prompt-payment discount on the product lines taken ($116.44)');
INSERT INTO supplier_invoices VALUES (26, 3, 'RHR-2212', '2025-12-02', '2025-12-17', 91800, '2025-12-12', 'monthly coffee, 4 x 50 lb');
INSERT INTO supplier_invoices VALUES (27, 3, 'RHR-2216', '2026-01-06', '2026-01-21', 93600, '2026-01-16', 'monthly coffee, 4 x 50 lb');
INSERT INTO supplier_invoices VALUES (28, 3, 'RHR-2220', '2026-02-03', '2026-02-18', 93600, '2026-02-13', 'monthly coffee, 4 x 50 lb');
INSERT INTO supplier_invoices VALUES (29, 4, 'ATL-INV-771203', '2025-12-10', '2025-12-10', 48815, '2025-12-10', 'card on file');
INSERT INTO supplier_invoices VALUES (30, 4, 'ATL-INV-771514', '2026-01-14', '2026-01-14', 36120, '2026-01-14', 'card on file');
INSERT INTO supplier_invoices VALUES (31, 4, 'ATL-INV-771825', '2026-02-11', '2026-02-11', 52290, '2026-02-11', 'card on file');
INSERT INTO supplier_invoices VALUES (32, 7, 'MRS-51022', '2025-12-18', '2026-01-17', 61000, '2026-01-09', 'Convection oven thermostat replaced (via Kings County Kitchen Repair)');
INSERT INTO supplier_invoices VALUES (33, 5, 'BRC-0825-114', '2025-08-12', '2025-08-19', 34600, '2025-08-18', '4 cases NB-82-2K during the HVD shortage');
INSERT INTO supplier_invoices VALUES (34, 5, 'BRC-0825-131', '2025-08-26', '2025-09-02', 43250, '2025-08-29', '5 cases NB-82-2K');

INSERT INTO cooler_log VALUES (1, '2026-02-10 05:10', 'walk-in cooler', 36.0, 'TR', NULL);
INSERT INTO cooler_log VALUES (2, '2026-02-10 15:30', 'walk-in cooler', 39.0, 'KB', NULL);
INSERT INTO cooler_log VALUES (3, '2026-02-11 05:10', 'walk-in cooler', 38.5, 'TR', NULL);
INSERT INTO cooler_log VALUES (4, '2026-02-11 15:30', 'walk-in cooler', 38.0, 'KB', NULL);
INSERT INTO cooler_log VALUES (5, '2026-02-12 05:10', 'walk-in cooler', 37.5, 'TR', NULL);
INSERT INTO cooler_log VALUES (6, '2026-02-12 15:30', 'walk-in cooler', 37.0, 'KB', NULL);
INSERT INTO cooler_log VALUES (7, '2026-02-13 05:10', 'walk-in cooler', 36.5, 'TR', NULL);
INSERT INTO cooler_log VALUES (8, '2026-02-13 15:30', 'walk-in cooler', 36.0, 'KB', NULL);
INSERT INTO cooler_log VALUES (9, '2026-02-14 05:10', 'walk-in cooler', 39.0, 'TR', NULL);
INSERT INTO cooler_log VALUES (10, '2026-02-14 15:30', 'walk-in cooler', 38.5, 'KB', NULL);
INSERT INTO cooler_log VALUES (11, '2026-02-15 05:10', 'walk-in cooler', 38.0, 'TR', NULL);
INSERT INTO cooler_log VALUES (12, '2026-02-15 15:30', 'walk-in cooler', 37.5, 'KB', NULL);
INSERT INTO cooler_log VALUES (13, '2026-02-17 05:10', 'walk-in cooler', 37.0, 'TR', NULL);
INSERT INTO cooler_log VALUES (14, '2026-02-17 15:30', 'walk-in cooler', 36.5, 'KB', NULL);
INSERT INTO cooler_log VALUES (15, '2026-02-18 05:10', 'walk-in cooler', 36.0, 'TR', NULL);
INSERT INTO cooler_log VALUES (16, '2026-02-18 15:30', 'walk-in cooler', 42.5, 'KB', 'Latch not closed after delivery; door shut, re-checked 16:15 at 38.5');
INSERT INTO cooler_log VALUES (17, '2026-02-19 05:10', 'walk-in cooler', 38.5, 'TR', NULL);
INSERT INTO cooler_log VALUES (18, '2026-02-19 15:30', 'walk-in cooler', 38.0, 'KB', NULL);
INSERT INTO cooler_log VALUES (19, '2026-02-20 05:10', 'walk-in cooler', 37.5, 'TR', NULL);
INSERT INTO cooler_log VALUES (20, '2026-02-20 15:30', 'walk-in cooler', 37.0, 'KB', NULL);
INSERT INTO cooler_log VALUES (21, '2026-02-21 05:10', 'walk-in cooler', 36.5, 'TR', NULL);
INSERT INTO cooler_log VALUES (22, '2026-02-21 15:30', 'walk-in cooler', 36.0, 'KB', NULL);
INSERT INTO cooler_log VALUES (23, '2026-02-22 05:10', 'walk-in cooler', 39.0, 'TR', NULL);
INSERT INTO cooler_log VALUES (24, '2026-02-22 15:30', 'walk-in cooler', 38.5, 'KB', NULL);

INSERT INTO menu_items VALUES (1, 'Butter croissant', 'viennoiserie', 425, 'yes', 'no', 'daily');
INSERT INTO menu_items VALUES (2, 'Pain au chocolat', 'viennoiserie', 475, 'yes', 'no', 'daily');
INSERT INTO menu_items VALUES (3, 'Almond croissant', 'viennoiserie', 550, 'yes', 'yes', 'daily');
INSERT INTO menu_items VALUES (4, 'Morning bun (orange, cinnamon)', 'viennoiserie', 495, 'yes', 'no', 'daily');
INSERT INTO menu_items VALUES (5, 'Praline morning bun', 'viennoiserie', 550, 'yes', 'yes', 'weekend');
INSERT INTO menu_items VALUES (6, 'Ham and gruyère croissant', 'viennoiserie', 725, 'yes', 'no', 'daily');
INSERT INTO menu_items VALUES (7, 'Rhubarb danish', 'viennoiserie', 525, 'yes', 'no', 'seasonal');
INSERT INTO menu_items VALUES (8, 'Blueberry muffin', 'muffins and scones', 375, 'no', 'no', 'daily');
INSERT INTO menu_items VALUES (9, 'Cheddar-chive scone', 'muffins and scones', 395, 'no', 'no', 'daily');
INSERT INTO menu_items VALUES (10, 'Currant scone', 'muffins and scones', 350, 'no', 'no', 'daily');
INSERT INTO menu_items VALUES (11, 'Chocolate chip cookie', 'cookies', 325, 'no', 'no', 'daily');
INSERT INTO menu_items VALUES (12, 'Oatmeal raisin cookie', 'cookies', 300, 'no', 'no', 'daily');
INSERT INTO menu_items VALUES (13, 'Financier (almond)', 'cookies', 275, 'no', 'yes', 'daily');
INSERT INTO menu_items VALUES (14, 'Lemon loaf cake (slice)', 'cakes', 400, 'no', 'no', 'daily');
INSERT INTO menu_items VALUES (15, 'Paris-Brest (individual)', 'cakes', 750, 'no', 'yes', 'weekend');
INSERT INTO menu_items VALUES (16, 'Country sourdough', 'bread', 900, 'no', 'no', 'daily');
INSERT INTO menu_items VALUES (17, 'Seeded loaf', 'bread', 1000, 'no', 'no', 'daily');
INSERT INTO menu_items VALUES (18, 'Baguette', 'bread', 425, 'no', 'no', 'daily');
INSERT INTO menu_items VALUES (19, 'Rye (40%)', 'bread', 950, 'no', 'no', 'weekend');
INSERT INTO menu_items VALUES (20, 'Espresso', 'coffee', 350, 'no', 'no', 'daily');
INSERT INTO menu_items VALUES (21, 'Cortado', 'coffee', 450, 'no', 'no', 'daily');
INSERT INTO menu_items VALUES (22, 'Latte', 'coffee', 550, 'no', 'no', 'daily');
INSERT INTO menu_items VALUES (23, 'Coffee box (96 oz, 12 cups)', 'catering', 3200, 'no', 'no', 'catering only');
INSERT INTO menu_items VALUES (24, 'Mini croissant', 'catering', 225, 'yes', 'no', 'catering only');
INSERT INTO menu_items VALUES (25, 'Mini muffin', 'catering', 175, 'no', 'no', 'catering only');

INSERT INTO rota VALUES (1, '2026-02-17', 1, '07:00', '15:30', 'cafe manager');
INSERT INTO rota VALUES (2, '2026-02-18', 1, '07:00', '15:30', 'cafe manager');
INSERT INTO rota VALUES (3, '2026-02-19', 1, '07:00', '15:30', 'cafe manager');
INSERT INTO rota VALUES (4, '2026-02-20', 1, '07:00', '15:30', 'cafe manager');
INSERT INTO rota VALUES (5, '2026-02-21', 1, '07:00', '15:30', 'cafe manager');
INSERT INTO rota VALUES (6, '2026-02-16', 2, '04:00', '12:30', 'head baker');
INSERT INTO rota VALUES (7, '2026-02-17', 2, '04:00', '12:30', 'head baker');
INSERT INTO rota VALUES (8, '2026-02-18', 2, '04:00', '12:30', 'head baker');
INSERT INTO rota VALUES (9, '2026-02-19', 2, '04:00', '12:30', 'head baker');
INSERT INTO rota VALUES (10, '2026-02-20', 2, '04:00', '12:30', 'head baker');
INSERT INTO rota VALUES (11, '2026-02-21', 2, '04:00', '12:30', 'head baker');
INSERT INTO rota VALUES (12, '2026-02-22', 3, '04:00', '12:30', 'baker');
INSERT INTO rota VALUES (13, '2026-02-16', 3, '04:00', '12:30', 'baker');
INSERT INTO rota VALUES (14, '2026-02-17', 3, '04:00', '12:30', 'baker');
INSERT INTO rota VALUES (15, '2026-02-18', 3, '04:00', '12:30', 'baker');
INSERT INTO rota VALUES (16, '2026-02-19', 3, '04:00', '12:30', 'baker');
INSERT INTO rota VALUES (17, '2026-02-18', 4, '07:00', '14:00', 'barista');
INSERT INTO rota VALUES (18, '2026-02-19', 4, '07:00', '14:00', 'barista');
INSERT INTO rota VALUES (19, '2026-02-20', 4, '07:00', '14:00', 'barista');
INSERT INTO rota VALUES (20, '2026-02-21', 4, '07:00', '14:00', 'barista');
INSERT INTO rota VALUES (21, '2026-02-22', 4, '07:00', '14:00', 'barista');
INSERT INTO rota VALUES (22, '2026-02-16', 5, '07:00', '14:00', 'counter');
INSERT INTO rota VALUES (23, '2026-02-19', 5, '07:00', '14:00', 'counter');
INSERT INTO rota VALUES (24, '2026-02-20', 5, '07:00', '14:00', 'counter');
INSERT INTO rota VALUES (25, '2026-02-21', 5, '07:00', '14:00', 'counter');
INSERT INTO rota VALUES (26, '2026-02-22', 5, '07:00', '14:00', 'counter');
INSERT INTO rota VALUES (27, '2026-02-16', 6, '06:00', '14:30', 'prep');
INSERT INTO rota VALUES (28, '2026-02-17', 6, '06:00', '14:30', 'prep');
INSERT INTO rota VALUES (29, '2026-02-18', 6, '06:00', '14:30', 'prep');
INSERT INTO rota VALUES (30, '2026-02-19', 6, '06:00', '14:30', 'prep');
INSERT INTO rota VALUES (31, '2026-02-20', 6, '06:00', '14:30', 'prep');

INSERT INTO waste_log VALUES (1, '2026-01-05', 'Butter croissant', 22, 'unsold at close', 2640);
INSERT INTO waste_log VALUES (2, '2026-01-05', 'Country sourdough', 6, 'unsold at close (to the food pantry)', 1620);
INSERT INTO waste_log VALUES (3, '2026-01-12', 'Butter croissant', 18, 'unsold at close', 2160);
INSERT INTO waste_log VALUES (4, '2026-01-12', 'Blueberry muffin', 14, 'unsold at close', 1190);
INSERT INTO waste_log VALUES (5, '2026-01-19', 'Pain au chocolat', 9, 'burnt (deck 3 too hot)', 1215);
INSERT INTO waste_log VALUES (6, '2026-01-19', 'Butter croissant', 25, 'unsold at close', 3000);
INSERT INTO waste_log VALUES (7, '2026-01-26', 'Butter croissant', 41, 'snowstorm, closed early', 4920);
INSERT INTO waste_log VALUES (8, '2026-01-26', 'Milk (gallons)', 6, 'cooler latch open overnight', 2940);
INSERT INTO waste_log VALUES (9, '2026-02-02', 'Butter croissant', 16, 'unsold at close', 1920);
INSERT INTO waste_log VALUES (10, '2026-02-02', 'Seeded loaf', 5, 'no sesame seeds on top (wrong tray)', 1500);
INSERT INTO waste_log VALUES (11, '2026-02-09', 'Butter croissant', 19, 'unsold at close', 2280);
INSERT INTO waste_log VALUES (12, '2026-02-09', 'Cheddar-chive scone', 11, 'unsold at close', 935);
INSERT INTO waste_log VALUES (13, '2026-02-16', 'Butter croissant', 12, 'unsold at close', 1440);
INSERT INTO waste_log VALUES (14, '2026-02-16', 'Whipping cream (qt)', 4, 'past date', 1160);
INSERT INTO waste_log VALUES (15, '2026-02-16', 'Almond croissant', 8, 'unsold at close', 1040);

INSERT INTO suppliers VALUES (20, 'Queens Dairy Distributors', 'milk, cream, yogurt (no butter sheets)', 'QDD-4410', 'order line 718-555-0190', 'by 15:00 for next-morning delivery', 'Mon-Sat', 'net 10', 'Backup for milk and cream only; does not stock butter sheets or European-style butter');
INSERT INTO suppliers VALUES (21, 'Kings County Kitchen Repair', 'equipment repair', 'KCKR-118', 'Victor Osei, dispatch@kckr.example', NULL, 'same or next day', 'net 15', 'Ovens, mixers, sheeter, dishwasher');
INSERT INTO suppliers VALUES (22, 'Arctic Air Refrigeration', 'refrigeration service', 'AAR-30077', 'service line 718-555-0122', NULL, 'next day', 'net 30', 'Walk-in cooler and proofer-retarder');
INSERT INTO catering_orders VALUES (20, 'Whitlock & Amari LLP', 'Dana Ruiz (office manager)', '2025-12-11', 'Holiday lunch for 30 - quiches, salads, cookies, coffee service', 148500, 0, '4500-015206', 'paid', 'Order taken by e-mail by Keisha on 1 December; Dana gave the PO in the e-mail. Invoice CC-0988 sent 12 December, net 30');
INSERT INTO catering_orders VALUES (21, 'Yardworks Collective (Brooklyn Navy Yard)', 'Imani Cole', '2025-06-13', '200 assorted viennoiserie (croissants, pains au chocolat), pickup 7:30', 110000, 33000, NULL, 'paid', 'Booked by Samir in person at the Navy Yard tenants fair 2025; deposit paid by check');
INSERT INTO catering_orders VALUES (22, 'Kenmare Architects', 'Siobhan Walsh', '2025-10-17', 'Open studio: 60 mini croissants, 40 mini muffins, 2 coffee boxes', 26900, 0, NULL, 'paid', 'Paid by card');
INSERT INTO catering_orders VALUES (23, 'Carroll Park Elementary PTA', 'Meredith Okoye', '2025-05-30', 'Field Day: 140 chocolate chip cookies, 140 mini blueberry muffins - NUT-FREE', 52500, 0, NULL, 'paid', 'Rosa delivered to the gym side door at 10:30');
INSERT INTO ingredients VALUES (20, 'Milk chocolate callets (Sierra Cacao, 10 kg)', 1, 'milk, soy; may contain hazelnut (shared equipment)', 'no', '2024-11-01', 'Hot chocolate only; never in nut-free orders');
INSERT INTO ingredients VALUES (21, 'Pistachio paste (1 kg)', 1, 'tree nuts (pistachio)', 'no', '2025-04-01', 'Seasonal pistachio croissant');
INSERT INTO ingredients VALUES (22, 'Unsalted butter blocks (HVD item UB-55, 36 lb)', 2, 'milk', 'yes', '2019-07-01', 'Doughs, scones, cookies; not for lamination');
INSERT INTO equipment VALUES (20, 'Walk-in freezer (basement, shared with dough storage)', 'Polarline', 'WF-68', 'PL68-17-4432', 'Basement', '2017-05-15', '2022-05-14', 'Arctic Air Refrigeration', NULL);
