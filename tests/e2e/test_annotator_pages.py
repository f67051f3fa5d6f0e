"""In headless Chromium: the page fixes of issue 17, item 8, where behaviour is in the browser or
the layout (the Other-issues legend follows the answers, the arena runner keeps typed arguments,
the favicon, Table 1 fits a 1440-px screen)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from sqlmodel import select

from app.annotation.service import annotator_queue
from app.db import session_scope
from app.models import Agent, Response
from app.users.service import create_user
from tests.e2e.helpers import login
from tests.factories import assign_paired, make_run, submit_answers

pytestmark = pytest.mark.e2e


@pytest.fixture
def l3_item(live_db: str) -> str:
    """Baseline responses on one scenario for annotator "ann"; returns an L3 item id."""
    with session_scope() as session:
        make_run(session, scenario_ids=["hm-05"])
        annotator = create_user(session, username="ann", password="ann-password", role="annotator")
        assign_paired(session, annotator_ids=[annotator.id])
        for item in annotator_queue(session, annotator):
            if session.get(Response, item.response_id).level_predicted == "L3":
                return item.response_id
    raise AssertionError("no L3 response")


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


def _choose_command(page: Page, name: str) -> None:
    """Choose a runner command and wait until htmx has swapped its arguments box in.

    Typing into the old box between the reply and the swap would be lost to the swap.
    """
    page.evaluate(
        "window.haloSettled = 0; document.body.addEventListener('htmx:afterSettle', "
        "() => { window.haloSettled += 1; }, {once: true})"
    )
    page.locator("#runner-command").select_option(name)
    page.wait_for_function("() => window.haloSettled > 0")


def test_arena_runner_keeps_typed_arguments(page: Page, live_server: str, lead: None) -> None:
    login(page, live_server, "boss", "boss-password")
    page.goto(f"{live_server}/arena/scenarios/hm-03?t=2")
    args = page.locator("#runner-args")
    expect(args).to_have_value("{}")
    _choose_command(page, "email_read")  # untouched: the new command's arguments fill in
    expect(args).to_have_value('{"message_id": ""}')
    args.fill('{"message_id": "msg-f3725803"}')
    _choose_command(page, "calendar_get")
    expect(args).to_have_value('{"message_id": "msg-f3725803"}')  # typed: never overwritten
    args.fill("")
    _choose_command(page, "chat_history")  # blank: filled again
    expect(args).to_have_value('{"conversation_id": ""}')
    _choose_command(page, "wallet_accounts")  # still the example: replaced
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


LONG_NAMES = {
    "eager_executor": "meta-llama/Llama-3.3-70B-Instruct-Turbo",
    "notify_latest": "Qwen/Qwen3-235B-A22B-Thinking-2507",
}
"""Agent names as long as real model identifiers, which a table must still fit."""


@pytest.fixture
def judged(live_db: str) -> None:
    """Every baseline response of two scenarios judged (accepted or rejected), agents renamed."""
    with session_scope() as session:
        make_run(session, scenario_ids=["hm-05", "wp-04"])
        annotator = create_user(session, username="ann", password="ann-password", role="annotator")
        create_user(session, username="boss", password="boss-password", role="lead")
        assign_paired(session, annotator_ids=[annotator.id])
        for index, item in enumerate(annotator_queue(session, annotator)):
            response = session.get(Response, item.response_id)
            level = "L0" if response.action is None else response.level_predicted
            form = {"level": level, "verdict": "reject" if index % 2 else "accept"}
            if form["verdict"] == "reject" and level != "L0":
                form.update(timing="premature", intensity="excessive")
            submit_answers(session, annotator=annotator, response_id=item.response_id, form=form)
        for old, new in LONG_NAMES.items():
            agent = session.exec(select(Agent).where(Agent.name == old)).one()
            agent.name = new
            session.add(agent)
        session.commit()


FITS = """(selector) => {
    const table = document.querySelector(selector);
    const box = table.closest('.table-scroll') || table.parentElement;
    return {scroll: box.scrollWidth, client: box.clientWidth,
            page: document.documentElement.scrollWidth, viewport: window.innerWidth};
}"""


def test_table1_fits_a_1440_px_screen(page: Page, live_server: str, judged: None) -> None:
    page.set_viewport_size({"width": 1440, "height": 900})
    login(page, live_server, "boss", "boss-password")
    for path, selector in (
        ("/analysis", "#table1_ci"),
        ("/lead", "#table1"),
        # the response outcomes beside Table 1 (DESIGN §5), on both pages
        ("/analysis", "#table1_outcomes"),
        ("/lead", "#table1_outcomes"),
    ):
        page.goto(f"{live_server}{path}")
        for name in LONG_NAMES.values():
            expect(page.locator(selector)).to_contain_text(name)
        sizes = page.evaluate(FITS, selector)
        assert sizes["scroll"] <= sizes["client"], (path, sizes)
        assert sizes["page"] <= sizes["viewport"], (path, sizes)
        # shortened headings say what they stand for
        heading = page.locator(f'{selector} th[data-col="insufficient"] abbr, {selector} th abbr')
        expect(heading.first).to_have_attribute("title", re.compile(r".+"))
    page.goto(f"{live_server}/analysis")
    page.locator('#table1_ci th[data-col="reasoning_tokens_k"] button').click()  # sorted: ▲
    sizes = page.evaluate(FITS, "#table1_ci")
    assert sizes["scroll"] <= sizes["client"], sizes


def test_analysis_figures_are_drawn_as_they_scroll_into_view(
    page: Page, live_server: str, judged: None
) -> None:
    login(page, live_server, "boss", "boss-password")
    page.goto(f"{live_server}/analysis")
    for number in range(3, 10):
        image = page.locator(f"#figure-figure{number} img")
        expect(image).to_have_attribute("alt", re.compile(r".+"))
        image.scroll_into_view_if_needed()
        page.wait_for_function(
            "img => img.complete && img.naturalWidth > 100", arg=image.element_handle()
        )


def test_the_overview_fetches_its_progress_after_the_page(
    page: Page, live_server: str, judged: None
) -> None:
    login(page, live_server, "boss", "boss-password")
    page.goto(f"{live_server}/lead")
    expect(page.locator("#table1")).to_be_visible()
    # the progress and agreement replace their placeholders once fetched
    expect(page.locator("#per-phase")).to_be_visible()
    expect(page.locator("#annotation-progress[aria-busy]")).to_have_count(0)
    expect(page.locator("#agreement h2")).to_contain_text("Agreement on overlap items")
    expect(page.locator("#annotated-count")).to_contain_text(
        re.compile(r"\d+ of \d+ completed responses annotated")
    )
