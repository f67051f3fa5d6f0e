"""Label groups: the judged responses grouped by every label the counts use (DESIGN.md §8).

The FROM clause of every count of :mod:`app.metrics.cells`: the judgement of record of each
completed response (:func:`app.metrics.queries.judged_from`) grouped by agent, checkpoint,
level, verdict, timing, intensity, local content access and issue mask, with each group's size
and sums (:func:`label_groups_query`): as many groups per (agent, checkpoint) as its responses
have distinct labellings (one when every replica is judged alike, 57 on average in
``bench/metrics.py``'s million, where replicas are judged with other rows' labels).

Over all runs the groups are also kept, per checkpoint and annotation phase, in
``judged_label_groups``. The triggers of migration 0022 add a *mark* for every checkpoint a
change can touch (an annotation, an assignment, a completed response, a scenario's audit) in
the transaction of the change; :func:`label_groups` reads the kept groups of the unmarked
checkpoints and computes the marked ones from responses, so every read is exact, includes the
reader's own uncommitted changes, and never writes. :func:`refresh_label_groups` (the periodic
``metrics.refresh_label_groups`` task) recomputes the marked checkpoints and removes their marks,
so what a page computes afresh after a submit is the few checkpoints changed since the last
refresh, not a pass over every response. A run's groups (``?run=``) are always computed from
its responses.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from sqlalchemy import (
    Text,
    case,
    cast,
    delete,
    exists,
    func,
    insert,
    literal,
    literal_column,
    text,
    union_all,
)
from sqlalchemy import select as sa_select
from sqlalchemy.dialects.postgresql import JSONB
from sqlmodel import Session, col

from app.db import any_of
from app.metrics.queries import MetricFilters, judged_from, planner_settings
from app.models import Annotation, Checkpoint, JudgedLabelGroup, JudgedLabelMark, Response
from app.runs.outcomes import scope_checkpoints
from app.vocabulary import OTHER_ISSUES, Verdict


def issue_elements(dialect: str) -> tuple[Any, Any]:
    """The elements of an annotation's ``other_issues`` JSON array as a table.

    Also the expression of an element's category (PostgreSQL jsonb, else SQLite's JSON1).
    """
    if dialect == "postgresql":
        elements = func.jsonb_array_elements(col(Annotation.other_issues)).table_valued("value")
        return elements, elements.c.value.op("->>")("category")
    elements = func.json_each(col(Annotation.other_issues)).table_valued("value")
    return elements, func.json_extract(elements.c.value, "$.category")


def _has_issues(dialect: str) -> Any:
    """The annotation names at least one other issue (neither ``[]`` nor JSON null)."""
    if dialect == "postgresql":  # jsonb equality, no conversion to text per row
        empty = (cast(literal("[]"), JSONB), cast(literal("null"), JSONB))
        return col(Annotation.other_issues).not_in(empty)
    # SQLite keeps the JSON text as SQLAlchemy wrote it: an empty list is '[]'
    return cast(Annotation.other_issues, Text).not_in(("[]", "null"))


def _names_category(dialect: str, category: str) -> Any:
    """The annotation's other issues name this category."""
    if dialect == "postgresql":  # jsonb containment: no per-row subquery
        probe = json.dumps([{"category": category}])
        return col(Annotation.other_issues).op("@>")(cast(literal(probe), JSONB))
    elements, named = issue_elements(dialect)
    return exists(sa_select(literal(1)).select_from(elements).where(named == category))


def _names_unknown_category(dialect: str) -> Any:
    """The annotation's other issues name a category outside DESIGN §2's."""
    elements, named = issue_elements(dialect)
    return exists(sa_select(literal(1)).select_from(elements).where(named.not_in(OTHER_ISSUES)))


ISSUE_BITS: dict[str, int] = {
    "any": 1,
    **{category: 2 << i for i, category in enumerate(OTHER_ISSUES)},
    "unknown": 2 << len(OTHER_ISSUES),
}
"""Bits of a judged response's issue mask: it names any other issue, each DESIGN §2 category,
a category outside them. Zero unless the response is rejected (Table 10 counts rejected only)."""


def _issue_mask(dialect: str) -> Any:
    """The issue mask (:data:`ISSUE_BITS`) of the row's annotation.

    The JSON is looked at only for rejected responses with other issues (CASE keeps that order; AND
    would not promise it).
    """
    flags = [
        case((_names_category(dialect, category), ISSUE_BITS[category]), else_=0)
        for category in OTHER_ISSUES
    ]
    flags.append(case((_names_unknown_category(dialect), ISSUE_BITS["unknown"]), else_=0))
    flagged = (col(Annotation.verdict) == Verdict.REJECT) & _has_issues(dialect)
    return case((flagged, sum(flags, literal(ISSUE_BITS["any"]))), else_=0)


LABELS: tuple[str, ...] = ("agent_id", "checkpoint_id", "level", "verdict", "timing", "intensity")
"""The grouping columns of every label group, before ``access`` and the optional ``issues``."""
SUMS: tuple[str, ...] = ("k", "tokens_sum", "tokens_n", "rounds_sum")
"""The sums of a label group: responses, reasoning tokens (and how many report them), rounds."""


def label_groups_query(
    filters: MetricFilters,
    dialect: str,
    *,
    issues: bool = True,
    responses: Sequence[str] | None = None,
) -> Any:
    """SELECT the judged responses grouped by agent, checkpoint and every label the counts use.

    Args:
        filters: which responses (:class:`~app.metrics.queries.MetricFilters`).
        dialect: the database dialect's name (how the other-issue JSON is read).
        issues: with the ``issues`` mask column; without it the JSON of other issues is not
            looked at (Table 1 does not need it).
        responses: only these responses, by id (None: every response).

    Returns:
        A SELECT of :data:`LABELS`, ``access``, [``issues``,] and :data:`SUMS`; a sum over no
        reported value is 0, never NULL.
    """
    labels: tuple[Any, ...] = (
        col(Response.agent_id).label("agent_id"),
        col(Response.checkpoint_id).label("checkpoint_id"),
        col(Annotation.level).label("level"),
        col(Annotation.verdict).label("verdict"),
        col(Annotation.timing).label("timing"),
        col(Annotation.intensity).label("intensity"),
        col(Response.local_content_access).label("access"),
        *((_issue_mask(dialect).label("issues"),) if issues else ()),
    )
    sums = (
        func.count().label("k"),
        func.coalesce(func.sum(col(Response.reasoning_tokens)), 0).label("tokens_sum"),
        func.count(col(Response.reasoning_tokens)).label("tokens_n"),
        func.coalesce(func.sum(col(Response.retrieval_rounds)), 0).label("rounds_sum"),
    )
    positions: list[Any] = [literal_column(str(i)) for i in range(1, len(labels) + 1)]
    return judged_from(filters, *labels, *sums, responses=responses).group_by(*positions)


# --- kept groups --------------------------------------------------------------------------------

ALL_PHASES = 0
"""The ``phase`` of the kept groups chosen among every annotation (no phase filter)."""

REBUILD_SHARE = 0.5
"""When at least this share of the checkpoints is marked, the marked ones are computed (on
read) or rebuilt (on refresh) in one pass over every response, not checkpoint by checkpoint."""

REFRESH_CHUNK = 200
"""Checkpoints recomputed per statement by a refresh."""

REFRESH_LOCK = 0x48414C4F
"""The PostgreSQL advisory lock (``pg_advisory_xact_lock``) that serialises refreshes."""


def label_groups(session: Session, filters: MetricFilters, *, issues: bool = True) -> Any:
    """Subquery ``labels``: the label groups under the filters, kept where they can be.

    With a run filter, or when at least :data:`REBUILD_SHARE` of the checkpoints are marked,
    computed from responses (:func:`label_groups_query`); else the kept groups of the unmarked
    checkpoints UNION ALL the marked ones computed. Either way the same rows.

    Args:
        session: the reader's session (its own uncommitted changes are counted).
        filters: which responses.
        issues: with the ``issues`` mask column.

    Returns:
        A subquery with the columns of :func:`label_groups_query`.
    """
    dialect = session.get_bind().dialect.name
    if filters.run_id is not None:
        return label_groups_query(filters, dialect, issues=issues).subquery("labels")
    marked = sorted(set(session.execute(sa_select(col(JudgedLabelMark.checkpoint_id))).scalars()))
    if marked and len(marked) >= REBUILD_SHARE * _checkpoint_count(session):
        return label_groups_query(filters, dialect, issues=issues).subquery("labels")
    kept = _kept(filters, issues=issues)
    if marked:
        kept = kept.where(~any_of(col(JudgedLabelGroup.checkpoint_id), marked))
        responses = _responses_at(session, marked)
        computed = label_groups_query(filters, dialect, issues=issues, responses=responses)
        return union_all(kept, computed).subquery("labels")
    return kept.subquery("labels")


def _kept(filters: MetricFilters, *, issues: bool) -> Any:
    """SELECT the kept groups of the phase and scope of the filters (no run filter)."""
    g = JudgedLabelGroup
    names = (*LABELS, "access", *(("issues",) if issues else ()))
    query: Any = sa_select(*(col(getattr(g, name)).label(name) for name in (*names, *SUMS)))
    query = query.where(col(g.phase) == (filters.phase or ALL_PHASES))
    scope = scope_checkpoints(need_type=filters.need_type, domain=filters.domain)
    if scope is not None:
        query = query.where(col(g.checkpoint_id).in_(scope))
    return query


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


def refresh_label_groups(session: Session) -> int:
    """Recompute the kept label groups of every marked checkpoint and remove its marks.

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
    groups = JudgedLabelGroup.__table__  # type: ignore[attr-defined]
    with planner_settings(session):
        if len(checkpoints) >= REBUILD_SHARE * _checkpoint_count(session):
            session.execute(delete(groups))
            _insert_groups(session, dialect, None, None)
            if dialect == "postgresql":  # the planner's row estimates, for the aggregates
                session.execute(text("ANALYZE judged_label_groups"))
        else:
            for start in range(0, len(checkpoints), REFRESH_CHUNK):
                ids = checkpoints[start : start + REFRESH_CHUNK]
                session.execute(delete(groups).where(any_of(groups.c.checkpoint_id, ids)))
                _insert_groups(session, dialect, ids, _responses_at(session, ids))
    session.execute(
        delete(JudgedLabelMark).where(any_of(col(JudgedLabelMark.id), [i for i, _ in marks]))
    )
    return len(checkpoints)


def _insert_groups(
    session: Session,
    dialect: str,
    checkpoints: list[int] | None,
    responses: list[str] | None,
) -> None:
    """Insert the label groups of these checkpoints (None: all), for every phase and each one.

    `responses` are the ids of the responses at `checkpoints` (None with None).

    The groups of a phase equal those of :data:`ALL_PHASES` when every annotation in scope is of
    that phase: then they are copied, not computed again.
    """
    groups = JudgedLabelGroup.__table__  # type: ignore[attr-defined]
    names = [*LABELS, "access", "issues", *SUMS]
    phases_query = sa_select(col(Annotation.phase)).distinct()
    if responses is not None:
        phases_query = phases_query.where(any_of(col(Annotation.response_id), responses))
    phases = sorted(int(p) for p in session.execute(phases_query).scalars())
    computed = label_groups_query(MetricFilters(), dialect, responses=responses).subquery()
    session.execute(
        insert(groups).from_select(
            [*names, "phase"],
            sa_select(*(computed.c[name] for name in names), literal(ALL_PHASES)),
        )
    )
    for phase in phases:
        if len(phases) == 1:  # every annotation in scope is of this phase
            source = sa_select(*(groups.c[name] for name in names), literal(phase)).where(
                groups.c.phase == ALL_PHASES
            )
            if checkpoints is not None:
                source = source.where(any_of(groups.c.checkpoint_id, checkpoints))
        else:
            one = label_groups_query(
                MetricFilters(phase=phase), dialect, responses=responses
            ).subquery()
            source = sa_select(*(one.c[name] for name in names), literal(phase))
        session.execute(insert(groups).from_select([*names, "phase"], source))
