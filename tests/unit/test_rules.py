"""The response-diagnosis rules of DESIGN.md §7."""

from __future__ import annotations

import pytest

from app.annotation.rules import DiagnosisError, check_diagnosis, visible_fields


def test_accepted_response_carries_nothing_else() -> None:
    d = check_diagnosis("L2", "accept")
    assert d.as_dict() == {
        "level": "L2",
        "verdict": "accept",
        "timing": None,
        "intensity": None,
        "inaction": False,
        "other_issues": [],
    }


@pytest.mark.parametrize(
    "field,kwargs",
    [
        ("timing", {"timing": "premature"}),
        ("intensity", {"intensity": "excessive"}),
        ("other_issues", {"other_issues": [{"category": "other", "note": "x"}]}),
    ],
)
def test_accepted_response_refuses_diagnosis_fields(field: str, kwargs: dict) -> None:
    with pytest.raises(DiagnosisError) as info:
        check_diagnosis("L1", "accept", **kwargs)
    assert info.value.field == field


def test_rejected_l0_is_inaction_without_timing() -> None:
    d = check_diagnosis("L0", "reject")
    assert d.inaction is True and d.timing is None and d.intensity is None
    with pytest.raises(DiagnosisError) as info:
        check_diagnosis("L0", "reject", timing="belated")
    assert info.value.field == "timing"


def test_accepted_l0_is_not_inaction() -> None:
    assert check_diagnosis("L0", "accept").inaction is False


@pytest.mark.parametrize("missing", ["timing", "intensity"])
def test_rejected_intervention_needs_timing_and_intensity(missing: str) -> None:
    values = {"timing": "premature", "intensity": "excessive"}
    values[missing] = ""
    with pytest.raises(DiagnosisError) as info:
        check_diagnosis("L3", "reject", **values)
    assert info.value.field == missing


def test_rejected_with_both_appropriate_needs_an_other_issue() -> None:
    with pytest.raises(DiagnosisError) as info:
        check_diagnosis("L1", "reject", timing="appropriate", intensity="appropriate")
    assert info.value.field == "other_issues"
    d = check_diagnosis(
        "L1",
        "reject",
        timing="appropriate",
        intensity="appropriate",
        other_issues=[{"category": "factual_contradiction", "note": " wrong date "}],
    )
    assert d.other_issues == (("factual_contradiction", "wrong date"),)


def test_other_issue_needs_a_note_and_a_known_category() -> None:
    with pytest.raises(DiagnosisError) as info:
        check_diagnosis("L0", "reject", other_issues=[{"category": "other", "note": "  "}])
    assert info.value.field == "other_issues[0].note"
    with pytest.raises(DiagnosisError) as info:
        check_diagnosis("L0", "reject", other_issues=[{"category": "rude", "note": "x"}])
    assert info.value.field == "other_issues[0].category"
    with pytest.raises(DiagnosisError) as info:
        check_diagnosis(
            "L2",
            "reject",
            timing="belated",
            intensity="appropriate",
            other_issues=[{"category": "other", "note": "a"}, {"category": "other", "note": "b"}],
        )
    assert info.value.field == "other_issues[1].category"


def test_premature_excessive_rejection() -> None:
    d = check_diagnosis("L3", "reject", timing="premature", intensity="excessive")
    assert (d.level, d.verdict, d.timing, d.intensity, d.inaction) == (
        "L3",
        "reject",
        "premature",
        "excessive",
        False,
    )


@pytest.mark.parametrize(
    "level,verdict", [("L4", "accept"), (None, "accept"), ("L1", "maybe"), ("L1", None)]
)
def test_level_and_verdict_are_required(level: str, verdict: str) -> None:
    with pytest.raises(DiagnosisError):
        check_diagnosis(level, verdict)


@pytest.mark.parametrize(
    "level,verdict,expected",
    [
        ("L3", None, set()),
        ("L3", "accept", set()),
        ("L3", "reject", {"timing", "intensity", "other_issues"}),
        ("L1", "reject", {"timing", "intensity", "other_issues"}),
        ("L0", "reject", {"other_issues"}),
        ("L0", "accept", set()),
    ],
)
def test_visible_fields_follow_the_rules(level: str, verdict: str, expected: set) -> None:
    assert visible_fields(level, verdict) == expected


def test_fields_are_named_by_their_form_labels() -> None:
    from app.annotation.rules import ISSUE_LABELS, field_label

    assert field_label("other_issues") == "Other issues"
    assert field_label("other_issues[1].note") == "Other issues"
    assert field_label("timing") == "Timing"
    assert field_label("seconds_spent") == "Seconds spent"
    assert ISSUE_LABELS["factual_contradiction"] == "factual contradiction"
    with pytest.raises(DiagnosisError) as info:
        check_diagnosis(
            "L1", "reject", "belated", "excessive", [{"category": "irrelevant_action", "note": ""}]
        )
    # str() keeps the field's name for scripts; the message and label are for the page
    assert str(info.value) == "other_issues[0].note: irrelevant action needs a written note"
    assert (info.value.label, info.value.message) == (
        "Other issues",
        "irrelevant action needs a written note",
    )


@pytest.mark.parametrize(
    "answers,required",
    [
        (("L1", "reject", "appropriate", "appropriate"), True),
        (("L3", "reject", "appropriate", "appropriate"), True),
        (("L0", "reject", None, None), False),
        (("L2", "reject", "appropriate", "excessive"), False),
        (("L2", "accept", "appropriate", "appropriate"), False),
    ],
)
def test_other_issues_required_exactly_where_check_diagnosis_requires_one(
    answers: tuple, required: bool
) -> None:
    from app.annotation.rules import other_issues_required

    assert other_issues_required(*answers) is required
    if answers[1] == "reject":
        try:
            check_diagnosis(*answers)
            refused = False
        except DiagnosisError as exc:
            refused = exc.field == "other_issues"
        assert refused is required
