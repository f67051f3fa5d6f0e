"""The Celery side of the job engine: its app and configuration, ``halo worker``.

With ``REDIS_URL`` set, tasks go to Redis and ``halo worker`` processes run them; without it the
engine runs tasks in-process (:class:`app.jobs.queue.InProcessQueue`), needs no worker and
builds no Celery app to send them.

Periodic tasks: Celery beat (``halo worker --beat``) sends those of
:data:`app.jobs.schedule.SCHEDULE`, the one schedule the embedded mode runs too.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from celery import Celery

from app.jobs.schedule import beat_schedule
from app.settings import get_settings

WORKER_APP = "workers.celery_app"
"""Where the worker's Celery app lives, as ``celery -A`` names it: ``workers/`` registers the
domain's tasks on it. Named, never imported, so ``app/`` does not depend on ``workers/``."""


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
        result_backend=settings.redis_url,
        task_default_queue=settings.celery_queue,
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


def run_worker(*, concurrency: int, beat_schedule: Path | None = None) -> None:
    """Run a Celery worker on the worker app (:data:`WORKER_APP`) in this process.

    As ``celery -A workers.celery_app worker`` does; returns when the worker stops.

    Args:
        concurrency: worker processes.
        beat_schedule: also run Celery beat, keeping its schedule state in this file (one
            worker only); None for no beat.
    """
    from celery.bin.celery import celery

    argv = ["-A", WORKER_APP, "worker", "--loglevel=INFO", f"--concurrency={concurrency}"]
    if beat_schedule is not None:
        argv += ["--beat", f"--schedule={beat_schedule}"]
    celery.main(args=argv, standalone_mode=False)
