"""Annotation tasks: periodic reclaim of expired assignments (DESIGN.md §7 batches)."""

from __future__ import annotations

from app.annotation.reclaim import reclaim_now
from workers.celery_app import celery_app


@celery_app.task(name="annotation.reclaim_expired", acks_late=True, soft_time_limit=300)
def reclaim_expired() -> int:
    """Return every expired, unjudged assignment to the pool; returns how many were released.

    Scheduled by Celery beat every ``RECLAIM_EVERY_S`` seconds (see ``workers.celery_app``);
    idempotent (a second run finds nothing). Without a broker, ``halo serve`` runs the same
    in a thread of its own (:mod:`app.annotation.reclaim`); pages never reclaim.
    """
    return reclaim_now()
