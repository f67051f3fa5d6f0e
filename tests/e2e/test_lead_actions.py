"""In headless Chromium: destructive lead and admin actions ask first, and a lead moves a
deactivated annotator's scenario from the batch page."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from sqlmodel import col, select

from app.annotation.batches import create_batch
from app.db import session_scope
from app.models import Assignment, User
from app.users.service import create_user, deactivate_user
from tests.factories import make_run

pytestmark = pytest.mark.e2e


@pytest.fixture
def people(live_db: str) -> int:
    """An admin, a lead, two annotators and a batch; the first annotator is deactivated.
    Returns the batch id."""
    with session_scope() as s:
        create_user(s, username="root", password="root-password", role="admin")
        lead = create_user(s, username="boss", password="boss-password", role="lead")
        gone = create_user(s, username="gone", password="gone-password", role="annotator")
        create_user(s, username="here", password="here-password", role="annotator")
        run = make_run(s, scenario_ids=["wp-01"], agents=("restraint",))
        batch = create_batch(
            s, name="week", annotator_ids=[gone.id], created_by=lead.id, run_id=run.id
        )
        deactivate_user(s, user_id=gone.id)
        assert batch.id is not None
        return batch.id


def login(page: Page, base: str, username: str, password: str) -> None:
    page.goto(f"{base}/login")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()


def _active(username: str) -> bool:
    with session_scope() as s:
        return s.exec(select(User.is_active).where(User.username == username)).one()


def test_deactivate_and_reset_ask_first(page: Page, live_server: str, people: int) -> None:
    login(page, live_server, "root", "root-password")
    page.goto(f"{live_server}/admin/users")
    row = page.locator("tr", has_text="here")
    asked: list[str] = []

    def dismiss(dialog) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    page.once("dialog", dismiss)
    row.get_by_role("button", name="Deactivate").click()
    expect(page.locator("#users")).to_be_visible()
    assert asked and asked[0].startswith("Deactivate here?")
    assert _active("here")  # dismissed: nothing happened

    page.once("dialog", lambda dialog: dialog.accept())
    row.get_by_role("button", name="Deactivate").click()
    expect(page.locator("p.note[role=status]")).to_contain_text("here is deactivated")
    assert not _active("here")

    page.once("dialog", dismiss)
    page.locator("tr", has_text="boss").get_by_role("button", name="Reset password").click()
    expect(page.locator("#one-time-password")).to_have_count(0)
    assert asked[-1].startswith("Reset boss's password?")


def test_lead_moves_a_deactivated_annotators_scenario(
    page: Page, live_server: str, people: int
) -> None:
    login(page, live_server, "boss", "boss-password")
    page.goto(f"{live_server}/lead/batches/{people}")
    expect(page.locator("#inactive-holders")).to_contain_text("gone")
    holding = page.locator('[data-holder="gone"]')
    expect(holding.get_by_role("button", name="Move")).to_be_visible()  # the form is open
    holding.get_by_label("Move wp-01 primary to").select_option(label="here")
    page.once("dialog", lambda dialog: dialog.accept())
    holding.get_by_role("button", name="Move").click()
    expect(page.locator("#batch-notice")).to_contain_text("The scenario moved")
    expect(page.locator("#inactive-holders")).to_have_count(0)
    expect(page.locator('[data-holder="here"]')).to_be_visible()
    with session_scope() as s:
        holders = set(
            s.exec(
                select(User.username)
                .join(Assignment, col(Assignment.annotator_id) == col(User.id))
                .where(col(Assignment.released_at).is_(None))
            ).all()
        )
    assert holders == {"here"}
    page.locator('[data-action="reassign"]').first.wait_for(state="attached")
