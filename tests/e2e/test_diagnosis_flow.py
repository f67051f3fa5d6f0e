"""In headless Chromium: log in, reject an L3 response as premature + excessive through the form
(the conditional fields appear), and see the lead's Table 1 show it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from sqlmodel import select

from app.annotation.service import annotator_queue
from app.db import session_scope
from app.models import Agent, Response, User
from app.users.service import create_user
from tests.e2e.helpers import login
from tests.factories import assign_paired, make_run

pytestmark = pytest.mark.e2e


@pytest.fixture
def demo_data(live_db: str) -> str:
    """Baseline responses on two scenarios, one annotator, one lead; returns an L3 item id."""
    with session_scope() as session:
        make_run(session, scenario_ids=["hm-05", "wp-04"])
        annotator = create_user(session, username="ann", password="ann-password", role="annotator")
        create_user(session, username="boss", password="boss-password", role="lead")
        assign_paired(session, annotator_ids=[annotator.id])
        user = session.exec(select(User).where(User.username == "ann")).one()
        for item in annotator_queue(session, user):
            response = session.get(Response, item.response_id)
            if response.level_predicted == "L3":
                assert session.get(Agent, response.agent_id).name == "eager_executor"
                return item.response_id
    raise AssertionError("no L3 response")


def test_reject_premature_excessive_then_lead_sees_table1(
    page: Page, live_server: str, demo_data: str
) -> None:
    login(page, live_server, "ann", "ann-password")
    expect(page.get_by_role("heading", name="My queue")).to_be_visible()
    expect(page.locator("body")).not_to_contain_text("eager_executor")

    page.goto(f"{live_server}/annotate/{demo_data}")
    expect(page.locator("#final-action")).to_contain_text("L3")
    expect(page.locator('input[name="level"][value="L3"]')).to_be_checked()
    expect(page.locator("#timing-field")).to_be_hidden()
    expect(page.locator('input[name="level"][value="L0"]')).to_be_disabled()

    page.get_by_label("Reject").check()
    expect(page.locator("#timing-field")).to_be_visible()
    expect(page.locator("#intensity-field")).to_be_visible()
    page.get_by_label("premature").check()
    page.get_by_label("excessive").check()

    page.get_by_label("Accept").check()  # fields hide again when the verdict changes
    expect(page.locator("#timing-field")).to_be_hidden()
    page.get_by_label("Reject").check()  # and come back with the answers kept
    expect(page.locator("#timing-field")).to_be_visible()
    expect(page.get_by_label("premature")).to_be_checked()
    expect(page.get_by_label("excessive")).to_be_checked()
    page.get_by_role("button", name="Submit").click()
    page.wait_for_url(lambda url: demo_data not in url)

    page.get_by_role("button", name="Log out").click()
    login(page, live_server, "boss", "boss-password")
    row = page.locator('#table1 tr[data-agent="eager_executor"]')
    expect(row.locator('[data-col="premature"]')).to_have_text("100.00")
    expect(row.locator('[data-col="excessive"]')).to_have_text("100.00")
    expect(row.locator('[data-col="acceptability"]')).to_have_text("0.00")
    expect(row.locator('[data-col="L3"]')).to_have_text("100.00")


def test_keyboard_only_diagnosis(page: Page, live_server: str, demo_data: str) -> None:
    login(page, live_server, "ann", "ann-password")
    page.goto(f"{live_server}/annotate/{demo_data}")
    page.locator("h1").first.click()
    page.keyboard.press("r")
    expect(page.locator("#timing-field")).to_be_visible()
    page.keyboard.press("b")
    page.keyboard.press("i")
    expect(page.locator('input[name="timing"][value="belated"]')).to_be_checked()
    expect(page.locator('input[name="intensity"][value="insufficient"]')).to_be_checked()
    page.keyboard.press("Control+Enter")
    page.wait_for_url(lambda url: demo_data not in url)
    with session_scope() as session:
        from app.models import Annotation

        annotation = session.exec(
            select(Annotation).where(Annotation.response_id == demo_data)
        ).one()
        assert (annotation.verdict, annotation.timing, annotation.intensity) == (
            "reject",
            "belated",
            "insufficient",
        )


def test_notes_survive_toggling_and_enter_does_not_submit(
    page: Page, live_server: str, demo_data: str
) -> None:
    login(page, live_server, "ann", "ann-password")
    page.goto(f"{live_server}/annotate/{demo_data}")
    page.locator("h1").first.click()
    page.keyboard.press("r")
    page.keyboard.press("t")
    page.keyboard.press("o")
    note = page.locator("#note_other")
    expect(note).to_be_hidden()
    page.locator('input[name="other_issue"][value="other"]').check()
    expect(note).to_be_focused()
    note.fill("Cites a warranty date the records do not hold.")
    page.locator("h1").first.click()
    page.keyboard.press("a")  # accept: the conditional fields hide...
    expect(page.locator("#other-issues-field")).to_be_hidden()
    page.keyboard.press("Enter")  # ...and Enter on the focused choice does not submit
    expect(page).to_have_url(f"{live_server}/annotate/{demo_data}")
    page.keyboard.press("r")  # reject again: the note is still there
    expect(note).to_have_value("Cites a warranty date the records do not hold.")
    page.keyboard.press("Control+Enter")
    page.wait_for_url(lambda url: demo_data not in url)
    with session_scope() as session:
        from app.models import Annotation

        annotation = session.exec(
            select(Annotation).where(Annotation.response_id == demo_data)
        ).one()
        assert annotation.other_issues == [
            {"category": "other", "note": "Cites a warranty date the records do not hold."}
        ]
        assert (annotation.timing, annotation.intensity) == ("appropriate", "appropriate")


def test_other_issues_by_keyboard(page: Page, live_server: str, demo_data: str) -> None:
    login(page, live_server, "ann", "ann-password")
    page.goto(f"{live_server}/annotate/{demo_data}")
    expect(page.locator(".keys")).to_contain_text("u v f x other issues")
    page.locator("h1").first.click()
    for key in ("r", "t", "o"):
        page.keyboard.press(key)
    page.keyboard.press("u")  # ticks "unsupported by evidence" and goes to its note
    expect(page.locator('input[value="unsupported_by_evidence"]')).to_be_checked()
    expect(page.locator("#note_unsupported_by_evidence")).to_be_focused()
    page.keyboard.type("No record says the invoice is overdue.")  # typing is not shortcuts
    expect(page.locator('input[value="factual_contradiction"]')).not_to_be_checked()
    page.keyboard.press("Escape")  # back to the keys
    page.keyboard.press("f")
    expect(page.locator('input[value="factual_contradiction"]')).to_be_checked()
    page.keyboard.type("The date given is wrong.")
    page.keyboard.press("Escape")
    page.keyboard.press("v")
    expect(page.locator('input[value="irrelevant_action"]')).to_be_checked()
    page.keyboard.press("Escape")
    page.keyboard.press("v")  # again, from outside the note: unticked
    expect(page.locator('input[value="irrelevant_action"]')).not_to_be_checked()
    page.keyboard.press("Control+Enter")
    page.wait_for_url(lambda url: demo_data not in url)
    with session_scope() as session:
        from app.models import Annotation

        annotation = session.exec(
            select(Annotation).where(Annotation.response_id == demo_data)
        ).one()
        assert annotation.other_issues == [
            {
                "category": "unsupported_by_evidence",
                "note": "No record says the invoice is overdue.",
            },
            {"category": "factual_contradiction", "note": "The date given is wrong."},
        ]
