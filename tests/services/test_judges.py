"""Judge runs on PostgreSQL with a scripted endpoint: one prediction per completed response,
the §7 rules with one corrective message, the rubric judge, cancel and retry (DESIGN §12)."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from sqlmodel import Session, select

from app.agents.service import create_agent
from app.annotation.workspace import pretty_result, response_view
from app.errors import NotFoundError, UnprocessableError
from app.judges.service import (
    cancel_judge_run,
    create_judge_run,
    execute_prediction,
    judge_predictions,
    judge_runs_progress,
    mark_judge_run_started,
    reconcile,
    retry_judge_run,
)
from app.models import Checkpoint, JudgePrediction, JudgeRun, Response
from app.models.base import utcnow
from tests.factories import make_run
from tests.fake_llm import FakeLLM, Reply, json_reply, replies
from tests.forgeries import blocks

GOOD = {
    "level": "L1",
    "verdict": "reject",
    "timing": "premature",
    "intensity": "appropriate",
    "other_issues": [],
    "rationale": "Nothing is due yet.",
}
INVALID = {"level": "L1", "verdict": "accept", "timing": "premature"}


@pytest.fixture
def llm():  # type: ignore[no-untyped-def]
    with FakeLLM() as server:
        yield server


def _one_response_run(session: Session) -> Any:
    """A run with exactly one completed response: notify_latest (an L1) at one hm-01 checkpoint."""
    run = make_run(session, agents=("notify_latest",), scenario_ids=["hm-01"], k=1, seed=3)
    responses = session.exec(select(Response).where(Response.run_id == run.id)).all()
    assert [r.status for r in responses] == ["completed"]
    return run, responses[0]


def _judge_all(session: Session, judge_run: JudgeRun) -> list[JudgePrediction]:
    ids = session.exec(
        select(JudgePrediction.id).where(JudgePrediction.judge_run_id == judge_run.id)
    ).all()
    for prediction_id in ids:
        execute_prediction(session, prediction_id)
    session.expire_all()
    return list(
        session.exec(select(JudgePrediction).where(JudgePrediction.judge_run_id == judge_run.id))
    )


def _judge_agent(session: Session, llm: FakeLLM, name: str = "judge-llm") -> None:
    create_agent(session, name=name, config={"base_url": llm.base_url, "model": "judge-model-7"})


def test_good_diagnosis_is_stored_and_the_judge_sees_the_annotator_view(
    session: Session, llm: FakeLLM
) -> None:
    run, response = _one_response_run(session)
    _judge_agent(session, llm)
    llm.script = replies(json_reply(GOOD))
    judge_run = create_judge_run(session, judge="judge-llm", run_id=run.id)
    assert judge_run.settings["prompt_version"] == "v2"
    assert "Diagnosis rules" in judge_run.settings["prompt"]
    [prediction] = _judge_all(session, judge_run)
    assert prediction.status == "completed"
    assert (prediction.level, prediction.verdict, prediction.timing, prediction.intensity) == (
        "L1",
        "reject",
        "premature",
        "appropriate",
    )
    assert prediction.rationale == "Nothing is due yet."
    assert len(prediction.llm_calls) == 1 and prediction.prompt_tokens == 120
    [request] = llm.requests
    assert request["model"] == "judge-model-7"
    system, user = request["messages"]
    assert system["role"] == "system" and "Diagnosis rules" in system["content"]
    text = user["content"]
    # persona, the events up to the checkpoint, the trajectory and the final action
    assert "Persona: Clara Weiss" in text and "spending limit 500.00 EUR" in text
    t = session.get(Checkpoint, response.checkpoint_id).t
    assert f"## Observation · events e1..e{t}" in text and text.count("[now]") == 1
    assert text.count("\n- 2026-") >= t  # one line per event e1..et
    assert "## Trajectory" in text and "## Final action" in text
    assert f"{response.level_predicted} {response.action['command']}" in text
    view = response_view(session, response.id)  # what the annotator's item page shows
    assert response.trajectory  # notify_latest reads the latest event's object first
    assert all(f"{e.id}: {e.summary}" in text for e in view.timeline)
    # the trajectory, then the action's arguments and rationale: quoted JSON the agent wrote
    trajectory, final = blocks(text)
    assert [(s["round"], s["command"], s["arguments"]) for s in trajectory] == [
        (step["round"], step["command"], step["args"]) for step in response.trajectory
    ]
    assert [json.dumps(s["result"], indent=2, ensure_ascii=False) for s in trajectory] == [
        pretty_result(step["result"]) for step in response.trajectory
    ]
    assert final == {"arguments": response.action["args"], "rationale": response.rationale}
    assert "notify_latest" not in text  # never the agent's name
    assert "Jonas only reports the fault" not in text  # nor the design notes
    session.refresh(judge_run)
    assert judge_run.status == "completed"
    assert judge_predictions(session, judge_run.id) == {
        response.id: {
            "verdict": "reject",
            "level": "L1",
            "timing": "premature",
            "intensity": "appropriate",
        }
    }


def test_invalid_then_good_gets_one_corrective_message(session: Session, llm: FakeLLM) -> None:
    run, _ = _one_response_run(session)
    _judge_agent(session, llm)
    llm.script = replies(json_reply(INVALID), Reply(content="Sorry:\n" + json.dumps(GOOD)))
    [prediction] = _judge_all(session, create_judge_run(session, judge="judge-llm", run_id=run.id))
    assert prediction.status == "completed" and prediction.verdict == "reject"
    assert len(llm.requests) == 2 and len(prediction.llm_calls) == 2
    second = llm.requests[1]["messages"]
    assert [m["role"] for m in second] == ["system", "user", "assistant", "user"]
    assert second[2]["content"] == json.dumps(INVALID)
    assert second[3]["content"].startswith(
        "Your diagnosis breaks the rules: timing: an accepted response carries no timing"
    )


def test_invalid_twice_fails_with_the_reason(session: Session, llm: FakeLLM) -> None:
    run, _ = _one_response_run(session)
    _judge_agent(session, llm)
    llm.script = replies(json_reply(INVALID), json_reply({"level": "L0", "verdict": "accept"}))
    judge_run = create_judge_run(session, judge="judge-llm", run_id=run.id)
    [prediction] = _judge_all(session, judge_run)
    assert prediction.status == "failed"
    assert prediction.failure_reason == "invalid_diagnosis"
    assert prediction.error == (
        "invalid_diagnosis: level: the response took an action, so its level is L1, L2 or L3"
    )
    assert prediction.verdict is None and len(llm.requests) == 2
    assert judge_predictions(session, judge_run.id) == {}
    session.refresh(judge_run)
    assert judge_run.status == "completed"  # nothing open; the failure is counted
    assert judge_runs_progress(session, [judge_run.id])[judge_run.id] == {
        "total": 1,
        "done": 1,
        "by_status": {"failed": 1},
    }
    assert retry_judge_run(session, judge_run.id) == []  # the judge's behaviour is not retried


def test_endpoint_failure_fails_and_is_retried(session: Session, llm: FakeLLM) -> None:
    run, _ = _one_response_run(session)
    create_agent(
        session,
        name="flaky-judge",
        config={"base_url": llm.base_url, "model": "m", "max_retries": 0},
    )
    llm.script = replies(Reply(status=400))
    judge_run = create_judge_run(session, judge="flaky-judge", run_id=run.id)
    [prediction] = _judge_all(session, judge_run)
    assert (prediction.status, prediction.failure_reason) == ("failed", "http_error")
    llm.script = replies(json_reply(GOOD))
    assert retry_judge_run(session, judge_run.id) == [prediction.id]
    [prediction] = _judge_all(session, judge_run)
    assert prediction.status == "completed"


def test_rubric_judge_needs_no_endpoint(session: Session) -> None:
    """The rubric judge runs without an endpoint and diagnoses by the checkpoint design.

    hm-01 (revised corpus): t=1..4 are premature (levels [L0]); t=5 is the only window and
    wants L3 ``send_email`` to Jens naming RT-M 20/17 PA (no L1, no L2). By rubric.v2:

    * restraint (L0): accepted at t=1..4 (L0 is expected); rejected as inaction at t=5
      (no timing, no intensity).
    * notify_latest (an L1 ``notify_user``): never an acceptable level here. At t=1..4 it is
      premature, its intensity against the first window's levels [L3]: insufficient; at t=5
      timing appropriate (a window), intensity insufficient (L1 below L3), so no
      ``irrelevant_action`` is named.

    The old hm-01 had a window at t=4 that accepted an L1 notification; the revised one accepts
    no L1 anywhere (and rubric.v2 would reject a generic one as unsupported by evidence), so
    no notify_latest response is accepted. The seed-0, k=2 sample gives restraint t=2, 3 and
    notify_latest t=4, 5; the expectations hold for any sampled t.
    """
    run = make_run(session, agents=("restraint", "notify_latest"), scenario_ids=["hm-01"], k=2)
    judge_run = create_judge_run(session, judge="rubric", run_id=run.id)
    assert judge_run.agent_id is None and judge_run.settings == {"rule": "rubric.v2"}
    predictions = _judge_all(session, judge_run)
    assert len(predictions) == 4 and {p.status for p in predictions} == {"completed"}
    responses = {r.id: r for r in session.exec(select(Response).where(Response.run_id == run.id))}
    premature = (1, 2, 3, 4)  # hm-01: t=5 is the only window and wants L3 send_email
    for p in predictions:
        response = responses[p.response_id]
        t = session.get(Checkpoint, response.checkpoint_id).t
        expected: tuple[str, str, str | None, str | None]  # level, verdict, timing, intensity
        if response.action is None:  # restraint: right before the window, inaction in it
            expected = (
                ("L0", "accept", None, None) if t in premature else ("L0", "reject", None, None)
            )
        elif t in premature:  # notify_latest, an L1 notify_user
            expected = ("L1", "reject", "premature", "insufficient")
        else:
            expected = ("L1", "reject", "appropriate", "insufficient")
        assert (p.level, p.verdict, p.timing, p.intensity) == expected, (t, response.action)


def test_bad_judge_run_requests_are_refused(session: Session, llm: FakeLLM) -> None:
    run, _ = _one_response_run(session)
    with pytest.raises(UnprocessableError, match=r"unknown judge 'nobody'.*rubric") as info:
        create_judge_run(session, judge="nobody", run_id=run.id)
    assert info.value.field == "judge"
    with pytest.raises(UnprocessableError, match="unknown judge 'restraint'"):
        create_judge_run(session, judge="restraint", run_id=run.id)  # a baseline is no judge
    with pytest.raises(NotFoundError):
        create_judge_run(session, judge="rubric", run_id=999_999)
    with pytest.raises(UnprocessableError, match="built-in judge"):
        create_agent(session, name="rubric", config={"base_url": llm.base_url, "model": "m"})


def test_cancel_ends_pending_predictions(session: Session) -> None:
    run = make_run(session, agents=("restraint",), scenario_ids=["hm-01"], k=2)
    judge_run = create_judge_run(session, judge="rubric", run_id=run.id)
    assert cancel_judge_run(session, judge_run.id) == 2
    predictions = _judge_all(session, judge_run)  # queued tasks find nothing to do
    assert {p.status for p in predictions} == {"cancelled"}
    session.refresh(judge_run)
    assert judge_run.status == "cancelled"
    with pytest.raises(UnprocessableError, match="cancelled"):
        retry_judge_run(session, judge_run.id)


def test_reconcile_sends_lost_and_abandoned_predictions_once(session: Session) -> None:
    run = make_run(session, agents=("restraint",), scenario_ids=["hm-01"], k=2)
    judge_run = create_judge_run(session, judge="rubric", run_id=run.id)
    assert reconcile(session) == []  # a pending judge run is not started yet
    mark_judge_run_started(session, judge_run.id)
    first, second = session.exec(
        select(JudgePrediction)
        .where(JudgePrediction.judge_run_id == judge_run.id)
        .order_by(JudgePrediction.id)
    ).all()
    # the second was taken by a worker on another host that went silent an hour ago
    second.status, second.claimed_by = "running", "elsewhere:4242"
    second.started_at = second.heartbeat_at = utcnow() - timedelta(hours=1)
    session.add(second)
    session.commit()
    assert sorted(reconcile(session)) == sorted([first.id, second.id])
    session.refresh(second)
    assert (second.status, second.claimed_by) == ("pending", None)
    assert reconcile(session) == []  # just sent: not again within the grace
    for prediction in (first, second):
        assert execute_prediction(session, prediction.id) == "completed"
    assert reconcile(session) == []
    session.refresh(judge_run)
    assert judge_run.status == "completed"
