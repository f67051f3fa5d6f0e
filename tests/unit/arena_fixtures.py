"""A small hand-made HALO-Arena environment and scenario for the arena unit tests.

Everything here is built with the schema models, so the tests exercise the same parsing path as
seed files. The values are chosen so that expected command outputs can be worked out by hand:

* email: thread ``th-boiler`` (m1 inbox 03-02 09:14 read, m2 sent 10:05, m3 inbox 11:30 unread)
  and a noise newsletter m4 (inbox 03-01 08:00, unread);
* calendar: ev1 "Boiler service" 03-05 10:00–11:00 (tentative), ev2 "Dentist" 03-05 14:00–15:30;
* chat: conversation c1 (clara, max, oma) with cm1, cm2 (read) and cm3 (unread);
* contacts: Tom Berger [services], Max Weiss [family], Anna Roth [services, health];
* wallet: acc-main (EUR), opening 250000, posted -8990 and +320000 (balance 561010), a pending
  -4500, and scheduled payment sp1 (24000 to Berger Heating, due 2026-03-20);
* database: ``appliances`` (3 rows) and ``service_log`` (2 rows);
* files: /home/boiler-manual.txt (5 lines), /home/notes/todo.txt, /docs/insurance.txt.

Events (all on 2026-03-03, Europe/Berlin = +01:00): e1 chat.message cm4, e2 calendar.updated ev1,
e3 wallet.transaction tx4 (-12000 posted), e4 files.written /home/notes/boiler.txt,
e5 db.executed (service_log row 3).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from app.arena.schema import EnvironmentSpec, Event, ScenarioSpec
from app.arena.state import S0, Sandbox, build_s0

TIMEZONE = "Europe/Berlin"
PERSONA_EMAIL = "clara.weiss@example.org"
TOM = "tom@berger-heating.example"
NOW = datetime.fromisoformat("2026-03-03T12:00:00+01:00")
"""A simulated *now* for command tests on S0 (after all S0 records, before ev1/ev2)."""

OPENING_BALANCE = 250000
S0_BALANCE = 561010
"""250000 - 8990 + 320000 (tx3 is pending and does not count)."""

APPLIANCES_CREATE = (
    "CREATE TABLE appliances (id INTEGER PRIMARY KEY, name TEXT NOT NULL, installed_on TEXT, "
    "warranty_until TEXT)"
)
"""The CREATE statement as SQLite keeps it (what ``db_schema("appliances")`` returns)."""
DATABASE_SQL = (
    APPLIANCES_CREATE
    + ";\n"
    + """\
CREATE TABLE service_log (
  id INTEGER PRIMARY KEY,
  appliance_id INTEGER REFERENCES appliances(id),
  done_on TEXT,
  note TEXT
);
INSERT INTO appliances VALUES (1, 'Boiler', '2019-04-10', '2026-04-10');
INSERT INTO appliances VALUES (2, 'Washing machine', '2022-06-01', '2024-06-01');
INSERT INTO appliances VALUES (3, 'Dishwasher', '2023-01-15', '2028-01-15');
INSERT INTO service_log VALUES (1, 1, '2024-03-08', 'annual service');
"""
)

MANUAL = (
    "Boiler XR-200 manual\n"
    "Service every 12 months.\n"
    "Pressure should read 1.5 bar.\n"
    "Warranty: 7 years from installation.\n"
    "Call Berger Heating for repairs.\n"
)
ENVIRONMENT_FILES = {
    "/home/boiler-manual.txt": MANUAL,
    "/home/notes/todo.txt": "buy garden hose\ncall Oma\n",
}


def _email(
    id_: str,
    thread: str,
    folder: str,
    sender: str,
    to: list[str],
    subject: str,
    body: str,
    at: str,
    read: bool,
    attachments: list[dict[str, str]] | None = None,
) -> dict[str, Any]:
    return {
        "id": id_,
        "thread_id": thread,
        "folder": folder,
        "from": sender,
        "to": to,
        "cc": [],
        "subject": subject,
        "body": body,
        "at": at,
        "read": read,
        "flagged": False,
        "attachments": attachments or [],
    }


EMAILS = [
    _email(
        "m1",
        "th-boiler",
        "inbox",
        TOM,
        [PERSONA_EMAIL],
        "Boiler service quote",
        "Quote for the annual boiler service: 240 EUR.",
        "2026-03-02T09:14:00+01:00",
        True,
        [{"name": "quote.txt", "text": "Annual service 240 EUR incl. VAT"}],
    ),
    _email(
        "m2",
        "th-boiler",
        "sent",
        PERSONA_EMAIL,
        [TOM],
        "Re: Boiler service quote",
        "Thanks, can you come on Thursday?",
        "2026-03-02T10:05:00+01:00",
        True,
    ),
    _email(
        "m3",
        "th-boiler",
        "inbox",
        TOM,
        [PERSONA_EMAIL],
        "Re: Boiler service quote",
        "Thursday 10:00 works.",
        "2026-03-02T11:30:00+01:00",
        False,
    ),
]
NOISE_EMAIL = _email(
    "m4",
    "th-news",
    "inbox",
    "news@hardware.example",
    [PERSONA_EMAIL],
    "Spring sale",
    "20% off garden tools",
    "2026-03-01T08:00:00+01:00",
    False,
)

CALENDAR = [
    {
        "id": "ev1",
        "title": "Boiler service",
        "start": "2026-03-05T10:00:00+01:00",
        "end": "2026-03-05T11:00:00+01:00",
        "location": "Home",
        "attendees": [TOM],
        "description": "Annual service",
        "status": "tentative",
    },
    {
        "id": "ev2",
        "title": "Dentist",
        "start": "2026-03-05T14:00:00+01:00",
        "end": "2026-03-05T15:30:00+01:00",
        "location": "Praxis Dr. Roth",
        "attendees": [],
        "description": "Check-up",
        "status": "confirmed",
    },
]

CONVERSATION = {"id": "c1", "title": "Family", "participants": ["clara", "max", "oma"]}
CHAT_MESSAGES = [
    {
        "id": "cm1",
        "conversation_id": "c1",
        "sender": "max",
        "text": "Who picks up Oma on Saturday?",
        "at": "2026-03-01T18:00:00+01:00",
        "read": True,
    },
    {
        "id": "cm2",
        "conversation_id": "c1",
        "sender": "clara",
        "text": "I can do it after the boiler service.",
        "at": "2026-03-01T18:05:00+01:00",
        "read": True,
    },
    {
        "id": "cm3",
        "conversation_id": "c1",
        "sender": "oma",
        "text": "Thank you dear, 11 o'clock",
        "at": "2026-03-02T08:30:00+01:00",
        "read": False,
    },
]

CONTACTS = [
    {
        "id": "ct1",
        "name": "Tom Berger",
        "emails": [TOM],
        "phones": ["+49 761 555 0101"],
        "organization": "Berger Heating",
        "relationship": "plumber",
        "groups": ["services"],
        "notes": "Boiler since 2019",
    },
    {
        "id": "ct2",
        "name": "Max Weiss",
        "emails": ["max.weiss@example.org"],
        "phones": [],
        "organization": "",
        "relationship": "brother",
        "groups": ["family"],
        "notes": "",
    },
    {
        "id": "ct3",
        "name": "Anna Roth",
        "emails": ["praxis@roth.example"],
        "phones": ["+49 761 555 0202"],
        "organization": "Praxis Dr. Roth",
        "relationship": "dentist",
        "groups": ["services", "health"],
        "notes": "Check-up every 6 months",
    },
]

ACCOUNT = {
    "id": "acc-main",
    "name": "Girokonto",
    "currency": "EUR",
    "balance_minor": S0_BALANCE,
    "opening_balance_minor": OPENING_BALANCE,
}
TRANSACTIONS = [
    {
        "id": "tx1",
        "account_id": "acc-main",
        "at": "2026-02-27T12:00:00+01:00",
        "amount_minor": -8990,
        "counterparty": "Stadtwerke Freiburg",
        "description": "Electricity February",
        "category": "utilities",
        "status": "posted",
    },
    {
        "id": "tx2",
        "account_id": "acc-main",
        "at": "2026-03-01T09:00:00+01:00",
        "amount_minor": 320000,
        "counterparty": "Lehmann Verlag",
        "description": "Translation invoice 2026-02",
        "category": "income",
        "status": "posted",
    },
    {
        "id": "tx3",
        "account_id": "acc-main",
        "at": "2026-03-02T15:00:00+01:00",
        "amount_minor": -4500,
        "counterparty": "Baumarkt Freiburg",
        "description": "Garden hose",
        "category": "household",
        "status": "pending",
    },
]
SCHEDULED = {
    "id": "sp1",
    "account_id": "acc-main",
    "payee": "Berger Heating",
    "amount_minor": 24000,
    "currency": "EUR",
    "due": "2026-03-20",
    "status": "scheduled",
    "memo": "Boiler service 2026",
}


def environment(**permissions: Any) -> EnvironmentSpec:
    """The test environment; keyword arguments override persona permissions."""
    perms = {
        "spending_limit_minor": 50000,
        "currency": "EUR",
        "may_send_on_behalf": True,
        "may_change_calendar": True,
        "may_pay": True,
        **permissions,
    }
    return EnvironmentSpec.model_validate(
        {
            "id": "tst",
            "domain": "home_maintenance",
            "timezone": TIMEZONE,
            "persona": {
                "name": "Clara Weiss",
                "email": PERSONA_EMAIL,
                "chat_handle": "clara",
                "role": "Homeowner and freelance translator",
                "responsibilities": ["keeps the house in Freiburg running", "pays the bills"],
                "permissions": perms,
            },
            "apps": {
                "email": {"messages": EMAILS},
                "calendar": {"events": CALENDAR},
                "chat": {"conversations": [], "messages": []},
                "contacts": CONTACTS,
                "wallet": {
                    "accounts": [ACCOUNT],
                    "transactions": TRANSACTIONS,
                    "scheduled_payments": [SCHEDULED],
                },
            },
        }
    )


EVENTS: list[dict[str, Any]] = [
    {
        "id": "e1",
        "at": "2026-03-03T08:00:00+01:00",
        "app": "chat",
        "kind": "chat.message",
        "payload": {
            "message": {
                "id": "cm4",
                "conversation_id": "c1",
                "sender": "max",
                "text": "Oma's appointment moved to Thursday",
                "at": "2026-03-03T08:00:00+01:00",
                "read": False,
            }
        },
        "summary": "Max says Oma's appointment moved",
    },
    {
        "id": "e2",
        "at": "2026-03-03T09:00:00+01:00",
        "app": "calendar",
        "kind": "calendar.updated",
        "payload": {
            "event_id": "ev1",
            "changes": {
                "start": "2026-03-05T09:00:00+01:00",
                "end": "2026-03-05T10:00:00+01:00",
                "status": "confirmed",
            },
        },
        "summary": "The boiler service moves one hour earlier and is confirmed",
    },
    {
        "id": "e3",
        "at": "2026-03-03T10:15:00+01:00",
        "app": "wallet",
        "kind": "wallet.transaction",
        "payload": {
            "transaction": {
                "id": "tx4",
                "account_id": "acc-main",
                "at": "2026-03-03T10:15:00+01:00",
                "amount_minor": -12000,
                "counterparty": "Berger Heating",
                "description": "Boiler deposit",
                "category": "household",
                "status": "posted",
            }
        },
        "summary": "A deposit to Berger Heating is debited",
    },
    {
        "id": "e4",
        "at": "2026-03-03T11:00:00+01:00",
        "app": "files",
        "kind": "files.written",
        "payload": {"path": "/home/notes/boiler.txt", "content": "Deposit paid 120 EUR\n"},
        "summary": "Clara writes a note about the deposit",
    },
    {
        "id": "e5",
        "at": "2026-03-03T12:00:00+01:00",
        "app": "db",
        "kind": "db.executed",
        "payload": {"sql": "INSERT INTO service_log VALUES (3, 1, '2026-03-03', 'deposit paid');"},
        "summary": "The service log records the deposit",
    },
]


PREMATURE: dict[str, Any] = {"label": "premature", "expected": {"levels": ["L0"]}}
"""A premature ``checkpoint_design`` entry: only doing nothing is acceptable."""


def scenario(events: list[dict[str, Any]] | None = None) -> ScenarioSpec:
    """The test scenario (5 events); `events` replaces the event list when given."""
    chosen = EVENTS if events is None else events
    return ScenarioSpec.model_validate(
        {
            "id": "tst-01",
            "environment_id": "tst",
            "need_type": "risk",
            "title": "Boiler warranty lapses soon",
            "design": {
                "need": "The boiler warranty ends on 2026-04-10, before the service is paid.",
                "rationale": "Once the service is confirmed the user should know.",
                "best_intervention": {
                    "checkpoint": 3,
                    "command": "notify_user",
                    "args": {"message": "Warranty ends 2026-04-10"},
                    "level": "L1",
                },
                "key_evidence": [
                    {
                        "source": "db",
                        "table": "appliances",
                        "key": {"id": 1},
                        "column": "warranty_until",
                        "value": "2026-04-10",
                    }
                ],
            },
            "initial_records": {
                "chat": {"conversations": [CONVERSATION], "messages": CHAT_MESSAGES},
                "files": {"/docs/insurance.txt": "Home insurance policy HX-4411\n"},
                "db": [
                    "INSERT INTO service_log VALUES (2, 1, '2025-03-12', 'annual service, ok');"
                ],
            },
            "noise_records": {"email": {"messages": [NOISE_EMAIL]}},
            "events": chosen,
            "checkpoint_design": {
                str(n): (
                    PREMATURE
                    if n < 3
                    else {
                        "label": "window",
                        "expected": {"levels": ["L1"], "commands": ["notify_user"]},
                    }
                )
                for n in range(1, len(chosen) + 1)
            },
        }
    )


def s0(**permissions: Any) -> S0:
    """S0 of the test scenario; keyword arguments override persona permissions."""
    return build_s0(environment(**permissions), DATABASE_SQL, ENVIRONMENT_FILES, scenario())


def events() -> list[Event]:
    """The scenario's 5 events, parsed."""
    return scenario().events


def sandbox(now: datetime | None = NOW, **permissions: Any) -> Sandbox:
    """A fresh sandbox on S0 with simulated *now* set (the caller closes it)."""
    box = Sandbox(s0(**permissions))
    box.now = now
    return box
