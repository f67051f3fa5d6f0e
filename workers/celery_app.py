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
from app.jobs.tasks import Task

celery_app = make_celery(include=["workers.runs", "workers.exports", "workers.annotation"])


def register(task: Task[..., Any]) -> Any:
    """`task` as a Celery task of :data:`celery_app`, under its name and soft time limit.

    Acknowledged late and handed back when its worker is lost (the app's defaults).
    """
    return celery_app.task(
        name=task.name,
        acks_late=True,
        soft_time_limit=task.soft_time_limit_s,
        ignore_result=task.ignore_result,
    )(task.run)
