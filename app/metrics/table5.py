"""Paper Table 5: pass and fail rates of the construction pipeline's stages (DESIGN.md §11).

Paper: of 568 candidates the validator passed 89.61 % at once, the reviewer 78.59 % of those
the validator accepted, and 70.42 % passed overall. The pure part (:func:`table5`) works on
one :class:`CandidateOutcome` per scenario candidate; :func:`candidate_outcomes` reads them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sqlmodel import Session, col, select

from app.metrics.record import Record
from app.metrics.stats import Interval, rate
from app.models import CandidateRevision, GenerationCandidate

TABLE5_COLUMNS: tuple[str, ...] = (
    "stage",
    "n",
    "initial_pass",
    "initial_pass_rate",
    "initial_pass_rate_ci",
    "initial_fail",
    "initial_fail_rate",
    "initial_fail_rate_ci",
    "final_pass",
    "final_pass_rate",
    "final_pass_rate_ci",
    "mean_revisions",
)


@dataclass(frozen=True, slots=True)
class CandidateOutcome:
    """How far one scenario candidate got.

    Attributes:
        created: the Scenario Creator produced an output of its schema (False: malformed output
            or an endpoint failure before any), None when the candidate never started.
        validator_first / validator_final: the first validator check passed / it passed in
            the end; None when not reached (likewise reviewer and noise).
        accepted: the candidate became a scenario pending the human audit.
        revisions: creator outputs after the first.
    """

    created: bool | None
    validator_first: bool | None
    validator_final: bool | None
    reviewer_first: bool | None
    reviewer_final: bool | None
    noise_first: bool | None
    noise_final: bool | None
    accepted: bool
    revisions: int


@dataclass(frozen=True, slots=True)
class Table5Row(Record):
    """One stage of Table 5.

    Attributes:
        stage: ``scenario_creator``, ``validator``, ``reviewer``, ``noise_validator`` or
            ``overall``.
        n: candidates that reached the stage (the reviewer's: those the validator accepted;
            overall: those that reached the validator).
        initial_pass / initial_fail (with rates in % of n and Wilson 95% intervals): the first
            check passed / failed (overall: every stage passed at its first check).
        final_pass (rate, interval): passed in the end, after revisions (overall: accepted
            into the audit).
        mean_revisions: mean creator revisions of the stage's candidates; None when n is 0.
    """

    stage: str
    n: int
    initial_pass: int
    initial_pass_rate: float | None
    initial_pass_rate_ci: Interval | None
    initial_fail: int
    initial_fail_rate: float | None
    initial_fail_rate_ci: Interval | None
    final_pass: int
    final_pass_rate: float | None
    final_pass_rate_ci: Interval | None
    mean_revisions: float | None


def _row(stage: str, group: Sequence[CandidateOutcome], first: int, final: int) -> Table5Row:
    n = len(group)
    revisions = round(sum(c.revisions for c in group) / n, 2) if n else None
    return Table5Row(
        stage,
        n,
        first,
        *rate(first, n),
        n - first,
        *rate(n - first, n),
        final,
        *rate(final, n),
        revisions,
    )


def table5(outcomes: Iterable[CandidateOutcome]) -> list[Table5Row]:
    """Table 5 of the scenario candidates (paper Table 5; DESIGN §11).

    Args:
        outcomes: one per scenario candidate.

    Returns:
        Rows ``scenario_creator`` (a schema-valid output at once / at all), ``validator``,
        ``reviewer`` (conditional on validator acceptance), ``noise_validator`` and ``overall``;
        nothing when no candidate started.
    """
    started = [c for c in outcomes if c.created is not None]
    if not started:
        return []
    validated = [c for c in started if c.validator_first is not None]
    reviewed = [c for c in validated if c.reviewer_first is not None]
    noised = [c for c in reviewed if c.noise_first is not None]
    return [
        _row(
            "scenario_creator",
            started,
            sum(1 for c in started if c.created),
            len(validated),
        ),
        _row(
            "validator",
            validated,
            sum(1 for c in validated if c.validator_first),
            sum(1 for c in validated if c.validator_final),
        ),
        _row(
            "reviewer",
            reviewed,
            sum(1 for c in reviewed if c.reviewer_first),
            sum(1 for c in reviewed if c.reviewer_final),
        ),
        _row(
            "noise_validator",
            noised,
            sum(1 for c in noised if c.noise_first),
            sum(1 for c in noised if c.noise_final),
        ),
        _row(
            "overall",
            validated,
            sum(1 for c in validated if c.validator_first and c.reviewer_first and c.noise_first),
            sum(1 for c in validated if c.accepted),
        ),
    ]


def candidate_outcomes(session: Session, job_id: int | None = None) -> list[CandidateOutcome]:
    """Every scenario candidate's outcome (of one job, or of all).

    `created` is read from the candidate's Scenario Creator steps: None without any, True when
    the first one gave an output of the schema (a malformed first reply corrected at once
    counts as created: the stage passed), False otherwise.
    """
    query = select(GenerationCandidate).where(GenerationCandidate.kind == "scenario")
    if job_id is not None:
        query = query.where(GenerationCandidate.job_id == job_id)
    rows = list(session.exec(query.order_by(col(GenerationCandidate.id))))
    first_creator: dict[int, bool] = {}
    ids = [row.id for row in rows if row.id is not None]
    if ids:
        for candidate_id, passed in session.exec(
            select(CandidateRevision.candidate_id, CandidateRevision.passed)
            .where(
                col(CandidateRevision.candidate_id).in_(ids),
                CandidateRevision.stage == "scenario_creator",
                CandidateRevision.round == 0,
            )
            .order_by(col(CandidateRevision.id))
        ):
            first_creator.setdefault(candidate_id, passed)
    return [
        CandidateOutcome(
            created=first_creator.get(row.id) if row.id is not None else None,
            validator_first=row.validator_first_pass,
            validator_final=row.validator_passed,
            reviewer_first=row.reviewer_first_pass,
            reviewer_final=row.reviewer_passed,
            noise_first=row.noise_first_pass,
            noise_final=row.noise_passed,
            accepted=row.status == "accepted",
            revisions=row.revisions,
        )
        for row in rows
    ]
