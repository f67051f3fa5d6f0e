"""The annotator's queue, read from its index a few rows at a time (DESIGN.md §7).

An annotator's queue is their visible assignments (unreleased, unexpired, of a response whose
scenario is not audited out; assignments are only made for completed responses) in *queue
order*: by scenario, checkpoint, then blind order
(:func:`app.models.annotation.blind_order`). Each assignment stores that place (``scenario_id``,
``checkpoint_t``, ``blind_order``) and the index ``ix_assignments_queue`` holds it with the
annotator, so every question the item page and its submit ask — the neighbours, the next open
item, the blinded label — reads a few index entries, whatever the queue's size; the queue page
reads one window of rows. Counts (progress, an item's position) are COUNTs in SQL, read apart
from the item page (:func:`item_progress`). Nothing here loads the whole queue.

Blinded labels: the responses of one checkpoint in the annotator's queue are A, B, C... in blind
order; a label counts the annotator's visible items before it at the checkpoint.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Select, and_, case, func, literal, or_, tuple_
from sqlalchemy import select as sa_select
from sqlalchemy.orm import aliased
from sqlalchemy.sql.elements import ColumnElement
from sqlmodel import Session, col

from app.annotation.batches import unexpired_sql
from app.models import Annotation, Assignment, Scenario
from app.models.base import as_utc, utcnow
from app.vocabulary import AuditStatus

QueueKey = tuple[str, int, str]
"""An item's place in queue order: ``(scenario_id, checkpoint t, blind order)``."""

ORDER = (
    col(Assignment.scenario_id),
    col(Assignment.checkpoint_t),
    col(Assignment.blind_order),
)
"""Queue order, as ``ix_assignments_queue`` holds it after the annotator."""


def _key() -> Any:
    """SQL: the assignment's place in queue order, as a row value."""
    return tuple_(*ORDER)


def label_of(index: int) -> str:
    """The blinded label of the `index`-th (0-based) response at a checkpoint: A, B, ... Z, A."""
    return chr(ord("A") + index % 26)


def _annotated() -> ColumnElement[bool]:
    """SQL: the assignment's annotator has saved a judgement of its response."""
    saved = aliased(Annotation)  # its own alias: the queue's rows may join Annotation too
    return (
        sa_select(literal(1))
        .where(
            col(saved.response_id) == col(Assignment.response_id),
            col(saved.annotator_id) == col(Assignment.annotator_id),
        )
        .exists()
    )


def visible(
    columns: list[Any], annotator_id: int, now: datetime | None = None, *, scenarios: bool = False
) -> Select[Any]:
    """SELECT `columns` over the annotator's queue (no order, no limit).

    The queue is read from ``assignments`` alone: an assignment is only ever made for a
    completed response, and a completed response stays completed (runs only move running
    responses back to pending), so its response need not be joined; audited-out scenarios
    are a small set, left out by id.

    Args:
        columns: what to select (from ``Assignment``; ``Scenario`` too with `scenarios`).
        annotator_id: the annotator.
        now: the time expiry is judged at (aware); None: now.
        scenarios: join the item's scenario (for its title, need type, number of events).

    Returns:
        The statement, to narrow, order and limit further.
    """
    statement = sa_select(*columns).select_from(Assignment)
    if scenarios:
        statement = statement.join(Scenario, col(Scenario.id) == col(Assignment.scenario_id))
    audited_out = sa_select(col(Scenario.id)).where(
        col(Scenario.audit_status) == AuditStatus.REJECTED
    )
    return statement.where(
        col(Assignment.annotator_id) == annotator_id,
        col(Assignment.released_at).is_(None),
        unexpired_sql(now or utcnow()),
        col(Assignment.scenario_id).not_in(audited_out),  # audited out (DESIGN §7)
    )


def place_of(session: Session, annotator_id: int, response_id: str) -> QueueKey | None:
    """The item's place in the annotator's queue; None when it is not in it."""
    row = session.execute(
        visible(list(ORDER), annotator_id).where(col(Assignment.response_id) == response_id)
    ).first()
    return None if row is None else (str(row[0]), int(row[1]), str(row[2]))


def _first(session: Session, statement: Select[Any]) -> str | None:
    value = session.execute(statement.limit(1)).scalar()
    return None if value is None else str(value)


def next_open(session: Session, annotator_id: int, after: QueueKey | None) -> str | None:
    """The first unjudged item after `after` in queue order, else the first one before it.

    Args:
        session: database session (read only).
        annotator_id: the annotator.
        after: the place of the item the annotator is on; None: from the start.

    Returns:
        A response id, or None when every other item is judged.
    """
    ids = visible([col(Assignment.response_id)], annotator_id).where(~_annotated())
    if after is None:
        return _first(session, ids.order_by(*ORDER))
    return _first(session, ids.where(_key() > tuple_(*after)).order_by(*ORDER)) or _first(
        session, ids.where(_key() < tuple_(*after)).order_by(*ORDER)
    )


def checkpoint_items(session: Session, annotator_id: int, scenario_id: str, t: int) -> list[str]:
    """The annotator's response ids at one checkpoint, in blind order (A, B, C...)."""
    return [
        str(r)
        for r in session.execute(
            visible([col(Assignment.response_id)], annotator_id)
            .where(col(Assignment.scenario_id) == scenario_id, col(Assignment.checkpoint_t) == t)
            .order_by(*ORDER)
        ).scalars()
    ]


@dataclass(frozen=True)
class Progress:
    """How far the annotator is: items in the queue and items judged."""

    total: int
    done: int


def progress(session: Session, annotator_id: int) -> Progress:
    """Count the annotator's queue and its judged items (one COUNT in SQL)."""
    total, done = session.execute(
        visible([func.count(), func.count(col(Annotation.id))], annotator_id).outerjoin(
            Annotation,
            and_(
                col(Annotation.response_id) == col(Assignment.response_id),
                col(Annotation.annotator_id) == annotator_id,
            ),
        )
    ).one()
    return Progress(total=int(total), done=int(done))


@dataclass(frozen=True)
class ItemPlace:
    """An item's place in the annotator's queue, for its diagnosis page (constant work).

    Attributes:
        previous / following: the items before and after it in queue order (None at an end).
        next_open: see :func:`next_open`.
        label: its blinded label at its checkpoint.
        at_checkpoint: how many of the annotator's items share its checkpoint.
    """

    previous: str | None
    following: str | None
    next_open: str | None
    label: str
    at_checkpoint: int


def item_place(session: Session, annotator_id: int, key: QueueKey) -> ItemPlace:
    """The neighbours, next open item and label of the item at `key`.

    Each is one query that reads a few index entries (keyset on ``ix_assignments_queue``, or
    the responses of one checkpoint), whatever the queue's size.

    Args:
        session: database session (read only).
        annotator_id: the annotator.
        key: the item's place (:func:`place_of`).
    """
    ids = visible([col(Assignment.response_id)], annotator_id)
    here = tuple_(*key)
    previous = _first(session, ids.where(_key() < here).order_by(*(c.desc() for c in ORDER)))
    following = _first(session, ids.where(_key() > here).order_by(*ORDER))
    before = func.count(case((col(Assignment.blind_order) < key[2], 1)))
    at_checkpoint, index = session.execute(
        visible([func.count(), before], annotator_id).where(
            col(Assignment.scenario_id) == key[0], col(Assignment.checkpoint_t) == key[1]
        )
    ).one()
    return ItemPlace(
        previous=previous,
        following=following,
        next_open=next_open(session, annotator_id, key),
        label=label_of(int(index)),
        at_checkpoint=int(at_checkpoint),
    )


@dataclass(frozen=True)
class ItemProgress:
    """Where an item stands in the queue: its 1-based position, the queue's size, items judged."""

    position: int
    total: int
    done: int


def item_progress(session: Session, annotator_id: int, key: QueueKey) -> ItemProgress:
    """The item's position and the queue's counts, counted in SQL (two COUNTs).

    The counts read every index entry of the queue, so the item page loads them apart (its
    progress line) and the page itself and the submit never wait for them.
    """
    counts = progress(session, annotator_id)
    before = session.execute(
        visible([func.count()], annotator_id).where(_key() < tuple_(*key))
    ).scalar_one()
    return ItemProgress(position=int(before) + 1, total=counts.total, done=counts.done)


# ---------------------------------------------------------------------------------------------
# The queue page: a window of rows, filtered


STATUSES = ("open", "judged")
"""The status filter's values (empty: every item)."""

PAGE_SIZE = 50
"""Rows on one queue page."""

MAX_SEARCH = 100
"""Longest search text, in characters."""

COUNT_CAP = 10_000
"""A filtered view counts its items (and a row's place among them) up to this many: beyond it
the page says "more than 10,000", so a filter over a huge queue stays a bounded query."""


@dataclass(frozen=True)
class QueueFilters:
    """What the queue page shows (from its query parameters; empty: no filter).

    Attributes:
        status: ``open``, ``judged`` or "".
        scenario: a scenario id, or "".
        need: a need type, or "".
        q: text searched in the scenario's id and title (case-insensitive), or "".
    """

    status: str = ""
    scenario: str = ""
    need: str = ""
    q: str = ""

    def params(self) -> dict[str, str]:
        """The filters as query parameters (only those set)."""
        values = {"status": self.status, "scenario": self.scenario, "need": self.need, "q": self.q}
        return {k: v for k, v in values.items() if v}

    @property
    def active(self) -> bool:
        """True when any filter is set."""
        return bool(self.params())


def _like(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped.lower()}%"


def _filtered(statement: Select[Any], filters: QueueFilters) -> Select[Any]:
    if filters.status == "open":
        statement = statement.where(~_annotated())
    elif filters.status == "judged":
        statement = statement.where(_annotated())
    if filters.scenario:
        statement = statement.where(col(Assignment.scenario_id) == filters.scenario)
    if filters.need:
        statement = statement.where(col(Scenario.need_type) == filters.need)
    if filters.q:
        pattern = _like(filters.q)
        statement = statement.where(
            or_(
                func.lower(col(Scenario.id)).like(pattern, escape="\\"),
                func.lower(col(Scenario.title)).like(pattern, escape="\\"),
            )
        )
    return statement


@dataclass(frozen=True)
class QueueRow:
    """One row of the queue page (no agent name: annotators are blinded).

    Attributes:
        response_id / scenario_id / scenario_title / checkpoint / num_events: the item.
        label: its blinded label at its checkpoint (as on the item page).
        annotated: True once the annotator saved a judgement of it.
        verdict: the saved verdict (``accept``/``reject``), None while unjudged.
        expires_at: when it goes back to the pool if still unjudged (aware, UTC); None: never.
    """

    response_id: str
    scenario_id: str
    scenario_title: str
    checkpoint: int
    num_events: int
    label: str
    annotated: bool
    verdict: str | None
    expires_at: datetime | None


@dataclass(frozen=True)
class ScenarioSummary:
    """A scenario's line on the queue page: its items in the queue, judged, first due time."""

    scenario_id: str
    title: str
    items: int
    judged: int
    due: datetime | None


@dataclass(frozen=True)
class QueueWindow:
    """One page of the annotator's queue.

    Attributes:
        rows: the rows shown, in queue order (at most :data:`PAGE_SIZE`).
        matching: items matching the filters (at most :data:`COUNT_CAP` when filtered).
        capped: True when more than :data:`COUNT_CAP` items match.
        first: 1-based place of the first row among them; None when it is past
            :data:`COUNT_CAP` (filtered views only).
        earlier / later: the response id to page back from (``before``) or on from
            (``after``); None at the start or the end.
        scenarios: a summary per scenario of the rows shown (whole scenario, unfiltered).
    """

    rows: list[QueueRow]
    matching: int
    capped: bool
    first: int | None
    earlier: str | None
    later: str | None
    scenarios: dict[str, ScenarioSummary]


def queue_window(
    session: Session,
    annotator_id: int,
    filters: QueueFilters,
    *,
    after: str | None = None,
    before: str | None = None,
    last: bool = False,
    size: int | None = None,
    matching: int | None = None,
) -> QueueWindow:
    """A page of the annotator's queue (keyset pagination; bounded queries).

    Args:
        session: database session (read only).
        annotator_id: the annotator.
        filters: which items (see :class:`QueueFilters`).
        after: show the rows after this item (a response id of the queue); unknown ids start
            from the beginning.
        before: show the rows before this item (ignored when `after` is given).
        last: show the last page (when neither `after` nor `before` is given).
        size: rows per page (1..500); None: :data:`PAGE_SIZE`.
        matching: how many items match the filters, when the caller has counted them (the
            queue's size without filters); None: counted here.

    Returns:
        The window, with its rows' labels and their scenarios' summaries.
    """
    size = max(1, min(PAGE_SIZE if size is None else size, 500))
    now = utcnow()
    columns: list[Any] = [
        col(Assignment.response_id),
        col(Assignment.scenario_id),
        col(Scenario.title),
        col(Assignment.checkpoint_t),
        col(Scenario.num_events),
        col(Annotation.id),
        col(Annotation.verdict),
        col(Assignment.expires_at),
        col(Assignment.blind_order),
    ]
    mine = and_(
        col(Annotation.response_id) == col(Assignment.response_id),
        col(Annotation.annotator_id) == annotator_id,
    )
    base = _filtered(visible(columns, annotator_id, now, scenarios=True), filters).outerjoin(
        Annotation, mine
    )
    anchor = after or before
    key = place_of(session, annotator_id, anchor) if anchor else None
    backwards = False
    if key is not None and after:
        statement = base.where(_key() > tuple_(*key)).order_by(*ORDER)
    elif key is not None:
        statement = base.where(_key() < tuple_(*key)).order_by(*(c.desc() for c in ORDER))
        backwards = True
    elif last:
        statement = base.order_by(*(c.desc() for c in ORDER))
        backwards = True
    else:
        statement = base.order_by(*ORDER)
    fetched = list(session.execute(statement.limit(size + 1)).all())
    more = len(fetched) > size
    fetched = fetched[:size]
    if backwards:
        fetched.reverse()
    matches = _filtered(
        visible([literal(1)], annotator_id, now, scenarios=bool(filters.need or filters.q)),
        filters,
    )
    # a filtered view counts up to COUNT_CAP + 1 rows, never the whole queue
    limit = COUNT_CAP + 1 if filters.active else None
    capped = False
    if matching is None:
        matching = _count(session, matches, limit)
        capped = limit is not None and matching > COUNT_CAP
        matching = min(matching, COUNT_CAP) if capped else matching
    first: int | None = 1
    has_earlier = has_later = False
    if fetched:
        head = tuple_(str(fetched[0][1]), int(fetched[0][3]), str(fetched[0][8]))
        tail = tuple_(str(fetched[-1][1]), int(fetched[-1][3]), str(fetched[-1][8]))
        ahead = _count(session, matches.where(_key() < head), limit)
        first = ahead + 1 if limit is None or ahead <= COUNT_CAP else None
        has_earlier = ahead > 0
        has_later = more if not backwards else _exists(session, matches.where(_key() > tail))
    labels = _labels(session, annotator_id, {(str(r[1]), int(r[3])) for r in fetched}, now)
    rows = [
        QueueRow(
            response_id=str(r[0]),
            scenario_id=str(r[1]),
            scenario_title=str(r[2]),
            checkpoint=int(r[3]),
            num_events=int(r[4]),
            label=labels.get(str(r[0]), "A"),
            annotated=r[5] is not None,
            verdict=r[6],
            expires_at=_utc(r[7]),
        )
        for r in fetched
    ]
    return QueueWindow(
        rows=rows,
        matching=matching,
        capped=capped,
        first=first,
        earlier=rows[0].response_id if rows and has_earlier else None,
        later=rows[-1].response_id if rows and has_later else None,
        scenarios=_summaries(session, annotator_id, sorted({r.scenario_id for r in rows}), now),
    )


def _count(session: Session, statement: Select[Any], limit: int | None) -> int:
    """How many rows `statement` gives, counting at most `limit` (None: all)."""
    rows = statement.limit(limit) if limit is not None else statement
    return int(session.execute(sa_select(func.count()).select_from(rows.subquery())).scalar_one())


def _exists(session: Session, statement: Select[Any]) -> bool:
    """True when `statement` gives a row."""
    return session.execute(statement.limit(1)).first() is not None


def _utc(value: datetime | None) -> datetime | None:
    """An aware time in UTC (SQLite gives naive UTC; PostgreSQL the session's zone)."""
    aware = as_utc(value)
    return aware.astimezone(UTC) if aware is not None else None


def _labels(
    session: Session, annotator_id: int, checkpoints: set[tuple[str, int]], now: datetime
) -> dict[str, str]:
    """Response id → blinded label for every item of the annotator at these checkpoints."""
    if not checkpoints:
        return {}
    rows = session.execute(
        visible(
            [
                col(Assignment.response_id),
                col(Assignment.scenario_id),
                col(Assignment.checkpoint_t),
            ],
            annotator_id,
            now,
        )
        .where(tuple_(col(Assignment.scenario_id), col(Assignment.checkpoint_t)).in_(checkpoints))
        .order_by(*ORDER)
    ).all()
    labels: dict[str, str] = {}
    counter: dict[tuple[str, int], int] = {}
    for response_id, scenario_id, t in rows:
        index = counter.get((scenario_id, t), 0)
        labels[str(response_id)] = label_of(index)
        counter[(scenario_id, t)] = index + 1
    return labels


def _summaries(
    session: Session, annotator_id: int, scenario_ids: list[str], now: datetime
) -> dict[str, ScenarioSummary]:
    """The per-scenario line (items, judged, first due time of an open item) of these scenarios."""
    if not scenario_ids:
        return {}
    statement = (
        visible(
            [
                col(Assignment.scenario_id),
                col(Scenario.title),
                func.count(),
                func.count(col(Annotation.id)),
                func.min(case((col(Annotation.id).is_(None), col(Assignment.expires_at)))),
            ],
            annotator_id,
            now,
            scenarios=True,
        )
        .outerjoin(
            Annotation,
            and_(
                col(Annotation.response_id) == col(Assignment.response_id),
                col(Annotation.annotator_id) == annotator_id,
            ),
        )
        .where(col(Assignment.scenario_id).in_(scenario_ids))
        .group_by(col(Assignment.scenario_id), col(Scenario.title))
    )
    return {
        str(s): ScenarioSummary(str(s), str(title), int(n), int(j), _utc(due))
        for s, title, n, j, due in session.execute(statement)
    }


def queue_scenarios(session: Session, annotator_id: int) -> list[tuple[str, str]]:
    """``(scenario id, title)`` of every scenario with an item in the annotator's queue.

    One index probe per scenario of the database (never a scan of the queue); for the
    scenario filter.
    """
    held = (
        sa_select(literal(1))
        .where(
            col(Assignment.annotator_id) == annotator_id,
            col(Assignment.scenario_id) == col(Scenario.id),
            col(Assignment.released_at).is_(None),
        )
        .exists()
    )
    return [
        (str(s), str(t))
        for s, t in session.execute(
            sa_select(col(Scenario.id), col(Scenario.title))
            .where(held, col(Scenario.audit_status) != AuditStatus.REJECTED)
            .order_by(col(Scenario.id))
        )
    ]
