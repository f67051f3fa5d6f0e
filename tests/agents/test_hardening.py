"""Hardening found by the adversarial test of agent runs: nothing an agent or an endpoint does
may crash or hang a response, leak a workbench secret, or make the stored settings lie."""

from __future__ import annotations

import random

import pytest
from pydantic import ValidationError

from app.agents.llm import EndpointConfig, OpenAIChatAgent
from app.agents.runner import run_response
from app.arena.commands import run_command
from tests.fake_llm import FakeLLM, Reply, json_reply, replies
from tests.unit import arena_fixtures as fx


@pytest.mark.parametrize(
    "name", ["SECRET_KEY", "HALO_SECRET_KEY", "DATABASE_URL", "REDIS_URL", "PATH", "lower_key"]
)
def test_api_key_variable_cannot_be_a_workbench_setting(name: str) -> None:
    with pytest.raises(ValidationError):
        EndpointConfig(base_url="http://x/v1", model="m", api_key_env=name)
    assert EndpointConfig(base_url="http://x/v1", model="m", api_key_env="OPENAI_API_KEY")


@pytest.mark.parametrize("key", ["model", "messages", "stream"])
def test_extra_body_cannot_override_what_the_run_stores(key: str) -> None:
    with pytest.raises(ValidationError, match="extra body may not set"):
        EndpointConfig(base_url="http://x/v1", model="m", extra_body={key: "x"})
    assert EndpointConfig(
        base_url="http://x/v1", model="m", extra_body={"reasoning_effort": "high"}
    ).extra_body


def test_retry_after_is_capped_by_the_backoff_maximum() -> None:
    with FakeLLM(
        replies(
            Reply(status=429, headers={"Retry-After": "86400"}),
            json_reply({"type": "final", "action": None}),
        )
    ) as llm:
        sleeps: list[float] = []
        agent = OpenAIChatAgent(
            EndpointConfig(base_url=llm.base_url, model="m", backoff_max_s=8),
            sleep=sleeps.append,
            rng=random.Random(0),
        )
        out = run_response(fx.s0(), fx.events(), 1, agent)
    assert out.status == "completed" and sleeps == [8.0]


def test_a_blob_from_db_query_is_returned_as_text() -> None:
    with fx.sandbox() as sandbox:
        result = run_command(sandbox, "db_query", {"sql": "SELECT x'00ff' AS b"})
    assert result.ok and '"rows":[["x\'00ff\'"]]' in result.output


@pytest.mark.parametrize(
    "text",
    [
        "[" * 5000 + "]" * 5000,
        "1" * 5000,
        "",
        '{"type": "final", "action": null, "rationale": "a\\u0000b"}',
    ],
)
def test_unreadable_replies_are_protocol_errors_not_crashes(text: str) -> None:
    with FakeLLM(replies(Reply(content=text))) as llm:
        agent = OpenAIChatAgent(EndpointConfig(base_url=llm.base_url, model="m"))
        out = run_response(fx.s0(), fx.events(), 1, agent)
    assert out.status == "protocol_error" and out.failure_reason == "protocol_violation"
