"""Annotation progress and throughput for the lead's pages (DESIGN.md §7).

Counts are over assignments: *assigned* = active (unreleased) ones, *judged* = those whose holder
has saved an annotation, *expired* = unjudged and past ``expires_at`` but not yet reclaimed,
*open* = the rest. Throughput counts first saves (``Annotation.created_at``); seconds per item
come from ``Annotation.seconds_spent`` (time on the diagnosis page).
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import and_, exists
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from app.annotation.batches import as_utc, get_batch, is_expired
from app.models import Annotation, Assignment, Batch, Checkpoint, Response, User
from app.models.base import utcnow

THROUGHPUT_WINDOW = timedelta(hours=8)
"""Window of the judgements-per-hour figures."""


@dataclass
class AnnotatorProgress:
    """One annotator's counts over active assignments (and their judgements' pace).

    Attributes:
        assigned: active assignments.
        judged: of those, items the annotator has judged.
        open: unjudged and not expired.
        expired: unjudged and past ``expires_at`` (not yet reclaimed).
        released: assignments released from this annotator (history).
        per_hour: judgements per hour over the last :data:`THROUGHPUT_WINDOW`.
        last_day: judgements in the last 24 hours.
        mean_seconds / median_seconds: time per judged item (None: none recorded).
    """

    annotator_id: int
    username: str = ""
    assigned: int = 0
    judged: int = 0
    open: int = 0
    expired: int = 0
    released: int = 0
    per_hour: float = 0.0
    last_day: int = 0
    mean_seconds: float | None = None
    median_seconds: float | None = None
    seconds: list[float] = field(default_factory=list, repr=False)
    judged_at: list[datetime] = field(default_factory=list, repr=False)


@dataclass
class ScenarioRow:
    """One scenario of a batch: who holds it and how far it is."""

    scenario_id: str
    primary: list[int] = field(default_factory=list)
    overlap: list[int] = field(default_factory=list)
    assigned: int = 0
    judged: int = 0


@dataclass
class BatchProgress:
    """Everything the batch page shows (DESIGN §7 paired protocol, per annotator).

    Attributes:
        annotators: one row per annotator who holds or held an item of the batch.
        scenarios: one row per scenario, by id.
        total / judged / expired / released: batch-wide counts of assignments.
        per_hour: judgements per hour over the last 8 hours, batch-wide.
        by_day: ``(date, judgements)`` per UTC day with any judgement, oldest first.
        mean_seconds / median_seconds: time per judged item, batch-wide.
    """

    batch: Batch
    annotators: list[AnnotatorProgress]
    scenarios: list[ScenarioRow]
    total: int
    judged: int
    expired: int
    released: int
    per_hour: float
    by_day: list[tuple[date, int]]
    mean_seconds: float | None
    median_seconds: float | None


def _assignment_rows(session: Session, *conditions: Any) -> list[Any]:
    """Assignments with their scenario and the holder's annotation (time, seconds spent)."""
    columns: list[Any] = [
        Assignment.id,
        Assignment.response_id,
        Assignment.annotator_id,
        Assignment.kind,
        Assignment.phase,
        Assignment.expires_at,
        Assignment.released_at,
        Checkpoint.scenario_id,
        Annotation.id,
        Annotation.created_at,
        Annotation.seconds_spent,
    ]
    return list(
        session.execute(
            sa_select(*columns)
            .join(Response, col(Response.id) == col(Assignment.response_id))
            .join(Checkpoint, col(Checkpoint.id) == col(Response.checkpoint_id))
            .outerjoin(
                Annotation,
                and_(
                    col(Annotation.response_id) == col(Assignment.response_id),
                    col(Annotation.annotator_id) == col(Assignment.annotator_id),
                ),
            )
            .where(*conditions)
            .order_by(col(Assignment.id))
        ).all()
    )


def _mean_median(values: list[float]) -> tuple[float | None, float | None]:
    if not values:
        return None, None
    return round(statistics.fmean(values), 1), round(statistics.median(values), 1)


def _tally(rows: list[Any], now: datetime) -> dict[int, AnnotatorProgress]:
    """Per-annotator counts from :func:`_assignment_rows` output."""
    people: dict[int, AnnotatorProgress] = {}
    for row in rows:
        person = people.setdefault(row[2], AnnotatorProgress(annotator_id=row[2]))
        if row[6] is not None:
            person.released += 1
            continue
        person.assigned += 1
        if row[8] is not None:
            person.judged += 1
            created = as_utc(row[9])
            if created is not None:
                person.judged_at.append(created)
            if row[10] is not None:
                person.seconds.append(float(row[10]))
        elif is_expired(row[5], now):
            person.expired += 1
        else:
            person.open += 1
    for person in people.values():
        recent = [t for t in person.judged_at if t > now - THROUGHPUT_WINDOW]
        person.per_hour = round(len(recent) / (THROUGHPUT_WINDOW.total_seconds() / 3600), 2)
        person.last_day = sum(1 for t in person.judged_at if t > now - timedelta(days=1))
        person.mean_seconds, person.median_seconds = _mean_median(person.seconds)
    return people


def _name(session: Session, people: dict[int, AnnotatorProgress]) -> list[AnnotatorProgress]:
    if people:
        users = session.exec(select(User).where(col(User.id).in_(list(people)))).all()
        for user in users:
            assert user.id is not None
            people[user.id].username = user.username
    return sorted(people.values(), key=lambda p: p.username)


def batch_progress(session: Session, batch_id: int, now: datetime | None = None) -> BatchProgress:
    """Progress of one batch per annotator and per scenario, with throughput.

    Throughput counts first saves (``Annotation.created_at``) of the batch's items by their
    holders; seconds per item come from ``Annotation.seconds_spent`` (time on the page).

    Raises:
        NotFoundError: no such batch.
    """
    now = now or utcnow()
    batch = get_batch(session, batch_id)
    rows = _assignment_rows(session, col(Assignment.batch_id) == batch_id)
    people = _tally(rows, now)
    scenarios: dict[str, ScenarioRow] = {}
    for row in rows:
        if row[6] is not None:
            continue
        scenario = scenarios.setdefault(row[7], ScenarioRow(scenario_id=row[7]))
        holders = scenario.primary if row[3] == "primary" else scenario.overlap
        if row[2] not in holders:
            holders.append(row[2])
        scenario.assigned += 1
        scenario.judged += row[8] is not None
    judged_at = [t for p in people.values() for t in p.judged_at]
    days = Counter(t.date() for t in judged_at)
    seconds = [s for p in people.values() for s in p.seconds]
    mean, median = _mean_median(seconds)
    recent = sum(1 for t in judged_at if t > now - THROUGHPUT_WINDOW)
    return BatchProgress(
        batch=batch,
        annotators=_name(session, people),
        scenarios=[scenarios[s] for s in sorted(scenarios)],
        total=sum(p.assigned for p in people.values()),
        judged=sum(p.judged for p in people.values()),
        expired=sum(p.expired for p in people.values()),
        released=sum(p.released for p in people.values()),
        per_hour=round(recent / (THROUGHPUT_WINDOW.total_seconds() / 3600), 2),
        by_day=sorted(days.items()),
        mean_seconds=mean,
        median_seconds=median,
    )


@dataclass(frozen=True)
class BatchSummary:
    """One line of the batch list."""

    batch: Batch
    total: int
    judged: int
    expired: int
    annotators: int


def list_batches(session: Session, now: datetime | None = None) -> list[BatchSummary]:
    """Every batch, newest first, with counts over its active assignments."""
    now = now or utcnow()
    batches = list(session.exec(select(Batch).order_by(col(Batch.id).desc())))
    judged = exists().where(
        col(Annotation.response_id) == col(Assignment.response_id),
        col(Annotation.annotator_id) == col(Assignment.annotator_id),
    )
    columns: list[Any] = [
        Assignment.batch_id,
        Assignment.annotator_id,
        judged.label("judged"),
        Assignment.expires_at,
    ]
    rows = session.execute(
        sa_select(*columns).where(
            col(Assignment.batch_id).is_not(None), col(Assignment.released_at).is_(None)
        )
    ).all()
    counts: dict[int, Counter[str]] = defaultdict(Counter)
    people: dict[int, set[int]] = defaultdict(set)
    for batch_id, annotator_id, is_judged, expires_at in rows:
        counts[batch_id]["total"] += 1
        people[batch_id].add(annotator_id)
        if is_judged:
            counts[batch_id]["judged"] += 1
        elif is_expired(expires_at, now):
            counts[batch_id]["expired"] += 1
    return [
        BatchSummary(
            batch=b,
            total=counts[b.id or 0]["total"],
            judged=counts[b.id or 0]["judged"],
            expired=counts[b.id or 0]["expired"],
            annotators=len(people[b.id or 0]),
        )
        for b in batches
    ]


@dataclass(frozen=True)
class PhaseProgress:
    """One annotation phase: primary items and the overlap sample."""

    phase: int
    assigned: int
    judged: int
    expired: int
    overlap_assigned: int
    overlap_judged: int
    double_judged: int


@dataclass(frozen=True)
class OverallProgress:
    """The /lead overview's annotation progress: per phase and per annotator."""

    phases: list[PhaseProgress]
    annotators: list[AnnotatorProgress]


def annotation_progress(session: Session, now: datetime | None = None) -> OverallProgress:
    """Progress over all active assignments, per phase and per annotator.

    ``double_judged`` counts overlap items judged by both their primary and overlap annotator.
    """
    now = now or utcnow()
    rows = _assignment_rows(session, col(Assignment.released_at).is_(None))
    people = _tally(rows, now)
    per_phase: dict[int, Counter[str]] = defaultdict(Counter)
    judged_by_kind: dict[tuple[int, str], set[str]] = defaultdict(set)
    for row in rows:
        counts = per_phase[row[4]]
        is_judged = row[8] is not None
        if row[3] == "overlap":
            counts["overlap_assigned"] += 1
            counts["overlap_judged"] += is_judged
        else:
            counts["assigned"] += 1
            counts["judged"] += is_judged
            if not is_judged and is_expired(row[5], now):
                counts["expired"] += 1
        if is_judged:
            judged_by_kind[(row[4], row[3])].add(row[1])
    phases = [
        PhaseProgress(
            phase=phase,
            assigned=c["assigned"],
            judged=c["judged"],
            expired=c["expired"],
            overlap_assigned=c["overlap_assigned"],
            overlap_judged=c["overlap_judged"],
            double_judged=len(
                judged_by_kind[(phase, "primary")] & judged_by_kind[(phase, "overlap")]
            ),
        )
        for phase, c in sorted(per_phase.items())
    ]
    return OverallProgress(phases=phases, annotators=_name(session, people))
