"""Factories for test data on a real database session."""

from __future__ import annotations

import itertools
from typing import Any

from sqlmodel import Session, select

from app.models import Response, User
from app.runs.service import create_run, execute_response
from app.users.service import create_user

_counter = itertools.count(1)


def make_user(session: Session, role: str = "annotator", password: str = "password-123") -> User:
    """A new account with a unique username."""
    return create_user(
        session,
        username=f"{role}{next(_counter)}-{id(session) % 10000}",
        password=password,
        role=role,
    )


def make_run(
    session: Session,
    *,
    agents: tuple[str, ...] = ("restraint", "notify_latest", "eager_executor"),
    scenario_ids: list[str] | None = None,
    k: int = 2,
    seed: int = 0,
    execute: bool = True,
) -> Any:
    """A run of the baselines, produced in-process; returns the run."""
    run = create_run(session, agent_names=list(agents), k=k, seed=seed, scenario_ids=scenario_ids)
    if execute:
        ids = session.exec(select(Response.id).where(Response.run_id == run.id)).all()
        for response_id in ids:
            execute_response(session, response_id)
    return run
