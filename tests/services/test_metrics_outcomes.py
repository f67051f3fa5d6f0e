"""Selection bias beside Table 1 (DESIGN §5; issue 13 item 5), against values worked out by hand.

The fixture (``outcomes_world``) stores, besides the agents and runs of nothing else:

    run R1, checkpoints of dependency scenarios of health (one response per run, agent and
    checkpoint, so each response has its own checkpoint; omega needs 11 of them: health's
    dependency scenarios he-01, he-02 and he-09 have 5 + 4 + 6 = 15 — home_maintenance's,
    hm-01 and hm-02 of the revised corpus, have only 5 + 4 = 9):
        omega  7 completed, 2 protocol_error, 1 api_error, 1 cancelled
               → planned 10 (cancelled never ran), protocol_error 20.00 %, api_error 10.00 %
        psi    1 completed, 2 pending, 1 running, 1 api_error
               → planned 5, open 3, protocol_error 0.00 %, api_error 20.00 %
        tau    2 cancelled → no planned response: no row (and no division by zero)
    run R1, checkpoints of blockage scenarios of education:
        omega  1 completed, 1 protocol_error
    run R2, dependency / health:
        omega  3 protocol_error

So over everything omega has 15 planned, 8 completed, 6 protocol errors (40.00 %), 1 API error
(6.67 %: 1/15 = 6.666… rounded half up); within R1 12 planned (3/12 = 25.00 %, 1/12 = 8.33 %);
with R1 and need type dependency (or domain health) the 10 of the docstring's first
line. The protocol errors have no annotation: the phase filter does not narrow them.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import Session, col, select

from app.export.writers import ExportCounts, dataset_card, export_dump
from app.metrics.registry import metric_table
from app.metrics.render import render_metric_table
from app.models import Agent, Checkpoint, Environment, Response, Run, Scenario
from app.runs.outcomes import OUTCOME_COLUMNS, outcome_row, response_outcomes

_ids = itertools.count(1)


@dataclass
class OutcomesWorld:
    r1: int
    r2: int


def _checkpoints(session: Session, need_type: str, domain: str) -> list[int]:
    """Ids of the seeded checkpoints of scenarios of this need type and domain, in id order."""
    query = (
        select(Checkpoint.id)
        .join(Scenario, col(Scenario.id) == col(Checkpoint.scenario_id))
        .join(Environment, col(Environment.id) == col(Scenario.environment_id))
        .where(Scenario.need_type == need_type, Environment.domain == domain)
        .order_by(col(Checkpoint.id))
    )
    ids = [i for i in session.exec(query) if i is not None]
    assert len(ids) >= 11, (need_type, domain, len(ids))  # omega's 11 responses in R1
    return ids


def build_outcomes_world(session: Session) -> OutcomesWorld:
    """Store the fixture of the module docstring."""
    agents: dict[str, int] = {}
    for name in ("omega", "psi", "tau"):
        agent = Agent(name=name, kind="external", config={})
        session.add(agent)
        session.flush()
        assert agent.id is not None
        agents[name] = agent.id
    r1, r2 = Run(name="outcomes-r1"), Run(name="outcomes-r2")
    session.add_all([r1, r2])
    session.flush()
    assert r1.id is not None and r2.id is not None
    pools = {
        "he": _checkpoints(session, "dependency", "health"),
        "ed": _checkpoints(session, "blockage", "education"),
    }
    used: Counter[tuple[str, str, int | None]] = Counter()
    tag = next(_ids)
    counter = itertools.count(1)

    def add(agent: str, status: str, times: int, *, pool: str = "he", run: Run = r1) -> None:
        for _ in range(times):
            key = (agent, pool, run.id)
            checkpoint = pools[pool][used[key]]
            used[key] += 1
            session.add(
                Response(
                    id=f"oc{tag}-{next(counter)}",
                    run_id=run.id,
                    agent_id=agents[agent],
                    checkpoint_id=checkpoint,
                    status=status,
                )
            )

    add("omega", "completed", 7)
    add("omega", "protocol_error", 2)
    add("omega", "api_error", 1)
    add("omega", "cancelled", 1)
    add("psi", "completed", 1)
    add("psi", "pending", 2)
    add("psi", "running", 1)
    add("psi", "api_error", 1)
    add("tau", "cancelled", 2)
    add("omega", "completed", 1, pool="ed")
    add("omega", "protocol_error", 1, pool="ed")
    add("omega", "protocol_error", 3, run=r2)
    session.flush()
    return OutcomesWorld(r1.id, r2.id)


@pytest.fixture
def world(session: Session) -> OutcomesWorld:
    return build_outcomes_world(session)


OMEGA_R1_HE = {
    "agent": "omega",
    "planned": 10,
    "completed": 7,
    "open": 0,
    "protocol_error_n": 2,
    "api_error_n": 1,
    "protocol_error": 20.0,
    "api_error": 10.0,
}
PSI = {
    "agent": "psi",
    "planned": 5,
    "completed": 1,
    "open": 3,
    "protocol_error_n": 0,
    "api_error_n": 1,
    "protocol_error": 0.0,
    "api_error": 20.0,
}


def _rows(session: Session, **filters: Any) -> list[dict[str, Any]]:
    columns, rows = metric_table(session, "table1_outcomes", **filters)
    assert columns == OUTCOME_COLUMNS
    return rows


def test_the_shares_are_of_planned_responses_in_one_group_by(
    session: Session, world: OutcomesWorld
) -> None:
    # need type, domain and run narrow the responses as they narrow Table 1
    assert _rows(session, run_id=world.r1, need_type="dependency") == [OMEGA_R1_HE, PSI]
    assert _rows(session, run_id=world.r1, domain="health") == [OMEGA_R1_HE, PSI]
    omega_r1, psi = _rows(session, run_id=world.r1)
    assert omega_r1 == {
        **OMEGA_R1_HE,
        "planned": 12,
        "completed": 8,
        "protocol_error_n": 3,
        "protocol_error": 25.0,
        "api_error": 8.33,  # 1/12 = 8.333…
    }
    assert psi == PSI
    # every run: omega's R2 errors count too; 1/15 = 6.666… rounds half up to 6.67
    omega = _rows(session)[0]
    assert (omega["planned"], omega["protocol_error_n"]) == (15, 6)
    assert (omega["protocol_error"], omega["api_error"]) == (40.0, 6.67)
    # blockage / education: omega only, 1 of 2 planned a protocol error
    (ed,) = _rows(session, run_id=world.r1, need_type="blockage")
    assert (ed["agent"], ed["planned"], ed["protocol_error"], ed["api_error"]) == (
        "omega",
        2,
        50.0,
        0.0,
    )
    # the phase does not apply to responses no one can judge
    assert _rows(session, run_id=world.r1, phase=2) == [omega_r1, psi]
    # tau planned nothing (only cancelled responses): no row
    assert "tau" not in {r["agent"] for r in _rows(session)}


def test_no_planned_response_is_no_share_not_a_division_by_zero() -> None:
    row = outcome_row("tau", completed=0, open=0, protocol_error=0, api_error=0)
    assert (row.planned, row.protocol_error, row.api_error) == (0, None, None)


def test_response_outcomes_counts_every_status_but_cancelled(
    session: Session, world: OutcomesWorld
) -> None:
    rows = response_outcomes(session, run_id=world.r1, need_type="dependency")
    assert [r.to_dict() for r in rows] == [OMEGA_R1_HE, PSI]
    for row in rows:  # completed + open + errors = planned
        assert row.completed + row.open + row.protocol_error_n + row.api_error_n == row.planned


def test_csv_latex_and_json_downloads(session: Session, world: OutcomesWorld) -> None:
    rows = _rows(session, run_id=world.r1, need_type="dependency")
    csv = render_metric_table("table1_outcomes", OUTCOME_COLUMNS, rows, "csv")
    assert csv.splitlines() == [
        "agent,planned,completed,open,protocol_error_n,api_error_n,protocol_error,api_error",
        "omega,10,7,0,2,1,20.0,10.0",
        "psi,5,1,3,0,1,0.0,20.0",
    ]
    latex = render_metric_table("table1_outcomes", OUTCOME_COLUMNS, rows, "latex")
    assert r"omega & 10 & 7 & 0 & 2 & 1 & 20.00 & 10.00 \\" in latex


def test_halo_metrics_table1_prints_the_shares_beside_it(live_db: str) -> None:
    import json

    from typer.testing import CliRunner

    from app.cli import cli
    from app.db import session_scope

    with session_scope() as s:
        world = build_outcomes_world(s)
        s.commit()
    runner = CliRunner()
    result = runner.invoke(cli, ["metrics", "table1", "--run", str(world.r1)])
    assert result.exit_code == 0, result.output
    # stdout is Table 1 (the DESIGN §10 contract): nothing is judged yet, so it is empty —
    # the shares beside it, on stderr, still show which responses could never be judged
    assert json.loads(result.stdout) == []
    assert result.stderr.splitlines() == [
        "omega: 12 planned, 8 completed, 0 open; protocol_error 25.00%, api_error 8.33%",
        "psi: 5 planned, 1 completed, 3 open; protocol_error 0.00%, api_error 20.00%",
    ]
    outcomes = runner.invoke(
        cli, ["metrics", "table1_outcomes", "--format", "csv", "--run", str(world.r1)]
    )
    assert outcomes.exit_code == 0, outcomes.output
    assert outcomes.stdout.splitlines()[1:] == [
        "omega,12,8,0,3,1,25.0,8.33",
        "psi,5,1,3,0,1,0.0,20.0",
    ]


def test_the_dataset_card_has_the_selection_bias_section(
    session: Session, world: OutcomesWorld, tmp_path: Path
) -> None:
    export_dump(session, tmp_path / "dump", formats=["jsonl"], run_id=world.r1)
    card = (tmp_path / "dump" / "README.md").read_text(encoding="utf-8")
    assert "## Selection bias" in card
    assert "| omega | 12 | 8 | 0 | 3 | 1 | 25.00 | 8.33 |" in card
    assert "| psi | 5 | 1 | 3 | 0 | 1 | 0.00 | 20.00 |" in card
    assert "tau" not in card
    # without outcomes (no planned response) the section is left out
    assert "Selection bias" not in dataset_card(ExportCounts())
