"""Endpoint outages are waited out (issue 11, item 3): an endpoint answering 500 for a while is
retried with capped full-jitter backoff over a configurable retry window, with real waits,
against a loopback server speaking the real wire format."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from app.agents.llm import EndpointConfig, OpenAIChatAgent
from app.agents.runner import run_response
from app.jobs.backoff import Backoff
from app.settings import get_settings
from tests.fake_llm import FakeLLM, Reply, protocol_policy
from tests.unit import arena_fixtures as fx


class Outage:
    """A script answering 500 for the first `seconds` after its first request, then well."""

    def __init__(self, seconds: float) -> None:
        self.seconds, self.began, self.failed = seconds, None, 0
        self.lock = threading.Lock()

    def __call__(self, body: dict[str, Any]) -> Reply:
        with self.lock:
            now = time.monotonic()
            self.began = self.began if self.began is not None else now
            if now - self.began < self.seconds:
                self.failed += 1
                return Reply(status=500)
        return protocol_policy(body)


def _agent(base_url: str, backoffs: list[Backoff], **config: Any) -> OpenAIChatAgent:
    return OpenAIChatAgent(
        EndpointConfig(
            base_url=base_url, model="m", backoff_base_s=0.05, backoff_max_s=0.4, **config
        ),
        on_backoff=backoffs.append,
    )


def test_an_outage_shorter_than_the_window_is_waited_out() -> None:
    outage = Outage(2.0)
    backoffs: list[Backoff] = []
    with FakeLLM(outage) as llm:
        started = time.monotonic()
        out = run_response(
            fx.s0(), fx.events(), 1, _agent(llm.base_url, backoffs, retry_window_s=6)
        )
        took = time.monotonic() - started
    assert out.status == "completed", out.error
    assert took >= 2.0  # it did wait the outage out
    assert outage.failed >= 5  # many retries, each wait at most the 0.4 s cap
    assert {b.reason for b in backoffs} == {"endpoint_unavailable"}
    # the first call succeeded after every failed attempt, and says how many it took
    assert out.llm_calls[0]["retries"] == outage.failed


def test_an_outage_longer_than_the_window_ends_endpoint_unavailable_at_its_close() -> None:
    backoffs: list[Backoff] = []
    with FakeLLM(Outage(60.0)) as llm:
        started = time.monotonic()
        out = run_response(
            fx.s0(), fx.events(), 1, _agent(llm.base_url, backoffs, retry_window_s=1.5)
        )
        took = time.monotonic() - started
    assert out.status == "api_error" and out.failure_reason == "endpoint_unavailable"
    assert "within the 1.5 s retry window" in (out.error or "")
    assert 1.5 <= took < 4.0  # the last wait ends when the window closes


def test_the_window_defaults_to_the_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    assert get_settings().endpoint_retry_window_s == 300.0
    assert EndpointConfig(base_url="http://x/v1", model="m").max_retries == 20
    monkeypatch.setenv("ENDPOINT_RETRY_WINDOW_S", "1")
    get_settings.cache_clear()
    try:
        with FakeLLM(Outage(60.0)) as llm:
            out = run_response(fx.s0(), fx.events(), 1, _agent(llm.base_url, []))
        assert "within the 1 s retry window" in (out.error or "")
    finally:
        get_settings.cache_clear()
