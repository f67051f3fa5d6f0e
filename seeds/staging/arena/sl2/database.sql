-- HALO-Arena environment sl2 (social_life): Isla Ferguson's choir secretary database for the
-- Leith Harmony Choir, Edinburgh: members, rehearsals, venues, lifts, concerts and tickets,
-- the music library and the May 2026 Highland tour. Amounts in pence (GBP).

CREATE TABLE members (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    voice_part TEXT NOT NULL,      -- S1 S2 A1 A2 T B1 B2, or staff
    email TEXT,
    chat_handle TEXT,
    address TEXT,
    postcode TEXT,
    joined_on TEXT,
    status TEXT NOT NULL,          -- active | leave | lapsed | staff
    drives INTEGER NOT NULL DEFAULT 0,
    notes TEXT
);
CREATE TABLE venues (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    town TEXT NOT NULL,
    address TEXT,
    contact TEXT,
    piano TEXT,
    notes TEXT
);
CREATE TABLE venue_bookings (
    id INTEGER PRIMARY KEY,
    venue_id INTEGER REFERENCES venues(id),
    booked_for TEXT NOT NULL,
    slot TEXT NOT NULL,
    purpose TEXT NOT NULL,
    fee_minor INTEGER NOT NULL,
    reference TEXT,
    status TEXT NOT NULL,          -- confirmed | provisional | paid | cancelled
    notes TEXT
);
CREATE TABLE rehearsals (
    id INTEGER PRIMARY KEY,
    held_on TEXT NOT NULL,
    start_time TEXT NOT NULL,
    end_time TEXT NOT NULL,
    venue_id INTEGER REFERENCES venues(id),
    focus TEXT,
    attendance INTEGER,
    status TEXT NOT NULL            -- held | planned | cancelled
);
CREATE TABLE concerts (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    performed_on TEXT NOT NULL,
    start_time TEXT NOT NULL,
    venue_id INTEGER REFERENCES venues(id),
    full_price_minor INTEGER,
    concession_minor INTEGER,
    online_allocation INTEGER,
    door_allocation INTEGER,
    status TEXT NOT NULL
);
CREATE TABLE ticket_orders (
    id INTEGER PRIMARY KEY,
    concert_id INTEGER REFERENCES concerts(id),
    ordered_on TEXT NOT NULL,
    buyer TEXT NOT NULL,
    full_qty INTEGER NOT NULL,
    concession_qty INTEGER NOT NULL,
    amount_minor INTEGER NOT NULL,
    channel TEXT NOT NULL           -- online | member_sales | door
);
CREATE TABLE lift_offers (
    id INTEGER PRIMARY KEY,
    for_date TEXT NOT NULL,
    occasion TEXT NOT NULL,
    driver_id INTEGER REFERENCES members(id),
    spare_seats INTEGER NOT NULL,
    leaves_at TEXT,
    happy_to_be_asked INTEGER NOT NULL,
    car TEXT,
    notes TEXT
);
CREATE TABLE lift_rota (
    id INTEGER PRIMARY KEY,
    for_date TEXT NOT NULL,
    occasion TEXT NOT NULL,
    driver_id INTEGER REFERENCES members(id),
    passenger_id INTEGER REFERENCES members(id),
    pickup TEXT,
    status TEXT NOT NULL            -- confirmed | dropped | pending
);
CREATE TABLE music_library (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    composer TEXT NOT NULL,
    edition TEXT,
    copies_owned INTEGER NOT NULL,
    shelf TEXT,
    rights TEXT,
    notes TEXT
);
CREATE TABLE score_loans (
    id INTEGER PRIMARY KEY,
    score_id INTEGER REFERENCES music_library(id),
    member_id INTEGER REFERENCES members(id),
    copies INTEGER NOT NULL,
    lent_on TEXT NOT NULL,
    returned_on TEXT
);
CREATE TABLE subs_payments (
    id INTEGER PRIMARY KEY,
    member_id INTEGER REFERENCES members(id),
    term TEXT NOT NULL,
    amount_minor INTEGER NOT NULL,
    paid_on TEXT,
    method TEXT
);
CREATE TABLE tour_participants (
    id INTEGER PRIMARY KEY,
    member_id INTEGER REFERENCES members(id),
    travel TEXT NOT NULL,           -- coach | own_car | van
    boards_at TEXT,
    room TEXT,
    paid_minor INTEGER NOT NULL,
    notes TEXT
);
CREATE TABLE tour_bookings (
    id INTEGER PRIMARY KEY,
    item TEXT NOT NULL,
    supplier TEXT NOT NULL,
    for_date TEXT,
    amount_minor INTEGER NOT NULL,
    reference TEXT,
    status TEXT NOT NULL,
    paid_on TEXT,
    notes TEXT
);
CREATE TABLE suppliers (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    email TEXT,
    phone TEXT,
    terms TEXT
);
CREATE TABLE repertoire_sets (
    id INTEGER PRIMARY KEY,
    set_name TEXT NOT NULL,
    pieces TEXT NOT NULL,
    minutes INTEGER NOT NULL,
    accompaniment TEXT,
    notes TEXT
);
CREATE TABLE availability_poll (
    id INTEGER PRIMARY KEY,
    poll TEXT NOT NULL,
    member_id INTEGER REFERENCES members(id),
    answer TEXT NOT NULL            -- yes | no | maybe
);
CREATE TABLE committee_actions (
    id INTEGER PRIMARY KEY,
    meeting_on TEXT NOT NULL,
    action TEXT NOT NULL,
    owner TEXT NOT NULL,
    status TEXT NOT NULL
);

INSERT INTO members VALUES (1, 'Isla Ferguson', 'A1', 'isla.ferguson@example.org', 'isla', '9 Bath Street, Portobello', 'EH15 1EZ', '2017-09-05', 'active', 1, 'Secretary; drives the hired van on tour');
INSERT INTO members VALUES (2, 'Graham Lindsay', 'B1', 'graham.lindsay@example.org', 'graham', '22 Inverleith Row', 'EH3 5LS', '2012-01-10', 'active', 1, 'Chair');
INSERT INTO members VALUES (3, 'Priya Nair', 'S2', 'priya.nair@example.org', 'priya', '5 Brunswick Street', 'EH7 5JB', '2019-09-03', 'active', 0, 'Treasurer; administers the TicketSource account');
INSERT INTO members VALUES (4, 'Ailsa Grant', 'S1', 'ailsa.grant@example.org', 'ailsa', '41 Featherhall Avenue, Corstorphine', 'EH12 7TG', '2015-09-08', 'active', 1, 'Lift coordinator (deputy); tour marshal on the coach');
INSERT INTO members VALUES (5, 'Ewan Rattray', 'B2', 'ewan.rattray@example.org', 'ewan', '3 Lochend Road', 'EH6 8BR', '2016-01-12', 'active', 1, 'Drives most weeks; works shifts in Aberdeen now and then');
INSERT INTO members VALUES (6, 'Ruth Baird', 'S1', 'ruth.baird@example.org', 'ruth', '18 Lochend Park View', 'EH7 5FN', '2018-09-04', 'active', 1, 'Volvo V60 estate');
INSERT INTO members VALUES (7, 'Morag Henderson', 'A2', 'morag.henderson@example.org', NULL, '14 Restalrig Gardens', 'EH7 6HS', '1998-09-01', 'active', 0, 'Founder member, 81; uses a folding walker; email and landline only');
INSERT INTO members VALUES (8, 'Fraser Dow', 'T', 'fraser.dow@example.org', 'fraser', '7 Eskside West, Musselburgh', 'EH21 6PL', '2014-09-02', 'active', 1, 'Stage crew lead');
INSERT INTO members VALUES (9, 'Kenny Shaw', 'T', 'kenny.shaw@example.org', 'kenny', '60 Easter Road', 'EH6 8JQ', '2021-01-12', 'active', 1, 'Mazda MX-5');
INSERT INTO members VALUES (10, 'Jean Paterson', 'S2', 'jean.paterson@example.org', 'jean', '2 Marionville Road', 'EH7 6AJ', '2010-09-07', 'active', 0, NULL);
INSERT INTO members VALUES (11, 'Ali Rahman', 'B1', 'ali.rahman@example.org', 'ali', '12 Albert Street', 'EH7 5LR', '2023-09-05', 'active', 0, NULL);
INSERT INTO members VALUES (12, 'Alasdair Reid', 'T', 'alasdair.reid@example.org', 'alasdair', 'Craigie Road', 'PH2 0BH', '2019-01-08', 'active', 1, 'Lives in Perth; commutes to rehearsals by train');
INSERT INTO members VALUES (13, 'Fiona Reid', 'A1', 'fiona.reid@example.org', 'fiona', 'Craigie Road', 'PH2 0BH', '2019-01-08', 'active', 0, 'Lives in Perth');
INSERT INTO members VALUES (14, 'Hamish Crawford', 'B2', 'hamish.crawford@example.org', 'hamish', '9 Warriston Crescent', 'EH3 5LA', '2013-09-03', 'active', 1, NULL);
INSERT INTO members VALUES (15, 'Sheena Murray', 'A2', 'sheena.murray@example.org', 'sheena', '30 Duddingston Park', 'EH15 1JX', '2011-09-06', 'active', 1, 'Librarian (music library helper)');
INSERT INTO members VALUES (16, 'Niamh Ross', 'A2', 'niamh.ross@example.org', NULL, NULL, 'EH11 6FR', '2022-09-01', 'active', 0, NULL);
INSERT INTO members VALUES (17, 'Rosie Duncan', 'S1', 'rosie.duncan@example.org', NULL, NULL, 'EH12 9EQ', '2021-09-01', 'active', 0, NULL);
INSERT INTO members VALUES (18, 'Claire Bell', 'S2', 'claire.bell@example.org', NULL, NULL, 'EH15 1DS', '2018-09-02', 'active', 0, NULL);
INSERT INTO members VALUES (19, 'Duncan Robertson', 'T', 'duncan.robertson@example.org', NULL, NULL, 'EH16 2XS', '2012-09-02', 'active', 0, NULL);
INSERT INTO members VALUES (20, 'Iain MacDonald', 'B1', 'iain.macdonald@example.org', NULL, NULL, 'EH4 1YY', '2018-09-01', 'active', 0, NULL);
INSERT INTO members VALUES (21, 'Neil Morrison', 'B2', 'neil.morrison@example.org', NULL, NULL, 'EH6 1XF', '2016-09-07', 'active', 0, NULL);
INSERT INTO members VALUES (22, 'Callum Black', 'T', 'callum.black@example.org', NULL, NULL, 'EH7 9EY', '2016-09-09', 'active', 0, NULL);
INSERT INTO members VALUES (23, 'Stuart Baxter', 'B1', 'stuart.baxter@example.org', NULL, NULL, 'EH8 2YY', '2022-09-04', 'active', 1, NULL);
INSERT INTO members VALUES (24, 'Rory Anderson', 'B2', 'rory.anderson@example.org', NULL, NULL, 'EH9 2XD', '2021-09-01', 'active', 0, NULL);
INSERT INTO members VALUES (25, 'Tom Young', 'T', 'tom.young@example.org', NULL, NULL, 'EH10 8XS', '2024-09-06', 'active', 1, NULL);
INSERT INTO members VALUES (26, 'Peter Hunter', 'B1', 'peter.hunter@example.org', NULL, NULL, 'EH11 8QN', '2015-09-03', 'active', 0, NULL);
INSERT INTO members VALUES (27, 'David Hay', 'B2', 'david.hay@example.org', NULL, NULL, 'EH12 2YN', '2020-09-08', 'active', 1, NULL);
INSERT INTO members VALUES (28, 'Sandy Thomson', 'T', 'sandy.thomson@example.org', NULL, NULL, 'EH15 8NZ', '2013-09-02', 'active', 1, NULL);
INSERT INTO members VALUES (29, 'Michael Reid', 'B1', 'michael.reid@example.org', NULL, NULL, 'EH16 3PF', '2019-09-07', 'active', 0, NULL);
INSERT INTO members VALUES (30, 'Douglas Paterson', 'B2', 'douglas.paterson@example.org', NULL, NULL, 'EH4 2XY', '2024-09-06', 'active', 1, NULL);
INSERT INTO members VALUES (31, 'Alan Ritchie', 'T', 'alan.ritchie@example.org', NULL, NULL, 'EH6 6ZU', '2021-09-08', 'active', 0, NULL);
INSERT INTO members VALUES (32, 'Catherine Wilson', 'A2', 'catherine.wilson@example.org', NULL, NULL, 'EH7 2LU', '2023-09-02', 'active', 0, NULL);
INSERT INTO members VALUES (33, 'Moira Scott', 'S1', 'moira.scott@example.org', NULL, NULL, 'EH8 5YT', '2016-09-07', 'active', 1, NULL);
INSERT INTO members VALUES (34, 'Eilidh Mitchell', 'S2', 'eilidh.mitchell@example.org', NULL, NULL, 'EH9 1TQ', '2014-09-02', 'active', 1, NULL);
INSERT INTO members VALUES (35, 'Rachel Kerr', 'A1', 'rachel.kerr@example.org', NULL, NULL, 'EH10 1HN', '2014-09-04', 'active', 1, NULL);
INSERT INTO members VALUES (36, 'Anna Wallace', 'A2', 'anna.wallace@example.org', NULL, NULL, 'EH11 7UD', '2014-09-08', 'active', 1, NULL);
INSERT INTO members VALUES (37, 'Lorna Campbell', 'S1', 'lorna.campbell@example.org', NULL, NULL, 'EH12 9LF', '2025-09-07', 'active', 1, NULL);
INSERT INTO members VALUES (38, 'Kirsty Clark', 'S2', 'kirsty.clark@example.org', NULL, NULL, 'EH15 7QR', '2015-09-03', 'active', 0, NULL);
INSERT INTO members VALUES (39, 'Heather Fraser', 'A1', 'heather.fraser@example.org', NULL, NULL, 'EH16 3FJ', '2022-09-04', 'active', 0, NULL);
INSERT INTO members VALUES (40, 'Fiona Kennedy', 'A2', 'fiona.kennedy@example.org', NULL, NULL, 'EH4 8YG', '2016-09-05', 'active', 0, NULL);
INSERT INTO members VALUES (41, 'Gillian Brown', 'S1', 'gillian.brown@example.org', NULL, NULL, 'EH6 3SX', '2017-09-06', 'active', 0, NULL);
INSERT INTO members VALUES (42, 'Mairi Murray', 'S2', 'mairi.murray@example.org', NULL, NULL, 'EH7 9ZB', '2019-09-09', 'active', 1, NULL);
INSERT INTO members VALUES (43, 'Beth Watson', 'A1', 'beth.watson@example.org', NULL, NULL, 'EH8 7RR', '2013-09-08', 'active', 1, NULL);
INSERT INTO members VALUES (44, 'Sally Gray', 'A2', 'sally.gray@example.org', NULL, NULL, 'EH9 1HD', '2015-09-08', 'active', 0, NULL);
INSERT INTO members VALUES (45, 'Dr Anwen Price', 'staff', 'anwen.price@example.org', 'anwen', 'Marchmont', 'EH9 1HB', '2020-08-20', 'staff', 1, 'Musical director (paid, self-employed)');
INSERT INTO members VALUES (46, 'Tomasz Nowak', 'staff', 'tomasz.nowak@example.org', 'tomasz', 'Gorgie', 'EH11 2QA', '2021-08-24', 'staff', 0, 'Accompanist (paid); owns a Yamaha P-125 digital piano (only its small built-in speakers, no separate amplifier)');
INSERT INTO members VALUES (47, 'Lesley Cowan', 'S1', 'lesley.cowan@example.org', NULL, NULL, 'EH4 3AF', '2014-09-02', 'lapsed', 0, 'Left in 2025 (moved to Oban)');
INSERT INTO members VALUES (48, 'Brian Soutar', 'T', 'brian.soutar@example.org', NULL, NULL, 'EH10 5DH', '2016-09-06', 'leave', 1, 'On leave until September 2026');
INSERT INTO venues VALUES (1, 'St Ninian''s Church Hall', 'Edinburgh', 'Restalrig Road South, Leith, EH7', 'Hall bookings secretary, 0131 496 0112', 'Kawai upright, tuned each term', 'Weekly rehearsals; Tuesdays 19:30-21:30');
INSERT INTO venues VALUES (2, 'Bellevue Parish Church', 'Edinburgh', 'East London Street, EH7', 'Church office, events@bellevuekirk.example', 'Steinway B grand', 'Spring concert venue');
INSERT INTO venues VALUES (3, 'Atholl Memorial Hall', 'Pitlochry', 'Atholl Road, Pitlochry PH16', 'Hall convenor Mhairi Stewart, bookings@athollhall.example', 'Yamaha grand (hall-owned)', 'Tour concert 1; see the hirer conditions file');
INSERT INTO venues VALUES (4, 'Kessock Road Church', 'Inverness', 'Kessock Road, Inverness IV3', 'Church officer Neil Munro, office@kessockroadchurch.example', 'see hirer information sheet', 'Tour concert 2');
INSERT INTO venues VALUES (5, 'Plockton Village Hall', 'Plockton', 'Innes Street, Plockton IV52', 'Hall secretary Catriona MacRae, bookings@plocktonhall.example', 'Upright (tuned on request, GBP 45)', 'Tour concert 3');
INSERT INTO venues VALUES (6, 'Leith Links bandstand', 'Edinburgh', 'Leith Links, EH6', 'Leith Festival office', 'none', 'Gala Day community stage');
INSERT INTO venues VALUES (7, 'Portobello Town Hall', 'Edinburgh', 'Portobello High Street, EH15', 'City of Edinburgh lettings', 'Upright', 'Christmas concert 2025');
INSERT INTO venues VALUES (8, 'Canongate Kirk', 'Edinburgh', 'Canongate, EH8', 'Kirk office', 'Grand', 'Come-and-Sing day 2025');
INSERT INTO venues VALUES (9, 'Duddingston Kirk Hall', 'Edinburgh', 'Old Church Lane, EH15', 'Kirk session clerk', 'Upright', 'Sectional rehearsals');
INSERT INTO venues VALUES (10, 'Stockbridge Parish Church', 'Edinburgh', 'Saxe Coburg Street, EH3', 'Church office', 'Grand', 'Possible autumn concert venue');
INSERT INTO venue_bookings VALUES (1, 1, '2026-01-06 to 2026-03-24', 'Tuesdays 19:00-21:45', 'Term 2 rehearsals', 132000, 'SN-LHC-26T2', 'paid', '12 weeks at GBP 110');
INSERT INTO venue_bookings VALUES (2, 1, '2026-04-14 to 2026-06-30', 'Tuesdays 19:00-21:45', 'Term 3 rehearsals', 132000, 'SN-LHC-26T3', 'confirmed', 'invoice due on the first night');
INSERT INTO venue_bookings VALUES (3, 2, '2026-03-28', '15:00-22:30', 'Spring concert', 38000, 'BPC-0328', 'paid', 'includes the Steinway');
INSERT INTO venue_bookings VALUES (4, 3, '2026-05-22', '12:00-22:30', 'Tour concert Pitlochry', 26000, 'AMH-2205', 'paid', NULL);
INSERT INTO venue_bookings VALUES (5, 4, '2026-05-23', '14:00-22:30', 'Tour concert Inverness', 16500, 'KRC-0523', 'confirmed', 'pay on the night');
INSERT INTO venue_bookings VALUES (6, 5, '2026-05-24', '11:00-18:00', 'Tour concert Plockton', 14000, 'PVH-0524-LHC', 'paid', NULL);
INSERT INTO venue_bookings VALUES (7, 9, '2026-02-21', '10:00-13:00', 'Sectional: tenors and basses', 4500, 'DK-0221', 'paid', NULL);
INSERT INTO venue_bookings VALUES (8, 9, '2026-04-25', '10:00-13:00', 'Sectional: sopranos and altos', 4500, 'DK-0425', 'confirmed', NULL);
INSERT INTO venue_bookings VALUES (9, 6, '2026-06-13', 'TBC', 'Leith Festival Gala Day', 0, NULL, 'provisional', 'only if a slot is offered');
INSERT INTO venue_bookings VALUES (10, 7, '2025-12-13', '14:00-21:00', 'Christmas concert', 29000, 'PTH-1213', 'paid', NULL);
INSERT INTO rehearsals VALUES (1, '2026-01-06', '19:30', '21:30', 1, 'Fauré Requiem IV-VII', 32, 'held');
INSERT INTO rehearsals VALUES (2, '2026-01-13', '19:30', '21:30', 1, 'Scottish set', 36, 'held');
INSERT INTO rehearsals VALUES (3, '2026-01-20', '19:30', '21:30', 1, 'Caledonia arrangement', 40, 'held');
INSERT INTO rehearsals VALUES (4, '2026-01-27', '19:30', '21:30', 1, 'Spring programme run', 31, 'held');
INSERT INTO rehearsals VALUES (5, '2026-02-03', '19:30', '21:30', 1, 'Tour repertoire', 32, 'held');
INSERT INTO rehearsals VALUES (6, '2026-02-10', '19:30', '21:30', 1, 'Parry: I was glad', 31, 'held');
INSERT INTO rehearsals VALUES (7, '2026-02-17', '19:30', '21:30', 1, 'Gaelic songs with Sheena', 40, 'held');
INSERT INTO rehearsals VALUES (8, '2026-02-24', '19:30', '21:30', 1, 'Summer set', 33, 'held');
INSERT INTO rehearsals VALUES (9, '2026-03-03', '19:30', '21:30', 1, 'Nelson Mass read-through', NULL, 'planned');
INSERT INTO rehearsals VALUES (10, '2026-03-10', '19:30', '21:30', 1, 'Fauré Requiem I-III', NULL, 'planned');
INSERT INTO rehearsals VALUES (11, '2026-03-17', '19:30', '21:30', 1, 'Fauré Requiem IV-VII', NULL, 'planned');
INSERT INTO rehearsals VALUES (12, '2026-03-24', '19:30', '21:30', 1, 'Scottish set', NULL, 'planned');
INSERT INTO rehearsals VALUES (13, '2026-04-14', '19:30', '21:30', 1, 'Caledonia arrangement', NULL, 'planned');
INSERT INTO rehearsals VALUES (14, '2026-04-21', '19:30', '21:30', 1, 'Spring programme run', NULL, 'planned');
INSERT INTO rehearsals VALUES (15, '2026-04-28', '19:30', '21:30', 1, 'Tour repertoire', NULL, 'planned');
INSERT INTO rehearsals VALUES (16, '2026-05-05', '19:30', '21:30', 1, 'Parry: I was glad', NULL, 'planned');
INSERT INTO rehearsals VALUES (17, '2026-05-12', '19:30', '21:30', 1, 'Gaelic songs with Sheena', NULL, 'planned');
INSERT INTO rehearsals VALUES (18, '2026-05-19', '19:30', '21:30', 1, 'Summer set', NULL, 'planned');
INSERT INTO rehearsals VALUES (19, '2026-05-26', '19:30', '21:30', 1, 'Nelson Mass read-through', NULL, 'planned');
INSERT INTO rehearsals VALUES (20, '2026-06-02', '19:30', '21:30', 1, 'Fauré Requiem I-III', NULL, 'planned');
INSERT INTO rehearsals VALUES (21, '2026-06-09', '19:30', '21:30', 1, 'Fauré Requiem IV-VII', NULL, 'planned');
INSERT INTO rehearsals VALUES (22, '2026-06-16', '19:30', '21:30', 1, 'Scottish set', NULL, 'planned');
INSERT INTO rehearsals VALUES (23, '2026-06-23', '19:30', '21:30', 1, 'Caledonia arrangement', NULL, 'planned');
INSERT INTO rehearsals VALUES (24, '2026-06-30', '19:30', '21:30', 1, 'Spring programme run', NULL, 'planned');
INSERT INTO concerts VALUES (1, 'Spring Concert: Fauré Requiem and Scottish songs', '2026-03-28', '19:30', 2, 1500, 1000, 240, 40, 'on sale');
INSERT INTO concerts VALUES (2, 'Highland Tour: Pitlochry', '2026-05-22', '19:30', 3, 1200, 800, 110, 20, 'on sale');
INSERT INTO concerts VALUES (3, 'Highland Tour: Inverness', '2026-05-23', '19:30', 4, 1200, 800, 120, 30, 'on sale');
INSERT INTO concerts VALUES (4, 'Highland Tour: Plockton', '2026-05-24', '15:00', 5, 1000, 500, 80, 20, 'on sale');
INSERT INTO concerts VALUES (5, 'Christmas Concert 2025', '2025-12-13', '19:00', 7, 1200, 800, 220, 30, 'held');
INSERT INTO ticket_orders VALUES (1, 1, '2026-03-13', 'J. Allan', 0, 2, 2000, 'online');
INSERT INTO ticket_orders VALUES (2, 1, '2026-02-26', 'P. Lamb', 1, 2, 3500, 'online');
INSERT INTO ticket_orders VALUES (3, 1, '2026-02-25', 'T. Munro', 2, 2, 5000, 'online');
INSERT INTO ticket_orders VALUES (4, 1, '2026-03-03', 'T. Munro', 0, 2, 2000, 'member_sales');
INSERT INTO ticket_orders VALUES (5, 1, '2026-02-11', 'R. Innes', 2, 0, 3000, 'online');
INSERT INTO ticket_orders VALUES (6, 1, '2026-03-18', 'K. Boyd', 2, 1, 4000, 'online');
INSERT INTO ticket_orders VALUES (7, 1, '2026-02-25', 'P. Lamb', 1, 2, 3500, 'online');
INSERT INTO ticket_orders VALUES (8, 1, '2026-02-07', 'D. Petrie', 2, 2, 5000, 'online');
INSERT INTO ticket_orders VALUES (9, 1, '2026-03-23', 'L. Craig', 1, 1, 2500, 'online');
INSERT INTO ticket_orders VALUES (10, 1, '2026-03-24', 'A. Nicol', 1, 2, 3500, 'online');
INSERT INTO ticket_orders VALUES (11, 1, '2026-02-16', 'A. Nicol', 3, 2, 6500, 'member_sales');
INSERT INTO ticket_orders VALUES (12, 1, '2026-02-03', 'J. Allan', 2, 2, 5000, 'online');
INSERT INTO ticket_orders VALUES (13, 1, '2026-02-14', 'C. Rennie', 3, 1, 5500, 'member_sales');
INSERT INTO ticket_orders VALUES (14, 1, '2026-02-07', 'L. Craig', 2, 1, 4000, 'online');
INSERT INTO ticket_orders VALUES (15, 1, '2026-02-14', 'H. Guthrie', 1, 1, 2500, 'online');
INSERT INTO ticket_orders VALUES (16, 1, '2026-03-13', 'J. Allan', 3, 2, 6500, 'member_sales');
INSERT INTO ticket_orders VALUES (17, 1, '2026-02-07', 'R. Innes', 2, 2, 5000, 'member_sales');
INSERT INTO ticket_orders VALUES (18, 1, '2026-02-13', 'G. Sinclair', 1, 1, 2500, 'online');
INSERT INTO ticket_orders VALUES (19, 1, '2026-03-03', 'E. Bruce', 0, 2, 2000, 'online');
INSERT INTO ticket_orders VALUES (20, 1, '2026-02-10', 'J. Allan', 1, 0, 1500, 'online');
INSERT INTO ticket_orders VALUES (21, 1, '2026-02-11', 'T. Munro', 3, 2, 6500, 'online');
INSERT INTO ticket_orders VALUES (22, 1, '2026-03-09', 'P. Lamb', 1, 2, 3500, 'online');
INSERT INTO ticket_orders VALUES (23, 1, '2026-03-07', 'P. Lamb', 0, 1, 1000, 'member_sales');
INSERT INTO ticket_orders VALUES (24, 1, '2026-02-03', 'D. Petrie', 1, 0, 1500, 'online');
INSERT INTO ticket_orders VALUES (25, 1, '2026-02-17', 'H. Guthrie', 2, 2, 5000, 'online');
INSERT INTO ticket_orders VALUES (26, 1, '2026-02-05', 'C. Rennie', 3, 0, 4500, 'member_sales');
INSERT INTO ticket_orders VALUES (27, 1, '2026-02-10', 'N. Laing', 3, 2, 6500, 'online');
INSERT INTO ticket_orders VALUES (28, 1, '2026-03-23', 'K. Boyd', 0, 2, 2000, 'online');
INSERT INTO ticket_orders VALUES (29, 1, '2026-02-11', 'T. Munro', 1, 0, 1500, 'online');
INSERT INTO ticket_orders VALUES (30, 1, '2026-03-17', 'B. Fyfe', 0, 2, 2000, 'member_sales');
INSERT INTO ticket_orders VALUES (31, 1, '2026-02-17', 'A. Nicol', 0, 1, 1000, 'online');
INSERT INTO ticket_orders VALUES (32, 1, '2026-03-06', 'W. Ogilvie', 0, 1, 1000, 'online');
INSERT INTO ticket_orders VALUES (33, 1, '2026-02-22', 'B. Fyfe', 0, 2, 2000, 'online');
INSERT INTO ticket_orders VALUES (34, 1, '2026-03-06', 'N. Laing', 2, 1, 4000, 'member_sales');
INSERT INTO ticket_orders VALUES (35, 2, '2026-04-18', 'D. Petrie', 1, 2, 2800, 'online');
INSERT INTO ticket_orders VALUES (36, 2, '2026-04-11', 'R. Innes', 3, 0, 3600, 'member_sales');
INSERT INTO ticket_orders VALUES (37, 2, '2026-03-20', 'L. Craig', 3, 1, 4400, 'member_sales');
INSERT INTO ticket_orders VALUES (38, 2, '2026-04-04', 'R. Innes', 0, 1, 800, 'online');
INSERT INTO ticket_orders VALUES (39, 2, '2026-04-01', 'P. Lamb', 2, 0, 2400, 'member_sales');
INSERT INTO ticket_orders VALUES (40, 2, '2026-03-22', 'E. Bruce', 1, 2, 2800, 'member_sales');
INSERT INTO ticket_orders VALUES (41, 2, '2026-03-30', 'K. Boyd', 1, 2, 2800, 'member_sales');
INSERT INTO ticket_orders VALUES (42, 2, '2026-04-11', 'A. Nicol', 3, 1, 4400, 'online');
INSERT INTO ticket_orders VALUES (43, 2, '2026-04-08', 'J. Allan', 2, 0, 2400, 'online');
INSERT INTO ticket_orders VALUES (44, 2, '2026-03-17', 'E. Bruce', 3, 1, 4400, 'online');
INSERT INTO ticket_orders VALUES (45, 2, '2026-03-20', 'R. Innes', 2, 2, 4000, 'online');
INSERT INTO ticket_orders VALUES (46, 2, '2026-04-01', 'D. Petrie', 0, 1, 800, 'online');
INSERT INTO ticket_orders VALUES (47, 2, '2026-03-24', 'G. Sinclair', 1, 1, 2000, 'online');
INSERT INTO ticket_orders VALUES (48, 2, '2026-04-19', 'B. Fyfe', 3, 0, 3600, 'member_sales');
INSERT INTO ticket_orders VALUES (49, 2, '2026-04-02', 'M. Kerr', 2, 0, 2400, 'online');
INSERT INTO ticket_orders VALUES (50, 2, '2026-04-02', 'J. Allan', 3, 0, 3600, 'online');
INSERT INTO ticket_orders VALUES (51, 2, '2026-04-23', 'L. Craig', 2, 0, 2400, 'online');
INSERT INTO ticket_orders VALUES (52, 2, '2026-04-14', 'J. Allan', 2, 0, 2400, 'online');
INSERT INTO ticket_orders VALUES (53, 2, '2026-04-24', 'P. Lamb', 3, 1, 4400, 'online');
INSERT INTO ticket_orders VALUES (54, 2, '2026-03-26', 'D. Petrie', 1, 0, 1200, 'online');
INSERT INTO ticket_orders VALUES (55, 2, '2026-04-04', 'F. Logan', 1, 0, 1200, 'online');
INSERT INTO ticket_orders VALUES (56, 2, '2026-04-17', 'K. Boyd', 2, 1, 3200, 'online');
INSERT INTO ticket_orders VALUES (57, 2, '2026-04-01', 'M. Kerr', 2, 0, 2400, 'online');
INSERT INTO ticket_orders VALUES (58, 2, '2026-04-17', 'T. Munro', 0, 1, 800, 'online');
INSERT INTO ticket_orders VALUES (59, 3, '2026-04-12', 'T. Munro', 3, 0, 3600, 'member_sales');
INSERT INTO ticket_orders VALUES (60, 3, '2026-03-29', 'L. Craig', 2, 2, 4000, 'online');
INSERT INTO ticket_orders VALUES (61, 3, '2026-04-25', 'P. Lamb', 1, 2, 2800, 'member_sales');
INSERT INTO ticket_orders VALUES (62, 3, '2026-03-24', 'J. Allan', 2, 0, 2400, 'online');
INSERT INTO ticket_orders VALUES (63, 3, '2026-03-26', 'M. Kerr', 2, 1, 3200, 'online');
INSERT INTO ticket_orders VALUES (64, 3, '2026-04-03', 'L. Craig', 3, 2, 5200, 'online');
INSERT INTO ticket_orders VALUES (65, 3, '2026-03-27', 'K. Boyd', 0, 2, 1600, 'online');
INSERT INTO ticket_orders VALUES (66, 3, '2026-04-01', 'C. Rennie', 3, 0, 3600, 'online');
INSERT INTO ticket_orders VALUES (67, 3, '2026-03-18', 'F. Logan', 2, 0, 2400, 'online');
INSERT INTO ticket_orders VALUES (68, 3, '2026-03-16', 'H. Guthrie', 2, 0, 2400, 'member_sales');
INSERT INTO ticket_orders VALUES (69, 3, '2026-04-02', 'B. Fyfe', 0, 2, 1600, 'online');
INSERT INTO ticket_orders VALUES (70, 3, '2026-03-16', 'S. Duffy', 1, 2, 2800, 'online');
INSERT INTO ticket_orders VALUES (71, 3, '2026-04-10', 'M. Kerr', 0, 1, 800, 'member_sales');
INSERT INTO ticket_orders VALUES (72, 3, '2026-04-04', 'L. Craig', 0, 2, 1600, 'online');
INSERT INTO ticket_orders VALUES (73, 4, '2026-04-23', 'E. Bruce', 1, 2, 2000, 'online');
INSERT INTO ticket_orders VALUES (74, 4, '2026-04-03', 'P. Lamb', 3, 0, 3000, 'online');
INSERT INTO ticket_orders VALUES (75, 4, '2026-04-17', 'P. Lamb', 3, 2, 4000, 'online');
INSERT INTO ticket_orders VALUES (76, 4, '2026-03-17', 'M. Kerr', 1, 0, 1000, 'online');
INSERT INTO ticket_orders VALUES (77, 4, '2026-04-09', 'W. Ogilvie', 2, 0, 2000, 'online');
INSERT INTO ticket_orders VALUES (78, 4, '2026-04-16', 'D. Petrie', 0, 1, 500, 'online');
INSERT INTO ticket_orders VALUES (79, 4, '2026-04-17', 'N. Laing', 3, 0, 3000, 'online');
INSERT INTO ticket_orders VALUES (80, 4, '2026-04-01', 'S. Duffy', 0, 2, 1000, 'online');
INSERT INTO ticket_orders VALUES (81, 4, '2026-03-29', 'L. Craig', 1, 2, 2000, 'member_sales');
INSERT INTO ticket_orders VALUES (82, 4, '2026-03-20', 'T. Munro', 3, 1, 3500, 'online');
INSERT INTO ticket_orders VALUES (83, 5, '2025-10-24', 'P. Lamb', 0, 1, 800, 'online');
INSERT INTO ticket_orders VALUES (84, 5, '2025-12-06', 'F. Logan', 2, 2, 4000, 'online');
INSERT INTO ticket_orders VALUES (85, 5, '2025-10-23', 'T. Munro', 0, 2, 1600, 'online');
INSERT INTO ticket_orders VALUES (86, 5, '2025-12-02', 'T. Munro', 0, 1, 800, 'online');
INSERT INTO ticket_orders VALUES (87, 5, '2025-11-18', 'W. Ogilvie', 2, 1, 3200, 'online');
INSERT INTO ticket_orders VALUES (88, 5, '2025-10-25', 'T. Munro', 1, 1, 2000, 'online');
INSERT INTO ticket_orders VALUES (89, 5, '2025-10-24', 'B. Fyfe', 2, 1, 3200, 'member_sales');
INSERT INTO ticket_orders VALUES (90, 5, '2025-11-02', 'A. Nicol', 2, 1, 3200, 'online');
INSERT INTO ticket_orders VALUES (91, 5, '2025-12-06', 'B. Fyfe', 0, 1, 800, 'online');
INSERT INTO ticket_orders VALUES (92, 5, '2025-11-27', 'B. Fyfe', 2, 0, 2400, 'online');
INSERT INTO ticket_orders VALUES (93, 5, '2025-11-03', 'T. Munro', 0, 2, 1600, 'member_sales');
INSERT INTO ticket_orders VALUES (94, 5, '2025-10-30', 'J. Allan', 3, 0, 3600, 'member_sales');
INSERT INTO ticket_orders VALUES (95, 5, '2025-11-08', 'P. Lamb', 3, 1, 4400, 'member_sales');
INSERT INTO ticket_orders VALUES (96, 5, '2025-11-09', 'R. Innes', 2, 1, 3200, 'online');
INSERT INTO ticket_orders VALUES (97, 5, '2025-12-07', 'H. Guthrie', 0, 2, 1600, 'member_sales');
INSERT INTO ticket_orders VALUES (98, 5, '2025-12-04', 'J. Allan', 0, 1, 800, 'online');
INSERT INTO lift_offers VALUES (1, '2026-03-28', 'Spring concert', 6, 2, '16:50', 1, 'Volvo V60 estate, big boot', 'collects from Lochend and Restalrig');
INSERT INTO lift_offers VALUES (2, '2026-03-28', 'Spring concert', 8, 3, '15:30', 1, 'Skoda Octavia', 'stage crew: at the church from 15:45 for set-up');
INSERT INTO lift_offers VALUES (3, '2026-03-28', 'Spring concert', 9, 1, '17:00', 1, 'Mazda MX-5 (two-seater, no boot space)', NULL);
INSERT INTO lift_offers VALUES (4, '2026-03-28', 'Spring concert', 4, 1, '16:30', 0, 'Toyota Yaris', 'only from Corstorphine');
INSERT INTO lift_offers VALUES (5, '2026-03-28', 'Spring concert', 14, 2, '17:05', 1, 'VW Golf', 'Inverleith and Canonmills');
INSERT INTO lift_offers VALUES (6, 'weekly', 'Tuesday rehearsals', 5, 3, '19:05', 1, 'Ford Focus estate', 'regular: Morag Henderson, Jean Paterson');
INSERT INTO lift_offers VALUES (7, 'weekly', 'Tuesday rehearsals', 6, 1, '19:00', 1, 'Volvo V60 estate', NULL);
INSERT INTO lift_offers VALUES (8, 'weekly', 'Tuesday rehearsals', 14, 2, '19:05', 1, 'VW Golf', NULL);
INSERT INTO lift_offers VALUES (9, '2026-05-22', 'Tour, Friday', 5, 2, '08:15', 1, 'Ford Focus estate', 'drives up separately; staying on in the Highlands');
INSERT INTO lift_offers VALUES (10, '2026-05-22', 'Tour, Friday', 1, 1, '08:15', 0, 'hired Luton van', 'risers and music stands');
INSERT INTO lift_rota VALUES (1, 'weekly', 'Tuesday rehearsals', 5, 7, '14 Restalrig Gardens, 19:10', 'confirmed');
INSERT INTO lift_rota VALUES (2, 'weekly', 'Tuesday rehearsals', 5, 10, 'Marionville Road corner, 19:15', 'confirmed');
INSERT INTO lift_rota VALUES (3, 'weekly', 'Tuesday rehearsals', 14, 11, 'Albert Street, 19:10', 'confirmed');
INSERT INTO lift_rota VALUES (4, '2026-03-28', 'Spring concert', 5, 7, '14 Restalrig Gardens, 16:55', 'confirmed');
INSERT INTO lift_rota VALUES (5, '2026-03-28', 'Spring concert', 5, 10, 'Marionville Road, 17:00', 'confirmed');
INSERT INTO lift_rota VALUES (6, '2026-03-28', 'Spring concert', 14, 11, 'Albert Street, 17:10', 'confirmed');
INSERT INTO lift_rota VALUES (7, '2026-05-22', 'Tour, Friday', 5, 10, 'Marionville Road, 08:15', 'confirmed');
INSERT INTO lift_rota VALUES (8, '2026-05-22', 'Tour, Friday', 5, 11, 'Albert Street, 08:25', 'confirmed');
INSERT INTO music_library VALUES (1, 'Requiem, Op. 48', 'Gabriel Fauré', 'Novello (1893 version, ed. Rutter)', 46, 'A3', 'public domain edition; owned', NULL);
INSERT INTO music_library VALUES (2, 'Missa in Angustiis (Nelson Mass)', 'Joseph Haydn', 'Novello (ed. Watkins Shaw)', 19, 'B1', 'owned', 'autumn 2026 programme; 44 singers need copies');
INSERT INTO music_library VALUES (3, 'I was glad', 'C. H. H. Parry', 'Novello octavo', 40, 'A5', 'owned', NULL);
INSERT INTO music_library VALUES (4, 'Caledonia (arr. Jamie Lennox, SATB)', 'Dougie MacLean arr. Lennox', 'single master copy from the arranger', 1, 'S2', 'in copyright: no photocopying; licensed copies GBP 1.20 each from lennoxmusic.example', 'bought one master copy for Anwen in February');
INSERT INTO music_library VALUES (5, 'The Road and the Miles to Dundee (arr. Hugh Roberton)', 'trad. arr. Roberton', 'Roberton Publications', 44, 'S1', 'owned', NULL);
INSERT INTO music_library VALUES (6, 'Ca the yowes', 'trad. arr. Vaughan Williams', 'OUP octavo', 42, 'S1', 'owned', NULL);
INSERT INTO music_library VALUES (7, 'Psalm 23 (Crimond)', 'Jessie Seymour Irvine', 'choir sheet', 50, 'S3', 'public domain', NULL);
INSERT INTO music_library VALUES (8, 'Mairi''s Wedding (arr. Sheena Murray)', 'trad. arr. Murray', 'arranger''s own sheet', 45, 'S3', 'arranger (member) permits copies for the choir', NULL);
INSERT INTO music_library VALUES (9, 'Messiah', 'G. F. Handel', 'Novello (ed. Watkins Shaw)', 12, 'B2', 'owned', 'old set, not in use');
INSERT INTO music_library VALUES (10, 'Gloria RV 589', 'Antonio Vivaldi', 'Novello', 38, 'B3', 'owned', NULL);
INSERT INTO music_library VALUES (11, 'Summer is icumen in', 'anon.', 'choir sheet', 45, 'S3', 'public domain', NULL);
INSERT INTO music_library VALUES (12, 'Dona nobis pacem (round)', 'trad.', 'choir sheet', 45, 'S3', 'public domain', NULL);
INSERT INTO music_library VALUES (13, 'Skye Boat Song (arr. Jamie Lennox, SATB)', 'trad. arr. Lennox', 'licensed copies (46)', 46, 'S2', 'in copyright: licensed copies bought 2025 from lennoxmusic.example', 'sung on the 2025 tour');
INSERT INTO music_library VALUES (14, 'Loch Lomond (arr. Jonathan Quick)', 'trad. arr. Quick', 'Quick Music PDF licence', 46, 'S2', 'licensed copies bought 2024', NULL);
INSERT INTO score_loans VALUES (1, 5, 25, 1, '2025-09-17', '2025-12-21');
INSERT INTO score_loans VALUES (2, 1, 25, 1, '2025-12-19', NULL);
INSERT INTO score_loans VALUES (3, 1, 19, 1, '2025-09-27', '2026-01-09');
INSERT INTO score_loans VALUES (4, 5, 42, 1, '2025-10-09', '2025-12-02');
INSERT INTO score_loans VALUES (5, 6, 34, 1, '2025-11-20', '2026-01-26');
INSERT INTO score_loans VALUES (6, 6, 3, 1, '2025-12-12', NULL);
INSERT INTO score_loans VALUES (7, 8, 37, 1, '2025-10-23', NULL);
INSERT INTO score_loans VALUES (8, 1, 28, 1, '2025-12-25', NULL);
INSERT INTO score_loans VALUES (9, 3, 43, 1, '2025-11-13', '2026-02-11');
INSERT INTO score_loans VALUES (10, 3, 12, 1, '2025-12-30', '2026-02-24');
INSERT INTO score_loans VALUES (11, 5, 18, 1, '2025-11-06', '2025-12-26');
INSERT INTO score_loans VALUES (12, 5, 32, 1, '2026-01-21', NULL);
INSERT INTO score_loans VALUES (13, 1, 12, 1, '2025-10-12', '2026-01-04');
INSERT INTO score_loans VALUES (14, 6, 37, 1, '2025-10-27', '2025-12-28');
INSERT INTO score_loans VALUES (15, 6, 29, 1, '2025-10-06', NULL);
INSERT INTO score_loans VALUES (16, 3, 7, 1, '2025-10-15', '2025-11-15');
INSERT INTO score_loans VALUES (17, 5, 17, 1, '2025-12-04', '2026-03-06');
INSERT INTO score_loans VALUES (18, 3, 3, 1, '2025-12-15', '2026-04-09');
INSERT INTO score_loans VALUES (19, 8, 15, 1, '2025-12-06', '2026-04-01');
INSERT INTO score_loans VALUES (20, 1, 33, 1, '2025-11-11', NULL);
INSERT INTO score_loans VALUES (21, 5, 10, 1, '2026-01-07', NULL);
INSERT INTO score_loans VALUES (22, 3, 7, 1, '2025-11-09', NULL);
INSERT INTO score_loans VALUES (23, 6, 27, 1, '2025-12-24', '2026-02-21');
INSERT INTO score_loans VALUES (24, 1, 10, 1, '2025-09-09', '2026-01-04');
INSERT INTO score_loans VALUES (25, 6, 39, 1, '2026-01-04', '2026-03-15');
INSERT INTO score_loans VALUES (26, 8, 31, 1, '2025-12-24', '2026-01-26');
INSERT INTO score_loans VALUES (27, 3, 11, 1, '2025-10-09', NULL);
INSERT INTO score_loans VALUES (28, 10, 8, 1, '2025-12-27', '2026-04-25');
INSERT INTO score_loans VALUES (29, 1, 2, 1, '2025-10-03', '2025-10-27');
INSERT INTO score_loans VALUES (30, 10, 21, 1, '2025-10-03', NULL);
INSERT INTO subs_payments VALUES (1, 1, '2026 T2', 6500, '2026-01-06', 'card at rehearsal');
INSERT INTO subs_payments VALUES (2, 1, '2026 T3', 6500, '2026-04-14', 'card at rehearsal');
INSERT INTO subs_payments VALUES (3, 2, '2026 T2', 6500, '2026-01-06', 'standing order');
INSERT INTO subs_payments VALUES (4, 3, '2026 T2', 6500, '2026-01-06', 'bank transfer');
INSERT INTO subs_payments VALUES (5, 3, '2026 T3', 6500, '2026-04-14', 'card at rehearsal');
INSERT INTO subs_payments VALUES (6, 4, '2026 T2', 6500, '2026-01-06', 'standing order');
INSERT INTO subs_payments VALUES (7, 5, '2026 T2', 6500, '2026-01-06', 'standing order');
INSERT INTO subs_payments VALUES (8, 5, '2026 T3', 6500, '2026-04-14', 'standing order');
INSERT INTO subs_payments VALUES (9, 6, '2026 T2', 6500, '2026-01-06', 'standing order');
INSERT INTO subs_payments VALUES (10, 6, '2026 T3', 6500, '2026-04-14', 'bank transfer');
INSERT INTO subs_payments VALUES (11, 7, '2026 T2', 6500, '2026-01-06', 'bank transfer');
INSERT INTO subs_payments VALUES (12, 7, '2026 T3', 6500, '2026-04-14', 'card at rehearsal');
INSERT INTO subs_payments VALUES (13, 8, '2026 T2', 6500, '2026-01-06', 'standing order');
INSERT INTO subs_payments VALUES (14, 8, '2026 T3', 6500, '2026-04-14', 'standing order');
INSERT INTO subs_payments VALUES (15, 9, '2026 T2', 3500, '2026-01-06', 'card at rehearsal');
INSERT INTO subs_payments VALUES (16, 10, '2026 T2', 6500, '2026-01-06', 'bank transfer');
INSERT INTO subs_payments VALUES (17, 10, '2026 T3', 6500, '2026-04-14', 'bank transfer');
INSERT INTO subs_payments VALUES (18, 11, '2026 T2', 6500, '2026-01-06', 'standing order');
INSERT INTO subs_payments VALUES (19, 12, '2026 T2', 6500, '2026-01-06', 'bank transfer');
INSERT INTO subs_payments VALUES (20, 12, '2026 T3', 6500, '2026-04-14', 'card at rehearsal');
INSERT INTO subs_payments VALUES (21, 13, '2026 T2', 6500, '2026-01-06', 'bank transfer');
INSERT INTO subs_payments VALUES (22, 14, '2026 T2', 6500, '2026-01-06', 'standing order');
INSERT INTO subs_payments VALUES (23, 14, '2026 T3', 6500, '2026-04-14', 'bank transfer');
INSERT INTO subs_payments VALUES (24, 15, '2026 T2', 6500, '2026-01-06', 'standing order');
INSERT INTO subs_payments VALUES (25, 15, '2026 T3', 6500, '2026-04-14', 'card at rehearsal');
INSERT INTO subs_payments VALUES (26, 16, '2026 T2', 6500, '2026-01-06', 'bank transfer');
INSERT INTO subs_payments VALUES (27, 16, '2026 T3', 6500, '2026-04-14', 'bank transfer');
INSERT INTO subs_payments VALUES (28, 17, '2026 T2', 6500, '2026-01-06', 'card at rehearsal');
INSERT INTO subs_payments VALUES (29, 18, '2026 T2', 3500, '2026-01-06', 'standing order');
INSERT INTO subs_payments VALUES (30, 18, '2026 T3', 3500, '2026-04-14', 'card at rehearsal');
INSERT INTO subs_payments VALUES (31, 19, '2026 T2', 6500, '2026-01-06', 'card at rehearsal');
INSERT INTO subs_payments VALUES (32, 20, '2026 T2', 6500, '2026-01-06', 'bank transfer');
INSERT INTO subs_payments VALUES (33, 20, '2026 T3', 6500, '2026-04-14', 'bank transfer');
INSERT INTO subs_payments VALUES (34, 21, '2026 T2', 6500, '2026-01-06', 'standing order');
INSERT INTO subs_payments VALUES (35, 22, '2026 T2', 6500, '2026-01-06', 'standing order');
INSERT INTO subs_payments VALUES (36, 23, '2026 T2', 6500, '2026-01-06', 'bank transfer');
INSERT INTO subs_payments VALUES (37, 24, '2026 T2', 6500, '2026-01-06', 'card at rehearsal');
INSERT INTO subs_payments VALUES (38, 24, '2026 T3', 6500, '2026-04-14', 'standing order');
INSERT INTO subs_payments VALUES (39, 25, '2026 T2', 6500, '2026-01-06', 'standing order');
INSERT INTO subs_payments VALUES (40, 25, '2026 T3', 6500, '2026-04-14', 'card at rehearsal');
INSERT INTO subs_payments VALUES (41, 26, '2026 T2', 6500, '2026-01-06', 'standing order');
INSERT INTO subs_payments VALUES (42, 26, '2026 T3', 6500, '2026-04-14', 'standing order');
INSERT INTO subs_payments VALUES (43, 27, '2026 T2', 3500, '2026-01-06', 'bank transfer');
INSERT INTO subs_payments VALUES (44, 28, '2026 T2', 6500, '2026-01-06', 'standing order');
INSERT INTO subs_payments VALUES (45, 28, '2026 T3', 6500, '2026-04-14', 'standing order');
INSERT INTO subs_payments VALUES (46, 29, '2026 T2', 6500, '2026-01-06', 'bank transfer');
INSERT INTO subs_payments VALUES (47, 30, '2026 T2', 6500, '2026-01-06', 'standing order');
INSERT INTO subs_payments VALUES (48, 31, '2026 T2', 6500, '2026-01-06', 'bank transfer');
INSERT INTO subs_payments VALUES (49, 31, '2026 T3', 6500, '2026-04-14', 'bank transfer');
INSERT INTO subs_payments VALUES (50, 32, '2026 T2', 6500, '2026-01-06', 'card at rehearsal');
INSERT INTO subs_payments VALUES (51, 33, '2026 T2', 6500, '2026-01-06', 'standing order');
INSERT INTO subs_payments VALUES (52, 33, '2026 T3', 6500, '2026-04-14', 'bank transfer');
INSERT INTO subs_payments VALUES (53, 34, '2026 T2', 6500, '2026-01-06', 'standing order');
INSERT INTO subs_payments VALUES (54, 35, '2026 T2', 6500, '2026-01-06', 'card at rehearsal');
INSERT INTO subs_payments VALUES (55, 35, '2026 T3', 6500, '2026-04-14', 'standing order');
INSERT INTO subs_payments VALUES (56, 36, '2026 T2', 3500, '2026-01-06', 'bank transfer');
INSERT INTO subs_payments VALUES (57, 36, '2026 T3', 3500, '2026-04-14', 'bank transfer');
INSERT INTO subs_payments VALUES (58, 37, '2026 T2', 6500, '2026-01-06', 'bank transfer');
INSERT INTO subs_payments VALUES (59, 37, '2026 T3', 6500, '2026-04-14', 'bank transfer');
INSERT INTO subs_payments VALUES (60, 38, '2026 T2', 6500, '2026-01-06', 'standing order');
INSERT INTO subs_payments VALUES (61, 39, '2026 T2', 6500, '2026-01-06', 'standing order');
INSERT INTO subs_payments VALUES (62, 40, '2026 T2', 6500, '2026-01-06', 'bank transfer');
INSERT INTO subs_payments VALUES (63, 41, '2026 T2', 6500, '2026-01-06', 'standing order');
INSERT INTO subs_payments VALUES (64, 41, '2026 T3', 6500, '2026-04-14', 'standing order');
INSERT INTO subs_payments VALUES (65, 42, '2026 T2', 6500, '2026-01-06', 'bank transfer');
INSERT INTO subs_payments VALUES (66, 43, '2026 T2', 6500, '2026-01-06', 'bank transfer');
INSERT INTO subs_payments VALUES (67, 43, '2026 T3', 6500, '2026-04-14', 'bank transfer');
INSERT INTO subs_payments VALUES (68, 44, '2026 T2', 6500, '2026-01-06', 'standing order');
INSERT INTO tour_participants VALUES (1, 1, 'van', 'Leith Links', 'single', 24500, NULL);
INSERT INTO tour_participants VALUES (2, 2, 'coach', 'Leith Links', 'twin', 24500, NULL);
INSERT INTO tour_participants VALUES (3, 3, 'coach', 'Leith Links', 'double', 24500, NULL);
INSERT INTO tour_participants VALUES (4, 4, 'coach', 'Leith Links', 'single', 24500, NULL);
INSERT INTO tour_participants VALUES (5, 5, 'own_car', NULL, 'twin', 24500, NULL);
INSERT INTO tour_participants VALUES (6, 6, 'coach', 'Leith Links', 'double', 24500, NULL);
INSERT INTO tour_participants VALUES (7, 7, 'coach', 'Leith Links', 'double', 24500, NULL);
INSERT INTO tour_participants VALUES (8, 8, 'coach', 'Leith Links', 'single', 24500, NULL);
INSERT INTO tour_participants VALUES (9, 9, 'coach', 'Leith Links', 'twin', 24500, NULL);
INSERT INTO tour_participants VALUES (10, 10, 'own_car', NULL, 'single', 24500, NULL);
INSERT INTO tour_participants VALUES (11, 11, 'own_car', NULL, 'twin', 24500, NULL);
INSERT INTO tour_participants VALUES (12, 12, 'coach', 'Broxden Park & Ride, Perth', 'single', 24500, NULL);
INSERT INTO tour_participants VALUES (13, 13, 'coach', 'Broxden Park & Ride, Perth', 'twin', 24500, NULL);
INSERT INTO tour_participants VALUES (14, 14, 'coach', 'Leith Links', 'single', 24500, NULL);
INSERT INTO tour_participants VALUES (15, 15, 'coach', 'Leith Links', 'twin', 24500, NULL);
INSERT INTO tour_participants VALUES (16, 16, 'coach', 'Leith Links', 'single', 24500, NULL);
INSERT INTO tour_participants VALUES (17, 17, 'coach', 'Leith Links', 'twin', 24500, NULL);
INSERT INTO tour_participants VALUES (18, 18, 'coach', 'Leith Links', 'twin', 24500, NULL);
INSERT INTO tour_participants VALUES (19, 19, 'coach', 'Leith Links', 'double', 24500, NULL);
INSERT INTO tour_participants VALUES (20, 20, 'coach', 'Leith Links', 'twin', 24500, NULL);
INSERT INTO tour_participants VALUES (21, 21, 'coach', 'Leith Links', 'twin', 24500, NULL);
INSERT INTO tour_participants VALUES (22, 22, 'coach', 'Leith Links', 'double', 24500, NULL);
INSERT INTO tour_participants VALUES (23, 23, 'coach', 'Leith Links', 'double', 24500, NULL);
INSERT INTO tour_participants VALUES (24, 24, 'coach', 'Leith Links', 'double', 24500, NULL);
INSERT INTO tour_participants VALUES (25, 25, 'coach', 'Leith Links', 'double', 24500, NULL);
INSERT INTO tour_participants VALUES (26, 26, 'coach', 'Leith Links', 'twin', 24500, NULL);
INSERT INTO tour_participants VALUES (27, 27, 'coach', 'Leith Links', 'double', 24500, NULL);
INSERT INTO tour_participants VALUES (28, 28, 'coach', 'Leith Links', 'double', 24500, NULL);
INSERT INTO tour_participants VALUES (29, 29, 'coach', 'Leith Links', 'double', 24500, NULL);
INSERT INTO tour_participants VALUES (30, 30, 'coach', 'Leith Links', 'double', 24500, NULL);
INSERT INTO tour_participants VALUES (31, 31, 'coach', 'Leith Links', 'twin', 24500, NULL);
INSERT INTO tour_participants VALUES (32, 32, 'coach', 'Leith Links', 'twin', 24500, NULL);
INSERT INTO tour_participants VALUES (33, 33, 'coach', 'Leith Links', 'twin', 24500, NULL);
INSERT INTO tour_participants VALUES (34, 34, 'coach', 'Leith Links', 'twin', 24500, NULL);
INSERT INTO tour_participants VALUES (35, 35, 'coach', 'Leith Links', 'twin', 24500, NULL);
INSERT INTO tour_participants VALUES (36, 36, 'coach', 'Leith Links', 'single', 24500, NULL);
INSERT INTO tour_participants VALUES (37, 37, 'coach', 'Leith Links', 'single', 24500, NULL);
INSERT INTO tour_participants VALUES (38, 38, 'coach', 'Leith Links', 'single', 24500, NULL);
INSERT INTO tour_participants VALUES (39, 39, 'coach', 'Leith Links', 'double', 24500, NULL);
INSERT INTO tour_participants VALUES (40, 40, 'coach', 'Leith Links', 'single', 24500, NULL);
INSERT INTO tour_participants VALUES (41, 41, 'coach', 'Leith Links', 'single', 24500, NULL);
INSERT INTO tour_participants VALUES (42, 45, 'coach', 'Leith Links', 'single', 0, 'MD, fees paid by choir');
INSERT INTO tour_participants VALUES (43, 46, 'coach', 'Leith Links', 'single', 0, 'accompanist, fees paid by choir');
INSERT INTO tour_bookings VALUES (1, 'Coach, 22-25 May', 'Forth Valley Coaches', '2026-05-22', 298000, 'FVC-26-0511', 'deposit paid', '2026-02-16', '53-seat executive coach, driver Gordon Hay');
INSERT INTO tour_bookings VALUES (2, 'Luton van hire, 21-25 May', 'Leith Van & Car Hire', '2026-05-21', 31500, 'LVH-88213', 'paid', '2026-03-02', 'risers, stands, music boxes');
INSERT INTO tour_bookings VALUES (3, 'Fisher''s Hotel Pitlochry, 22 May', 'Fisher''s Hotel', '2026-05-22', 352000, 'FH-LHC-22', 'deposit paid', '2026-02-20', NULL);
INSERT INTO tour_bookings VALUES (4, 'Inverness rooms, 23 May', 'Ness Walk Lodge', '2026-05-23', 396000, 'NWL-5523', 'deposit paid', '2026-02-20', NULL);
INSERT INTO tour_bookings VALUES (5, 'Plockton rooms, 24 May', 'Plockton Inn and Harbour B&Bs', '2026-05-24', 288000, 'PLK-24-LHC', 'deposit paid', '2026-02-23', 'split over four houses');
INSERT INTO tour_bookings VALUES (6, 'Hall hire Plockton', 'Plockton Village Hall', '2026-05-24', 14000, 'PVH-0524-LHC', 'paid', '2026-05-05', 'bank transfer by Priya');
INSERT INTO tour_bookings VALUES (7, 'Hall hire Pitlochry', 'Atholl Memorial Hall', '2026-05-22', 26000, 'AMH-2205', 'paid', '2026-03-09', NULL);
INSERT INTO tour_bookings VALUES (8, 'Hall hire Inverness', 'Kessock Road Church', '2026-05-23', 16500, 'KRC-0523', 'confirmed', NULL, 'pay on the night');
INSERT INTO tour_bookings VALUES (9, 'Ceilidh band, Plockton', 'The Skerries', '2026-05-24', 45000, NULL, 'confirmed', NULL, 'after the concert');
INSERT INTO suppliers VALUES (1, 'Stockbridge Music Exchange', 'second-hand scores', 'hector@stockbridgemusic.example', '0131 496 0455', 'used scores; pay by bank transfer to reserve, collect in shop');
INSERT INTO suppliers VALUES (2, 'Music Sales / Novello choral desk', 'publisher', 'choral@novello-orders.example', '020 7946 0880', 'choral society account LHC-0041: 15% off list price, free postage over GBP 100');
INSERT INTO suppliers VALUES (3, 'Highland Keys', 'instrument hire, Inverness', 'hire@highlandkeys.example', '01463 496 221', 'stage piano with stand, pedal and amp GBP 55/day; delivery within Inverness GBP 15; pay on delivery');
INSERT INTO suppliers VALUES (4, 'Lennox Music', 'arranger (licensed copies)', 'orders@lennoxmusic.example', NULL, 'licensed PDF copies GBP 1.20 each; retrospective licences for copies made in error');
INSERT INTO suppliers VALUES (5, 'Forth Valley Coaches', 'coach hire', 'bookings@forthvalleycoaches.example', '01786 496 300', 'office 08:00-18:00; driver mobile on the contract');
INSERT INTO suppliers VALUES (6, 'Central Taxis Edinburgh', 'taxis', 'bookings@centraltaxis.example', '0131 496 0666', 'account LHC-TX: the choir pays for members'' concert taxis on account');
INSERT INTO suppliers VALUES (7, 'Leith Van & Car Hire', 'van hire', 'hire@leithvanhire.example', '0131 496 0777', NULL);
INSERT INTO suppliers VALUES (8, 'Inkspot Print Leith', 'printing', 'orders@inkspotprint.example', '0131 496 0999', 'programmes and posters; 3 working days');
INSERT INTO suppliers VALUES (9, 'Perth City Taxis', 'taxis', 'dispatch@perthcitytaxis.example', '01738 496 101', 'Perth area');
INSERT INTO suppliers VALUES (10, 'Perth Music Hire', 'instrument hire, Perth', 'hire@perthmusichire.example', '01738 496 550', 'stage piano with stand and pedal GBP 60/day; delivery within Perth GBP 20; pay when booking');
INSERT INTO suppliers VALUES (11, 'Harris Piano Services', 'piano tuning', 'harris.piano@example.net', '07700 900 412', 'GBP 75 a tuning in Edinburgh');
INSERT INTO repertoire_sets VALUES (1, 'Summer set', 'Summer is icumen in; Ca the yowes; Mairi''s Wedding; Loch Lomond; Dona nobis pacem', 18, 'a cappella', 'ready (18 minutes); sung at the 2025 Gala Day');
INSERT INTO repertoire_sets VALUES (2, 'Scottish set', 'The Road and the Miles to Dundee; Ca the yowes; Caledonia; Loch Lomond', 16, 'piano', 'spring concert second half');
INSERT INTO repertoire_sets VALUES (3, 'Fauré Requiem', 'Requiem, Op. 48 (1893 version)', 38, 'piano or organ', 'spring concert first half');
INSERT INTO repertoire_sets VALUES (4, 'Tour programme A', 'Fauré Requiem; Scottish set; Parry I was glad', 72, 'piano', 'Pitlochry and Inverness');
INSERT INTO repertoire_sets VALUES (5, 'Tour programme B', 'Scottish set; Gaelic songs; Summer set', 50, 'piano and a cappella', 'Plockton afternoon');
INSERT INTO repertoire_sets VALUES (6, 'Christmas 2025', 'carols and Vivaldi Gloria', 70, 'piano and strings', 'held');
INSERT INTO availability_poll VALUES (1, 'Gala Day 13 June', 1, 'yes');
INSERT INTO availability_poll VALUES (2, 'Gala Day 13 June', 2, 'no');
INSERT INTO availability_poll VALUES (3, 'Gala Day 13 June', 3, 'yes');
INSERT INTO availability_poll VALUES (4, 'Gala Day 13 June', 4, 'yes');
INSERT INTO availability_poll VALUES (5, 'Gala Day 13 June', 5, 'yes');
INSERT INTO availability_poll VALUES (6, 'Gala Day 13 June', 6, 'yes');
INSERT INTO availability_poll VALUES (7, 'Gala Day 13 June', 7, 'maybe');
INSERT INTO availability_poll VALUES (8, 'Gala Day 13 June', 8, 'yes');
INSERT INTO availability_poll VALUES (9, 'Gala Day 13 June', 9, 'yes');
INSERT INTO availability_poll VALUES (10, 'Gala Day 13 June', 10, 'yes');
INSERT INTO availability_poll VALUES (11, 'Gala Day 13 June', 11, 'no');
INSERT INTO availability_poll VALUES (12, 'Gala Day 13 June', 12, 'yes');
INSERT INTO availability_poll VALUES (13, 'Gala Day 13 June', 13, 'maybe');
INSERT INTO availability_poll VALUES (14, 'Gala Day 13 June', 14, 'yes');
INSERT INTO availability_poll VALUES (15, 'Gala Day 13 June', 15, 'maybe');
INSERT INTO availability_poll VALUES (16, 'Gala Day 13 June', 16, 'yes');
INSERT INTO availability_poll VALUES (17, 'Gala Day 13 June', 17, 'no');
INSERT INTO availability_poll VALUES (18, 'Gala Day 13 June', 18, 'yes');
INSERT INTO availability_poll VALUES (19, 'Gala Day 13 June', 19, 'yes');
INSERT INTO availability_poll VALUES (20, 'Gala Day 13 June', 20, 'no');
INSERT INTO availability_poll VALUES (21, 'Gala Day 13 June', 21, 'yes');
INSERT INTO availability_poll VALUES (22, 'Gala Day 13 June', 22, 'yes');
INSERT INTO availability_poll VALUES (23, 'Gala Day 13 June', 23, 'no');
INSERT INTO availability_poll VALUES (24, 'Gala Day 13 June', 24, 'maybe');
INSERT INTO availability_poll VALUES (25, 'Gala Day 13 June', 25, 'maybe');
INSERT INTO availability_poll VALUES (26, 'Gala Day 13 June', 26, 'yes');
INSERT INTO availability_poll VALUES (27, 'Gala Day 13 June', 27, 'yes');
INSERT INTO availability_poll VALUES (28, 'Gala Day 13 June', 28, 'no');
INSERT INTO availability_poll VALUES (29, 'Gala Day 13 June', 29, 'yes');
INSERT INTO availability_poll VALUES (30, 'Gala Day 13 June', 30, 'yes');
INSERT INTO availability_poll VALUES (31, 'Gala Day 13 June', 31, 'yes');
INSERT INTO availability_poll VALUES (32, 'Gala Day 13 June', 32, 'maybe');
INSERT INTO availability_poll VALUES (33, 'Gala Day 13 June', 33, 'yes');
INSERT INTO availability_poll VALUES (34, 'Gala Day 13 June', 34, 'yes');
INSERT INTO availability_poll VALUES (35, 'Gala Day 13 June', 35, 'yes');
INSERT INTO availability_poll VALUES (36, 'Gala Day 13 June', 36, 'no');
INSERT INTO availability_poll VALUES (37, 'Gala Day 13 June', 37, 'no');
INSERT INTO availability_poll VALUES (38, 'Gala Day 13 June', 38, 'no');
INSERT INTO availability_poll VALUES (39, 'Gala Day 13 June', 39, 'yes');
INSERT INTO availability_poll VALUES (40, 'Gala Day 13 June', 40, 'yes');
INSERT INTO availability_poll VALUES (41, 'Gala Day 13 June', 41, 'yes');
INSERT INTO availability_poll VALUES (42, 'Gala Day 13 June', 42, 'no');
INSERT INTO availability_poll VALUES (43, 'Gala Day 13 June', 43, 'no');
INSERT INTO availability_poll VALUES (44, 'Gala Day 13 June', 44, 'maybe');
INSERT INTO availability_poll VALUES (45, 'Autumn retreat 19 September', 1, 'yes');
INSERT INTO availability_poll VALUES (46, 'Autumn retreat 19 September', 2, 'maybe');
INSERT INTO availability_poll VALUES (47, 'Autumn retreat 19 September', 3, 'yes');
INSERT INTO availability_poll VALUES (48, 'Autumn retreat 19 September', 4, 'yes');
INSERT INTO availability_poll VALUES (49, 'Autumn retreat 19 September', 5, 'yes');
INSERT INTO availability_poll VALUES (50, 'Autumn retreat 19 September', 6, 'yes');
INSERT INTO availability_poll VALUES (51, 'Autumn retreat 19 September', 7, 'maybe');
INSERT INTO availability_poll VALUES (52, 'Autumn retreat 19 September', 8, 'yes');
INSERT INTO availability_poll VALUES (53, 'Autumn retreat 19 September', 9, 'yes');
INSERT INTO availability_poll VALUES (54, 'Autumn retreat 19 September', 10, 'yes');
INSERT INTO availability_poll VALUES (55, 'Autumn retreat 19 September', 11, 'yes');
INSERT INTO availability_poll VALUES (56, 'Autumn retreat 19 September', 12, 'yes');
INSERT INTO availability_poll VALUES (57, 'Autumn retreat 19 September', 13, 'no');
INSERT INTO availability_poll VALUES (58, 'Autumn retreat 19 September', 14, 'yes');
INSERT INTO availability_poll VALUES (59, 'Autumn retreat 19 September', 15, 'yes');
INSERT INTO availability_poll VALUES (60, 'Autumn retreat 19 September', 16, 'yes');
INSERT INTO availability_poll VALUES (61, 'Autumn retreat 19 September', 17, 'yes');
INSERT INTO availability_poll VALUES (62, 'Autumn retreat 19 September', 18, 'yes');
INSERT INTO availability_poll VALUES (63, 'Autumn retreat 19 September', 19, 'yes');
INSERT INTO availability_poll VALUES (64, 'Autumn retreat 19 September', 20, 'maybe');
INSERT INTO availability_poll VALUES (65, 'Autumn retreat 19 September', 21, 'yes');
INSERT INTO availability_poll VALUES (66, 'Autumn retreat 19 September', 22, 'yes');
INSERT INTO availability_poll VALUES (67, 'Autumn retreat 19 September', 23, 'yes');
INSERT INTO availability_poll VALUES (68, 'Autumn retreat 19 September', 24, 'no');
INSERT INTO availability_poll VALUES (69, 'Autumn retreat 19 September', 25, 'yes');
INSERT INTO availability_poll VALUES (70, 'Autumn retreat 19 September', 26, 'yes');
INSERT INTO availability_poll VALUES (71, 'Autumn retreat 19 September', 27, 'maybe');
INSERT INTO availability_poll VALUES (72, 'Autumn retreat 19 September', 28, 'maybe');
INSERT INTO availability_poll VALUES (73, 'Autumn retreat 19 September', 29, 'yes');
INSERT INTO availability_poll VALUES (74, 'Autumn retreat 19 September', 30, 'yes');
INSERT INTO availability_poll VALUES (75, 'Autumn retreat 19 September', 31, 'no');
INSERT INTO availability_poll VALUES (76, 'Autumn retreat 19 September', 32, 'yes');
INSERT INTO availability_poll VALUES (77, 'Autumn retreat 19 September', 33, 'yes');
INSERT INTO availability_poll VALUES (78, 'Autumn retreat 19 September', 34, 'yes');
INSERT INTO availability_poll VALUES (79, 'Autumn retreat 19 September', 35, 'no');
INSERT INTO availability_poll VALUES (80, 'Autumn retreat 19 September', 36, 'yes');
INSERT INTO availability_poll VALUES (81, 'Autumn retreat 19 September', 37, 'no');
INSERT INTO availability_poll VALUES (82, 'Autumn retreat 19 September', 38, 'yes');
INSERT INTO availability_poll VALUES (83, 'Autumn retreat 19 September', 39, 'yes');
INSERT INTO availability_poll VALUES (84, 'Autumn retreat 19 September', 40, 'yes');
INSERT INTO availability_poll VALUES (85, 'Autumn retreat 19 September', 41, 'yes');
INSERT INTO availability_poll VALUES (86, 'Autumn retreat 19 September', 42, 'yes');
INSERT INTO availability_poll VALUES (87, 'Autumn retreat 19 September', 43, 'yes');
INSERT INTO availability_poll VALUES (88, 'Autumn retreat 19 September', 44, 'yes');
INSERT INTO committee_actions VALUES (1, '2026-01-20', 'Apply for a Leith Festival Gala Day slot as soon as slots are offered (summer set, a cappella); Isla or her assistant to reply straight away', 'Isla', 'open');
INSERT INTO committee_actions VALUES (2, '2026-01-20', 'Autumn programme: Nelson Mass approved; library top-up budget GBP 150; buy only the edition already held', 'Sheena', 'open');
INSERT INTO committee_actions VALUES (3, '2026-01-20', 'Tour coach booked with Forth Valley; Perth pick-up for the Reids', 'Isla', 'done');
INSERT INTO committee_actions VALUES (4, '2026-01-20', 'Spring concert lifts: secretary matches lifts from the offers list', 'Isla', 'open');
INSERT INTO committee_actions VALUES (5, '2026-02-17', 'Pitlochry hall: confirm audience numbers with Priya before tickets go on sale', 'Priya', 'done');
INSERT INTO committee_actions VALUES (6, '2026-02-17', 'Ask Tomasz for the tour tech list', 'Isla', 'done');
INSERT INTO committee_actions VALUES (7, '2026-02-17', 'Gift Aid claim for 2025 concerts', 'Priya', 'open');
INSERT INTO committee_actions VALUES (8, '2026-03-17', 'Plockton hall fee to be paid by bank transfer in early May', 'Priya', 'open');
INSERT INTO committee_actions VALUES (9, '2026-03-17', 'New folders for the tour (black, 46)', 'Sheena', 'done');
INSERT INTO committee_actions VALUES (10, '2026-03-17', 'Draft safeguarding statement for school collaborations', 'Graham', 'open');
