"""Endpoint slots when Redis is briefly away (issue 11, item 2): acquiring waits for Redis to
come back instead of failing or calling without a slot, and releasing never fails, on a
redis-server of the test's own that the test stops and starts."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from app.jobs.slots import RedisSemaphore
from tests.private_redis import PrivateRedis


@pytest.fixture
def private_redis(tmp_path: Path) -> Iterator[PrivateRedis]:
    server = PrivateRedis(tmp_path).start()
    try:
        yield server
    finally:
        server.stop()


def test_acquire_waits_for_redis_to_come_back(private_redis: PrivateRedis) -> None:
    client = redis.Redis.from_url(private_redis.url, socket_timeout=2)
    semaphore = RedisSemaphore(client, "http://endpoint/v1", limit=1, lease_s=60)
    private_redis.stop()
    got: list[str] = []
    acquiring = threading.Thread(target=lambda: got.append(semaphore.acquire(redis_wait_s=30)))
    started = time.monotonic()
    acquiring.start()
    time.sleep(1.5)
    assert got == [] and acquiring.is_alive()  # no slot, so no call: it waits
    private_redis.start()
    acquiring.join(15)
    assert len(got) == 1, "the slot was not acquired after Redis came back"
    assert time.monotonic() - started >= 1.5
    assert client.zrange(semaphore.key, 0, -1) == [got[0].encode()]

    private_redis.stop()
    semaphore.release(got[0])  # Redis away: no error, the call made under the slot is kept


def test_acquire_gives_up_after_the_redis_wait(private_redis: PrivateRedis) -> None:
    semaphore = RedisSemaphore(redis.Redis.from_url(private_redis.url), "e", limit=1)
    private_redis.stop()
    started = time.monotonic()
    with pytest.raises(redis.exceptions.ConnectionError):
        semaphore.acquire(redis_wait_s=1.0)
    assert 1.0 <= time.monotonic() - started < 10


def test_a_redis_that_never_answers_counts_as_away(monkeypatch: pytest.MonkeyPatch) -> None:
    """A peer that accepts the connection and then says nothing (a frozen host, a partition):
    the slot's client times out and the acquisition fails like an unreachable Redis, instead
    of holding the LLM call (and its response) forever."""
    import socket

    from app.jobs import slots

    monkeypatch.setattr(slots, "REDIS_SOCKET_TIMEOUT_S", 0.2)
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(16)  # the kernel completes the handshakes; nobody ever reads or writes
        url = f"redis://127.0.0.1:{silent.getsockname()[1]}/0"
        semaphore = RedisSemaphore(slots._redis(url), "e", limit=1)
        started = time.monotonic()
        with pytest.raises(slots.REDIS_ERRORS):
            semaphore.acquire(redis_wait_s=1.0)
        assert 1.0 <= time.monotonic() - started < 8
