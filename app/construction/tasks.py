"""A generation job as a job of the engine (DESIGN.md §11, §13).

One task per environment candidate, idempotent (``construction.build_environment``), and the
functions that start and resume a job. Web pages and the CLI call these, never ``workers/``.
"""

from __future__ import annotations

from app.construction import service
from app.db import session_scope
from app.errors import NotFoundError
from app.jobs.queue import OnDone, get_queue
from app.jobs.tasks import TimeLimitExceeded, TransientError, task
from app.runs.service import internal_error_message, retry_can_fix

TASK_SOFT_LIMIT_S = 6 * 3600
"""Seconds a worker gives one environment and its scenario candidates."""


@task("construction.build_environment", soft_time_limit_s=TASK_SOFT_LIMIT_S, ignore_result=True)
def build_environment(candidate_id: int) -> str:
    """Run environment candidate `candidate_id` and its scenarios; returns its status.

    A task that runs out of time, or fails for a reason no retry fixes, ends the candidate (and
    its open scenario candidates) ``failed`` with the reason, never ``running``.

    Raises:
        TransientError: the database or the broker blinked
            (:func:`~app.runs.service.retry_can_fix`); the worker runs the task again with
            backoff and it continues where it stopped (this process takes its own claim back
            at once, another after the lease).
    """
    try:
        with session_scope() as session:
            return service.execute_environment(session, candidate_id)
    except NotFoundError:
        return "deleted"
    except TimeLimitExceeded:
        with session_scope() as session:
            service.fail_candidate(
                session, candidate_id, f"task_timeout: not done within {TASK_SOFT_LIMIT_S} s"
            )
        return service.FAILED
    except Exception as exc:
        if retry_can_fix(exc):
            raise TransientError(internal_error_message(exc)) from exc
        with session_scope() as session:
            service.fail_candidate(
                session, candidate_id, f"internal_error: {type(exc).__name__}: {exc}"[:2000]
            )
        raise


@task("construction.reconcile", ignore_result=True)
def reconcile() -> int:
    """Send a task for every abandoned environment candidate of an open job; how many.

    Periodic (:data:`app.jobs.schedule.SCHEDULE`); idempotent: the claim of each task decides.
    See :func:`app.construction.service.abandoned_environment_ids`.
    """
    with session_scope() as session:
        ids = service.abandoned_environment_ids(session)
    get_queue().enqueue_many(build_environment, ids)
    return len(ids)


def start_generation(job_id: int, *, on_done: OnDone | None = None) -> int:
    """Start (or continue) a job: queue a task per open environment candidate.

    In-process (no broker) the candidates run now, on the queue's threads, and this returns when
    they are finished; with a broker it returns once they are queued.

    Args:
        job_id: the job.
        on_done: ``on_done(candidate_id, status)`` as each environment finishes in this process.

    Returns:
        How many environment candidates were queued.

    Raises:
        NotFoundError: no such job.
    """
    with session_scope() as session:
        service.mark_job_started(session, job_id)
        ids = service.pending_environment_ids(session, job_id)
    get_queue().enqueue_many(build_environment, ids, on_done=on_done)
    return len(ids)


def resume_generation(
    job_id: int, *, budget_tokens: int | None = None, on_done: OnDone | None = None
) -> int:
    """Resume a stopped or cancelled job, or retry its endpoint failures.

    See :func:`app.construction.service.resume_job`.

    Returns:
        How many environment candidates were queued.

    Raises:
        NotFoundError: no such job.
        ConflictError: the job is still running, completed with no endpoint failure, or its
            budget is still spent.
    """
    with session_scope() as session:
        ids = service.resume_job(session, job_id, budget_tokens=budget_tokens)
    get_queue().enqueue_many(build_environment, ids, on_done=on_done)
    return len(ids)
