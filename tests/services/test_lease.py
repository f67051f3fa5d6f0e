"""The one heartbeat thread renews every running row this process holds, of any table."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from sqlmodel import Session, select

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


def test_the_lapse_is_one_rule_in_sql_and_in_python(session: Session) -> None:
    now = utcnow()
    fresh, stale = now - timedelta(seconds=lease.LEASE_S - 5), now - timedelta(seconds=600)
    cases = {  # name: (heartbeat, started) → lapsed
        "beating": ((fresh, stale), False),
        "silent": ((stale, stale), True),
        "never beat, started long ago": ((None, stale), True),
        "never beat, just started": ((None, fresh), False),
        "neither": ((None, None), False),
    }
    ids = {}
    for name, ((heartbeat, started), _) in cases.items():
        job = ExportJob(
            format="jsonl", status="running", heartbeat_at=heartbeat, started_at=started
        )
        session.add(job)
        session.flush()
        ids[name] = job.id
    lapsed_in_sql = set(
        session.exec(
            select(ExportJob.id).where(lease.lapsed_sql(ExportJob, lease.lease_cutoff(now)))
        )
    )
    for name, ((heartbeat, started), expected) in cases.items():
        assert lease.is_lapsed(heartbeat, started, now) is expected, name
        assert (ids[name] in lapsed_in_sql) is expected, name
        assert lease.is_abandoned("elsewhere:1", heartbeat, started, now) is expected, name


def test_one_claim_takes_free_lapsed_and_orphaned_rows_and_leaves_live_ones(
    session: Session,
) -> None:
    how = lease.claim_for(ExportJob, free=("queued",), returning=("status",))
    old = utcnow() - timedelta(seconds=600)
    rows = {
        "queued": ("queued", "elsewhere:1", utcnow()),
        "live": ("running", "elsewhere:2", utcnow()),
        "lapsed": ("running", "elsewhere:3", old),
        "done": ("done", None, None),
        "mine, let go": ("running", lease.claimant(), utcnow()),
    }
    ids = {}
    for name, (status, holder, beat) in rows.items():
        job = ExportJob(format="jsonl", status=status, claimed_by=holder, heartbeat_at=beat)
        session.add(job)
        session.flush()
        ids[name] = job.id
    outcome = {name: lease.claim(session, how, row_id) for name, row_id in ids.items()}
    assert outcome == {
        "queued": (ids["queued"], "running"),
        "live": "running",
        "lapsed": (ids["lapsed"], "running"),
        "done": "done",
        "mine, let go": (ids["mine, let go"], "running"),  # left_by_me: no block here holds it
    }
    with lease.holding(ExportJob, ids["live"]):  # not held by this process: still refused
        assert lease.claim(session, how, ids["live"]) == "running"
    assert lease.claim(session, how, -1) is None
    session.expire_all()
    holders = {name: session.get(ExportJob, row_id).claimed_by for name, row_id in ids.items()}
    assert holders["queued"] == holders["lapsed"] == lease.claimant()
    assert holders["live"] == "elsewhere:2" and holders["done"] is None
