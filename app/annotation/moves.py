"""Moving a batch's items: reassign, release, reclaim, close (DESIGN.md §7 paired protocol).

Also whether an annotator still holds an item.

Leads move whole scenarios, never single responses: :func:`reassign_scenario` moves an
annotator's whole holding of a scenario (per kind, across the phase's batches) and refuses to
leave judged items behind unless the scenario is restarted (:class:`RestartRequired`);
:func:`release` frees unjudged items by batch, scenario, holder and kind, and takes the overlap
items of released primary items with it. Judged items are released only by a restart.
:func:`reclaim_expired` and :func:`close_batch` return unjudged items to the pool. A save
checks :func:`held_assignment` first; :func:`lapsed_assignment` says why an item left.

Release, close and reclaim are set-based, whatever the number of items: the responses are
row-locked by one ``SELECT ... FOR UPDATE`` (counted in the database), the unjudged items
released by one ``UPDATE ... WHERE NOT EXISTS (annotation)`` and their overlap items by one more
(the response ids bound as one array, :func:`app.db.any_of`); no ORM object is loaded per item.
A reassignment reads its scenario's holding as rows, releases it by one UPDATE and writes the
new assignments by COPY; it loads only the new assignments it returns.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, func, update
from sqlalchemy.orm import aliased
from sqlmodel import Session, col, select

from app.annotation.batches import (
    CLOSED,
    EXPIRED,
    PRIMARY_RELEASED,
    RESTART,
    expired_sql,
    get_annotator,
    get_batch,
    get_username,
    is_expired,
)
from app.db import any_of, bulk_insert
from app.errors import ConflictError, NotFoundError, UnprocessableError
from app.models import Annotation, Assignment, Batch, Checkpoint, Response
from app.models.base import utcnow
from app.vocabulary import ASSIGNMENT_KINDS, AssignmentKind, BatchStatus

REASON_MAX = 160
"""Longest reason a lead may give for a move or a release (the stored reason also carries a
restart note or a ``primary released:`` prefix, within the column's 200 characters)."""

STORED_REASON_MAX = 200
"""``Assignment.released_reason``'s length."""


def _release_values(now: datetime, reason: str, by: int | None) -> dict[str, Any]:
    """The columns a release sets: when, why (cut to the column) and by whom (None: system)."""
    return {
        "released_at": now,
        "released_reason": reason[:STORED_REASON_MAX],
        "released_by": by,
    }


class RestartRequired(UnprocessableError):
    """A move refused because the holder has judged some of the scenario's items in the phase.

    The items were judged in this batch or under an earlier assignment in another batch; the same
    move with ``restart=True`` would do it.

    Attributes:
        scenario_id / kind / from_annotator / to_annotator: the refused move, to offer again.
        judged: items the holder has judged; items: all the items that would move.
    """

    def __init__(
        self,
        message: str,
        *,
        scenario_id: str,
        kind: str,
        from_annotator: int,
        to_annotator: int,
        judged: int,
        items: int,
    ) -> None:
        """Refuse the move with `message` on the ``restart`` field, keeping it to offer again."""
        super().__init__(message, "restart")
        self.scenario_id, self.kind = scenario_id, kind
        self.from_annotator, self.to_annotator = from_annotator, to_annotator
        self.judged, self.items = judged, items


def _check_reason(reason: str, missing: str) -> str:
    """The lead's reason, stripped.

    Raises:
        UnprocessableError: blank (`missing` says what to explain) or longer than
            :data:`REASON_MAX` characters.
    """
    text = reason.strip()
    if not text:
        raise UnprocessableError(missing, "reason")
    if len(text) > REASON_MAX:
        raise UnprocessableError(
            f"the reason has {len(text)} characters; keep it to {REASON_MAX} (it is shown to "
            "the annotator and in the history)",
            "reason",
        )
    return text


def _active(*conditions: Any) -> list[ColumnElement[bool]]:
    """SQL: an active (unreleased) assignment matching `conditions` (``Assignment`` columns)."""
    return [col(Assignment.released_at).is_(None), *conditions]


def _active_in_scenario(columns: tuple[Any, ...], *conditions: Any) -> Any:
    """SELECT `columns` of the active assignments matching `conditions`, by assignment id.

    The conditions may name ``Checkpoint`` columns: the response's checkpoint is joined.
    """
    return (
        select(*columns)
        .join(Response, col(Response.id) == col(Assignment.response_id))
        .join(Checkpoint, col(Checkpoint.id) == col(Response.checkpoint_id))
        .where(*_active(*conditions))
        .order_by(col(Assignment.id))
    )


def _lock_responses(session: Session, response_ids: Iterable[str]) -> None:
    """Row-lock responses in id order, as a submit does, so a move and a save serialise."""
    ids = sorted(set(response_ids))
    if ids:
        session.exec(
            select(Response.id)
            .where(any_of(Response.id, ids))
            .order_by(col(Response.id))
            .with_for_update()
        ).all()


def _judged() -> ColumnElement[bool]:
    """SQL: the assignment's holder has an annotation of its response (correlated EXISTS)."""
    return (
        select(Annotation.id)
        .where(
            col(Annotation.response_id) == col(Assignment.response_id),
            col(Annotation.annotator_id) == col(Assignment.annotator_id),
        )
        .exists()
    )


def _lock_responses_of(session: Session, *conditions: Any) -> int:
    """Row-lock, in id order, the responses of the active assignments matching `conditions`.

    As a submit does, so a release and a save serialise. One statement whatever the count: the
    locked ids are counted in the database, never fetched (SQLite has no row locks; its writes
    serialise on the database).

    Returns:
        Number of responses locked (0: no active assignment matches).
    """
    locked = (
        select(Response.id)
        .where(col(Response.id).in_(select(Assignment.response_id).where(*_active(*conditions))))
        .order_by(col(Response.id))
        .with_for_update()
    )
    return int(session.exec(select(func.count()).select_from(locked.subquery())).one())


def _expire_loaded(session: Session) -> None:
    """Expire the release columns of the Assignment objects the session holds.

    The set-based UPDATEs bypass the unit of work, so a loaded object reloads them on access
    (sessions here keep objects across commits: ``expire_on_commit=False``).
    """
    for obj in list(session.identity_map.values()):
        if isinstance(obj, Assignment):
            session.expire(obj, ["released_at", "released_reason", "released_by"])


def _release_unjudged(
    session: Session, *conditions: Any, now: datetime, reason: str, by: int | None
) -> tuple[int, list[str]]:
    """Release the active, unjudged assignments matching `conditions`: one UPDATE.

    Call with their responses locked (:func:`_lock_responses_of`). Judged ones (the holder has
    an annotation of the response) stay.

    Returns:
        ``(released, primary_response_ids)``: how many were released, and the responses of the
        released primary ones (for :func:`_release_overlap_of`).
    """
    session.flush()
    rows = session.execute(
        update(Assignment)
        .where(*_active(*conditions), ~_judged())
        .values(**_release_values(now, reason, by))
        .returning(col(Assignment.response_id), col(Assignment.kind))
        .execution_options(synchronize_session=False)
    ).all()
    _expire_loaded(session)
    return len(rows), [r for r, kind in rows if kind == AssignmentKind.PRIMARY]


def _release_overlap_of(
    session: Session, response_ids: list[str], *, now: datetime, reason: str, by: int | None
) -> int:
    """Release the unjudged overlap items of responses whose primary item was just released.

    An overlap judgement exists to be compared with the primary one (DESIGN §8), so it leaves
    with it; the overlap is sampled again when the responses go out in a later batch. Judged
    overlap items stay, and so do those of a response that still has an active primary item.
    One UPDATE, the response ids bound as one array (:func:`app.db.any_of`). Call with the
    responses locked and their primary items already released.

    Args:
        session: database session (not committed here).
        response_ids: responses whose primary assignment was just released.
        now: the release's time.
        reason: the release's reason (prefixed ``primary released:`` on these).
        by: the lead's user id (None: the system).

    Returns:
        Number of overlap assignments released (reason ``primary released: <reason>``).
    """
    if not response_ids:
        return 0
    primary = aliased(Assignment)
    still_primary = (
        select(primary.id)
        .where(
            col(primary.response_id) == col(Assignment.response_id),
            col(primary.kind) == AssignmentKind.PRIMARY,
            col(primary.released_at).is_(None),
        )
        .exists()
    )
    result = session.execute(
        update(Assignment)
        .where(
            *_active(
                any_of(Assignment.response_id, sorted(set(response_ids))),
                col(Assignment.kind) == AssignmentKind.OVERLAP,
            ),
            ~still_primary,
            ~_judged(),
        )
        .values(**_release_values(now, f"{PRIMARY_RELEASED}: {reason}", by))
        .execution_options(synchronize_session=False)
    )
    _expire_loaded(session)
    return int(result.rowcount)  # type: ignore[attr-defined]


def _release_with_overlap(
    session: Session, *conditions: Any, now: datetime, reason: str, by: int | None
) -> int:
    """Release the unjudged assignments matching `conditions` and their overlap items.

    The overlap items of the primary ones released go too (:func:`_release_overlap_of`). Call
    with the responses locked.

    Returns:
        Number of assignments released, overlap items included.
    """
    freed, primary = _release_unjudged(session, *conditions, now=now, reason=reason, by=by)
    return freed + _release_overlap_of(session, primary, now=now, reason=reason, by=by)


def _expiry(now: datetime, hours: int | None) -> datetime | None:
    """When an item handed out `now` expires under its batch's `hours` (None: never)."""
    return None if hours is None else now + timedelta(hours=hours)


def reassign_scenario(
    session: Session,
    *,
    batch_id: int,
    scenario_id: str,
    kind: str,
    from_annotator: int,
    to_annotator: int,
    by: int,
    reason: str,
    restart: bool = False,
    now: datetime | None = None,
) -> list[Assignment]:
    """Move one annotator's whole holding of a scenario to another annotator. Commits once.

    The unit is the scenario (paired protocol, DESIGN §7: one annotator per scenario and phase,
    fixed across all models): every active assignment of `kind` that `from_annotator` holds for
    `scenario_id` in the batch's phase moves together, in this batch and in any other batch of
    the phase, so the scenario is never split between two annotators of one kind. Single items
    cannot be moved. The old assignments are released with the reason, the lead and the time
    (never deleted); each item gets a new assignment of the same batch, phase and kind,
    expiring its batch's expiry hours from now.

    Items the holder has judged cannot stay behind (that would split the scenario), so a
    holding with judged items is refused unless `restart` is set: then the judged items move
    too and the new annotator judges them again. The earlier annotations and their revisions
    are kept; the new annotator's become the judgements of record once saved
    (:func:`app.annotation.service.judgement_of_record` follows the active primary holder).

    Args:
        session: database session.
        batch_id: the batch whose page the lead acts on (its phase is the scope).
        scenario_id: the scenario.
        kind: ``primary`` or ``overlap``.
        from_annotator: the current holder.
        to_annotator: an active annotator who takes the scenario.
        by: the lead's user id, recorded on the releases.
        reason: why (required; recorded on the releases).
        restart: also move items the holder has judged, to be judged again.
        now: the current time (tests).

    Returns:
        The new assignments.

    Raises:
        NotFoundError: no such batch.
        UnprocessableError: no reason or one over :data:`REASON_MAX` characters; a bad kind;
            `to_annotator` is not an active annotator, is the holder, or is the scenario's
            annotator of the other kind in this phase; the holder has no item of the scenario
            of this kind in the batch (``field`` names the input).
        RestartRequired: judged items (of any of the holder's assignments in the phase, in
            this batch or another) would stay behind without `restart`.
    """
    now = now or utcnow()
    reason = _check_reason(reason, "say why the scenario moves")
    if kind not in ASSIGNMENT_KINDS:
        raise UnprocessableError("kind is primary or overlap", "kind")
    batch = get_batch(session, batch_id)
    phase = batch.phase
    new = get_annotator(session, to_annotator).username
    old = get_username(session, from_annotator)
    if to_annotator == from_annotator:
        raise UnprocessableError(f"{new} already holds this scenario", "to_annotator")
    in_scenario = col(Checkpoint.scenario_id) == scenario_id
    of_holder = (
        col(Assignment.kind) == kind,
        col(Assignment.annotator_id) == from_annotator,
    )
    if not session.exec(
        _active_in_scenario(
            (Assignment.id,), in_scenario, col(Assignment.batch_id) == batch_id, *of_holder
        ).limit(1)
    ).first():
        raise UnprocessableError(
            f"{old} holds no {kind} item of {scenario_id} in this batch", "scenario_id"
        )
    found = session.exec(
        _active_in_scenario(
            (Assignment.id, Assignment.response_id),
            in_scenario,
            col(Assignment.phase) == phase,
            *of_holder,
        )
    ).all()
    _lock_responses(session, (response for _id, response in found))
    # re-read under the lock: a release or a save that ran meanwhile is seen
    holding = session.exec(
        select(Assignment.id, Assignment.response_id, _judged())
        .where(*_active(any_of(Assignment.id, [id_ for id_, _response in found])))
        .order_by(col(Assignment.id))
    ).all()
    items, done = len(holding), sum(1 for _id, _response, judged in holding if judged)
    if done and not restart:
        session.rollback()  # ends the transaction and its row locks
        raise RestartRequired(
            f"{old} has already judged {done} of the {items} {kind} items of "
            f"{scenario_id} in phase {phase}; moving only the other {items - done} "
            "would split the scenario between two annotators (paired protocol). Let "
            f"{old} finish it, release the unjudged items (they go back to {old} in a later "
            f"batch), or restart the scenario with {new}, who then judges all "
            f"{items} items again",
            scenario_id=scenario_id,
            kind=kind,
            from_annotator=from_annotator,
            to_annotator=to_annotator,
            judged=done,
            items=items,
        )
    other_kind = (
        AssignmentKind.OVERLAP if kind == AssignmentKind.PRIMARY else AssignmentKind.PRIMARY
    )
    if session.exec(
        _active_in_scenario(
            (Assignment.id,),
            in_scenario,
            col(Assignment.phase) == phase,
            col(Assignment.kind) == other_kind,
            col(Assignment.annotator_id) == to_annotator,
        ).limit(1)
    ).first():
        session.rollback()
        raise UnprocessableError(
            f"{new} is the {other_kind} annotator of {scenario_id} in phase {phase}; a "
            "response's two judgements must come from different people",
            "to_annotator",
        )
    responses = [response for _id, response, _judged in holding]
    held = session.exec(
        select(func.count())
        .select_from(Assignment)
        .where(*_active(any_of(Assignment.response_id, responses)))
        .where(col(Assignment.annotator_id) == to_annotator)
    ).one()
    if held:
        session.rollback()
        raise UnprocessableError(
            f"{new} already holds {held} of these items (a response's two judgements must "
            "come from different people)",
            "to_annotator",
        )
    note = reason if not done else f"{reason} ({RESTART}: {done} judged, to judge again)"
    session.flush()
    moving = session.execute(  # released in one UPDATE; what the new assignments copy
        update(Assignment)
        .where(any_of(Assignment.id, [id_ for id_, _response, _judged in holding]))
        .values(**_release_values(now, note, by))
        .returning(
            col(Assignment.response_id),
            col(Assignment.scenario_id),
            col(Assignment.checkpoint_t),
            col(Assignment.blind_order),
            col(Assignment.phase),
            col(Assignment.batch_id),
            col(Assignment.kind),
        )
        .execution_options(synchronize_session=False)
    ).all()
    _expire_loaded(session)
    hours = {
        b.id: b.expires_after_hours
        for b in session.exec(
            select(Batch).where(any_of(Batch.id, {m.batch_id for m in moving if m.batch_id}))
        )
    }
    bulk_insert(  # COPY on PostgreSQL: a scenario of any size moves in one statement
        session,
        Assignment,
        [
            {
                "response_id": m.response_id,
                "annotator_id": to_annotator,
                "scenario_id": m.scenario_id,
                "checkpoint_t": m.checkpoint_t,
                "blind_order": m.blind_order,
                "phase": m.phase,
                "batch_id": m.batch_id,
                "kind": str(m.kind),
                "assigned_at": now,
                "expires_at": _expiry(now, hours.get(m.batch_id)),
            }
            for m in moving
        ],
    )
    # the new assignments as stored: `to_annotator` held none of these responses (checked)
    created = list(
        session.exec(
            select(Assignment)
            .where(
                col(Assignment.annotator_id) == to_annotator,
                col(Assignment.released_at).is_(None),
                any_of(Assignment.response_id, responses),
            )
            .order_by(col(Assignment.id))
        )
    )
    session.commit()
    return created


def release(
    session: Session,
    *,
    batch_id: int,
    by: int | None,
    reason: str,
    scenario_id: str | None = None,
    annotator_id: int | None = None,
    kind: str | None = None,
    now: datetime | None = None,
) -> int:
    """Release a batch's unjudged items so a later batch can hand them out again. Commits once.

    Whole scenarios only: every item of the batch matching the scenario, holder and kind given
    (each optional) is released, never single responses; judged items stay with their holder.
    This never splits a scenario: a later batch of the phase gives the items back to the
    scenario's annotator if they still hold (judged) items of it. Releasing primary items also
    releases the unjudged overlap items of the same responses (reason ``primary released: …``),
    so no overlap judgement is left waiting for a primary one that is gone.

    Args:
        session: database session.
        batch_id: the batch.
        by: the lead's user id (None: the system).
        reason: why (required; recorded on the releases).
        scenario_id: only this scenario.
        annotator_id: only this holder's items.
        kind: only ``primary`` or ``overlap`` items.
        now: the current time (tests).

    Returns:
        Number of assignments released, overlap items included.

    Raises:
        UnprocessableError: no reason given, one over :data:`REASON_MAX` characters, or a bad
            kind.
        NotFoundError: the batch does not exist.
    """
    now = now or utcnow()
    reason = _check_reason(reason, "say why the items are released")
    if kind is not None and kind not in ASSIGNMENT_KINDS:
        raise UnprocessableError("kind is primary or overlap", "kind")
    get_batch(session, batch_id)
    conditions: list[Any] = [col(Assignment.batch_id) == batch_id]
    if scenario_id is not None:
        # the response's scenario, as stored on the assignment when written (never changes)
        conditions.append(col(Assignment.scenario_id) == scenario_id)
    if annotator_id is not None:
        conditions.append(col(Assignment.annotator_id) == annotator_id)
    if kind is not None:
        conditions.append(col(Assignment.kind) == kind)
    _lock_responses_of(session, *conditions)
    freed = _release_with_overlap(session, *conditions, now=now, reason=reason, by=by)
    session.commit()
    return freed


def reclaim_expired(
    session: Session, now: datetime | None = None, *, batch_id: int | None = None
) -> int:
    """Release every expired, unjudged assignment with reason ``expired``. Commits once.

    Runs every few minutes from the schedule (``annotation.reclaim_expired``: Celery beat, or
    the in-process thread of :mod:`app.jobs.schedule`) and from a lead's *Reclaim*
    button; pages never run it on GET. The unjudged overlap items of responses whose primary
    item is reclaimed go too (reason ``primary released: expired``).

    Args:
        session: database session.
        now: the current time (default: now); an assignment whose ``expires_at`` is at or
            before it has expired.
        batch_id: only this batch (None: all).

    Returns:
        Number of assignments released.
    """
    now = now or utcnow()
    conditions: list[Any] = [expired_sql(now)]
    if batch_id is not None:
        conditions.append(col(Assignment.batch_id) == batch_id)
    if not _lock_responses_of(session, *conditions):
        session.rollback()  # nothing to do: end the read-only transaction
        return 0
    # expiry re-checked by the UPDATE, under the lock: a reassignment may have renewed it
    freed = _release_with_overlap(session, *conditions, now=now, reason=EXPIRED, by=None)
    session.commit()
    return freed


def close_batch(session: Session, *, batch_id: int, by: int, now: datetime | None = None) -> int:
    """Close a batch: its unjudged items are released (reason ``batch closed``). Commits once.

    Returns:
        Number of assignments released.

    Raises:
        NotFoundError: no such batch.
        ConflictError: the batch is closed already.
    """
    now = now or utcnow()
    batch = get_batch(session, batch_id)
    if batch.status == BatchStatus.CLOSED:
        raise ConflictError("this batch is closed already")
    in_batch = col(Assignment.batch_id) == batch_id
    _lock_responses_of(session, in_batch)
    freed = _release_with_overlap(session, in_batch, now=now, reason=CLOSED, by=by)
    batch.status = BatchStatus.CLOSED
    session.add(batch)
    session.commit()
    return freed


def held_assignment(
    session: Session, *, response_id: str, annotator_id: int, now: datetime | None = None
) -> Assignment:
    """The active, unexpired assignment under which the annotator may save the response.

    Call with the response locked.

    A release, a reassignment or an expiry may have happened since the page was opened, so a
    save checks again here. Its ``phase`` is the phase the saved annotation belongs to.
    Annotations by people who no longer hold the item (a restarted scenario) do not count
    against it.

    Raises:
        NotFoundError: the annotator no longer holds the item.
    """
    now = now or utcnow()
    held = session.exec(
        select(Assignment)
        .where(
            Assignment.response_id == response_id,
            Assignment.annotator_id == annotator_id,
            col(Assignment.released_at).is_(None),
        )
        .order_by(col(Assignment.id).desc())
    ).all()
    for assignment in held:
        if not is_expired(assignment.expires_at, now):
            return assignment
    raise NotFoundError("this item is no longer in your queue")


def lapsed_assignment(
    session: Session, *, annotator_id: int, response_id: str, now: datetime | None = None
) -> Assignment | None:
    """The annotator's latest assignment of a response if it has lapsed.

    Lapsed: released (reassigned, released by a lead, reclaimed, batch closed) or past its
    expiry. Used to explain a refused save and keep the answers as a draft.

    Returns:
        That assignment, or None when the annotator still holds the item or never held it.
    """
    now = now or utcnow()
    rows = session.exec(
        select(Assignment)
        .where(Assignment.response_id == response_id, Assignment.annotator_id == annotator_id)
        .order_by(col(Assignment.id).desc())
    ).all()
    if not rows or any(a.released_at is None and not is_expired(a.expires_at, now) for a in rows):
        return None
    return rows[0]
