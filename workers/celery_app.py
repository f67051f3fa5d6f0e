"""The worker's Celery app: the engine's configuration with the domain's tasks on it.

The configuration is :mod:`app.jobs.broker`'s; ``workers.runs``, ``workers.exports`` and
``workers.annotation`` register the tasks. Start it with ``halo worker`` (or
``celery -A workers.celery_app worker``); it needs ``REDIS_URL`` (without one, the web app and
the CLI run tasks in-process on threads, :class:`app.jobs.queue.InProcessQueue`, and never start
a worker).
"""

from __future__ import annotations

from typing import Any

from app.jobs.broker import make_celery
from app.jobs.tasks import Task, TransientError

celery_app = make_celery(include=["workers.runs", "workers.exports", "workers.annotation"])

TRANSIENT_RETRIES = 30
"""Retries of a task that raised :class:`~app.jobs.tasks.TransientError` (backoff 2, 4, 8 …
seconds with full jitter, at most :data:`TRANSIENT_BACKOFF_MAX_S` each: about 25 minutes in
all); after that the reconciler (``runs.reconcile``) sends the work again."""

TRANSIENT_BACKOFF_MAX_S = 60
"""The longest wait between two retries of a transient failure, in seconds."""


def register(task: Task[..., Any]) -> Any:
    """`task` as a Celery task of :data:`celery_app`, under its name and soft time limit.

    Acknowledged late and handed back when its worker is lost (the app's defaults); a
    :class:`~app.jobs.tasks.TransientError` (database or broker away) retries it with backoff
    instead of acknowledging it as done.
    """
    return celery_app.task(
        name=task.name,
        acks_late=True,
        autoretry_for=(TransientError,),
        retry_backoff=2,
        retry_backoff_max=TRANSIENT_BACKOFF_MAX_S,
        retry_jitter=True,
        max_retries=TRANSIENT_RETRIES,
        soft_time_limit=task.soft_time_limit_s,
        ignore_result=task.ignore_result,
    )(task.run)
