"""Assignments, annotations and their kept revisions (DESIGN.md §7)."""

from __future__ import annotations

import hashlib
from datetime import datetime
from typing import Any

from sqlalchemy import Column, Index, Integer, String, UniqueConstraint, event, select, text
from sqlalchemy.engine import Connection
from sqlalchemy.engine.default import DefaultExecutionContext
from sqlalchemy.orm import Mapper
from sqlmodel import Field, SQLModel

from app.models.arena import Checkpoint
from app.models.base import json_field, time_field
from app.models.runs import Response
from app.vocabulary import AssignmentKind

BLIND_ORDER_CHARS = 64
"""Length of a blind order (a SHA-256 hex digest)."""

_BYTE_ORDER = String(64).with_variant(String(64, collation="C"), "postgresql")
"""A scenario id compared byte by byte (code point order, as Python sorts str) on both
databases: SQLite's default collation already is; PostgreSQL's database collation need not be."""


def blind_order(response_id: str) -> str:
    """The blind order of a response: a stable pseudo-random sort key (SHA-256 hex digest).

    Responses at one checkpoint are shown in this order and labelled A, B, C... by it
    (DESIGN §7 blinding); it is the same for every annotator and never changes.

    Args:
        response_id: the response.

    Returns:
        64 lowercase hex characters.
    """
    return hashlib.sha256(f"blind:{response_id}".encode()).hexdigest()


def _default_blind_order(context: DefaultExecutionContext) -> str:
    """Column default: the blind order of the row's response (any INSERT that names it)."""
    return blind_order(str(context.get_current_parameters()["response_id"]))  # type: ignore[no-untyped-call]


class Assignment(SQLModel, table=True):
    """A response given to one annotator to judge (paired protocol: by scenario).

    Assignments are released, never deleted: `released_at`, `released_reason` and
    `released_by` keep the history of reassignments and expiries. An annotator holds at most
    one active (unreleased) assignment per response. `kind` is ``primary`` (the scenario's
    annotator) or ``overlap`` (a second, independent judgement for agreement).

    `scenario_id`, `checkpoint_t` and `blind_order` are the item's place in its annotator's
    queue (by scenario, checkpoint, then blind order), copied from the response when the
    assignment is written (they never change) so the queue is read in order from the index
    ``ix_assignments_queue`` a few rows at a time. An ORM insert that leaves the scenario and
    checkpoint out gets them looked up (:func:`_fill_queue_place`); bulk writers pass them.
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
        Index(
            "ix_assignments_queue",
            "annotator_id",
            "scenario_id",
            "checkpoint_t",
            "blind_order",
            postgresql_where=text("released_at IS NULL"),
            sqlite_where=text("released_at IS NULL"),
        ),
        # the next expiry of an active assignment, one probe (progress_valid_until)
        Index(
            "ix_assignments_active_expiry",
            "expires_at",
            postgresql_where=text("released_at IS NULL"),
            sqlite_where=text("released_at IS NULL"),
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    response_id: str = Field(foreign_key="responses.id", index=True, max_length=32)
    annotator_id: int = Field(foreign_key="users.id", index=True)
    scenario_id: str = Field(default=None, sa_column=Column(_BYTE_ORDER, nullable=False))
    """The response's scenario (queue order, first key)."""
    checkpoint_t: int = Field(default=None, sa_column=Column(Integer, nullable=False))
    """The response's checkpoint (queue order, second key)."""
    blind_order: str = Field(
        default=None,
        sa_column=Column(String(BLIND_ORDER_CHARS), nullable=False, default=_default_blind_order),
    )
    """:func:`blind_order` of the response (queue order, third key; the A/B labels)."""
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
    __table_args__ = (
        UniqueConstraint("response_id", "annotator_id"),
        # by response, and the responses with two annotations of a phase, index only
        Index("ix_annotations_response_phase", "response_id", "phase"),
    )

    id: int | None = Field(default=None, primary_key=True)
    response_id: str = Field(foreign_key="responses.id", max_length=32)
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
    created_at: datetime = time_field(now=True, index=True)
    """First save; indexed for the throughput windows' edges (progress_valid_until)."""
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


@event.listens_for(Assignment, "before_insert")
def _fill_queue_place(_mapper: Mapper[Any], connection: Connection, target: Assignment) -> None:
    """Give an assignment written without its queue place its response's.

    One lookup of the scenario and checkpoint; writers of many assignments pass them instead.
    """
    if target.scenario_id is None or target.checkpoint_t is None:
        row = connection.execute(
            select(Checkpoint.scenario_id, Checkpoint.t)
            .join(Response, Response.checkpoint_id == Checkpoint.id)
            .where(Response.id == target.response_id)
        ).one()
        target.scenario_id, target.checkpoint_t = row
    if target.blind_order is None:
        target.blind_order = blind_order(target.response_id)
