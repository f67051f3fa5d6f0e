"""Run tasks in-process (no REDIS_URL) and through a real Celery worker on Redis."""

from __future__ import annotations

import os
import signal
import time
from typing import Any

from sqlmodel import select

from app.db import session_scope
from app.models import Response, Run
from app.runs.service import create_run, run_progress
from app.settings import get_settings
from tests.fake_llm import FakeLLM, Reply, protocol_policy
from tests.workers.conftest import Broker, stop, wait_until


def _plan(scenarios: list[str]) -> int:
    with session_scope() as session:
        run = create_run(
            session,
            agent_names=["restraint", "notify_latest", "eager_executor"],
            scenario_ids=scenarios,
            k=2,
            seed=1,
        )
        assert run.id is not None
        return run.id


def test_in_process_dispatch_runs_every_task_now(live_db: str) -> None:
    from app.runs.tasks import start_run

    assert get_settings().in_process_tasks
    run_id = _plan(["hm-02", "wp-05"])
    assert start_run(run_id) == 12
    with session_scope() as session:
        assert run_progress(session, run_id) == {
            "total": 12,
            "done": 12,
            "by_status": {"completed": 12},
        }
        assert session.get(Run, run_id).status == "completed"
    assert start_run(run_id) == 0  # nothing left to queue


def test_in_process_responses_overlap_their_llm_calls_within_the_endpoint_limit(
    live_db: str,
) -> None:
    import threading

    from app.agents.service import create_agent
    from app.jobs.queue import get_queue
    from app.runs.tasks import execute_response

    in_flight, peak, lock = 0, 0, threading.Lock()

    def slow_policy(body: dict[str, Any]) -> Any:
        nonlocal in_flight, peak
        with lock:
            in_flight += 1
            peak = max(peak, in_flight)
        time.sleep(0.2)
        with lock:
            in_flight -= 1
        return protocol_policy(body)

    with FakeLLM(slow_policy) as llm:
        with session_scope() as session:
            create_agent(
                session,
                name="slow-llm",
                config={"base_url": llm.base_url, "model": "s", "concurrency": 3},
            )
            run = create_run(session, agent_names=["slow-llm"], scenario_ids=["hm-02"], k=4)
            assert run.id is not None
            run_id = run.id
            ids = [r.id for r in session.exec(select(Response).where(Response.run_id == run_id))]
        done: list[tuple[str, str]] = []
        get_queue().enqueue_many(
            execute_response, ids, on_done=lambda rid, status: done.append((rid, status))
        )
    assert sorted(done) == sorted((rid, "completed") for rid in ids)
    assert peak == 3  # 4 threads, but the agent's endpoint allows 3 calls at once


def test_recover_abandoned_requeues_responses_whose_holder_died(live_db: str) -> None:
    import socket
    import subprocess

    from workers.runs import recover_abandoned

    run_id = _plan(["hm-02"])
    dead = subprocess.Popen(["true"])
    dead.wait()
    with session_scope() as session:
        stuck = session.exec(select(Response).where(Response.run_id == run_id)).first()
        stuck.status, stuck.claimed_by = "running", f"{socket.gethostname()}:{dead.pid}"
        session.add(stuck)
        session.commit()
        stuck_id = stuck.id
    assert recover_abandoned() == 1  # in-process: re-queued and produced at once
    with session_scope() as session:
        assert session.get(Response, stuck_id).status == "completed"
    assert recover_abandoned() == 0


def test_real_worker_on_redis_produces_each_response_once(celery_worker) -> None:
    run_id = _plan(["hm-03", "wp-06", "wp-07"])
    with session_scope() as session:
        ids = session.exec(select(Response.id).where(Response.run_id == run_id)).all()
    assert len(ids) == 18
    for response_id in ids:
        celery_worker.send_task("runs.execute_response", args=[response_id])  # type: ignore[attr-defined]
    # the same tasks again: idempotent, nothing is produced twice
    for response_id in ids[:5]:
        celery_worker.send_task("runs.execute_response", args=[response_id])  # type: ignore[attr-defined]
    deadline = time.monotonic() + 60
    while True:
        with session_scope() as session:
            progress = run_progress(session, run_id)
        if progress["done"] == 18 or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert progress == {"total": 18, "done": 18, "by_status": {"completed": 18}}
    with session_scope() as session:
        rows = session.exec(select(Response).where(Response.run_id == run_id)).all()
        assert len({(r.checkpoint_id, r.agent_id) for r in rows}) == 18
        assert {r.level_predicted for r in rows} == {"L0", "L1", "L3"}
        assert session.get(Run, run_id).status == "completed"


def _slow(body: dict[str, Any]) -> Reply:
    reply = protocol_policy(body)
    reply.delay_s = 0.4
    return reply


def _progress(run_id: int) -> dict[str, Any]:
    with session_scope() as session:
        return run_progress(session, run_id)


def _all_done(run_id: int, total: int) -> dict[str, Any] | None:
    progress = _progress(run_id)
    return progress if progress["done"] == total else None


def _exactly_once(run_id: int, total: int) -> None:
    with session_scope() as session:
        rows = session.exec(select(Response).where(Response.run_id == run_id)).all()
        assert len(rows) == total and {r.status for r in rows} == {"completed"}
        assert len({(r.checkpoint_id, r.agent_id) for r in rows}) == total
        assert all(r.claimed_by is None for r in rows)
        assert session.get(Run, run_id).status == "completed"


def test_killed_worker_loses_and_duplicates_nothing(broker: Broker) -> None:
    """SIGKILL a worker in the middle of a run; a new worker finishes it, each response once."""
    from app.agents.service import create_agent

    fast_redelivery = {"CELERY_VISIBILITY_TIMEOUT": "2"}
    with FakeLLM(_slow) as llm:
        with session_scope() as session:
            create_agent(session, name="slow", config={"base_url": llm.base_url, "model": "slow"})
            run = create_run(
                session,
                agent_names=["slow", "restraint"],
                scenario_ids=["hm-01", "hm-04", "wp-08"],
                k=2,
                seed=3,
            )
            run_id = run.id
            ids = session.exec(select(Response.id).where(Response.run_id == run_id)).all()
        assert len(ids) == 12
        first = broker.worker(f"{broker.queue}-a", env=fast_redelivery)
        second = None
        try:
            for response_id in ids:
                broker.client.send_task("runs.execute_response", args=[response_id])
            wait_until(  # kill it while it is producing a response of the slow agent
                lambda: (p := _progress(run_id))["done"] >= 2 and p["by_status"].get("running"),
                30,
                "two responses done and one running",
            )
            first.send_signal(signal.SIGKILL)
            first.wait(10)
            assert _progress(run_id)["done"] < 12
            second = broker.worker(f"{broker.queue}-b", env=fast_redelivery)
            wait_until(lambda: _all_done(run_id, 12), 180, "all 12 responses")
        finally:
            stop(first, second)
    _exactly_once(run_id, 12)


def test_a_killed_worker_child_is_replaced_and_its_response_taken_over_at_once(
    broker: Broker,
) -> None:
    """SIGKILL the prefork child producing a response: the broker hands the task back at once
    and the new child takes the response over (its holder's process is gone) — no waiting for
    the visibility timeout (left at one hour here) or the lease."""
    from app.agents.service import create_agent

    with FakeLLM(_slow) as llm:
        with session_scope() as session:
            create_agent(session, name="slow2", config={"base_url": llm.base_url, "model": "s"})
            run = create_run(session, agent_names=["slow2"], scenario_ids=["hm-01"], k=3, seed=1)
            run_id = run.id
            ids = session.exec(select(Response.id).where(Response.run_id == run_id)).all()
        worker = broker.worker(broker.queue, concurrency=1)
        try:
            for response_id in ids:
                broker.client.send_task("runs.execute_response", args=[response_id])

            def holder() -> str | None:
                with session_scope() as session:
                    return session.exec(
                        select(Response.claimed_by).where(
                            Response.run_id == run_id, Response.status == "running"
                        )
                    ).first()

            child = int(wait_until(holder, 30, "a running response").rsplit(":", 1)[1])
            assert child != worker.pid  # a prefork child, not the main process
            os.kill(child, signal.SIGKILL)
            wait_until(lambda: _all_done(run_id, len(ids)), 60, "every response")
        finally:
            stop(worker)
    _exactly_once(run_id, len(ids))
    with session_scope() as session:
        rows = session.exec(select(Response).where(Response.run_id == run_id)).all()
        assert all(len(r.llm_calls) == 2 for r in rows)


def _hold_elsewhere(run_id: int) -> str:
    """Mark one response of the run running, held by a live process on another host."""
    from app.models.base import utcnow

    with session_scope() as session:
        held = session.exec(select(Response).where(Response.run_id == run_id)).first()
        held.status, held.claimed_by = "running", "elsewhere:1"
        held.started_at = held.heartbeat_at = utcnow()
        session.add(held)
        session.commit()
        return held.id


def test_on_a_broker_a_task_that_finds_a_live_holder_looks_again_later(broker: Broker) -> None:
    import base64
    import json

    import redis

    from app.runs.tasks import RECHECK_S, execute_response
    from tests.workers.conftest import REDIS_URL

    held_id = _hold_elsewhere(_plan(["hm-02"]))
    client = redis.Redis.from_url(REDIS_URL)
    before = time.time()
    try:
        assert execute_response(held_id) == "running"
        messages = [json.loads(m) for m in client.lrange(broker.queue, 0, -1)]
    finally:
        client.delete(broker.queue)
    (message,) = messages
    assert message["headers"]["task"] == "runs.execute_response"
    args, _kwargs, _embed = json.loads(base64.b64decode(message["body"]))
    assert args == [held_id]
    from datetime import datetime

    eta = datetime.fromisoformat(message["headers"]["eta"]).timestamp()
    assert before + RECHECK_S - 1 <= eta <= time.time() + RECHECK_S + 1


def test_in_process_a_task_that_finds_a_live_holder_schedules_nothing(
    live_db: str, monkeypatch
) -> None:
    import threading

    from app.runs.tasks import execute_response

    assert get_settings().in_process_tasks
    timers: list[object] = []
    monkeypatch.setattr(threading, "Timer", lambda *args, **kw: timers.append(args))
    held_id = _hold_elsewhere(_plan(["hm-02"]))
    assert execute_response(held_id) == "running"
    assert timers == []
