"""The annotator's queue and durable, versioned diagnosis saves (DESIGN.md §7).

Work is handed out by :mod:`app.annotation.creation`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import and_, case, func, or_
from sqlalchemy import select as sa_select
from sqlalchemy.orm import aliased
from sqlmodel import Session, col, select

from app.annotation import queue
from app.annotation.batches import EXPIRED, RESTART, is_expired, unexpired_sql
from app.annotation.moves import held_assignment
from app.annotation.rules import Diagnosis, DiagnosisError, check_diagnosis
from app.db import any_of
from app.errors import ConflictError, NotFoundError, UnprocessableError
from app.models import (
    Annotation,
    AnnotationRevision,
    Assignment,
    Batch,
    Checkpoint,
    Environment,
    Response,
    Scenario,
    User,
)
from app.models.annotation import blind_order as blind_order  # the order of a checkpoint
from app.models.base import as_utc, utcnow
from app.vocabulary import AuditStatus, ResponseStatus


@dataclass(frozen=True)
class QueueItem:
    """One line of an annotator's queue (no agent name: annotators are blinded)."""

    response_id: str
    scenario_id: str
    scenario_title: str
    checkpoint: int
    num_events: int
    annotated: bool
    expires_at: datetime | None = None
    """When the item goes back to the pool if still unjudged (aware, UTC); None: never."""
    verdict: str | None = None
    """The annotator's saved verdict (``accept``/``reject``), None while unjudged."""


def _utc(value: datetime | None) -> datetime | None:
    """An aware time in UTC (SQLite gives naive UTC; PostgreSQL the session's zone)."""
    aware = as_utc(value)
    return aware.astimezone(UTC) if aware is not None else None


def annotator_queue(session: Session, annotator: User) -> list[QueueItem]:
    """The annotator's whole queue in queue order (by scenario, checkpoint, then blind order).

    For scripts and tests: pages read it a window at a time (:mod:`app.annotation.queue`).
    """
    assert annotator.id is not None
    columns: list[Any] = [
        Response.id,
        Scenario.id,
        Scenario.title,
        Assignment.checkpoint_t,
        Scenario.num_events,
        Annotation.id,
        Assignment.expires_at,
        Annotation.verdict,
    ]
    rows = session.execute(
        queue.visible(columns, annotator.id, scenarios=True)
        .join(Response, col(Response.id) == col(Assignment.response_id))
        .outerjoin(
            Annotation,
            (col(Annotation.response_id) == col(Response.id))
            & (col(Annotation.annotator_id) == annotator.id),
        )
        .order_by(*queue.ORDER)
    ).all()
    return [
        QueueItem(r, s, title, t, n, a is not None, _utc(expires), verdict)
        for r, s, title, t, n, a, expires, verdict in rows
    ]


@dataclass(frozen=True)
class Departure:
    """Items the annotator judged that left their queue, for one scenario and cause.

    They say why the annotator's progress went down.

    Attributes:
        scenario_id / scenario_title: the scenario.
        judged: how many of the annotator's judged items of it left for this cause.
        cause: ``audited_out`` (the scenario was rejected in the audit), ``restarted`` (a lead
            restarted the scenario with another annotator), ``released`` (a lead took the items
            out of the queue) or ``expired`` (the items' time ran out after they were judged).
        at: when it happened (aware, UTC): the release or the expiry; None for an audit-out.
        reason: the lead's reason for a restart or a release, else None.
    """

    scenario_id: str
    scenario_title: str
    judged: int
    cause: str
    at: datetime | None
    reason: str | None


def queue_departures(session: Session, annotator: User) -> list[Departure]:
    """Why items the annotator judged have left their queue (so "judged" went down).

    An item the annotator saved a judgement for is left out of :func:`annotator_queue` when its
    scenario is audited out, when a lead restarts the scenario with another annotator (the
    judged items move to be judged again) or otherwise takes it away, or when the item's time
    runs out (expiry hides judged items too; a lead still counts them as judged). Items back in
    the queue (given to the annotator again) are not listed.

    Args:
        session: database session (read only).
        annotator: the annotator.

    Returns:
        One :class:`Departure` per scenario and cause, by scenario id then cause.
    """
    now = utcnow()
    same_item = and_(
        col(Assignment.response_id) == col(Annotation.response_id),
        col(Assignment.annotator_id) == annotator.id,
    )
    live = (
        sa_select(col(Assignment.id))
        .where(same_item, col(Assignment.released_at).is_(None), unexpired_sql(now))
        .exists()
    )
    held_once = sa_select(col(Assignment.id)).where(same_item).exists()
    # only the judged items that left (found in SQL): the queue itself is never loaded
    rows = session.exec(
        select(Annotation.response_id, Scenario.id, Scenario.title, Scenario.audit_status)
        .join(Response, col(Response.id) == col(Annotation.response_id))
        .join(Checkpoint, col(Checkpoint.id) == col(Response.checkpoint_id))
        .join(Scenario, col(Scenario.id) == col(Checkpoint.scenario_id))
        .where(
            Annotation.annotator_id == annotator.id,
            or_(col(Scenario.audit_status) == AuditStatus.REJECTED, and_(held_once, ~live)),
        )
    ).all()
    if not rows:
        return []
    held: dict[str, list[Assignment]] = {}
    for assignment in session.exec(
        select(Assignment)
        .where(
            Assignment.annotator_id == annotator.id,
            any_of(Assignment.response_id, [r for r, *_ in rows]),
        )
        .order_by(col(Assignment.id))
    ):
        held.setdefault(assignment.response_id, []).append(assignment)
    groups: dict[tuple[str, str], dict[str, Any]] = {}
    for response_id, scenario_id, title, audit_status in rows:
        mine = held.get(response_id, [])
        if audit_status == AuditStatus.REJECTED:
            cause, at, reason = "audited_out", None, None
        elif not mine or any(
            a.released_at is None and not is_expired(a.expires_at, now) for a in mine
        ):
            continue  # still in the queue (or never assigned: nothing to explain)
        else:
            latest = mine[-1]
            if latest.released_at is None or latest.released_reason == EXPIRED:
                cause, at, reason = "expired", _utc(latest.expires_at), None
            else:
                text = latest.released_reason or ""
                restarted = f" ({RESTART}: " in text
                cause = "restarted" if restarted else "released"
                at = _utc(latest.released_at)
                reason = text.split(f" ({RESTART}: ", 1)[0] if restarted else text
        group = groups.setdefault(
            (scenario_id, cause),
            {"title": title, "judged": 0, "at": at, "reason": reason},
        )
        group["judged"] += 1
        if at is not None and (group["at"] is None or at > group["at"]):
            group["at"], group["reason"] = at, reason
    return [
        Departure(
            scenario_id=scenario_id,
            scenario_title=group["title"],
            judged=group["judged"],
            cause=cause,
            at=group["at"],
            reason=group["reason"],
        )
        for (scenario_id, cause), group in sorted(groups.items())
    ]


@dataclass(frozen=True)
class DiagnosisItem:
    """Everything the diagnosis page shows for one response (blinded: no agent).

    `design_notes`: whether the annotator may see the scenario's design notes and checkpoint
    design: only when the batch of the assignment they hold allows it (DESIGN §4).
    """

    response: Response
    scenario: Scenario
    environment: Environment
    checkpoint: Checkpoint
    annotation: Annotation | None
    design_notes: bool = False


def load_item(session: Session, annotator: User, response_id: str) -> DiagnosisItem:
    """One assigned response with its context.

    Raises:
        NotFoundError: the response does not exist, is not completed, or is not assigned to this
            annotator (indistinguishable on purpose: annotators never learn of others' items).
    """
    assignment = session.exec(
        select(Assignment).where(
            Assignment.response_id == response_id,
            Assignment.annotator_id == annotator.id,
            col(Assignment.released_at).is_(None),
            unexpired_sql(utcnow()),
        )
    ).first()
    response = session.get(Response, response_id)
    if assignment is None or response is None or response.status != ResponseStatus.COMPLETED:
        raise NotFoundError("no such item in your queue")
    checkpoint = session.get(Checkpoint, response.checkpoint_id)
    assert checkpoint is not None
    scenario = session.get(Scenario, checkpoint.scenario_id)
    assert scenario is not None
    if scenario.audit_status == AuditStatus.REJECTED:
        raise NotFoundError("this item's scenario was audited out; it is no longer judged")
    environment = session.get(Environment, scenario.environment_id)
    assert environment is not None
    annotation = session.exec(
        select(Annotation).where(
            Annotation.response_id == response_id, Annotation.annotator_id == annotator.id
        )
    ).first()
    batch = session.get(Batch, assignment.batch_id) if assignment.batch_id is not None else None
    design_notes = batch is not None and batch.show_design_notes
    return DiagnosisItem(response, scenario, environment, checkpoint, annotation, design_notes)


def _same(annotation: Annotation, diagnosis: Diagnosis) -> bool:
    current = {
        "level": annotation.level,
        "verdict": annotation.verdict,
        "timing": annotation.timing,
        "intensity": annotation.intensity,
        "inaction": annotation.inaction,
        "other_issues": annotation.other_issues,
    }
    return current == diagnosis.as_dict()


SAVING_ELSEWHERE = "the item is being saved elsewhere; reload and try again"
"""Refusal of a save that lost three times in a row to simultaneous first saves."""


def record_diagnosis(
    session: Session,
    *,
    annotator: User,
    response_id: str,
    form: dict[str, Any],
    expected_version: int | None = None,
    seconds_spent: float | None = None,
) -> Annotation:
    """Check a diagnosis and write it, with its revision, into the session; does not commit.

    The helper of the one unit of work that saves a diagnosis
    (:func:`app.annotation.workspace.submit`): the caller commits, or rolls back when this
    raises. The response row stays locked (``FOR UPDATE``) until then, so saves of one
    response (and a release of it) serialise.

    Args:
        session: database session, in the caller's transaction.
        annotator: the submitting user (must hold the assignment).
        response_id: the response judged.
        form: ``level``, ``verdict``, ``timing``, ``intensity``, ``other_issues`` (list of
            ``{"category", "note"}``).
        expected_version: the version the page was showing (None for a first save).
        seconds_spent: time on the item since the page was opened, in seconds.

    Returns:
        The written :class:`Annotation` (flushed); the stored one unchanged when it already
        holds this diagnosis (a repeated submit writes nothing).

    Raises:
        NotFoundError: not an item of this annotator (also when it lapsed since the page was
            opened).
        UnprocessableError: a DESIGN §7 rule is broken (``field`` names it).
        ConflictError: the stored annotation changed since ``expected_version``.
        IntegrityError: a simultaneous first save of the same item won (the caller rolls back
            and may try again).
    """
    item = load_item(session, annotator, response_id)
    try:
        diagnosis = check_diagnosis(
            form.get("level"),
            form.get("verdict"),
            form.get("timing"),
            form.get("intensity"),
            form.get("other_issues"),
            has_action=item.response.action is not None,
        )
    except DiagnosisError as exc:
        raise UnprocessableError(exc.message, exc.field) from exc
    assert annotator.id is not None
    # one save of a response at a time (and none during a release): a simultaneous first save
    # waits here, then sees the other's annotation, so the over-fill check below holds
    session.exec(select(Response.id).where(Response.id == response_id).with_for_update()).one()
    annotation = session.exec(
        select(Annotation)
        .where(Annotation.response_id == response_id, Annotation.annotator_id == annotator.id)
        .with_for_update()
    ).first()
    values = diagnosis.as_dict()
    if annotation is not None and _same(annotation, diagnosis):
        return annotation  # a repeated submit (double click, retry): already saved
    # the annotation belongs to the phase of the assignment it is saved under (NotFoundError
    # when a release, a reassignment or an expiry came first)
    held = held_assignment(session, response_id=response_id, annotator_id=annotator.id)
    if annotation is not None:
        if expected_version != annotation.version:
            started = (
                "before it had a saved diagnosis"
                if expected_version is None
                else f"at version {expected_version}"
            )
            raise ConflictError(
                f"this item was saved elsewhere (version {annotation.version}) after you opened "
                f"it {started}; your answers were not saved"
            )
        for key, value in values.items():
            setattr(annotation, key, value)
        annotation.version += 1
        annotation.updated_at = utcnow()
        annotation.phase = held.phase
    else:
        annotation = Annotation(
            response_id=response_id, annotator_id=annotator.id, phase=held.phase, **values
        )
    if seconds_spent is not None:
        annotation.seconds_spent = (annotation.seconds_spent or 0.0) + max(0.0, seconds_spent)
    session.add(annotation)
    session.flush()
    assert annotation.id is not None
    session.add(
        AnnotationRevision(
            annotation_id=annotation.id,
            version=annotation.version,
            data=values,
            created_by=annotator.id,
        )
    )
    session.flush()
    return annotation


def revisions(session: Session, annotation_id: int) -> list[AnnotationRevision]:
    """All kept revisions of an annotation, oldest first."""
    return list(
        session.exec(
            select(AnnotationRevision)
            .where(AnnotationRevision.annotation_id == annotation_id)
            .order_by(col(AnnotationRevision.version))
        )
    )


def audited_out_responses() -> Any:
    """SELECT the ids of the responses of audited-out scenarios (rejected in the audit, §7)."""
    return (
        sa_select(col(Response.id))
        .join(Checkpoint, col(Checkpoint.id) == col(Response.checkpoint_id))
        .join(Scenario, col(Scenario.id) == col(Checkpoint.scenario_id))
        .where(col(Scenario.audit_status) == AuditStatus.REJECTED)
    )


def not_superseded(annotation: Any) -> Any:
    """SQL: `annotation` (an Annotation alias) still counts.

    Its author holds an active assignment to the response, or never had one (imported
    judgements); an annotation whose author's assignment was released and not given back (a
    scenario restarted with another annotator) is superseded.
    """
    mine = and_(
        col(Assignment.response_id) == col(annotation.response_id),
        col(Assignment.annotator_id) == col(annotation.annotator_id),
    )
    active = (
        sa_select(col(Assignment.id)).where(mine, col(Assignment.released_at).is_(None)).exists()
    )
    return or_(active, ~sa_select(col(Assignment.id)).where(mine).exists())


def double_judged_pairs(phase: int | None = None) -> Any:
    """Subquery ``(response_id, record_id, other_id)``: the responses judged by two people.

    The one definition of a double-judged response (DESIGN §8 agreement), read by the lead's
    progress (how many), its agreement on the overlap sample and the analysis agreement table
    (the labels). A response is double-judged when its judgement of record
    (:func:`judgement_of_record`: the primary annotator's; audited-out scenarios are left out)
    and another annotation both still count (:func:`not_superseded`); ``record_id`` is the
    judgement of record and ``other_id`` the earliest other one (the overlap judgement), so
    agreement compares the same two roles on every item.

    Args:
        phase: only annotations of this phase (both of them); None for all.
    """
    # only responses with two annotations (of the phase) can be double-judged: the judgement
    # of record is computed for those alone, not for every judged response (an index-only
    # GROUP BY rather than the record's join with the assignments at a million responses)
    several: Any = (
        sa_select(col(Annotation.response_id))
        .group_by(col(Annotation.response_id))
        .having(func.count() > 1)
    )
    if phase is not None:
        several = several.where(col(Annotation.phase) == phase)
    record = judgement_of_record(phase, among=several)
    mine, other = aliased(Annotation), aliased(Annotation)
    earliest = func.min(col(other.id)).label("other_id")
    others: Any = (
        sa_select(col(other.response_id).label("response_id"), earliest)
        .join(record, record.c.response_id == col(other.response_id))
        .where(col(other.id) != record.c.annotation_id, not_superseded(other))
        .group_by(col(other.response_id))
    )
    if phase is not None:
        others = others.where(col(other.phase) == phase)
    second = others.subquery()
    return (
        sa_select(
            record.c.response_id.label("response_id"),
            record.c.annotation_id.label("record_id"),
            second.c.other_id.label("other_id"),
        )
        .join(second, second.c.response_id == record.c.response_id)
        .join(mine, col(mine.id) == record.c.annotation_id)
        .where(not_superseded(mine))
        .subquery("double_judged")
    )


def judgement_of_record(phase: int | None = None, *, among: Any = None) -> Any:
    """Subquery ``(response_id, annotation_id)``: the judgement of record of each response.

    It is the one annotation per response that metrics and exports count.

    It is the current primary annotator's (the scenario's annotator under the paired protocol:
    the holder of the response's active primary assignment), not an overlap judgement made for
    agreement, whichever was saved first; a response judged only by others (e.g. a restarted
    scenario whose new annotator has not judged it yet) falls back to its earliest annotation.
    Responses of audited-out scenarios are left out (DESIGN §7).

    Args:
        phase: only annotations of this phase; None for all.
        among: only these responses (None: all): a SELECT of response ids, or a list of them
            (bound as one array, so the annotations are found by index).
    """
    # a LEFT JOIN on active primary assignments and NOT IN for audited-out scenarios: ~2.5x
    # faster than a correlated EXISTS at 1M rows. Judged items are released only when a lead
    # restarts a scenario, so a released primary's annotation is a superseded one.
    primary = and_(
        col(Assignment.response_id) == col(Annotation.response_id),
        col(Assignment.annotator_id) == col(Annotation.annotator_id),
        col(Assignment.kind) == "primary",
        col(Assignment.released_at).is_(None),
    )
    rejected = audited_out_responses()
    chosen = func.coalesce(
        func.min(case((col(Assignment.id).is_not(None), col(Annotation.id)))),
        func.min(col(Annotation.id)),
    )
    query = (
        sa_select(col(Annotation.response_id).label("response_id"), chosen.label("annotation_id"))
        .select_from(Annotation)
        .outerjoin(Assignment, primary)
        .where(col(Annotation.response_id).not_in(rejected))
    )
    if phase is not None:
        query = query.where(col(Annotation.phase) == phase)
    if isinstance(among, (list, tuple)):
        query = query.where(any_of(col(Annotation.response_id), among))
    elif among is not None:
        query = query.where(col(Annotation.response_id).in_(among))
    return query.group_by(col(Annotation.response_id)).subquery()
