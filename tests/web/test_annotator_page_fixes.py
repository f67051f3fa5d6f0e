"""Annotator page fixes (issue 17, item 8): the Other-issues legend says when it is required,
errors name fields by their labels, and the stale-tab box shows labels and the other tab's notes."""

from __future__ import annotations

import html
import re

import pytest
from sqlmodel import Session

from app.annotation.service import annotator_queue, assign_scenarios_paired
from app.models import Response
from tests.factories import make_run, make_user


@pytest.fixture
def l3_item(session: Session):
    make_run(session, scenario_ids=["hm-01"])
    annotator = make_user(session)
    assign_scenarios_paired(session, annotator_ids=[annotator.id])
    for item in annotator_queue(session, annotator):
        if session.get(Response, item.response_id).level_predicted == "L3":
            return annotator, item.response_id
    raise AssertionError("no L3 item")


def _alert(text: str) -> str:
    match = re.search(r'role="alert"[^>]*>([^<]+)<', text)
    assert match, "no error shown"
    return html.unescape(match.group(1))


def _hint(text: str, which: str) -> str:
    match = re.search(rf'<small data-issues-hint="{which}"([^>]*)>', text)
    assert match, f"no {which} hint"
    return match.group(1)


def _post(browser, response_id: str, **form: object):
    return browser.client.post(
        f"/annotate/{response_id}",
        data={"csrf_token": browser.token, "version": "", **form},
        follow_redirects=False,
    )


def test_legend_says_required_when_timing_and_intensity_are_appropriate(
    make_browser, l3_item
) -> None:
    annotator, item = l3_item
    browser = make_browser()
    browser.login(annotator.username)
    page = browser.client.get(f"/annotate/{item}").text
    assert "hidden" not in _hint(page, "optional") and "hidden" in _hint(page, "required")
    refused = _post(
        browser, item, level="L3", verdict="reject", timing="appropriate", intensity="appropriate"
    )
    assert refused.status_code == 422
    assert "hidden" in _hint(refused.text, "optional")
    assert "hidden" not in _hint(refused.text, "required")
    # the page's table of answers that need an issue comes from the rules
    required = re.search(r"data-required-when='([^']*)'", refused.text)
    assert required and html.unescape(required.group(1)) == (
        '["L1|reject|appropriate|appropriate", "L2|reject|appropriate|appropriate", '
        '"L3|reject|appropriate|appropriate"]'
    )


@pytest.mark.parametrize(
    "form,message",
    [
        (
            {"timing": "appropriate", "intensity": "appropriate"},
            "Other issues: a rejected response with appropriate timing and intensity must name "
            "at least one other issue",
        ),
        (
            {"timing": "belated", "intensity": "excessive", "other_issue": "factual_contradiction"},
            "Other issues: factual contradiction needs a written note",
        ),
        (
            {"timing": "belated", "intensity": "excessive", "note_irrelevant_action": "why"},
            "Other issues: a note is written for irrelevant action but the issue is not ticked",
        ),
        ({"intensity": "excessive"}, "Timing: a rejected L1–L3 needs timing"),
        ({"timing": "belated"}, "Intensity: a rejected L1–L3 needs intensity"),
    ],
)
def test_errors_name_the_field_by_its_label(make_browser, l3_item, form, message) -> None:
    annotator, item = l3_item
    browser = make_browser()
    browser.login(annotator.username)
    refused = _post(browser, item, level="L3", verdict="reject", **form)
    assert refused.status_code == 422
    alert = _alert(refused.text)
    assert alert.startswith(message), alert
    assert "other_issues" not in alert and "_" not in alert


def test_stale_tab_box_shows_labels_and_the_other_tabs_notes(make_browser, l3_item) -> None:
    annotator, item = l3_item
    other_tab, this_tab = make_browser(), make_browser()
    other_tab.login(annotator.username)
    this_tab.login(annotator.username)
    saved = _post(
        other_tab,
        item,
        level="L3",
        verdict="reject",
        timing="premature",
        intensity="excessive",
        other_issue=["unsupported_by_evidence", "factual_contradiction"],
        note_unsupported_by_evidence="No message mentions the boiler.",
        note_factual_contradiction="The payment is due on the 3rd, not the 13th.",
    )
    assert saved.status_code == 303
    stale = _post(this_tab, item, level="L3", verdict="accept")
    assert stale.status_code == 409
    box = re.search(r'<div class="note" id="stored-version">(.*?)</div>', stale.text, re.S)
    assert box
    text = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", box.group(1))))
    for shown in (
        "Level L3",
        "Verdict reject",
        "Timing premature",
        "Intensity excessive",
        "Other issues: unsupported by evidence No message mentions the boiler.",
        "Other issues: factual contradiction The payment is due on the 3rd, not the 13th.",
    ):
        assert shown in text, text
    assert "unsupported_by_evidence" not in text and "factual_contradiction" not in text
    # the annotator's own answers stay in the form
    assert re.search(r'name="verdict" value="accept" data-key="a" checked', stale.text)
