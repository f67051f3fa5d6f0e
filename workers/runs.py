"""Run tasks: one task per planned response (run, checkpoint, agent), idempotent."""

from __future__ import annotations

from celery.exceptions import SoftTimeLimitExceeded

from app.db import session_scope
from app.runs import service
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
    """Queue every unfinished response of a run (in-process: run them now). Returns how many."""
    with session_scope() as session:
        service.mark_run_started(session, run_id)
        ids = service.pending_response_ids(session, run_id, include_running=False)
    for response_id in ids:
        execute_response.delay(response_id)
    return len(ids)
