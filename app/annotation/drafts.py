"""Autosaved drafts of the diagnosis form: unsubmitted answers survive a crash or a restart.

Drafts are never judgements: nothing in metrics or exports reads them. When an item leaves the
annotator's queue while they work on it (expired and reclaimed, reassigned, released, batch
closed), what they send next is kept as a draft instead of being lost, and :class:`ItemLapsed`
says what happened; the draft comes back if the item returns to them.
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, col, select

from app.annotation.batches import CLOSED, EXPIRED, PRIMARY_RELEASED
from app.annotation.moves import lapsed_assignment
from app.annotation.service import load_item
from app.errors import ConflictError, NotFoundError
from app.models import AnnotationDraft, Assignment, Checkpoint, Response, Scenario, User
from app.models.base import utcnow
from app.vocabulary import INTENSITIES, LEVELS, OTHER_ISSUES, TIMINGS, VERDICTS, AuditStatus


def lapse_explanation(assignment: Assignment) -> str:
    """What happened to a lapsed assignment, for the annotator (one sentence, no full stop)."""
    reason = (assignment.released_reason or "").removeprefix(f"{PRIMARY_RELEASED}: ")
    if assignment.released_at is None or reason == EXPIRED:
        at = assignment.expires_at
        what = "This item's time ran out" + (f" at {at:%d %b %H:%M} UTC" if at else "")
        return what + " and it went back to the pool"
    if reason == CLOSED:
        return f"This item's batch was closed at {assignment.released_at:%d %b %H:%M} UTC"
    return (
        f"Your lead took this item out of your queue at "
        f"{assignment.released_at:%d %b %H:%M} UTC (reason: {reason})"
    )


AUDITED_OUT = (
    "This item's scenario was audited out (rejected in the scenario audit), so it is no longer "
    "judged"
)


class ItemLapsed(ConflictError):
    """The annotator no longer holds the item; their answers were kept as a draft.

    Attributes:
        assignment: the lapsed assignment (released or expired), or None when the item's
            scenario was audited out while the annotator held it.
    """

    def __init__(self, assignment: Assignment | None) -> None:
        """Refuse a late save of the item `assignment` held (None: its scenario audited out)."""
        self.assignment = assignment
        what = lapse_explanation(assignment) if assignment is not None else AUDITED_OUT
        closing = (
            " and come back if the item returns to your queue. Ask your lead to give it back."
            if assignment is not None
            else "."
        )
        super().__init__(
            f"{what}. Your answers were NOT submitted: they are kept as a draft on the server"
            + closing
        )


def lapse_of(session: Session, *, annotator_id: int, response_id: str) -> str | None:
    """Why an item the annotator held is no longer in their queue.

    Returns:
        The explanation (released, expired, audited out), or None when they hold it or never
        held it.
    """
    lapsed = lapsed_assignment(session, annotator_id=annotator_id, response_id=response_id)
    if lapsed is not None:
        return lapse_explanation(lapsed)
    return AUDITED_OUT if _held_but_audited_out(session, annotator_id, response_id) else None


def _held_but_audited_out(session: Session, annotator_id: int, response_id: str) -> bool:
    """True when the annotator still holds the item but its scenario was audited out."""
    status = session.exec(
        select(Scenario.audit_status)
        .join(Checkpoint, col(Checkpoint.scenario_id) == col(Scenario.id))
        .join(Response, col(Response.checkpoint_id) == col(Checkpoint.id))
        .join(Assignment, col(Assignment.response_id) == col(Response.id))
        .where(
            Response.id == response_id,
            Assignment.annotator_id == annotator_id,
            col(Assignment.released_at).is_(None),
        )
    ).first()
    return status == AuditStatus.REJECTED


TEXT_MAX = 5000


def _clean(data: dict[str, Any]) -> dict[str, Any]:
    """Keep only known fields with known values (a draft is untrusted browser input)."""

    def pick(value: Any, allowed: tuple[str, ...]) -> str | None:
        return value if isinstance(value, str) and value in allowed else None

    raw_notes, raw_issues = data.get("notes"), data.get("other_issues")
    notes: dict[str, Any] = raw_notes if isinstance(raw_notes, dict) else {}
    issues: list[Any] = raw_issues if isinstance(raw_issues, list) else []
    return {
        "level": pick(data.get("level"), LEVELS),
        "verdict": pick(data.get("verdict"), VERDICTS),
        "timing": pick(data.get("timing"), TIMINGS),
        "intensity": pick(data.get("intensity"), INTENSITIES),
        "other_issues": [c for c in issues if c in OTHER_ISSUES],
        "notes": {
            c: str(notes[c])[:TEXT_MAX] for c in OTHER_ISSUES if isinstance(notes.get(c), str)
        },
    }


def store_draft(
    session: Session,
    *,
    annotator: User,
    response_id: str,
    data: dict[str, Any],
    base_version: int | None,
) -> AnnotationDraft:
    """Write the annotator's unsubmitted answers for an item into the session; does not commit.

    A helper of the units of work that keep answers (:func:`save_draft`,
    :func:`app.annotation.workspace.submit`); the caller commits, also when this raises
    :class:`ItemLapsed`, so nothing typed is lost.

    Args:
        session: database session, in the caller's transaction.
        annotator: the user working on the item (holds, or held, its assignment).
        response_id: the item.
        data: ``level``, ``verdict``, ``timing``, ``intensity``, ``other_issues`` (ticked
            categories) and ``notes`` (category → text); anything else is dropped.
        base_version: the annotation version the page was showing (None before a first save).

    Returns:
        The draft (flushed).

    Raises:
        NotFoundError: the annotator never held the item (nothing written).
        ItemLapsed: the annotator held the item but no longer does (or its scenario was audited
            out); the draft was written all the same.
    """
    assert annotator.id is not None
    try:
        load_item(session, annotator, response_id)
    except NotFoundError:
        lapsed = lapsed_assignment(session, annotator_id=annotator.id, response_id=response_id)
        if lapsed is None and not _held_but_audited_out(session, annotator.id, response_id):
            raise
        _store(session, annotator.id, response_id, data, base_version)
        raise ItemLapsed(lapsed) from None
    return _store(session, annotator.id, response_id, data, base_version)


def save_draft(
    session: Session,
    *,
    annotator: User,
    response_id: str,
    data: dict[str, Any],
    base_version: int | None,
) -> AnnotationDraft:
    """Store the annotator's current unsubmitted answers for an item (the autosave; commits).

    Args:
        session: database session (commits once).
        annotator: the user working on the item (holds, or held, its assignment).
        response_id: the item.
        data: ``level``, ``verdict``, ``timing``, ``intensity``, ``other_issues`` (ticked
            categories) and ``notes`` (category → text); anything else is dropped.
        base_version: the annotation version the page was showing (None before a first save).

    Raises:
        NotFoundError: the annotator never held the item.
        ItemLapsed: the annotator held the item but no longer does (or its scenario was audited
            out); the draft was stored all the same (committed) so nothing typed is lost.
    """
    try:
        draft = store_draft(
            session,
            annotator=annotator,
            response_id=response_id,
            data=data,
            base_version=base_version,
        )
    except ItemLapsed:
        session.commit()
        raise
    session.commit()
    return draft


def _store(
    session: Session,
    annotator_id: int,
    response_id: str,
    data: dict[str, Any],
    base_version: int | None,
) -> AnnotationDraft:
    """Insert or update the draft (flushed, not committed)."""
    draft = session.exec(
        select(AnnotationDraft).where(
            AnnotationDraft.response_id == response_id, AnnotationDraft.annotator_id == annotator_id
        )
    ).first()
    if draft is None:
        draft = AnnotationDraft(response_id=response_id, annotator_id=annotator_id)
    draft.data, draft.base_version, draft.updated_at = _clean(data), base_version, utcnow()
    session.add(draft)
    session.flush()
    return draft


def get_draft(session: Session, *, annotator: User, response_id: str) -> AnnotationDraft | None:
    """The annotator's draft for an item, or None."""
    return session.exec(
        select(AnnotationDraft).where(
            AnnotationDraft.response_id == response_id, AnnotationDraft.annotator_id == annotator.id
        )
    ).first()


def remove_draft(session: Session, *, annotator: User, response_id: str) -> bool:
    """Delete the annotator's draft for an item from the session; does not commit.

    Returns:
        True if there was one.
    """
    draft = get_draft(session, annotator=annotator, response_id=response_id)
    if draft is None:
        return False
    session.delete(draft)
    session.flush()
    return True


def discard_draft(session: Session, *, annotator: User, response_id: str) -> bool:
    """Throw away the annotator's draft of an item in their queue (commits once).

    Returns:
        True if there was one.

    Raises:
        NotFoundError: the item is not in the annotator's queue.
    """
    load_item(session, annotator, response_id)
    removed = remove_draft(session, annotator=annotator, response_id=response_id)
    session.commit()
    return removed


def draft_values(draft: AnnotationDraft) -> dict[str, Any]:
    """A draft in the shape the diagnosis page renders (other issues with their notes)."""
    data = draft.data
    notes = data.get("notes", {})
    ticked = set(data.get("other_issues", []))
    issues = [{"category": c, "note": notes.get(c, "")} for c in OTHER_ISSUES if c in ticked]
    return {
        "level": data.get("level"),
        "verdict": data.get("verdict"),
        "timing": data.get("timing"),
        "intensity": data.get("intensity"),
        "other_issues": issues,
    }
