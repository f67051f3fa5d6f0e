"""Assignments, annotations and their kept revisions (DESIGN.md §7)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Column, Index, String, UniqueConstraint, text
from sqlmodel import Field, SQLModel

from app.models.base import json_field, time_field
from app.vocabulary import AssignmentKind


class Assignment(SQLModel, table=True):
    """A response given to one annotator to judge (paired protocol: by scenario).

    Assignments are released, never deleted: `released_at`, `released_reason` and
    `released_by` keep the history of reassignments and expiries. An annotator holds at most
    one active (unreleased) assignment per response. `kind` is ``primary`` (the scenario's
    annotator) or ``overlap`` (a second, independent judgement for agreement).
    """

    __tablename__ = "assignments"
    __table_args__ = (
        Index(
            "ux_assignments_active",
            "response_id",
            "annotator_id",
            unique=True,
            postgresql_where=text("released_at IS NULL"),
            sqlite_where=text("released_at IS NULL"),
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    response_id: str = Field(foreign_key="responses.id", index=True, max_length=32)
    annotator_id: int = Field(foreign_key="users.id", index=True)
    phase: int = 1
    assigned_at: datetime = time_field(now=True)
    expires_at: datetime | None = time_field(nullable=True)
    released_at: datetime | None = time_field(nullable=True)
    batch_id: int | None = Field(default=None, foreign_key="batches.id", index=True)
    kind: str = Field(
        default=AssignmentKind.PRIMARY,
        sa_column=Column(String(16), nullable=False, server_default=AssignmentKind.PRIMARY.value),
    )
    released_reason: str | None = Field(default=None, max_length=200)
    released_by: int | None = Field(default=None, foreign_key="users.id")


class Annotation(SQLModel, table=True):
    """The current diagnosis of one response by one annotator; every save keeps a revision."""

    __tablename__ = "annotations"
    __table_args__ = (UniqueConstraint("response_id", "annotator_id"),)

    id: int | None = Field(default=None, primary_key=True)
    response_id: str = Field(foreign_key="responses.id", index=True, max_length=32)
    annotator_id: int = Field(foreign_key="users.id", index=True)
    level: str = Field(max_length=2)
    verdict: str = Field(max_length=8)
    timing: str | None = Field(default=None, max_length=16)
    intensity: str | None = Field(default=None, max_length=16)
    inaction: bool = False
    other_issues: list[dict[str, Any]] = json_field(default=list)
    version: int = 1
    seconds_spent: float | None = None
    phase: int = 1
    created_at: datetime = time_field(now=True)
    updated_at: datetime = time_field(now=True)


class AnnotationRevision(SQLModel, table=True):
    """An immutable copy of an annotation as submitted (DESIGN §7: nothing is overwritten)."""

    __tablename__ = "annotation_revisions"
    __table_args__ = (UniqueConstraint("annotation_id", "version"),)

    id: int | None = Field(default=None, primary_key=True)
    annotation_id: int = Field(foreign_key="annotations.id", index=True)
    version: int
    data: dict[str, Any] = json_field(default=dict)
    created_by: int = Field(foreign_key="users.id")
    created_at: datetime = time_field(now=True)


class AnnotationDraft(SQLModel, table=True):
    """Unsubmitted answers on the diagnosis page, autosaved so a crash or restart loses nothing.

    A draft is not a judgement: metrics and exports never read it, and submitting the item
    deletes it.
    """

    __tablename__ = "annotation_drafts"
    __table_args__ = (UniqueConstraint("response_id", "annotator_id"),)

    id: int | None = Field(default=None, primary_key=True)
    response_id: str = Field(foreign_key="responses.id", index=True, max_length=32)
    annotator_id: int = Field(foreign_key="users.id", index=True)
    data: dict[str, Any] = json_field(default=dict)
    base_version: int | None = None
    updated_at: datetime = time_field(now=True)
