"""Batch pages over HTTP: roles, CSRF, creating and managing a batch, and overlap blinding."""

from __future__ import annotations

import html
import re
from collections import defaultdict

import pytest
from sqlmodel import Session, col, select

from app.annotation.creation import create_batch
from app.models import Assignment, Batch, Checkpoint, Response
from tests.factories import make_run, make_user, submit_answers

SECRET = "First annotator: the reminder lands a day after the deadline."


@pytest.fixture
def world(session: Session):
    run = make_run(session, scenario_ids=["wp-01", "wp-02", "wp-03"])
    return {
        "run": run,
        "lead": make_user(session, role="lead"),
        "researcher": make_user(session, role="researcher"),
        "a": make_user(session),
        "b": make_user(session),
        "c": make_user(session),
    }


def _browser(make_browser, user, path: str = "/lead"):
    browser = make_browser()
    browser.login(user.username)
    if path:
        browser.refresh_token(path)
    return browser


def _batch(session: Session, world, **kwargs) -> Batch:
    defaults = {
        "name": "b",
        "annotator_ids": [world["a"].id, world["b"].id],
        "created_by": world["lead"].id,
        "run_id": world["run"].id,
    }
    return create_batch(session, **{**defaults, **kwargs})


@pytest.mark.parametrize("role", ["annotator", "researcher"])
def test_only_leads_and_admins_manage_batches_and_adjudicate(
    session: Session, make_browser, world, role: str
) -> None:
    batch = _batch(session, world)
    person = world["a"] if role == "annotator" else world["researcher"]
    browser = _browser(make_browser, person, "/annotate" if role == "annotator" else "/lead")
    pages = ["/lead/batches", f"/lead/batches/{batch.id}", "/audit/adjudication"]
    for path in pages + (["/lead"] if role == "annotator" else []):
        assert browser.client.get(path).status_code == 403, path
    holder = session.exec(
        select(Assignment.annotator_id, Checkpoint.scenario_id)
        .join(Response, col(Response.id) == col(Assignment.response_id))
        .join(Checkpoint, col(Checkpoint.id) == col(Response.checkpoint_id))
        .where(Assignment.batch_id == batch.id)
    ).first()
    form = {
        "csrf_token": browser.token,
        "reason": "x",
        "scenario_id": holder[1],
        "from_annotator": str(holder[0]),
        "annotator_id": str(holder[0]),
        "to_annotator": str(world["c"].id),
        "annotators": [str(world["c"].id)],
        "decision": "accept",
        "comment": "x",
    }
    for action in ("", "/reassign", "/release", "/reclaim", "/close"):
        path = "/lead/batches" + (f"/{batch.id}{action}" if action else "")
        assert browser.client.post(path, data=form).status_code == 403, path
    assert browser.client.post("/audit/adjudication/hm-01", data=form).status_code == 403
    assert session.exec(select(Batch)).all() == [batch]
    assert not session.exec(
        select(Assignment).where(col(Assignment.released_at).is_not(None))
    ).all()
    if role == "researcher":  # they still read the overview, without the batch links
        overview = browser.client.get("/lead")
        assert overview.status_code == 200 and 'href="/lead/batches"' not in overview.text
    anonymous = make_browser().client.get("/lead/batches", follow_redirects=False)
    assert anonymous.status_code == 303 and anonymous.headers["location"].startswith("/login")


def test_writes_need_the_csrf_token(session: Session, make_browser, world) -> None:
    browser = _browser(make_browser, world["lead"], "/lead/batches")
    form = {"annotators": [str(world["a"].id)], "run_id": str(world["run"].id)}
    assert browser.client.post("/lead/batches", data=form).status_code == 403
    assert (
        browser.client.post("/lead/batches", data={**form, "csrf_token": "forged"}).status_code
        == 403
    )
    assert session.exec(select(Batch)).all() == []
    batch = _batch(session, world)
    assert browser.client.post(f"/lead/batches/{batch.id}/close").status_code == 403
    assert session.get(Batch, batch.id).status == "open"


def test_create_a_batch_through_the_form(session: Session, make_browser, world) -> None:
    browser = _browser(make_browser, world["lead"], "/lead/batches")
    page = browser.client.get("/lead/batches")
    assert page.status_code == 200 and 'id="create-batch"' in page.text
    assert world["a"].username in page.text and "workplace" in page.text
    response = browser.client.post(
        "/lead/batches",
        data={
            "csrf_token": browser.token,
            "name": "week 1",
            "run_id": str(world["run"].id),
            "phase": "1",
            "need_types": ["dependency", "blockage"],
            "domains": ["workplace"],
            "annotators": [str(world["a"].id), str(world["b"].id), str(world["c"].id)],
            "overlap_percent": "50",
            "seed": "3",
            "expires_hours": "24",
        },
        follow_redirects=False,
    )
    assert response.status_code == 303, response.text
    batch = session.exec(select(Batch).where(Batch.name == "week 1")).one()
    assert response.headers["location"] == f"/lead/batches/{batch.id}"
    assert (batch.overlap_share, batch.seed, batch.expires_after_hours) == (0.5, 3, 24)
    assert batch.need_types == ["blockage", "dependency"] and batch.created_by == world["lead"].id
    kinds = session.exec(select(Assignment.kind).where(Assignment.batch_id == batch.id)).all()
    assert "primary" in kinds and "overlap" in kinds

    detail = browser.client.get(f"/lead/batches/{batch.id}")
    assert detail.status_code == 200
    assert 'id="per-annotator"' in detail.text and 'id="scenarios"' in detail.text
    assert world["a"].username in detail.text and "wp-01" in detail.text
    live = browser.client.get(f"/lead/batches/{batch.id}", headers={"HX-Request": "true"})
    assert 'id="live"' in live.text and 'id="scenarios"' not in live.text  # the polled block
    listing = browser.client.get("/lead/batches")
    assert f'data-batch="{batch.id}"' in listing.text and "week 1" in listing.text


def test_a_bad_form_is_shown_again_with_the_error(session: Session, make_browser, world) -> None:
    browser = _browser(make_browser, world["lead"], "/lead/batches")
    response = browser.client.post(
        "/lead/batches",
        data={"csrf_token": browser.token, "name": "kept name", "overlap_percent": "10"},
        follow_redirects=False,
    )
    assert response.status_code == 303 and response.headers["location"] == "/lead/batches"
    page = browser.client.get("/lead/batches").text
    assert "choose at least one annotator" in page
    assert 'value="kept name"' in page and 'step="any" value="10"' in page
    again = browser.client.get("/lead/batches").text  # shown once: a reload is a clean form
    assert "choose at least one annotator" not in again and 'value="kept name"' not in again
    response = browser.client.post(
        "/lead/batches",
        data={
            "csrf_token": browser.token,
            "annotators": [str(world["a"].id)],
            "overlap_percent": "20",
        },
    )
    assert [r.status_code for r in response.history] == [303]
    assert "two annotators" in response.text
    assert f'<option value="{world["a"].id}" selected>' in response.text
    assert session.exec(select(Batch)).all() == []


def test_reassign_release_reclaim_and_close(session: Session, make_browser, world) -> None:
    batch = _batch(session, world)
    browser = _browser(make_browser, world["lead"], f"/lead/batches/{batch.id}")
    scenario, holder = session.exec(
        select(Checkpoint.scenario_id, Assignment.annotator_id)
        .join(Response, col(Response.id) == col(Assignment.response_id))
        .join(Checkpoint, col(Checkpoint.id) == col(Response.checkpoint_id))
        .where(Assignment.batch_id == batch.id)
    ).first()
    response = browser.client.post(
        f"/lead/batches/{batch.id}/reassign",
        data={
            "csrf_token": browser.token,
            "scenario_id": scenario,
            "from_annotator": str(holder),
            "kind": "primary",
            "to_annotator": str(world["c"].id),
            "reason": "holiday",
        },
        follow_redirects=False,
    )
    assert response.status_code == 303
    assert "done=reassigned" in response.headers["location"]
    moved = session.exec(
        select(Assignment).where(
            Assignment.batch_id == batch.id, Assignment.released_reason == "holiday"
        )
    ).all()
    assert moved and all(m.annotator_id == holder for m in moved)
    assert all(m.released_by == world["lead"].id for m in moved)
    # no reason: the page says so
    refused = browser.client.post(
        f"/lead/batches/{batch.id}/reassign",
        data={
            "csrf_token": browser.token,
            "scenario_id": scenario,
            "from_annotator": str(world["c"].id),
            "to_annotator": str(world["a"].id),
            "reason": "",
        },
    )
    assert [r.status_code for r in refused.history] == [303]
    assert refused.url.path == f"/lead/batches/{batch.id}" and "say why" in refused.text
    response = browser.client.post(
        f"/lead/batches/{batch.id}/release",
        data={"csrf_token": browser.token, "annotator_id": str(world["c"].id), "reason": "x"},
        follow_redirects=False,
    )
    assert response.status_code == 303
    assert not session.exec(
        select(Assignment).where(
            Assignment.annotator_id == world["c"].id, col(Assignment.released_at).is_(None)
        )
    ).all()
    for action in ("reclaim", "close"):
        response = browser.client.post(
            f"/lead/batches/{batch.id}/{action}",
            data={"csrf_token": browser.token},
            follow_redirects=False,
        )
        assert response.status_code == 303, action
    assert session.get(Batch, batch.id).status == "closed"
    assert browser.client.get("/lead/batches/999999").status_code == 404


def test_second_annotator_never_sees_the_first_ones_answers(
    session: Session, make_browser, world
) -> None:
    batch = _batch(session, world, overlap_share=1.0)
    holders: dict[str, dict[str, int]] = defaultdict(dict)
    for response_id, annotator, kind in session.exec(
        select(Assignment.response_id, Assignment.annotator_id, Assignment.kind).where(
            Assignment.batch_id == batch.id
        )
    ).all():
        holders[response_id][kind] = annotator
    response_id = next(
        r
        for r in sorted(holders)
        if session.get(Response, r).action is not None and len(holders[r]) == 2
    )
    people = {world["a"].id: world["a"], world["b"].id: world["b"]}
    first, second = people[holders[response_id]["primary"]], people[holders[response_id]["overlap"]]
    submit_answers(
        session,
        annotator=first,
        response_id=response_id,
        form={
            "level": "L3",
            "verdict": "reject",
            "timing": "belated",
            "intensity": "appropriate",
            "other_issues": [{"category": "other", "note": SECRET}],
        },
    )
    browser = _browser(make_browser, second, "/annotate")
    page = browser.client.get(f"/annotate/{response_id}")
    assert page.status_code == 200
    text = html.unescape(page.text)
    assert SECRET not in text
    assert 'value="reject" data-key="r" checked' not in page.text
    assert 'value="belated"' in page.text and 'value="belated" checked' not in page.text
    assert "Saved elsewhere" not in text
    checkpoint = session.get(Checkpoint, session.get(Response, response_id).checkpoint_id)
    side_by_side = browser.client.get(
        f"/annotate/checkpoint/{checkpoint.scenario_id}/{checkpoint.t}"
    )
    assert side_by_side.status_code == 200
    assert SECRET not in html.unescape(side_by_side.text)
    assert "judged: reject" not in side_by_side.text
    # the first annotator sees their own answers
    own = _browser(make_browser, first, "/annotate").client.get(f"/annotate/{response_id}")
    assert SECRET in html.unescape(own.text)
    assert 'value="reject" data-key="r" checked' in own.text  # the check above can fail


def test_overview_shows_progress_and_agreement(session: Session, make_browser, world) -> None:
    batch = _batch(session, world, overlap_share=1.0)
    pairs = session.exec(
        select(Assignment.response_id, Assignment.annotator_id, Assignment.kind).where(
            Assignment.batch_id == batch.id
        )
    ).all()
    people = {world["a"].id: world["a"], world["b"].id: world["b"]}
    response_id = next(r for r, _a, kind in pairs if kind == "overlap")
    response = session.get(Response, response_id)
    level = "L0" if response.action is None else response.level_predicted
    for r, annotator, _kind in pairs:
        if r == response_id:
            submit_answers(
                session,
                annotator=people[annotator],
                response_id=r,
                form={"level": level, "verdict": "accept"},
            )
    browser = _browser(make_browser, world["lead"])
    overview = browser.client.get("/lead")
    assert overview.status_code == 200
    # the page shows Table 1 at once and fetches the progress and agreement after it
    assert 'hx-get="/lead/progress" hx-trigger="load"' in overview.text
    assert 'id="per-phase"' not in overview.text
    assert 'hx-get="/lead/progress?phase=2"' in browser.client.get("/lead?phase=2").text
    page = browser.client.get("/lead/progress")
    assert page.status_code == 200
    assert 'id="per-phase"' in page.text and 'data-phase="1"' in page.text
    assert f'data-annotator="{world["a"].username}"' in page.text
    assert 'id="agreement-table"' in page.text and 'data-field="verdict"' in page.text
    assert "1 responses judged by both" in page.text
    # the annotated count goes into Table 1's line, out of band
    count = r'<span id="annotated-count" hx-swap-oob="true">\d+ of \d+ completed'
    assert re.search(count, page.text)
    other = browser.client.get("/lead/progress?phase=2")
    assert "0 responses judged by both" in other.text
