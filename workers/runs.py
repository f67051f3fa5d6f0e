"""Run tasks: one task per planned response (run, checkpoint, agent), idempotent."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, as_completed

from celery.exceptions import SoftTimeLimitExceeded

from app.db import session_scope
from app.runs import service
from app.settings import get_settings
from workers.celery_app import celery_app

TASK_SOFT_LIMIT_S = 900


@celery_app.task(
    name="runs.execute_response",
    acks_late=True,
    soft_time_limit=TASK_SOFT_LIMIT_S,
    ignore_result=True,  # the response row is the result; nobody reads the task's return value
)
def execute_response(response_id: str) -> str:
    """Produce one planned response; a redelivered or repeated task changes nothing. A task that
    runs out of time ends its response as ``api_error`` (``task_timeout``), never ``running``."""
    try:
        with session_scope(autocommit=True) as session:
            return service.execute_response(session, response_id)
    except SoftTimeLimitExceeded:
        with session_scope() as session:
            service.mark_failed(session, response_id, "task_timeout",
                                f"task_timeout: no result within {TASK_SOFT_LIMIT_S} s")
        return "api_error"


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

    Args:
        response_ids: responses to produce; finished ones are skipped by the task itself.
        on_done: called as ``on_done(response_id, status)`` in the caller's thread as each
            response finishes (e.g. to move a progress bar).
    """
    threads = min(get_settings().in_process_threads, max(1, len(response_ids)))
    with ThreadPoolExecutor(max_workers=threads, thread_name_prefix="halo-response") as pool:
        futures = {pool.submit(execute_response, rid): rid for rid in response_ids}
        for future in as_completed(futures):
            status = future.result()
            if on_done is not None:
                on_done(futures[future], status)
