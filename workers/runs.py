"""Run tasks: one task per planned response (run, checkpoint, agent), idempotent.

``runs.execute_response`` produces a response; a copy that finds a live holder producing it
looks again every :data:`RECHECK_S` seconds until the response is finished or the holder's
lease (:data:`app.runs.lease.LEASE_S`) lapses, so a redelivered task never leaves a response
stuck. ``runs.recover_abandoned`` (Celery beat, every ``RECOVER_EVERY_S`` seconds, see
workers.celery_app) re-queues running responses whose holder died without the broker
redelivering its task (a whole worker killed: Redis redelivers only after the visibility
timeout).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, as_completed

from celery.exceptions import SoftTimeLimitExceeded

from app.db import session_scope
from app.runs import service
from app.settings import get_settings
from workers.celery_app import celery_app

TASK_SOFT_LIMIT_S = 900
RECHECK_S = 30
"""Seconds after which a task that found a live holder looks again (the holder may die)."""


def produce_response(response_id: str) -> str:
    """Produce one planned response in this process; returns its status (``running`` when a
    live holder elsewhere has it). A response that runs out of the task's time ends as
    ``api_error`` (``task_timeout``), and one that fails for a reason no retry can fix (e.g.
    a value the database refuses) as ``api_error`` (``internal_error``), never ``running``;
    errors a retry can fix (a lost database or broker connection) are raised."""
    try:
        with session_scope(autocommit=True) as session:
            return service.execute_response(session, response_id)
    except SoftTimeLimitExceeded:
        with session_scope() as session:
            service.mark_failed(
                session,
                response_id,
                "task_timeout",
                f"task_timeout: no result within {TASK_SOFT_LIMIT_S} s",
            )
        return "api_error"
    except Exception as exc:
        with session_scope() as session:  # a transaction of its own: the failed one is gone
            status = service.fail_unretryable(session, response_id, exc)
        if status is None:
            raise
        return status


@celery_app.task(
    name="runs.execute_response",
    acks_late=True,
    soft_time_limit=TASK_SOFT_LIMIT_S,
    ignore_result=True,  # the response row is the result; nobody reads the task's return value
)
def execute_response(response_id: str) -> str:
    """The task around :func:`produce_response`; a redelivered or repeated task changes nothing.
    When another live holder has the response, look again in :data:`RECHECK_S` seconds."""
    status = produce_response(response_id)
    if status == "running" and not get_settings().in_process_tasks:
        execute_response.apply_async((response_id,), countdown=RECHECK_S)
    return status


@celery_app.task(name="runs.recover_abandoned", ignore_result=True)
def recover_abandoned() -> int:
    """Re-queue every abandoned running response (any run); returns how many."""
    with session_scope() as session:
        ids = service.requeue_abandoned(session)
    for response_id in ids:
        execute_response.delay(response_id)
    return len(ids)


def dispatch_run(run_id: int) -> int:
    """Queue every unfinished response of a run; in-process (no Redis), produce them now on
    :func:`produce_in_process`'s threads. Returns how many."""
    with session_scope() as session:
        service.mark_run_started(session, run_id)
        ids = service.pending_response_ids(session, run_id, include_running=False)
    if get_settings().in_process_tasks:
        produce_in_process(ids)
    else:
        for response_id in ids:
            execute_response.delay(response_id)
    return len(ids)


def produce_in_process(
    response_ids: list[str], on_done: Callable[[str, str], None] | None = None
) -> None:
    """Produce responses in this process on `in_process_threads` threads (LLM calls wait on
    the network, so threads overlap them; each endpoint's concurrency limit still holds).

    Ctrl+C (KeyboardInterrupt) stops handing out responses: the ones in flight finish, the
    rest stay ``pending`` for ``halo run --resume``.

    Args:
        response_ids: responses to produce; finished ones are skipped.
        on_done: called as ``on_done(response_id, status)`` in the caller's thread as each
            response finishes (e.g. to move a progress bar).
    """
    threads = min(get_settings().in_process_threads, max(1, len(response_ids)))
    stop = threading.Event()

    def produce(response_id: str) -> str:
        return "pending" if stop.is_set() else produce_response(response_id)

    pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="halo-response")
    try:
        futures = {pool.submit(produce, rid): rid for rid in response_ids}
        for future in as_completed(futures):
            status = future.result()
            if on_done is not None:
                on_done(futures[future], status)
    except BaseException:
        stop.set()
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)
