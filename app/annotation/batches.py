"""Annotation batches: what the batch modules share, and agreement on the overlap.

DESIGN.md §7 paired protocol, §8 agreement.

A batch takes completed responses that have no active primary assignment, filtered by run, need
type and domain, and hands each scenario to one annotator (paired protocol). A seeded share of
its checkpoints also goes to a second, different annotator (kind ``overlap``) whose judgements
are compared with the primary ones. Assignments are released, never deleted: a release records
when, why and by whom, so the history of an item survives reassignment and expiry.

Where things are:

* :mod:`app.annotation.planner` — who judges which response (pure, no database);
* :mod:`app.annotation.creation` — :func:`~app.annotation.creation.create_batch`: load the
  candidates, plan, write; the create-batch form's choices;
* :mod:`app.annotation.moves` — reassign, release, reclaim, close; whether an annotator still
  holds an item (:func:`~app.annotation.moves.held_assignment`);
* :mod:`app.annotation.progress` — progress figures and history;
* here — the release reasons, lookups both sides use, and agreement on the overlap.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import and_
from sqlalchemy import select as sa_select
from sqlalchemy.orm import aliased
from sqlmodel import Session, col, select

from app.errors import NotFoundError, UnprocessableError
from app.models import Annotation, Assignment, Batch, User
from app.models.base import as_utc
from app.vocabulary import AssignmentKind, Role

EXPIRED = "expired"
"""Release reason of an assignment reclaimed after its expiry."""
CLOSED = "batch closed"
"""Release reason of an unjudged assignment when its batch is closed."""
PRIMARY_RELEASED = "primary released"
"""Release reason prefix of an overlap item released with its response's primary item."""
RESTART = "restart"
"""Marks the reason of a reassignment that moved judged items to be judged again."""


def is_expired(expires_at: datetime | None, now: datetime) -> bool:
    """True when an expiry time is set and not after `now`."""
    aware = as_utc(expires_at)
    return aware is not None and aware <= now


def get_batch(session: Session, batch_id: int) -> Batch:
    """The batch, or NotFoundError."""
    batch = session.get(Batch, batch_id)
    if batch is None:
        raise NotFoundError(f"batch {batch_id} does not exist")
    return batch


def get_annotator(session: Session, user_id: int) -> User:
    """An active annotator account.

    Raises:
        UnprocessableError: no such user, inactive, or not an annotator.
    """
    user = session.get(User, user_id)
    if user is None or not user.is_active or user.role != Role.ANNOTATOR:
        raise UnprocessableError(f"user {user_id} is not an active annotator", "annotators")
    return user


def get_username(session: Session, user_id: int) -> str:
    """The account's username, or ``user N`` when it no longer exists (for messages)."""
    user = session.get(User, user_id)
    return user.username if user is not None else f"user {user_id}"


def list_annotators(session: Session) -> list[User]:
    """Active annotator accounts, by username (the choices of the batch forms)."""
    return list(
        session.exec(
            select(User)
            .where(User.role == Role.ANNOTATOR, col(User.is_active).is_(True))
            .order_by(col(User.username))
        )
    )


# ---------------------------------------------------------------------------------------------
# Agreement


def overlap_pairs(
    session: Session, phase: int | None = None
) -> list[tuple[str, Annotation, Annotation]]:
    """``(response_id, primary annotation, overlap annotation)`` for every double-judged item.

    A pair is the annotation of the response's active primary assignment and that of its
    active overlap assignment (DESIGN §8: items judged by two people), in response order.
    """
    primary = aliased(Assignment)
    second = aliased(Assignment)
    first_note = aliased(Annotation)
    second_note = aliased(Annotation)
    columns: list[Any] = [col(second.response_id), first_note, second_note]
    query = (
        sa_select(*columns)
        .join(
            primary,
            and_(
                col(primary.response_id) == col(second.response_id),
                col(primary.kind) == AssignmentKind.PRIMARY,
                col(primary.released_at).is_(None),
            ),
        )
        .join(
            first_note,
            and_(
                col(first_note.response_id) == col(primary.response_id),
                col(first_note.annotator_id) == col(primary.annotator_id),
            ),
        )
        .join(
            second_note,
            and_(
                col(second_note.response_id) == col(second.response_id),
                col(second_note.annotator_id) == col(second.annotator_id),
            ),
        )
        .where(col(second.kind) == AssignmentKind.OVERLAP, col(second.released_at).is_(None))
        .order_by(col(second.response_id))
    )
    if phase is not None:
        query = query.where(col(second.phase) == phase)
    return [(r, a, b) for r, a, b in session.execute(query).all()]


def agreement_on_overlap(session: Session, phase: int | None = None) -> dict[str, Any]:
    """Inter-annotator agreement on the overlap sample (DESIGN §8, beyond the paper).

    Pairs the primary and the overlap annotation of each double-judged response and computes,
    per field (verdict, level, timing, intensity), Cohen's κ and Krippendorff's α with
    :func:`app.metrics.agreement.agreement_table`. Timing and intensity exist only on rejected
    L1–L3 judgements, so their item counts are those where both annotators gave one.

    Args:
        session: database session.
        phase: only overlap assignments of this phase (None: all phases).

    Returns:
        ``{"items": number of double-judged responses, "rows": agreement_table rows}``.
    """
    pairs = overlap_pairs(session, phase)
    # imported here: statsmodels and pandas are heavy, and exports import this package
    from app.metrics.agreement import AGREEMENT_FIELDS, agreement_table

    double_judged: dict[str, list[tuple[str, Any, Any]]] = {f: [] for f in AGREEMENT_FIELDS}
    for response_id, first, second in pairs:
        for name in AGREEMENT_FIELDS:
            double_judged[name].append((response_id, getattr(first, name), getattr(second, name)))
    return {"items": len(pairs), "rows": [row.to_dict() for row in agreement_table(double_judged)]}
