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
