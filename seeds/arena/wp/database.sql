-- Northline Freight Software - engineering PM database (routing team)
CREATE TABLE projects (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  client TEXT NOT NULL,
  status TEXT NOT NULL,
  phase TEXT,
  target_date TEXT,
  service_tier TEXT NOT NULL,
  data_addendum TEXT,
  lead TEXT
);
INSERT INTO projects VALUES ('PRJ-101','RouteWise 4.0','Maple Harbour Distribution','in_progress','Phase 2 build','2026-06-19','Tier-1 (customer-facing)','Schedule D: awaiting client countersignature','Marco Bellini');
INSERT INTO projects VALUES ('PRJ-102','Dock Scheduler API','Maple Harbour Distribution (pilot)','pilot','Pilot hardening','2026-08-31','Tier-2 (pilot)','not applicable (synthetic bookings only)','Lena Fischer');
INSERT INTO projects VALUES ('PRJ-103','Carrier Portal migration','internal','in_progress','Data migration','2026-05-29','Tier-1 (carrier-facing)','not applicable','Marco Bellini');
INSERT INTO projects VALUES ('PRJ-104','Device lab build-out','internal','planned','Scoping','2026-07-15','Tier-3 (internal tooling)','not applicable','Aisha Khan');

CREATE TABLE milestones (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id),
  name TEXT NOT NULL,
  planned_date TEXT,
  owner TEXT,
  depends_on TEXT
);
INSERT INTO milestones VALUES ('MS-01','PRJ-101','Phase 1 performance sign-off','2026-02-27','Aisha Khan',NULL);
INSERT INTO milestones VALUES ('MS-02','PRJ-101','Phase 1 acceptance certificate','2026-03-13','Kevin O''Brien','MS-01');
INSERT INTO milestones VALUES ('MS-03','PRJ-101','Phase 2 UAT cycle 1','2026-03-23','Aisha Khan','MS-02');
INSERT INTO milestones VALUES ('MS-04','PRJ-101','Phase 2 UAT complete','2026-06-12','Aisha Khan','MS-03');
INSERT INTO milestones VALUES ('MS-05','PRJ-101','Phase 2 acceptance certificate','2026-06-30','Kevin O''Brien','MS-04');
INSERT INTO milestones VALUES ('MS-06','PRJ-103','Migration dry-run','2026-05-13','Marco Bellini',NULL);
INSERT INTO milestones VALUES ('MS-07','PRJ-103','Carrier Portal cutover','2026-05-29','Marco Bellini','MS-06');
INSERT INTO milestones VALUES ('MS-08','PRJ-102','Pilot soak test','2026-05-15','Lena Fischer',NULL);
INSERT INTO milestones VALUES ('MS-09','PRJ-102','Expansion decision (client)','2026-07-31','Kevin O''Brien','MS-08');
INSERT INTO milestones VALUES ('MS-10','PRJ-104','Device lab operational','2026-07-01','Aisha Khan',NULL);

CREATE TABLE vendor_contracts (
  id TEXT PRIMARY KEY,
  vendor TEXT NOT NULL,
  service TEXT NOT NULL,
  term_start TEXT,
  term_end TEXT,
  annual_value_minor INTEGER,
  currency TEXT,
  auto_renew INTEGER,
  notice_address TEXT,
  support_terms TEXT,
  overage_terms TEXT,
  owner TEXT
);
INSERT INTO vendor_contracts VALUES ('VC-01','CloudPeak Hosting','Managed Kubernetes, staging and production','2025-09-01','2027-08-31',17856000,'CAD',1,'legal@cloudpeak.io','Enterprise P2: quota increases within 4 business hours via priority line; cite contract CPK-ENT-7741','CAD 0.09 per vCPU-hour above committed quota, billed to the team budget','Tomas Herrera');
INSERT INTO vendor_contracts VALUES ('VC-02','Atlassian','Jira and Confluence Cloud, 85 seats','2026-01-01','2026-12-31',3672000,'CAD',1,'legal@atlassian.com','Standard cloud support','per-seat true-up quarterly','Daniel Okafor');
INSERT INTO vendor_contracts VALUES ('VC-03','TestGrid Labs','Real Device Cloud, Team plan','2025-07-01','2026-06-30',2160000,'CAD',1,'contracts@testgridlabs.com','Business-hours email support','extra device-hours CAD 6 each','Aisha Khan');
INSERT INTO vendor_contracts VALUES ('VC-04','PagerDuty','On-call alerting, 12 users','2025-11-01','2026-10-31',614400,'CAD',1,'legal@pagerduty.com','Standard support','none','Tomas Herrera');
INSERT INTO vendor_contracts VALUES ('VC-05','Mira Kowalczyk Design','UX design contractor (dispatcher dashboard)','2026-01-12','2026-07-31',NULL,'CAD',0,'mira@kowalczyk.design','n/a','capped at 60 hours per month','Daniel Okafor');
INSERT INTO vendor_contracts VALUES ('VC-06','Datadog','APM and log management','2025-04-01','2027-03-31',5280000,'CAD',0,'legal@datadoghq.com','Premier support','log ingestion above 500 GB per month at list','Tomas Herrera');

CREATE TABLE team_capacity (
  id INTEGER PRIMARY KEY,
  member TEXT NOT NULL,
  sprint TEXT NOT NULL,
  sprint_start TEXT,
  capacity_hours INTEGER,
  committed_hours INTEGER,
  note TEXT
);
INSERT INTO team_capacity VALUES (1,'Marco Bellini','Sprint 6','2026-03-02',70,66,'tech lead; 4h hiring panels');
INSERT INTO team_capacity VALUES (2,'Aisha Khan','Sprint 6','2026-03-02',70,70,'UAT preparation');
INSERT INTO team_capacity VALUES (3,'Tomas Herrera','Sprint 6','2026-03-02',56,52,'on-call week of 23 Feb spills over');
INSERT INTO team_capacity VALUES (4,'Lena Fischer','Sprint 6','2026-03-02',70,64,NULL);
INSERT INTO team_capacity VALUES (5,'Marco Bellini','Sprint 10','2026-04-27',70,70,'Carrier Portal migration');
INSERT INTO team_capacity VALUES (6,'Aisha Khan','Sprint 10','2026-04-27',63,60,'device lab scoping');
INSERT INTO team_capacity VALUES (7,'Tomas Herrera','Sprint 10','2026-04-27',70,68,NULL);
INSERT INTO team_capacity VALUES (8,'Lena Fischer','Sprint 10','2026-04-27',35,35,'half sprint vacation');

CREATE TABLE incidents (
  id TEXT PRIMARY KEY,
  opened_at TEXT NOT NULL,
  severity TEXT NOT NULL,
  service TEXT NOT NULL,
  title TEXT NOT NULL,
  status TEXT NOT NULL,
  postmortem_owner TEXT
);
INSERT INTO incidents VALUES ('INC-2026-004','2026-01-08T07:42:00-05:00','Sev-2','RouteWise dispatcher console','Map tiles failed to load for 35 minutes','resolved','Lena Fischer');
INSERT INTO incidents VALUES ('INC-2026-011','2026-01-19T22:10:00-05:00','Sev-3','Carrier Portal','Rate upload timeouts for large carriers','resolved','Marco Bellini');
INSERT INTO incidents VALUES ('INC-2026-017','2026-01-30T13:05:00-05:00','Sev-1','RouteWise optimiser','Optimiser returned empty plans after config push','resolved','Tomas Herrera');
INSERT INTO incidents VALUES ('INC-2026-022','2026-02-04T09:30:00-05:00','Sev-3','Staging','Nightly masked-data restore failed','resolved','Tomas Herrera');
INSERT INTO incidents VALUES ('INC-2026-026','2026-02-09T16:48:00-05:00','Sev-2','Carrier Portal','Duplicate carrier invoices generated','postmortem_open','Marco Bellini');
INSERT INTO incidents VALUES ('INC-2026-029','2026-02-12T11:15:00-05:00','Sev-3','RouteWise dispatcher console','Dark mode contrast issue on ETA badges','resolved','Lena Fischer');

CREATE TABLE expense_policy (
  id TEXT PRIMARY KEY,
  category TEXT NOT NULL,
  max_per_item_minor INTEGER,
  payment_method TEXT NOT NULL,
  approval TEXT NOT NULL,
  notes TEXT
);
INSERT INTO expense_policy VALUES ('EP-01','software_subscription',50000,'team budget card','project manager','monthly subscriptions only; annual plans need a PO');
INSERT INTO expense_policy VALUES ('EP-02','team_meals',30000,'team budget card','project manager','max 4 per quarter');
INSERT INTO expense_policy VALUES ('EP-03','training',150000,'team budget card','director','one course per person per half-year');
INSERT INTO expense_policy VALUES ('EP-04','contractor_invoice',100000,'team budget card (direct), no PO needed','project manager','contract must be in the vendor register; above the limit use the AP run');
INSERT INTO expense_policy VALUES ('EP-05','vendor_invoice',NULL,'purchase order + monthly AP run','finance','all vendor (non-contractor) invoices');
INSERT INTO expense_policy VALUES ('EP-06','local_travel',20000,'team budget card','project manager','taxi or rideshare for client visits');

-- Earlier projects, contracts and incidents (history kept for reporting).
INSERT INTO projects VALUES ('PRJ-087','RouteWise 3.8 support and data migration','Maple Harbour Distribution','closed','Hypercare ended','2025-11-28','Tier-1 (customer-facing)','Schedule D (SOW-2): countersigned by client 2024-10-02, lapsed with SOW-2','Marco Bellini');
INSERT INTO projects VALUES ('PRJ-091','Carrier rate ingestion v2','internal','closed','Done','2025-10-15','Tier-2 (internal batch)','not applicable','Tomas Herrera');
INSERT INTO projects VALUES ('PRJ-095','Dispatcher console dark mode','Maple Harbour Distribution','closed','Released in 4.0.0-rc2','2026-01-30','Tier-1 (customer-facing)','not applicable (UI only)','Lena Fischer');
INSERT INTO projects VALUES ('PRJ-098','Staging cost reduction','internal','in_progress','Autoscaler tuning','2026-03-31','Tier-3 (internal tooling)','not applicable','Tomas Herrera');
INSERT INTO projects VALUES ('PRJ-105','Quebec region routing (French UI)','Maple Harbour Distribution','proposed','Estimate','2026-10-30','Tier-1 (customer-facing)','to be agreed in SOW-4','Kevin O''Brien');

INSERT INTO vendor_contracts VALUES ('VC-07','CloudPeak Hosting','Managed Kubernetes, staging only (standard plan)','2023-09-01','2025-08-31',6480000,'CAD',0,'legal@cloudpeak.io','Standard: quota increases within 5 business days via portal ticket; cite account CPK-STD-2210','CAD 0.12 per vCPU-hour above committed quota, billed to the team budget','Tomas Herrera');
INSERT INTO vendor_contracts VALUES ('VC-08','TestGrid Labs','Real Device Cloud, Starter plan','2024-07-01','2025-06-30',1440000,'CAD',1,'contracts@testgrid.io','Business-hours email support','extra device-hours CAD 7 each','Aisha Khan');
INSERT INTO vendor_contracts VALUES ('VC-09','GitHub','Enterprise Cloud, 40 seats, Actions minutes','2025-05-01','2026-04-30',2592000,'CAD',1,'legal@github.com','Premium support','Actions minutes above 50,000 per month at list','Marco Bellini');
INSERT INTO vendor_contracts VALUES ('VC-10','Figma','Organization plan, 6 editors','2025-12-01','2026-11-30',388800,'CAD',1,'legal@figma.com','Standard support','editor seats added pro rata','Lena Fischer');
INSERT INTO vendor_contracts VALUES ('VC-11','Sentry','Business plan, error monitoring','2025-08-15','2026-08-14',312000,'CAD',1,'legal@sentry.io','Standard support','events above 500k per month at list','Tomas Herrera');
INSERT INTO vendor_contracts VALUES ('VC-12','Jonas Lindqvist QA Consulting','Test automation contractor (Carrier Portal)','2025-10-06','2026-03-31',NULL,'CAD',0,'jonas@lindqvist-qa.ca','n/a','capped at 80 hours per month','Daniel Okafor');
INSERT INTO vendor_contracts VALUES ('VC-13','Miro','Team plan, 10 members','2025-06-01',NULL,54000,'CAD',1,'legal@miro.com','Self-serve','monthly, cancel any time','Daniel Okafor');
INSERT INTO vendor_contracts VALUES ('VC-14','O''Reilly Media','Learning platform, 3 seats','2026-02-03','2027-02-02',34900,'CAD',1,'enterprise@oreilly.com','Email support','none','Daniel Okafor');

INSERT INTO incidents VALUES ('INC-2025-141','2025-10-03T08:55:00-04:00','Sev-2','RouteWise optimiser','Plans for Ontario south missing toll costs','resolved','Marco Bellini');
INSERT INTO incidents VALUES ('INC-2025-148','2025-10-17T13:20:00-04:00','Sev-3','Carrier Portal','Password reset emails delayed','resolved','Lena Fischer');
INSERT INTO incidents VALUES ('INC-2025-152','2025-10-29T06:40:00-04:00','Sev-2','RouteWise dispatcher console','Console froze for users on Edge 130','resolved','Lena Fischer');
INSERT INTO incidents VALUES ('INC-2025-160','2025-11-12T21:05:00-05:00','Sev-1','Carrier Portal','Rate tables overwritten by a partial import','resolved','Tomas Herrera');
INSERT INTO incidents VALUES ('INC-2025-163','2025-11-20T10:10:00-05:00','Sev-3','Staging','Staging certificates expired','resolved','Tomas Herrera');
INSERT INTO incidents VALUES ('INC-2025-171','2025-12-04T15:30:00-05:00','Sev-3','RouteWise optimiser','Slow plan generation during the weekly batch','resolved','Marco Bellini');
INSERT INTO incidents VALUES ('INC-2025-177','2025-12-15T07:15:00-05:00','Sev-2','Carrier Portal','Carrier invoices rounded to whole dollars','resolved','Marco Bellini');
INSERT INTO incidents VALUES ('INC-2025-182','2025-12-29T11:45:00-05:00','Sev-3','RouteWise dispatcher console','Driver names truncated in the print view','resolved','Lena Fischer');
INSERT INTO incidents VALUES ('INC-2026-002','2026-01-05T09:05:00-05:00','Sev-3','Staging','Masked-data refresh took 9 hours','resolved','Tomas Herrera');
INSERT INTO incidents VALUES ('INC-2026-008','2026-01-13T14:22:00-05:00','Sev-3','RouteWise optimiser','Time windows ignored for two depots','resolved','Marco Bellini');
INSERT INTO incidents VALUES ('INC-2026-014','2026-01-26T18:40:00-05:00','Sev-2','Carrier Portal','Carrier login outage (SSO certificate rotation)','resolved','Tomas Herrera');
INSERT INTO incidents VALUES ('INC-2026-024','2026-02-06T10:30:00-05:00','Sev-3','RouteWise dispatcher console','ETA badges flicker on refresh','resolved','Lena Fischer');

INSERT INTO team_capacity VALUES (11,'Marco Bellini','Sprint 3','2026-01-19',70,68,'RouteWise rc2 fixes');
INSERT INTO team_capacity VALUES (12,'Aisha Khan','Sprint 3','2026-01-19',70,66,'Phase 1 regression');
INSERT INTO team_capacity VALUES (13,'Tomas Herrera','Sprint 3','2026-01-19',70,62,'SSO certificate rotation');
INSERT INTO team_capacity VALUES (14,'Lena Fischer','Sprint 3','2026-01-19',70,70,'dark mode');
INSERT INTO team_capacity VALUES (15,'Marco Bellini','Sprint 4','2026-02-02',70,70,'rc3 and acceptance build');
INSERT INTO team_capacity VALUES (16,'Aisha Khan','Sprint 4','2026-02-02',70,70,'rc3 regression');
INSERT INTO team_capacity VALUES (17,'Tomas Herrera','Sprint 4','2026-02-02',56,56,'on-call week of 2 Feb');
INSERT INTO team_capacity VALUES (18,'Lena Fischer','Sprint 4','2026-02-02',70,64,'dispatcher console polish');
INSERT INTO team_capacity VALUES (19,'Marco Bellini','Sprint 5','2026-02-16',70,66,'Phase 2 design');
INSERT INTO team_capacity VALUES (20,'Aisha Khan','Sprint 5','2026-02-16',70,70,'Phase 1 load tests');
INSERT INTO team_capacity VALUES (21,'Tomas Herrera','Sprint 5','2026-02-16',70,60,'staging quota and autoscaler');
INSERT INTO team_capacity VALUES (22,'Lena Fischer','Sprint 5','2026-02-16',63,60,'Dock Scheduler booking UI');

INSERT INTO expense_policy VALUES ('EP-07','equipment',75000,'team budget card','project manager','peripherals and small hardware; laptops through IT');
INSERT INTO expense_policy VALUES ('EP-08','conference',200000,'team budget card','director','registration only; travel under EP-06 or the travel policy');
INSERT INTO expense_policy VALUES ('EP-09','cloud_overage',NULL,'vendor invoice (billed monthly)','director above CAD 2,000 per month','the project manager may commit overage up to CAD 2,000 per month');

-- People on the routing team and around it.
CREATE TABLE team_members (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  role TEXT NOT NULL,
  employment TEXT NOT NULL,
  chat_handle TEXT,
  location TEXT,
  started_on TEXT,
  notes TEXT
);
INSERT INTO team_members VALUES ('TM-01','Marco Bellini','Tech lead','employee','marco','Toronto (office Tue-Thu)','2021-03-15','Approves production deploys for RouteWise');
INSERT INTO team_members VALUES ('TM-02','Aisha Khan','QA lead','employee','aisha','Toronto (remote Mon/Fri)','2022-06-01','Owns UAT coordination with Maple Harbour');
INSERT INTO team_members VALUES ('TM-03','Tomas Herrera','DevOps engineer','employee','tomas','Mississauga','2023-01-09','CloudPeak and PagerDuty admin');
INSERT INTO team_members VALUES ('TM-04','Lena Fischer','Front-end engineer','employee','lena','Toronto','2023-09-18','Dispatcher console and Dock Scheduler UI');
INSERT INTO team_members VALUES ('TM-05','Mira Kowalczyk','UX designer','contractor (VC-05)','mira','Hamilton (remote)','2026-01-12','Invoices monthly; pays by e-Transfer or card');
INSERT INTO team_members VALUES ('TM-06','Jonas Lindqvist','Test automation engineer','contractor (VC-12)','jonas','Ottawa (remote)','2025-10-06','Carrier Portal regression suite; invoices via the AP run');
INSERT INTO team_members VALUES ('TM-07','Kevin O''Brien','Account manager, Maple Harbour','employee (Client Services)','kevin','Toronto','2019-05-06','Owns the Maple Harbour relationship and change orders');
INSERT INTO team_members VALUES ('TM-08','Priya Raman','Director of Engineering','employee','priya','Toronto','2017-08-21','Daniel''s manager; approves spend above CAD 1,000');

-- Production change requests (from the change management tool).
CREATE TABLE change_requests (
  id TEXT PRIMARY KEY,
  service TEXT NOT NULL,
  tier TEXT NOT NULL,
  summary TEXT NOT NULL,
  filed_at TEXT NOT NULL,
  deploy_window TEXT NOT NULL,
  cab_date TEXT,
  status TEXT NOT NULL,
  filed_by TEXT NOT NULL
);
INSERT INTO change_requests VALUES ('CR-2025-211','RouteWise','Tier-1','3.8.4 toll-cost fix','2025-10-06T10:12:00-04:00','2025-10-09 20:00-22:00','2025-10-07','implemented','Tomas Herrera');
INSERT INTO change_requests VALUES ('CR-2025-219','Carrier Portal','Tier-1','Password reset mail queue','2025-10-20T09:40:00-04:00','2025-10-23 20:00-21:00','2025-10-21','implemented','Marco Bellini');
INSERT INTO change_requests VALUES ('CR-2025-226','RouteWise','Tier-1','Dispatcher console Edge fix','2025-10-30T15:05:00-04:00','2025-11-06 20:00-21:00','2025-11-04','implemented','Lena Fischer');
INSERT INTO change_requests VALUES ('CR-2025-231','Carrier Portal','Tier-1','Emergency: restore rate tables','2025-11-12T22:30:00-05:00','2025-11-12 23:00-23:59',NULL,'implemented (emergency)','Tomas Herrera');
INSERT INTO change_requests VALUES ('CR-2025-233','Staging','Tier-3','Certificate renewal automation','2025-11-21T11:00:00-05:00','2025-11-22 10:00-11:00',NULL,'implemented (standard change)','Tomas Herrera');
INSERT INTO change_requests VALUES ('CR-2025-240','RouteWise','Tier-1','3.8.6 batch performance','2025-12-08T09:55:00-05:00','2025-12-11 20:00-22:00','2025-12-09','implemented','Marco Bellini');
INSERT INTO change_requests VALUES ('CR-2025-244','Carrier Portal','Tier-1','Invoice rounding fix','2025-12-16T11:45:00-05:00','2025-12-18 20:00-21:00','2025-12-16','implemented','Marco Bellini');
INSERT INTO change_requests VALUES ('CR-2025-248','RouteWise','Tier-1','Print view fix (INC-2025-182)','2025-12-30T10:20:00-05:00','2026-01-08 20:00-21:00','2026-01-06','implemented','Lena Fischer');
INSERT INTO change_requests VALUES ('CR-2026-003','RouteWise','Tier-1','Print view page-break follow-up','2026-01-12T09:30:00-05:00','2026-01-15 20:00-21:00','2026-01-13','implemented','Lena Fischer');
INSERT INTO change_requests VALUES ('CR-2026-009','RouteWise','Tier-1','Depot time-window fix','2026-01-13T16:40:00-05:00','2026-01-15 20:00-22:00',NULL,'rejected (filed after the Tuesday cutoff), moved to 22 Jan','Marco Bellini');
INSERT INTO change_requests VALUES ('CR-2026-011','RouteWise','Tier-1','Depot time-window fix (re-filed)','2026-01-19T10:05:00-05:00','2026-01-22 20:00-22:00','2026-01-20','implemented','Marco Bellini');
INSERT INTO change_requests VALUES ('CR-2026-015','Carrier Portal','Tier-1','SSO certificate rotation follow-up','2026-01-27T09:00:00-05:00','2026-02-05 20:00-21:00','2026-02-03','implemented (held past the month-end billing close, 29-30 Jan)','Tomas Herrera');
INSERT INTO change_requests VALUES ('CR-2026-018','Dock Scheduler API','Tier-2','Pilot 2.1 deploy','2026-01-29T14:10:00-05:00','2026-02-03 19:00-20:00',NULL,'implemented (Tier-2: filed more than 24 hours ahead)','Lena Fischer');
INSERT INTO change_requests VALUES ('CR-2026-021','RouteWise','Tier-1','4.0.0-rc2 to acceptance staging (no production impact)','2026-02-02T10:00:00-05:00','2026-02-04 18:00-19:00',NULL,'withdrawn (staging only, no CR needed)','Marco Bellini');
INSERT INTO change_requests VALUES ('CR-2026-024','Staging','Tier-3','Autoscaler node pool resize','2026-02-09T13:30:00-05:00','2026-02-10 10:00-11:00',NULL,'implemented (standard change)','Tomas Herrera');
INSERT INTO change_requests VALUES ('CR-2026-027','RouteWise','Tier-1','ETA badge flicker fix','2026-02-10T11:15:00-05:00','2026-02-12 20:00-21:00','2026-02-10','implemented','Lena Fischer');
INSERT INTO change_requests VALUES ('CR-2026-030','Carrier Portal','Tier-1','Duplicate invoice guard (INC-2026-026)','2026-02-17T09:20:00-05:00','2026-02-19 20:00-21:30','2026-02-17','approved','Marco Bellini');

-- Release calendar (planned and past).
CREATE TABLE releases (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id),
  version TEXT NOT NULL,
  planned_date TEXT NOT NULL,
  kind TEXT NOT NULL,
  status TEXT NOT NULL,
  notes TEXT
);
INSERT INTO releases VALUES ('REL-31','PRJ-087','3.8.4','2025-10-09','patch','released',NULL);
INSERT INTO releases VALUES ('REL-33','PRJ-087','3.8.6','2025-12-11','patch','released','last 3.x release');
INSERT INTO releases VALUES ('REL-35','PRJ-101','4.0.0-rc1','2026-01-09','release candidate','released to acceptance staging',NULL);
INSERT INTO releases VALUES ('REL-36','PRJ-101','4.0.0-rc2','2026-01-30','release candidate','released to acceptance staging','dark mode included');
INSERT INTO releases VALUES ('REL-37','PRJ-101','4.0.0-rc3','2026-02-09','release candidate','released to acceptance staging','Phase 1 acceptance build');
INSERT INTO releases VALUES ('REL-38','PRJ-101','4.0.0','2026-03-19','major','planned','production go-live after the Phase 1 certificate');
INSERT INTO releases VALUES ('REL-39','PRJ-101','4.0.1','2026-04-09','patch','planned',NULL);
INSERT INTO releases VALUES ('REL-40','PRJ-101','4.0.2','2026-04-23','patch','planned','hotfix bundle slot');
INSERT INTO releases VALUES ('REL-41','PRJ-101','4.1.0','2026-06-18','minor','planned','Phase 2 features');
INSERT INTO releases VALUES ('REL-42','PRJ-102','2.1','2026-02-03','pilot','released',NULL);
INSERT INTO releases VALUES ('REL-43','PRJ-102','2.2','2026-04-07','pilot','planned',NULL);
INSERT INTO releases VALUES ('REL-44','PRJ-102','2.3','2026-05-19','pilot','planned','booking UI polish');
INSERT INTO releases VALUES ('REL-45','PRJ-103','migration dry-run','2026-05-11','migration','planned','LEGACY-ORA-02 extract');
INSERT INTO releases VALUES ('REL-46','PRJ-103','cutover','2026-05-29','migration','planned',NULL);

-- Phase 1 acceptance defects (from Jira, exported 20 February).
CREATE TABLE defects (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id),
  severity TEXT NOT NULL,
  component TEXT NOT NULL,
  title TEXT NOT NULL,
  opened_on TEXT NOT NULL,
  status TEXT NOT NULL,
  assignee TEXT
);
INSERT INTO defects VALUES ('RW-1402','PRJ-101','Sev-3','optimiser','Break times not respected for split shifts','2026-01-12','closed','Marco Bellini');
INSERT INTO defects VALUES ('RW-1405','PRJ-101','Sev-4','dispatcher console','Tooltip cut off on narrow screens','2026-01-12','closed','Lena Fischer');
INSERT INTO defects VALUES ('RW-1409','PRJ-101','Sev-2','optimiser','Empty plan when a depot has no vehicles','2026-01-13','closed','Marco Bellini');
INSERT INTO defects VALUES ('RW-1411','PRJ-101','Sev-3','import','CSV import rejects postal codes with a space','2026-01-14','closed','Tomas Herrera');
INSERT INTO defects VALUES ('RW-1414','PRJ-101','Sev-3','dispatcher console','Map does not re-centre after filter','2026-01-15','closed','Lena Fischer');
INSERT INTO defects VALUES ('RW-1418','PRJ-101','Sev-4','reports','Report title shows the UTC date','2026-01-16','closed','Lena Fischer');
INSERT INTO defects VALUES ('RW-1421','PRJ-101','Sev-2','optimiser','Vehicle capacity exceeded by 2% on long routes','2026-01-19','closed','Marco Bellini');
INSERT INTO defects VALUES ('RW-1424','PRJ-101','Sev-3','import','Duplicate consignee rows after re-import','2026-01-20','closed','Tomas Herrera');
INSERT INTO defects VALUES ('RW-1427','PRJ-101','Sev-3','dispatcher console','Keyboard shortcut conflicts with the browser','2026-01-21','closed','Lena Fischer');
INSERT INTO defects VALUES ('RW-1430','PRJ-101','Sev-4','dispatcher console','Dark mode: low contrast on ETA badges','2026-01-22','closed','Lena Fischer');
INSERT INTO defects VALUES ('RW-1433','PRJ-101','Sev-3','reports','Totals row missing in the driver report','2026-01-26','closed','Lena Fischer');
INSERT INTO defects VALUES ('RW-1436','PRJ-101','Sev-2','optimiser','Time window at midnight treated as next day','2026-01-27','closed','Marco Bellini');
INSERT INTO defects VALUES ('RW-1439','PRJ-101','Sev-3','api','Rate limit too low for the planners'' bulk export','2026-01-28','closed','Tomas Herrera');
INSERT INTO defects VALUES ('RW-1442','PRJ-101','Sev-4','dispatcher console','Typo in the French label "Chauffeur"','2026-01-29','closed','Lena Fischer');
INSERT INTO defects VALUES ('RW-1445','PRJ-101','Sev-3','optimiser','Toll avoidance flag ignored for trailers','2026-02-02','closed','Marco Bellini');
INSERT INTO defects VALUES ('RW-1448','PRJ-101','Sev-3','import','Time zone of Atlantic depots off by one hour','2026-02-03','closed','Tomas Herrera');
INSERT INTO defects VALUES ('RW-1451','PRJ-101','Sev-4','reports','PDF export margins','2026-02-04','closed','Lena Fischer');
INSERT INTO defects VALUES ('RW-1454','PRJ-101','Sev-3','dispatcher console','Route colours repeat after 12 routes','2026-02-05','resolved (in rc3)','Lena Fischer');
INSERT INTO defects VALUES ('RW-1457','PRJ-101','Sev-2','optimiser','Re-optimise drops locked stops','2026-02-06','resolved (in rc3)','Marco Bellini');
INSERT INTO defects VALUES ('RW-1460','PRJ-101','Sev-3','api','Webhook retries without backoff','2026-02-09','resolved (in rc3)','Tomas Herrera');
INSERT INTO defects VALUES ('RW-1463','PRJ-101','Sev-4','dispatcher console','Column order not remembered','2026-02-10','open','Lena Fischer');
INSERT INTO defects VALUES ('RW-1466','PRJ-101','Sev-3','reports','Driver report sorts by first name','2026-02-11','open','Lena Fischer');
INSERT INTO defects VALUES ('RW-1469','PRJ-101','Sev-3','optimiser','Slow plans for more than 400 stops','2026-02-12','open','Marco Bellini');
INSERT INTO defects VALUES ('RW-1472','PRJ-101','Sev-4','import','Import log shows raw JSON','2026-02-13','open','Tomas Herrera');
INSERT INTO defects VALUES ('RW-1475','PRJ-101','Sev-3','dispatcher console','Planner questions: manual stop reordering (R. Desai)','2026-02-16','open','Lena Fischer');
INSERT INTO defects VALUES ('CP-0318','PRJ-103','Sev-2','migration','Carrier contacts with two primary emails','2026-01-20','closed','Marco Bellini');
INSERT INTO defects VALUES ('CP-0321','PRJ-103','Sev-3','migration','Legacy rate codes without descriptions','2026-01-27','open','Jonas Lindqvist');
INSERT INTO defects VALUES ('CP-0324','PRJ-103','Sev-3','portal','Logo upload preview stretched','2026-02-03','open','Lena Fischer');
INSERT INTO defects VALUES ('CP-0327','PRJ-103','Sev-2','migration','Invoice history before 2019 fails checksum','2026-02-10','open','Jonas Lindqvist');
INSERT INTO defects VALUES ('CP-0330','PRJ-103','Sev-4','portal','Footer links to the old help centre','2026-02-12','open','Lena Fischer');
INSERT INTO defects VALUES ('DS-0207','PRJ-102','Sev-3','booking API','Double booking possible within 2 seconds','2026-01-22','closed','Lena Fischer');
INSERT INTO defects VALUES ('DS-0211','PRJ-102','Sev-4','booking UI','Dock names truncated','2026-02-05','open','Lena Fischer');
INSERT INTO defects VALUES ('DS-0214','PRJ-102','Sev-3','booking API','Cancellation webhook missing the carrier id','2026-02-11','open','Tomas Herrera');

-- Vendor and contractor invoices handled by Daniel (team budget).
CREATE TABLE invoices (
  id TEXT PRIMARY KEY,
  vendor_contract_id TEXT REFERENCES vendor_contracts(id),
  invoice_no TEXT NOT NULL,
  received_on TEXT NOT NULL,
  amount_minor INTEGER NOT NULL,
  currency TEXT NOT NULL,
  route TEXT NOT NULL,
  paid_on TEXT,
  notes TEXT
);
INSERT INTO invoices VALUES ('INV-0101','VC-12','JLQA-2025-10','2025-11-03',672000,'CAD','AP run (above the card limit)','2025-11-20','October, 80 h x CAD 84');
INSERT INTO invoices VALUES ('INV-0102','VC-12','JLQA-2025-11','2025-12-01',588000,'CAD','AP run (above the card limit)','2025-12-18','November, 70 h');
INSERT INTO invoices VALUES ('INV-0103','VC-12','JLQA-2025-12','2026-01-05',420000,'CAD','AP run (above the card limit)','2026-01-22','December, 50 h (holidays)');
INSERT INTO invoices VALUES ('INV-0104','VC-12','JLQA-2026-01','2026-02-02',672000,'CAD','AP run (above the card limit)',NULL,'January, 80 h - in the 19 Feb AP run');
INSERT INTO invoices VALUES ('INV-0105','VC-05','MK-2026-01','2026-02-02',76500,'CAD','team budget card (EP-04)','2026-02-04','January, 9 h x CAD 85');
INSERT INTO invoices VALUES ('INV-0106','VC-01','CPK-INV-88213','2025-12-02',1488000,'CAD','PO + AP run','2025-12-18','November, committed quota');
INSERT INTO invoices VALUES ('INV-0107','VC-01','CPK-INV-89140','2026-01-02',1488000,'CAD','PO + AP run','2026-01-22','December, committed quota');
INSERT INTO invoices VALUES ('INV-0108','VC-01','CPK-INV-90022','2026-02-02',1531200,'CAD','PO + AP run',NULL,'January: commit + 4,800 vCPU-hours overage (CAD 432)');
INSERT INTO invoices VALUES ('INV-0109','VC-02','ATL-2026-0113','2026-01-03',3672000,'CAD','PO + AP run','2026-01-22','Annual Jira/Confluence');
INSERT INTO invoices VALUES ('INV-0110','VC-04','PD-7741902','2025-11-01',614400,'CAD','PO + AP run','2025-11-20','Annual PagerDuty');
INSERT INTO invoices VALUES ('INV-0111','VC-10','FIG-55120','2025-12-01',388800,'CAD','PO + AP run','2025-12-18','Annual Figma');
INSERT INTO invoices VALUES ('INV-0112','VC-13','MIRO-2026-01','2026-01-28',4500,'CAD','team budget card (EP-01)','2026-01-28','Monthly');
INSERT INTO invoices VALUES ('INV-0113','VC-14','ORM-260203','2026-02-03',34900,'CAD','team budget card (EP-03)','2026-02-03','Annual, 3 seats - approved by Priya');
INSERT INTO invoices VALUES ('INV-0114','VC-09','GH-2026-01-5521','2026-02-01',216000,'CAD','PO + AP run',NULL,'Monthly GitHub Enterprise');
INSERT INTO invoices VALUES ('INV-0115','VC-06','DD-INV-334019','2026-02-01',440000,'CAD','PO + AP run',NULL,'Monthly Datadog');

-- Team budget card: planned and actual spend by month and category (CAD cents).
-- Q1 allocation CAD 8,000 (steering committee, 11 February); the monthly AP run is not on the card.
CREATE TABLE budget_lines (
  id INTEGER PRIMARY KEY,
  month TEXT NOT NULL,
  category TEXT NOT NULL,
  planned_minor INTEGER NOT NULL,
  actual_minor INTEGER,
  note TEXT
);
INSERT INTO budget_lines VALUES (1,'2026-01','software',20000,17499,'JetBrains (Marco), Miro');
INSERT INTO budget_lines VALUES (2,'2026-01','meals',30000,18650,'sprint demo lunch');
INSERT INTO budget_lines VALUES (3,'2026-01','contractors',100000,0,'Kowalczyk January invoice paid in February');
INSERT INTO budget_lines VALUES (4,'2026-01','travel',10000,0,NULL);
INSERT INTO budget_lines VALUES (5,'2026-01','equipment',10000,0,NULL);
INSERT INTO budget_lines VALUES (6,'2026-02','software',20000,NULL,'Miro on 28 Feb');
INSERT INTO budget_lines VALUES (7,'2026-02','training',35000,34900,'O''Reilly seats (approved by Priya)');
INSERT INTO budget_lines VALUES (8,'2026-02','travel',10000,8240,'Mississauga DC visit');
INSERT INTO budget_lines VALUES (9,'2026-02','equipment',30000,27500,'QA bench headsets');
INSERT INTO budget_lines VALUES (10,'2026-02','contractors',100000,76500,'Kowalczyk MK-2026-01');
INSERT INTO budget_lines VALUES (11,'2026-02','meals',30000,NULL,NULL);
INSERT INTO budget_lines VALUES (12,'2026-03','software',20000,NULL,NULL);
INSERT INTO budget_lines VALUES (13,'2026-03','contractors',100000,NULL,'Kowalczyk; invoices above CAD 1,000 go through the AP run');
INSERT INTO budget_lines VALUES (14,'2026-03','meals',30000,NULL,'Phase 1 acceptance celebration');
INSERT INTO budget_lines VALUES (15,'2026-03','travel',10000,NULL,NULL);
INSERT INTO budget_lines VALUES (16,'2026-03','equipment',10000,NULL,NULL);
INSERT INTO budget_lines VALUES (17,'2026-04','software',20000,NULL,NULL);
INSERT INTO budget_lines VALUES (18,'2026-04','contractors',100000,NULL,NULL);
INSERT INTO budget_lines VALUES (19,'2026-04','meals',30000,NULL,NULL);
INSERT INTO budget_lines VALUES (20,'2026-05','software',20000,NULL,NULL);
INSERT INTO budget_lines VALUES (21,'2026-05','contractors',100000,NULL,NULL);
INSERT INTO budget_lines VALUES (22,'2026-05','travel',15000,NULL,'client demos');
INSERT INTO budget_lines VALUES (23,'2026-06','software',20000,NULL,NULL);
INSERT INTO budget_lines VALUES (24,'2026-06','contractors',100000,NULL,'Kowalczyk term ends 31 July');
INSERT INTO budget_lines VALUES (25,'2026-06','meals',30000,NULL,'Phase 2 acceptance');
INSERT INTO budget_lines VALUES (26,'2026-07','equipment',300000,NULL,'device lab phones (PRJ-104) - needs Priya above CAD 1,000');
INSERT INTO budget_lines VALUES (27,'2026-07','software',20000,NULL,'TestGrid ends 30 June if the device lab is ready');
INSERT INTO defects VALUES ('RW-1478','PRJ-101','Sev-3','optimiser','Return-to-depot leg missing from the plan total','2026-02-17','open','Marco Bellini');
INSERT INTO defects VALUES ('RW-1481','PRJ-101','Sev-4','dispatcher console','Search box loses focus after typing a stop id','2026-02-17','open','Lena Fischer');
INSERT INTO defects VALUES ('RW-1484','PRJ-101','Sev-3','api','Plan export times out above 2,000 stops','2026-02-18','open','Tomas Herrera');
INSERT INTO defects VALUES ('RW-1487','PRJ-101','Sev-4','reports','Kilometres shown with three decimals','2026-02-19','open','Lena Fischer');
INSERT INTO defects VALUES ('CP-0333','PRJ-103','Sev-3','migration','Carrier notes longer than 4,000 characters are cut','2026-02-17','open','Jonas Lindqvist');
INSERT INTO defects VALUES ('DS-0217','PRJ-102','Sev-4','booking UI','Time picker ignores the 15-minute grid','2026-02-18','open','Lena Fischer');
INSERT INTO change_requests VALUES ('CR-2026-032','RouteWise','Tier-1','4.0.0 production go-live (draft, date depends on the Phase 1 certificate)','2026-02-19T15:00:00-05:00','2026-03-19 20:00-23:00',NULL,'draft','Marco Bellini');
INSERT INTO releases VALUES ('REL-47','PRJ-102','2.4','2026-07-14','pilot','planned','expansion candidate build');
