"""A run as a job of the engine (DESIGN.md §13).

One task per planned response (run, checkpoint, agent), idempotent, and the function that
starts a run.

``runs.execute_response`` produces a response; on a broker, a copy that finds a live holder
producing it looks again every :data:`RECHECK_S` seconds until the response is finished or the
holder's lease (:data:`app.jobs.lease.LEASE_S`) lapses, so a redelivered task never leaves a
response stuck. ``runs.reconcile`` (Celery beat, every
:data:`app.jobs.schedule.RECOVER_EVERY_S` seconds) treats the database as the truth and the queue
as a hint: it re-queues running responses whose holder died without the broker redelivering
its task (a whole worker killed: Redis redelivers only after the visibility timeout) and
pending responses whose task was never sent or was lost (a broker restarted without its queue,
a task that failed on a database outage).
"""

from __future__ import annotations

from app.db import session_scope
from app.jobs.queue import OnDone, get_queue
from app.jobs.tasks import TimeLimitExceeded, TransientError, task
from app.runs import service
from app.vocabulary import ResponseStatus

TASK_SOFT_LIMIT_S = 900
"""Seconds a worker gives one response before its task is stopped (``task_timeout``)."""
RECHECK_S = 30
"""Seconds after which a task that found a live holder looks again (the holder may die)."""


def produce_response(response_id: str) -> str:
    """Produce one planned response in this process; returns its status.

    The status is ``running`` when a live holder elsewhere has it.

    A response that runs out of the task's time ends as ``api_error`` (``task_timeout``), and
    one that fails for a reason no retry can fix (e.g. a value the database refuses) as
    ``api_error`` (``internal_error``), never ``running``.

    Raises:
        TransientError: an error a retry can fix (a lost database or broker connection,
            :func:`app.runs.service.retry_can_fix`) as its cause; the claim, if this process
            took one, is given back when the database answers, so the retried task (or any
            other) produces the response.
        NotFoundError: no such response.
    """
    try:
        with session_scope(autocommit=True) as session:
            return service.execute_response(session, response_id)
    except TimeLimitExceeded:
        with session_scope() as session:
            service.mark_failed(
                session,
                response_id,
                "task_timeout",
                f"task_timeout: no result within {TASK_SOFT_LIMIT_S} s",
            )
        return ResponseStatus.API_ERROR
    except Exception as exc:
        with session_scope() as session:  # a transaction of its own: the failed one is gone
            status = service.fail_unretryable(session, response_id, exc)
        if status is not None:
            return status
        if service.retry_can_fix(exc):
            service.release_claim_quietly(response_id)
            raise TransientError(service.internal_error_message(exc)) from exc
        raise


@task("runs.execute_response", soft_time_limit_s=TASK_SOFT_LIMIT_S, ignore_result=True)
def execute_response(response_id: str) -> str:
    """The task around :func:`produce_response`; a redelivered or repeated task changes nothing.

    On a broker, when another live holder has the response, look again in :data:`RECHECK_S`
    seconds. In-process nothing is redelivered, so nothing looks again: the run page's retry
    and ``halo run --resume`` take abandoned responses back.
    """
    status = produce_response(response_id)
    queue = get_queue()
    if status == ResponseStatus.RUNNING and not queue.in_process:
        queue.enqueue(execute_response, response_id, countdown=RECHECK_S)
    return status


@task("runs.reconcile", ignore_result=True)
def reconcile() -> int:
    """Send a task for every response of an active run that has no live one.

    See :func:`app.runs.service.reconcile`: abandoned running responses, and pending ones whose
    task was never sent or was lost with the broker); returns how many. Celery beat runs it
    every :data:`app.jobs.schedule.RECOVER_EVERY_S` seconds, and ``halo run`` when a run makes no
    progress.
    """
    queue = get_queue()
    waiting = getattr(queue, "waiting", None)
    # pending responses are sent again only once the work queue is drained: while tasks still
    # wait there, an old send is most likely one of them (a backlog longer than the grace), and
    # sending every pending response again at each pass would flood the queue
    backlog = waiting() if waiting is not None else None
    with session_scope() as session:
        ids = service.reconcile(session, resend_pending=not backlog)
    queue.enqueue_many(execute_response, ids)
    return len(ids)


@task("runs.recover_abandoned", ignore_result=True)
def recover_abandoned() -> int:
    """The former name of :func:`reconcile` (messages queued before the rename carry it)."""
    return reconcile()


def start_run(run_id: int, *, include_running: bool = False, on_done: OnDone | None = None) -> int:
    """Start (or continue) a run: set it running and queue its unfinished responses.

    In-process (no broker) the responses are produced now, on the queue's threads, and this
    returns when they are finished; with a broker it returns once they are queued.

    Args:
        run_id: the run.
        include_running: also queue responses some task holds now (their task takes one only
            when its holder is gone or silent): ``halo run`` in-process, which finishes what an
            interrupted ``halo run`` left.
        on_done: called as ``on_done(response_id, status)`` as each response finishes, when
            they are produced in this process (a progress bar).

    Returns:
        How many responses were queued.

    Raises:
        NotFoundError: no such run.
    """
    with session_scope() as session:
        service.mark_run_started(session, run_id)
        ids = service.pending_response_ids(session, run_id, include_running=include_running)
        service.mark_enqueued(session, ids)
    get_queue().enqueue_many(execute_response, ids, on_done=on_done)
    return len(ids)
