"""The complete diagnosis workspace: drafts, checkpoint view, revision history, guidelines."""

from __future__ import annotations

import pytest
from sqlmodel import Session, select

from app.annotation.service import annotator_queue, assign_scenarios_paired
from app.models import AnnotationDraft, Response
from tests.factories import make_run, make_user


@pytest.fixture
def world(session: Session):
    make_run(session, scenario_ids=["fc-05"])
    a, b = make_user(session), make_user(session)
    assign_scenarios_paired(session, annotator_ids=[a.id])
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
