"""Annotation tasks: periodic reclaim of expired assignments (DESIGN.md §7 batches)."""

from __future__ import annotations

from app.annotation import moves
from app.db import session_scope
from workers.celery_app import celery_app


@celery_app.task(name="annotation.reclaim_expired", acks_late=True, soft_time_limit=300)
def reclaim_expired() -> int:
    """Return every expired, unjudged assignment to the pool; returns how many were released.

    Scheduled by Celery beat every ``RECLAIM_EVERY_S`` seconds (see ``workers.celery_app``);
    idempotent (a second run finds nothing), and lead pages do the same when they load.
    """
    with session_scope() as session:
        return moves.reclaim_expired(session)
