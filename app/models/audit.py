"""Scenario audit: reviewers' votes and adjudications of splits (DESIGN.md §7)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import CheckConstraint, Text, UniqueConstraint
from sqlmodel import Column, Field, SQLModel

from app.models.base import json_field, time_field


class AuditVote(SQLModel, table=True):
    """One reviewer's vote on one scenario; final once cast (a second vote by them is refused).

    `criteria` maps each review criterion (``causal_support``, ``need_identity``,
    ``timing_boundaries``, ``retrieval_necessity``, ``proportional_intensity``) to ``pass`` or
    ``fail``.
    """

    __tablename__ = "audit_votes"
    __table_args__ = (
        UniqueConstraint("scenario_id", "reviewer_id"),
        CheckConstraint("vote IN ('approve', 'reject')", name="ck_audit_votes_vote"),
        CheckConstraint("length(trim(comment)) > 0", name="ck_audit_votes_comment"),
    )

    id: int | None = Field(default=None, primary_key=True)
    scenario_id: str = Field(foreign_key="scenarios.id", index=True, max_length=64)
    reviewer_id: int = Field(foreign_key="users.id", index=True)
    vote: str = Field(max_length=8)
    criteria: dict[str, str] = json_field(default=dict)
    comment: str = Field(sa_column=Column(Text, nullable=False))
    created_at: datetime = time_field(now=True)


class AuditDecision(SQLModel, table=True):
    """A third person's decision on a split scenario (one per scenario)."""

    __tablename__ = "audit_decisions"
    __table_args__ = (
        CheckConstraint("decision IN ('accept', 'reject')", name="ck_audit_decisions_decision"),
        CheckConstraint("length(trim(comment)) > 0", name="ck_audit_decisions_comment"),
    )

    id: int | None = Field(default=None, primary_key=True)
    scenario_id: str = Field(foreign_key="scenarios.id", unique=True, max_length=64)
    adjudicator_id: int = Field(foreign_key="users.id", index=True)
    decision: str = Field(max_length=8)
    comment: str = Field(sa_column=Column(Text, nullable=False))
    created_at: datetime = time_field(now=True)
