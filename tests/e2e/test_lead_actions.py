"""In headless Chromium: destructive lead and admin actions ask first, a lead moves a
deactivated annotator's scenario from the batch page, and a refused move comes back (a
redirect, so a reload sends nothing) with a restart the lead can confirm right there."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from sqlmodel import col, select

from app.annotation.creation import create_batch
from app.db import session_scope
from app.models import Assignment, Response, User
from app.users.service import create_user, deactivate_user
from tests.e2e.helpers import login
from tests.factories import make_run, submit_answers

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


@pytest.fixture
def judged_in_part(live_db: str) -> dict[str, object]:
    """A lead, two annotators and a batch of wp-01 held by `first`, who judged one item."""
    with session_scope() as s:
        lead = create_user(s, username="boss", password="boss-password", role="lead")
        first = create_user(s, username="first", password="first-password", role="annotator")
        create_user(s, username="second", password="second-password", role="annotator")
        run = make_run(s, scenario_ids=["wp-01"], agents=("restraint", "notify_latest"))
        batch = create_batch(
            s, name="week", annotator_ids=[first.id], created_by=lead.id, run_id=run.id
        )
        items = sorted(
            s.exec(select(Assignment.response_id).where(Assignment.batch_id == batch.id)).all()
        )
        response = s.get(Response, items[0])
        assert response is not None
        submit_answers(
            s,
            annotator=first,
            response_id=items[0],
            form={
                "level": "L0" if response.action is None else response.level_predicted,
                "verdict": "accept",
            },
        )
        return {"batch": batch.id, "items": items}


def _holders() -> dict[str, list[str]]:
    """Username → the response ids they actively hold."""
    with session_scope() as s:
        rows = s.exec(
            select(User.username, Assignment.response_id)
            .join(Assignment, col(Assignment.annotator_id) == col(User.id))
            .where(col(Assignment.released_at).is_(None))
            .order_by(col(Assignment.response_id))
        ).all()
    held: dict[str, list[str]] = {}
    for username, response_id in rows:
        held.setdefault(username, []).append(response_id)
    return held


def _ask_to_move(page: Page) -> None:
    """Open first's move form, choose second, give a reason, send it (confirming)."""
    holding = page.locator('[data-holder="first"]')
    holding.locator("summary", has_text="Move").click()
    move = holding.locator('form[action$="/reassign"]')
    move.get_by_label("Move wp-01 primary to").select_option(label="second")
    move.get_by_label("Reason", exact=True).fill("first is on leave")
    page.once("dialog", lambda dialog: dialog.accept())
    move.get_by_role("button", name="Move").click()


def test_a_refused_move_is_restarted_from_the_page_and_a_reload_resends_nothing(
    page: Page, live_server: str, judged_in_part: dict[str, object]
) -> None:
    batch, items = judged_in_part["batch"], judged_in_part["items"]
    login(page, live_server, "boss", "boss-password")
    page.goto(f"{live_server}/lead/batches/{batch}")
    _ask_to_move(page)
    expect(page.locator("#batch-error")).to_contain_text("would split the scenario")
    expect(page.locator("#restart-offer")).to_be_visible()
    assert page.url == f"{live_server}/lead/batches/{batch}"  # redirected back, not a POST page

    sent: list[str] = []
    page.on("request", lambda request: sent.append(request.method))
    page.reload()
    expect(page.locator("h1")).to_contain_text("week")
    assert "POST" not in sent, sent  # the refused form was not sent again
    expect(page.locator("#batch-error")).to_have_count(0)  # shown once
    assert _holders() == {"first": items}  # nothing moved

    _ask_to_move(page)
    offer = page.locator("#restart-offer")
    expect(offer.get_by_label("Reason")).to_have_value("first is on leave")
    asked: list[str] = []

    def accept(dialog) -> None:
        asked.append(dialog.message)
        dialog.accept()

    page.once("dialog", accept)
    offer.get_by_role("button", name="Restart wp-01 with second").click()
    expect(page.locator("#batch-notice")).to_contain_text("The scenario moved")
    assert asked and asked[0].startswith("Restart wp-01 with second?")
    assert f"judges all {len(items)} primary items again" in asked[0]
    assert _holders() == {"second": items}  # every item, the judged one included
    expect(page.locator('[data-holder="second"]')).to_be_visible()
    expect(page.locator('[data-action="restart"]')).to_have_count(1)
