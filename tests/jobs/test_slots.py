"""Per-endpoint concurrency limits on a real Redis (shared by processes) and in-process."""

from __future__ import annotations

import os
import threading
import time
import uuid

import redis

from app.jobs.slots import RedisSemaphore, endpoint_slot

REDIS_URL = os.environ.get("HALO_TEST_REDIS", "redis://127.0.0.1:6379/9")


def _peak(use: callable, workers: int = 6, hold_s: float = 0.1) -> int:  # type: ignore[valid-type]
    active = peak = 0
    lock = threading.Lock()

    def work() -> None:
        nonlocal active, peak
        with use():
            with lock:
                active += 1
                peak = max(peak, active)
            time.sleep(hold_s)
            with lock:
                active -= 1

    threads = [threading.Thread(target=work) for _ in range(workers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    return peak


def test_redis_semaphore_caps_holders_at_the_limit() -> None:
    client = redis.Redis.from_url(REDIS_URL)
    semaphore = RedisSemaphore(client, f"test-{uuid.uuid4().hex}", limit=2)
    assert _peak(semaphore.slot) == 2
    assert client.zcard(semaphore.key) == 0  # every slot was given back


def test_endpoint_slot_uses_redis_when_configured() -> None:
    name = f"http://test-{uuid.uuid4().hex}/v1/chat/completions"
    assert _peak(lambda: endpoint_slot(name, 3, REDIS_URL), workers=8) == 3
    assert _peak(lambda: endpoint_slot(name, 1, None), workers=4) == 1


def test_slot_of_a_crashed_holder_is_reclaimed_after_its_lease() -> None:
    client = redis.Redis.from_url(REDIS_URL)
    semaphore = RedisSemaphore(client, f"test-{uuid.uuid4().hex}", limit=1, lease_s=0.3)
    semaphore.acquire()  # never released, as if the worker was killed
    started = time.monotonic()
    token = semaphore.acquire(timeout=5)
    assert 0.25 <= time.monotonic() - started < 2
    semaphore.release(token)


def test_in_process_limit_is_keyed_by_the_endpoint_like_the_redis_one() -> None:
    name = f"http://local-{uuid.uuid4().hex}/v1/chat/completions"
    # two agents with different limits on one endpoint share its slots, as on Redis
    assert _peak(lambda: endpoint_slot(name, 2, None), workers=6) == 2
    assert _peak(lambda: endpoint_slot(name, 4, None), workers=6) == 4


def test_endpoint_slot_passes_the_lease_to_redis() -> None:
    client = redis.Redis.from_url(REDIS_URL)
    name = f"http://lease-{uuid.uuid4().hex}/v1/chat/completions"
    holder = endpoint_slot(name, 1, REDIS_URL, lease_s=0.3)
    holder.__enter__()  # never left, as if the worker was killed mid-request
    started = time.monotonic()
    with endpoint_slot(name, 1, REDIS_URL, lease_s=0.3):
        waited = time.monotonic() - started
    assert 0.25 <= waited < 2
    client.delete(f"halo:sem:{name}")


def test_slots_of_a_killed_local_holder_are_given_back_before_their_lease() -> None:
    """A ``kill -9``-ed worker's slots: the next caller sweeps them, not after the lease."""
    import socket
    import subprocess
    import sys

    client = redis.Redis.from_url(REDIS_URL)
    semaphore = RedisSemaphore(client, f"test-{uuid.uuid4().hex}", limit=2, lease_s=600)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    now = float(client.time()[0])
    held = {f"{socket.gethostname()}:{dead.pid}:{n}": now for n in ("a", "b")}
    client.zadd(semaphore.key, held)  # as the killed process left them
    client.zadd(semaphore.key, {f"other-host:{os.getpid()}:c": now})  # another host: kept
    started = time.monotonic()
    token = semaphore.acquire(timeout=5)
    assert time.monotonic() - started < 3  # not the 600 s lease
    members = {m.decode() for m in client.zrange(semaphore.key, 0, -1)}
    assert members == {f"other-host:{os.getpid()}:c", token}
    assert token.startswith(f"{socket.gethostname()}:{os.getpid()}:")
    semaphore.release(token)
    client.delete(semaphore.key)
