"""Moving a batch's items: reassign, release, reclaim, close (DESIGN.md §7 paired protocol).

Also whether an annotator still holds an item.

Leads move whole scenarios, never single responses: :func:`reassign_scenario` moves an
annotator's whole holding of a scenario (per kind, across the phase's batches) and refuses to
leave judged items behind unless the scenario is restarted (:class:`RestartRequired`);
:func:`release` frees unjudged items by batch, scenario, holder and kind, and takes the overlap
items of released primary items with it. Judged items are released only by a restart.
:func:`reclaim_expired` and :func:`close_batch` return unjudged items to the pool. A save
checks :func:`held_assignment` first; :func:`lapsed_assignment` says why an item left.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func, update
from sqlalchemy.orm.attributes import set_committed_value
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


def _lock_responses(session: Session, response_ids: Iterable[str]) -> None:
    """Row-lock responses in id order, as a submit does, so a release and a save serialise."""
    ids = sorted(set(response_ids))
    if ids:
        session.exec(
            select(Response.id)
            .where(any_of(Response.id, ids))
            .order_by(col(Response.id))
            .with_for_update()
        ).all()


def _judged_pairs(session: Session, response_ids: Iterable[str]) -> set[tuple[str, int]]:
    """``(response_id, annotator_id)`` of every annotation on these responses."""
    ids = sorted(set(response_ids))
    if not ids:
        return set()
    rows = session.exec(
        select(Annotation.response_id, Annotation.annotator_id).where(
            any_of(Annotation.response_id, ids)
        )
    ).all()
    return {(r, a) for r, a in rows}


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


def _active_assignments(session: Session, *conditions: Any) -> list[Assignment]:
    """Active assignments matching `conditions` (which may name ``Checkpoint`` columns)."""
    query = (
        select(Assignment)
        .join(Response, col(Response.id) == col(Assignment.response_id))
        .join(Checkpoint, col(Checkpoint.id) == col(Response.checkpoint_id))
        .where(col(Assignment.released_at).is_(None), *conditions)
        .order_by(col(Assignment.id))
    )
    return list(session.exec(query))


def _lock_and_reload(session: Session, assignments: list[Assignment]) -> list[Assignment]:
    """Row-lock the responses of `assignments`, then re-read those still active.

    A release or a save that ran meanwhile is seen.
    """
    if not assignments:
        return []
    _lock_responses(session, (a.response_id for a in assignments))
    ids = [a.id for a in assignments]
    return list(
        session.exec(
            select(Assignment)
            .where(any_of(Assignment.id, ids), col(Assignment.released_at).is_(None))
            .order_by(col(Assignment.id))
            .execution_options(populate_existing=True)
        )
    )


def _unjudged(session: Session, assignments: list[Assignment]) -> list[Assignment]:
    """Lock the responses, then keep the active assignments whose holder has not judged the item."""
    current = _lock_and_reload(session, assignments)
    judged = _judged_pairs(session, (a.response_id for a in current))
    return [a for a in current if (a.response_id, a.annotator_id) not in judged]


def _release(
    session: Session,
    assignments: Iterable[Assignment],
    *,
    now: datetime,
    reason: str,
    by: int | None,
) -> None:
    """Mark `assignments` released: one UPDATE for all of them, the loaded objects kept in step."""
    listed = list(assignments)
    if not listed:
        return
    values = {"released_at": now, "released_reason": reason[:200], "released_by": by}
    session.flush()
    session.execute(
        update(Assignment)
        .where(any_of(Assignment.id, [a.id for a in listed]))
        .values(**values)
        .execution_options(synchronize_session=False)
    )
    for assignment in listed:  # as the database now says, without a per-row flush
        for name, value in values.items():
            set_committed_value(assignment, name, value)


def _release_overlap_of(
    session: Session, released: list[Assignment], *, now: datetime, reason: str, by: int | None
) -> list[Assignment]:
    """Release the unjudged overlap items of responses whose primary item was just released.

    An overlap judgement exists to be compared with the primary one (DESIGN §8), so it leaves
    with it; the overlap is sampled again when the responses go out in a later batch. Judged
    overlap items stay. Call with the responses locked and `released` already marked.
    """
    ids = sorted({a.response_id for a in released if a.kind == AssignmentKind.PRIMARY})
    if not ids:
        return []
    session.flush()
    still_primary = set(
        session.exec(
            select(Assignment.response_id).where(
                any_of(Assignment.response_id, ids),
                col(Assignment.kind) == AssignmentKind.PRIMARY,
                col(Assignment.released_at).is_(None),
            )
        ).all()
    )
    overlap = session.exec(
        select(Assignment).where(
            any_of(Assignment.response_id, [r for r in ids if r not in still_primary]),
            col(Assignment.kind) == AssignmentKind.OVERLAP,
            col(Assignment.released_at).is_(None),
        )
    ).all()
    judged = _judged_pairs(session, ids)
    freed = [a for a in overlap if (a.response_id, a.annotator_id) not in judged]
    _release(session, freed, now=now, reason=f"{PRIMARY_RELEASED}: {reason}", by=by)
    return freed


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
    if not _active_assignments(
        session, in_scenario, col(Assignment.batch_id) == batch_id, *of_holder
    ):
        raise UnprocessableError(
            f"{old} holds no {kind} item of {scenario_id} in this batch", "scenario_id"
        )
    holding = _lock_and_reload(
        session,
        _active_assignments(session, in_scenario, col(Assignment.phase) == phase, *of_holder),
    )
    judged = _judged_pairs(session, (a.response_id for a in holding))
    done = [a for a in holding if (a.response_id, a.annotator_id) in judged]
    if done and not restart:
        session.rollback()  # ends the transaction and its row locks
        raise RestartRequired(
            f"{old} has already judged {len(done)} of the {len(holding)} {kind} items of "
            f"{scenario_id} in phase {phase}; moving only the other {len(holding) - len(done)} "
            "would split the scenario between two annotators (paired protocol). Let "
            f"{old} finish it, release the unjudged items (they go back to {old} in a later "
            f"batch), or restart the scenario with {new}, who then judges all "
            f"{len(holding)} items again",
            scenario_id=scenario_id,
            kind=kind,
            from_annotator=from_annotator,
            to_annotator=to_annotator,
            judged=len(done),
            items=len(holding),
        )
    other_kind = (
        AssignmentKind.OVERLAP if kind == AssignmentKind.PRIMARY else AssignmentKind.PRIMARY
    )
    others = _active_assignments(
        session, in_scenario, col(Assignment.phase) == phase, col(Assignment.kind) == other_kind
    )
    if to_annotator in {a.annotator_id for a in others}:
        session.rollback()
        raise UnprocessableError(
            f"{new} is the {other_kind} annotator of {scenario_id} in phase {phase}; a "
            "response's two judgements must come from different people",
            "to_annotator",
        )
    held = session.exec(
        select(func.count())
        .select_from(Assignment)
        .where(
            any_of(Assignment.response_id, [a.response_id for a in holding]),
            col(Assignment.annotator_id) == to_annotator,
            col(Assignment.released_at).is_(None),
        )
    ).one()
    if held:
        session.rollback()
        raise UnprocessableError(
            f"{new} already holds {held} of these items (a response's two judgements must "
            "come from different people)",
            "to_annotator",
        )
    note = reason if not done else f"{reason} ({RESTART}: {len(done)} judged, to judge again)"
    _release(session, holding, now=now, reason=note, by=by)
    session.flush()
    hours = {
        b.id: b.expires_after_hours
        for b in session.exec(
            select(Batch).where(any_of(Batch.id, {a.batch_id for a in holding if a.batch_id}))
        )
    }
    bulk_insert(  # COPY on PostgreSQL: a scenario of any size moves in one statement
        session,
        Assignment,
        [
            {
                "response_id": a.response_id,
                "annotator_id": to_annotator,
                "scenario_id": a.scenario_id,
                "checkpoint_t": a.checkpoint_t,
                "blind_order": a.blind_order,
                "phase": a.phase,
                "batch_id": a.batch_id,
                "kind": str(a.kind),
                "assigned_at": now,
                "expires_at": _expiry(now, hours.get(a.batch_id)),
            }
            for a in holding
        ],
    )
    # the new assignments as stored: `to_annotator` held none of these responses (checked)
    created = list(
        session.exec(
            select(Assignment)
            .where(
                col(Assignment.annotator_id) == to_annotator,
                col(Assignment.released_at).is_(None),
                any_of(Assignment.response_id, [a.response_id for a in holding]),
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
        conditions.append(col(Checkpoint.scenario_id) == scenario_id)
    if annotator_id is not None:
        conditions.append(col(Assignment.annotator_id) == annotator_id)
    if kind is not None:
        conditions.append(col(Assignment.kind) == kind)
    freed = _unjudged(session, _active_assignments(session, *conditions))
    _release(session, freed, now=now, reason=reason, by=by)
    cascaded = _release_overlap_of(session, freed, now=now, reason=reason, by=by)
    session.commit()
    return len(freed) + len(cascaded)


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
    query = select(Assignment.id).where(
        col(Assignment.released_at).is_(None),
        expired_sql(now),
    )
    if batch_id is not None:
        query = query.where(col(Assignment.batch_id) == batch_id)
    ids = session.exec(query).all()
    if not ids:
        session.rollback()  # nothing to do: end the read-only transaction
        return 0
    found = list(session.exec(select(Assignment).where(any_of(Assignment.id, ids))))
    expired = [
        a for a in _unjudged(session, found) if is_expired(a.expires_at, now)
    ]  # re-checked under the lock: a reassignment may have renewed it
    _release(session, expired, now=now, reason=EXPIRED, by=None)
    cascaded = _release_overlap_of(session, expired, now=now, reason=EXPIRED, by=None)
    session.commit()
    return len(expired) + len(cascaded)


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
    freed = _unjudged(session, _active_assignments(session, col(Assignment.batch_id) == batch_id))
    _release(session, freed, now=now, reason=CLOSED, by=by)
    cascaded = _release_overlap_of(session, freed, now=now, reason=CLOSED, by=by)
    batch.status = BatchStatus.CLOSED
    session.add(batch)
    session.commit()
    return len(freed) + len(cascaded)


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
