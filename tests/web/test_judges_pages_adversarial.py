"""Attacks on the judge pages: roles on every route, double submit, unknown ids, bad forms."""

from __future__ import annotations

from sqlmodel import Session, select

from app.models import JudgeRun
from tests.factories import make_run, make_user
from tests.web.test_judges_pages import lead  # noqa: F401  (fixture)


def test_annotator_is_refused_on_every_judge_route(session: Session, make_browser) -> None:
    run = make_run(session, agents=("restraint",), scenario_ids=["hm-01"], k=1)
    browser = make_browser()
    browser.login(make_user(session).username)
    token = {"csrf_token": browser.token}
    for path in (
        "/judges/table11.csv",
        "/judges/1/table11.csv",
        "/judges/1/table11_confusion.json",
    ):
        assert browser.client.get(path).status_code == 403, path
    for path in ("/judges/1/cancel", "/judges/1/retry"):
        assert browser.client.post(path, data=token).status_code == 403, path
    form = {**token, "judge": "rubric", "run": str(run.id)}
    assert browser.client.post("/judges", data=form).status_code == 403
    assert session.exec(select(JudgeRun)).all() == []


def test_double_submit_starts_one_judge_run(session: Session, lead) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    run = make_run(session, agents=("restraint",), scenario_ids=["hm-01"], k=1)
    form = {"csrf_token": lead.token, "judge": "rubric", "run": str(run.id), "submission": "a" * 32}
    first = lead.client.post("/judges", data=form, follow_redirects=False)
    second = lead.client.post("/judges", data=form, follow_redirects=False)
    assert first.status_code == second.status_code == 303
    assert first.headers["location"] == second.headers["location"]
    assert len(session.exec(select(JudgeRun)).all()) == 1


def test_unknown_judge_run_is_404_everywhere(session: Session, lead) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    for path in (
        "/judges/424242",
        "/judges/424242/table11.csv",
        "/judges/424242/table11_need_type.json",
    ):
        assert lead.client.get(path).status_code == 404, path
    for path in ("/judges/424242/cancel", "/judges/424242/retry"):
        reply = lead.client.post(path, data={"csrf_token": lead.token}, follow_redirects=False)
        assert reply.status_code == 404, path


def test_bad_forms_say_why(session: Session, lead) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    for run in ("", "x", "-1", "1e3"):
        reply = lead.client.post(
            "/judges", data={"csrf_token": lead.token, "judge": "rubric", "run": run}
        )
        assert reply.status_code in (404, 422), (run, reply.status_code)
    reply = lead.client.post(
        "/judges", data={"csrf_token": lead.token, "judge": "x" * 10_000, "run": "1"}
    )
    assert reply.status_code in (404, 422)
    # last: the test's shared session stays aborted after a value the database cannot hold
    reply = lead.client.post(
        "/judges", data={"csrf_token": lead.token, "judge": "rubric", "run": "9" * 20}
    )
    assert reply.status_code == 422
