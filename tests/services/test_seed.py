"""Seed import on PostgreSQL: all-or-nothing, idempotent, checkpoints stored."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from sqlmodel import Session, func, select

from app.errors import ImportFailed
from app.models import Checkpoint, Environment, Scenario
from app.scenarios.service import seed_tree
from tests.conftest import SEEDS


def count(session: Session, model: type) -> int:
    return session.exec(select(func.count()).select_from(model)).one()


def test_template_holds_every_seed_scenario(session: Session) -> None:
    files = sorted(SEEDS.glob("arena/*/scenarios/*.json"))
    assert count(session, Scenario) == len(files) >= 16
    events = sum(len(json.loads(f.read_text())["events"]) for f in files)
    assert count(session, Checkpoint) == events
    domains = set(session.exec(select(Environment.domain)).all())
    assert len(domains) >= 2


def test_reimport_changes_nothing(session: Session) -> None:
    before = count(session, Scenario)
    report = seed_tree(session, SEEDS)
    assert report.scenarios_created == [] and report.scenarios_updated == []
    assert report.unchanged == before == count(session, Scenario)


def _copy_env(tmp_path: Path, new_id: str) -> Path:
    source = SEEDS / "arena" / "wp"
    target = tmp_path / "arena" / new_id
    shutil.copytree(source, target)
    env = json.loads((target / "environment.json").read_text())
    env["id"] = new_id
    (target / "environment.json").write_text(json.dumps(env))
    for path in sorted((target / "scenarios").glob("*.json")):
        data = json.loads(path.read_text())
        data["environment_id"] = new_id
        data["id"] = data["id"].replace("wp-", f"{new_id}-")
        path.unlink()
        (target / "scenarios" / f"{data['id']}.json").write_text(json.dumps(data))
    return target


def test_one_bad_scenario_rejects_the_whole_import(session: Session, tmp_path: Path) -> None:
    target = _copy_env(tmp_path, "zz")
    victim = sorted((target / "scenarios").glob("*.json"))[3]
    data = json.loads(victim.read_text())
    data["events"][1]["at"] = data["events"][0]["at"]  # breaks V02: strictly increasing
    victim.write_text(json.dumps(data))
    with pytest.raises(ImportFailed) as info:
        seed_tree(session, tmp_path)
    assert any(
        "V02" in p and data["id"] in p and "$.events[1].at" in p for p in info.value.problems
    )
    assert session.get(Environment, "zz") is None
    assert session.exec(select(Scenario).where(Scenario.environment_id == "zz")).first() is None


def test_valid_copy_imports_with_checkpoints(session: Session, tmp_path: Path) -> None:
    _copy_env(tmp_path, "zy")
    report = seed_tree(session, tmp_path)
    assert len(report.scenarios_created) == 9 and report.environments_created == ["zy"]
    scenario = session.get(Scenario, "zy-01")
    assert scenario is not None
    ts = session.exec(
        select(Checkpoint.t).where(Checkpoint.scenario_id == "zy-01").order_by(Checkpoint.t)
    ).all()
    assert ts == list(range(1, scenario.num_events + 1))


# ---------------------------------------------------------------- bounded input (DESIGN §3.4)

NUL = "holds a NUL character (U+0000), which cannot be stored; remove it"


def test_nul_in_a_scenario_string_is_a_located_v01_finding_and_stores_nothing(
    session: Session, tmp_path: Path
) -> None:
    target = _copy_env(tmp_path, "zx")
    victim = sorted((target / "scenarios").glob("*.json"))[2]
    data = json.loads(victim.read_text())
    data["events"][1]["summary"] = "a NUL\x00 here"
    victim.write_text(json.dumps(data))

    with pytest.raises(ImportFailed) as info:
        seed_tree(session, tmp_path)

    sid = data["id"]
    assert info.value.problems == [f"V01 {sid} zx/scenarios/{sid}.json $.events[1].summary: {NUL}"]
    assert session.get(Environment, "zx") is None
    assert session.exec(select(Scenario).where(Scenario.environment_id == "zx")).first() is None


def test_halo_seed_prints_located_findings_for_nesting_and_nul_never_a_traceback(
    live_db: str, tmp_path: Path
) -> None:
    from typer.testing import CliRunner

    from app.cli import cli
    from app.db import session_scope

    target = _copy_env(tmp_path, "zw")
    deep, nul = sorted((target / "scenarios").glob("*.json"))[:2]
    data = json.loads(deep.read_text())
    data["design"]["best_intervention"]["args"] = "@deep@"
    deep.write_text(json.dumps(data).replace('"@deep@"', "[" * 100_000 + "]" * 100_000))
    other = json.loads(nul.read_text())
    other["events"][0]["payload"]["zz\x00"] = 1
    nul.write_text(json.dumps(other))

    result = CliRunner().invoke(cli, ["seed", str(tmp_path)])

    assert (result.exit_code, type(result.exception)) == (1, SystemExit)
    assert "Traceback" not in result.output
    # root 1, design 2, best_intervention 3, the list at args 4: args[0]x29 is depth 33
    assert result.stdout.splitlines() == [
        f"V01 {data['id']} zw/scenarios/{deep.name} $.design.best_intervention.args"
        + "[0]" * 29
        + ": nested more than 32 levels deep (arrays and objects)",
        f'V01 {other["id"]} zw/scenarios/{nul.name} $.events[0].payload["zz\\u0000"]: '
        f"the key {NUL}",
    ]
    with session_scope() as session:
        assert session.get(Environment, "zw") is None
