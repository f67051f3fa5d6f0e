"""Both wire modes end to end through a real Celery worker on Redis and PostgreSQL (issue 13)."""

from __future__ import annotations

from typing import Any

from sqlmodel import select

from app.agents.service import create_agent
from app.db import session_scope
from app.models import Agent, Response, Run
from app.runs.service import create_run, run_progress
from tests.fake_llm import FakeLLM, Reply, protocol_policy, tools_policy
from tests.workers.conftest import Broker, stop, wait_until


def _either_mode(body: dict[str, Any]) -> Reply:
    """A tools-mode request (it carries ``tools``) gets tool calls, a json-mode one the object.

    The json replies come wrapped in a ``<think>`` block, as a model served without a reasoning
    parser sends them; the tools replies carry ``reasoning_content`` as vLLM's parsers do.
    """
    if "tools" in body:
        reply = tools_policy(body)
        assert reply.message is not None
        reply.message["reasoning_content"] = "thinking about the inbox"
        return reply
    reply = protocol_policy(body)
    reply.content = f"<think>\nLet me decide.\n</think>\n{reply.content}"
    return reply


def test_json_and_tools_agents_complete_a_run_on_a_real_worker(broker: Broker) -> None:
    with FakeLLM(_either_mode) as llm:
        with session_scope() as session:
            for name, mode in (("as-json", "json"), ("as-tools", "tools")):
                create_agent(
                    session,
                    name=name,
                    config={"base_url": llm.base_url, "model": name, "mode": mode},
                )
            run = create_run(
                session,
                agent_names=["as-json", "as-tools"],
                scenario_ids=["hm-01", "hm-04", "wp-08"],
                k=2,
                seed=4,
            )
            run_id = run.id
            assert "prompt_tools" in run.settings
            ids = session.exec(select(Response.id).where(Response.run_id == run_id)).all()
        assert len(ids) == 12
        worker = broker.worker(f"{broker.queue}-modes")
        try:
            for response_id in ids:
                broker.client.send_task("runs.execute_response", args=[response_id])
            progress = wait_until(
                lambda: (p := _progress(run_id))["done"] == 12 and p, 90, "all 12 responses"
            )
        finally:
            stop(worker)
        received = len(llm.requests)
    assert progress["by_status"] == {"completed": 12}
    with session_scope() as session:
        assert session.get(Run, run_id).status == "completed"
        rows = session.exec(
            select(Response, Agent.name)
            .join(Agent, Agent.id == Response.agent_id)
            .where(Response.run_id == run_id)
        ).all()
    by_mode: dict[str, list[Response]] = {"as-json": [], "as-tools": []}
    for response, name in rows:
        by_mode[name].append(response)
    for response in by_mode["as-tools"]:
        assert [c["tool_calls"][0]["name"] for c in response.llm_calls] == [
            "email_list",
            "notify_user",
        ]
        assert response.llm_calls[0]["reasoning"] == "thinking about the inbox"
        assert [s["command"] for s in response.trajectory] == ["email_list", "files_list"]
        assert response.level_predicted == "L1" and response.rationale == "Worth a heads-up."
    for response in by_mode["as-json"]:
        assert all(c["tool_calls"] is None for c in response.llm_calls)
        assert response.level_predicted == "L1" and response.retrieval_rounds == 1
    # every call the endpoint received is stored with a response: two per response
    assert received == sum(len(r.llm_calls) for r, _ in rows) == 24


def _progress(run_id: int) -> dict[str, Any]:
    with session_scope() as session:
        return run_progress(session, run_id)
