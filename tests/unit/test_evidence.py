"""Evidence matching (DESIGN §4, "Acceptance needs content"): values worked out by hand."""

from __future__ import annotations

import pytest

from app.arena.evidence import (
    HELP_TEXT_LIMIT,
    contains,
    entry_failure,
    help_text,
    missing_groups,
    names_any,
    normalise,
    same_value,
)


@pytest.mark.parametrize(
    ("text", "normal"),
    [
        ("EUR 1,234.50", "eur 1234.5"),  # English grouping, decimal point
        ("1.234,50 €", "1234.5 €"),  # German grouping, decimal comma
        ("1\u00a0234,50", "1234.5"),  # French: no-break space between groups
        ("85.00", "85"),
        ("0,5 l", "0.5 l"),
        ("10.000 km", "10000 km"),
        ("Zürich  Straße", "zurich strasse"),  # accents folded, ß case-folded, spaces joined
        ("RT-M 20/17 PA", "rt-m 20/17 pa"),  # not a number format: unchanged but for case
        ("2026-03-10 12:00", "2026-03-10 12:00"),
    ],
)
def test_normalise(text: str, normal: str) -> None:
    assert normalise(text) == normal


def test_numbers_match_whole_numbers_only() -> None:
    assert contains("the call-out costs EUR 85.00", "85")
    assert contains("Betrag: 1.234,50 EUR", "1,234.50")
    assert not contains("invoice EUR 1,850.00", "85")  # 85 is not in 1850
    assert not contains("EUR 85,50", "85")  # 85.5 is not 85
    assert not contains("room 185", "85")
    assert not contains("anything", "   ")  # a blank needle is never found


def test_missing_groups_need_one_alternative_each() -> None:
    text = "Motor type Rolltec RT-M 20/17 PA; please order by Tuesday noon."
    groups = [["rt-m 20/17 pa"], ["10 March", "Tuesday"], ["EUR 85", "85.00"]]
    assert missing_groups(text, groups) == [2]
    assert missing_groups(text, groups[:2]) == []


def test_help_text_reads_what_a_person_reads_not_keys_addresses_or_ids() -> None:
    args = {"to": ["jens@example.org"], "subject": "Motor", "amount_minor": 8500, "cc": []}
    assert help_text(args) == "Motor\n8500"
    assert not contains(help_text(args), "subject")
    hidden = {"message": "check the cellar", "evidence": ["shelf 3, top"]}  # ids, not words
    assert help_text(hidden) == "check the cellar"
    assert help_text({"message_id": "msg-1", "note": "RT-M 20/17 PA", "reply_to": "x"}) == (
        "RT-M 20/17 PA"
    )


def test_a_constraint_on_a_list_argument_needs_every_item_allowed() -> None:
    assert same_value(["Jens@Example.org"], ["jens@example.org", "clara@example.org"])
    assert not same_value(["a@x.org", "Jens@Example.org"], ["jens@example.org"])  # a stranger
    assert not same_value(["a@x.org"], ["jens@example.org"])
    assert not same_value([], ["jens@example.org"])  # nobody is not the right person
    assert same_value(8500, [8500])
    assert not same_value(None, ["x"])
    # a forbidden recipient anywhere in the list is enough to make help wrong
    assert names_any(["a@x.org", "Jens@Example.org"], ["jens@example.org"])
    assert not names_any(["a@x.org"], ["jens@example.org"])


def test_help_that_pastes_past_the_text_limit_is_not_accepted_whatever_it_names() -> None:
    entry = {"level": "L1", "evidence": [["RT-M 20/17 PA"]]}
    short = {"message": "Jens needs the motor type: RT-M 20/17 PA."}
    assert entry_failure(entry, "notify_user", short) is None
    pasted = {"message": short["message"] + " " + "x" * HELP_TEXT_LIMIT}
    intensity, issues = entry_failure(entry, "notify_user", pasted) or ("", [])
    assert intensity == "appropriate" and [i["category"] for i in issues] == ["other"]
    assert f"{41 + 1 + HELP_TEXT_LIMIT:,} characters" in issues[0]["note"]  # 41 + a space
