"""A tools-mode agent defined on the agents page, run, and read on the response page."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, select

from app.models import Agent, Response, Run
from tests.factories import make_user
from tests.fake_llm import FakeLLM, Reply, tools_policy


def _reasoning_tools_policy(body: dict[str, Any]) -> Reply:
    """:func:`tools_policy`, with vLLM-style reasoning text on every reply."""
    reply = tools_policy(body)
    assert reply.message is not None
    reply.message["reasoning_content"] = "Checking the inbox before deciding <b>anything</b>."
    return reply


def test_tools_agent_from_the_form_to_the_response_page(
    session: Session, researcher, make_browser
) -> None:
    with FakeLLM(_reasoning_tools_policy) as llm:
        added = researcher.client.post(
            "/agents",
            data={
                "csrf_token": researcher.token,
                "name": "tool-caller",
                "base_url": llm.base_url,
                "model": "tc-1",
                "mode": "tools",
            },
            follow_redirects=False,
        )
        assert added.status_code == 303
        agent = session.exec(select(Agent).where(Agent.name == "tool-caller")).one()
        assert agent.config["mode"] == "tools"
        assert "<td>tools</td>" in researcher.client.get("/agents").text
        created = researcher.client.post(
            "/runs",
            data={
                "csrf_token": researcher.token,
                "agents": ["tool-caller"],
                "environments": ["hm"],
                "need_types": ["risk"],
                "k": "1",
                "seed": "1",
            },
            follow_redirects=False,
        )
        assert created.status_code == 303, created.text
        run_id = int(created.headers["location"].rsplit("/", 1)[1])
        assert all("tools" in request for request in llm.requests)
    rows = session.exec(select(Response).where(Response.run_id == run_id)).all()
    planned = session.get(Run, run_id).settings["scenarios"]
    assert planned and len(rows) == len(planned)  # k = 1: one response per scenario
    assert {r.status for r in rows} == {"completed"}
    response = rows[0]
    assert response.trajectory[0]["command"] == "email_list"
    assert response.level_predicted == "L1"
    run_page = researcher.client.get(f"/runs/{run_id}").text
    assert f"/runs/{run_id}/responses/{response.id}" in run_page
    page = researcher.client.get(f"/runs/{run_id}/responses/{response.id}").text
    assert "tool-caller (tools mode)" in page
    # reasoning text is shown, escaped
    assert "Checking the inbox before deciding &lt;b&gt;anything&lt;/b&gt;." in page
    assert "email_list" in page and "notify_user" in page
    annotator = make_browser()
    annotator.login(make_user(session).username)
    denied = annotator.client.get(f"/runs/{run_id}/responses/{response.id}")
    assert denied.status_code == 403
    missing = researcher.client.get(f"/runs/{run_id}/responses/nope")
    assert missing.status_code == 404


def test_a_response_of_another_run_is_not_found(session: Session, researcher) -> None:
    with FakeLLM(tools_policy) as llm:
        researcher.client.post(
            "/agents",
            data={
                "csrf_token": researcher.token,
                "name": "tc",
                "base_url": llm.base_url,
                "model": "m",
                "mode": "tools",
            },
        )
        run_ids = []
        for seed in ("1", "2"):
            created = researcher.client.post(
                "/runs",
                data={
                    "csrf_token": researcher.token,
                    "agents": ["tc"],
                    "environments": ["hm"],
                    "need_types": ["risk"],
                    "k": "1",
                    "seed": seed,
                },
                follow_redirects=False,
            )
            run_ids.append(int(created.headers["location"].rsplit("/", 1)[1]))
    first = session.exec(select(Response.id).where(Response.run_id == run_ids[0])).first()
    assert researcher.client.get(f"/runs/{run_ids[1]}/responses/{first}").status_code == 404
