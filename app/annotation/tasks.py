"""Annotation tasks of the job engine (DESIGN.md §7 batches, §13)."""

from __future__ import annotations

from app.annotation import moves
from app.db import session_scope
from app.jobs.tasks import task

RECLAIM_SOFT_LIMIT_S = 300


@task("annotation.reclaim_expired", soft_time_limit_s=RECLAIM_SOFT_LIMIT_S)
def reclaim_expired() -> int:
    """Return every expired, unjudged assignment to the pool; returns how many were released.

    Scheduled by Celery beat every :data:`app.jobs.schedule.RECLAIM_EVERY_S` seconds; idempotent
    (a second run finds nothing). Without a broker, ``halo serve`` runs it in a thread of its
    own (:mod:`app.jobs.schedule`); pages never reclaim.
    """
    with session_scope() as session:
        return moves.reclaim_expired(session)
