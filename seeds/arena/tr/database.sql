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

INSERT INTO travel_documents VALUES (1, 'Kenji Watanabe', 'passport (10-year, IC)', 'TK4820193', 'Japan', '2017-01-20', '2027-01-20', 'valid', 'Renewal possible from one year before expiry: online via Mynaportal or at the Tokyo Passport Center (Yurakucho); issued about 6 working days after the application (Tokyo, weekends and holidays not counted), pick-up in person');
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
INSERT INTO expense_reports VALUES ('ER-2601-07', 'TR-2601-004', '2026-01', '2026-01-29', 850050, 65640, 'submitted', 'Reiko Mori', 'Flights, hotel (EUR 1,745 at 180.9), airport train, taxis, per diem 7 days, client dinner 15 Jan');
INSERT INTO expense_reports VALUES ('ER-2601-12', 'TR-2601-019', '2026-01', '2026-01-23', 48840, 2500, 'approved', 'Reiko Mori', NULL);
INSERT INTO expense_reports VALUES ('ER-2602-03', 'TR-2602-011', '2026-02', NULL, 54820, 4020, 'draft', 'Reiko Mori', 'Taxi receipt from MK Taxi still to be photographed');

-- ---------------------------------------------------------------------------------------------
-- Back-filled history (entered from the expense system in November 2025) and reference tables.

INSERT INTO trips VALUES ('TR-2504-031', 'Hokuriku Denki plant diagnostic, kick-off', 'Hokuriku Denki Co.', 'Toyama', '2025-04-15', '2025-04-16', 'rebillable', 'completed', 'Hokuriku Shinkansen Kagayaki; client car from Toyama station');
INSERT INTO trips VALUES ('TR-2505-012', 'Hokuriku Denki plant walk-throughs', 'Hokuriku Denki Co.', 'Toyama (Namerikawa plant)', '2025-05-13', '2025-05-15', 'rebillable', 'completed', NULL);
INSERT INTO trips VALUES ('TR-2506-007', 'Hokuriku Denki interim report', 'Hokuriku Denki Co.', 'Toyama', '2025-06-10', '2025-06-10', 'rebillable', 'completed', 'Day trip');
INSERT INTO trips VALUES ('TR-2506-029', 'Pacific Gateway Retail store benchmarking', 'Pacific Gateway Retail Ltd.', 'Hong Kong', '2025-06-23', '2025-06-27', 'rebillable', 'completed', 'Store visits Kowloon and Sha Tin; client HQ in Quarry Bay');
INSERT INTO trips VALUES ('TR-2507-015', 'Hokuriku Denki implementation workshops', 'Hokuriku Denki Co.', 'Toyama', '2025-07-08', '2025-07-09', 'rebillable', 'completed', NULL);
INSERT INTO trips VALUES ('TR-2507-040', 'Operations practice summer meeting', NULL, 'Nagoya', '2025-07-25', '2025-07-25', 'internal', 'completed', 'Joint session with the Nagoya office');
INSERT INTO trips VALUES ('TR-2509-006', 'Rheinwerk Automotive pitch and scoping', 'Rheinwerk Automotive GmbH', 'Frankfurt am Main', '2025-09-08', '2025-09-12', 'rebillable', 'completed', 'Proposal presented 10 Sep; IAA Mobility in Munich the same week, hotels tight');
INSERT INTO trips VALUES ('TR-2509-033', 'Hokuriku Denki final report', 'Hokuriku Denki Co.', 'Toyama', '2025-09-24', '2025-09-25', 'rebillable', 'completed', 'Engagement closed');
INSERT INTO trips VALUES ('TR-2510-014', 'Straits Logistics orals (proposal presentation)', 'Straits Logistics Group', 'Singapore', '2025-10-20', '2025-10-22', 'internal', 'completed', 'Business development - not rebillable; contract won in December');
INSERT INTO trips VALUES ('TR-2510-037', 'Kansai Precision pre-engagement meeting', 'Kansai Precision Industries', 'Osaka (Higashiosaka)', '2025-10-29', '2025-10-29', 'internal', 'completed', 'Business development day trip');
INSERT INTO trips VALUES ('TR-2511-041', 'ASP Asia partner conference', NULL, 'Seoul', '2025-11-05', '2025-11-07', 'internal', 'completed', 'Panel on Japanese supply chains');
INSERT INTO trips VALUES ('P-2504-01', 'Family holiday Hawaii (Oahu, drive to the North Shore)', NULL, 'Honolulu', '2025-04-26', '2025-05-03', 'personal', 'completed', 'Golden Week; rental car, IDP issued for it');
INSERT INTO trips VALUES ('P-2508-01', 'Obon with Takashi''s family', NULL, 'Fukuoka', '2025-08-13', '2025-08-17', 'personal', 'completed', 'Flights on miles (ANA award, peak season)');
INSERT INTO trips VALUES ('P-2510-01', 'Wedding anniversary weekend', NULL, 'Kanazawa', '2025-10-03', '2025-10-05', 'personal', 'completed', 'Hana at her grandparents in Yokohama');
INSERT INTO trips VALUES ('P-2512-01', 'New Year at Yuki''s parents', NULL, 'Yokohama', '2025-12-30', '2026-01-02', 'personal', 'completed', NULL);

INSERT INTO bookings VALUES (17, 'TR-2504-031', 'rail', 'JR East (Eki-net, corporate)', 'EN-2504-18832', 'Kagayaki 503 Tokyo 07:20 -> Toyama 09:32; Kagayaki 514 back', '2025-04-15T07:20', '2025-04-16T19:40', 26180, 'JPY', 'corporate card', 'changes free before departure', 'used');
INSERT INTO bookings VALUES (18, 'TR-2504-031', 'hotel', 'Toyama Excel Hotel Tokyu', 'TX-3310925', '1 night, single', '2025-04-15T15:00', '2025-04-16T11:00', 12100, 'JPY', 'corporate card', 'free cancellation until the day before', 'used');
INSERT INTO bookings VALUES (19, 'TR-2505-012', 'rail', 'JR East (Eki-net, corporate)', 'EN-2505-20419', 'Kagayaki return Tokyo - Toyama', '2025-05-13T07:20', '2025-05-15T19:40', 26180, 'JPY', 'corporate card', 'changes free before departure', 'used');
INSERT INTO bookings VALUES (20, 'TR-2505-012', 'hotel', 'Toyama Excel Hotel Tokyu', 'TX-3318471', '2 nights, single', '2025-05-13T15:00', '2025-05-15T11:00', 24800, 'JPY', 'corporate card', 'free cancellation until the day before', 'used');
INSERT INTO bookings VALUES (21, 'TR-2506-007', 'rail', 'JR East (Eki-net, corporate)', 'EN-2506-22015', 'Kagayaki return Tokyo - Toyama, day trip', '2025-06-10T06:16', '2025-06-10T21:24', 26180, 'JPY', 'corporate card', 'changes free before departure', 'used');
INSERT INTO bookings VALUES (22, 'TR-2506-029', 'flight', 'ANA via Kasumi Business Travel', 'PNR 4DC9TA', 'NH 859 HND 09:55 -> HKG 13:40 (23 Jun); NH 860 HKG 15:10 -> HND 20:35 (27 Jun)', '2025-06-23T09:55', '2025-06-27T20:35', 98700, 'JPY', 'corporate card', 'economy flex; changes JPY 10,000', 'used');
INSERT INTO bookings VALUES (23, 'TR-2506-029', 'hotel', 'Harbour Grand Kowloon', 'HGK-7781204', '4 nights, harbour view, breakfast', '2025-06-23T15:00', '2025-06-27T12:00', 864000, 'HKD', 'corporate card', 'free cancellation until 3 days before', 'used');
INSERT INTO bookings VALUES (24, 'TR-2507-015', 'rail', 'JR East (Eki-net, corporate)', 'EN-2507-23390', 'Kagayaki return Tokyo - Toyama', '2025-07-08T07:20', '2025-07-09T19:40', 26180, 'JPY', 'corporate card', 'changes free before departure', 'used');
INSERT INTO bookings VALUES (25, 'TR-2507-015', 'hotel', 'Toyama Excel Hotel Tokyu', 'TX-3327716', '1 night, single', '2025-07-08T15:00', '2025-07-09T11:00', 13200, 'JPY', 'corporate card', 'free cancellation until the day before', 'used');
INSERT INTO bookings VALUES (26, 'TR-2507-040', 'rail', 'JR Central (SmartEX)', 'EX-4102-7745', 'Nozomi return Tokyo - Nagoya', '2025-07-25T07:30', '2025-07-25T19:10', 22200, 'JPY', 'corporate card', 'free changes before departure', 'used');
INSERT INTO bookings VALUES (27, 'TR-2509-006', 'flight', 'ANA via Kasumi Business Travel', 'PNR 2WX8NF / ticket 205-2391104482', 'NH 223 HND 11:05 -> FRA 18:10 (8 Sep); NH 204 FRA 20:45 -> HND 17:10+1 (12 Sep)', '2025-09-08T11:05', '2025-09-13T17:10', 398600, 'JPY', 'corporate card', 'premium economy flex; changes JPY 20,000', 'used');
INSERT INTO bookings VALUES (28, 'TR-2509-006', 'hotel', 'Hotel Mainzer Hof, Frankfurt-Westend', 'MH-250908-2216', '4 nights incl. breakfast, EUR 289 per night; booked by KBT', '2025-09-08T15:00', '2025-09-12T12:00', 115600, 'EUR', 'corporate card', 'free cancellation until 1 Sep', 'used');
INSERT INTO bookings VALUES (29, 'TR-2509-033', 'rail', 'JR East (Eki-net, corporate)', 'EN-2509-27104', 'Kagayaki return Tokyo - Toyama', '2025-09-24T07:20', '2025-09-25T18:36', 26180, 'JPY', 'corporate card', 'changes free before departure', 'used');
INSERT INTO bookings VALUES (30, 'TR-2509-033', 'hotel', 'Toyama Excel Hotel Tokyu', 'TX-3340058', '1 night, single', '2025-09-24T15:00', '2025-09-25T11:00', 12600, 'JPY', 'corporate card', 'free cancellation until the day before', 'used');
INSERT INTO bookings VALUES (31, 'TR-2510-014', 'flight', 'ANA via Kasumi Business Travel', 'PNR 6PB3HV', 'NH 843 HND 10:15 -> SIN 16:35 (20 Oct); NH 844 SIN 22:10 -> HND 06:05+1 (22 Oct)', '2025-10-20T10:15', '2025-10-23T06:05', 142800, 'JPY', 'corporate card', 'economy; changes JPY 10,000', 'used');
INSERT INTO bookings VALUES (32, 'TR-2510-014', 'hotel', 'Carlton City Hotel Singapore', 'CCH-20251020-3391', '2 nights, deluxe, Straits corporate rate not yet available', '2025-10-20T15:00', '2025-10-22T12:00', 71600, 'SGD', 'corporate card', 'free cancellation until 48 h before', 'used');
INSERT INTO bookings VALUES (33, 'TR-2510-037', 'rail', 'JR Central (SmartEX)', 'EX-5390-1127', 'Nozomi return Tokyo - Shin-Osaka, day trip', '2025-10-29T07:00', '2025-10-29T20:33', 29440, 'JPY', 'corporate card', 'free changes before departure', 'used');
INSERT INTO bookings VALUES (34, 'TR-2511-041', 'flight', 'ANA via Kasumi Business Travel', 'PNR 3KT6RE', 'NH 867 HND 08:30 -> GMP 11:05 (5 Nov); NH 868 GMP 12:35 -> HND 14:50 (7 Nov)', '2025-11-05T08:30', '2025-11-07T14:50', 61300, 'JPY', 'corporate card', 'economy', 'used');
INSERT INTO bookings VALUES (35, 'TR-2511-041', 'hotel', 'Lotte Hotel Seoul', 'LHS-8820147', 'Conference block, 2 nights, booked centrally', '2025-11-05T14:00', '2025-11-07T11:00', 0, 'KRW', 'firm (central invoice)', NULL, 'used');
INSERT INTO bookings VALUES (36, 'P-2504-01', 'flight', 'ANA (ANA Mileage Club website)', 'PNR 5ZQ1WB', 'NH 186 HND 21:55 -> HNL 10:00 (26 Apr); NH 185 HNL 12:35 -> HND 16:40+1 (3 May); 3 passengers', '2025-04-26T21:55', '2025-05-04T16:40', 402600, 'JPY', 'personal ANA card', 'non-refundable sale fare', 'used');
INSERT INTO bookings VALUES (37, 'P-2504-01', 'hotel', 'Waikiki Shore by Outrigger', 'WSO-0426-77120', '7 nights, one-bedroom condo, ocean view', '2025-04-26T16:00', '2025-05-03T10:00', 318500, 'USD', 'personal ANA card', 'free cancellation until 14 days before', 'used');
INSERT INTO bookings VALUES (38, 'P-2504-01', 'car', 'Hertz Honolulu Airport', 'H-22091455', 'Midsize SUV, 5 days, 28 Apr - 3 May, child seat', '2025-04-28T09:00', '2025-05-03T09:30', 61240, 'USD', 'personal ANA card', 'pay at counter', 'used');
INSERT INTO bookings VALUES (39, 'P-2508-01', 'flight', 'ANA award (ANA Mileage Club)', 'PNR 7HN2QC', 'NH 253 HND -> FUK (13 Aug); NH 264 FUK -> HND (17 Aug); 3 passengers, 54,000 miles', '2025-08-13T10:00', '2025-08-17T18:50', 2040, 'JPY', 'personal ANA card', 'award: changes free until departure', 'used');
INSERT INTO bookings VALUES (40, 'P-2510-01', 'rail', 'JR East (Eki-net)', 'EN-2510-29871', 'Kagayaki Tokyo - Kanazawa return, 2 passengers, Green car', '2025-10-03T09:32', '2025-10-05T18:12', 61360, 'JPY', 'personal ANA card', NULL, 'used');
INSERT INTO bookings VALUES (41, 'P-2510-01', 'hotel', 'Kanazawa Asanogawa ryokan Beniya', 'BN-1003-447', '2 nights, dinner and breakfast, 2 guests', '2025-10-03T15:00', '2025-10-05T10:00', 118800, 'JPY', 'personal ANA card', 'deposit JPY 30,000 paid by transfer; 50 % from 3 days before', 'used');
INSERT INTO bookings VALUES (42, 'TR-2512-117', 'rail', 'JR Central (SmartEX)', 'EX-5688-0031', 'Nozomi return Tokyo - Kyoto', '2025-12-18T08:00', '2025-12-19T18:56', 28340, 'JPY', 'corporate card', 'free changes before departure', 'used');
INSERT INTO bookings VALUES (43, 'TR-2601-004', 'other', 'Sixt Frankfurt (cancelled)', 'SX-99812033', 'Car for the plant visit on 16 Jan - cancelled, Rheinwerk drove us', '2026-01-16T08:00', '2026-01-16T19:00', 0, 'EUR', 'corporate card', 'free cancellation', 'cancelled');
INSERT INTO bookings VALUES (44, NULL, 'other', 'Ubigi eSIM', 'UBG-0027716', 'Asia 5 GB / 30 days data plan (Hong Kong)', '2025-06-23T00:00', NULL, 1980, 'JPY', 'personal ANA card', NULL, 'used');
INSERT INTO bookings VALUES (45, NULL, 'other', 'Ubigi eSIM', 'UBG-0031052', 'Europe 10 GB / 30 days data plan (Frankfurt pitch)', '2025-09-08T00:00', NULL, 2980, 'JPY', 'personal ANA card', NULL, 'used');
INSERT INTO bookings VALUES (46, 'TR-2602-027', 'hotel', 'Hotel Nakanoshima Riverside (cancelled)', '88401177', '1 night on 24 Feb - cancelled, day trip instead', '2026-02-24T15:00', '2026-02-25T10:00', 0, 'JPY', 'corporate card', 'free cancellation until 18:00 the day before', 'cancelled');

INSERT INTO travel_documents VALUES (9, 'Kenji Watanabe', 'passport (10-year, IC) - previous', 'TH0917264', 'Japan', '2007-01-22', '2017-01-22', 'expired - cancelled at renewal', 'Old passport, hole-punched and returned at the 2017 renewal; kept for the old Schengen stamps');
INSERT INTO travel_documents VALUES (10, 'Kenji Watanabe', 'APEC Business Travel Card', NULL, 'Japan', NULL, NULL, 'not applied', 'Considered in 2025: not worth it while most Asian trips are to Singapore and Hong Kong (visa-free anyway)');
INSERT INTO travel_documents VALUES (11, 'Yuki Watanabe', 'international driving permit (1949 Geneva)', 'IDP-TZ-25-118731', 'Japan', '2025-04-10', '2026-04-09', 'valid', 'Issued with Kenji''s for the Hawaii holiday');

-- Card and FX reference: the rates Kenji noted from his corporate card statements (JPY per unit).
CREATE TABLE fx_rates (
    id INTEGER PRIMARY KEY,
    month TEXT NOT NULL,            -- YYYY-MM of the statement
    currency TEXT NOT NULL,         -- ISO-4217
    jpy_per_unit REAL NOT NULL,     -- card settlement rate incl. the 1.63 % card fee
    source TEXT NOT NULL
);

INSERT INTO fx_rates VALUES (1, '2025-04', 'USD', 145.80, 'ANA VISA statement');
INSERT INTO fx_rates VALUES (2, '2025-05', 'USD', 147.20, 'ANA VISA statement');
INSERT INTO fx_rates VALUES (3, '2025-06', 'HKD', 18.62, 'corporate Visa statement');
INSERT INTO fx_rates VALUES (4, '2025-09', 'EUR', 174.35, 'corporate Visa statement');
INSERT INTO fx_rates VALUES (5, '2025-10', 'SGD', 118.90, 'corporate Visa statement');
INSERT INTO fx_rates VALUES (6, '2025-10', 'USD', 152.10, 'ANA VISA statement');
INSERT INTO fx_rates VALUES (7, '2025-11', 'KRW', 0.1072, 'corporate Visa statement');
INSERT INTO fx_rates VALUES (8, '2025-11', 'USD', 155.40, 'ANA VISA statement');
INSERT INTO fx_rates VALUES (9, '2025-12', 'USD', 156.20, 'ANA VISA statement');
INSERT INTO fx_rates VALUES (10, '2025-12', 'EUR', 179.60, 'corporate Visa statement');
INSERT INTO fx_rates VALUES (11, '2026-01', 'EUR', 180.90, 'corporate Visa statement');
INSERT INTO fx_rates VALUES (12, '2026-01', 'USD', 157.30, 'Sony Bank FX (USD account top-up)');
INSERT INTO fx_rates VALUES (13, '2026-01', 'SGD', 121.40, 'Straits Logistics invoice rate (SOW fee conversion)');
INSERT INTO fx_rates VALUES (14, '2026-01', 'THB', 4.71, 'xe.com mid-market, noted for the Chao Phraya proposal');
INSERT INTO fx_rates VALUES (15, '2026-01', 'IDR', 0.0097, 'xe.com mid-market, noted for the Nusantara proposal');
INSERT INTO fx_rates VALUES (16, '2026-01', 'VND', 0.0061, 'xe.com mid-market, noted for the Mekong proposal');
INSERT INTO fx_rates VALUES (17, '2026-02', 'USD', 156.85, 'Sony Bank FX quote');
INSERT INTO fx_rates VALUES (18, '2026-02', 'SGD', 120.70, 'corporate Visa statement');

-- Entry requirements Kenji has looked up for destinations he travels to (Japanese passport holders).
CREATE TABLE entry_requirements (
    id INTEGER PRIMARY KEY,
    country TEXT NOT NULL,
    visa_rule TEXT NOT NULL,
    passport_validity TEXT NOT NULL,
    pre_arrival TEXT,
    checked_on TEXT NOT NULL,       -- ISO date of his last check
    source TEXT NOT NULL
);

INSERT INTO entry_requirements VALUES (1, 'Singapore', 'visa-free up to 30 days', 'at least 6 months from the date of entry', 'SG Arrival Card online within 3 days before arrival', '2025-10-10', 'ICA website');
INSERT INTO entry_requirements VALUES (2, 'Hong Kong', 'visa-free up to 90 days', 'at least 1 month beyond the intended stay', NULL, '2025-06-02', 'Immigration Department HK');
INSERT INTO entry_requirements VALUES (3, 'Germany (Schengen)', 'visa-free 90 days in any 180', '3 months beyond the planned departure from the Schengen area, issued within the last 10 years', 'ETIAS not yet in force', '2025-12-20', 'German embassy Tokyo');
INSERT INTO entry_requirements VALUES (4, 'United States', 'ESTA (Visa Waiver Program), 90 days', 'valid for the whole stay (Japan is in the six-month exemption group)', 'ESTA approved, linked to the passport number', '2025-03-02', 'CBP / ESTA website');
INSERT INTO entry_requirements VALUES (5, 'South Korea', 'visa-free 90 days; K-ETA waived for Japanese nationals until end of 2026', 'valid for the whole stay', 'e-Arrival card optional', '2025-10-28', 'Korean embassy Tokyo');
INSERT INTO entry_requirements VALUES (6, 'Thailand', 'visa-free up to 60 days', 'at least 6 months from the date of entry', 'TDAC digital arrival card within 3 days before arrival', '2026-01-30', 'Thai embassy Tokyo');
INSERT INTO entry_requirements VALUES (7, 'Indonesia', 'visa on arrival / e-VOA, 30 days, IDR 500,000; business meetings allowed', 'at least 6 months from the date of entry', 'e-VOA online before departure; All Indonesia customs declaration', '2026-01-30', 'Indonesian immigration e-VOA site');
INSERT INTO entry_requirements VALUES (8, 'Vietnam', 'visa-free up to 45 days (unilateral exemption)', 'at least 6 months from the date of entry', 'none for visa-free entry', '2026-01-30', 'Vietnamese embassy Tokyo');
INSERT INTO entry_requirements VALUES (9, 'Taiwan', 'visa-free up to 90 days', 'valid for the whole stay', 'online arrival card', '2024-11-15', 'Taipei Economic and Cultural Representative Office');
INSERT INTO entry_requirements VALUES (10, 'United Kingdom', 'ETA required since January 2025, GBP 16, valid 2 years', 'valid for the whole stay', 'apply for the ETA in the UK ETA app', '2025-01-12', 'gov.uk');
INSERT INTO entry_requirements VALUES (11, 'China (mainland)', 'visa-free up to 30 days (extended exemption for Japanese nationals)', 'at least 6 months from the date of entry', 'arrival card on board or online', '2025-12-01', 'Chinese embassy Tokyo');
INSERT INTO entry_requirements VALUES (12, 'Malaysia', 'visa-free up to 90 days', 'at least 6 months from the date of entry', 'MDAC digital arrival card within 3 days', '2025-10-10', 'Malaysian immigration');

-- Postings in the mileage programmes (from the online statements; balances in loyalty_accounts).
CREATE TABLE mileage_activity (
    id INTEGER PRIMARY KEY,
    loyalty_account_id INTEGER NOT NULL REFERENCES loyalty_accounts(id),
    posted_on TEXT NOT NULL,
    activity TEXT NOT NULL,
    amount INTEGER NOT NULL,        -- miles or points, negative = redeemed or expired
    expires_on TEXT                 -- end of the month, 36 months after earning (ANA)
);

INSERT INTO mileage_activity VALUES (1, 1, '2023-03-08', 'NH 801 HND-SIN / NH 802 SIN-HND, business class (client-paid)', 14620, '2026-03-31');
INSERT INTO mileage_activity VALUES (2, 1, '2023-03-20', 'ANA VISA Wide Gold card points converted', 6180, '2026-03-31');
INSERT INTO mileage_activity VALUES (3, 1, '2023-03-28', 'NH 241 HND-FUK / NH 252 FUK-HND', 3000, '2026-03-31');
INSERT INTO mileage_activity VALUES (4, 1, '2023-06-14', 'NH 203 HND-FRA / NH 204 FRA-HND, premium economy', 11260, '2026-06-30');
INSERT INTO mileage_activity VALUES (5, 1, '2023-10-05', 'ANA VISA Wide Gold card points converted', 5400, '2026-10-31');
INSERT INTO mileage_activity VALUES (6, 1, '2024-02-19', 'NH 859 HND-HKG / NH 860 HKG-HND', 4680, '2027-02-28');
INSERT INTO mileage_activity VALUES (7, 1, '2024-06-03', 'ANA VISA Wide Gold card points converted', 7200, '2027-06-30');
INSERT INTO mileage_activity VALUES (8, 1, '2024-09-11', 'NH 223 HND-FRA / NH 204 FRA-HND, premium economy', 11260, '2027-09-30');
INSERT INTO mileage_activity VALUES (9, 1, '2024-12-02', 'ANA VISA Wide Gold card points converted', 4800, '2027-12-31');
INSERT INTO mileage_activity VALUES (10, 1, '2025-05-06', 'NH 186 HND-HNL / NH 185 HNL-HND, 1 passenger credited (sale fare 30 %)', 3440, '2028-05-31');
INSERT INTO mileage_activity VALUES (11, 1, '2025-06-30', 'NH 859 HND-HKG / NH 860 HKG-HND', 4680, '2028-06-30');
INSERT INTO mileage_activity VALUES (12, 1, '2025-07-02', 'Award redemption: HND-FUK round trip, 3 passengers (Obon)', -54000, NULL);
INSERT INTO mileage_activity VALUES (13, 1, '2025-09-16', 'NH 223 HND-FRA / NH 204 FRA-HND, premium economy', 11260, '2028-09-30');
INSERT INTO mileage_activity VALUES (14, 1, '2025-10-27', 'NH 843 HND-SIN / NH 844 SIN-HND, economy', 4700, '2028-10-31');
INSERT INTO mileage_activity VALUES (15, 1, '2025-11-10', 'NH 867 HND-GMP / NH 868 GMP-HND', 1220, '2028-11-30');
INSERT INTO mileage_activity VALUES (16, 1, '2025-12-01', 'ANA VISA Wide Gold card points converted', 6300, '2028-12-31');
INSERT INTO mileage_activity VALUES (17, 1, '2026-01-22', 'NH 223 HND-FRA / NH 204 FRA-HND, premium economy', 11260, '2029-01-31');
INSERT INTO mileage_activity VALUES (18, 1, '2025-12-31', 'Expired: miles earned in December 2022', -5610, NULL);
INSERT INTO mileage_activity VALUES (19, 2, '2025-05-06', 'NH 186 HND-HNL / NH 185 HNL-HND (sale fare 30 %)', 3440, '2028-05-31');
INSERT INTO mileage_activity VALUES (20, 2, '2024-08-20', 'ANA card family card points converted', 6430, '2027-08-31');
INSERT INTO mileage_activity VALUES (21, 3, '2023-11-14', 'JL 305 HND-FUK / JL 322 FUK-HND', 2400, '2026-11-30');
INSERT INTO mileage_activity VALUES (22, 3, '2023-12-12', 'JL 371 HND-KOJ / JL 380 KOJ-HND', 5720, '2026-12-31');
INSERT INTO mileage_activity VALUES (23, 4, '2024-11-06', 'Stay: Courtyard Seoul Namdaemun, 2 nights', 3400, NULL);
INSERT INTO mileage_activity VALUES (24, 5, '2025-10-27', 'iShopChangi purchase at Changi Airport (KrisFlyer partner)', 200, '2028-10-31');
INSERT INTO mileage_activity VALUES (25, 6, '2025-06-25', 'Dining: Hilton Honors dining programme, Hong Kong', 500, NULL);
INSERT INTO mileage_activity VALUES (26, 1, '2023-08-21', 'NH 110 HND-JFK / NH 109 JFK-HND, economy (client-paid)', 9410, '2026-08-31');
INSERT INTO mileage_activity VALUES (27, 1, '2023-11-30', 'ANA Mall purchase (a-style)', 390, '2026-11-30');

-- Insurance Kenji holds or has held, with what each covers.
CREATE TABLE insurance_policies (
    id INTEGER PRIMARY KEY,
    holder TEXT NOT NULL,
    insurer TEXT NOT NULL,
    product TEXT NOT NULL,
    policy_no TEXT,
    covers TEXT NOT NULL,
    valid_from TEXT,
    valid_to TEXT,
    status TEXT NOT NULL,
    notes TEXT
);

INSERT INTO insurance_policies VALUES (1, 'Aoyama Strategy Partners K.K. (employees)', 'Kaito Marine & Fire Insurance', 'Group overseas business travel insurance', 'KM-GBT-2025-00418', 'employees on company business abroad; see the General Affairs summary', '2025-04-01', '2026-03-31', 'active', 'Renewed every 1 April; certificate per trip from General Affairs');
INSERT INTO insurance_policies VALUES (2, 'Aoyama Strategy Partners K.K. (employees)', 'Kaito Marine & Fire Insurance', 'Group overseas business travel insurance', 'KM-GBT-2024-00391', 'employees on company business abroad', '2024-04-01', '2025-03-31', 'expired', 'Previous policy year');
INSERT INTO insurance_policies VALUES (3, 'Kenji, Yuki and Hana Watanabe', 'Sompo Japan (off! travel app)', 'Overseas travel insurance, family plan, single trip', 'OFF-2504-118273', 'medical JPY 30m each, baggage, car rental liability (Hawaii)', '2025-04-26', '2025-05-04', 'expired', 'Bought in the app the evening before departure, JPY 14,870 for three; the app only sells cover before leaving Japan');
INSERT INTO insurance_policies VALUES (4, 'Kenji Watanabe', 'Mitsui Sumitomo Card (ANA VISA Wide Gold benefit)', 'Card travel accident insurance', NULL, 'death/disability only, and only if the trip''s fare is charged to the card; no medical cover abroad', NULL, NULL, 'active while the card is held', 'Not a substitute for medical cover - checked when planning Hawaii');
INSERT INTO insurance_policies VALUES (5, 'Watanabe household', 'Kokumin Kyosai (Zenrosai)', 'Fire and home contents', 'ZR-HC-4419027', 'apartment contents JPY 8m, water damage, liability to the landlord', '2025-10-01', '2026-09-30', 'active', 'Required by the lease; renew with the lease');
INSERT INTO insurance_policies VALUES (6, 'Hana Watanabe', 'Japan Sport Council (school)', 'School accident mutual aid', NULL, 'injuries at school and on the way to school', '2025-04-01', '2026-03-31', 'active', 'Through Setagaya Sakura Elementary');

-- Line items of expense reports (as entered in the expense app).
CREATE TABLE expense_lines (
    id INTEGER PRIMARY KEY,
    report_id TEXT NOT NULL REFERENCES expense_reports(id),
    spent_on TEXT NOT NULL,
    category TEXT NOT NULL,         -- air | hotel | rail | local | per_diem | meal | other
    description TEXT NOT NULL,
    amount_jpy INTEGER NOT NULL,    -- JPY as claimed (foreign amounts at the card rate)
    paid_with TEXT NOT NULL,        -- corporate card | out of pocket
    exception_code TEXT,            -- policy 4.4 code where a cap is exceeded
    receipt TEXT NOT NULL           -- uploaded | missing | not required
);

INSERT INTO expense_lines VALUES (1, 'ER-2511-22', '2025-11-18', 'rail', 'Nozomi Tokyo - Shin-Osaka return', 29440, 'corporate card', NULL, 'uploaded');
INSERT INTO expense_lines VALUES (2, 'ER-2511-22', '2025-11-18', 'hotel', 'Hotel Nakanoshima Riverside, 1 night', 16800, 'corporate card', NULL, 'uploaded');
INSERT INTO expense_lines VALUES (3, 'ER-2511-22', '2025-11-19', 'local', 'Taxi Higashiosaka - Shin-Osaka', 1380, 'out of pocket', NULL, 'uploaded');
INSERT INTO expense_lines VALUES (4, 'ER-2511-22', '2025-11-19', 'per_diem', 'Domestic per diem, 1 day', 2500, 'out of pocket', NULL, 'not required');
INSERT INTO expense_lines VALUES (5, 'ER-2512-15', '2025-12-09', 'rail', 'Nozomi Tokyo - Shin-Osaka return', 29440, 'corporate card', NULL, 'uploaded');
INSERT INTO expense_lines VALUES (6, 'ER-2512-15', '2025-12-09', 'hotel', 'Hotel Nakanoshima Riverside, 1 night', 17400, 'corporate card', NULL, 'uploaded');
INSERT INTO expense_lines VALUES (7, 'ER-2512-15', '2025-12-10', 'local', 'Taxi Higashiosaka - Shin-Osaka', 1320, 'out of pocket', NULL, 'uploaded');
INSERT INTO expense_lines VALUES (8, 'ER-2512-15', '2025-12-10', 'per_diem', 'Domestic per diem, 1 day', 2500, 'out of pocket', NULL, 'not required');
INSERT INTO expense_lines VALUES (9, 'ER-2512-31', '2025-12-18', 'rail', 'Nozomi Tokyo - Kyoto return', 28340, 'out of pocket', NULL, 'uploaded');
INSERT INTO expense_lines VALUES (10, 'ER-2512-31', '2025-12-19', 'local', 'Taxi retreat venue - Kyoto station (shared with R. Mori)', 4700, 'out of pocket', NULL, 'uploaded');
INSERT INTO expense_lines VALUES (11, 'ER-2512-31', '2025-12-19', 'per_diem', 'Domestic per diem, 2 days', 5000, 'out of pocket', NULL, 'not required');
INSERT INTO expense_lines VALUES (12, 'ER-2601-07', '2026-01-08', 'air', 'NH 223 / NH 204 HND-FRA-HND, premium economy', 412300, 'corporate card', NULL, 'uploaded');
INSERT INTO expense_lines VALUES (13, 'ER-2601-07', '2026-01-17', 'hotel', 'Hotel Mainzer Hof, 5 nights, EUR 1,745.00', 315670, 'corporate card', NULL, 'uploaded');
INSERT INTO expense_lines VALUES (14, 'ER-2601-07', '2026-01-12', 'local', 'RMV airport train, return, EUR 12.20', 2210, 'out of pocket', NULL, 'uploaded');
INSERT INTO expense_lines VALUES (15, 'ER-2601-07', '2026-01-16', 'local', 'Taxis in Frankfurt, EUR 84.50', 15290, 'out of pocket', NULL, 'uploaded');
INSERT INTO expense_lines VALUES (16, 'ER-2601-07', '2026-01-18', 'per_diem', 'Overseas per diem, 7 days', 42000, 'out of pocket', NULL, 'not required');
INSERT INTO expense_lines VALUES (17, 'ER-2601-07', '2026-01-15', 'meal', 'Client dinner Apfelwein Wagner, 6 persons, EUR 312.00 (partner-approved)', 56440, 'corporate card', NULL, 'uploaded');
INSERT INTO expense_lines VALUES (18, 'ER-2601-07', '2026-01-10', 'other', 'Ubigi eSIM Europe 10 GB', 2980, 'out of pocket', NULL, 'uploaded');
INSERT INTO expense_lines VALUES (19, 'ER-2601-07', '2026-01-13', 'other', 'Printing of workshop packs, FedEx Office Frankfurt, EUR 19.80', 3160, 'out of pocket', NULL, 'uploaded');
INSERT INTO expense_lines VALUES (20, 'ER-2601-12', '2026-01-20', 'rail', 'Nozomi Tokyo - Shin-Osaka return', 29440, 'corporate card', NULL, 'uploaded');
INSERT INTO expense_lines VALUES (21, 'ER-2601-12', '2026-01-20', 'hotel', 'Hotel Nakanoshima Riverside, 1 night', 16900, 'corporate card', NULL, 'uploaded');
INSERT INTO expense_lines VALUES (22, 'ER-2601-12', '2026-01-21', 'per_diem', 'Domestic per diem, 1 day', 2500, 'out of pocket', NULL, 'not required');
INSERT INTO expense_lines VALUES (23, 'ER-2602-03', '2026-02-03', 'rail', 'Nozomi Tokyo - Shin-Osaka return', 29440, 'corporate card', NULL, 'uploaded');
INSERT INTO expense_lines VALUES (24, 'ER-2602-03', '2026-02-03', 'hotel', 'Hotel Nakanoshima Riverside, 1 night', 17400, 'corporate card', NULL, 'uploaded');
INSERT INTO expense_lines VALUES (25, 'ER-2602-03', '2026-02-04', 'local', 'MK Taxi Kansai Precision HQ - Shin-Osaka', 3960, 'corporate card', NULL, 'missing');
INSERT INTO expense_lines VALUES (26, 'ER-2602-03', '2026-02-04', 'per_diem', 'Domestic per diem, 1 day', 2500, 'out of pocket', NULL, 'not required');
INSERT INTO expense_lines VALUES (27, 'ER-2602-03', '2026-02-04', 'meal', 'Lunch with plant managers (interviews), 4 persons', 1520, 'out of pocket', NULL, 'uploaded');

INSERT INTO expense_reports VALUES ('ER-2504-09', 'TR-2504-031', '2025-04', '2025-04-18', 43280, 5000, 'paid', 'Reiko Mori', NULL);
INSERT INTO expense_reports VALUES ('ER-2505-14', 'TR-2505-012', '2025-05', '2025-05-19', 60620, 9640, 'paid', 'Reiko Mori', 'Taxi to the Namerikawa plant on day 2');
INSERT INTO expense_reports VALUES ('ER-2506-05', 'TR-2506-007', '2025-06', '2025-06-12', 26180, 0, 'paid', 'Reiko Mori', 'Day trip, rail only');
INSERT INTO expense_reports VALUES ('ER-2507-02', 'TR-2506-029', '2025-07', '2025-07-03', 301124, 41544, 'paid', 'Reiko Mori', 'Hotel HKD 8,640 at 18.62');
INSERT INTO expense_reports VALUES ('ER-2507-11', 'TR-2507-015', '2025-07', '2025-07-11', 44380, 5000, 'paid', 'Reiko Mori', NULL);
INSERT INTO expense_reports VALUES ('ER-2507-19', 'TR-2507-040', '2025-07', '2025-07-28', 22200, 0, 'paid', 'Reiko Mori', NULL);
INSERT INTO expense_reports VALUES ('ER-2509-17', 'TR-2509-006', '2025-09', '2025-09-17', 646785, 46635, 'paid', 'Reiko Mori', 'Hotel EUR 1,156 at 174.35, above the Europe cap: exception EX-1 (Rheinwerk asked us to stay at the Mainzer Hof next to their office, e-mail of J. Becker attached)');
INSERT INTO expense_reports VALUES ('ER-2509-28', 'TR-2509-033', '2025-09', '2025-09-26', 43780, 5000, 'paid', 'Reiko Mori', 'Last Hokuriku Denki trip');
INSERT INTO expense_reports VALUES ('ER-2510-21', 'TR-2510-014', '2025-10', '2025-10-24', 258828, 30896, 'paid', 'Reiko Mori', 'Business development - charged to the practice, not to a client');
INSERT INTO expense_reports VALUES ('ER-2511-04', 'TR-2510-037', '2025-11', '2025-11-04', 29440, 0, 'paid', 'Reiko Mori', NULL);
INSERT INTO expense_reports VALUES ('ER-2511-16', 'TR-2511-041', '2025-11', '2025-11-10', 83374, 22074, 'paid', 'Reiko Mori', 'Hotel on the central conference invoice');

INSERT INTO expense_lines VALUES (28, 'ER-2507-02', '2025-06-23', 'air', 'NH 859 / NH 860 HND-HKG-HND, economy', 98700, 'corporate card', NULL, 'uploaded');
INSERT INTO expense_lines VALUES (29, 'ER-2507-02', '2025-06-27', 'hotel', 'Harbour Grand Kowloon, 4 nights, HKD 8,640.00', 160880, 'corporate card', NULL, 'uploaded');
INSERT INTO expense_lines VALUES (30, 'ER-2507-02', '2025-06-27', 'local', 'Taxis and MTR in Hong Kong, HKD 620.00', 11544, 'out of pocket', NULL, 'uploaded');
INSERT INTO expense_lines VALUES (31, 'ER-2507-02', '2025-06-27', 'per_diem', 'Overseas per diem, 5 days', 30000, 'out of pocket', NULL, 'not required');
INSERT INTO expense_lines VALUES (32, 'ER-2509-17', '2025-09-01', 'air', 'NH 223 / NH 204 HND-FRA-HND, premium economy', 398600, 'corporate card', NULL, 'uploaded');
INSERT INTO expense_lines VALUES (33, 'ER-2509-17', '2025-09-12', 'hotel', 'Hotel Mainzer Hof, 4 nights, EUR 1,156.00', 201550, 'corporate card', 'EX-1', 'uploaded');
INSERT INTO expense_lines VALUES (34, 'ER-2509-17', '2025-09-12', 'local', 'Taxis in Frankfurt, EUR 61.00', 10635, 'out of pocket', NULL, 'uploaded');
INSERT INTO expense_lines VALUES (35, 'ER-2509-17', '2025-09-13', 'per_diem', 'Overseas per diem, 6 days', 36000, 'out of pocket', NULL, 'not required');
INSERT INTO expense_lines VALUES (36, 'ER-2510-21', '2025-10-14', 'air', 'NH 843 / NH 844 HND-SIN-HND, economy', 142800, 'corporate card', NULL, 'uploaded');
INSERT INTO expense_lines VALUES (37, 'ER-2510-21', '2025-10-22', 'hotel', 'Carlton City Hotel Singapore, 2 nights, SGD 716.00', 85132, 'corporate card', NULL, 'uploaded');
INSERT INTO expense_lines VALUES (38, 'ER-2510-21', '2025-10-22', 'local', 'Grab rides in Singapore, SGD 58.00', 6896, 'out of pocket', NULL, 'uploaded');
INSERT INTO expense_lines VALUES (39, 'ER-2510-21', '2025-10-23', 'per_diem', 'Overseas per diem, 4 days', 24000, 'out of pocket', NULL, 'not required');
INSERT INTO expense_lines VALUES (40, 'ER-2511-16', '2025-10-30', 'air', 'NH 867 / NH 868 HND-GMP-HND, economy', 61300, 'corporate card', NULL, 'uploaded');
INSERT INTO expense_lines VALUES (41, 'ER-2511-16', '2025-11-07', 'local', 'Taxis in Seoul, KRW 38,000', 4074, 'out of pocket', NULL, 'uploaded');
INSERT INTO expense_lines VALUES (42, 'ER-2511-16', '2025-11-07', 'per_diem', 'Overseas per diem, 3 days', 18000, 'out of pocket', NULL, 'not required');

INSERT INTO trips VALUES ('P-2605-01', 'Golden Week in Guam (family)', NULL, 'Guam (Tumon)', '2026-05-02', '2026-05-06', 'personal', 'booked', 'Booked 7 Feb; Yuki wants the turtles and the beach, Hana a kids'' club');
INSERT INTO bookings VALUES (47, 'P-2605-01', 'hotel', 'Hotel Nikko Guam (via Expedia)', 'EXP-7301448822', '4 nights, ocean-front deluxe twin, 2 adults + 1 child, breakfast', '2026-05-02T15:00', '2026-05-06T11:00', 96800, 'USD', 'Sony Bank WALLET (USD)', 'paid in full at booking; resort fee USD 25 per night payable at the hotel; free cancellation until 25 April', 'confirmed');
INSERT INTO bookings VALUES (48, 'P-2605-01', 'flight', 'United Airlines (united.com)', 'PNR K7W2QD', 'UA 874 NRT 10:05 -> GUM 14:50 (2 May); UA 873 GUM 16:20 -> NRT 19:25 (6 May); 3 passengers', '2026-05-02T10:05', '2026-05-06T19:25', 186300, 'JPY', 'personal ANA card', 'basic economy, no changes', 'confirmed');
INSERT INTO bookings VALUES (49, 'P-2605-01', 'car', 'Toyota Rent a Car Guam (Tumon)', 'TRG-260502-118', 'Compact SUV, pick-up at the airport on arrival, return 6 May 13:30, child seat', '2026-05-02T15:30', '2026-05-06T13:30', 29600, 'USD', 'Sony Bank WALLET (USD)', 'pay at return; a USD 150 deposit is authorised on the card 2 days before pick-up and released after return', 'confirmed');
