"""In headless Chromium: a lead starts a generation job from the form, watches it finish (the
page polls and reloads once), and opens a candidate's revisions."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from app.db import session_scope
from app.users.service import create_user
from tests.construction.helpers import make_agents
from tests.e2e.helpers import login
from tests.e2e.test_accessibility import axe_violations, describe, open_all_details
from tests.fake_llm import ConstructionScript, FakeLLM, review

pytestmark = pytest.mark.e2e


def test_a_lead_generates_scenarios_from_the_page(live_server: str, browser: Browser) -> None:
    # axe is injected as an inline script, which the app's Content-Security-Policy forbids
    context = browser.new_context(viewport={"width": 1440, "height": 900}, bypass_csp=True)
    page = context.new_page()
    with session_scope() as s:
        create_user(s, username="lead1", password="lead-password", role="lead")
    script = ConstructionScript(
        reviewer=[review({"retrieval_necessity": "The summary says it."}), review()]
    )
    with FakeLLM(script) as llm:
        creator, reviewer = make_agents(llm.base_url, prefix="e2e")
        login(page, live_server, "lead1", "lead-password")
        page.get_by_role("link", name="Generate").click()
        expect(page.get_by_role("heading", name="Scenario generation")).to_be_visible()
        page.get_by_label("small_business").check()
        page.get_by_label("Creator", exact=True).select_option(creator)
        page.get_by_label("Reviewer", exact=True).select_option(reviewer)
        page.get_by_label("Candidates per need type").fill("1")
        page.get_by_role("button", name="Create and start").click()
        expect(page.locator("#job-status")).to_have_text("completed", timeout=60_000)
        expect(page.locator("#job-progress")).to_have_text("4 of 4 candidates")
        rows = page.locator("#candidates tbody tr")
        expect(rows).to_have_count(5)  # the environment and its four scenarios
        expect(rows.nth(1)).to_contain_text("fail → pass")
        rows.nth(1).get_by_role("link").first.click()
        expect(page.get_by_role("cell", name="The summary says it.")).to_be_visible()
        expect(page.get_by_role("heading", name="scenario_creator · round 1")).to_be_visible()
        candidate_url, job_url = page.url, page.url.rsplit("/candidates/", 1)[0]
    failures = []
    for url, prepare in (
        (f"{live_server}/arena/generate", None),
        (job_url, None),
        (candidate_url, open_all_details),
    ):
        page.goto(url)
        if prepare is not None:
            prepare(page)
        if violations := axe_violations(page):
            failures.append(f"{url}:\n{describe(violations)}")
    context.close()
    assert not failures, "axe-core found WCAG 2.1 A/AA violations:\n" + "\n".join(failures)
