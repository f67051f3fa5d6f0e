"""The rubric judge's rule and the reading of a judge's reply (DESIGN §12), pure."""

from __future__ import annotations

import pytest

from app.judges.diagnosis import InvalidDiagnosis, parse_diagnosis
from app.judges.rubric import NoExpectation, rubric_diagnosis

# hm-01's checkpoint design, as seeded
HM01 = {
    "1": {"label": "premature", "expected": {"levels": ["L0"]}},
    "3": {"label": "premature", "expected": {"levels": ["L0"]}},
    "4": {
        "label": "window",
        "expected": {
            "levels": ["L1", "L2", "L3"],
            "commands": ["notify_user", "flag_email", "draft_email", "send_email"],
        },
    },
    "5": {
        "label": "window",
        "expected": {"levels": ["L2", "L3"], "commands": ["draft_email", "send_email"]},
    },
    "6": {
        "label": "belated",
        "expected": {"levels": ["L1", "L2", "L3"], "commands": ["notify_user", "send_email"]},
    },
}
RESTRAINT = {"1": {"label": "restraint", "expected": {"levels": ["L0"]}}}


def _d(design, t, level, command):  # type: ignore[no-untyped-def]
    d = rubric_diagnosis(design, t, level=level, command=command).as_dict()
    return (d["verdict"], d["level"], d["timing"], d["intensity"], d["other_issues"])


def test_expected_level_and_command_is_accepted() -> None:
    assert _d(HM01, 1, "L0", None) == ("accept", "L0", None, None, [])
    assert _d(HM01, 4, "L1", "notify_user") == ("accept", "L1", None, None, [])
    assert _d(HM01, 5, "L3", "send_email") == ("accept", "L3", None, None, [])
    assert _d(RESTRAINT, 1, "L0", None) == ("accept", "L0", None, None, [])


def test_no_action_where_help_is_due_is_inaction() -> None:
    assert _d(HM01, 4, "L0", None) == ("reject", "L0", None, None, [])
    assert _d(HM01, 6, "L0", None) == ("reject", "L0", None, None, [])


def test_action_at_a_premature_checkpoint_is_premature_with_the_window_as_reference() -> None:
    # the first window (t=4) allows L1-L3: an L1 is of the right intensity, only too early
    assert _d(HM01, 1, "L1", "notify_user") == ("reject", "L1", "premature", "appropriate", [])
    assert _d(HM01, 3, "L3", "send_email") == ("reject", "L3", "premature", "appropriate", [])


def test_too_little_at_a_window_is_insufficient() -> None:
    assert _d(HM01, 5, "L1", "notify_user") == ("reject", "L1", "appropriate", "insufficient", [])


def test_belated_checkpoint_and_restraint() -> None:
    assert _d(HM01, 6, "L2", "draft_email") == (
        "reject",
        "L2",
        "belated",
        "appropriate",
        [],
    )
    assert _d(RESTRAINT, 1, "L1", "notify_user") == (
        "reject",
        "L1",
        "appropriate",
        "excessive",
        [],
    )


def test_wrong_command_at_the_right_level_names_an_irrelevant_action() -> None:
    verdict, level, timing, intensity, issues = _d(HM01, 4, "L3", "pay_invoice")
    assert (verdict, level, timing, intensity) == ("reject", "L3", "appropriate", "appropriate")
    assert issues == [
        {
            "category": "irrelevant_action",
            "note": "pay_invoice is not among the expected commands "
            "(notify_user, flag_email, draft_email, send_email)",
        }
    ]


def test_a_checkpoint_without_design_cannot_be_judged() -> None:
    with pytest.raises(NoExpectation, match="checkpoint 2"):
        rubric_diagnosis(HM01, 2, level="L0", command=None)


def test_reply_is_read_around_reasoning_and_checked_by_the_rules() -> None:
    text = (
        "<think>hmm</think>Here you go:\n```json\n"
        '{"level": "L1", "verdict": "reject", "timing": "premature", '
        '"intensity": "appropriate", "other_issues": [], "rationale": "too early"}\n```'
    )
    judged = parse_diagnosis(text, has_action=True)
    assert judged.diagnosis.as_dict()["timing"] == "premature"
    assert judged.rationale == "too early"
    with pytest.raises(InvalidDiagnosis, match=r"^timing: an accepted response carries no"):
        parse_diagnosis(
            '{"level": "L1", "verdict": "accept", "timing": "premature"}', has_action=True
        )
    with pytest.raises(InvalidDiagnosis, match="level: the response took an action"):
        parse_diagnosis('{"level": "L0", "verdict": "accept"}', has_action=True)
    with pytest.raises(InvalidDiagnosis, match="unknown field"):
        parse_diagnosis('{"level": "L0", "verdict": "accept", "model": "x"}', has_action=False)
    with pytest.raises(InvalidDiagnosis, match="not valid JSON"):
        parse_diagnosis("accept, I think", has_action=False)
