"""Judged cells: the counts every table and figure is computed from (DESIGN.md §8).

A :class:`JudgedCell` holds the counts of one agent's judged responses at one checkpoint
``(scenario_id, t)`` — the judgement of record of each completed response
(:func:`app.annotation.service.judgement_of_record`, which leaves out audited-out scenarios),
optionally narrowed by :class:`~app.metrics.queries.MetricFilters`. Every artefact module
(:mod:`app.metrics.table1`, :mod:`app.metrics.figure3`, ...) is a pure function of cells, or of
their :class:`Table1Counts` summed per group (:func:`group_table1`).

The counting happens once, in the database: :func:`judged_cells_sql` takes the records of one
aggregate per (agent, checkpoint) whose values are the counts of a cell
(:func:`app.metrics.groups.aggregate_query`, kept per cell over all runs:
:mod:`app.metrics.kept`), so at a million responses only cells (at most agents × checkpoints)
reach Python. :func:`agent_table1_sql` is the same aggregate summed per agent with only the
Table 1 counts, for Table 1 on its own (the lead overview and ``halo metrics table1``). The
tests count the same cells from rows (``tests/metrics_oracles.py``) and hold the two equal.

Queries stay portable between PostgreSQL and SQLite (the embedded default); the
dialect-specific pieces are how other-issue categories are read from the annotation's JSON and,
on PostgreSQL, the planner settings of :func:`app.metrics.queries.planner_settings`.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from functools import partial
from typing import Any, TypeVar

from sqlalchemy import func, true
from sqlalchemy import select as sa_select
from sqlmodel import Session, col

from app.db import content_cached
from app.metrics.groups import issue_elements
from app.metrics.kept import judged_records
from app.metrics.queries import (
    MetricFilters,
    join_checkpoint_attributes,
    judged_from,
    paused_gc,
    planner_settings,
)
from app.models import Agent, Annotation, Checkpoint, Environment, Response, Scenario
from app.vocabulary import (
    ACTION_LEVELS,
    INTENSITIES,
    LEVELS,
    OTHER_ISSUES,
    Verdict,
)

# --- the counts ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Table1Counts:
    """The counts one Table 1 row is computed from (one group of annotated responses).

    Attributes:
        n: annotated responses; accept: accepted ones; levels: confirmed level → count;
        inaction: rejected L0; premature / belated: rejected with that timing;
        insufficient / excessive: rejected with that intensity;
        reasoning_tokens_sum / reasoning_tokens_n: sum and count over responses that report
        reasoning tokens; retrieval_rounds_sum: sum of retrieval rounds.
    """

    n: int
    accept: int
    levels: dict[str, int]
    inaction: int
    premature: int
    belated: int
    insufficient: int
    excessive: int
    reasoning_tokens_sum: int
    reasoning_tokens_n: int
    retrieval_rounds_sum: int


@dataclass(frozen=True, slots=True)
class L1Counts:
    """L1 responses of one local-content-access group (paper Figure 6).

    Attributes:
        n: L1 responses; accepted: accepted ones; insufficient: rejected with intensity
        ``insufficient``.
    """

    n: int = 0
    accepted: int = 0
    insufficient: int = 0


@dataclass(frozen=True, slots=True)
class WellTimedCounts:
    """Rejected responses of one level L1–L3 with timing ``appropriate`` (paper Figure 7).

    Attributes:
        n: such responses; insufficient / excessive / appropriate: those with that intensity.
    """

    n: int = 0
    insufficient: int = 0
    excessive: int = 0
    appropriate: int = 0


@dataclass(frozen=True, slots=True)
class JudgedCell:
    """The counts of one agent's judged responses at one checkpoint ``(scenario_id, t)``.

    Every table and figure is a function of a list of cells (Figures 3, 4, 6 with its linear
    probability model, 7, Tables 7–8 and 10) or of their :class:`Table1Counts` summed per agent,
    need type or domain (Tables 1, 2 and 9; :func:`group_table1`). Verdicts are ``accept`` or
    ``reject``.

    Attributes:
        agent / scenario_id / checkpoint (t) / num_events (n) / need_type / domain: the key
            and the scenario's attributes (DESIGN §2).
        table1: the Table 1 counts of these responses.
        rejected: rejected responses.
        over_proactive: rejected with timing premature or intensity excessive (Figure 3).
        accepted_action / accepted_restraint: accepted at L1–L3 / at L0 (Figure 4).
        l1_with_access / l1_without_access: L1 responses by local content access (Figure 6).
        well_timed: ``L1``, ``L2``, ``L3`` → rejected with appropriate timing (Figure 7).
        other_issues: rejected responses naming at least one other issue (Table 10).
        issue_categories: category → rejected responses naming it (once per response).
    """

    agent: str
    scenario_id: str
    checkpoint: int
    num_events: int
    need_type: str
    domain: str
    table1: Table1Counts
    rejected: int
    over_proactive: int
    accepted_action: int
    accepted_restraint: int
    l1_with_access: L1Counts
    l1_without_access: L1Counts
    well_timed: Mapping[str, WellTimedCounts]
    other_issues: int
    issue_categories: Mapping[str, int]

    @property
    def n(self) -> int:
        """Judged responses in the cell."""
        return self.table1.n

    @property
    def checkpoint_key(self) -> tuple[str, int]:
        """The checkpoint ``(scenario_id, t)``."""
        return (self.scenario_id, self.checkpoint)


_Flat = TypeVar("_Flat", L1Counts, WellTimedCounts)
K = TypeVar("K", bound=Hashable)


def sum_table1(parts: Iterable[Table1Counts]) -> Table1Counts:
    """The Table 1 counts of the union of disjoint groups (field-wise sums).

    One pass over the parts (Tables 1, 2 and 9 sum thousands of cells per page).
    """
    n = accept = inaction = premature = belated = insufficient = excessive = 0
    tokens_sum = tokens_n = rounds_sum = 0
    levels: dict[str, int] = {str(level): 0 for level in LEVELS}
    for c in parts:
        n += c.n
        accept += c.accept
        for level, count in c.levels.items():
            if level in levels:
                levels[level] += count
        inaction += c.inaction
        premature += c.premature
        belated += c.belated
        insufficient += c.insufficient
        excessive += c.excessive
        tokens_sum += c.reasoning_tokens_sum
        tokens_n += c.reasoning_tokens_n
        rounds_sum += c.retrieval_rounds_sum
    return Table1Counts(
        n=n,
        accept=accept,
        levels=levels,
        inaction=inaction,
        premature=premature,
        belated=belated,
        insufficient=insufficient,
        excessive=excessive,
        reasoning_tokens_sum=tokens_sum,
        reasoning_tokens_n=tokens_n,
        retrieval_rounds_sum=rounds_sum,
    )


def sum_l1(parts: Iterable[L1Counts]) -> L1Counts:
    """The L1 counts of the union of disjoint groups (field-wise sums)."""
    n = accepted = insufficient = 0
    for p in parts:
        n, accepted, insufficient = n + p.n, accepted + p.accepted, insufficient + p.insufficient
    return L1Counts(n, accepted, insufficient)


def add_counts(a: _Flat, b: _Flat) -> _Flat:
    """Field-wise sum of two flat counts (:class:`L1Counts` or :class:`WellTimedCounts`)."""
    return type(a)(*(getattr(a, f.name) + getattr(b, f.name) for f in fields(a)))


def merge_cell(a: JudgedCell, b: JudgedCell) -> JudgedCell:
    """The cell of the union of two disjoint cells with the same key.

    E.g. the same ``(scenario_id, t)`` under two checkpoint rows.
    """
    return replace(
        a,
        table1=sum_table1([a.table1, b.table1]),
        rejected=a.rejected + b.rejected,
        over_proactive=a.over_proactive + b.over_proactive,
        accepted_action=a.accepted_action + b.accepted_action,
        accepted_restraint=a.accepted_restraint + b.accepted_restraint,
        l1_with_access=add_counts(a.l1_with_access, b.l1_with_access),
        l1_without_access=add_counts(a.l1_without_access, b.l1_without_access),
        well_timed={
            level: add_counts(a.well_timed[level], b.well_timed[level]) for level in ACTION_LEVELS
        },
        other_issues=a.other_issues + b.other_issues,
        issue_categories=dict(Counter(a.issue_categories) + Counter(b.issue_categories)),
    )


def group_table1(
    cells: Iterable[JudgedCell], key: Callable[[JudgedCell], K]
) -> dict[K, Table1Counts]:
    """The Table 1 counts of the cells summed per group.

    What Tables 1, 2 and 9 are computed from (e.g. ``key=lambda c: c.agent``;
    ``(c.agent, c.need_type)`` for Table 9).

    Returns:
        Group key → :class:`Table1Counts`, for the groups that have cells.
    """
    parts: dict[K, list[Table1Counts]] = defaultdict(list)
    for cell in cells:
        parts[key(cell)].append(cell.table1)
    return {group: sum_table1(counts) for group, counts in parts.items()}


# --- the aggregate ------------------------------------------------------------------------------


CheckpointAttributes = tuple[str, int, int, str, str]
"""``(scenario_id, t, num_events, need_type, domain)`` of a checkpoint."""


def _checkpoint_attributes(session: Session) -> dict[int, CheckpointAttributes]:
    """Checkpoint id → its attributes, for every checkpoint (a few per scenario: small)."""
    query = join_checkpoint_attributes(
        sa_select(
            col(Checkpoint.id),
            col(Checkpoint.scenario_id),
            col(Checkpoint.t),
            col(Scenario.num_events),
            col(Scenario.need_type),
            col(Environment.domain),
        )
    )
    return {cid: (sid, t, n, need, dom) for cid, sid, t, n, need, dom in session.execute(query)}


def _agent_names(session: Session) -> dict[int, str]:
    """Agent id → name, for every agent (a handful)."""
    return {i: name for i, name in session.execute(sa_select(col(Agent.id), col(Agent.name)))}


def _table1_counts(v: Sequence[Any], at: Mapping[str, int]) -> Table1Counts:
    """The :class:`Table1Counts` in a record of the aggregate (count name → position ``at``)."""
    n = v[at["n"]]
    return Table1Counts(
        n=n,
        accept=n - v[at["rejected"]],  # as count_table1 counts it
        levels={level: v[at[level]] for level in LEVELS},
        inaction=v[at["inaction"]],
        premature=v[at["premature"]],
        belated=v[at["belated"]],
        insufficient=v[at["insufficient"]],
        excessive=v[at["excessive"]],
        reasoning_tokens_sum=v[at["reasoning_tokens_sum"]],
        reasoning_tokens_n=v[at["reasoning_tokens_n"]],
        retrieval_rounds_sum=v[at["retrieval_rounds_sum"]],
    )


def judged_cells_sql(session: Session, filters: MetricFilters | None = None) -> list[JudgedCell]:
    """The judged responses counted per agent and checkpoint in the database (DESIGN §8).

    One GROUP BY (agent id, checkpoint id) over the judgement of record of each completed
    response, with the counts of :class:`JudgedCell` as aggregates; names and scenario
    attributes are looked up afterwards from the small agent and checkpoint tables, and cells
    whose checkpoints share ``(scenario_id, t)`` are merged. Other-issue categories outside
    DESIGN §2's (only from imports) take a second query, only when there are any.

    Args:
        session: database session.
        filters: which responses; None for all.

    Returns:
        One cell per ``(agent, scenario_id, t)`` with judged responses, sorted by that key.
    """
    filters = filters or MetricFilters()
    return list(
        content_cached(session, ("judged_cells", filters), partial(_judged_cells, session, filters))
    )


def _judged_cells(session: Session, filters: MetricFilters) -> list[JudgedCell]:
    with planner_settings(session):
        records, at = judged_records(session, filters, per_checkpoint=True)
        unknown: dict[tuple[int, int], dict[str, int]] = {}
        if any(record[at["issue_unknown"]] for record in records):
            dialect = session.get_bind().dialect.name
            unknown = _unknown_categories(session, filters, dialect)
    if not records:
        return []
    return _cells(records, at, _agent_names(session), _checkpoint_attributes(session), unknown)


def agent_table1_sql(
    session: Session, filters: MetricFilters | None = None
) -> dict[str, Table1Counts]:
    """The Table 1 counts per agent, summed in the database (paper Table 1; DESIGN §8).

    The aggregate of :func:`judged_cells_sql` summed per agent, with only the Table 1 counts.

    Equal to :func:`group_table1` of :func:`judged_cells_sql` by agent, in one statement that
    reads no other-issue JSON and returns a row per agent rather than per cell.

    Args:
        session: database session.
        filters: which responses; None for all.

    Returns:
        Agent name → :class:`Table1Counts`, for the agents with judged responses.
    """
    filters = filters or MetricFilters()
    return dict(
        content_cached(session, ("agent_table1", filters), partial(_agent_table1, session, filters))
    )


def _agent_table1(session: Session, filters: MetricFilters) -> dict[str, Table1Counts]:
    with planner_settings(session):
        records, at = judged_records(session, filters, per_checkpoint=False)
    if not records:
        return {}
    agents = _agent_names(session)
    return {agents[record[0]]: _table1_counts(record, at) for record in records}


def _cells(
    records: Sequence[Sequence[Any]],
    at: Mapping[str, int],
    agents: Mapping[int, str],
    checkpoints: Mapping[int, CheckpointAttributes],
    unknown: Mapping[tuple[int, int], Mapping[str, int]],
) -> list[JudgedCell]:
    """Cells from the records of the cell aggregate, merged and sorted by key.

    A record is ``(agent id, checkpoint id, *counts at their positions at)``; cells are merged by
    ``(agent, scenario_id, t)`` and sorted by it.
    """
    issues = [(category, at[f"issue_{category}"]) for category in OTHER_ISSUES]
    well_timed = [
        (level, [at[f"well_timed_{level}"], *(at[f"well_timed_{level}_{i}"] for i in INTENSITIES)])
        for level in ACTION_LEVELS
    ]
    cells: dict[tuple[str, str, int], JudgedCell] = {}
    with paused_gc():  # thousands of small acyclic objects
        for v in records:
            agent_id, checkpoint_id = v[0], v[1]
            categories: dict[str, int] = {category: v[i] for category, i in issues if v[i]}
            categories.update(unknown.get((agent_id, checkpoint_id), {}))
            scenario_id, t, num_events, need_type, domain = checkpoints[checkpoint_id]
            cell = JudgedCell(
                agent=agents[agent_id],
                scenario_id=scenario_id,
                checkpoint=t,
                num_events=num_events,
                need_type=need_type,
                domain=domain,
                table1=_table1_counts(v, at),
                rejected=v[at["rejected"]],
                over_proactive=v[at["over_proactive"]],
                accepted_action=v[at["accepted_action"]],
                accepted_restraint=v[at["accepted_restraint"]],
                l1_with_access=L1Counts(
                    v[at["l1_with_n"]], v[at["l1_with_accepted"]], v[at["l1_with_insufficient"]]
                ),
                l1_without_access=L1Counts(
                    v[at["l1_without_n"]],
                    v[at["l1_without_accepted"]],
                    v[at["l1_without_insufficient"]],
                ),
                well_timed={
                    level: WellTimedCounts(*(v[i] for i in positions))
                    for level, positions in well_timed
                },
                other_issues=v[at["other_issues"]],
                issue_categories=categories,
            )
            key = (cell.agent, scenario_id, t)
            cells[key] = merge_cell(cells[key], cell) if key in cells else cell
    return [cells[key] for key in sorted(cells)]


def _unknown_categories(
    session: Session, filters: MetricFilters, dialect: str
) -> dict[tuple[int, int], dict[str, int]]:
    """Rejected responses naming categories outside DESIGN §2's, per cell and category.

    Returns (agent id, checkpoint id) → category → rejected responses naming it (each response once
    per category).
    """
    elements, named = issue_elements(dialect)
    keys = (col(Response.agent_id), col(Response.checkpoint_id))
    query = (
        judged_from(filters, *keys, named, func.count(func.distinct(col(Annotation.id))))
        .join(elements, true())
        .where(col(Annotation.verdict) == Verdict.REJECT, named.not_in(OTHER_ISSUES))
        .group_by(*keys, named)
    )
    out: dict[tuple[int, int], dict[str, int]] = defaultdict(dict)
    for agent_id, checkpoint_id, category, count in session.execute(query):
        out[(agent_id, checkpoint_id)][category] = int(count)
    return out
