"""Opaque record ids: `reid_environment` and `halo corpus reid` (issue 12 item 2, V12's remedy)."""

from __future__ import annotations

import copy
import hashlib
import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from app.arena.validation import validate_path
from app.cli import cli
from app.scenarios.corpus.ids import ReidError, is_opaque, opaque_id, reid_environment
from tests.unit.test_validator import environment_dict, scenario_dict, write_environment

runner = CliRunner()


def test_opaque_id_is_kind_and_8_hex_of_the_sha256_of_environment_kind_and_old_id() -> None:
    digest = hashlib.sha256(b"hm:msg:m-1").hexdigest()

    assert opaque_id("hm", "msg", "m-1") == "msg-" + digest[:8]
    assert opaque_id("hm", "msg", "m-1") != opaque_id("ed", "msg", "m-1")
    assert opaque_id("hm", "msg", "msg-0a1b2c3d") == "msg-0a1b2c3d"  # already opaque: kept
    assert opaque_id("hm", "cal", "msg-0a1b2c3d").startswith("cal-")  # another kind's shape
    assert is_opaque("txn-deadbeef", "txn") and not is_opaque("txn-deadbee", "txn")


def _reid(env: dict[str, Any], scenario: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    result = reid_environment(env, [scenario])
    return result.environment, result.scenarios[0]


def test_every_record_id_and_reference_is_rewritten_consistently() -> None:
    """The fixture: e1 email, e2 calendar.created, e3 chat, e4 transaction on acc-1, e5 contact."""
    env, scenario = environment_dict(), scenario_dict()
    scenario["design"]["best_intervention"]["args"]["reply_to"] = "m-1"
    new_env, new = _reid(env, scenario)

    def o(kind: str, old: str) -> str:
        return opaque_id("hm", kind, old)

    # the base: a chat message's conversation, accounts of transactions
    assert [m["id"] for m in new_env["apps"]["chat"]["messages"]] == [
        o("chm", m["id"]) for m in env["apps"]["chat"]["messages"]
    ]
    assert [m["conversation_id"] for m in new_env["apps"]["chat"]["messages"]] == [
        o("conv", m["conversation_id"]) for m in env["apps"]["chat"]["messages"]
    ]
    assert [a["id"] for a in new_env["apps"]["wallet"]["accounts"]] == [
        o("acct", a["id"]) for a in env["apps"]["wallet"]["accounts"]
    ]
    # event payloads: the email message and its thread, the updated calendar event
    e1 = new["events"][0]["payload"]["message"]
    assert (e1["id"], e1["thread_id"]) == (o("msg", "m-1"), o("thr", "t-m-1"))
    created = new["events"][1]["payload"]["event"]["id"]
    assert created == o("cal", scenario["events"][1]["payload"]["event"]["id"])
    transaction = new["events"][3]["payload"]["transaction"]
    assert transaction["account_id"] == o("acct", "acc-1")
    assert new["events"][4]["payload"]["contact"]["id"] == o(
        "ct", scenario["events"][4]["payload"]["contact"]["id"]
    )
    cancelled = copy.deepcopy(scenario)
    cancelled["events"].append(
        {
            **scenario["events"][1],
            "id": "e6",
            "kind": "calendar.cancelled",
            "payload": {"event_id": scenario["events"][1]["payload"]["event"]["id"]},
        }
    )
    assert _reid(env, cancelled)[1]["events"][5]["payload"]["event_id"] == created
    # the best intervention's reference
    assert new["design"]["best_intervention"]["args"]["reply_to"] == o("msg", "m-1")
    # event ids, key evidence and the db are not touched
    assert [event["id"] for event in new["events"]] == [e["id"] for e in scenario["events"]]
    assert new["design"]["key_evidence"] == scenario["design"]["key_evidence"]
    assert new["initial_records"].get("db") == scenario["initial_records"].get("db")
    # pure: the inputs are unchanged
    assert env == environment_dict() and scenario["events"] == scenario_dict()["events"]


def test_a_second_run_changes_nothing_and_the_first_counts_what_it_did() -> None:
    env, scenario = environment_dict(), scenario_dict()
    first = reid_environment(env, [scenario])
    second = reid_environment(first.environment, first.scenarios)

    assert (second.environment, second.scenarios) == (first.environment, first.scenarios)
    assert second.counts.total_ids == 0 and second.counts.total_references == 0
    chat = {m["id"] for m in env["apps"]["chat"]["messages"]}
    chat |= {
        m["id"] for m in scenario.get("initial_records", {}).get("chat", {}).get("messages", [])
    }
    chat |= {m["id"] for m in scenario.get("noise_records", {}).get("chat", {}).get("messages", [])}
    chat |= {
        e["payload"]["message"]["id"] for e in scenario["events"] if e["kind"] == "chat.message"
    }
    assert first.counts.ids["chm"] == chat


def test_notify_user_evidence_items_that_name_one_record_are_rewritten() -> None:
    scenario = scenario_dict()
    scenario["design"]["best_intervention"] = {
        "checkpoint": 3,
        "command": "notify_user",
        "level": "L1",
        "args": {"message": "see the quote", "evidence": ["m-1", "/home/boiler-manual.txt"]},
    }
    _env, new = _reid(environment_dict(), scenario)

    assert new["design"]["best_intervention"]["args"]["evidence"] == [
        opaque_id("hm", "msg", "m-1"),
        "/home/boiler-manual.txt",
    ]


def test_two_old_ids_that_would_collide_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    import app.scenarios.corpus.ids as ids

    monkeypatch.setattr(ids, "opaque_id", lambda env, kind, old: f"{kind}-00000000")

    with pytest.raises(ReidError, match="both become"):
        reid_environment(environment_dict(), [scenario_dict()])


def test_halo_corpus_reid_rewrites_in_place_keeps_the_style_and_still_validates(
    tmp_path: Path,
) -> None:
    folder = write_environment(tmp_path / "arena")
    scenario_file = folder / "scenarios" / "hm-03.json"
    before = scenario_file.read_text(encoding="utf-8")

    dry = runner.invoke(cli, ["corpus", "reid", "--dry-run", str(tmp_path)])
    assert dry.exit_code == 0, dry.output
    assert scenario_file.read_text(encoding="utf-8") == before
    assert "hm: 2 file(s) would change" in dry.stdout and " changed" not in dry.stdout

    result = runner.invoke(cli, ["corpus", "reid", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "hm: 2 file(s) changed" in result.stdout
    text = scenario_file.read_text(encoding="utf-8")
    data = json.loads(text)
    assert text == json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    assert data["events"][0]["payload"]["message"]["id"] == opaque_id("hm", "msg", "m-1")
    _pairs, findings = validate_path(tmp_path)
    assert findings == []

    again = runner.invoke(cli, ["corpus", "reid", str(tmp_path)])
    assert again.exit_code == 0
    assert "1 environment(s): 0 file(s) changed, 0 id(s), 0 field(s)" in again.stdout


def test_halo_corpus_reid_on_a_folder_without_environments_exits_2(tmp_path: Path) -> None:
    result = runner.invoke(cli, ["corpus", "reid", str(tmp_path)])

    assert result.exit_code == 2
    assert "holds no environment folder" in result.stderr


def test_reid_refuses_an_environment_without_id() -> None:
    env = copy.deepcopy(environment_dict())
    del env["id"]

    with pytest.raises(ReidError, match="no id"):
        reid_environment(env, [])


def _all_ids(value: Any) -> set[str]:
    pattern = re.compile(r"^(?:msg|thr|cal|conv|chm|ct|acct|txn|sched)-[0-9a-f]{8}$")
    if isinstance(value, dict):
        return set().union(*(_all_ids(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_all_ids(v) for v in value)) if value else set()
    return {value} if isinstance(value, str) and pattern.match(value) else set()


def test_fresh_ids_are_drawn_at_random_and_keep_every_reference(tmp_path: Path) -> None:
    env, scenario = environment_dict(), scenario_dict()
    hashed = reid_environment(env, [scenario])
    scenario = hashed.scenarios[0]
    scenario["design"]["best_intervention"]["args"]["reply_to"] = opaque_id("hm", "msg", "m-1")
    scenario["checkpoint_design"]["3"]["expected"]["accept"] = [
        {
            "level": "L3",
            "commands": ["send_email"],
            "evidence": [["2026-12-15"]],
            "args": [{"arg": "reply_to", "one_of": [opaque_id("hm", "msg", "m-1")], "note": "x"}],
        }
    ]
    first = reid_environment(hashed.environment, [scenario], fresh=True)
    second = reid_environment(hashed.environment, [scenario], fresh=True)
    old_ids = _all_ids([hashed.environment, scenario])
    new_ids = _all_ids([first.environment, first.scenarios])
    assert len(new_ids) == len(old_ids) and not new_ids & old_ids  # every id drawn anew
    assert new_ids != _all_ids([second.environment, second.scenarios])  # not derived: random
    new = first.scenarios[0]
    reply_to = new["design"]["best_intervention"]["args"]["reply_to"]
    assert reply_to == new["events"][0]["payload"]["message"]["id"]  # references follow
    accept = new["checkpoint_design"]["3"]["expected"]["accept"][0]
    assert accept["args"][0]["one_of"] == [reply_to]  # and so do argument constraints
    folder = write_environment(tmp_path / "arena")
    (folder / "environment.json").write_text(json.dumps(first.environment), encoding="utf-8")
    (folder / "scenarios" / "hm-03.json").write_text(json.dumps(new), encoding="utf-8")
    _pairs, findings = validate_path(tmp_path)
    assert [f for f in findings if f.code != "V13"] == []  # V13: the fixture's other levels
