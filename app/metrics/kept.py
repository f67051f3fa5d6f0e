"""Kept cells: the judged responses of every run counted once per cell and phase (DESIGN.md §8).

The counts of every cell (agent × checkpoint) over all runs are kept in ``kept_cells``, one row
per annotation phase and one for every phase (:data:`ALL_PHASES`). The triggers of migration
0022 add a *mark* for every checkpoint a change can touch (an annotation, an assignment, a
completed response, a scenario's audit) in the transaction of the change; :func:`judged_records`
reads the kept cells of the unmarked checkpoints and computes the marked ones from their
responses (:func:`app.metrics.groups.aggregate_query`), so every read is exact, includes the
reader's own uncommitted changes, and never writes. :func:`refresh_kept_cells` (the periodic
``metrics.refresh_kept_cells`` task) recomputes the marked checkpoints and removes their marks,
so what a page computes afresh after a submit is the few checkpoints changed since the last
refresh, not a pass over every response. A run's counts (``?run=``) are always computed from
its responses.

At a million responses (``bench/metrics.py``) the cells of every run are 8,000 rows: reading
them replaces a GROUP BY over 454,582 label groups (1.4 s) or over the responses (~3 s).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import delete, func, insert, text
from sqlalchemy import select as sa_select
from sqlmodel import Session, col

from app.db import any_of
from app.metrics.groups import aggregate_query, measure_names
from app.metrics.queries import MetricFilters, planner_settings
from app.models import Annotation, Checkpoint, JudgedLabelMark, KeptCell, Response
from app.runs.outcomes import scope_checkpoints

ALL_PHASES = 0
"""The ``phase`` of the kept cells chosen among every annotation (no phase filter)."""

REBUILD_SHARE = 0.5
"""When at least this share of the checkpoints is marked, the marked ones are computed (on
read) or rebuilt (on refresh) in one pass over every response, not checkpoint by checkpoint."""

REFRESH_CHUNK = 200
"""Checkpoints recomputed per statement by a refresh."""

REFRESH_LOCK = 0x48414C4F
"""The PostgreSQL advisory lock (``pg_advisory_xact_lock``) that serialises refreshes."""

CountRecords = tuple[list[Sequence[Any]], dict[str, int]]
"""Records ``(agent id[, checkpoint id], *counts)`` and each count's position in a record."""


def _positions(*, per_checkpoint: bool) -> dict[str, int]:
    """Count name → its position in a record (after the agent id [and checkpoint id])."""
    names = measure_names(per_checkpoint=per_checkpoint)
    return {name: i for i, name in enumerate(names, start=2 if per_checkpoint else 1)}


def judged_records(
    session: Session, filters: MetricFilters, *, per_checkpoint: bool
) -> CountRecords:
    """The judged responses under the filters counted per cell, or per agent.

    With a run filter, or when at least :data:`REBUILD_SHARE` of the checkpoints are marked,
    computed from responses; else the kept cells of the unmarked checkpoints and the marked
    ones computed from their responses. Either way the same counts. Run it under
    :func:`~app.metrics.queries.planner_settings`.

    Args:
        session: the reader's session (its own uncommitted changes are counted).
        filters: which responses.
        per_checkpoint: every count of a cell per (agent id, checkpoint id); else the Table 1
            counts per agent id (:func:`app.metrics.groups.aggregate_query`).

    Returns:
        The records, one per (agent id, checkpoint id) or per agent id with judged responses,
        in no particular order, and each count's position in a record.
    """
    if filters.run_id is not None:
        return _computed(session, filters, per_checkpoint=per_checkpoint)
    marked = sorted(set(session.execute(sa_select(col(JudgedLabelMark.checkpoint_id))).scalars()))
    if marked and len(marked) >= REBUILD_SHARE * _checkpoint_count(session):
        return _computed(session, filters, per_checkpoint=per_checkpoint)
    names = measure_names(per_checkpoint=per_checkpoint)
    at = _positions(per_checkpoint=per_checkpoint)
    records: list[Sequence[Any]] = []
    if marked:
        responses = _responses_at(session, marked)
        records, _ = _computed(session, filters, per_checkpoint=per_checkpoint, responses=responses)
    kept = _kept(session, filters, marked, names)
    if per_checkpoint:
        records.extend(kept)
        return records, at
    # the Table 1 counts per agent: the kept cells summed (a few thousand rows, in Python)
    sums: dict[int, list[int]] = {}
    for record in [*records, *((k[0], *k[2:]) for k in kept)]:
        total = sums.setdefault(record[0], [0] * len(names))
        for i, value in enumerate(record[1:]):
            total[i] += value
    return [(agent, *total) for agent, total in sums.items()], at


def _computed(
    session: Session,
    filters: MetricFilters,
    *,
    per_checkpoint: bool,
    responses: Sequence[str] | None = None,
) -> CountRecords:
    """The records computed from responses (only `responses`, by id, when given)."""
    dialect = session.get_bind().dialect.name
    query, _ = aggregate_query(filters, dialect, per_checkpoint=per_checkpoint, responses=responses)
    # Core execution: ORM row processing would cost more than the records themselves
    records: list[Sequence[Any]] = list(session.connection().execute(query).all())
    return records, _positions(per_checkpoint=per_checkpoint)


def _kept(
    session: Session, filters: MetricFilters, marked: Sequence[int], names: Sequence[str]
) -> list[tuple[Any, ...]]:
    """The kept cells of the phase and scope of the filters, but the marked checkpoints.

    As records ``(agent id, checkpoint id, *counts in the order of names)``.
    """
    query: Any = sa_select(
        col(KeptCell.agent_id), col(KeptCell.checkpoint_id), col(KeptCell.counts)
    ).where(col(KeptCell.phase) == (filters.phase or ALL_PHASES))
    scope = scope_checkpoints(need_type=filters.need_type, domain=filters.domain)
    if scope is not None:
        query = query.where(col(KeptCell.checkpoint_id).in_(scope))
    if marked:
        query = query.where(~any_of(col(KeptCell.checkpoint_id), marked))
    return [
        (agent, checkpoint, *(counts[name] for name in names))
        for agent, checkpoint, counts in session.connection().execute(query)
    ]


def _responses_at(session: Session, checkpoints: Sequence[int]) -> list[str]:
    """The ids of the responses at these checkpoints (by index).

    Passed on as one array, they let the judgement of record find its annotations by index
    (~4 ms for a checkpoint of 375 responses at a million, where a subquery of the same ids
    made PostgreSQL scan every annotation, ~230 ms).
    """
    query = sa_select(col(Response.id)).where(any_of(col(Response.checkpoint_id), checkpoints))
    return list(session.execute(query).scalars())


def _checkpoint_count(session: Session) -> int:
    return int(session.execute(sa_select(func.count(col(Checkpoint.id)))).scalar_one())


def refresh_kept_cells(session: Session) -> int:
    """Recompute the kept cells of every marked checkpoint and remove its marks.

    In the session's transaction, which the caller commits. On PostgreSQL refreshes are
    serialised by :data:`REFRESH_LOCK`, taken before the marks are read, so a change committed
    after they were read keeps its mark for the next refresh; marks are removed by id.

    Args:
        session: a session that may write.

    Returns:
        How many checkpoints were recomputed (0 when none was marked).
    """
    dialect = session.get_bind().dialect.name
    if dialect == "postgresql":
        session.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": REFRESH_LOCK})
    marks = session.execute(
        sa_select(col(JudgedLabelMark.id), col(JudgedLabelMark.checkpoint_id))
    ).all()
    if not marks:
        return 0
    checkpoints = sorted({checkpoint for _, checkpoint in marks})
    cells = KeptCell.__table__  # type: ignore[attr-defined]
    with planner_settings(session):
        if len(checkpoints) >= REBUILD_SHARE * _checkpoint_count(session):
            session.execute(delete(cells))
            _insert_cells(session, None)
        else:
            for start in range(0, len(checkpoints), REFRESH_CHUNK):
                ids = checkpoints[start : start + REFRESH_CHUNK]
                session.execute(delete(cells).where(any_of(cells.c.checkpoint_id, ids)))
                _insert_cells(session, _responses_at(session, ids))
    session.execute(
        delete(JudgedLabelMark).where(any_of(col(JudgedLabelMark.id), [i for i, _ in marks]))
    )
    return len(checkpoints)


def _insert_cells(session: Session, responses: list[str] | None) -> None:
    """Insert the cells of these responses (None: every response), for every phase and each one.

    The cells of a phase equal those of :data:`ALL_PHASES` when every annotation in scope is of
    that phase: then they are copied, not computed again.
    """
    phases_query = sa_select(col(Annotation.phase)).distinct()
    if responses is not None:
        phases_query = phases_query.where(any_of(col(Annotation.response_id), responses))
    phases = sorted(int(p) for p in session.execute(phases_query).scalars())
    every, at = _computed(session, MetricFilters(), per_checkpoint=True, responses=responses)
    rows = _rows(every, at, ALL_PHASES)
    for phase in phases:
        if len(phases) == 1:  # every annotation in scope is of this phase
            rows.extend({**row, "phase": phase} for row in rows[: len(every)])
        else:
            one, _ = _computed(
                session, MetricFilters(phase=phase), per_checkpoint=True, responses=responses
            )
            rows.extend(_rows(one, at, phase))
    if rows:
        session.execute(insert(KeptCell.__table__), rows)  # type: ignore[attr-defined]


def _rows(records: Sequence[Sequence[Any]], at: dict[str, int], phase: int) -> list[dict[str, Any]]:
    """The ``kept_cells`` rows of cell records of one phase."""
    return [
        {
            "agent_id": record[0],
            "checkpoint_id": record[1],
            "phase": phase,
            "counts": {name: int(record[i]) for name, i in at.items()},
        }
        for record in records
    ]
