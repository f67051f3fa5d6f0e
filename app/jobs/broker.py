"""The Celery side of the job engine: its app and configuration, ``halo worker``.

With ``REDIS_URL`` set, tasks go to Redis and ``halo worker`` processes run them; without it the
engine runs tasks in-process (:class:`app.jobs.queue.InProcessQueue`), needs no worker and
builds no Celery app to send them.

Periodic tasks: Celery beat (``halo worker --beat``) sends those of
:func:`app.jobs.schedule.current_schedule`, the one schedule the embedded mode runs too
(``runs.reconcile`` every ``RECONCILE_EVERY_S`` seconds, 60 by default).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from celery import Celery
from kombu.transport import redis as kombu_redis
from redis.exceptions import ConnectionError as RedisConnectionError

from app.jobs.schedule import beat_schedule, periodic_queue
from app.settings import get_settings

WORKER_APP = "workers.celery_app"
"""Where the worker's Celery app lives, as ``celery -A`` names it: ``workers/`` registers the
domain's tasks on it. Named, never imported, so ``app/`` does not depend on ``workers/``."""


class RedisChannel(kombu_redis.Channel):
    """kombu's Redis channel: once its connection is closed, it fails as a lost connection.

    Not as an ``AttributeError``, which kills the worker.

    Celery 5.7 (``Consumer.on_connection_error_after_connected``) first collects the broken
    connection (``collect()``, which clears its transport's ``client``), then closes it. When
    the broker went away while the channel waited in ``BRPOP``, the first close stopped at the
    dead socket, so the second closes the channel for real, and its ``restore_unacked`` (a task
    acknowledged late was running) asks a connection pool of a transport whose ``client`` is
    None: ``AttributeError: 'NoneType' object has no attribute 'hostname'``, which no caller
    expects, and the worker stops with "Unrecoverable error". A task that finishes after the
    reconnect and acknowledges its message on the old channel meets the same. Raised as
    redis's ``ConnectionError`` instead, every caller handles it (``maybe_close_channel``,
    ``ack_log_error``): the worker reconnects, the message stays unacknowledged and comes back
    after the visibility timeout, and the reconciler covers the rest (DESIGN §13).
    """

    def _connparams(self, asynchronous: bool = False) -> dict[str, Any]:
        if self.connection is None or self.connection.client is None:
            raise RedisConnectionError("the broker connection of this channel is closed")
        params: dict[str, Any] = super()._connparams(asynchronous=asynchronous)  # type: ignore[no-untyped-call]
        return params


class RedisTransport(kombu_redis.Transport):
    """kombu's Redis transport with :class:`RedisChannel` (see there why)."""

    Channel = RedisChannel


REDIS_TRANSPORT = f"{__name__}:RedisTransport"
"""``broker_transport`` of a ``redis://`` broker: :class:`RedisTransport`. A ``rediss://`` one
keeps kombu's own, which alone turns that scheme into its TLS defaults."""


def make_celery(*, include: Sequence[str] = (), set_as_current: bool = True) -> Celery:
    """A Celery app configured from the settings.

    Broker and result backend on Redis (``REDIS_URL``; without it nothing is sent: the queue
    runs tasks in-process and ``halo worker`` refuses to start).

    Args:
        include: modules whose tasks the app registers when a worker starts (the worker app
            lists ``workers.*``); a client that only sends tasks by name needs none.
        set_as_current: make it this thread's current Celery app (False for the sender of
            :class:`app.jobs.queue.CeleryQueue`, so inside a worker the worker's app stays
            current).
    """
    settings = get_settings()
    app = Celery("halo", include=list(include), set_as_current=set_as_current)
    app.conf.update(
        broker_url=settings.redis_url,
        broker_transport=REDIS_TRANSPORT
        if urlsplit(settings.redis_url or "").scheme == "redis"
        else None,
        result_backend=settings.redis_url,
        task_default_queue=settings.celery_queue,
        # the work queue and beat's own (a worker started without -Q consumes both)
        task_queues={settings.celery_queue: {}, periodic_queue(settings.celery_queue): {}},
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        task_serializer="json",
        accept_content=["json"],
        result_expires=3600,
        broker_connection_retry_on_startup=True,
        broker_transport_options={"visibility_timeout": settings.celery_visibility_timeout},
        beat_schedule=beat_schedule(),
    )
    return app


WORKER_POOLS = ("prefork", "threads")
"""Celery execution pools ``halo worker`` offers: ``prefork`` (processes; for CPU-bound work
and zero-latency endpoints) and ``threads`` (one process keeps many LLM calls in flight: a
response waits on the network, DESIGN §5 "Concurrency")."""


def run_worker(
    *, concurrency: int, pool: str = "prefork", beat_schedule: Path | None = None
) -> None:
    """Run a Celery worker on the worker app (:data:`WORKER_APP`) in this process.

    As ``celery -A workers.celery_app worker`` does; returns when the worker stops.

    Args:
        concurrency: worker processes (``prefork``) or threads (``threads``).
        pool: one of :data:`WORKER_POOLS`. With ``threads`` the database pool is sized to the
            threads (``DATABASE_POOL_SIZE`` = threads + 4 unless set), and Celery's soft time
            limits do not apply (a response is still bounded by its endpoint's timeout and
            retry window).
        beat_schedule: also run Celery beat, keeping its schedule state in this file (one
            worker only); None for no beat.

    Raises:
        ValueError: an unknown pool.
    """
    from celery.bin.celery import celery

    if pool not in WORKER_POOLS:
        raise ValueError(f"pool must be one of {', '.join(WORKER_POOLS)}, not {pool!r}")
    if pool == "threads" and "DATABASE_POOL_SIZE" not in os.environ:
        os.environ["DATABASE_POOL_SIZE"] = str(concurrency + 4)
        get_settings.cache_clear()
    argv = [
        "-A",
        WORKER_APP,
        "worker",
        "--loglevel=INFO",
        f"--concurrency={concurrency}",
        f"--pool={pool}",
    ]
    if beat_schedule is not None:
        argv += ["--beat", f"--schedule={beat_schedule}"]
    celery.main(args=argv, standalone_mode=False)


def broker_unreachable(timeout_s: float = 1.0) -> str | None:
    """Why the configured broker does not answer a ``PING`` within `timeout_s`; None if it does.

    Asks Redis directly with short timeouts (a Celery call on a broker that is away blocks for
    its connection retries, about 20 s). Without ``REDIS_URL`` there is no broker: None.

    Returns:
        None, or the error's class and first line (e.g. ``ConnectionError: Error 111 …``).
    """
    import redis

    url = get_settings().redis_url
    if not url:
        return None
    client = redis.Redis.from_url(url, socket_connect_timeout=timeout_s, socket_timeout=timeout_s)
    try:
        client.ping()
    except redis.exceptions.RedisError as exc:
        return f"{type(exc).__name__}: {next(iter(str(exc).splitlines()), '')}"
    finally:
        client.close()
    return None


def workers_answering(app: Celery, timeout_s: float = 1.0) -> int:
    """How many workers on `app`'s broker answer a ping within `timeout_s` seconds.

    Call it when the broker answers (:func:`broker_unreachable` is None): otherwise the ping
    waits for the broker.
    """
    return len(app.control.ping(timeout=timeout_s) or [])
