"""Scenario audit: two independent reviewers vote, a third person decides a split (DESIGN.md §7).

Reviewers are leads, researchers and admins (annotators judge responses, they do not audit the
scenarios they will later judge against). Each reviewer votes ``approve`` or ``reject`` once per
scenario, marks each of the five review criteria ``pass`` or ``fail`` and writes a comment. Two
approvals accept the scenario, two rejections reject it, and a split waits for a lead or an admin
who was not one of the two reviewers. A rejected scenario leaves the annotation queues.

Independence: a vote is shown to nobody who could still cast the other vote on that scenario
(:func:`load_review` hides a lone vote from everyone but its author).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import func
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from app.errors import ConflictError, ForbiddenError, NotFoundError, UnprocessableError
from app.models import AuditDecision, AuditVote, Environment, Scenario, User
from app.vocabulary import DECISIONS, VOTES, AuditStatus, Decision, Role, Vote

CRITERIA: dict[str, tuple[str, str]] = {
    "causal_support": (
        "Causal support",
        "The events and records actually give rise to the need; nothing the need depends on is "
        "missing or invented.",
    ),
    "need_identity": (
        "Need identity",
        "There is one identifiable need and it is of the declared need type.",
    ),
    "timing_boundaries": (
        "Timing boundaries",
        "Each checkpoint's premature / window / belated label is right: the window opens and "
        "closes where the events say it does.",
    ),
    "retrieval_necessity": (
        "Retrieval necessity",
        "Helping well requires retrieving the key evidence from local content; the event "
        "summaries alone are not enough.",
    ),
    "proportional_intensity": (
        "Proportional intensity",
        "The best intervention's level and arguments are proportionate to the need and within "
        "the persona's permissions.",
    ),
}
"""The review criteria (DESIGN §7), in display order: key → (label, what passing means)."""

REVIEWER_ROLES = (Role.LEAD, Role.RESEARCHER, Role.ADMIN)
ADJUDICATOR_ROLES = (Role.LEAD, Role.ADMIN)
COMMENT_MAX = 4000
VOTE_PAIRS = ("approve/approve", "approve/reject", "reject/reject")


def can_review(user: User) -> bool:
    """Whether `user` may vote in the scenario audit."""
    return user.role in REVIEWER_ROLES


def can_adjudicate(user: User) -> bool:
    """Whether `user` may decide split scenarios (still never one they voted on)."""
    return user.role in ADJUDICATOR_ROLES


def _check_comment(comment: Any, field_name: str = "comment") -> str:
    text = str(comment or "").strip()
    if not text:
        raise UnprocessableError("write a comment that explains the decision", field_name)
    if len(text) > COMMENT_MAX:
        raise UnprocessableError(
            f"the comment is {len(text)} characters; at most {COMMENT_MAX}", field_name
        )
    return text


def check_vote(vote: Any, criteria: Any, comment: Any) -> tuple[str, dict[str, str], str]:
    """Validate a vote's input; pure.

    An approval must pass all five criteria and a rejection must fail at least one, so the
    per-criterion failure counts of Table 6 account for every rejection.

    Args:
        vote: ``approve`` or ``reject``.
        criteria: criterion key → ``pass`` / ``fail`` for each of :data:`CRITERIA`.
        comment: the reviewer's explanation (required, at most :data:`COMMENT_MAX` characters).

    Returns:
        ``(vote, criteria, comment)`` normalised (comment stripped, criteria in display order).

    Raises:
        UnprocessableError: a rule is broken; ``field`` is ``vote``, ``criteria`` or ``comment``.
    """
    if vote not in VOTES:
        raise UnprocessableError("choose approve or reject", "vote")
    if not isinstance(criteria, dict):
        raise UnprocessableError("mark every review criterion pass or fail", "criteria")
    unknown = sorted(set(criteria) - set(CRITERIA))
    if unknown:
        raise UnprocessableError(f"unknown criteria: {', '.join(unknown)}", "criteria")
    missing = [CRITERIA[key][0] for key in CRITERIA if criteria.get(key) not in ("pass", "fail")]
    if missing:
        raise UnprocessableError(
            f"mark every review criterion pass or fail; not answered yet: {', '.join(missing)}",
            "criteria",
        )
    marks = {key: str(criteria[key]) for key in CRITERIA}
    failed = [CRITERIA[key][0] for key, mark in marks.items() if mark == "fail"]
    if vote == Vote.APPROVE and failed:
        raise UnprocessableError(
            f"an approval cannot fail a criterion ({', '.join(failed)}); reject the scenario "
            "or mark the criterion pass",
            "criteria",
        )
    if vote == Vote.REJECT and not failed:
        raise UnprocessableError(
            "a rejection must fail at least one criterion: mark the criterion it breaks",
            "criteria",
        )
    return vote, marks, _check_comment(comment)


def _locked_scenario(session: Session, scenario_id: str) -> Scenario:
    scenario = session.exec(
        select(Scenario).where(Scenario.id == scenario_id).with_for_update()
    ).first()
    if scenario is None:
        raise NotFoundError(f"scenario {scenario_id} does not exist")
    return scenario


def _votes(session: Session, scenario_id: str) -> list[AuditVote]:
    return list(
        session.exec(
            select(AuditVote)
            .where(AuditVote.scenario_id == scenario_id)
            .order_by(col(AuditVote.created_at), col(AuditVote.id))
        )
    )


def outcome(votes: list[str]) -> AuditStatus:
    """The audit status two votes give.

    ``accepted``, ``rejected`` or ``split``; ``pending`` for fewer than two votes.
    """
    if len(votes) < 2:
        return AuditStatus.PENDING
    if set(votes) == {Vote.APPROVE}:
        return AuditStatus.ACCEPTED
    if set(votes) == {Vote.REJECT}:
        return AuditStatus.REJECTED
    return AuditStatus.SPLIT


def cast_vote(
    session: Session,
    *,
    scenario_id: str,
    reviewer: User,
    vote: str,
    criteria: dict[str, str],
    comment: str,
) -> AuditVote:
    """Record one reviewer's vote and, with the second vote, the scenario's audit status.

    At most two distinct reviewers vote on a scenario; votes are final. The scenario row is
    locked while counting, so two reviewers voting at once cannot both become "the second".

    Args:
        session: database session (commits once).
        scenario_id: the scenario reviewed.
        reviewer: a lead, researcher or admin.
        vote: ``approve`` or ``reject``.
        criteria: criterion key → ``pass`` / ``fail`` for each of :data:`CRITERIA`.
        comment: the reviewer's explanation (required).

    Returns:
        The stored :class:`AuditVote`. After it, ``Scenario.audit_status`` is ``pending`` (first
        vote), ``accepted`` (two approvals), ``rejected`` (two rejections) or ``split``.

    Raises:
        ForbiddenError: the user's role does not review scenarios.
        NotFoundError: no such scenario.
        ConflictError: the reviewer already voted on it, or two reviewers already have.
        UnprocessableError: the input breaks a rule of :func:`check_vote`.
    """
    if not can_review(reviewer):
        raise ForbiddenError("only leads, researchers and admins review scenarios")
    assert reviewer.id is not None
    scenario = _locked_scenario(session, scenario_id)
    votes = _votes(session, scenario_id)
    try:
        if any(v.reviewer_id == reviewer.id for v in votes):
            raise ConflictError("you have already voted on this scenario; votes are final")
        if len(votes) >= 2 or scenario.audit_status != AuditStatus.PENDING:
            raise ConflictError("two reviewers have voted; a split goes to adjudication")
        vote, marks, text = check_vote(vote, criteria, comment)
    except (ConflictError, UnprocessableError):
        session.rollback()  # release the row lock
        raise
    row = AuditVote(
        scenario_id=scenario_id, reviewer_id=reviewer.id, vote=vote, criteria=marks, comment=text
    )
    session.add(row)
    scenario.audit_status = outcome([v.vote for v in votes] + [vote])
    session.add(scenario)
    try:
        session.commit()
    except IntegrityError as exc:  # the same reviewer, twice at once
        session.rollback()
        raise ConflictError("you have already voted on this scenario; votes are final") from exc
    return row


def adjudicate(
    session: Session,
    *,
    scenario_id: str,
    adjudicator: User,
    decision: str,
    comment: str,
) -> AuditDecision:
    """Decide a split scenario: ``accept`` or ``reject``, with a comment.

    Args:
        session: database session (commits once).
        scenario_id: a scenario whose two votes disagree (``audit_status == "split"``).
        adjudicator: a lead or an admin who is not one of the two reviewers.
        decision: ``accept`` or ``reject``.
        comment: why (required).

    Returns:
        The stored :class:`AuditDecision`; the scenario becomes ``accepted`` or ``rejected``.

    Raises:
        ForbiddenError: not a lead or admin, or one of the scenario's two reviewers.
        NotFoundError: no such scenario.
        ConflictError: the scenario is not awaiting adjudication (not split, or decided).
        UnprocessableError: no valid decision or no comment.
    """
    if not can_adjudicate(adjudicator):
        raise ForbiddenError("only leads and admins decide split scenarios")
    assert adjudicator.id is not None
    scenario = _locked_scenario(session, scenario_id)
    try:
        if scenario.audit_status != AuditStatus.SPLIT:
            raise ConflictError(
                f"scenario {scenario_id} is {scenario.audit_status}, not split; "
                "only a split is adjudicated"
            )
        if any(v.reviewer_id == adjudicator.id for v in _votes(session, scenario_id)):
            raise ForbiddenError("you reviewed this scenario; a third person decides the split")
        if decision not in DECISIONS:
            raise UnprocessableError("choose accept or reject", "decision")
        text = _check_comment(comment)
    except (ConflictError, ForbiddenError, UnprocessableError):
        session.rollback()
        raise
    row = AuditDecision(
        scenario_id=scenario_id, adjudicator_id=adjudicator.id, decision=decision, comment=text
    )
    session.add(row)
    scenario.audit_status = (
        AuditStatus.ACCEPTED if decision == Decision.ACCEPT else AuditStatus.REJECTED
    )
    session.add(scenario)
    try:
        session.commit()
    except IntegrityError as exc:
        session.rollback()
        raise ConflictError(f"scenario {scenario_id} is already decided") from exc
    return row


@dataclass(frozen=True)
class AuditQueueItem:
    """One scenario waiting for this reviewer's vote."""

    scenario_id: str
    title: str
    need_type: str
    environment_id: str
    num_events: int


def audit_queue(session: Session, reviewer: User) -> list[AuditQueueItem]:
    """Pending scenarios this reviewer has not voted on and fewer than two people have, by id.

    A scenario leaves everyone's queue once two reviewers voted, so work spreads across
    reviewers instead of piling up third votes.

    Raises:
        ForbiddenError: the user's role does not review scenarios.
    """
    if not can_review(reviewer):
        raise ForbiddenError("only leads, researchers and admins review scenarios")
    counts = (
        select(AuditVote.scenario_id, func.count().label("n"))
        .group_by(col(AuditVote.scenario_id))
        .subquery()
    )
    mine = select(AuditVote.scenario_id).where(AuditVote.reviewer_id == reviewer.id)
    scenarios = session.exec(
        select(Scenario)
        .outerjoin(counts, counts.c.scenario_id == col(Scenario.id))
        .where(
            Scenario.audit_status == AuditStatus.PENDING,
            func.coalesce(counts.c.n, 0) < 2,
            col(Scenario.id).not_in(mine),
        )
        .order_by(col(Scenario.id))
    ).all()
    return [
        AuditQueueItem(s.id, s.title, s.need_type, s.environment_id, s.num_events)
        for s in scenarios
    ]


def reviewed_by(session: Session, reviewer: User) -> list[tuple[AuditVote, Scenario]]:
    """The reviewer's own votes with their scenarios, newest first."""
    rows = session.exec(
        select(AuditVote, Scenario)
        .join(Scenario, col(Scenario.id) == col(AuditVote.scenario_id))
        .where(AuditVote.reviewer_id == reviewer.id)
        .order_by(col(AuditVote.created_at).desc(), col(AuditVote.id).desc())
    ).all()
    return [(vote, scenario) for vote, scenario in rows]


@dataclass(frozen=True)
class ShownVote:
    """A vote as shown on a page, with its reviewer's name."""

    vote: AuditVote
    reviewer: User
    mine: bool


@dataclass(frozen=True)
class ReviewItem:
    """What the review page shows for one scenario.

    `votes` holds only what this user may see: a lone vote is visible to its author alone, so a
    second reviewer never sees the first one's vote before casting their own.
    """

    scenario: Scenario
    environment: Environment
    votes: list[ShownVote]
    hidden_votes: int
    my_vote: AuditVote | None
    can_vote: bool
    decision: AuditDecision | None
    adjudicator: User | None


def load_review(session: Session, reviewer: User, scenario_id: str) -> ReviewItem:
    """A scenario for review, with the votes this user may see.

    Raises:
        ForbiddenError: the user's role does not review scenarios.
        NotFoundError: no such scenario.
    """
    if not can_review(reviewer):
        raise ForbiddenError("only leads, researchers and admins review scenarios")
    scenario = session.get(Scenario, scenario_id)
    if scenario is None:
        raise NotFoundError(f"scenario {scenario_id} does not exist")
    environment = session.get(Environment, scenario.environment_id)
    assert environment is not None
    votes = _votes(session, scenario_id)
    my_vote = next((v for v in votes if v.reviewer_id == reviewer.id), None)
    visible = votes if my_vote is not None or len(votes) >= 2 else []
    shown = []
    for v in visible:
        user = session.get(User, v.reviewer_id)
        assert user is not None
        shown.append(ShownVote(v, user, v.reviewer_id == reviewer.id))
    decision = session.exec(
        select(AuditDecision).where(AuditDecision.scenario_id == scenario_id)
    ).first()
    adjudicator = session.get(User, decision.adjudicator_id) if decision else None
    can_vote = my_vote is None and len(votes) < 2 and scenario.audit_status == AuditStatus.PENDING
    return ReviewItem(
        scenario=scenario,
        environment=environment,
        votes=shown,
        hidden_votes=len(votes) - len(visible),
        my_vote=my_vote,
        can_vote=can_vote,
        decision=decision,
        adjudicator=adjudicator,
    )


@dataclass(frozen=True)
class SplitItem:
    """A split scenario awaiting adjudication, with both votes."""

    scenario: Scenario
    votes: list[ShownVote]


def adjudication_queue(session: Session, adjudicator: User | None = None) -> list[SplitItem]:
    """Split scenarios without a decision, by id, each with both votes and their reviewers.

    Args:
        session: database session.
        adjudicator: when given, the scenarios this person voted on are left out (they may not
            decide them).
    """
    scenarios = session.exec(
        select(Scenario)
        .where(Scenario.audit_status == AuditStatus.SPLIT)
        .order_by(col(Scenario.id))
    ).all()
    decided = set(session.exec(select(AuditDecision.scenario_id)).all())
    items = []
    for scenario in scenarios:
        if scenario.id in decided:
            continue
        votes = _votes(session, scenario.id)
        if adjudicator is not None and any(v.reviewer_id == adjudicator.id for v in votes):
            continue
        shown = []
        for v in votes:
            user = session.get(User, v.reviewer_id)
            assert user is not None
            shown.append(ShownVote(v, user, False))
        items.append(SplitItem(scenario, shown))
    return items


@dataclass
class AuditStatistics:
    """Scenario audit outcomes in the shape of the paper's Table 6.

    Attributes:
        scenarios: all imported scenarios.
        unreviewed: scenarios without a vote; `one_vote`: waiting for their second vote.
        pairs: ``approve/approve``, ``approve/reject``, ``reject/reject`` → scenarios whose two
            votes form that pair.
        adjudicated: ``accepted`` / ``rejected`` → split scenarios decided that way.
        awaiting_adjudication: split scenarios not yet decided.
        criterion_failures: criterion key → votes that failed it (a vote counts once per
            criterion it fails). Only scenarios with both votes count: a lone vote must not be
            readable from the totals by the reviewer who casts the second.
        votes: all votes cast.
        accepted, rejected: final outcomes (agreement plus adjudication).
        agreement: fraction of two-vote scenarios whose reviewers agreed; None before any.
    """

    scenarios: int = 0
    unreviewed: int = 0
    one_vote: int = 0
    pairs: dict[str, int] = field(default_factory=lambda: dict.fromkeys(VOTE_PAIRS, 0))
    adjudicated: dict[str, int] = field(default_factory=lambda: {"accepted": 0, "rejected": 0})
    awaiting_adjudication: int = 0
    criterion_failures: dict[str, int] = field(default_factory=lambda: dict.fromkeys(CRITERIA, 0))
    votes: int = 0
    accepted: int = 0
    rejected: int = 0
    agreement: float | None = None


def audit_statistics(session: Session) -> AuditStatistics:
    """Counts of the scenario audit (paper Table 6): vote pairs, adjudications, criterion failures.

    Counted from the votes and decisions themselves, not from ``audit_status``.
    """
    stats = AuditStatistics()
    stats.scenarios = session.exec(select(func.count()).select_from(Scenario)).one()
    by_scenario: dict[str, list[AuditVote]] = {}
    for row in session.exec(select(AuditVote)).all():
        by_scenario.setdefault(row.scenario_id, []).append(row)
        stats.votes += 1
    failures: Counter[str] = Counter()
    for rows in by_scenario.values():
        if len(rows) >= 2:  # a lone vote's content stays private until the second is cast
            for row in rows:
                failures.update(key for key, mark in row.criteria.items() if mark == "fail")
    for key in CRITERIA:
        stats.criterion_failures[key] = failures[key]
    decisions = dict(session.exec(select(AuditDecision.scenario_id, AuditDecision.decision)).all())
    for scenario_id, rows in by_scenario.items():
        if len(rows) == 1:
            stats.one_vote += 1
            continue
        pair = "/".join(sorted(row.vote for row in rows))
        stats.pairs[pair] += 1
        if pair == "approve/approve":
            stats.accepted += 1
        elif pair == "reject/reject":
            stats.rejected += 1
        elif scenario_id in decisions:
            if decisions[scenario_id] == Decision.ACCEPT:
                stats.adjudicated["accepted"] += 1
                stats.accepted += 1
            else:
                stats.adjudicated["rejected"] += 1
                stats.rejected += 1
        else:
            stats.awaiting_adjudication += 1
    stats.unreviewed = stats.scenarios - len(by_scenario)
    paired = sum(stats.pairs.values())
    if paired:
        stats.agreement = (stats.pairs["approve/approve"] + stats.pairs["reject/reject"]) / paired
    return stats
