"""The SQL path of the analysis page equals the pure path (DESIGN.md §8).

The fixture stores known judged responses — synthetic HALO-8K-shaped rows
(:func:`app.metrics.synthetic.generate_paper_shaped`, 4 agents × 24 scenarios × k = 2) in run R1,
the same checkpoints re-judged with shuffled labels in run R2 (so cells hold several responses and
the linear probability model has within-checkpoint variation), plus what the tables must handle or
ignore: other-issue categories outside DESIGN §2 and repeated ones, phase-2 annotations, overlap
judgements saved before the primary one, an audited-out scenario, an unannotated response and an
annotated protocol error. Then :func:`~app.metrics.cells.judged_cells_sql` (one GROUP BY) must
give exactly the cells counted from the stored rows (``tests/metrics_oracles.py``), and every
table of the analysis page must equal the row-based oracles over the same rows — on PostgreSQL
and on SQLite (the embedded default).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import pytest
from sqlalchemy import text
from sqlmodel import Session, col, select

from app.metrics import registry, render
from app.metrics.cells import agent_table1_sql, group_table1, judged_cells_sql
from app.metrics.queries import (
    PLANNER_SETTINGS,
    MetricFilters,
    judged_responses,
    planner_settings,
)
from app.metrics.responses import JudgedResponse
from app.metrics.synthetic import SCENARIOS_PER_ENVIRONMENT, generate_paper_shaped
from app.models import (
    Agent,
    Annotation,
    Assignment,
    Checkpoint,
    Environment,
    Response,
    Run,
    Scenario,
)
from tests.factories import make_user
from tests.metrics_oracles import (
    counted,
    figure3,
    figure4_pairs,
    figure5,
    figure6,
    figure7,
    figure8,
    figure9,
    judged_cells,
    table1_ci,
    table2_by_domain,
    table2_by_need_type,
    table9,
    table10,
    tables7_8,
)

_tags = itertools.count(1)
LABELS = (
    "level",
    "verdict",
    "timing",
    "intensity",
    "inaction",
    "other_issues",
    "reasoning_tokens",
    "retrieval_rounds",
    "local_content_access",
)


@dataclass
class Stored:
    prefix: str
    r1: int
    r2: int
    rows: dict[int, list[JudgedResponse]]  # run id → the rows that count
    audited_out: str


def _shuffled_labels(rows: Sequence[JudgedResponse], seed: int) -> list[JudgedResponse]:
    """The rows with their judgements and usage permuted among them (valid combinations kept)."""
    labels = [{name: getattr(r, name) for name in LABELS} for r in rows]
    random.Random(seed).shuffle(labels)
    return [replace(r, **label) for r, label in zip(rows, labels, strict=True)]


def _edge_cases(rows: list[JudgedResponse]) -> list[JudgedResponse]:
    """Unknown and repeated other-issue categories on a few rejected rows."""
    rejected = [i for i, r in enumerate(rows) if r.verdict == "reject"]
    rows[rejected[0]] = replace(rows[rejected[0]], other_issues=("zz_legacy",))
    rows[rejected[1]] = replace(
        rows[rejected[1]], other_issues=("other", "zz_legacy", "other", "unsupported_by_evidence")
    )
    rows[rejected[2]] = replace(rows[rejected[2]], other_issues=("aa_imported", "zz_legacy"))
    return rows


def store(session: Session, prefix: str) -> Stored:
    """Store the fixture of the module docstring; ids start with ``prefix``."""
    r1_rows = _edge_cases(generate_paper_shaped(n_models=4, n_scenarios=24, k=2, seed=5))
    r2_rows = [
        replace(r, phase=2 if i % 5 == 0 else 1)
        for i, r in enumerate(_shuffled_labels(r1_rows, seed=11))
    ]
    scenarios = {r.scenario_id: r for r in r1_rows}
    for index, scenario_id in enumerate(sorted(scenarios)):
        env_id = f"{prefix}-e{index // SCENARIOS_PER_ENVIRONMENT}"
        if session.get(Environment, env_id) is None:
            session.add(
                Environment(
                    id=env_id,
                    domain=scenarios[scenario_id].domain,
                    timezone="UTC",
                    persona={},
                    spec={},
                    database_sql="",
                    files={},
                    content_hash="0" * 64,
                )
            )
            session.flush()
        row = scenarios[scenario_id]
        session.add(
            Scenario(
                id=f"{prefix}-{scenario_id}",
                environment_id=env_id,
                need_type=row.need_type,
                title=scenario_id,
                num_events=row.num_events,
                content_hash="0" * 64,
            )
        )
        session.flush()
        for t in range(1, row.num_events + 1):
            session.add(Checkpoint(scenario_id=f"{prefix}-{scenario_id}", t=t, design="flow"))
    session.flush()
    checkpoints = {
        (c.scenario_id, c.t): c.id
        for c in session.exec(
            select(Checkpoint).where(col(Checkpoint.scenario_id).startswith(prefix))
        )
    }
    agents = {}
    for name in sorted({r.agent for r in r1_rows}):
        agent = Agent(name=f"{prefix}-{name}", kind="external", config={})
        session.add(agent)
        session.flush()
        agents[name] = agent.id
    annotators = {p: make_user(session) for p in sorted({r.annotator for r in r1_rows})}
    overlap = make_user(session)
    runs = [Run(name=f"{prefix}-r1"), Run(name=f"{prefix}-r2")]
    session.add_all(runs)
    session.flush()
    counted: dict[int, list[JudgedResponse]] = {}
    for run, run_rows in zip(runs, (r1_rows, r2_rows), strict=True):
        assert run.id is not None
        counted[run.id] = []
        for index, r in enumerate(run_rows):
            response_id = f"{prefix}{run.id}-{index}"
            session.add(
                Response(
                    id=response_id,
                    run_id=run.id,
                    agent_id=agents[r.agent],
                    checkpoint_id=checkpoints[(f"{prefix}-{r.scenario_id}", r.checkpoint)],
                    status="completed",
                    level_predicted=r.level_predicted,
                    reasoning_tokens=r.reasoning_tokens,
                    retrieval_rounds=r.retrieval_rounds,
                    local_content_access=r.local_content_access,
                )
            )
            session.flush()
            annotator = annotators[r.annotator]
            session.add(Assignment(response_id=response_id, annotator_id=annotator.id))
            if index % 7 == 3:  # an overlap judgement saved first: never the one of record
                session.add(
                    Assignment(response_id=response_id, annotator_id=overlap.id, kind="overlap")
                )
                session.add(_annotation(response_id, overlap.id, _flipped(r)))
                session.flush()
            session.add(_annotation(response_id, annotator.id, r))
            session.flush()
            counted[run.id].append(
                replace(r, scenario_id=f"{prefix}-{r.scenario_id}", agent=f"{prefix}-{r.agent}")
            )
    # noise in a third run: an unannotated completed response and an annotated protocol error
    noise = Run(name=f"{prefix}-noise")
    session.add(noise)
    session.flush()
    some = counted[runs[0].id][0]
    for suffix, status, agent in (
        ("n1", "completed", r1_rows[0].agent),
        ("n2", "protocol_error", r1_rows[-1].agent),
    ):
        session.add(
            Response(
                id=f"{prefix}{suffix}",
                run_id=noise.id,
                agent_id=agents[agent],
                checkpoint_id=checkpoints[(some.scenario_id, some.checkpoint)],
                status=status,
                retrieval_rounds=9,
            )
        )
    session.flush()
    session.add(_annotation(f"{prefix}n2", annotators[r1_rows[0].annotator].id, some))
    # an audited-out scenario leaves the tables
    audited_out = counted[runs[0].id][-1].scenario_id
    scenario = session.get(Scenario, audited_out)
    assert scenario is not None
    scenario.audit_status = "rejected"
    session.add(scenario)
    session.flush()
    for run_id in counted:
        counted[run_id] = [r for r in counted[run_id] if r.scenario_id != audited_out]
    assert runs[0].id is not None and runs[1].id is not None
    return Stored(prefix, runs[0].id, runs[1].id, counted, audited_out)


def _annotation(response_id: str, annotator_id: Any, r: JudgedResponse) -> Annotation:
    return Annotation(
        response_id=response_id,
        annotator_id=annotator_id,
        level=r.level,
        verdict=r.verdict,
        timing=r.timing,
        intensity=r.intensity,
        inaction=r.inaction,
        other_issues=[{"category": c, "note": "see trajectory"} for c in r.other_issues],
        phase=r.phase or 1,
    )


def _flipped(r: JudgedResponse) -> JudgedResponse:
    if r.verdict == "accept":
        return replace(r, verdict="reject", timing="premature", intensity="excessive")
    return replace(r, verdict="accept", timing=None, intensity=None, other_issues=())


def _keep(rows: Iterable[JudgedResponse], **filters: Any) -> list[JudgedResponse]:
    return [r for r in rows if all(getattr(r, k) == v for k, v in filters.items())]


@pytest.fixture
def stored(session: Session) -> Stored:
    return store(session, f"sq{next(_tags)}")


def _filter_cases(stored: Stored) -> list[tuple[MetricFilters, list[JudgedResponse]]]:
    r1, r2 = stored.rows[stored.r1], stored.rows[stored.r2]
    domain = r1[0].domain
    return [
        (MetricFilters(run_id=stored.r1), r1),
        (MetricFilters(run_id=stored.r2), r2),
        (MetricFilters(run_id=stored.r2, phase=2), _keep(r2, phase=2)),
        (MetricFilters(run_id=stored.r1, need_type="risk"), _keep(r1, need_type="risk")),
        (MetricFilters(run_id=stored.r2, domain=domain), _keep(r2, domain=domain)),
    ]


def test_sql_cells_equal_the_cells_counted_from_the_stored_rows(
    session: Session, stored: Stored
) -> None:
    for filters, rows in _filter_cases(stored):
        assert rows, filters
        sql = judged_cells_sql(session, filters)
        assert sql == judged_cells(rows), filters
        # and equal the cells of the rows the database gives back one by one
        assert sql == judged_cells(judged_responses(session, **filters.as_dict())), filters
    everything = judged_cells_sql(session, MetricFilters())
    own = [c for c in everything if c.agent.startswith(stored.prefix)]
    assert own == judged_cells(stored.rows[stored.r1] + stored.rows[stored.r2])
    # the fixture reaches the unusual paths: unknown and repeated categories, merged runs
    categories = {c for cell in own for c in cell.issue_categories}
    assert {"zz_legacy", "aa_imported", "other"} <= categories
    assert max(cell.n for cell in own) >= 2
    assert not [c for c in own if c.scenario_id == stored.audited_out]


def test_every_page_table_equals_the_row_functions(session: Session, stored: Stored) -> None:
    rows = stored.rows[stored.r2]
    report = render.analysis_report(session, run_id=stored.r2)
    assert report.judged == len(rows)
    tables = report.tables
    assert tables["table1_ci"].rows == table1_ci(rows)
    assert tables["table2"].rows == table2_by_need_type(rows)
    assert tables["table2_domain"].rows == table2_by_domain(rows)
    assert tables["table9"].rows == table9(rows)
    assert report.figures["figure3"] == figure3(rows)
    assert report.figures["figure4"] == figure4_pairs(rows)
    assert report.figures["figure6"] == figure6(rows)
    assert report.figures["figure7"] == figure7(rows)
    # Figures 5, 8 and 9 against the oracles' own counting of the rows (no application module)
    assert report.figures["figure5"] == tables["figure5"].rows == figure5(rows)
    assert report.figures["figure8"] == tables["figure8"].rows == figure8(rows)
    assert report.figures["figure9"] == tables["figure9"].rows == figure9(rows)
    assert any(r["leader"] for r in report.figures["figure8"])
    for filters, kept in _filter_cases(stored)[2:]:  # phase, need type and domain filters
        src = registry.MetricSources(session, filters)
        assert [r.to_dict() for r in src.figure8] == figure8(kept), filters
        assert [r.to_dict() for r in src.figure9] == figure9(kept), filters
    assert registry.MetricSources(session, report.filters).table10.to_dict() == table10(rows)
    assert registry.MetricSources(session, report.filters).sampling.to_dict() == tables7_8(rows)
    # the LPM is estimated on this fixture, not refused
    assert report.figures["figure6"]["lpm"]["reason"] is None
    # Table 1 of `halo metrics` (its own GROUP BY) agrees with the cells
    _columns, plain = registry.metric_table(session, "table1", run_id=stored.r2)
    assert [{k: r[k] for k in plain[0]} for r in table1_ci(rows)] == plain


def test_sql_path_on_sqlite(sqlite_session: Session) -> None:
    session = sqlite_session
    stored = store(session, "lite")
    session.commit()
    for filters, rows in _filter_cases(stored):
        assert judged_cells_sql(session, filters) == judged_cells(rows), filters
        assert agent_table1_sql(session, filters) == counted(rows, lambda r: r.agent)
    report = render.analysis_report(session, run_id=stored.r1)
    assert report.figures["figure6"] == figure6(stored.rows[stored.r1])
    assert report.figures["figure8"] == figure8(stored.rows[stored.r1])


def test_table1_counts_per_group_equal_the_rows_counted(session: Session, stored: Stored) -> None:
    groupings: list[Any] = [
        lambda x: (),
        lambda x: x.agent,
        lambda x: x.need_type,
        lambda x: x.domain,
        lambda x: (x.agent, x.need_type),
    ]
    for filters, rows in _filter_cases(stored):
        cells = judged_cells_sql(session, filters)
        for key in groupings:
            assert group_table1(cells, key) == counted(rows, key), filters
        # Table 1 alone: the same aggregate summed per agent in the database
        assert agent_table1_sql(session, filters) == counted(rows, lambda r: r.agent), filters


def test_planner_settings_are_local_and_restored(session: Session) -> None:
    def show(name: str) -> str:
        return session.execute(text(f"SHOW {name}")).scalar_one()

    before = {name: show(name) for name in PLANNER_SETTINGS}
    with planner_settings(session):
        assert {name: show(name) for name in PLANNER_SETTINGS} == {
            "jit": "off",
            "max_parallel_workers_per_gather": "0",
            "enable_sort": "off",
            "work_mem": "64MB",
        }
    assert {name: show(name) for name in PLANNER_SETTINGS} == before
