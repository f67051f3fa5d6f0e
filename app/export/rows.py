"""The canonical export row (DESIGN.md §9) and the streaming query that produces it.

One :class:`ExportRow` per response. The same model is what ``halo import responses`` reads back,
so it is strict: unknown fields are errors and JSON types are not coerced (``"3"`` is not an int).
Annotation fields come from the response's *first* annotation by id — the primary judgement, the
same rule :func:`app.metrics.queries.judged_responses` applies — and name the annotator only by
pseudonym.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Annotated, Any

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, field_validator
from sqlalchemy import func
from sqlalchemy import select as sa_select
from sqlmodel import Session, col

from app.annotation.service import judgement_of_record
from app.models import Agent, Annotation, Checkpoint, Environment, Response, Scenario, User
from app.vocabulary import (
    EXPORTED_STATUSES,
    AuditStatus,
    DomainValue,
    ExportedStatusValue,
    IntensityValue,
    LevelValue,
    NeedTypeValue,
    OtherIssueValue,
    ResponseStatus,
    TimingValue,
    VerdictValue,
)

ANNOTATION_FIELDS: tuple[str, ...] = (
    "level",
    "verdict",
    "timing",
    "intensity",
    "inaction",
    "other_issues",
    "annotator",
    "annotated_at",
    "phase",
)
"""Row fields that come from the annotation: all null (and ``other_issues`` empty) when none."""

_STRICT = ConfigDict(extra="forbid", strict=True)

INT4_MAX = 2_147_483_647
"""Largest value of a PostgreSQL INTEGER column: counts in a row are bounded by it."""
Count = Annotated[int, Field(ge=0, le=INT4_MAX)]
"""A non-negative integer that fits a PostgreSQL INTEGER column."""
Ordinal = Annotated[int, Field(ge=1, le=INT4_MAX)]
"""A 1-based integer that fits a PostgreSQL INTEGER column."""
MIN_YEAR, MAX_YEAR = 1970, 9999
"""Years (in UTC) an imported datetime may fall in; PostgreSQL stores earlier ones as BC."""


class Action(BaseModel):
    """The final action of a response: one action command of the catalogue (DESIGN §3.3)."""

    model_config = _STRICT

    command: str = Field(description="action command name, e.g. `send_email`")
    args: dict[str, Any] = Field(description="the command's arguments, catalogue names")


class TrajectoryStep(BaseModel):
    """One retrieval command the agent ran, with the text it got back."""

    model_config = _STRICT

    round: Ordinal = Field(description="retrieval round, 1-based")
    command: str = Field(description="retrieval command name, e.g. `email_read`")
    args: dict[str, Any] = Field(description="the command's arguments")
    result: str = Field(
        description="text returned to the agent (≤ 4,000 characters + `[truncated]`); "
        "a refused or failed command returns `error: ...`"
    )


class OtherIssue(BaseModel):
    """An issue beyond timing and intensity on a rejected response (DESIGN §2, §7)."""

    model_config = _STRICT

    category: OtherIssueValue = Field(description="issue category")
    note: str = Field(description="the annotator's written note")


class ExportRow(BaseModel):
    """One response, as exported and as imported (DESIGN §9).

    Annotation fields (``level`` … ``phase``) are null — ``other_issues`` empty — for a response
    that has not been annotated, and may be left out entirely by an external harness.
    """

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        title="HALO export row",
        json_schema_extra={"description": "One agent response at one checkpoint (DESIGN §9)."},
    )

    response_id: str = Field(min_length=1, max_length=32, description="response id")
    run_id: str = Field(min_length=1, max_length=120, description="run the response belongs to")
    agent: str = Field(min_length=1, max_length=64, description="agent (model) name")
    scenario_id: str = Field(min_length=1, description="scenario id, e.g. `hm-03`")
    environment_id: str = Field(min_length=1, description="environment id, e.g. `hm`")
    need_type: NeedTypeValue = Field(description="the scenario's need type")
    domain: DomainValue = Field(description="the environment's domain")
    checkpoint: Ordinal = Field(description="checkpoint t: the moment after event t, 1-based")
    num_events: Ordinal = Field(description="n: number of events in the scenario")
    action: Action | None = Field(description="the final action; null for L0 or no answer")
    level_predicted: LevelValue | None = Field(
        description="level of the action from the catalogue (L0 for no action); "
        "null when the response did not complete"
    )
    level: LevelValue | None = Field(default=None, description="level confirmed by the annotator")
    verdict: VerdictValue | None = Field(default=None, description="annotator's verdict")
    timing: TimingValue | None = Field(default=None, description="for a rejected L1–L3")
    intensity: IntensityValue | None = Field(default=None, description="for a rejected L1–L3")
    inaction: bool | None = Field(
        default=None, description="true for a rejected L0; null when not annotated"
    )
    other_issues: list[OtherIssue] = Field(
        default_factory=list, description="other issues of a rejected response, each with a note"
    )
    prompt_tokens: Count | None = Field(
        description="prompt tokens summed over LLM calls; null if not reported"
    )
    completion_tokens: Count | None = Field(
        description="completion tokens summed over LLM calls; null if not reported"
    )
    reasoning_tokens: Count | None = Field(
        description="reasoning tokens summed over LLM calls; null if not reported"
    )
    retrieval_rounds: Count = Field(description="completed inspect turns")
    local_content_access: bool = Field(
        description="a db_query returned rows or a files_read returned text"
    )
    trajectory: list[TrajectoryStep] = Field(description="retrieval commands in order")
    status: ExportedStatusValue = Field(description="how the response ended")
    annotator: str | None = Field(
        default=None, min_length=1, max_length=32, description="annotator pseudonym"
    )
    annotated_at: AwareDatetime | None = Field(
        default=None, description="when the exported diagnosis was saved, ISO-8601"
    )
    phase: Ordinal | None = Field(default=None, description="annotation phase")

    @field_validator("annotated_at")
    @classmethod
    def _storable_datetime(cls, value: datetime | None) -> datetime | None:
        """In UTC, and in years 1970–9999 (PostgreSQL would store year 0 as 1 BC)."""
        if value is None:
            return None
        try:
            utc = value.astimezone(UTC)
        except OverflowError:
            utc = None
        if utc is None or not MIN_YEAR <= utc.year <= MAX_YEAR:
            raise ValueError(f"must fall in the years {MIN_YEAR}–{MAX_YEAR} in UTC")
        return utc

    @property
    def completed(self) -> bool:
        """The response completed: only completed responses are annotated (DESIGN §5)."""
        return ResponseStatus(self.status) is ResponseStatus.COMPLETED

    @property
    def annotated(self) -> bool:
        """True when any annotation field is set."""
        return any(getattr(self, name) not in (None, []) for name in ANNOTATION_FIELDS)


def _utc(value: datetime | None) -> datetime | None:
    """An aware UTC datetime (SQLite hands back naive UTC values)."""
    if value is None:
        return None
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def _export_query(run_id: int | None) -> Any:
    first = judgement_of_record()
    columns: list[Any] = [
        Response.id,
        Response.run_id,
        Agent.name,
        Scenario.id,
        Scenario.environment_id,
        Scenario.need_type,
        Environment.domain,
        Checkpoint.t,
        Scenario.num_events,
        Response.action,
        Response.level_predicted,
        Annotation.level,
        Annotation.verdict,
        Annotation.timing,
        Annotation.intensity,
        Annotation.inaction,
        Annotation.other_issues,
        Response.prompt_tokens,
        Response.completion_tokens,
        Response.reasoning_tokens,
        Response.retrieval_rounds,
        Response.local_content_access,
        Response.trajectory,
        Response.status,
        User.pseudonym,
        Annotation.updated_at,
        Annotation.phase,
    ]
    query = (
        sa_select(*columns)
        .join(Agent, col(Agent.id) == col(Response.agent_id))
        .join(Checkpoint, col(Checkpoint.id) == col(Response.checkpoint_id))
        .join(Scenario, col(Scenario.id) == col(Checkpoint.scenario_id))
        .join(Environment, col(Environment.id) == col(Scenario.environment_id))
        .outerjoin(first, first.c.response_id == col(Response.id))
        .outerjoin(Annotation, col(Annotation.id) == first.c.annotation_id)
        .outerjoin(User, col(User.id) == col(Annotation.annotator_id))
        .where(col(Response.status).in_(EXPORTED_STATUSES))
    )
    if run_id is not None:
        query = query.where(col(Response.run_id) == run_id)
    return query


def count_rows(session: Session, *, run_id: int | None = None) -> int:
    """How many rows :func:`iter_rows` yields for the same arguments."""
    query = sa_select(func.count()).select_from(Response)
    query = query.where(col(Response.status).in_(EXPORTED_STATUSES))
    if run_id is not None:
        query = query.where(col(Response.run_id) == run_id)
    return int(session.execute(query).scalar_one())


def count_audited_out(session: Session, *, run_id: int | None = None) -> int:
    """How many of the rows :func:`iter_rows` yields belong to audited-out scenarios.

    Rows of scenarios rejected in the audit carry no diagnosis.
    """
    query = (
        sa_select(func.count())
        .select_from(Response)
        .join(Checkpoint, col(Checkpoint.id) == col(Response.checkpoint_id))
        .join(Scenario, col(Scenario.id) == col(Checkpoint.scenario_id))
        .where(
            col(Response.status).in_(EXPORTED_STATUSES),
            col(Scenario.audit_status) == AuditStatus.REJECTED,
        )
    )
    if run_id is not None:
        query = query.where(col(Response.run_id) == run_id)
    return int(session.execute(query).scalar_one())


def row_from_record(record: Any) -> ExportRow:
    """Build a row from one result tuple of the export query (columns in :func:`iter_rows`)."""
    (
        response_id,
        run_id,
        agent,
        scenario_id,
        environment_id,
        need_type,
        domain,
        t,
        num_events,
        action,
        level_predicted,
        level,
        verdict,
        timing,
        intensity,
        inaction,
        other_issues,
        prompt_tokens,
        completion_tokens,
        reasoning_tokens,
        retrieval_rounds,
        local_content_access,
        trajectory,
        status,
        pseudonym,
        annotated_at,
        phase,
    ) = record
    annotated = verdict is not None
    return ExportRow.model_construct(
        response_id=response_id,
        run_id=str(run_id),
        agent=agent,
        scenario_id=scenario_id,
        environment_id=environment_id,
        need_type=need_type,
        domain=domain,
        checkpoint=t,
        num_events=num_events,
        action=(
            Action.model_construct(command=action["command"], args=action.get("args") or {})
            if action
            else None
        ),
        level_predicted=level_predicted,
        level=level,
        verdict=verdict,
        timing=timing,
        intensity=intensity,
        inaction=bool(inaction) if annotated else None,
        other_issues=[
            OtherIssue.model_construct(category=i["category"], note=i["note"])
            for i in (other_issues or [])
        ],
        prompt_tokens=prompt_tokens,
        completion_tokens=completion_tokens,
        reasoning_tokens=reasoning_tokens,
        retrieval_rounds=retrieval_rounds,
        local_content_access=bool(local_content_access),
        trajectory=[
            TrajectoryStep.model_construct(
                round=step["round"],
                command=step["command"],
                args=step.get("args") or {},
                result=step.get("result", ""),
            )
            for step in (trajectory or [])
        ],
        status=status,
        annotator=pseudonym if annotated else None,
        annotated_at=_utc(annotated_at) if annotated else None,
        phase=phase if annotated else None,
    )


def iter_rows(
    session: Session, *, run_id: int | None = None, batch_size: int = 1000
) -> Iterator[ExportRow]:
    """Stream export rows from the database, one per response (DESIGN §9).

    Rows are fetched ``batch_size`` at a time through a server-side cursor (``yield_per``;
    PostgreSQL uses a named cursor), so memory stays flat however many responses there are.
    Completed, ``protocol_error`` and ``api_error`` responses are exported; pending, running and
    cancelled ones are not. Annotation fields come from the response's judgement of record —
    the primary annotator's judgement (:func:`app.annotation.service.judgement_of_record`, as
    the metrics count it), none for a response of an audited-out scenario; the annotator
    appears only by pseudonym; ``annotated_at`` is that annotation's last save, in UTC.

    Args:
        session: database session; do not run other queries on it while iterating.
        run_id: only this run's responses; None for all.
        batch_size: rows per fetch from the cursor (≥ 1).

    Yields:
        :class:`ExportRow`, ordered by run id, scenario id, checkpoint, agent name, response id.

    Raises:
        ValueError: ``batch_size`` below 1.
    """
    if batch_size < 1:
        raise ValueError("batch_size must be at least 1")
    query = _export_query(run_id).order_by(
        col(Response.run_id),
        col(Scenario.id),
        col(Checkpoint.t),
        col(Agent.name),
        col(Response.id),
    )
    result = session.execute(query.execution_options(yield_per=batch_size))
    try:
        for record in result:
            yield row_from_record(record)
    finally:
        result.close()
