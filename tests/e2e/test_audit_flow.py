"""In headless Chromium: two reviewers split on a scenario (the second never sees the first vote),
a lead adjudicates it, and the Table 6 counts show the outcome."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from sqlmodel import select

from app.db import session_scope
from app.models import AuditDecision, AuditVote, Scenario
from app.users.service import create_user
from tests.e2e.helpers import login

pytestmark = pytest.mark.e2e

FIRST_COMMENT = "Sound: the frost warning and the open tap make the need clear."


@pytest.fixture
def reviewers(live_db: str) -> None:
    with session_scope() as session:
        create_user(session, username="rev1", password="rev1-password", role="researcher")
        create_user(session, username="rev2", password="rev2-password", role="researcher")
        create_user(session, username="boss", password="boss-password", role="lead")
        create_user(session, username="ann", password="ann-password", role="annotator")


def logout(page: Page) -> None:
    page.get_by_role("button", name="Log out").click()
    page.wait_for_url(lambda url: "/login" in url)


def test_split_audit_and_adjudication(page: Page, live_server: str, reviewers: None) -> None:
    # First reviewer: keyboard only, approving ed-01.
    login(page, live_server, "rev1", "rev1-password")
    page.goto(f"{live_server}/audit")
    expect(page.get_by_role("heading", name="Scenario audit")).to_be_visible()
    expect(page.locator("#audit-progress")).to_contain_text("0 reviewed")
    page.locator("h1").first.click()
    page.keyboard.press("Enter")  # review the first scenario of the queue
    page.wait_for_url(f"{live_server}/audit/ed-01")
    expect(page.locator("#design-notes")).to_contain_text("Best intervention")
    expect(page.locator("#independence-note")).to_have_count(0)
    criterion = page.locator('input[name="criterion_causal_support"][value="pass"]')
    expect(criterion).not_to_be_checked()
    expect(page.locator('#criteria-field input[type="radio"]:checked')).to_have_count(0)
    page.locator("h1").first.click()
    for key in "12345":
        page.keyboard.press(key)
    expect(criterion).to_be_checked()
    page.keyboard.press("3")  # marks it fail...
    expect(page.locator('input[name="criterion_timing_boundaries"][value="fail"]')).to_be_checked()
    page.keyboard.press("a")
    page.keyboard.press("c")
    expect(page.locator("#comment")).to_be_focused()
    page.keyboard.type(FIRST_COMMENT)
    page.keyboard.press("Control+Enter")  # ...so the approval is refused, answers kept
    expect(page.locator("#form-error")).to_contain_text("an approval cannot fail a criterion")
    expect(page.locator("#comment")).to_have_value(FIRST_COMMENT)
    page.locator("h1").first.click()
    page.keyboard.press("3")  # ...and pass again
    expect(page.locator('input[name="criterion_timing_boundaries"][value="pass"]')).to_be_checked()
    page.keyboard.press("Control+Enter")
    page.wait_for_url(f"{live_server}/audit/ed-02")
    page.goto(f"{live_server}/audit/ed-01")
    expect(page.locator("#audit-votes")).to_contain_text(FIRST_COMMENT)
    expect(page.locator("#waiting-second")).to_be_visible()
    logout(page)

    # Second reviewer: sees no trace of the first vote, rejects with the mouse.
    login(page, live_server, "rev2", "rev2-password")
    page.goto(f"{live_server}/audit/ed-01")
    expect(page.locator("#independence-note")).to_be_visible()
    expect(page.locator("body")).not_to_contain_text(FIRST_COMMENT)
    expect(page.locator("body")).not_to_contain_text("rev1")
    for key in ("causal_support", "need_identity", "timing_boundaries", "proportional_intensity"):
        page.locator(f'input[name="criterion_{key}"][value="pass"]').check()
    page.get_by_label("Reject").check()
    page.locator("#comment").fill("The key evidence is also in an event summary.")
    page.get_by_role("button", name="Submit vote").click()  # one criterion is unanswered
    expect(page.locator("#form-error")).to_contain_text("not answered yet: Retrieval necessity")
    page.locator('input[name="criterion_retrieval_necessity"][value="fail"]').check()
    page.locator("#comment").fill("The key evidence is also in an event summary.")
    page.get_by_role("button", name="Submit vote").click()
    page.wait_for_url(f"{live_server}/audit/ed-02")
    page.goto(f"{live_server}/audit/ed-01")
    expect(page.locator("#audit-status")).to_have_text("split")
    expect(page.locator("#audit-votes")).to_contain_text(FIRST_COMMENT)  # both voted: shown
    logout(page)

    # Annotators have no access.
    login(page, live_server, "ann", "ann-password")
    response = page.goto(f"{live_server}/audit")
    assert response is not None and response.status == 403
    logout(page)

    # The lead decides the split.
    login(page, live_server, "boss", "boss-password")
    page.goto(f"{live_server}/audit")
    page.locator("#adjudication-link").click()
    card = page.locator("#split-ed-01")
    expect(card).to_contain_text(FIRST_COMMENT)
    expect(card).to_contain_text("The key evidence is also in an event summary.")
    expect(card.locator(".vote-card")).to_have_count(2)
    page.locator("h1").first.click()
    page.keyboard.press("a")
    page.keyboard.press("c")
    page.keyboard.type("The summary names the tap, not the valve: retrieval is still needed.")
    page.keyboard.press("Control+Enter")
    expect(page.locator("#decided")).to_contain_text("ed-01 is now accepted")
    expect(page.locator("#no-splits")).to_be_visible()

    page.goto(f"{live_server}/audit/statistics")
    expect(page.locator('tr[data-row="approve/reject"] td')).to_have_text("1")
    expect(page.locator('tr[data-row="adjudicated-accepted"] td')).to_have_text("1")
    expect(page.locator('tr[data-row="retrieval_necessity"] td')).to_have_text("1")
    expect(page.locator('tr[data-row="accepted"] td')).to_have_text("1")

    with session_scope() as session:
        scenario = session.get(Scenario, "ed-01")
        assert scenario is not None and scenario.audit_status == "accepted"
        votes = session.exec(select(AuditVote).where(AuditVote.scenario_id == "ed-01")).all()
        assert sorted(v.vote for v in votes) == ["approve", "reject"]
        decision = session.exec(select(AuditDecision)).one()
        assert decision.decision == "accept"
