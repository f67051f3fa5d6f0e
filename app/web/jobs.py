"""Starting a job from a request (DESIGN.md §13)."""

from __future__ import annotations

from collections.abc import Callable

from fastapi import BackgroundTasks

from app.jobs.queue import get_queue


def start_job(background: BackgroundTasks, start: Callable[[int], object], job_id: int) -> None:
    """Call a domain's start function for `job_id` so the request never waits for the work.

    With a broker, queueing is quick and happens now; in-process the start function does the
    work itself, so it runs after the response is sent (FastAPI background task).

    Args:
        background: the request's background tasks.
        start: e.g. :func:`app.runs.tasks.start_run`, :func:`app.export.tasks.start_export`.
        job_id: the run or export job.
    """
    if get_queue().in_process:
        background.add_task(start, job_id)
    else:
        start(job_id)
