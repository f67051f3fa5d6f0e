"""Metric tasks of the job engine (DESIGN.md §8, §13)."""

from __future__ import annotations

from app.db import session_scope
from app.jobs.tasks import task
from app.metrics import kept

REFRESH_SOFT_LIMIT_S = 600


@task("metrics.refresh_kept_cells", soft_time_limit_s=REFRESH_SOFT_LIMIT_S)
def refresh_kept_cells() -> int:
    """Recompute the kept cells of the marked checkpoints; returns how many.

    Scheduled every :data:`app.jobs.schedule.REFRESH_CELLS_EVERY_S` seconds (Celery beat, or
    the embedded schedule of ``halo serve``); idempotent (a second run finds no mark). Reads
    are exact without it (:func:`app.metrics.kept.judged_records` computes marked checkpoints
    afresh); it keeps what they compute down to the changes of the last interval.
    """
    with session_scope() as session:
        refreshed = kept.refresh_kept_cells(session)
        session.commit()
        return refreshed
