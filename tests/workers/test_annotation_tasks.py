"""The periodic reclaim of expired assignments: beat schedule, in-process and on a real worker."""

from __future__ import annotations

import os
from datetime import timedelta

from sqlmodel import col, select

from app.annotation.batches import EXPIRED
from app.annotation.creation import create_batch
from app.db import session_scope
from app.models import Assignment
from app.models.base import utcnow
from tests.factories import make_run, make_user

REDIS_URL = os.environ.get("HALO_TEST_REDIS", "redis://127.0.0.1:6379/9")


def _expired_batch() -> int:
    """A committed batch whose assignments all expired; returns how many there are."""
    with session_scope() as s:
        run = make_run(s, scenario_ids=["wp-01"], agents=("restraint",))
        lead, annotator = make_user(s, role="lead"), make_user(s)
        create_batch(
            s,
            name="old",
            annotator_ids=[annotator.id],
            created_by=lead.id,
            run_id=run.id,
            expires_after_hours=1,
            now=utcnow() - timedelta(hours=2),
        )
        return len(s.exec(select(Assignment)).all())


def _released() -> set[str | None]:
    with session_scope() as s:
        return set(
            s.exec(
                select(Assignment.released_reason).where(col(Assignment.released_at).is_not(None))
            ).all()
        )


def test_beat_schedules_the_reclaim() -> None:
    from app.jobs.broker import RECLAIM_EVERY_S
    from workers.celery_app import celery_app

    entry = celery_app.conf.beat_schedule["reclaim-expired-assignments"]
    assert entry["task"] == "annotation.reclaim_expired"
    assert entry["schedule"] == RECLAIM_EVERY_S <= 600
    celery_app.loader.import_default_modules()
    assert "annotation.reclaim_expired" in celery_app.tasks


def test_in_process_reclaim(live_db: str) -> None:
    from workers.annotation import reclaim_expired

    total = _expired_batch()
    assert total > 0
    assert reclaim_expired.delay().get() == total  # eager without REDIS_URL
    assert _released() == {EXPIRED}
    assert reclaim_expired() == 0  # idempotent


def test_a_real_worker_runs_the_scheduled_task(celery_worker) -> None:
    total = _expired_batch()
    result = celery_worker.send_task("annotation.reclaim_expired")  # type: ignore[attr-defined]
    assert result.get(timeout=30) == total
    assert _released() == {EXPIRED}
