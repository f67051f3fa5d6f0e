"""The deadline of one LLM request: connecting and the whole body, not one read.

A loopback endpoint that drips its answer, each piece well inside the per-read timeout, would
hold a response ``running`` for as long as it liked; the deadline cuts every attempt off, the
retries stop at the retry window, and the response ends as ``timeout`` within deadline + window.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from app.agents.client import AgentAPIError
from app.agents.llm import MAX_BODY_BYTES, EndpointConfig, OpenAIChatAgent
from app.agents.runner import run_response
from app.settings import get_settings
from app.vocabulary import ResponseStatus
from tests.fake_llm import FakeLLM, Reply, json_reply, replies
from tests.unit import arena_fixtures as fx

DEADLINE_S = 1.5
WINDOW_S = 2.0
SLACK_S = 1.0
"""Scheduling slack on a shared 2-core machine (the bound itself is deadline + window)."""

FINAL = json_reply({"type": "final", "action": None, "rationale": "Nothing is due."})


def _agent(llm: FakeLLM, **config: Any) -> OpenAIChatAgent:
    settings = {
        "base_url": llm.base_url,
        "model": "m",
        "timeout_s": 5.0,  # per read: a drip never trips it
        "deadline_s": DEADLINE_S,
        "retry_window_s": WINDOW_S,
        "backoff_base_s": 0.0,
        "backoff_max_s": 0.0,
        **config,
    }
    return OpenAIChatAgent(EndpointConfig.model_validate(settings))


@pytest.mark.parametrize(
    "drip",
    [
        Reply(content="x", drip_s=0.5),  # one byte every 0.5 s: ~300 bytes would take 150 s
        Reply(content="x", drip_s=0.5, drip_headers=True),  # the headers dripped as well
        # a 4 MiB body at 64 KiB every 0.3 s would take about 20 s
        Reply(raw="x" * MAX_BODY_BYTES, drip_s=0.3, drip_bytes=65_536),
    ],
    ids=["body", "headers", "large-body"],
)
def test_a_slow_drip_ends_as_timeout_within_deadline_plus_window(drip: Reply) -> None:
    with FakeLLM(replies(drip)) as llm:
        agent = _agent(llm)
        began = time.monotonic()
        with pytest.raises(AgentAPIError) as caught:
            agent.complete([{"role": "user", "content": "hi"}])
        took = time.monotonic() - began
        received = len(llm.requests)
    assert str(caught.value).startswith("timeout: gave up after")
    assert "retry window" in str(caught.value)
    assert took <= DEADLINE_S + WINDOW_S + SLACK_S, took
    # each attempt is cut at the deadline: 2.0 s of window fits two attempts of 1.5 s at most
    assert received == len(caught.value.calls) == 2
    for call in caught.value.calls:
        assert "deadline of 1.5 s passed" in call.response
        assert DEADLINE_S - 0.05 <= call.latency_s <= DEADLINE_S + 0.5, call.latency_s
    assert caught.value.calls[-1].request == [{"role": "user", "content": "hi"}]


def test_the_response_of_a_dripping_agent_ends_api_error_timeout() -> None:
    with FakeLLM(replies(Reply(content="x", drip_s=0.5))) as llm:
        began = time.monotonic()
        outcome = run_response(fx.s0(), fx.events(), 2, _agent(llm))
        took = time.monotonic() - began
        received = len(llm.requests)
    assert outcome.status == ResponseStatus.API_ERROR
    assert outcome.failure_reason == "timeout"
    assert took <= DEADLINE_S + WINDOW_S + SLACK_S, took
    assert len(outcome.llm_calls) == received


def test_a_reply_inside_the_deadline_is_read_and_the_setting_is_the_default() -> None:
    with FakeLLM(replies(Reply(content="ok", drip_s=0.01, drip_bytes=64))) as llm:
        turn = _agent(llm).complete([{"role": "user", "content": "hi"}])
    assert turn.text == "ok"
    assert get_settings().llm_request_deadline_s == 600.0
    assert EndpointConfig(base_url="http://h/v1", model="m").deadline_s is None


@pytest.mark.parametrize("value", [0, -1, 3601, float("inf")])
def test_a_deadline_out_of_bounds_is_refused_with_its_field(value: float) -> None:
    with pytest.raises(ValueError, match="deadline_s"):
        EndpointConfig.model_validate(
            {"base_url": "http://h/v1", "model": "m", "deadline_s": value}
        )


def test_the_setting_applies_when_the_agent_sets_none(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LLM_REQUEST_DEADLINE_S", "1.0")
    get_settings.cache_clear()
    try:
        with FakeLLM(replies(Reply(content="x", drip_s=0.4))) as llm:
            agent = _agent(llm, deadline_s=None, retry_window_s=0.0)
            with pytest.raises(AgentAPIError, match="deadline of 1 s passed"):
                agent.complete([{"role": "user", "content": "hi"}])
    finally:
        get_settings.cache_clear()


# --- every ending keeps its call ---------------------------------------------------------------

NESTED = "[" * 100_000 + "]" * 100_000
UNUSABLE = [
    ("not-json", Reply(raw="this is not json"), "malformed_response"),
    ("too-deep", Reply(raw=NESTED), "malformed_response"),
    ("no-choices", Reply(raw=json.dumps({"usage": {"prompt_tokens": 7}})), "malformed_response"),
    ("content-not-text", Reply(message={"role": "assistant", "content": {"a": 1}}), "malformed"),
    ("tool-calls-not-a-list", Reply(message={"content": None, "tool_calls": 5}), "malformed"),
    ("tool-call-no-name", Reply(message={"content": None, "tool_calls": [{}]}), "malformed"),
    ("http-400", Reply(status=400), "http_error"),
    ("too-large", Reply(raw="x" * (MAX_BODY_BYTES + 1)), "response_too_large"),
    ("budget", Reply(content="", finish_reason="length"), "output_budget_exhausted"),
]


@pytest.mark.parametrize(
    ("ending", "reason"), [(r, w) for _, r, w in UNUSABLE], ids=[i for i, _, _ in UNUSABLE]
)
def test_every_ending_stores_the_calls_the_endpoint_received(ending: Reply, reason: str) -> None:
    """An inspect round that returns, a 503 that is retried, then the ending: three requests,
    three calls stored with the response."""
    inspect = json_reply({"type": "inspect", "commands": [{"command": "files_list", "args": {}}]})
    with FakeLLM(replies(inspect, Reply(status=503), ending)) as llm:
        outcome = run_response(fx.s0(), fx.events(), 2, _agent(llm))
        received = len(llm.requests)
    assert outcome.status == ResponseStatus.API_ERROR
    assert (outcome.failure_reason or "").startswith(reason)
    calls = outcome.llm_calls
    # the retried 503 is either its own entry or counted in the ending call's retries
    assert len(calls) + sum(c["retries"] for c in calls if c["finish_reason"]) == received == 3
    last = calls[-1]
    assert last["request"] and last["request"][-1]["role"] == "user"  # what was sent
    if reason == "output_budget_exhausted":
        assert last["finish_reason"] == "length" and last["completion_tokens"] == 30
    else:
        assert last["response"] and last["finish_reason"] is None  # an excerpt of the body
    assert len(last["response"]) <= 4_000


def test_a_judges_and_a_stages_malformed_reply_keep_their_call() -> None:
    """Judge runs and pipeline stages call the same client: the call is theirs to store."""
    from app.construction.stages import StageAPIError, call_stage
    from app.judges.judging import judge_with_llm

    with FakeLLM(replies(Reply(raw="not json at all"))) as llm:
        outcome = judge_with_llm(
            _agent(llm),
            [{"role": "system", "content": "s"}, {"role": "user", "content": "u"}],
            has_action=False,
        )
        with pytest.raises(StageAPIError) as caught:
            call_stage(
                _agent(llm),
                "instance_creator",
                {"domain": "d", "existing": [], "format": "f", "slot": "s"},
            )
        received = len(llm.requests)
    assert outcome.failure_reason == "malformed_response"
    assert [c["response"] for c in outcome.llm_calls] == ["not json at all"]
    assert [c.response for c in caught.value.calls] == ["not json at all"]
    assert received == len(outcome.llm_calls) + len(caught.value.calls) == 2
