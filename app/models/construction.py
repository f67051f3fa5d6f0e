"""The scenario construction pipeline: generation jobs, candidates and revisions (DESIGN.md §11).

A :class:`GenerationJob` plans one *environment candidate* per (domain, persona) and, for each,
``per_need`` *scenario candidates* per need type. Every LLM stage output, every validator run and
every review is a :class:`CandidateRevision` of its candidate, kept whatever happens next, with
its tokens and latency.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Column, Text
from sqlmodel import Field, SQLModel

from app.models.base import json_field, time_field


class GenerationJob(SQLModel, table=True):
    """One ``halo generate`` (or page) job.

    `params` holds ``domains``, ``personas``, ``per_need``, ``creator``, ``reviewer``,
    ``rounds`` and ``budget_tokens`` (None: no budget). `tokens_used` counts prompt plus
    completion tokens of every LLM call of the job; once it reaches the budget the job stops
    (status ``stopped``, `error` says why). `claimed_by`/`heartbeat_at` are unused by the job
    itself (its environment candidates hold leases); `submission` is the form's one-time token.
    """

    __tablename__ = "generation_jobs"

    id: int | None = Field(default=None, primary_key=True)
    status: str = Field(default="queued", max_length=16, index=True)
    params: dict[str, Any] = json_field(default=dict)
    tokens_used: int = 0
    error: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    created_by: int | None = Field(default=None, foreign_key="users.id")
    created_at: datetime = time_field(now=True)
    started_at: datetime | None = time_field(nullable=True)
    finished_at: datetime | None = time_field(nullable=True)
    submission: str | None = Field(default=None, max_length=32, sa_column_kwargs={"unique": True})


class GenerationCandidate(SQLModel, table=True):
    """One planned environment or scenario of a job, and how far it got.

    `kind` is ``environment`` (Instance Creator) or ``scenario`` (Scenario Creator, Validator,
    Reviewer, Noise Creator). A scenario candidate belongs to its environment candidate
    (`parent_id`). The ``*_first_pass`` flags record the first check of each stage (None: the
    stage was never reached), ``*_passed`` whether it passed in the end; `revisions` counts
    creator outputs after the first. `status`: ``pending``, ``running`` (held under a lease:
    `claimed_by`, `heartbeat_at`), ``accepted`` (a scenario pending the human audit), ``rejected``
    (rounds exhausted), ``failed`` (malformed output, endpoint failure), ``stopped`` (token
    budget), ``cancelled``. `llm_calls` holds the calls (``dataclasses.asdict`` of
    :class:`~app.agents.client.LLMCall`, with the ``stage`` and ``round`` they belong to) that
    the LLM stage in progress has made so far: written before its next call is sent (the
    corrective message, a retry), emptied when the stage's step is stored with them; a task that
    takes the candidate over finds there what a killed worker's stage had made.
    """

    __tablename__ = "generation_candidates"

    id: int | None = Field(default=None, primary_key=True)
    job_id: int = Field(foreign_key="generation_jobs.id", index=True)
    parent_id: int | None = Field(default=None, foreign_key="generation_candidates.id")
    kind: str = Field(max_length=16)
    domain: str = Field(max_length=32)
    slot: int = 0
    need_type: str | None = Field(default=None, max_length=16)
    ordinal: int = 0
    status: str = Field(default="pending", max_length=16, index=True)
    stage: str | None = Field(default=None, max_length=32)
    reason: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    environment_id: str | None = Field(default=None, max_length=64)
    scenario_id: str | None = Field(default=None, max_length=64)
    revisions: int = 0
    validator_first_pass: bool | None = None
    validator_passed: bool | None = None
    reviewer_first_pass: bool | None = None
    reviewer_passed: bool | None = None
    noise_first_pass: bool | None = None
    noise_passed: bool | None = None
    prompt_tokens: int = 0
    completion_tokens: int = 0
    latency_s: float = 0.0
    started_at: datetime | None = time_field(nullable=True)
    finished_at: datetime | None = time_field(nullable=True)
    claimed_by: str | None = Field(default=None, max_length=160)
    heartbeat_at: datetime | None = time_field(nullable=True)
    llm_calls: list[dict[str, Any]] = json_field(default=list)


class CandidateRevision(SQLModel, table=True):
    """One step of a candidate: an LLM stage's output, a validator run or a review.

    `stage` is ``instance_creator``, ``scenario_creator``, ``validator``, ``reviewer``,
    ``noise_creator`` or ``noise_validator``; `round` counts from 0 per candidate. `prompt` is
    the template's versioned name (``scenario_creator.v1``) for LLM stages. `output` is the
    parsed output (the scenario as checked, for validator steps), `raw` the reply text,
    `findings` ``[{"code", "path", "message"}]``, `verdicts` criterion → ``{"verdict", "comment"}``
    (reviewer), `passed` whether the step passed, `feedback` what went back to the creator.
    `llm_calls` keeps every LLM call of an LLM stage's step (one, two after a corrective
    message, failed attempts of an endpoint failure); calls an earlier attempt of the stage made
    before its worker died come first, marked ``"earlier_attempt": true``. The token and latency
    sums are those of all of them.
    """

    __tablename__ = "candidate_revisions"

    id: int | None = Field(default=None, primary_key=True)
    candidate_id: int = Field(foreign_key="generation_candidates.id", index=True)
    round: int = 0
    stage: str = Field(max_length=32)
    prompt: str | None = Field(default=None, max_length=64)
    output: dict[str, Any] | None = json_field(nullable=True)
    raw: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    findings: list[dict[str, Any]] = json_field(default=list)
    verdicts: dict[str, Any] = json_field(default=dict)
    passed: bool = False
    feedback: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    latency_s: float | None = None
    created_at: datetime = time_field(now=True)
    llm_calls: list[dict[str, Any]] = json_field(default=list)
