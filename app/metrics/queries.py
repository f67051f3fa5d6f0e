"""The filters of the metric tables, and the queries that read judged responses one by one.

DESIGN.md §8.

Every query reads the judgement of record of each completed response — the primary annotator's
annotation (:func:`app.annotation.service.judgement_of_record`, which also leaves out
audited-out scenarios) — optionally narrowed by run, annotation phase, need type and domain
(:class:`MetricFilters`). The counts every table is computed from are aggregated in
:mod:`app.metrics.cells`, on the FROM clause of :func:`judged_from`; here:

- :func:`judged_responses`: one :class:`~app.metrics.responses.JudgedResponse` per response
  (Table 11 matches uploaded predictions response by response);
- :func:`double_judged`: the label pairs of inter-annotator agreement;
- :func:`planner_settings`: PostgreSQL planner settings for the aggregates;
- :func:`filter_options`: the choices of the analysis filters.
"""

from __future__ import annotations

import gc
import json
from collections.abc import Hashable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import asdict, dataclass
from typing import Any

from sqlalchemy import (
    Text,
    cast,
)
from sqlalchemy import select as sa_select
from sqlalchemy.orm import aliased
from sqlmodel import Session, col

from app.annotation.service import double_judged_pairs, judgement_of_record
from app.db import any_of, content_cached, local_settings
from app.errors import UnprocessableError
from app.metrics.agreement import AGREEMENT_FIELDS
from app.metrics.responses import JudgedResponse
from app.models import (
    Agent,
    Annotation,
    Checkpoint,
    Environment,
    Response,
    Run,
    Scenario,
    User,
)
from app.runs.outcomes import in_scope
from app.vocabulary import DOMAINS, NEED_TYPES, ResponseStatus


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


def metric_filters(
    *,
    run_id: int | None = None,
    phase: int | None = None,
    need_type: str | None = None,
    domain: str | None = None,
) -> MetricFilters:
    """Checked :class:`MetricFilters`: what the analysis page and ``halo metrics`` both build.

    Args:
        run_id: a run id, or None for all runs.
        phase: an annotation phase (1 or more), or None.
        need_type: a DESIGN §2 need type, or None.
        domain: a DESIGN §2 domain, or None.

    Returns:
        The filters; which responses they keep is :func:`_scoped`'s (one definition).

    Raises:
        UnprocessableError: a run id or phase below 1, or a need type or domain outside DESIGN §2
            (``field`` names the filter; the message lists the allowed values).
    """
    if run_id is not None and run_id < 1:  # the page's ?run= as `halo metrics --run` (min 1)
        raise UnprocessableError(f"run must be 1 or more, got {run_id}", "run")
    if phase is not None and phase < 1:
        raise UnprocessableError(f"phase must be 1 or more, got {phase}", "phase")
    for field, value, allowed in (
        ("need_type", need_type, NEED_TYPES),
        ("domain", domain, DOMAINS),
    ):
        if value is not None and value not in allowed:
            raise UnprocessableError(
                f"unknown {field.replace('_', ' ')} {value!r}; use one of: "
                + ", ".join(str(a) for a in allowed),
                field,
            )
    return MetricFilters(run_id=run_id, phase=phase, need_type=need_type, domain=domain)


# --- queries --------------------------------------------------------------------------------


def _scoped(query: Any, filters: MetricFilters) -> Any:
    """Add the WHERE clauses of the filters to a query that reads responses.

    Completed responses only; run by ``Response.run_id``; need type and domain through the
    response's checkpoint (``checkpoint_id IN`` the checkpoints of such scenarios), not a join
    per row. The phase is the caller's (it chooses the annotations).
    """
    query = query.where(col(Response.status) == ResponseStatus.COMPLETED)
    return in_scope(
        query, run_id=filters.run_id, need_type=filters.need_type, domain=filters.domain
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

PLANNER_SETTINGS: dict[str, str] = {
    "jit": "off",
    "max_parallel_workers_per_gather": "0",
    "enable_sort": "off",
    "work_mem": "64MB",
}
"""PostgreSQL settings for the aggregates of this module, local to the statement's transaction.

Measured at a million responses (``bench/metrics.py``; 2 cores, shared): JIT compilation with
inlining and optimisation cost ~0.85 s of a ~5 s cell query; a parallel plan computes the
judgement of record once in every worker (its GROUP BY sits on the inner side of a parallel hash
join); and the planner, which cannot know that a million responses fall into a few label groups
per (agent, checkpoint) (it estimates 500,000), sorted all the rows on disk (~1.8 s) where hash
aggregation takes ~0.3 s (and spills by partitions when the groups are many). With these three
the cell query took ~3.3 s instead of ~7 s. Summed over label groups, the ~45 counts of 8,000
cells take ~7 MB of hash table: with the default 4 MB ``work_mem`` it spilled to disk in five
batches (0.25 s instead of ~0.06 s)."""


def planner_settings(session: Session) -> AbstractContextManager[None]:
    """Run the block under :data:`PLANNER_SETTINGS` on PostgreSQL; nothing elsewhere.

    ``SET LOCAL``, restored afterwards (:func:`app.db.local_settings`).
    """
    return local_settings(session, PLANNER_SETTINGS)


def judged_from(
    filters: MetricFilters, *columns: Any, responses: Sequence[str] | None = None
) -> Any:
    """SELECT columns FROM the judged responses under the filters.

    Response ⋈ judgement of record ⋈ annotation, narrowed by :func:`_scoped`, and to
    `responses` (response ids) when given: then the judgement of record is chosen among their
    annotations only, found by index, not by a pass over every annotation.
    """
    first = judgement_of_record(
        filters.phase, among=list(responses) if responses is not None else None
    )
    query = (
        sa_select(*columns)
        .select_from(Response)
        .join(first, first.c.response_id == col(Response.id))
        .join(Annotation, col(Annotation.id) == first.c.annotation_id)
    )
    if responses is not None:
        query = query.where(any_of(col(Response.id), responses))
    return _scoped(query, filters)


def join_checkpoint_attributes(query: Any, *, joined: bool = False) -> Any:
    """Join the scenario and environment of the checkpoints.

    Selected from the checkpoints unless the query has ``joined`` them already.
    """
    if not joined:
        query = query.select_from(Checkpoint)
    return query.join(Scenario, col(Scenario.id) == col(Checkpoint.scenario_id)).join(
        Environment, col(Environment.id) == col(Scenario.environment_id)
    )


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
        run_id: only this run's responses; None for all (as every filter below).
        phase: only annotations of this phase.
        need_type: only scenarios of this need type.
        domain: only environments of this domain.

    Returns:
        One :class:`~app.metrics.responses.JudgedResponse` per annotated response, in no particular
        order (every table is order-free); ``annotator`` is the annotator's pseudonym,
        ``other_issues`` the categories of the annotation's other issues.
    """
    filters = MetricFilters(run_id, phase, need_type, domain)
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
    query = join_checkpoint_attributes(
        judged_from(filters, *columns)
        .join(Agent, col(Agent.id) == col(Response.agent_id))
        .join(User, col(User.id) == col(Annotation.annotator_id))
        .join(Checkpoint, col(Checkpoint.id) == col(Response.checkpoint_id)),
        joined=True,
    )
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


def double_judged(
    session: Session,
    *,
    run_id: int | None = None,
    phase: int | None = None,
    need_type: str | None = None,
    domain: str | None = None,
) -> dict[str, list[tuple[Hashable, str | None, str | None]]]:
    """Labels of responses judged by two people, for agreement (DESIGN §8, beyond the paper).

    The items of :func:`app.annotation.service.double_judged_pairs` under the filters (with
    ``phase``, both annotations of that phase): rater A is always the judgement of record (the
    primary annotator), rater B the earliest other annotation that still counts (an overlap
    judgement), so κ compares the same two roles on every item — the pairs the lead overview
    counts.

    Returns:
        Field (``verdict``, ``level``, ``timing``, ``intensity``) → ``(response_id, label_a,
        label_b)`` per double-judged response in response order, ready for
        :func:`app.metrics.agreement.agreement_table`.
    """
    return content_cached(
        session,
        ("double_judged", run_id, phase, need_type, domain),
        lambda: _double_judged_uncached(
            session, run_id=run_id, phase=phase, need_type=need_type, domain=domain
        ),
    )


def _double_judged_uncached(
    session: Session,
    *,
    run_id: int | None = None,
    phase: int | None = None,
    need_type: str | None = None,
    domain: str | None = None,
) -> dict[str, list[tuple[Hashable, str | None, str | None]]]:
    filters = MetricFilters(run_id, phase, need_type, domain)
    pairs = double_judged_pairs(phase)
    a, b = aliased(Annotation), aliased(Annotation)
    labels = [(getattr(a, name), getattr(b, name)) for name in AGREEMENT_FIELDS]
    query = (
        sa_select(pairs.c.response_id, *(label for pair in labels for label in pair))
        .select_from(pairs)
        .join(a, col(a.id) == pairs.c.record_id)
        .join(b, col(b.id) == pairs.c.other_id)
        .join(Response, col(Response.id) == pairs.c.response_id)
    )
    query = _scoped(query, filters).order_by(pairs.c.response_id)
    out: dict[str, list[tuple[Hashable, str | None, str | None]]] = {
        name: [] for name in AGREEMENT_FIELDS
    }
    with planner_settings(session):
        rows = session.execute(query).all()
    for response_id, *values in rows:
        for index, name in enumerate(AGREEMENT_FIELDS):
            out[name].append((response_id, values[2 * index], values[2 * index + 1]))
    return out


# --- filter choices ---------------------------------------------------------------------------


def filter_options(session: Session) -> dict[str, Any]:
    """Choices for the analysis filters.

    Returns:
        ``{"runs": [(id, name)] newest first, "phases": [int] with annotations, "need_types",
        "domains"}`` (need types and domains in DESIGN §2 order).
    """
    runs = [
        (run_id, name)
        for run_id, name in session.execute(
            sa_select(col(Run.id), col(Run.name)).order_by(col(Run.id).desc())
        )
    ]
    phases = [
        int(p)
        for (p,) in session.execute(
            sa_select(col(Annotation.phase)).distinct().order_by(col(Annotation.phase))
        )
    ]
    return {"runs": runs, "phases": phases, "need_types": NEED_TYPES, "domains": DOMAINS}
