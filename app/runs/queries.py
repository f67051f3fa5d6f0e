"""Aggregate reads for the run pages: counts grouped in SQL, never one row per response.

A run can hold tens of thousands of responses (an import of 12,800 took seconds to show when
every row was loaded), and an open run page polls, so these return a few rows per run, agent
or cell whatever the run's size.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import func
from sqlalchemy import select as sa_select
from sqlmodel import Session, col

from app.models import Agent, Checkpoint, Response, Scenario
from app.scenarios.sampling import sampling_diagnostics_from_counts


def scenario_counts(session: Session) -> dict[str, int]:
    """Number of scenarios per environment id (one ``GROUP BY``)."""
    rows = session.execute(
        sa_select(col(Scenario.environment_id), func.count()).group_by(col(Scenario.environment_id))
    ).all()
    return {environment_id: count for environment_id, count in rows}


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
