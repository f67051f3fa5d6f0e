-- Dlamini Reddy Attorneys Inc. - litigation support database (Thandiwe Mokoena's team)
CREATE TABLE matters (
  id TEXT PRIMARY KEY,
  case_no TEXT NOT NULL,
  title TEXT NOT NULL,
  court TEXT,
  client TEXT,
  attorney TEXT,
  status TEXT,
  next_step TEXT
);
INSERT INTO matters VALUES ('M-101','2025/041127','Highveld Tyre Distributors v Kgosi Motors','GDJ High Court','Highveld Tyre Distributors (Pty) Ltd','Nomsa Dlamini','judgment granted - execution','warrant of execution issued 29 April; attachment by Sheriff Johannesburg East');
INSERT INTO matters VALUES ('M-102','2025/077310','Sable Ridge Estates v Cornerstone Builders','GDJ High Court','Sable Ridge Estates (Pty) Ltd','Bongani Zulu','costs order granted 17 April','party-and-party bill to be drawn by Botha Costs');
INSERT INTO matters VALUES ('M-103','2026/009874','Protea Fresh Produce v Mahlaba Logistics CC and T. Mahlaba','GDJ High Court','Protea Fresh Produce (Pty) Ltd','Bongani Zulu','summons issued 27 April','service on both defendants');
INSERT INTO matters VALUES ('M-104','2024/118802','Ndaba v Gauteng Freight Carriers','GDJ High Court','Mandla Ndaba','Kavir Reddy','appeal noted 24 April','record of appeal to be prepared and lodged');
INSERT INTO matters VALUES ('M-105','3318/2025','Mthembu v Rand Coach Lines','Johannesburg Magistrate''s Court','Sizwe Mthembu','Bongani Zulu','trial set down','trial preparation');
INSERT INTO matters VALUES ('M-106','2026/014552','Vukani Security v Greenstone Mall Owners','GDJ High Court','Vukani Security (Pty) Ltd','Bongani Zulu','opposed - heads stage','brief counsel; heads and practice note');
INSERT INTO matters VALUES ('M-107','7502/2025','Tshwane Steel Traders CC v K. Naidoo t/a Quickprint','Johannesburg Regional Court','Tshwane Steel Traders CC','Nomsa Dlamini','discovery','await return of service');
INSERT INTO matters VALUES ('M-108','1642/2024','Tshwane Steel Traders CC v Crestway Interiors CC','Johannesburg Regional Court','Tshwane Steel Traders CC','Megan Fourie','trial set down','pre-trial conference to be arranged');
INSERT INTO matters VALUES ('M-109','2026/52925','Sunfield Dairies v Mokoena Farming CC','GDJ High Court','Sunfield Dairies (Pty) Ltd','Megan Fourie','default judgment application pending','pre-trial conference to be arranged');
INSERT INTO matters VALUES ('M-110','1075/2024','Highveld Tyre Distributors v Kgosi Motors','Johannesburg Regional Court','Highveld Tyre Distributors (Pty) Ltd','Bongani Zulu','awaiting trial date','monitor payment plan');
INSERT INTO matters VALUES ('M-111','7317/2025','Highveld Tyre Distributors v Kgosi Motors','Randburg Magistrate''s Court','Highveld Tyre Distributors (Pty) Ltd','Nomsa Dlamini','opposed - heads stage','monitor payment plan');
INSERT INTO matters VALUES ('M-112','1492/2024','Umhlaba Retail v Okonkwo Trading CC','Randburg Magistrate''s Court','Umhlaba Retail (Pty) Ltd','Megan Fourie','trial set down','request trial date');
INSERT INTO matters VALUES ('M-113','2026/34291','Highveld Tyre Distributors v Emerald Spa Franchises','GDJ High Court','Highveld Tyre Distributors (Pty) Ltd','Kavir Reddy','awaiting trial date','await return of service');
INSERT INTO matters VALUES ('M-114','2026/15146','Rosebank Office Parks v Kgosi Motors','GDJ High Court','Rosebank Office Parks (Pty) Ltd','Megan Fourie','pleadings closed','instruct sheriff');
INSERT INTO matters VALUES ('M-115','2026/01071','Tshwane Steel Traders CC v J. Botes','GDJ High Court','Tshwane Steel Traders CC','Nomsa Dlamini','awaiting trial date','await plea');
INSERT INTO matters VALUES ('M-116','1296/2025','Tshwane Steel Traders CC v Rand Coach Lines','Randburg Magistrate''s Court','Tshwane Steel Traders CC','Nomsa Dlamini','trial set down','prepare index and paginate');
INSERT INTO matters VALUES ('M-117','6818/2024','Sunfield Dairies v Okonkwo Trading CC','Johannesburg Magistrate''s Court','Sunfield Dairies (Pty) Ltd','Bongani Zulu','discovery','monitor payment plan');
INSERT INTO matters VALUES ('M-118','2024/61940','Umhlaba Retail v J. Botes','GDJ High Court','Umhlaba Retail (Pty) Ltd','Megan Fourie','discovery','await return of service');
INSERT INTO matters VALUES ('M-119','2245/2024','Greenfield Body Corporate v Gauteng Freight Carriers','Johannesburg Regional Court','Greenfield Body Corporate','Megan Fourie','settled - costs outstanding','chase discovery affidavit');
INSERT INTO matters VALUES ('M-120','2024/36362','Tshwane Steel Traders CC v Rand Coach Lines','GDJ High Court','Tshwane Steel Traders CC','Kavir Reddy','summons issued','monitor payment plan');
INSERT INTO matters VALUES ('M-121','9552/2026','Greenfield Body Corporate v Rand Coach Lines','Johannesburg Regional Court','Greenfield Body Corporate','Bongani Zulu','summons issued','pre-trial conference to be arranged');
INSERT INTO matters VALUES ('M-122','5489/2024','Greenfield Body Corporate v Gauteng Freight Carriers','Johannesburg Magistrate''s Court','Greenfield Body Corporate','Kavir Reddy','settled - costs outstanding','chase discovery affidavit');
INSERT INTO matters VALUES ('M-123','2026/84438','Sunfield Dairies v J. Botes','GDJ High Court','Sunfield Dairies (Pty) Ltd','Nomsa Dlamini','summons issued','file notice of intention to defend response');
INSERT INTO matters VALUES ('M-124','2184/2025','Rosebank Office Parks v Greenstone Mall Owners','Johannesburg Regional Court','Rosebank Office Parks (Pty) Ltd','Megan Fourie','default judgment application pending','pre-trial conference to be arranged');
INSERT INTO matters VALUES ('M-125','2025/30934','Tshwane Steel Traders CC v Mahlaba Logistics CC','GDJ High Court','Tshwane Steel Traders CC','Nomsa Dlamini','awaiting trial date','pre-trial conference to be arranged');
INSERT INTO matters VALUES ('M-126','6460/2024','Umhlaba Retail v Crestway Interiors CC','Johannesburg Regional Court','Umhlaba Retail (Pty) Ltd','Megan Fourie','default judgment application pending','chase discovery affidavit');
INSERT INTO matters VALUES ('M-127','2024/06072','Tshwane Steel Traders CC v Kgosi Motors','GDJ High Court','Tshwane Steel Traders CC','Kavir Reddy','awaiting trial date','request trial date');
INSERT INTO matters VALUES ('M-128','4907/2025','Rosebank Office Parks v Rand Coach Lines','Johannesburg Regional Court','Rosebank Office Parks (Pty) Ltd','Nomsa Dlamini','pleadings closed','pre-trial conference to be arranged');
INSERT INTO matters VALUES ('M-129','1314/2026','Greenfield Body Corporate v Gauteng Freight Carriers','Johannesburg Regional Court','Greenfield Body Corporate','Kavir Reddy','awaiting trial date','monitor payment plan');
INSERT INTO matters VALUES ('M-130','2025/54926','Umhlaba Retail v Kgosi Motors','GDJ High Court','Umhlaba Retail (Pty) Ltd','Megan Fourie','awaiting trial date','await plea');
INSERT INTO matters VALUES ('M-131','8799/2025','Sunfield Dairies v Mahlaba Logistics CC','Johannesburg Magistrate''s Court','Sunfield Dairies (Pty) Ltd','Nomsa Dlamini','pleadings closed','prepare index and paginate');
INSERT INTO matters VALUES ('M-132','8651/2025','Greenfield Body Corporate v Emerald Spa Franchises','Randburg Magistrate''s Court','Greenfield Body Corporate','Nomsa Dlamini','default judgment application pending','await plea');
INSERT INTO matters VALUES ('M-133','5208/2026','Sunfield Dairies v Gauteng Freight Carriers','Johannesburg Magistrate''s Court','Sunfield Dairies (Pty) Ltd','Bongani Zulu','summons issued','file notice of intention to defend response');
INSERT INTO matters VALUES ('M-134','5196/2024','Umhlaba Retail v J. Botes','Randburg Magistrate''s Court','Umhlaba Retail (Pty) Ltd','Kavir Reddy','discovery','chase discovery affidavit');
INSERT INTO matters VALUES ('M-135','828/2025','Sunfield Dairies v Gauteng Freight Carriers','Johannesburg Regional Court','Sunfield Dairies (Pty) Ltd','Nomsa Dlamini','judgment granted - execution','prepare index and paginate');
INSERT INTO matters VALUES ('M-136','6934/2024','Sunfield Dairies v Crestway Interiors CC','Randburg Magistrate''s Court','Sunfield Dairies (Pty) Ltd','Bongani Zulu','application issued','file notice of intention to defend response');

CREATE TABLE sheriffs (
  id TEXT PRIMARY KEY,
  name TEXT,
  area TEXT,
  deputy TEXT,
  run_days TEXT,
  instruction_cutoff TEXT,
  email TEXT
);
INSERT INTO sheriffs VALUES ('SH-01','Sheriff Randburg','Randburg, Bryanston, Fourways, Dainfern, Kya Sand, Lanseria','Jacques Venter','northern suburbs and estates: Tuesdays; Randburg CBD daily','instructions for the Tuesday run by Monday 12:00','returns@sheriffrandburg.co.za');
INSERT INTO sheriffs VALUES ('SH-02','Sheriff Johannesburg East','Denver, Bedfordview, Kensington, Bez Valley, Cleveland','Abel Nkosi','attachments Mon-Thu; removals booked 24 h ahead','same day if received by 08:00','execution@sheriffjhbeast.co.za');
INSERT INTO sheriffs VALUES ('SH-03','Sheriff Johannesburg North','Parktown, Rosebank, Houghton, Melville','Refilwe Dube','daily','by 15:00 for next day','service@sheriffjhbnorth.co.za');
INSERT INTO sheriffs VALUES ('SH-04','Sheriff Sandton North','Sandton, Morningside, Sunninghill','Craig Adams','daily; estates Wednesdays','Tuesday 12:00 for estate service','sandtonnorth@sheriffs.co.za');
INSERT INTO sheriffs VALUES ('SH-05','Sheriff Midrand','Midrand, Halfway House, Kyalami, Waterfall','Precious Mabaso','Mon/Wed/Fri','by 10:00 on the day before the run','midrand@sheriffoffice.co.za');
INSERT INTO sheriffs VALUES ('SH-06','Sheriff Pretoria Central','Pretoria CBD, Arcadia, Sunnyside','Louis Pretorius','daily','by 14:00 for next day','ptacentral@sheriffs.co.za');
INSERT INTO sheriffs VALUES ('SH-07','Sheriff Germiston South','Germiston, Primrose, Elandsfontein','Sibusiso Mahlangu','Tue/Thu','by 12:00 the day before','germistonsouth@sheriffs.co.za');
INSERT INTO sheriffs VALUES ('SH-08','Sheriff Roodepoort','Roodepoort, Florida, Constantia Kloof','Anita Kruger','daily','by 15:00 for next day','roodepoort@sheriffs.co.za');

CREATE TABLE sheriff_instructions (
  id TEXT PRIMARY KEY,
  matter_id TEXT,
  sheriff_id TEXT,
  party TEXT,
  address TEXT,
  issued_on TEXT,
  status TEXT,
  return_note TEXT
);
INSERT INTO sheriff_instructions VALUES ('SI-001','M-119','SH-07','P. Sithole','14 Jan Smuts Ave','2026-03-20','pending','pending');
INSERT INTO sheriff_instructions VALUES ('SI-002','M-127','SH-02','Okonkwo Trading CC','7 Harley St','2026-03-03','returned','served personally');
INSERT INTO sheriff_instructions VALUES ('SI-003','M-129','SH-08','Gauteng Freight Carriers (Pty) Ltd','19 Beyers Naude Dr','2026-04-13','pending','pending');
INSERT INTO sheriff_instructions VALUES ('SI-004','M-123','SH-01','Okonkwo Trading CC','3 Grayston Dr','2026-03-17','returned','served on domicilium');
INSERT INTO sheriff_instructions VALUES ('SI-005','M-114','SH-02','Gauteng Freight Carriers (Pty) Ltd','3 Grayston Dr','2026-03-16','returned','served personally');
INSERT INTO sheriff_instructions VALUES ('SI-006','M-118','SH-05','Mahlaba Logistics CC','60 Voortrekker Rd','2026-05-09','returned','served personally');
INSERT INTO sheriff_instructions VALUES ('SI-007','M-131','SH-06','Crestway Interiors CC','19 Beyers Naude Dr','2026-04-17','returned','served on employee');
INSERT INTO sheriff_instructions VALUES ('SI-008','M-119','SH-05','Cornerstone Builders CC','60 Voortrekker Rd','2026-05-08','returned','served by affixing');
INSERT INTO sheriff_instructions VALUES ('SI-009','M-131','SH-04','Emerald Spa Franchises (Pty) Ltd','201 Main Reef Rd','2026-05-26','returned','served on domicilium');
INSERT INTO sheriff_instructions VALUES ('SI-010','M-136','SH-06','Cornerstone Builders CC','5 Wessel Rd','2026-05-08','returned','non-service: defendant unknown at address');
INSERT INTO sheriff_instructions VALUES ('SI-011','M-133','SH-01','Orion Pharmacy CC','88 Republic Rd','2026-04-16','returned','served by affixing');
INSERT INTO sheriff_instructions VALUES ('SI-012','M-110','SH-08','Gauteng Freight Carriers (Pty) Ltd','33 Rivonia Rd','2026-04-27','returned','served on employee');
INSERT INTO sheriff_instructions VALUES ('SI-013','M-119','SH-08','Crestway Interiors CC','12 Stiemens St','2026-04-27','returned','non-service: address vacant');
INSERT INTO sheriff_instructions VALUES ('SI-014','M-133','SH-01','Okonkwo Trading CC','3 Grayston Dr','2026-05-11','returned','served personally');
INSERT INTO sheriff_instructions VALUES ('SI-015','M-115','SH-06','Okonkwo Trading CC','60 Voortrekker Rd','2026-03-22','pending','pending');
INSERT INTO sheriff_instructions VALUES ('SI-016','M-119','SH-08','Cornerstone Builders CC','14 Jan Smuts Ave','2026-03-21','returned','served on employee');
INSERT INTO sheriff_instructions VALUES ('SI-017','M-111','SH-01','Crestway Interiors CC','88 Republic Rd','2026-04-08','returned','served on domicilium');
INSERT INTO sheriff_instructions VALUES ('SI-018','M-124','SH-06','J. Botes','60 Voortrekker Rd','2026-05-04','pending','pending');
INSERT INTO sheriff_instructions VALUES ('SI-019','M-122','SH-05','Mahlaba Logistics CC','9 Paul Kruger St','2026-04-07','returned','served on domicilium');
INSERT INTO sheriff_instructions VALUES ('SI-020','M-124','SH-01','Mahlaba Logistics CC','201 Main Reef Rd','2026-03-25','returned','non-service: address vacant');
INSERT INTO sheriff_instructions VALUES ('SI-021','M-124','SH-03','Rand Coach Lines (Pty) Ltd','9 Paul Kruger St','2026-04-25','returned','served by affixing');
INSERT INTO sheriff_instructions VALUES ('SI-022','M-136','SH-07','Mahlaba Logistics CC','19 Beyers Naude Dr','2026-04-03','returned','non-service: address vacant');
INSERT INTO sheriff_instructions VALUES ('SI-023','M-135','SH-01','Rand Coach Lines (Pty) Ltd','41 Kerk St','2026-05-07','pending','pending');
INSERT INTO sheriff_instructions VALUES ('SI-024','M-127','SH-04','J. Botes','9 Paul Kruger St','2026-04-15','returned','served by affixing');
INSERT INTO sheriff_instructions VALUES ('SI-025','M-135','SH-07','J. Botes','33 Rivonia Rd','2026-03-07','returned','served on employee');
INSERT INTO sheriff_instructions VALUES ('SI-026','M-134','SH-01','Greenstone Mall Owners (Pty) Ltd','41 Kerk St','2026-04-09','pending','pending');
INSERT INTO sheriff_instructions VALUES ('SI-027','M-117','SH-07','Bushveld Haulage CC','33 Rivonia Rd','2026-03-02','returned','non-service: address vacant');
INSERT INTO sheriff_instructions VALUES ('SI-028','M-132','SH-02','Rand Coach Lines (Pty) Ltd','14 Jan Smuts Ave','2026-05-01','returned','served on employee');
INSERT INTO sheriff_instructions VALUES ('SI-029','M-128','SH-03','Gauteng Freight Carriers (Pty) Ltd','5 Wessel Rd','2026-04-18','returned','served by affixing');
INSERT INTO sheriff_instructions VALUES ('SI-030','M-129','SH-02','Bushveld Haulage CC','201 Main Reef Rd','2026-05-16','returned','non-service: defendant unknown at address');
INSERT INTO sheriff_instructions VALUES ('SI-031','M-116','SH-03','Mokoena Farming CC','41 Kerk St','2026-05-17','returned','non-service: defendant unknown at address');
INSERT INTO sheriff_instructions VALUES ('SI-032','M-119','SH-04','Okonkwo Trading CC','5 Wessel Rd','2026-04-10','pending','pending');
INSERT INTO sheriff_instructions VALUES ('SI-033','M-113','SH-07','Mokoena Farming CC','88 Republic Rd','2026-04-19','returned','non-service: address vacant');
INSERT INTO sheriff_instructions VALUES ('SI-034','M-107','SH-01','Mokoena Farming CC','7 Harley St','2026-03-20','returned','non-service: address vacant');
INSERT INTO sheriff_instructions VALUES ('SI-035','M-129','SH-03','J. Botes','41 Kerk St','2026-03-16','returned','served personally');
INSERT INTO sheriff_instructions VALUES ('SI-036','M-136','SH-07','Okonkwo Trading CC','201 Main Reef Rd','2026-05-14','returned','served on domicilium');
INSERT INTO sheriff_instructions VALUES ('SI-037','M-117','SH-07','Emerald Spa Franchises (Pty) Ltd','19 Beyers Naude Dr','2026-05-16','returned','served on employee');
INSERT INTO sheriff_instructions VALUES ('SI-038','M-120','SH-01','Emerald Spa Franchises (Pty) Ltd','33 Rivonia Rd','2026-04-04','returned','served on employee');
INSERT INTO sheriff_instructions VALUES ('SI-039','M-107','SH-01','Cornerstone Builders CC','5 Wessel Rd','2026-04-23','returned','served on domicilium');
INSERT INTO sheriff_instructions VALUES ('SI-040','M-116','SH-06','Orion Pharmacy CC','12 Stiemens St','2026-04-01','pending','pending');
INSERT INTO sheriff_instructions VALUES ('SI-041','M-110','SH-08','Orion Pharmacy CC','3 Grayston Dr','2026-04-20','returned','non-service: address vacant');
INSERT INTO sheriff_instructions VALUES ('SI-042','M-126','SH-05','Orion Pharmacy CC','201 Main Reef Rd','2026-03-28','returned','non-service: defendant unknown at address');
INSERT INTO sheriff_instructions VALUES ('SI-043','M-127','SH-07','K. Naidoo t/a Quickprint','41 Kerk St','2026-05-01','returned','non-service: address vacant');
INSERT INTO sheriff_instructions VALUES ('SI-044','M-134','SH-04','Mokoena Farming CC','201 Main Reef Rd','2026-04-18','returned','served on employee');
INSERT INTO sheriff_instructions VALUES ('SI-045','M-127','SH-06','Emerald Spa Franchises (Pty) Ltd','5 Wessel Rd','2026-04-08','pending','pending');
INSERT INTO sheriff_instructions VALUES ('SI-046','M-103','SH-01','T. Mahlaba (second defendant)','Dainfern Valley estate, 12 Heron Close','2026-04-29','pending','on the Tuesday estates run');
INSERT INTO sheriff_instructions VALUES ('SI-047','M-103','SH-05','Mahlaba Logistics CC (first defendant)','Registered office, 4 Allandale Rd, Halfway House','2026-04-29','returned','served on employee (receptionist)');

CREATE TABLE counsel (
  id TEXT PRIMARY KEY,
  name TEXT,
  chambers TEXT,
  email TEXT,
  phone TEXT,
  notes TEXT
);
INSERT INTO counsel VALUES ('C-01','Adv. Johan Steyn','Innes Group, Sandton','jsteyn@innesgroup.co.za','+27 11 555 0917','trial counsel; clerk Elsabe');
INSERT INTO counsel VALUES ('C-02','Adv. Lwazi Mkhize','Group 621, Rosebank','lmkhize@group621.co.za','+27 11 555 0921','unopposed and urgent motions');
INSERT INTO counsel VALUES ('C-03','Adv. Ruan de Klerk','Sandown Chambers','rdeklerk@sandownchambers.co.za','+27 11 555 0933','collections trials');
INSERT INTO counsel VALUES ('C-04','Adv. Fatima Cassim SC','Maisels Group, Sandton','fcassim@maiselsgroup.co.za','+27 11 555 0940','appeals; senior counsel');
INSERT INTO counsel VALUES ('C-05','Adv. Kabelo Molefe','Group 621, Rosebank','kmolefe@group621.co.za','+27 11 555 0944','insurance and delict');
INSERT INTO counsel VALUES ('C-06','Adv. Sarah Levin','Innes Group, Sandton','slevin@innesgroup.co.za','+27 11 555 0952','commercial leases');
INSERT INTO counsel VALUES ('C-07','Adv. Themba Shabalala','Pretoria Bar','tshabalala@pretoriabar.co.za','+27 12 555 0960','taxation opposing, costs');

CREATE TABLE counsel_fee_notes (
  id TEXT PRIMARY KEY,
  matter_id TEXT,
  counsel_id TEXT,
  appearance_date TEXT,
  amount_minor INTEGER,
  status TEXT
);
INSERT INTO counsel_fee_notes VALUES ('FN-001','M-117','C-06','2026-03-07',1150000,'received');
INSERT INTO counsel_fee_notes VALUES ('FN-002','M-135','C-01','2026-02-08',1150000,'received');
INSERT INTO counsel_fee_notes VALUES ('FN-003','M-115','C-05','2026-01-14',690000,'received');
INSERT INTO counsel_fee_notes VALUES ('FN-004','M-113','C-05','2026-01-04',1150000,'received, paid');
INSERT INTO counsel_fee_notes VALUES ('FN-005','M-136','C-03','2026-01-23',2300000,'received, paid');
INSERT INTO counsel_fee_notes VALUES ('FN-006','M-123','C-02','2026-01-16',850000,'received');
INSERT INTO counsel_fee_notes VALUES ('FN-007','M-108','C-06','2026-04-05',1150000,'received');
INSERT INTO counsel_fee_notes VALUES ('FN-008','M-110','C-02','2026-02-27',1150000,'received, paid');
INSERT INTO counsel_fee_notes VALUES ('FN-009','M-136','C-01','2026-01-05',460000,'queried');
INSERT INTO counsel_fee_notes VALUES ('FN-010','M-109','C-01','2026-03-13',690000,'queried');
INSERT INTO counsel_fee_notes VALUES ('FN-011','M-123','C-03','2026-04-07',2300000,'received, paid');
INSERT INTO counsel_fee_notes VALUES ('FN-012','M-107','C-01','2026-02-06',690000,'queried');
INSERT INTO counsel_fee_notes VALUES ('FN-013','M-118','C-03','2026-04-07',2300000,'received');
INSERT INTO counsel_fee_notes VALUES ('FN-014','M-110','C-06','2026-01-11',850000,'queried');
INSERT INTO counsel_fee_notes VALUES ('FN-015','M-125','C-06','2026-02-17',2300000,'received, paid');
INSERT INTO counsel_fee_notes VALUES ('FN-016','M-132','C-03','2026-03-04',460000,'received');
INSERT INTO counsel_fee_notes VALUES ('FN-017','M-133','C-05','2026-02-11',2300000,'received, paid');
INSERT INTO counsel_fee_notes VALUES ('FN-018','M-131','C-05','2026-02-13',1150000,'received');
INSERT INTO counsel_fee_notes VALUES ('FN-019','M-109','C-03','2026-03-16',850000,'received');
INSERT INTO counsel_fee_notes VALUES ('FN-020','M-135','C-03','2026-01-08',1725000,'received, paid');
INSERT INTO counsel_fee_notes VALUES ('FN-021','M-117','C-02','2026-04-19',1150000,'received');
INSERT INTO counsel_fee_notes VALUES ('FN-022','M-119','C-06','2026-04-21',1150000,'received');
INSERT INTO counsel_fee_notes VALUES ('FN-023','M-131','C-05','2026-01-04',2300000,'received');
INSERT INTO counsel_fee_notes VALUES ('FN-024','M-130','C-02','2026-03-15',690000,'received');
INSERT INTO counsel_fee_notes VALUES ('FN-025','M-131','C-02','2026-04-01',850000,'received, paid');

CREATE TABLE purchase_orders (
  id TEXT PRIMARY KEY,
  po_number TEXT,
  vendor TEXT,
  matter_id TEXT,
  description TEXT,
  amount_minor INTEGER,
  status TEXT,
  approved_by TEXT
);
INSERT INTO purchase_orders VALUES ('PO-001','DRA-PO-26-0382','TraceLink SA','M-136','interpreter',2115000,'approved','Kavir Reddy');
INSERT INTO purchase_orders VALUES ('PO-002','DRA-PO-26-0928','Printwise Rosebank','M-105','interpreter',2115000,'closed','Nomsa Dlamini');
INSERT INTO purchase_orders VALUES ('PO-003','DRA-PO-25-0495','Botha Costs Consultants','M-111','process serving',640000,'closed','Nomsa Dlamini');
INSERT INTO purchase_orders VALUES ('PO-004','DRA-PO-26-0530','TraceLink SA','M-134','bill of costs drawing fee',2115000,'invoiced','Nomsa Dlamini');
INSERT INTO purchase_orders VALUES ('PO-005','DRA-PO-26-0594','Printwise Rosebank','M-118','interpreter',1245000,'invoiced','Kavir Reddy');
INSERT INTO purchase_orders VALUES ('PO-006','DRA-PO-25-0891','Kwela Transcription Services','M-103','trial bundle printing',880000,'approved','Nomsa Dlamini');
INSERT INTO purchase_orders VALUES ('PO-007','DRA-PO-25-0422','Printwise Rosebank','M-126','courier batch',2115000,'invoiced','Kavir Reddy');
INSERT INTO purchase_orders VALUES ('PO-008','DRA-PO-25-0539','Printwise Rosebank','M-131','bulk traces',880000,'closed','Kavir Reddy');
INSERT INTO purchase_orders VALUES ('PO-009','DRA-PO-26-0247','Gauteng Process Agents','M-116','interpreter',975000,'closed','Kavir Reddy');
INSERT INTO purchase_orders VALUES ('PO-010','DRA-PO-26-0566','SwiftDocs Couriers','M-114','process serving',520000,'invoiced','Kavir Reddy');
INSERT INTO purchase_orders VALUES ('PO-011','DRA-PO-25-0472','Botha Costs Consultants','M-109','trial bundle printing',640000,'approved','Nomsa Dlamini');
INSERT INTO purchase_orders VALUES ('PO-012','DRA-PO-26-0472','Gauteng Process Agents','M-134','process serving',880000,'invoiced','Kavir Reddy');
INSERT INTO purchase_orders VALUES ('PO-013','DRA-PO-25-0592','SwiftDocs Couriers','M-133','bulk traces',2115000,'invoiced','Nomsa Dlamini');
INSERT INTO purchase_orders VALUES ('PO-014','DRA-PO-26-0724','Printwise Rosebank','M-113','trial bundle printing',1245000,'closed','Kavir Reddy');
INSERT INTO purchase_orders VALUES ('PO-015','DRA-PO-25-0614','Printwise Rosebank','M-113','trial bundle printing',520000,'closed','Kavir Reddy');
INSERT INTO purchase_orders VALUES ('PO-016','DRA-PO-26-0365','Botha Costs Consultants','M-102','interpreter',520000,'closed','Kavir Reddy');
INSERT INTO purchase_orders VALUES ('PO-017','DRA-PO-26-0174','Gauteng Process Agents','M-106','trial bundle printing',880000,'closed','Nomsa Dlamini');
INSERT INTO purchase_orders VALUES ('PO-018','DRA-PO-26-0590','TraceLink SA','M-114','bulk traces',1245000,'approved','Kavir Reddy');
INSERT INTO purchase_orders VALUES ('PO-019','DRA-PO-25-0921','SwiftDocs Couriers','M-129','process serving',2115000,'closed','Nomsa Dlamini');
INSERT INTO purchase_orders VALUES ('PO-020','DRA-PO-26-0865','TraceLink SA','M-125','process serving',880000,'invoiced','Kavir Reddy');
INSERT INTO purchase_orders VALUES ('PO-021','DRA-PO-26-0397','Lingua Legal Interpreters','M-112','bill of costs drawing fee',975000,'invoiced','Kavir Reddy');
INSERT INTO purchase_orders VALUES ('PO-022','DRA-PO-26-0996','TraceLink SA','M-106','interpreter',520000,'approved','Nomsa Dlamini');
INSERT INTO purchase_orders VALUES ('PO-023','DRA-PO-26-0406','Gauteng Process Agents','M-101','courier batch',1245000,'closed','Kavir Reddy');
INSERT INTO purchase_orders VALUES ('PO-024','DRA-PO-25-1147','Kwela Transcription Services','M-121','transcript of the 2025 Tshwane Steel trial (2 days)',1012000,'closed','Kavir Reddy');

CREATE TABLE trust_receipts (
  id TEXT PRIMARY KEY,
  received_at TEXT,
  payer TEXT,
  reference TEXT,
  amount_minor INTEGER,
  matter_id TEXT,
  allocated TEXT
);
INSERT INTO trust_receipts VALUES ('TR-001','2026-04-08 13:35','Crestway Interiors CC','instalment 4',420000,'M-128','allocated');
INSERT INTO trust_receipts VALUES ('TR-002','2026-04-06 09:35','Greenfield Body Corporate','instalment 10',85000,'M-136','allocated');
INSERT INTO trust_receipts VALUES ('TR-003','2026-04-08 16:35','Greenfield Body Corporate','instalment 6',250000,'M-119','allocated');
INSERT INTO trust_receipts VALUES ('TR-004','2026-04-02 13:35','Orion Pharmacy CC','instalment 6',312500,'M-119','allocated');
INSERT INTO trust_receipts VALUES ('TR-005','2026-05-04 13:50','Rosebank Office Parks (Pty) Ltd','instalment 3',85000,'M-125','allocated');
INSERT INTO trust_receipts VALUES ('TR-006','2026-04-03 09:50','Emerald Spa Franchises (Pty) Ltd','instalment 1',250000,'M-123','allocated');
INSERT INTO trust_receipts VALUES ('TR-007','2026-03-09 10:35','Orion Pharmacy CC','instalment 11',1000000,'M-109','allocated');
INSERT INTO trust_receipts VALUES ('TR-008','2026-04-09 09:35','P. Sithole','instalment 5',312500,'M-110','allocated');
INSERT INTO trust_receipts VALUES ('TR-009','2026-04-02 08:20','P. Sithole','instalment 12',312500,'M-120','allocated');
INSERT INTO trust_receipts VALUES ('TR-010','2026-04-12 11:50','Rosebank Office Parks (Pty) Ltd','instalment 6',1000000,'M-119','allocated');
INSERT INTO trust_receipts VALUES ('TR-011','2026-04-06 13:20','Greenfield Body Corporate','instalment 8',85000,'M-132','allocated');
INSERT INTO trust_receipts VALUES ('TR-012','2026-03-12 08:50','J. Botes','instalment 1',1000000,'M-133','allocated');
INSERT INTO trust_receipts VALUES ('TR-013','2026-03-08 16:05','Rosebank Office Parks (Pty) Ltd','instalment 6',312500,'M-107','allocated');
INSERT INTO trust_receipts VALUES ('TR-014','2026-03-07 14:20','Bushveld Haulage CC','instalment 12',250000,'M-127','allocated');
INSERT INTO trust_receipts VALUES ('TR-015','2026-05-11 10:35','Bushveld Haulage CC','instalment 7',1000000,'M-123','allocated');
INSERT INTO trust_receipts VALUES ('TR-016','2026-04-05 08:50','Emerald Spa Franchises (Pty) Ltd','instalment 12',150000,'M-116','allocated');
INSERT INTO trust_receipts VALUES ('TR-017','2026-04-03 08:50','Orion Pharmacy CC','instalment 10',1000000,'M-136','allocated');
INSERT INTO trust_receipts VALUES ('TR-018','2026-03-06 09:20','Crestway Interiors CC','instalment 6',250000,'M-125','allocated');
INSERT INTO trust_receipts VALUES ('TR-019','2026-04-10 15:20','Greenfield Body Corporate','instalment 3',420000,'M-119','allocated');
INSERT INTO trust_receipts VALUES ('TR-020','2026-04-05 16:50','Emerald Spa Franchises (Pty) Ltd','instalment 8',1000000,'M-136','allocated');
INSERT INTO trust_receipts VALUES ('TR-021','2026-04-11 16:05','Greenfield Body Corporate','instalment 4',1000000,'M-108','allocated');
INSERT INTO trust_receipts VALUES ('TR-022','2026-04-03 14:35','Orion Pharmacy CC','instalment 11',250000,'M-135','allocated');
INSERT INTO trust_receipts VALUES ('TR-023','2026-03-08 13:50','Bushveld Haulage CC','instalment 12',1000000,'M-126','allocated');
INSERT INTO trust_receipts VALUES ('TR-024','2026-04-07 10:35','Crestway Interiors CC','instalment 5',85000,'M-111','allocated');
INSERT INTO trust_receipts VALUES ('TR-025','2026-04-09 16:05','Crestway Interiors CC','instalment 10',250000,'M-107','allocated');
INSERT INTO trust_receipts VALUES ('TR-026','2026-04-03 10:05','J. Botes','instalment 5',85000,'M-129','allocated');
INSERT INTO trust_receipts VALUES ('TR-027','2026-03-08 15:05','Rosebank Office Parks (Pty) Ltd','instalment 9',420000,'M-107','allocated');
INSERT INTO trust_receipts VALUES ('TR-028','2026-04-07 11:05','Greenfield Body Corporate','instalment 4',150000,'M-124','allocated');
INSERT INTO trust_receipts VALUES ('TR-029','2026-05-09 15:20','Emerald Spa Franchises (Pty) Ltd','instalment 6',420000,'M-119','allocated');
INSERT INTO trust_receipts VALUES ('TR-030','2026-03-09 12:50','P. Sithole','instalment 6',150000,'M-128','allocated');

CREATE TABLE witnesses (
  id TEXT PRIMARY KEY,
  matter_id TEXT,
  name TEXT,
  role TEXT,
  language TEXT,
  status TEXT
);
INSERT INTO witnesses VALUES ('W-001','M-111','Nomvula Khoza','records custodian','Sesotho (fluent English)','statement signed');
INSERT INTO witnesses VALUES ('W-002','M-130','Nomvula Khoza','records custodian','English','statement signed');
INSERT INTO witnesses VALUES ('W-003','M-129','Zanele Radebe','defendant''s employee','Afrikaans','confirmed');
INSERT INTO witnesses VALUES ('W-004','M-121','Johan Chetty','defendant''s employee','Setswana (fluent English)','subpoena served');
INSERT INTO witnesses VALUES ('W-005','M-116','Hendrik Botha','eyewitness','Sesotho (fluent English)','to be consulted');
INSERT INTO witnesses VALUES ('W-006','M-117','Elize Dube','expert (engineering)','English','to be consulted');
INSERT INTO witnesses VALUES ('W-007','M-113','Susan Botha','expert (engineering)','English','to be consulted');
INSERT INTO witnesses VALUES ('W-008','M-116','Kagiso Nel','records custodian','Sesotho (fluent English)','to be consulted');
INSERT INTO witnesses VALUES ('W-009','M-121','Elize Mahlangu','plaintiff','English','confirmed');
INSERT INTO witnesses VALUES ('W-010','M-111','Hendrik Khoza','expert (engineering)','English','subpoena served');
INSERT INTO witnesses VALUES ('W-011','M-113','Elize Pretorius','records custodian','Setswana (fluent English)','confirmed');
INSERT INTO witnesses VALUES ('W-012','M-110','Susan Pretorius','defendant''s employee','English','statement signed');
INSERT INTO witnesses VALUES ('W-013','M-120','Nomvula Pillay','records custodian','Setswana (fluent English)','subpoena served');
INSERT INTO witnesses VALUES ('W-014','M-127','Susan Govender','expert (engineering)','English','statement signed');
INSERT INTO witnesses VALUES ('W-015','M-117','Elize Nel','plaintiff','Sesotho (fluent English)','statement signed');
INSERT INTO witnesses VALUES ('W-016','M-126','Zanele Pillay','defendant''s employee','Sesotho (fluent English)','confirmed');
INSERT INTO witnesses VALUES ('W-017','M-115','Ravi Smit','expert (quantum)','Afrikaans','statement signed');
INSERT INTO witnesses VALUES ('W-018','M-110','Grace Botha','defendant''s employee','Setswana (fluent English)','to be consulted');
INSERT INTO witnesses VALUES ('W-019','M-132','Kagiso Mahlangu','eyewitness','Sesotho (fluent English)','subpoena served');
INSERT INTO witnesses VALUES ('W-020','M-115','Grace Molefe','eyewitness','English','to be consulted');

CREATE TABLE team_members (
  id TEXT PRIMARY KEY,
  name TEXT,
  role TEXT,
  commissioner_of_oaths INTEGER,
  caselines_admin INTEGER,
  notes TEXT
);
INSERT INTO team_members VALUES ('T-1','Thandiwe Mokoena','team lead',1,1,'former clerk of the civil court, Johannesburg Magistrate''s Court (2014-2021)');
INSERT INTO team_members VALUES ('T-2','Sipho Ndlovu','paralegal',0,1,'CaseLines, sheriffs, tracing');
INSERT INTO team_members VALUES ('T-3','Lerato Khumalo','paralegal',1,0,'costs, counsel''s accounts');
INSERT INTO team_members VALUES ('T-4','Pieter van Wyk','filing clerk / runner',0,0,'court and Deeds Office runs; own car');
INSERT INTO team_members VALUES ('T-5','Ayesha Patel','junior paralegal',0,0,'bundles, pagination');

CREATE TABLE leave_register (
  id TEXT PRIMARY KEY,
  person TEXT,
  start_date TEXT,
  end_date TEXT,
  kind TEXT,
  cover TEXT
);
INSERT INTO leave_register VALUES ('L-01','Lerato Khumalo','2026-03-30','2026-04-02','annual','Ayesha Patel');
INSERT INTO leave_register VALUES ('L-02','Pieter van Wyk','2026-04-13','2026-04-14','family responsibility','Sipho Ndlovu');
INSERT INTO leave_register VALUES ('L-03','Sipho Ndlovu','2026-04-20','2026-04-24','annual','Thandiwe Mokoena');
INSERT INTO leave_register VALUES ('L-04','Ayesha Patel','2026-05-08','2026-05-08','study','Lerato Khumalo');
INSERT INTO leave_register VALUES ('L-05','Thandiwe Mokoena','2026-05-25','2026-05-29','annual','Sipho Ndlovu (CaseLines, sheriffs); Lerato Khumalo (costs)');
INSERT INTO leave_register VALUES ('L-06','Lerato Khumalo','2026-06-15','2026-06-19','annual','Ayesha Patel');
INSERT INTO leave_register VALUES ('L-07','Pieter van Wyk','2026-06-29','2026-07-03','annual','Ayesha Patel');
INSERT INTO leave_register VALUES ('L-08','Sipho Ndlovu','2026-07-13','2026-07-17','annual','Lerato Khumalo');
INSERT INTO leave_register VALUES ('L-09','Ayesha Patel','2026-06-08','2026-06-09','study','Pieter van Wyk');
INSERT INTO leave_register VALUES ('L-10','Thandiwe Mokoena','2026-07-20','2026-07-24','annual','Lerato Khumalo');

CREATE TABLE vendors (
  id TEXT PRIMARY KEY,
  name TEXT,
  service TEXT,
  account_no TEXT,
  contact TEXT,
  terms TEXT
);
INSERT INTO vendors VALUES ('V-01','SwiftDocs Couriers','same-day and overnight courier','SWD-44120','ops@swiftdocs.co.za','card or monthly account; Pretoria same-day R185-R210');
INSERT INTO vendors VALUES ('V-02','Kwela Transcription Services','court transcripts, appeal records','KWT-0932','bookings@kwelatranscription.co.za','work starts on receipt of a purchase order number; 10 working days per 4 court days');
INSERT INTO vendors VALUES ('V-03','TraceLink SA','consumer and director tracing','see subscriptions','support@tracelink.co.za','pay-as-you-go R86.25 per trace on card');
INSERT INTO vendors VALUES ('V-04','Botha Costs Consultants','bills of costs, taxation','BCC-DRA','hennie@bothacosts.co.za','drawing fee 6% of bill, invoiced after taxation');
INSERT INTO vendors VALUES ('V-05','Lingua Legal Interpreters','sworn interpreters (isiZulu, isiXhosa, Sesotho, Setswana, Afrikaans)','LLI-221','book@lingualegal.co.za','R2 850 per court day; 24 hours'' notice');
INSERT INTO vendors VALUES ('V-06','Printwise Rosebank','bundle printing and binding','PWR-118','jobs@printwise.co.za','R1.10 per page; same-day before 11:00');
INSERT INTO vendors VALUES ('V-07','Gauteng Process Agents','service outside sheriff hours (non-process documents)','GPA-07','desk@gpagents.co.za','R420 per attempt');
INSERT INTO vendors VALUES ('V-08','Mahlangu & Partners','Pretoria correspondent attorneys','MP-DRA','corr@mahlangupartners.co.za','R350 per filing; monthly statement');
INSERT INTO vendors VALUES ('V-09','CaseLines (Thomson Reuters)','court e-bundles','firm licence','support@caselines.example.com','no charge to practitioners');
INSERT INTO vendors VALUES ('V-10','Deeds Office Pretoria','title searches, copies','DO-PTA-5521','n/a','per copy fees');

CREATE TABLE subscriptions (
  id TEXT PRIMARY KEY,
  vendor TEXT,
  plan TEXT,
  account_no TEXT,
  included TEXT,
  user_codes TEXT,
  renews_on TEXT,
  notes TEXT
);
INSERT INTO subscriptions VALUES ('S-01','LexisNexis SA','MyLexisNexis Litigation','LNX-88213','case law, forms, Jutastat precedents','firm-wide SSO','2026-12-31','renewed January');
INSERT INTO subscriptions VALUES ('S-02','CaseLines','Practitioner licence','n/a','unlimited bundles','all fee earners and lit support','n/a','court provided');
INSERT INTO subscriptions VALUES ('S-03','Deeds Web','Deeds search','DW-4471','deeds and title searches at R12 each','Pieter, Thandiwe','2026-09-30','billed monthly');
INSERT INTO subscriptions VALUES ('S-04','Adobe Acrobat Pro','Team licence (5)','ADB-TEAM-5','PDF editing, pagination stamps','lit support','2026-08-14','annual');

CREATE TABLE documents_sent (
  id TEXT PRIMARY KEY,
  matter_id TEXT,
  sent_on TEXT,
  to_party TEXT,
  items TEXT,
  sent_by TEXT
);
INSERT INTO documents_sent VALUES ('DS-001','M-126','2026-03-19','Sheriff Randburg','discovery affidavit and schedule','Lerato Khumalo');
INSERT INTO documents_sent VALUES ('DS-002','M-125','2026-03-21','Sheriff Randburg','discovery affidavit and schedule','Sipho Ndlovu');
INSERT INTO documents_sent VALUES ('DS-003','M-111','2026-03-16','Botha Costs Consultants','trial bundle volumes 1-3','Ayesha Patel');
INSERT INTO documents_sent VALUES ('DS-004','M-117','2026-03-28','counsel','notice of set-down','Pieter van Wyk');
INSERT INTO documents_sent VALUES ('DS-005','M-135','2026-03-15','Sheriff Randburg','discovery affidavit and schedule','Lerato Khumalo');
INSERT INTO documents_sent VALUES ('DS-006','M-135','2026-03-18','counsel','discovery affidavit and schedule','Ayesha Patel');
INSERT INTO documents_sent VALUES ('DS-007','M-126','2026-03-04','Mahlangu & Partners','notice of set-down','Ayesha Patel');
INSERT INTO documents_sent VALUES ('DS-008','M-114','2026-04-27','opposing attorneys','discovery affidavit and schedule','Sipho Ndlovu');
INSERT INTO documents_sent VALUES ('DS-009','M-121','2026-03-13','opposing attorneys','pre-trial minute draft','Lerato Khumalo');
INSERT INTO documents_sent VALUES ('DS-010','M-116','2026-04-20','Botha Costs Consultants','pre-trial minute draft','Sipho Ndlovu');
INSERT INTO documents_sent VALUES ('DS-011','M-112','2026-03-14','client','indexed bundle (CaseLines link)','Lerato Khumalo');
INSERT INTO documents_sent VALUES ('DS-012','M-123','2026-04-04','Botha Costs Consultants','trial bundle volumes 1-3','Lerato Khumalo');
INSERT INTO documents_sent VALUES ('DS-013','M-117','2026-03-09','opposing attorneys','bill of costs and vouchers','Ayesha Patel');
INSERT INTO documents_sent VALUES ('DS-014','M-108','2026-03-24','Sheriff Randburg','discovery affidavit and schedule','Pieter van Wyk');
INSERT INTO documents_sent VALUES ('DS-015','M-122','2026-03-16','counsel','trial bundle volumes 1-3','Pieter van Wyk');
INSERT INTO documents_sent VALUES ('DS-016','M-131','2026-04-16','client','pre-trial minute draft','Pieter van Wyk');
INSERT INTO documents_sent VALUES ('DS-017','M-133','2026-04-04','Botha Costs Consultants','indexed bundle (CaseLines link)','Ayesha Patel');
INSERT INTO documents_sent VALUES ('DS-018','M-123','2026-04-14','Mahlangu & Partners','notice of set-down','Sipho Ndlovu');
INSERT INTO documents_sent VALUES ('DS-019','M-116','2026-04-24','client','bill of costs and vouchers','Ayesha Patel');
INSERT INTO documents_sent VALUES ('DS-020','M-131','2026-04-19','Mahlangu & Partners','discovery affidavit and schedule','Sipho Ndlovu');

INSERT INTO subscriptions VALUES ('S-05','TraceLink SA','Enterprise bundle (firm account)','TL-ENT-20931','consumer and director traces: 300 per month, unused traces do not roll over','DRA-LIT-04 (litigation support), DRA-COL-01 (collections)','2027-01-31','log in at portal with the firm user code; traces under the code are not charged to any card');

CREATE TABLE court_appearances (
  id TEXT PRIMARY KEY,
  matter_id TEXT,
  appearance_date TEXT,
  counsel_id TEXT,
  purpose TEXT
);
INSERT INTO court_appearances VALUES ('CA-101','M-121','2026-02-10','C-03','trial day 1');
INSERT INTO court_appearances VALUES ('CA-102','M-121','2026-02-11','C-03','trial day 2');
INSERT INTO court_appearances VALUES ('CA-103','M-104','2026-03-10','C-01','trial day 1');
INSERT INTO court_appearances VALUES ('CA-104','M-104','2026-03-11','C-01','trial day 2');
INSERT INTO court_appearances VALUES ('CA-105','M-104','2026-03-12','C-01','trial day 3');
INSERT INTO court_appearances VALUES ('CA-106','M-104','2026-03-13','C-01','trial day 4');
INSERT INTO court_appearances VALUES ('CA-107','M-115','2026-03-19','C-02','unopposed motion');
INSERT INTO court_appearances VALUES ('CA-108','M-126','2026-04-07','C-05','pre-trial conference');
INSERT INTO court_appearances VALUES ('CA-109','M-130','2026-04-21','C-06','opposed motion');
INSERT INTO court_appearances VALUES ('CA-110','M-112','2026-04-28','C-02','urgent application');
