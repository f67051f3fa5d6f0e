"""Agents, runs and responses (DESIGN.md §5)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Index, Text, UniqueConstraint, false
from sqlmodel import Column, Field, SQLModel

from app.models.base import json_field, time_field
from app.vocabulary import ResponseStatus, RunStatus


class Agent(SQLModel, table=True):
    """An agent under evaluation: a built-in baseline or an OpenAI-compatible endpoint.

    `config` holds endpoint settings (base URL, model, the *name* of the environment variable
    with the API key); a key itself is never stored.
    """

    __tablename__ = "agents"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=64, unique=True, index=True)
    kind: str = Field(max_length=16)
    config: dict[str, Any] = json_field(default=dict)
    created_at: datetime = time_field(now=True)


class Run(SQLModel, table=True):
    """One sampling of checkpoints for a set of agents, and the responses it produces.

    `submission` is the one-time token of the form that created the run (None from the CLI):
    unique, so a double-submitted form creates one run.
    """

    __tablename__ = "runs"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=120)
    submission: str | None = Field(default=None, max_length=32, sa_column_kwargs={"unique": True})
    seed: int = 0
    k: int = 2
    status: str = Field(default=RunStatus.PENDING, max_length=16)
    settings: dict[str, Any] = json_field(default=dict)
    created_by: int | None = Field(default=None, foreign_key="users.id")
    created_at: datetime = time_field(now=True)
    started_at: datetime | None = time_field(nullable=True)
    finished_at: datetime | None = time_field(nullable=True)


class Response(SQLModel, table=True):
    """One agent's complete output at one checkpoint (DESIGN §2 "response").

    Token counts are sums over the response's LLM calls, None where the endpoint did not report
    them (never stored as 0). `llm_calls` keeps one entry per call: tokens, latency (seconds),
    finish reason, retries and raw messages. `failure_reason` classifies an ``api_error``
    (``rate_limited``, ``endpoint_unavailable``, ``timeout``, ``output_budget_exhausted``, ...);
    while an endpoint is backing off, `retry_reason` and `retry_until` say why and until when.
    While ``running``, `claimed_by` names the holder (``host:pid``) and `heartbeat_at` is when it
    last showed it is alive; a holder silent for longer than the lease, or whose process is gone,
    loses the response to the next task that asks. `enqueued_at` is when a task for the
    response was last sent (None: never), so the reconciler re-sends only tasks that may have
    been lost with the broker. `earlier_attempts` keeps, for each
    ``api_error`` that was retried, its failure reason, error, token sums and LLM calls (their
    tokens were spent).
    `timings` splits the work in seconds: ``arena_s`` (replay and commands), ``agent_s`` (LLM
    calls, backoff included), ``db_s`` (loading and storing), ``total_s``.
    """

    __tablename__ = "responses"
    __table_args__ = (
        UniqueConstraint("run_id", "checkpoint_id", "agent_id"),
        # the outcome counts per agent beside Table 1: an index-only GROUP BY agent, status
        Index("ix_responses_agent_status", "agent_id", "status"),
    )

    id: str = Field(primary_key=True, max_length=32)
    run_id: int = Field(foreign_key="runs.id", index=True)
    agent_id: int = Field(foreign_key="agents.id", index=True)
    checkpoint_id: int = Field(foreign_key="checkpoints.id", index=True)
    status: str = Field(default=ResponseStatus.PENDING, max_length=16, index=True)
    action: dict[str, Any] | None = json_field(nullable=True)
    level_predicted: str | None = Field(default=None, max_length=2)
    rationale: str = Field(default="", sa_column=Column(Text, nullable=False, default=""))
    trajectory: list[dict[str, Any]] = json_field(default=list)
    state_diff: list[dict[str, Any]] = json_field(default=list)
    permission_flags: list[dict[str, Any]] = json_field(default=list)
    llm_calls: list[dict[str, Any]] = json_field(default=list)
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    reasoning_tokens: int | None = None
    reasoning_tokens_partial: bool = Field(
        default=False, sa_column_kwargs={"server_default": false()}
    )
    retrieval_rounds: int = 0
    local_content_access: bool = False
    error: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    failure_reason: str | None = Field(default=None, max_length=32)
    retry_reason: str | None = Field(default=None, max_length=32)
    retry_until: datetime | None = time_field(nullable=True)
    timings: dict[str, float] = json_field(default=dict)
    earlier_attempts: list[dict[str, Any]] = json_field(default=list)
    raw_output: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    created_at: datetime = time_field(now=True)
    started_at: datetime | None = time_field(nullable=True)
    finished_at: datetime | None = time_field(nullable=True)
    claimed_by: str | None = Field(default=None, max_length=160)
    heartbeat_at: datetime | None = time_field(nullable=True)
    enqueued_at: datetime | None = time_field(nullable=True)
