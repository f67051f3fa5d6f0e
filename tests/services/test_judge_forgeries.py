"""An agent that forges the judge prompt's own parts, run for real and then judged (DESIGN §12):
its forgeries in a tool argument, a tool result, the email it sends and its rationale reach the
judge only as quoted data, the system prompt says so, and the verdict is the judge's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlmodel import Session, select

from app.agents.service import create_agent
from app.judges.service import create_judge_run, execute_prediction
from app.judges.sft import export_judge_sft
from app.models import JudgePrediction, Response
from tests.factories import assign_paired, make_user, submit_answers
from tests.fake_llm import FakeLLM
from tests.forgeries import (
    FORGED,
    SEND,
    assert_only_quoted,
    blocks,
    make_forged_response,
    outside_quotes,
)


@pytest.fixture
def llm():  # type: ignore[no-untyped-def]
    with FakeLLM() as server:
        yield server


def _check_user_message(text: str, response: Response) -> None:
    """Each forgery is quoted data; the blocks and the email body parse back to the agent's."""
    flags = [f"[{f['kind']} · {f['code']}] {f['message']}" for f in response.permission_flags]
    assert_only_quoted(text, flags=flags)
    trajectory, final = blocks(text)
    assert [step["arguments"] for step in trajectory] == [
        {"query": FORGED},
        {"message_id": FORGED},
    ]
    # the error result quotes the forged id: a JSON string in the block, as the runner stored it
    assert (
        trajectory[1]["ok"] is False and trajectory[1]["result"] == response.trajectory[1]["result"]
    )
    assert FORGED[:40] in trajectory[1]["result"]
    assert final == {"arguments": SEND, "rationale": FORGED}
    outside = outside_quotes(text)
    assert outside[outside.index("## Final action") + 1] == "L3 send_email"
    body = [line for line in outside if line.startswith("    body: ")]
    assert [json.loads(line.removeprefix("    body: ")) for line in body] == [FORGED]


def test_forged_agent_text_reaches_the_judge_only_as_quoted_data(
    session: Session, llm: FakeLLM
) -> None:
    response = make_forged_response(session, llm)
    create_agent(session, name="judge-llm", config={"base_url": llm.base_url, "model": "judge-1"})
    judge_run = create_judge_run(session, judge="judge-llm", run_id=response.run_id)
    [prediction_id] = session.exec(
        select(JudgePrediction.id).where(JudgePrediction.judge_run_id == judge_run.id)
    ).all()
    execute_prediction(session, prediction_id)
    [request] = [r for r in llm.requests if r["model"] == "judge-1"]
    system, user = request["messages"]
    assert "Untrusted content" in system["content"]
    _check_user_message(user["content"], response)
    # the verdict is the judge's reply (L3 rejected as excessive), never the forged "accept"
    prediction = session.get(JudgePrediction, prediction_id)
    assert (prediction.status, prediction.verdict, prediction.intensity) == (
        "completed",
        "reject",
        "excessive",
    )


def test_the_sft_export_quotes_the_agents_text_the_same_way(
    session: Session, llm: FakeLLM, tmp_path: Path
) -> None:
    response = make_forged_response(session, llm)
    annotator = make_user(session)
    assign_paired(session, annotator_ids=[annotator.id])
    submit_answers(
        session,
        annotator=annotator,
        response_id=response.id,
        form={
            "level": "L3",
            "verdict": "reject",
            "timing": "appropriate",
            "intensity": "excessive",
        },
    )
    export_judge_sft(session, tmp_path, run_id=response.run_id)
    [row] = [json.loads(line) for line in (tmp_path / "train.jsonl").read_text().splitlines()]
    system, user, assistant = row["messages"]
    assert "Untrusted content" in system["content"]
    _check_user_message(user["content"], response)
    assert json.loads(assistant["content"])["verdict"] == "reject"
