"""In headless Chromium: the run page's live update keeps keyboard focus on its buttons, the
cancel button asks first, and polling ends (with one reload) when the run does."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from sqlmodel import select

from app.db import session_scope
from app.models import Response, Run
from app.runs.service import execute_response
from app.users.service import create_user
from tests.e2e.helpers import login
from tests.factories import make_run

pytestmark = pytest.mark.e2e


@pytest.fixture
def open_run(live_db: str) -> int:
    """A researcher and a running run of two baselines with nothing produced yet (no task is
    dispatched, so the test decides when responses appear). Returns the run id."""
    with session_scope() as s:
        researcher = create_user(s, username="res", password="res-password", role="researcher")
        run = make_run(
            s, agents=("restraint", "notify_latest"), scenario_ids=["wp-01"], k=1, execute=False
        )
        run.status, run.created_by = "running", researcher.id  # the researcher's own run
        s.add(run)
        s.commit()
        assert run.id is not None
        return run.id


def _produce(run_id: int, count: int | None = None) -> None:
    with session_scope() as s:
        ids = s.exec(
            select(Response.id).where(Response.run_id == run_id, Response.status == "pending")
        ).all()
        for response_id in ids[:count]:
            execute_response(s, response_id)


def _status(run_id: int) -> str:
    with session_scope() as s:
        run = s.get(Run, run_id)
        assert run is not None
        return run.status


def test_focus_stays_on_cancel_through_live_updates_and_cancel_asks(
    page: Page, live_server: str, open_run: int
) -> None:
    login(page, live_server, "res", "res-password")
    page.goto(f"{live_server}/runs/{open_run}")
    cancel = page.get_by_role("button", name="Cancel run")
    cancel.focus()
    _produce(open_run, 1)  # the next poll (every 2 s) shows it
    expect(page.locator("#run-progress")).to_have_text("1 of 2 responses", timeout=6000)
    page.wait_for_timeout(2500)  # and one more poll
    assert page.evaluate("document.activeElement.textContent") == "Cancel run"

    asked: list[str] = []

    def dismiss(dialog) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    page.once("dialog", dismiss)
    page.keyboard.press("Enter")
    page.wait_for_timeout(300)
    assert asked and asked[0].startswith("Cancel run-") and _status(open_run) == "running"

    page.once("dialog", lambda dialog: dialog.accept())
    page.keyboard.press("Enter")
    expect(page.locator("#run-status")).to_have_text("cancelled")
    assert _status(open_run) == "cancelled"


def test_polling_stops_and_the_page_reloads_when_the_run_ends(
    page: Page, live_server: str, open_run: int
) -> None:
    login(page, live_server, "res", "res-password")
    page.goto(f"{live_server}/runs/{open_run}")
    expect(page.locator("#live[hx-trigger]")).to_have_count(1)
    _produce(open_run)
    expect(page.locator("#run-status")).to_have_text("completed", timeout=6000)
    expect(page.locator("#live[hx-trigger]")).to_have_count(0)
    expect(page.get_by_role("button", name="Cancel run")).to_have_count(0)
    expect(page.locator("table").first).to_contain_text("notify_latest")  # final figures
