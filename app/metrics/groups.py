"""The one aggregate of judged responses: label groups summed per cell (DESIGN.md §8).

The judgement of record of each completed response (:func:`app.metrics.queries.judged_from`)
is first grouped by agent, checkpoint, level, verdict, timing, intensity, local content access
and issue mask, with each group's size and sums (:func:`label_groups_query`): as many groups per
(agent, checkpoint) as its responses have distinct labellings (57 on average in
``bench/metrics.py``'s million, where replicas are judged with other rows' labels). The groups
are then summed per agent and checkpoint into the counts of a cell (:func:`cell_measures`), or
per agent into the Table 1 counts (:func:`table1_measures`): :func:`aggregate_query`.

What is kept of it over all runs, and refreshed by checkpoint, is in :mod:`app.metrics.kept`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from typing import Any

from sqlalchemy import BigInteger, Text, case, cast, exists, func, literal, literal_column
from sqlalchemy import select as sa_select
from sqlalchemy.dialects.postgresql import JSONB
from sqlmodel import col

from app.metrics.queries import MetricFilters, judged_from
from app.models import Annotation, Response
from app.vocabulary import (
    ACTION_LEVELS,
    INTENSITIES,
    LEVELS,
    OTHER_ISSUES,
    Intensity,
    Level,
    Timing,
    Verdict,
)


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


def _total(column: Any, where: Any = None) -> Any:
    """SUM(column) [FILTER (WHERE where)] as an integer, 0 when there is nothing to sum.

    The SUM of a bigint is numeric in PostgreSQL, which Python would get as a Decimal.
    """
    total = func.sum(column) if where is None else func.sum(column).filter(where)
    return cast(func.coalesce(total, 0), BigInteger)


def table1_measures(groups: Any) -> dict[str, Any]:
    """Name → aggregate over :func:`label_groups_query` of the :class:`Table1Counts` of a group.

    Accept is n − rejected.
    """
    g = groups.c
    rejected = g.verdict == Verdict.REJECT

    def count_if(condition: Any) -> Any:
        return _total(g.k, condition)

    return {
        "n": _total(g.k),
        "rejected": count_if(rejected),
        **{level: count_if(g.level == level) for level in LEVELS},
        "inaction": count_if(rejected & (g.level == Level.L0)),
        "premature": count_if(rejected & (g.timing == Timing.PREMATURE)),
        "belated": count_if(rejected & (g.timing == Timing.BELATED)),
        "insufficient": count_if(rejected & (g.intensity == Intensity.INSUFFICIENT)),
        "excessive": count_if(rejected & (g.intensity == Intensity.EXCESSIVE)),
        "reasoning_tokens_sum": _total(g.tokens_sum),
        "reasoning_tokens_n": _total(g.tokens_n),
        "retrieval_rounds_sum": _total(g.rounds_sum),
    }


def cell_measures(groups: Any) -> dict[str, Any]:
    """Name → aggregate over :func:`label_groups_query` of every count of a :class:`JudgedCell`."""
    g = groups.c
    level, verdict, timing, intensity, access = g.level, g.verdict, g.timing, g.intensity, g.access
    rejected = verdict == Verdict.REJECT
    accepted = verdict == Verdict.ACCEPT
    l1 = level == Level.L1

    def count_if(condition: Any) -> Any:
        return _total(g.k, condition)

    def names(bit: str) -> Any:
        return g.issues.op("&")(ISSUE_BITS[bit]) != 0

    measures: dict[str, Any] = {
        **table1_measures(groups),
        "over_proactive": count_if(
            rejected & ((timing == Timing.PREMATURE) | (intensity == Intensity.EXCESSIVE))
        ),
        "accepted_action": count_if(accepted & level.in_(ACTION_LEVELS)),
        "accepted_restraint": count_if(accepted & (level == Level.L0)),
    }
    for name, group in (("with", access.is_(True)), ("without", access.is_(False))):
        measures[f"l1_{name}_n"] = count_if(l1 & group)
        measures[f"l1_{name}_accepted"] = count_if(l1 & group & accepted)
        measures[f"l1_{name}_insufficient"] = count_if(
            l1 & group & rejected & (intensity == Intensity.INSUFFICIENT)
        )
    for level_name in ACTION_LEVELS:
        base = rejected & (level == level_name) & (timing == Timing.APPROPRIATE)
        measures[f"well_timed_{level_name}"] = count_if(base)
        for name in INTENSITIES:
            measures[f"well_timed_{level_name}_{name}"] = count_if(base & (intensity == name))
    measures["other_issues"] = count_if(names("any"))
    for category in OTHER_ISSUES:
        measures[f"issue_{category}"] = count_if(names(category))
    measures["issue_unknown"] = count_if(names("unknown"))
    return measures


def aggregate_query(
    filters: MetricFilters,
    dialect: str,
    *,
    per_checkpoint: bool,
    responses: Sequence[str] | None = None,
) -> tuple[Any, tuple[str, ...]]:
    """SELECT the label groups summed per agent and checkpoint, or per agent.

    Run it under :func:`~app.metrics.queries.planner_settings`.

    Args:
        filters: which responses.
        dialect: the database dialect's name.
        per_checkpoint: every count of a cell per (agent id, checkpoint id)
            (:func:`cell_measures`); else the Table 1 counts per agent id, without reading the
            other-issue JSON (:func:`table1_measures`).
        responses: only these responses, by id (None: every response).

    Returns:
        The SELECT of ``(agent_id[, checkpoint_id], *counts)`` and the counts' names in order.
    """
    groups = label_groups_query(
        filters, dialect, issues=per_checkpoint, responses=responses
    ).subquery("labels")
    measures = cell_measures(groups) if per_checkpoint else table1_measures(groups)
    keys = (groups.c.agent_id, groups.c.checkpoint_id) if per_checkpoint else (groups.c.agent_id,)
    query = sa_select(*keys, *measures.values()).group_by(*keys)
    return query, tuple(str(name) for name in measures)


@cache
def measure_names(*, per_checkpoint: bool) -> tuple[str, ...]:
    """The names of the counts :func:`aggregate_query` selects, in order (in every dialect).

    Args:
        per_checkpoint: the counts of a cell (:func:`cell_measures`); else those of Table 1.
    """
    return aggregate_query(MetricFilters(), "sqlite", per_checkpoint=per_checkpoint)[1]
