"""A worker outlives its broker going away while it runs a task acknowledged late (issue 11).

Celery 5.7 with kombu's own Redis transport stops such a worker for good ("Unrecoverable error:
AttributeError: 'NoneType' object has no attribute 'hostname'", see
:class:`app.jobs.broker.RedisChannel`), so nothing runs until someone restarts it; on the job
engine's transport it reconnects and takes new tasks. A real prefork worker on a redis-server of
the test's own, which the test stops (its data gone) and starts again.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest

from app.jobs.broker import REDIS_TRANSPORT, make_celery
from app.settings import get_settings
from tests.celery_worker import start_worker, stop_worker, wait_for_worker
from tests.private_redis import PrivateRedis

QUEUE = "halo-outage"


def _tail(log: Path) -> str:
    return log.read_text()[-4000:]


def _wait(condition: Callable[[], bool], timeout_s: float, what: str, log: Path) -> None:
    deadline = time.monotonic() + timeout_s
    while not condition():
        assert time.monotonic() < deadline, f"{what}: not within {timeout_s} s\n{_tail(log)}"
        time.sleep(0.1)


def test_a_worker_takes_tasks_again_after_its_broker_came_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    server = PrivateRedis(tmp_path).start()
    marks, log = tmp_path / "marks", tmp_path / "worker.log"
    marks.mkdir()
    env = {"REDIS_URL": server.url, "CELERY_QUEUE": QUEUE, "OUTAGE_MARKS": str(marks)}
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    get_settings.cache_clear()
    client = make_celery(set_as_current=False)
    assert client.conf.broker_transport == REDIS_TRANSPORT
    worker = start_worker(
        env=env, queue=QUEUE, name="outage", concurrency=2, log=log, app="tests.jobs.outage_app"
    )
    try:
        wait_for_worker(client, "outage", worker, timeout=60)
        client.send_task("outage.hold", args=[6.0], queue=QUEUE)
        _wait(lambda: (marks / "held").exists(), 30, "the held task started", log)
        server.stop()  # while the task runs, its message unacknowledged, the consumer in BRPOP
        time.sleep(3)
        assert worker.poll() is None, f"the worker stopped with Redis away\n{_tail(log)}"
        server.start()
        client.send_task("outage.mark", args=["after"], queue=QUEUE)
        _wait(lambda: (marks / "after").exists(), 60, "a task sent after the outage ran", log)
        assert worker.poll() is None
        assert "Unrecoverable error" not in log.read_text()
    finally:
        stop_worker(worker)
        server.stop()
        get_settings.cache_clear()


def test_only_a_plain_redis_broker_takes_the_engines_transport(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``rediss://`` keeps kombu's own transport: kombu turns that scheme into TLS only for it."""
    seen = {}
    for url in ("redis://127.0.0.1:6379/0", "rediss://cache.example:6380/0"):
        monkeypatch.setenv("REDIS_URL", url)
        get_settings.cache_clear()
        seen[url] = make_celery(set_as_current=False).conf.broker_transport
    get_settings.cache_clear()
    assert seen == {
        "redis://127.0.0.1:6379/0": "app.jobs.broker:RedisTransport",
        "rediss://cache.example:6380/0": None,
    }
