"""Factories for test data on a real database session."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from sqlmodel import Session, select

from app.annotation.creation import create_batch
from app.models import Batch, Response, User
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


def assign_paired(
    session: Session,
    *,
    annotator_ids: Sequence[int],
    scenario_ids: Sequence[str] = (),
    phase: int = 1,
) -> Batch:
    """Hand out every unassigned completed response as ``halo assign`` does: one batch through
    :func:`app.annotation.creation.create_batch`, no expiry, no overlap (paired protocol).

    Raises:
        NothingToAssign: nothing left to hand out.
    """
    return create_batch(
        session,
        name="",
        annotator_ids=list(annotator_ids),
        created_by=None,
        phase=phase,
        scenario_ids=scenario_ids,
        expires_after_hours=None,
    )
