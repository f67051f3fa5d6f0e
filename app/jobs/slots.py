"""Per-endpoint concurrency slots of the job engine (DESIGN.md §13).

One limit per endpoint, whichever job calls it (agent runs today, judge runs and generation
jobs next), shared by every worker process (Redis), or by the threads of one process (the
in-process default without Redis).

The Redis limit is a sorted set of holders scored by the Redis server's clock: one Lua script
sweeps holders older than the lease, counts the rest and adds the caller only when the count is
below the limit — atomically, so two callers can never both take the last slot, and a killed
worker cannot keep a slot forever. A holder is named ``host:pid:<random>``; a caller that finds
every slot taken also gives back, at most once a second, the slots of holders on its own host
whose process is gone (a ``kill -9`` of a threaded worker otherwise idles the next one for the
whole lease).

Redis briefly away degrades safely: acquiring waits (with backoff) for Redis to come back, up to
:data:`REDIS_WAIT_S`, so an endpoint is never called without a slot; releasing never fails (a
slot that could not be given back is swept when its lease ends), so a call that returned is
never lost because the broker blinked afterwards.
"""

from __future__ import annotations

import logging
import random
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import cast

import redis

from app.jobs.backoff import full_jitter_delay
from app.jobs.lease import claimant, holder_is_gone

LEASE_S = 600.0
"""Default seconds after which a slot of a crashed holder is taken back; callers pass their
request timeout plus a margin."""

SWEEP_GONE_EVERY_S = 1.0
"""How often a caller waiting for a full semaphore looks for slots of dead local holders."""

REDIS_WAIT_S = 120.0
"""Seconds an acquisition waits for an unreachable Redis to come back before it fails."""

REDIS_ERRORS = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)
"""What an unreachable or restarting Redis raises."""

log = logging.getLogger(__name__)


class RedisSemaphore:
    """At most `limit` holders of `name` at once across processes.

    Args:
        client: a Redis client.
        name: the semaphore's name (e.g. the endpoint URL).
        limit: holders allowed at once.
        lease_s: seconds after which an unreleased slot is reclaimed.
    """

    _ACQUIRE = """
    local now = redis.call('TIME')
    local t = tonumber(now[1]) + tonumber(now[2]) / 1000000
    redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', t - tonumber(ARGV[1]))
    if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[2]) then
        redis.call('ZADD', KEYS[1], t, ARGV[3])
        redis.call('EXPIRE', KEYS[1], math.ceil(tonumber(ARGV[1])) + 60)
        return 1
    end
    return 0
    """

    def __init__(
        self, client: redis.Redis, name: str, limit: int, lease_s: float = LEASE_S
    ) -> None:
        """At most `limit` holders of `name` on `client`; a holder silent for `lease_s` s lapses."""
        self.client, self.key, self.limit, self.lease_s = client, f"halo:sem:{name}", limit, lease_s
        self._acquire = client.register_script(self._ACQUIRE)

    def acquire(
        self, timeout: float = 3600.0, poll_s: float = 0.02, redis_wait_s: float = REDIS_WAIT_S
    ) -> str:
        """Wait for a slot; return its token.

        While Redis is unreachable, wait for it (full-jitter backoff from 0.1 s up to 5 s) for
        at most `redis_wait_s` seconds in a row.

        Raises:
            TimeoutError: no slot within `timeout` seconds.
            redis.exceptions.ConnectionError: Redis unreachable for `redis_wait_s` seconds
                (the caller's task retries later; no endpoint was called).
        """
        token = f"{claimant()}:{uuid.uuid4().hex}"
        deadline = time.monotonic() + timeout
        swept = time.monotonic()
        down_since: float | None = None
        failures = 0
        rng = random.Random()
        while True:
            try:
                if self._acquire(keys=[self.key], args=[self.lease_s, self.limit, token]):
                    return token
                down_since, failures = None, 0
            except REDIS_ERRORS as exc:
                now = time.monotonic()
                down_since = now if down_since is None else down_since
                if now - down_since >= redis_wait_s:
                    raise
                log.warning("slot %s: Redis unreachable (%s); waiting", self.key, exc)
                time.sleep(full_jitter_delay(failures, base_s=0.1, cap_s=5.0, rng=rng))
                failures += 1
                continue
            if time.monotonic() > deadline:
                raise TimeoutError(f"no slot of {self.key} within {timeout:g} s")
            if time.monotonic() - swept >= SWEEP_GONE_EVERY_S:
                swept = time.monotonic()
                self.sweep_gone()
            time.sleep(poll_s)

    def sweep_gone(self) -> int:
        """Give back the slots whose holder is a process of this host that no longer exists.

        Returns:
            How many slots were given back (0 when Redis is unreachable: the lease frees them).
        """
        try:
            members = [
                member.decode() if isinstance(member, bytes) else str(member)
                for member in cast(list[bytes | str], self.client.zrange(self.key, 0, -1))
            ]
            gone = [member for member in members if holder_is_gone(_holder(member))]
            return int(self.client.zrem(self.key, *gone)) if gone else 0
        except REDIS_ERRORS as exc:
            log.warning("slot %s: dead holders not swept (%s)", self.key, exc)
            return 0

    def release(self, token: str) -> None:
        """Give the slot back; never raises for an unreachable Redis.

        The slot is then swept when its lease ends, so the call made under it is kept.
        """
        try:
            self.client.zrem(self.key, token)
        except REDIS_ERRORS as exc:
            log.warning("slot %s: not released (%s); its lease will free it", self.key, exc)

    @contextmanager
    def slot(self) -> Iterator[None]:
        """Hold a slot for the block (:meth:`acquire`, then :meth:`release`)."""
        token = self.acquire()
        try:
            yield
        finally:
            self.release(token)


def _holder(token: str) -> str:
    """The ``host:pid`` part of a slot token ``host:pid:<random>`` ("" for another shape)."""
    holder, _, rest = token.rpartition(":")
    return holder if rest else ""


REDIS_SOCKET_TIMEOUT_S = 10.0
"""Seconds a slot command waits on its socket (to connect, or for an answer) before it counts
as Redis being away: without a timeout, a Redis lost without closing its connections (a
network partition, a frozen host) would hold the call, and its response, forever."""


@lru_cache(maxsize=8)
def _redis(url: str) -> redis.Redis:
    return redis.Redis.from_url(
        url,
        socket_connect_timeout=REDIS_SOCKET_TIMEOUT_S,
        socket_timeout=REDIS_SOCKET_TIMEOUT_S,
        health_check_interval=30,
    )


@lru_cache(maxsize=256)
def _semaphore(redis_url: str, endpoint: str, limit: int, lease_s: float) -> RedisSemaphore:
    """One :class:`RedisSemaphore` per endpoint and limit (registering its script hashes it)."""
    return RedisSemaphore(_redis(redis_url), endpoint, limit, lease_s=lease_s)


class LocalLimiter:
    """At most `limit` holders at once among this process's threads.

    The limit is given per acquisition, like the Redis semaphore's, so both key a limit by the
    endpoint alone.
    """

    def __init__(self) -> None:
        """A limiter that nobody holds yet."""
        self._held = 0
        self._changed = threading.Condition()

    @contextmanager
    def slot(self, limit: int) -> Iterator[None]:
        """Hold one of `limit` slots for the block, waiting while all are held."""
        with self._changed:
            self._changed.wait_for(lambda: self._held < limit)
            self._held += 1
        try:
            yield
        finally:
            with self._changed:
                self._held -= 1
                self._changed.notify_all()


_LOCAL: dict[str, LocalLimiter] = {}
_LOCAL_LOCK = threading.Lock()


@contextmanager
def endpoint_slot(
    endpoint: str, limit: int, redis_url: str | None, lease_s: float = LEASE_S
) -> Iterator[None]:
    """Hold one of `limit` slots for `endpoint`.

    Across all workers when Redis is configured, else across the threads of this process.

    Args:
        endpoint: the endpoint URL; the limit is per endpoint, whichever agent calls it.
        limit: calls allowed at once.
        redis_url: the broker; None for the in-process limiter.
        lease_s: seconds after which a slot whose holder died is taken back (Redis only):
            the request timeout plus a margin, so a killed worker blocks no one for long.
    """
    if redis_url:
        with _semaphore(redis_url, endpoint, limit, lease_s).slot():
            yield
        return
    with _LOCAL_LOCK:
        limiter = _LOCAL.setdefault(endpoint, LocalLimiter())
    with limiter.slot(limit):
        yield
