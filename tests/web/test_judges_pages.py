"""The automatic-judge pages over HTTP: roles, CSRF, start, Table 11 live, downloads, cancel."""

from __future__ import annotations

import pytest
from sqlmodel import Session, select

import app.web.pages.judges as judges_page
from app.judges.service import execute_prediction
from app.models import JudgePrediction, JudgeRun
from tests.factories import make_run, make_user
from tests.services.test_judge_table11 import judged_run


@pytest.fixture
def lead(session: Session, make_browser, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """A logged-in lead whose judge runs are produced at once in the test's session."""

    def dispatch_in_test_session(judge_run_id: int, background: object) -> None:
        for prediction_id in session.exec(
            select(JudgePrediction.id).where(
                JudgePrediction.judge_run_id == judge_run_id, JudgePrediction.status == "pending"
            )
        ).all():
            execute_prediction(session, prediction_id)

    monkeypatch.setattr(judges_page, "_dispatch", dispatch_in_test_session)
    browser = make_browser()
    browser.login(make_user(session, role="lead").username)
    return browser


def test_annotators_cannot_reach_the_judges(session: Session, make_browser) -> None:
    browser = make_browser()
    browser.login(make_user(session).username)
    assert browser.client.get("/judges").status_code == 403
    assert browser.client.post("/judges", data={"csrf_token": browser.token}).status_code == 403
    assert browser.client.get("/judges/1").status_code == 403


def test_researcher_sees_the_judges_page(session: Session, make_browser) -> None:
    browser = make_browser()
    browser.login(make_user(session, role="researcher").username)
    page = browser.client.get("/judges")
    assert page.status_code == 200 and 'id="start-judge-run"' in page.text
    assert '<option value="rubric"' in page.text


def test_start_a_rubric_judge_run_and_read_table11(session: Session, lead) -> None:  # type: ignore[no-untyped-def]
    run = judged_run(session)
    refused = lead.client.post(
        "/judges", data={"judge": "rubric", "run": str(run.id)}, follow_redirects=False
    )
    assert refused.status_code == 403  # no CSRF token
    assert session.exec(select(JudgeRun)).all() == []
    started = lead.client.post(
        "/judges",
        data={"csrf_token": lead.token, "judge": "rubric", "run": str(run.id)},
        follow_redirects=False,
    )
    assert started.status_code == 303
    [judge_run] = session.exec(select(JudgeRun)).all()
    assert started.headers["location"] == f"/judges/{judge_run.id}"
    page = lead.client.get(f"/judges/{judge_run.id}").text
    assert "12 of 12 predictions" in page and "completed 12" in page
    assert "12 predictions; 12 matched a judgement of record" in page
    assert 'data-col="verdict_accuracy" data-value="91.67"' in page
    assert 'data-col="joint_accuracy" data-value="66.67"' in page
    assert 'id="confusion-verdict"' in page and 'id="table11_need_type"' in page
    listing = lead.client.get("/judges").text
    assert 'data-col="judge" data-value="rubric"' in listing
    assert 'data-value="91.67"' in listing
    # the rubric's Table 11 of test_judge_table11: verdict 11/12, joint 8/12; dependency
    # (hm-01) verdict 5/6 → [43.65, 96.99], joint 3/6 → [18.76, 81.24] (Wilson)
    csv = lead.client.get(f"/judges/{judge_run.id}/table11_need_type.csv").text
    assert csv.splitlines()[1] == "dependency,6,83.33,43.65,96.99,50.0,18.76,81.24"
    assert lead.client.get("/judges/table11.json").json()[0]["joint_accuracy"] == 66.67
    assert lead.client.get(f"/judges/{judge_run.id}/nothing.csv").status_code == 404


def test_bad_requests_say_why_and_cancel(session: Session, lead) -> None:  # type: ignore[no-untyped-def]
    run = make_run(session, agents=("restraint",), scenario_ids=["hm-01"], k=2)
    bad = lead.client.post(
        "/judges", data={"csrf_token": lead.token, "judge": "nobody", "run": str(run.id)}
    )
    assert bad.status_code == 422 and "unknown judge &#39;nobody&#39;" in bad.text
    monkeypatched = judges_page._dispatch
    judges_page._dispatch = lambda *_: None  # type: ignore[assignment]  # leave it pending
    try:
        lead.client.post(
            "/judges",
            data={"csrf_token": lead.token, "judge": "rubric", "run": str(run.id)},
            follow_redirects=False,
        )
    finally:
        judges_page._dispatch = monkeypatched
    [judge_run] = session.exec(select(JudgeRun)).all()
    page = lead.client.get(f"/judges/{judge_run.id}").text
    assert "Cancel judge run" in page and 'hx-get="/judges/' in page
    cancelled = lead.client.post(
        f"/judges/{judge_run.id}/cancel", data={"csrf_token": lead.token}, follow_redirects=False
    )
    assert cancelled.status_code == 303
    session.refresh(judge_run)
    assert judge_run.status == "cancelled"
    assert "cancelled 2" in lead.client.get(f"/judges/{judge_run.id}").text
