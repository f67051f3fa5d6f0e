"""`halo generate`, the human audit, `halo metrics table5|table6`, `halo corpus export`, and the
exported seeds through `halo validate` and `halo seed` on a fresh database."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import pytest
from typer.testing import CliRunner

from app.annotation.audit import CRITERIA, adjudicate, cast_vote
from app.cli import cli, upgrade_database
from app.db import session_scope
from app.models import Scenario
from tests.conftest import create_database, drop_database, use_database
from tests.construction.helpers import make_agents, scenario_candidates
from tests.factories import make_user
from tests.fake_llm import ConstructionScript, FakeLLM, Reply, review

pytestmark = pytest.mark.live
runner = CliRunner()

PASS = dict.fromkeys(CRITERIA, "pass")


def test_generate_audit_tables_export_validate_and_seed(
    live_db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # candidate 1: the reviewer rejects once, then approves the revision
    script = ConstructionScript(
        reviewer=[review({"need_identity": "Two needs at once."}), review()],
    )
    with FakeLLM(script) as llm:
        creator, reviewer = make_agents(llm.base_url)
        result = runner.invoke(
            cli,
            [
                "generate",
                "--domains",
                "small_business",
                "--personas",
                "1",
                "--per-need",
                "1",
                "--creator",
                creator,
                "--reviewer",
                reviewer,
                "--rounds",
                "2",
            ],
        )
    assert result.exit_code == 0, result.output
    job_id = int(result.output.split("generation job ")[1].split()[0])
    # 1 instance call, 3 per candidate, and a revision with its second review: 15 calls of 150
    assert "environment accepted; 4/4 candidates: accepted 4" in result.output
    assert f"job {job_id} completed: accepted 4; tokens 2,250" in result.output

    with session_scope() as session:
        ids = [c.scenario_id for c in scenario_candidates(session, job_id)]
        first, second, third, fourth = (str(i) for i in ids)
        leads = [make_user(session, "lead") for _ in range(3)]
        for scenario_id in (first, second):  # two approvals: accepted
            for lead in leads[:2]:
                cast_vote(
                    session,
                    scenario_id=scenario_id,
                    reviewer=lead,
                    vote="approve",
                    criteria=PASS,
                    comment="Sound.",
                )
        cast_vote(  # a split, adjudicated: accepted
            session,
            scenario_id=third,
            reviewer=leads[0],
            vote="approve",
            criteria=PASS,
            comment="Sound.",
        )
        cast_vote(
            session,
            scenario_id=third,
            reviewer=leads[1],
            vote="reject",
            criteria={**PASS, "retrieval_necessity": "fail"},
            comment="The summary gives it away.",
        )
        adjudicate(
            session,
            scenario_id=third,
            adjudicator=leads[2],
            decision="accept",
            comment="The file is still needed.",
        )
        for lead in leads[:2]:  # two rejections
            cast_vote(
                session,
                scenario_id=fourth,
                reviewer=lead,
                vote="reject",
                criteria={**PASS, "causal_support": "fail"},
                comment="Nothing causes the need.",
            )

    table5 = runner.invoke(cli, ["metrics", "table5", "--format", "json"])
    assert table5.exit_code == 0, table5.output
    rows = {row["stage"]: row for row in json.loads(table5.output)}
    assert (rows["validator"]["n"], rows["validator"]["initial_pass_rate"]) == (4, 100.0)
    assert (rows["reviewer"]["n"], rows["reviewer"]["initial_pass"]) == (4, 3)
    assert rows["reviewer"]["initial_pass_rate"] == 75.0
    assert rows["reviewer"]["final_pass_rate"] == 100.0
    assert rows["overall"]["final_pass"] == 4 and rows["overall"]["mean_revisions"] == 0.25
    csv = runner.invoke(cli, ["metrics", "table5", "--format", "csv"])
    assert csv.output.splitlines()[0].startswith("stage,n,initial_pass,initial_pass_rate")

    table6 = runner.invoke(cli, ["metrics", "table6", "--format", "json"])
    rows6 = {(r["group"], r["item"]): r for r in json.loads(table6.output)}
    # the template's seed scenarios have no votes; ours: 2 approve/approve, 1 split, 1 reject/reject
    assert rows6["votes", "approve/approve"]["count"] == 2
    assert rows6["votes", "approve/approve"]["percent"] == 50.0
    assert rows6["adjudication", "accepted"]["count"] == 1
    assert rows6["outcome", "accepted"]["count"] == 3
    assert rows6["criterion", "causal_support"]["count"] == 2
    assert rows6["criterion", "causal_support"]["of"] == 8
    latex = runner.invoke(cli, ["metrics", "table6", "--format", "latex"])
    assert "\\begin{tabular}" in latex.output

    out = tmp_path / "corpus"
    exported = runner.invoke(cli, ["corpus", "export", "--out", str(out)])
    assert exported.exit_code == 0, exported.output
    assert "wrote 3 accepted scenario(s) of 1 environment(s)" in exported.output
    env_dir = out / "arena" / f"g{job_id}sb1"
    assert sorted(p.name for p in (env_dir / "scenarios").iterdir()) == sorted(
        f"{i}.json" for i in (first, second, third)
    )
    again = runner.invoke(cli, ["corpus", "export", "--out", str(out)])
    assert again.exit_code == 1 and "exists already" in again.output

    validated = runner.invoke(cli, ["validate", str(out)])
    assert validated.exit_code == 0, validated.output

    fresh = f"halo_corpus_{uuid.uuid4().hex[:8]}"
    url = create_database(fresh)
    try:
        upgrade_database(url)
        use_database(url, monkeypatch)
        seeded = runner.invoke(cli, ["seed", str(out)])
        assert seeded.exit_code == 0, seeded.output
        assert "scenarios: 3 created" in seeded.output
        with session_scope() as session:
            stored = session.get(Scenario, first)
            assert stored is not None and stored.environment_id == f"g{job_id}sb1"
    finally:
        from app.db import get_engine

        get_engine().dispose()
        use_database(live_db, monkeypatch)
        drop_database(fresh)


def test_generate_refused_says_why(live_db: str) -> None:
    result = runner.invoke(
        cli,
        ["generate", "--domains", "moon_base", "--creator", "x", "--reviewer", "y"],
    )
    assert result.exit_code == 2
    assert "unknown domain 'moon_base'" in result.output


def test_generate_stops_on_its_budget_with_exit_1(live_db: str) -> None:
    with FakeLLM(ConstructionScript(scenario_creator=[Reply(content="no")])) as llm:
        creator, reviewer = make_agents(llm.base_url, prefix="cli-budget")
        result = runner.invoke(
            cli,
            [
                "generate",
                "--domains",
                "small_business",
                "--per-need",
                "1",
                "--creator",
                creator,
                "--reviewer",
                reviewer,
                "--budget-tokens",
                "400",
            ],
        )
    assert result.exit_code == 1, result.output
    assert "stopped" in result.output and "token budget spent: 450 of 400" in result.output
