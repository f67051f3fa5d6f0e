"""Hardening found by the adversarial test of agent runs: nothing an agent or an endpoint does
may crash or hang a response, leak a workbench secret, or make the stored settings lie."""

from __future__ import annotations

import json
import random
import tracemalloc
import zlib

import httpx
import pytest
from pydantic import ValidationError

from app.agents.client import AgentAPIError
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
    ],
)
def test_unreadable_replies_are_protocol_errors_not_crashes(text: str) -> None:
    with FakeLLM(replies(Reply(content=text))) as llm:
        agent = OpenAIChatAgent(EndpointConfig(base_url=llm.base_url, model="m"))
        out = run_response(fx.s0(), fx.events(), 1, agent)
    assert out.status == "protocol_error" and out.failure_reason == "protocol_violation"


@pytest.mark.parametrize(
    ("base_url", "message"),
    [
        ("http://user:sk-secret@127.0.0.1:8499/v1", "user name or password"),
        ("http://127.0.0.1:8499/v1?api_key=sk-abc123", "query string or fragment"),
        ("http://127.0.0.1:8412/login?next=", "query string or fragment"),
        ("http://127.0.0.1:8499/v1#frag", "query string or fragment"),
        ("http:///v1", "needs a host"),
        ("http://127.0.0.1:8499/v1/chat/completions", "give the base URL, e.g. http://host"),
        ("http://127.0.0.1:8499/v1/chat/completions/", "give the base URL, e.g. http://host"),
    ],
)
def test_base_url_carries_no_secret_and_no_redirected_path(base_url: str, message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        EndpointConfig(base_url=base_url, model="m")


def test_base_url_is_a_plain_base() -> None:
    config = EndpointConfig(base_url=" https://api.example.com/v1/ ", model="m")
    assert config.url == "https://api.example.com/v1/chat/completions"


@pytest.mark.parametrize(
    "body",
    [
        {"api_key": "sk-live-123"},
        {"API_KEY": "x"},
        {"apiKey": "x"},
        {"key": "x"},
        {"token": "x"},
        {"access_token": "x"},
        {"Authorization": "x"},
        {"password": "x"},
        {"client_secret": "x"},
        {"headers": {"Authorization": "Bearer sk-live-123"}},
        {"metadata": [{"x-api-key": "x"}]},
        {"note": "Bearer sk-live-123"},
    ],
)
def test_extra_body_carries_no_secret(body: dict) -> None:
    with pytest.raises(ValidationError, match="may not carry secrets"):
        EndpointConfig(base_url="http://x/v1", model="m", extra_body=body)


@pytest.mark.parametrize("key", ["temperature", "max_tokens", "max_completion_tokens", "n"])
def test_extra_body_cannot_override_shown_settings(key: str) -> None:
    # `--temperature 0.2 --extra-body '{"temperature": 1.9}'` sent 1.9 and showed 0.2
    with pytest.raises(ValidationError, match=f"extra body may not set {key}"):
        EndpointConfig(base_url="http://x/v1", model="m", temperature=0.2, extra_body={key: 1})


def test_extra_body_keeps_ordinary_sampling_fields() -> None:
    body = {"skip_special_tokens": True, "max_new_tokens": 5, "top_k": 3, "keywords": ["a"]}
    assert EndpointConfig(base_url="http://x/v1", model="m", extra_body=body).extra_body == body


@pytest.mark.parametrize(
    "fields",
    [
        {"model": "   "},
        {"timeout_s": float("inf")},
        {"timeout_s": float("nan")},
        {"timeout_s": 3601},
        {"temperature": float("nan")},
        {"max_tokens": 10**20},
        {"backoff_max_s": float("inf")},
        {"extra_body": {"x": float("nan")}},
        {"extra_body": {"x": [1.0, float("-inf")]}},
    ],
)
def test_numbers_are_finite_and_the_model_named(fields: dict) -> None:
    with pytest.raises(ValidationError):
        EndpointConfig.model_validate({"base_url": "http://x/v1", "model": "m", **fields})


def test_model_name_is_stripped() -> None:
    assert EndpointConfig(base_url="http://x/v1", model="  qwen3  ").model == "qwen3"


@pytest.mark.parametrize("name", ["GITHUB_TOKEN", "AWS_SECRET_ACCESS_KEY", "SSH_KEY", "MY_KEY"])
def test_api_key_variable_must_look_like_an_api_key(name: str) -> None:
    with pytest.raises(ValidationError, match="not an API-key variable"):
        EndpointConfig(base_url="http://x/v1", model="m", api_key_env=name)


def test_agent_key_vars_allows_other_names_but_never_a_setting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from app.settings import get_settings

    assert EndpointConfig(base_url="http://x/v1", model="m", api_key_env="HF_API_TOKEN")
    monkeypatch.setenv("AGENT_KEY_VARS", " OPENROUTER_KEY , SECRET_KEY")
    get_settings.cache_clear()
    try:
        config = EndpointConfig(base_url="http://x/v1", model="m", api_key_env="OPENROUTER_KEY")
        assert config.api_key_env == "OPENROUTER_KEY"
        with pytest.raises(ValidationError, match="workbench setting"):
            EndpointConfig(base_url="http://x/v1", model="m", api_key_env="SECRET_KEY")
    finally:
        monkeypatch.delenv("AGENT_KEY_VARS")
        get_settings.cache_clear()


# --- bounded bodies and text the database can hold (issue 17, item 2) -----------------------


@pytest.mark.parametrize(
    ("chunked", "found"),
    [(False, "(Content-Length); at most {:,} bytes are read"), (True, "over {:,} bytes")],
    ids=["content-length", "chunked"],
)
def test_a_body_over_the_read_limit_is_refused_unread(chunked: bool, found: str) -> None:
    from app.agents.llm import MAX_BODY_BYTES

    with FakeLLM(replies(Reply(content="x" * (MAX_BODY_BYTES + 1), chunked=chunked))) as llm:
        agent = OpenAIChatAgent(EndpointConfig(base_url=llm.base_url, model="m"))
        out = run_response(fx.s0(), fx.events(), 1, agent)
        assert len(llm.requests) == 1  # not retried: the same request gets the same answer
    assert (out.status, out.failure_reason) == ("api_error", "response_too_large")
    assert out.error.startswith("response_too_large: the reply body is ")
    assert found.format(MAX_BODY_BYTES) in out.error
    assert out.llm_calls[0]["finish_reason"] is None  # the attempt is accounted as failed


def test_a_streamed_body_is_read_no_further_than_the_limit() -> None:
    """30 MB of chunks without a length: reading stops at the limit, the rest is never asked."""
    import httpx

    from app.agents.llm import MAX_BODY_BYTES

    sent = 0

    class Endless(httpx.SyncByteStream):
        def __iter__(self):  # type: ignore[override]
            nonlocal sent
            while sent < 30 * 1024 * 1024:
                sent += 65536
                yield b"x" * 65536

    transport = httpx.MockTransport(lambda _request: httpx.Response(200, stream=Endless()))
    client = httpx.Client(transport=transport)
    agent = OpenAIChatAgent(EndpointConfig(base_url="http://fake/v1", model="m"), client=client)
    out = run_response(fx.s0(), fx.events(), 1, agent)
    assert (out.status, out.failure_reason) == ("api_error", "response_too_large")
    assert MAX_BODY_BYTES < sent <= MAX_BODY_BYTES + 65536


def test_a_deeply_nested_body_is_a_malformed_response() -> None:
    depth = 100_000
    body = '{"choices": ' + "[" * depth + "]" * depth + "}"
    with FakeLLM(replies(Reply(raw=body))) as llm:
        agent = OpenAIChatAgent(EndpointConfig(base_url=llm.base_url, model="m"))
        out = run_response(fx.s0(), fx.events(), 1, agent)
    assert (out.status, out.failure_reason) == ("api_error", "malformed_response")
    assert "nested too deeply to read as JSON" in out.error


@pytest.mark.parametrize("content", [5, ["a"], {"text": "x"}])
def test_message_content_that_is_not_text_is_a_malformed_response(content: object) -> None:
    import json

    body = json.dumps({"choices": [{"message": {"content": content}, "finish_reason": "stop"}]})
    with FakeLLM(replies(Reply(raw=body))) as llm:
        agent = OpenAIChatAgent(EndpointConfig(base_url=llm.base_url, model="m"))
        out = run_response(fx.s0(), fx.events(), 1, agent)
    assert (out.status, out.failure_reason) == ("api_error", "malformed_response")
    assert f"is a {type(content).__name__}, not text" in out.error


def test_a_reply_with_a_lone_surrogate_goes_back_to_the_endpoint_as_utf8() -> None:
    inspect = (
        '{"type": "inspect", "commands": [{"command": "files_read", "args": {"path": "/\ud800"}}]}'
    )
    final = json_reply({"type": "final", "action": None, "rationale": "done"})
    with FakeLLM(replies(Reply(content=inspect), final)) as llm:
        agent = OpenAIChatAgent(EndpointConfig(base_url=llm.base_url, model="m"))
        out = run_response(fx.s0(), fx.events(), 1, agent)
        second = llm.requests[1]["messages"]
    assert out.status == "completed", out.error
    assert second[2] == {"role": "assistant", "content": inspect.replace("\ud800", "\ufffd")}


# --- compressed replies are decoded here, a bounded step at a time (h24 attack, hole 3) -------

_REPLY = json.dumps(
    {"choices": [{"message": {"role": "assistant", "content": "hello"}, "finish_reason": "stop"}]}
).encode()


def _gzip(data: bytes) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    return packer.compress(data) + packer.flush()


def _agent_answering(body: bytes, encoding: str, seen: list[httpx.Request]) -> OpenAIChatAgent:
    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        # a stream, not `content=`: httpx would decode `content` itself, and whole
        return httpx.Response(
            200, headers={"Content-Encoding": encoding}, stream=httpx.ByteStream(body)
        )

    client = httpx.Client(transport=httpx.MockTransport(answer))
    return OpenAIChatAgent(
        EndpointConfig(base_url="http://fake/v1", model="m", max_retries=2), client=client
    )


@pytest.mark.parametrize(
    ("encoding", "body"),
    [
        ("gzip", _gzip(_REPLY)),
        ("x-gzip", _gzip(_REPLY)),
        ("deflate", zlib.compress(_REPLY)),
        ("deflate", zlib.compress(_REPLY)[2:-4]),  # raw deflate, as some servers send it
        ("identity", _REPLY),
        ("identity, gzip", _gzip(_REPLY)),
    ],
    ids=["gzip", "x-gzip", "deflate", "raw-deflate", "identity", "identity-then-gzip"],
)
def test_a_compressed_reply_is_read(encoding: str, body: bytes) -> None:
    seen: list[httpx.Request] = []
    turn = _agent_answering(body, encoding, seen).complete([{"role": "user", "content": "hi"}])
    assert turn.text == "hello"
    assert seen[0].headers["Accept-Encoding"] == "gzip, identity"


def test_a_gzip_bomb_is_cut_off_a_step_past_the_limit_never_expanded_whole() -> None:
    """64 MiB of zeros in 64 KB of gzip: refused after ~4 MiB decoded, with ~4 MiB allocated."""
    from app.agents.llm import DECODED_STEP_BYTES, MAX_BODY_BYTES

    bomb = _gzip(b"0" * (64 * 2**20))
    seen: list[httpx.Request] = []
    agent = _agent_answering(bomb, "gzip", seen)
    tracemalloc.start()
    try:
        with pytest.raises(AgentAPIError, match=r"^response_too_large: .* once decoded \(gzip\)"):
            agent.complete([{"role": "user", "content": "hi"}])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(seen) == 1  # not retried
    assert peak < MAX_BODY_BYTES + 4 * DECODED_STEP_BYTES + len(bomb) + 2**20, peak


def test_a_stacked_encoding_is_refused_before_any_decoding() -> None:
    seen: list[httpx.Request] = []
    agent = _agent_answering(_gzip(_gzip(_REPLY)), "gzip, gzip", seen)
    with pytest.raises(AgentAPIError, match=r"^response_too_large: the reply is encoded 2 times"):
        agent.complete([{"role": "user", "content": "hi"}])
    assert len(seen) == 1


@pytest.mark.parametrize(
    ("encoding", "body", "found"),
    [
        ("br", b"\x0b\x02\x80hello\x03", "Content-Encoding 'br' is not read"),
        ("zstd", b"(\xb5/\xfd", "Content-Encoding 'zstd' is not read"),
        ("compress", b"\x1f\x9d", "Content-Encoding 'compress' is not read"),
        ("gzip", b"\x1f\x8b not gzip at all", "gzip body is corrupt"),
    ],
    ids=["br", "zstd", "compress", "corrupt-gzip"],
)
def test_an_encoding_that_is_not_read_is_a_malformed_response(
    encoding: str, body: bytes, found: str
) -> None:
    seen: list[httpx.Request] = []
    agent = _agent_answering(body, encoding, seen)
    with pytest.raises(AgentAPIError, match=r"^malformed_response: ") as caught:
        agent.complete([{"role": "user", "content": "hi"}])
    assert found in str(caught.value) and len(seen) == 1
    assert caught.value.calls[-1].finish_reason is None  # accounted as a failed attempt
