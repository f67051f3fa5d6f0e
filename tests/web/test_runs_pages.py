"""The researchers' run dashboard and agent page over HTTP."""

from __future__ import annotations

import re

import pytest
from sqlmodel import Session, select

from app.models import Agent, Response, Run
from app.runs.service import execute_response
from tests.factories import make_user
from tests.fake_llm import FakeLLM, Reply, replies


def test_annotator_cannot_see_runs_or_agents(session: Session, make_browser) -> None:
    annotator = make_user(session)
    browser = make_browser()
    browser.login(annotator.username)
    assert browser.client.get("/runs").status_code == 403
    assert browser.client.get("/agents").status_code == 403
    assert browser.client.post("/runs", data={"csrf_token": browser.token}).status_code == 403


def test_define_agent_and_run_it_from_the_dashboard(session: Session, researcher) -> None:
    with FakeLLM() as llm:
        response = researcher.client.post(
            "/agents",
            data={
                "csrf_token": researcher.token,
                "name": "fake-model",
                "base_url": llm.base_url,
                "model": "fake-1",
                "api_key_env": "FAKE_API_KEY",
                "temperature": "0.3",
                "extra_body": '{"reasoning_effort": "low"}',
            },
            follow_redirects=False,
        )
        assert response.status_code == 303
        agent = session.exec(select(Agent).where(Agent.name == "fake-model")).one()
        assert agent.config["extra_body"] == {"reasoning_effort": "low"}
        page = researcher.client.get("/agents").text
        assert "$FAKE_API_KEY" in page and "fake-1" in page
        import os

        os.environ["FAKE_API_KEY"] = "secret-value"
        try:
            created = researcher.client.post(
                "/runs",
                data={
                    "csrf_token": researcher.token,
                    "agents": ["fake-model", "restraint"],
                    "environments": ["wp"],
                    "need_types": ["risk"],
                    "k": "2",
                    "seed": "5",
                    "name": "dash-run",
                },
                follow_redirects=False,
            )
        finally:
            del os.environ["FAKE_API_KEY"]
        assert created.status_code == 303
        run_id = int(created.headers["location"].rsplit("/", 1)[1])
        run = session.get(Run, run_id)
        # wp's risk scenarios in the revised corpus: wp-05 and wp-09 (6 events each; wp-06 is
        # now an opportunity, wp-09 was a dependency), so
        # 2 agents x 2 scenarios x k = 2 checkpoints = 8 responses
        assert run.name == "dash-run" and run.settings["scenarios"] == ["wp-05", "wp-09"]
        page = researcher.client.get(f"/runs/{run_id}").text
        assert re.search(r'id="run-progress">8 of 8 responses', page)
        assert "completed 8" in page and "fake-model" in page
        assert "Cramér" in page
        assert "hx-trigger" not in page  # a finished run is not polled
        # a poll that finds the run ended (the page was open) reloads it once, with final figures
        live = researcher.client.get(f"/runs/{run_id}", headers={"HX-Request": "true"})
        assert live.headers["HX-Refresh"] == "true" and live.text == ""
        assert "secret-value" not in page


def test_bad_run_form_is_refused_with_the_reason(researcher) -> None:
    response = researcher.client.post("/runs", data={"csrf_token": researcher.token, "k": "two"})
    assert response.status_code == 422 and "k must be a whole number" in response.text
    response = researcher.client.post("/runs", data={"csrf_token": researcher.token, "k": "2"})
    assert response.status_code == 422 and "choose at least one agent" in response.text
    response = researcher.client.post(
        "/agents",
        data={"csrf_token": researcher.token, "name": "x", "base_url": "nope", "model": "m"},
    )
    assert response.status_code == 422 and "base_url" in response.text


def test_failures_show_reason_and_retry_button(session: Session, researcher) -> None:
    with FakeLLM() as llm:
        llm.script = replies(Reply(status=429))
        researcher.client.post(
            "/agents",
            data={
                "csrf_token": researcher.token,
                "name": "limited",
                "base_url": llm.base_url,
                "model": "l",
            },
        )
        agent = session.exec(select(Agent).where(Agent.name == "limited")).one()
        agent.config = {**agent.config, "max_retries": 0}
        session.add(agent)
        session.commit()
        created = researcher.client.post(
            "/runs",
            data={
                "csrf_token": researcher.token,
                "agents": ["limited"],
                "environments": ["hm"],
                "need_types": ["risk"],
            },
            follow_redirects=False,
        )
        run_id = int(created.headers["location"].rsplit("/", 1)[1])
        page = researcher.client.get(f"/runs/{run_id}").text
        # hm's risk scenarios in the revised corpus are hm-05 and hm-06 (hm-09 is now an
        # opportunity), 6 events each, k = 2 distinct checkpoints each: 2 x 2 = 4
        assert "rate_limited" in page and re.search(r"Retry <span[^>]*>4</span> failed", page)
        llm.script = replies(Reply(content='{"type": "final", "action": null}'))
        retried = researcher.client.post(
            f"/runs/{run_id}/retry", data={"csrf_token": researcher.token}, follow_redirects=False
        )
        assert retried.status_code == 303
        assert "completed 4" in researcher.client.get(f"/runs/{run_id}").text


def test_backing_off_responses_are_shown_as_retrying(session: Session, researcher) -> None:
    """The page names why it waits and until when ("rate limited, backing off until …")."""
    from datetime import UTC, datetime, timedelta

    from app.runs.service import create_run

    run = create_run(session, agent_names=["restraint"], scenario_ids=["tr-01"], k=1)
    response = session.exec(select(Response).where(Response.run_id == run.id)).first()
    until = datetime.now(UTC) + timedelta(seconds=90)
    response.status, response.retry_reason, response.retry_until = "running", "rate_limited", until
    session.add(response)
    run.status = "running"
    session.add(run)
    session.commit()
    page = researcher.client.get(f"/runs/{run.id}").text
    assert "rate limited, backing off until" in page and until.strftime("%H:%M:%S") in page
    assert "(retrying 1)" in page
    assert 'hx-trigger="every 2s"' in page  # the open run keeps polling


def test_a_double_submitted_run_form_creates_one_run(session: Session, researcher) -> None:
    page = researcher.client.get("/runs").text
    token = re.search(r'name="submission" value="([0-9a-f]{32})"', page).group(1)
    form = {
        "csrf_token": researcher.token,
        "submission": token,
        "agents": ["restraint"],
        "environments": ["wp"],
        "k": "1",
        "name": "once",
    }
    first = researcher.client.post("/runs", data=form, follow_redirects=False)
    second = researcher.client.post("/runs", data=form, follow_redirects=False)
    assert first.status_code == second.status_code == 303
    assert first.headers["location"] == second.headers["location"]
    assert len(session.exec(select(Run).where(Run.name == "once")).all()) == 1
    # a new rendering of the page carries a new token
    assert token not in researcher.client.get("/runs").text


def _open_run(session: Session, created_by: int | None = None) -> Run:
    """A running run of two baselines with one response produced and the rest pending."""
    from app.runs.service import create_run

    run = create_run(
        session,
        agent_names=["restraint", "notify_latest"],
        scenario_ids=["wp-01", "wp-02"],
        k=2,
        created_by=created_by,
    )
    first = session.exec(select(Response.id).where(Response.run_id == run.id)).first()
    execute_response(session, first)
    run.status = "running"
    session.add(run)
    session.commit()
    return run


def _statements(pg_engine, request) -> list[str]:
    from sqlalchemy import event

    seen: list[str] = []

    def record(_conn, _cursor, statement, *_args) -> None:
        seen.append(statement)

    event.listen(pg_engine, "before_cursor_execute", record)
    try:
        request()
    finally:
        event.remove(pg_engine, "before_cursor_execute", record)
    return seen


def test_the_live_update_reads_counts_only(session: Session, researcher, pg_engine) -> None:
    run = _open_run(session)
    replies_: list = []
    statements = _statements(
        pg_engine,
        lambda: replies_.append(
            researcher.client.get(
                f"/runs/{run.id}", params={"actions": "C"}, headers={"HX-Request": "true"}
            )
        ),
    )
    live = replies_[0].text
    assert 'id="live"' in live and 'hx-trigger="every 2s"' in live and "1 of 8 responses" in live
    # no per-agent table, no diagnostics, no failures: only the progress part is polled
    assert "Per agent" not in live and "Sampling diagnostics" not in live
    reads = [s for s in statements if "FROM responses" in s]
    assert reads, statements
    assert not [s for s in reads if "count(" not in s.lower() and "retry_until" not in s]
    assert not [s for s in statements if "llm_calls" in s or "trajectory" in s]


def test_the_run_page_groups_the_sampling_diagnostics_in_sql(
    session: Session, researcher, pg_engine
) -> None:
    run = _open_run(session)
    replies_: list = []
    statements = _statements(
        pg_engine, lambda: replies_.append(researcher.client.get(f"/runs/{run.id}"))
    )
    assert "Cramér" in replies_[0].text
    diagnostics = [s for s in statements if "JOIN checkpoints" in s]
    assert diagnostics and all("GROUP BY" in s for s in diagnostics), diagnostics


def test_the_live_update_leaves_the_buttons_alone(session: Session, researcher) -> None:
    run = _open_run(session, created_by=researcher.user.id)
    page = researcher.client.get(f"/runs/{run.id}").text
    live_block = page[page.index('id="live"') : page.index("</section>")]
    assert "Cancel run" in page and "Cancel run" not in live_block
    assert re.search(r'<form[^>]*action="/runs/\d+/cancel"[^>]*data-confirm="Cancel ', page)
    key = re.search(r"hx-vals='\{\"actions\": \"(\w*)\"\}'", page).group(1)
    assert key == "C"
    # the same buttons as the page has: none in the poll's reply
    same = researcher.client.get(
        f"/runs/{run.id}", params={"actions": key}, headers={"HX-Request": "true"}
    ).text
    assert "run-actions" not in same and "<form" not in same
    # the buttons changed since the page was drawn: swapped out of band, the live block apart
    changed = researcher.client.get(
        f"/runs/{run.id}", params={"actions": "RC"}, headers={"HX-Request": "true"}
    ).text
    assert re.search(r'id="run-actions" hx-swap-oob="true"', changed) and "Cancel run" in changed


def test_the_new_run_form_offers_runnable_agents_only(session: Session, researcher) -> None:
    session.add(Agent(name="imported-harness", kind="external", config={}))
    session.commit()
    page = researcher.client.get("/runs").text
    assert 'value="restraint"' in page and 'value="imported-harness"' not in page


def test_unset_settings_and_imported_runs_show_no_none(session: Session, researcher) -> None:
    from app.agents.service import create_agent

    create_agent(session, name="plain", config={"base_url": "http://127.0.0.1:9/v1", "model": "m"})
    agents = researcher.client.get("/agents").text
    assert "None" not in agents and "concurrency 8" in agents
    imported = Run(name="from-elsewhere", status="completed", settings={"imported_from": "x.jsonl"})
    session.add(imported)
    session.commit()
    page = researcher.client.get(f"/runs/{imported.id}").text
    assert "Imported from <code>x.jsonl</code>" in page and "prompt ," not in page
    assert "Retry" not in page and "hx-trigger" not in page


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"base_url": "http://user:sk-secret@127.0.0.1:9/v1"}, "user name or password"),
        ({"base_url": "http://127.0.0.1:8412/login?next="}, "query string or fragment"),
        ({"extra_body": '{"headers": {"Authorization": "Bearer sk-1"}}'}, "may not carry secrets"),
        ({"extra_body": '{"temperature": 1.9, "max_tokens": 1}'}, "may not set max_tokens"),
        ({"extra_body": '{"x": NaN}'}, "finite"),
        ({"extra_body": "[" * 50_000 + "]" * 50_000}, "nested too deeply"),
        ({"api_key_env": "GITHUB_TOKEN"}, "not an API-key variable"),
        ({"temperature": "nan"}, "finite"),
        ({"model": "   "}, "model"),
    ],
)
def test_agent_form_refuses_secrets_overrides_and_odd_numbers(
    session: Session, researcher, fields: dict, message: str
) -> None:
    data = {
        "csrf_token": researcher.token,
        "name": "leaky",
        "base_url": "http://127.0.0.1:9/v1",
        "model": "m",
        **fields,
    }
    response = researcher.client.post("/agents", data=data)
    assert response.status_code == 422 and message in response.text
    assert session.exec(select(Agent).where(Agent.name == "leaky")).first() is None


def test_the_run_page_offers_to_retry_responses_whose_holder_died(
    session: Session, researcher
) -> None:
    import socket
    import subprocess

    from app.runs.service import create_run

    run = create_run(
        session,
        agent_names=["restraint"],
        scenario_ids=["hm-01"],
        k=1,
        created_by=researcher.user.id,
    )
    response = session.exec(select(Response).where(Response.run_id == run.id)).one()
    dead = subprocess.Popen(["true"])
    dead.wait()
    response.status, response.claimed_by = "running", f"{socket.gethostname()}:{dead.pid}"
    session.add(response)
    session.commit()  # as after a server restart in the middle of an in-process run
    page = researcher.client.get(f"/runs/{run.id}").text
    assert re.search(r'Retry <span id="retry-count">1</span> failed', page)
    retried = researcher.client.post(
        f"/runs/{run.id}/retry", data={"csrf_token": researcher.token}, follow_redirects=False
    )
    assert retried.status_code == 303
    session.expire_all()
    assert session.get(Response, response.id).status == "completed"
