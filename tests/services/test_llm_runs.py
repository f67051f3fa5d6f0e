"""Runs of OpenAI-compatible agents on the loopback endpoint, stored in PostgreSQL."""

from __future__ import annotations

import os
import socket
import subprocess

import pytest
from sqlmodel import Session, select

from app.agents.service import create_agent
from app.annotation.creation import NothingToAssign
from app.errors import ConflictError, UnprocessableError
from app.models import Assignment, Response, Run
from app.runs.queries import run_sampling_diagnostics
from app.runs.service import (
    cancel_run,
    create_run,
    execute_response,
    retry_failed,
    run_agent_summary,
    run_failures,
    run_progress,
)
from tests.factories import assign_paired, make_user
from tests.fake_llm import FakeLLM, Reply, protocol_policy, replies


@pytest.fixture
def llm():
    with FakeLLM() as server:
        yield server


def _execute_all(session: Session, run_id: int) -> None:
    for response_id in session.exec(select(Response.id).where(Response.run_id == run_id)).all():
        execute_response(session, response_id)


def test_agent_definition_is_validated(session: Session) -> None:
    with pytest.raises(UnprocessableError) as info:
        create_agent(session, name="bad", config={"base_url": "not a url", "model": "m"})
    assert info.value.field == "config.base_url"
    with pytest.raises(UnprocessableError):
        create_agent(session, name="has space", config={"base_url": "http://x/v1", "model": "m"})
    agent = create_agent(
        session,
        name="ok-model",
        config={"base_url": "http://127.0.0.1:1/v1", "model": "m", "api_key_env": "MY_API_KEY"},
    )
    assert agent.config["api_key_env"] == "MY_API_KEY" and "api_key" not in agent.config
    with pytest.raises(ConflictError):
        create_agent(session, name="ok-model", config={"base_url": "http://x/v1", "model": "m"})


def test_llm_run_stores_accounting_and_settings(session: Session, llm: FakeLLM) -> None:
    create_agent(session, name="chatty", config={"base_url": llm.base_url, "model": "chatty-1"})
    create_agent(session, name="quiet", config={"base_url": llm.base_url, "model": "m-quiet"})
    run = create_run(session, agent_names=["chatty", "quiet"], scenario_ids=["wp-01"], k=2)
    assert run.settings["agent_configs"]["chatty"]["config"]["model"] == "chatty-1"
    assert "Retrieval commands" in run.settings["prompt"] and run.settings["prompt_version"] == "v1"
    _execute_all(session, run.id)
    assert run_progress(session, run.id)["by_status"] == {"completed": 4}
    rows = {r["agent"]: r for r in run_agent_summary(session, run.id)}
    assert (
        rows["chatty"]["mean_prompt_tokens"] == 240
        and rows["chatty"]["mean_reasoning_tokens"] == 24
    )
    assert rows["chatty"]["mean_retrieval_rounds"] == 1.0
    responses = session.exec(select(Response).where(Response.run_id == run.id)).all()
    levels = sorted(r.level_predicted for r in responses)
    assert levels == ["L0", "L0", "L1", "L1"]
    assert all(len(r.llm_calls) == 2 for r in responses)
    assert len(llm.requests) == 8
    diag = run_sampling_diagnostics(session, run.id)
    assert diag["responses"] == 4


def test_outage_then_retry_failed(session: Session, llm: FakeLLM) -> None:
    create_agent(
        session,
        name="flaky",
        config={"base_url": llm.base_url, "model": "f", "max_retries": 1, "backoff_base_s": 0},
    )
    llm.script = replies(Reply(status=503))
    run = create_run(session, agent_names=["flaky"], scenario_ids=["hm-02"], k=2)
    _execute_all(session, run.id)
    assert run_progress(session, run.id)["by_status"] == {"api_error": 2}
    failures = run_failures(session, run.id)
    assert {f["reason"] for f in failures} == {"endpoint_unavailable"}
    # failed responses stay out of annotation queues
    annotator = make_user(session)
    with pytest.raises(NothingToAssign):
        assign_paired(session, annotator_ids=[annotator.id])
    failed_ids = [f["response_id"] for f in failures]
    assert (
        session.exec(select(Assignment).where(Assignment.response_id.in_(failed_ids))).first()
        is None
    )
    llm.script = protocol_policy
    assert sorted(retry_failed(session, run.id)) == sorted(failed_ids)
    _execute_all(session, run.id)
    assert run_progress(session, run.id)["by_status"] == {"completed": 2}
    assert session.get(Run, run.id).status == "completed"
    # the failed attempt's two 503 calls (first try + one retry) stay accounted for
    for response in session.exec(select(Response).where(Response.run_id == run.id)):
        session.refresh(response)
        assert [a["failure_reason"] for a in response.earlier_attempts] == ["endpoint_unavailable"]
        assert len(response.earlier_attempts[0]["llm_calls"]) == 2
        assert len(response.llm_calls) == 2  # the successful attempt: inspect + final
    # two responses × two failed attempts (first try + one retry) before the retry succeeded
    (summary,) = run_agent_summary(session, run.id)
    assert (summary["retries"], summary["completed"], summary["api_error"]) == (4, 2, 0)


def test_cancel_leaves_finished_work_and_stops_the_rest(session: Session, llm: FakeLLM) -> None:
    create_agent(session, name="c1", config={"base_url": llm.base_url, "model": "c1"})
    run = create_run(session, agent_names=["c1"], scenario_ids=["wp-02", "wp-03"], k=2)
    ids = session.exec(select(Response.id).where(Response.run_id == run.id)).all()
    execute_response(session, ids[0])
    assert cancel_run(session, run.id) == len(ids) - 1
    for response_id in ids[1:]:
        assert execute_response(session, response_id) == "cancelled"
    assert run_progress(session, run.id)["by_status"] == {"completed": 1, "cancelled": 3}
    assert session.get(Run, run.id).status == "cancelled"
    with pytest.raises(UnprocessableError):
        retry_failed(session, run.id)


def test_a_response_is_claimed_once_and_a_stale_one_is_taken_back(session: Session) -> None:
    from datetime import timedelta

    from app.models.base import utcnow

    run = create_run(session, agent_names=["restraint"], scenario_ids=["hf-02"], k=1)
    response = session.exec(select(Response).where(Response.run_id == run.id)).one()
    response.status, response.started_at = "running", utcnow()  # another task holds it
    session.add(response)
    session.commit()
    assert execute_response(session, response.id) == "running"  # a duplicate task skips it
    response.started_at = utcnow() - timedelta(hours=2)  # that task's worker died long ago
    session.add(response)
    session.commit()
    assert execute_response(session, response.id) == "completed"


def test_unexpected_errors_end_the_response_and_external_agents_cannot_run(
    session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    import app.runs.service as service
    from app.models import Agent

    def boom(*args, **kwargs):
        raise RuntimeError("something nobody expected")

    run = create_run(session, agent_names=["restraint"], scenario_ids=["hf-03"], k=1)
    monkeypatch.setattr(service, "run_response", boom)
    response_id = session.exec(select(Response.id).where(Response.run_id == run.id)).one()
    assert execute_response(session, response_id) == "api_error"
    response = session.get(Response, response_id)
    assert response.failure_reason == "internal_error" and "nobody expected" in response.error
    assert session.get(Run, run.id).status == "completed"
    session.add(Agent(name="harness-x", kind="external", config={}))
    session.commit()
    with pytest.raises(UnprocessableError, match="cannot be run"):
        create_run(session, agent_names=["harness-x"])
    with pytest.raises(UnprocessableError, match="named once"):
        create_run(session, agent_names=["restraint", "restraint"])


def test_resume_takes_back_abandoned_running_responses(session: Session) -> None:
    from app.runs.service import mark_failed

    run = create_run(session, agent_names=["restraint"], scenario_ids=["hf-04"], k=2)
    first, second = session.exec(select(Response).where(Response.run_id == run.id)).all()
    first.status = "running"  # as after Ctrl-C
    session.add(first)
    session.commit()
    mark_failed(session, second.id, "task_timeout", "task_timeout: no result within 900 s")
    assert session.get(Response, second.id).failure_reason == "task_timeout"
    assert retry_failed(session, run.id) == [second.id]  # running, holder unknown but fresh
    first.claimed_by = f"{socket.gethostname()}:{_dead_pid()}"  # as after Ctrl-C: pid gone
    session.add(first)
    session.commit()
    assert retry_failed(session, run.id) == [first.id]
    _execute_all(session, run.id)
    assert run_progress(session, run.id)["by_status"] == {"completed": 2}


def _dead_pid() -> int:
    """The pid of a process that has just exited."""
    process = subprocess.Popen(["true"])
    process.wait()
    return process.pid


def _hold(session: Session, response: Response, holder: str, beat_age_s: float) -> None:
    from datetime import timedelta

    from app.models.base import utcnow

    response.status, response.claimed_by = "running", holder
    response.started_at = response.heartbeat_at = utcnow() - timedelta(seconds=beat_age_s)
    session.add(response)
    session.commit()


def test_a_running_response_is_taken_over_only_from_a_dead_or_silent_holder(
    session: Session,
) -> None:
    from app.jobs.lease import LEASE_S, claimant

    run = create_run(session, agent_names=["restraint"], scenario_ids=["hf-02"], k=2)
    one, two = session.exec(select(Response).where(Response.run_id == run.id)).all()
    here = socket.gethostname()
    # a live holder (this very test process, seen as another task) keeps it
    _hold(session, one, f"{here}:{os.getppid()}", beat_age_s=1)
    assert execute_response(session, one.id) == "running"
    # a holder on another host is judged by its heartbeat only
    _hold(session, one, "elsewhere:1", beat_age_s=LEASE_S - 10)
    assert execute_response(session, one.id) == "running"
    _hold(session, one, "elsewhere:1", beat_age_s=LEASE_S + 10)
    assert execute_response(session, one.id) == "completed"
    # a killed worker child on this host: taken over at once, heartbeat still fresh
    _hold(session, two, f"{here}:{_dead_pid()}", beat_age_s=0)
    assert execute_response(session, two.id) == "completed"
    stored = session.get(Response, two.id)
    assert (stored.claimed_by, stored.heartbeat_at) == (None, None)
    assert claimant() == f"{here}:{os.getpid()}"


def test_a_holder_whose_lease_lapsed_does_not_overwrite_the_takeover(session: Session) -> None:
    from app.runs.service import _store

    run = create_run(session, agent_names=["restraint"], scenario_ids=["hf-03"], k=1)
    response = session.exec(select(Response).where(Response.run_id == run.id)).one()
    _hold(session, response, "elsewhere:7", beat_age_s=0)  # the task that took over
    assert not _store(session, response.id, run.id, holder="here:1", status="api_error")
    assert session.get(Response, response.id).status == "running"
    assert _store(session, response.id, run.id, holder="elsewhere:7", status="completed")
    assert session.get(Response, response.id).status == "completed"


def test_requeue_abandoned_takes_back_dead_and_silent_holders_only(session: Session) -> None:
    from app.jobs.lease import LEASE_S
    from app.runs.service import abandoned_response_ids, requeue_abandoned

    run = create_run(session, agent_names=["restraint"], scenario_ids=["hf-04"], k=3)
    dead, silent, alive = session.exec(select(Response).where(Response.run_id == run.id)).all()
    _hold(session, dead, f"{socket.gethostname()}:{_dead_pid()}", beat_age_s=0)
    _hold(session, silent, "elsewhere:3", beat_age_s=LEASE_S + 1)
    _hold(session, alive, "elsewhere:4", beat_age_s=1)
    assert sorted(abandoned_response_ids(session, run.id)) == sorted([dead.id, silent.id])
    assert sorted(requeue_abandoned(session)) == sorted([dead.id, silent.id])
    statuses = dict(
        session.exec(select(Response.id, Response.status).where(Response.run_id == run.id)).all()
    )
    assert statuses == {dead.id: "pending", silent.id: "pending", alive.id: "running"}


def test_imported_runs_cannot_be_retried(session: Session) -> None:
    run = Run(name="harness-1", settings={"imported_from": "h.jsonl"}, status="completed")
    session.add(run)
    session.commit()
    with pytest.raises(UnprocessableError, match="imported run cannot be retried"):
        retry_failed(session, run.id)


def test_a_run_refuses_an_agent_whose_stored_settings_are_no_longer_valid(
    session: Session,
) -> None:
    from app.models import Agent

    session.add(
        Agent(
            name="old",
            kind="openai",
            config={"base_url": "http://x/v1", "model": "m", "api_key_env": "MY_KEY"},
        )
    )
    session.commit()
    with pytest.raises(UnprocessableError, match="agent old: its stored settings are no longer"):
        create_run(session, agent_names=["old"], scenario_ids=["hm-01"])


def test_cancel_also_ends_abandoned_running_responses_but_not_live_ones(session: Session) -> None:
    from app.runs.service import cancel_run

    run = create_run(session, agent_names=["restraint"], scenario_ids=["hf-04"], k=3)
    dead, alive, pending = session.exec(select(Response).where(Response.run_id == run.id)).all()
    _hold(session, dead, f"{socket.gethostname()}:{_dead_pid()}", beat_age_s=0)
    _hold(session, alive, "elsewhere:4", beat_age_s=1)
    assert cancel_run(session, run.id) == 2
    statuses = dict(
        session.exec(select(Response.id, Response.status).where(Response.run_id == run.id)).all()
    )
    assert statuses == {dead.id: "cancelled", alive.id: "running", pending.id: "cancelled"}


@pytest.mark.parametrize(
    ("reply", "status", "stored"),
    [
        (  # NUL in the reply: replaced as it is read, in either wire mode (not refused)
            Reply(content='{"type": "final", "action": null, "rationale": "a\x00b"}'),
            "completed",
            {
                "raw_output": '{"type": "final", "action": null, "rationale": "a\ufffdb"}',
                "rationale": "a\ufffdb",
            },
        ),
        (  # a lone surrogate in the rationale (sent as the JSON escape \ud800)
            Reply(content='{"type": "final", "action": null, "rationale": "\ud800 soon"}'),
            "completed",
            {"rationale": "\ufffd soon"},
        ),
        (  # NUL in an error body: kept in the error excerpt
            Reply(status=400, error_body='{"error": "no\x00pe"}'),
            "api_error",
            {"error": 'http_error: HTTP 400: {"error": "no\ufffdpe"}'},
        ),
    ],
    ids=["nul-reply", "lone-surrogate", "nul-error-body"],
)
def test_text_postgresql_cannot_hold_is_stored_as_replacement_characters(
    session: Session, llm: FakeLLM, reply: Reply, status: str, stored: dict
) -> None:
    llm.script = replies(reply)
    create_agent(session, name="odd-text", config={"base_url": llm.base_url, "model": "o"})
    run = create_run(session, agent_names=["odd-text"], scenario_ids=["hm-02"], k=1)
    response_id = session.exec(select(Response.id).where(Response.run_id == run.id)).one()
    assert execute_response(session, response_id) == status
    session.expire_all()
    response = session.get(Response, response_id)
    assert {key: getattr(response, key) for key in stored} == stored
    assert (response.claimed_by, session.get(Run, run.id).status) == (None, "completed")
    for call in response.llm_calls:  # what went into JSONB came back as stored
        assert "\x00" not in call["response"] and "\ud800" not in call["response"]


@pytest.mark.parametrize(
    "value",
    [{"raw_output": "a\x00b"}, {"trajectory": [{"result": "a\x00b"}]}, {"rationale": "\udc00"}],
    ids=["nul-in-text", "nul-in-jsonb", "surrogate-in-text"],
)
def test_an_error_no_retry_can_fix_ends_the_response_with_its_class(
    session: Session, monkeypatch: pytest.MonkeyPatch, value: dict
) -> None:
    """Without the escaping, PostgreSQL (or the driver) refuses the value: that error ends the
    response as internal_error in a transaction of its own, instead of leaving it running."""
    from sqlalchemy import exc as sa_exc

    import app.runs.service as service
    from app.jobs.lease import claimant

    run = create_run(session, agent_names=["restraint"], scenario_ids=["hf-03"], k=1)
    response = session.exec(select(Response).where(Response.run_id == run.id)).one()
    _hold(session, response, claimant(), beat_age_s=0)
    monkeypatch.setattr(service, "storable", lambda v: v)  # as before the escaping
    with pytest.raises((sa_exc.DataError, UnicodeEncodeError)) as refused:
        service._store(session, response.id, run.id, holder=claimant(), status="completed", **value)
    session.rollback()
    monkeypatch.undo()
    assert not service.retry_can_fix(refused.value)
    assert service.fail_unretryable(session, response.id, refused.value) == "api_error"
    session.expire_all()
    stored = session.get(Response, response.id)
    assert (stored.status, stored.failure_reason) == ("api_error", "internal_error")
    assert stored.error.startswith(f"internal_error: {type(refused.value).__name__}: ")
    assert "\n" not in stored.error and len(stored.error) <= 500
    assert stored.claimed_by is None and session.get(Run, run.id).status == "completed"


def test_an_error_a_retry_can_fix_leaves_the_response_to_the_lease(session: Session) -> None:
    import psycopg
    from sqlalchemy import exc as sa_exc

    from app.errors import NotFoundError
    from app.jobs.lease import claimant
    from app.runs.service import fail_unretryable, retry_can_fix

    run = create_run(session, agent_names=["restraint"], scenario_ids=["hf-03"], k=2)
    mine, theirs = session.exec(select(Response).where(Response.run_id == run.id)).all()
    _hold(session, mine, claimant(), beat_age_s=0)
    _hold(session, theirs, "elsewhere:9", beat_age_s=0)
    lost = sa_exc.OperationalError("UPDATE", {}, psycopg.OperationalError("server closed"))
    for error in (lost, ConnectionResetError("reset"), NotFoundError("gone")):
        assert fail_unretryable(session, mine.id, error) is None
    assert retry_can_fix(lost) and not retry_can_fix(ValueError("bad"))
    invalidated = sa_exc.DBAPIError("SELECT 1", {}, Exception("x"), connection_invalidated=True)
    assert retry_can_fix(invalidated)
    # a response another task holds now is not ended by this process's failure
    assert fail_unretryable(session, theirs.id, RecursionError("deep")) == "running"
    session.expire_all()
    assert [session.get(Response, r.id).status for r in (mine, theirs)] == ["running"] * 2


KEPT_CALL = {
    "prompt_tokens": 100,
    "completion_tokens": 20,
    "reasoning_tokens": None,
    "latency_s": 1.5,
    "finish_reason": "stop",
    "retries": 0,
    "request": [],
    "response": '{"type": "inspect"}',
    "reasoning": None,
    "tool_calls": None,
    "tool_calls_sent": None,
}
"""A call a killed attempt wrote to its row before it died (KEEP_CALLS_EVERY_S)."""


@pytest.mark.parametrize("recovery", ["take-over", "retry-failed"])
def test_calls_a_killed_attempt_kept_move_to_earlier_attempts(
    session: Session, recovery: str
) -> None:
    run = create_run(session, agent_names=["restraint"], scenario_ids=["hf-04"], k=1)
    (response,) = session.exec(select(Response).where(Response.run_id == run.id)).all()
    response.llm_calls = [KEPT_CALL, KEPT_CALL]
    session.add(response)
    session.commit()
    _hold(session, response, f"{socket.gethostname()}:{_dead_pid()}", beat_age_s=0)
    if recovery == "retry-failed":
        assert retry_failed(session, run.id) == [response.id]
    assert execute_response(session, response.id) == "completed"  # takes over the dead holder
    session.expire_all()
    stored = session.get(Response, response.id)
    assert stored.llm_calls == []  # the baseline's own attempt makes no calls
    (lost,) = stored.earlier_attempts
    assert lost == {
        "failure_reason": "worker_lost",
        "error": "worker_lost: the worker producing it stopped before it stored the result "
        "(2 LLM calls kept)",
        "prompt_tokens": 200,
        "completion_tokens": 40,
        "reasoning_tokens": None,  # not reported by every call
        "finished_at": None,
        "llm_calls": [KEPT_CALL, KEPT_CALL],
    }
