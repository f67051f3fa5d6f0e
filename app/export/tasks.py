"""An export as a job of the engine (DESIGN.md §9, §13).

The task that writes one export job, the function that starts it, and the periodic task that
fails interrupted jobs.
"""

from __future__ import annotations

from app.db import session_scope
from app.errors import NotFoundError
from app.export import jobs
from app.jobs.queue import get_queue
from app.jobs.tasks import task

TASK_SOFT_LIMIT_S = 6 * 3600
"""Seconds a worker gives one export before its task is stopped."""


@task("exports.run", soft_time_limit_s=TASK_SOFT_LIMIT_S)
def run_export(job_id: int) -> str:
    """Write export job `job_id`; returns its final status.

    A finished job, or one another live process is writing, is left alone; a job deleted
    meanwhile (e.g. interrupted, then removed, before a redelivery) is ``deleted``.
    """
    with session_scope() as session:
        try:
            return jobs.run_export_job(session, job_id).status
        except NotFoundError:
            return "deleted"


@task("exports.fail_interrupted")
def fail_interrupted() -> int:
    """Mark every interrupted export job failed and remove its temporary files; how many.

    Periodic (:data:`app.jobs.schedule.SCHEDULE`); idempotent. See
    :func:`app.export.jobs.fail_interrupted_jobs`.
    """
    with session_scope() as session:
        return len(jobs.fail_interrupted_jobs(session))


def start_export(job_id: int) -> None:
    """Start writing a queued export job (:func:`app.export.jobs.create_export_job`).

    In-process (no broker) it is written now and this returns when it is finished; with a broker,
    a worker writes it.
    """
    get_queue().enqueue(run_export, job_id)
