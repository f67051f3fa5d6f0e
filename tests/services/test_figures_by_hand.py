"""Figures 5, 8 and 9 of a small judged run recomputed from the judgements of record by hand,
with statsmodels' Wilson intervals, against `halo metrics` (DESIGN §8)."""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

from sqlmodel import select
from statsmodels.stats.proportion import proportion_confint
from typer.testing import CliRunner

from app.annotation.service import judgement_of_record
from app.db import session_scope
from app.models import Agent, Annotation, Checkpoint, Environment, Response, Scenario
from tests.services.test_judge_cli import _judged_run

runner = CliRunner()


def _ci(k: int, n: int) -> list[float]:
    lo, hi = proportion_confint(k, n, alpha=0.05, method="wilson")
    return [round(100 * lo, 2), round(100 * hi, 2)]


def _metric(name: str, *args: str) -> Any:
    result = runner.invoke(cli_app(), ["metrics", name, "--format", "json", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def cli_app() -> Any:
    from app.cli import cli

    return cli


def _rows() -> list[tuple[str, str, str, str, str]]:
    record = judgement_of_record()
    with session_scope() as session:
        return [
            tuple(r)  # type: ignore[misc]
            for r in session.exec(
                select(
                    Agent.name,
                    Environment.domain,
                    Scenario.need_type,
                    Annotation.level,
                    Annotation.verdict,
                )
                .join(record, record.c.annotation_id == Annotation.id)
                .join(Response, Response.id == Annotation.response_id)
                .join(Agent, Agent.id == Response.agent_id)
                .join(Checkpoint, Checkpoint.id == Response.checkpoint_id)
                .join(Scenario, Scenario.id == Checkpoint.scenario_id)
                .join(Environment, Environment.id == Scenario.environment_id)
            ).all()
        ]


def test_figures_5_8_9_by_hand(live_db: str) -> None:
    _judged_run()
    rows = _rows()
    assert len(rows) == 12
    by_agent: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for agent, _d, _n, level, verdict in rows:
        by_agent[agent].append((level, verdict))
    fig5 = {r["agent"]: r for r in _metric("figure5")}
    assert set(fig5) == set(by_agent)
    for agent, items in by_agent.items():
        n = len(items)
        l0 = sum(lv == "L0" for lv, _ in items)
        acc = sum(v == "accept" for _, v in items)
        act = sum(v == "accept" and lv != "L0" for lv, v in items)
        res = sum(v == "accept" and lv == "L0" for lv, v in items)
        row = fig5[agent]
        assert row["n"] == n
        assert row["L0"] == round(100 * l0 / n, 2) and row["L0_ci"] == _ci(l0, n)
        assert row["acceptability"] == round(100 * acc / n, 2)
        assert row["acceptability_ci"] == _ci(acc, n)
        assert row["accepted_action_ci"] == _ci(act, n)
        assert row["accepted_restraint_ci"] == _ci(res, n)
    cells: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for agent, domain, _n, _l, verdict in rows:
        cells[(domain, agent)][0] += verdict == "accept"
        cells[(domain, agent)][1] += 1
    fig8 = {(r["domain"], r["agent"]): r for r in _metric("figure8")}
    assert set(fig8) == set(cells)
    for key, (k, n) in cells.items():
        assert (fig8[key]["n"], fig8[key]["accepted"]) == (n, k)
        assert fig8[key]["acceptability_ci"] == _ci(k, n)
        best = max(a / b for d, (a, b) in ((d, v) for (d, _), v in cells.items()) if d == key[0])
        assert fig8[key]["leader"] == (k / n == best), key
    nine: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for _a, domain, need, _l, verdict in rows:
        nine[(domain, need)][0] += verdict == "accept"
        nine[(domain, need)][1] += 1
    fig9 = {(r["domain"], r["need_type"]): r for r in _metric("figure9")}
    assert set(fig9) == set(nine)
    for key, (k, n) in nine.items():
        assert (fig9[key]["n"], fig9[key]["accepted"], fig9[key]["acceptability_ci"]) == (
            n,
            k,
            _ci(k, n),
        )
    # the need-type filter keeps only that need type's rows
    [(domain, need)] = [key for key in nine if key[1] == "blockage"]
    only = _metric("figure9", "--need-type", "blockage")
    assert [(r["domain"], r["need_type"], r["n"]) for r in only] == [
        (domain, need, nine[key][1]) for key in [(domain, need)]
    ]


def test_table11_confusion_by_hand(live_db: str) -> None:
    from collections import Counter

    from app.judges.service import judge_predictions
    from app.models import JudgeRun

    run_id = _judged_run()
    assert (
        runner.invoke(cli_app(), ["judge", "--judge", "rubric", "--run", str(run_id)]).exit_code
        == 0
    )
    record = judgement_of_record()
    with session_scope() as session:
        [jr] = session.exec(select(JudgeRun.id)).all()
        predicted = judge_predictions(session, jr)
        human = {
            rid: {"verdict": v, "level": lv, "timing": t, "intensity": i}
            for rid, v, lv, t, i in session.exec(
                select(
                    Annotation.response_id,
                    Annotation.verdict,
                    Annotation.level,
                    Annotation.timing,
                    Annotation.intensity,
                ).join(record, record.c.annotation_id == Annotation.id)
            ).all()
        }
    expected: Counter[tuple[str, str, str]] = Counter()
    for rid, p in predicted.items():
        for field in ("verdict", "level", "timing", "intensity"):
            expected[(field, str(human[rid][field] or "none"), str(p[field] or "none"))] += 1
    rows = _metric("table11_confusion", "--judge-run", str(jr))
    got = {(r["field"], r["human"], r["predicted"]): r["count"] for r in rows if r["count"]}
    fields = {f for f, _, _ in got}
    assert fields == {"verdict", "level", "timing", "intensity"}
    assert got == dict(expected)
    assert sum(got.values()) == 4 * len(predicted)
