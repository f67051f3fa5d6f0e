-- HALO-Arena environment tr (travel): Kenji Watanabe's personal travel records.
-- Kenji keeps this database himself: trips (with the firm's travel request numbers), bookings,
-- travel documents for the family, loyalty accounts and his expense reports.
-- Amounts are integer minor units of the stated currency (JPY has no subunit: 1 = 1 yen).

CREATE TABLE trips (
    id TEXT PRIMARY KEY,            -- ASP travel request number (TR-YYMM-NNN); P- for private trips
    purpose TEXT NOT NULL,
    client TEXT,
    destination TEXT NOT NULL,
    depart_on TEXT NOT NULL,        -- ISO date
    return_on TEXT NOT NULL,
    billing TEXT NOT NULL,          -- rebillable | internal | personal
    status TEXT NOT NULL,           -- planned | booked | completed | cancelled
    notes TEXT
);

CREATE TABLE bookings (
    id INTEGER PRIMARY KEY,
    trip_id TEXT REFERENCES trips(id),
    kind TEXT NOT NULL,             -- flight | hotel | rail | car | other
    provider TEXT NOT NULL,
    reference TEXT,                 -- PNR, confirmation or ticket number
    details TEXT,
    starts_at TEXT,                 -- local time at the place of departure / check-in
    ends_at TEXT,
    amount_minor INTEGER,
    currency TEXT,
    paid_with TEXT,
    terms TEXT,                     -- change / cancellation terms as noted at booking
    status TEXT NOT NULL            -- held | confirmed | used | cancelled
);

CREATE TABLE travel_documents (
    id INTEGER PRIMARY KEY,
    holder TEXT NOT NULL,
    kind TEXT NOT NULL,
    number TEXT,
    issuing_country TEXT,
    issued_on TEXT,
    expires_on TEXT,
    status TEXT NOT NULL,
    notes TEXT
);

CREATE TABLE loyalty_accounts (
    id INTEGER PRIMARY KEY,
    program TEXT NOT NULL,
    holder TEXT NOT NULL,
    member_no TEXT NOT NULL,
    tier TEXT,
    balance INTEGER NOT NULL,
    unit TEXT NOT NULL,             -- miles | points
    expiry_note TEXT,
    notes TEXT
);

CREATE TABLE expense_reports (
    id TEXT PRIMARY KEY,            -- report number in the ASP expense system
    trip_id TEXT REFERENCES trips(id),
    period TEXT NOT NULL,           -- YYYY-MM cycle
    submitted_on TEXT,
    total_minor INTEGER NOT NULL,   -- JPY, corporate card and out-of-pocket items together
    out_of_pocket_minor INTEGER NOT NULL, -- JPY owed to Kenji
    status TEXT NOT NULL,           -- draft | submitted | approved | returned | paid
    approver TEXT,
    notes TEXT
);

INSERT INTO trips VALUES ('TR-2511-088', 'Kansai Precision workshop 1 (operations diagnostic)', 'Kansai Precision Industries', 'Osaka (Higashiosaka)', '2025-11-18', '2025-11-19', 'rebillable', 'completed', NULL);
INSERT INTO trips VALUES ('TR-2512-102', 'Kansai Precision workshop 2', 'Kansai Precision Industries', 'Osaka (Higashiosaka)', '2025-12-09', '2025-12-10', 'rebillable', 'completed', NULL);
INSERT INTO trips VALUES ('TR-2512-117', 'Operations practice partner retreat', NULL, 'Kyoto', '2025-12-18', '2025-12-19', 'internal', 'completed', 'Shared taxi with Reiko back to Kyoto station');
INSERT INTO trips VALUES ('TR-2601-004', 'Rheinwerk supplier workshop week', 'Rheinwerk Automotive GmbH', 'Frankfurt am Main', '2026-01-12', '2026-01-18', 'rebillable', 'completed', 'Workshops 13-16 Jan at Rheinwerk Westend office; Heimtextil fair in town the same week');
INSERT INTO trips VALUES ('TR-2601-019', 'Kansai Precision workshop 3', 'Kansai Precision Industries', 'Osaka (Higashiosaka)', '2026-01-20', '2026-01-21', 'rebillable', 'completed', NULL);
INSERT INTO trips VALUES ('TR-2602-011', 'Kansai Precision interviews (plant managers)', 'Kansai Precision Industries', 'Osaka (Higashiosaka)', '2026-02-03', '2026-02-04', 'rebillable', 'completed', NULL);
INSERT INTO trips VALUES ('TR-2602-027', 'Kansai Precision workshop 4', 'Kansai Precision Industries', 'Osaka (Higashiosaka)', '2026-02-24', '2026-02-24', 'rebillable', 'booked', 'Day trip; last Nozomi back 21:24');

INSERT INTO bookings VALUES (1, 'TR-2511-088', 'rail', 'JR Central (SmartEX)', 'EX-5521-0918', 'Nozomi 9 Tokyo 07:00 -> Shin-Osaka 09:27; Nozomi 254 back', '2025-11-18T07:00', '2025-11-19T20:57', 29440, 'JPY', 'corporate card', 'free changes before departure', 'used');
INSERT INTO bookings VALUES (2, 'TR-2511-088', 'hotel', 'Hotel Nakanoshima Riverside', '88213470', '1 night, single, no breakfast', '2025-11-18T15:00', '2025-11-19T10:00', 16800, 'JPY', 'corporate card', 'free cancellation until 18:00 the day before', 'used');
INSERT INTO bookings VALUES (3, 'TR-2512-102', 'rail', 'JR Central (SmartEX)', 'EX-5613-4402', 'Nozomi return Tokyo - Shin-Osaka', '2025-12-09T07:00', '2025-12-10T20:30', 29440, 'JPY', 'corporate card', 'free changes before departure', 'used');
INSERT INTO bookings VALUES (4, 'TR-2512-102', 'hotel', 'Hotel Nakanoshima Riverside', '88291155', '1 night, single', '2025-12-09T15:00', '2025-12-10T10:00', 17400, 'JPY', 'corporate card', 'free cancellation until 18:00 the day before', 'used');
INSERT INTO bookings VALUES (5, 'TR-2512-117', 'hotel', 'Kyoto Karasuma Hotel', 'KK-30217', 'Booked centrally by Misaki for all partners', '2025-12-18T15:00', '2025-12-19T11:00', 0, 'JPY', 'firm (central invoice)', NULL, 'used');
INSERT INTO bookings VALUES (6, 'TR-2601-004', 'flight', 'ANA via Kasumi Business Travel', 'PNR 7KQ2LM / ticket 205-2419837710', 'NH 223 HND 11:05 -> FRA 18:10 (12 Jan); NH 204 FRA 20:45 -> HND 17:10+1 (17 Jan, overnight)', '2026-01-12T11:05', '2026-01-18T17:10', 412300, 'JPY', 'corporate card', 'premium economy flex; changes JPY 20,000', 'used');
INSERT INTO bookings VALUES (7, 'TR-2601-004', 'hotel', 'Hotel Mainzer Hof, Frankfurt-Westend', 'MH-260112-4471', '5 nights incl. breakfast, EUR 349 per night (Heimtextil week); booked by KBT', '2026-01-12T15:00', '2026-01-17T12:00', 174500, 'EUR', 'corporate card', 'non-refundable after 5 Jan', 'used');
INSERT INTO bookings VALUES (8, 'TR-2601-019', 'rail', 'JR Central (SmartEX)', 'EX-5708-1190', 'Nozomi return Tokyo - Shin-Osaka', '2026-01-20T07:00', '2026-01-21T20:30', 29440, 'JPY', 'corporate card', 'free changes before departure', 'used');
INSERT INTO bookings VALUES (9, 'TR-2601-019', 'hotel', 'Hotel Nakanoshima Riverside', '88344026', '1 night, single', '2026-01-20T15:00', '2026-01-21T10:00', 16900, 'JPY', 'corporate card', 'free cancellation until 18:00 the day before', 'used');
INSERT INTO bookings VALUES (10, 'TR-2602-011', 'rail', 'JR Central (SmartEX)', 'EX-5741-3307', 'Nozomi return Tokyo - Shin-Osaka', '2026-02-03T06:48', '2026-02-04T20:12', 29440, 'JPY', 'corporate card', 'free changes before departure', 'used');
INSERT INTO bookings VALUES (11, 'TR-2602-011', 'hotel', 'Hotel Nakanoshima Riverside', '88360912', '1 night, single', '2026-02-03T15:00', '2026-02-04T10:00', 17400, 'JPY', 'corporate card', 'free cancellation until 18:00 the day before', 'used');
INSERT INTO bookings VALUES (12, 'TR-2602-027', 'rail', 'JR Central (SmartEX)', 'EX-5802-6651', 'Nozomi 1 Tokyo 06:00 -> Shin-Osaka 08:27; Nozomi 64 Shin-Osaka 21:24 -> Tokyo 23:45', '2026-02-24T06:00', '2026-02-24T23:45', 29440, 'JPY', 'corporate card', 'free changes before departure', 'confirmed');
INSERT INTO bookings VALUES (13, NULL, 'other', 'Ubigi eSIM', 'UBG-0039918', 'Asia 10 GB / 30 days data plan, auto top-up off', '2026-01-10T00:00', NULL, 2980, 'JPY', 'personal ANA card', NULL, 'used');
INSERT INTO bookings VALUES (14, 'TR-2601-004', 'other', 'Frankfurt RMV', NULL, 'Airport train FRA - Hauptbahnhof, return', '2026-01-12T19:00', '2026-01-17T18:30', 1220, 'EUR', 'corporate card', NULL, 'used');

INSERT INTO travel_documents VALUES (1, 'Kenji Watanabe', 'passport (10-year, IC)', 'TK4820193', 'Japan', '2017-01-20', '2027-01-20', 'valid', 'Renewal possible from one year before expiry: online via Mynaportal or at the Tokyo Passport Center (Yurakucho); pick-up in person');
INSERT INTO travel_documents VALUES (2, 'Kenji Watanabe', 'ESTA (USA travel authorisation)', 'ESTA-A7X9-22KD-01', 'United States', '2025-03-02', '2027-03-02', 'approved', 'Linked to passport TK4820193');
INSERT INTO travel_documents VALUES (3, 'Kenji Watanabe', 'Global Entry (US Trusted Traveler), PASSID 981733204', '981733204', 'United States', NULL, '2026-11-30', 'conditionally approved - interview pending', 'Applied via the Japan Trusted Traveler route (TTP registration done at Haneda, Oct 2025). Interview either at a US enrollment centre by appointment or via Enrollment on Arrival when landing at a participating airport (JFK included): go to the CBP Global Entry/EoA line, no appointment needed. Conditional approval lapses if the interview is not done by the date shown.');
INSERT INTO travel_documents VALUES (4, 'Kenji Watanabe', 'driving licence (gold)', '30 1208 447712', 'Japan', '2023-08-14', '2028-09-14', 'valid', NULL);
INSERT INTO travel_documents VALUES (5, 'Kenji Watanabe', 'international driving permit (1949 Geneva)', 'IDP-TK-25-118730', 'Japan', '2025-04-10', '2026-04-09', 'valid', 'Issued at Samezu licence centre before the Hawaii family holiday (April 2025); valid one year');
INSERT INTO travel_documents VALUES (6, 'Kenji Watanabe', 'My Number card (e-certificate for Mynaportal)', '****-****-4409', 'Japan', '2022-05-30', '2032-05-30', 'valid', 'Electronic signature certificate valid until 2027-05-29');
INSERT INTO travel_documents VALUES (7, 'Yuki Watanabe', 'passport (10-year, IC)', 'TZ7719034', 'Japan', '2021-06-03', '2031-06-03', 'valid', NULL);
INSERT INTO travel_documents VALUES (8, 'Hana Watanabe', 'passport (5-year, child)', 'TR5530871', 'Japan', '2023-07-21', '2028-07-21', 'valid', 'Child passport: both parents sign the application');

INSERT INTO loyalty_accounts VALUES (1, 'ANA Mileage Club', 'Kenji Watanabe', '4107338261', 'Bronze Service (2026)', 61450, 'miles', '23,800 miles expire 2026-03-31', 'Award users registered: Yuki Watanabe (spouse), Hana Watanabe (daughter). Statement checked 2026-02-01.');
INSERT INTO loyalty_accounts VALUES (2, 'ANA Mileage Club', 'Yuki Watanabe', '4107512093', NULL, 9870, 'miles', 'none before 2027', 'Family account not pooled');
INSERT INTO loyalty_accounts VALUES (3, 'JAL Mileage Bank', 'Kenji Watanabe', '3819047755', NULL, 8120, 'miles', '2,400 miles expire 2026-11-30', 'Only from Kyushu trips in 2023');
INSERT INTO loyalty_accounts VALUES (4, 'Marriott Bonvoy', 'Kenji Watanabe', '812 449 207', 'Gold Elite', 84300, 'points', 'no expiry while there is activity every 24 months', 'Gold via the ANA card benefit');
INSERT INTO loyalty_accounts VALUES (5, 'KrisFlyer (Singapore Airlines)', 'Kenji Watanabe', '8802 551 946', NULL, 4200, 'miles', 'expire 2028-05-31', NULL);
INSERT INTO loyalty_accounts VALUES (6, 'Hilton Honors', 'Kenji Watanabe', '1029 337 815', 'Member', 12500, 'points', 'expire after 24 months without activity', NULL);

INSERT INTO expense_reports VALUES ('ER-2511-22', 'TR-2511-088', '2025-11', '2025-11-25', 50120, 3880, 'paid', 'Reiko Mori', NULL);
INSERT INTO expense_reports VALUES ('ER-2512-15', 'TR-2512-102', '2025-12', '2025-12-16', 50660, 3820, 'paid', 'Reiko Mori', NULL);
INSERT INTO expense_reports VALUES ('ER-2512-31', 'TR-2512-117', '2025-12', '2025-12-22', 38040, 38040, 'paid', 'Reiko Mori', 'Train and taxi only; hotel on central invoice');
INSERT INTO expense_reports VALUES ('ER-2601-07', 'TR-2601-004', '2026-01', '2026-01-29', 793610, 65640, 'submitted', 'Reiko Mori', 'Flights, hotel (EUR 1,745 at 180.9), airport train, taxis, per diem 6 days, client dinner 15 Jan');
INSERT INTO expense_reports VALUES ('ER-2601-12', 'TR-2601-019', '2026-01', '2026-01-23', 48840, 2500, 'approved', 'Reiko Mori', NULL);
INSERT INTO expense_reports VALUES ('ER-2602-03', 'TR-2602-011', '2026-02', NULL, 54820, 6460, 'draft', 'Reiko Mori', 'Taxi receipt from MK Taxi still to be photographed');
