"""The periodic tasks of the one schedule (app.jobs.schedule): beat, in-process (the task, and
the threads `halo serve` runs without a broker) and on a real worker."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import timedelta
from typing import Any

import pytest
import uvicorn
from sqlmodel import col, select
from typer.testing import CliRunner

from app import cli as halo
from app.annotation.batches import EXPIRED
from app.annotation.creation import create_batch
from app.db import session_scope
from app.jobs.schedule import SCHEDULE, Periodic, start_scheduler
from app.models import Assignment
from app.models.base import utcnow
from app.settings import get_settings
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


def _still_held() -> int:
    """Assignments not released (judged or not)."""
    with session_scope() as s:
        return len(s.exec(select(Assignment).where(col(Assignment.released_at).is_(None))).all())


def _eventually(check: Callable[[], bool], timeout: float = 15.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.05)
    return check()


def _schedule_threads() -> list[threading.Thread]:
    threads = threading.enumerate()
    return [t for t in threads if t.name.startswith("halo-schedule-") and t.is_alive()]


def test_beat_schedules_every_periodic_task_of_the_one_schedule() -> None:
    from app.jobs.schedule import RECLAIM_EVERY_S, periodic_queue
    from workers.celery_app import celery_app

    entry = celery_app.conf.beat_schedule["reclaim-expired-assignments"]
    assert entry["task"] == "annotation.reclaim_expired"
    assert entry["schedule"] == RECLAIM_EVERY_S <= 600
    # the queue every worker consumes besides its own, named after the app's work queue
    periodic = periodic_queue(celery_app.conf.task_default_queue)
    assert celery_app.conf.beat_schedule == {
        "reclaim-expired-assignments": {
            "task": "annotation.reclaim_expired",
            "schedule": 300.0,
            "options": {"expires": 300.0, "queue": periodic},
        },
        "reconcile-runs": {
            "task": "runs.reconcile",
            "schedule": 60.0,
            "options": {"expires": 60.0, "queue": periodic},
        },
        "reconcile-judge-runs": {
            "task": "judges.reconcile",
            "schedule": 60.0,
            "options": {"expires": 60.0, "queue": periodic},
        },
        "fail-interrupted-exports": {
            "task": "exports.fail_interrupted",
            "schedule": 60.0,
            "options": {"expires": 60.0, "queue": periodic},
        },
        "reconcile-generation": {
            "task": "construction.reconcile",
            "schedule": 60.0,
            "options": {"expires": 60.0, "queue": periodic},
        },
        "refresh-kept-cells": {
            "task": "metrics.refresh_kept_cells",
            "schedule": 15.0,
            "options": {"expires": 15.0, "queue": periodic},
        },
    }
    celery_app.loader.import_default_modules()
    assert {p.task for p in SCHEDULE} <= set(celery_app.tasks)


def test_in_process_reclaim(live_db: str) -> None:
    from app.annotation.tasks import reclaim_expired  # what the embedded schedule calls

    total = _expired_batch()
    assert total > 0
    assert reclaim_expired() == total
    assert _released() == {EXPIRED}
    assert reclaim_expired() == 0  # idempotent


def test_a_real_worker_runs_the_scheduled_task(celery_worker) -> None:
    total = _expired_batch()
    result = celery_worker.send_task("annotation.reclaim_expired")  # type: ignore[attr-defined]
    assert result.get(timeout=30) == total
    assert _released() == {EXPIRED}


def _fast(every_s: float = 0.2) -> tuple[Periodic, ...]:
    """The schedule with every interval cut to `every_s` seconds."""
    return tuple(replace(periodic, every_s=every_s) for periodic in SCHEDULE)


def test_the_in_process_scheduler_returns_expired_items_on_its_schedule(live_db: str) -> None:
    import app.annotation.tasks  # noqa: F401  (declares the task the schedule names)

    assert _expired_batch() > 0
    reclaimer = start_scheduler(_fast()[:1])
    try:
        assert _eventually(lambda: _still_held() == 0)
        assert _released() == {EXPIRED}
        # it keeps running: items that expire later go back too
        assert _expired_batch() > 0 and _still_held() > 0
        assert _eventually(lambda: _still_held() == 0)
    finally:
        reclaimer.stop()
    assert not any(thread.is_alive() for thread in reclaimer.threads)


def test_the_scheduler_refuses_a_schedule_naming_an_undeclared_task() -> None:
    with pytest.raises(LookupError, match=r"undeclared tasks: nobody\.nothing"):
        start_scheduler((Periodic("x", "nobody.nothing", 1.0),), tasks={})
    assert not _schedule_threads()


def test_a_failing_periodic_task_is_tried_again_at_its_next_run() -> None:
    from app.jobs.tasks import Task

    calls: list[int] = []

    def flaky() -> int:
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("database away")
        return len(calls)

    scheduler = start_scheduler(
        (Periodic("flaky", "test.flaky", 0.05),), tasks={"test.flaky": Task("test.flaky", flaky)}
    )
    try:
        assert _eventually(lambda: len(calls) >= 3, timeout=5.0)
    finally:
        scheduler.stop()
    assert not any(thread.is_alive() for thread in scheduler.threads)


@pytest.fixture
def serving(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """uvicorn.run replaced by a 'server' that waits until the expired items are reclaimed
    (for up to 3 s) and records what it saw; the schedule's intervals cut to 0.2 s."""
    from app.jobs import schedule

    seen: list[dict[str, Any]] = []

    def run(app: str, **kwargs: Any) -> None:
        reclaimed = _eventually(lambda: _still_held() == 0, timeout=3.0)
        seen.append({"reclaimed": reclaimed, "threads": len(_schedule_threads())})

    monkeypatch.setattr(uvicorn, "run", run)
    monkeypatch.setattr(schedule, "SCHEDULE", _fast())
    return seen


def test_halo_serve_reclaims_in_process_while_it_serves(
    live_db: str, serving: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("REDIS_URL", raising=False)
    get_settings.cache_clear()
    assert _expired_batch() > 0
    result = CliRunner().invoke(halo.cli, ["serve"])
    assert result.exit_code == 0, result.output
    assert serving == [{"reclaimed": True, "threads": len(SCHEDULE)}]
    assert _released() == {EXPIRED}
    assert _eventually(lambda: not _schedule_threads())  # stopped with the server


def test_halo_serve_leaves_the_reclaim_to_beat_when_there_is_a_broker(
    live_db: str, serving: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REDIS_URL", REDIS_URL)
    get_settings.cache_clear()
    held = _expired_batch()
    result = CliRunner().invoke(halo.cli, ["serve"])
    assert result.exit_code == 0, result.output
    assert serving == [{"reclaimed": False, "threads": 0}]
    assert _still_held() == held
