"""Fixtures for tests that talk to a real Redis broker and real `celery worker` processes."""

from __future__ import annotations

import os
import subprocess
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
import redis

from app.settings import get_settings
from tests.celery_worker import start_worker, wait_for_worker

REDIS_URL = os.environ.get("HALO_TEST_REDIS", "redis://127.0.0.1:6379/9")


@dataclass
class Broker:
    """A queue of this test's own on the test Redis, and a client app that sends to it.

    Attributes:
        client: the Celery app configured for the queue.
        queue: the queue name (also used as worker node name prefix).
        env: environment a worker needs (DATABASE_URL, REDIS_URL, CELERY_QUEUE).
    """

    client: Any
    queue: str
    env: dict[str, str]

    def worker(self, name: str, **options: Any) -> subprocess.Popen[bytes]:
        """Start a worker on the queue and wait until it answers; see `start_worker`."""
        env = {**self.env, **options.pop("env", {})}
        process = start_worker(env=env, queue=self.queue, name=name, **options)
        wait_for_worker(self.client, name, process)
        return process


@pytest.fixture
def broker(live_db: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Broker]:
    """A :class:`Broker` on a fresh queue; settings point this process at it."""
    queue = f"halo-test-{uuid.uuid4().hex[:8]}"
    redis.Redis.from_url(REDIS_URL).ping()
    monkeypatch.setenv("REDIS_URL", REDIS_URL)
    monkeypatch.setenv("CELERY_QUEUE", queue)
    get_settings.cache_clear()
    from app.jobs.broker import make_celery

    client = make_celery()
    try:
        yield Broker(
            client, queue, {"DATABASE_URL": live_db, "REDIS_URL": REDIS_URL, "CELERY_QUEUE": queue}
        )
    finally:
        client.close()
        get_settings.cache_clear()


def stop(*processes: subprocess.Popen[bytes] | None) -> None:
    """Terminate worker processes that are still running (kill if they do not stop)."""
    for process in processes:
        if process is None or process.poll() is not None:
            continue
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()


@pytest.fixture
def celery_worker(broker: Broker) -> Iterator[Any]:
    """A real `celery worker` process (solo pool) on the broker's queue; yields the client."""
    process = broker.worker(broker.queue)
    try:
        yield broker.client
    finally:
        stop(process)


def wait_until(check: Callable[[], Any], timeout: float, what: str) -> Any:
    """Poll `check` every 0.1 s until it returns something truthy; return that.

    Raises:
        AssertionError: not within `timeout` seconds (the message says `what` and the last
            value seen).
    """
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        assert time.monotonic() < deadline, f"{what}: not within {timeout:g} s (last: {value!r})"
        time.sleep(0.1)


@pytest.fixture(autouse=True)
def _fresh_row_caches() -> Iterator[None]:
    """Empty the per-process caches of immutable rows (agents, run limits) around
    each test: every test has a fresh database whose ids repeat, so a cached agent of an
    earlier test would point at that test's (gone) endpoint."""
    from app.runs import service

    caches = (service._AGENTS, service._LIMITS)
    for cache in caches:
        cache.clear()
    yield
    for cache in caches:
        cache.clear()
