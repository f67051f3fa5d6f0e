"""Scenario audit pages over HTTP: roles, CSRF, reviewer independence and adjudication."""

from __future__ import annotations

import html
import re

import pytest
from sqlmodel import Session, select

from app.annotation.audit import CRITERIA, cast_vote
from app.models import AuditDecision, AuditVote, Scenario
from tests.factories import make_user

PASS = dict.fromkeys(CRITERIA, "pass")
SECRET = "First reviewer: the frost window closes at e4, not e5."


@pytest.fixture
def people(session: Session):
    return {
        "r1": make_user(session, role="researcher"),
        "r2": make_user(session, role="researcher"),
        "lead": make_user(session, role="lead"),
        "admin": make_user(session, role="admin"),
        "annotator": make_user(session, role="annotator"),
    }


def _browser(make_browser, user):
    browser = make_browser()
    browser.login(user.username)
    return browser


def _vote_form(browser, vote: str, passed: list[str], comment: str) -> dict:
    """The review form with `passed` criteria marked pass and every other one marked fail."""
    marks = {f"criterion_{k}": "pass" if k in passed else "fail" for k in CRITERIA}
    return {"csrf_token": browser.token, "vote": vote, "comment": comment, **marks}


def test_annotators_get_403_everywhere(session: Session, make_browser, people) -> None:
    browser = _browser(make_browser, people["annotator"])
    for path in ("/audit", "/audit/hm-01", "/audit/adjudication", "/audit/statistics"):
        assert browser.client.get(path).status_code == 403, path
    browser.refresh_token("/annotate")
    response = browser.client.post(
        "/audit/hm-01", data=_vote_form(browser, "approve", list(CRITERIA), "fine")
    )
    assert response.status_code == 403
    response = browser.client.post(
        "/audit/adjudication/hm-01",
        data={"csrf_token": browser.token, "decision": "accept", "comment": "x"},
    )
    assert response.status_code == 403
    assert session.exec(select(AuditVote)).all() == []


def test_anonymous_is_sent_to_login(make_browser) -> None:
    response = make_browser().client.get("/audit/hm-01", follow_redirects=False)
    assert response.status_code == 303
    assert response.headers["location"] == "/login?next=/audit/hm-01"


def test_researchers_review_but_do_not_adjudicate(make_browser, people) -> None:
    browser = _browser(make_browser, people["r1"])
    queue = browser.client.get("/audit")
    assert queue.status_code == 200 and "hm-01" in queue.text
    assert "/audit/adjudication" not in queue.text
    assert browser.client.get("/audit/statistics").status_code == 200
    assert browser.client.get("/audit/adjudication").status_code == 403
    lead = _browser(make_browser, people["lead"])
    assert lead.client.get("/audit/adjudication").status_code == 200
    assert 'id="adjudication-link"' in lead.client.get("/audit").text


def test_review_page_shows_the_scenario(session: Session, make_browser, people) -> None:
    browser = _browser(make_browser, people["r1"])
    page = browser.client.get("/audit/hm-05")
    assert page.status_code == 200
    text = html.unescape(page.text)
    scenario = session.get(Scenario, "hm-05")
    assert scenario is not None
    assert "Clara Weiss" in text  # persona
    for event in scenario.events:
        assert event["summary"] in text
    assert scenario.design["need"] in text
    assert "red-handled gate valve behind the washing machine" in text  # key evidence
    assert "send_chat_message" in text and 'id="best-args"' in text
    for key, (label, _description) in CRITERIA.items():
        assert f'name="criterion_{key}"' in text and label in text
    assert 'data-key="ctrl+Enter"' in text and 'data-key="a"' in text


def test_vote_without_csrf_is_refused(session: Session, make_browser, people) -> None:
    browser = _browser(make_browser, people["r1"])
    response = browser.client.post(
        "/audit/hm-01",
        data={
            k: v
            for k, v in _vote_form(browser, "approve", list(CRITERIA), "fine").items()
            if k != "csrf_token"
        },
    )
    assert response.status_code == 403
    response = browser.client.post(
        "/audit/hm-01",
        data={**_vote_form(browser, "approve", list(CRITERIA), "fine"), "csrf_token": "x"},
    )
    assert response.status_code == 403
    assert session.exec(select(AuditVote)).all() == []


def test_vote_goes_to_the_next_scenario(session: Session, make_browser, people) -> None:
    browser = _browser(make_browser, people["r1"])
    response = browser.client.post(
        "/audit/ed-01",
        data=_vote_form(browser, "approve", list(CRITERIA), "Sound design."),
        follow_redirects=False,
    )
    assert response.status_code == 303 and response.headers["location"] == "/audit/ed-02"
    vote = session.exec(select(AuditVote).where(AuditVote.scenario_id == "ed-01")).one()
    assert (vote.vote, vote.comment, vote.criteria) == ("approve", "Sound design.", PASS)
    htmx = browser.client.post(
        "/audit/ed-02",
        data=_vote_form(browser, "reject", list(CRITERIA)[1:], "No causal link."),
        headers={"HX-Request": "true"},
    )
    assert htmx.status_code == 204 and htmx.headers["HX-Redirect"] == "/audit/ed-03"
    vote = session.exec(select(AuditVote).where(AuditVote.scenario_id == "ed-02")).one()
    assert vote.criteria["causal_support"] == "fail" and vote.criteria["need_identity"] == "pass"


def test_invalid_vote_keeps_the_answers(session: Session, make_browser, people) -> None:
    browser = _browser(make_browser, people["r1"])
    response = browser.client.post(
        "/audit/ed-01",
        data=_vote_form(browser, "approve", ["causal_support", "need_identity"], "My notes."),
    )
    assert response.status_code == 422
    assert "an approval cannot fail a criterion" in html.unescape(response.text)
    assert "My notes." in response.text
    assert re.search(r'name="criterion_causal_support" value="pass"[^>]*checked', response.text)
    assert re.search(r'name="criterion_timing_boundaries" value="fail"[^>]*checked', response.text)
    assert not re.search(
        r'name="criterion_timing_boundaries" value="pass"[^>]*checked', response.text
    )
    empty = browser.client.post(
        "/audit/ed-01", data=_vote_form(browser, "approve", list(CRITERIA), "  ")
    )
    assert empty.status_code == 422 and "write a comment" in empty.text
    assert session.exec(select(AuditVote)).all() == []


def test_second_reviewer_never_sees_the_first_vote(session: Session, make_browser, people) -> None:
    first = _browser(make_browser, people["r1"])
    response = first.client.post(
        "/audit/hm-05", data=_vote_form(first, "approve", list(CRITERIA), SECRET)
    )
    assert response.status_code == 200  # followed to the next scenario
    own = first.client.get("/audit/hm-05").text
    assert SECRET in html.unescape(own) and 'id="vote-form"' not in own

    second = _browser(make_browser, people["r2"])
    pages = [
        second.client.get("/audit/hm-05").text,
        second.client.get("/audit").text,
        second.client.get("/audit", headers={"HX-Request": "true"}).text,
        second.client.get("/audit/statistics").text,
    ]
    for page in pages:
        text = html.unescape(page)
        assert SECRET not in text and people["r1"].username not in text
    assert 'id="vote-form"' in pages[0] and 'id="independence-note"' in pages[0]
    lead = _browser(make_browser, people["lead"])
    lead_page = html.unescape(lead.client.get("/audit/hm-05").text)
    assert SECRET not in lead_page  # the lead might be the second reviewer too

    response = second.client.post(
        "/audit/hm-05",
        data=_vote_form(second, "reject", list(CRITERIA)[:4], "Intensity is too high."),
        follow_redirects=False,
    )
    assert response.status_code == 303
    after = html.unescape(second.client.get("/audit/hm-05").text)
    assert SECRET in after and "Intensity is too high." in after  # both voted: both shown


def test_third_reviewer_is_refused(session: Session, make_browser, people) -> None:
    for key in ("r1", "r2"):
        cast_vote(
            session,
            scenario_id="hm-01",
            reviewer=people[key],
            vote="approve",
            criteria=PASS,
            comment="fine",
        )
    admin = _browser(make_browser, people["admin"])
    assert 'data-scenario="hm-01"' not in admin.client.get("/audit").text
    page = admin.client.get("/audit/hm-01").text
    assert 'id="vote-form"' not in page
    response = admin.client.post(
        "/audit/hm-01", data=_vote_form(admin, "approve", list(CRITERIA), "me too")
    )
    assert response.status_code == 409
    assert "two reviewers have voted" in html.unescape(response.text)


def test_adjudication_page_and_decision(session: Session, make_browser, people) -> None:
    cast_vote(
        session,
        scenario_id="hm-03",
        reviewer=people["r1"],
        vote="approve",
        criteria=PASS,
        comment="Approve: the evidence holds.",
    )
    cast_vote(
        session,
        scenario_id="hm-03",
        reviewer=people["lead"],
        vote="reject",
        criteria={**PASS, "timing_boundaries": "fail"},
        comment="Reject: t = 2 is already in the window.",
    )
    lead = _browser(make_browser, people["lead"])
    own = lead.client.get("/audit/adjudication").text
    assert 'id="split-hm-03"' not in own and "1 such split" in own  # reviewed it: cannot decide

    admin = _browser(make_browser, people["admin"])
    page = html.unescape(admin.client.get("/audit/adjudication").text)
    assert 'id="split-hm-03"' in page
    assert "Approve: the evidence holds." in page and "t = 2 is already in the window." in page
    missing = admin.client.post(
        "/audit/adjudication/hm-03",
        data={"csrf_token": admin.token, "decision": "reject", "comment": ""},
    )
    assert missing.status_code == 422 and "write a comment" in missing.text
    assert re.search(r'value="reject" data-key="r"\s+checked', missing.text)
    no_csrf = admin.client.post(
        "/audit/adjudication/hm-03", data={"decision": "reject", "comment": "x"}
    )
    assert no_csrf.status_code == 403
    forbidden = lead.client.post(
        "/audit/adjudication/hm-03",
        data={"csrf_token": lead.token, "decision": "accept", "comment": "mine"},
    )
    assert forbidden.status_code == 403 and "you reviewed" in forbidden.text
    done = admin.client.post(
        "/audit/adjudication/hm-03",
        data={"csrf_token": admin.token, "decision": "reject", "comment": "Timing is off."},
        follow_redirects=False,
    )
    assert done.status_code == 303
    assert done.headers["location"] == "/audit/adjudication?decided=hm-03"
    after = admin.client.get(done.headers["location"]).text
    assert 'id="decided"' in after and "rejected" in after and 'id="no-splits"' in after
    decision = session.exec(select(AuditDecision)).one()
    assert (decision.decision, decision.comment) == ("reject", "Timing is off.")
    again = admin.client.post(
        "/audit/adjudication/hm-03",
        data={"csrf_token": admin.token, "decision": "accept", "comment": "x"},
    )
    assert again.status_code == 409


def test_statistics_page(session: Session, make_browser, people) -> None:
    for key, vote in (("r1", "approve"), ("r2", "approve")):
        cast_vote(
            session,
            scenario_id="sb-01",
            reviewer=people[key],
            vote=vote,
            criteria=PASS,
            comment="ok",
        )
    cast_vote(
        session,
        scenario_id="sb-02",
        reviewer=people["r1"],
        vote="reject",
        criteria={**PASS, "retrieval_necessity": "fail"},
        comment="the summary gives it away",
    )
    browser = _browser(make_browser, people["r2"])
    page = browser.client.get("/audit/statistics").text
    assert _cell(page, "approve/approve") == "1"
    assert _cell(page, "reject/reject") == "0"
    assert _cell(page, "retrieval_necessity") == "0"  # sb-02's lone vote stays private
    assert "1 waiting for a second vote" in page
    cast_vote(
        session,
        scenario_id="sb-02",
        reviewer=people["r2"],
        vote="approve",
        criteria=PASS,
        comment="fine by me",
    )
    page = browser.client.get("/audit/statistics").text
    assert _cell(page, "retrieval_necessity") == "1"
    assert _cell(page, "approve/reject") == "1" and _cell(page, "awaiting") == "1"
    assert _cell(page, "causal_support") == "0"


def _cell(page: str, row: str) -> str:
    match = re.search(rf'<tr data-row="{re.escape(row)}">.*?<td>([^<]*)</td>', page)
    assert match, row
    return match.group(1)
