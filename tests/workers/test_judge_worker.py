"""A judge run through a real Celery worker on Redis and PostgreSQL (DESIGN §12, §13)."""

from __future__ import annotations

import json
from typing import Any

from sqlmodel import select

from app.agents.service import create_agent
from app.db import session_scope
from app.judges.service import create_judge_run, judge_runs_progress
from app.judges.tasks import start_judge_run
from app.models import JudgePrediction, JudgeRun
from tests.factories import make_run
from tests.fake_llm import FakeLLM, Reply, json_reply, shown_level
from tests.workers.conftest import Broker, stop, wait_until


def _first_invalid(body: dict[str, Any]) -> Reply:
    """Every conversation's first reply breaks a rule (an accepted response with timing); the
    corrected one is a valid diagnosis of the level shown."""
    level = shown_level(body)
    if len(body["messages"]) == 2:
        return json_reply({"level": level, "verdict": "accept", "timing": "premature"})
    return Reply(
        content="<think>fix it</think>" + json.dumps({"level": level, "verdict": "accept"})
    )


def test_judge_run_on_a_real_worker(broker: Broker) -> None:
    with FakeLLM(_first_invalid) as llm:
        with session_scope() as session:
            run = make_run(session, scenario_ids=["hm-01", "hm-03"], k=2, seed=0)
            create_agent(
                session, name="worker-judge", config={"base_url": llm.base_url, "model": "j"}
            )
            judge_run_id = create_judge_run(session, judge="worker-judge", run_id=run.id).id
        worker = broker.worker(f"{broker.queue}-judges")
        try:
            assert start_judge_run(judge_run_id) == 12  # queued on Redis, not run here
            progress = wait_until(
                lambda: (p := _progress(judge_run_id))["done"] == 12 and p, 90, "12 predictions"
            )
        finally:
            stop(worker)
    assert progress["by_status"] == {"completed": 12}
    assert len(llm.requests) == 24  # one corrective message each
    with session_scope() as session:
        assert session.get(JudgeRun, judge_run_id).status == "completed"
        predictions = session.exec(
            select(JudgePrediction).where(JudgePrediction.judge_run_id == judge_run_id)
        ).all()
        assert {p.verdict for p in predictions} == {"accept"}
        assert all(len(p.llm_calls) == 2 and p.claimed_by is None for p in predictions)


def _progress(judge_run_id: int) -> Any:
    with session_scope() as session:
        return judge_runs_progress(session, [judge_run_id])[judge_run_id]


def test_halo_judge_waits_for_the_worker(broker: Broker) -> None:
    from typer.testing import CliRunner

    from app.cli import cli

    with session_scope() as session:
        run_id = make_run(session, scenario_ids=["hm-01"], k=2, seed=0).id
    worker = broker.worker(f"{broker.queue}-cli")
    try:
        result = CliRunner().invoke(cli, ["judge", "--judge", "rubric", "--run", str(run_id)])
    finally:
        stop(worker)
    assert result.exit_code == 0, result.output
    assert "completed 6" in result.output
    # nothing is judged by a human yet: Table 11 has no matched response
    assert (
        "Table 11 over 0 human-judged responses: verdict accuracy –, joint accuracy –"
        in result.output
    )
