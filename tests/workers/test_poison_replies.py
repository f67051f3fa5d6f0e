"""No response stays ``running``: replies PostgreSQL cannot hold as sent (NUL, lone
surrogates), absurdly nested or huge bodies, and a store the database refuses, produced by a
real Celery worker on Redis against real PostgreSQL (issue 17, item 2)."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import text
from sqlmodel import select

from app.agents.llm import MAX_BODY_BYTES
from app.agents.runner import MAX_REPLY_CHARS, NO_ACTION
from app.db import get_engine, session_scope
from app.models import Agent, Response, Run
from app.runs.service import FINISHED, create_run
from tests.fake_llm import FakeLLM, Reply, json_reply, tool_call, tools_reply
from tests.workers.conftest import Broker, stop, wait_until

DEPTH = 100_000
HUGE = 30 * 1024 * 1024

POISON: dict[str, Reply] = {
    "nul-reply": Reply(content='{"type": "final", "action": null, "rationale": "a\x00b"}'),
    "nul-escaped": Reply(content='{"type": "final", "action": null, "rationale": "a\\u0000b"}'),
    "tools-nul": tools_reply(tool_call(NO_ACTION, {"rationale": "a\x00b"}), content="a\x00b"),
    "nul-error": Reply(status=400, error_body='{"error": {"message": "bad \x00 input"}}'),
    "lone-surrogate": Reply(content='{"type": "final", "action": null, "rationale": "\ud800!"}'),
    "surrogate-args": Reply(
        content='{"type": "inspect", "commands": [{"command": "email_read", '
        '"args": {"message_id": "m-\udc00"}}]}'
    ),
    "deep-body": Reply(raw='{"choices": ' + "[" * DEPTH + "]" * DEPTH + "}"),
    "deep-content": Reply(content="[" * DEPTH + "]" * DEPTH),
    "huge-body": Reply(content="x" * HUGE),
    "huge-chunked": Reply(content="x" * HUGE, chunked=True),
    "poison-pill": json_reply({"type": "final", "action": None, "rationale": "poison-pill"}),
}
"""What each agent's endpoint answers, every time (the agent is named after its model)."""

EXPECTED: dict[str, tuple[str, str, str]] = {
    # one rule in both wire modes: text PostgreSQL cannot hold is replaced by U+FFFD, never refused
    "nul-reply": ("completed", "", ""),
    "nul-escaped": ("completed", "", ""),
    "tools-nul": ("completed", "", ""),
    "nul-error": ("api_error", "http_error", "bad \ufffd input"),
    "lone-surrogate": ("completed", "", ""),
    # a lone surrogate in a command's arguments becomes U+FFFD as the reply is read: a bad
    # argument (DESIGN §5), an error for that command, returned as its result every round; an
    # agent that never stops inspecting then breaks the round limit (one corrective message,
    # then protocol_error)
    "surrogate-args": ("protocol_error", "protocol_violation", "no retrieval rounds are left"),
    "deep-body": ("api_error", "malformed_response", "nested too deeply"),
    "deep-content": ("protocol_error", "protocol_violation", f"at most {MAX_REPLY_CHARS:,}"),
    "huge-body": ("api_error", "response_too_large", f"{MAX_BODY_BYTES:,} bytes"),
    "huge-chunked": ("api_error", "response_too_large", f"{MAX_BODY_BYTES:,} bytes"),
    "poison-pill": (
        "api_error",
        "internal_error",
        "IntegrityError: (psycopg.errors.CheckViolation",
    ),
    "restraint": ("completed", "", ""),
}
"""Per agent: (status, failure reason, text the stored error must contain)."""


def _script(body: dict[str, Any]) -> Reply:
    return POISON[body["model"]]


def _statuses(run_id: int) -> dict[str, tuple[str, str | None, str | None]]:
    with session_scope() as session:
        rows = session.exec(
            select(Agent.name, Response.status, Response.failure_reason, Response.error)
            .join(Response, Response.agent_id == Agent.id)  # type: ignore[arg-type]
            .where(Response.run_id == run_id)
        ).all()
    return {name: (status, reason, error) for name, status, reason, error in rows}


def _finished(run_id: int) -> dict[str, Any] | None:
    statuses = _statuses(run_id)
    return statuses if all(s[0] in FINISHED for s in statuses.values()) else None


def test_every_poison_reply_ends_with_a_status_and_a_reason(broker: Broker) -> None:
    from app.agents.service import create_agent

    with get_engine().begin() as connection:  # a store the database refuses, not a lost link
        connection.execute(
            text(
                "ALTER TABLE responses ADD CONSTRAINT no_poison_pill "
                "CHECK (rationale NOT LIKE '%poison-pill%')"
            )
        )
    with FakeLLM(_script) as llm:
        with session_scope() as session:
            for name in POISON:
                create_agent(
                    session,
                    name=name,
                    config={
                        "base_url": llm.base_url,
                        "model": name,
                        "max_retries": 0,
                        "mode": "tools" if name.startswith("tools-") else "json",
                    },
                )
            run = create_run(
                session, agent_names=[*POISON, "restraint"], scenario_ids=["hm-02"], k=1
            )
            assert run.id is not None
            run_id = run.id
            ids = session.exec(select(Response.id).where(Response.run_id == run_id)).all()
        assert len(ids) == len(EXPECTED)
        worker = broker.worker(broker.queue)
        try:
            for response_id in ids:
                broker.client.send_task("runs.execute_response", args=[response_id])
            try:
                stored = wait_until(lambda: _finished(run_id), 120, "every response finished")
            except AssertionError:
                raise AssertionError(f"left open: {_statuses(run_id)}") from None
            for name, (status, reason, needle) in EXPECTED.items():
                got_status, got_reason, error = stored[name]
                assert (name, got_status, got_reason or "") == (name, status, reason), error
                assert needle in (error or ""), (name, error)
            requests = len(llm.requests)

            # redelivery (a broker handing the tasks out again) finds every response finished
            for response_id in ids:
                broker.client.send_task("runs.execute_response", args=[response_id])
            with session_scope() as session:
                marker = create_run(session, agent_names=["restraint"], scenario_ids=["hm-03"], k=1)
                marker_id = marker.id
                (marker_response,) = session.exec(
                    select(Response.id).where(Response.run_id == marker_id)
                ).all()
            broker.client.send_task("runs.execute_response", args=[marker_response])
            # one solo worker takes tasks in order: once the marker is done, so are the others
            wait_until(lambda: _finished(marker_id), 60, "the marker response")
            assert _statuses(run_id) == stored
            assert len(llm.requests) == requests  # nothing was asked again
        finally:
            stop(worker)
    with session_scope() as session:
        rows = {
            name: response
            for name, response in session.exec(
                select(Agent.name, Response)
                .join(Response, Response.agent_id == Agent.id)  # type: ignore[arg-type]
                .where(Response.run_id == run_id)
            ).all()
        }
        assert session.get(Run, run_id).status == "completed"
        assert all(r.claimed_by is None for r in rows.values())
        # what PostgreSQL could not hold is stored as U+FFFD, the rest of the text as sent
        assert (
            rows["nul-reply"].raw_output
            == '{"type": "final", "action": null, "rationale": "a\ufffdb"}'
        )
        for name in ("nul-reply", "nul-escaped", "tools-nul"):
            assert rows[name].rationale == "a\ufffdb", name
        assert rows["tools-nul"].llm_calls[0]["response"] == "a\ufffdb"
        assert rows["lone-surrogate"].rationale == "\ufffd!"
        assert rows["lone-surrogate"].raw_output == (
            '{"type": "final", "action": null, "rationale": "\ufffd!"}'
        )
        # the lone surrogate of the reply was replaced as it was read, so the command asks for
        # a message that does not exist, each round
        steps = rows["surrogate-args"].trajectory
        assert [(s["round"], s["ok"]) for s in steps] == [(r, False) for r in range(1, 7)]
        assert all(s["result"] == "error: message 'm-\ufffd' does not exist" for s in steps)
        # six rounds, the seventh inspect refused, then its one correction
        assert len(rows["surrogate-args"].llm_calls) == 8
        assert len(rows["deep-content"].raw_output) == MAX_REPLY_CHARS + len("…[truncated]")
        assert rows["huge-body"].llm_calls[0]["response"].startswith("the reply body is 31,")
    # each reply went back to the endpoint with the conversation, as UTF-8
    resent = [r for r in llm.requests if r["model"] == "surrogate-args"][1]["messages"]
    assert resent[-2] == {"role": "assistant", "content": rows["surrogate-args"].raw_output}
    assert "m-\ufffd" in resent[-2]["content"]


def _one_response(scenario: str) -> tuple[int, str]:
    with session_scope() as session:
        run = create_run(session, agent_names=["restraint"], scenario_ids=[scenario], k=1)
        assert run.id is not None
        (response_id,) = session.exec(select(Response.id).where(Response.run_id == run.id)).all()
    return run.id, response_id


def test_in_process_a_store_the_database_refuses_ends_the_response(live_db: str) -> None:
    from app.runs.tasks import produce_response

    with get_engine().begin() as connection:
        connection.execute(
            text("ALTER TABLE responses ADD CONSTRAINT no_l0 CHECK (level_predicted <> 'L0')")
        )
    run_id, response_id = _one_response("hm-02")
    assert produce_response(response_id) == "api_error"
    assert produce_response(response_id) == "api_error"  # a redelivery finds it finished
    with session_scope() as session:
        response = session.get(Response, response_id)
        assert response.failure_reason == "internal_error"
        assert response.error.startswith(
            "internal_error: IntegrityError: (psycopg.errors.CheckViolation) new row for "
            'relation "responses" violates check constraint "no_l0"'
        )
        assert response.claimed_by is None and response.finished_at is not None
        assert session.get(Run, run_id).status == "completed"


def test_in_process_an_error_a_retry_can_fix_is_raised_as_transient_and_the_claim_given_back(
    live_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import psycopg
    from sqlalchemy import exc as sa_exc

    import app.runs.service as service
    from app.jobs.tasks import TransientError
    from app.runs.tasks import produce_response

    def lost(*_args: Any, **_kwargs: Any) -> Any:
        raise sa_exc.OperationalError("SELECT", {}, psycopg.OperationalError("server closed"))

    def bug(*_args: Any, **_kwargs: Any) -> Any:
        raise ValueError("a scenario this build cannot read")

    _run, response_id = _one_response("hm-02")
    monkeypatch.setattr(service, "load_scenario", lost)
    with pytest.raises(TransientError) as raised:
        produce_response(response_id)
    assert isinstance(raised.value.__cause__, sa_exc.OperationalError)
    with session_scope() as session:  # given back: the retried task need not wait out a lease
        response = session.get(Response, response_id)
        assert (response.status, response.claimed_by) == ("pending", None)
    _run, other_id = _one_response("hm-03")
    monkeypatch.setattr(service, "load_scenario", bug)
    assert produce_response(other_id) == "api_error"
    with session_scope() as session:
        assert session.get(Response, other_id).error == (
            "internal_error: ValueError: a scenario this build cannot read"
        )
