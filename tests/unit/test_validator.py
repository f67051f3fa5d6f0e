"""Unit tests of the scenario validator, one minimal bad scenario per rule (DESIGN.md §4.1)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from app.arena.schema import EnvironmentSpec
from app.arena.validation import (
    RULES,
    EnvironmentBundle,
    Finding,
    Rule,
    load_environment_dir,
    load_seed_tree,
    validate_scenario,
    validate_tree,
)
from app.arena.validation import loading as loading_module
from app.arena.validation import validate as validate_module
from app.arena.validation.context import Context
from app.bounded import MAX_SEED_STRING

DATABASE_SQL = """
CREATE TABLE warranties (id INTEGER PRIMARY KEY, item TEXT NOT NULL, expires_on TEXT NOT NULL);
INSERT INTO warranties VALUES (7, 'boiler', '2026-12-15');
INSERT INTO warranties VALUES (8, 'washing machine', '2027-02-01');
"""

MANUAL = (
    "Thermalis Condens 24k - owner's excerpt\n"
    "Service every 12 months by a certified technician.\n"
    "Keep the pressure between 1.2 and 1.8 bar.\n"
)
FILES = {"/home/boiler-manual.txt": MANUAL}

_WARRANTY_END = ["Thermalis Condens 24k", "Condens 24k"]
_TO_TOM = {"arg": "to", "one_of": ["tom.berger@example.com"], "note": "the plumber"}
_RECIPIENTS = {
    "to": _TO_TOM,
    "payee": {"arg": "payee", "one_of": ["Berger Heating"], "note": "the heating firm"},
    "conversation_id": {"arg": "conversation_id", "one_of": ["c-1"], "note": "the family chat"},
}
"""Who the fixture's help may reach, per recipient argument (V13 asks L2/L3 entries for it)."""
"""The fact acceptable help names in the fixture: the boiler model, in the manual from S0 on."""

EXPECTED: dict[str, dict[str, Any]] = {
    "premature": {"levels": ["L0"]},
    "window": {
        "levels": ["L1", "L3"],
        "commands": ["notify_user", "send_email"],
        "accept": [
            {"level": "L1", "commands": ["notify_user"], "evidence": [_WARRANTY_END]},
            {
                "level": "L3",
                "commands": ["send_email"],
                "evidence": [_WARRANTY_END],
                "args": [_TO_TOM],
            },
        ],
    },
    "belated": {"levels": ["L1"], "accept": [{"level": "L1", "evidence": [_WARRANTY_END]}]},
    "restraint": {"levels": ["L0"]},
}
"""Expectations that fit each label (DESIGN §4), for the base scenario's checkpoint_design."""


def cp(label: str, **expected: Any) -> dict[str, Any]:
    """A ``checkpoint_design`` entry with `label` and its usual (or the given) expectations.

    Given levels and commands of a window or belated checkpoint get an accept entry for each
    real level above L0 (naming the boiler model), unless `accept` is given too.
    """
    from app.arena.commands import CATALOGUE
    from app.arena.evidence import RECIPIENT_ARGS

    chosen = copy.deepcopy(expected or EXPECTED.get(label, {"levels": ["L0"]}))
    if expected and "accept" not in expected and label in ("window", "belated"):
        chosen["accept"] = []
        for level in dict.fromkeys(chosen.get("levels") or []):
            if level not in ("L1", "L2", "L3"):
                continue
            names = [c for c in chosen.get("commands") or [] if c in CATALOGUE]
            taken = {
                arg
                for name in names
                if CATALOGUE[name].level == level
                for arg in CATALOGUE[name].args_model.model_fields
            }
            form: dict[str, Any] = {"level": level, "evidence": [list(_WARRANTY_END)]}
            if level != "L1" and (recipients := sorted(taken & RECIPIENT_ARGS)):
                form["args"] = [_RECIPIENTS[arg] for arg in recipients]
            chosen["accept"].append(form)
    return {"label": label, "expected": chosen}


def _email(
    mid: str,
    at: str,
    subject: str,
    *,
    folder: str = "inbox",
    sender: str = "tom.berger@example.com",
) -> dict[str, Any]:
    return {
        "id": mid,
        "thread_id": f"t-{mid}",
        "folder": folder,
        "from": sender,
        "to": ["clara.weiss@example.org"],
        "cc": [],
        "subject": subject,
        "body": f"About: {subject}.",
        "at": at,
        "read": False,
        "flagged": False,
        "attachments": [],
    }


def _calendar(eid: str, title: str, start: str, end: str) -> dict[str, Any]:
    return {
        "id": eid,
        "title": title,
        "start": start,
        "end": end,
        "location": "Freiburg",
        "attendees": [],
        "description": "",
        "status": "confirmed",
    }


def _chat(mid: str, text: str, at: str, conversation: str = "c-1") -> dict[str, Any]:
    return {
        "id": mid,
        "conversation_id": conversation,
        "sender": "tom",
        "text": text,
        "at": at,
        "read": False,
    }


def _contact(cid: str, name: str, notes: str = "") -> dict[str, Any]:
    return {
        "id": cid,
        "name": name,
        "emails": [],
        "phones": [],
        "organization": "",
        "relationship": "acquaintance",
        "groups": [],
        "notes": notes,
    }


def _transaction(tid: str, amount: int, at: str, account: str = "acc-1") -> dict[str, Any]:
    return {
        "id": tid,
        "account_id": account,
        "at": at,
        "amount_minor": amount,
        "counterparty": "Stadtwerke",
        "description": "bill",
        "category": "utilities",
        "status": "posted",
    }


def environment_dict() -> dict[str, Any]:
    """A small valid environment.json (Europe/Berlin, one record or two per app)."""
    return {
        "id": "hm",
        "domain": "home_maintenance",
        "timezone": "Europe/Berlin",
        "persona": {
            "name": "Clara Weiss",
            "email": "clara.weiss@example.org",
            "chat_handle": "clara",
            "role": "Homeowner",
            "responsibilities": ["keeps the house running"],
            "permissions": {
                "spending_limit_minor": 50000,
                "currency": "EUR",
                "may_send_on_behalf": True,
                "may_change_calendar": True,
                "may_pay": True,
            },
        },
        "apps": {
            "email": {"messages": [_email("m-base", "2026-02-20T10:00:00+01:00", "Welcome")]},
            "calendar": {
                "events": [
                    _calendar(
                        "ev-1", "Dentist", "2026-03-10T09:00:00+01:00", "2026-03-10T10:00:00+01:00"
                    )
                ]
            },
            "chat": {
                "conversations": [{"id": "c-1", "title": "Tom", "participants": ["clara", "tom"]}],
                "messages": [_chat("cm-1", "Hi Clara", "2026-02-21T10:00:00+01:00")],
            },
            "contacts": [_contact("ct-1", "Tom Berger")],
            "wallet": {
                "accounts": [
                    {
                        "id": "acc-1",
                        "name": "Giro",
                        "currency": "EUR",
                        "balance_minor": 95000,
                        "opening_balance_minor": 100000,
                    }
                ],
                "transactions": [_transaction("tx-1", -5000, "2026-02-22T10:00:00+01:00")],
                "scheduled_payments": [],
            },
        },
    }


def noise_dict() -> dict[str, Any]:
    """Twelve noise records that mention no key evidence."""
    return {
        "email": {
            "messages": [
                _email(
                    f"n-m{i}",
                    f"2026-02-2{i}T08:00:00+01:00",
                    f"Newsletter {i}",
                    sender="news@example.com",
                )
                for i in range(1, 5)
            ]
        },
        "calendar": {
            "events": [
                _calendar(
                    "n-ev1", "Yoga", "2026-03-11T18:00:00+01:00", "2026-03-11T19:00:00+01:00"
                ),
                _calendar(
                    "n-ev2", "Book club", "2026-03-12T19:00:00+01:00", "2026-03-12T21:00:00+01:00"
                ),
            ]
        },
        "chat": {
            "messages": [
                _chat("n-cm1", "See you Sunday", "2026-02-25T12:00:00+01:00"),
                _chat("n-cm2", "Thanks!", "2026-02-25T12:05:00+01:00"),
            ]
        },
        "contacts": [_contact("n-ct1", "Anna Roth"), _contact("n-ct2", "Jonas Keller")],
        "files": {"/home/recipes.txt": "Apple cake: 3 apples, 200 g flour.\n"},
        "db": ["INSERT INTO warranties VALUES (9, 'dishwasher', '2027-05-01');"],
    }


def scenario_dict() -> dict[str, Any]:
    """A valid scenario of `environment_dict` (5 events over 5 apps, 12 noise records)."""
    return {
        "id": "hm-03",
        "environment_id": "hm",
        "need_type": "risk",
        "title": "Boiler warranty lapses before the annual service",
        "design": {
            "need": "Clara needs the boiler serviced before the warranty lapses.",
            "rationale": "Replying to the quote at checkpoint 3 books the service in time.",
            "best_intervention": {
                "checkpoint": 3,
                "command": "send_email",
                "level": "L3",
                "args": {
                    "to": "tom.berger@example.com",
                    "subject": "Boiler service",
                    "body": "Please service the Thermalis Condens 24k before the warranty ends.",
                    "reply_to": "m-1",
                },
            },
            "key_evidence": [
                {
                    "source": "db",
                    "table": "warranties",
                    "key": {"id": 7},
                    "column": "expires_on",
                    "value": "2026-12-15",
                },
                {
                    "source": "file",
                    "path": "/home/boiler-manual.txt",
                    "line": 2,
                    "value": "every 12 months",
                },
            ],
        },
        "initial_records": {
            "email": {"messages": [_email("m-0", "2026-02-28T09:00:00+01:00", "Boiler noise")]},
        },
        "noise_records": noise_dict(),
        "events": [
            {
                "id": "e1",
                "at": "2026-03-02T09:14:00+01:00",
                "app": "email",
                "kind": "email.received",
                "payload": {"message": _email("m-1", "2026-03-02T09:14:00+01:00", "Boiler quote")},
                "summary": "Tom Berger sends a quote for the boiler service",
            },
            {
                "id": "e2",
                "at": "2026-03-03T10:00:00+01:00",
                "app": "calendar",
                "kind": "calendar.created",
                "payload": {
                    "event": _calendar(
                        "ev-2",
                        "Boiler service visit",
                        "2026-03-20T08:00:00+01:00",
                        "2026-03-20T10:00:00+01:00",
                    )
                },
                "summary": "A tentative slot for the boiler visit appears",
            },
            {
                "id": "e3",
                "at": "2026-03-04T11:30:00+01:00",
                "app": "chat",
                "kind": "chat.message",
                "payload": {
                    "message": _chat("cm-2", "Did you get my quote?", "2026-03-04T11:30:00+01:00")
                },
                "summary": "Tom asks whether the quote arrived",
            },
            {
                "id": "e4",
                "at": "2026-03-05T08:00:00+01:00",
                "app": "wallet",
                "kind": "wallet.transaction",
                "payload": {
                    "transaction": _transaction("tx-2", -12000, "2026-03-05T08:00:00+01:00")
                },
                "summary": "The gas bill is paid",
            },
            {
                "id": "e5",
                "at": "2026-03-06T16:00:00+01:00",
                "app": "contacts",
                "kind": "contacts.updated",
                "payload": {"contact": _contact("ct-1", "Tom Berger", notes="heating engineer")},
                "summary": "Tom's contact card gets a note",
            },
        ],
        "checkpoint_design": {
            "1": cp("premature"),
            "2": cp("premature"),
            "3": cp("window"),
            "4": cp("window"),
            "5": cp("belated"),
        },
    }


def make_bundle(env: dict[str, Any] | None = None) -> EnvironmentBundle:
    return EnvironmentBundle(
        spec=EnvironmentSpec.model_validate(env or environment_dict()),
        database_sql=DATABASE_SQL,
        files=dict(FILES),
        scenarios=[],
    )


def check(
    mutate: Callable[[dict[str, Any]], Any] | None = None, env: dict[str, Any] | None = None
) -> list[Finding]:
    """Findings of the fixture scenario after `mutate` changed it in place."""
    raw = scenario_dict()
    if mutate is not None:
        mutate(raw)
    _spec, findings = validate_scenario(make_bundle(env), raw)
    return findings


def where(findings: list[Finding], code: str | None = None) -> list[tuple[str, str]]:
    return [(f.code, f.path) for f in findings if code is None or f.code == code]


def write_environment(
    root: Path, env: dict[str, Any] | None = None, scenarios: dict[str, Any] | None = None
) -> Path:
    """Write the fixture as a DESIGN §4 environment folder under `root`; return the folder."""
    env = env or environment_dict()
    folder = root / env["id"]
    (folder / "files" / "home").mkdir(parents=True)
    (folder / "scenarios").mkdir()
    (folder / "environment.json").write_text(json.dumps(env, indent=2), encoding="utf-8")
    (folder / "database.sql").write_text(DATABASE_SQL, encoding="utf-8")
    (folder / "files" / "home" / "boiler-manual.txt").write_text(MANUAL, encoding="utf-8")
    for name, content in (
        scenarios if scenarios is not None else {"hm-03.json": scenario_dict()}
    ).items():
        text = content if isinstance(content, str) else json.dumps(content, indent=2)
        (folder / "scenarios" / name).write_text(text, encoding="utf-8")
    return folder


# ---------------------------------------------------------------- the valid fixture


def test_valid_scenario_has_no_findings() -> None:
    spec, findings = validate_scenario(make_bundle(), scenario_dict())

    assert findings == []
    assert spec is not None
    assert spec.id == "hm-03"
    assert [event.id for event in spec.events] == ["e1", "e2", "e3", "e4", "e5"]


def test_valid_tree_on_disk_passes(tmp_path: Path) -> None:
    write_environment(tmp_path / "seeds" / "arena")

    passed, findings = validate_tree(tmp_path / "seeds")

    assert findings == []
    assert [(bundle.spec.id, spec.id) for bundle, spec in passed] == [("hm", "hm-03")]
    bundle = passed[0][0]
    assert bundle.files == {"/home/boiler-manual.txt": MANUAL}
    assert bundle.database_sql == DATABASE_SQL
    assert [name for name, _ in bundle.scenarios] == ["hm-03.json"]


def test_finding_str_names_code_scenario_and_path() -> None:
    finding = Finding("V02", "hm-03", "$.events[2].at", "not after the previous event")

    assert str(finding) == "V02 hm-03 $.events[2].at: not after the previous event"
    assert str(Finding("V01", None, "$.timezone", "bad")) == "V01 $.timezone: bad"


# ---------------------------------------------------------------- V01 structure


def test_v01_unknown_field_is_an_error() -> None:
    findings = check(lambda s: s["design"].update(bogus=1))

    assert where(findings) == [("V01", "$.design.bogus")]
    assert "unknown field" in findings[0].message


def test_v01_path_uses_the_from_alias() -> None:
    findings = check(lambda s: s["initial_records"]["email"]["messages"][0].pop("from"))

    assert where(findings) == [("V01", "$.initial_records.email.messages[0].from")]
    assert findings[0].scenario_id == "hm-03"


@pytest.mark.parametrize("value", [12345, 1.5e9, True])
def test_v01_a_number_is_no_timestamp(value: object) -> None:
    # pydantic alone reads 12345 as 1970-01-01T03:25:45Z: V02/V10 then blamed the offset.
    def mutate(s: dict[str, Any]) -> None:
        s["events"][0]["at"] = value
        s["initial_records"]["email"]["messages"][0]["at"] = value

    findings = check(mutate)

    assert ("V01", "$.events[0].at") in where(findings)
    assert ("V01", "$.initial_records.email.messages[0].at") in where(findings)
    assert where(findings, "V10") == []
    assert "as a string, not the number" in findings[0].message


def test_v01_discriminated_evidence_path_leaves_out_the_tag() -> None:
    findings = check(lambda s: s["design"]["key_evidence"][0].pop("value"))

    assert where(findings) == [("V01", "$.design.key_evidence[0].value")]


def test_v01_union_alternatives_give_one_finding() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["initial_records"]["wallet"] = {
            "scheduled_payments": [
                {
                    "id": "sp-1",
                    "account_id": "acc-1",
                    "payee": "Koch",
                    "amount_minor": 100,
                    "currency": "EUR",
                    "due": "soon",
                    "status": "scheduled",
                    "memo": "",
                }
            ]
        }

    findings = check(mutate)

    assert where(findings) == [("V01", "$.initial_records.wallet.scheduled_payments[0].due")]


def test_v01_checkpoint_design_key_uses_bracket_path() -> None:
    findings = check(lambda s: s["checkpoint_design"].update({"3": cp("soon")}))

    assert where(findings) == [("V01", '$.checkpoint_design["3"].label')]


def test_v01_checkpoint_design_entry_is_a_labelled_expectation() -> None:
    findings = check(lambda s: s["checkpoint_design"].update({"3": "window"}))
    assert where(findings) == [("V01", '$.checkpoint_design["3"]')]

    findings = check(lambda s: s["checkpoint_design"]["3"]["expected"].update(levels=[]))
    assert where(findings) == [("V01", '$.checkpoint_design["3"].expected.levels')]

    findings = check(lambda s: s["checkpoint_design"]["3"].update(why="x"))
    assert where(findings) == [("V01", '$.checkpoint_design["3"].why')]


def test_v01_checkpoint_design_note_and_commands_are_optional() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["checkpoint_design"]["4"] = {
            "label": "window",
            "expected": {"levels": ["L1"], "accept": [{"level": "L1", "evidence": [["24k"]]}]},
            "note": "a reminder is enough",
        }

    assert check(mutate) == []


def test_v01_environment_id_must_match() -> None:
    spec, findings = validate_scenario(make_bundle(), {**scenario_dict(), "environment_id": "wp"})

    assert spec is not None
    assert where(findings) == [("V01", "$.environment_id")]


def test_v01_scenario_that_is_not_an_object() -> None:
    spec, findings = validate_scenario(make_bundle(), [1, 2])  # type: ignore[arg-type]

    assert spec is None
    assert where(findings) == [("V01", "$")]


def test_v01_bad_json_reports_file_and_line(tmp_path: Path) -> None:
    folder = write_environment(tmp_path, scenarios={"hm-03.json": '{\n  "id": "hm-03",\n  oops\n}'})

    bundle, findings = load_environment_dir(folder)

    assert bundle is not None
    assert bundle.scenarios == []
    assert where(findings) == [("V01", "$")]
    assert findings[0].scenario_id == "hm-03"
    assert findings[0].file == "hm/scenarios/hm-03.json"
    assert "line 3, column 3" in findings[0].message
    assert str(findings[0]).startswith("V01 hm-03 hm/scenarios/hm-03.json $: not valid JSON")


def test_v01_environment_json_schema_errors(tmp_path: Path) -> None:
    env = environment_dict()
    env["persona"]["permissions"]["currency"] = "euro"
    folder = write_environment(tmp_path, env=env)

    bundle, findings = load_environment_dir(folder)

    assert bundle is None
    assert where(findings) == [("V01", "$.persona.permissions.currency")]
    assert findings[0].scenario_id is None
    assert findings[0].message.startswith("hm/environment.json: ")


def test_v01_environment_bad_json_and_unknown_time_zone(tmp_path: Path) -> None:
    folder = write_environment(tmp_path)
    (folder / "environment.json").write_text('{"id": "hm",\n"domain": }', encoding="utf-8")
    bundle, findings = load_environment_dir(folder)
    assert bundle is None
    assert where(findings) == [("V01", "$")]
    assert "line 2" in findings[0].message

    env = environment_dict()
    env["timezone"] = "Europe/Atlantis"
    folder = write_environment(tmp_path / "other", env=env)
    bundle, findings = load_environment_dir(folder)
    assert bundle is None
    assert where(findings) == [("V01", "$.timezone")]


def test_v01_environment_folder_name_and_broken_sql(tmp_path: Path) -> None:
    folder = write_environment(tmp_path)
    renamed = folder.rename(tmp_path / "house")
    bundle, findings = load_environment_dir(renamed)
    assert bundle is not None
    assert where(findings) == [("V01", "$.id")]

    (renamed / "database.sql").write_text("CREATE TABLE broken (;", encoding="utf-8")
    bundle, findings = load_environment_dir(renamed)
    assert bundle is None
    assert [f.code for f in findings] == ["V01", "V01"]
    assert "house/database.sql fails" in findings[1].message


def test_v01_tree_file_name_and_duplicate_ids(tmp_path: Path) -> None:
    arena = tmp_path / "arena"
    write_environment(arena, scenarios={"hm-04.json": scenario_dict()})
    env2 = environment_dict()
    env2["id"] = "hx"
    write_environment(
        arena, env=env2, scenarios={"hm-03.json": {**scenario_dict(), "environment_id": "hx"}}
    )

    passed, findings = validate_tree(arena)

    assert [(f.code, f.scenario_id, f.path) for f in findings] == [
        ("V01", "hm-03", "$.id"),
        ("V01", "hm-03", "$.id"),
    ]
    assert "differs from its file name 'hm-04.json'" in findings[0].message
    assert "already used by hm/scenarios/hm-04.json" in findings[1].message
    assert passed == []


def test_load_seed_tree_accepts_three_roots(tmp_path: Path) -> None:
    folder = write_environment(tmp_path / "seeds" / "arena")

    for root in (tmp_path / "seeds", tmp_path / "seeds" / "arena", folder):
        bundles, findings = load_seed_tree(root)
        assert findings == []
        assert [bundle.spec.id for bundle in bundles] == ["hm"]

    bundles, findings = load_seed_tree(tmp_path / "missing")
    assert bundles == []
    assert where(findings) == [("V01", "$")]


# ---------------------------------------------------------------- V02 events and time


def test_v02_too_few_events() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["events"] = s["events"][:3]
        s["checkpoint_design"] = {"1": cp("premature"), "2": cp("window"), "3": cp("window")}

    findings = check(mutate)

    assert where(findings) == [("V02", "$.events")]
    assert findings[0].message.startswith("3 events")


def move_e3_to_e2s_time(s: dict[str, Any]) -> None:
    """Breaks V02 only: e3 (and its chat message, so that V10 still holds) at e2's time."""
    s["events"][2]["at"] = s["events"][2]["payload"]["message"]["at"] = "2026-03-03T10:00:00+01:00"


def test_v02_at_must_strictly_increase() -> None:
    findings = check(move_e3_to_e2s_time)

    assert where(findings) == [("V02", "$.events[2].at")]


def test_v02_offset_must_be_the_zone_offset_at_that_instant() -> None:
    # 09:00 UTC written with +00:00: the same instant, but Berlin is at +01:00 in March.
    findings = check(lambda s: s["events"][1].update(at="2026-03-03T09:00:00+00:00"))
    assert where(findings) == [("V02", "$.events[1].at")]
    assert "Europe/Berlin" in findings[0].message

    # After the DST change (29 March 2026) Berlin is +02:00, so +01:00 is wrong.
    def after_dst(s: dict[str, Any]) -> None:
        s["events"][4]["at"] = "2026-03-30T16:00:00+01:00"

    assert where(check(after_dst)) == [("V02", "$.events[4].at")]

    def after_dst_ok(s: dict[str, Any]) -> None:
        s["events"][4]["at"] = "2026-03-30T16:00:00+02:00"

    assert check(after_dst_ok) == []


# ---------------------------------------------------------------- V03 apps and payloads


def test_v03_events_must_span_three_apps() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["events"][2] = {
            "id": "e3",
            "at": "2026-03-04T11:30:00+01:00",
            "app": "files",
            "kind": "files.written",
            "payload": {"path": "/home/todo.txt", "content": "call Tom"},
            "summary": "A to-do note is saved",
        }
        s["events"][3] = {
            "id": "e4",
            "at": "2026-03-05T08:00:00+01:00",
            "app": "db",
            "kind": "db.executed",
            "payload": {"sql": "UPDATE warranties SET item = 'gas boiler' WHERE id = 7;"},
            "summary": "The warranty register is tidied",
        }
        s["events"][4] = {
            "id": "e5",
            "at": "2026-03-06T16:00:00+01:00",
            "app": "calendar",
            "kind": "calendar.cancelled",
            "payload": {"event_id": "ev-1"},
            "summary": "The dentist cancels",
        }

    findings = check(mutate)

    assert where(findings) == [("V03", "$.events")]
    assert "span 2 of the five apps (calendar, email)" in findings[0].message


def test_v03_app_must_match_kind() -> None:
    findings = check(lambda s: s["events"][0].update(app="chat"))

    assert where(findings) == [("V03", "$.events[0].app")]


def test_v03_payload_must_match_kind() -> None:
    findings = check(lambda s: s["events"][0]["payload"]["message"].pop("from"))

    assert ("V03", "$.events[0].payload.message.from") in where(findings)
    # The message never arrives, so the best intervention's reply_to cannot resolve either.
    assert where(findings, "V03") == [("V03", "$.events[0].payload.message.from")]


def test_v03_received_email_is_in_the_inbox() -> None:
    findings = check(lambda s: s["events"][0]["payload"]["message"].update(folder="sent"))

    assert where(findings) == [("V03", "$.events[0].payload.message.folder")]


def _update_ev2(changes: dict[str, Any]) -> Callable[[dict[str, Any]], None]:
    def mutate(s: dict[str, Any]) -> None:
        s["events"][4] = {
            "id": "e5",
            "at": "2026-03-06T16:00:00+01:00",
            "app": "calendar",
            "kind": "calendar.updated",
            "payload": {"event_id": "ev-2", "changes": changes},
            "summary": "The boiler visit changes",
        }

    return mutate


def test_v03_calendar_update_changes_known_fields() -> None:
    findings = check(_update_ev2({"colour": "red", "id": "ev-9", "location": "Basel"}))

    assert where(findings) == [
        ("V03", "$.events[4].payload.changes.colour"),
        ("V03", "$.events[4].payload.changes.id"),
    ]


def test_v03_calendar_update_changes_to_valid_values() -> None:
    findings = check(_update_ev2({"status": "moved", "start": "2026-03-20T09:00:00"}))

    assert where(findings) == [
        ("V03", "$.events[4].payload.changes.start"),
        ("V03", "$.events[4].payload.changes.status"),
    ]
    assert check(_update_ev2({"status": "tentative"})) == []


# ---------------------------------------------------------------- V04 ids and references


def test_v04_id_already_used_in_the_environment() -> None:
    findings = check(lambda s: s["initial_records"]["email"]["messages"][0].update(id="m-base"))

    assert where(findings) == [("V04", "$.initial_records.email.messages[0].id")]
    assert "'m-base'" in findings[0].message


def test_v04_noise_id_repeats_an_initial_record() -> None:
    findings = check(lambda s: s["noise_records"]["email"]["messages"][1].update(id="m-0"))

    assert where(findings) == [("V04", "$.noise_records.email.messages[1].id")]
    assert "$.initial_records.email.messages[0]" in findings[0].message


def test_v04_event_creates_an_id_that_exists() -> None:
    findings = check(lambda s: s["events"][1]["payload"]["event"].update(id="ev-1"))

    assert where(findings) == [("V04", "$.events[1].payload.event.id")]


def test_v04_ids_are_unique_per_app_across_collections() -> None:
    findings = check(lambda s: s["events"][2]["payload"]["message"].update(id="c-1"))

    assert where(findings) == [("V04", "$.events[2].payload.message.id")]


def test_v04_record_references_a_missing_conversation() -> None:
    findings = check(
        lambda s: s["initial_records"].update(
            chat={"messages": [_chat("cm-9", "hello", "2026-02-26T10:00:00+01:00", "c-404")]}
        )
    )

    assert where(findings) == [("V04", "$.initial_records.chat.messages[0].conversation_id")]


def test_v04_event_transaction_references_a_missing_account() -> None:
    findings = check(lambda s: s["events"][3]["payload"]["transaction"].update(account_id="acc-9"))

    assert where(findings) == [("V04", "$.events[3].payload.transaction.account_id")]


def test_v04_scheduled_payment_currency_must_match_the_account() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["events"][3] = {
            "id": "e4",
            "at": "2026-03-05T08:00:00+01:00",
            "app": "wallet",
            "kind": "wallet.scheduled",
            "payload": {
                "scheduled_payment": {
                    "id": "sp-1",
                    "account_id": "acc-1",
                    "payee": "Koch",
                    "amount_minor": 30000,
                    "currency": "CHF",
                    "due": "2026-04-01",
                    "status": "scheduled",
                    "memo": "gutters",
                }
            },
            "summary": "A gutter payment is scheduled",
        }

    findings = check(mutate)

    assert where(findings) == [("V04", "$.events[3].payload.scheduled_payment.currency")]


def test_v04_reference_must_resolve_before_the_event_not_after() -> None:
    def mutate(s: dict[str, Any]) -> None:
        # e2 now updates ev-2, which only e5 creates.
        created = s["events"][1]["payload"]["event"]
        s["events"][1] = {
            "id": "e2",
            "at": "2026-03-03T10:00:00+01:00",
            "app": "calendar",
            "kind": "calendar.updated",
            "payload": {"event_id": "ev-2", "changes": {"location": "Basel"}},
            "summary": "The boiler visit moves",
        }
        s["events"][4] = {
            "id": "e5",
            "at": "2026-03-06T16:00:00+01:00",
            "app": "calendar",
            "kind": "calendar.created",
            "payload": {"event": created},
            "summary": "The boiler visit is booked",
        }

    findings = check(mutate)

    assert where(findings) == [("V04", "$.events[1].payload.event_id")]


def test_v04_contacts_update_may_replace_by_id() -> None:
    # e5 replaces ct-1 in the fixture; a chat message reusing a contact id is fine too.
    assert check(lambda s: s["events"][2]["payload"]["message"].update(id="ct-1")) == []


def test_v04_sql_that_fails_on_replay() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["events"][4] = {
            "id": "e5",
            "at": "2026-03-06T16:00:00+01:00",
            "app": "db",
            "kind": "db.executed",
            "payload": {"sql": "INSERT INTO nowhere VALUES (1);"},
            "summary": "Something is recorded",
        }

    findings = check(mutate)

    assert where(findings) == [("V04", "$.events[4].payload")]
    assert "no such table: nowhere" in findings[0].message


def test_v04_initial_sql_that_fails() -> None:
    duplicate_row = "INSERT INTO warranties VALUES (7, 'x', 'y');"
    findings = check(lambda s: s["initial_records"].update(db=[duplicate_row]))

    assert where(findings) == [("V04", "$.initial_records.db[0]")]
    assert "UNIQUE constraint failed" in findings[0].message


def test_v04_event_ids_are_unique() -> None:
    findings = check(lambda s: s["events"][3].update(id="e2"))

    assert where(findings) == [("V04", "$.events[3].id")]


# ---------------------------------------------------------------- V05 best intervention


def test_v05_retrieval_command_is_not_an_intervention() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["design"]["best_intervention"].update(command="email_read", args={"message_id": "m-1"})

    findings = check(mutate)

    assert where(findings) == [("V05", "$.design.best_intervention.command")]


def test_v05_level_must_match_the_catalogue() -> None:
    findings = check(lambda s: s["design"]["best_intervention"].update(level="L2"))

    assert where(findings) == [("V05", "$.design.best_intervention.level")]
    assert "catalogue's L3" in findings[0].message


def test_v05_arguments_must_validate() -> None:
    findings = check(lambda s: s["design"]["best_intervention"]["args"].pop("subject"))

    assert where(findings) == [("V05", "$.design.best_intervention.args.subject")]


def test_v05_checkpoint_must_be_in_range() -> None:
    findings = check(lambda s: s["design"]["best_intervention"].update(checkpoint=6))

    assert where(findings) == [("V05", "$.design.best_intervention.checkpoint")]


def test_v05_command_must_succeed_at_its_checkpoint() -> None:
    findings = check(lambda s: s["design"]["best_intervention"]["args"].update(reply_to="m-404"))

    assert where(findings) == [("V05", "$.design.best_intervention")]
    assert "'m-404' does not exist" in findings[0].message


def test_v05_state_is_the_one_at_the_checkpoint() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["design"]["best_intervention"].update(
            checkpoint=1,
            command="flag_calendar_event",
            level="L1",
            args={"event_id": "ev-2", "note": "boiler visit for the Thermalis Condens 24k"},
        )
        s["checkpoint_design"]["1"] = cp("window", levels=["L1"])
        s["checkpoint_design"]["2"] = cp("window", levels=["L1"])  # no premature after it (V13)

    # ev-2 is created by e2, after checkpoint 1.
    assert where(check(mutate)) == [("V05", "$.design.best_intervention")]


# ---------------------------------------------------------------- V06 key evidence


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"value": "2026-12-16"}, "$.design.key_evidence[0].value"),
        ({"table": "guarantees"}, "$.design.key_evidence[0].table"),
        ({"column": "expiry"}, "$.design.key_evidence[0].column"),
        ({"key": {"id": 70}}, "$.design.key_evidence[0].key"),
        ({"key": {"serial": 7}}, "$.design.key_evidence[0].key.serial"),
    ],
)
def test_v06_db_evidence_must_resolve(change: dict[str, Any], path: str) -> None:
    findings = check(lambda s: s["design"]["key_evidence"][0].update(change))

    assert where(findings) == [("V06", path)]


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"path": "/home/boiler.txt"}, "$.design.key_evidence[1].path"),
        ({"line": 9}, "$.design.key_evidence[1].line"),
        ({"line": 3}, "$.design.key_evidence[1].value"),
    ],
)
def test_v06_file_evidence_must_resolve(change: dict[str, Any], path: str) -> None:
    findings = check(lambda s: s["design"]["key_evidence"][1].update(change))

    assert where(findings) == [("V06", path)]


def test_v06_evidence_resolves_after_the_events_before_the_checkpoint() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["events"][1] = {
            "id": "e2",
            "at": "2026-03-03T10:00:00+01:00",
            "app": "db",
            "kind": "db.executed",
            "payload": {"sql": "INSERT INTO warranties VALUES (10, 'heat pump', '2031-01-31');"},
            "summary": "A warranty is registered",
        }
        s["design"]["key_evidence"][0].update(key={"id": 10}, value="2031-01-31")

    assert check(mutate) == []  # checkpoint 3: the state after e1, e2 holds row 10

    def too_early(s: dict[str, Any]) -> None:
        mutate(s)
        s["design"]["best_intervention"]["checkpoint"] = 2
        s["checkpoint_design"]["2"] = cp("window")

    assert where(check(too_early)) == [("V06", "$.design.key_evidence[0].key")]


def test_v06_value_must_not_appear_in_an_event_summary() -> None:
    findings = check(lambda s: s["events"][3].update(summary="Warranty ends 2026-12-15"))

    assert where(findings) == [("V06", "$.design.key_evidence[0].value")]
    assert "the summary of $.events[3]" in findings[0].message


def test_v06_value_must_not_appear_in_app_records_case_insensitively() -> None:
    env = environment_dict()
    env["apps"]["contacts"][0]["notes"] = "Boiler: service EVERY 12 MONTHS"

    findings = check(env=env)

    assert where(findings) == [("V06", "$.design.key_evidence[1].value")]
    assert "contacts.contacts 'ct-1'" in findings[0].message


def test_v06_value_must_not_appear_in_an_event_payload() -> None:
    findings = check(
        lambda s: s["events"][0]["payload"]["message"].update(
            body="The warranty runs until 2026-12-15."
        )
    )

    assert where(findings) == [("V06", "$.design.key_evidence[0].value")]


# ---------------------------------------------------------------- V07 checkpoint design


def test_v07_every_checkpoint_is_designed() -> None:
    findings = check(lambda s: s["checkpoint_design"].pop("5"))

    assert where(findings) == [("V07", "$.checkpoint_design")]
    assert "missing checkpoint(s) 5" in findings[0].message


def test_v07_no_extra_checkpoints() -> None:
    findings = check(lambda s: s["checkpoint_design"].update({"6": cp("belated")}))

    assert where(findings) == [("V07", '$.checkpoint_design["6"]')]


def test_v07_needs_a_premature_and_a_window_checkpoint() -> None:
    def no_window(s: dict[str, Any]) -> None:
        s["checkpoint_design"].update({"3": cp("belated"), "4": cp("belated")})

    findings = check(no_window)
    assert where(findings, "V07") == [("V07", "$.checkpoint_design")]
    assert "'window'" in findings[0].message
    # the best intervention (checkpoint 3, L3) is now belated, at level L1 only
    assert [f.message for f in findings if f.code == "V13"] == [
        "the best intervention's checkpoint 3 is labelled 'belated', not 'window'",
        "the best intervention's checkpoint 3 does not accept its level L3",
    ]

    findings = check(
        lambda s: s["checkpoint_design"].update({"1": cp("restraint"), "2": cp("window")})
    )
    assert where(findings) == [("V07", "$.checkpoint_design")]
    assert "'premature'" in findings[0].message


def test_v07_a_window_that_opens_at_t1_needs_no_premature_checkpoint() -> None:
    findings = check(
        lambda s: s["checkpoint_design"].update({"1": cp("window"), "2": cp("window")})
    )

    assert where(findings) == []


def _restraint_throughout(s: dict[str, Any]) -> None:
    s["design"]["best_intervention"] = None
    s["checkpoint_design"] = {str(t): cp("restraint") for t in range(1, 6)}


def test_v07_restraint_throughout_with_a_null_best_intervention_passes() -> None:
    assert check(_restraint_throughout) == []


def test_v07_restraint_throughout_says_so_with_a_null_best_intervention() -> None:
    def keeps_best(s: dict[str, Any]) -> None:
        s["checkpoint_design"] = {str(t): cp("restraint") for t in range(1, 6)}

    findings = check(keeps_best)
    assert where(findings) == [
        ("V07", "$.design.best_intervention"),
        ("V13", '$.checkpoint_design["3"]'),  # and its checkpoint is no window
        ("V13", '$.checkpoint_design["3"]'),  # nor accepts L3
    ]
    assert "write null" in findings[0].message

    def null_best_only(s: dict[str, Any]) -> None:
        s["design"]["best_intervention"] = None

    findings = check(null_best_only)
    assert where(findings) == [("V07", "$.design.best_intervention")]
    assert "not every checkpoint" in findings[0].message


def test_v06_restraint_throughout_evidence_resolves_in_s0() -> None:
    def mutate(s: dict[str, Any]) -> None:
        _restraint_throughout(s)
        s["design"]["key_evidence"][0]["value"] = "nothing like it"

    findings = check(mutate)

    assert where(findings) == [("V06", "$.design.key_evidence[0].value")]


# ---------------------------------------------------------------- V08 noise


def test_v08_too_few_noise_records() -> None:
    findings = check(lambda s: s["noise_records"].pop("db"))

    assert where(findings) == [("V08", "$.noise_records")]
    assert findings[0].message.startswith("11 noise records")


def test_v08_too_many_noise_records() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["noise_records"]["files"].update({f"/home/n{i}.txt": "x" for i in range(9)})

    findings = check(mutate)

    assert where(findings) == [("V08", "$.noise_records")]
    assert findings[0].message.startswith("21 noise records")


def test_v08_noise_file_mentions_key_evidence() -> None:
    findings = check(
        lambda s: s["noise_records"]["files"].update(
            {"/home/recipes.txt": "Descale every 12 months."}
        )
    )

    assert where(findings) == [("V08", '$.noise_records.files["/home/recipes.txt"]')]


def test_v08_noise_record_mentions_key_evidence() -> None:
    findings = check(
        lambda s: s["noise_records"]["email"]["messages"][2].update(subject="Reminder: 2026-12-15")
    )

    # A noise email is also an app record, so the value is retrievable without local content.
    assert where(findings) == [
        ("V06", "$.design.key_evidence[0].value"),
        ("V08", "$.noise_records.email.messages[2]"),
    ]


def test_v08_noise_sql_mentions_key_evidence() -> None:
    findings = check(
        lambda s: s["noise_records"].update(
            db=["INSERT INTO warranties VALUES (9, 'dishwasher', '2026-12-15');"]
        )
    )

    assert where(findings) == [("V08", "$.noise_records.db[0]")]


# ---------------------------------------------------------------- V09 balances


def test_v09_scenario_account_balance() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["initial_records"]["wallet"] = {
            "accounts": [
                {
                    "id": "acc-2",
                    "name": "Savings",
                    "currency": "EUR",
                    "balance_minor": 1000,
                    "opening_balance_minor": 500,
                }
            ],
            "transactions": [_transaction("tx-9", 400, "2026-02-27T10:00:00+01:00", "acc-2")],
        }

    findings = check(mutate)

    assert where(findings) == [("V09", "$.initial_records.wallet.accounts[0].balance_minor")]
    assert "should be 900" in findings[0].message


def test_v09_scenario_transaction_on_an_environment_account() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["initial_records"]["wallet"] = {
            "transactions": [_transaction("tx-9", -700, "2026-02-27T10:00:00+01:00")]
        }

    findings = check(mutate)

    assert where(findings) == [("V09", "$.initial_records.wallet.transactions[0].amount_minor")]
    assert "balance 95000 of account 'acc-1' should be 94300" in findings[0].message


def test_v09_pending_transactions_do_not_count() -> None:
    def mutate(s: dict[str, Any]) -> None:
        pending = {**_transaction("tx-9", -700, "2026-02-27T10:00:00+01:00"), "status": "pending"}
        s["initial_records"]["wallet"] = {"transactions": [pending]}

    assert check(mutate) == []


def test_v09_environment_balance_is_checked_with_the_environment(tmp_path: Path) -> None:
    env = environment_dict()
    env["apps"]["wallet"]["accounts"][0]["balance_minor"] = 94000
    folder = write_environment(tmp_path, env=env)

    bundle, findings = load_environment_dir(folder)

    assert bundle is not None
    assert [(f.code, f.scenario_id, f.path) for f in findings] == [
        ("V09", None, "$.apps.wallet.accounts[0].balance_minor")
    ]
    # Scenarios do not repeat an environment-only problem.
    assert validate_scenario(bundle, scenario_dict())[1] == []


def test_all_failing_rules_are_reported_together() -> None:
    def mutate(s: dict[str, Any]) -> None:
        move_e3_to_e2s_time(s)  # V02
        s["events"][0]["app"] = "wallet"  # V03
        s["events"][1]["payload"]["event"]["id"] = "ev-1"  # V04
        s["design"]["best_intervention"]["level"] = "L1"  # V05
        s["events"][4]["summary"] = "every 12 months"  # V06
        s["checkpoint_design"].pop("1")  # V07
        s["noise_records"]["files"] = {}  # V08
        s["initial_records"]["wallet"] = {
            "accounts": [
                {
                    "id": "acc-2",
                    "name": "Cash",
                    "currency": "EUR",
                    "balance_minor": 1,
                    "opening_balance_minor": 0,
                }
            ]
        }  # V09
        s["noise_records"]["email"]["messages"][0]["at"] = "2026-03-02T09:15:00+01:00"  # V10

    findings = check(mutate)

    assert [f.code for f in findings] == [
        "V02",
        "V03",
        "V04",
        "V05",
        "V06",
        "V07",
        "V08",
        "V09",
        "V10",
    ]
    assert all(f.scenario_id == "hm-03" for f in findings)


def test_environment_duplicate_ids_and_references(tmp_path: Path) -> None:
    env = environment_dict()
    env["apps"]["contacts"].append(_contact("ct-1", "Tom again"))
    env["apps"]["chat"]["messages"].append(
        _chat("cm-7", "lost", "2026-02-21T11:00:00+01:00", conversation="c-9")
    )
    folder = write_environment(tmp_path, env=env)

    _bundle, findings = load_environment_dir(folder)

    assert where(findings) == [
        ("V04", "$.apps.contacts[1].id"),
        ("V04", "$.apps.chat.messages[1].conversation_id"),
    ]


def test_v04_chat_event_may_start_a_conversation_it_belongs_to() -> None:
    def start(conversation_id: str) -> Callable[[dict[str, Any]], None]:
        def mutate(s: dict[str, Any]) -> None:
            s["events"][2]["payload"]["message"]["conversation_id"] = "c-2"
            s["events"][2]["payload"]["conversation"] = {
                "id": conversation_id,
                "title": "Neighbours",
                "participants": ["clara", "tom"],
            }

        return mutate

    assert check(start("c-2")) == []
    assert where(check(start("c-3"))) == [("V04", "$.events[2].payload.message.conversation_id")]
    assert where(check(start("c-1"))) == [
        ("V04", "$.events[2].payload.conversation.id"),
        ("V04", "$.events[2].payload.message.conversation_id"),
    ]


def test_v04_and_v09_a_pending_transaction_may_become_posted() -> None:
    def mutate(s: dict[str, Any]) -> None:
        pending = {**_transaction("tx-2", -12000, "2026-03-01T08:00:00+01:00"), "status": "pending"}
        s["initial_records"]["wallet"] = {"transactions": [pending]}

    # e4 posts tx-2, which S0 holds as pending: a replacement, and the balance follows.
    assert check(mutate) == []


def test_v04_files_written_path_must_stay_in_the_root() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["events"][4] = {
            "id": "e5",
            "at": "2026-03-06T16:00:00+01:00",
            "app": "files",
            "kind": "files.written",
            "payload": {"path": "home/todo.txt", "content": "call Tom"},
            "summary": "A to-do note is saved",
        }

    findings = check(mutate)

    assert where(findings) == [("V04", "$.events[4].payload")]
    assert "must be absolute" in findings[0].message


def test_v01_scenario_file_path_with_a_forbidden_character() -> None:
    findings = check(lambda s: s["initial_records"].update(files={"/home/a\\b.txt": "x"}))

    assert where(findings) == [("V01", '$.initial_records.files["/home/a\\\\b.txt"]')]
    assert "forbidden character" in findings[0].message


# ---------------------------------------------------------------- a V01 failure hides nothing else


V01_BREAKS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "unknown top-level field": lambda s: s.update(extra=1),
    "title missing": lambda s: s.pop("title"),
    "bad need type": lambda s: s.update(need_type="curiosity"),
    "design.need missing": lambda s: s["design"].pop("need"),
    "unknown design field": lambda s: s["design"].update(bogus=1),
    "initial record without from": lambda s: s["initial_records"]["email"]["messages"][0].pop(
        "from"
    ),
    "noise record with a bad date": lambda s: s["noise_records"]["contacts"][0].update(name=None),
    "event without summary": lambda s: s["events"][1].pop("summary"),
    "event of an unknown kind": lambda s: s["events"][3].update(kind="wallet.exploded"),
    "events not a list": lambda s: s.update(events={"e1": 1}),
    "best intervention without level": lambda s: s["design"]["best_intervention"].pop("level"),
    "key evidence of an unknown source": lambda s: s["design"]["key_evidence"][1].update(
        source="memory"
    ),
    "checkpoint label unknown": lambda s: s["checkpoint_design"].update({"5": cp("late")}),
}
"""Changes that make the fixture fail V01 only (one part of the file no longer parses)."""

RULE_BREAKS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "V02 order": move_e3_to_e2s_time,
    "V02 offset": lambda s: s["events"][1].update(at="2026-03-03T09:00:00+00:00"),
    "V03 app": lambda s: s["events"][0].update(app="chat"),
    "V04 duplicate id": lambda s: s["initial_records"]["email"]["messages"][0].update(id="m-base"),
    "V05 level": lambda s: s["design"]["best_intervention"].update(level="L2"),
    "V05 checkpoint": lambda s: s["design"]["best_intervention"].update(checkpoint=9),
    "V06 leak": lambda s: s["events"][4].update(summary="Tom's warranty ends 2026-12-15"),
    "V06 missing row": lambda s: s["design"]["key_evidence"][0].update(key={"id": 70}),
    "V07 missing": lambda s: s["checkpoint_design"].pop("2"),
    "V08 count": lambda s: s["noise_records"]["contacts"].pop(),
    "V09 balance": lambda s: s["initial_records"].update(
        wallet={
            "accounts": [
                {
                    "id": "acc-2",
                    "name": "Savings",
                    "currency": "EUR",
                    "balance_minor": 10,
                    "opening_balance_minor": 0,
                }
            ]
        }
    ),
}
"""Changes that each break one rule V02–V09 and parse."""


def findings_of(*mutations: Callable[[dict[str, Any]], Any]) -> list[Finding]:
    raw = scenario_dict()
    for mutate in mutations:
        mutate(raw)
    return validate_scenario(make_bundle(), raw)[1]


def non_v01(findings: list[Finding]) -> set[tuple[str, str]]:
    return {(f.code, f.path) for f in findings if f.code != "V01"}


@pytest.mark.parametrize("rule", sorted(RULE_BREAKS))
def test_rule_breaks_are_found_on_their_own(rule: str) -> None:
    assert non_v01(findings_of(RULE_BREAKS[rule])), rule


@pytest.mark.parametrize("name", sorted(V01_BREAKS))
def test_a_part_that_does_not_parse_gives_v01_and_nothing_made_up(name: str) -> None:
    spec, findings = validate_scenario(make_bundle(), _mutated(V01_BREAKS[name]))

    assert spec is None
    assert findings and {f.code for f in findings} == {"V01"}, [str(f) for f in findings]


def _mutated(mutate: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
    raw = scenario_dict()
    mutate(raw)
    return raw


@pytest.mark.parametrize("name", sorted(V01_BREAKS))
def test_other_rules_still_report_what_the_parsed_parts_show(name: str) -> None:
    """Each other rule's finding is reported next to the V01 one, unless it needs the part that
    does not parse; nothing is reported that the file without the V01 problem would not."""
    for rule, mutate in RULE_BREAKS.items():
        alone = non_v01(findings_of(mutate))
        together = findings_of(mutate, V01_BREAKS[name])
        assert "V01" in {f.code for f in together}
        assert non_v01(together) <= alone, (name, rule)


def test_v01_next_to_findings_of_every_independent_rule() -> None:
    findings = findings_of(
        V01_BREAKS["unknown design field"],
        RULE_BREAKS["V02 order"],
        RULE_BREAKS["V04 duplicate id"],
        RULE_BREAKS["V05 level"],
        RULE_BREAKS["V06 leak"],
        RULE_BREAKS["V07 missing"],
        RULE_BREAKS["V08 count"],
    )

    assert where(findings) == [
        ("V01", "$.design.bogus"),
        ("V02", "$.events[2].at"),
        ("V04", "$.initial_records.email.messages[0].id"),
        ("V05", "$.design.best_intervention.level"),
        ("V06", "$.design.key_evidence[0].value"),
        ("V07", "$.checkpoint_design"),
        ("V08", "$.noise_records"),
    ]


def test_an_event_that_does_not_parse_leaves_the_others_checked() -> None:
    findings = findings_of(
        V01_BREAKS["event without summary"],
        lambda s: s["events"][4].update(at="2026-03-02T08:00:00+01:00"),  # before e4
        RULE_BREAKS["V04 duplicate id"],
        RULE_BREAKS["V05 checkpoint"],
        RULE_BREAKS["V06 leak"],
        RULE_BREAKS["V07 missing"],
    )

    assert where(findings) == [
        ("V01", "$.events[1].summary"),
        ("V02", "$.events[4].at"),
        ("V04", "$.initial_records.email.messages[0].id"),
        ("V05", "$.design.best_intervention.checkpoint"),
        ("V06", "$.design.key_evidence[0].value"),
        ("V07", "$.checkpoint_design"),
    ]


def test_records_that_do_not_parse_leave_events_and_design_checked() -> None:
    findings = findings_of(
        V01_BREAKS["noise record with a bad date"],
        RULE_BREAKS["V03 app"],
        RULE_BREAKS["V05 level"],
    )

    assert where(findings) == [
        ("V01", "$.noise_records.contacts[0].name"),
        ("V03", "$.events[0].app"),
        ("V05", "$.design.best_intervention.level"),
    ]


def test_scenario_without_an_id_is_named_by_its_file() -> None:
    raw = scenario_dict()
    raw.pop("id")
    raw["checkpoint_design"].pop("1")

    spec, findings = validate_scenario(make_bundle(), raw, file="hm/scenarios/hm-03.json")

    assert spec is None
    assert [(f.code, f.scenario_id, f.file, f.path) for f in findings] == [
        ("V01", "hm-03", "hm/scenarios/hm-03.json", "$.id"),
        ("V07", "hm-03", "hm/scenarios/hm-03.json", "$.checkpoint_design"),
    ]
    assert str(findings[1]).startswith("V07 hm-03 hm/scenarios/hm-03.json $.checkpoint_design: ")


def test_every_file_of_a_tree_is_checked_and_named(tmp_path: Path) -> None:
    arena = tmp_path / "arena"
    bad_schema = _mutated(lambda s: (s["design"].update(bogus=1), RULE_BREAKS["V07 missing"](s)))
    write_environment(
        arena,
        scenarios={
            "hm-01.json": '{"id": "hm-01",\n  "events": [}',
            "hm-02.json": {**bad_schema, "id": "hm-02"},
            "hm-03.json": _mutated(RULE_BREAKS["V02 order"]),
            "hm-04.json": {**scenario_dict(), "id": "hm-04"},
        },
    )

    passed, findings = validate_tree(arena)

    assert [(f.code, f.file, f.path) for f in findings] == [
        ("V01", "hm/scenarios/hm-01.json", "$"),
        ("V01", "hm/scenarios/hm-02.json", "$.design.bogus"),
        ("V07", "hm/scenarios/hm-02.json", "$.checkpoint_design"),
        ("V02", "hm/scenarios/hm-03.json", "$.events[2].at"),
    ]
    assert "line 2, column 14" in findings[0].message
    assert [spec.id for _bundle, spec in passed] == ["hm-04"]


def test_scenarios_of_an_unusable_environment_are_still_checked(tmp_path: Path) -> None:
    env = environment_dict()
    env["timezone"] = "Europe/Atlantis"
    write_environment(
        tmp_path / "arena",
        env=env,
        scenarios={
            "hm-03.json": _mutated(
                lambda s: (
                    s["design"].update(bogus=1),
                    RULE_BREAKS["V02 order"](s),
                    RULE_BREAKS["V05 level"](s),
                    RULE_BREAKS["V07 missing"](s),
                )
            ),
            "hm-04.json": "[1, 2]",
        },
    )

    passed, findings = validate_tree(tmp_path / "arena")

    assert passed == []
    assert [(f.code, f.file, f.path) for f in findings] == [
        ("V01", None, "$.timezone"),
        ("V01", "hm/scenarios/hm-04.json", "$"),
        ("V01", "hm/scenarios/hm-03.json", "$.design.bogus"),
        ("V02", "hm/scenarios/hm-03.json", "$.events[2].at"),
        ("V05", "hm/scenarios/hm-03.json", "$.design.best_intervention.level"),
        ("V07", "hm/scenarios/hm-03.json", "$.checkpoint_design"),
    ]


def test_s0_sql_that_reads_the_clock_is_a_finding(tmp_path: Path) -> None:
    findings = check(
        lambda s: s["initial_records"].update(
            db=["INSERT INTO warranties VALUES (10, 'oven', date('now', '+2 years'));"]
        )
    )
    assert where(findings) == [("V04", "$.initial_records.db[0]")]
    assert "no simulated now" in findings[0].message

    folder = write_environment(tmp_path)
    (folder / "database.sql").write_text(
        DATABASE_SQL + "INSERT INTO warranties VALUES (11, 'fridge', CURRENT_DATE);\n",
        encoding="utf-8",
    )
    bundle, env_findings = load_environment_dir(folder)
    assert bundle is None
    assert where(env_findings) == [("V01", "$")]
    assert "hm/database.sql fails: there is no simulated now" in env_findings[0].message


# ---------------------------------------------------------------- bounded input (DESIGN §3.4)


def _deep_text(raw: dict[str, Any], placeholder: str, depth: int) -> str:
    """The scenario as JSON text with the string `placeholder` replaced by `depth` brackets
    (json.dumps itself cannot write such a value)."""
    return json.dumps(raw).replace(json.dumps(placeholder), "[" * depth + "]" * depth)


def test_v01_nesting_too_deep_is_located_not_a_crash(tmp_path: Path) -> None:
    raw = scenario_dict()
    raw["events"][2]["payload"]["message"]["text"] = "@deep@"
    # root 1, events 2, events[2] 3, payload 4, message 5, the list at text 6: [0]x27 is 33
    folder = write_environment(
        tmp_path, scenarios={"hm-03.json": _deep_text(raw, "@deep@", 100_000)}
    )

    bundle, findings = load_environment_dir(folder)

    assert bundle is not None and bundle.scenarios == []
    assert [str(f) for f in findings] == [
        "V01 hm-03 hm/scenarios/hm-03.json $.events[2].payload.message.text"
        + "[0]" * 27
        + ": nested more than 32 levels deep (arrays and objects)"
    ]


def test_v01_a_number_python_cannot_read_is_a_finding(tmp_path: Path) -> None:
    text = json.dumps(scenario_dict()).replace('"checkpoint": 3', '"checkpoint": 3' + "0" * 5000)
    folder = write_environment(tmp_path, scenarios={"hm-03.json": text})

    _bundle, findings = load_environment_dir(folder)

    assert [(f.code, f.file, f.path) for f in findings] == [("V01", "hm/scenarios/hm-03.json", "$")]
    assert "not valid JSON" in findings[0].message and "4300" in findings[0].message


def test_v01_nul_or_lone_surrogate_in_any_scenario_string_is_located(tmp_path: Path) -> None:
    raw = scenario_dict()
    raw["title"] = "Boiler \ud800"
    raw["initial_records"]["db"] = ["INSERT INTO warranties VALUES (9, 'o\x00ven', '2027-01-01');"]
    raw["initial_records"]["files"] = {"/home/a\x00.txt": "x"}
    raw["events"][2]["payload"]["message"]["text"] = "Did you get\x00 my quote?"
    folder = write_environment(tmp_path, scenarios={"hm-03.json": raw})

    bundle, findings = load_environment_dir(folder)

    assert bundle is not None and bundle.scenarios == []  # refused, not run against SQLite
    nul = "holds a NUL character (U+0000), which cannot be stored; remove it"
    assert [(f.code, f.scenario_id, f.file, f.path, f.message) for f in findings] == [
        (
            "V01",
            "hm-03",
            "hm/scenarios/hm-03.json",
            "$.title",
            "holds a lone surrogate (U+D800), which cannot be stored; remove it",
        ),
        ("V01", "hm-03", "hm/scenarios/hm-03.json", "$.initial_records.db[0]", nul),
        (
            "V01",
            "hm-03",
            "hm/scenarios/hm-03.json",
            '$.initial_records.files["/home/a\\u0000.txt"]',
            "the key " + nul,
        ),
        ("V01", "hm-03", "hm/scenarios/hm-03.json", "$.events[2].payload.message.text", nul),
    ]
    _passed, tree_findings = validate_tree(tmp_path)
    assert [str(f) for f in tree_findings][1] == (
        f"V01 hm-03 hm/scenarios/hm-03.json $.initial_records.db[0]: {nul}"
    )


def test_v01_nul_in_environment_json_database_sql_and_files(tmp_path: Path) -> None:
    env = environment_dict()
    env["persona"]["name"] = "Clara\x00 Weiss"
    folder = write_environment(tmp_path, env=env)
    bundle, findings = load_environment_dir(folder)
    assert bundle is None
    assert [(f.code, f.path, f.message) for f in findings] == [
        (
            "V01",
            "$.persona.name",
            "hm/environment.json: holds a NUL character (U+0000), which cannot be stored; "
            "remove it",
        )
    ]

    folder = write_environment(tmp_path / "sql")
    (folder / "database.sql").write_text(DATABASE_SQL.replace("boiler", "boi\x00ler"))
    bundle, findings = load_environment_dir(folder)
    assert bundle is None
    assert [(f.code, f.path, f.message) for f in findings] == [
        (
            "V01",
            "$",
            "hm/database.sql: line 3 holds a NUL character (U+0000), which cannot be stored; "
            "remove it",
        )
    ]

    folder = write_environment(tmp_path / "files")
    (folder / "files" / "home" / "boiler-manual.txt").write_text(MANUAL.replace("12", "1\x002"))
    bundle, findings = load_environment_dir(folder)
    assert bundle is not None and "/home/boiler-manual.txt" not in bundle.files
    assert [(f.code, f.path, f.message) for f in findings] == [
        (
            "V01",
            "$",
            "hm/files/home/boiler-manual.txt: line 2 holds a NUL character (U+0000), which "
            "cannot be stored; remove it",
        )
    ]


# ---------------------------------------------------------------- V10 nothing visible early


def test_v10_an_s0_arrival_dated_after_e1_is_visible_before_it_happens() -> None:
    # e1 is at 2026-03-02T09:14:00+01:00; one minute later is already too late
    findings = check(
        lambda s: s["noise_records"]["email"]["messages"][2].update(at="2026-03-02T09:15:00+01:00")
    )

    assert where(findings) == [("V10", "$.noise_records.email.messages[2].at")]
    assert findings[0].message == (
        "email 'n-m3' is dated 2026-03-02T09:15:00+01:00, after e1 (2026-03-02T09:14:00+01:00): "
        "the agent reads it at t = 1 before it arrives"
    )


def test_v10_covers_chat_messages_transactions_and_the_environment() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["noise_records"]["chat"]["messages"][1]["at"] = "2026-03-06T12:05:00+01:00"
        s["initial_records"]["wallet"] = {
            "transactions": [
                {**_transaction("tx-9", -100, "2026-03-09T10:00:00+01:00"), "status": "pending"}
            ]
        }

    env = environment_dict()
    env["apps"]["email"]["messages"][0]["at"] = "2026-03-02T10:00:00+01:00"
    env["apps"]["wallet"]["transactions"][0]["status"] = "pending"  # keeps V09 out of the way
    env["apps"]["wallet"]["accounts"][0]["balance_minor"] = 100000

    findings = check(mutate, env=env)

    assert where(findings, "V10") == [
        ("V10", "$.apps.email.messages[0].at"),
        ("V10", "$.initial_records.wallet.transactions[0].at"),
        ("V10", "$.noise_records.chat.messages[1].at"),
    ]
    assert findings[0].message.startswith("hm/environment.json: email 'm-base' is dated")


def test_v10_an_event_record_dated_after_its_event() -> None:
    findings = check(
        lambda s: s["events"][2]["payload"]["message"].update(at="2026-03-04T11:31:00+01:00")
    )

    assert where(findings) == [("V10", "$.events[2].payload.message.at")]
    assert "after its event e3 (2026-03-04T11:30:00+01:00)" in findings[0].message
    assert "at t = 3 before it arrives" in findings[0].message


def test_v10_plans_in_the_future_and_records_at_now_or_earlier_are_fine() -> None:
    def mutate(s: dict[str, Any]) -> None:
        # a noise email exactly at e1.at, an event's email delivered before its event
        s["noise_records"]["email"]["messages"][0]["at"] = "2026-03-02T09:14:00+01:00"
        s["events"][0]["payload"]["message"]["at"] = "2026-03-02T08:00:00+01:00"
        # a future calendar entry and a future scheduled payment are plans
        s["noise_records"]["calendar"]["events"][0].update(
            start="2026-06-01T18:00:00+02:00", end="2026-06-01T19:00:00+02:00"
        )
        s["initial_records"]["wallet"] = {
            "scheduled_payments": [
                {
                    "id": "sp-1",
                    "account_id": "acc-1",
                    "payee": "Gas",
                    "amount_minor": 4000,
                    "currency": "EUR",
                    "due": "2026-07-01",
                    "status": "scheduled",
                    "memo": "",
                }
            ]
        }

    assert where(check(mutate), "V10") == []


# ---------------------------------------------------------------- V11 self-consistency


@pytest.mark.parametrize(
    ("body", "claims"),
    [
        ("Please find the quote attached.", True),
        ("The signed contract is enclosed.", True),
        ("I attach the invoice for March.", True),
        ("We attach our quote for the wall.", True),
        ("I enclose the signed lease.", True),
        ("Attached to this email is the quote.", True),
        ("Attached to the e-mail you will find the invoice.", True),
        ("See the PDF for the details.", True),
        ("The attachment has the floor plan.", True),
        ("The rota is attached to the staff bulletin.", False),
        ("Your policy documents are attached to your online account.", False),
        ("Please attach receipts for the taxi.", False),
        ("The quote is available as a PDF in your account.", False),
    ],
)
def test_v11_an_email_that_says_it_attaches_something_has_an_attachment(
    body: str, claims: bool
) -> None:
    findings = check(lambda s: s["noise_records"]["email"]["messages"][1].update(body=body))

    expected = [("V11", "$.noise_records.email.messages[1].attachments")] if claims else []
    assert where(findings) == expected


def test_v11_a_claimed_attachment_that_exists_passes_and_events_are_checked() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["noise_records"]["email"]["messages"][1].update(
            body="Quote attached.", attachments=[{"name": "quote.txt", "text": "EUR 240"}]
        )
        s["events"][0]["payload"]["message"]["subject"] = "Quote enclosed"

    findings = check(mutate)

    assert where(findings) == [("V11", "$.events[0].payload.message.attachments")]
    assert findings[0].message == (
        "email 'm-1' says 'enclosed' but has no attachments: add the attachment (name and text) "
        "or reword the message"
    )


def test_v11_environment_emails_and_the_persona_currency(tmp_path: Path) -> None:
    env = environment_dict()
    env["apps"]["email"]["messages"][0]["body"] = "Welcome! Our brochure is attached."
    env["persona"]["permissions"]["currency"] = "USD"
    folder = write_environment(tmp_path, env=env)

    _bundle, findings = load_environment_dir(folder)

    assert [(f.code, f.scenario_id, f.path) for f in findings] == [
        ("V11", None, "$.apps.email.messages[0].attachments"),
        ("V11", None, "$.persona.permissions.currency"),
    ]
    assert findings[1].message == (
        "hm/environment.json: the spending limit is in USD, but the wallet's accounts are in EUR"
    )


def test_v11_the_best_intervention_stays_within_the_persona_permissions() -> None:
    env = environment_dict()
    env["persona"]["permissions"]["may_send_on_behalf"] = False

    findings = check(env=env)  # the best intervention is send_email at checkpoint 3

    assert where(findings) == [("V11", "$.design.best_intervention")]
    assert "(send_not_permitted: " in findings[0].message

    def draft_instead(s: dict[str, Any]) -> None:
        best = s["design"]["best_intervention"]
        best.update(command="draft_email", level="L2")
        s["checkpoint_design"]["3"] = cp("window", levels=["L2"], commands=["draft_email"])

    # a draft's flag (would_need_may_send) is what preparing for such a persona looks like
    assert where(check(draft_instead, env=env)) == []


def test_v11_a_best_payment_in_another_currency_than_its_account() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["design"]["best_intervention"].update(
            command="draft_payment",
            level="L2",
            args={
                "account_id": "acc-1",
                "payee": "Berger Heating",
                "amount_minor": 24000,
                "currency": "USD",
                "memo": "Boiler service",
            },
        )

    findings = check(mutate)

    assert ("V11", "$.design.best_intervention.args.currency") in where(findings)
    assert where(findings, "V11") == [("V11", "$.design.best_intervention.args.currency")]


# ---------------------------------------------------------------- V12 ids reveal nothing


def test_v12_numbered_ids_that_separate_story_from_noise() -> None:
    # noise emails are n-m1..n-m4; a story email n-m0 puts every noise number above it
    def separated(s: dict[str, Any]) -> None:
        s["initial_records"]["email"] = {
            "messages": [_email("n-m0", "2026-02-19T08:00:00+01:00", "Boiler manual")]
        }

    findings = check(separated)

    assert where(findings) == [("V12", "$.noise_records.email.messages[0].id")]
    assert findings[0].message.startswith(
        "email.messages ids n-m<n>: the noise numbers (1, 2, 3, 4) are all above the story "
        "numbers (0)"
    )

    def interleaved(s: dict[str, Any]) -> None:
        s["noise_records"]["email"]["messages"][0]["id"] = "n-m9"
        s["initial_records"]["email"] = {
            "messages": [_email("n-m5", "2026-02-19T08:00:00+01:00", "Boiler manual")]
        }

    assert where(check(interleaved)) == []  # noise 2, 3, 4, 9 around story 5


def test_v12_story_and_noise_ids_in_two_patterns() -> None:
    # story s1, s2 and noise n1..n4 share no stem, so no series separates, yet the ids tell them
    def mutate(s: dict[str, Any]) -> None:
        s["initial_records"]["email"] = {
            "messages": [
                _email("s1", "2026-02-19T08:00:00+01:00", "Boiler manual"),
                _email("s2", "2026-02-19T08:10:00+01:00", "Boiler manual, page 2"),
            ]
        }
        for index, message in enumerate(s["noise_records"]["email"]["messages"]):
            message["id"] = f"n{index + 1}"

    findings = check(mutate)

    assert where(findings, "V12") == [("V12", "$.noise_records.email.messages")]
    assert "every story id reads 's#' and every noise id 'n#'" in findings[0].message


def test_v12_individually_named_ids_are_no_pattern_split() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["initial_records"]["email"] = {
            "messages": [
                _email("boiler", "2026-02-19T08:00:00+01:00", "Boiler manual"),
                _email("roof", "2026-02-19T08:10:00+01:00", "Roof"),
            ]
        }

    assert where(check(mutate), "V12") == []


def test_v12_ids_must_not_name_their_role() -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["noise_records"]["contacts"][0]["id"] = "noise-ct1"
        s["noise_records"]["email"]["messages"][1]["thread_id"] = "t-decoy"
        s["noise_records"]["contacts"][1]["id"] = "monkey-2"  # not a word of the list
        s["events"][4]["payload"]["contact"]["id"] = "fakeContact"

    findings = check(mutate)

    assert where(findings, "V12") == [
        ("V12", "$.noise_records.email.messages[1].thread_id"),
        ("V12", "$.noise_records.contacts[0].id"),
        ("V12", "$.events[4].payload.contact.id"),
    ]
    assert findings[0].message == (
        "thread_id 't-decoy' says 'decoy': ids must not name a record's role (run halo corpus reid)"
    )


def test_v12_environment_ids_are_checked_with_the_environment(tmp_path: Path) -> None:
    env = environment_dict()
    env["apps"]["wallet"]["transactions"][0]["id"] = "filler_tx"
    folder = write_environment(tmp_path, env=env)

    _bundle, findings = load_environment_dir(folder)

    assert [(f.code, f.scenario_id, f.path) for f in findings] == [
        ("V12", None, "$.apps.wallet.transactions[0].id")
    ]
    assert findings[0].message.startswith("hm/environment.json: id 'filler_tx' says 'filler'")


def _warranties(*keys: int) -> list[str]:
    values = ", ".join(f"({key}, 'item {key}', '2027-01-01')" for key in keys)
    return [f"INSERT INTO warranties VALUES {values};"]


@pytest.mark.parametrize(
    ("story", "noise", "separated"),
    [
        ((10, 11), (12, 13), True),  # noise keys above the story keys
        ((12, 13), (10, 11), True),  # below
        ((10, 13), (11, 12), False),  # interleaved
        ((10,), (12, 13), False),  # one story row: too few to compare
    ],
)
def test_v12_db_rows_of_one_table_not_separated_by_integer_key(
    story: tuple[int, ...], noise: tuple[int, ...], separated: bool
) -> None:
    def mutate(s: dict[str, Any]) -> None:
        s["initial_records"]["db"] = _warranties(*story)
        s["noise_records"]["db"] = _warranties(*noise)

    findings = check(mutate)

    assert where(findings) == ([("V12", "$.noise_records.db")] if separated else [])
    if separated:
        assert findings[0].message.startswith("table 'warranties': the noise rows' keys")


# ---------------------------------------------------------------- V13 expectations


def _expect(t: str, label: str, **expected: Any) -> Callable[[dict[str, Any]], None]:
    def mutate(s: dict[str, Any]) -> None:
        s["checkpoint_design"][t] = cp(label, **expected)

    return mutate


def test_v13_levels_are_real_levels() -> None:
    findings = check(_expect("4", "window", levels=["L1", "L4"]))

    assert where(findings) == [("V13", '$.checkpoint_design["4"].expected.levels[1]')]
    assert findings[0].message == "'L4' is no level; levels are L0, L1, L2, L3"


def test_v13_commands_are_catalogue_actions_at_a_listed_level() -> None:
    findings = check(
        _expect("4", "window", levels=["L1"], commands=["fly", "email_read", "send_email"])
    )

    assert where(findings) == [
        ("V13", '$.checkpoint_design["4"].expected.commands[0]'),
        ("V13", '$.checkpoint_design["4"].expected.commands[1]'),
        ("V13", '$.checkpoint_design["4"].expected.commands[2]'),
    ]
    assert [f.message for f in findings] == [
        "'fly' is no command of the catalogue; expectations name actions",
        "'email_read' is a retrieval command; expectations name actions",
        "send_email is L3 in the catalogue, which the levels (L1) do not include",
    ]


def test_v13_premature_and_restraint_accept_only_l0() -> None:
    findings = check(_expect("1", "premature", levels=["L0", "L1"]))
    assert where(findings) == [("V13", '$.checkpoint_design["1"].expected.levels')]
    assert "accepts doing nothing only" in findings[0].message

    def restraint_with_a_notification(s: dict[str, Any]) -> None:
        _restraint_throughout(s)
        s["checkpoint_design"]["2"] = cp("restraint", levels=["L1"], commands=["notify_user"])

    assert where(check(restraint_with_a_notification)) == [
        ("V13", '$.checkpoint_design["2"].expected.levels')
    ]


def test_v13_a_window_accepts_some_help_and_belated_may_accept_anything() -> None:
    findings = check(_expect("4", "window", levels=["L0"]))
    assert where(findings) == [("V13", '$.checkpoint_design["4"].expected.levels')]
    assert "at least one level above L0" in findings[0].message

    assert check(_expect("5", "belated", levels=["L0"])) == []
    assert (
        check(_expect("5", "belated", levels=["L1", "L3"], commands=["notify_user", "send_email"]))
        == []
    )


def test_v13_each_listed_level_has_a_listed_command() -> None:
    # the corpus had five windows like this: L2 accepted, no L2 command allowed
    findings = check(
        _expect("4", "window", levels=["L1", "L2"], commands=["notify_user", "flag_email"])
    )
    assert where(findings) == [("V13", '$.checkpoint_design["4"].expected.levels[1]')]
    assert findings[0].message == (
        "L2 is accepted but none of the commands (notify_user, flag_email) is at L2: add a "
        "command at L2 or drop the level"
    )

    assert check(_expect("5", "belated", levels=["L0", "L1"], commands=["notify_user"])) == []


def test_v13_no_premature_checkpoint_after_the_window_opened() -> None:
    findings = check(_expect("4", "premature", levels=["L0"]))

    assert where(findings, "V13") == [("V13", '$.checkpoint_design["4"]')]
    assert findings[-1].message == (
        "checkpoint 4 is 'premature' after checkpoint 3 was 'window': the window cannot open "
        "again later"
    )


def test_v13_the_best_intervention_is_acceptable_at_its_own_checkpoint() -> None:
    # best: send_email (L3) at checkpoint 3; checkpoint 4 stays a window for V07
    findings = check(_expect("3", "belated", levels=["L1", "L3"]))
    assert where(findings) == [("V13", '$.checkpoint_design["3"]')]
    assert findings[0].message == (
        "the best intervention's checkpoint 3 is labelled 'belated', not 'window'"
    )

    findings = check(_expect("3", "window", levels=["L1"], commands=["notify_user"]))
    assert [f.message for f in findings] == [
        "the best intervention's checkpoint 3 does not accept its level L3",
        "the best intervention's checkpoint 3 does not list its command send_email",
    ]

    assert check(_expect("3", "window", levels=["L3"])) == []  # no commands: any at L3


# ---------------------------------------------------------------- the rule registry


def test_rules_are_one_per_code_in_code_order() -> None:
    assert [rule.code for rule in RULES] == [f"V{n:02d}" for n in range(1, 14)]
    assert all(rule.title for rule in RULES)
    # the rules that also check an environment's own records
    assert [rule.code for rule in RULES if rule.check_environment] == ["V04", "V09", "V11", "V12"]


def test_a_rule_added_to_rules_runs_on_scenarios_and_environments(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[Context] = []

    def check_scenario(ctx: Context) -> list[Finding]:
        seen.append(ctx)
        return [Finding("V10", ctx.sid, "$.events[0].at", f"{len(ctx.spec.events)} events seen")]

    def check_environment(spec: EnvironmentSpec, label: str) -> list[Finding]:
        return [Finding("V10", None, "$.persona", f"{label}: persona {spec.persona.name}")]

    extra = Rule("V10", "a rule for this test", check_scenario, check_environment)
    monkeypatch.setattr(validate_module, "RULES", (*RULES, extra))
    monkeypatch.setattr(loading_module, "RULES", (*RULES, extra))

    _spec, findings = validate_scenario(make_bundle(), scenario_dict())
    assert [(f.code, f.path, f.message) for f in findings] == [
        ("V10", "$.events[0].at", "5 events seen")
    ]
    # it runs after V01–V13, so the context holds the S0 and replay V04 made
    assert seen[0].s0 is not None and seen[0].replay_ok_until == 5

    _bundle, env_findings = load_environment_dir(write_environment(tmp_path))
    assert [str(f) for f in env_findings] == [
        "V10 $.persona: hm/environment.json: persona Clara Weiss"
    ]


def test_v01_a_seed_string_longer_than_the_limit_is_located(tmp_path: Path) -> None:
    raw = scenario_dict()
    raw["title"] = "x" * (MAX_SEED_STRING + 1)
    raw["events"][2]["payload"]["message"]["text"] = "y" * MAX_SEED_STRING  # at the limit: fine
    folder = write_environment(tmp_path, scenarios={"hm-03.json": raw})

    bundle, findings = load_environment_dir(folder)

    assert bundle is not None and bundle.scenarios == []
    assert [(f.code, f.scenario_id, f.file, f.path, f.message) for f in findings] == [
        (
            "V01",
            "hm-03",
            "hm/scenarios/hm-03.json",
            "$.title",
            "is 100,001 characters long; at most 100,000 are allowed",
        )
    ]
    env = environment_dict()
    env["persona"]["name"] = "C" * 500_000  # within the file limit, past the string limit
    bundle, findings = load_environment_dir(write_environment(tmp_path / "env", env=env))
    assert bundle is None
    assert [(f.path, f.message) for f in findings] == [
        (
            "$.persona.name",
            "hm/environment.json: is 500,000 characters long; at most 100,000 are allowed",
        )
    ]


def test_one_list_of_collections_names_every_record_list_of_the_apps() -> None:
    from app.arena.schema import COLLECTION_PATHS, AppRecords
    from app.arena.state import COLLECTIONS

    def lists(model: type, prefix: str = "") -> list[str]:
        found = []
        for name, field in model.model_fields.items():
            annotation = field.annotation
            if getattr(annotation, "__origin__", None) is list:
                found.append(prefix + name)
            elif isinstance(annotation, type) and hasattr(annotation, "model_fields"):
                found += lists(annotation, f"{prefix}{name}.")
        return found

    assert list(COLLECTION_PATHS.values()) == lists(AppRecords)  # file order, nothing left out
    assert tuple(COLLECTION_PATHS) == COLLECTIONS


# ---------------------------------------------------------------- V13 acceptance needs content


def _accept(label: str = "3", **changes: Any) -> Callable[[dict[str, Any]], None]:
    """Give checkpoint `label` an L1 and an L3 entry naming the warranty's end and the service."""

    def mutate(s: dict[str, Any]) -> None:
        forms = [
            {"level": "L1", "commands": ["notify_user"], "evidence": [["2026-12-15", "15 Dec"]]},
            {
                "level": "L3",
                "commands": ["send_email"],
                "evidence": [["Condens 24k"]],
                "args": [{"arg": "to", "one_of": ["tom.berger@example.com"], "note": "Tom"}],
            },
        ]
        for index, change in changes.items():
            forms[int(index[1:])].update(change)
        s["checkpoint_design"][label]["expected"]["accept"] = forms

    return mutate


def test_v13_accept_entries_with_visible_evidence_pass() -> None:
    # the warranty's end is in the database, the service interval in a file: both visible at 3
    assert where(check(_accept())) == []


def test_v13_evidence_not_visible_or_announced_is_a_finding() -> None:
    findings = check(_accept(f0={"evidence": [["2027-01-31"]]}))  # nowhere in the state
    assert where(findings) == [("V13", '$.checkpoint_design["3"].expected.accept[0].evidence[0]')]
    assert "is visible to the agent at checkpoint 3" in findings[0].message

    def announced(s: dict[str, Any]) -> None:
        _accept()(s)
        s["events"][1]["summary"] = "The boiler warranty ends 2026-12-15"

    findings = [f for f in check(announced) if f.code == "V13"]  # V06 names the leak too
    assert where(findings) == [
        ("V13", '$.checkpoint_design["3"].expected.accept[0].evidence[0][0]'),
    ]
    assert [f.message for f in findings] == [
        "the evidence '2026-12-15' appears in the summary of $.events[1]: it must be found by "
        "retrieval, not read from what is announced",
    ]


def test_v13_evidence_from_a_later_event_is_not_visible_yet() -> None:
    def later(s: dict[str, Any]) -> None:
        _accept(f0={"evidence": [["heating engineer"]]})(s)  # e5's contact note, after t = 3

    findings = check(later)
    assert where(findings) == [("V13", '$.checkpoint_design["3"].expected.accept[0].evidence[0]')]

    def at_five(s: dict[str, Any]) -> None:
        s["checkpoint_design"]["5"]["expected"]["accept"] = [
            {"level": "L1", "evidence": [["heating engineer"]]}
        ]

    assert where(check(at_five)) == []  # visible once e5 has happened


def test_v13_accept_entries_must_fit_their_checkpoint_and_the_catalogue() -> None:
    findings = check(
        _accept(
            f0={"level": "L2"},  # the checkpoint lists no L2
            f1={
                "commands": ["pay_bill"],  # not among the checkpoint's commands
                "args": [{"arg": "recipient", "one_of": ["Tom"], "note": "x"}],
            },
        )
    )
    base = '$.checkpoint_design["3"].expected.accept'
    assert where(findings) == [
        ("V13", f"{base}[0].level"),
        ("V13", f"{base}[0].commands[0]"),  # notify_user is L1, not L2
        ("V13", f"{base}[1].commands[0]"),
        ("V13", f"{base}[1].args[0].arg"),
        ("V13", '$.checkpoint_design["3"].expected.levels[0]'),  # no L1 entry is left
    ]

    def on_premature(s: dict[str, Any]) -> None:
        s["checkpoint_design"]["1"]["expected"]["accept"] = [{"level": "L1", "evidence": [["x"]]}]

    assert where(check(on_premature)) == [("V13", '$.checkpoint_design["1"].expected.accept')]


def test_v13_every_accepted_level_above_l0_has_an_entry_saying_what_it_must_contain() -> None:
    def without_l1(s: dict[str, Any]) -> None:
        _accept()(s)
        forms = s["checkpoint_design"]["3"]["expected"]["accept"]
        s["checkpoint_design"]["3"]["expected"]["accept"] = forms[1:]  # the L3 entry only

    assert EXPECTED["window"]["levels"] == ["L1", "L3"]  # checkpoint 3 of the base scenario
    findings = check(without_l1)
    assert where(findings) == [("V13", '$.checkpoint_design["3"].expected.levels[0]')]
    assert findings[0].message == (
        "L1 is accepted but no accept entry says what L1 help must contain: add one with the "
        "evidence it names"
    )


def test_v13_an_entry_names_evidence_and_an_l2_or_l3_one_says_who_it_may_reach() -> None:
    def careless(s: dict[str, Any]) -> None:
        _accept(f0={"evidence": []}, f1={"args": []})(s)  # a notify and a send to anyone

    findings = check(careless)
    base = '$.checkpoint_design["3"].expected.accept'
    assert where(findings) == [("V13", f"{base}[0].evidence"), ("V13", f"{base}[1].args")]
    assert findings[0].message.startswith("the entry names no evidence, so it accepts help")
    assert findings[1].message == (
        "the entry does not say who the help may reach: constrain to (args with one_of), or "
        "an L3 to anyone is accepted"
    )


def test_v13_an_entry_without_commands_is_checked_against_the_commands_of_its_level() -> None:
    # checkpoint 3 lists notify_user (L1) and send_email (L3): an L1 entry with no commands
    # means notify_user, which has no 'to'
    findings = check(
        _accept(f0={"commands": [], "args": [{"arg": "to", "one_of": ["x"], "note": "x"}]})
    )
    assert where(findings) == [("V13", '$.checkpoint_design["3"].expected.accept[0].args[0].arg')]
    assert findings[0].message == "'to' is no argument of notify_user"


def test_v13_a_recipient_constraint_names_someone_the_records_hold() -> None:
    findings = check(
        _accept(f1={"args": [{"arg": "to", "one_of": ["nobody@nowhere.example"], "note": "x"}]})
    )
    assert where(findings) == [
        ("V13", '$.checkpoint_design["3"]'),  # the best intervention, to Tom, is refused too
        ("V13", '$.checkpoint_design["3"].expected.accept[1].args[0].one_of'),
    ]
    assert findings[1].message == (
        "none of 'nobody@nowhere.example' is visible to the agent at checkpoint 3: the help can "
        "only reach someone the records name"
    )
