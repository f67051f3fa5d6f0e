"""Annotation batches: what the batch modules share (DESIGN.md §7 paired protocol).

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
* :mod:`app.metrics.overlap` — agreement on the overlap sample;
* here — the release reasons and the lookups both sides use.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ColumnElement, and_, or_
from sqlmodel import Session, col, select

from app.errors import NotFoundError, UnprocessableError
from app.models import Assignment, Batch, User
from app.models.base import as_utc
from app.vocabulary import Role

EXPIRED = "expired"
"""Release reason of an assignment reclaimed after its expiry."""
CLOSED = "batch closed"
"""Release reason of an unjudged assignment when its batch is closed."""
PRIMARY_RELEASED = "primary released"
"""Release reason prefix of an overlap item released with its response's primary item."""
RESTART = "restart"
"""Marks the reason of a reassignment that moved judged items to be judged again."""


def is_expired(expires_at: datetime | None, now: datetime) -> bool:
    """True when an expiry time is set and not after `now` (:func:`expired_sql` in SQL)."""
    aware = as_utc(expires_at)
    return aware is not None and aware <= now


def expired_sql(now: datetime) -> ColumnElement[bool]:
    """SQL: the assignment's expiry is set and not after `now` — :func:`is_expired` in SQL."""
    return and_(col(Assignment.expires_at).is_not(None), col(Assignment.expires_at) <= now)


def unexpired_sql(now: datetime) -> ColumnElement[bool]:
    """SQL: the assignment has no expiry or it is after `now` — NOT :func:`expired_sql`."""
    return or_(col(Assignment.expires_at).is_(None), col(Assignment.expires_at) > now)


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
