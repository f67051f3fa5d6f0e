"""Browser tests of a whole annotator shift by keyboard, two tabs in conflict, and autosave."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from sqlmodel import func, select

from app.annotation.service import annotator_queue
from app.db import session_scope
from app.models import Annotation, AnnotationRevision, Response, User
from app.users.service import create_user
from tests.factories import assign_paired, make_run

pytestmark = pytest.mark.e2e


@pytest.fixture
def shift(live_db: str) -> list[tuple[str, bool]]:
    """One scenario's responses for one annotator: (response id, took an action), in order."""
    with session_scope() as session:
        make_run(session, scenario_ids=["sb-05"])
        annotator = create_user(session, username="kim", password="kim-password", role="annotator")
        assign_paired(session, annotator_ids=[annotator.id])
        user = session.exec(select(User).where(User.username == "kim")).one()
        return [
            (i.response_id, session.get(Response, i.response_id).action is not None)
            for i in annotator_queue(session, user)
        ]


def keyboard_login(page: Page, base: str) -> None:
    page.goto(f"{base}/login")
    page.keyboard.type("kim")
    page.keyboard.press("Tab")
    page.keyboard.type("kim-password")
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="My queue")).to_be_visible()


def test_whole_shift_by_keyboard_only(page: Page, live_server: str, shift) -> None:
    keyboard_login(page, live_server)
    page.keyboard.press("Enter")  # start the next open item
    for _ in shift:
        page.wait_for_selector("#diagnosis-form")
        acting = page.locator('input[name="level"][value="L0"]').is_disabled()
        if acting:
            for key in ("r", "p", "e"):
                page.keyboard.press(key)
        else:
            page.keyboard.press("a")
        before = page.url
        page.keyboard.press("Control+Enter")
        # the submit goes by fetch: the next item opens once the server has confirmed it
        page.wait_for_url(lambda url, before=before: url != before)
    expect(page.locator("#queue-finished")).to_be_visible()
    with session_scope() as session:
        rows = session.exec(select(Annotation)).all()
        assert len(rows) == len(shift)
        by_id = {r.response_id: r for r in rows}
        for response_id, acted in shift:
            a = by_id[response_id]
            expected = ("reject", "premature", "excessive") if acted else ("accept", None, None)
            assert (a.verdict, a.timing, a.intensity) == expected
            assert a.seconds_spent is not None and a.seconds_spent >= 0


def test_conflicting_save_from_two_tabs(context: BrowserContext, live_server: str, shift) -> None:
    item = next(response_id for response_id, acted in shift if acted)
    first, second = context.new_page(), context.new_page()
    keyboard_login(first, live_server)
    first.goto(f"{live_server}/annotate/{item}")
    second.goto(f"{live_server}/annotate/{item}")
    first.get_by_label("Accept").check()
    first.get_by_role("button", name="Submit").click()
    first.wait_for_url(lambda url: item not in url)
    # the second tab was opened before the first save: it has no version and gets a conflict...
    second.get_by_label("Reject").check()
    second.get_by_label("belated").check()
    second.get_by_label("insufficient").check()
    second.get_by_role("button", name="Submit").click()
    expect(second.locator("#form-error")).to_contain_text("saved elsewhere (version 1)")
    expect(second.locator("#stored-version")).to_contain_text("accept")
    expect(second.get_by_label("belated")).to_be_checked()  # its answers are kept
    second.get_by_role("button", name="Submit").click()  # ...and replaces the saved one on purpose
    second.wait_for_url(lambda url: item not in url)
    with session_scope() as session:
        annotation = session.exec(select(Annotation).where(Annotation.response_id == item)).one()
        assert (annotation.version, annotation.verdict, annotation.timing) == (
            2,
            "reject",
            "belated",
        )
        count = session.exec(
            select(func.count())
            .select_from(AnnotationRevision)
            .where(AnnotationRevision.annotation_id == annotation.id)
        ).one()
        assert count == 2


def test_a_slip_in_a_stale_tab_does_not_hide_the_conflict(
    context: BrowserContext, live_server: str, shift
) -> None:
    """Tab 2 forgets the timing (422), corrects it, submits: it must get the conflict, not
    silently replace tab 1's save."""
    item = next(response_id for response_id, acted in shift if acted)
    first, second = context.new_page(), context.new_page()
    keyboard_login(first, live_server)
    first.goto(f"{live_server}/annotate/{item}")
    second.goto(f"{live_server}/annotate/{item}")
    first.keyboard.press("a")
    first.keyboard.press("Control+Enter")
    first.wait_for_url(lambda url: item not in url)
    second.keyboard.press("r")
    second.keyboard.press("Control+Enter")  # no timing: refused with the reason
    expect(second.locator("#form-error")).to_contain_text("timing")
    second.keyboard.press("b")
    second.keyboard.press("e")
    second.keyboard.press("Control+Enter")
    expect(second.locator("#form-error")).to_contain_text("saved elsewhere (version 1)")
    expect(second.locator("#stored-version")).to_contain_text("accept")
    with session_scope() as session:
        annotation = session.exec(select(Annotation).where(Annotation.response_id == item)).one()
        assert (annotation.version, annotation.verdict) == (1, "accept")


def test_autosaved_answers_come_back_after_a_reload(page: Page, live_server: str, shift) -> None:
    item = next(response_id for response_id, acted in shift if acted)
    keyboard_login(page, live_server)
    page.goto(f"{live_server}/annotate/{item}")
    page.get_by_label("Reject").check()
    page.get_by_label("premature").check()
    expect(page.locator("#autosave-status")).to_contain_text("Draft saved")
    page.reload()
    expect(page.locator("#draft-restored")).to_be_visible()
    expect(page.get_by_label("premature")).to_be_checked()
    expect(page.locator("#timing-field")).to_be_visible()


def test_a_refused_autosave_says_why_not_that_the_session_ended(
    page: Page, live_server: str, shift
) -> None:
    item = next(response_id for response_id, acted in shift if acted)
    keyboard_login(page, live_server)
    page.goto(f"{live_server}/annotate/{item}")
    page.keyboard.press("r")
    page.keyboard.press("x")  # tick "other" and open its note
    page.evaluate(
        """() => {
            const note = document.getElementById("note_other");
            note.value = "pasted\\u0000text";
            note.dispatchEvent(new Event("input", { bubbles: true }));
        }"""
    )
    status = page.locator("#autosave-status")
    expect(status).to_contain_text("Draft NOT saved (422)")
    expect(status).to_contain_text("NUL character")
    expect(status).not_to_contain_text("session may have ended")
