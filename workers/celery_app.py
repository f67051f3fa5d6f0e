"""The worker's Celery app: the engine's configuration with the domain's tasks on it.

The configuration is :mod:`app.jobs.broker`'s; ``workers.runs``, ``workers.exports`` and
``workers.annotation`` register the tasks. Start it with ``halo worker`` (or
``celery -A workers.celery_app worker``); it needs ``REDIS_URL`` (without one, the web app and
the CLI run tasks in-process on threads, :class:`app.jobs.queue.InProcessQueue`, and never start
a worker).
"""

from __future__ import annotations

import ctypes
import logging
import os
import signal
import sys
from typing import Any

from celery.signals import beat_embedded_init

from app.jobs.broker import make_celery
from app.jobs.tasks import Task, TransientError

celery_app = make_celery(
    include=[
        "workers.runs",
        "workers.exports",
        "workers.annotation",
        "workers.judges",
        "workers.construction",
        "workers.metrics",
    ]
)

log = logging.getLogger(__name__)

PR_SET_PDEATHSIG = 1
"""Linux ``prctl`` option: the signal this process gets when its parent dies."""


def die_with_parent(**_signal_kwargs: Any) -> None:
    """Have the kernel end this process (SIGKILL) when its parent process dies (Linux only).

    Connected to ``beat_embedded_init``: ``halo worker --beat`` runs beat in a child process,
    which would outlive a worker killed with SIGKILL and keep sending the schedule, so that a
    restarted worker's beat doubles it. Elsewhere than Linux, or if ``prctl`` fails, it logs a
    warning and does nothing.
    """
    if not sys.platform.startswith("linux"):
        return
    parent = os.getppid()
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) != 0:
        log.warning("beat: prctl(PR_SET_PDEATHSIG) failed (errno %d)", ctypes.get_errno())
        return
    if os.getppid() != parent:  # the parent died before the request took effect
        os.kill(os.getpid(), signal.SIGKILL)


beat_embedded_init.connect(die_with_parent, weak=False)

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
