"""In headless Chromium: every page of the workbench, for the role that uses it, has no WCAG 2.1
A/AA violation that axe-core finds, and the keyboard reaches the diagnosis panel in one step.

axe-core is the npm package ``axe-core`` (pinned in the Makefile, fetched by ``make install``
into ``tests/e2e/vendor/``, never committed) injected into each page by Playwright.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from sqlmodel import select

from app.annotation.audit import CRITERIA, cast_vote
from app.annotation.creation import create_batch
from app.annotation.service import annotator_queue
from app.db import session_scope
from app.export.jobs import create_export_job
from app.models import Response, Scenario, User
from app.users.service import create_user
from tests.e2e.helpers import login
from tests.factories import make_run, submit_answers

pytestmark = pytest.mark.e2e

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
PASSWORDS = {
    "ann": "ann-password",
    "boss": "boss-password",
    "rev": "rev-password",
    "rev2": "rev2-password",
    "root": "root-password",
}


@dataclass(frozen=True)
class Workbench:
    """What the pages under test show: ids of the seeded items and records."""

    l0_item: str
    action_item: str
    items: tuple[str, ...]
    """Every item of the annotator's queue (L0 and L1–L3 alike)."""
    scenario_id: str
    checkpoint: int
    run_id: int
    batch_id: int
    environment_id: str


@pytest.fixture
def workbench(live_db: str) -> Workbench:
    """A run of the three baselines on two scenarios, a batch for one annotator with two items
    judged, a split audit, and a queued export: every page has rows, bars and forms to show."""
    with session_scope() as s:
        ann = create_user(s, username="ann", password=PASSWORDS["ann"], role="annotator")
        lead = create_user(s, username="boss", password=PASSWORDS["boss"], role="lead")
        rev = create_user(s, username="rev", password=PASSWORDS["rev"], role="researcher")
        rev2 = create_user(s, username="rev2", password=PASSWORDS["rev2"], role="researcher")
        create_user(s, username="root", password=PASSWORDS["root"], role="admin")
        run = make_run(s, scenario_ids=["hm-05", "wp-04"])
        batch = create_batch(
            s, name="week", annotator_ids=[ann.id], created_by=lead.id, run_id=run.id
        )
        user = s.exec(select(User).where(User.username == "ann")).one()
        queue = annotator_queue(s, user)
        l0_item = action_item = None
        for item in queue:
            response = s.get(Response, item.response_id)
            assert response is not None
            if response.action is None and l0_item is None:
                l0_item = item
            elif response.action is not None and response.trajectory and action_item is None:
                action_item = item
        assert l0_item and action_item, "the baselines give an L0 and an L1–L3 item with steps"
        # two other items judged, so the queue, the batch and the analysis show progress
        for item in [i for i in queue if i not in (l0_item, action_item)][:2]:
            response = s.get(Response, item.response_id)
            assert response is not None
            submit_answers(
                s,
                annotator=user,
                response_id=item.response_id,
                form={"level": response.level_predicted, "verdict": "accept"},
            )
        passing = {key: "pass" for key in CRITERIA}
        cast_vote(
            s,
            scenario_id="ed-01",
            reviewer=rev,
            vote="approve",
            criteria=passing,
            comment="The need follows from the events.",
        )
        cast_vote(
            s,
            scenario_id="ed-01",
            reviewer=rev2,
            vote="reject",
            criteria={**passing, "causal_support": "fail"},
            comment="An event summary already gives the answer away.",
        )
        create_export_job(s, format="jsonl", created_by=lead.id)
        scenario = s.get(Scenario, action_item.scenario_id)
        assert scenario is not None and run.id is not None and batch.id is not None
        return Workbench(
            l0_item=l0_item.response_id,
            action_item=action_item.response_id,
            items=tuple(i.response_id for i in queue),
            scenario_id=scenario.id,
            checkpoint=action_item.checkpoint,
            run_id=run.id,
            batch_id=batch.id,
            environment_id=scenario.environment_id,
        )


def _context(browser: Browser, base: str) -> BrowserContext:
    # The app's Content-Security-Policy (rightly) forbids inline scripts; axe is injected as
    # one, so the test's browser alone ignores the policy.
    return browser.new_context(
        base_url=base, viewport={"width": 1440, "height": 900}, bypass_csp=True
    )


def _login(browser: Browser, base: str, username: str) -> BrowserContext:
    context = _context(browser, base)
    page = context.new_page()
    login(page, "", username, PASSWORDS[username])  # the context's base_url
    page.close()
    return context


@pytest.fixture
def contexts(
    browser: Browser, live_server: str, workbench: Workbench
) -> Iterator[dict[str | None, BrowserContext]]:
    """A browser context per user (None: logged out), each logged in once."""
    made: dict[str | None, BrowserContext] = {None: _context(browser, live_server)}
    for name in ("ann", "boss", "rev", "root"):
        made[name] = _login(browser, live_server, name)
    try:
        yield made
    finally:
        for context in made.values():
            context.close()


def axe_violations(page: Page) -> list[dict]:  # type: ignore[type-arg]
    """Run axe-core on the page as it is now (WCAG 2.0/2.1 A and AA rules only)."""
    assert AXE.exists(), f"{AXE} is missing: `make install` fetches axe-core from the npm registry"
    page.add_script_tag(path=str(AXE))
    result = page.evaluate(
        "tags => axe.run(document, {runOnly: {type: 'tag', values: tags}})", WCAG_TAGS
    )
    return result["violations"]


def describe(violations: list[dict]) -> str:  # type: ignore[type-arg]
    """One line per failing element: rule id, impact, CSS target, and what the rule asks."""
    lines = []
    for v in violations:
        for node in v["nodes"]:
            lines.append(f"  {v['id']} [{v['impact']}] {json.dumps(node['target'])}: {v['help']}")
    return "\n".join(lines)


def open_all_details(page: Page) -> None:
    page.eval_on_selector_all("details", "boxes => boxes.forEach(b => { b.open = true; })")


def press_g(page: Page) -> None:
    page.locator("h1").first.click()
    page.keyboard.press("g")
    expect(page.locator("#guidelines")).to_have_attribute("open", "")


def test_every_page_has_no_wcag_violation(
    contexts: dict[str | None, BrowserContext], workbench: Workbench
) -> None:
    w = workbench
    checkpoint_view = f"/annotate/checkpoint/{w.scenario_id}/{w.checkpoint}"
    # (what, user, path, what to do before checking; None: check the page as it loads)
    pages: list[tuple[str, str | None, str, Callable[[Page], None] | None]] = [
        ("login", None, "/login", None),
        ("annotator queue", "ann", "/annotate", None),
        ("annotator queue, filtered and searched", "ann", "/annotate?status=open&q=hm", None),
        ("diagnosis item, L0", "ann", f"/annotate/{w.l0_item}", None),
        ("diagnosis item, L1–L3", "ann", f"/annotate/{w.action_item}", None),
        (
            "diagnosis item, L1–L3, every step open",
            "ann",
            f"/annotate/{w.action_item}",
            open_all_details,
        ),
        ("guidelines (g)", "ann", f"/annotate/{w.l0_item}", press_g),
        ("compare view", "ann", checkpoint_view, open_all_details),
        ("password", "ann", "/account/password", None),
        ("audit list", "rev", "/audit", None),
        ("audit review", "rev", f"/audit/{w.scenario_id}", open_all_details),
        ("audit statistics", "rev", "/audit/statistics", None),
        ("audit adjudication", "boss", "/audit/adjudication", open_all_details),
        ("lead overview", "boss", "/lead", None),
        ("batches list", "boss", "/lead/batches", None),
        ("batch detail", "boss", f"/lead/batches/{w.batch_id}", open_all_details),
        ("runs list", "boss", "/runs", None),
        ("run detail", "boss", f"/runs/{w.run_id}", open_all_details),
        ("agents", "boss", "/agents", None),
        ("analysis", "boss", "/analysis", None),
        ("analysis judge", "boss", "/analysis/judge", None),
        ("exports", "boss", "/analysis/exports", None),
        ("arena index", "boss", "/arena", None),
        ("arena environment", "boss", f"/arena/{w.environment_id}", None),
        ("arena scenario", "boss", f"/arena/scenarios/{w.scenario_id}", open_all_details),
        ("catalogue", "boss", "/arena/catalogue", None),
        ("arena corpus statistics", "boss", "/arena/corpus", None),
        ("admin users", "root", "/admin/users", None),
    ]
    pages += [  # scrollable results on every item, not only the one above
        (f"diagnosis item {n}", "ann", f"/annotate/{item}", None)
        for n, item in enumerate(w.items, 1)
        if item not in (w.l0_item, w.action_item)
    ]
    assert len(pages) >= 19
    failures = []
    for what, user, path, prepare in pages:
        page = contexts[user].new_page()
        try:
            reply = page.goto(path)
            assert reply is not None and reply.status == 200, f"{what}: {path} gave {reply}"
            assert "/login" not in page.url or user is None, f"{what}: not logged in"
            if prepare is not None:
                prepare(page)
            violations = axe_violations(page)
            if violations:
                failures.append(f"{what} ({path}):\n{describe(violations)}")
        finally:
            page.close()
    assert not failures, "axe-core found WCAG 2.1 A/AA violations:\n" + "\n".join(failures)


def test_judge_pages_have_no_wcag_violation(
    contexts: dict[str | None, BrowserContext], workbench: Workbench
) -> None:
    from app.judges.service import create_judge_run
    from app.judges.tasks import start_judge_run

    with session_scope() as s:
        judge_run_id = create_judge_run(s, judge="rubric", run_id=workbench.run_id).id
    start_judge_run(judge_run_id)  # in-process: judged by now
    failures = []
    for path in ("/judges", f"/judges/{judge_run_id}"):
        page = contexts["boss"].new_page()
        try:
            reply = page.goto(path)
            assert reply is not None and reply.status == 200, f"{path} gave {reply}"
            violations = axe_violations(page)
            if violations:
                failures.append(f"{path}:\n{describe(violations)}")
        finally:
            page.close()
    assert not failures, "axe-core found WCAG 2.1 A/AA violations:\n" + "\n".join(failures)


def test_tab_once_reaches_the_skip_link_to_the_diagnosis(
    contexts: dict[str | None, BrowserContext], workbench: Workbench
) -> None:
    page = contexts["ann"].new_page()
    page.goto(f"/annotate/{workbench.action_item}")
    skip = page.get_by_role("link", name="Skip to diagnosis")
    expect(skip).not_to_be_in_viewport()  # out of sight until the keyboard reaches it
    page.keyboard.press("Tab")
    expect(skip).to_be_focused()
    expect(skip).to_be_in_viewport()
    page.keyboard.press("Enter")
    form = page.locator("#diagnosis-form")
    expect(form).to_be_focused()
    assert page.evaluate("document.activeElement.closest('aside.panel') !== null")
    page.keyboard.press("Tab")  # the next stop is the first answer: the pre-filled level
    focused = page.evaluate("[document.activeElement.name, document.activeElement.checked]")
    assert focused == ["level", True]

    # the key d does the same from anywhere outside a text field, again and again
    for _ in range(2):
        page.get_by_role("heading", level=1).click()
        page.keyboard.press("d")
        expect(form).to_be_focused()
    expect(page.locator(".keys")).to_contain_text("d to this panel")


def test_skip_links_on_the_audit_queue_and_every_page(
    contexts: dict[str | None, BrowserContext], workbench: Workbench
) -> None:
    page = contexts["rev"].new_page()
    page.goto("/audit")
    page.keyboard.press("Tab")
    expect(page.get_by_role("link", name="Skip past the queue")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#your-votes")).to_be_focused()
    page.keyboard.press("Tab")  # past the 80 scenarios of the queue, to the first vote
    expect(page.locator("#my-votes a").first).to_be_focused()

    page.goto("/arena/catalogue")
    page.keyboard.press("Tab")
    expect(page.get_by_role("link", name="Skip to content")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("main")).to_be_focused()


def test_links_and_buttons_show_the_radios_focus_ring(
    contexts: dict[str | None, BrowserContext], workbench: Workbench
) -> None:
    page = contexts["ann"].new_page()
    page.goto(f"/annotate/{workbench.action_item}")
    ring = "e => [getComputedStyle(e).outlineStyle, getComputedStyle(e).outlineWidth]"
    page.locator("#next-link").focus()
    page.keyboard.press("Shift+Tab")  # by keyboard, so :focus-visible applies
    page.keyboard.press("Tab")
    expect(page.locator("#next-link")).to_be_focused()
    assert page.locator("#next-link").evaluate(ring) == ["solid", "2px"]
    page.get_by_role("heading", level=1).click()
    page.keyboard.press("r")  # a radio, for comparison
    assert page.locator('input[name="verdict"][value="reject"]').evaluate(ring) == ["solid", "2px"]
    page.locator("#next-link").focus()
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")
    page.get_by_role("button", name="Submit").focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Submit")).to_be_focused()
    assert page.get_by_role("button", name="Submit").evaluate(ring) == ["solid", "2px"]
    step_result = page.locator("pre[tabindex='0']").first
    step_result.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    expect(step_result).to_be_focused()
    assert step_result.evaluate(ring) == ["solid", "2px"]
