"""A judge run as a job of the engine (DESIGN.md §12, §13).

``judges.execute`` produces one prediction (idempotent; on a broker, a copy that finds a live
holder looks again every :data:`RECHECK_S` seconds), ``judges.reconcile`` (in the schedule, as
``runs.reconcile``) sends a task for every prediction of a running judge run that has none,
and :func:`start_judge_run` starts or continues one.
"""

from __future__ import annotations

import logging

from app.db import session_scope
from app.jobs.queue import OnDone, get_queue
from app.jobs.tasks import TimeLimitExceeded, TransientError, task
from app.judges import service
from app.runs.service import internal_error_message, retry_can_fix
from app.vocabulary import PredictionStatus

log = logging.getLogger(__name__)

TASK_SOFT_LIMIT_S = 900
"""Seconds a worker gives one prediction before its task is stopped (``task_timeout``)."""
RECHECK_S = 30
"""Seconds after which a task that found a live holder looks again."""


def produce_prediction(prediction_id: str) -> str:
    """Produce one planned prediction in this process; returns its status.

    Raises:
        TransientError: the database or broker blinked (the claim is given back when it can be,
            so a retried task produces it).
        NotFoundError: no such prediction.
    """
    try:
        with session_scope() as session:
            return service.execute_prediction(session, prediction_id)
    except TimeLimitExceeded:
        with session_scope() as session:
            service.fail_prediction(
                session,
                prediction_id,
                "task_timeout",
                f"task_timeout: no result within {TASK_SOFT_LIMIT_S} s",
            )
        return PredictionStatus.FAILED
    except Exception as exc:
        with session_scope() as session:
            status = service.fail_unretryable(session, prediction_id, exc)
        if status is not None:
            return status
        if retry_can_fix(exc):
            try:
                with session_scope() as session:
                    service.release_claim(session, prediction_id)
            except Exception:  # still away: the lease lapses and the reconciler sends it again
                log.warning("prediction %s: claim not given back", prediction_id, exc_info=True)
            raise TransientError(internal_error_message(exc)) from exc
        raise


@task("judges.execute", soft_time_limit_s=TASK_SOFT_LIMIT_S, ignore_result=True)
def execute_prediction(prediction_id: str) -> str:
    """The task around :func:`produce_prediction`; a repeated task changes nothing."""
    status = produce_prediction(prediction_id)
    queue = get_queue()
    if status == PredictionStatus.RUNNING and not queue.in_process:
        queue.enqueue(execute_prediction, prediction_id, countdown=RECHECK_S)
    return status


@task("judges.reconcile", ignore_result=True)
def reconcile() -> int:
    """Send a task for every prediction of a running judge run that has no live one; how many."""
    with session_scope() as session:
        ids = service.reconcile(session)
    get_queue().enqueue_many(execute_prediction, ids)
    return len(ids)


def start_judge_run(
    judge_run_id: int, *, include_running: bool = False, on_done: OnDone | None = None
) -> int:
    """Start (or continue) a judge run: set it running and queue its open predictions.

    In-process (no broker) the predictions are produced now, on the queue's threads, and this
    returns when they are finished; with a broker it returns once they are queued.

    Args:
        judge_run_id: the judge run.
        include_running: also queue predictions some task holds now (a task takes one only
            when its holder is gone or silent): ``halo judge --resume`` in-process.
        on_done: called as ``on_done(prediction_id, status)`` as each finishes in this process.

    Returns:
        How many predictions were queued.

    Raises:
        NotFoundError: no such judge run.
    """
    with session_scope() as session:
        service.mark_judge_run_started(session, judge_run_id)
        ids = service.open_prediction_ids(session, judge_run_id, include_running=include_running)
        service.mark_enqueued(session, ids)
    get_queue().enqueue_many(execute_prediction, ids, on_done=on_done)
    return len(ids)
