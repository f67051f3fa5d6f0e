"""Transient infrastructure errors are retried, never acknowledged as done (issue 11, item 2):
a store that fails while the database restarts is retried with its LLM calls; a claim left by
a task of this process that failed is taken back; a real Celery worker rides out a database
that refuses connections for a few seconds, with every response completed exactly once."""

from __future__ import annotations

import threading
import time
from typing import Any

import psycopg
import pytest
from sqlalchemy import exc as sa_exc
from sqlmodel import select

from app.db import session_scope
from app.models import Response, Run
from app.runs.service import create_run
from tests.conftest import ADMIN_URL
from tests.fake_llm import FakeLLM, protocol_policy
from tests.workers.conftest import Broker, stop, wait_until


def _lost(statement: str = "UPDATE") -> sa_exc.OperationalError:
    return sa_exc.OperationalError(statement, {}, psycopg.OperationalError("server closed"))


def _llm_run(base_url: str, scenarios: list[str], k: int = 1) -> tuple[int, list[str]]:
    from app.agents.service import create_agent

    with session_scope() as session:
        create_agent(session, name="llm", config={"base_url": base_url, "model": "m"})
        run = create_run(session, agent_names=["llm"], scenario_ids=scenarios, k=k)
        assert run.id is not None
        ids = list(session.exec(select(Response.id).where(Response.run_id == run.id)).all())
    return run.id, ids


def test_a_store_that_fails_on_a_lost_connection_is_retried_with_its_calls(
    live_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import app.runs.service as service
    from app.runs.tasks import produce_response

    real_store, failures = service._store, [_lost(), _lost()]

    def flaky_store(*args: Any, **kwargs: Any) -> bool:
        if failures:
            raise failures.pop(0)
        return real_store(*args, **kwargs)

    monkeypatch.setattr(service, "_store", flaky_store)
    monkeypatch.setattr(service, "full_jitter_delay", lambda *_a, **_k: 0.01)
    with FakeLLM() as llm:
        run_id, (response_id,) = _llm_run(llm.base_url, ["hm-02"])
        assert produce_response(response_id) == "completed"
        assert failures == []  # both failures happened, and the third store went through
        with session_scope() as session:
            response = session.get(Response, response_id)
            assert response.status == "completed" and response.failure_reason is None
            assert len(response.llm_calls) == len(llm.requests) == 2  # nothing asked twice
            assert session.get(Run, run_id).status == "completed"


def test_a_claim_a_failed_task_of_this_process_left_is_taken_back(live_db: str) -> None:
    from app.jobs.lease import claimant
    from app.runs.tasks import produce_response

    with FakeLLM() as llm:
        _run, (response_id,) = _llm_run(llm.base_url, ["hm-02"])
        with session_scope() as session:  # the claim the failed task could not give back
            response = session.get(Response, response_id)
            response.status, response.claimed_by = "running", claimant()
            session.add(response)
            session.commit()
        assert produce_response(response_id) == "completed"


def _set_connections(database: str, allowed: bool) -> None:
    """Let `database` accept connections or not, closing its open ones when not (a database
    restart, seen from the worker, without touching the other databases of the server)."""
    with psycopg.connect(ADMIN_URL, autocommit=True) as admin:
        admin.execute(f'ALTER DATABASE "{database}" WITH ALLOW_CONNECTIONS {str(allowed).lower()}')
        if not allowed:
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = %s AND pid <> pg_backend_pid()",
                (database,),
            )


def test_a_real_worker_rides_out_a_database_outage(broker: Broker, live_db: str) -> None:
    from app.db import get_engine
    from app.runs.tasks import start_run

    database = live_db.rsplit("/", 1)[1]
    answered, down = threading.Event(), threading.Event()

    def slow_policy(body: dict[str, Any]) -> Any:
        answered.set()
        down.wait(30)  # the first call returns only once the database is away
        time.sleep(0.3)
        return protocol_policy(body)

    with FakeLLM(slow_policy) as llm:
        run_id, ids = _llm_run(llm.base_url, ["hm-02", "wp-05", "hm-03"], k=2)
        worker = broker.worker(broker.queue)  # a solo worker answers pings only between tasks
        try:
            assert start_run(run_id) == len(ids) == 6
            assert answered.wait(60), "the worker never called the endpoint"
            get_engine().dispose()
            _set_connections(database, allowed=False)
            down.set()
            try:
                time.sleep(4)  # the in-flight store and the next claims fail meanwhile
            finally:
                _set_connections(database, allowed=True)

            def finished() -> bool:
                with session_scope() as session:
                    return session.get(Run, run_id).status == "completed"  # type: ignore[union-attr]

            wait_until(finished, 120, "the run finished after the outage")
        finally:
            stop(worker)
    with session_scope() as session:
        rows = session.exec(select(Response).where(Response.run_id == run_id)).all()
        assert sorted(r.status for r in rows) == ["completed"] * 6
        assert all(r.failure_reason is None for r in rows)
        assert sum(len(r.llm_calls) for r in rows) == len(llm.requests) == 12


def test_a_claim_that_could_not_be_given_back_is_given_back_once_the_database_answers(
    live_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The retried task may run in another worker process, which cannot take this process's
    claim: without a later release it would wait out the 90 s lease (a database restart then
    held responses for ~100 s)."""
    import app.db
    from app.jobs.lease import claimant

    with FakeLLM() as llm:
        _run, (response_id,) = _llm_run(llm.base_url, ["hm-02"])
    with session_scope() as session:
        response = session.get(Response, response_id)
        response.status, response.claimed_by = "running", claimant()
        session.add(response)
        session.commit()
    real_scope, refusals = app.db.session_scope, [_lost("CONNECT"), _lost("CONNECT")]

    def away_twice(*args: Any, **kwargs: Any) -> Any:
        if refusals:
            raise refusals.pop(0)
        return real_scope(*args, **kwargs)

    monkeypatch.setattr(app.db, "session_scope", away_twice)
    import app.runs.service as service

    assert service.release_claim_quietly(response_id) is False  # the database is away now

    def given_back() -> bool:
        with real_scope() as session:
            row = session.get(Response, response_id)
            return row is not None and row.status == "pending" and row.claimed_by is None

    wait_until(given_back, 15, "the claim was given back once the database answered")
    assert refusals == []
