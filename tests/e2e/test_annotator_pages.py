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


@pytest.fixture
def lead(live_db: str) -> None:
    with session_scope() as session:
        create_user(session, username="boss", password="boss-password", role="lead")


def test_arena_runner_keeps_typed_arguments(page: Page, live_server: str, lead: None) -> None:
    login(page, live_server, "boss", "boss-password")
    page.goto(f"{live_server}/arena/scenarios/hm-03?t=2")
    args = page.locator("#runner-args")
    command = page.locator("#runner-command")
    expect(args).to_have_value("{}")
    command.select_option("email_read")  # untouched: the new command's arguments fill in
    expect(args).to_have_value('{"message_id": ""}')
    args.fill('{"message_id": "hm03-m1"}')
    with page.expect_response(lambda r: "command=calendar_get" in r.url):
        command.select_option("calendar_get")
    expect(args).to_have_value('{"message_id": "hm03-m1"}')  # typed: never overwritten
    args.fill("")
    command.select_option("chat_history")  # blank: filled again
    expect(args).to_have_value('{"conversation_id": ""}')
    with page.expect_response(lambda r: "command=wallet_accounts" in r.url):
        command.select_option("wallet_accounts")  # still the example: replaced
    expect(args).to_have_value("{}")


def test_pages_load_without_a_404_and_with_the_favicon(page: Page, live_server: str) -> None:
    failures: list[str] = []
    page.on("response", lambda r: failures.append(r.url) if r.status >= 400 else None)
    page.goto(f"{live_server}/login")
    icon = page.locator('link[rel="icon"]')
    expect(icon).to_have_attribute("href", "/static/favicon.svg")
    size = page.evaluate(
        """async () => {
            const image = new Image();
            image.src = document.querySelector('link[rel="icon"]').href;
            await image.decode();
            return [image.naturalWidth, image.naturalHeight];
        }"""
    )
    assert size[0] > 0 and size[1] > 0  # the SVG decodes as an image
    answer = page.request.get(f"{live_server}/favicon.ico")
    assert answer.status == 200 and answer.headers["content-type"].startswith("image/svg+xml")
    assert failures == []
