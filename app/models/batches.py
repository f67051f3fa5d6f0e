"""Annotation batches: a lead's selection of responses handed out together (DESIGN.md §7)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import false
from sqlmodel import Field, SQLModel

from app.models.base import json_field, time_field
from app.vocabulary import BatchStatus

BATCH_NAME_MAX = 120
"""Characters a batch name may have (its column's length)."""


class Batch(SQLModel, table=True):
    """Completed responses chosen by run, phase, need type and domain, assigned in one go.

    `need_types` and `domains` are the filters used (empty = all); `overlap_share` is the
    fraction (0..1) of the batch's checkpoints also given to a second annotator, chosen from
    `seed`. Assignments made for the batch expire `expires_after_hours` after they are made
    (None: never). `show_design_notes`: annotators of the batch's items see the scenario's design
    notes and checkpoint design (DESIGN §4: shown to annotators only where the batch allows it;
    auditors and leads always see them).
    """

    __tablename__ = "batches"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=BATCH_NAME_MAX)
    phase: int = 1
    run_id: int | None = Field(default=None, foreign_key="runs.id", index=True)
    need_types: list[str] = json_field(default=list)
    domains: list[str] = json_field(default=list)
    overlap_share: float = 0.0
    seed: int = 0
    status: str = Field(default=BatchStatus.OPEN, max_length=16)
    created_by: int | None = Field(default=None, foreign_key="users.id")
    created_at: datetime = time_field(now=True)
    # no column default: a Python-side one would also replace an explicit None ("never")
    expires_after_hours: int | None = Field(default=72, sa_column_kwargs={"default": None})
    show_design_notes: bool = Field(default=False, sa_column_kwargs={"server_default": false()})
