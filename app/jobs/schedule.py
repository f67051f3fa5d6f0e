"""The periodic work of the job engine: one schedule, read by Celery beat and by the embedded mode.

:data:`SCHEDULE` lists every periodic task (by its name, ``<domain>.<verb>``) with its interval.
With a broker, Celery beat sends them (``halo worker --beat``; :func:`beat_schedule` is the
beat configuration of :func:`app.jobs.broker.make_celery`). In the embedded default (no
``REDIS_URL``: tasks run in-process and nothing runs beat), ``halo serve`` runs
:func:`start_scheduler`: one daemon thread per periodic task, calling it in this process on
the same intervals for as long as it serves.

Pages never do this work on GET: between two runs, what a periodic task would change is read as
it is (an expired assignment counts as *expired*, an interrupted export as failed).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from app.jobs.tasks import TASKS, Task
from app.settings import get_settings

log = logging.getLogger(__name__)

RECOVER_EVERY_S = 60.0
"""The default of the ``RECONCILE_EVERY_S`` setting: how often to re-queue responses of
active runs that have no live task (``runs.reconcile``: abandoned running ones, pending ones
whose task was lost). Interrupted export jobs are marked failed (``exports.fail_interrupted``)
and abandoned generation candidates sent again (``construction.reconcile``) at this fixed
interval, whatever the setting."""

RECLAIM_EVERY_S = 300.0
"""How often expired annotation assignments go back to the pool
(``annotation.reclaim_expired``)."""


@dataclass(frozen=True)
class Periodic:
    """One periodic task.

    Attributes:
        entry: its name in the beat schedule (and in the embedded thread's name).
        task: the task name (``<domain>.<verb>``, as declared with :func:`app.jobs.tasks.task`).
        every_s: seconds between two runs; the first run comes one interval after the start.
    """

    entry: str
    task: str
    every_s: float


REFRESH_CELLS_EVERY_S = 15.0
"""How often the kept cells of changed checkpoints are recomputed
(``metrics.refresh_kept_cells``; :mod:`app.metrics.kept`)."""

SCHEDULE: tuple[Periodic, ...] = (
    Periodic("reclaim-expired-assignments", "annotation.reclaim_expired", RECLAIM_EVERY_S),
    Periodic("reconcile-runs", "runs.reconcile", RECOVER_EVERY_S),
    Periodic("reconcile-judge-runs", "judges.reconcile", RECOVER_EVERY_S),
    Periodic("fail-interrupted-exports", "exports.fail_interrupted", RECOVER_EVERY_S),
    Periodic("reconcile-generation", "construction.reconcile", RECOVER_EVERY_S),
    Periodic("refresh-kept-cells", "metrics.refresh_kept_cells", REFRESH_CELLS_EVERY_S),
)
"""Every periodic task of the engine, at its default interval (see :func:`current_schedule`)."""


RECONCILERS = ("runs.reconcile", "judges.reconcile")
"""The periodic tasks that follow the ``RECONCILE_EVERY_S`` setting."""


def current_schedule() -> tuple[Periodic, ...]:
    """:data:`SCHEDULE` with the reconcilers every ``RECONCILE_EVERY_S`` seconds (the setting).

    ``runs.reconcile`` and ``judges.reconcile`` (judge runs are reconciled as runs are).

    Returns:
        The periodic tasks as beat and the embedded scheduler run them.
    """
    every_s = get_settings().reconcile_every_s
    return tuple(
        replace(periodic, every_s=every_s) if periodic.task in RECONCILERS else periodic
        for periodic in SCHEDULE
    )


def periodic_queue(queue: str) -> str:
    """The broker queue beat's periodic tasks go to, beside the work queue `queue`.

    Every worker consumes both (``task_queues``); Redis takes them in turn, so a periodic task
    waits for at most one task per process, never for the whole backlog.
    """
    return f"{queue}.periodic"


def beat_schedule(schedule: Sequence[Periodic] | None = None) -> dict[str, dict[str, Any]]:
    """`schedule` (None: :func:`current_schedule`) as Celery's ``beat_schedule`` setting.

    A run missed by the workers expires after one interval (the next run replaces it). Each is
    sent to :func:`periodic_queue`, not behind a run's backlog on the work queue: there it would
    expire unread whenever the backlog takes longer than one interval to drain, and the
    reconciler would never run while a big run is queued.
    """
    queue = periodic_queue(get_settings().celery_queue)
    return {
        periodic.entry: {
            "task": periodic.task,
            "schedule": periodic.every_s,
            "options": {"expires": periodic.every_s, "queue": queue},
        }
        for periodic in (current_schedule() if schedule is None else schedule)
    }


@dataclass(frozen=True)
class Scheduler:
    """The running embedded schedule: one thread per periodic task and the event that stops them."""

    threads: tuple[threading.Thread, ...]
    stopping: threading.Event

    def stop(self, timeout: float = 10.0) -> None:
        """Ask the threads to stop and wait up to `timeout` seconds each for a run under way."""
        self.stopping.set()
        for thread in self.threads:
            thread.join(timeout)


def start_scheduler(
    schedule: Sequence[Periodic] | None = None, tasks: Mapping[str, Task[..., Any]] | None = None
) -> Scheduler:
    """Run the periodic tasks in this process, each on a daemon thread of its own.

    A failed run (the database briefly away) is logged and tried again at the next one; a slow
    one delays only the next run of the same task.

    Args:
        schedule: the periodic tasks; None for :func:`current_schedule` (read at the call, so
            tests may replace it).
        tasks: the declared tasks by name; None for :data:`app.jobs.tasks.TASKS` (the caller
            imports the domains' ``tasks`` modules first).

    Returns:
        The :class:`Scheduler`; call :meth:`Scheduler.stop` when the server stops.

    Raises:
        LookupError: a periodic task names no declared task (nothing is started).
    """
    declared = TASKS if tasks is None else tasks
    periodic_tasks = list(current_schedule() if schedule is None else schedule)
    missing = [p.task for p in periodic_tasks if p.task not in declared]
    if missing:
        raise LookupError(f"the schedule names undeclared tasks: {', '.join(missing)}")
    stopping = threading.Event()
    threads = tuple(
        threading.Thread(
            target=_every,
            args=(declared[p.task], p.every_s, stopping),
            name=f"halo-schedule-{p.entry}",
            daemon=True,
        )
        for p in periodic_tasks
    )
    for thread in threads:
        thread.start()
    return Scheduler(threads, stopping)


def _every(task: Task[..., Any], every_s: float, stopping: threading.Event) -> None:
    """Call `task` every `every_s` seconds until `stopping` is set."""
    while not stopping.wait(every_s):
        try:
            result = task()
        except Exception:  # try again at the next run; the server must keep serving
            log.exception("periodic task %s failed", task.name)
            continue
        if result:
            log.info("periodic task %s: %s", task.name, result)
