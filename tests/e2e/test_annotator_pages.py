"""In headless Chromium: the annotator page fixes of issue 17, item 8, where behaviour is in the
browser (the Other-issues legend follows the answers)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from app.annotation.service import annotator_queue, assign_scenarios_paired
from app.db import session_scope
from app.models import Response
from app.users.service import create_user
from tests.factories import make_run

pytestmark = pytest.mark.e2e


@pytest.fixture
def l3_item(live_db: str) -> str:
    """Baseline responses on one scenario for annotator "ann"; returns an L3 item id."""
    with session_scope() as session:
        make_run(session, scenario_ids=["hm-05"])
        annotator = create_user(session, username="ann", password="ann-password", role="annotator")
        assign_scenarios_paired(session, annotator_ids=[annotator.id])
        for item in annotator_queue(session, annotator):
            if session.get(Response, item.response_id).level_predicted == "L3":
                return item.response_id
    raise AssertionError("no L3 response")


def login(page: Page, base: str, username: str, password: str) -> None:
    page.goto(f"{base}/login")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(lambda url: "/login" not in url)


def test_other_issues_legend_says_required_as_the_answers_change(
    page: Page, live_server: str, l3_item: str
) -> None:
    login(page, live_server, "ann", "ann-password")
    page.goto(f"{live_server}/annotate/{l3_item}")
    optional = page.locator('#other-issues-field [data-issues-hint="optional"]')
    required = page.locator('#other-issues-field [data-issues-hint="required"]')
    page.get_by_label("Reject").check()
    expect(optional).to_be_visible()
    expect(required).to_be_hidden()
    page.locator('input[name="timing"][value="appropriate"]').check()
    expect(required).to_be_hidden()
    page.locator('input[name="intensity"][value="appropriate"]').check()
    expect(required).to_be_visible()
    expect(required).to_contain_text("required")
    expect(optional).to_be_hidden()
    page.locator('input[name="intensity"][value="excessive"]').check()
    expect(optional).to_be_visible()
    expect(required).to_be_hidden()
    page.locator('input[name="intensity"][value="appropriate"]').check()
    page.get_by_role("button", name="Submit").click()  # refused: no issue named
    expect(page.locator("#form-error")).to_contain_text("Other issues: a rejected response")
    expect(required).to_be_visible()
    page.locator('input[name="timing"][value="premature"]').check()
    expect(required).to_be_hidden()
