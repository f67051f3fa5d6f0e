"""A whole stack of the test's own for fault injection (issue 11, item 6).

A PostgreSQL cluster and a redis-server on spare ports, a real Celery worker (prefork, with
beat) on them, and a loopback OpenAI-compatible endpoint with some latency that can be told to
answer HTTP 500. The shared PostgreSQL and Redis are never touched, so a test may stop or
restart its own services, and tests of this kind do not disturb each other.

The migrated, seeded cluster is built once per session and copied for each test (a copy and a
start take well under a second; migrating and seeding take about ten).
"""

from __future__ import annotations

import os
import shutil
import threading
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine
from sqlmodel import Session, select

from app.db import session_scope
from app.models import Response, Run
from tests.celery_worker import start_worker, stop_worker, wait_for_worker
from tests.conftest import SEEDS, use_database
from tests.fake_llm import FakeLLM, Reply, protocol_policy
from tests.private_postgres import PrivatePostgres, copy_cluster, init_cluster, private_folder
from tests.private_redis import PrivateRedis

RECONCILE_EVERY_S = 1.0
"""Beat's reconciler period in these tests (60 s in production): how soon lost work is seen."""
RECONCILE_GRACE_S = 10.0
"""Seconds after a send before the reconciler sends a pending response's task again (120 s in
production); shorter than every outage injected here, longer than a few polls."""
WORKER_PROCESSES = 4
ENDPOINT_LATENCY_S = 0.05
"""Seconds the endpoint takes per answer (a fast local model)."""


@pytest.fixture(scope="session")
def seeded_cluster() -> Iterator[Path]:
    """The data directory of a stopped cluster holding database ``halo``, migrated and seeded."""
    from app.cli import upgrade_database
    from app.runs.service import ensure_baseline_agents
    from app.scenarios.service import seed_tree

    folder = private_folder("halo-faults-seed-")
    try:
        init_cluster(folder / "pg")
        server = PrivatePostgres(folder).start()
        try:
            server.execute("CREATE DATABASE halo")
            upgrade_database(server.url("halo"))
            engine = create_engine(server.url("halo"))
            with Session(engine) as session:
                seed_tree(session, SEEDS)
                ensure_baseline_agents(session)
            engine.dispose()
        finally:
            server.stop()
        yield folder / "pg"
    finally:
        shutil.rmtree(folder, ignore_errors=True)


class Endpoint:
    """The fake endpoint's script: the well-behaved agent of :func:`protocol_policy`, each
    answer after `latency_s`; HTTP 500 to everything while :attr:`failing` is set.

    Attributes:
        failing: set to make every request fail with HTTP 500.
        answered: HTTP status → requests answered with it.
    """

    def __init__(self, latency_s: float) -> None:
        self.latency_s = latency_s
        self.failing = threading.Event()
        self.answered: Counter[int] = Counter()
        self._lock = threading.Lock()

    def __call__(self, body: dict[str, Any]) -> Reply:
        reply = (
            Reply(status=500, delay_s=self.latency_s)
            if self.failing.is_set()
            else replace(protocol_policy(body), delay_s=self.latency_s)
        )
        with self._lock:
            self.answered[reply.status] += 1
        return reply


@dataclass
class Stack:
    """The services of one fault test.

    Attributes:
        postgres: its PostgreSQL server (database ``halo``, which settings point at).
        redis: its redis-server (the broker and the endpoint slots).
        endpoint: the fake endpoint's script (statuses answered, the 500 switch).
        llm: the fake endpoint's server (``requests``: every request received).
        client: a Celery app sending to the worker's queue.
        log: the worker's output.
    """

    postgres: PrivatePostgres
    redis: PrivateRedis
    endpoint: Endpoint
    llm: FakeLLM
    client: Any
    log: Path

    def worker_log(self, lines: int = 40) -> str:
        """The last `lines` lines the worker wrote (for failure messages)."""
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return "\n".join(text.splitlines()[-lines:])


@pytest.fixture
def stack(seeded_cluster: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Stack]:
    """A fresh copy of the seeded cluster, a redis-server, an endpoint and a worker with beat."""
    from app.db import get_engine
    from app.jobs.broker import make_celery
    from app.settings import get_settings

    folder = private_folder("halo-faults-")
    copy_cluster(seeded_cluster, folder)
    postgres = PrivatePostgres(folder).start()
    server = PrivateRedis(folder).start()
    endpoint = Endpoint(ENDPOINT_LATENCY_S)
    llm = FakeLLM(endpoint).start()
    queue = f"halo-faults-{uuid.uuid4().hex[:8]}"
    env = {
        "DATABASE_URL": postgres.url("halo"),
        "REDIS_URL": server.url,
        "CELERY_QUEUE": queue,
        "RECONCILE_EVERY_S": str(RECONCILE_EVERY_S),
        "RECONCILE_GRACE_S": str(RECONCILE_GRACE_S),
    }
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    use_database(env["DATABASE_URL"], monkeypatch)
    client = make_celery(set_as_current=False)
    log = folder / "worker.log"
    worker = None
    try:
        worker = start_worker(
            env=env,
            queue=queue,
            name=queue,
            concurrency=WORKER_PROCESSES,
            log=log,
            beat_schedule=folder / "beat-schedule",
        )
        wait_for_worker(client, queue, worker, timeout=120)  # prefork + beat, a busy machine
        yield Stack(postgres, server, endpoint, llm, client, log)
    finally:
        if worker is not None:
            stop_worker(worker)
        client.close()
        get_engine().dispose()
        get_engine.cache_clear()
        get_settings.cache_clear()
        llm.stop()
        server.stop()
        try:
            postgres.stop()
        finally:
            if not os.environ.get("HALO_FAULTS_KEEP"):  # set it to read the worker's log after
                shutil.rmtree(folder, ignore_errors=True)


def plan_run(base_url: str, *, k: int, **endpoint: Any) -> tuple[int, int]:
    """Define agent ``llm`` on `base_url` and plan a run of it over every scenario.

    Args:
        base_url: the fake endpoint.
        k: checkpoints per scenario.
        endpoint: more agent settings (``retry_window_s``, ``backoff_max_s``, ...).

    Returns:
        (run id, number of responses planned).
    """
    from app.agents.service import create_agent
    from app.runs.service import create_run

    with session_scope() as session:
        create_agent(session, name="llm", config={"base_url": base_url, "model": "m", **endpoint})
        run = create_run(session, agent_names=["llm"], k=k, seed=11)
        assert run.id is not None
        planned = len(session.exec(select(Response.id).where(Response.run_id == run.id)).all())
        return run.id, planned


def done(run_id: int) -> int:
    """How many of the run's responses are finished (any end status)."""
    from app.runs.service import run_progress

    with session_scope() as session:
        return run_progress(session, run_id)["done"]


def describe(stack: Stack, run_id: int) -> str:
    """The run's responses by status, with when the open ones were last sent, and the queue."""
    import redis

    from app.models.base import as_utc, utcnow

    with session_scope() as session:
        rows = session.exec(
            select(Response.status, Response.enqueued_at, Response.claimed_by).where(
                Response.run_id == run_id
            )
        ).all()
    now = utcnow()
    counts = Counter(status for status, _sent, _holder in rows)
    open_rows = Counter(
        (status, round((now - as_utc(sent)).total_seconds()) if sent else None, holder)
        for status, sent, holder in rows
        if status in ("pending", "running")
    )
    queued = redis.Redis.from_url(stack.redis.url).llen(stack.client.conf.task_default_queue)
    return (
        f"statuses {dict(counts)}; open (status, s since sent, holder): {dict(open_rows)}; "
        f"queued {queued}"
    )


def wait_for(check: Any, timeout: float, what: str, stack: Stack) -> Any:
    """Poll `check` every 0.2 s until it returns something truthy (errors count as falsy).

    Raises:
        AssertionError: not within `timeout` seconds; says `what`, the last value or error
            and the end of the worker's log.
    """
    deadline = time.monotonic() + timeout
    while True:
        try:
            value = check()
        except Exception as exc:  # the database may be away right now
            value = exc
        if value and not isinstance(value, Exception):
            return value
        if time.monotonic() > deadline:
            raise AssertionError(
                f"{what}: not within {timeout:g} s (last: {value!r})\n{stack.worker_log()}"
            )
        time.sleep(0.2)


def run_status(run_id: int) -> str:
    """The run's status."""
    with session_scope() as session:
        run = session.get(Run, run_id)
        assert run is not None
        return run.status
