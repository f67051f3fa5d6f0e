"""``metrics.refresh_kept_cells`` on a real Celery worker and in the embedded mode (§8, §13)."""

from __future__ import annotations

from typing import Any

from sqlmodel import func, select

from app.db import session_scope
from app.metrics.queries import MetricFilters
from app.models import JudgedLabelMark, KeptCell
from tests.services.test_kept_cells import _assert_same
from tests.services.test_metrics_sql import store


def _counts() -> tuple[int, int]:
    with session_scope() as session:
        marks = session.exec(select(func.count()).select_from(JudgedLabelMark)).one()
        kept = session.exec(select(func.count()).select_from(KeptCell)).one()
    return int(marks), int(kept)


def test_a_real_worker_refreshes_the_marked_checkpoints(celery_worker: Any) -> None:
    with session_scope() as session:
        stored = store(session, "lgw")
        session.commit()
    marks, kept = _counts()
    assert marks > 0 and kept == 0
    result = celery_worker.send_task("metrics.refresh_kept_cells")
    assert result.get(timeout=60) > 0
    marks, kept = _counts()
    assert marks == 0 and kept > 0
    with session_scope() as session:
        _assert_same(session, stored, [MetricFilters(), MetricFilters(phase=2)])
    # idempotent: a second run finds nothing marked
    assert celery_worker.send_task("metrics.refresh_kept_cells").get(timeout=60) == 0


def test_in_process_refresh(live_db: str) -> None:
    from app.metrics.tasks import refresh_kept_cells  # what the embedded schedule calls

    with session_scope() as session:
        store(session, "lgi")
        session.commit()
    assert refresh_kept_cells() > 0
    assert _counts()[0] == 0
    assert refresh_kept_cells() == 0
