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


# hm-01 window 4 with content: a reminder must name the motor type and the cut-off; the email
# must go to the electrician (not the client's own address), naming the motor type
CONTENT = {
    "1": {"label": "premature", "expected": {"levels": ["L0"]}},
    "4": {
        "label": "window",
        "expected": {
            "levels": ["L1", "L3"],
            "commands": ["notify_user", "send_email"],
            "accept": [
                {
                    "level": "L1",
                    "commands": ["notify_user"],
                    "evidence": [["RT-M 20/17 PA"], ["10 March", "Tuesday"]],
                },
                {
                    "level": "L3",
                    "commands": ["send_email"],
                    "evidence": [["RT-M 20/17 PA"]],
                    "args": [
                        {
                            "arg": "to",
                            "one_of": ["jens.maurer@elektro-maurer.example"],
                            "note": "the motor type goes to the electrician",
                        }
                    ],
                    "forbidden": [
                        {
                            "mentions": ["RT-2012-04-66190"],
                            "intensity": "excessive",
                            "issue": None,
                            "note": "the serial number is not needed",
                        }
                    ],
                },
            ],
        },
    },
    "5": {"label": "window", "expected": {"levels": ["L3"], "commands": ["send_email"]}},
}
GOOD_EMAIL = {"to": ["jens.maurer@elektro-maurer.example"], "body": "It is an RT-M 20/17 PA."}


def _c(t: int, level: str, command: str | None, args: dict | None = None) -> tuple:  # type: ignore[type-arg]
    d = rubric_diagnosis(CONTENT, t, level=level, command=command, args=args).as_dict()
    return (d["verdict"], d["timing"], d["intensity"], [i["category"] for i in d["other_issues"]])


def test_help_that_names_the_evidence_is_accepted() -> None:
    notify = {"message": "Jens needs the motor type rt-m 20/17 pa before Tuesday 12:00"}
    assert _c(4, "L1", "notify_user", notify) == ("accept", None, None, [])
    assert _c(4, "L3", "send_email", GOOD_EMAIL) == ("accept", None, None, [])


def test_a_generic_reminder_is_unsupported_by_evidence() -> None:
    generic = {"message": "You may want to look at your latest email."}
    assert _c(4, "L1", "notify_user", generic) == (
        "reject",
        "appropriate",
        "appropriate",
        ["unsupported_by_evidence"],
    )
    d = rubric_diagnosis(CONTENT, 4, level="L1", command="notify_user", args=generic).as_dict()
    assert "'RT-M 20/17 PA'" in d["other_issues"][0]["note"]
    assert "1 more" in d["other_issues"][0]["note"]  # the deadline is missing too
    # one group named, the other not: still unsupported
    half = {"message": "the motor is an RT-M 20/17 PA"}
    assert _c(4, "L1", "notify_user", half)[3] == ["unsupported_by_evidence"]


def test_wrong_recipient_and_forbidden_mention_get_their_diagnosis() -> None:
    to_self = {**GOOD_EMAIL, "to": ["clara.weiss@example.org"]}
    assert _c(4, "L3", "send_email", to_self) == (
        "reject",
        "appropriate",
        "appropriate",
        ["factual_contradiction"],
    )
    oversharing = {**GOOD_EMAIL, "body": "RT-M 20/17 PA, serial RT-2012-04-66190"}
    assert _c(4, "L3", "send_email", oversharing) == ("reject", "appropriate", "excessive", [])


def test_l1_where_the_window_lists_none_is_insufficient() -> None:
    notify = {"message": "Jens needs the motor type RT-M 20/17 PA by Tuesday"}
    assert _c(5, "L1", "notify_user", notify) == ("reject", "appropriate", "insufficient", [])
