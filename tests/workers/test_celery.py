"""Run tasks in-process (no REDIS_URL) and through a real Celery worker on Redis."""

from __future__ import annotations

import os
import subprocess
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
import redis
from sqlmodel import select

from app.db import session_scope
from app.models import Response, Run
from app.runs.service import create_run, run_progress
from app.settings import get_settings
from tests.celery_worker import start_worker, wait_for_worker

REDIS_URL = os.environ.get("HALO_TEST_REDIS", "redis://127.0.0.1:6379/9")


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
    from workers.runs import dispatch_run

    assert get_settings().in_process_tasks
    run_id = _plan(["hm-02", "wp-05"])
    assert dispatch_run(run_id) == 12
    with session_scope() as session:
        assert run_progress(session, run_id) == {
            "total": 12,
            "done": 12,
            "by_status": {"completed": 12},
        }
        assert session.get(Run, run_id).status == "completed"
    assert dispatch_run(run_id) == 0  # nothing left to queue


def test_in_process_responses_overlap_their_llm_calls_within_the_endpoint_limit(
    live_db: str,
) -> None:
    import threading

    from app.agents.service import create_agent
    from tests.fake_llm import FakeLLM, protocol_policy
    from workers.runs import produce_in_process

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
        produce_in_process(ids, on_done=lambda rid, status: done.append((rid, status)))
    assert sorted(done) == sorted((rid, "completed") for rid in ids)
    assert peak == 3  # 4 threads, but the agent's endpoint allows 3 calls at once


def test_recover_abandoned_requeues_responses_whose_holder_died(live_db: str) -> None:
    import socket

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


@pytest.fixture
def celery_worker(live_db: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    """A real `celery worker` process on Redis, on a queue of its own; yields a client app."""
    queue = f"halo-test-{uuid.uuid4().hex[:8]}"
    redis.Redis.from_url(REDIS_URL).ping()
    env = {"DATABASE_URL": live_db, "REDIS_URL": REDIS_URL, "CELERY_QUEUE": queue}
    process = start_worker(env=env, queue=queue, name=queue)
    monkeypatch.setenv("REDIS_URL", REDIS_URL)
    monkeypatch.setenv("CELERY_QUEUE", queue)
    get_settings.cache_clear()
    from workers.celery_app import make_celery

    client = make_celery()
    try:
        wait_for_worker(client, queue, process)
        yield client
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
        client.close()
        get_settings.cache_clear()


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


def _start_worker(live_db: str, queue: str, name: str) -> subprocess.Popen[bytes]:
    env = {
        "DATABASE_URL": live_db,
        "REDIS_URL": REDIS_URL,
        "CELERY_QUEUE": queue,
        "CELERY_VISIBILITY_TIMEOUT": "2",
    }
    return start_worker(env=env, queue=queue, name=name)


def test_killed_worker_loses_and_duplicates_nothing(
    live_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SIGKILL a worker in the middle of a run; a new worker finishes it, each response once."""
    import signal

    from app.agents.service import create_agent
    from tests.fake_llm import FakeLLM, Reply, protocol_policy

    queue = f"halo-kill-{uuid.uuid4().hex[:8]}"
    monkeypatch.setenv("REDIS_URL", REDIS_URL)
    monkeypatch.setenv("CELERY_QUEUE", queue)
    get_settings.cache_clear()
    from workers.celery_app import make_celery

    client = make_celery()

    def slow(body: dict[str, Any]) -> Reply:
        reply = protocol_policy(body)
        reply.delay_s = 0.25
        return reply

    with FakeLLM(slow) as llm:
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
        first = _start_worker(live_db, queue, f"{queue}-a")
        second = None
        try:
            wait_for_worker(client, f"{queue}-a", first)
            for response_id in ids:
                client.send_task("runs.execute_response", args=[response_id])
            deadline = time.monotonic() + 30
            while True:  # kill it while it is producing a response of the slow agent
                with session_scope() as session:
                    progress = run_progress(session, run_id)
                    running = progress["by_status"].get("running", 0)
                if progress["done"] >= 2 and running:
                    break
                assert time.monotonic() < deadline, progress
                time.sleep(0.05)
            first.send_signal(signal.SIGKILL)
            first.wait(10)
            with session_scope() as session:
                assert run_progress(session, run_id)["done"] < 12
            second = _start_worker(live_db, queue, f"{queue}-b")
            deadline = time.monotonic() + 180  # a loaded 2-core machine starts workers slowly
            while True:
                with session_scope() as session:
                    progress = run_progress(session, run_id)
                if progress["done"] == 12:
                    break
                assert time.monotonic() < deadline, progress
                time.sleep(0.2)
        finally:
            for process in (first, second):
                if process is not None and process.poll() is None:
                    process.terminate()
                    process.wait(10)
            client.close()
            get_settings.cache_clear()
    with session_scope() as session:
        rows = session.exec(select(Response).where(Response.run_id == run_id)).all()
        assert len(rows) == 12 and {r.status for r in rows} == {"completed"}
        assert len({(r.checkpoint_id, r.agent_id) for r in rows}) == 12
        assert session.get(Run, run_id).status == "completed"


def test_a_killed_worker_child_is_replaced_and_its_response_taken_over_at_once(
    live_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SIGKILL the prefork child producing a response: the broker hands the task back at once
    and the new child takes the response over (its holder's process is gone) — no waiting for
    the visibility timeout (left at one hour here) or the lease."""
    import signal

    from app.agents.service import create_agent
    from tests.fake_llm import FakeLLM, Reply, protocol_policy

    queue = f"halo-child-{uuid.uuid4().hex[:8]}"
    monkeypatch.setenv("REDIS_URL", REDIS_URL)
    monkeypatch.setenv("CELERY_QUEUE", queue)
    get_settings.cache_clear()
    from workers.celery_app import make_celery

    client = make_celery()

    def slow(body: dict[str, Any]) -> Reply:
        reply = protocol_policy(body)
        reply.delay_s = 0.4
        return reply

    env = {"DATABASE_URL": live_db, "REDIS_URL": REDIS_URL, "CELERY_QUEUE": queue}
    with FakeLLM(slow) as llm:
        with session_scope() as session:
            create_agent(session, name="slow2", config={"base_url": llm.base_url, "model": "s"})
            run = create_run(session, agent_names=["slow2"], scenario_ids=["hm-01"], k=3, seed=1)
            run_id = run.id
            ids = session.exec(select(Response.id).where(Response.run_id == run_id)).all()
        worker = start_worker(env=env, queue=queue, name=queue, concurrency=1)
        try:
            wait_for_worker(client, queue, worker)
            for response_id in ids:
                client.send_task("runs.execute_response", args=[response_id])
            deadline = time.monotonic() + 30
            while True:
                with session_scope() as session:
                    holder = session.exec(
                        select(Response.claimed_by).where(
                            Response.run_id == run_id, Response.status == "running"
                        )
                    ).first()
                if holder:
                    break
                assert time.monotonic() < deadline
                time.sleep(0.05)
            child = int(holder.rsplit(":", 1)[1])
            assert child != worker.pid  # a prefork child, not the main process
            os.kill(child, signal.SIGKILL)
            deadline = time.monotonic() + 60
            while True:
                with session_scope() as session:
                    progress = run_progress(session, run_id)
                if progress["done"] == len(ids):
                    break
                assert time.monotonic() < deadline, progress
                time.sleep(0.2)
        finally:
            worker.terminate()
            worker.wait(10)
            client.close()
            get_settings.cache_clear()
    with session_scope() as session:
        rows = session.exec(select(Response).where(Response.run_id == run_id)).all()
        assert {r.status for r in rows} == {"completed"} and len(rows) == len(ids)
        assert all(len(r.llm_calls) == 2 and r.claimed_by is None for r in rows)
        assert session.get(Run, run_id).status == "completed"
