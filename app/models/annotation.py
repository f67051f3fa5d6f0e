"""Assignments, annotations and their kept revisions (DESIGN.md §7)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import UniqueConstraint
from sqlmodel import Field, SQLModel

from app.models.base import json_field, time_field


class Assignment(SQLModel, table=True):
    """A response given to one annotator to judge (paired protocol: by scenario)."""

    __tablename__ = "assignments"
    __table_args__ = (UniqueConstraint("response_id", "annotator_id"),)

    id: int | None = Field(default=None, primary_key=True)
    response_id: str = Field(foreign_key="responses.id", index=True, max_length=32)
    annotator_id: int = Field(foreign_key="users.id", index=True)
    phase: int = 1
    assigned_at: datetime = time_field(now=True)
    expires_at: datetime | None = time_field(nullable=True)
    released_at: datetime | None = time_field(nullable=True)


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
