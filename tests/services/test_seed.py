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
    assert len(report.scenarios_created) == 8 and report.environments_created == ["zy"]
    scenario = session.get(Scenario, "zy-01")
    assert scenario is not None
    ts = session.exec(
        select(Checkpoint.t).where(Checkpoint.scenario_id == "zy-01").order_by(Checkpoint.t)
    ).all()
    assert ts == list(range(1, scenario.num_events + 1))
