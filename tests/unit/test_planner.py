"""The pure assignment planner (DESIGN.md §7 paired protocol): expectations worked out by hand."""

from __future__ import annotations

import math
from collections import defaultdict

import pytest

from app.annotation.planner import (
    Candidate,
    PlannedAssignment,
    PlanOptions,
    overlap_checkpoints,
    plan_assignments,
)
from app.errors import UnprocessableError


def _candidates(sizes: dict[str, int]) -> list[Candidate]:
    """`sizes[s]` responses of scenario `s`, one per checkpoint t = 1..n, ids ``s/t``."""
    return [Candidate(f"{s}/{t}", s, t) for s, n in sizes.items() for t in range(1, n + 1)]


def _owners(assignments: tuple[PlannedAssignment, ...], kind: str) -> dict[str, set[int]]:
    owners: dict[str, set[int]] = defaultdict(set)
    for planned in assignments:
        if planned.kind == kind:
            owners[planned.scenario_id].add(planned.annotator_id)
    return dict(owners)


def test_scenarios_go_whole_largest_first_to_the_least_loaded() -> None:
    # a(5) → 1 (5, 0); b(4) → 2 (5, 4); c(3) → 2 (5, 7); d(2) → 1 (7, 7)
    plan = plan_assignments(
        _candidates({"a": 5, "b": 4, "c": 3, "d": 2}), PlanOptions((1, 2)), primary_holders={}
    )
    assert plan.primary == {"a": 1, "b": 2, "c": 2, "d": 1}
    assert _owners(plan.assignments, "primary") == {"a": {1}, "b": {2}, "c": {2}, "d": {1}}
    assert len(plan.assignments) == 14 and {p.kind for p in plan.assignments} == {"primary"}
    assert plan.load() == {1: 7, 2: 7}
    assert plan.overlap == {} and plan.sample == ()


def test_ties_go_by_the_order_the_annotators_were_chosen_in() -> None:
    candidates = _candidates({"x": 2, "y": 2})
    assert plan_assignments(candidates, PlanOptions((9, 3)), primary_holders={}).primary == {
        "x": 9,
        "y": 3,
    }
    assert plan_assignments(candidates, PlanOptions((3, 9)), primary_holders={}).primary == {
        "x": 3,
        "y": 9,
    }


def test_a_scenario_keeps_its_annotator_in_the_phase() -> None:
    candidates = _candidates({"a": 3, "b": 3, "c": 2})
    # a stays with 7 though 7 is not chosen now; b(3) → 1, c(2) → 2; holders of scenarios
    # without candidates play no part
    plan = plan_assignments(candidates, PlanOptions((1, 2)), primary_holders={"a": 7, "zz": 5})
    assert plan.primary == {"a": 7, "b": 1, "c": 2}
    assert plan.load() == {7: 3, 1: 3, 2: 2}
    # a chosen holder's kept scenario counts in the balance: 1 starts at 3; b(3) → 2 (3, 3);
    # c(2) → 1 on the tie (5, 3)
    plan = plan_assignments(candidates, PlanOptions((1, 2)), primary_holders={"a": 1})
    assert plan.primary == {"a": 1, "b": 2, "c": 1}
    assert plan.load() == {1: 5, 2: 3}


def test_overlap_goes_to_a_different_annotator_fixed_per_scenario() -> None:
    # primary: a(3) → 1 (3,0,0), b(2) → 2 (3,2,0), c(1) → 3 (3,2,1); overlap of everything:
    # a(3) among 2, 3 → 3 (3,2,4); b(2) among 1, 3 → 1 (5,2,4); c(1) among 1, 2 → 2 (5,3,4)
    candidates = _candidates({"a": 3, "b": 2, "c": 1})
    plan = plan_assignments(
        candidates, PlanOptions((1, 2, 3), overlap_share=1.0, seed=4), primary_holders={}
    )
    assert plan.primary == {"a": 1, "b": 2, "c": 3}
    assert plan.overlap == {"a": 3, "b": 1, "c": 2}
    assert plan.sample == (("a", 1), ("a", 2), ("a", 3), ("b", 1), ("b", 2), ("c", 1))
    assert _owners(plan.assignments, "overlap") == {"a": {3}, "b": {1}, "c": {2}}
    kinds: dict[str, dict[str, int]] = defaultdict(dict)
    for planned in plan.assignments:
        kinds[planned.response_id][planned.kind] = planned.annotator_id
    assert set(kinds) == {c.response_id for c in candidates}
    assert all(k["primary"] != k["overlap"] for k in kinds.values())  # two different people
    assert plan.load() == {1: 5, 2: 3, 3: 4}
    # primary items first, then overlap ones
    assert [p.kind for p in plan.assignments] == ["primary"] * 6 + ["overlap"] * 6


def test_overlap_holders_kept_unless_deactivated_or_the_primary_annotator() -> None:
    # primary holders a, b → 1 and c → 2 (loads 2, 1); overlap holder of a (5) is kept; b's (6)
    # is deactivated: b goes to 2 (2, 2); c's (2) is its primary annotator: c goes to 1 (3, 2)
    plan = plan_assignments(
        _candidates({"a": 1, "b": 1, "c": 1}),
        PlanOptions((1, 2), overlap_share=1.0),
        primary_holders={"a": 1, "b": 1, "c": 2},
        overlap_holders={"a": 5, "b": 6, "c": 2},
        inactive={6},
    )
    assert plan.primary == {"a": 1, "b": 1, "c": 2}
    assert plan.overlap == {"a": 5, "b": 2, "c": 1}
    assert plan.load() == {1: 3, 2: 2, 5: 1}


def test_nobody_gets_a_response_they_already_hold() -> None:
    # 1 holds a/1 already (an overlap item left after its primary was released)
    plan = plan_assignments(
        _candidates({"a": 2}), PlanOptions((1,)), primary_holders={}, held={("a/1", 1)}
    )
    assert plan.primary == {"a": 1}
    assert plan.assignments == (PlannedAssignment("a/2", "a", 1, "primary"),)


def test_the_plan_depends_on_the_seed_not_on_the_listing_order() -> None:
    candidates = _candidates({f"s{i:02d}": 3 for i in range(10)})
    options = PlanOptions((1, 2, 3), overlap_share=0.3, seed=42)
    plan = plan_assignments(candidates, options, primary_holders={})
    again = plan_assignments(list(reversed(candidates)), options, primary_holders={})
    assert (again.primary, again.overlap, again.sample) == (plan.primary, plan.overlap, plan.sample)
    assert set(again.assignments) == set(plan.assignments)
    assert len(plan.sample) == 9  # round(0.3 · 30)
    assert plan.sample == tuple(
        overlap_checkpoints(((c.scenario_id, c.t) for c in candidates), 0.3, 42)
    )
    other = plan_assignments(
        candidates, PlanOptions((1, 2, 3), overlap_share=0.3, seed=43), primary_holders={}
    )
    assert other.sample != plan.sample


def test_overlap_sample_is_reproducible_by_seed() -> None:
    points = [(f"s-{i:02d}", t) for i in range(20) for t in (1, 2, 3)]
    first = overlap_checkpoints(points, 0.1, 5)
    assert first == overlap_checkpoints(list(reversed(points)), 0.1, 5)  # order-free
    assert len(first) == 6
    assert first != overlap_checkpoints(points, 0.1, 6)
    assert overlap_checkpoints(points, 0.0, 5) == []
    assert len(overlap_checkpoints(points[:3], 0.01, 5)) == 1  # some overlap when asked


def test_no_candidates_no_plan() -> None:
    plan = plan_assignments([], PlanOptions((1, 2), overlap_share=0.5), primary_holders={"a": 1})
    assert (plan.assignments, plan.primary, plan.overlap, plan.sample) == ((), {}, {}, ())


@pytest.mark.parametrize(
    ("annotators", "share", "field", "message"),
    [
        ((), 0.0, "annotators", "at least one annotator"),
        ((1,), 0.2, "overlap_share", "two annotators"),
        ((1, 1), 0.2, "overlap_share", "two annotators"),  # the same person twice is one
        ((1, 2), 1.5, "overlap_share", "between 0 and 1"),
        ((1, 2), -0.1, "overlap_share", "between 0 and 1"),
        ((1, 2), math.nan, "overlap_share", "between 0 and 1"),
    ],
)
def test_options_are_checked(
    annotators: tuple[int, ...], share: float, field: str, message: str
) -> None:
    with pytest.raises(UnprocessableError, match=message) as refused:
        PlanOptions(annotators, overlap_share=share)
    assert refused.value.field == field


def test_duplicate_annotators_are_dropped_in_order() -> None:
    assert PlanOptions((2, 1, 2)).annotators == (2, 1)


def test_contract_breaches_are_programming_errors() -> None:
    with pytest.raises(ValueError, match="listed twice"):
        plan_assignments(
            [Candidate("r", "a", 1), Candidate("r", "a", 1)], PlanOptions((1,)), primary_holders={}
        )
    with pytest.raises(ValueError, match="deactivated"):
        plan_assignments(
            _candidates({"a": 1}), PlanOptions((1,)), primary_holders={"a": 6}, inactive={6}
        )
