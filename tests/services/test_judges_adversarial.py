"""Adversarial judge replies and judge-run requests (DESIGN §12): what the judge may answer and
what it may never see."""

from __future__ import annotations

import json

import pytest
from sqlmodel import Session, select

from app.agents.service import create_agent
from app.errors import UnprocessableError
from app.judges.service import create_judge_run, execute_prediction
from app.models import Agent, JudgePrediction, Response
from tests.factories import make_run
from tests.fake_llm import FakeLLM, Reply, json_reply, replies

GOOD = {
    "level": "L1",
    "verdict": "reject",
    "timing": "premature",
    "intensity": "appropriate",
    "other_issues": [],
    "rationale": "Nothing is due yet.",
}


@pytest.fixture
def llm():  # type: ignore[no-untyped-def]
    with FakeLLM() as server:
        yield server


def _judge(session: Session, llm: FakeLLM, *script: Reply) -> JudgePrediction:
    run = make_run(session, agents=("notify_latest",), scenario_ids=["hm-01"], k=1, seed=3)
    create_agent(session, name="judge-llm", config={"base_url": llm.base_url, "model": "jm"})
    llm.script = replies(*script)
    judge_run = create_judge_run(session, judge="judge-llm", run_id=run.id)
    [pid] = session.exec(
        select(JudgePrediction.id).where(JudgePrediction.judge_run_id == judge_run.id)
    ).all()
    execute_prediction(session, pid)
    session.expire_all()
    prediction = session.get(JudgePrediction, pid)
    assert prediction is not None
    return prediction


@pytest.mark.parametrize(
    "reply",
    [
        Reply(content='<think>hmm {"verdict": 1}</think>\n' + json.dumps(GOOD)),
        Reply(content="```json\n" + json.dumps(GOOD) + "\n```"),
    ],
)
def test_wrapped_good_replies_are_read(session: Session, llm: FakeLLM, reply: Reply) -> None:
    prediction = _judge(session, llm, reply)
    assert (prediction.status, prediction.verdict, prediction.timing) == (
        "completed",
        "reject",
        "premature",
    )


@pytest.mark.parametrize(
    "bad",
    [
        {**GOOD, "verdict": "REJECT"},
        {**GOOD, "level": ["L1"]},
        {**GOOD, "verdict": {"x": 1}},
        {**GOOD, "timing": None},
        {**GOOD, "verdict": "accept"},
        {**GOOD, "other_issues": [{"category": ["x"], "note": "n"}]},
        {**GOOD, "other_issues": [{"category": {"a": 1}, "note": "n"}]},
        {**GOOD, "other_issues": "unsupported"},
        {**GOOD, "rationale": {"deep": [[[[1]]]]}},
        {**GOOD, "timing": "appropriate", "intensity": "appropriate"},
        {**GOOD, "level": "L0"},
        {**GOOD, "extra": 1},
        [GOOD],
        "just a string",
        {"level": {"a": {"b": {"c": {"d": {"e": {"f": {}}}}}}}},
    ],
)
def test_invalid_replies_fail_with_a_reason(session: Session, llm: FakeLLM, bad: object) -> None:
    prediction = _judge(session, llm, json_reply(bad))
    assert prediction.status == "failed", prediction.error
    assert prediction.failure_reason == "invalid_diagnosis"
    assert prediction.error and prediction.error.startswith("invalid_diagnosis: ")


def test_deeply_nested_reply_fails_cleanly(session: Session, llm: FakeLLM) -> None:
    deep = "[" * 100_000 + "]" * 100_000
    prediction = _judge(session, llm, Reply(content=deep))
    assert prediction.status == "failed" and prediction.failure_reason == "invalid_diagnosis"


def test_huge_and_nul_replies(session: Session, llm: FakeLLM) -> None:
    big = {**GOOD, "rationale": "xy" * 2_000_000}
    prediction = _judge(session, llm, json_reply(big))
    assert prediction.status in ("completed", "failed"), prediction.error
    assert len(prediction.raw_output or "") < 1_000_000
    assert len(prediction.rationale or "") <= 5000


def test_nul_in_note_and_rationale_is_stored(session: Session, llm: FakeLLM) -> None:
    reply = {
        **GOOD,
        "timing": "appropriate",
        "intensity": "appropriate",
        "other_issues": [{"category": "other", "note": "bad\x00note"}],
        "rationale": "r\x00r",
    }
    prediction = _judge(session, llm, json_reply(reply))
    # as for an agent's reply (one rule, app.bounded): unstorable text is kept as U+FFFD,
    # never refused and never stored raw
    assert prediction.status == "completed" and len(llm.requests) == 1
    assert prediction.rationale == "r\ufffdr"
    assert prediction.other_issues == [{"category": "other", "note": "bad\ufffdnote"}]


def test_accepted_with_issues_and_rejected_without_timing_get_one_correction(
    session: Session, llm: FakeLLM
) -> None:
    accepted = {
        **GOOD,
        "verdict": "accept",
        "timing": None,
        "intensity": None,
        "other_issues": [{"category": "other", "note": "n"}],
    }
    prediction = _judge(session, llm, json_reply(accepted), json_reply(GOOD))
    assert prediction.status == "completed" and len(llm.requests) == 2
    assert "other_issues" in llm.requests[1]["messages"][3]["content"]


def test_no_agent_name_in_any_judge_message(session: Session, llm: FakeLLM) -> None:
    _judge(session, llm, json_reply(GOOD))
    names = session.exec(select(Agent.name)).all()
    for request in llm.requests:
        text = json.dumps(request["messages"])
        for name in names:
            if name != "judge-llm":
                assert name not in text, name


def test_run_without_completed_responses_is_refused(session: Session) -> None:
    run = make_run(session, agents=("notify_latest",), scenario_ids=["hm-01"], k=1, seed=3)
    for r in session.exec(select(Response).where(Response.run_id == run.id)):
        r.status = "protocol_error"
        session.add(r)
    session.commit()
    with pytest.raises(UnprocessableError, match="no completed responses"):
        create_judge_run(session, judge="rubric", run_id=run.id)
