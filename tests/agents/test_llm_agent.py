"""The OpenAI-compatible agent against a loopback server speaking the real wire format."""

from __future__ import annotations

import random

import pytest

from app.agents.llm import (
    EndpointConfig,
    OpenAIChatAgent,
    backoff_delay,
    retry_after_seconds,
)
from app.agents.runner import run_response
from app.jobs.backoff import Backoff
from tests.fake_llm import FakeLLM, Reply, json_reply, protocol_policy, replies
from tests.unit import arena_fixtures as fx

FINAL_L0 = json_reply({"type": "final", "action": None, "rationale": "wait"})


@pytest.fixture
def llm():
    with FakeLLM() as server:
        yield server


def agent(
    llm: FakeLLM, sleeps: list[float] | None = None, backoffs: list[Backoff] | None = None, **config
) -> OpenAIChatAgent:
    settings = {
        "base_url": llm.base_url,
        "model": "m1",
        "backoff_base_s": 1.0,
        "backoff_max_s": 8.0,
        "max_retries": 3,
        **config,
    }
    return OpenAIChatAgent(
        EndpointConfig(**settings),
        sleep=(sleeps.append if sleeps is not None else lambda s: None),
        on_backoff=(backoffs.append if backoffs is not None else None),
        rng=random.Random(0),
    )


def test_full_protocol_over_http(llm: FakeLLM, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAKE_API_KEY", "sk-test-123")
    out = run_response(
        fx.s0(),
        fx.events(),
        2,
        agent(
            llm,
            api_key_env="FAKE_API_KEY",
            temperature=0.2,
            max_tokens=512,
            extra_body={"reasoning_effort": "high"},
        ),
    )
    assert out.status == "completed" and out.level_predicted == "L1"
    assert out.retrieval_rounds == 1
    assert (out.prompt_tokens, out.completion_tokens, out.reasoning_tokens) == (240, 60, 24)
    assert len(out.llm_calls) == 2 and out.llm_calls[0]["finish_reason"] == "stop"
    first = llm.requests[0]
    assert first["model"] == "m1" and first["temperature"] == 0.2 and first["max_tokens"] == 512
    assert first["reasoning_effort"] == "high"
    assert [m["role"] for m in first["messages"]] == ["system", "user"]
    assert llm.headers[0]["Authorization"] == "Bearer sk-test-123"
    # the second call carries the results of the inspect round
    assert '"results"' in llm.requests[1]["messages"][-1]["content"]
    assert [m["role"] for m in out.llm_calls[1]["request"]] == ["user"]


def test_429_honours_retry_after_then_succeeds(llm: FakeLLM) -> None:
    llm.script = replies(Reply(status=429, headers={"Retry-After": "2"}), FINAL_L0)
    sleeps: list[float] = []
    backoffs: list[Backoff] = []
    out = run_response(fx.s0(), fx.events(), 1, agent(llm, sleeps, backoffs))
    assert out.status == "completed" and sleeps == [2.0]
    assert [b.reason for b in backoffs] == ["rate_limited"] and backoffs[0].attempt == 1
    assert out.llm_calls[0]["retries"] == 1


def test_a_short_retry_after_through_a_two_minute_outage_is_waited_out(llm: FakeLLM) -> None:
    # the endpoint answers 429 "Retry-After: 1" for 120 s (on the agent's clock: the waits),
    # then answers; the default budget (20 retries, 300 s window) must outlast the outage, so
    # each wait is at least the backoff, not just the 1 s the server asks for
    sleeps: list[float] = []

    def script(_body: dict[str, object]) -> Reply:
        if sum(sleeps) < 120:
            return Reply(status=429, headers={"Retry-After": "1"})
        return FINAL_L0

    llm.script = script
    config = EndpointConfig(base_url=llm.base_url, model="m1")
    out = run_response(
        fx.s0(), fx.events(), 1, OpenAIChatAgent(config, sleep=sleeps.append, rng=random.Random(0))
    )
    assert out.status == "completed", out.error
    assert sum(sleeps) >= 120 and all(s >= 1.0 for s in sleeps)
    assert out.llm_calls[0]["retries"] == len(sleeps) == len(llm.requests) - 1


def test_retry_storm_ends_in_api_error_with_reason(llm: FakeLLM) -> None:
    llm.script = replies(Reply(status=429))
    sleeps: list[float] = []
    out = run_response(fx.s0(), fx.events(), 1, agent(llm, sleeps))
    assert out.status == "api_error" and out.error is not None
    assert out.error.startswith("rate_limited: gave up after 4 attempts")
    assert len(llm.requests) == 4 and len(sleeps) == 3
    assert all(0 <= s <= 8.0 for s in sleeps)


def test_outage_5xx_is_endpoint_unavailable(llm: FakeLLM) -> None:
    llm.script = replies(Reply(status=503))
    out = run_response(fx.s0(), fx.events(), 1, agent(llm, max_retries=1))
    assert out.status == "api_error" and out.error.startswith("endpoint_unavailable")


def test_connection_refused_is_endpoint_unavailable() -> None:
    config = EndpointConfig(base_url="http://127.0.0.1:9/v1", model="m", max_retries=1)
    out = run_response(fx.s0(), fx.events(), 1, OpenAIChatAgent(config, sleep=lambda s: None))
    assert out.status == "api_error" and "connection failed" in out.error


def test_timeout(llm: FakeLLM) -> None:
    llm.script = replies(Reply(delay_s=0.5))
    out = run_response(fx.s0(), fx.events(), 1, agent(llm, timeout_s=0.1, max_retries=0))
    assert out.status == "api_error" and out.error.startswith("timeout")


def test_client_error_is_not_retried(llm: FakeLLM) -> None:
    llm.script = replies(Reply(status=400))
    out = run_response(fx.s0(), fx.events(), 1, agent(llm))
    assert out.status == "api_error" and out.error.startswith("http_error: HTTP 400")
    assert len(llm.requests) == 1


def test_malformed_body(llm: FakeLLM) -> None:
    llm.script = replies(Reply(raw="<html>gateway</html>"))
    out = run_response(fx.s0(), fx.events(), 1, agent(llm))
    assert out.status == "api_error" and out.error.startswith("malformed_response")


def test_reasoning_used_the_whole_budget_is_infrastructure(llm: FakeLLM) -> None:
    llm.script = replies(
        Reply(
            content="",
            finish_reason="length",
            usage={
                "prompt_tokens": 900,
                "completion_tokens": 256,
                "completion_tokens_details": {"reasoning_tokens": 256},
            },
        )
    )
    out = run_response(fx.s0(), fx.events(), 1, agent(llm, max_tokens=256))
    assert out.status == "api_error" and out.error.startswith("output_budget_exhausted")
    assert out.reasoning_tokens == 256 and out.action is None


def test_unreported_usage_is_null_not_zero(llm: FakeLLM) -> None:
    llm.script = replies(json_reply({"type": "final", "action": None}, usage=None))
    out = run_response(fx.s0(), fx.events(), 1, agent(llm))
    assert out.status == "completed"
    assert (out.prompt_tokens, out.completion_tokens, out.reasoning_tokens) == (None, None, None)


def test_usage_without_reasoning_details(llm: FakeLLM) -> None:
    llm.script = replies(
        json_reply(
            {"type": "final", "action": None}, usage={"prompt_tokens": 50, "completion_tokens": 7}
        )
    )
    out = run_response(fx.s0(), fx.events(), 1, agent(llm))
    assert (out.prompt_tokens, out.completion_tokens, out.reasoning_tokens) == (50, 7, None)


def test_malformed_model_output_twice_is_protocol_error(llm: FakeLLM) -> None:
    llm.script = replies(Reply(content="Sure! I'll help."), Reply(content="{not json"))
    out = run_response(fx.s0(), fx.events(), 1, agent(llm))
    assert out.status == "protocol_error" and out.raw_output == "{not json"
    assert "broke the protocol" in llm.requests[1]["messages"][-1]["content"]


def test_unknown_command_is_corrected_once(llm: FakeLLM) -> None:
    llm.script = replies(
        json_reply({"type": "inspect", "commands": [{"command": "web_search", "args": {}}]}),
        FINAL_L0,
    )
    out = run_response(fx.s0(), fx.events(), 1, agent(llm))
    assert out.status == "completed" and out.level_predicted == "L0"


def test_missing_api_key_env(llm: FakeLLM, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NOT_SET_API_KEY", raising=False)
    out = run_response(fx.s0(), fx.events(), 1, agent(llm, api_key_env="NOT_SET_API_KEY"))
    assert out.status == "api_error" and "NOT_SET_API_KEY" in out.error and llm.requests == []


def test_code_fenced_json_is_accepted(llm: FakeLLM) -> None:
    llm.script = replies(Reply(content='```json\n{"type": "final", "action": null}\n```'))
    assert run_response(fx.s0(), fx.events(), 1, agent(llm)).status == "completed"


def test_retry_after_forms() -> None:
    from datetime import UTC, datetime

    now = datetime(2026, 3, 1, 12, 0, 0, tzinfo=UTC)
    assert retry_after_seconds("7") == 7.0
    assert retry_after_seconds("Sun, 01 Mar 2026 12:00:30 GMT", now) == 30.0
    assert retry_after_seconds("soon") is None and retry_after_seconds(None) is None


def test_backoff_is_capped_full_jitter() -> None:
    config = EndpointConfig(base_url="http://x/v1", model="m", backoff_base_s=1, backoff_max_s=10)
    rng = random.Random(1)
    for attempt in range(8):
        delay = backoff_delay(attempt, config, rng)
        assert 0 <= delay <= min(10, 2**attempt)


def test_policy_fixture_is_protocol_valid() -> None:
    body = {"model": "x-quiet", "messages": [{"role": "assistant", "content": "{}"}]}
    assert '"action": null' in protocol_policy(body).content


def test_usage_counts_a_postgresql_integer_cannot_hold_are_recorded_as_null() -> None:
    from app.agents.llm import _int_or_none

    assert [_int_or_none(v) for v in (0, 2_147_483_647, 5)] == [0, 2_147_483_647, 5]
    assert [_int_or_none(v) for v in (2_147_483_648, 10**30, -1, True, 3.0, "7")] == [None] * 6


def test_out_of_range_usage_over_http_is_null_not_a_crash(llm: FakeLLM) -> None:
    llm.script = replies(
        json_reply(
            {"type": "final", "action": None},
            usage={
                "prompt_tokens": 10**30,
                "completion_tokens": -5,
                "completion_tokens_details": {"reasoning_tokens": 3_000_000_000},
            },
        )
    )
    out = run_response(fx.s0(), fx.events(), 1, agent(llm))
    assert out.status == "completed"
    assert (out.prompt_tokens, out.completion_tokens, out.reasoning_tokens) == (None, None, None)


def test_token_sums_past_a_postgresql_integer_are_null(llm: FakeLLM) -> None:
    big = {"prompt_tokens": 2_000_000_000, "completion_tokens": 7}
    llm.script = replies(
        json_reply(
            {"type": "inspect", "commands": [{"command": "chat_unread", "args": {}}]}, usage=big
        ),
        json_reply({"type": "final", "action": None}, usage=big),
    )
    out = run_response(fx.s0(), fx.events(), 1, agent(llm))
    assert out.status == "completed" and out.retrieval_rounds == 1
    assert (out.prompt_tokens, out.completion_tokens) == (None, 14)
