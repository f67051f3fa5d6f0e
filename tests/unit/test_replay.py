"""Prefix replay, event application and observations (DESIGN.md §2, §3.2; app/arena/replay.py)."""

from __future__ import annotations

import copy
import json
import re
from datetime import datetime
from typing import Any

import pytest

from app.arena.commands import run_command
from app.arena.errors import ArenaError
from app.arena.replay import apply_event, build_observation, event_object_id, replay_prefix
from app.arena.schema import Event
from app.arena.state import Sandbox, build_s0
from tests.unit import arena_fixtures as fx


@pytest.fixture(scope="module")
def s0():
    return fx.s0()


@pytest.fixture(scope="module")
def events():
    return fx.events()


def _event(**fields: Any) -> Event:
    base = {"id": "ex", "at": "2026-03-03T13:00:00+01:00", "summary": "test event"}
    return Event.model_validate({**base, **fields})


def _rows(box: Sandbox, sql: str) -> list[tuple[Any, ...]]:
    return box.query(sql)[1]


def _data(box: Sandbox, name: str, **args: Any) -> Any:
    result = run_command(box, name, args)
    assert result.ok, result.output
    try:
        return json.loads(result.output)
    except json.JSONDecodeError:
        return result.output


# ---------------------------------------------------------------- the fixture itself


def test_fixture_balance_is_opening_plus_posted(s0):
    account = s0.collections[("wallet", "accounts")]["acc-main"]
    posted = sum(
        t["amount_minor"]
        for t in s0.collections[("wallet", "transactions")].values()
        if t["status"] == "posted"
    )
    assert account["balance_minor"] == account["opening_balance_minor"] + posted == 561010


def test_s0_composes_environment_initial_and_noise_records(s0):
    assert list(s0.collections[("email", "messages")]) == ["m1", "m2", "m3", "m4"]
    assert list(s0.collections[("chat", "conversations")]) == ["c1"]
    assert sorted(s0.files) == [
        "/docs/insurance.txt",
        "/home/boiler-manual.txt",
        "/home/notes/todo.txt",
    ]
    with Sandbox(s0) as box:
        assert _rows(box, "SELECT id FROM service_log ORDER BY id") == [(1,), (2,)]


def test_build_s0_refuses_duplicate_ids():
    scenario = fx.scenario()
    scenario.noise_records.contacts = list(fx.environment().apps.contacts[:1])
    with pytest.raises(ArenaError, match="duplicate id 'ct1'"):
        build_s0(fx.environment(), fx.DATABASE_SQL, fx.ENVIRONMENT_FILES, scenario)


def test_build_s0_refuses_bad_sql():
    with pytest.raises(ArenaError, match=r"database\.sql"):
        build_s0(fx.environment(), "CREATE TABLE broken (", {}, fx.scenario())


# ---------------------------------------------------------------- state after each prefix


def _state(box: Sandbox) -> dict[str, Any]:
    ev1 = box.get("calendar", "events", "ev1")
    assert ev1 is not None
    return {
        "cm4": box.get("chat", "messages", "cm4") is not None,
        "ev1": (ev1["start"], ev1["end"], ev1["status"]),
        "tx4": box.get("wallet", "transactions", "tx4") is not None,
        "balance": box.get("wallet", "accounts", "acc-main")["balance_minor"],
        "note": box.files.get("/home/notes/boiler.txt"),
        "log_rows": _rows(box, "SELECT count(*) FROM service_log")[0][0],
    }


ORIGINAL_EV1 = ("2026-03-05T10:00:00+01:00", "2026-03-05T11:00:00+01:00", "tentative")
MOVED_EV1 = ("2026-03-05T09:00:00+01:00", "2026-03-05T10:00:00+01:00", "confirmed")
NOTE = "Deposit paid 120 EUR\n"

EXPECTED = {
    0: {
        "cm4": False,
        "ev1": ORIGINAL_EV1,
        "tx4": False,
        "balance": 561010,
        "note": None,
        "log_rows": 2,
    },
    1: {
        "cm4": True,
        "ev1": ORIGINAL_EV1,
        "tx4": False,
        "balance": 561010,
        "note": None,
        "log_rows": 2,
    },
    2: {
        "cm4": True,
        "ev1": MOVED_EV1,
        "tx4": False,
        "balance": 561010,
        "note": None,
        "log_rows": 2,
    },
    3: {"cm4": True, "ev1": MOVED_EV1, "tx4": True, "balance": 549010, "note": None, "log_rows": 2},
    4: {"cm4": True, "ev1": MOVED_EV1, "tx4": True, "balance": 549010, "note": NOTE, "log_rows": 2},
    5: {"cm4": True, "ev1": MOVED_EV1, "tx4": True, "balance": 549010, "note": NOTE, "log_rows": 3},
}


@pytest.mark.parametrize("t", range(6))
def test_state_after_each_prefix(s0, events, t):
    with replay_prefix(s0, events, t) as box:
        assert _state(box) == EXPECTED[t]


@pytest.mark.parametrize("t", range(6))
def test_now_is_the_last_applied_event_time(s0, events, t):
    with replay_prefix(s0, events, t) as box:
        if t == 0:
            assert box.now is None
        else:
            assert box.now == events[t - 1].at
            assert box.now == datetime.fromisoformat(fx.EVENTS[t - 1]["at"])


@pytest.mark.parametrize("t", [-1, 6])
def test_checkpoint_out_of_range(s0, events, t):
    with pytest.raises(ArenaError, match=r"outside 0\.\.5"):
        replay_prefix(s0, events, t)


def test_chat_message_event_is_visible_to_commands(s0, events):
    with replay_prefix(s0, events, 1) as box:
        assert [m["id"] for m in _data(box, "chat_unread")] == ["cm3", "cm4"]
        assert [m["id"] for m in _data(box, "chat_history", conversation_id="c1")] == [
            "cm1",
            "cm2",
            "cm3",
            "cm4",
        ]


def test_calendar_updated_changes_only_the_given_fields(s0, events):
    with replay_prefix(s0, events, 2) as box:
        ev1 = _data(box, "calendar_get", event_id="ev1")
        assert ev1 == {
            **fx.CALENDAR[0],
            "start": MOVED_EV1[0],
            "end": MOVED_EV1[1],
            "status": "confirmed",
        }
        # 08:00-09:00 is now the only morning gap before ev1 (60 minutes).
        slots = _data(box, "calendar_free_slots", date="2026-03-05", duration_minutes=60)
        assert slots == [
            {"start": "2026-03-05T08:00:00+01:00", "end": "2026-03-05T09:00:00+01:00"},
            {"start": "2026-03-05T10:00:00+01:00", "end": "2026-03-05T14:00:00+01:00"},
            {"start": "2026-03-05T15:30:00+01:00", "end": "2026-03-05T20:00:00+01:00"},
        ]


def test_posted_transaction_moves_the_balance(s0, events):
    with replay_prefix(s0, events, 3) as box:
        assert _data(box, "wallet_accounts")[0]["balance_minor"] == 561010 - 12000
        assert [t["id"] for t in _data(box, "wallet_transactions")] == ["tx4", "tx3", "tx2", "tx1"]


def test_pending_transaction_does_not_move_the_balance(s0):
    pending = _event(
        app="wallet",
        kind="wallet.transaction",
        payload={"transaction": {**fx.TRANSACTIONS[2], "id": "tx9"}},
    )
    with Sandbox(s0) as box:
        apply_event(box, pending)
        assert box.get("wallet", "accounts", "acc-main")["balance_minor"] == 561010
        assert box.get("wallet", "transactions", "tx9") is not None


def test_replaced_transaction_moves_the_balance_once(s0):
    """tx3 (pending -4500) becomes posted, then its amount is corrected to -5000."""
    posted = {**fx.TRANSACTIONS[2], "status": "posted"}
    corrected = {**posted, "amount_minor": -5000}
    with Sandbox(s0) as box:
        apply_event(
            box, _event(app="wallet", kind="wallet.transaction", payload={"transaction": posted})
        )
        assert box.get("wallet", "accounts", "acc-main")["balance_minor"] == 561010 - 4500
        apply_event(
            box, _event(app="wallet", kind="wallet.transaction", payload={"transaction": corrected})
        )
        assert box.get("wallet", "accounts", "acc-main")["balance_minor"] == 561010 - 5000
        assert len(box.records("wallet", "transactions")) == 3


def test_files_written_is_visible_to_files_commands(s0, events):
    with replay_prefix(s0, events, 4) as box:
        assert _data(box, "files_read", path="/home/notes/boiler.txt") == NOTE
        assert _data(box, "files_list", directory="/home/notes") == [
            "/home/notes/boiler.txt",
            "/home/notes/todo.txt",
        ]


def test_db_executed_row_is_visible_through_query(s0, events):
    with replay_prefix(s0, events, 5) as box:
        data = _data(box, "db_query", sql="SELECT id, note FROM service_log ORDER BY id DESC")
        assert data["rows"][0] == [3, "deposit paid"]


def test_other_event_kinds_apply(s0):
    email = {**fx.EMAILS[2], "id": "m9", "subject": "New quote"}
    contact = {**fx.CONTACTS[1], "phones": ["+49 170 000"]}
    scheduled = {**fx.SCHEDULED, "id": "sp2", "payee": "Stadtwerke"}
    new_event = {**fx.CALENDAR[1], "id": "ev9", "title": "Chimney sweep"}
    conversation = {"id": "c2", "title": "Neighbours", "participants": ["clara", "jan"]}
    chat = {
        "id": "cm9",
        "conversation_id": "c2",
        "sender": "jan",
        "text": "Hi",
        "at": "2026-03-03T13:00:00+01:00",
        "read": False,
    }
    with Sandbox(s0) as box:
        apply_event(box, _event(app="email", kind="email.received", payload={"message": email}))
        apply_event(
            box, _event(app="contacts", kind="contacts.updated", payload={"contact": contact})
        )
        apply_event(
            box,
            _event(app="wallet", kind="wallet.scheduled", payload={"scheduled_payment": scheduled}),
        )
        apply_event(
            box, _event(app="calendar", kind="calendar.created", payload={"event": new_event})
        )
        apply_event(
            box, _event(app="calendar", kind="calendar.cancelled", payload={"event_id": "ev2"})
        )
        apply_event(
            box,
            _event(
                app="chat",
                kind="chat.message",
                payload={"message": chat, "conversation": conversation},
            ),
        )
        assert box.get("email", "messages", "m9")["subject"] == "New quote"
        assert box.get("contacts", "contacts", "ct2")["phones"] == ["+49 170 000"]
        assert len(box.records("contacts", "contacts")) == 3
        assert box.get("wallet", "scheduled_payments", "sp2")["payee"] == "Stadtwerke"
        assert box.get("calendar", "events", "ev9")["title"] == "Chimney sweep"
        assert box.get("calendar", "events", "ev2")["status"] == "cancelled"
        assert box.get("chat", "conversations", "c2") == conversation
        assert box.get("chat", "messages", "cm9")["sender"] == "jan"


# ---------------------------------------------------------------- isolation


def _snapshot(box: Sandbox) -> tuple[Any, ...]:
    return (
        copy.deepcopy(box.collections),
        dict(box.files),
        list(box.outbox),
        list(box.db.iterdump()),
    )


def test_two_sandboxes_from_one_s0_do_not_see_each_other(s0, events):
    with Sandbox(s0) as untouched, replay_prefix(s0, events, 5) as busy:
        before = _snapshot(untouched)
        busy.now = fx.NOW
        assert run_command(
            busy,
            "make_payment",
            {
                "account_id": "acc-main",
                "payee": "Berger Heating",
                "amount_minor": 100,
                "currency": "EUR",
                "memo": "x",
            },
        ).ok
        assert run_command(busy, "flag_email", {"message_id": "m1", "note": "look"}).ok
        assert run_command(busy, "create_note", {"path": "/home/x.txt", "content": "x"}).ok
        busy.execute_sql("DELETE FROM appliances;")
        assert _snapshot(untouched) == before
        assert untouched.get("email", "messages", "m1")["flagged"] is False
        assert _rows(untouched, "SELECT count(*) FROM appliances") == [(3,)]
        assert "/home/x.txt" not in untouched.files
    with replay_prefix(s0, events, 0) as fresh:
        assert _snapshot(fresh) == before


def test_s0_is_not_changed_by_replay_or_actions(s0, events):
    collections = copy.deepcopy(s0.collections)
    files = dict(s0.files)
    image = bytes(s0.db_image)
    with replay_prefix(s0, events, 5) as box:
        box.now = fx.NOW
        run_command(box, "cancel_calendar_event", {"event_id": "ev2", "reason": "ill"})
        run_command(box, "cancel_scheduled_payment", {"payment_id": "sp1", "reason": "done"})
    assert s0.collections == collections
    assert s0.files == files
    assert s0.db_image == image


# ---------------------------------------------------------------- refused events


@pytest.mark.parametrize(
    "fields, message",
    [
        (
            {
                "app": "calendar",
                "kind": "calendar.updated",
                "payload": {"event_id": "ev-missing", "changes": {"status": "confirmed"}},
            },
            "calendar event 'ev-missing' does not exist",
        ),
        (
            {
                "app": "calendar",
                "kind": "calendar.cancelled",
                "payload": {"event_id": "ev-missing"},
            },
            "calendar event 'ev-missing' does not exist",
        ),
        (
            {
                "app": "wallet",
                "kind": "wallet.transaction",
                "payload": {
                    "transaction": {**fx.TRANSACTIONS[0], "id": "tx9", "account_id": "acc-x"}
                },
            },
            "account 'acc-x' does not exist",
        ),
        (
            {
                "app": "wallet",
                "kind": "wallet.scheduled",
                "payload": {
                    "scheduled_payment": {**fx.SCHEDULED, "id": "sp9", "account_id": "acc-x"}
                },
            },
            "account 'acc-x' does not exist",
        ),
        (
            {
                "app": "chat",
                "kind": "chat.message",
                "payload": {
                    "message": {**fx.CHAT_MESSAGES[0], "id": "cm9", "conversation_id": "c-x"}
                },
            },
            "conversation 'c-x' does not exist",
        ),
        (
            {
                "app": "chat",
                "kind": "chat.message",
                "payload": {
                    "message": {**fx.CHAT_MESSAGES[0], "id": "cm9", "conversation_id": "c-x"},
                    "conversation": {"id": "c-y", "title": "", "participants": []},
                },
            },
            "not to the new conversation 'c-y'",
        ),
        (
            {
                "app": "calendar",
                "kind": "calendar.updated",
                "payload": {"event_id": "ev1", "changes": {"id": "ev7"}},
            },
            "cannot change id",
        ),
        (
            {
                "app": "calendar",
                "kind": "calendar.updated",
                "payload": {"event_id": "ev1", "changes": {"colour": "red"}},
            },
            "cannot change colour",
        ),
        (
            {
                "app": "calendar",
                "kind": "calendar.updated",
                "payload": {"event_id": "ev1", "changes": {"status": "postponed"}},
            },
            "invalid event",
        ),
        (
            {
                "app": "files",
                "kind": "files.written",
                "payload": {"path": "/home/../etc/passwd", "content": "x"},
            },
            "leaves the environment root",
        ),
        (
            {
                "app": "db",
                "kind": "db.executed",
                "payload": {"sql": "INSERT INTO nowhere VALUES (1);"},
            },
            "no such table",
        ),
        (
            {"app": "email", "kind": "email.received", "payload": {"message": {"id": "m9"}}},
            "payload does not match email.received",
        ),
        (
            {"app": "email", "kind": "calendar.cancelled", "payload": {"event_id": "ev1"}},
            "belongs to app calendar",
        ),
    ],
)
def test_refused_event_raises_and_changes_nothing(s0, fields, message):
    with Sandbox(s0) as box:
        before = _snapshot(box)
        with pytest.raises(ArenaError, match=re.escape(message)) as info:
            apply_event(box, _event(**fields))
        assert "event ex" in str(info.value)
        assert _snapshot(box) == before


def test_replay_with_a_bad_event_raises(s0, events):
    bad = [
        *events[:2],
        _event(app="calendar", kind="calendar.cancelled", payload={"event_id": "nope"}),
    ]
    with pytest.raises(ArenaError, match="'nope' does not exist"):
        replay_prefix(s0, bad, 3)
    # the prefix before the bad event still replays
    with replay_prefix(s0, bad, 2) as box:
        assert box.now == events[1].at


# ---------------------------------------------------------------- observations


def test_event_object_ids(events):
    assert [event_object_id(e) for e in events] == [
        "cm4",
        "ev1",
        "tx4",
        "/home/notes/boiler.txt",
        None,
    ]


def test_observation_lines_carry_event_and_object_ids(s0, events):
    observation = build_observation(s0, events, 5)
    assert [e.line() for e in observation.events] == [
        "e1 2026-03-03T08:00:00+01:00 [chat.message cm4] Max says Oma's appointment moved",
        "e2 2026-03-03T09:00:00+01:00 [calendar.updated ev1] The boiler service moves one hour "
        "earlier and is confirmed",
        "e3 2026-03-03T10:15:00+01:00 [wallet.transaction tx4] A deposit to Berger Heating is "
        "debited",
        "e4 2026-03-03T11:00:00+01:00 [files.written /home/notes/boiler.txt] Clara writes a note "
        "about the deposit",
        "e5 2026-03-03T12:00:00+01:00 [db.executed] The service log records the deposit",
    ]


def test_observation_shows_only_the_prefix(s0, events):
    observation = build_observation(s0, events, 2)
    assert observation.checkpoint == 2
    assert observation.num_events == 5
    assert observation.now == "2026-03-03T09:00:00+01:00"
    assert observation.timezone == "Europe/Berlin"
    text = observation.text()
    assert "Clara Weiss (Homeowner and freelance translator)" in text
    assert "chat handle clara" in text
    assert "spending_limit_minor=50000" in text
    assert "Time zone: Europe/Berlin. Now: 2026-03-03T09:00:00+01:00." in text
    assert "- e1 2026-03-03T08:00:00+01:00 [chat.message cm4]" in text
    assert "- e2 " in text
    assert "e3" not in text


@pytest.mark.parametrize("t", [0, 6])
def test_observation_checkpoint_out_of_range(s0, events, t):
    with pytest.raises(ArenaError, match=r"outside 1\.\.5"):
        build_observation(s0, events, t)
