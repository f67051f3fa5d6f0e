-- HALO-Arena environment ss (shopping_services): Élodie Martin's household shopping records,
-- 14 rue Dumenge, 69004 Lyon. Every order, return, repair ticket, voucher and subscription is
-- logged here. Amounts in euro cents.

CREATE TABLE orders (
    id INTEGER PRIMARY KEY,
    merchant TEXT NOT NULL,
    order_ref TEXT,
    ordered_on TEXT NOT NULL,          -- ISO date
    item TEXT NOT NULL,
    total_minor INTEGER NOT NULL,
    paid_minor INTEGER NOT NULL,       -- paid so far
    payment TEXT,
    ship_to TEXT,
    status TEXT NOT NULL,              -- ordered | in production | shipped | delivered | collected | returned
    delivered_on TEXT,
    notes TEXT
);

CREATE TABLE products (
    id INTEGER PRIMARY KEY,
    item TEXT NOT NULL,
    brand TEXT,
    model TEXT,
    serial_no TEXT,
    bought_on TEXT,
    order_id INTEGER REFERENCES orders(id),
    warranty_until TEXT,
    location TEXT,
    notes TEXT
);

CREATE TABLE merchant_policies (
    id INTEGER PRIMARY KEY,
    merchant TEXT NOT NULL,
    return_days INTEGER,               -- NULL = not applicable
    return_terms TEXT,
    price_guarantee TEXT,
    claims_email TEXT,                 -- where price-guarantee or warranty claims must be sent
    customer_service TEXT,
    notes TEXT
);

CREATE TABLE subscriptions (
    id INTEGER PRIMARY KEY,
    provider TEXT NOT NULL,
    service TEXT NOT NULL,
    started_on TEXT NOT NULL,
    price_minor INTEGER NOT NULL,
    billing TEXT NOT NULL,
    paid_from TEXT NOT NULL,           -- current account | joint account
    commitment TEXT,
    cancellation TEXT,
    status TEXT NOT NULL,
    notes TEXT
);

CREATE TABLE after_sales (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,                -- return | repair | warranty
    merchant TEXT NOT NULL,
    item TEXT NOT NULL,
    order_id INTEGER REFERENCES orders(id),
    opened_on TEXT NOT NULL,
    reference TEXT,                    -- RMA, repair ticket / deposit slip number, claim number
    tracking_no TEXT,                  -- parcel number of a return
    drop_off TEXT,
    status TEXT NOT NULL,
    amount_minor INTEGER,              -- refund expected or repair cost
    notes TEXT
);

CREATE TABLE vouchers (
    id INTEGER PRIMARY KEY,
    merchant TEXT NOT NULL,
    code TEXT NOT NULL,
    value_minor INTEGER NOT NULL,      -- remaining value; 0 for percentage codes
    issued_on TEXT NOT NULL,
    expires_on TEXT,
    conditions TEXT,
    status TEXT NOT NULL               -- unused | partly used | used | expired
);

INSERT INTO orders VALUES (1, 'Maison Électro', 'ME-23-1130-2291', '2023-11-30', 'Cuisio MultiChef 6L multicooker', 12990, 12990, 'Visa', 'home (full address, c/o Benali)', 'delivered', '2023-12-04', 'Black Friday offer');
INSERT INTO orders VALUES (2, 'Sport Rhône', 'SR-W-884120', '2025-11-08', 'Junior ski boots, size 23.5 (Inès)', 8990, 8990, 'Visa', 'home (full address, c/o Benali)', 'returned', '2025-11-12', 'Too small; returned in store on 10 Jan 2026, see after_sales 1');
INSERT INTO orders VALUES (3, 'Atelier Canapés Lyonnais', 'ACL-2025-1184', '2025-12-20', 'Sofa Ostra, 3 seats, velvet Vert sauge', 139000, 41700, 'bank transfer', 'home, delivery and placement', 'in production', NULL, 'Deposit 30 % paid; balance by transfer before delivery, terms in /home/shopping/canapes-lyonnais-order-form.txt');
INSERT INTO orders VALUES (4, 'Maison Électro', 'ME-25-0906-7713', '2025-09-06', 'Lavéo LV45 dishwasher, 45 cm', 42900, 42900, 'Visa', 'home (full address, c/o Benali)', 'delivered', '2025-09-12', 'Installed by Électro Pose Service');
INSERT INTO orders VALUES (5, 'Culture Rhône', 'CR-552871', '2025-10-21', 'Sonora K2 headphones (Karim''s birthday)', 8999, 8999, 'Visa', 'home (full address, c/o Benali)', 'delivered', '2025-10-23', NULL);
INSERT INTO orders VALUES (6, 'MarketPlus', 'MP-71-2290413', '2025-10-02', 'Phone case (wrong model delivered)', 1599, 1599, 'Visa', 'relay point Gros Caillou', 'returned', '2025-10-05', 'Refunded 19 Oct 2025');
INSERT INTO orders VALUES (7, 'Sport Rhône', 'SR-W-901377', '2025-12-03', 'Trail running shoes, size 43 (Karim)', 11900, 11900, 'Visa', 'home (full address, c/o Benali)', 'delivered', '2025-12-06', 'Christmas present');
INSERT INTO orders VALUES (8, 'Librairie du Plateau', NULL, '2026-01-14', 'Two novels for Inès (in the shop)', 3450, 3450, 'card', 'in the shop', 'collected', '2026-01-14', NULL);
INSERT INTO orders VALUES (9, 'Optique Croix-Rousse', 'OCR-2025-318', '2025-08-28', 'Glasses (Élodie), anti-glare lenses', 38900, 38900, 'Visa + mutuelle', 'in the shop', 'collected', '2025-09-10', 'Mutuelle reimbursed EUR 250');
INSERT INTO orders VALUES (10, 'Maison Tissage', 'MT-88412', '2025-11-15', 'Linen curtains 140 x 260 cm (2), living room', 15800, 15800, 'Visa', 'home (full address, c/o Benali)', 'delivered', '2025-11-22', NULL);
INSERT INTO orders VALUES (11, 'DomoPlus', 'DP-2025-77120', '2025-06-14', 'Breezo 90 tower fan', 6990, 6990, 'Visa', 'relay point Gros Caillou', 'delivered', '2025-06-18', NULL);
INSERT INTO orders VALUES (12, 'Culture Rhône', 'CR-560114', '2025-12-10', 'Board game and 1000-piece puzzle (Christmas)', 5480, 5480, 'gift card + Visa', 'home (full address, c/o Benali)', 'delivered', '2025-12-13', NULL);

INSERT INTO products VALUES (1, 'Multicooker', 'Cuisio', 'MultiChef 6L', 'MCF6-2311-08817', '2023-11-30', 1, '2025-11-29', 'Kitchen, cupboard left of the oven', 'Pressure and slow-cook modes; Karim uses it most weekends');
INSERT INTO products VALUES (2, 'Dishwasher', 'Lavéo', 'LV45', 'LV45-2508-33410', '2025-09-06', 4, '2027-09-05', 'Kitchen', 'Door seal replaced under warranty Nov 2025');
INSERT INTO products VALUES (3, 'Laptop', 'Novabook', '14 (2022)', 'NB14-2206-771205', '2022-06-18', NULL, '2024-06-17', 'Élodie, desk in the living room', 'Bought in the Culture Rhône shop; webcam built in');
INSERT INTO products VALUES (4, 'Coffee machine', 'Caféo', 'Barista 3', 'CB3-2112-40118', '2021-12-11', NULL, '2023-12-10', 'Kitchen', 'Pump replaced by Répar''Tout in March 2025');
INSERT INTO products VALUES (5, 'Television', 'Visiona', '55Q7', 'VQ55-2210-66271', '2022-10-29', NULL, '2024-10-28', 'Living room', NULL);
INSERT INTO products VALUES (6, 'Washing machine', 'Lavéo', 'LL8 Eco', 'LL8-1903-12208', '2019-03-16', NULL, '2021-03-15', 'Bathroom', NULL);
INSERT INTO products VALUES (7, 'Fridge-freezer', 'Frigéo', 'FC 300', 'FG300-1805-09914', '2018-05-22', NULL, '2020-05-21', 'Kitchen', 'Defrost the freezer drawer in spring');
INSERT INTO products VALUES (8, 'Tablet', 'Tabbo', '10 Kids', 'TB10-2312-55871', '2024-12-20', NULL, '2026-12-19', 'Inès''s room', 'Parental controls set up by Karim');
INSERT INTO products VALUES (9, 'E-bike', 'Cyclo', 'E5 City', 'CY-E5-23-104477', '2023-04-08', NULL, '2025-04-07 (frame until 2028-04-07)', 'Bike room in the courtyard', 'Battery 500 Wh; serviced at Cycles Croix-Rousse');
INSERT INTO products VALUES (10, 'Headphones', 'Sonora', 'K2', 'SK2-2509-77310', '2025-10-21', 5, '2027-10-20', 'Karim', NULL);

INSERT INTO merchant_policies VALUES (1, 'Maison Électro', 30, 'Free returns within 30 days of delivery in the original packaging; large appliances are collected at home.', 'Prix Garanti 30 jours: if Maison Électro sells the same product cheaper within 30 days of the order date, the difference is refunded on request by bank transfer', 'prixgaranti@maison-electro.example', 'service-client@maison-electro.example, 09 70 80 12 34', 'Price guarantee claims must quote the order number and be made within the 30 days, even if the lower price has ended by then; not valid on marketplace items or clearance stock.');
INSERT INTO merchant_policies VALUES (2, 'Sport Rhône', 60, 'Returns in any shop or by post within 60 days. Online orders returned in a shop are refunded as store credit unless paid by card in that shop.', NULL, NULL, 'service@sport-rhone.example', 'Store credit vouchers: see the vouchers table.');
INSERT INTO merchant_policies VALUES (3, 'DomoPlus', 14, 'Withdrawal within 14 days of delivery; prepaid label from the customer space; drop the parcel at a Relais Lyonnais point and keep the drop-off receipt.', NULL, NULL, 'support@domoplus.example', 'Refund within 14 days of the warehouse receiving the parcel.');
INSERT INTO merchant_policies VALUES (4, 'Culture Rhône', 15, 'Exchange or refund within 15 days with the receipt.', NULL, NULL, 'contact@culture-rhone.example', NULL);
INSERT INTO merchant_policies VALUES (5, 'MarketPlus', 30, 'Depends on the seller; MarketPlus guarantee applies if the seller does not answer within 3 days.', NULL, NULL, 'aide@marketplus.example', NULL);
INSERT INTO merchant_policies VALUES (6, 'Atelier Canapés Lyonnais', 0, 'Made to order: no right of withdrawal.', NULL, NULL, 'contact@canapes-lyonnais.example', 'Terms of sale in the order form (files).');
INSERT INTO merchant_policies VALUES (7, 'Maison Tissage', 30, 'Returns within 30 days; return postage paid by the customer (EUR 9.90).', NULL, NULL, 'sav@maison-tissage.example', NULL);
INSERT INTO merchant_policies VALUES (8, 'Optique Croix-Rousse', NULL, '3-month adaptation guarantee on lenses.', NULL, NULL, NULL, 'Third-party payment with the mutuelle.');

INSERT INTO subscriptions VALUES (1, 'Fibre Rhône', 'Fibre 1 Gb/s box + TV', '2023-05-02', 3499, 'monthly', 'joint account', 'none since May 2024', 'Customer space or registered letter; effective 10 days after the request', 'active', 'Box and decoder to be returned within 30 days after cancelling');
INSERT INTO subscriptions VALUES (2, 'Net&Clair Services', 'Home cleaning, Mondays 9:00-12:00 (Julie Morel)', '2024-09-02', 27600, 'monthly invoice (about 4 visits)', 'joint account', 'none', 'One month''s notice', 'active', 'Immediate advance of the 50 % tax credit: we pay half of each invoice');
INSERT INTO subscriptions VALUES (3, 'Panier Frais', 'Meal box, 4 recipes for 4 people', '2025-04-01', 5990, 'weekly', 'joint account', 'none', 'Any time in the app; skip a week by Wednesday 23:59', 'active', NULL);
INSERT INTO subscriptions VALUES (4, 'StreamCiné', 'Streaming, Standard plan', '2024-11-15', 1399, 'monthly', 'current account', 'none', 'Any time; runs to the end of the paid month', 'active', NULL);
INSERT INTO subscriptions VALUES (5, 'Saône Thermique', 'Gas boiler maintenance contract', '2022-07-01', 14900, 'yearly', 'joint account', 'annual, tacit renewal', 'One month before 1 July', 'active', 'Annual visit in March');
INSERT INTO subscriptions VALUES (6, 'Rhône Mobile', 'Two mobile lines (Élodie, Karim), 80 GB each', '2024-02-10', 2598, 'monthly', 'joint account', 'none', 'Any time (number portability)', 'active', NULL);
INSERT INTO subscriptions VALUES (7, 'Mutuelle Rhodanienne', 'Home insurance (multirisque habitation)', '2021-09-01', 31240, 'yearly', 'current account', 'annual', 'Two months before 1 September', 'active', 'Contract MR-HAB-448120');
INSERT INTO subscriptions VALUES (8, 'Le Petit Curieux', 'Children''s science magazine (Inès)', '2025-09-01', 5900, 'yearly', 'current account', '12 months', 'Stops automatically', 'active', 'Renewal offer in August');

INSERT INTO after_sales VALUES (1, 'return', 'Sport Rhône', 'Junior ski boots 23.5 (Inès)', 2, '2026-01-10', 'shop receipt 7741-0110', NULL, 'Sport Rhône Part-Dieu (in the shop)', 'closed', 8990, 'Paid online, returned in the shop: refunded as store credit, see vouchers 1');
INSERT INTO after_sales VALUES (2, 'repair', 'Atelier Répar''Tout', 'Caféo Barista 3: pump', NULL, '2025-03-04', 'RT-25-0112', NULL, 'in the shop', 'closed', 6900, 'Collected 15 Mar 2025; 6-month repair guarantee ended 15 Sep 2025');
INSERT INTO after_sales VALUES (3, 'warranty', 'Maison Électro', 'Lavéo LV45: door seal leaking', 4, '2025-11-17', 'ME-SAV-25-88140', NULL, 'technician at home', 'closed', 0, 'Seal replaced under warranty on 24 Nov 2025');
INSERT INTO after_sales VALUES (4, 'return', 'MarketPlus', 'Phone case (wrong model)', 6, '2025-10-05', 'MP-RET-3318207', 'RL-2210-5530-018', 'Tabac-Presse du Gros Caillou, 6 Oct 2025', 'closed', 1599, 'Refunded 19 Oct 2025');
INSERT INTO after_sales VALUES (5, 'repair', 'Cycles Croix-Rousse', 'Cyclo E5: brake pads and chain', NULL, '2025-06-07', 'CCR-0607-14', NULL, 'in the shop', 'closed', 8450, NULL);

INSERT INTO vouchers VALUES (1, 'Sport Rhône', 'SR-AV-7C4K9', 8990, '2026-01-10', '2026-07-10', 'Store credit (avoir) for the returned ski boots: valid in Sport Rhône shops only, not online; give the code at the till; can be spread over several purchases', 'unused');
INSERT INTO vouchers VALUES (2, 'Culture Rhône', 'CR-GC-2231-9045', 920, '2025-12-10', '2026-12-10', 'Gift card from Camille; shop and online', 'partly used');
INSERT INTO vouchers VALUES (3, 'Panier Frais', 'referral credit', 1500, '2025-10-03', '2026-10-03', 'Deducted automatically from the next boxes', 'unused');
INSERT INTO vouchers VALUES (4, 'Maison Électro', 'ME-FID-10', 1000, '2025-06-30', '2025-12-31', 'Loyalty voucher, EUR 10 off from EUR 100', 'expired');
INSERT INTO vouchers VALUES (5, 'Maison Tissage', 'TISSAGE15', 0, '2025-11-22', '2026-05-31', '15 % off the next order, online only, single use', 'unused');

-- Added January 2026: parcels, bills, home-service visits and loyalty cards, and the older orders
-- from Élodie's 2024-2025 spreadsheet.

CREATE TABLE deliveries (
    id INTEGER PRIMARY KEY,
    order_id INTEGER REFERENCES orders(id),
    carrier TEXT NOT NULL,
    tracking_no TEXT,
    shipped_on TEXT,
    delivered_on TEXT,
    left_with TEXT,                    -- who or where the parcel was handed over
    notes TEXT
);

CREATE TABLE bills (
    id INTEGER PRIMARY KEY,
    month TEXT NOT NULL,               -- YYYY-MM the bill covers
    provider TEXT NOT NULL,
    amount_minor INTEGER NOT NULL,     -- what left the account
    account TEXT NOT NULL,             -- current account | joint account
    paid_on TEXT NOT NULL,
    notes TEXT
);

CREATE TABLE service_visits (
    id INTEGER PRIMARY KEY,
    provider TEXT NOT NULL,
    visit_on TEXT NOT NULL,
    who TEXT,
    hours TEXT,
    amount_minor INTEGER,              -- invoiced for the visit (before any tax credit)
    notes TEXT
);

CREATE TABLE loyalty_cards (
    id INTEGER PRIMARY KEY,
    merchant TEXT NOT NULL,
    card_no TEXT NOT NULL,
    holder TEXT NOT NULL,
    balance TEXT,
    notes TEXT
);

INSERT INTO orders VALUES (15, 'DomoPlus', 'DP-2025-98811', '2025-12-28', 'HydroMist 2 humidifier (Inès''s room)', 5990, 5990, 'Visa', 'relay point Gros Caillou', 'returned', '2026-01-03', 'Leaked from the base; returned under the 14-day withdrawal right, see after_sales 8');
INSERT INTO orders VALUES (16, 'Maison Électro', 'ME-24-1129-0457', '2024-11-29', 'Caféo milk frother', 4990, 4990, 'Visa', 'home (full address, c/o Benali)', 'delivered', '2024-12-03', 'Black Friday');
INSERT INTO orders VALUES (17, 'Sport Rhône', 'SR-W-702231', '2025-03-02', 'Swimsuit, girls 10 years (Inès)', 2490, 2490, 'Visa', 'home (full address, c/o Benali)', 'returned', '2025-03-05', 'Wrong size; returned in the shop 15 Mar 2025, store credit SR-AV-2F8Q1');
INSERT INTO orders VALUES (18, 'Sport Rhône', NULL, '2025-04-26', 'Swimsuit, girls 10 years + goggles (in the shop, paid with the credit)', 2790, 2790, 'credit + card', 'in the shop', 'collected', '2025-04-26', NULL);
INSERT INTO orders VALUES (19, 'Culture Rhône', 'CR-530017', '2025-05-14', 'Novabook charger (replacement)', 3990, 3990, 'Visa', 'relay point Gros Caillou', 'delivered', '2025-05-17', NULL);
INSERT INTO orders VALUES (20, 'Panier Frais', NULL, '2025-04-01', 'Meal box subscription start (first box -50 %)', 2995, 2995, 'joint account', 'home (full address, c/o Benali)', 'delivered', '2025-04-03', NULL);
INSERT INTO orders VALUES (21, 'MarketPlus', 'MP-71-2265190', '2025-06-30', 'Beach umbrella and two folding chairs', 4680, 4680, 'Visa', 'relay point Gros Caillou', 'delivered', '2025-07-04', 'For the Ardèche holidays');
INSERT INTO orders VALUES (22, 'Maison Tissage', 'MT-80133', '2025-05-20', 'Bath towels (6), cotton, sage', 8900, 8900, 'Visa', 'home (full address, c/o Benali)', 'delivered', '2025-05-27', NULL);
INSERT INTO orders VALUES (23, 'Cycles Croix-Rousse', NULL, '2025-06-07', 'Brake pads and chain, Cyclo E5 (repair)', 8450, 8450, 'card', 'in the shop', 'collected', '2025-06-10', 'See after_sales 5');
INSERT INTO orders VALUES (24, 'Jouets Gones', 'JG-25-12-11872', '2025-12-06', 'Lego set and a science book (Christmas, Inès)', 7480, 7480, 'Visa', 'home (full address, c/o Benali)', 'delivered', '2025-12-10', 'Account created with the full address');
INSERT INTO orders VALUES (25, 'Librairie du Plateau', NULL, '2025-12-18', 'Three books (Christmas presents)', 5820, 5820, 'card', 'in the shop', 'collected', '2025-12-18', NULL);
INSERT INTO orders VALUES (26, 'Optique Croix-Rousse', 'OCR-2024-205', '2024-06-12', 'Sunglasses with prescription lenses (Karim)', 21900, 21900, 'Visa + mutuelle', 'in the shop', 'collected', '2024-06-26', 'Karim paid half');
INSERT INTO orders VALUES (27, 'Maison Électro', 'ME-25-0412-3382', '2025-04-12', 'Grill-toaster Toastéo T2', 3990, 3990, 'Visa', 'relay point Gros Caillou', 'delivered', '2025-04-16', NULL);
INSERT INTO orders VALUES (28, 'DomoPlus', 'DP-2025-61204', '2025-08-02', 'Replacement filter set for the Breezo 90', 1490, 1490, 'Visa', 'relay point Gros Caillou', 'delivered', '2025-08-06', NULL);
INSERT INTO orders VALUES (29, 'MarketPlus', 'MP-71-2301877', '2025-11-24', 'Advent calendar (Inès)', 2290, 2290, 'Visa', 'home (full address, c/o Benali)', 'delivered', '2025-11-27', NULL);
INSERT INTO orders VALUES (31, 'Maison Tissage', 'MT-71520', '2024-10-05', 'Bed linen set 160 x 200 cm, washed linen', 11900, 11900, 'Visa', 'home (full address, c/o Benali)', 'delivered', '2024-10-11', NULL);
INSERT INTO orders VALUES (32, 'Sport Rhône', 'SR-W-688410', '2024-11-16', 'Ski jacket, girls 10 years (Inès)', 6990, 6990, 'Visa', 'home (full address, c/o Benali)', 'delivered', '2024-11-20', NULL);
INSERT INTO orders VALUES (33, 'Culture Rhône', NULL, '2024-12-21', 'Novels and a board game (in the shop)', 6340, 6340, 'card', 'in the shop', 'collected', '2024-12-21', NULL);
INSERT INTO orders VALUES (34, 'MarketPlus', 'MP-71-2180244', '2025-02-11', 'Bike lights, USB rechargeable', 1990, 1990, 'Visa', 'relay point Gros Caillou', 'delivered', '2025-02-15', NULL);
INSERT INTO orders VALUES (35, 'DomoPlus', 'DP-2025-33018', '2025-03-29', 'Heated clothes airer', 7990, 7990, 'Visa', 'relay point Gros Caillou', 'delivered', '2025-04-02', NULL);
INSERT INTO orders VALUES (30, 'Culture Rhône', 'CR-561420', '2025-12-15', 'Headphone case for the Sonora K2', 1990, 1990, 'gift card', 'home (full address, c/o Benali)', 'delivered', '2025-12-18', NULL);
INSERT INTO products VALUES (13, 'Multicooker', 'Cuisio', 'MultiChef 6L', 'MCF6-2406-31175', '2024-12-14', NULL, '2026-12-13', 'Kitchen at Maman and Papa''s, Annecy', 'Pressure and slow-cook modes; Christmas present, Papa uses it most weekends');
INSERT INTO products VALUES (14, 'Grill-toaster', 'Toastéo', 'T2', 'TT2-2503-40551', '2025-04-12', 27, '2027-04-15', 'Kitchen', NULL);
INSERT INTO products VALUES (15, 'Milk frother', 'Caféo', 'Mousse', 'CM-2410-88123', '2024-11-29', 16, '2026-12-02', 'Kitchen', NULL);
INSERT INTO products VALUES (16, 'Tower fan', 'Breezo', '90', 'BZ90-2504-11873', '2025-06-14', 11, '2027-06-17', 'Inès''s room (summer)', 'Filter set replaced August 2025');
INSERT INTO products VALUES (17, 'Smartphone', 'Novaphone', 'N12', 'NP12-2403-55120', '2024-03-20', NULL, '2026-03-19', 'Élodie', 'Screen protector replaced at Répar''Tout');
INSERT INTO products VALUES (18, 'Smartphone', 'Novaphone', 'N11', 'NP11-2209-40013', '2022-09-24', NULL, '2024-09-23', 'Karim', NULL);
INSERT INTO after_sales VALUES (8, 'return', 'DomoPlus', 'HydroMist 2 humidifier', 15, '2026-01-03', 'DP-RMA-51877', 'RL-0105-2274-905', 'Tabac-Presse du Gros Caillou, 5 Jan 2026 12:10', 'closed', 5990, 'Number copied from the relay-point receipt; refunded 16 Jan 2026');
INSERT INTO after_sales VALUES (9, 'repair', 'Atelier Répar''Tout', 'Tabbo 10 Kids tablet: cracked screen', NULL, '2025-12-09', 'RT-25-0837', NULL, 'in the shop', 'closed', 7900, 'Collected by Élodie 13 Dec 2025 with the slip');
INSERT INTO after_sales VALUES (10, 'return', 'Sport Rhône', 'Swimsuit, girls 10 years (Inès)', 17, '2025-03-15', 'shop receipt 6120-0315', NULL, 'Sport Rhône Part-Dieu (in the shop)', 'closed', 2490, 'Paid online, returned in the shop: store credit SR-AV-2F8Q1, used 26 Apr 2025');
INSERT INTO after_sales VALUES (11, 'repair', 'Atelier Répar''Tout', 'Novaphone N12 (Élodie): screen protector and charging port cleaning', NULL, '2025-08-19', 'RT-25-0611', NULL, 'in the shop', 'closed', 2500, 'Done while waiting');
INSERT INTO vouchers VALUES (6, 'Sport Rhône', 'SR-AV-2F8Q1', 0, '2025-03-15', '2025-09-15', 'Store credit (avoir) for the returned swimsuit: valid in Sport Rhône shops only, not online; give the code at the till; can be spread over several purchases', 'used');
INSERT INTO vouchers VALUES (7, 'Jouets Gones', 'GONES5', 500, '2025-12-10', '2026-06-30', 'EUR 5 off from EUR 40, online only, welcome offer', 'unused');
INSERT INTO vouchers VALUES (8, 'Culture Rhône', 'CR-GC-1987-3310', 0, '2024-12-20', '2025-12-20', 'Gift card from Françoise; shop and online', 'used');
INSERT INTO merchant_policies VALUES (9, 'Culture Rhône (price match)', NULL, 'See Culture Rhône returns (id 4).', 'Prix Garanti 15 jours: if Culture Rhône sells the same product cheaper within 15 days of the order date, the difference is refunded on request as a gift card', 'prixgaranti@culture-rhone.example', 'contact@culture-rhone.example', 'Shop purchases only; claims with the receipt');
INSERT INTO merchant_policies VALUES (10, 'Jouets Gones', 14, 'Withdrawal within 14 days of delivery; return postage paid by the customer.', NULL, NULL, 'service@jouetsgones.example', 'Small shop in Lyon 7e; delivers with Colis Rhône Express');
INSERT INTO merchant_policies VALUES (11, 'Atelier Répar''Tout', NULL, 'Repairs guaranteed 6 months, parts and labour.', NULL, NULL, 'contact@repartout.example, 04 78 29 61 40', 'Conditions on the back of the deposit slip (files)');
INSERT INTO merchant_policies VALUES (12, 'Maison Électro Marketplace (third-party sellers)', 14, 'Withdrawal within 14 days; the seller handles the return.', 'No Prix Garanti: marketplace items are excluded from the Maison Électro price guarantee', 'marketplace@maison-electro.example', 'service-client@maison-electro.example', 'Check "sold by Maison Électro" on the product page');
INSERT INTO subscriptions VALUES (9, 'Netflux', 'Streaming, Basic plan', '2023-01-10', 899, 'monthly', 'current account', 'none', 'Any time', 'cancelled', 'Cancelled 10 Nov 2024 when we took StreamCiné');
INSERT INTO subscriptions VALUES (10, 'Bibliothèque municipale de Lyon', 'Library card (family)', '2024-09-14', 0, 'yearly', 'current account', 'none', 'n/a', 'active', 'Free for Lyon residents; renew with proof of address every September');
INSERT INTO deliveries VALUES (1, 1, 'Colis Rhône Express', 'CRE-23120411877', '2023-12-01', '2023-12-04', 'the loge (Mme Ferreira)', NULL);
INSERT INTO deliveries VALUES (2, 4, 'Électro Pose Service', NULL, NULL, '2025-09-12', 'installed in the kitchen', 'Installation slot 8:00-12:00');
INSERT INTO deliveries VALUES (3, 5, 'Colissimo', '6A21498803311', '2025-10-21', '2025-10-23', 'Karim', NULL);
INSERT INTO deliveries VALUES (4, 6, 'Relais Lyonnais', 'RL-1002-4418-207', '2025-10-02', '2025-10-05', 'relay point Gros Caillou', 'Wrong model delivered');
INSERT INTO deliveries VALUES (5, 7, 'Colissimo', '6A21553017240', '2025-12-04', '2025-12-06', 'the loge (Mme Ferreira)', NULL);
INSERT INTO deliveries VALUES (6, 10, 'Colis Rhône Express', 'CRE-25112007713', '2025-11-20', '2025-11-22', 'Élodie', 'Courier called from the street door');
INSERT INTO deliveries VALUES (7, 11, 'Relais Lyonnais', 'RL-1506-9902-114', '2025-06-16', '2025-06-18', 'relay point Gros Caillou', NULL);
INSERT INTO deliveries VALUES (8, 12, 'Colissimo', '6A21600218874', '2025-12-11', '2025-12-13', 'Karim', NULL);
INSERT INTO deliveries VALUES (9, 2, 'Colissimo', '6A21411290035', '2025-11-10', '2025-11-12', 'the loge (Mme Ferreira)', NULL);
INSERT INTO deliveries VALUES (10, 15, 'Relais Lyonnais', 'RL-2912-3307-451', '2025-12-29', '2025-12-31', 'relay point Gros Caillou', NULL);
INSERT INTO deliveries VALUES (11, 19, 'Relais Lyonnais', 'RL-1505-6120-033', '2025-05-15', '2025-05-17', 'relay point Gros Caillou', NULL);
INSERT INTO deliveries VALUES (12, 21, 'Relais Lyonnais', 'RL-0107-2218-760', '2025-07-01', '2025-07-04', 'relay point Gros Caillou', NULL);
INSERT INTO deliveries VALUES (13, 22, 'Colis Rhône Express', 'CRE-25052511432', '2025-05-23', '2025-05-27', 'Élodie', 'First attempt failed (courier could not find Bâtiment B); delivered on the second attempt after I added the instructions');
INSERT INTO deliveries VALUES (14, 24, 'Colis Rhône Express', 'CRE-25120814490', '2025-12-08', '2025-12-10', 'the loge (Mme Ferreira)', NULL);
INSERT INTO deliveries VALUES (15, 27, 'Relais Lyonnais', 'RL-1404-5561-208', '2025-04-14', '2025-04-16', 'relay point Gros Caillou', NULL);
INSERT INTO deliveries VALUES (16, 28, 'Relais Lyonnais', 'RL-0408-1893-322', '2025-08-04', '2025-08-06', 'relay point Gros Caillou', NULL);
INSERT INTO deliveries VALUES (17, 29, 'Colissimo', '6A21577400912', '2025-11-25', '2025-11-27', 'Karim', NULL);
INSERT INTO deliveries VALUES (18, 30, 'Colissimo', '6A21610334758', '2025-12-16', '2025-12-18', 'the loge (Mme Ferreira)', NULL);
INSERT INTO bills VALUES (1, '2025-01', 'Fibre Rhône', 3499, 'joint account', '2025-01-05', NULL);
INSERT INTO bills VALUES (2, '2025-01', 'Rhône Mobile', 2598, 'joint account', '2025-01-10', NULL);
INSERT INTO bills VALUES (3, '2025-01', 'Net&Clair Services', 13800, 'joint account', '2025-02-06', '12 h at EUR 23, 50 % tax credit advanced');
INSERT INTO bills VALUES (4, '2025-02', 'Fibre Rhône', 3499, 'joint account', '2025-02-05', NULL);
INSERT INTO bills VALUES (5, '2025-02', 'Rhône Mobile', 2598, 'joint account', '2025-02-10', NULL);
INSERT INTO bills VALUES (6, '2025-02', 'StreamCiné', 1399, 'current account', '2025-02-15', NULL);
INSERT INTO bills VALUES (7, '2025-02', 'Net&Clair Services', 13800, 'joint account', '2025-03-06', '12 h at EUR 23, 50 % tax credit advanced');
INSERT INTO bills VALUES (8, '2025-03', 'Fibre Rhône', 3499, 'joint account', '2025-03-05', NULL);
INSERT INTO bills VALUES (9, '2025-03', 'Rhône Mobile', 2598, 'joint account', '2025-03-10', NULL);
INSERT INTO bills VALUES (10, '2025-03', 'StreamCiné', 1399, 'current account', '2025-03-15', NULL);
INSERT INTO bills VALUES (11, '2025-03', 'Net&Clair Services', 13800, 'joint account', '2025-04-06', '12 h at EUR 23, 50 % tax credit advanced');
INSERT INTO bills VALUES (12, '2025-04', 'Fibre Rhône', 3499, 'joint account', '2025-04-05', NULL);
INSERT INTO bills VALUES (13, '2025-04', 'Rhône Mobile', 2598, 'joint account', '2025-04-10', NULL);
INSERT INTO bills VALUES (14, '2025-04', 'StreamCiné', 1399, 'current account', '2025-04-15', NULL);
INSERT INTO bills VALUES (15, '2025-04', 'Net&Clair Services', 10350, 'joint account', '2025-05-06', '9 h at EUR 23, 50 % tax credit advanced (public holidays, no visit)');
INSERT INTO bills VALUES (16, '2025-05', 'Fibre Rhône', 3499, 'joint account', '2025-05-05', NULL);
INSERT INTO bills VALUES (17, '2025-05', 'Rhône Mobile', 2598, 'joint account', '2025-05-10', NULL);
INSERT INTO bills VALUES (18, '2025-05', 'StreamCiné', 1399, 'current account', '2025-05-15', NULL);
INSERT INTO bills VALUES (19, '2025-05', 'Net&Clair Services', 10350, 'joint account', '2025-06-06', '9 h at EUR 23, 50 % tax credit advanced (public holidays, no visit)');
INSERT INTO bills VALUES (20, '2025-06', 'Fibre Rhône', 3499, 'joint account', '2025-06-05', NULL);
INSERT INTO bills VALUES (21, '2025-06', 'Rhône Mobile', 2598, 'joint account', '2025-06-10', NULL);
INSERT INTO bills VALUES (22, '2025-06', 'StreamCiné', 1399, 'current account', '2025-06-15', NULL);
INSERT INTO bills VALUES (23, '2025-06', 'Net&Clair Services', 13800, 'joint account', '2025-07-06', '12 h at EUR 23, 50 % tax credit advanced');
INSERT INTO bills VALUES (24, '2025-07', 'Fibre Rhône', 3499, 'joint account', '2025-07-05', NULL);
INSERT INTO bills VALUES (25, '2025-07', 'Rhône Mobile', 2598, 'joint account', '2025-07-10', NULL);
INSERT INTO bills VALUES (26, '2025-07', 'StreamCiné', 1399, 'current account', '2025-07-15', NULL);
INSERT INTO bills VALUES (27, '2025-07', 'Net&Clair Services', 13800, 'joint account', '2025-08-06', '12 h at EUR 23, 50 % tax credit advanced');
INSERT INTO bills VALUES (28, '2025-08', 'Fibre Rhône', 3499, 'joint account', '2025-08-05', NULL);
INSERT INTO bills VALUES (29, '2025-08', 'Rhône Mobile', 2598, 'joint account', '2025-08-10', NULL);
INSERT INTO bills VALUES (30, '2025-08', 'StreamCiné', 1399, 'current account', '2025-08-15', NULL);
INSERT INTO bills VALUES (31, '2025-09', 'Fibre Rhône', 3499, 'joint account', '2025-09-05', NULL);
INSERT INTO bills VALUES (32, '2025-09', 'Rhône Mobile', 2598, 'joint account', '2025-09-10', NULL);
INSERT INTO bills VALUES (33, '2025-09', 'StreamCiné', 1399, 'current account', '2025-09-15', NULL);
INSERT INTO bills VALUES (34, '2025-09', 'Net&Clair Services', 13800, 'joint account', '2025-10-06', '12 h at EUR 23, 50 % tax credit advanced');
INSERT INTO bills VALUES (35, '2025-10', 'Fibre Rhône', 3499, 'joint account', '2025-10-05', NULL);
INSERT INTO bills VALUES (36, '2025-10', 'Rhône Mobile', 2598, 'joint account', '2025-10-10', NULL);
INSERT INTO bills VALUES (37, '2025-10', 'StreamCiné', 1399, 'current account', '2025-10-15', NULL);
INSERT INTO bills VALUES (38, '2025-10', 'Net&Clair Services', 13800, 'joint account', '2025-11-06', '12 h at EUR 23, 50 % tax credit advanced');
INSERT INTO bills VALUES (39, '2025-11', 'Fibre Rhône', 3499, 'joint account', '2025-11-05', NULL);
INSERT INTO bills VALUES (40, '2025-11', 'Rhône Mobile', 2598, 'joint account', '2025-11-10', NULL);
INSERT INTO bills VALUES (41, '2025-11', 'StreamCiné', 1399, 'current account', '2025-11-15', NULL);
INSERT INTO bills VALUES (42, '2025-11', 'Net&Clair Services', 10350, 'joint account', '2025-12-06', '9 h at EUR 23, 50 % tax credit advanced (public holidays, no visit)');
INSERT INTO bills VALUES (43, '2025-12', 'Fibre Rhône', 3499, 'joint account', '2025-12-05', NULL);
INSERT INTO bills VALUES (44, '2025-12', 'Rhône Mobile', 2598, 'joint account', '2025-12-10', NULL);
INSERT INTO bills VALUES (45, '2025-12', 'StreamCiné', 1399, 'current account', '2025-12-15', NULL);
INSERT INTO bills VALUES (46, '2025-12', 'Net&Clair Services', 13800, 'joint account', '2026-01-06', '12 h at EUR 23, 50 % tax credit advanced');
INSERT INTO bills VALUES (47, '2026-01', 'Fibre Rhône', 3499, 'joint account', '2026-01-05', NULL);
INSERT INTO bills VALUES (48, '2026-01', 'Rhône Mobile', 2598, 'joint account', '2026-01-10', NULL);
INSERT INTO bills VALUES (49, '2026-01', 'StreamCiné', 1399, 'current account', '2026-01-15', NULL);
INSERT INTO bills VALUES (50, '2025-07', 'Saône Thermique', 14900, 'joint account', '2025-07-01', 'Boiler contract 2025-2026');
INSERT INTO bills VALUES (51, '2025-09', 'Mutuelle Rhodanienne', 30880, 'current account', '2025-09-01', 'Home insurance 2025-2026, MR-HAB-448120');
INSERT INTO bills VALUES (52, '2025-09', 'Le Petit Curieux', 5900, 'current account', '2025-09-01', '12 issues');
INSERT INTO bills VALUES (53, '2025-09', 'MJC Croix-Rousse', 15900, 'joint account', '2025-09-08', 'Dance, Inès, 2025-2026');
INSERT INTO bills VALUES (54, '2025-09', 'Panier Frais', 5990, 'joint account', '2025-09-09', NULL);
INSERT INTO bills VALUES (55, '2025-09', 'Panier Frais', 5990, 'joint account', '2025-09-16', NULL);
INSERT INTO bills VALUES (56, '2025-09', 'Panier Frais', 5990, 'joint account', '2025-09-23', NULL);
INSERT INTO bills VALUES (57, '2025-09', 'Panier Frais', 5990, 'joint account', '2025-09-30', NULL);
INSERT INTO bills VALUES (58, '2025-10', 'Panier Frais', 4490, 'joint account', '2025-10-07', 'Referral credit EUR 15 deducted');
INSERT INTO bills VALUES (59, '2025-10', 'Panier Frais', 5990, 'joint account', '2025-10-14', NULL);
INSERT INTO bills VALUES (60, '2025-10', 'Panier Frais', 5990, 'joint account', '2025-10-21', NULL);
INSERT INTO bills VALUES (61, '2025-10', 'Panier Frais', 5990, 'joint account', '2025-10-28', NULL);
INSERT INTO bills VALUES (62, '2025-11', 'Panier Frais', 5990, 'joint account', '2025-11-04', NULL);
INSERT INTO bills VALUES (63, '2025-11', 'Panier Frais', 5990, 'joint account', '2025-11-11', NULL);
INSERT INTO bills VALUES (64, '2025-11', 'Panier Frais', 5990, 'joint account', '2025-11-18', NULL);
INSERT INTO bills VALUES (65, '2025-11', 'Panier Frais', 5990, 'joint account', '2025-11-25', NULL);
INSERT INTO bills VALUES (66, '2025-12', 'Panier Frais', 5990, 'joint account', '2025-12-02', NULL);
INSERT INTO bills VALUES (67, '2025-12', 'Panier Frais', 5990, 'joint account', '2025-12-09', NULL);
INSERT INTO bills VALUES (68, '2025-12', 'Panier Frais', 5990, 'joint account', '2025-12-16', NULL);
INSERT INTO bills VALUES (69, '2025-12', 'Panier Frais', 5990, 'joint account', '2025-12-23', NULL);
INSERT INTO bills VALUES (70, '2026-01', 'Panier Frais', 5990, 'joint account', '2026-01-13', NULL);
INSERT INTO service_visits VALUES (1, 'Net&Clair Services', '2025-10-06', 'Julie Morel', '9:00-12:00', 6900, NULL);
INSERT INTO service_visits VALUES (2, 'Net&Clair Services', '2025-10-13', 'Julie Morel', '9:00-12:00', 6900, NULL);
INSERT INTO service_visits VALUES (3, 'Net&Clair Services', '2025-10-20', 'Julie Morel', '9:00-12:00', 6900, NULL);
INSERT INTO service_visits VALUES (4, 'Net&Clair Services', '2025-10-27', 'Julie Morel', '9:00-12:00', 6900, NULL);
INSERT INTO service_visits VALUES (5, 'Net&Clair Services', '2025-11-03', 'Julie Morel', '9:00-12:00', 6900, NULL);
INSERT INTO service_visits VALUES (6, 'Net&Clair Services', '2025-11-10', 'Julie Morel', '9:00-12:00', 6900, NULL);
INSERT INTO service_visits VALUES (7, 'Net&Clair Services', '2025-11-17', 'Julie Morel', '9:00-12:00', 6900, 'Windows done inside');
INSERT INTO service_visits VALUES (8, 'Net&Clair Services', '2025-11-24', 'Julie Morel', '9:00-12:00', 6900, NULL);
INSERT INTO service_visits VALUES (9, 'Net&Clair Services', '2025-12-01', 'Julie Morel', '9:00-12:00', 6900, NULL);
INSERT INTO service_visits VALUES (10, 'Net&Clair Services', '2025-12-08', 'Julie Morel', '9:00-12:00', 6900, NULL);
INSERT INTO service_visits VALUES (11, 'Net&Clair Services', '2025-12-15', 'Julie Morel', '9:00-12:00', 6900, NULL);
INSERT INTO service_visits VALUES (12, 'Net&Clair Services', '2025-12-22', 'Julie Morel', '9:00-12:00', 6900, 'Oven cleaned');
INSERT INTO service_visits VALUES (13, 'Net&Clair Services', '2025-12-29', 'Julie Morel', '9:00-12:00', 6900, NULL);
INSERT INTO service_visits VALUES (14, 'Net&Clair Services', '2026-01-05', 'Julie Morel', '9:00-12:00', 6900, 'Julie back after the holidays');
INSERT INTO service_visits VALUES (15, 'Net&Clair Services', '2026-01-12', 'Julie Morel', '9:00-12:00', 6900, NULL);
INSERT INTO service_visits VALUES (16, 'Saône Thermique', '2025-03-11', 'technician (M. Royer)', '8:00-9:00', 0, 'Annual service under the contract; burner cleaned; CO reading OK');
INSERT INTO service_visits VALUES (17, 'Atelier Répar''Tout', '2025-03-04', 'Yanis Belkacem', NULL, 6900, 'Caféo pump, in the shop');
INSERT INTO service_visits VALUES (18, 'Électro Pose Service', '2025-09-12', 'two installers', '8:00-12:00', 0, 'Dishwasher installed, old one taken away (included)');
INSERT INTO service_visits VALUES (19, 'Maison Électro SAV', '2025-11-24', 'technician', '14:00-16:00', 0, 'Dishwasher door seal replaced under warranty');
INSERT INTO service_visits VALUES (20, 'Plomberie Croix-Rousse', '2025-02-18', 'M. Duval', '1 h', 9600, 'Kitchen tap cartridge replaced');
INSERT INTO service_visits VALUES (21, 'Ramonage Lyonnais', '2025-10-15', 'sweep', '30 min', 0, 'Not needed: gas boiler with a sealed flue (the syndic asked, answered by e-mail)');
INSERT INTO loyalty_cards VALUES (1, 'Maison Électro', 'ME-FID 4410 2280 913', 'Élodie', '230 points', '10 EUR voucher every 500 points');
INSERT INTO loyalty_cards VALUES (2, 'Sport Rhône', 'SR-CLUB 77102245', 'Élodie', '1,240 points', 'Birthday offer in May');
INSERT INTO loyalty_cards VALUES (3, 'Culture Rhône', 'CR+ 3322 0178', 'Karim', '480 points', NULL);
INSERT INTO loyalty_cards VALUES (4, 'SuperFrais Croix-Rousse', 'SF 990 221 4478', 'joint', 'EUR 6.40 in the kitty', 'Kitty credited on the card, used automatically above EUR 10');
INSERT INTO loyalty_cards VALUES (5, 'Librairie du Plateau', 'paper card (in the wallet)', 'Élodie', '7 of 10 stamps', '10th book 50 % off');
INSERT INTO loyalty_cards VALUES (6, 'Panier Frais', 'referral code ELODIE-M-15', 'Élodie', NULL, 'EUR 15 per friend who subscribes');
INSERT INTO loyalty_cards VALUES (7, 'Pâtisserie Sève', 'app account', 'Élodie', '3 of 8 stamps', NULL);
INSERT INTO loyalty_cards VALUES (8, 'Relais Lyonnais', 'customer account elodie.martin@example.org', 'Élodie', NULL, 'Drop-off receipts are also e-mailed only if you scan the QR code at the counter');
