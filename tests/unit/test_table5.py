"""Table 5 (construction pass rates) and Table 6 (audit) checked by hand on small fixtures."""

from __future__ import annotations

import pytest
from statsmodels.stats.proportion import proportion_confint

from app.annotation.audit import AuditStatistics
from app.metrics.table5 import CandidateOutcome, table5
from app.metrics.table6 import table6


def _ci(k: int, n: int) -> tuple[float, float]:
    low, high = proportion_confint(k, n, method="wilson")
    return (round(100 * low, 2), round(100 * high, 2))


def _c(created, vf, vF, rf, rF, nf, nF, accepted, revisions):  # type: ignore[no-untyped-def]
    return CandidateOutcome(created, vf, vF, rf, rF, nf, nF, accepted, revisions)


T, F, N = True, False, None
FIXTURE = [
    _c(T, T, T, T, T, T, T, True, 0),  # c1-c3: everything passes at once
    _c(T, T, T, T, T, T, T, True, 0),
    _c(T, T, T, T, T, T, T, True, 0),
    _c(T, T, T, T, T, F, T, True, 1),  # noise fixed on revision
    _c(T, T, T, F, T, T, T, True, 1),  # reviewer rejection, then approval
    _c(T, T, T, F, F, N, N, False, 3),  # the reviewer rejects every revision
    _c(T, F, T, T, T, T, T, True, 1),  # a validator finding fixed on revision
    _c(T, F, F, N, N, N, N, False, 2),  # findings remain
    _c(F, N, N, N, N, N, N, False, 0),  # malformed output twice
    _c(N, N, N, N, N, N, N, False, 0),  # never started (budget): not counted
]


def test_table5_by_hand() -> None:
    rows = {row.stage: row for row in table5(FIXTURE)}
    assert list(rows) == ["scenario_creator", "validator", "reviewer", "noise_validator", "overall"]
    creator = rows["scenario_creator"]
    assert (creator.n, creator.initial_pass, creator.initial_fail, creator.final_pass) == (
        9,
        8,
        1,
        8,
    )
    assert (creator.initial_pass_rate, creator.mean_revisions) == (88.89, 0.89)  # 8/9, 8/9
    validator = rows["validator"]
    assert (validator.n, validator.initial_pass, validator.initial_fail) == (8, 6, 2)
    assert (validator.initial_pass_rate, validator.initial_fail_rate) == (75.0, 25.0)
    assert validator.initial_pass_rate_ci == _ci(6, 8)
    assert (validator.final_pass, validator.final_pass_rate) == (7, 87.5)
    assert validator.mean_revisions == 1.0  # (1 + 1 + 3 + 1 + 2) / 8
    reviewer = rows["reviewer"]  # conditional on validator acceptance: c1-c7
    assert (reviewer.n, reviewer.initial_pass, reviewer.initial_fail) == (7, 5, 2)
    assert (reviewer.initial_pass_rate, reviewer.initial_fail_rate) == (71.43, 28.57)
    assert (reviewer.final_pass, reviewer.final_pass_rate) == (6, 85.71)
    assert reviewer.initial_pass_rate_ci == _ci(5, 7)
    assert reviewer.mean_revisions == 0.86  # 6 / 7
    noise = rows["noise_validator"]
    assert (noise.n, noise.initial_pass, noise.final_pass) == (6, 5, 6)
    assert (noise.initial_pass_rate, noise.initial_fail_rate, noise.final_pass_rate) == (
        83.33,
        16.67,
        100.0,
    )
    overall = rows["overall"]
    assert (overall.n, overall.initial_pass, overall.final_pass) == (8, 3, 6)
    assert (overall.initial_pass_rate, overall.final_pass_rate) == (37.5, 75.0)
    assert overall.final_pass_rate_ci == _ci(6, 8)


def test_table5_of_the_paper_shape() -> None:
    # paper Table 5: 568 candidates, 509 pass the validator, 400 of them the reviewer
    outcomes = (
        [_c(T, T, T, T, T, T, T, True, 0)] * 400
        + [_c(T, T, T, F, F, N, N, False, 0)] * 109
        + [_c(T, F, F, N, N, N, N, False, 0)] * 59
    )
    rows = {row.stage: row for row in table5(outcomes)}
    assert rows["validator"].initial_pass_rate == 89.61
    assert rows["reviewer"].initial_pass_rate == 78.59
    assert rows["overall"].final_pass_rate == 70.42


def test_table5_is_empty_without_started_candidates() -> None:
    assert table5([_c(N, N, N, N, N, N, N, False, 0)]) == []


def test_table6_by_hand() -> None:
    stats = AuditStatistics(
        scenarios=8,
        unreviewed=2,
        one_vote=1,
        pairs={"approve/approve": 2, "approve/reject": 2, "reject/reject": 1},
        adjudicated={"accepted": 1, "rejected": 0},
        awaiting_adjudication=1,
        criterion_failures={
            "causal_support": 2,
            "need_identity": 1,
            "timing_boundaries": 1,
            "retrieval_necessity": 0,
            "proportional_intensity": 0,
        },
        votes=11,
        accepted=3,
        rejected=1,
    )
    rows = {(r.group, r.item): r for r in table6(stats)}
    assert (rows["votes", "approve/approve"].count, rows["votes", "approve/approve"].of) == (2, 5)
    assert rows["votes", "approve/approve"].percent == 40.0
    assert rows["votes", "reject/reject"].percent == 20.0
    assert rows["votes", "reject/reject"].percent_ci == _ci(1, 5)
    assert (rows["adjudication", "accepted"].count, rows["adjudication", "accepted"].of) == (1, 2)
    assert rows["adjudication", "awaiting"].percent == 50.0
    assert rows["outcome", "accepted"].percent == 60.0
    assert (
        rows["criterion", "causal_support"].of,
        rows["criterion", "causal_support"].percent,
    ) == (
        10,
        20.0,
    )
    assert len(rows) == 3 + 3 + 2 + 5


@pytest.mark.parametrize("pairs", [{"approve/approve": 0, "approve/reject": 0, "reject/reject": 0}])
def test_table6_is_empty_before_two_votes(pairs: dict[str, int]) -> None:
    assert table6(AuditStatistics(pairs=pairs)) == []
