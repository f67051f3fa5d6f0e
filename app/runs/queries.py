"""Aggregate reads for the run pages: counts grouped in SQL, never one row per response.

A run can hold tens of thousands of responses (an import of 12,800 took seconds to show when
every row was loaded), and an open run page polls, so these return a few rows per run, agent
or cell whatever the run's size.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import func
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from app.agents.parts import response_part
from app.errors import NotFoundError, UnprocessableError
from app.models import Agent, Checkpoint, Response, Scenario
from app.scenarios.sampling import sampling_diagnostics_from_counts


def scenario_counts(session: Session) -> dict[str, int]:
    """Number of scenarios per environment id (one ``GROUP BY``)."""
    rows = session.execute(
        sa_select(col(Scenario.environment_id), func.count()).group_by(col(Scenario.environment_id))
    ).all()
    return {environment_id: count for environment_id, count in rows}


def matching_scenarios(
    session: Session, *, environments: list[str], need_types: list[str]
) -> list[str]:
    """The ids of the scenarios a new run would use, sorted: the run form's selection.

    Args:
        session: database session.
        environments: environment ids to keep; empty for all.
        need_types: need types to keep; empty for all.

    Returns:
        The matching scenario ids, in id order (at least one).

    Raises:
        UnprocessableError: no scenario matches (field ``scenarios``).
    """
    query = select(Scenario.id).order_by(col(Scenario.id))
    if environments:
        query = query.where(col(Scenario.environment_id).in_(environments))
    if need_types:
        query = query.where(col(Scenario.need_type).in_(need_types))
    scenario_ids = list(session.exec(query))
    if not scenario_ids:
        raise UnprocessableError("no scenario matches that selection", "scenarios")
    return scenario_ids


def run_sampling_diagnostics(session: Session, run_id: int) -> dict[str, Any]:
    """Sampling diagnostics of a run's planned responses (DESIGN §6; paper Tables 7–8).

    Computed from their counts per (agent, event position t, scenario length n), grouped in SQL.

    Returns:
        :func:`app.scenarios.sampling.sampling_diagnostics_from_counts` of those counts.
    """
    rows = session.execute(
        sa_select(col(Agent.name), col(Checkpoint.t), col(Scenario.num_events), func.count())
        .select_from(Response)
        .join(Agent, col(Agent.id) == col(Response.agent_id))
        .join(Checkpoint, col(Checkpoint.id) == col(Response.checkpoint_id))
        .join(Scenario, col(Scenario.id) == col(Checkpoint.scenario_id))
        .where(col(Response.run_id) == run_id)
        .group_by(col(Agent.name), col(Checkpoint.t), col(Scenario.num_events))
    ).all()
    return sampling_diagnostics_from_counts({(agent, t, n): count for agent, t, n, count in rows})


@dataclass(frozen=True)
class ResponseView:
    """One response as a lead or researcher reads it (names the agent; never for annotators).

    Attributes:
        response: the stored row (trajectory, action, llm_calls with reasoning text, ...).
        agent: the agent's name; mode: its wire mode (``json`` or ``tools``).
        scenario_id / t / design: the checkpoint the response answers.
    """

    response: Response
    agent: str
    mode: str
    scenario_id: str
    t: int
    design: str


def response_text(session: Session, run_id: int, response_id: str, part: str) -> str:
    """The exact stored text of `part` of response `response_id` of run `run_id` (a download).

    Raises:
        NotFoundError: no such response in that run, or no such part
            (:func:`app.agents.parts.response_part`).
    """
    response = session.get(Response, response_id)
    if response is None or response.run_id != run_id:
        raise NotFoundError(f"run {run_id} has no response {response_id!r}")
    return response_part(response, part)


def response_view(session: Session, run_id: int, response_id: str) -> ResponseView:
    """The response `response_id` of run `run_id`, with its agent and checkpoint.

    Raises:
        NotFoundError: no such response in that run.
    """
    row = session.execute(
        sa_select(
            Response,
            col(Agent.name),
            col(Agent.config),
            col(Checkpoint.scenario_id),
            col(Checkpoint.t),
            col(Checkpoint.design),
        )
        .join(Agent, col(Agent.id) == col(Response.agent_id))
        .join(Checkpoint, col(Checkpoint.id) == col(Response.checkpoint_id))
        .where(col(Response.id) == response_id, col(Response.run_id) == run_id)
    ).first()
    if row is None:
        raise NotFoundError(f"run {run_id} has no response {response_id!r}")
    response, agent, config, scenario_id, t, design = row
    return ResponseView(
        response, agent, str((config or {}).get("mode", "json")), scenario_id, t, design
    )


def latest_responses(session: Session, run_id: int, limit: int = 20) -> list[dict[str, Any]]:
    """The run's most recently finished responses (id, agent, status, level), newest first."""
    rows = session.execute(
        sa_select(
            col(Response.id), col(Agent.name), col(Response.status), col(Response.level_predicted)
        )
        .join(Agent, col(Agent.id) == col(Response.agent_id))
        .where(col(Response.run_id) == run_id, col(Response.finished_at).is_not(None))
        .order_by(col(Response.finished_at).desc())
        .limit(limit)
    ).all()
    return [{"response_id": r, "agent": a, "status": s, "level": level} for r, a, s, level in rows]
