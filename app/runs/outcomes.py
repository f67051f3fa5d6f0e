"""Response outcomes per agent, shown beside Table 1: the selection bias made visible.

DESIGN.md §5 (last paragraph): only completed responses are judged, so the share of each agent's
responses that ended ``protocol_error`` or ``api_error`` is reported beside Table 1.

*Planned* responses are every response of the agent in scope except the ``cancelled`` ones (a
cancelled run's responses that never ran: the agent was never asked). Of those, ``pending`` and
``running`` have not ended yet and are counted on their own (``open``) rather than left out, so
that the shares — each a percentage of the planned responses, rounded half up
(:func:`app.metrics.stats.percent`) — stay honest while a run is under way: completed + open +
protocol errors + API errors = planned.

The counts are one GROUP BY agent over the responses under the run, need type and domain filters
of Table 1 (the metric filters, :class:`app.metrics.queries.MetricFilters`, pass them here); the
annotation phase does not apply, since unjudged responses have no annotation phase. The module
sits with the runs, below both the metrics (the ``table1_outcomes`` table beside Table 1) and the
export (its dataset card), which read it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from sqlalchemy import func
from sqlalchemy import select as sa_select
from sqlmodel import Session, col

from app.db import any_of, content_cached
from app.models import Agent, Checkpoint, Environment, Response, Scenario
from app.percent import percent
from app.vocabulary import ResponseStatus

OUTCOME_COLUMNS: tuple[str, ...] = (
    "agent",
    "planned",
    "completed",
    "open",
    "protocol_error_n",
    "api_error_n",
    "protocol_error",
    "api_error",
)
"""The keys of the ``table1_outcomes`` table, in order."""

OPEN_STATUSES: tuple[ResponseStatus, ...] = (ResponseStatus.PENDING, ResponseStatus.RUNNING)
"""Statuses of planned responses that have not ended yet."""


@dataclass(frozen=True, slots=True)
class OutcomeRow:
    """How an agent's planned responses ended (DESIGN §5).

    Attributes:
        agent: agent name.
        planned: responses of the agent in scope that are not ``cancelled``.
        completed: of those, ``completed`` (the ones that can be judged).
        open: of those, ``pending`` or ``running`` (not ended yet).
        protocol_error_n / api_error_n: of those, ended ``protocol_error`` / ``api_error``.
        protocol_error / api_error: the same in percent of ``planned`` (2 decimals, rounded
            half up); None when ``planned`` is 0.
    """

    agent: str
    planned: int
    completed: int
    open: int
    protocol_error_n: int
    api_error_n: int
    protocol_error: float | None
    api_error: float | None

    def to_dict(self) -> dict[str, Any]:
        """The row as a JSON object, keys :data:`OUTCOME_COLUMNS`."""
        return asdict(self)


def outcome_row(
    agent: str, *, completed: int, open: int, protocol_error: int, api_error: int
) -> OutcomeRow:
    """An :class:`OutcomeRow` from an agent's counts per outcome (the shares of their sum)."""
    planned = completed + open + protocol_error + api_error
    return OutcomeRow(
        agent=agent,
        planned=planned,
        completed=completed,
        open=open,
        protocol_error_n=protocol_error,
        api_error_n=api_error,
        protocol_error=percent(protocol_error, planned),
        api_error=percent(api_error, planned),
    )


def in_scope(
    query: Any,
    *,
    run_id: int | None = None,
    need_type: str | None = None,
    domain: str | None = None,
) -> Any:
    """Narrow a query that reads responses to a run, need type and domain (None: any).

    The run by ``Response.run_id``; need type and domain through the response's checkpoint
    (``checkpoint_id IN`` the checkpoints of such scenarios), not a join per row. The one
    definition of the scope filters: Table 1 and the metrics (:mod:`app.metrics.queries`) and
    the outcome shares beside it read responses through it.

    Returns:
        `query` with the WHERE clauses added.
    """
    if run_id is not None:
        query = query.where(col(Response.run_id) == run_id)
    checkpoints = scope_checkpoints(need_type=need_type, domain=domain)
    if checkpoints is not None:
        query = query.where(col(Response.checkpoint_id).in_(checkpoints))
    return query


def scope_checkpoints(*, need_type: str | None = None, domain: str | None = None) -> Any:
    """SELECT the ids of the checkpoints of scenarios of this need type and domain.

    Returns:
        The SELECT, or None when neither is given (every checkpoint).
    """
    if need_type is None and domain is None:
        return None
    checkpoints = (
        sa_select(col(Checkpoint.id))
        .join(Scenario, col(Scenario.id) == col(Checkpoint.scenario_id))
        .join(Environment, col(Environment.id) == col(Scenario.environment_id))
    )
    if need_type is not None:
        checkpoints = checkpoints.where(col(Scenario.need_type) == need_type)
    if domain is not None:
        checkpoints = checkpoints.where(col(Environment.domain) == domain)
    return checkpoints


def response_outcomes(
    session: Session,
    *,
    run_id: int | None = None,
    need_type: str | None = None,
    domain: str | None = None,
) -> list[OutcomeRow]:
    """The outcomes of each agent's planned responses, in one GROUP BY agent (DESIGN §5).

    Args:
        session: database session.
        run_id: only this run's responses; None for all (as every filter below).
        need_type: only scenarios of this need type.
        domain: only environments of this domain.

    Returns:
        One :class:`OutcomeRow` per agent with planned responses in scope, sorted by agent name
        (as Table 1 sorts them).
    """
    return list(
        content_cached(
            session,
            ("response_outcomes", run_id, need_type, domain),
            lambda: _response_outcomes_uncached(
                session, run_id=run_id, need_type=need_type, domain=domain
            ),
        )
    )


def _response_outcomes_uncached(
    session: Session,
    *,
    run_id: int | None = None,
    need_type: str | None = None,
    domain: str | None = None,
) -> list[OutcomeRow]:
    # one GROUP BY agent, status: over all runs an index-only scan of ix_responses_agent_status
    # (no per-row string tests, no join per row); the few groups are folded here
    query = (
        sa_select(col(Response.agent_id), col(Response.status), func.count())
        .where(col(Response.status) != ResponseStatus.CANCELLED.value)
        .group_by(col(Response.agent_id), col(Response.status))
    )
    query = in_scope(query, run_id=run_id, need_type=need_type, domain=domain)
    outcome = {
        ResponseStatus.COMPLETED.value: "completed",
        **{s.value: "open" for s in OPEN_STATUSES},
        ResponseStatus.PROTOCOL_ERROR.value: "protocol_error",
        ResponseStatus.API_ERROR.value: "api_error",
    }
    counts: dict[int, dict[str, int]] = {}
    for agent_id, status, n in session.execute(query):
        tally = counts.setdefault(
            agent_id, {"completed": 0, "open": 0, "protocol_error": 0, "api_error": 0}
        )
        if status in outcome:
            tally[outcome[status]] += int(n)
    names = dict(
        session.execute(
            sa_select(col(Agent.id), col(Agent.name)).where(any_of(Agent.id, sorted(counts)))
        ).all()
    )
    rows = [outcome_row(names[agent_id], **tally) for agent_id, tally in counts.items()]
    return sorted(rows, key=lambda row: row.agent)


def completed_responses(session: Session) -> int:
    """Completed responses over all runs: the sum of :func:`response_outcomes`' ``completed``.

    Read from the same (kept) outcome counts, so the overview pays for one pass, not two.
    """
    return sum(row.completed for row in response_outcomes(session))
