"""Queries that feed the metric formulas (DESIGN.md §8): counts aggregated in the database, and
the judged rows where a table needs them one by one.

Every query reads the judgement of record of each completed response — the primary annotator's
annotation (:func:`app.annotation.service.judgement_of_record`, which also leaves out
audited-out scenarios) — optionally narrowed by run, annotation phase, need type and domain.

- :func:`judged_cells_sql`: one GROUP BY per (agent, checkpoint) that counts everything the
  analysis page needs — the :class:`~app.metrics.tables.JudgedCell` that
  :func:`~app.metrics.tables.judged_cells` counts in Python from rows (each aggregate here is the
  SQL twin of a count there; tests hold them equal). The responses are first grouped by their
  labels (:func:`_label_groups`), so the counts aggregate a few label groups per cell rather than
  every response. Only cells (at most agents × checkpoints) reach Python, however many
  responses there are; the formulas themselves live only in :mod:`app.metrics.tables`.
- :func:`table1_counts_sql`: Table 1 counts per agent / need type / domain, from the same
  label groups.
- :func:`judged_responses`: one :class:`~app.metrics.tables.JudgedResponse` per response (Table
  11 matches uploaded predictions response by response).
- :func:`double_judged`: the label pairs of inter-annotator agreement.

Queries stay portable between PostgreSQL and SQLite (the embedded default); the
dialect-specific pieces are how other-issue categories are read from the annotation's JSON and,
on PostgreSQL, a few planner settings for the aggregates (:data:`PLANNER_SETTINGS`).
"""

from __future__ import annotations

import gc
import json
from collections import defaultdict
from collections.abc import Hashable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from typing import Any

from sqlalchemy import (
    BigInteger,
    Text,
    and_,
    case,
    cast,
    exists,
    func,
    literal,
    literal_column,
    or_,
    text,
    true,
)
from sqlalchemy import select as sa_select
from sqlalchemy.dialects.postgresql import JSONB
from sqlmodel import Session, col, select

from app.annotation.rules import INTENSITIES, LEVELS, OTHER_ISSUES
from app.annotation.service import judgement_of_record
from app.metrics.agreement import AGREEMENT_FIELDS
from app.metrics.formulas import Table1Counts
from app.metrics.tables import (
    ACTION_LEVELS,
    JudgedCell,
    JudgedResponse,
    L1Counts,
    WellTimedCounts,
    merge_cell,
)
from app.models import (
    Agent,
    Annotation,
    Assignment,
    Checkpoint,
    Environment,
    Response,
    Scenario,
    User,
)


@dataclass(frozen=True)
class MetricFilters:
    """Which judged responses a table is computed over (all fields optional).

    Attributes:
        run_id: responses of this run.
        phase: only annotations of this phase count (the judgement of record among them).
        need_type: scenarios of this need type (DESIGN §2).
        domain: environments of this domain (DESIGN §2).
    """

    run_id: int | None = None
    phase: int | None = None
    need_type: str | None = None
    domain: str | None = None

    def as_dict(self) -> dict[str, Any]:
        """The filters that are set, by name."""
        return {k: v for k, v in asdict(self).items() if v is not None}


# --- queries --------------------------------------------------------------------------------


def _scoped(query: Any, filters: MetricFilters, *, scenario_joined: bool) -> Any:
    """Add the filters' WHERE clauses (and the scenario joins when a filter needs them)."""
    query = query.where(col(Response.status) == "completed")
    if filters.run_id is not None:
        query = query.where(col(Response.run_id) == filters.run_id)
    if not scenario_joined and (filters.need_type is not None or filters.domain is not None):
        query = _join_scenario(query)
    if filters.need_type is not None:
        query = query.where(col(Scenario.need_type) == filters.need_type)
    if filters.domain is not None:
        query = query.where(col(Environment.domain) == filters.domain)
    return query


def _join_scenario(query: Any) -> Any:
    return (
        query.join(Checkpoint, col(Checkpoint.id) == col(Response.checkpoint_id))
        .join(Scenario, col(Scenario.id) == col(Checkpoint.scenario_id))
        .join(Environment, col(Environment.id) == col(Scenario.environment_id))
    )


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pause the cyclic garbage collector for a block that builds many acyclic objects.

    Loading a million judged responses otherwise triggers repeated full collections over every
    object made so far, which costs more than the loading itself; nothing built here has cycles.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


FETCH_ROWS = 20_000
"""Rows fetched per round trip when loading judged responses."""

TABLE1_KEYS: tuple[str, ...] = ("agent", "need_type", "domain")
"""What Table 1 counts can be grouped by (paper Tables 1, 2 and 9)."""

PLANNER_SETTINGS: dict[str, str] = {
    "jit": "off",
    "max_parallel_workers_per_gather": "0",
    "enable_sort": "off",
}
"""PostgreSQL settings for the aggregates of this module, local to the statement's transaction.

Measured at a million responses (``bench/metrics.py``; 2 cores, shared): JIT compilation with
inlining and optimisation cost ~0.85 s of a ~5 s cell query; a parallel plan computes the
judgement of record once in every worker (its GROUP BY sits on the inner side of a parallel hash
join); and the planner, which cannot know that a million responses fall into a few label groups
per (agent, checkpoint) (it estimates 500,000), sorted all the rows on disk (~1.8 s) where hash
aggregation takes ~0.3 s (and spills by partitions when the groups are many). With these three
the cell query took ~3.3 s instead of ~7 s."""


@contextmanager
def planner_settings(session: Session) -> Iterator[None]:
    """Run the block under :data:`PLANNER_SETTINGS` on PostgreSQL (``SET LOCAL``, restored
    afterwards; an error leaves them to the transaction's rollback); nothing elsewhere."""
    if session.get_bind().dialect.name != "postgresql":
        yield
        return
    connection = session.connection()
    names = list(PLANNER_SETTINGS)
    # one round trip to read the current values and one to set them, one to restore
    read = ", ".join(f"current_setting(:n{i})" for i in range(len(names)))
    saved = connection.execute(
        text(f"SELECT {read}"),
        {f"n{i}": name for i, name in enumerate(names)},
    ).one()
    _set_local(session, PLANNER_SETTINGS)
    yield
    _set_local(session, dict(zip(names, saved, strict=True)))


def _set_local(session: Session, settings: Mapping[str, str]) -> None:
    """``SET LOCAL`` each setting, in one statement."""
    calls = ", ".join(f"set_config(:n{i}, :v{i}, true)" for i in range(len(settings)))
    params: dict[str, str] = {}
    for i, (name, value) in enumerate(settings.items()):
        params[f"n{i}"], params[f"v{i}"] = name, value
    session.connection().execute(text(f"SELECT {calls}"), params)


def table1_counts_sql(
    session: Session, key_names: Sequence[str], filters: MetricFilters | None = None
) -> dict[tuple[str, ...], Table1Counts]:
    """Table 1 counts per group over the judgement of record of each completed response (paper
    Tables 1, 2, 9; DESIGN §8).

    The judged responses are grouped by their labels first (:func:`_label_groups`, as for the
    cells), then the label groups are joined to names and scenario attributes and summed per
    group with the Table 1 counts of the cell query — one statement, a row per group.

    Args:
        session: database session.
        key_names: group keys, any of :data:`TABLE1_KEYS` (``agent``, ``need_type``,
            ``domain``); none for one group of everything.
        filters: which responses; None for all.

    Returns:
        Key values (in ``key_names`` order) → :class:`Table1Counts`; groups without responses
        are absent.

    Raises:
        KeyError: an unknown key name.
    """
    unknown = [name for name in key_names if name not in TABLE1_KEYS]
    if unknown:
        raise KeyError(f"unknown group key {unknown[0]!r}; use {', '.join(TABLE1_KEYS)}")
    filters = filters or MetricFilters()
    groups = _label_groups(filters, session.get_bind().dialect.name, issues=False)
    measures = _table1_measures(groups)
    key_columns = {
        "agent": col(Agent.name),
        "need_type": col(Scenario.need_type),
        "domain": col(Environment.domain),
    }
    keys = [key_columns[name] for name in key_names]
    # the joins to names and scenario attributes come after the label groups: a few rows per
    # (agent, checkpoint), not one per response
    query = sa_select(*keys, *measures.values()).select_from(groups)
    if "agent" in key_names:
        query = query.join(Agent, col(Agent.id) == groups.c.agent_id)
    if "need_type" in key_names or "domain" in key_names:
        query = _join_checkpoint_attributes(
            query.join(Checkpoint, col(Checkpoint.id) == groups.c.checkpoint_id), joined=True
        )
    if keys:
        query = query.group_by(*keys)
    with planner_settings(session):
        records = session.connection().execute(query).all()
    width = len(keys)
    at = {name: i for i, name in enumerate(measures, start=width)}
    out: dict[tuple[str, ...], Table1Counts] = {}
    for record in records:
        if record[at["n"]]:  # an aggregate without GROUP BY gives one row even of nothing
            out[tuple(record[:width])] = _table1_counts(record, at)
    return out


# --- cells --------------------------------------------------------------------------------------


def _issue_elements(dialect: str) -> tuple[Any, Any]:
    """The elements of an annotation's ``other_issues`` JSON array as a table, and the
    expression of an element's category (PostgreSQL jsonb, else SQLite's JSON1)."""
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
    elements, named = _issue_elements(dialect)
    return exists(sa_select(literal(1)).select_from(elements).where(named == category))


def _names_unknown_category(dialect: str) -> Any:
    """The annotation's other issues name a category outside DESIGN §2's."""
    elements, named = _issue_elements(dialect)
    return exists(sa_select(literal(1)).select_from(elements).where(named.not_in(OTHER_ISSUES)))


ISSUE_BITS: dict[str, int] = {
    "any": 1,
    **{category: 2 << i for i, category in enumerate(OTHER_ISSUES)},
    "unknown": 2 << len(OTHER_ISSUES),
}
"""Bits of a judged response's issue mask: it names any other issue, each DESIGN §2 category,
a category outside them. Zero unless the response is rejected (Table 10 counts rejected only)."""


def _issue_mask(dialect: str) -> Any:
    """The issue mask (:data:`ISSUE_BITS`) of the row's annotation; the JSON is looked at only
    for rejected responses with other issues (CASE keeps that order; AND would not promise it)."""
    flags = [
        case((_names_category(dialect, category), ISSUE_BITS[category]), else_=0)
        for category in OTHER_ISSUES
    ]
    flags.append(case((_names_unknown_category(dialect), ISSUE_BITS["unknown"]), else_=0))
    flagged = (col(Annotation.verdict) == "reject") & _has_issues(dialect)
    return case((flagged, sum(flags, literal(ISSUE_BITS["any"]))), else_=0)


def _label_groups(filters: MetricFilters, dialect: str, *, issues: bool = True) -> Any:
    """Subquery: judged responses grouped by agent, checkpoint and every label the cell counts
    look at — level, verdict, timing, intensity, local content access, issue mask — with the
    group's size ``k`` and its token and round sums. Without ``issues`` the JSON of other issues
    is not looked at (Table 1 does not need it).

    Grouping first makes each cell count below an aggregate over label groups rather than over
    responses: a million responses fall into a few label groups per (agent, checkpoint).
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
        func.sum(col(Response.reasoning_tokens)).label("tokens_sum"),
        func.count(col(Response.reasoning_tokens)).label("tokens_n"),
        func.sum(col(Response.retrieval_rounds)).label("rounds_sum"),
    )
    positions: list[Any] = [literal_column(str(i)) for i in range(1, len(labels) + 1)]
    return _judged_from(filters, *labels, *sums).group_by(*positions).subquery("labels")


def _total(column: Any, where: Any = None) -> Any:
    """SUM(column) [FILTER (WHERE where)], 0 when there is nothing to sum, as an integer (the
    SUM of a bigint is numeric in PostgreSQL, which Python would get as a Decimal)."""
    total = func.sum(column) if where is None else func.sum(column).filter(where)
    return cast(func.coalesce(total, 0), BigInteger)


def _table1_measures(groups: Any) -> dict[str, Any]:
    """Name → aggregate over :func:`_label_groups` of the :class:`Table1Counts` of a cell (the
    SQL twin of :func:`app.metrics.formulas.count_table1`; accept is n − rejected there too)."""
    g = groups.c
    rejected = g.verdict == "reject"

    def count_if(condition: Any) -> Any:
        return _total(g.k, condition)

    return {
        "n": _total(g.k),
        "rejected": count_if(rejected),
        **{level: count_if(g.level == level) for level in LEVELS},
        "inaction": count_if(rejected & (g.level == "L0")),
        "premature": count_if(rejected & (g.timing == "premature")),
        "belated": count_if(rejected & (g.timing == "belated")),
        "insufficient": count_if(rejected & (g.intensity == "insufficient")),
        "excessive": count_if(rejected & (g.intensity == "excessive")),
        "reasoning_tokens_sum": _total(g.tokens_sum),
        "reasoning_tokens_n": _total(g.tokens_n),
        "retrieval_rounds_sum": _total(g.rounds_sum),
    }


def _cell_measures(groups: Any) -> dict[str, Any]:
    """Name → aggregate over :func:`_label_groups` of every count of a
    :class:`~app.metrics.tables.JudgedCell`, each the SQL twin of what
    :func:`app.metrics.tables.count_cell` counts in Python."""
    g = groups.c
    level, verdict, timing, intensity, access = g.level, g.verdict, g.timing, g.intensity, g.access
    rejected = verdict == "reject"
    accepted = verdict == "accept"
    l1 = level == "L1"

    def count_if(condition: Any) -> Any:
        return _total(g.k, condition)

    def names(bit: str) -> Any:
        return g.issues.op("&")(ISSUE_BITS[bit]) != 0

    measures: dict[str, Any] = {
        **_table1_measures(groups),
        "over_proactive": count_if(
            rejected & ((timing == "premature") | (intensity == "excessive"))
        ),
        "accepted_action": count_if(accepted & level.in_(ACTION_LEVELS)),
        "accepted_restraint": count_if(accepted & (level == "L0")),
    }
    for name, group in (("with", access.is_(True)), ("without", access.is_(False))):
        measures[f"l1_{name}_n"] = count_if(l1 & group)
        measures[f"l1_{name}_accepted"] = count_if(l1 & group & accepted)
        measures[f"l1_{name}_insufficient"] = count_if(
            l1 & group & rejected & (intensity == "insufficient")
        )
    for level_name in ACTION_LEVELS:
        base = rejected & (level == level_name) & (timing == "appropriate")
        measures[f"well_timed_{level_name}"] = count_if(base)
        for name in INTENSITIES:
            measures[f"well_timed_{level_name}_{name}"] = count_if(base & (intensity == name))
    measures["other_issues"] = count_if(names("any"))
    for category in OTHER_ISSUES:
        measures[f"issue_{category}"] = count_if(names(category))
    measures["issue_unknown"] = count_if(names("unknown"))
    return measures


def _judged_from(filters: MetricFilters, *columns: Any) -> Any:
    """SELECT columns FROM the judged responses under the filters (response ⋈ judgement of
    record ⋈ annotation; need type and domain through the checkpoint, not a join per row)."""
    first = judgement_of_record(filters.phase)
    query = (
        sa_select(*columns)
        .select_from(Response)
        .join(first, first.c.response_id == col(Response.id))
        .join(Annotation, col(Annotation.id) == first.c.annotation_id)
        .where(col(Response.status) == "completed")
    )
    if filters.run_id is not None:
        query = query.where(col(Response.run_id) == filters.run_id)
    if filters.need_type is not None or filters.domain is not None:
        checkpoints = _join_checkpoint_attributes(sa_select(col(Checkpoint.id)))
        if filters.need_type is not None:
            checkpoints = checkpoints.where(col(Scenario.need_type) == filters.need_type)
        if filters.domain is not None:
            checkpoints = checkpoints.where(col(Environment.domain) == filters.domain)
        query = query.where(col(Response.checkpoint_id).in_(checkpoints))
    return query


def _join_checkpoint_attributes(query: Any, *, joined: bool = False) -> Any:
    """Join the scenario and environment of the checkpoints (selected from them unless the
    query has ``joined`` them already)."""
    if not joined:
        query = query.select_from(Checkpoint)
    return query.join(Scenario, col(Scenario.id) == col(Checkpoint.scenario_id)).join(
        Environment, col(Environment.id) == col(Scenario.environment_id)
    )


CheckpointAttributes = tuple[str, int, int, str, str]
"""``(scenario_id, t, num_events, need_type, domain)`` of a checkpoint."""


def _checkpoint_attributes(session: Session) -> dict[int, CheckpointAttributes]:
    """Checkpoint id → its attributes, for every checkpoint (a few per scenario: small)."""
    query = _join_checkpoint_attributes(
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
    """The :class:`Table1Counts` in a record of :func:`_table1_measures` (positions ``at``)."""
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
    response, with the counts of :class:`~app.metrics.tables.JudgedCell` as aggregates; names
    and scenario attributes are looked up afterwards from the small agent and checkpoint tables,
    and cells whose checkpoints share ``(scenario_id, t)`` are merged. Other-issue categories
    outside DESIGN §2's (only from imports) take a second query, only when there are any.

    Args:
        session: database session.
        filters: which responses; None for all.

    Returns:
        The same cells as :func:`app.metrics.tables.judged_cells` over :func:`judged_responses`
        with the same filters, sorted by ``(agent, scenario_id, t)``.
    """
    filters = filters or MetricFilters()
    dialect = session.get_bind().dialect.name
    groups = _label_groups(filters, dialect)
    measures = _cell_measures(groups)
    keys = (groups.c.agent_id, groups.c.checkpoint_id)
    unknown_at = list(measures).index("issue_unknown") + 2
    with planner_settings(session):
        # Core execution: ORM row processing would cost more than the cells themselves
        query = sa_select(*keys, *measures.values()).group_by(*keys)
        records = session.connection().execute(query).all()
        unknown: dict[tuple[int, int], dict[str, int]] = {}
        if any(record[unknown_at] for record in records):
            unknown = _unknown_categories(session, filters, dialect)
    if not records:
        return []
    return _cells(
        records, list(measures), _agent_names(session), _checkpoint_attributes(session), unknown
    )


def _cells(
    records: Sequence[Sequence[Any]],
    names: Sequence[str],
    agents: Mapping[int, str],
    checkpoints: Mapping[int, CheckpointAttributes],
    unknown: Mapping[tuple[int, int], Mapping[str, int]],
) -> list[JudgedCell]:
    """Cells from the records of the cell query ``(agent id, checkpoint id, *counts in the order
    of names)``, merged by ``(agent, scenario_id, t)`` and sorted by it."""
    at = {name: i for i, name in enumerate(names, start=2)}  # positions in a record
    issues = [(category, at[f"issue_{category}"]) for category in OTHER_ISSUES]
    well_timed = [
        (level, [at[f"well_timed_{level}"], *(at[f"well_timed_{level}_{i}"] for i in INTENSITIES)])
        for level in ACTION_LEVELS
    ]
    cells: dict[tuple[str, str, int], JudgedCell] = {}
    with paused_gc():  # thousands of small acyclic objects
        for v in records:
            agent_id, checkpoint_id = v[0], v[1]
            categories = {category: v[i] for category, i in issues if v[i]}
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
    """(agent id, checkpoint id) → category → rejected responses naming it, for categories
    outside DESIGN §2's (each response once per category)."""
    elements, named = _issue_elements(dialect)
    keys = (col(Response.agent_id), col(Response.checkpoint_id))
    query = (
        _judged_from(filters, *keys, named, func.count(func.distinct(col(Annotation.id))))
        .join(elements, true())
        .where(col(Annotation.verdict) == "reject", named.not_in(OTHER_ISSUES))
        .group_by(*keys, named)
    )
    out: dict[tuple[int, int], dict[str, int]] = defaultdict(dict)
    for agent_id, checkpoint_id, category, count in session.execute(query):
        out[(agent_id, checkpoint_id)][category] = int(count)
    return out


# --- rows ---------------------------------------------------------------------------------------


def judged_responses(
    session: Session,
    *,
    run_id: int | None = None,
    phase: int | None = None,
    need_type: str | None = None,
    domain: str | None = None,
) -> list[JudgedResponse]:
    """Completed responses with their judgement of record, as the paper's tables need them.

    Args:
        session: database session.
        run_id / phase / need_type / domain: see :class:`MetricFilters`; None for all.

    Returns:
        One :class:`~app.metrics.tables.JudgedResponse` per annotated response, in no particular
        order (every table is order-free); ``annotator`` is the annotator's pseudonym,
        ``other_issues`` the categories of the annotation's other issues.
    """
    filters = MetricFilters(run_id, phase, need_type, domain)
    first = judgement_of_record(phase)
    columns: list[Any] = [
        Response.id,
        Agent.name,
        Scenario.id,
        Checkpoint.t,
        Scenario.num_events,
        Scenario.need_type,
        Environment.domain,
        Annotation.level,
        Response.level_predicted,
        Annotation.verdict,
        Annotation.timing,
        Annotation.intensity,
        Annotation.inaction,
        # as text, parsed below only when not empty: most responses carry no other issue, and
        # decoding a million JSON values costs more than the rest of the query
        cast(Annotation.other_issues, Text),
        Response.reasoning_tokens,
        Response.retrieval_rounds,
        Response.local_content_access,
        User.pseudonym,
        Annotation.phase,
    ]
    query = _join_scenario(
        sa_select(*columns)
        .select_from(Response)
        .join(first, first.c.response_id == col(Response.id))
        .join(Annotation, col(Annotation.id) == first.c.annotation_id)
        .join(Agent, col(Agent.id) == col(Response.agent_id))
        .join(User, col(User.id) == col(Annotation.annotator_id))
    )
    query = _scoped(query, filters, scenario_joined=True)
    with paused_gc(), planner_settings(session):
        return _load_judged(session, query)


def _load_judged(session: Session, query: Any) -> list[JudgedResponse]:
    out: list[JudgedResponse] = []
    # Core execution fetched in batches: per-row fetching and ORM row processing would cost
    # more than the query itself at a million responses
    result = session.connection().execute(query.execution_options(yield_per=FETCH_ROWS))
    for batch in result.partitions():
        for (
            response_id,
            agent,
            scenario_id,
            t,
            num_events,
            need,
            dom,
            level,
            level_predicted,
            verdict,
            timing,
            intensity,
            inaction,
            other_issues,
            reasoning_tokens,
            retrieval_rounds,
            local_access,
            pseudonym,
            annotation_phase,
        ) in batch:
            out.append(
                JudgedResponse(
                    response_id=response_id,
                    agent=agent,
                    scenario_id=scenario_id,
                    checkpoint=t,
                    num_events=num_events,
                    need_type=need,
                    domain=dom,
                    level=level,
                    level_predicted=level_predicted,
                    verdict=verdict,
                    timing=timing,
                    intensity=intensity,
                    inaction=bool(inaction),
                    other_issues=_categories(other_issues),
                    reasoning_tokens=reasoning_tokens,
                    retrieval_rounds=retrieval_rounds,
                    local_content_access=bool(local_access),
                    annotator=pseudonym,
                    phase=annotation_phase,
                )
            )
    return out


def _categories(other_issues: str | None) -> tuple[str, ...]:
    """Categories of an annotation's ``other_issues`` JSON text."""
    if not other_issues or other_issues == "[]":
        return ()
    return tuple(issue["category"] for issue in json.loads(other_issues))


def _not_superseded() -> Any:
    """Annotations that still count: their author holds an active assignment to the response,
    or never had one (imported judgements)."""
    mine = and_(
        col(Assignment.response_id) == col(Annotation.response_id),
        col(Assignment.annotator_id) == col(Annotation.annotator_id),
    )
    active = select(Assignment.id).where(mine, col(Assignment.released_at).is_(None)).exists()
    return or_(active, ~select(Assignment.id).where(mine).exists())


def double_judged(
    session: Session,
    *,
    run_id: int | None = None,
    phase: int | None = None,
    need_type: str | None = None,
    domain: str | None = None,
) -> dict[str, list[tuple[Hashable, str | None, str | None]]]:
    """Labels of responses judged by two people, for agreement (DESIGN §8, beyond the paper).

    A response is double-judged when it has two or more annotations that still count (each by a
    different annotator; with ``phase``, of that phase). Rater A is always its judgement of
    record (the primary annotator), rater B the earliest other annotation (an overlap
    judgement), so κ compares the same two roles on every item. An annotation whose author's
    assignment to the response was released and not given back (a scenario restarted with
    another annotator) is superseded and left out — the pairs the lead overview counts.

    Returns:
        Field (``verdict``, ``level``, ``timing``, ``intensity``) → ``(response_id, label_a,
        label_b)`` per double-judged response, ready for
        :func:`app.metrics.agreement.agreement_table`.
    """
    filters = MetricFilters(run_id, phase, need_type, domain)
    record = judgement_of_record(phase)
    counted = (
        select(Annotation.response_id)
        .where(_not_superseded())
        .group_by(col(Annotation.response_id))
    )
    if phase is not None:
        counted = counted.where(col(Annotation.phase) == phase)
    counted = counted.having(func.count() >= 2)
    columns: list[Any] = [
        Annotation.response_id,
        Annotation.id == record.c.annotation_id,
        Annotation.verdict,
        Annotation.level,
        Annotation.timing,
        Annotation.intensity,
    ]
    query = (
        sa_select(*columns)
        .select_from(Annotation)
        .join(record, record.c.response_id == col(Annotation.response_id))
        .join(Response, col(Response.id) == col(Annotation.response_id))
        .where(col(Annotation.response_id).in_(counted), _not_superseded())
    )
    if phase is not None:
        query = query.where(col(Annotation.phase) == phase)
    query = _scoped(query, filters, scenario_joined=False)
    query = query.order_by(col(Annotation.response_id), col(Annotation.id))
    of_record: dict[str, tuple[Any, ...]] = {}
    other: dict[str, tuple[Any, ...]] = {}
    with planner_settings(session):
        records = session.execute(query).all()
    for response_id, is_record, *labels in records:
        if is_record:
            of_record[response_id] = tuple(labels)
        else:
            other.setdefault(response_id, tuple(labels))  # the earliest other annotation
    out: dict[str, list[tuple[Hashable, str | None, str | None]]] = {
        name: [] for name in AGREEMENT_FIELDS
    }
    for response_id, a in of_record.items():
        b = other.get(response_id)
        if b is None:
            continue
        for index, name in enumerate(AGREEMENT_FIELDS):
            out[name].append((response_id, a[index], b[index]))
    return out
