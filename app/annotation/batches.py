"""Annotation batches: paired assignment with an overlap sample, reassignment, expiry, and
agreement on the overlap (DESIGN.md §7 paired protocol, §8 agreement). Progress figures are in
:mod:`app.annotation.progress`.

A batch takes completed responses that have no active primary assignment, filtered by run, need
type and domain, and hands each scenario to one annotator (paired protocol). A seeded share of
its checkpoints also goes to a second, different annotator (kind ``overlap``) whose judgements
are compared with the primary ones. Assignments are released, never deleted: a release records
when, why and by whom, so the history of an item survives reassignment and expiry.

Leads move whole scenarios, never single responses: :func:`reassign_scenario` moves an
annotator's whole holding of a scenario (per kind, across the phase's batches) and refuses to
leave judged items behind unless the scenario is restarted; :func:`release` frees unjudged items
by batch, scenario, holder and kind, and takes the overlap items of released primary items with
it. Judged items are released only by a restart.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import and_, exists, func, text
from sqlalchemy import select as sa_select
from sqlalchemy.orm import aliased
from sqlmodel import Session, col, select

from app.arena.schema import NEED_TYPES
from app.errors import ConflictError, NotFoundError, UnprocessableError
from app.models import (
    Annotation,
    Assignment,
    Batch,
    Checkpoint,
    Environment,
    Response,
    Run,
    Scenario,
    User,
)
from app.models.base import as_utc, utcnow
from app.models.batches import ASSIGNMENT_KINDS

EXPIRED = "expired"
"""Release reason of an assignment reclaimed after its expiry."""
CLOSED = "batch closed"
"""Release reason of an unjudged assignment when its batch is closed."""
PRIMARY_RELEASED = "primary released"
"""Release reason prefix of an overlap item released with its response's primary item."""
RESTART = "restart"
"""Marks the reason of a reassignment that moved judged items to be judged again."""
REASON_MAX = 160
"""Longest reason a lead may give for a move or a release (the stored reason also carries a
restart note or a ``primary released:`` prefix, within the column's 200 characters)."""
MAX_EXPIRY_HOURS = 24 * 366
"""Longest expiry a batch may set (a year); leave it blank for none."""
_ASSIGNMENT_LOCK = 74_201_907
"""PostgreSQL advisory lock key: one batch is built at a time, so no response gets two
primaries from two simultaneous batches."""


# ---------------------------------------------------------------------------------------------
# Helpers


def _digest(*parts: object) -> str:
    """A stable sha256 sort key (never ``hash()``: it changes between processes)."""
    return hashlib.sha256(":".join(str(p) for p in parts).encode()).hexdigest()


def is_expired(expires_at: datetime | None, now: datetime) -> bool:
    """True when an expiry time is set and not after `now`."""
    aware = as_utc(expires_at)
    return aware is not None and aware <= now


def _lock_assignment_building(session: Session) -> None:
    """Serialise batch building on PostgreSQL (a no-op on SQLite, which has one writer)."""
    if session.get_bind().dialect.name == "postgresql":
        session.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _ASSIGNMENT_LOCK})


def _lock_responses(session: Session, response_ids: Iterable[str]) -> None:
    """Row-lock responses in id order, as a submit does, so a release and a save serialise."""
    ids = sorted(set(response_ids))
    if ids:
        session.exec(
            select(Response.id)
            .where(col(Response.id).in_(ids))
            .order_by(col(Response.id))
            .with_for_update()
        ).all()


def _judged_pairs(session: Session, response_ids: Iterable[str]) -> set[tuple[str, int]]:
    """``(response_id, annotator_id)`` of every annotation on these responses."""
    ids = sorted(set(response_ids))
    if not ids:
        return set()
    rows = session.exec(
        select(Annotation.response_id, Annotation.annotator_id).where(
            col(Annotation.response_id).in_(ids)
        )
    ).all()
    return {(r, a) for r, a in rows}


def _check_reason(reason: str, missing: str) -> str:
    """The lead's reason, stripped.

    Raises:
        UnprocessableError: blank (`missing` says what to explain) or longer than
            :data:`REASON_MAX` characters.
    """
    text = reason.strip()
    if not text:
        raise UnprocessableError(missing, "reason")
    if len(text) > REASON_MAX:
        raise UnprocessableError(
            f"the reason has {len(text)} characters; keep it to {REASON_MAX} (it is shown to "
            "the annotator and in the history)",
            "reason",
        )
    return text


def _annotator(session: Session, user_id: int) -> User:
    """An active annotator account.

    Raises:
        UnprocessableError: no such user, inactive, or not an annotator.
    """
    user = session.get(User, user_id)
    if user is None or not user.is_active or user.role != "annotator":
        raise UnprocessableError(f"user {user_id} is not an active annotator", "annotators")
    return user


def get_batch(session: Session, batch_id: int) -> Batch:
    """The batch, or NotFoundError."""
    batch = session.get(Batch, batch_id)
    if batch is None:
        raise NotFoundError(f"batch {batch_id} does not exist")
    return batch


def list_annotators(session: Session) -> list[User]:
    """Active annotator accounts, by username (the choices of the batch forms)."""
    return list(
        session.exec(
            select(User)
            .where(User.role == "annotator", col(User.is_active).is_(True))
            .order_by(col(User.username))
        )
    )


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


# ---------------------------------------------------------------------------------------------
# Building a batch


@dataclass(frozen=True)
class _Candidate:
    response_id: str
    scenario_id: str
    t: int


def _candidates(
    session: Session,
    *,
    run_id: int | None,
    need_types: Sequence[str],
    domains: Sequence[str],
) -> list[_Candidate]:
    """Completed responses of non-rejected scenarios with no active primary assignment."""
    active_primary = exists().where(
        col(Assignment.response_id) == col(Response.id),
        col(Assignment.released_at).is_(None),
        col(Assignment.kind) == "primary",
    )
    query = (
        select(Response.id, Checkpoint.scenario_id, Checkpoint.t)
        .join(Checkpoint, col(Checkpoint.id) == col(Response.checkpoint_id))
        .join(Scenario, col(Scenario.id) == col(Checkpoint.scenario_id))
        .join(Environment, col(Environment.id) == col(Scenario.environment_id))
        .where(
            col(Response.status) == "completed",
            col(Scenario.audit_status) != "rejected",  # audited out (DESIGN §7)
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
    return [_Candidate(r, s, t) for r, s, t in session.exec(query).all()]


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
            col(Checkpoint.scenario_id).in_(ids),
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
        select(User.id).where(col(User.id).in_(ids), col(User.is_active).is_(False))
    ).all()
    return {user_id for user_id in rows if user_id is not None}


def _refuse_inactive_holders(session: Session, owner: dict[str, int], *, phase: int) -> None:
    """Refuse a batch that would give new items to a deactivated scenario annotator.

    The paired protocol keeps a scenario with one annotator per phase, so a scenario whose
    annotator in `phase` is deactivated cannot simply go to someone else (that would split it)
    nor to them (they cannot log in). The lead decides: move (or restart) the scenario on the
    batch page where it is held, or reactivate the annotator. Rolls back (ends the advisory
    lock) before raising.

    Raises:
        UnprocessableError: naming each such scenario, its holder and their batches.
    """
    inactive = _inactive(session, owner.values())
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
            col(Assignment.kind) == "primary",
            col(Assignment.annotator_id).in_(sorted(inactive)),
            col(Checkpoint.scenario_id).in_([scenario for scenario, _h in stuck]),
        )
    ).all():
        if batch_id is not None:
            batches[(scenario, holder)].add(batch_id)
    names = {h: _username(session, h) for h in {holder for _s, holder in stuck}}
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
    raise UnprocessableError(
        f"{where}. A scenario keeps one annotator per phase (paired protocol), so its new "
        f"items in phase {phase} would go to someone who cannot log in. Move the scenario to an "
        "active annotator on that batch's page (restart it if they judged some items), "
        "reactivate the annotator, or leave the scenario out with the filters",
        "annotators",
    )


def overlap_checkpoints(
    checkpoints: Iterable[tuple[str, int]], share: float, seed: int
) -> list[tuple[str, int]]:
    """The seeded overlap sample: ``round(share · n)`` checkpoints (at least one if share > 0).

    Each checkpoint ``(scenario, t)`` is ranked by ``sha256("overlap:{seed}:{scenario}:{t}")``
    and the first ones are taken, so the choice depends only on the seed and the checkpoint —
    the same in every process and independent of the order checkpoints are listed in.

    Args:
        checkpoints: ``(scenario_id, t)`` pairs (duplicates are ignored).
        share: fraction 0..1.
        seed: the batch seed.

    Returns:
        The chosen checkpoints, sorted.
    """
    distinct = sorted(set(checkpoints))
    if share <= 0 or not distinct:
        return []
    count = min(len(distinct), max(1, int(share * len(distinct) + 0.5)))
    ranked = sorted(distinct, key=lambda c: _digest("overlap", seed, c[0], c[1]))
    return sorted(ranked[:count])


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
    overlap_share: float = 0.0,
    seed: int = 0,
    expires_after_hours: int | None = 72,
    now: datetime | None = None,
) -> Batch:
    """Build a batch and its assignments under the paired protocol (DESIGN §7). Commits once.

    Takes every completed response (of a scenario not audited out) that has no active primary
    assignment, restricted to `run_id`, `need_types` and `domains` when given. All of a
    scenario's responses in the batch go to one annotator: a scenario that already has a
    primary annotator in this phase keeps them (even one not chosen now), and the batch is
    refused when that annotator is deactivated (:func:`_refuse_inactive_holders`); the others
    are
    spread over `annotator_ids` by response count (largest scenario first, to the annotator
    with the fewest responses so far in this batch; ties by the order given). Then
    :func:`overlap_checkpoints` picks ``overlap_share`` of the batch's checkpoints, whose
    responses also go to a second annotator as kind ``overlap``: one per scenario, never its
    primary annotator, kept when the scenario already has one in this phase, otherwise the
    chosen annotator with the fewest responses in the batch so far, primary and overlap
    together (ties by a sha256 of seed, scenario and annotator). A deactivated overlap
    annotator is not kept: their scenario's new overlap items go to a chosen annotator.

    Args:
        session: database session.
        name: shown on the lead's pages (blank: ``phase P batch N``).
        annotator_ids: active annotator accounts to receive new scenarios.
        created_by: the lead's user id.
        phase: annotation phase recorded on the batch and its assignments.
        run_id: only responses of this run (None: any run).
        need_types: only scenarios of these need types (empty: all).
        domains: only environments of these domains (empty: all).
        overlap_share: fraction 0..1 of checkpoints judged twice.
        seed: seed of the overlap sample.
        expires_after_hours: assignments expire this many hours after now (None: never).
        now: the current time (tests).

    Returns:
        The new open :class:`Batch`.

    Raises:
        UnprocessableError: bad parameters, a non-annotator chosen, a scenario whose annotator
            in this phase is deactivated, an overlap with fewer than two annotators for a
            scenario, or nothing to assign (``field`` names the input).
    """
    now = now or utcnow()
    chosen = list(dict.fromkeys(int(a) for a in annotator_ids))
    if not chosen:
        raise UnprocessableError("choose at least one annotator", "annotators")
    for annotator_id in chosen:
        _annotator(session, annotator_id)
    if not 0.0 <= overlap_share <= 1.0:
        raise UnprocessableError("the overlap share is a fraction between 0 and 1", "overlap_share")
    if overlap_share > 0 and len(chosen) < 2:
        raise UnprocessableError("an overlap sample needs at least two annotators", "overlap_share")
    if expires_after_hours is not None and not 0 < expires_after_hours <= MAX_EXPIRY_HOURS:
        raise UnprocessableError(
            f"expiry must be a whole number of hours from 1 to {MAX_EXPIRY_HOURS} (a year)",
            "expires",
        )
    if phase < 1:
        raise UnprocessableError("the phase is a whole number from 1", "phase")
    if run_id is not None and session.get(Run, run_id) is None:
        raise UnprocessableError(f"run {run_id} does not exist", "run_id")

    _lock_assignment_building(session)
    candidates = _candidates(session, run_id=run_id, need_types=need_types, domains=domains)
    if not candidates:
        session.rollback()  # ends the transaction and its advisory lock
        raise UnprocessableError(
            "no completed response without an annotator matches this selection", "selection"
        )
    by_scenario: dict[str, list[_Candidate]] = defaultdict(list)
    for candidate in candidates:
        by_scenario[candidate.scenario_id].append(candidate)

    owner = _phase_holders(session, phase=phase, scenario_ids=by_scenario, kind="primary")
    _refuse_inactive_holders(session, owner, phase=phase)
    load = dict.fromkeys(chosen, 0)
    for scenario, items in by_scenario.items():
        if scenario in owner and owner[scenario] in load:
            load[owner[scenario]] += len(items)
    for scenario in sorted(by_scenario, key=lambda s: (-len(by_scenario[s]), s)):
        if scenario not in owner:
            target = min(chosen, key=lambda a: (load[a], chosen.index(a)))
            owner[scenario] = target
            load[target] += len(by_scenario[scenario])

    sample = overlap_checkpoints(((c.scenario_id, c.t) for c in candidates), overlap_share, seed)
    sampled = set(sample)
    overlap_items: dict[str, list[_Candidate]] = defaultdict(list)
    for candidate in candidates:
        if (candidate.scenario_id, candidate.t) in sampled:
            overlap_items[candidate.scenario_id].append(candidate)
    overlap_holders = _phase_holders(
        session, phase=phase, scenario_ids=overlap_items, kind="overlap"
    )
    # a deactivated overlap holder's new items go to a chosen annotator: agreement compares
    # each response's two judgements, so the overlap annotator may differ between responses
    inactive = _inactive(session, overlap_holders.values())
    second = {
        scenario: annotator
        for scenario, annotator in overlap_holders.items()
        if annotator != owner.get(scenario) and annotator not in inactive
    }
    for scenario in sorted(overlap_items, key=lambda s: (-len(overlap_items[s]), s)):
        if scenario in second:
            if second[scenario] in load:
                load[second[scenario]] += len(overlap_items[scenario])
            continue
        options = [a for a in chosen if a != owner[scenario]]
        if not options:
            session.rollback()
            raise UnprocessableError(
                f"scenario {scenario} keeps its annotator, so its overlap needs another one; "
                "choose a second annotator",
                "annotators",
            )
        target = min(options, key=lambda a: (load[a], _digest("second", seed, scenario, a)))
        second[scenario] = target
        load[target] += len(overlap_items[scenario])

    number = session.exec(select(func.count()).select_from(Batch)).one() + 1
    batch = Batch(
        name=name.strip()[:120] or f"phase {phase} batch {number}",
        phase=phase,
        run_id=run_id,
        need_types=sorted(set(need_types)),
        domains=sorted(set(domains)),
        overlap_share=overlap_share,
        seed=seed,
        status="open",
        created_by=created_by,
        created_at=now,
        expires_after_hours=expires_after_hours,
    )
    session.add(batch)
    session.flush()
    expires_at = None if expires_after_hours is None else now + timedelta(hours=expires_after_hours)

    def assignment(candidate: _Candidate, annotator_id: int, kind: str) -> Assignment:
        return Assignment(
            response_id=candidate.response_id,
            annotator_id=annotator_id,
            phase=phase,
            batch_id=batch.id,
            kind=kind,
            assigned_at=now,
            expires_at=expires_at,
        )

    # an annotator may already hold a response (e.g. an overlap item left after its primary
    # was released): never give the same person the same response twice
    active = set(
        session.exec(
            select(Assignment.response_id, Assignment.annotator_id).where(
                col(Assignment.released_at).is_(None),
                col(Assignment.response_id).in_([c.response_id for c in candidates]),
            )
        ).all()
    )

    def add(candidate: _Candidate, annotator_id: int, kind: str) -> None:
        if (candidate.response_id, annotator_id) not in active:
            session.add(assignment(candidate, annotator_id, kind))
            active.add((candidate.response_id, annotator_id))

    for candidate in candidates:
        add(candidate, owner[candidate.scenario_id], "primary")
    for scenario, items in overlap_items.items():
        for candidate in items:
            add(candidate, second[scenario], "overlap")
    session.commit()
    return batch


# ---------------------------------------------------------------------------------------------
# Moving items: reassign, release, reclaim, close. Whole scenarios only (paired protocol).


def _active_assignments(session: Session, *conditions: Any) -> list[Assignment]:
    """Active assignments matching `conditions` (which may name ``Checkpoint`` columns)."""
    query = (
        select(Assignment)
        .join(Response, col(Response.id) == col(Assignment.response_id))
        .join(Checkpoint, col(Checkpoint.id) == col(Response.checkpoint_id))
        .where(col(Assignment.released_at).is_(None), *conditions)
        .order_by(col(Assignment.id))
    )
    return list(session.exec(query))


def _lock_and_reload(session: Session, assignments: list[Assignment]) -> list[Assignment]:
    """Row-lock the responses of `assignments`, then re-read those still active (a release or a
    save that ran meanwhile is seen)."""
    if not assignments:
        return []
    _lock_responses(session, (a.response_id for a in assignments))
    ids = [a.id for a in assignments]
    return list(
        session.exec(
            select(Assignment)
            .where(col(Assignment.id).in_(ids), col(Assignment.released_at).is_(None))
            .order_by(col(Assignment.id))
            .execution_options(populate_existing=True)
        )
    )


def _unjudged(session: Session, assignments: list[Assignment]) -> list[Assignment]:
    """Lock the responses, then keep the active assignments whose holder has not judged the item."""
    current = _lock_and_reload(session, assignments)
    judged = _judged_pairs(session, (a.response_id for a in current))
    return [a for a in current if (a.response_id, a.annotator_id) not in judged]


def _release(
    assignments: Iterable[Assignment], *, now: datetime, reason: str, by: int | None
) -> None:
    for assignment in assignments:
        assignment.released_at = now
        assignment.released_reason = reason[:200]
        assignment.released_by = by


def _release_overlap_of(
    session: Session, released: list[Assignment], *, now: datetime, reason: str, by: int | None
) -> list[Assignment]:
    """Release the unjudged overlap items of responses whose primary item was just released.

    An overlap judgement exists to be compared with the primary one (DESIGN §8), so it leaves
    with it; the overlap is sampled again when the responses go out in a later batch. Judged
    overlap items stay. Call with the responses locked and `released` already marked.
    """
    ids = sorted({a.response_id for a in released if a.kind == "primary"})
    if not ids:
        return []
    session.flush()
    still_primary = set(
        session.exec(
            select(Assignment.response_id).where(
                col(Assignment.response_id).in_(ids),
                col(Assignment.kind) == "primary",
                col(Assignment.released_at).is_(None),
            )
        ).all()
    )
    overlap = session.exec(
        select(Assignment).where(
            col(Assignment.response_id).in_([r for r in ids if r not in still_primary]),
            col(Assignment.kind) == "overlap",
            col(Assignment.released_at).is_(None),
        )
    ).all()
    judged = _judged_pairs(session, ids)
    freed = [a for a in overlap if (a.response_id, a.annotator_id) not in judged]
    _release(freed, now=now, reason=f"{PRIMARY_RELEASED}: {reason}", by=by)
    return freed


def _username(session: Session, user_id: int) -> str:
    user = session.get(User, user_id)
    return user.username if user is not None else f"user {user_id}"


def reassign_scenario(
    session: Session,
    *,
    batch_id: int,
    scenario_id: str,
    kind: str,
    from_annotator: int,
    to_annotator: int,
    by: int,
    reason: str,
    restart: bool = False,
    now: datetime | None = None,
) -> list[Assignment]:
    """Move one annotator's whole holding of a scenario to another annotator. Commits once.

    The unit is the scenario (paired protocol, DESIGN §7: one annotator per scenario and phase,
    fixed across all models): every active assignment of `kind` that `from_annotator` holds for
    `scenario_id` in the batch's phase moves together, in this batch and in any other batch of
    the phase, so the scenario is never split between two annotators of one kind. Single items
    cannot be moved. The old assignments are released with the reason, the lead and the time
    (never deleted); each item gets a new assignment of the same batch, phase and kind,
    expiring its batch's expiry hours from now.

    Items the holder has judged cannot stay behind (that would split the scenario), so a
    holding with judged items is refused unless `restart` is set: then the judged items move
    too and the new annotator judges them again. The earlier annotations and their revisions
    are kept; the new annotator's become the judgements of record once saved
    (:func:`app.annotation.service.judgement_of_record` follows the active primary holder).

    Args:
        session: database session.
        batch_id: the batch whose page the lead acts on (its phase is the scope).
        scenario_id: the scenario.
        kind: ``primary`` or ``overlap``.
        from_annotator: the current holder.
        to_annotator: an active annotator who takes the scenario.
        by: the lead's user id, recorded on the releases.
        reason: why (required; recorded on the releases).
        restart: also move items the holder has judged, to be judged again.
        now: the current time (tests).

    Returns:
        The new assignments.

    Raises:
        NotFoundError: no such batch.
        UnprocessableError: no reason or one over :data:`REASON_MAX` characters; a bad kind;
            `to_annotator` is not an active annotator, is the holder, or is the scenario's
            annotator of the other kind in this phase; the holder has no item of the scenario
            of this kind in the batch; or judged items would stay behind without `restart`
            (``field`` names the input).
    """
    now = now or utcnow()
    reason = _check_reason(reason, "say why the scenario moves")
    if kind not in ASSIGNMENT_KINDS:
        raise UnprocessableError("kind is primary or overlap", "kind")
    batch = get_batch(session, batch_id)
    phase = batch.phase
    new = _annotator(session, to_annotator).username
    old = _username(session, from_annotator)
    if to_annotator == from_annotator:
        raise UnprocessableError(f"{new} already holds this scenario", "to_annotator")
    in_scenario = col(Checkpoint.scenario_id) == scenario_id
    of_holder = (
        col(Assignment.kind) == kind,
        col(Assignment.annotator_id) == from_annotator,
    )
    if not _active_assignments(
        session, in_scenario, col(Assignment.batch_id) == batch_id, *of_holder
    ):
        raise UnprocessableError(
            f"{old} holds no {kind} item of {scenario_id} in this batch", "scenario_id"
        )
    holding = _lock_and_reload(
        session,
        _active_assignments(session, in_scenario, col(Assignment.phase) == phase, *of_holder),
    )
    judged = _judged_pairs(session, (a.response_id for a in holding))
    done = [a for a in holding if (a.response_id, a.annotator_id) in judged]
    if done and not restart:
        session.rollback()  # ends the transaction and its row locks
        raise UnprocessableError(
            f"{old} has already judged {len(done)} of the {len(holding)} {kind} items of "
            f"{scenario_id} in phase {phase}; moving only the other {len(holding) - len(done)} "
            "would split the scenario between two annotators (paired protocol). Let "
            f"{old} finish it, release the unjudged items (they go back to {old} in a later "
            f"batch), or restart the scenario with {new}, who then judges all "
            f"{len(holding)} items again",
            "restart",
        )
    other_kind = "overlap" if kind == "primary" else "primary"
    others = _active_assignments(
        session, in_scenario, col(Assignment.phase) == phase, col(Assignment.kind) == other_kind
    )
    if to_annotator in {a.annotator_id for a in others}:
        session.rollback()
        raise UnprocessableError(
            f"{new} is the {other_kind} annotator of {scenario_id} in phase {phase}; a "
            "response's two judgements must come from different people",
            "to_annotator",
        )
    held = session.exec(
        select(func.count())
        .select_from(Assignment)
        .where(
            col(Assignment.response_id).in_([a.response_id for a in holding]),
            col(Assignment.annotator_id) == to_annotator,
            col(Assignment.released_at).is_(None),
        )
    ).one()
    if held:
        session.rollback()
        raise UnprocessableError(
            f"{new} already holds {held} of these items (a response's two judgements must "
            "come from different people)",
            "to_annotator",
        )
    note = reason if not done else f"{reason} ({RESTART}: {len(done)} judged, to judge again)"
    _release(holding, now=now, reason=note, by=by)
    session.flush()
    hours = {
        b.id: b.expires_after_hours
        for b in session.exec(
            select(Batch).where(col(Batch.id).in_({a.batch_id for a in holding if a.batch_id}))
        )
    }
    created = []
    for old_assignment in holding:
        hours_left = hours.get(old_assignment.batch_id)
        created.append(
            Assignment(
                response_id=old_assignment.response_id,
                annotator_id=to_annotator,
                phase=old_assignment.phase,
                batch_id=old_assignment.batch_id,
                kind=old_assignment.kind,
                assigned_at=now,
                expires_at=None if hours_left is None else now + timedelta(hours=hours_left),
            )
        )
    session.add_all(created)
    session.commit()
    return created


def release(
    session: Session,
    *,
    batch_id: int,
    by: int | None,
    reason: str,
    scenario_id: str | None = None,
    annotator_id: int | None = None,
    kind: str | None = None,
    now: datetime | None = None,
) -> int:
    """Release a batch's unjudged items so a later batch can hand them out again. Commits once.

    Whole scenarios only: every item of the batch matching the scenario, holder and kind given
    (each optional) is released, never single responses; judged items stay with their holder.
    This never splits a scenario: a later batch of the phase gives the items back to the
    scenario's annotator if they still hold (judged) items of it. Releasing primary items also
    releases the unjudged overlap items of the same responses (reason ``primary released: …``),
    so no overlap judgement is left waiting for a primary one that is gone.

    Args:
        session: database session.
        batch_id: the batch.
        by: the lead's user id (None: the system).
        reason: why (required; recorded on the releases).
        scenario_id: only this scenario.
        annotator_id: only this holder's items.
        kind: only ``primary`` or ``overlap`` items.
        now: the current time (tests).

    Returns:
        Number of assignments released, overlap items included.

    Raises:
        UnprocessableError: no reason given, one over :data:`REASON_MAX` characters, or a bad
            kind.
        NotFoundError: the batch does not exist.
    """
    now = now or utcnow()
    reason = _check_reason(reason, "say why the items are released")
    if kind is not None and kind not in ASSIGNMENT_KINDS:
        raise UnprocessableError("kind is primary or overlap", "kind")
    get_batch(session, batch_id)
    conditions: list[Any] = [col(Assignment.batch_id) == batch_id]
    if scenario_id is not None:
        conditions.append(col(Checkpoint.scenario_id) == scenario_id)
    if annotator_id is not None:
        conditions.append(col(Assignment.annotator_id) == annotator_id)
    if kind is not None:
        conditions.append(col(Assignment.kind) == kind)
    freed = _unjudged(session, _active_assignments(session, *conditions))
    _release(freed, now=now, reason=reason, by=by)
    cascaded = _release_overlap_of(session, freed, now=now, reason=reason, by=by)
    session.commit()
    return len(freed) + len(cascaded)


def reclaim_expired(
    session: Session, now: datetime | None = None, *, batch_id: int | None = None
) -> int:
    """Release every expired, unjudged assignment with reason ``expired``. Commits once.

    Runs every few minutes from Celery beat (``annotation.reclaim_expired``) and whenever a
    lead page loads. The unjudged overlap items of responses whose primary item is reclaimed
    go too (reason ``primary released: expired``).

    Args:
        session: database session.
        now: the current time (default: now); an assignment whose ``expires_at`` is at or
            before it has expired.
        batch_id: only this batch (None: all).

    Returns:
        Number of assignments released.
    """
    now = now or utcnow()
    query = select(Assignment.id).where(
        col(Assignment.released_at).is_(None),
        col(Assignment.expires_at).is_not(None),
        col(Assignment.expires_at) <= now,
    )
    if batch_id is not None:
        query = query.where(col(Assignment.batch_id) == batch_id)
    ids = session.exec(query).all()
    if not ids:
        session.rollback()  # nothing to do: end the read-only transaction
        return 0
    found = list(session.exec(select(Assignment).where(col(Assignment.id).in_(ids))))
    expired = [
        a for a in _unjudged(session, found) if is_expired(a.expires_at, now)
    ]  # re-checked under the lock: a reassignment may have renewed it
    _release(expired, now=now, reason=EXPIRED, by=None)
    cascaded = _release_overlap_of(session, expired, now=now, reason=EXPIRED, by=None)
    session.commit()
    return len(expired) + len(cascaded)


def close_batch(session: Session, *, batch_id: int, by: int, now: datetime | None = None) -> int:
    """Close a batch: its unjudged items are released (reason ``batch closed``). Commits once.

    Returns:
        Number of assignments released.

    Raises:
        NotFoundError: no such batch.
        ConflictError: the batch is closed already.
    """
    now = now or utcnow()
    batch = get_batch(session, batch_id)
    if batch.status == "closed":
        raise ConflictError("this batch is closed already")
    freed = _unjudged(session, _active_assignments(session, col(Assignment.batch_id) == batch_id))
    _release(freed, now=now, reason=CLOSED, by=by)
    cascaded = _release_overlap_of(session, freed, now=now, reason=CLOSED, by=by)
    batch.status = "closed"
    session.add(batch)
    session.commit()
    return len(freed) + len(cascaded)


def held_assignment(
    session: Session, *, response_id: str, annotator_id: int, now: datetime | None = None
) -> Assignment:
    """The active, unexpired assignment under which the annotator may save the response. Call
    with the response locked.

    A release, a reassignment or an expiry may have happened since the page was opened, so a
    save checks again here. Its ``phase`` is the phase the saved annotation belongs to.
    Annotations by people who no longer hold the item (a restarted scenario) do not count
    against it.

    Raises:
        NotFoundError: the annotator no longer holds the item.
    """
    now = now or utcnow()
    held = session.exec(
        select(Assignment)
        .where(
            Assignment.response_id == response_id,
            Assignment.annotator_id == annotator_id,
            col(Assignment.released_at).is_(None),
        )
        .order_by(col(Assignment.id).desc())
    ).all()
    for assignment in held:
        if not is_expired(assignment.expires_at, now):
            return assignment
    raise NotFoundError("this item is no longer in your queue")


def lapsed_assignment(
    session: Session, *, annotator_id: int, response_id: str, now: datetime | None = None
) -> Assignment | None:
    """The annotator's latest assignment of a response if it has lapsed.

    Lapsed: released (reassigned, released by a lead, reclaimed, batch closed) or past its
    expiry. Used to explain a refused save and keep the answers as a draft.

    Returns:
        That assignment, or None when the annotator still holds the item or never held it.
    """
    now = now or utcnow()
    rows = session.exec(
        select(Assignment)
        .where(Assignment.response_id == response_id, Assignment.annotator_id == annotator_id)
        .order_by(col(Assignment.id).desc())
    ).all()
    if not rows or any(a.released_at is None and not is_expired(a.expires_at, now) for a in rows):
        return None
    return rows[0]


# ---------------------------------------------------------------------------------------------
# Agreement


def overlap_pairs(
    session: Session, phase: int | None = None
) -> list[tuple[str, Annotation, Annotation]]:
    """``(response_id, primary annotation, overlap annotation)`` for every double-judged item.

    A pair is the annotation of the response's active primary assignment and that of its
    active overlap assignment (DESIGN §8: items judged by two people), in response order.
    """
    primary = aliased(Assignment)
    second = aliased(Assignment)
    first_note = aliased(Annotation)
    second_note = aliased(Annotation)
    columns: list[Any] = [col(second.response_id), first_note, second_note]
    query = (
        sa_select(*columns)
        .join(
            primary,
            and_(
                col(primary.response_id) == col(second.response_id),
                col(primary.kind) == "primary",
                col(primary.released_at).is_(None),
            ),
        )
        .join(
            first_note,
            and_(
                col(first_note.response_id) == col(primary.response_id),
                col(first_note.annotator_id) == col(primary.annotator_id),
            ),
        )
        .join(
            second_note,
            and_(
                col(second_note.response_id) == col(second.response_id),
                col(second_note.annotator_id) == col(second.annotator_id),
            ),
        )
        .where(col(second.kind) == "overlap", col(second.released_at).is_(None))
        .order_by(col(second.response_id))
    )
    if phase is not None:
        query = query.where(col(second.phase) == phase)
    return [(r, a, b) for r, a, b in session.execute(query).all()]


def agreement_on_overlap(session: Session, phase: int | None = None) -> dict[str, Any]:
    """Inter-annotator agreement on the overlap sample (DESIGN §8, beyond the paper).

    Pairs the primary and the overlap annotation of each double-judged response and computes,
    per field (verdict, level, timing, intensity), Cohen's κ and Krippendorff's α with
    :func:`app.metrics.agreement.agreement_table`. Timing and intensity exist only on rejected
    L1–L3 judgements, so their item counts are those where both annotators gave one.

    Args:
        session: database session.
        phase: only overlap assignments of this phase (None: all phases).

    Returns:
        ``{"items": number of double-judged responses, "rows": agreement_table rows}``.
    """
    pairs = overlap_pairs(session, phase)
    # imported here: statsmodels and pandas are heavy, and exports import this package
    from app.metrics.agreement import AGREEMENT_FIELDS, agreement_table

    double_judged: dict[str, list[tuple[str, Any, Any]]] = {f: [] for f in AGREEMENT_FIELDS}
    for response_id, first, second in pairs:
        for name in AGREEMENT_FIELDS:
            double_judged[name].append((response_id, getattr(first, name), getattr(second, name)))
    return {"items": len(pairs), "rows": [row.to_dict() for row in agreement_table(double_judged)]}
