"""The lead's generation page over HTTP on a committed database: roles, CSRF, a job started
from the form and run by the engine's in-process queue, progress, candidate revisions, budget
stop, resume (and retry of endpoint failures), cancel and the htmx poll."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from app.db import session_scope
from app.main import create_app
from tests.construction.helpers import job_row, make_agents, scenario_candidates
from tests.factories import make_user
from tests.fake_llm import ConstructionScript, FakeLLM, Reply, review, seed_instance
from tests.web.conftest import Browser

pytestmark = pytest.mark.live


@pytest.fixture
def browser_for(live_db: str) -> Iterator[object]:
    clients: list[TestClient] = []

    def login(role: str) -> Browser:
        with session_scope() as session:
            user = make_user(session, role)
        client = TestClient(create_app())
        clients.append(client)
        browser = Browser(client)
        browser.login(user.username)
        return browser

    yield login
    for client in clients:
        client.close()


def _form(browser: Browser, creator: str, reviewer: str, **extra: str) -> dict[str, object]:
    browser.refresh_token("/arena/generate")
    page = browser.client.get("/arena/generate").text
    match = re.search(r'name="submission" value="([^"]+)"', page)
    assert match
    return {
        "csrf_token": browser.token,
        "submission": match.group(1),
        "domains": ["small_business"],
        "personas": "1",
        "per_need": "1",
        "creator": creator,
        "reviewer": reviewer,
        "rounds": "2",
        **extra,
    }


def test_annotators_are_refused_and_posts_need_the_csrf_token(browser_for) -> None:  # type: ignore[no-untyped-def]
    annotator = browser_for("annotator")
    assert annotator.client.get("/arena/generate").status_code == 403
    assert annotator.client.get("/arena/generate/1").status_code == 403
    assert (
        annotator.client.post("/arena/generate", data={"csrf_token": annotator.token}).status_code
        == 403
    )
    lead = browser_for("lead")
    refused = lead.client.post("/arena/generate", data={"domains": ["travel"]})
    assert refused.status_code == 403
    page = lead.client.get("/arena/generate")
    assert page.status_code == 200 and "New generation job" in page.text
    assert browser_for("researcher").client.get("/arena/generate").status_code == 200
    assert browser_for("admin").client.get("/arena/generate").status_code == 200


def test_a_lead_starts_a_job_follows_it_and_reads_the_revisions(browser_for) -> None:  # type: ignore[no-untyped-def]
    lead = browser_for("lead")
    script = ConstructionScript(
        reviewer=[review({"causal_support": "Nothing causes it."}), review()]
    )
    with FakeLLM(script) as llm:
        creator, reviewer = make_agents(llm.base_url, prefix="page")
        form = _form(lead, creator, reviewer)
        created = lead.client.post("/arena/generate", data=form, follow_redirects=False)
        assert created.status_code == 303
        location = created.headers["location"]
        job_id = int(location.rsplit("/", 1)[1])
        # a double-submitted form makes one job
        again = lead.client.post("/arena/generate", data=form, follow_redirects=False)
        assert again.headers["location"] == location
    page = lead.client.get(location).text  # the in-process queue ran it after the response
    assert 'id="job-status">completed' in page
    assert "4 of 4 candidates" in page and "accepted 4" in page
    assert "fail → pass" in page  # the first candidate's reviewer verdicts
    with session_scope() as session:
        first = scenario_candidates(session, job_id)[0]
        assert first.reviewer_first_pass is False and first.status == "accepted"
        assert job_row(session, job_id).created_by is not None
    assert f"/arena/scenarios/{first.scenario_id}" in page
    detail = lead.client.get(f"/arena/generate/{job_id}/candidates/{first.id}").text
    assert "Nothing causes it." in detail and "scenario_creator · round 1" in detail
    assert "prompt scenario_creator.v1" in detail and "120 + 30 tokens" in detail
    poll = lead.client.get(location, headers={"HX-Request": "true"})
    assert poll.headers.get("HX-Refresh") == "true"  # the job ended: reload once
    listing = lead.client.get("/arena/generate").text
    assert f'href="/arena/generate/{job_id}"' in listing and "4 accepted" in listing
    # a finished job cannot be cancelled
    lead.refresh_token(location)
    refused = lead.client.post(f"{location}/cancel", data={"csrf_token": lead.token})
    assert refused.status_code == 409


def test_a_budget_stop_is_shown_and_resumed_from_the_page(browser_for) -> None:  # type: ignore[no-untyped-def]
    lead = browser_for("lead")
    with FakeLLM(ConstructionScript()) as llm:
        creator, reviewer = make_agents(llm.base_url, prefix="pagebudget")
        created = lead.client.post(
            "/arena/generate",
            data=_form(lead, creator, reviewer, budget_tokens="700"),
            follow_redirects=False,
        )
        location = created.headers["location"]
        page = lead.client.get(location).text
        assert 'id="job-status">stopped' in page
        assert "token budget spent: 750 of 700 tokens used" in page
        assert re.search(r'action="/arena/generate/\d+/resume"', page)
        lead.refresh_token(location)
        resumed = lead.client.post(
            f"{location}/resume",
            data={"csrf_token": lead.token, "budget_tokens": "50000"},
            follow_redirects=False,
        )
        assert resumed.status_code == 303
        assert 'id="job-status">completed' in lead.client.get(location).text


def test_the_page_says_so_and_its_resume_button_retries(browser_for) -> None:  # type: ignore[no-untyped-def]
    lead = browser_for("lead")
    script = ConstructionScript(instance_creator=[Reply(status=500)])
    with FakeLLM(script) as llm:
        creator, reviewer = make_agents(llm.base_url, prefix="pagedown")
        created = lead.client.post(
            "/arena/generate", data=_form(lead, creator, reviewer), follow_redirects=False
        )
        location = created.headers["location"]
        page = lead.client.get(location).text
        assert 'id="job-status">completed' in page
        assert "completed with 1 endpoint failure(s) — resume to retry" in page
        assert re.search(r'action="/arena/generate/\d+/resume"', page)
        assert "Retry 1 endpoint failure(s)" in page
        script.queues["instance_creator"] = [seed_instance()]
        lead.refresh_token(location)
        resumed = lead.client.post(
            f"{location}/resume", data={"csrf_token": lead.token}, follow_redirects=False
        )
        assert resumed.status_code == 303
        page = lead.client.get(location).text
        assert 'id="job-status">completed' in page and "endpoint failure" not in page
        assert "/resume" not in page


def test_a_stopped_job_is_cancelled_from_the_page(browser_for) -> None:  # type: ignore[no-untyped-def]
    lead = browser_for("lead")
    with FakeLLM(ConstructionScript()) as llm:
        creator, reviewer = make_agents(llm.base_url, prefix="pagecancel")
        created = lead.client.post(
            "/arena/generate",
            data=_form(lead, creator, reviewer, budget_tokens="100"),
            follow_redirects=False,
        )
        location = created.headers["location"]
        lead.refresh_token(location)
        cancelled = lead.client.post(f"{location}/cancel", data={"csrf_token": lead.token})
        assert cancelled.status_code == 200
        assert 'id="job-status">cancelled' in cancelled.text
        assert "cancelled by a lead" in cancelled.text


def test_a_bad_form_is_refused_beside_it(browser_for) -> None:  # type: ignore[no-untyped-def]
    lead = browser_for("lead")
    lead.refresh_token("/arena/generate")
    refused = lead.client.post(
        "/arena/generate",
        data={"csrf_token": lead.token, "domains": ["small_business"], "personas": "x"},
    )
    assert refused.status_code == 422 and "personas must be a whole number" in refused.text
