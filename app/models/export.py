"""Dataset exports started from the browser and run in the background (DESIGN.md §9)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, Text
from sqlmodel import Field, SQLModel

from app.models.base import time_field
from app.vocabulary import ExportJobStatus

EXPORT_JOB_FORMATS = ("jsonl", "parquet", "both")


class ExportJob(SQLModel, table=True):
    """One HALO-8K-style dump written by a worker into ``<var_dir>/exports/<id>/``.

    `done` and `total` count response rows as they are written (progress); `path` is the job's
    directory once it has started; `error` says why a ``failed`` job failed. `claimed_by` is the
    process (``host:pid``) that runs the job — or, in-process, that will run it — and
    `heartbeat_at` when it last showed signs of life (the lease of :mod:`app.jobs.lease`).
    `submission` is the one-time token of the form that asked for it (None from scripts):
    unique, so a double-clicked "Start export" creates one job.
    """

    __tablename__ = "export_jobs"

    id: int | None = Field(default=None, primary_key=True)
    format: str = Field(max_length=16)
    run_id: int | None = Field(default=None, foreign_key="runs.id", index=True)
    status: str = Field(default=ExportJobStatus.QUEUED, max_length=16, index=True)
    done: int = 0
    total: int = 0
    path: str | None = Field(default=None, max_length=1000)
    error: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    created_by: int | None = Field(default=None, foreign_key="users.id")
    created_at: datetime = time_field(now=True)
    started_at: datetime | None = time_field(nullable=True)
    finished_at: datetime | None = time_field(nullable=True)
    claimed_by: str | None = Field(default=None, max_length=160)
    heartbeat_at: datetime | None = time_field(nullable=True)
    submission: str | None = Field(default=None, max_length=32, sa_column_kwargs={"unique": True})
