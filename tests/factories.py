"""Factories for test data on a real database session."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from sqlmodel import Session, select

from app.annotation.creation import create_batch
from app.annotation.workspace import Answers, submit
from app.errors import ConflictError, NotFoundError, UnprocessableError
from app.models import Annotation, Batch, Response, User
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


def submit_answers(
    session: Session,
    *,
    annotator: User,
    response_id: str,
    form: dict[str, Any],
    expected_version: int | None = None,
    seconds_spent: float | None = None,
) -> Annotation:
    """Submit a diagnosis the one way the app does: :func:`app.annotation.workspace.submit`.

    `form` is a diagnosis (``level``, ``verdict``, ``timing``, ``intensity``, ``other_issues``
    as ``{"category", "note"}`` items), sent as the annotator's form answers. A refusal, which
    the workspace returns as data for its page, is raised here as the domain error it stands
    for, so a test can say ``pytest.raises``.

    Returns:
        The stored annotation (commits, as the submit does).

    Raises:
        UnprocessableError: ``invalid`` (``field`` and the message as the page shows them).
        ConflictError: ``conflict`` (saved elsewhere since ``expected_version``).
        NotFoundError: not the annotator's item, or it left their queue (``lapsed``: the
            answers were kept as a draft).
    """
    issues = form.get("other_issues") or []
    answers = Answers(
        level=form.get("level"),
        verdict=form.get("verdict"),
        timing=form.get("timing"),
        intensity=form.get("intensity"),
        ticked=tuple(issue["category"] for issue in issues),
        notes={issue["category"]: issue.get("note", "") for issue in issues},
    )
    outcome = submit(
        session,
        annotator=annotator,
        response_id=response_id,
        answers=answers,
        expected_version=expected_version,
        seconds_spent=seconds_spent,
    )
    if outcome.result == "saved":
        assert outcome.annotation is not None
        return outcome.annotation
    if outcome.result == "lapsed":
        raise NotFoundError(f"response {response_id} left the queue of {annotator.username}")
    assert outcome.page is not None and outcome.page.error is not None
    refusal = outcome.page.error
    if outcome.result == "conflict":
        raise ConflictError(refusal.message)
    raise UnprocessableError(refusal.message, refusal.field or None)
