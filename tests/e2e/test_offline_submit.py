"""Offline-safe submits (issue 17 item 6, cf. label-studio #6675), in headless Chromium.

A submit that cannot reach the server keeps the answers on the page and in localStorage, says
"Not saved — retrying", and is sent exactly once when the connection returns; a pending autosave
is flushed, not cancelled; an older server draft never wins over the submitted answers; a reload
while the submit is pending brings the answers back and sends them.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, Route, expect
from sqlmodel import func, select

from app.annotation import drafts
from app.annotation.service import annotator_queue
from app.db import session_scope
from app.models import Annotation, AnnotationDraft, AnnotationRevision, Response, User
from app.users.service import create_user
from tests.e2e.helpers import login
from tests.factories import assign_paired, make_run, submit_answers

pytestmark = pytest.mark.e2e

PREFIX = "halo:pending-submit:"
RETRYING = "Not saved — retrying"


@pytest.fixture
def world(live_db: str) -> dict[str, Any]:
    """One scenario's responses for one annotator: ``uid``, ``queue`` (response ids in queue
    order), ``acted`` (ids of responses with an action, each followed by another item) and
    ``level`` (response id → predicted level)."""
    with session_scope() as session:
        make_run(session, scenario_ids=["sb-05"])
        annotator = create_user(session, username="kim", password="kim-password", role="annotator")
        assign_paired(session, annotator_ids=[annotator.id])
        user = session.exec(select(User).where(User.username == "kim")).one()
        queue = [i.response_id for i in annotator_queue(session, user)]
        responses = {rid: session.get(Response, rid) for rid in queue}
        acted = [rid for rid in queue[:-1] if responses[rid].action is not None]
        assert len(acted) >= 2, "the fixture needs two acted items that are not last"
        return {
            "uid": user.id,
            "queue": queue,
            "acted": acted,
            "level": {rid: r.level_predicted for rid, r in responses.items()},
        }


def offline_copies(page: Page) -> dict[str, Any]:
    """Every pending-submit record in the page's localStorage, by key."""
    return page.evaluate(
        """(prefix) => Object.fromEntries(Object.keys(localStorage)
            .filter((k) => k.startsWith(prefix))
            .map((k) => [k, JSON.parse(localStorage.getItem(k))]))""",
        PREFIX,
    )


def saved(item: str) -> tuple[Annotation | None, int, AnnotationDraft | None]:
    """The item's annotation, its number of revisions and the annotator's draft, from the DB."""
    with session_scope() as session:
        annotation = session.exec(select(Annotation).where(Annotation.response_id == item)).first()
        count = 0
        if annotation is not None:
            count = session.exec(
                select(func.count())
                .select_from(AnnotationRevision)
                .where(AnnotationRevision.annotation_id == annotation.id)
            ).one()
        draft = session.exec(
            select(AnnotationDraft).where(AnnotationDraft.response_id == item)
        ).first()
        if annotation is not None:
            session.expunge(annotation)
        if draft is not None:
            session.expunge(draft)
        return annotation, count, draft


def next_after(world: dict[str, Any], item: str) -> str:
    queue = world["queue"]
    return queue[queue.index(item) + 1]


def block_posts(page: Page, item: str, *, only_submit: bool = False) -> list[str]:
    """Make POSTs to the item (the submit, and the draft unless `only_submit`) fail as a lost
    connection does; returns the list of the POST addresses tried, in order."""
    tried: list[str] = []

    def handler(route: Route) -> None:
        request = route.request
        if request.method != "POST":
            route.continue_()
            return
        tried.append(request.url)
        if only_submit and not request.url.endswith(f"/annotate/{item}"):
            route.continue_()
            return
        route.abort("internetdisconnected")

    page.route(f"**/annotate/{item}**", handler)
    return tried


def test_an_offline_submit_keeps_the_answers_and_is_sent_once_when_back_online(
    context: BrowserContext, page: Page, live_server: str, world: dict[str, Any]
) -> None:
    item = world["acted"][0]
    note = "Sends before the invoice is even due."
    login(page, live_server, "kim", "kim-password")
    page.goto(f"{live_server}/annotate/{item}")
    page.locator("h1").first.click()
    for key in ("r", "p", "e", "x"):
        page.keyboard.press(key)
    page.keyboard.type(note)
    page.keyboard.press("Escape")

    context.set_offline(True)
    page.keyboard.press("Control+Enter")
    status = page.locator("#submit-status")
    expect(status).to_contain_text(RETRYING)
    expect(status).to_be_visible()
    expect(status).to_have_attribute("aria-live", "assertive")
    # the form stays on screen with every answer
    expect(page).to_have_url(f"{live_server}/annotate/{item}")
    expect(page.get_by_label("premature")).to_be_checked()
    expect(page.get_by_label("excessive")).to_be_checked()
    expect(page.locator("#note_other")).to_have_value(note)
    # ...and in localStorage, keyed by user, item and the version the edit started from
    copies = offline_copies(page)
    assert list(copies) == [f"{PREFIX}{world['uid']}:{item}:new"]
    record = copies[f"{PREFIX}{world['uid']}:{item}:new"]
    assert record["answers"]["choices"] == {
        "level": world["level"][item],
        "verdict": "reject",
        "timing": "premature",
        "intensity": "excessive",
    }
    assert record["answers"]["issues"] == ["other"]
    assert record["answers"]["notes"]["note_other"] == note
    page.wait_for_timeout(2500)  # a backoff retry or two fail while offline: nothing is lost
    expect(status).to_contain_text(RETRYING)
    assert saved(item)[0] is None

    context.set_offline(False)  # the "online" event sends it at once
    page.wait_for_url(f"{live_server}/annotate/{next_after(world, item)}")
    annotation, revisions, draft = saved(item)
    assert annotation is not None
    assert (annotation.version, annotation.verdict, annotation.timing, annotation.intensity) == (
        1,
        "reject",
        "premature",
        "excessive",
    )
    assert annotation.other_issues == [{"category": "other", "note": note}]
    assert revisions == 1  # submitted exactly once
    assert draft is None  # the server's draft went with the confirmed submit
    assert offline_copies(page) == {}


def test_an_older_draft_does_not_overwrite_answers_submitted_offline(
    context: BrowserContext, page: Page, live_server: str, world: dict[str, Any]
) -> None:
    """The item is saved (v1, accept) and has a draft written on an older version (reject,
    belated, insufficient); the annotator changes to reject, premature, excessive offline."""
    item = world["acted"][0]
    with session_scope() as session:
        user = session.get(User, world["uid"])
        level = world["level"][item]
        submit_answers(
            session,
            annotator=user,
            response_id=item,
            form={"level": level, "verdict": "accept", "other_issues": []},
        )
        drafts.save_draft(
            session,
            annotator=user,
            response_id=item,
            data={
                "level": level,
                "verdict": "reject",
                "timing": "belated",
                "intensity": "insufficient",
            },
            base_version=None,
        )
    login(page, live_server, "kim", "kim-password")
    page.goto(f"{live_server}/annotate/{item}")
    expect(page.locator("#stale-draft")).to_be_visible()
    expect(page.get_by_label("Accept")).to_be_checked()
    page.locator("h1").first.click()
    for key in ("r", "p", "e"):
        page.keyboard.press(key)

    context.set_offline(True)
    page.keyboard.press("Control+Enter")
    expect(page.locator("#submit-status")).to_contain_text(RETRYING)
    assert list(offline_copies(page)) == [f"{PREFIX}{world['uid']}:{item}:1"]
    expect(page.get_by_label("premature")).to_be_checked()

    context.set_offline(False)
    page.wait_for_url(f"{live_server}/annotate/{next_after(world, item)}")
    annotation, revisions, draft = saved(item)
    assert annotation is not None
    assert (annotation.version, annotation.verdict, annotation.timing, annotation.intensity) == (
        2,
        "reject",
        "premature",
        "excessive",
    )
    assert revisions == 2
    assert draft is None
    assert offline_copies(page) == {}
    page.goto(f"{live_server}/annotate/{item}")  # opened again: the new answers, no old draft
    expect(page.get_by_label("premature")).to_be_checked()
    expect(page.get_by_label("excessive")).to_be_checked()
    expect(page.locator("#stale-draft")).to_have_count(0)
    expect(page.locator("#submit-status")).to_have_text("")


def test_a_reload_while_the_submit_is_pending_restores_the_answers_and_sends_them(
    context: BrowserContext, page: Page, live_server: str, world: dict[str, Any]
) -> None:
    """The server holds an older draft it restores on every load (reject, belated,
    insufficient); the pending submit (reject, premature, excessive) must win over it."""
    item = world["acted"][1]
    with session_scope() as session:
        drafts.save_draft(
            session,
            annotator=session.get(User, world["uid"]),
            response_id=item,
            data={
                "level": world["level"][item],
                "verdict": "reject",
                "timing": "belated",
                "intensity": "insufficient",
            },
            base_version=None,
        )
    login(page, live_server, "kim", "kim-password")
    page.goto(f"{live_server}/annotate/{item}")
    expect(page.locator("#draft-restored")).to_be_visible()
    expect(page.get_by_label("belated")).to_be_checked()
    page.locator("h1").first.click()
    page.keyboard.press("p")
    page.keyboard.press("e")

    context.set_offline(True)
    page.keyboard.press("Control+Enter")
    expect(page.locator("#submit-status")).to_contain_text(RETRYING)
    # the server stays out of reach for this item while the page is reloaded
    tried = block_posts(page, item)
    context.set_offline(False)
    page.reload()
    # the page came from the server with the older draft; the pending submit's answers win
    expect(page.get_by_label("premature")).to_be_checked()
    expect(page.get_by_label("excessive")).to_be_checked()
    expect(page.get_by_label("belated")).not_to_be_checked()
    expect(page.locator("#draft-restored")).to_be_hidden()
    expect(page.locator("#submit-status")).to_contain_text("Not saved")
    expect(page.locator("#submit-status")).to_contain_text(RETRYING)  # its re-send failed too
    assert tried, "the restored submit was sent again"
    assert saved(item)[0] is None
    assert saved(item)[2].data["timing"] == "belated"  # nothing reached the server yet

    page.unroute(f"**/annotate/{item}**")
    context.set_offline(True)
    context.set_offline(False)  # back online: sent at once
    page.wait_for_url(f"{live_server}/annotate/{next_after(world, item)}")
    annotation, revisions, draft = saved(item)
    assert annotation is not None
    assert (annotation.version, annotation.timing, annotation.intensity) == (
        1,
        "premature",
        "excessive",
    )
    assert revisions == 1
    assert draft is None
    assert offline_copies(page) == {}


def test_a_pending_autosave_is_flushed_before_the_submit(
    page: Page, live_server: str, world: dict[str, Any]
) -> None:
    """Answers typed less than the autosave delay before Ctrl+Enter reach the server as a draft
    even though the submit itself is lost."""
    item = world["acted"][0]
    login(page, live_server, "kim", "kim-password")
    page.goto(f"{live_server}/annotate/{item}")
    tried = block_posts(page, item, only_submit=True)
    page.locator("h1").first.click()
    for key in ("r", "b", "i"):
        page.keyboard.press(key)
    page.keyboard.press("Control+Enter")  # at once: the 800 ms autosave has not fired yet
    expect(page.locator("#submit-status")).to_contain_text(RETRYING)
    assert tried[:2] == [
        f"{live_server}/annotate/{item}/draft",
        f"{live_server}/annotate/{item}",
    ]
    draft = saved(item)[2]
    assert draft is not None
    assert (draft.data["verdict"], draft.data["timing"], draft.data["intensity"]) == (
        "reject",
        "belated",
        "insufficient",
    )
    expect(page.get_by_label("belated")).to_be_checked()


def test_a_retry_after_a_lost_reply_does_not_submit_twice(
    page: Page, live_server: str, world: dict[str, Any]
) -> None:
    """The server saves the first submit but its reply never arrives: the retry, with the same
    version and answers, is the idempotent repeat, not a second save."""
    item = world["acted"][0]
    lost: list[int] = []

    def lose_first_reply(route: Route) -> None:
        request = route.request
        if not lost and request.method == "POST" and request.url.endswith(f"/annotate/{item}"):
            reply = route.fetch()  # the server handles it...
            lost.append(reply.status)
            route.abort("connectionreset")  # ...and the browser never hears back
            return
        route.continue_()

    login(page, live_server, "kim", "kim-password")
    page.goto(f"{live_server}/annotate/{item}")
    page.route(f"**/annotate/{item}**", lose_first_reply)
    page.locator("h1").first.click()
    page.keyboard.press("a")
    page.keyboard.press("Control+Enter")
    page.wait_for_url(f"{live_server}/annotate/{next_after(world, item)}")
    assert lost == [204]
    annotation, revisions, _draft = saved(item)
    assert annotation is not None
    assert (annotation.version, annotation.verdict) == (1, "accept")
    assert revisions == 1
    assert offline_copies(page) == {}


def test_a_refusal_is_shown_as_before_and_other_users_copies_are_never_used(
    page: Page, live_server: str, world: dict[str, Any]
) -> None:
    item = world["acted"][0]
    login(page, live_server, "kim", "kim-password")
    other = f"{PREFIX}{world['uid'] + 1}:{item}:new"  # another account on this browser
    page.evaluate(
        """([key, item]) => localStorage.setItem(key, JSON.stringify({user: key.split(":")[1],
            item: item, version: "", openedAt: 0, at: Date.now(),
            answers: {choices: {verdict: "accept"}, issues: [], notes: {}}}))""",
        [other, item],
    )
    page.goto(f"{live_server}/annotate/{item}")
    expect(page.get_by_label("Accept")).not_to_be_checked()  # not this user's: not restored
    expect(page.locator("#submit-status")).to_have_text("")
    page.locator("h1").first.click()
    page.keyboard.press("r")
    page.keyboard.press("Control+Enter")  # no timing: the server refuses, with its reason
    expect(page.locator("#form-error")).to_contain_text("timing")
    expect(page.get_by_label("Reject")).to_be_checked()
    assert list(offline_copies(page)) == [other]  # the refused submit left no copy behind
    page.keyboard.press("b")  # the page the server sent works like any other
    page.keyboard.press("i")
    page.keyboard.press("Control+Enter")
    page.wait_for_url(f"{live_server}/annotate/{next_after(world, item)}")
    annotation = saved(item)[0]
    assert annotation is not None
    assert (annotation.verdict, annotation.timing, annotation.intensity) == (
        "reject",
        "belated",
        "insufficient",
    )
    assert list(offline_copies(page)) == [other]


def test_a_server_error_is_retried_not_shown_as_a_refusal(
    page: Page, live_server: str, world: dict[str, Any]
) -> None:
    """A proxy answers 503 while the server restarts: the answers stay, the submit is retried."""
    item = world["acted"][0]
    answered: list[int] = []

    def restarting_once(route: Route) -> None:
        request = route.request
        if not answered and request.method == "POST" and request.url.endswith(f"/annotate/{item}"):
            answered.append(503)
            route.fulfill(status=503, content_type="text/html", body="<p>Bad gateway</p>")
            return
        route.continue_()

    login(page, live_server, "kim", "kim-password")
    page.goto(f"{live_server}/annotate/{item}")
    page.route(f"**/annotate/{item}**", restarting_once)
    page.locator("h1").first.click()
    page.keyboard.press("a")
    page.keyboard.press("Control+Enter")
    expect(page.locator("#submit-status")).to_contain_text(f"{RETRYING}. The server failed (503)")
    expect(page.get_by_label("Accept")).to_be_checked()
    page.wait_for_url(f"{live_server}/annotate/{next_after(world, item)}")  # the backoff retry
    annotation, revisions, _draft = saved(item)
    assert annotation is not None
    assert (annotation.version, annotation.verdict, revisions) == (1, "accept", 1)
    assert answered == [503]


def test_a_guard_refusal_without_the_form_keeps_the_answers(
    page: Page, live_server: str, world: dict[str, Any]
) -> None:
    # adversarial finding: a NUL pasted into a note got the generic 422 page, which replaced
    # the item and dropped the stored copy, so every answer was gone
    item = world["acted"][0]
    login(page, live_server, "kim", "kim-password")
    page.goto(f"{live_server}/annotate/{item}")
    page.locator("h1").first.click()
    for key in ("r", "p", "e", "x"):
        page.keyboard.press(key)
    page.keyboard.type("typed note")
    page.evaluate(
        """() => { const a = document.getElementById("note_other");
                   a.value += " pasted\\u0000bytes";
                   a.dispatchEvent(new Event("input", {bubbles: true})); }"""
    )
    page.keyboard.press("Escape")
    page.keyboard.press("Control+Enter")
    status = page.locator("#submit-status")
    expect(status).to_contain_text("Not saved (422)")
    expect(status).to_contain_text("Your answers are still here")
    expect(page).to_have_url(f"{live_server}/annotate/{item}")
    expect(page.get_by_label("premature")).to_be_checked()
    expect(page.get_by_label("excessive")).to_be_checked()
    assert "typed note" in page.locator("#note_other").input_value()
    assert saved(item)[0] is None
    assert len(offline_copies(page)) == 1  # still kept in the browser
    # the annotator removes the character and submits again: saved once
    page.locator("#note_other").fill("typed note")
    page.keyboard.press("Escape")
    page.keyboard.press("Control+Enter")
    page.wait_for_url(f"{live_server}/annotate/{next_after(world, item)}")
    annotation = saved(item)[0]
    assert annotation is not None
    assert annotation.other_issues == [{"category": "other", "note": "typed note"}]
    assert offline_copies(page) == {}
