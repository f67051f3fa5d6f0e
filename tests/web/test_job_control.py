"""Who may cancel, retry or resume a job, over the real routes with CSRF.

Admins and leads control every agent run, judge run and generation job; researchers only those
they started; a job without a recorded creator only admins and leads. A refused user gets a
403 with the job left as it was, and the job's page shows them no button.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from sqlmodel import Session, select

import app.web.pages.generate as generate_page
import app.web.pages.judges as judges_page
import app.web.pages.runs as runs_page
from app.judges.service import create_judge_run
from app.models import GenerationJob, JudgePrediction, JudgeRun, Response, Run, User
from tests.factories import make_run, make_user
from tests.web.conftest import Browser

ACTORS = ("admin", "lead", "creator", "other researcher", "annotator")
MAY_ACT = {"admin", "lead", "creator"}


@dataclass
class Job:
    """A job set up so that `action` is possible, and how to see that it happened."""

    page: str
    action_path: str
    done: Callable[[], bool]
    button: str


def _run_job(session: Session, creator: User | None, action: str) -> Job:
    run = make_run(session, scenario_ids=["fc-05"], k=1, execute=action == "retry")
    run.created_by = creator.id if creator else None
    session.add(run)
    if action == "retry":  # one response failed on the endpoint: retry puts it back
        response = session.exec(select(Response).where(Response.run_id == run.id)).first()
        assert response is not None
        response.status = "api_error"
        session.add(response)
    session.commit()

    def done() -> bool:
        session.expire_all()
        if action == "cancel":
            return session.get(Run, run.id).status == "cancelled"  # type: ignore[union-attr]
        statuses = session.exec(select(Response.status).where(Response.run_id == run.id)).all()
        return "api_error" not in statuses

    button = "Cancel run" if action == "cancel" else "failed</button>"
    return Job(f"/runs/{run.id}", f"/runs/{run.id}/{action}", done, button)


def _judge_job(session: Session, creator: User | None, action: str) -> Job:
    run = make_run(session, scenario_ids=["fc-05"], k=1)
    judge_run = create_judge_run(
        session, judge="rubric", run_id=run.id, created_by=creator.id if creator else None
    )
    if action == "retry":  # one prediction failed on the endpoint
        prediction = session.exec(
            select(JudgePrediction).where(JudgePrediction.judge_run_id == judge_run.id)
        ).first()
        assert prediction is not None
        prediction.status, prediction.failure_reason = "failed", "endpoint_unavailable"
        session.add(prediction)
        session.commit()

    def done() -> bool:
        session.expire_all()
        if action == "cancel":
            return session.get(JudgeRun, judge_run.id).status == "cancelled"  # type: ignore[union-attr]
        statuses = session.exec(
            select(JudgePrediction.status).where(JudgePrediction.judge_run_id == judge_run.id)
        ).all()
        return "failed" not in statuses

    button = "Cancel judge run" if action == "cancel" else "failed</button>"
    path = f"/judges/{judge_run.id}"
    return Job(path, f"{path}/{action}", done, button)


def _generation_job(session: Session, creator: User | None, action: str) -> Job:
    job = GenerationJob(
        status="queued" if action == "cancel" else "stopped",
        params={"domains": ["travel"], "personas": 1, "per_need": 1},
        created_by=creator.id if creator else None,
    )
    session.add(job)
    session.commit()

    def done() -> bool:
        session.expire_all()
        status = session.get(GenerationJob, job.id).status  # type: ignore[union-attr]
        return status == ("cancelled" if action == "cancel" else "running")

    button = "Cancel job" if action == "cancel" else "Resume</button>"
    path = f"/arena/generate/{job.id}"
    return Job(path, f"{path}/{action}", done, button)


JOBS: dict[tuple[str, str], Callable[[Session, User | None, str], Job]] = {
    ("run", "cancel"): _run_job,
    ("run", "retry"): _run_job,
    ("judge run", "cancel"): _judge_job,
    ("judge run", "retry"): _judge_job,
    ("generation job", "cancel"): _generation_job,
    ("generation job", "resume"): _generation_job,
}


@pytest.fixture(autouse=True)
def _no_dispatch(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Started work is only recorded: these tests are about who may act, not the work."""
    started: list[Any] = []
    monkeypatch.setattr(runs_page, "_dispatch", lambda job_id, bg: started.append(job_id))
    monkeypatch.setattr(judges_page, "_dispatch", lambda job_id, bg: started.append(job_id))
    monkeypatch.setattr(generate_page, "start_job", lambda bg, start, i: started.append(i))
    return started


def _browser(make_browser: Callable[[], Browser], user: User, path: str) -> Browser:
    browser = make_browser()
    browser.login(user.username)
    browser.refresh_token(path)
    return browser


@pytest.mark.parametrize("kind,action", list(JOBS))
@pytest.mark.parametrize("actor", ACTORS)
def test_each_role_may_or_may_not_control_each_job(
    session: Session, make_browser: Callable[[], Browser], kind: str, action: str, actor: str
) -> None:
    creator = make_user(session, role="researcher")
    job = JOBS[kind, action](session, creator, action)
    user = {
        "creator": creator,
        "other researcher": make_user(session, role="researcher"),
    }.get(actor) or make_user(session, role=actor)
    browser = _browser(make_browser, user, "/account/password")
    page = browser.client.get(job.page)
    answer = browser.client.post(
        job.action_path, data={"csrf_token": browser.token}, follow_redirects=False
    )
    if actor in MAY_ACT:
        assert page.status_code == 200 and job.button in page.text, (kind, action, actor)
        assert answer.status_code == 303, answer.text
        assert job.done(), (kind, action, actor)
    else:
        assert answer.status_code == 403, (kind, action, actor, answer.status_code)
        assert not job.done(), (kind, action, actor)
        if actor == "other researcher":  # sees the job, but no button to control it
            assert page.status_code == 200 and job.button not in page.text
            assert "started by someone else" in answer.text


@pytest.mark.parametrize("kind,action", list(JOBS))
def test_a_job_without_a_creator_is_controlled_by_leads_and_admins_only(
    session: Session, make_browser: Callable[[], Browser], kind: str, action: str
) -> None:
    job = JOBS[kind, action](session, None, action)
    researcher = _browser(make_browser, make_user(session, role="researcher"), "/account/password")
    refused = researcher.client.post(job.action_path, data={"csrf_token": researcher.token})
    assert refused.status_code == 403 and not job.done()
    lead = _browser(make_browser, make_user(session, role="lead"), "/account/password")
    allowed = lead.client.post(
        job.action_path, data={"csrf_token": lead.token}, follow_redirects=False
    )
    assert allowed.status_code == 303 and job.done()


@pytest.mark.parametrize("kind,action", list(JOBS))
def test_controlling_a_job_needs_the_csrf_token(
    session: Session, make_browser: Callable[[], Browser], kind: str, action: str
) -> None:
    creator = make_user(session, role="researcher")
    job = JOBS[kind, action](session, creator, action)
    browser = _browser(make_browser, creator, "/account/password")
    answer = browser.client.post(job.action_path, data={"csrf_token": "forged"})
    assert answer.status_code == 403 and not job.done()
