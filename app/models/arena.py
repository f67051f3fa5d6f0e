"""Imported environments, scenarios and their checkpoints (DESIGN.md §2, §4)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Text, UniqueConstraint
from sqlmodel import Column, Field, SQLModel

from app.models.base import json_field, time_field
from app.vocabulary import AuditStatus


class Environment(SQLModel, table=True):
    """One persona's world: `spec` is environment.json as imported; database and files beside it."""

    __tablename__ = "environments"

    id: str = Field(primary_key=True, max_length=64)
    domain: str = Field(max_length=32, index=True)
    timezone: str = Field(max_length=64)
    persona: dict[str, Any] = json_field(default=dict)
    spec: dict[str, Any] = json_field(default=dict)
    database_sql: str = Field(sa_column=Column(Text, nullable=False))
    files: dict[str, str] = json_field(default=dict)
    content_hash: str = Field(max_length=64)
    imported_at: datetime = time_field(now=True)


class Scenario(SQLModel, table=True):
    """One scenario; `source` is the scenario file exactly as imported (for the export)."""

    __tablename__ = "scenarios"

    id: str = Field(primary_key=True, max_length=64)
    environment_id: str = Field(foreign_key="environments.id", index=True, max_length=64)
    need_type: str = Field(max_length=16, index=True)
    title: str = Field(max_length=300)
    num_events: int
    design: dict[str, Any] = json_field(default=dict)
    events: list[dict[str, Any]] = json_field(default=list)
    checkpoint_design: dict[str, dict[str, Any]] = json_field(default=dict)
    """Checkpoint ``"1"``..``"n"`` → ``{"label", "expected": {"levels", "commands"}, "note"}``."""
    source: dict[str, Any] = json_field(default=dict)
    content_hash: str = Field(max_length=64)
    audit_status: str = Field(default=AuditStatus.PENDING, max_length=16)
    imported_at: datetime = time_field(now=True)


class Checkpoint(SQLModel, table=True):
    """(scenario, t): the moment right after event t (DESIGN §2)."""

    __tablename__ = "checkpoints"
    __table_args__ = (UniqueConstraint("scenario_id", "t"),)

    id: int | None = Field(default=None, primary_key=True)
    scenario_id: str = Field(foreign_key="scenarios.id", index=True, max_length=64)
    t: int
    design: str = Field(max_length=16)
    """The checkpoint's label: ``premature``, ``window``, ``belated`` or ``restraint``."""
