"""The one heartbeat thread renews every running row this process holds, of any table."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from sqlmodel import select

from app.db import session_scope
from app.jobs import lease
from app.models import ExportJob, Response
from app.models.base import as_utc, utcnow
from app.runs.service import create_run


def test_holding_renews_the_heartbeat_of_held_running_rows_only(
    live_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(lease, "HEARTBEAT_S", 0.1)
    monkeypatch.setattr(lease, "_beating", None)  # a fresh thread that reads the short period
    old = utcnow() - timedelta(minutes=5)
    with session_scope() as session:
        run = create_run(session, agent_names=["restraint"], scenario_ids=["hm-01"], k=2)
        held, other = session.exec(select(Response).where(Response.run_id == run.id)).all()
        for response in (held, other):
            response.status, response.claimed_by, response.heartbeat_at = (
                "running",
                lease.claimant(),
                old,
            )
            session.add(response)
        job = ExportJob(
            format="jsonl", status="running", claimed_by=lease.claimant(), heartbeat_at=old
        )
        session.add(job)
        session.commit()
        held_id, other_id, job_id = held.id, other.id, job.id

    def beats() -> dict[str, object]:
        with session_scope() as session:
            return {
                "held": as_utc(session.get(Response, held_id).heartbeat_at),
                "other": as_utc(session.get(Response, other_id).heartbeat_at),
                "job": as_utc(session.get(ExportJob, job_id).heartbeat_at),
            }

    with lease.holding(Response, held_id), lease.holding(ExportJob, job_id):
        deadline = time.monotonic() + 10
        while True:
            now = beats()
            if now["held"] > old and now["job"] > old:
                break
            assert time.monotonic() < deadline, now
            time.sleep(0.1)
    assert now["other"] == old  # not held: left to lapse
    assert not lease.is_abandoned(lease.claimant(), now["held"])
    assert lease.is_abandoned("elsewhere:1", old) and not lease.is_abandoned("elsewhere:1", None)
