"""Creating an annotation batch (DESIGN.md §7 paired protocol): load, plan, write.

:func:`create_batch` checks the lead's choices, takes the building lock, loads the candidate
responses and the phase's scenario annotators, refuses a batch whose scenario annotator is
deactivated (:class:`HeldByDeactivated`), asks :func:`app.annotation.planner.plan_assignments`
who judges what, and writes the plan as a batch and its assignments. The Batches page and the
``halo assign`` and ``halo demo`` commands all hand out work this way.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import exists, func, text
from sqlmodel import Session, col, select
from sqlmodel.sql.expression import Select

from app.annotation.batches import get_annotator, get_username, list_annotators
from app.annotation.planner import Candidate, PlanOptions, plan_assignments
from app.db import any_of, bulk_insert
from app.errors import UnprocessableError, refuse_long_name
from app.models import Assignment, Batch, Checkpoint, Environment, Response, Run, Scenario, User
from app.models.annotation import blind_order
from app.models.base import utcnow
from app.models.batches import BATCH_NAME_MAX
from app.vocabulary import NEED_TYPES, AssignmentKind, AuditStatus, BatchStatus, ResponseStatus

MAX_EXPIRY_HOURS = 24 * 366
"""Longest expiry a batch may set (a year); leave it blank for none."""
_ASSIGNMENT_LOCK = 74_201_907
"""PostgreSQL advisory lock key: one batch is built at a time, so no response gets two
primaries from two simultaneous batches."""


class HeldByDeactivated(UnprocessableError):
    """A batch refused because scenarios' annotators in the phase are deactivated.

    Attributes:
        places: ``(scenario_id, batch_id)`` for each batch where such a scenario is held, the
            pages where the lead can move (or restart) it; sorted.
    """

    def __init__(self, message: str, places: Sequence[tuple[str, int]]) -> None:
        """Refuse the batch with `message` on the ``annotators`` field."""
        super().__init__(message, "annotators")
        self.places = tuple(sorted(places))


class NothingToAssign(UnprocessableError):
    """A batch refused: no completed response without an annotator matches the selection.

    Its ``field`` is ``selection``; ``halo assign`` reports it as 0 new assignments.
    """


@dataclass(frozen=True)
class BatchChoices:
    """What the create-batch form offers: recent runs, annotators, need types and domains."""

    runs: list[Run]
    annotators: list[User]
    need_types: tuple[str, ...]
    domains: list[str]


def batch_choices(session: Session) -> BatchChoices:
    """The options of the create-batch form (domains: those of the imported environments)."""
    runs = list(session.exec(select(Run).order_by(col(Run.id).desc()).limit(50)))
    domains = sorted(set(session.exec(select(Environment.domain)).all()))
    return BatchChoices(runs, list_annotators(session), NEED_TYPES, domains)


def _lock_assignment_building(session: Session) -> None:
    """Serialise batch building on PostgreSQL (a no-op on SQLite, which has one writer)."""
    if session.get_bind().dialect.name == "postgresql":
        session.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _ASSIGNMENT_LOCK})


def _candidates_query(
    *,
    run_id: int | None,
    need_types: Sequence[str],
    domains: Sequence[str],
    scenario_ids: Sequence[str],
) -> Select[str, str, int]:
    """SQL: ``(response id, scenario id, t)`` of the candidates, in planning order."""
    active_primary = exists().where(
        col(Assignment.response_id) == col(Response.id),
        col(Assignment.released_at).is_(None),
        col(Assignment.kind) == AssignmentKind.PRIMARY,
    )
    query = (
        select(Response.id, Checkpoint.scenario_id, Checkpoint.t)
        .join(Checkpoint, col(Checkpoint.id) == col(Response.checkpoint_id))
        .join(Scenario, col(Scenario.id) == col(Checkpoint.scenario_id))
        .join(Environment, col(Environment.id) == col(Scenario.environment_id))
        .where(
            col(Response.status) == ResponseStatus.COMPLETED,
            col(Scenario.audit_status) != AuditStatus.REJECTED,  # audited out (DESIGN §7)
            ~active_primary,
        )
        .order_by(col(Checkpoint.scenario_id), col(Checkpoint.t), col(Response.id))
    )
    if run_id is not None:
        query = query.where(col(Response.run_id) == run_id)
    if need_types:
        query = query.where(col(Scenario.need_type).in_(list(need_types)))
    if domains:
        query = query.where(col(Environment.domain).in_(list(domains)))
    if scenario_ids:
        query = query.where(any_of(Checkpoint.scenario_id, sorted(set(scenario_ids))))
    return query


def _phase_holders(
    session: Session, *, phase: int, scenario_ids: Iterable[str], kind: str
) -> dict[str, int]:
    """Scenario → the annotator holding its newest active assignment of `kind` in `phase`."""
    ids = sorted(set(scenario_ids))
    if not ids:
        return {}
    rows = session.exec(
        select(Checkpoint.scenario_id, Assignment.annotator_id)
        .join(Response, col(Response.id) == col(Assignment.response_id))
        .join(Checkpoint, col(Checkpoint.id) == col(Response.checkpoint_id))
        .where(
            col(Assignment.released_at).is_(None),
            col(Assignment.phase) == phase,
            col(Assignment.kind) == kind,
            any_of(Checkpoint.scenario_id, ids),
        )
        .order_by(col(Assignment.id))
    ).all()
    return {scenario: annotator for scenario, annotator in rows}  # newest wins


def _inactive(session: Session, user_ids: Iterable[int]) -> set[int]:
    """The deactivated accounts among `user_ids`."""
    ids = sorted(set(user_ids))
    if not ids:
        return set()
    rows = session.exec(
        select(User.id).where(any_of(User.id, ids), col(User.is_active).is_(False))
    ).all()
    return {user_id for user_id in rows if user_id is not None}


def _refuse_inactive_holders(
    session: Session, owner: dict[str, int], *, inactive: set[int], phase: int
) -> None:
    """Refuse a batch that would give new items to a deactivated scenario annotator.

    `owner` maps scenarios to their primary annotators in `phase`; `inactive` holds (at
    least) the deactivated accounts among them. The paired protocol keeps a scenario with one
    annotator per phase, so a scenario whose annotator in `phase` is deactivated cannot simply
    go to someone else (that would split it) nor to them (they cannot log in). The lead
    decides: move (or restart) the scenario on the batch page where it is held, or reactivate
    the annotator. Rolls back (ends the advisory lock) before raising.

    Raises:
        HeldByDeactivated: naming each such scenario, its holder and their batches.
    """
    stuck = sorted((scenario, holder) for scenario, holder in owner.items() if holder in inactive)
    if not stuck:
        return
    batches: dict[tuple[str, int], set[int]] = defaultdict(set)
    for scenario, holder, batch_id in session.exec(
        select(Checkpoint.scenario_id, Assignment.annotator_id, Assignment.batch_id)
        .join(Response, col(Response.id) == col(Assignment.response_id))
        .join(Checkpoint, col(Checkpoint.id) == col(Response.checkpoint_id))
        .where(
            col(Assignment.released_at).is_(None),
            col(Assignment.phase) == phase,
            col(Assignment.kind) == AssignmentKind.PRIMARY,
            any_of(Assignment.annotator_id, sorted({holder for _s, holder in stuck})),
            any_of(Checkpoint.scenario_id, [scenario for scenario, _h in stuck]),
        )
    ).all():
        if batch_id is not None:
            batches[(scenario, holder)].add(batch_id)
    names = {h: get_username(session, h) for h in {holder for _s, holder in stuck}}
    where = "; ".join(
        f"{scenario} is held by deactivated {names[holder]}"
        + (
            " in batch " + ", ".join(str(b) for b in sorted(batches[(scenario, holder)]))
            if batches[(scenario, holder)]
            else ""
        )
        for scenario, holder in stuck
    )
    session.rollback()
    raise HeldByDeactivated(
        f"{where}. A scenario keeps one annotator per phase (paired protocol), so its new "
        f"items in phase {phase} would go to someone who cannot log in. Move the scenario to an "
        "active annotator on that batch's page (restart it if they judged some items), "
        "reactivate the annotator, or leave the scenario out with the filters",
        [(scenario, b) for (scenario, _holder), ids in batches.items() for b in ids],
    )


def create_batch(
    session: Session,
    *,
    name: str,
    annotator_ids: Sequence[int],
    created_by: int | None,
    phase: int = 1,
    run_id: int | None = None,
    need_types: Sequence[str] = (),
    domains: Sequence[str] = (),
    scenario_ids: Sequence[str] = (),
    overlap_share: float = 0.0,
    seed: int = 0,
    expires_after_hours: int | None = 72,
    show_design_notes: bool = False,
    now: datetime | None = None,
) -> Batch:
    """Build a batch and its assignments under the paired protocol (DESIGN §7). Commits once.

    Takes every completed response (of a scenario not audited out) that has no active primary
    assignment, restricted to `run_id`, `need_types`, `domains` and `scenario_ids` when given,
    and hands them out as :func:`app.annotation.planner.plan_assignments` plans: all of a
    scenario's responses to one annotator, who is kept when the scenario already has a primary
    annotator in this phase (even one not chosen now), the other scenarios spread over
    `annotator_ids` by response count; ``overlap_share`` of the checkpoints also to a second,
    different annotator per scenario (kind ``overlap``). The batch is refused when a
    scenario's primary annotator in this phase is deactivated (:func:`_refuse_inactive_holders`);
    a deactivated overlap annotator is replaced by a chosen one.

    Args:
        session: database session.
        name: shown on the lead's pages (blank: ``phase P batch N``).
        annotator_ids: active annotator accounts to receive new scenarios.
        created_by: the lead's user id.
        phase: annotation phase recorded on the batch and its assignments.
        run_id: only responses of this run (None: any run).
        need_types: only scenarios of these need types (empty: all).
        domains: only environments of these domains (empty: all).
        scenario_ids: only these scenarios (empty: all; ``halo assign --scenarios``, not
            recorded on the batch).
        overlap_share: fraction 0..1 of checkpoints judged twice.
        seed: seed of the overlap sample.
        expires_after_hours: assignments expire this many hours after now (None: never).
        show_design_notes: the batch's annotators see the scenario design notes and the
            checkpoint design on the diagnosis page (default: hidden, DESIGN §4).
        now: the current time (tests).

    Returns:
        The new open :class:`Batch`.

    Raises:
        UnprocessableError: bad parameters (a name over :data:`BATCH_NAME_MAX` characters,
            ...), a non-annotator chosen, or an overlap with fewer than two annotators
            (``field`` names the input).
        HeldByDeactivated: a scenario's primary annotator in this phase is deactivated.
        NothingToAssign: no response matches the selection.
    """
    now = now or utcnow()
    chosen = [int(a) for a in annotator_ids]
    for annotator_id in dict.fromkeys(chosen):
        get_annotator(session, annotator_id)
    options = PlanOptions(tuple(chosen), overlap_share=overlap_share, seed=seed)
    if expires_after_hours is not None and not 0 < expires_after_hours <= MAX_EXPIRY_HOURS:
        raise UnprocessableError(
            f"expiry must be a whole number of hours from 1 to {MAX_EXPIRY_HOURS} (a year)",
            "expires",
        )
    if phase < 1:
        raise UnprocessableError("the phase is a whole number from 1", "phase")
    name = name.strip()
    refuse_long_name(name, BATCH_NAME_MAX)
    if run_id is not None and session.get(Run, run_id) is None:
        raise UnprocessableError(f"run {run_id} does not exist", "run_id")

    _lock_assignment_building(session)
    query = _candidates_query(
        run_id=run_id, need_types=need_types, domains=domains, scenario_ids=scenario_ids
    )
    candidates = [Candidate(r, s, t) for r, s, t in session.execute(query)]
    if not candidates:
        session.rollback()  # ends the transaction and its advisory lock
        raise NothingToAssign(
            "no completed response without an annotator matches this selection", "selection"
        )
    scenarios = {c.scenario_id for c in candidates}
    owner = _phase_holders(
        session, phase=phase, scenario_ids=scenarios, kind=AssignmentKind.PRIMARY
    )
    second = (
        _phase_holders(session, phase=phase, scenario_ids=scenarios, kind=AssignmentKind.OVERLAP)
        if options.overlap_share > 0
        else {}
    )
    inactive = _inactive(session, [*owner.values(), *second.values()])
    _refuse_inactive_holders(session, owner, inactive=inactive, phase=phase)
    # the candidates' active (overlap) holders, by a join with the same selection: no list of
    # a million ids goes back to the database
    chosen_ids = query.with_only_columns(col(Response.id)).order_by(None).subquery()
    held = set(
        session.exec(
            select(Assignment.response_id, Assignment.annotator_id)
            .join(chosen_ids, chosen_ids.c.id == col(Assignment.response_id))
            .where(col(Assignment.released_at).is_(None))
        ).all()
    )
    plan = plan_assignments(
        candidates,
        options,
        primary_holders=owner,
        overlap_holders=second,
        inactive=inactive,
        held=held,
    )

    number = session.exec(select(func.count()).select_from(Batch)).one() + 1
    batch = Batch(
        name=name or f"phase {phase} batch {number}",
        phase=phase,
        run_id=run_id,
        need_types=sorted(set(need_types)),
        domains=sorted(set(domains)),
        overlap_share=overlap_share,
        seed=seed,
        status=BatchStatus.OPEN,
        created_by=created_by,
        created_at=now,
        expires_after_hours=expires_after_hours,
        show_design_notes=show_design_notes,
    )
    session.add(batch)
    session.flush()
    expires_at = None if expires_after_hours is None else now + timedelta(hours=expires_after_hours)
    checkpoint_of = {c.response_id: c.t for c in candidates}
    bulk_insert(  # COPY on PostgreSQL: a million assignments in seconds, not ORM objects
        session,
        Assignment,
        [
            {
                "response_id": planned.response_id,
                "annotator_id": planned.annotator_id,
                "scenario_id": planned.scenario_id,
                "checkpoint_t": checkpoint_of[planned.response_id],
                "blind_order": blind_order(planned.response_id),
                "phase": phase,
                "batch_id": batch.id,
                "kind": str(planned.kind),
                "assigned_at": now,
                "expires_at": expires_at,
            }
            for planned in plan.assignments
        ],
    )
    session.commit()
    return batch
