"""The complete diagnosis workspace: drafts, checkpoint view, revision history, guidelines."""

from __future__ import annotations

import html
import re
from datetime import UTC, datetime

import pytest
from sqlalchemy import event
from sqlmodel import Session, select

from app.annotation.service import annotator_queue
from app.models import Annotation, AnnotationDraft, Assignment, Response, Scenario
from app.models.base import utcnow
from tests.factories import assign_paired, make_run, make_user


@pytest.fixture
def world(session: Session):
    make_run(session, scenario_ids=["fc-05"])
    a, b = make_user(session), make_user(session)
    assign_paired(session, annotator_ids=[a.id])
    items = annotator_queue(session, a)
    acting = next(i for i in items if session.get(Response, i.response_id).action is not None)
    return a, b, items, acting


def test_draft_is_saved_restored_and_cleared_on_submit(
    session: Session, make_browser, world
) -> None:
    a, _b, _items, item = world
    browser = make_browser()
    browser.login(a.username)
    saved = browser.client.post(
        f"/annotate/{item.response_id}/draft",
        data={
            "level": "L3",
            "verdict": "reject",
            "timing": "premature",
            "other_issue": "other",
            "note_other": "half-written thought",
            "evil": "x",
            "intensity": "nonsense",
        },
        headers={"X-CSRF-Token": browser.token},
    )
    assert saved.status_code == 204
    draft = session.exec(
        select(AnnotationDraft).where(AnnotationDraft.response_id == item.response_id)
    ).one()
    assert draft.data["intensity"] is None and "evil" not in draft.data
    assert draft.data["notes"]["other"] == "half-written thought"
    page = browser.client.get(f"/annotate/{item.response_id}").text
    assert 'id="draft-restored"' in page and "half-written thought" in page
    assert 'value="premature" data-key="p" checked' in page
    done = browser.client.post(
        f"/annotate/{item.response_id}",
        data={
            "csrf_token": browser.token,
            "level": "L3",
            "verdict": "reject",
            "timing": "premature",
            "intensity": "excessive",
            "version": "",
        },
        follow_redirects=False,
    )
    assert done.status_code == 303
    assert (
        session.exec(
            select(AnnotationDraft).where(AnnotationDraft.response_id == item.response_id)
        ).first()
        is None
    )


def test_a_submit_commits_once_and_opening_pages_writes_nothing(
    session: Session, make_browser, world
) -> None:
    a, _b, _items, item = world
    browser = make_browser()
    browser.login(a.username)
    answers = {"level": "L3", "verdict": "reject", "timing": "premature", "intensity": "excessive"}
    kept = browser.client.post(
        f"/annotate/{item.response_id}/draft",
        data=answers,
        headers={"X-CSRF-Token": browser.token},
    )
    assert kept.status_code == 204
    commits: list[int] = []
    event.listen(session, "after_commit", lambda _s: commits.append(1))
    for path in (
        "/annotate",
        f"/annotate/{item.response_id}",
        f"/annotate/checkpoint/{item.scenario_id}/{item.checkpoint}",
    ):
        assert browser.client.get(path).status_code == 200, path
    assert commits == []
    done = browser.client.post(
        f"/annotate/{item.response_id}",
        data={"csrf_token": browser.token, **answers, "version": ""},
        follow_redirects=False,
    )
    assert done.status_code == 303
    assert len(commits) == 1  # the judgement and the discarded draft in one transaction
    assert session.exec(
        select(Annotation.verdict).where(Annotation.response_id == item.response_id)
    ).all() == ["reject"]
    assert (
        session.exec(
            select(AnnotationDraft).where(AnnotationDraft.response_id == item.response_id)
        ).first()
        is None
    )


def test_draft_needs_csrf_and_ownership(session: Session, make_browser, world) -> None:
    a, b, _items, item = world
    browser = make_browser()
    browser.login(b.username)
    other = browser.client.post(
        f"/annotate/{item.response_id}/draft",
        data={"level": "L1"},
        headers={"X-CSRF-Token": browser.token},
    )
    assert other.status_code == 404
    owner = make_browser()
    owner.login(a.username)
    assert (
        owner.client.post(f"/annotate/{item.response_id}/draft", data={"level": "L1"}).status_code
        == 403
    )


def test_checkpoint_view_side_by_side_is_blinded(session: Session, make_browser, world) -> None:
    a, b, items, item = world
    browser = make_browser()
    browser.login(a.username)
    page = browser.client.get(f"/annotate/checkpoint/{item.scenario_id}/{item.checkpoint}")
    assert page.status_code == 200
    same = [i for i in items if i.checkpoint == item.checkpoint]
    for label in "ABC"[: len(same)]:
        assert f'id="response-{label}"' in page.text
    for name in ("restraint", "notify_latest", "eager_executor"):
        assert name not in page.text
    stranger = make_browser()
    stranger.login(b.username)
    assert (
        stranger.client.get(
            f"/annotate/checkpoint/{item.scenario_id}/{item.checkpoint}"
        ).status_code
        == 404
    )


def test_revision_history_and_guidelines_on_the_page(session: Session, make_browser, world) -> None:
    a, _b, _items, item = world
    browser = make_browser()
    browser.login(a.username)
    for version, form in (
        (None, {"verdict": "accept"}),
        (1, {"verdict": "reject", "timing": "belated", "intensity": "excessive"}),
    ):
        browser.client.post(
            f"/annotate/{item.response_id}",
            data={"csrf_token": browser.token, "level": "L3", "version": version or "", **form},
        )
    page = browser.client.get(f"/annotate/{item.response_id}").text
    assert 'id="revision-history"' in page and "v2" in page and "v1" in page
    assert 'id="guidelines"' in page and "premature" in page


def test_every_choice_has_its_own_key_listed_on_the_page(
    session: Session, make_browser, world
) -> None:
    import re

    a, _b, _items, item = world
    browser = make_browser()
    browser.login(a.username)
    page = browser.client.get(f"/annotate/{item.response_id}").text
    form = page.split('id="diagnosis-form"', 1)[1].split("</form>", 1)[0]
    choices = re.findall(r'<input type="(?:radio|checkbox)"[^>]*>', form)
    assert len(choices) == 4 + 2 + 3 + 3 + 4  # levels, verdicts, timing, intensity, issues
    keys = [re.search(r'data-key="([^"]+)"', c) for c in choices]
    assert all(keys), [c for c, k in zip(choices, keys, strict=True) if not k]
    every_key = re.findall(r'data-key="([^"]+)"', page)
    assert len(every_key) == len(set(every_key)), every_key  # no clash on the page
    legend = form.split('class="muted small keys"', 1)[1]
    for key in {k.group(1) for k in keys if k}:
        assert f"<kbd>{key}</kbd>" in legend or key in "0123", (
            key
        )  # levels: <kbd>0</kbd>–<kbd>3</kbd>
    issues = {
        re.search(r'value="([a-z_]+)"', c).group(1): re.search(r'data-key="(.)"', c).group(1)
        for c in choices
        if 'name="other_issue"' in c
    }
    assert issues == {
        "unsupported_by_evidence": "u",
        "irrelevant_action": "v",
        "factual_contradiction": "f",
        "other": "x",
    }
    for category, key in issues.items():
        label = form.split(f'value="{category}"', 1)[1].split("</label>", 1)[0]
        assert f"<kbd>{key}</kbd>" in label


VERSION = re.compile(r'name="version" value="([^"]*)"')


def _post(browser, response_id: str, version: str, **answers: str):
    return browser.client.post(
        f"/annotate/{response_id}",
        data={"csrf_token": browser.token, "version": version, **answers},
        follow_redirects=False,
    )


def test_a_refused_submit_keeps_the_version_the_edit_started_from(
    session: Session, make_browser, world
) -> None:
    """Two tabs open on an unsaved item; tab 1 saves; tab 2 slips (422), then corrects its
    answers: the corrected submit must conflict, not silently replace tab 1's save."""
    a, _b, _items, item = world
    browser = make_browser()
    browser.login(a.username)
    tab2 = browser.client.get(f"/annotate/{item.response_id}").text
    assert VERSION.search(tab2).group(1) == ""
    assert _post(browser, item.response_id, "", level="L3", verdict="accept").status_code == 303
    slip = _post(browser, item.response_id, "", level="L3", verdict="reject")
    assert slip.status_code == 422 and "timing" in html.unescape(slip.text)
    assert VERSION.search(slip.text).group(1) == ""  # still the version tab 2 started from
    corrected = _post(
        browser,
        item.response_id,
        VERSION.search(slip.text).group(1),
        level="L3",
        verdict="reject",
        timing="belated",
        intensity="excessive",
    )
    assert corrected.status_code == 409
    page = html.unescape(corrected.text)
    assert "saved elsewhere (version 1)" in page and 'id="stored-version"' in page
    stored = session.exec(
        select(Annotation).where(Annotation.response_id == item.response_id)
    ).one()
    assert (stored.version, stored.verdict) == (1, "accept")
    # the conflict page now offers version 1: submitting there replaces it on purpose
    assert VERSION.search(corrected.text).group(1) == "1"
    # the same applies to an edit that started from a saved version
    assert _post(browser, item.response_id, "1", level="L3", verdict="reject").status_code == 422
    assert _post(browser, item.response_id, "1", level="L2", verdict="accept").status_code == 303
    stale = _post(browser, item.response_id, "1", level="L3", verdict="reject")
    assert stale.status_code == 422 and VERSION.search(stale.text).group(1) == "1"


def test_reloading_after_a_conflict_shows_the_saved_version_not_the_stale_draft(
    session: Session, make_browser, world
) -> None:
    a, _b, _items, item = world
    browser = make_browser()
    browser.login(a.username)
    # tab 2 autosaves answers on the unsaved item, then tab 1 saves
    draft = browser.client.post(
        f"/annotate/{item.response_id}/draft",
        data={"level": "L3", "verdict": "reject", "timing": "belated", "version": ""},
        headers={"X-CSRF-Token": browser.token},
    )
    assert draft.status_code == 204
    assert _post(browser, item.response_id, "", level="L3", verdict="accept").status_code == 303
    # (the submit discarded tab 1's draft; tab 2 autosaves once more before submitting)
    browser.client.post(
        f"/annotate/{item.response_id}/draft",
        data={"level": "L3", "verdict": "reject", "timing": "belated", "version": ""},
        headers={"X-CSRF-Token": browser.token},
    )
    conflict = _post(
        browser,
        item.response_id,
        "",
        level="L3",
        verdict="reject",
        timing="belated",
        intensity="excessive",
    )
    assert conflict.status_code == 409
    text = html.unescape(conflict.text)
    assert "reload before changing it" not in text and "Submit them to replace version 1" in text
    reloaded = browser.client.get(f"/annotate/{item.response_id}").text
    assert 'id="draft-restored"' not in reloaded and 'id="stale-draft"' in reloaded
    assert VERSION.search(reloaded).group(1) == "1"
    assert 'value="accept" data-key="a" checked' in reloaded  # the saved answers
    shown = browser.client.get(f"/annotate/{item.response_id}?draft=stale").text
    assert 'id="stored-version"' in shown and 'value="belated" data-key="b" checked' in shown
    assert VERSION.search(shown).group(1) == "1"


def test_opening_an_item_that_left_the_queue_says_why(
    session: Session, make_browser, world
) -> None:
    a, _b, _items, item = world
    browser = make_browser()
    browser.login(a.username)
    assignment = session.exec(
        select(Assignment).where(
            Assignment.response_id == item.response_id, Assignment.annotator_id == a.id
        )
    ).one()
    assignment.released_at = utcnow()
    assignment.released_reason = "moved to a colleague"
    session.add(assignment)
    session.commit()
    page = browser.client.get(f"/annotate/{item.response_id}")
    assert page.status_code == 404
    text = html.unescape(page.text)
    assert "no longer in your queue" in text and "moved to a colleague" in text
    # a response that was never theirs stays a bare 404
    assert "no such item" in browser.client.get("/annotate/0123456789abcdef").text


def test_a_submit_on_an_audited_out_item_keeps_the_answers(
    session: Session, make_browser, world
) -> None:
    a, _b, _items, item = world
    browser = make_browser()
    browser.login(a.username)
    scenario = session.get(Scenario, item.scenario_id)
    scenario.audit_status = "rejected"
    session.add(scenario)
    session.commit()
    answers = {"level": "L3", "verdict": "reject", "timing": "belated", "version": ""}
    autosave = browser.client.post(
        f"/annotate/{item.response_id}/draft", data=answers, headers={"X-CSRF-Token": browser.token}
    )
    assert autosave.status_code == 409 and "audited out" in autosave.text
    refused = _post(
        browser,
        item.response_id,
        "",
        level="L3",
        verdict="reject",
        timing="belated",
        intensity="excessive",
    )
    assert refused.status_code == 409 and "audited out" in html.unescape(refused.text)
    draft = session.exec(
        select(AnnotationDraft).where(AnnotationDraft.response_id == item.response_id)
    ).one()
    assert draft.data["intensity"] == "excessive"
    opened = browser.client.get(f"/annotate/{item.response_id}")
    assert opened.status_code == 404 and "audited out" in html.unescape(opened.text)


def test_the_queue_shows_when_open_items_expire(session: Session, make_browser, world) -> None:
    a, _b, items, item = world
    due = datetime(2031, 5, 6, 7, 8, tzinfo=UTC)
    for assignment in session.exec(select(Assignment).where(Assignment.annotator_id == a.id)):
        assignment.expires_at = due
        session.add(assignment)
    session.commit()
    browser = make_browser()
    browser.login(a.username)
    assert _post(browser, item.response_id, "", level="L3", verdict="accept").status_code == 303
    page = browser.client.get("/annotate").text
    assert "open items due by Tue 06 May 07:08 UTC" in page
    assert page.count("due Tue 06 May 07:08 UTC") == len(items) - 1  # not the judged one
