"""The lead overview's counts come from SQL aggregates; they must equal a plain Python recount.

The fixture spans two phases and two annotators: primary and overlap items, judged (some by
both holders), open, expired (one exactly at ``now``), a judged item past its expiry, an item in
no batch, a released assignment whose annotation must not count, audited-out items, judgements
at the edges of the throughput windows, and seconds per item with a missing value and an even
count (so the median averages two values). Run on PostgreSQL and on SQLite (the embedded
default).
"""

from __future__ import annotations

import itertools
import statistics
from collections import Counter, defaultdict
from datetime import datetime, timedelta
from typing import Any

from sqlmodel import Session, col, select

from app.annotation.progress import THROUGHPUT_WINDOW, annotation_progress
from app.models import (
    Agent,
    Annotation,
    Assignment,
    Batch,
    Checkpoint,
    Environment,
    Response,
    Run,
    Scenario,
    User,
)
from app.models.base import as_utc, utcnow
from tests.factories import make_user

_tags = itertools.count(1)
H = timedelta(hours=1)

# (scenario, response, annotator, kind, phase, expires (hours from now, None: never),
#  released, annotation (hours ago, seconds) or None); batch: that of the phase, except "nob"
PLAN: list[tuple[str, int, str, str, int, float | None, bool, tuple[float, float | None] | None]]
PLAN = [
    ("s1", 0, "a", "primary", 1, 24, False, (1, 10.0)),
    ("s1", 0, "b", "overlap", 1, 24, False, (2, 30.0)),
    ("s1", 1, "a", "primary", 1, 24, False, (8, 20.0)),  # exactly at the 8-hour edge
    ("s1", 1, "b", "overlap", 1, -1, False, None),  # expired overlap
    ("s1", 2, "a", "primary", 1, 0, False, None),  # expires exactly now: expired
    ("s1", 3, "a", "primary", 1, 1, False, None),  # open
    ("s1", 4, "a", "primary", 1, None, False, None),  # open, never expires, in no batch
    ("s1", 5, "a", "primary", 1, -2, False, (30, 60.0)),  # judged before expiry counts
    ("s1", 5, "b", "overlap", 1, 24, False, (3, None)),  # no seconds recorded
    ("s2", 0, "b", "primary", 1, 24, True, (6, 99.0)),  # released: in no count
    ("s2", 0, "a", "primary", 1, 24, False, (4, None)),
    ("s3", 0, "a", "primary", 1, 24, False, None),  # s3 is audited out
    ("s3", 0, "b", "overlap", 1, 24, False, (1, 5.0)),
    ("s3", 1, "a", "primary", 1, 24, False, (1, 7.0)),
    ("s2", 1, "b", "primary", 2, 24, False, (23, 40.0)),
    ("s2", 1, "a", "overlap", 2, 24, False, (20, 12.0)),
    ("s2", 2, "b", "primary", 2, -1, False, None),
    ("s2", 3, "b", "primary", 2, 24, False, (25, 41.0)),
    ("s2", 3, "a", "overlap", 2, 5, False, None),
    ("s3", 2, "b", "primary", 2, 24, False, None),
]


def store(session: Session, prefix: str, now: datetime) -> dict[str, int]:
    """Store :data:`PLAN`; return the annotators' ids by letter."""
    session.add(
        Environment(
            id=f"{prefix}-env",
            domain="work",
            timezone="UTC",
            persona={},
            spec={},
            database_sql="",
            files={},
            content_hash="0" * 64,
        )
    )
    session.flush()
    checkpoints: dict[tuple[str, int], int] = {}  # one per response (a response's key)
    for name in ("s1", "s2", "s3"):
        session.add(
            Scenario(
                id=f"{prefix}-{name}",
                environment_id=f"{prefix}-env",
                need_type="latent",
                title=name,
                num_events=6,
                content_hash="0" * 64,
                audit_status="rejected" if name == "s3" else "pending",
            )
        )
        session.flush()
        for index in range(6):
            checkpoint = Checkpoint(scenario_id=f"{prefix}-{name}", t=index + 1, design="flow")
            session.add(checkpoint)
            session.flush()
            assert checkpoint.id is not None
            checkpoints[(name, index)] = checkpoint.id
    agent = Agent(name=f"{prefix}-agent", kind="external", config={})
    run = Run(name=f"{prefix}-run")
    session.add_all([agent, run])
    session.flush()
    assert agent.id is not None and run.id is not None
    people = {"a": make_user(session), "b": make_user(session)}
    ids = {letter: user.id for letter, user in people.items() if user.id is not None}
    batches = {phase: Batch(name=f"{prefix}-p{phase}", phase=phase) for phase in (1, 2)}
    session.add_all(batches.values())
    session.flush()
    for scenario, index, who, kind, phase, expires, released, note in PLAN:
        response_id = f"{prefix}-{scenario}-{index}"
        if session.get(Response, response_id) is None:
            session.add(
                Response(
                    id=response_id,
                    run_id=run.id,
                    agent_id=agent.id,
                    checkpoint_id=checkpoints[(scenario, index)],
                    status="completed",
                )
            )
            session.flush()
        session.add(
            Assignment(
                response_id=response_id,
                annotator_id=ids[who],
                kind=kind,
                phase=phase,
                batch_id=None if (scenario, index) == ("s1", 4) else batches[phase].id,
                assigned_at=now - 48 * H,
                expires_at=None if expires is None else now + expires * H,
                released_at=now - 5 * H if released else None,
                released_reason="moved" if released else None,
            )
        )
        if note is not None:
            hours_ago, seconds = note
            session.add(
                Annotation(
                    response_id=response_id,
                    annotator_id=ids[who],
                    level="L0",
                    verdict="accept",
                    phase=phase,
                    seconds_spent=seconds,
                    created_at=now - hours_ago * H,
                    updated_at=now - hours_ago * H,
                )
            )
        session.flush()
    return ids


def recount(session: Session, now: datetime) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Phases and annotators of the overview, counted one active assignment at a time."""
    rows = session.exec(
        select(Assignment, Scenario.audit_status)
        .join(Response, col(Response.id) == col(Assignment.response_id))
        .join(Checkpoint, col(Checkpoint.id) == col(Response.checkpoint_id))
        .join(Scenario, col(Scenario.id) == col(Checkpoint.scenario_id))
        .where(col(Assignment.released_at).is_(None))
    ).all()
    notes = {(n.response_id, n.annotator_id): n for n in session.exec(select(Annotation))}
    phases: dict[int, Counter[str]] = defaultdict(Counter)
    judged_by: dict[tuple[int, str], set[str]] = defaultdict(set)
    people: dict[int, dict[str, Any]] = {}
    for assignment, audit_status in rows:
        phase = phases[assignment.phase]
        person = people.setdefault(
            assignment.annotator_id,
            {"assigned": 0, "judged": 0, "open": 0, "expired": 0, "audited_out": 0,
             "seconds": [], "times": [], "batch_ids": set()},
        )  # fmt: skip
        if audit_status == "rejected":
            phase["audited_out"] += 1
            person["audited_out"] += 1
            continue
        note = notes.get((assignment.response_id, assignment.annotator_id))
        expired = (
            note is None
            and assignment.expires_at is not None
            and as_utc(assignment.expires_at) <= now
        )
        prefix = "overlap_" if assignment.kind == "overlap" else ""
        phase[f"{prefix}assigned"] += 1
        phase[f"{prefix}judged"] += note is not None
        if not prefix:
            phase["expired"] += expired
        person["assigned"] += 1
        if note is not None:
            judged_by[(assignment.phase, assignment.kind)].add(assignment.response_id)
            person["judged"] += 1
            person["times"].append(as_utc(note.created_at))
            if note.seconds_spent is not None:
                person["seconds"].append(note.seconds_spent)
        else:
            person["expired" if expired else "open"] += 1
            if assignment.batch_id is not None:
                person["batch_ids"].add(assignment.batch_id)
    users = {u.id: u for u in session.exec(select(User))}
    annotators = []
    for annotator_id, p in people.items():
        seconds = p.pop("seconds")
        times = p.pop("times")
        recent = sum(1 for t in times if t > now - THROUGHPUT_WINDOW)
        annotators.append(
            {
                **p,
                "annotator_id": annotator_id,
                "username": users[annotator_id].username,
                "is_active": users[annotator_id].is_active,
                "released": 0,
                "batch_ids": sorted(p["batch_ids"]),
                "per_hour": round(recent / (THROUGHPUT_WINDOW.total_seconds() / 3600), 2),
                "last_day": sum(1 for t in times if t > now - timedelta(days=1)),
                "mean_seconds": round(statistics.fmean(seconds), 1) if seconds else None,
                "median_seconds": round(statistics.median(seconds), 1) if seconds else None,
            }
        )
    expected_phases = [
        {
            "phase": number,
            "assigned": c["assigned"],
            "judged": c["judged"],
            "expired": c["expired"],
            "overlap_assigned": c["overlap_assigned"],
            "overlap_judged": c["overlap_judged"],
            "double_judged": len(judged_by[(number, "primary")] & judged_by[(number, "overlap")]),
            "audited_out": c["audited_out"],
        }
        for number, c in sorted(phases.items())
    ]
    return expected_phases, sorted(annotators, key=lambda p: p["username"])


def _public(item: Any, keys: Any) -> dict[str, Any]:
    return {key: getattr(item, key) for key in keys}


def check(session: Session, prefix: str) -> None:
    now = utcnow().replace(microsecond=0)
    ids = store(session, prefix, now)
    session.commit()
    phases, annotators = recount(session, now)
    result = annotation_progress(session, now=now)
    assert [_public(p, phases[0]) for p in result.phases] == phases
    assert [_public(p, annotators[0]) for p in result.annotators] == annotators
    # the fixture reaches every path
    mine = {p.annotator_id: p for p in result.annotators}
    a, b = mine[ids["a"]], mine[ids["b"]]
    assert (a.assigned, a.judged, a.open, a.expired, a.audited_out) == (9, 5, 3, 1, 2)
    assert (b.assigned, b.judged, b.open, b.expired, b.audited_out) == (6, 4, 0, 2, 2)
    assert (a.last_day, a.per_hour) == (4, 0.25)  # the judgement 8 h ago is outside the window
    assert (a.mean_seconds, a.median_seconds) == (25.5, 16.0)  # 10, 20, 60, 12 s
    assert (b.mean_seconds, b.median_seconds) == (37.0, 40.0)  # 30, 40, 41 s; 99 s released
    assert (b.last_day, b.per_hour) == (3, 0.25)
    assert len(a.batch_ids) == 2 and len(b.batch_ids) == 2
    phase_one = next(p for p in result.phases if p.phase == 1)
    assert (phase_one.assigned, phase_one.judged, phase_one.expired) == (7, 4, 1)
    assert (phase_one.overlap_assigned, phase_one.overlap_judged) == (3, 2)
    assert (phase_one.double_judged, phase_one.audited_out) == (2, 3)


def test_overview_aggregates_equal_a_python_recount(session: Session) -> None:
    check(session, f"pg{next(_tags)}")


def test_overview_aggregates_on_sqlite(sqlite_session: Session) -> None:
    check(sqlite_session, "lite")
