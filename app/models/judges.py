"""Automatic-judge runs and their predictions (DESIGN.md §12)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Column, Text, UniqueConstraint
from sqlmodel import Field, SQLModel

from app.models.base import json_field, time_field
from app.vocabulary import PredictionStatus, RunStatus


class JudgeRun(SQLModel, table=True):
    """One automatic judge over the completed responses of one run (a job of the engine).

    `judge` is the judge's name: an agent definition's (an OpenAI-compatible endpoint, whose
    agent row is `agent_id`) or ``rubric``, the built-in judge (no agent). `settings` keeps
    what the judge was given: the prompt version and text, and the agent's config at the
    start (no secrets: a key is read from the variable the config names). `submission` is the
    one-time token of the form that started it (None from the CLI).
    """

    __tablename__ = "judge_runs"

    id: int | None = Field(default=None, primary_key=True)
    judge: str = Field(max_length=64, index=True)
    agent_id: int | None = Field(default=None, foreign_key="agents.id")
    run_id: int = Field(foreign_key="runs.id", index=True)
    status: str = Field(default=RunStatus.PENDING, max_length=16)
    settings: dict[str, Any] = json_field(default=dict)
    submission: str | None = Field(default=None, max_length=32, sa_column_kwargs={"unique": True})
    created_by: int | None = Field(default=None, foreign_key="users.id")
    created_at: datetime = time_field(now=True)
    started_at: datetime | None = time_field(nullable=True)
    finished_at: datetime | None = time_field(nullable=True)


class JudgePrediction(SQLModel, table=True):
    """One judge's diagnosis of one response: a planned item of its judge run.

    The diagnosis fields (`level`, `verdict`, `timing`, `intensity`, `other_issues` as
    ``[{category, note}]``) are set once ``completed`` and obey DESIGN §7. `failure_reason`
    says why a ``failed`` one has none (``invalid_diagnosis``, ``rate_limited``,
    ``endpoint_unavailable``, ``timeout``, ``internal_error``, ``task_timeout``) and `error` the
    detail; `raw_output` is the judge's last reply. `llm_calls` and the token sums account for
    the calls made. While ``running``, `claimed_by` / `heartbeat_at` are the lease
    (:mod:`app.jobs.lease`); `enqueued_at` is when a task was last sent for it.
    """

    __tablename__ = "judge_predictions"
    __table_args__ = (UniqueConstraint("judge_run_id", "response_id"),)

    id: str = Field(primary_key=True, max_length=32)
    judge_run_id: int = Field(foreign_key="judge_runs.id", index=True)
    response_id: str = Field(foreign_key="responses.id", index=True, max_length=32)
    status: str = Field(default=PredictionStatus.PENDING, max_length=16, index=True)
    level: str | None = Field(default=None, max_length=2)
    verdict: str | None = Field(default=None, max_length=8)
    timing: str | None = Field(default=None, max_length=16)
    intensity: str | None = Field(default=None, max_length=16)
    other_issues: list[dict[str, Any]] = json_field(default=list)
    rationale: str = Field(default="", sa_column=Column(Text, nullable=False, default=""))
    raw_output: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    failure_reason: str | None = Field(default=None, max_length=32)
    error: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    llm_calls: list[dict[str, Any]] = json_field(default=list)
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    created_at: datetime = time_field(now=True)
    started_at: datetime | None = time_field(nullable=True)
    finished_at: datetime | None = time_field(nullable=True)
    claimed_by: str | None = Field(default=None, max_length=160)
    heartbeat_at: datetime | None = time_field(nullable=True)
    enqueued_at: datetime | None = time_field(nullable=True)
