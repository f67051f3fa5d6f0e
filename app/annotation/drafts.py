"""Autosaved drafts of the diagnosis form: unsubmitted answers survive a crash or a restart.

Drafts are never judgements: nothing in metrics or exports reads them.
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, select

from app.annotation.rules import LEVELS, OTHER_ISSUES, VERDICTS
from app.annotation.service import load_item
from app.models import AnnotationDraft, User
from app.models.base import utcnow

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
        "timing": pick(data.get("timing"), ("premature", "belated", "appropriate")),
        "intensity": pick(data.get("intensity"), ("insufficient", "excessive", "appropriate")),
        "other_issues": [c for c in issues if c in OTHER_ISSUES],
        "notes": {
            c: str(notes[c])[:TEXT_MAX] for c in OTHER_ISSUES if isinstance(notes.get(c), str)
        },
    }


def save_draft(
    session: Session,
    *,
    annotator: User,
    response_id: str,
    data: dict[str, Any],
    base_version: int | None,
) -> AnnotationDraft:
    """Store the annotator's current unsubmitted answers for an item (commits).

    Args:
        annotator: the user working on the item (must hold its assignment).
        response_id: the item.
        data: ``level``, ``verdict``, ``timing``, ``intensity``, ``other_issues`` (ticked
            categories) and ``notes`` (category → text); anything else is dropped.
        base_version: the annotation version the page was showing (None before a first save).

    Raises:
        NotFoundError: not an item of this annotator.
    """
    load_item(session, annotator, response_id)
    assert annotator.id is not None
    draft = session.exec(
        select(AnnotationDraft).where(
            AnnotationDraft.response_id == response_id, AnnotationDraft.annotator_id == annotator.id
        )
    ).first()
    if draft is None:
        draft = AnnotationDraft(response_id=response_id, annotator_id=annotator.id)
    draft.data, draft.base_version, draft.updated_at = _clean(data), base_version, utcnow()
    session.add(draft)
    session.commit()
    return draft


def get_draft(session: Session, *, annotator: User, response_id: str) -> AnnotationDraft | None:
    """The annotator's draft for an item, or None."""
    return session.exec(
        select(AnnotationDraft).where(
            AnnotationDraft.response_id == response_id, AnnotationDraft.annotator_id == annotator.id
        )
    ).first()


def discard_draft(session: Session, *, annotator: User, response_id: str) -> bool:
    """Delete the annotator's draft for an item (commits); True if there was one."""
    draft = get_draft(session, annotator=annotator, response_id=response_id)
    if draft is None:
        return False
    session.delete(draft)
    session.commit()
    return True


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
