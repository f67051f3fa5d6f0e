"""The LLM calls of a response in flight when its worker is killed are kept (issue 13).

A real prefork Celery worker on Redis and PostgreSQL: the child producing a response is killed
with SIGKILL in the middle of its second LLM call; the first call was written to the row as it
returned, before the second was sent, so
the task that takes the response over keeps it in ``earlier_attempts`` (``worker_lost``, with
its tokens), and produces the response again exactly once.
"""

from __future__ import annotations

import os
import signal
import threading
from typing import Any

from sqlmodel import select

from app.db import session_scope
from app.models import Response, Run
from app.runs.service import create_run
from tests.fake_llm import FakeLLM, Reply, protocol_policy
from tests.workers.conftest import Broker, stop, wait_until


class _Script:
    """The first attempt: an inspect, then a final that hangs (the child is killed in it);
    every later request answers at once."""

    def __init__(self) -> None:
        self.calls = 0
        self.lock = threading.Lock()
        self.hanging = threading.Event()

    def __call__(self, body: dict[str, Any]) -> Reply:
        with self.lock:
            self.calls += 1
            number = self.calls
        reply = protocol_policy(body)
        if number == 2:  # the first answered at once: it is written all the same
            self.hanging.set()
            reply.delay_s = 60.0  # the worker child dies waiting for it
        return reply


def test_a_killed_workers_calls_are_kept_and_the_response_produced_once(broker: Broker) -> None:
    from app.agents.service import create_agent

    script = _Script()
    with FakeLLM(script) as llm:
        with session_scope() as session:
            create_agent(session, name="kept", config={"base_url": llm.base_url, "model": "k"})
            run = create_run(session, agent_names=["kept"], scenario_ids=["hm-01"], k=1, seed=1)
            run_id = run.id
            (response_id,) = session.exec(
                select(Response.id).where(Response.run_id == run_id)
            ).all()
        worker = broker.worker(broker.queue, concurrency=1)
        try:
            broker.client.send_task("runs.execute_response", args=[response_id])
            assert script.hanging.wait(30), "the second call never came"

            def kept_calls() -> tuple[str, list[dict[str, Any]]] | None:
                with session_scope() as session:
                    row = session.exec(
                        select(Response.claimed_by, Response.llm_calls).where(
                            Response.id == response_id
                        )
                    ).one()
                return (row[0], row[1]) if row[1] else None

            holder, calls = wait_until(kept_calls, 10, "the first call written to the row")
            assert len(calls) == 1 and calls[0]["prompt_tokens"] == 120
            child = int(holder.rsplit(":", 1)[1])
            assert child != worker.pid  # a prefork child, not the main process
            os.kill(child, signal.SIGKILL)

            def finished() -> Response | None:
                with session_scope() as session:
                    found = session.get(Response, response_id)
                    return found if found is not None and found.status == "completed" else None

            response = wait_until(finished, 60, "the response produced again")
        finally:
            stop(worker)
    # produced again exactly once: two calls of the lost attempt, two of the new one
    assert script.calls == 4
    assert len(response.llm_calls) == 2 and response.claimed_by is None
    assert response.prompt_tokens == 240 and response.completion_tokens == 60
    (lost,) = response.earlier_attempts
    assert lost["failure_reason"] == "worker_lost"
    assert (lost["prompt_tokens"], lost["completion_tokens"], lost["reasoning_tokens"]) == (
        120,
        30,
        12,
    )
    assert [call["response"] for call in lost["llm_calls"]] == [calls[0]["response"]]
    assert '"type": "inspect"' in lost["llm_calls"][0]["response"]
    with session_scope() as session:
        assert session.get(Run, run_id).status == "completed"


def test_each_reply_is_written_before_the_next_call_in_one_statement(live_db: str) -> None:
    """Even a response whose endpoint answers at once writes its inspect reply before the final
    call is sent: one statement per reply that does not end it, and nothing else."""
    from sqlalchemy import event

    from app.agents.service import create_agent
    from app.db import get_engine
    from app.runs.service import execute_response

    with FakeLLM(protocol_policy) as llm:
        with session_scope() as session:
            create_agent(session, name="quick", config={"base_url": llm.base_url, "model": "q"})
            run = create_run(session, agent_names=["quick"], scenario_ids=["hm-02"], k=2)
            first, second = session.exec(select(Response.id).where(Response.run_id == run.id))
        with session_scope(autocommit=True) as session:  # fills the per-process caches
            assert execute_response(session, first) == "completed"
        statements: list[str] = []

        def seen(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
            statements.append(" ".join(statement.split()[:2]))

        event.listen(get_engine(), "before_cursor_execute", seen)
        try:
            with session_scope(autocommit=True) as session:
                assert execute_response(session, second) == "completed"
        finally:
            event.remove(get_engine(), "before_cursor_execute", seen)
    # the claim (which also reads the checkpoint and the content hashes), the inspect reply's
    # call, the result, the run's completion check
    assert statements == ["UPDATE responses"] * 3 + ["UPDATE runs"], statements


def test_a_failed_attempt_is_written_before_its_retry_is_sent(live_db: str) -> None:
    """A 503 then a retry: when the retry reaches the endpoint, the row already holds the failed
    attempt (and, at the final call, the inspect reply and that attempt)."""
    from app.agents.service import create_agent
    from app.runs.service import execute_response

    seen: list[list[dict[str, Any]]] = []
    number = [0]
    response_id = ""

    def script(body: dict[str, Any]) -> Reply:
        number[0] += 1
        with session_scope() as session:
            seen.append(
                session.exec(select(Response.llm_calls).where(Response.id == response_id)).one()
            )
        return Reply(status=503) if number[0] == 1 else protocol_policy(body)

    with FakeLLM(script) as llm:
        with session_scope() as session:
            create_agent(
                session,
                name="retried",
                config={"base_url": llm.base_url, "model": "r", "backoff_base_s": 0.0},
            )
            run = create_run(session, agent_names=["retried"], scenario_ids=["hm-02"], k=1)
            (response_id,) = session.exec(select(Response.id).where(Response.run_id == run.id))
        with session_scope(autocommit=True) as session:
            assert execute_response(session, response_id) == "completed"
    assert len(seen) == 3
    assert seen[0] == []
    assert [c["finish_reason"] for c in seen[1]] == [None]  # the 503, before its retry
    assert "HTTP 503" in seen[1][0]["response"]
    # before the final call: the inspect reply (which carries its retry), written alone
    assert [(c["finish_reason"], c["retries"]) for c in seen[2]] == [("stop", 1)]


class _JudgeScript:
    """A judge whose first reply of each conversation is invalid (one corrective message each);
    the second request of all hangs (the worker child is killed in it)."""

    def __init__(self) -> None:
        self.calls = 0
        self.lock = threading.Lock()
        self.hanging = threading.Event()

    def __call__(self, body: dict[str, Any]) -> Reply:
        from tests.fake_llm import json_reply, shown_level

        with self.lock:
            self.calls += 1
            number = self.calls
        level = shown_level(body)
        if len(body["messages"]) == 2:
            return json_reply({"level": level, "verdict": "accept", "timing": "premature"})
        reply = json_reply({"level": level, "verdict": "accept"})
        if number == 2:
            self.hanging.set()
            reply.delay_s = 60.0
        return reply


def test_a_killed_judge_workers_calls_are_kept(broker: Broker) -> None:
    """received = stored: the call written before the kill stays with its prediction."""
    from app.agents.service import create_agent
    from app.judges.service import create_judge_run
    from app.judges.tasks import start_judge_run
    from app.models import JudgePrediction, JudgeRun
    from tests.factories import make_run

    script = _JudgeScript()
    with FakeLLM(script) as llm:
        with session_scope() as session:
            run = make_run(session, scenario_ids=["hm-01"], k=1, seed=0)
            create_agent(
                session, name="kill-judge", config={"base_url": llm.base_url, "model": "j"}
            )
            judge_run_id = create_judge_run(session, judge="kill-judge", run_id=run.id).id
        worker = broker.worker(f"{broker.queue}-judges", concurrency=1)
        try:
            planned = start_judge_run(judge_run_id)
            assert script.hanging.wait(30), "the corrective call never came"

            def holder_with_call() -> str | None:
                with session_scope() as session:
                    rows = session.exec(
                        select(JudgePrediction.claimed_by, JudgePrediction.llm_calls).where(
                            JudgePrediction.judge_run_id == judge_run_id,
                            JudgePrediction.status == "running",
                        )
                    ).all()
                return next((holder for holder, calls in rows if len(calls) == 1), None)

            holder = wait_until(holder_with_call, 10, "the first judge call written")
            os.kill(int(holder.rsplit(":", 1)[1]), signal.SIGKILL)

            def finished() -> list[JudgePrediction] | None:
                with session_scope() as session:
                    if session.get(JudgeRun, judge_run_id).status != "completed":
                        return None
                    return list(
                        session.exec(
                            select(JudgePrediction).where(
                                JudgePrediction.judge_run_id == judge_run_id
                            )
                        )
                    )

            predictions = wait_until(finished, 90, "the judge run completed")
        finally:
            stop(worker)
    assert all(p.status == "completed" for p in predictions)
    stored = sum(len(p.llm_calls) for p in predictions)
    # the hanging call was in flight when the worker died: the only one not stored
    assert script.calls == stored + 1 == 2 * planned + 2
    (taken_over,) = [p for p in predictions if len(p.llm_calls) == 3]
    assert [bool(c.get("earlier_attempt")) for c in taken_over.llm_calls] == [True, False, False]
    assert taken_over.prompt_tokens == 360


# --- generation jobs (DESIGN §11) -------------------------------------------------------------


def _attempts(calls: list[dict[str, Any]]) -> int:
    """Requests the stored `calls` stand for: a reply carries the failed attempts before it
    (``retries``); a failed attempt written before its retry is one."""
    return sum(1 + call["retries"] if call.get("finish_reason") else 1 for call in calls)


def _generation_calls(job_id: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(the calls of the job's revisions, those of its stages in progress) as stored now."""
    from app.models import CandidateRevision, GenerationCandidate

    with session_scope() as session:
        kept = session.exec(
            select(CandidateRevision.llm_calls)
            .join(GenerationCandidate, CandidateRevision.candidate_id == GenerationCandidate.id)
            .where(GenerationCandidate.job_id == job_id)
        ).all()
        open_ = session.exec(
            select(GenerationCandidate.llm_calls).where(GenerationCandidate.job_id == job_id)
        ).all()
    return [c for calls in kept for c in calls], [c for calls in open_ for c in calls]


def test_each_generation_call_is_written_before_the_next_is_sent(live_db: str) -> None:
    """A corrective message, a retry after a 503 and a corrective message to the reviewer: when
    each request reaches the endpoint, every earlier request of the job is in the database."""
    from app.agents.service import create_agent
    from app.construction import service, tasks
    from tests.fake_llm import ConstructionScript, review, seed_draft, seed_instance

    inner = ConstructionScript(
        instance_creator=[Reply(content="not a JSON object"), seed_instance()],
        scenario_creator=[Reply(status=503), seed_draft()],
        reviewer=[Reply(content="no JSON here either"), review()],
    )
    job_id = 0
    seen: list[tuple[int, list[dict[str, Any]]]] = []

    def script(body: dict[str, Any]) -> Reply:
        kept, open_ = _generation_calls(job_id)
        seen.append((_attempts(kept) + _attempts(open_), open_))
        return inner(body)

    with FakeLLM(script) as llm:
        with session_scope() as session:
            for name in ("kg-creator", "kg-reviewer"):
                create_agent(
                    session,
                    name=name,
                    config={
                        "base_url": llm.base_url,
                        "model": name,
                        "max_retries": 2,
                        "backoff_base_s": 0.0,
                    },
                )
            job = service.create_generation_job(
                session,
                domains=["small_business"],
                personas=1,
                per_need=1,
                creator="kg-creator",
                reviewer="kg-reviewer",
            )
            assert job.id is not None
            job_id = job.id
        tasks.start_generation(job_id)
        received = len(llm.requests)
    # 2 instance calls, then 4 scenarios of 3 calls; the first one's creator retried once and its
    # reviewer corrected once
    assert received == 2 + 4 * 3 + 2
    assert [stored for stored, _open in seen] == list(range(received))
    # the stage in progress held them: the malformed instance reply before its corrective
    # message, the 503 before its retry, the malformed review before its corrective message
    in_progress = [
        [(c["stage"], c["round"], c["finish_reason"]) for c in open_] for _n, open_ in seen if open_
    ]
    assert in_progress == [
        [("instance_creator", 0, "stop")],
        [("scenario_creator", 0, None)],
        [("reviewer", 0, "stop")],
    ]
    kept, open_ = _generation_calls(job_id)
    assert open_ == [] and _attempts(kept) == received
    with session_scope() as session:
        assert service.get_job(session, job_id).tokens_used == 150 * len(
            [c for c in kept if c["finish_reason"]]
        )


class _GenerationScript:
    """The Instance Creator's first reply is malformed; the corrective call after it hangs (the
    worker child is killed in it); everything else is the construction script's."""

    def __init__(self) -> None:
        from tests.fake_llm import ConstructionScript

        self.inner = ConstructionScript()
        self.calls = 0
        self.lock = threading.Lock()
        self.hanging = threading.Event()

    def __call__(self, body: dict[str, Any]) -> Reply:
        with self.lock:
            self.calls += 1
            number = self.calls
        if number == 1:
            return Reply(content="not a JSON object")
        reply = self.inner(body)
        if number == 2:
            self.hanging.set()
            reply.delay_s = 60.0
        return reply


def test_a_killed_generation_workers_calls_are_kept(broker: Broker) -> None:
    """received = stored + 1: the call written before the kill stays, with its tokens, in the
    step of the stage that the task taking the candidate over makes again."""
    from app.construction import service, tasks
    from app.models import GenerationCandidate
    from tests.construction.helpers import job_row, make_job

    script = _GenerationScript()
    with FakeLLM(script) as llm:
        job_id = make_job(llm.base_url, prefix="killgen")
        worker = broker.worker(f"{broker.queue}-gen", concurrency=1)
        try:
            assert tasks.start_generation(job_id) == 1
            assert script.hanging.wait(30), "the corrective call never came"

            with session_scope() as session:  # the corrective request has arrived
                holder, written = session.exec(
                    select(GenerationCandidate.claimed_by, GenerationCandidate.llm_calls).where(
                        GenerationCandidate.job_id == job_id,
                        GenerationCandidate.kind == "environment",
                    )
                ).one()
            assert holder is not None
            child = int(holder.rsplit(":", 1)[1])
            assert child != worker.pid
            os.kill(child, signal.SIGKILL)

            def finished() -> bool:
                with session_scope() as session:
                    return job_row(session, job_id).status == "completed"

            wait_until(finished, 90, "the generation job completed")
        finally:
            stop(worker)
    with session_scope() as session:  # every reply reports 150 tokens
        counted = job_row(session, job_id).tokens_used // 150
    kept, open_ = _generation_calls(job_id)
    # the hanging call was in flight when the worker died: the only one not stored or counted
    assert script.calls == counted + 1
    assert open_ == []
    assert script.calls == len(kept) + 1 == 3 + 4 * 3
    assert [(c["stage"], c["round"], c["response"]) for c in written] == [
        ("instance_creator", 0, "not a JSON object")
    ]
    with session_scope() as session:
        environment = next(
            c for c in service.candidates_of(session, job_id) if c.kind != "scenario"
        )
        first = service.revisions_of(session, environment.id)[0]
        assert (first.stage, first.round, first.passed) == ("instance_creator", 0, True)
        assert [bool(c.get("earlier_attempt")) for c in first.llm_calls] == [True, False]
        assert first.llm_calls[0]["response"] == "not a JSON object"
        assert first.prompt_tokens == 240 and first.completion_tokens == 60
        assert environment.prompt_tokens == 240
        assert job_row(session, job_id).tokens_used == 150 * len(kept)
        assert {c.status for c in service.candidates_of(session, job_id)} == {"accepted"}
