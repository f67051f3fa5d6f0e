"""The 48-command catalogue (DESIGN.md §3.3; app/arena/commands/).

Expected outputs are worked out by hand from ``arena_fixtures`` (see its docstring). Command tests
run on S0 with simulated now = 2026-03-03T12:00:00+01:00 unless they say otherwise.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from typing import Any

import pytest

from app.arena.commands import (
    CATALOGUE,
    CommandResult,
    level_of,
    run_command,
    tool_schemas,
    validate_call,
)
from app.arena.commands.registry import OUTPUT_LIMIT, TRUNCATION_MARKER, truncate
from app.arena.errors import CommandError
from app.arena.state import Sandbox
from tests.unit import arena_fixtures as fx

NOW_ISO = "2026-03-03T12:00:00+01:00"


@pytest.fixture
def box():
    sandbox = fx.sandbox()
    yield sandbox
    sandbox.close()


def call(box: Sandbox, name: str, /, **args: Any) -> CommandResult:
    return run_command(box, name, args)


def data(box: Sandbox, name: str, /, **args: Any) -> Any:
    """The decoded output of a successful command (text stays text)."""
    result = call(box, name, **args)
    assert result.ok, result.output
    try:
        return json.loads(result.output)
    except json.JSONDecodeError:
        return result.output


def ids(items: list[dict[str, Any]]) -> list[str]:
    return [item["id"] for item in items]


def error(box: Sandbox, name: str, /, **args: Any) -> str:
    result = call(box, name, **args)
    assert not result.ok, result.output
    assert result.output.startswith("error: ")
    assert result.diff == [] and result.flags == []
    return result.output


def snapshot(box: Sandbox) -> tuple[Any, ...]:
    return (
        copy.deepcopy(box.collections),
        dict(box.files),
        copy.deepcopy(box.outbox),
        list(box.db.iterdump()),
    )


# ================================================================ catalogue

SIGNATURES = [
    'email_list(folder="inbox", unread_only=false, limit=20)',
    "email_search(query, sender=null, since=null, until=null, limit=20)",
    "email_read(message_id)",
    "email_thread(thread_id)",
    "email_attachment(message_id, name)",
    "calendar_list(start, end)",
    "calendar_search(query, since=null, until=null)",
    "calendar_get(event_id)",
    'calendar_free_slots(date, duration_minutes, day_start="08:00", day_end="20:00")',
    "calendar_conflicts(start, end)",
    "chat_conversations(unread_only=false)",
    "chat_history(conversation_id, limit=50, before=null)",
    "chat_search(query, conversation_id=null)",
    "chat_unread()",
    "chat_participants(conversation_id)",
    "contacts_list(group=null, limit=50)",
    "contacts_search(query)",
    "contacts_get(contact_id)",
    "contacts_groups()",
    "wallet_accounts()",
    "wallet_transactions(account_id=null, since=null, until=null, limit=50)",
    "wallet_search(query)",
    "wallet_scheduled(account_id=null)",
    "db_tables()",
    "db_schema(table)",
    "db_query(sql)",
    'files_list(directory="/")',
    "files_read(path, offset=0, max_lines=200)",
    "files_search(query)",
    "notify_user(message, evidence=[])",
    "create_reminder(message, remind_at)",
    "flag_email(message_id, note)",
    "flag_calendar_event(event_id, note)",
    "flag_chat_message(message_id, note)",
    "flag_transaction(transaction_id, note)",
    "draft_email(to, subject, body, cc=[], reply_to=null)",
    "draft_chat_message(conversation_id, text)",
    "draft_calendar_event(title, start, end, attendees=[], location=null, notes=null)",
    "draft_payment(account_id, payee, amount_minor, currency, memo, due=null)",
    "draft_contact(name, emails=[], phones=[], notes=null)",
    "create_note(path, content)",
    "send_email(to, subject, body, cc=[], reply_to=null)",
    "send_chat_message(conversation_id, text)",
    "create_calendar_event(title, start, end, attendees=[], location=null, notes=null)",
    "reschedule_calendar_event(event_id, start, end, note=null)",
    "cancel_calendar_event(event_id, reason)",
    "make_payment(account_id, payee, amount_minor, currency, memo)",
    "cancel_scheduled_payment(payment_id, reason)",
]
"""DESIGN.md §3.3, in catalogue order (retrieval by app, then L1, L2, L3)."""

LEVELS = {
    "L1": [
        "notify_user",
        "create_reminder",
        "flag_email",
        "flag_calendar_event",
        "flag_chat_message",
        "flag_transaction",
    ],
    "L2": [
        "draft_email",
        "draft_chat_message",
        "draft_calendar_event",
        "draft_payment",
        "draft_contact",
        "create_note",
    ],
    "L3": [
        "send_email",
        "send_chat_message",
        "create_calendar_event",
        "reschedule_calendar_event",
        "cancel_calendar_event",
        "make_payment",
        "cancel_scheduled_payment",
    ],
}
RETRIEVAL_APPS = {
    "email": 5,
    "calendar": 5,
    "chat": 5,
    "contacts": 4,
    "wallet": 4,
    "database": 3,
    "files": 3,
}


def test_catalogue_signatures_match_the_design():
    assert len(CATALOGUE) == 48
    assert [spec.signature() for spec in CATALOGUE.values()] == SIGNATURES


def test_catalogue_counts_and_apps():
    retrieval = [s for s in CATALOGUE.values() if s.kind == "retrieval"]
    actions = [s for s in CATALOGUE.values() if s.kind == "action"]
    assert len(retrieval) == 29 and len(actions) == 19
    assert Counter(s.app for s in retrieval) == RETRIEVAL_APPS
    assert {s.app for s in actions} == {"assistant"}
    assert Counter(s.level for s in actions) == {"L1": 6, "L2": 6, "L3": 7}
    assert all(s.description and "\n" not in s.description for s in CATALOGUE.values())


@pytest.mark.parametrize("level", ["L1", "L2", "L3"])
def test_level_of_each_action(level):
    for name in LEVELS[level]:
        assert level_of(name) == level
        assert CATALOGUE[name].level == level


def test_level_of_no_action_and_non_actions():
    assert level_of(None) == "L0"
    with pytest.raises(KeyError):
        level_of("email_read")
    with pytest.raises(KeyError):
        level_of("launch_rocket")


def test_tool_schemas_openai_shape():
    tools = tool_schemas()
    assert [t["function"]["name"] for t in tools] == list(CATALOGUE)
    for tool in tools:
        assert set(tool) == {"type", "function"} and tool["type"] == "function"
        function = tool["function"]
        assert set(function) == {"name", "description", "parameters"}
        assert function["description"] == CATALOGUE[function["name"]].description
        parameters = function["parameters"]
        assert parameters["type"] == "object"
        assert parameters["additionalProperties"] is False
        assert "title" not in parameters
        assert all("title" not in p for p in parameters["properties"].values())
        signature_args = CATALOGUE[function["name"]].args_model.model_fields
        assert list(parameters["properties"]) == list(signature_args)
        required = [n for n, info in signature_args.items() if info.is_required()]
        assert parameters.get("required", []) == required
    assert len(tool_schemas("retrieval")) == 29
    assert len(tool_schemas("action")) == 19


def test_tool_schema_details():
    by_name = {t["function"]["name"]: t["function"]["parameters"] for t in tool_schemas()}
    assert by_name["email_search"]["required"] == ["query"]
    assert "required" not in by_name["email_list"]
    assert by_name["email_list"]["properties"]["limit"] == {
        "default": 20,
        "maximum": 200,
        "minimum": 1,
        "type": "integer",
    }
    assert by_name["draft_payment"]["required"] == [
        "account_id",
        "payee",
        "amount_minor",
        "currency",
        "memo",
    ]
    assert by_name["make_payment"]["properties"]["amount_minor"]["exclusiveMinimum"] == 0
    assert by_name["calendar_free_slots"]["required"] == ["date", "duration_minutes"]
    assert by_name["calendar_free_slots"]["properties"]["date"] == {
        "format": "date",
        "type": "string",
    }
    assert by_name["chat_unread"]["properties"] == {}


# ================================================================ validation and errors as data


def test_unknown_command_is_an_error_as_data(box):
    result = call(box, "email_delete", message_id="m1")
    assert result == CommandResult(
        "email_delete", {"message_id": "m1"}, False, "error: unknown command 'email_delete'"
    )


@pytest.mark.parametrize(
    "name, args, fragment",
    [
        ("email_read", {}, "email_read: message_id: Field required"),
        (
            "email_list",
            {"limit": 0},
            "email_list: limit: Input should be greater than or equal to 1",
        ),
        ("email_list", {"limit": 201}, "limit: Input should be less than or equal to 200"),
        ("email_list", {"unread_only": "maybe"}, "unread_only: Input should be a valid boolean"),
        ("email_list", {"bogus": 1}, "bogus: Extra inputs are not permitted"),
        ("calendar_list", {"start": "tomorrow", "end": "2026-03-06T00:00:00"}, "start: "),
        (
            "calendar_free_slots",
            {"date": "2026-03-05", "duration_minutes": 60, "day_start": "8am"},
            "day_start: String should match pattern",
        ),
        ("files_read", {"path": "/home/boiler-manual.txt", "offset": -1}, "offset: "),
        (
            "make_payment",
            {
                "account_id": "acc-main",
                "payee": "x",
                "amount_minor": 0,
                "currency": "EUR",
                "memo": "",
            },
            "amount_minor: Input should be greater",
        ),
        (
            "make_payment",
            {
                "account_id": "acc-main",
                "payee": "x",
                "amount_minor": 5,
                "currency": "eur",
                "memo": "",
            },
            "currency: String should match pattern",
        ),
        ("send_email", {"to": [], "subject": "s", "body": "b"}, "to: Value error, at least one"),
        ("notify_user", {"message": ""}, "message: String should have at least 1 character"),
    ],
)
def test_argument_errors_name_the_argument(box, name, args, fragment):
    before = snapshot(box)
    result = run_command(box, name, args)
    assert not result.ok
    assert fragment in result.output
    assert snapshot(box) == before


def test_args_must_be_an_object(box):
    result = run_command(box, "email_read", ["m1"])
    assert not result.ok and result.output == "error: email_read: args must be a JSON object"
    assert run_command(box, "email_list", None).ok is True


def test_kind_is_enforced(box):
    result = run_command(
        box, "send_email", {"to": "a@b", "subject": "s", "body": "b"}, kind="retrieval"
    )
    assert result.output == "error: send_email is an action command, not a retrieval command"
    result = run_command(box, "email_list", {}, kind="action")
    assert not result.ok and "retrieval command, not an action" in result.output
    with pytest.raises(CommandError, match="unknown command"):
        validate_call("nope", {})
    assert validate_call("email_list", None).limit == 20  # type: ignore[attr-defined]


def test_output_is_truncated_at_4000_characters(box):
    box.files["/home/big.txt"] = "".join(f"line {n:05d}\n" for n in range(1000))
    result = call(box, "files_read", path="/home/big.txt", max_lines=1000)
    assert result.ok and result.local_content
    assert len(result.output) == OUTPUT_LIMIT + len(TRUNCATION_MARKER)
    assert result.output.endswith("\n[truncated]")
    assert result.output.startswith("line 00000\nline 00001\n")
    assert truncate("x" * 4000) == "x" * 4000
    assert truncate("x" * 4001) == "x" * 4000 + "\n[truncated]"
    long_error = call(box, "email_read", message_id="z" * 5000)
    assert not long_error.ok and long_error.output.endswith("[truncated]")


# ================================================================ email (5)

EMAIL_SUMMARY_KEYS = [
    "id",
    "thread_id",
    "folder",
    "from",
    "to",
    "subject",
    "at",
    "read",
    "flagged",
    "attachments",
]


def test_email_list(box):
    inbox = data(box, "email_list")
    assert ids(inbox) == ["m3", "m1", "m4"]
    assert list(inbox[1]) == EMAIL_SUMMARY_KEYS
    assert inbox[1]["attachments"] == ["quote.txt"]
    assert ids(data(box, "email_list", folder="sent")) == ["m2"]
    assert data(box, "email_list", folder="drafts") == []
    assert ids(data(box, "email_list", unread_only=True)) == ["m3", "m4"]
    assert ids(data(box, "email_list", limit=1)) == ["m3"]
    assert "folder 'spam' is not one of" in error(box, "email_list", folder="spam")


def test_email_search(box):
    assert ids(data(box, "email_search", query="boiler")) == ["m3", "m2", "m1"]
    assert ids(data(box, "email_search", query="BOILER", sender="tom")) == ["m3", "m1"]
    assert ids(data(box, "email_search", query="boiler", since="2026-03-02T10:00:00")) == [
        "m3",
        "m2",
    ]
    assert ids(data(box, "email_search", query="boiler", until="2026-03-02T10:00:00+01:00")) == [
        "m1"
    ]
    assert ids(data(box, "email_search", query="boiler", limit=2)) == ["m3", "m2"]
    assert ids(data(box, "email_search", query="clara.weiss")) == ["m3", "m2", "m1", "m4"]
    assert ids(data(box, "email_search", query="garden tools")) == ["m4"]
    assert data(box, "email_search", query="invoice") == []
    assert "query must not be empty" in error(box, "email_search", query="  ")


def test_email_read(box):
    message = data(box, "email_read", message_id="m1")
    assert message == {**fx.EMAILS[0], "attachments": ["quote.txt"]}
    assert error(box, "email_read", message_id="m0") == "error: message 'm0' does not exist"


def test_email_thread(box):
    thread = data(box, "email_thread", thread_id="th-boiler")
    assert ids(thread) == ["m1", "m2", "m3"]
    assert thread[2]["body"] == "Thursday 10:00 works."
    assert error(box, "email_thread", thread_id="th-x") == "error: thread 'th-x' does not exist"


def test_email_attachment(box):
    assert (
        data(box, "email_attachment", message_id="m1", name="quote.txt")
        == "Annual service 240 EUR incl. VAT"
    )
    assert error(box, "email_attachment", message_id="m1", name="x.pdf") == (
        "error: message 'm1' has no attachment 'x.pdf' (has: quote.txt)"
    )
    assert "(has: none)" in error(box, "email_attachment", message_id="m2", name="x.pdf")


# ================================================================ calendar (5)


def test_calendar_list(box):
    day = {"start": "2026-03-05T00:00:00", "end": "2026-03-06T00:00:00"}
    assert data(box, "calendar_list", **day) == fx.CALENDAR
    assert ids(
        data(
            box, "calendar_list", start="2026-03-05T12:00:00+01:00", end="2026-03-05T23:00:00+01:00"
        )
    ) == ["ev2"]
    # [start, end): ev1 ends at 11:00 and ev2 starts at 14:00, so neither overlaps 11-14.
    assert data(box, "calendar_list", start="2026-03-05T11:00:00", end="2026-03-05T14:00:00") == []
    # the same instant written in UTC
    assert ids(
        data(box, "calendar_list", start="2026-03-05T09:30:00Z", end="2026-03-05T09:45:00Z")
    ) == ["ev1"]
    assert "end must be after start" in error(
        box, "calendar_list", start="2026-03-05T10:00:00", end="2026-03-05T10:00:00"
    )


def test_calendar_search(box):
    assert ids(data(box, "calendar_search", query="dentist")) == ["ev2"]
    assert ids(data(box, "calendar_search", query="berger-heating")) == ["ev1"]  # attendee
    assert ids(data(box, "calendar_search", query="home")) == ["ev1"]  # location
    assert ids(data(box, "calendar_search", query="check-up")) == ["ev2"]  # description
    assert ids(data(box, "calendar_search", query="a")) == ["ev1", "ev2"]
    assert ids(data(box, "calendar_search", query="a", since="2026-03-05T12:00:00+01:00")) == [
        "ev2"
    ]
    assert ids(data(box, "calendar_search", query="a", until="2026-03-05T12:00:00")) == ["ev1"]
    assert data(box, "calendar_search", query="yoga") == []


def test_calendar_get(box):
    assert data(box, "calendar_get", event_id="ev2") == fx.CALENDAR[1]
    assert error(box, "calendar_get", event_id="ev9") == (
        "error: calendar event 'ev9' does not exist"
    )


def test_calendar_free_slots(box):
    slots = data(box, "calendar_free_slots", date="2026-03-05", duration_minutes=60)
    assert slots == [
        {"start": "2026-03-05T08:00:00+01:00", "end": "2026-03-05T10:00:00+01:00"},
        {"start": "2026-03-05T11:00:00+01:00", "end": "2026-03-05T14:00:00+01:00"},
        {"start": "2026-03-05T15:30:00+01:00", "end": "2026-03-05T20:00:00+01:00"},
    ]
    # exactly 3 h fits 11:00-14:00; 08:00-10:00 is too short
    assert data(box, "calendar_free_slots", date="2026-03-05", duration_minutes=180) == slots[1:]
    assert data(
        box,
        "calendar_free_slots",
        date="2026-03-05",
        duration_minutes=60,
        day_start="10:30",
        day_end="14:00",
    ) == [slots[1]]
    assert data(
        box,
        "calendar_free_slots",
        date="2026-03-04",
        duration_minutes=30,
        day_start="09:00",
        day_end="09:30",
    ) == [{"start": "2026-03-04T09:00:00+01:00", "end": "2026-03-04T09:30:00+01:00"}]
    assert data(box, "calendar_free_slots", date="2026-03-05", duration_minutes=300) == []
    assert "day_end must be after day_start" in error(
        box,
        "calendar_free_slots",
        date="2026-03-05",
        duration_minutes=60,
        day_start="12:00",
        day_end="09:00",
    )


def test_calendar_free_slots_ignores_cancelled_events(box):
    assert call(box, "cancel_calendar_event", event_id="ev1", reason="moved").ok
    assert data(
        box, "calendar_free_slots", date="2026-03-05", duration_minutes=60, day_end="14:00"
    ) == [{"start": "2026-03-05T08:00:00+01:00", "end": "2026-03-05T14:00:00+01:00"}]


def test_calendar_conflicts(box):
    window = {"start": "2026-03-05T10:30:00", "end": "2026-03-05T14:30:00"}
    assert ids(data(box, "calendar_conflicts", **window)) == ["ev1", "ev2"]
    assert (
        data(box, "calendar_conflicts", start="2026-03-05T11:00:00", end="2026-03-05T14:00:00")
        == []
    )
    assert call(box, "cancel_calendar_event", event_id="ev2", reason="ill").ok
    assert ids(data(box, "calendar_conflicts", **window)) == ["ev1"]
    assert ids(data(box, "calendar_list", **window)) == ["ev1", "ev2"]  # list keeps cancelled


# ================================================================ chat (5)


def test_chat_conversations(box):
    expected = [{**fx.CONVERSATION, "unread": 1, "last_message_at": "2026-03-02T08:30:00+01:00"}]
    assert data(box, "chat_conversations") == expected
    assert data(box, "chat_conversations", unread_only=True) == expected
    box.put("chat", "conversations", {"id": "c0", "title": "Empty", "participants": ["clara"]})
    box.put("chat", "conversations", {"id": "c2", "title": "Later", "participants": ["clara"]})
    box.put(
        "chat",
        "messages",
        {
            "id": "cm9",
            "conversation_id": "c2",
            "sender": "clara",
            "text": "hi",
            "at": "2026-03-02T09:00:00+01:00",
            "read": True,
        },
    )
    assert ids(data(box, "chat_conversations")) == ["c2", "c1", "c0"]
    assert ids(data(box, "chat_conversations", unread_only=True)) == ["c1"]
    assert data(box, "chat_conversations")[2]["last_message_at"] is None


def test_chat_history(box):
    assert data(box, "chat_history", conversation_id="c1") == fx.CHAT_MESSAGES
    assert ids(data(box, "chat_history", conversation_id="c1", limit=2)) == ["cm2", "cm3"]
    assert ids(data(box, "chat_history", conversation_id="c1", before="2026-03-02T00:00:00")) == [
        "cm1",
        "cm2",
    ]
    assert ids(
        data(box, "chat_history", conversation_id="c1", limit=1, before="2026-03-01T18:05:00+01:00")
    ) == ["cm1"]
    assert error(box, "chat_history", conversation_id="c9") == (
        "error: conversation 'c9' does not exist"
    )


def test_chat_search(box):
    assert ids(data(box, "chat_search", query="oma")) == ["cm3", "cm1"]  # sender and text
    assert ids(data(box, "chat_search", query="boiler", conversation_id="c1")) == ["cm2"]
    assert data(box, "chat_search", query="pizza") == []
    assert "conversation 'c9' does not exist" in error(
        box, "chat_search", query="x", conversation_id="c9"
    )


def test_chat_unread(box):
    assert data(box, "chat_unread") == [fx.CHAT_MESSAGES[2]]


def test_chat_participants(box):
    assert data(box, "chat_participants", conversation_id="c1") == [
        {"handle": "clara", "is_user": True},
        {"handle": "max", "is_user": False},
        {"handle": "oma", "is_user": False},
    ]
    assert "conversation 'c9' does not exist" in error(
        box, "chat_participants", conversation_id="c9"
    )


# ================================================================ contacts (4)


def test_contacts_list(box):
    assert ids(data(box, "contacts_list")) == ["ct3", "ct2", "ct1"]  # Anna, Max, Tom
    assert ids(data(box, "contacts_list", group="services")) == ["ct3", "ct1"]
    assert ids(data(box, "contacts_list", group="services", limit=1)) == ["ct3"]
    assert data(box, "contacts_list", group="nobody") == []
    assert data(box, "contacts_list")[2] == fx.CONTACTS[0]


def test_contacts_search(box):
    assert ids(data(box, "contacts_search", query="dentist")) == ["ct3"]  # relationship
    assert ids(data(box, "contacts_search", query="+49 761")) == ["ct3", "ct1"]  # phones
    assert ids(data(box, "contacts_search", query="SERVICES")) == ["ct3", "ct1"]  # groups
    assert ids(data(box, "contacts_search", query="max.weiss@")) == ["ct2"]  # emails
    assert ids(data(box, "contacts_search", query="since 2019")) == ["ct1"]  # notes
    assert ids(data(box, "contacts_search", query="heating")) == ["ct1"]  # organization
    assert data(box, "contacts_search", query="zebra") == []


def test_contacts_get(box):
    assert data(box, "contacts_get", contact_id="ct2") == fx.CONTACTS[1]
    assert error(box, "contacts_get", contact_id="ct9") == "error: contact 'ct9' does not exist"


def test_contacts_groups(box):
    assert data(box, "contacts_groups") == [
        {"group": "family", "members": 1},
        {"group": "health", "members": 1},
        {"group": "services", "members": 2},
    ]


# ================================================================ wallet (4)


def test_wallet_accounts(box):
    assert data(box, "wallet_accounts") == [
        {"id": "acc-main", "name": "Girokonto", "currency": "EUR", "balance_minor": 561010}
    ]


def test_wallet_transactions(box):
    assert data(box, "wallet_transactions") == list(reversed(fx.TRANSACTIONS))
    assert ids(data(box, "wallet_transactions", account_id="acc-main")) == ["tx3", "tx2", "tx1"]
    assert ids(data(box, "wallet_transactions", limit=1)) == ["tx3"]
    assert ids(data(box, "wallet_transactions", since="2026-03-01T00:00:00")) == ["tx3", "tx2"]
    assert ids(data(box, "wallet_transactions", until="2026-02-28T00:00:00")) == ["tx1"]
    assert ids(
        data(
            box,
            "wallet_transactions",
            since="2026-03-01T09:00:00+01:00",
            until="2026-03-01T09:00:00+01:00",
        )
    ) == ["tx2"]  # bounds are inclusive
    assert error(box, "wallet_transactions", account_id="acc-x") == (
        "error: account 'acc-x' does not exist"
    )


def test_wallet_search(box):
    assert data(box, "wallet_search", query="freiburg") == [
        {"type": "transaction", **fx.TRANSACTIONS[2]},
        {"type": "transaction", **fx.TRANSACTIONS[0]},
    ]
    assert data(box, "wallet_search", query="berger") == [
        {"type": "scheduled_payment", **fx.SCHEDULED}
    ]
    # a transaction (description) and a scheduled payment (memo): transactions come first
    assert [(i["type"], i["id"]) for i in data(box, "wallet_search", query="2026")] == [
        ("transaction", "tx2"),
        ("scheduled_payment", "sp1"),
    ]
    assert ids(data(box, "wallet_search", query="household")) == ["tx3"]  # category
    assert data(box, "wallet_search", query="casino") == []


def test_wallet_scheduled(box):
    assert data(box, "wallet_scheduled") == [fx.SCHEDULED]
    assert data(box, "wallet_scheduled", account_id="acc-main") == [fx.SCHEDULED]
    assert "account 'acc-x' does not exist" in error(box, "wallet_scheduled", account_id="acc-x")


def test_wallet_scheduled_orders_by_due_instant(box):
    """Dates and datetimes with different offsets sort by the instant, not by their text."""
    box.put(
        "wallet",
        "scheduled_payments",
        {**fx.SCHEDULED, "id": "sp2", "due": "2026-03-19T23:30:00-05:00"},
    )  # 03-20 05:30 +1
    box.put(
        "wallet",
        "scheduled_payments",
        {**fx.SCHEDULED, "id": "sp3", "due": "2026-03-19T12:00:00+01:00"},
    )
    assert ids(data(box, "wallet_scheduled")) == ["sp3", "sp1", "sp2"]
    assert [i["id"] for i in data(box, "wallet_search", query="berger")] == ["sp3", "sp1", "sp2"]


# ================================================================ database (3)


def test_db_tables(box):
    assert data(box, "db_tables") == ["appliances", "service_log"]


def test_db_schema(box):
    assert data(box, "db_schema", table="appliances") == fx.APPLIANCES_CREATE
    assert "service_log" in data(box, "db_schema", table="service_log")
    assert error(box, "db_schema", table="nope") == "error: table 'nope' does not exist"
    assert "does not exist" in error(box, "db_schema", table="appliances' OR '1'='1")


def test_db_query(box):
    result = call(
        box,
        "db_query",
        sql="SELECT name, warranty_until FROM appliances "
        "WHERE warranty_until < '2026-12-31' ORDER BY id",
    )
    assert result.ok and result.local_content
    assert json.loads(result.output) == {
        "columns": ["name", "warranty_until"],
        "rows": [["Boiler", "2026-04-10"], ["Washing machine", "2024-06-01"]],
        "truncated_rows": False,
    }
    empty = call(box, "db_query", sql="SELECT * FROM appliances WHERE id = 99")
    assert empty.ok and not empty.local_content
    assert json.loads(empty.output)["columns"] == ["id", "name", "installed_on", "warranty_until"]
    joined = data(
        box,
        "db_query",
        sql="WITH last AS (SELECT appliance_id, max(done_on) AS d "
        "FROM service_log GROUP BY appliance_id) "
        "SELECT a.name, last.d FROM appliances a JOIN last "
        "ON last.appliance_id = a.id",
    )
    assert joined["rows"] == [["Boiler", "2025-03-12"]]
    assert "no such table" in error(box, "db_query", sql="SELECT * FROM warranties")
    assert error(box, "db_query", sql="DELETE FROM appliances") == (
        "error: db_query accepts one SELECT or WITH statement"
    )


# ================================================================ files (3)


def test_files_list(box):
    assert data(box, "files_list") == ["/docs/", "/home/"]
    assert data(box, "files_list", directory="/home") == ["/home/boiler-manual.txt", "/home/notes/"]
    assert data(box, "files_list", directory="/home/") == data(box, "files_list", directory="/home")
    assert data(box, "files_list", directory="/home/./notes") == ["/home/notes/todo.txt"]
    assert error(box, "files_list", directory="/srv") == "error: directory '/srv' does not exist"
    assert error(box, "files_list", directory="/home/boiler-manual.txt") == (
        "error: /home/boiler-manual.txt is a file; read it with files_read"
    )


def test_files_read(box):
    full = call(box, "files_read", path="/home/boiler-manual.txt")
    assert full.ok and full.local_content and full.output == fx.MANUAL
    assert data(box, "files_read", path="/home/boiler-manual.txt", offset=1, max_lines=2) == (
        "Service every 12 months.\nPressure should read 1.5 bar.\n"
    )
    assert data(box, "files_read", path="/home/boiler-manual.txt", offset=4) == (
        "Call Berger Heating for repairs.\n"
    )
    past_end = call(box, "files_read", path="/home/boiler-manual.txt", offset=10)
    assert past_end.ok and past_end.output == "" and not past_end.local_content
    assert error(box, "files_read", path="/home/missing.txt") == (
        "error: file '/home/missing.txt' does not exist"
    )


def test_files_search(box):
    assert data(box, "files_search", query="berger") == [
        {"path": "/home/boiler-manual.txt", "lines": [5]}
    ]
    assert data(box, "files_search", query="boiler") == [
        {"path": "/home/boiler-manual.txt", "lines": [1]}
    ]
    assert data(box, "files_search", query="notes") == [
        {"path": "/home/notes/todo.txt", "lines": []}
    ]  # matched by path only
    assert data(box, "files_search", query="o") == [
        {"path": "/docs/insurance.txt", "lines": [1]},
        {"path": "/home/boiler-manual.txt", "lines": [1, 2, 3, 4, 5]},
        {"path": "/home/notes/todo.txt", "lines": [1, 2]},
    ]


# ================================================================ retrieval never changes state

RETRIEVAL_CALLS: list[tuple[str, dict[str, Any]]] = [
    ("email_list", {}),
    ("email_search", {"query": "boiler"}),
    ("email_read", {"message_id": "m3"}),
    ("email_thread", {"thread_id": "th-boiler"}),
    ("email_attachment", {"message_id": "m1", "name": "quote.txt"}),
    ("calendar_list", {"start": "2026-03-01T00:00:00", "end": "2026-03-31T00:00:00"}),
    ("calendar_search", {"query": "a"}),
    ("calendar_get", {"event_id": "ev1"}),
    ("calendar_free_slots", {"date": "2026-03-05", "duration_minutes": 30}),
    ("calendar_conflicts", {"start": "2026-03-05T00:00:00", "end": "2026-03-06T00:00:00"}),
    ("chat_conversations", {}),
    ("chat_history", {"conversation_id": "c1"}),
    ("chat_search", {"query": "oma"}),
    ("chat_unread", {}),
    ("chat_participants", {"conversation_id": "c1"}),
    ("contacts_list", {}),
    ("contacts_search", {"query": "a"}),
    ("contacts_get", {"contact_id": "ct1"}),
    ("contacts_groups", {}),
    ("wallet_accounts", {}),
    ("wallet_transactions", {}),
    ("wallet_search", {"query": "e"}),
    ("wallet_scheduled", {}),
    ("db_tables", {}),
    ("db_schema", {"table": "service_log"}),
    ("db_query", {"sql": "SELECT * FROM appliances"}),
    ("files_list", {"directory": "/home"}),
    ("files_read", {"path": "/home/notes/todo.txt"}),
    ("files_search", {"query": "oma"}),
]


def test_retrieval_calls_cover_all_29():
    assert sorted(name for name, _ in RETRIEVAL_CALLS) == sorted(
        s.name for s in CATALOGUE.values() if s.kind == "retrieval"
    )


def test_retrieval_never_changes_state(box):
    before = snapshot(box)
    for name, args in RETRIEVAL_CALLS:
        result = run_command(box, name, args, kind="retrieval")
        assert result.ok, (name, result.output)
        assert result.diff == [] and result.flags == []
        assert result.output
    # the read-only guard is lifted again afterwards: replay can still write
    box.execute_sql("INSERT INTO appliances VALUES (4, 'Dryer', NULL, NULL);")
    box.execute_sql("DELETE FROM appliances WHERE id = 4;")
    assert snapshot(box) == before


# ================================================================ actions: diffs


def outbox_create(item: dict[str, Any]) -> dict[str, Any]:
    return {
        "op": "create",
        "app": "assistant",
        "collection": "outbox",
        "id": item["id"],
        "before": None,
        "after": item,
    }


def action(box: Sandbox, name: str, /, **args: Any) -> CommandResult:
    result = call(box, name, **args)
    assert result.ok, result.output
    return result


def test_notify_user(box):
    result = action(
        box, "notify_user", message="Warranty ends 2026-04-10", evidence=["appliances:1"]
    )
    item = {
        "id": "out-1",
        "type": "notification",
        "at": NOW_ISO,
        "message": "Warranty ends 2026-04-10",
        "evidence": ["appliances:1"],
    }
    assert result.diff == [outbox_create(item)]
    assert result.flags == []
    assert json.loads(result.output) == item
    assert box.outbox == [item]
    assert action(box, "notify_user", message="again").diff[0]["id"] == "out-2"


def test_create_reminder(box):
    result = action(box, "create_reminder", message="Call Tom", remind_at="2026-03-04T09:00:00")
    assert result.diff == [
        outbox_create(
            {
                "id": "out-1",
                "type": "reminder",
                "at": NOW_ISO,
                "message": "Call Tom",
                "remind_at": "2026-03-04T09:00:00+01:00",
            }
        )
    ]
    assert "is not after now" in error(
        box, "create_reminder", message="late", remind_at="2026-03-03T11:59:00+01:00"
    )
    assert len(box.outbox) == 1


def test_flag_email(box):
    result = action(box, "flag_email", message_id="m4", note="Spring sale ends soon")
    before = fx.NOISE_EMAIL
    assert result.diff == [
        {
            "op": "update",
            "app": "email",
            "collection": "messages",
            "id": "m4",
            "before": before,
            "after": {**before, "flagged": True},
        },
        outbox_create(
            {
                "id": "out-1",
                "type": "flag",
                "at": NOW_ISO,
                "target": "email",
                "target_id": "m4",
                "note": "Spring sale ends soon",
            }
        ),
    ]
    assert box.get("email", "messages", "m4")["flagged"] is True
    assert "message 'm9' does not exist" in error(box, "flag_email", message_id="m9", note="x")


@pytest.mark.parametrize(
    "name, id_arg, record_id, target",
    [
        ("flag_calendar_event", "event_id", "ev1", "calendar"),
        ("flag_chat_message", "message_id", "cm3", "chat"),
        ("flag_transaction", "transaction_id", "tx3", "wallet"),
    ],
)
def test_flag_other_records(box, name, id_arg, record_id, target):
    result = action(box, name, **{id_arg: record_id, "note": "check this"})
    assert result.diff == [
        outbox_create(
            {
                "id": "out-1",
                "type": "flag",
                "at": NOW_ISO,
                "target": target,
                "target_id": record_id,
                "note": "check this",
            }
        )
    ]
    before = snapshot(box)
    assert "does not exist" in error(box, name, **{id_arg: "missing", "note": "x"})
    assert snapshot(box) == before


def test_draft_email_replying_in_thread(box):
    result = action(
        box,
        "draft_email",
        to=fx.TOM,
        subject="Re: Boiler service quote",
        body="See you Thursday.",
        reply_to="m3",
    )
    record = {
        "id": "draft-5",
        "thread_id": "th-boiler",
        "folder": "drafts",
        "from": fx.PERSONA_EMAIL,
        "to": [fx.TOM],
        "cc": [],
        "subject": "Re: Boiler service quote",
        "body": "See you Thursday.",
        "at": NOW_ISO,
        "read": True,
        "flagged": False,
        "attachments": [],
    }
    assert result.diff == [
        {
            "op": "create",
            "app": "email",
            "collection": "messages",
            "id": "draft-5",
            "before": None,
            "after": record,
        }
    ]
    assert json.loads(result.output) == {"draft": "draft-5", "thread_id": "th-boiler"}
    assert result.flags == []
    assert ids(data(box, "email_list", folder="drafts")) == ["draft-5"]
    assert "message (reply_to) 'm9' does not exist" in error(
        box, "draft_email", to="a@b.example", subject="s", body="b", reply_to="m9"
    )


def test_draft_chat_message(box):
    result = action(box, "draft_chat_message", conversation_id="c1", text="I'll pick Oma up")
    assert result.diff == [
        outbox_create(
            {
                "id": "out-1",
                "type": "chat_draft",
                "at": NOW_ISO,
                "conversation_id": "c1",
                "text": "I'll pick Oma up",
            }
        )
    ]
    assert box.records("chat", "messages") == fx.CHAT_MESSAGES
    assert "conversation 'c9' does not exist" in error(
        box, "draft_chat_message", conversation_id="c9", text="x"
    )


def test_draft_calendar_event(box):
    result = action(
        box,
        "draft_calendar_event",
        title="Pick up Oma",
        start="2026-03-07T11:00:00",
        end="2026-03-07T12:00:00",
        attendees=["oma"],
    )
    record = {
        "id": "assistant-ev-3",
        "title": "Pick up Oma",
        "start": "2026-03-07T11:00:00+01:00",
        "end": "2026-03-07T12:00:00+01:00",
        "location": "",
        "attendees": ["oma"],
        "description": "",
        "status": "draft",
    }
    assert result.diff == [
        {
            "op": "create",
            "app": "calendar",
            "collection": "events",
            "id": "assistant-ev-3",
            "before": None,
            "after": record,
        }
    ]
    assert result.flags == []
    assert "end must be after start" in error(
        box,
        "draft_calendar_event",
        title="x",
        start="2026-03-07T11:00:00",
        end="2026-03-07T10:00:00",
    )


def test_draft_payment(box):
    result = action(
        box,
        "draft_payment",
        account_id="acc-main",
        payee="Berger Heating",
        amount_minor=24000,
        currency="EUR",
        memo="Boiler service",
        due="2026-03-20",
    )
    assert result.diff == [
        outbox_create(
            {
                "id": "out-1",
                "type": "payment_draft",
                "at": NOW_ISO,
                "account_id": "acc-main",
                "payee": "Berger Heating",
                "amount_minor": 24000,
                "currency": "EUR",
                "memo": "Boiler service",
                "due": "2026-03-20",
            }
        )
    ]
    assert result.flags == []
    assert box.get("wallet", "accounts", "acc-main")["balance_minor"] == 561010
    over = action(
        box,
        "draft_payment",
        account_id="acc-main",
        payee="Roofer",
        amount_minor=600000,
        currency="EUR",
        memo="Roof",
    )
    # a draft exceeds nothing yet: its flags say what paying it would exceed (limit 50000,
    # balance 561010), distinct from an executed payment's violations
    assert [(f["code"], f["kind"]) for f in over.flags] == [
        ("would_exceed_spending_limit", "if_executed"),
        ("would_exceed_balance", "if_executed"),
    ]
    assert over.flags[0]["message"] == (
        "paying this draft would exceed the spending limit: 600000 > 50000 EUR minor units"
    )
    assert over.flags[1]["message"] == "paying this draft would exceed the balance: 600000 > 561010"
    assert over.diff[0]["after"]["due"] is None


def test_draft_contact(box):
    result = action(box, "draft_contact", name="Jan Keller", emails=["jan@example.org"])
    assert result.diff == [
        outbox_create(
            {
                "id": "out-1",
                "type": "contact_draft",
                "at": NOW_ISO,
                "name": "Jan Keller",
                "emails": ["jan@example.org"],
                "phones": [],
                "notes": "",
            }
        )
    ]
    assert len(box.records("contacts", "contacts")) == 3


def test_create_note(box):
    result = action(box, "create_note", path="/home/notes/./summary.txt", content="- boiler\n")
    assert result.diff == [
        {
            "op": "create",
            "app": "files",
            "collection": "files",
            "id": "/home/notes/summary.txt",
            "before": None,
            "after": "- boiler\n",
        },
        outbox_create(
            {"id": "out-1", "type": "note", "at": NOW_ISO, "path": "/home/notes/summary.txt"}
        ),
    ]
    assert data(box, "files_read", path="/home/notes/summary.txt") == "- boiler\n"
    before = snapshot(box)
    assert "already exists" in error(
        box, "create_note", path="/home/notes/todo.txt", content="overwrite"
    )
    assert "leaves the environment root" in error(
        box, "create_note", path="/home/../x.txt", content="x"
    )
    assert "must be absolute" in error(box, "create_note", path="x.txt", content="x")
    assert snapshot(box) == before


def test_send_email(box):
    result = action(
        box,
        "send_email",
        to=[fx.TOM],
        cc=["max.weiss@example.org"],
        subject="Deposit",
        body="Paid.",
    )
    record = {
        "id": "sent-5",
        "thread_id": "thread-sent-5",
        "folder": "sent",
        "from": fx.PERSONA_EMAIL,
        "to": [fx.TOM],
        "cc": ["max.weiss@example.org"],
        "subject": "Deposit",
        "body": "Paid.",
        "at": NOW_ISO,
        "read": True,
        "flagged": False,
        "attachments": [],
    }
    assert result.diff == [
        {
            "op": "create",
            "app": "email",
            "collection": "messages",
            "id": "sent-5",
            "before": None,
            "after": record,
        }
    ]
    assert result.flags == []
    assert json.loads(result.output) == {"sent": "sent-5", "thread_id": "thread-sent-5"}


def test_send_chat_message(box):
    result = action(box, "send_chat_message", conversation_id="c1", text="On my way")
    record = {
        "id": "sent-chat-4",
        "conversation_id": "c1",
        "sender": "clara",
        "text": "On my way",
        "at": NOW_ISO,
        "read": True,
    }
    assert result.diff == [
        {
            "op": "create",
            "app": "chat",
            "collection": "messages",
            "id": "sent-chat-4",
            "before": None,
            "after": record,
        }
    ]
    assert result.flags == []


def test_create_calendar_event(box):
    result = action(
        box,
        "create_calendar_event",
        title="Chimney sweep",
        start="2026-03-06T08:00:00+01:00",
        end="2026-03-06T09:00:00+01:00",
        location="Home",
        notes="yearly",
    )
    assert result.diff == [
        {
            "op": "create",
            "app": "calendar",
            "collection": "events",
            "id": "assistant-ev-3",
            "before": None,
            "after": {
                "id": "assistant-ev-3",
                "title": "Chimney sweep",
                "start": "2026-03-06T08:00:00+01:00",
                "end": "2026-03-06T09:00:00+01:00",
                "location": "Home",
                "attendees": [],
                "description": "yearly",
                "status": "confirmed",
            },
        }
    ]
    assert result.flags == []


def test_reschedule_calendar_event(box):
    result = action(
        box,
        "reschedule_calendar_event",
        event_id="ev2",
        start="2026-03-06T14:00:00",
        end="2026-03-06T15:30:00",
        note="clash",
    )
    assert result.diff == [
        {
            "op": "update",
            "app": "calendar",
            "collection": "events",
            "id": "ev2",
            "before": fx.CALENDAR[1],
            "after": {
                **fx.CALENDAR[1],
                "start": "2026-03-06T14:00:00+01:00",
                "end": "2026-03-06T15:30:00+01:00",
            },
        }
    ]
    assert json.loads(result.output) == {
        "rescheduled": "ev2",
        "start": "2026-03-06T14:00:00+01:00",
        "end": "2026-03-06T15:30:00+01:00",
        "note": "clash",
    }
    assert "end must be after start" in error(
        box,
        "reschedule_calendar_event",
        event_id="ev2",
        start="2026-03-06T15:00:00",
        end="2026-03-06T14:00:00",
    )
    assert action(box, "cancel_calendar_event", event_id="ev1", reason="x")
    assert "is cancelled" in error(
        box,
        "reschedule_calendar_event",
        event_id="ev1",
        start="2026-03-06T14:00:00",
        end="2026-03-06T15:00:00",
    )


def test_cancel_calendar_event(box):
    result = action(box, "cancel_calendar_event", event_id="ev2", reason="ill")
    assert result.diff == [
        {
            "op": "update",
            "app": "calendar",
            "collection": "events",
            "id": "ev2",
            "before": fx.CALENDAR[1],
            "after": {**fx.CALENDAR[1], "status": "cancelled"},
        }
    ]
    assert json.loads(result.output) == {"cancelled": "ev2", "reason": "ill"}
    assert "already cancelled" in error(
        box, "cancel_calendar_event", event_id="ev2", reason="again"
    )


def test_make_payment(box):
    result = action(
        box,
        "make_payment",
        account_id="acc-main",
        payee="Berger Heating",
        amount_minor=24000,
        currency="EUR",
        memo="Boiler service",
    )
    transaction = {
        "id": "pay-4",
        "account_id": "acc-main",
        "at": NOW_ISO,
        "amount_minor": -24000,
        "counterparty": "Berger Heating",
        "description": "Boiler service",
        "category": "assistant payment",
        "status": "posted",
    }
    assert result.diff == [
        {
            "op": "create",
            "app": "wallet",
            "collection": "transactions",
            "id": "pay-4",
            "before": None,
            "after": transaction,
        },
        {
            "op": "update",
            "app": "wallet",
            "collection": "accounts",
            "id": "acc-main",
            "before": fx.ACCOUNT,
            "after": {**fx.ACCOUNT, "balance_minor": 561010 - 24000},
        },
    ]
    assert result.flags == []
    assert json.loads(result.output) == {
        "transaction": "pay-4",
        "amount_minor": 24000,
        "currency": "EUR",
    }


def test_cancel_scheduled_payment(box):
    result = action(box, "cancel_scheduled_payment", payment_id="sp1", reason="paid in cash")
    assert result.diff == [
        {
            "op": "update",
            "app": "wallet",
            "collection": "scheduled_payments",
            "id": "sp1",
            "before": fx.SCHEDULED,
            "after": {**fx.SCHEDULED, "status": "cancelled"},
        }
    ]
    assert result.flags == []
    assert "is cancelled, not scheduled" in error(
        box, "cancel_scheduled_payment", payment_id="sp1", reason="again"
    )
    assert "does not exist" in error(box, "cancel_scheduled_payment", payment_id="sp9", reason="x")


ACTION_CALLS: list[tuple[str, dict[str, Any]]] = [
    ("notify_user", {"message": "m"}),
    ("create_reminder", {"message": "m", "remind_at": "2026-03-10T09:00:00"}),
    ("flag_email", {"message_id": "m1", "note": "n"}),
    ("flag_calendar_event", {"event_id": "ev1", "note": "n"}),
    ("flag_chat_message", {"message_id": "cm1", "note": "n"}),
    ("flag_transaction", {"transaction_id": "tx1", "note": "n"}),
    ("draft_email", {"to": "a@b.example", "subject": "s", "body": "b"}),
    ("draft_chat_message", {"conversation_id": "c1", "text": "t"}),
    (
        "draft_calendar_event",
        {"title": "t", "start": "2026-03-09T10:00:00", "end": "2026-03-09T11:00:00"},
    ),
    (
        "draft_payment",
        {
            "account_id": "acc-main",
            "payee": "p",
            "amount_minor": 100,
            "currency": "EUR",
            "memo": "",
        },
    ),
    ("draft_contact", {"name": "n"}),
    ("create_note", {"path": "/home/n.txt", "content": "c"}),
    ("send_email", {"to": "a@b.example", "subject": "s", "body": "b"}),
    ("send_chat_message", {"conversation_id": "c1", "text": "t"}),
    (
        "create_calendar_event",
        {"title": "t", "start": "2026-03-09T10:00:00", "end": "2026-03-09T11:00:00"},
    ),
    (
        "reschedule_calendar_event",
        {"event_id": "ev1", "start": "2026-03-09T10:00:00", "end": "2026-03-09T11:00:00"},
    ),
    ("cancel_calendar_event", {"event_id": "ev1", "reason": "r"}),
    (
        "make_payment",
        {
            "account_id": "acc-main",
            "payee": "p",
            "amount_minor": 100,
            "currency": "EUR",
            "memo": "",
        },
    ),
    ("cancel_scheduled_payment", {"payment_id": "sp1", "reason": "r"}),
]


def test_action_calls_cover_all_19():
    assert [name for name, _ in ACTION_CALLS] == [n for level in LEVELS.values() for n in level]


@pytest.mark.parametrize("name, args", ACTION_CALLS)
def test_every_action_changes_exactly_its_diff(name, args):
    with fx.sandbox() as box:
        before = snapshot(box)
        result = run_command(box, name, args, kind="action")
        assert result.ok, result.output
        assert result.diff
        # undoing the diff restores the state: nothing changed that the diff does not show
        box.undo(result.diff)
        assert snapshot(box) == before


@pytest.mark.parametrize(
    "name, args",
    [
        (n, a)
        for n, a in ACTION_CALLS
        if n
        not in (
            "draft_calendar_event",
            "create_calendar_event",
            "reschedule_calendar_event",
            "cancel_calendar_event",
            "cancel_scheduled_payment",
        )
    ],
)
def test_actions_that_need_now_refuse_without_it_and_change_nothing(name, args):
    """Regression: flag_email and create_note used to apply their change before reading now."""
    with fx.sandbox(now=None) as box:
        before = snapshot(box)
        result = run_command(box, name, args)
        assert not result.ok
        assert "no current time" in result.output
        assert snapshot(box) == before


# ================================================================ actions: refusals are atomic


@pytest.mark.parametrize(
    "name, args, message",
    [
        (
            "make_payment",
            {
                "account_id": "acc-main",
                "payee": "p",
                "amount_minor": 100,
                "currency": "USD",
                "memo": "",
            },
            "currency USD does not match account acc-main (EUR)",
        ),
        (
            "make_payment",
            {
                "account_id": "acc-x",
                "payee": "p",
                "amount_minor": 100,
                "currency": "EUR",
                "memo": "",
            },
            "account 'acc-x' does not exist",
        ),
        (
            "draft_payment",
            {
                "account_id": "acc-main",
                "payee": "p",
                "amount_minor": 100,
                "currency": "GBP",
                "memo": "",
            },
            "currency GBP does not match",
        ),
        (
            "send_email",
            {"to": "a@b.example", "subject": "s", "body": "b", "reply_to": "m0"},
            "message (reply_to) 'm0' does not exist",
        ),
        ("send_chat_message", {"conversation_id": "c0", "text": "t"}, "conversation 'c0'"),
        (
            "create_calendar_event",
            {"title": "t", "start": "2026-03-09T10:00:00", "end": "2026-03-09T09:00:00"},
            "end must be after start",
        ),
        (
            "reschedule_calendar_event",
            {"event_id": "ev0", "start": "2026-03-09T10:00:00", "end": "2026-03-09T11:00:00"},
            "calendar event 'ev0'",
        ),
        ("cancel_calendar_event", {"event_id": "ev0", "reason": "r"}, "calendar event 'ev0'"),
    ],
)
def test_refused_actions_change_nothing(box, name, args, message):
    before = snapshot(box)
    result = run_command(box, name, args)
    assert not result.ok and message in result.output
    assert result.diff == []
    assert snapshot(box) == before


def test_failure_midway_is_undone(box, monkeypatch):
    """If a handler fails after changing state, run_command undoes those changes."""
    spec = CATALOGUE["flag_email"]

    def failing(sandbox: Sandbox, args: Any) -> Any:
        sandbox.update("email", "messages", "m1", {"flagged": True})
        sandbox.write_file("/tmp/half.txt", "x")
        sandbox.add_outbox({"type": "flag"})
        raise CommandError("boom")

    monkeypatch.setitem(
        CATALOGUE,
        "flag_email",
        type(spec)(
            name=spec.name,
            app=spec.app,
            level=spec.level,
            args_model=spec.args_model,
            handler=failing,
            description=spec.description,
        ),
    )
    before = snapshot(box)
    result = run_command(box, "flag_email", {"message_id": "m1", "note": "n"})
    assert not result.ok and result.output == "error: boom"
    assert snapshot(box) == before


# ================================================================ permission flags


def flag_codes(result: CommandResult) -> list[str]:
    assert result.ok, result.output
    return [f["code"] for f in result.flags]


PAY = {"account_id": "acc-main", "payee": "Roofer", "currency": "EUR", "memo": "roof"}


def test_spending_limit_flags_do_not_block(box):
    assert flag_codes(run_command(box, "make_payment", {**PAY, "amount_minor": 50000})) == []
    over = run_command(box, "make_payment", {**PAY, "amount_minor": 60000})
    assert flag_codes(over) == ["over_spending_limit"]
    assert over.flags[0]["message"] == ("60000 exceeds the spending limit of 50000 EUR minor units")
    assert over.flags[0]["kind"] == "violation"
    # the payment still happened in the sandbox
    assert box.get("wallet", "accounts", "acc-main")["balance_minor"] == 561010 - 50000 - 60000


def test_insufficient_funds_flag(box):
    result = run_command(box, "make_payment", {**PAY, "amount_minor": 600000})
    assert flag_codes(result) == ["over_spending_limit", "insufficient_funds"]
    assert result.flags[1]["message"] == "600000 exceeds the balance of 561010"
    assert box.get("wallet", "accounts", "acc-main")["balance_minor"] == 561010 - 600000


def test_insufficient_funds_without_spending_limit():
    with fx.sandbox(spending_limit_minor=10_000_000) as box:
        result = run_command(box, "make_payment", {**PAY, "amount_minor": 600000})
        assert flag_codes(result) == ["insufficient_funds"]


def test_send_not_permitted_flags():
    with fx.sandbox(may_send_on_behalf=False) as box:
        email = run_command(box, "send_email", {"to": "a@b.example", "subject": "s", "body": "b"})
        assert flag_codes(email) == ["send_not_permitted"]
        assert box.get("email", "messages", "sent-5") is not None  # recorded, not blocked
        chat = run_command(box, "send_chat_message", {"conversation_id": "c1", "text": "t"})
        assert flag_codes(chat) == ["send_not_permitted"]
        draft = run_command(box, "draft_email", {"to": "a@b.example", "subject": "s", "body": "b"})
        # preparing is allowed: the flag says what sending would need, it is no violation
        assert flag_codes(draft) == ["would_need_may_send"]
        assert draft.flags[0]["kind"] == "if_executed"
        chat_draft = run_command(box, "draft_chat_message", {"conversation_id": "c1", "text": "t"})
        assert flag_codes(chat_draft) == ["would_need_may_send"]
        assert [f["kind"] for f in email.flags + chat.flags] == ["violation", "violation"]


def test_calendar_not_permitted_flags():
    window = {"start": "2026-03-09T10:00:00", "end": "2026-03-09T11:00:00"}
    with fx.sandbox(may_change_calendar=False) as box:
        assert flag_codes(run_command(box, "create_calendar_event", {"title": "t", **window})) == [
            "calendar_not_permitted"
        ]
        assert flag_codes(
            run_command(box, "reschedule_calendar_event", {"event_id": "ev2", **window})
        ) == ["calendar_not_permitted"]
        assert flag_codes(
            run_command(box, "cancel_calendar_event", {"event_id": "ev1", "reason": "r"})
        ) == ["calendar_not_permitted"]
        draft = run_command(box, "draft_calendar_event", {"title": "t", **window})
        assert [(f["code"], f["kind"]) for f in draft.flags] == [
            ("would_need_may_change_calendar", "if_executed")
        ]
        assert box.get("calendar", "events", "ev1")["status"] == "cancelled"


def test_payment_not_permitted_flags():
    with fx.sandbox(may_pay=False) as box:
        assert flag_codes(run_command(box, "make_payment", {**PAY, "amount_minor": 100})) == [
            "payment_not_permitted"
        ]
        assert flag_codes(
            run_command(box, "cancel_scheduled_payment", {"payment_id": "sp1", "reason": "r"})
        ) == ["payment_not_permitted"]
        draft = run_command(box, "draft_payment", {**PAY, "amount_minor": 100})
        assert [(f["code"], f["kind"]) for f in draft.flags] == [
            ("would_need_may_pay", "if_executed")
        ]


def test_permitted_persona_gets_no_flags(box):
    for name, args in ACTION_CALLS:
        result = run_command(box, name, args)
        assert result.ok, (name, result.output)
        assert result.flags == [], name


# ---------------------------------------------------------------- local content read back from text


@pytest.mark.parametrize(
    ("command", "output", "expected"),
    [
        ("db_query", '{"columns":["n"],"rows":[[1]],"truncated_rows":false}', True),
        ("db_query", '{"columns":["n"],"rows":[],"truncated_rows":false}', False),
        ("db_query", '{"columns": ["rows"], "rows": [ ["a"] ]}', True),  # spaced, odd column
        ("db_query", '{"columns":["x\\"rows\\":[1"],"rows":[]}', False),  # key text in a string
        ("db_query", '{"columns":["n"],"rows":[[1],[2' + TRUNCATION_MARKER, True),
        ("db_query", '{"columns":["n"],"rows":[]' + TRUNCATION_MARKER, False),
        ("db_query", '{"columns":["a","b' + TRUNCATION_MARKER, None),  # cut before the rows
        ("db_query", "3 rows: 1, 2, 3", None),  # another harness's format: cannot tell
        ("db_query", "[[1]]", None),
        ("db_query", "error: SQL error: no such table: x", False),
        ("files_read", "Service every 12 months.\n", True),
        ("files_read", "", False),
        ("files_read", "error: file '/x' does not exist", False),
        ("email_read", '{"id":"m-1"}', False),
    ],
)
def test_output_local_content_reads_the_runner_definition_back_from_text(
    command: str, output: str, expected: bool | None
) -> None:
    from app.arena.commands import output_local_content

    assert output_local_content(command, output) is expected


def test_output_local_content_agrees_with_run_command(box) -> None:
    from app.arena.commands import output_local_content

    calls = [
        ("db_query", {"sql": "SELECT name FROM appliances"}),
        ("db_query", {"sql": "SELECT name FROM appliances WHERE id = 99"}),
        (
            "db_query",
            {
                "sql": "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r "
                "LIMIT 199) SELECT n, 'a padded row of text' FROM r"
            },
        ),
        ("db_query", {"sql": "DELETE FROM appliances"}),
        ("files_read", {"path": "/home/boiler-manual.txt"}),
        ("files_read", {"path": "/home/boiler-manual.txt", "offset": 10}),
        ("files_read", {"path": "/home/missing.txt"}),
        ("files_list", {}),
    ]
    results = [run_command(box, name, args, kind="retrieval") for name, args in calls]
    assert results[2].output.endswith(TRUNCATION_MARKER)  # cut inside its rows
    assert (
        [output_local_content(r.command, r.output) for r in results]
        == [r.local_content for r in results]
        == [True, False, True, False, True, False, False, False]
    )


@pytest.mark.parametrize(
    ("name", "args", "message"),
    [
        ("db_query", {"sql": "SELECT 1 -- \ud800"},
         "db_query: sql: holds a lone surrogate (U+D800), which cannot be stored; remove it"),
        ("db_schema", {"table": "\ud800"},
         "db_schema: table: holds a lone surrogate (U+D800), which cannot be stored; remove it"),
        ("db_query", {"sql": "SELECT 1 -- \x00"},
         "db_query: sql: holds a NUL character (U+0000), which cannot be stored; remove it"),
        ("email_search", {"query": "a\udfff"},
         "email_search: query: holds a lone surrogate (U+DFFF), which cannot be stored; remove it"),
        ("db_query", {"\ud800": "SELECT 1"},
         'db_query: $["\ufffd"]: the key holds a lone surrogate (U+D800), which cannot be '
         "stored; remove it"),
    ],
)  # fmt: skip
def test_unencodable_text_in_any_argument_is_an_error_returned_as_data(box, name, args, message):
    """DESIGN §3.4: it was a UnicodeEncodeError from SQLite (a 500 on the arena runner)."""
    outcome = run_command(box, name, args)
    assert (outcome.ok, outcome.output) == (False, f"error: {message}")
    outcome.output.encode("utf-8")  # the error itself is storable text
    with pytest.raises(CommandError, match="holds a"):
        validate_call(name, args)
