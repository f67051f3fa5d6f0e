-- HALO-Arena environment sl (social_life): Maya Chen's "club sheet" - the people, meetings,
-- money and gear of the Silver Lake Readers book club, the Crag Rats LA climbing group and the
-- LA crew's trip to Sofia and Ben's wedding in Oaxaca. Amounts in US cents.

CREATE TABLE people (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    circles TEXT NOT NULL,      -- comma-separated: book_club, climbing, oaxaca_crew
    chat_handle TEXT,
    email TEXT,
    joined_on TEXT,
    needs TEXT,                 -- diet, access and health needs from the sign-up form
    notes TEXT
);

CREATE TABLE book_club_meetings (
    id INTEGER PRIMARY KEY,
    meet_on TEXT NOT NULL,
    book_title TEXT NOT NULL,
    author TEXT NOT NULL,
    host TEXT,
    venue TEXT,
    status TEXT NOT NULL,       -- held | planned
    notes TEXT
);

CREATE TABLE club_kitty (
    id INTEGER PRIMARY KEY,
    entry_on TEXT NOT NULL,
    description TEXT NOT NULL,
    amount_minor INTEGER NOT NULL,   -- + money in, - money out
    balance_minor INTEGER NOT NULL   -- kitty balance after this entry
);

CREATE TABLE climbing_gear (
    id INTEGER PRIMARY KEY,
    item TEXT NOT NULL,
    owner TEXT NOT NULL,
    kept_at TEXT,
    bought_on TEXT,
    status TEXT NOT NULL,
    notes TEXT
);

CREATE TABLE trip_guests (
    id INTEGER PRIMARY KEY,
    person_id INTEGER REFERENCES people(id),
    guest TEXT NOT NULL,
    room TEXT,
    arrival_flight TEXT,        -- from the travel form; NULL = not booked yet
    arrival_at TEXT,            -- scheduled arrival at OAX, Oaxaca local time
    departure_flight TEXT,
    share_paid_minor INTEGER NOT NULL DEFAULT 0,
    notes TEXT
);

CREATE TABLE memberships (
    id INTEGER PRIMARY KEY,
    organization TEXT NOT NULL,
    member_no TEXT,
    holder TEXT NOT NULL,
    valid_until TEXT,
    benefits TEXT,
    notes TEXT
);

INSERT INTO people VALUES (1, 'Maya Chen', 'book_club,climbing,oaxaca_crew', 'maya', 'maya.chen@example.com', '2024-09-05', NULL, 'Organiser of all three');
INSERT INTO people VALUES (2, 'Jordan Ellis', 'oaxaca_crew', 'jordan', 'jordan.ellis@example.com', NULL, NULL, 'Partner');
INSERT INTO people VALUES (3, 'Rosa Delgado', 'book_club', 'rosa', 'rosa.delgado@example.com', '2024-09-05', NULL, 'Hosts in her apartment on Lake View Ave; has a cat (Miso)');
INSERT INTO people VALUES (4, 'Ines Moreau', 'book_club', 'ines', 'ines.moreau@example.com', '2024-09-05', 'vegetarian', 'Runs the book vote');
INSERT INTO people VALUES (5, 'Dev Patel', 'book_club,climbing,oaxaca_crew', 'dev', 'dev.patel@example.com', '2024-09-05', NULL, 'Subaru Outback (4 seats + gear)');
INSERT INTO people VALUES (6, 'Hannah Kim', 'book_club,oaxaca_crew', 'hannah', 'hannah.kim@example.com', '2024-10-03', 'no shellfish', 'Married to Jo Alvarez; bridesmaid with Maya');
INSERT INTO people VALUES (7, 'Lily Tran', 'book_club', 'lily', 'lily.tran@example.com', '2025-01-09', 'gluten-free', NULL);
INSERT INTO people VALUES (8, 'Theo Brooks', 'book_club', 'theo', 'theo.brooks@example.com', '2025-09-04', NULL, 'Joined after the library book sale');
INSERT INTO people VALUES (9, 'Carmen Vidal', 'book_club', 'carmen', 'carmen.vidal@example.com', '2025-01-09', 'lactose-free', 'Usually brings wine');
INSERT INTO people VALUES (10, 'Leo Martins', 'climbing', 'leo', 'leo.martins@example.com', '2024-06-01', NULL, 'Lead-certified at Granite Loft; keeps the shared quickdraws');
INSERT INTO people VALUES (11, 'Kenji Watanabe', 'climbing', 'kenji', 'kenji.watanabe@example.com', '2024-06-01', NULL, 'Two crash pads and his own 70 m rope');
INSERT INTO people VALUES (12, 'Tomás Ibarra', 'climbing', 'tomas', 'tomas.ibarra@example.com', '2024-08-17', NULL, '7-seat minivan; usually drives on outdoor days');
INSERT INTO people VALUES (13, 'Aisha Bello', 'climbing', 'aisha', 'aisha.bello@example.com', '2024-08-17', NULL, 'ER nurse; carries the group first-aid kit');
INSERT INTO people VALUES (14, 'Sam Whitaker', 'climbing', 'sam', 'sam.whitaker@example.com', '2025-11-04', NULL, 'Top-rope only so far');
INSERT INTO people VALUES (15, 'Jo Alvarez', 'oaxaca_crew', 'jo', 'jo.alvarez@example.com', NULL, 'vegetarian', 'Married to Hannah');
INSERT INTO people VALUES (16, 'Chris Nakamura', 'oaxaca_crew', 'chris', 'chris.nakamura@example.com', NULL, NULL, 'Ben''s college roommate');
INSERT INTO people VALUES (17, 'Elena Rossi', 'oaxaca_crew', 'elena', 'elena.rossi@example.com', NULL, NULL, 'Sofia''s coworker');
INSERT INTO people VALUES (18, 'Omar Farouk', 'oaxaca_crew', 'omar', 'omar.farouk@example.com', NULL, 'halal', NULL);

INSERT INTO book_club_meetings VALUES (1, '2025-09-04', 'Demon Copperhead', 'Barbara Kingsolver', 'Rosa', 'Rosa''s apartment', 'held', 'Season kickoff');
INSERT INTO book_club_meetings VALUES (2, '2025-10-02', 'Piranesi', 'Susanna Clarke', 'Dev', 'Dev''s place, Echo Park', 'held', NULL);
INSERT INTO book_club_meetings VALUES (3, '2025-11-06', 'The Covenant of Water', 'Abraham Verghese', 'Ines', 'Ines''s place', 'held', 'Ran long - two hours was not enough');
INSERT INTO book_club_meetings VALUES (4, '2025-12-04', 'James', 'Percival Everett', 'Hannah', 'Hannah and Jo''s house', 'held', 'Holiday party');
INSERT INTO book_club_meetings VALUES (5, '2026-01-08', 'Intermezzo', 'Sally Rooney', 'Lily', 'Lily''s place', 'held', NULL);
INSERT INTO book_club_meetings VALUES (6, '2026-02-05', 'Orbital', 'Samantha Harvey', 'Maya', 'Echo Park Branch Library, community room', 'held', NULL);
INSERT INTO book_club_meetings VALUES (7, '2026-03-05', 'The Bee Sting', 'Paul Murray', 'Maya', 'Echo Park Branch Library, community room', 'planned', 'Room booked');
INSERT INTO book_club_meetings VALUES (8, '2026-04-02', 'North Woods', 'Daniel Mason', NULL, NULL, 'planned', 'Host needed');
INSERT INTO book_club_meetings VALUES (9, '2026-05-07', 'The Lemon Grove Year', 'Marisol Vega', 'Dev', 'Dev''s place, Echo Park', 'planned', NULL);
INSERT INTO book_club_meetings VALUES (10, '2026-06-11', 'Author evening: The Lemon Grove Year', 'Marisol Vega', 'Maya', NULL, 'planned', 'Open to partners; venue to find');

INSERT INTO club_kitty VALUES (1, '2025-09-04', 'Carried over from the 2024-25 seasons', 6420, 6420);
INSERT INTO club_kitty VALUES (2, '2025-09-12', 'Dues Sep-Dec 2025, 9 members', 18000, 24420);
INSERT INTO club_kitty VALUES (3, '2025-10-02', 'Drinks at Dev''s (Piranesi)', -3180, 21240);
INSERT INTO club_kitty VALUES (4, '2025-12-04', 'Holiday party: wine and cheese', -8950, 12290);
INSERT INTO club_kitty VALUES (5, '2026-01-12', 'Dues Jan-Apr 2026, 10 members', 20000, 32290);
INSERT INTO club_kitty VALUES (6, '2026-02-05', 'Snacks, library meeting (Orbital)', -2640, 29650);
INSERT INTO club_kitty VALUES (7, '2026-02-18', 'Lark & Lantern: 2 copies donated to the library shelf', -3200, 26450);

INSERT INTO climbing_gear VALUES (1, 'Rope 70 m 9.8 mm, blue/yellow (Sterling Evolution Velocity)', 'Crag Rats (shared)', 'Maya''s garage, bin C', '2021-05-15', 'retired 2026-02-08', 'Core shot 9 m from the middle mark, found by Maya and Kenji after Echo Cliffs on 8 Feb. Do not climb on it; to be cut into anchor lengths.');
INSERT INTO climbing_gear VALUES (2, 'Rope 60 m 9.5 mm, green (Mammut Crag Classic)', 'Crag Rats (shared)', 'Leo''s place', '2024-03-02', 'in service', 'Fine for gym and for sport routes up to 30 m');
INSERT INTO climbing_gear VALUES (3, 'Quickdraws x14 (Petzl Spirit Express)', 'Crag Rats (shared)', 'Leo''s place', '2023-06-10', 'in service', NULL);
INSERT INTO climbing_gear VALUES (4, 'GriGri x2 (Petzl)', 'Crag Rats (shared)', 'Maya''s garage, bin A', '2022-08-20', 'in service', NULL);
INSERT INTO climbing_gear VALUES (5, 'Helmets x4 (Black Diamond Half Dome)', 'Crag Rats (shared)', 'Maya''s garage, bin A', '2022-08-20', 'in service', 'Cracked M shell replaced in January 2026');
INSERT INTO climbing_gear VALUES (6, 'Loaner harnesses x3 (S, M, L)', 'Crag Rats (shared)', 'Maya''s garage, bin B', '2023-02-11', 'in service', 'For newcomers on outdoor days');
INSERT INTO climbing_gear VALUES (7, 'Crash pads x2 (Organic Big, BD Mondo)', 'Kenji Watanabe', 'Kenji''s car', '2023-09-09', 'in service', NULL);
INSERT INTO climbing_gear VALUES (8, 'First-aid kit (climbing)', 'Aisha Bello', 'Aisha''s pack', '2025-01-20', 'in service', 'Restocked January 2026');
INSERT INTO climbing_gear VALUES (9, 'Harness (Arc''teryx AR-395a)', 'Maya Chen', 'Maya''s pack', '2017-04-22', 'in service', 'Maker says replace after 7-10 years of regular use');
INSERT INTO climbing_gear VALUES (10, 'Rope 70 m 9.5 mm, red (Beal Booster III)', 'Kenji Watanabe', 'Kenji''s place', '2025-09-30', 'in service', 'Kenji''s own rope; he lends it to the group when he comes along');

INSERT INTO trip_guests VALUES (1, 1, 'Maya Chen', 'Upstairs king 1', NULL, NULL, NULL, 36500, 'Lead guest');
INSERT INTO trip_guests VALUES (2, 2, 'Jordan Ellis', 'Upstairs king 1', NULL, NULL, NULL, 36500, NULL);
INSERT INTO trip_guests VALUES (3, 6, 'Hannah Kim', 'Upstairs king 2', 'Y4 1921 LAX-OAX (nonstop red-eye)', '2026-05-14 06:15', 'Y4 1920 on 18 May', 36500, NULL);
INSERT INTO trip_guests VALUES (4, 15, 'Jo Alvarez', 'Upstairs king 2', 'Y4 1921 LAX-OAX (nonstop red-eye)', '2026-05-14 06:15', 'Y4 1920 on 18 May', 36500, NULL);
INSERT INTO trip_guests VALUES (5, 16, 'Chris Nakamura', 'Twin room', 'AM 647 LAX-MEX / AM 2469 MEX-OAX', '2026-05-14 21:50', 'AM 2470 on 18 May', 0, NULL);
INSERT INTO trip_guests VALUES (6, 17, 'Elena Rossi', 'Twin room', 'UA 1654 LAX-IAH / UA 1712 IAH-OAX', '2026-05-14 13:05', 'UA 1713 on 18 May', 36500, NULL);
INSERT INTO trip_guests VALUES (7, 18, 'Omar Farouk', 'Studio (sofa bed)', 'Y4 1921 LAX-OAX (nonstop red-eye)', '2026-05-15 06:15', 'Y4 1920 on 18 May', 0, 'Comes a day later (work)');
INSERT INTO trip_guests VALUES (8, 5, 'Dev Patel', 'Ground-floor queen', 'AM 651 LAX-MEX / AM 2463 MEX-OAX', '2026-05-13 17:20', 'AM 2464 on 18 May', 36500, 'Arrives a day early and spends the first night at a hotel; no airport pickup needed');

INSERT INTO memberships VALUES (1, 'Granite Loft Climbing', 'GL-20931', 'Maya Chen', 'monthly, auto-renew', 'Unlimited climbing; 2 guest passes a month; 10% off classes', NULL);
INSERT INTO memberships VALUES (2, 'Summit Co-op', 'SC 7730 4412', 'Maya Chen', 'lifetime', '2024 member dividend $48.60 (issued 15 Mar 2025): store credit, apply at checkout in store or online; expires 15 Mar 2026', 'Member since 2016');
INSERT INTO memberships VALUES (3, 'Los Angeles Public Library', '29077012344556', 'Maya Chen', '2028-06-30', 'Community room bookings for groups', 'Echo Park branch');
INSERT INTO memberships VALUES (4, 'Coastline Airways Miles', 'CL 4471 902 318', 'Maya Chen', '2026-12-31', 'MVP: free seat upgrades at check-in', 'Card benefits are in travel-rewards.txt');
INSERT INTO memberships VALUES (5, 'Pacific Crest Credit Union', '88-301-772', 'Maya Chen', NULL, 'Checking and the Coastline Visa', NULL);

-- Added February 2026: more of the club sheet (attendance, outdoor days, venues, shared costs,
-- the wedding weekend plan and the group gift).

CREATE TABLE book_club_attendance (
    id INTEGER PRIMARY KEY,
    meeting_id INTEGER NOT NULL REFERENCES book_club_meetings(id),
    person_id INTEGER NOT NULL REFERENCES people(id),
    status TEXT NOT NULL,        -- came | apologies | no_show
    brought TEXT
);

CREATE TABLE climbing_days (
    id INTEGER PRIMARY KEY,
    day_on TEXT NOT NULL,
    place TEXT NOT NULL,
    kind TEXT NOT NULL,          -- gym | outdoor | clinic
    organiser TEXT,
    climbers INTEGER NOT NULL,
    drivers TEXT,
    shared_gear TEXT,            -- shared gear taken out (gear log ids in brackets)
    notes TEXT
);

CREATE TABLE venues (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    address TEXT,
    seats INTEGER,
    cost TEXT,
    pets TEXT,                   -- animals living or allowed on site
    step_free TEXT,
    contact TEXT,
    last_used TEXT,
    notes TEXT
);

CREATE TABLE shared_expenses (
    id INTEGER PRIMARY KEY,
    spent_on TEXT NOT NULL,
    circle TEXT NOT NULL,        -- climbing | oaxaca_crew | friends
    paid_by TEXT NOT NULL,
    description TEXT NOT NULL,
    amount_minor INTEGER NOT NULL,
    split_between TEXT NOT NULL,
    settled TEXT NOT NULL        -- yes | no | partly
);

CREATE TABLE trip_plan (
    id INTEGER PRIMARY KEY,
    day_on TEXT NOT NULL,
    starts_at TEXT,              -- Oaxaca local time
    item TEXT NOT NULL,
    who TEXT,
    cost_per_person_minor INTEGER,
    booked TEXT NOT NULL,        -- yes | no | not needed
    notes TEXT
);

CREATE TABLE gift_fund (
    id INTEGER PRIMARY KEY,
    person_id INTEGER REFERENCES people(id),
    pledged_minor INTEGER NOT NULL,
    paid_minor INTEGER NOT NULL,
    paid_on TEXT,
    method TEXT,
    notes TEXT
);

INSERT INTO people VALUES (20, 'Paul Ferreira', 'book_club', 'paul', 'paul.ferreira@example.com', '2025-01-09', 'vegetarian; mild cat allergy (no asthma)', 'Takes an antihistamine before meetings at Rosa''s; fine with Miso in the bedroom');
INSERT INTO people VALUES (21, 'Grace Okoye', 'book_club', 'grace', 'grace.okoye@example.com', '2026-01-08', NULL, 'Librarian at the Central Library; came via Lily');
INSERT INTO people VALUES (22, 'Nina Okafor', 'climbing', 'nina', 'nina.okafor@example.com', '2025-03-11', NULL, 'Lead-certified; prefers sport days');
INSERT INTO people VALUES (23, 'Marco Bellini', 'climbing', 'marco', 'marco.bellini@example.com', '2025-06-17', 'nut allergy (carries an EpiPen)', 'Works Saturdays; comes to gym nights');
INSERT INTO people VALUES (24, 'Ruth Asante', 'climbing', 'ruth', 'ruth.asante@example.com', '2025-10-07', NULL, 'Back after a shoulder injury; top-rope for now');
INSERT INTO people VALUES (25, 'Priya Raman', 'book_club', 'priya', 'priya.raman@example.com', '2024-09-05', NULL, 'Left the club in June 2025 (moved to Seattle); still on the newsletter');
INSERT INTO people VALUES (26, 'Camila Marquez', 'oaxaca_crew', 'camila', 'camila.marquez@example.com', NULL, NULL, 'Sofia''s sister and maid of honour; lives in Oaxaca');
INSERT INTO book_club_meetings VALUES (11, '2024-09-05', 'Tomorrow, and Tomorrow, and Tomorrow', 'Gabrielle Zevin', 'Maya', 'Maya''s place', 'held', 'First meeting of the club');
INSERT INTO book_club_meetings VALUES (12, '2024-10-03', 'The Overstory', 'Richard Powers', 'Rosa', 'Rosa''s apartment', 'held', 'Half of us did not finish');
INSERT INTO book_club_meetings VALUES (13, '2024-11-07', 'Trust', 'Hernan Diaz', 'Ines', 'Ines''s place', 'held', NULL);
INSERT INTO book_club_meetings VALUES (14, '2024-12-05', 'Small Things Like These', 'Claire Keegan', 'Hannah', 'Hannah and Jo''s house', 'held', 'Holiday party');
INSERT INTO book_club_meetings VALUES (15, '2025-01-09', 'The Bee Sting (vote tied, postponed)', 'Paul Murray', 'Lily', 'Lily''s place', 'held', 'Read Lessons in Chemistry instead (Bonnie Garmus)');
INSERT INTO book_club_meetings VALUES (16, '2025-02-06', 'Prophet Song', 'Paul Lynch', 'Dev', 'Dev''s place, Echo Park', 'held', NULL);
INSERT INTO book_club_meetings VALUES (17, '2025-03-06', 'Yellowface', 'R. F. Kuang', 'Carmen', 'Carmen''s place', 'held', NULL);
INSERT INTO book_club_meetings VALUES (18, '2025-04-03', 'Lincoln in the Bardo', 'George Saunders', 'Maya', 'Echo Park Branch Library, community room', 'held', NULL);
INSERT INTO book_club_meetings VALUES (19, '2025-05-01', 'The Hearing Test', 'Eileen Chang', 'Rosa', 'Rosa''s apartment', 'held', 'Season close; Priya''s last meeting');
INSERT INTO book_club_attendance VALUES (1, 1, 1, 'came', NULL);
INSERT INTO book_club_attendance VALUES (2, 1, 3, 'came', NULL);
INSERT INTO book_club_attendance VALUES (3, 1, 4, 'came', 'lentil salad');
INSERT INTO book_club_attendance VALUES (4, 1, 5, 'came', NULL);
INSERT INTO book_club_attendance VALUES (5, 1, 6, 'came', NULL);
INSERT INTO book_club_attendance VALUES (6, 1, 7, 'apologies', NULL);
INSERT INTO book_club_attendance VALUES (7, 1, 8, 'came', NULL);
INSERT INTO book_club_attendance VALUES (8, 1, 9, 'came', 'wine (2 bottles)');
INSERT INTO book_club_attendance VALUES (9, 1, 20, 'came', NULL);
INSERT INTO book_club_attendance VALUES (10, 2, 1, 'came', NULL);
INSERT INTO book_club_attendance VALUES (11, 2, 3, 'came', NULL);
INSERT INTO book_club_attendance VALUES (12, 2, 4, 'came', NULL);
INSERT INTO book_club_attendance VALUES (13, 2, 5, 'came', NULL);
INSERT INTO book_club_attendance VALUES (14, 2, 6, 'came', NULL);
INSERT INTO book_club_attendance VALUES (15, 2, 7, 'came', 'gluten-free brownies');
INSERT INTO book_club_attendance VALUES (16, 2, 8, 'came', NULL);
INSERT INTO book_club_attendance VALUES (17, 2, 9, 'apologies', NULL);
INSERT INTO book_club_attendance VALUES (18, 2, 20, 'apologies', NULL);
INSERT INTO book_club_attendance VALUES (19, 3, 1, 'came', NULL);
INSERT INTO book_club_attendance VALUES (20, 3, 3, 'came', NULL);
INSERT INTO book_club_attendance VALUES (21, 3, 4, 'came', NULL);
INSERT INTO book_club_attendance VALUES (22, 3, 5, 'came', NULL);
INSERT INTO book_club_attendance VALUES (23, 3, 6, 'came', 'cheese plate');
INSERT INTO book_club_attendance VALUES (24, 3, 7, 'came', NULL);
INSERT INTO book_club_attendance VALUES (25, 3, 8, 'no_show', NULL);
INSERT INTO book_club_attendance VALUES (26, 3, 9, 'came', 'wine');
INSERT INTO book_club_attendance VALUES (27, 3, 20, 'came', NULL);
INSERT INTO book_club_attendance VALUES (28, 4, 1, 'came', NULL);
INSERT INTO book_club_attendance VALUES (29, 4, 3, 'came', NULL);
INSERT INTO book_club_attendance VALUES (30, 4, 4, 'came', NULL);
INSERT INTO book_club_attendance VALUES (31, 4, 5, 'came', NULL);
INSERT INTO book_club_attendance VALUES (32, 4, 6, 'came', NULL);
INSERT INTO book_club_attendance VALUES (33, 4, 7, 'came', 'cookies');
INSERT INTO book_club_attendance VALUES (34, 4, 8, 'came', NULL);
INSERT INTO book_club_attendance VALUES (35, 4, 9, 'came', 'wine (3 bottles)');
INSERT INTO book_club_attendance VALUES (36, 4, 20, 'came', 'hummus and crudités');
INSERT INTO book_club_attendance VALUES (37, 5, 1, 'came', NULL);
INSERT INTO book_club_attendance VALUES (38, 5, 3, 'came', NULL);
INSERT INTO book_club_attendance VALUES (39, 5, 4, 'came', 'olives');
INSERT INTO book_club_attendance VALUES (40, 5, 5, 'apologies', NULL);
INSERT INTO book_club_attendance VALUES (41, 5, 6, 'apologies', NULL);
INSERT INTO book_club_attendance VALUES (42, 5, 7, 'came', NULL);
INSERT INTO book_club_attendance VALUES (43, 5, 8, 'came', NULL);
INSERT INTO book_club_attendance VALUES (44, 5, 9, 'came', 'wine');
INSERT INTO book_club_attendance VALUES (45, 5, 20, 'came', NULL);
INSERT INTO book_club_attendance VALUES (46, 5, 21, 'came', NULL);
INSERT INTO book_club_attendance VALUES (47, 6, 1, 'came', NULL);
INSERT INTO book_club_attendance VALUES (48, 6, 3, 'apologies', NULL);
INSERT INTO book_club_attendance VALUES (49, 6, 4, 'came', NULL);
INSERT INTO book_club_attendance VALUES (50, 6, 5, 'came', NULL);
INSERT INTO book_club_attendance VALUES (51, 6, 6, 'came', NULL);
INSERT INTO book_club_attendance VALUES (52, 6, 7, 'came', 'gluten-free crackers');
INSERT INTO book_club_attendance VALUES (53, 6, 8, 'apologies', NULL);
INSERT INTO book_club_attendance VALUES (54, 6, 9, 'apologies', NULL);
INSERT INTO book_club_attendance VALUES (55, 6, 20, 'came', NULL);
INSERT INTO book_club_attendance VALUES (56, 6, 21, 'came', 'clementines');
INSERT INTO climbing_days VALUES (1, '2025-09-02', 'Granite Loft, Glendale', 'gym', 'Maya', 7, NULL, NULL, NULL);
INSERT INTO climbing_days VALUES (2, '2025-09-09', 'Granite Loft, Glendale', 'gym', 'Maya', 6, NULL, NULL, NULL);
INSERT INTO climbing_days VALUES (3, '2025-09-16', 'Granite Loft, Glendale', 'gym', 'Maya', 8, NULL, NULL, NULL);
INSERT INTO climbing_days VALUES (4, '2025-09-23', 'Granite Loft, Glendale', 'gym', 'Maya', 5, NULL, NULL, NULL);
INSERT INTO climbing_days VALUES (5, '2025-09-30', 'Granite Loft, Glendale', 'gym', 'Maya', 7, NULL, NULL, 'Kenji''s new red 70 m rope christened on the lead wall');
INSERT INTO climbing_days VALUES (6, '2025-10-07', 'Granite Loft, Glendale', 'gym', 'Maya', 9, NULL, NULL, NULL);
INSERT INTO climbing_days VALUES (7, '2025-10-14', 'Granite Loft, Glendale', 'gym', 'Maya', 6, NULL, NULL, NULL);
INSERT INTO climbing_days VALUES (8, '2025-10-21', 'Granite Loft, Glendale', 'gym', 'Maya', 7, NULL, NULL, NULL);
INSERT INTO climbing_days VALUES (9, '2025-10-28', 'Granite Loft, Glendale', 'gym', 'Maya', 8, NULL, NULL, NULL);
INSERT INTO climbing_days VALUES (10, '2025-11-04', 'Granite Loft, Glendale', 'gym', 'Maya', 6, NULL, NULL, 'Sam''s first gym night (guest pass, Maya)');
INSERT INTO climbing_days VALUES (11, '2025-11-11', 'Granite Loft, Glendale', 'gym', 'Maya', 5, NULL, NULL, NULL);
INSERT INTO climbing_days VALUES (12, '2025-11-18', 'Granite Loft, Glendale', 'gym', 'Maya', 7, NULL, NULL, NULL);
INSERT INTO climbing_days VALUES (13, '2025-12-02', 'Granite Loft, Glendale', 'gym', 'Maya', 8, NULL, NULL, NULL);
INSERT INTO climbing_days VALUES (14, '2025-12-09', 'Granite Loft, Glendale', 'gym', 'Maya', 6, NULL, NULL, NULL);
INSERT INTO climbing_days VALUES (15, '2025-12-16', 'Granite Loft, Glendale', 'gym', 'Maya', 4, NULL, NULL, NULL);
INSERT INTO climbing_days VALUES (16, '2026-01-06', 'Granite Loft, Glendale', 'gym', 'Maya', 7, NULL, NULL, NULL);
INSERT INTO climbing_days VALUES (17, '2026-01-13', 'Granite Loft, Glendale', 'gym', 'Maya', 6, NULL, NULL, 'Helmet M shell replaced this week');
INSERT INTO climbing_days VALUES (18, '2026-01-20', 'Granite Loft, Glendale', 'gym', 'Maya', 8, NULL, NULL, NULL);
INSERT INTO climbing_days VALUES (19, '2026-01-27', 'Granite Loft, Glendale', 'gym', 'Maya', 7, NULL, NULL, NULL);
INSERT INTO climbing_days VALUES (20, '2026-02-03', 'Granite Loft, Glendale', 'gym', 'Maya', 6, NULL, NULL, NULL);
INSERT INTO climbing_days VALUES (21, '2026-02-10', 'Granite Loft, Glendale', 'gym', 'Maya', 9, NULL, NULL, 'Leo brought the draws for the lead wall; Sam top-roped the lead wall');
INSERT INTO climbing_days VALUES (22, '2026-02-17', 'Granite Loft, Glendale', 'gym', 'Maya', 7, NULL, NULL, NULL);
INSERT INTO climbing_days VALUES (23, '2025-09-14', 'Stoney Point, Chatsworth', 'outdoor', 'Kenji', 6, 'Tomás', 'crash pads (7)', 'Bouldering; back by 2 pm');
INSERT INTO climbing_days VALUES (24, '2025-10-12', 'Echo Cliffs, Santa Monica Mountains', 'outdoor', 'Leo', 7, 'Tomás, Dev', 'blue/yellow 70 m rope [1], quickdraws [3], helmets [5]', 'Routes 25-33 m; long approach, left the trailhead at 7');
INSERT INTO climbing_days VALUES (25, '2025-11-09', 'Malibu Creek State Park', 'outdoor', 'Maya', 8, 'Tomás, Dev', 'green 60 m rope [2], quickdraws [3], helmets [5], loaner harnesses [6]', 'Two newcomers on top-rope');
INSERT INTO climbing_days VALUES (26, '2025-12-14', 'Joshua Tree, Hidden Valley', 'outdoor', 'Kenji', 6, 'Tomás', 'blue/yellow 70 m rope [1], helmets [5]', 'Camped Saturday night at Ryan Campground');
INSERT INTO climbing_days VALUES (27, '2026-01-18', 'Stoney Point, Chatsworth', 'outdoor', 'Kenji', 5, 'Dev', 'crash pads (7)', 'Windy; short day');
INSERT INTO climbing_days VALUES (28, '2026-02-08', 'Echo Cliffs, Santa Monica Mountains', 'outdoor', 'Leo', 7, 'Tomás, Dev', 'blue/yellow 70 m rope [1], quickdraws [3], helmets [5]', 'Gear check afterwards at Maya''s garage, see the gear log');
INSERT INTO climbing_days VALUES (29, '2025-10-25', 'Granite Loft, Glendale', 'clinic', 'Leo', 4, NULL, NULL, 'Lead clinic (Nina, Aisha, Dev, Maya); Nina passed the lead test');
INSERT INTO climbing_gear VALUES (12, 'Rope 60 m 10.2 mm, blue (Sterling Marathon Pro)', 'Crag Rats (shared)', 'cut up (anchor lengths in bin B)', '2019-04-06', 'retired 2024-02-03', 'Sheath worn through near one end after a Joshua Tree weekend; retired by Leo and Maya, cut into 3 anchor lengths; replaced by the green 60 m');
INSERT INTO climbing_gear VALUES (13, 'Cordelette 7 mm x3, for top-rope anchors', 'Crag Rats (shared)', 'Maya''s garage, bin B', '2024-02-10', 'in service', 'Cut from the retired blue 60 m rope');
INSERT INTO climbing_gear VALUES (14, 'Stick clip (Beta Stick Evo)', 'Leo Martins', 'Leo''s place', '2024-05-19', 'in service', 'Leo brings it on sport days');
INSERT INTO memberships VALUES (6, 'Summit Co-op', 'SC 7730 5987', 'Jordan Ellis', 'lifetime', '2024 member dividend $12.85 (issued 15 Mar 2025): store credit, apply at checkout in store or online; expires 15 Mar 2026', 'Jordan''s own membership; only he can use his dividend');
INSERT INTO memberships VALUES (7, 'Summit Co-op', 'SC 7730 4412', 'Maya Chen', 'lifetime', '2023 member dividend $31.20 (issued 15 Mar 2024): store credit, applied at checkout on 2 Nov 2024 (approach shoes)', 'Used');
INSERT INTO memberships VALUES (8, 'Lark & Lantern Books', 'club account SILVER LAKE READERS', 'Maya Chen (for the club)', NULL, '15% off for the book club; orders under the club name', 'Pickup at the store on Sunset');
INSERT INTO venues VALUES (1, 'Echo Park Branch Library, Community Room', 'library room', '1410 W Temple St, Los Angeles', 14, 'free for LAPL card holders; book at least 2 weeks ahead', 'no animals (service animals only)', 'yes (ramp at the side entrance)', 'echopark@lapl.example', '2026-02-05', 'Room closes at 8:45 pm sharp');
INSERT INTO venues VALUES (2, 'Rosa''s apartment', 'member home', 'Lake View Ave, Silver Lake', 12, 'free', 'cat (Miso)', 'no (third floor walk-up)', 'Rosa Delgado', '2025-09-04', 'Miso can be shut in the bedroom');
INSERT INTO venues VALUES (3, 'Dev''s place', 'member home', 'Echo Park', 10, 'free', 'none', 'yes', 'Dev Patel', '2025-10-02', 'Street parking easier after 7 pm');
INSERT INTO venues VALUES (4, 'Ines''s place', 'member home', 'Los Feliz', 10, 'free', 'dog (Biscuit, small terrier)', 'yes', 'Ines Moreau', '2025-11-06', NULL);
INSERT INTO venues VALUES (5, 'Hannah and Jo''s house', 'member home', 'Atwater Village', 16, 'free', 'none', 'yes', 'Hannah Kim', '2025-12-04', 'Big living room; used for the holiday parties');
INSERT INTO venues VALUES (6, 'Lily''s place', 'member home', 'Silver Lake, Griffith Park Blvd', 9, 'free', 'none', 'no (steps to the front door)', 'Lily Tran', '2026-01-08', NULL);
INSERT INTO venues VALUES (7, 'Carmen''s place', 'member home', 'Highland Park', 10, 'free', 'two cats', 'yes', 'Carmen Vidal', '2025-03-06', NULL);
INSERT INTO venues VALUES (8, 'Tierra Café, back room', 'café', 'Sunset Blvd, Silver Lake', 30, 'free room for groups that order food and drinks; deposit for evening events, credited against the bill', 'no animals inside', 'yes', 'Paloma Ortiz, events', '2026-02-12', 'Asked us in February to give two weeks'' notice for events');
INSERT INTO venues VALUES (9, 'Lark & Lantern Books, reading corner', 'bookshop', 'Sunset Blvd, Silver Lake', 20, 'free for author events with book sales', 'shop cat (Pages)', 'yes', 'orders@larkandlantern.example', NULL, 'Has hosted author talks for other clubs');
INSERT INTO venues VALUES (10, 'Granite Loft, party room', 'climbing gym', '4120 San Fernando Rd, Glendale', 20, '$150 for 2 hours', 'no animals', 'yes', 'groups@granite-loft.example', NULL, 'Crag Rats end-of-year party idea');
INSERT INTO venues VALUES (11, 'Sunset Junction Community Center, Room B', 'community center', 'Sunset Blvd, Silver Lake', 25, '$40 per hour, $50 deposit', 'no animals', 'yes', 'bookings@sunsetjunction.example', '2024-06-13', 'Used once for the 2024 summer swap');
INSERT INTO venues VALUES (12, 'Vons on Sunset & Fountain, parking lot', 'meeting point', 'Sunset Blvd & Fountain Ave', NULL, 'free', 'n/a', 'n/a', NULL, '2026-02-08', 'Carpool point for outdoor days');
INSERT INTO shared_expenses VALUES (1, '2025-09-14', 'climbing', 'Tomás', 'Gas, Stoney Point', 2860, 'Tomás, Kenji, Maya, Dev, Aisha, Leo', 'yes');
INSERT INTO shared_expenses VALUES (2, '2025-10-12', 'climbing', 'Tomás', 'Gas and parking, Echo Cliffs', 4120, '7 climbers', 'yes');
INSERT INTO shared_expenses VALUES (3, '2025-10-12', 'climbing', 'Dev', 'Gas, Echo Cliffs (second car)', 2450, '7 climbers', 'yes');
INSERT INTO shared_expenses VALUES (4, '2025-10-25', 'climbing', 'Maya', 'Lead clinic snacks', 1890, 'Nina, Aisha, Dev, Maya', 'yes');
INSERT INTO shared_expenses VALUES (5, '2025-11-09', 'climbing', 'Maya', 'Malibu Creek day-use parking (2 cars)', 2400, '8 climbers', 'yes');
INSERT INTO shared_expenses VALUES (6, '2025-11-09', 'climbing', 'Tomás', 'Gas, Malibu Creek', 3360, '8 climbers', 'yes');
INSERT INTO shared_expenses VALUES (7, '2025-12-13', 'climbing', 'Kenji', 'Ryan Campground site, 1 night', 2500, '6 climbers', 'yes');
INSERT INTO shared_expenses VALUES (8, '2025-12-14', 'climbing', 'Tomás', 'Gas, Joshua Tree', 7880, '6 climbers', 'yes');
INSERT INTO shared_expenses VALUES (9, '2025-12-14', 'climbing', 'Maya', 'Joshua Tree park entrance (vehicle pass x1)', 3000, '6 climbers', 'yes');
INSERT INTO shared_expenses VALUES (10, '2026-01-10', 'climbing', 'Maya', 'Replacement helmet shell (BD Half Dome M)', 4995, 'Crag Rats gear fund (10 members)', 'partly');
INSERT INTO shared_expenses VALUES (11, '2026-01-18', 'climbing', 'Dev', 'Gas, Stoney Point', 2280, 'Dev, Kenji, Maya, Sam, Ruth', 'yes');
INSERT INTO shared_expenses VALUES (12, '2026-01-20', 'climbing', 'Aisha', 'First-aid kit restock', 3640, 'Crag Rats gear fund (10 members)', 'yes');
INSERT INTO shared_expenses VALUES (13, '2026-02-08', 'climbing', 'Tomás', 'Gas and parking, Echo Cliffs', 4310, '7 climbers', 'no');
INSERT INTO shared_expenses VALUES (14, '2026-02-08', 'climbing', 'Dev', 'Gas, Echo Cliffs (second car)', 2390, '7 climbers', 'no');
INSERT INTO shared_expenses VALUES (15, '2026-01-21', 'oaxaca_crew', 'Maya', 'Casa Jacaranda deposit (50%)', 146000, '8 guests ($182.50 each)', 'partly');
INSERT INTO shared_expenses VALUES (16, '2026-01-25', 'oaxaca_crew', 'Hannah', 'Bridesmaid dress fabric samples', 1800, 'Hannah, Maya', 'yes');
INSERT INTO shared_expenses VALUES (17, '2026-02-14', 'oaxaca_crew', 'Jordan', 'Dinner at Bestia (Jordan and Maya)', 11800, 'Jordan, Maya', 'yes');
INSERT INTO shared_expenses VALUES (18, '2025-09-20', 'friends', 'Maya', 'Hollywood Bowl tickets x4', 26800, 'Maya, Jordan, Rosa, Dev', 'yes');
INSERT INTO shared_expenses VALUES (19, '2025-10-31', 'friends', 'Jordan', 'Halloween party supplies', 6420, 'Maya, Jordan', 'yes');
INSERT INTO shared_expenses VALUES (20, '2025-11-27', 'friends', 'Hannah', 'Friendsgiving groceries', 18450, '8 people', 'yes');
INSERT INTO shared_expenses VALUES (21, '2025-12-20', 'friends', 'Rosa', 'White elephant wrapping and snacks', 2210, 'book club (10)', 'yes');
INSERT INTO shared_expenses VALUES (22, '2026-01-31', 'friends', 'Dev', 'Lakers tickets x3', 38400, 'Dev, Maya, Jordan', 'yes');
INSERT INTO shared_expenses VALUES (23, '2026-02-01', 'friends', 'Maya', 'Sofia''s shower: deposit for the Pasadena tea room', 10000, 'bridesmaids (Camila, Renata, Hannah, Maya)', 'no');
INSERT INTO shared_expenses VALUES (24, '2025-09-06', 'climbing', 'Leo', 'Chalk bucket refill', 1450, 'Crag Rats gear fund (10 members)', 'yes');
INSERT INTO shared_expenses VALUES (25, '2025-12-02', 'climbing', 'Maya', 'Guest pass for Sam (second visit)', 2500, 'Sam', 'yes');
INSERT INTO shared_expenses VALUES (26, '2026-02-17', 'climbing', 'Leo', 'Tape and finger tape for the gym bag', 1190, 'Crag Rats gear fund (10 members)', 'no');
INSERT INTO shared_expenses VALUES (27, '2025-10-04', 'friends', 'Carmen', 'Wine for the Piranesi night (not from the kitty)', 3900, 'Carmen', 'yes');
INSERT INTO shared_expenses VALUES (28, '2025-11-15', 'oaxaca_crew', 'Sofia', 'Save-the-date cards postage', 2200, 'Sofia', 'yes');
INSERT INTO trip_plan VALUES (1, '2026-05-14', '13:00', 'Check-in at Casa Jacaranda (self check-in)', 'everyone', NULL, 'yes', 'See the rental agreement');
INSERT INTO trip_plan VALUES (2, '2026-05-14', '20:00', 'Dinner for whoever has arrived: Levadura de Olla', 'LA crew', 4500, 'no', 'Table for 8, Maya to call');
INSERT INTO trip_plan VALUES (3, '2026-05-15', '09:00', 'Bus to Santiago Matatlán for the mezcal tasting (from the Zócalo)', 'everyone', 3500, 'yes', 'Paid by Sofia and Ben');
INSERT INTO trip_plan VALUES (4, '2026-05-15', '15:00', 'Bridesmaids'' final fitting, Calle Macedonio Alcalá', 'Maya, Hannah', NULL, 'yes', NULL);
INSERT INTO trip_plan VALUES (5, '2026-05-15', '19:00', 'Welcome dinner, Casa Oaxaca terrace', 'everyone', NULL, 'yes', 'RSVP through the wedding site');
INSERT INTO trip_plan VALUES (6, '2026-05-16', '10:00', 'Hair and make-up for the bridesmaids at the hotel', 'Maya, Hannah', 6000, 'yes', 'Paid to Valeria');
INSERT INTO trip_plan VALUES (7, '2026-05-16', '16:30', 'Ceremony at Jardín San Felipe, calenda and dinner', 'everyone', NULL, 'not needed', 'Garden formal, flat shoes');
INSERT INTO trip_plan VALUES (8, '2026-05-17', '08:00', 'Monte Albán with a private guide (optional)', 'Chris, Hannah, Jo, Elena', 2800, 'no', 'Split the guide between 4-6 people');
INSERT INTO trip_plan VALUES (9, '2026-05-17', '12:00', 'Farewell brunch at Sofia''s aunt''s house', 'everyone', NULL, 'not needed', 'Barrio de Xochimilco');
INSERT INTO trip_plan VALUES (10, '2026-05-18', '11:00', 'Check-out of Casa Jacaranda', 'everyone', NULL, 'not needed', 'Keys back in the lockbox');
INSERT INTO trip_plan VALUES (11, '2026-05-18', '15:20', 'Flight home KX/Y4/AM/UA (see trip_guests)', 'everyone', NULL, 'yes', NULL);
INSERT INTO trip_plan VALUES (12, '2026-05-13', '17:20', 'Dev arrives a day early (hotel night in the centro)', 'Dev', NULL, 'yes', 'No pickup needed');
INSERT INTO gift_fund VALUES (1, 1, 7500, 7500, '2026-02-01', 'kept by Maya', 'Organiser');
INSERT INTO gift_fund VALUES (2, 2, 7500, 7500, '2026-02-01', 'kept by Maya', NULL);
INSERT INTO gift_fund VALUES (3, 6, 7500, 7500, '2026-02-16', 'Venmo', NULL);
INSERT INTO gift_fund VALUES (4, 15, 7500, 7500, '2026-02-16', 'Venmo', NULL);
INSERT INTO gift_fund VALUES (5, 16, 7500, 0, NULL, NULL, 'Will pay in cash in Oaxaca');
INSERT INTO gift_fund VALUES (6, 17, 7500, 7500, '2026-01-22', 'Venmo', NULL);
INSERT INTO gift_fund VALUES (7, 18, 7500, 0, NULL, NULL, NULL);
INSERT INTO gift_fund VALUES (8, 5, 7500, 7500, '2026-02-02', 'Zelle', NULL);
INSERT INTO gift_fund VALUES (9, 26, 0, 0, NULL, NULL, 'Bridesmaid on Sofia''s side; not in the LA gift');
