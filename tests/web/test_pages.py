"""Pages over HTTP: log-in, role checks, CSRF, blinding and the diagnosis rules on the server."""

from __future__ import annotations

import html
import re

import pytest
from sqlmodel import Session, select

from app.annotation.service import annotator_queue
from app.models import Agent, Annotation, Response
from tests.factories import assign_paired, make_run, make_user

AGENT_NAMES = ("restraint", "notify_latest", "eager_executor")


@pytest.fixture
def world(session: Session):
    make_run(session, scenario_ids=["hm-01", "wp-02"])
    a, b = make_user(session), make_user(session)
    lead = make_user(session, role="lead")
    assign_paired(session, annotator_ids=[a.id, b.id])
    return a, b, lead


def _l3_item(session: Session, annotator) -> str:
    for item in annotator_queue(session, annotator):
        if session.get(Response, item.response_id).level_predicted == "L3":
            return item.response_id
    raise AssertionError("no L3 item")


def test_anonymous_is_sent_to_login(make_browser) -> None:
    browser = make_browser()
    response = browser.client.get("/annotate", follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == "/login?next=/annotate"


def test_wrong_password_is_refused(make_browser, world) -> None:
    a, _b, _lead = world
    browser = make_browser()
    browser.refresh_token()
    response = browser.client.post(
        "/login",
        data={"username": a.username, "password": "nope-nope", "csrf_token": browser.token},
    )
    assert response.status_code == 401 and "wrong password" in response.text


def test_login_without_csrf_is_refused(make_browser, world) -> None:
    a, _b, _lead = world
    browser = make_browser()
    browser.client.get("/login")
    response = browser.client.post(
        "/login", data={"username": a.username, "password": "password-123"}
    )
    assert response.status_code == 403


def test_role_checks(make_browser, world) -> None:
    a, _b, lead = world
    annotator = make_browser()
    annotator.login(a.username)
    assert annotator.client.get("/lead").status_code == 403
    assert annotator.client.get("/lead/table1.csv").status_code == 403
    lead_browser = make_browser()
    lead_browser.login(lead.username)
    assert lead_browser.client.get("/annotate").status_code == 403
    assert lead_browser.client.get("/lead").status_code == 200


def test_annotator_pages_never_name_a_model(session: Session, make_browser, world) -> None:
    a, _b, _lead = world
    browser = make_browser()
    browser.login(a.username)
    pages = [browser.client.get("/annotate").text]
    for item in annotator_queue(session, a):
        pages.append(browser.client.get(f"/annotate/{item.response_id}").text)
    assert len(pages) > 6
    for page in pages:
        for name in AGENT_NAMES:
            assert name not in page


def test_another_annotators_item_is_not_found(session: Session, make_browser, world) -> None:
    a, b, _lead = world
    other = annotator_queue(session, b)[0].response_id
    browser = make_browser()
    browser.login(a.username)
    assert browser.client.get(f"/annotate/{other}").status_code == 404
    response = browser.client.post(
        f"/annotate/{other}", data={"csrf_token": browser.token, "level": "L0", "verdict": "accept"}
    )
    assert response.status_code == 404
    assert session.exec(select(Annotation).where(Annotation.response_id == other)).first() is None


@pytest.mark.parametrize(
    "form,reason",
    [
        ({"level": "L3", "verdict": "reject"}, "needs timing"),
        ({"level": "L3", "verdict": "reject", "timing": "premature"}, "needs intensity"),
        ({"level": "L3", "verdict": "accept", "timing": "premature"}, "carries no timing"),
        (
            {
                "level": "L3",
                "verdict": "reject",
                "timing": "appropriate",
                "intensity": "appropriate",
            },
            "at least one other issue",
        ),
        (
            {
                "level": "L3",
                "verdict": "reject",
                "timing": "belated",
                "intensity": "excessive",
                "other_issue": "other",
            },
            "needs a written note",
        ),
        ({"level": "L9", "verdict": "accept"}, "Level: must be one of L0, L1, L2, L3"),
        ({"level": "L0", "verdict": "accept"}, "took an action, so its level is L1, L2 or L3"),
        (
            {
                "level": "L3",
                "verdict": "reject",
                "timing": "belated",
                "intensity": "excessive",
                "note_other": "forgot to tick",
            },
            "but the issue is not ticked",
        ),
    ],
)
def test_crafted_posts_get_422_with_the_reason(
    session: Session, make_browser, world, form, reason
) -> None:
    a, _b, _lead = world
    item = _l3_item(session, a)
    browser = make_browser()
    browser.login(a.username)
    response = browser.client.post(f"/annotate/{item}", data={"csrf_token": browser.token, **form})
    assert response.status_code == 422
    alert = re.search(r'role="alert"[^>]*>([^<]+)<', response.text)
    assert alert and reason in alert.group(1)
    assert session.exec(select(Annotation).where(Annotation.response_id == item)).first() is None


def test_submit_without_csrf_is_refused(session: Session, make_browser, world) -> None:
    a, _b, _lead = world
    item = _l3_item(session, a)
    browser = make_browser()
    browser.login(a.username)
    response = browser.client.post(f"/annotate/{item}", data={"level": "L3", "verdict": "accept"})
    assert response.status_code == 403


def test_reject_premature_excessive_shows_in_table1(session: Session, make_browser, world) -> None:
    a, _b, lead = world
    item = _l3_item(session, a)
    browser = make_browser()
    browser.login(a.username)
    page = browser.client.get(f"/annotate/{item}").text
    # the page gets the visibility table computed from the rules; hidden fields start disabled
    assert '"L3|reject": ["intensity", "other_issues", "timing"]' in html.unescape(page)
    assert '"L3|accept": []' in html.unescape(page)
    assert 'id="timing-field" data-field="timing" hidden disabled' in page
    response = browser.client.post(
        f"/annotate/{item}",
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
    assert response.status_code == 303 and response.headers["location"].startswith("/annotate")
    annotation = session.exec(select(Annotation).where(Annotation.response_id == item)).one()
    assert (annotation.verdict, annotation.timing, annotation.intensity) == (
        "reject",
        "premature",
        "excessive",
    )
    agent = session.get(Agent, session.get(Response, item).agent_id)
    lead_browser = make_browser()
    lead_browser.login(lead.username)
    csv = lead_browser.client.get("/lead/table1.csv").text.splitlines()
    assert f"{agent.name},1,0.0,0.0,0.0,0.0,100.0,0.0,100.0,0.0,0.0,100.0,,1.0" in csv


def test_logout_ends_the_session(make_browser, world) -> None:
    a, _b, _lead = world
    browser = make_browser()
    browser.login(a.username)
    browser.client.post("/logout", data={"csrf_token": browser.token})
    assert browser.client.get("/annotate", follow_redirects=False).status_code == 303
