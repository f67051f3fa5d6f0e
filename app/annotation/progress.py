"""Annotation progress and throughput for the lead's pages (DESIGN.md §7).

Counts are over assignments: *assigned* = active (unreleased) ones, *judged* = those whose holder
has saved an annotation, *expired* = unjudged and past ``expires_at`` but not yet reclaimed,
*open* = the rest. Items of audited-out scenarios (rejected in the scenario audit, DESIGN §7)
are no longer judged: they are left out of all these counts and shown apart as *audited out*,
so a batch can reach 100 %. Throughput counts first saves (``Annotation.created_at``); seconds
per item come from ``Annotation.seconds_spent`` (time on the diagnosis page). Deactivated
annotators are flagged (``is_active``) so leads can move the work they still hold; the
assignment history of a batch (assign, reassign, restart, release, reclaim, close) is rebuilt
from the released assignments, which keep when, why and by whom.
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, timedelta
from typing import Any

from sqlalchemy import and_, case, func, null, or_
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from app.annotation.batches import (
    CLOSED,
    EXPIRED,
    PRIMARY_RELEASED,
    RESTART,
    expired_sql,
    get_batch,
)
from app.annotation.service import double_judged_pairs
from app.db import SERIAL_NO_JIT, any_of, content_cached, local_settings
from app.models import Annotation, Assignment, Batch, Scenario, User
from app.models.base import as_utc, utcnow
from app.vocabulary import AssignmentKind, AuditStatus

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
        is_active: False for a deactivated account (it cannot log in to judge what it holds).
        batch_ids: batches in which the annotator holds unjudged items, ascending.
        audited_out: active assignments of audited-out scenarios (in none of the counts above).
        seconds / judged_at: the per-judgement values behind the figures, kept by
            :func:`batch_progress` for its batch-wide figures; empty from
            :func:`annotation_progress`, which aggregates in the database.
    """

    annotator_id: int
    username: str = ""
    is_active: bool = True
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
    batch_ids: list[int] = field(default_factory=list)
    audited_out: int = 0

    @property
    def unjudged(self) -> int:
        """Active items not judged yet (open and expired)."""
        return self.open + self.expired


@dataclass
class Holding:
    """One annotator's items of one kind in one scenario of a batch (the unit leads move).

    Attributes:
        assigned / judged: active items in this batch, and those the holder judged.
        elsewhere: active items of the same scenario and kind in other batches of the phase
            (they move with a reassignment, which keeps the scenario with one annotator).
        judged_elsewhere: of those, items the holder judged (earlier assignments of the
            phase): a move then needs a restart, as for items judged in this batch.
    """

    annotator_id: int
    kind: str
    username: str = ""
    is_active: bool = True
    assigned: int = 0
    judged: int = 0
    elsewhere: int = 0
    judged_elsewhere: int = 0

    @property
    def unjudged(self) -> int:
        """Items in this batch not judged yet."""
        return self.assigned - self.judged

    @property
    def needs_restart(self) -> bool:
        """True when the holder judged any item of the holding, here or in another batch.

        Judged items of the phase mean that moving the holding restarts the scenario
        (:func:`reassign_scenario`).
        """
        return bool(self.judged or self.judged_elsewhere)


@dataclass(frozen=True)
class HistoryEvent:
    """One step of a scenario's assignment history in a batch.

    Attributes:
        at: when (aware, UTC).
        action: ``assign``, ``reassign``, ``restart``, ``release``, ``reclaim`` (expired) or
            ``close`` (the batch was closed).
        kind: ``primary`` or ``overlap``.
        items: number of items concerned.
        source / target: username the items left / went to (None when not applicable).
        by: username of the lead who acted (None: the system or unknown).
        reason: the recorded reason (None for an assignment).
    """

    at: datetime
    action: str
    kind: str
    items: int
    source: str | None
    target: str | None
    by: str | None
    reason: str | None


@dataclass
class ScenarioRow:
    """One scenario of a batch: who holds it, how far it is, and how it got there."""

    scenario_id: str
    primary: list[int] = field(default_factory=list)
    overlap: list[int] = field(default_factory=list)
    assigned: int = 0
    judged: int = 0
    holdings: list[Holding] = field(default_factory=list)
    history: list[HistoryEvent] = field(default_factory=list)
    audited_out: int = 0
    """Active items of the scenario when it was audited out (then in no other count)."""


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
        audited_out: active items of audited-out scenarios, in none of the counts above.
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
    audited_out: int = 0

    @property
    def inactive_holders(self) -> list[AnnotatorProgress]:
        """Deactivated annotators who still hold unjudged items of the batch."""
        return [p for p in self.annotators if not p.is_active and p.unjudged]


def _name(session: Session, people: dict[int, AnnotatorProgress]) -> list[AnnotatorProgress]:
    if people:
        users = session.exec(select(User).where(any_of(User.id, list(people)))).all()
        for user in users:
            assert user.id is not None
            people[user.id].username = user.username
            people[user.id].is_active = user.is_active
    return sorted(people.values(), key=lambda p: p.username)


def _users(session: Session, ids: set[int]) -> dict[int, User]:
    """Accounts by id."""
    if not ids:
        return {}
    users = session.exec(select(User).where(any_of(User.id, sorted(ids))))
    return {user.id: user for user in users if user.id is not None}


AssignKey = tuple[str, datetime, str, int]
"""``(scenario_id, assigned_at, kind, annotator_id)``: assignments made together."""
ReleaseKey = tuple[str, datetime, str, int, str, int | None]
"""``(scenario_id, released_at, kind, annotator_id, reason, released_by)``: released together."""


def _history_groups(
    session: Session, batch_id: int
) -> tuple[Counter[AssignKey], Counter[ReleaseKey]]:
    """The batch's assignments by :data:`AssignKey`, its released ones by :data:`ReleaseKey`.

    Two GROUP BYs, each group in the order of its first assignment.
    """
    a = Assignment
    in_batch = col(a.batch_id) == batch_id
    assign_keys = (col(a.scenario_id), col(a.assigned_at), col(a.kind), col(a.annotator_id))
    assigns: Counter[AssignKey] = Counter()
    for scenario_id, at, kind, annotator_id, items in session.execute(
        sa_select(*assign_keys, func.count())
        .where(in_batch)
        .group_by(*assign_keys)
        .order_by(func.min(col(a.id)))
    ).all():
        assigns[(scenario_id, at, kind, annotator_id)] = items
    release_keys = (
        col(a.scenario_id),
        col(a.released_at),
        col(a.kind),
        col(a.annotator_id),
        col(a.released_reason),
        col(a.released_by),
    )
    releases: Counter[ReleaseKey] = Counter()
    for scenario_id, at, kind, annotator_id, reason, by, items in session.execute(
        sa_select(*release_keys, func.count())
        .where(in_batch, col(a.released_at).is_not(None))
        .group_by(*release_keys)
        .order_by(func.min(col(a.id)))
    ).all():
        releases[(scenario_id, at, kind, annotator_id, reason or "", by)] += items
    return assigns, releases


def _history(
    session: Session,
    batch: Batch,
    assigns: Counter[AssignKey],
    releases: Counter[ReleaseKey],
) -> dict[str, list[HistoryEvent]]:
    """Scenario → its assignment history in the batch, oldest first.

    Rebuilt from the batch's assignments (:func:`_history_groups`): each one was assigned at
    ``assigned_at``; a released one left at ``released_at`` with a reason and the lead who
    acted. A release and an assignment of the same scenario and kind at the same instant are
    one reassignment (the service stamps both with one time).
    """
    candidates: dict[tuple[str, datetime, str], list[AssignKey]] = defaultdict(list)
    for key in assigns:
        candidates[key[:3]].append(key)
    people = _users(
        session,
        {key[3] for key in assigns}
        | {key[5] for key in releases if key[5] is not None}
        | ({batch.created_by} if batch.created_by is not None else set()),
    )

    def name(user_id: int | None) -> str | None:
        if user_id is None:
            return None
        user = people.get(user_id)
        return user.username if user is not None else f"user {user_id}"

    history: dict[str, list[HistoryEvent]] = defaultdict(list)
    moved: set[tuple[str, datetime, str, int]] = set()
    for (scenario_id, at, kind, source, reason, by), items in releases.items():
        target = next(
            (
                key
                for key in candidates.get((scenario_id, at, kind), ())
                if key[3] != source and key not in moved
            ),
            None,
        )
        if target is not None and reason not in (EXPIRED, CLOSED):
            moved.add(target)
            action = "restart" if f"({RESTART}:" in reason else "reassign"
            history[scenario_id].append(
                HistoryEvent(
                    as_utc(at) or at,
                    action,
                    kind,
                    items,
                    name(source),
                    name(target[3]),
                    name(by),
                    reason,
                )
            )
            continue
        action = {EXPIRED: "reclaim", CLOSED: "close"}.get(reason, "release")
        if reason.startswith(f"{PRIMARY_RELEASED}: "):
            action = {EXPIRED: "reclaim", CLOSED: "close"}.get(
                reason.removeprefix(f"{PRIMARY_RELEASED}: "), "release"
            )
        history[scenario_id].append(
            HistoryEvent(
                as_utc(at) or at, action, kind, items, name(source), None, name(by), reason
            )
        )
    for assign_key, items in assigns.items():
        if assign_key in moved:
            continue
        scenario_id, at, kind, target_id = assign_key
        by = batch.created_by if at == batch.created_at else None
        history[scenario_id].append(
            HistoryEvent(
                as_utc(at) or at, "assign", kind, items, None, name(target_id), name(by), None
            )
        )
    order = {"assign": 0, "reassign": 1, "restart": 1, "release": 2, "reclaim": 2, "close": 2}
    for events in history.values():
        events.sort(key=lambda e: (e.at, e.kind != AssignmentKind.PRIMARY, order[e.action]))
    return history


def batch_progress(session: Session, batch_id: int, now: datetime | None = None) -> BatchProgress:
    """Progress of one batch per annotator and per scenario, with throughput and history.

    Kept until the content changes or an item expires or leaves a throughput window
    (:func:`app.db.content_cached`, :func:`progress_valid_until`): it reads every assignment
    of the batch. With `now` given (tests), computed afresh for that time.

    Throughput counts first saves (``Annotation.created_at``) of the batch's items by their
    holders; seconds per item come from ``Annotation.seconds_spent`` (time on the page). Each
    scenario row lists its holdings (annotator × kind, the unit a lead moves, with the items of
    the same scenario the holder has in other batches of the phase) and its history
    (:func:`_history`). Deactivated holders are flagged.

    Raises:
        NotFoundError: no such batch.
    """
    if now is not None:
        return _batch_progress(session, batch_id, now)
    at = utcnow()

    def compute() -> BatchProgress:
        progress = _batch_progress(session, batch_id, at)
        # a copy of the batch that belongs to no session: the kept value outlives this one
        return replace(progress, batch=Batch.model_validate(progress.batch.model_dump()))

    return content_cached(
        session,
        ("batch_progress", batch_id),
        compute,
        valid_until=lambda: progress_valid_until(session, at),
    )


def _batch_progress(session: Session, batch_id: int, now: datetime) -> BatchProgress:
    now = (now or utcnow()).astimezone(UTC)
    batch = get_batch(session, batch_id)
    with local_settings(session, SERIAL_NO_JIT):
        return _batch_progress_of(session, batch, now)


def _batch_progress_of(session: Session, batch: Batch, now: datetime) -> BatchProgress:
    """:func:`batch_progress` computed in the database.

    A few GROUP BYs over the batch's assignments (groups of annotator × scenario × kind), never
    its rows one by one.
    """
    assert batch.id is not None
    a = Assignment
    released = col(a.released_at).is_not(None)
    audited_out = _audited_out_sql()
    in_batch = col(a.batch_id) == batch.id
    keys = (
        col(a.annotator_id),
        col(a.scenario_id),
        col(a.kind),
        released.label("released"),
        audited_out.label("audited_out"),
    )
    groups = session.execute(
        _holder_scope(in_batch)
        .add_columns(*keys, *_holder_counts(now))
        .group_by(*keys)
        .order_by(func.min(col(a.id)))  # holders listed in the order they were given items
    ).all()
    people: dict[int, AnnotatorProgress] = {}
    scenarios: dict[str, ScenarioRow] = {}
    holdings: dict[tuple[str, int, str], Holding] = {}
    everyone: dict[str, float] = {}
    per_person: dict[int, dict[str, float]] = defaultdict(dict)
    for annotator_id, scenario_id, kind, is_released, is_out, *values in groups:
        items, judged_n = values[0], values[1]
        person = people.setdefault(annotator_id, AnnotatorProgress(annotator_id=annotator_id))
        scenario = scenarios.setdefault(scenario_id, ScenarioRow(scenario_id=scenario_id))
        if is_released:
            person.released += items
            continue
        if is_out:
            person.audited_out += items
            scenario.audited_out += items
            continue
        _add_counts(per_person[annotator_id], values)
        _add_counts(everyone, values)
        if items > judged_n and batch.id not in person.batch_ids:
            person.batch_ids.append(batch.id)
        holders = scenario.primary if kind == AssignmentKind.PRIMARY else scenario.overlap
        if annotator_id not in holders:
            holders.append(annotator_id)
        scenario.assigned += items
        scenario.judged += judged_n
        key = (scenario_id, annotator_id, kind)
        if key not in holdings:
            holdings[key] = Holding(annotator_id=annotator_id, kind=kind)
            scenario.holdings.append(holdings[key])
        holdings[key].assigned += items
        holdings[key].judged += judged_n
    middle = _middle_seconds(session, in_batch)
    for annotator_id, person in people.items():
        _set_rates(person, per_person[annotator_id], middle.get(annotator_id))
    if holdings:
        _holdings_elsewhere(session, batch, holdings)
    named = _name(session, people)
    for holding in holdings.values():
        person = people[holding.annotator_id]
        holding.username, holding.is_active = person.username, person.is_active
    for scenario in scenarios.values():
        scenario.holdings.sort(key=lambda h: (h.kind != AssignmentKind.PRIMARY, h.username))
    assigns, releases = _history_groups(session, batch.id)
    for scenario_id, events in _history(session, batch, assigns, releases).items():
        scenarios.setdefault(scenario_id, ScenarioRow(scenario_id=scenario_id)).history = events
    whole = AnnotatorProgress(annotator_id=0)  # the batch-wide figures, as a person's
    _set_rates(whole, everyone, _middle_seconds(session, in_batch, per_annotator=False).get(None))
    return BatchProgress(
        batch=batch,
        annotators=named,
        scenarios=[scenarios[s] for s in sorted(scenarios)],
        total=sum(p.assigned for p in people.values()),
        judged=sum(p.judged for p in people.values()),
        expired=sum(p.expired for p in people.values()),
        released=sum(p.released for p in people.values()),
        per_hour=whole.per_hour,
        by_day=_judged_by_day(session, in_batch),
        mean_seconds=whole.mean_seconds,
        median_seconds=whole.median_seconds,
        audited_out=sum(p.audited_out for p in people.values()),
    )


def _holdings_elsewhere(
    session: Session, batch: Batch, holdings: dict[tuple[str, int, str], Holding]
) -> None:
    """Count, per holding, the holder's items of its scenario and kind in other batches.

    Active items of the phase (``elsewhere``) and those the holder judged
    (``judged_elsewhere``), in one GROUP BY.
    """
    a = Assignment
    keys = (col(a.scenario_id), col(a.annotator_id), col(a.kind))
    elsewhere = session.execute(
        _holder_scope(
            col(a.released_at).is_(None),
            col(a.phase) == batch.phase,
            or_(col(a.batch_id).is_(None), col(a.batch_id) != batch.id),
            any_of(col(a.scenario_id), sorted({key[0] for key in holdings})),
        )
        .add_columns(*keys, func.count(), _count_if(col(Annotation.id).is_not(None)))
        .group_by(*keys)
    ).all()
    for scenario_id, annotator_id, kind, items, judged_n in elsewhere:
        holding = holdings.get((scenario_id, annotator_id, kind))
        if holding is not None:
            holding.elsewhere += items
            holding.judged_elsewhere += judged_n


def _utc_date(session: Session, column: Any) -> Any:
    """SQL: the UTC calendar day of an aware timestamp column."""
    if session.get_bind().dialect.name == "postgresql":
        return func.date(func.timezone("UTC", column))
    return func.date(column)  # SQLite: the stored text, converted to UTC by its offset


def _judged_by_day(session: Session, *conditions: Any) -> list[tuple[date, int]]:
    """``(UTC day, judgements)`` of the active, kept items under `conditions`, oldest first."""
    day = _utc_date(session, col(Annotation.created_at))
    rows = session.execute(
        _holder_scope(
            *conditions,
            col(Assignment.released_at).is_(None),
            col(Annotation.id).is_not(None),
            ~_audited_out_sql(),
        )
        .add_columns(day, func.count())
        .group_by(day)
    ).all()
    days = [
        (value if isinstance(value, date) else date.fromisoformat(str(value)), int(count))
        for value, count in rows
        if value is not None
    ]
    return sorted(days)


@dataclass(frozen=True)
class BatchSummary:
    """One line of the batch list."""

    batch: Batch
    total: int
    judged: int
    expired: int
    annotators: int
    inactive_holders: int = 0
    """Deactivated annotators who still hold unjudged items of the batch."""
    audited_out: int = 0
    """Active items of audited-out scenarios (in none of the other counts)."""


def list_batches(session: Session, now: datetime | None = None) -> list[BatchSummary]:
    """Every batch, newest first, with counts over its active assignments.

    Aggregated in the database per (batch, annotator), so memory does not grow with the number of
    assignments. Items of audited-out scenarios are counted apart (``audited_out``).
    """
    now = (now or utcnow()).astimezone(UTC)
    batches = list(session.exec(select(Batch).order_by(col(Batch.id).desc())))
    judged = col(Annotation.id).is_not(None)
    unjudged = col(Annotation.id).is_(None)
    audited_out = _audited_out_sql()
    keys = (col(Assignment.batch_id), col(Assignment.annotator_id), audited_out.label("out"))
    with local_settings(session, SERIAL_NO_JIT):
        rows = session.execute(
            # the audit status by the assignment's own scenario id: no join through responses
            _holder_scope(
                col(Assignment.batch_id).is_not(None), col(Assignment.released_at).is_(None)
            )
            .add_columns(
                *keys,
                func.count(),
                _count_if(judged),
                _count_if(unjudged),
                _count_if(unjudged, expired_sql(now)),
            )
            .group_by(*keys)
        ).all()
    counts: dict[int, Counter[str]] = defaultdict(Counter)
    people: dict[int, set[int]] = defaultdict(set)
    waiting: dict[int, set[int]] = defaultdict(set)
    for batch_id, annotator_id, is_out, total, judged_n, open_n, expired_n in rows:
        if is_out:
            counts[batch_id]["audited_out"] += int(total)
            continue
        counts[batch_id].update(total=int(total), judged=int(judged_n), expired=int(expired_n))
        if total:
            people[batch_id].add(annotator_id)
        if open_n:
            waiting[batch_id].add(annotator_id)
    inactive = {
        u.id
        for u in _users(session, {a for holders in waiting.values() for a in holders}).values()
        if not u.is_active
    }
    return [
        BatchSummary(
            batch=b,
            total=counts[b.id or 0]["total"],
            judged=counts[b.id or 0]["judged"],
            expired=counts[b.id or 0]["expired"],
            annotators=len(people[b.id or 0]),
            inactive_holders=len(waiting[b.id or 0] & inactive),
            audited_out=counts[b.id or 0]["audited_out"],
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
    audited_out: int = 0
    """Active items (primary and overlap) of audited-out scenarios, in no other count."""


@dataclass(frozen=True)
class OverallProgress:
    """The /lead overview's annotation progress: per phase and per annotator."""

    phases: list[PhaseProgress]
    annotators: list[AnnotatorProgress]


def _count_if(*conditions: Any) -> Any:
    """SUM(CASE WHEN all conditions THEN 1 ELSE 0 END): a NULL condition counts as false."""
    return func.coalesce(func.sum(case((and_(*conditions), 1), else_=0)), 0)


HOLDER_COUNTS = ("assigned", "judged", "expired", "recent", "last_day", "seconds_sum", "seconds_n")
"""The names of :func:`_holder_counts`, in order."""


def _holder_counts(now: datetime) -> tuple[Any, ...]:
    """The aggregates of a group of assignments joined to their holders' annotations.

    Items, judged ones, unjudged expired ones, judgements within :data:`THROUGHPUT_WINDOW` and
    within a day of `now`, and the sum and count of their seconds (:data:`HOLDER_COUNTS`).
    """
    judged = col(Annotation.id).is_not(None)
    since = col(Annotation.created_at)
    return (
        func.count(),
        _count_if(judged),
        _count_if(col(Annotation.id).is_(None), expired_sql(now)),
        _count_if(judged, since > now - THROUGHPUT_WINDOW),
        _count_if(judged, since > now - timedelta(days=1)),
        func.sum(col(Annotation.seconds_spent)),
        func.count(col(Annotation.seconds_spent)),
    )


def _add_counts(into: dict[str, float], values: Sequence[Any]) -> None:
    """Add one group's :func:`_holder_counts` `values` to the sums `into` (by name)."""
    for name, value in zip(HOLDER_COUNTS, values, strict=True):
        into[name] = into.get(name, 0) + float(value or 0)


def _set_rates(person: AnnotatorProgress, c: dict[str, float], middle: list[float] | None) -> None:
    """A person's counts, throughput and seconds per item from their summed groups `c`.

    `middle` is the middle one or two of their seconds (:func:`_middle_seconds`), if any.
    """
    person.assigned, person.judged = int(c.get("assigned", 0)), int(c.get("judged", 0))
    person.expired = int(c.get("expired", 0))
    person.open = person.assigned - person.judged - person.expired
    person.per_hour = round(c.get("recent", 0) / (THROUGHPUT_WINDOW.total_seconds() / 3600), 2)
    person.last_day = int(c.get("last_day", 0))
    seconds_n = c.get("seconds_n", 0)
    person.mean_seconds = round(c["seconds_sum"] / seconds_n, 1) if seconds_n else None
    person.median_seconds = round(statistics.median(middle), 1) if middle else None


def _holder_scope(*conditions: Any) -> Any:
    """FROM/WHERE of :func:`annotation_progress`: assignments and the holder's annotation.

    The audit status comes from the assignment's own ``scenario_id`` (the response's scenario,
    copied when it was written) against the few audited-out scenarios, so no row joins the
    responses, checkpoints or scenarios (those joins were ~2/3 of the read at a million).
    """
    return (
        sa_select()
        .select_from(Assignment)
        .outerjoin(
            Annotation,
            and_(
                col(Annotation.response_id) == col(Assignment.response_id),
                col(Annotation.annotator_id) == col(Assignment.annotator_id),
            ),
        )
        .where(*conditions)
    )


def _audited_out_sql() -> Any:
    """SQL: the assignment's scenario was audited out (a small IN list of scenario ids)."""
    rejected = sa_select(col(Scenario.id)).where(col(Scenario.audit_status) == AuditStatus.REJECTED)
    return col(Assignment.scenario_id).in_(rejected)


def annotation_progress(session: Session, now: datetime | None = None) -> OverallProgress:
    """Progress over all active assignments, per phase and per annotator.

    Everything is aggregated in the database, so the page's memory does not grow with the
    number of assignments; the values are those :func:`batch_progress` gives a batch. One
    statement joins each active assignment to its holder's annotation once and groups by
    phase × annotator × kind (overlap or not) × audited out × batch (a few hundred groups at
    most); the phases, the annotators and the annotators' batch lists are folded from those
    groups here. ``double_judged`` counts the items judged by two people in each phase
    (:func:`app.annotation.service.double_judged_pairs`: overlap items judged by both their
    primary and overlap annotator, audited-out scenarios left out). Per annotator,
    ``mean_seconds`` / ``median_seconds`` are seconds per judged item
    (``Annotation.seconds_spent``), rounded to 0.1 s; the median is the mean of the middle value
    or two (:func:`_middle_seconds`: ``percentile_disc`` in both orders on PostgreSQL, a window
    function on SQLite), so only one or two values per annotator leave the database.
    ``released`` is 0 (only active assignments are read) and the ``seconds`` / ``judged_at``
    lists are left empty.

    Args:
        session: database session (read only).
        now: the time expiries and the throughput windows are measured at (aware; default now).

    Returns:
        The :class:`OverallProgress`: phases ascending, annotators by username.
    """
    now = (now or utcnow()).astimezone(UTC)
    with local_settings(session, SERIAL_NO_JIT):
        return _annotation_progress(session, now)


def _annotation_progress(session: Session, now: datetime) -> OverallProgress:
    overlap = col(Assignment.kind) == AssignmentKind.OVERLAP
    keys = (
        col(Assignment.phase),
        col(Assignment.annotator_id),
        overlap.label("overlap"),
        _audited_out_sql().label("audited_out"),
        col(Assignment.batch_id),
    )
    groups = session.execute(
        _holder_scope(col(Assignment.released_at).is_(None))
        .add_columns(*keys, *_holder_counts(now))
        .group_by(*keys)
    ).all()

    per_phase: dict[int, Counter[str]] = defaultdict(Counter)
    per_person: dict[int, dict[str, float]] = defaultdict(dict)
    audited: Counter[int] = Counter()
    waiting_in: dict[int, set[int]] = defaultdict(set)
    for phase, annotator_id, is_overlap, is_out, batch_id, *values in groups:
        assigned, judged_n, expired_n = values[0], values[1], values[2]
        counts = per_phase[phase]
        per_person.setdefault(annotator_id, {})  # a row even for audited-out items only
        if is_out:
            counts["audited_out"] += assigned
            audited[annotator_id] += assigned
            continue
        prefix = "overlap_" if is_overlap else ""
        counts[prefix + "assigned"] += assigned
        counts[prefix + "judged"] += judged_n
        if not is_overlap:
            counts["expired"] += expired_n
        _add_counts(per_person[annotator_id], values)
        if batch_id is not None and assigned > judged_n:
            waiting_in[annotator_id].add(batch_id)

    def double_judged(phase: int) -> int:
        pairs = double_judged_pairs(phase)
        return int(session.execute(sa_select(func.count()).select_from(pairs)).scalar_one())

    phases = [
        PhaseProgress(
            phase=phase,
            assigned=c["assigned"],
            judged=c["judged"],
            expired=c["expired"],
            overlap_assigned=c["overlap_assigned"],
            overlap_judged=c["overlap_judged"],
            double_judged=double_judged(phase),
            audited_out=c["audited_out"],
        )
        for phase, c in sorted(per_phase.items())
    ]
    middle = _middle_seconds(session)
    people: dict[int, AnnotatorProgress] = {}
    for annotator_id, c in per_person.items():
        person = people[annotator_id] = AnnotatorProgress(
            annotator_id=annotator_id,
            batch_ids=sorted(waiting_in[annotator_id]),
            audited_out=audited[annotator_id],
        )
        _set_rates(person, c, middle.get(annotator_id))
    return OverallProgress(phases=phases, annotators=_name(session, people))


def progress_valid_until(session: Session, now: datetime) -> datetime | None:
    """When :func:`annotation_progress` at `now` would first change with the data unchanged.

    Its clock-dependent figures change when an active assignment expires and when a judgement
    leaves the throughput window or the last day; the earliest such moment after `now` (None:
    none). For keeping the progress until the content changes
    (:func:`app.db.content_cached`).
    """
    now = now.astimezone(UTC)
    windows = (THROUGHPUT_WINDOW, timedelta(days=1))
    # one statement of three MIN()s, each a probe of an index (ix_assignments_active_expiry,
    # ix_annotations_created_at), not a scan
    expiry = sa_select(func.min(col(Assignment.expires_at))).where(
        col(Assignment.released_at).is_(None), col(Assignment.expires_at) > now
    )
    oldest = [
        sa_select(func.min(col(Annotation.created_at))).where(
            col(Annotation.created_at) > now - window
        )
        for window in windows
    ]
    first, *edges = session.execute(
        sa_select(expiry.scalar_subquery(), *(q.scalar_subquery() for q in oldest))
    ).one()
    times = [as_utc(first)]
    times += [None if t is None else as_utc(t) + w for t, w in zip(edges, windows, strict=True)]
    return min((t for t in times if t is not None), default=None)


def _middle_seconds(
    session: Session, *conditions: Any, per_annotator: bool = True
) -> dict[int | None, list[float]]:
    """Annotator → the middle one or two of their seconds per judged item (kept scenarios).

    Over active assignments, narrowed by `conditions`; without `per_annotator`, the middle of
    everyone's, under the key None.

    On PostgreSQL two ``percentile_disc(0.5)`` per annotator, in ascending and descending
    order: the lower and the upper middle value (the same one for an odd count), so the
    caller's ``statistics.median`` of the pair equals that of all the values; one join and a
    sort of the seconds in memory, no window over the joined rows. Elsewhere ROW_NUMBER and
    COUNT over a window per annotator give the same one or two values.
    """
    seconds = col(Annotation.seconds_spent)
    where = (
        *conditions,
        col(Assignment.released_at).is_(None),
        col(Annotation.id).is_not(None),
        seconds.is_not(None),
        ~_audited_out_sql(),
    )
    key = col(Assignment.annotator_id) if per_annotator else null()
    middle: dict[int | None, list[float]] = defaultdict(list)
    if session.get_bind().dialect.name == "postgresql":
        query = _holder_scope(*where).add_columns(
            key,
            func.percentile_disc(0.5).within_group(seconds),
            func.percentile_disc(0.5).within_group(seconds.desc()),
        )
        if per_annotator:
            query = query.group_by(key)
        for annotator_id, lower, upper in session.execute(query).all():
            if lower is not None:
                middle[annotator_id] = [float(lower), float(upper)]
        return middle
    partition = key if per_annotator else None
    ranked = (
        _holder_scope(*where)
        .add_columns(
            key.label("annotator_id"),
            seconds.label("seconds"),
            func.row_number().over(partition_by=partition, order_by=seconds).label("rank"),
            func.count().over(partition_by=partition).label("n"),
        )
        .subquery()
    )
    for annotator_id, value in session.execute(
        sa_select(ranked.c.annotator_id, ranked.c.seconds)
        .where((ranked.c.rank * 2).between(ranked.c.n, ranked.c.n + 2))
        .order_by(ranked.c.annotator_id, ranked.c.rank)
    ).all():
        middle[annotator_id].append(float(value))
    return middle
