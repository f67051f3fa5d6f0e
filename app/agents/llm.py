"""An agent behind any OpenAI-compatible ``/v1/chat/completions`` endpoint (DESIGN.md §5).

Each attempt has a deadline (:attr:`EndpointConfig.deadline_s`, else the
``LLM_REQUEST_DEADLINE_S`` setting) covering the connection and the whole body, enforced at every
socket read: an endpoint that sends one byte a second is cut off there, not held for as long as
it likes by the per-read ``timeout_s``. Endpoint failures (timeouts, connection errors, 429,
5xx) are retried with exponential backoff and full jitter, honouring ``Retry-After``; exhausting
the retries raises :class:`AgentAPIError`, which the runner turns into status ``api_error``. A
reply cut off because the output budget ran out (``finish_reason == "length"`` with no content,
typically reasoning that used every token) is an infrastructure failure too, never model
behaviour. So is a body that cannot be used: over :data:`MAX_BODY_BYTES` (read as a stream and
cut off there, never buffered whole; a ``gzip``/``deflate`` body is decoded here a step at a time
and its decoded bytes counted, other or stacked encodings are refused), not JSON, nested too
deeply to parse, or without a text reply. Every ending carries the LLM calls it made (a failed
one with the request and an excerpt of the body), so what an endpoint received is what is
stored. API keys are read from the environment variable the agent config names and are never
stored.

Every text of a reply (content, reasoning, tool-call ids, names and arguments) is read through
:func:`app.bounded.storable_text`: a NUL or a lone surrogate becomes U+FFFD here, the one place,
for both wire modes.
"""

from __future__ import annotations

import functools
import json
import math
import os
import random
import re
import sys
import threading
import time
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email.utils import parsedate_to_datetime
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

import httpcore
import httpx
from pydantic import BaseModel, ConfigDict, Field, HttpUrl, field_validator

from app.agents.client import AgentAPIError, AgentTurn, LLMCall, ToolCall
from app.bounded import storable, storable_text
from app.jobs.backoff import Backoff, full_jitter_delay
from app.jobs.slots import endpoint_slot
from app.settings import Settings, get_settings
from app.vocabulary import WireMode

RETRY_STATUSES = {408, 409, 425, 429, 500, 502, 503, 504}
RESERVED_BODY_KEYS = frozenset(
    {
        "model",
        "messages",
        "stream",
        "n",
        "tools",
        "functions",
        "temperature",
        "max_tokens",
        "max_completion_tokens",
        "response_format",
    }
)
"""Request fields the run sets itself, or that the agent's settings show: extra_body may not
override them (the stored and displayed settings must be what was sent)."""
SECRET_KEY_WORDS = frozenset(
    {
        "key",
        "apikey",
        "token",
        "authorization",
        "auth",
        "password",
        "passwd",
        "secret",
        "credential",
        "credentials",
        "bearer",
        "cookie",
    }
)
"""Words that make an extra_body key (at any depth) look like it carries a secret: keys are
split on ``_``, ``-``, ``.`` and camelCase (``api_key``, ``apiKey``, ``x-api-key``,
``access_token``, ``client_secret``; ``max_tokens`` or ``skip_special_tokens`` are not)."""
KEY_VAR_SUFFIXES = ("_API_KEY", "_API_TOKEN")
MAX_BODY_BYTES = 4 * 1024 * 1024
"""Most bytes of one endpoint reply that are read, counted after decoding its one ``gzip`` or
``deflate`` layer as it is decoded (:class:`_BoundedDecoder`); a longer body is refused unread
and undecoded beyond this (``response_too_large``). A reply's content is read
up to 100,000 characters (:data:`app.agents.runner.MAX_REPLY_CHARS`), so no useful body is
near this size."""
EXCERPT_CHARS = 300
"""Characters of an unusable body kept in the error text."""
STORED_EXCERPT_CHARS = 4_000
"""Characters of an unusable body kept with its LLM call (``response``)."""
MAX_TIMEOUT_S = 3600.0
MAX_BODY_DEPTH = 32


def _key_words(key: str) -> list[str]:
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", key)
    return [word.lower() for word in re.split(r"[^A-Za-z0-9]+", spaced) if word]


def _check_body_value(value: Any, where: str, depth: int = 0) -> None:
    """Refuse secret-looking keys and values, and numbers JSON cannot carry, at any depth."""
    if depth > MAX_BODY_DEPTH:
        raise ValueError(f"extra body is nested more than {MAX_BODY_DEPTH} levels deep")
    if isinstance(value, dict):
        for key, item in value.items():
            path = f"{where}.{key}" if where else str(key)
            if SECRET_KEY_WORDS.intersection(_key_words(str(key))):
                raise ValueError(
                    f"extra body may not carry secrets ({path!r}): name the environment "
                    "variable holding the key in api_key_env instead"
                )
            _check_body_value(item, path, depth + 1)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _check_body_value(item, f"{where}[{index}]", depth + 1)
    elif isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"extra body {where or 'value'} must be a finite number, not {value}")
    elif isinstance(value, str) and value.strip().lower().startswith("bearer "):
        raise ValueError(
            f"extra body may not carry secrets ({where!r} is a bearer token): name the "
            "environment variable holding the key in api_key_env instead"
        )


def allowed_key_vars() -> frozenset[str]:
    """Extra API-key variable names the administrator allows (``AGENT_KEY_VARS``)."""
    listed = get_settings().agent_key_vars
    return frozenset(name.strip() for name in listed.split(",") if name.strip())


class EndpointConfig(BaseModel):
    """Settings of an OpenAI-compatible agent (stored in ``agents.config``; no secrets).

    Attributes:
        base_url: e.g. ``http://127.0.0.1:8001/v1`` (``/chat/completions`` is appended); a host
            is required, and user info (``user:pass@``), a query string or a fragment are
            refused (they would store a secret, or change the URL the request goes to).
        model: the model name sent in the request (surrounding blanks removed; not blank).
        api_key_env: name of the environment variable holding the API key (None: no key):
            ``*_API_KEY``, ``*_API_TOKEN`` or a name listed in ``AGENT_KEY_VARS``, never a
            workbench setting.
        temperature / max_tokens: sampling settings (None: the endpoint's default).
        extra_body: merged into the request body (e.g. ``{"reasoning_effort": "high"}``); it
            may not set :data:`RESERVED_BODY_KEYS`, carry secret-looking keys or bearer tokens
            at any depth, or hold NaN/infinity.
        timeout_s: seconds each network operation (connecting, one read, one write) may wait
            (at most an hour); it restarts at every byte received, so it alone cannot end a
            slow drip.
        deadline_s: seconds one request may take from its start, connecting and reading the
            whole body included (at most an hour); past it the attempt ends as a retryable
            ``timeout``. None: the ``LLM_REQUEST_DEADLINE_S`` setting (600). A request and its
            retries end within this plus `retry_window_s`.
        max_retries: at most this many retries after the first attempt for retryable
            failures (429, 5xx, timeouts, dropped connections).
        retry_window_s: seconds, from the first attempt, during which retryable failures are
            retried (request time and backoff waits counted); the last wait is shortened to
            end at the window's close. None: the ``ENDPOINT_RETRY_WINDOW_S`` setting (300).
        backoff_base_s / backoff_max_s: exponential backoff (full jitter) base and cap, in
            seconds; a ``Retry-After`` is honoured up to the cap.
        concurrency: requests in flight at once per endpoint: across every worker when Redis
            is configured, else across the threads of this process.
        mode: the wire mode (DESIGN §5): ``json`` (one JSON object in the reply text) or
            ``tools`` (native OpenAI tool calling; the catalogue is sent as ``tools``).
        structured_outputs: the endpoint accepts ``response_format`` of type ``json_schema``
            (OpenAI structured outputs; vLLM and SGLang guided decoding); the construction
            pipeline then sends each stage's output schema (DESIGN §11), otherwise it reads the
            JSON object out of the reply text.

    Every number must be finite.
    """

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    base_url: HttpUrl
    model: str = Field(min_length=1, max_length=256)
    api_key_env: str | None = Field(
        default=None, pattern=r"^[A-Za-z_][A-Za-z0-9_]*$", max_length=128
    )
    temperature: float | None = Field(default=None, ge=0, le=2)
    max_tokens: int | None = Field(default=None, ge=1, le=1_000_000)
    extra_body: dict[str, Any] = {}
    timeout_s: float = Field(default=120.0, gt=0, le=MAX_TIMEOUT_S)
    deadline_s: float | None = Field(default=None, gt=0, le=MAX_TIMEOUT_S)
    max_retries: int = Field(default=20, ge=0, le=100)
    retry_window_s: float | None = Field(default=None, ge=0, le=86_400)
    backoff_base_s: float = Field(default=1.0, ge=0, le=MAX_TIMEOUT_S)
    backoff_max_s: float = Field(default=60.0, ge=0, le=MAX_TIMEOUT_S)
    concurrency: int = Field(default=8, ge=1, le=1024)
    mode: WireMode = WireMode.JSON
    structured_outputs: bool = False

    @field_validator("base_url", mode="before")
    @classmethod
    def _plain_base_url(cls, value: Any) -> Any:
        if not isinstance(value, str):
            return value
        text = value.strip()
        parts = urlsplit(text)
        if parts.scheme.lower() in ("http", "https"):
            if not parts.netloc or not parts.hostname:
                raise ValueError("needs a host: give the base URL, e.g. http://host:8000/v1")
            if "@" in parts.netloc:
                raise ValueError(
                    "must not contain a user name or password (user:pass@): name the "
                    "environment variable holding the key in api_key_env instead"
                )
            if "?" in text or "#" in text:
                raise ValueError(
                    "must not have a query string or fragment (?… or #…): give the base URL, "
                    "e.g. http://host:8000/v1"
                )
            if parts.path.rstrip("/").lower().endswith("/chat/completions"):
                raise ValueError(
                    "give the base URL, e.g. http://host:8000/v1 (/chat/completions is appended)"
                )
        return text

    @field_validator("model", mode="before")
    @classmethod
    def _strip_model(cls, value: Any) -> Any:
        return value.strip() if isinstance(value, str) else value

    @field_validator("api_key_env")
    @classmethod
    def _key_variable(cls, name: str | None) -> str | None:
        if name is None:
            return None
        # the key is sent to the endpoint as a bearer token: never one of our own settings
        if name.removeprefix("HALO_").lower() in Settings.model_fields:
            raise ValueError(f"{name} is a workbench setting, not an API key")
        # nor any other secret of this machine (AWS_SECRET_ACCESS_KEY, GITHUB_TOKEN, ...)
        if not (name.endswith(KEY_VAR_SUFFIXES) or name in allowed_key_vars()):
            raise ValueError(
                f"{name} is not an API-key variable: use a name ending in _API_KEY or "
                "_API_TOKEN, or one the administrator lists in AGENT_KEY_VARS"
            )
        return name

    @field_validator("extra_body")
    @classmethod
    def _no_reserved_keys(cls, body: dict[str, Any]) -> dict[str, Any]:
        reserved = sorted(RESERVED_BODY_KEYS & body.keys())
        if reserved:
            raise ValueError(
                f"extra body may not set {', '.join(reserved)}: the run sets the model and the "
                "conversation, temperature and max tokens have settings of their own, and the "
                "stored settings must be what was sent"
            )
        _check_body_value(body, "")
        return body

    @property
    def url(self) -> str:
        """The chat-completions address under :attr:`base_url`."""
        return str(self.base_url).rstrip("/") + "/chat/completions"

    @property
    def request_url(self) -> httpx.URL:
        """:attr:`url` parsed once per address (httpx parses a text URL on every request)."""
        return _parsed_url(self.url)


@lru_cache(maxsize=256)
def _parsed_url(url: str) -> httpx.URL:
    return httpx.URL(url)


_DEADLINE = threading.local()
"""The :func:`time.monotonic` instant the current thread's request must end by (``at``)."""


class DeadlinePassed(httpcore.ReadTimeout):
    """A request's deadline passed while it waited on the network (httpx: a ``ReadTimeout``)."""


def _left(timeout: float | None) -> float | None:
    """`timeout` shortened to what is left of the thread's deadline.

    Raises:
        DeadlinePassed: nothing is left.
    """
    due: float | None = getattr(_DEADLINE, "at", None)
    if due is None:
        return timeout
    left = due - time.monotonic()
    if left <= 0:
        raise DeadlinePassed("the request deadline passed")
    return left if timeout is None else min(timeout, left)


@contextmanager
def request_deadline(seconds: float) -> Iterator[float]:
    """Bound every socket operation of this thread's requests by one deadline, `seconds` away.

    Each read, write and connect of the :func:`shared_client` waits at most until then, so
    the deadline holds whatever the endpoint sends (headers or body, a byte at a time).

    Yields:
        The deadline, as a :func:`time.monotonic` instant.
    """
    due = time.monotonic() + seconds
    _DEADLINE.at = due
    try:
        yield due
    finally:
        _DEADLINE.at = None


class _DeadlineStream(httpcore.NetworkStream):
    """A socket stream whose every wait ends at the thread's request deadline."""

    def __init__(self, stream: httpcore.NetworkStream) -> None:
        self._stream = stream

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self._stream.read(max_bytes, _left(timeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._stream.write(buffer, _left(timeout))

    def close(self) -> None:
        self._stream.close()

    def start_tls(
        self,
        ssl_context: Any,
        server_hostname: str | None = None,
        timeout: float | None = None,
    ) -> httpcore.NetworkStream:
        return _DeadlineStream(self._stream.start_tls(ssl_context, server_hostname, _left(timeout)))

    def get_extra_info(self, info: str) -> Any:
        return self._stream.get_extra_info(info)


class _DeadlineBackend(httpcore.NetworkBackend):
    """httpcore's network backend with :class:`_DeadlineStream` streams."""

    def __init__(self, backend: httpcore.NetworkBackend) -> None:
        self._backend = backend

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Any = None,
    ) -> httpcore.NetworkStream:
        stream = self._backend.connect_tcp(
            host, port, _left(timeout), local_address, socket_options
        )
        return _DeadlineStream(stream)

    def connect_unix_socket(
        self, path: str, timeout: float | None = None, socket_options: Any = None
    ) -> httpcore.NetworkStream:
        return _DeadlineStream(
            self._backend.connect_unix_socket(path, _left(timeout), socket_options)
        )

    def sleep(self, seconds: float) -> None:
        self._backend.sleep(seconds)


def deadline_transport(limits: httpx.Limits) -> httpx.HTTPTransport:
    """An ``httpx.HTTPTransport`` whose connections keep :func:`request_deadline`.

    httpx has no whole-request timeout and takes no network backend, so its pool's backend
    (httpcore's public ``NetworkBackend`` interface) is wrapped in place.

    Raises:
        RuntimeError: this httpx keeps its pool differently (the wrapping would be silently lost).
    """
    transport = httpx.HTTPTransport(limits=limits)
    pool = getattr(transport, "_pool", None)
    if not isinstance(getattr(pool, "_network_backend", None), httpcore.NetworkBackend):
        raise RuntimeError(
            f"httpx {httpx.__version__} keeps no httpcore network backend on its transport's "
            "pool: the request deadline cannot be enforced"
        )
    pool._network_backend = _DeadlineBackend(pool._network_backend)  # type: ignore[union-attr]
    return transport


_CLIENTS: dict[int, httpx.Client] = {}


def shared_client() -> httpx.Client:
    """One pooled ``httpx.Client`` per process, enforcing :func:`request_deadline`.

    Creating a client costs tens of milliseconds (SSL context and pool set-up); clients are keyed
    by process id, so a forked worker makes its own.
    """
    pid = os.getpid()
    client = _CLIENTS.get(pid)
    if client is None:
        limits = httpx.Limits(max_connections=256, max_keepalive_connections=64)
        client = _CLIENTS[pid] = httpx.Client(transport=deadline_transport(limits), limits=limits)
    return client


def retry_after_seconds(value: str | None, now: datetime | None = None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header (delta-seconds or an HTTP date), or None."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - (now or datetime.now(UTC))).total_seconds())


def backoff_delay(attempt: int, config: EndpointConfig, rng: random.Random) -> float:
    """The endpoint's full-jitter backoff before retry `attempt`, in seconds.

    :func:`app.jobs.backoff.full_jitter_delay` with the endpoint's base and cap.
    """
    return full_jitter_delay(
        attempt, base_s=config.backoff_base_s, cap_s=config.backoff_max_s, rng=rng
    )


@dataclass
class OpenAIChatAgent:
    """An :class:`~app.agents.client.AgentClient` for an OpenAI-compatible endpoint.

    Args:
        config: endpoint settings.
        client: an ``httpx.Client`` to use (default: the process's shared pooled client).
        sleep: how to wait (tests pass a fake clock).
        on_backoff: called before each backoff wait, so a run page can show "retrying until …".
        rng: jitter source.
    """

    config: EndpointConfig
    client: httpx.Client | None = None
    sleep: Callable[[float], None] = time.sleep
    on_backoff: Callable[[Backoff], None] | None = None
    rng: random.Random = field(default_factory=random.Random)

    def _headers(self) -> dict[str, str]:
        headers = {"Content-Type": "application/json", "Accept-Encoding": ACCEPT_ENCODING}
        if self.config.api_key_env:
            key = os.environ.get(self.config.api_key_env)
            if not key:
                raise AgentAPIError(
                    f"missing_api_key: environment variable {self.config.api_key_env} is not set"
                )
            headers["Authorization"] = f"Bearer {key}"
        return headers

    @property
    def mode(self) -> WireMode:
        """The agent's wire mode (from its settings)."""
        return self.config.mode

    def _body(
        self,
        messages: list[dict[str, Any]],
        tools: list[dict[str, Any]] | None = None,
        response_format: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        # an earlier reply sent back may hold lone surrogates, which have no UTF-8 form
        body: dict[str, Any] = {"model": self.config.model, "messages": storable(messages)}
        if tools:
            body["tools"] = tools
        if response_format is not None:
            body["response_format"] = response_format
        if self.config.temperature is not None:
            body["temperature"] = self.config.temperature
        if self.config.max_tokens is not None:
            body["max_tokens"] = self.config.max_tokens
        body.update(self.config.extra_body)
        return body

    def complete(
        self,
        messages: list[dict[str, Any]],
        tools: list[dict[str, Any]] | None = None,
        *,
        response_format: dict[str, Any] | None = None,
    ) -> AgentTurn:
        """Send the conversation (and `tools`, in ``tools`` mode); return the reply.

        `response_format` (e.g. ``{"type": "json_schema", "json_schema": {...}}``) is sent as
        given, for endpoints with :attr:`EndpointConfig.structured_outputs`. The reply's text,
        native tool calls and reasoning text (``reasoning_content`` or ``reasoning``, kept with
        the call) are read; see :meth:`_parse`.

        Raises:
            AgentAPIError: retries exhausted (message starts with ``rate_limited``,
                ``endpoint_unavailable``, ``timeout``), a non-retryable HTTP error
                (``http_error``), an unparseable body (``malformed_response``: not JSON,
                nested too deeply, no text content), a body over :data:`MAX_BODY_BYTES`
                (``response_too_large``), an exhausted output budget
                (``output_budget_exhausted``), or a missing API key.
        """
        client = self.client or shared_client()
        headers, body = self._headers(), self._body(messages, tools, response_format)
        sent = _new_messages(messages)  # the request as a call stores it
        failures: list[LLMCall] = []
        last_reason = "endpoint_unavailable"
        settings = get_settings()
        window_s = (
            self.config.retry_window_s
            if self.config.retry_window_s is not None
            else settings.endpoint_retry_window_s
        )
        deadline_s = (
            self.config.deadline_s
            if self.config.deadline_s is not None
            else settings.llm_request_deadline_s
        )
        spent_s = 0.0  # request time and backoff waits since the first attempt
        for attempt in range(self.config.max_retries + 1):
            started = time.perf_counter()
            wait: float | None = None
            failed = functools.partial(_failed_call, started, attempt)
            try:
                with (
                    endpoint_slot(
                        self.config.url,
                        self.config.concurrency,
                        settings.redis_url,
                        lease_s=deadline_s + 30,  # the request is over by then
                    ),
                    request_deadline(deadline_s) as due,
                    client.stream(  # streamed, so a huge body is cut off, never buffered
                        "POST",
                        self.config.request_url,
                        json=body,
                        headers=headers,
                        timeout=min(self.config.timeout_s, deadline_s),
                    ) as reply,
                ):
                    data = _read_capped(reply, due)
            except _TooLarge as exc:  # not retried: the same request gets the same answer
                failures.append(failed(str(exc), sent))
                raise AgentAPIError(f"response_too_large: {exc}", failures) from None
            except _Undecodable as exc:  # not retried either
                failures.append(failed(str(exc), sent))
                raise AgentAPIError(f"malformed_response: {exc}", failures) from None
            except httpx.TimeoutException as exc:
                last_reason = "timeout"
                if isinstance(exc.__cause__, DeadlinePassed) or time.monotonic() >= due:
                    detail = f"the request deadline of {deadline_s:g} s passed ({exc})"
                else:
                    detail = f"timeout after {self.config.timeout_s:g} s ({exc})"
            except httpx.TransportError as exc:
                last_reason, detail = "endpoint_unavailable", f"connection failed: {exc}"
            else:
                latency = time.perf_counter() - started
                if reply.status_code == 200:
                    try:
                        return self._parse(data, messages, latency, retries=attempt)
                    except _Unusable as exc:
                        call = failed(_excerpt(data, STORED_EXCERPT_CHARS), sent)
                        call.prompt_tokens, call.completion_tokens, call.reasoning_tokens = _usage(
                            exc.data
                        )
                        raise AgentAPIError(str(exc), [*failures, call]) from exc.__cause__
                detail = f"HTTP {reply.status_code}: {_excerpt(data)}"
                if reply.status_code not in RETRY_STATUSES:
                    failures.append(failed(detail, sent))
                    raise AgentAPIError(f"http_error: {detail}", failures)
                last_reason = "rate_limited" if reply.status_code == 429 else "endpoint_unavailable"
                wait = retry_after_seconds(reply.headers.get("Retry-After"))
            latency = time.perf_counter() - started
            spent_s += latency
            # a retried attempt sent the same request as the one that ends the call: only the
            # last failure keeps it
            failures.append(failed(detail, []))
            left_s = window_s - spent_s
            if attempt == self.config.max_retries or left_s <= 0:
                failures[-1].request = sent
                raise AgentAPIError(
                    f"{last_reason}: gave up after {attempt + 1} attempts"
                    + (f" within the {window_s:g} s retry window" if left_s <= 0 else "")
                    + f"; last: {detail}",
                    failures,
                )
            # honour Retry-After, but never beyond the backoff cap (a day-long Retry-After would
            # outlive the task; the retry budget then ends it as rate_limited), and never below
            # the backoff either (a short Retry-After repeated through an outage would spend
            # max_retries in seconds, long before the retry window closes); end the last wait
            # when the retry window closes, for one last attempt then
            backoff = backoff_delay(attempt, self.config, self.rng)
            delay = min(
                max(min(wait, self.config.backoff_max_s), backoff) if wait is not None else backoff,
                left_s,
            )
            spent_s += delay
            if self.on_backoff is not None:
                self.on_backoff(
                    Backoff(
                        last_reason,
                        datetime.now(UTC) + timedelta(seconds=delay),
                        attempt + 1,
                        tuple(failures),
                    )
                )
            self.sleep(delay)
        raise AgentAPIError(last_reason, failures)  # pragma: no cover (loop always returns/raises)

    def _parse(
        self, body: bytes, messages: list[dict[str, Any]], latency: float, retries: int
    ) -> AgentTurn:
        """The reply of a 200 answer.

        Raises:
            _Unusable: ``malformed_response`` (the caller stores the call with the body).
            AgentAPIError: ``output_budget_exhausted``, with its call.
        """
        try:
            data = json.loads(body)
        except RecursionError:
            raise _Unusable(
                "malformed_response: the reply body is nested too deeply to read as JSON "
                f"(deeper than Python's limit of about {sys.getrecursionlimit():,} levels): "
                f"{_excerpt(body, 60)}"
            ) from None
        except ValueError as exc:  # not JSON, or not UTF-8 (UnicodeDecodeError)
            raise _Unusable(f"malformed_response: {_excerpt(body)}") from exc
        try:
            choice = data["choices"][0]
            message = choice["message"]
            content = message.get("content") or ""
            finish_reason = choice.get("finish_reason")
            raw_calls = message.get("tool_calls") or []
        except (KeyError, IndexError, TypeError, AttributeError) as exc:
            raise _Unusable(f"malformed_response: {_excerpt(body)}", data) from exc
        if not isinstance(content, str):
            raise _Unusable(
                f"malformed_response: the reply's message content is a "
                f"{type(content).__name__}, not text: {_excerpt(body)}",
                data,
            )
        try:
            tool_calls = _tool_calls(raw_calls, body)
        except _Unusable as exc:
            exc.data = data
            raise
        sent = len(raw_calls) if len(raw_calls) > len(tool_calls) else None
        content = storable_text(content)  # the one rule for text PostgreSQL cannot hold
        if not isinstance(finish_reason, str | None):
            finish_reason = str(finish_reason)[:32]
        prompt_tokens, completion_tokens, reasoning_tokens = _usage(data)
        call = LLMCall(
            prompt_tokens=prompt_tokens,
            completion_tokens=completion_tokens,
            reasoning_tokens=reasoning_tokens,
            latency_s=round(latency, 4),
            finish_reason=finish_reason,
            retries=retries,
            request=_new_messages(messages),
            response=content,
            reasoning=reasoning_text(message),
            tool_calls=[vars(c) for c in tool_calls] or None,
            tool_calls_sent=sent,
        )
        if finish_reason == "length" and not content.strip() and not tool_calls:
            budget = self.config.max_tokens or "the endpoint default"
            raise AgentAPIError(
                "output_budget_exhausted: the reply was cut off with no content (reasoning "
                f"used the whole output budget of {budget} tokens)",
                [call],
            )
        return AgentTurn(content, call, tool_calls, sent)


MAX_TOOL_CALLS = 64
"""Most native tool calls read from one reply (a round runs at most the round limit of them;
the rest are answered as not run). A reply with more is a protocol violation: the calls beyond
are neither kept nor answered, and the reply's count is kept with its LLM call
(``tool_calls_sent``)."""
MAX_TOOL_CALL_ID_CHARS = 128
"""Longest tool-call id kept as sent (real ids are ~30 characters: ``call_…``,
``chatcmpl-tool-…``)."""
MAX_REASONING_CHARS = 100_000
"""Longest reasoning text kept with a call (cut with a ``[truncated]`` marker)."""
REASONING_FIELDS = ("reasoning_content", "reasoning")
"""Message fields holding reasoning text: ``reasoning_content`` (DeepSeek, vLLM's reasoning
parsers before 0.10), ``reasoning`` (vLLM 0.10+, OpenRouter, Ollama)."""


def reasoning_text(message: dict[str, Any]) -> str | None:
    """The reasoning text an endpoint returned beside the reply, or None.

    Args:
        message: the reply's ``choices[0].message`` object.

    Returns:
        The first non-empty string of :data:`REASONING_FIELDS`, cut at
        :data:`MAX_REASONING_CHARS`; None when there is none.
    """
    for name in REASONING_FIELDS:
        value = message.get(name)
        if isinstance(value, str) and value.strip():
            if len(value) > MAX_REASONING_CHARS:
                return storable_text(value[:MAX_REASONING_CHARS]) + "…[truncated]"
            return storable_text(value)
    return None


def _tool_calls(raw: Any, body: bytes) -> list[ToolCall]:
    """The native tool calls of a reply's message, in order.

    Arguments given as a JSON object rather than JSON text (Ollama's native shape) are written
    back as text. A call without an id, with an id over :data:`MAX_TOOL_CALL_ID_CHARS`
    characters, or with the id of an earlier call of the reply gets ``call_<index>`` (each
    ``tool`` message must answer one call: endpoints refuse a conversation with two calls of
    one id, and an id is echoed in every later request and stored with it).

    Raises:
        _Unusable: ``malformed_response`` when ``tool_calls`` is not a list of
            ``{"function": {"name": str, "arguments": str | object}}``.
    """
    if not isinstance(raw, list):
        raise _Unusable(f"malformed_response: tool_calls is not a list: {_excerpt(body)}")
    calls: list[ToolCall] = []
    seen: set[str] = set()
    for index, item in enumerate(raw[:MAX_TOOL_CALLS]):
        function = item.get("function") if isinstance(item, dict) else None
        name = function.get("name") if isinstance(function, dict) else None
        if not isinstance(function, dict) or not isinstance(name, str):
            raise _Unusable(
                f"malformed_response: tool_calls[{index}] has no function name: {_excerpt(body)}"
            )
        arguments = function.get("arguments", "")
        if arguments is None:
            arguments = ""
        if not isinstance(arguments, str):
            arguments = json.dumps(arguments, ensure_ascii=False)
        call_id = item.get("id")
        if isinstance(call_id, str):
            call_id = storable_text(call_id)  # before the check: two ids may differ only there
        if not (isinstance(call_id, str) and 0 < len(call_id) <= MAX_TOOL_CALL_ID_CHARS) or (
            call_id in seen
        ):
            call_id = f"call_{index}"
            while call_id in seen:
                call_id += "_"
        seen.add(call_id)
        calls.append(
            ToolCall(
                id=call_id,
                name=storable_text(name[:128]),
                arguments=storable_text(arguments),
            )
        )
    return calls


def _failed_call(
    started: float, attempt: int, detail: str, request: list[dict[str, Any]]
) -> LLMCall:
    """The LLM call of a failed attempt: `detail` (what came back) as its response."""
    return LLMCall(
        latency_s=round(time.perf_counter() - started, 4),
        retries=attempt,
        request=request,
        response=detail,
    )


def _usage(data: Any) -> tuple[int | None, int | None, int | None]:
    """(prompt, completion, reasoning) tokens of a reply body's ``usage``; None where absent."""
    usage = data.get("usage") if isinstance(data, dict) else None
    usage = usage if isinstance(usage, dict) else {}
    details = usage.get("completion_tokens_details")
    details = details if isinstance(details, dict) else {}
    return (
        _int_or_none(usage.get("prompt_tokens")),
        _int_or_none(usage.get("completion_tokens")),
        _int_or_none(details.get("reasoning_tokens")),
    )


class _Unusable(Exception):
    """A 200 body that is no reply (``malformed_response: …``); `data` is its JSON, if any."""

    def __init__(self, message: str, data: Any = None) -> None:
        super().__init__(message)
        self.data = data


class _TooLarge(Exception):
    """A reply body over :data:`MAX_BODY_BYTES`; the message says how it was found."""


class _Undecodable(Exception):
    """A reply body in a content encoding that is not read (``malformed_response: …``)."""


DECODED_STEP_BYTES = 64 * 1024
"""Most bytes one decompression step may produce: the decoded size is counted step by step,
so a compression bomb is cut off a step past :data:`MAX_BODY_BYTES`, never expanded whole."""
ACCEPT_ENCODING = "gzip, identity"
"""What the client asks for (sent explicitly: httpx would also offer deflate, br and zstd)."""


class _BoundedDecoder:
    """Decodes at most one ``gzip``/``deflate`` layer, :data:`DECODED_STEP_BYTES` at a time.

    httpx's own decoding (``iter_bytes``) expands each wire chunk through every listed layer
    at once, so ``Content-Encoding: gzip, gzip`` turned a 587-byte body into 256 MiB before any
    size check (the h24 attack). Here the body is read raw and each step's output is bounded
    (``zlib`` ``max_length``), so the caller counts decoded bytes as they are made.

    Raises (on construction or :meth:`feed`):
        _TooLarge: more than one encoding layer (a stacked encoding is a bomb's shape; no
            endpoint needs it).
        _Undecodable: any encoding but ``identity``, ``gzip`` (``x-gzip``) or ``deflate``
            (``br``, ``zstd``, ``compress``, ...), or a corrupt compressed stream.
    """

    def __init__(self, content_encoding: str) -> None:
        layers = [
            layer.strip().lower()
            for layer in content_encoding.split(",")
            if layer.strip() and layer.strip().lower() != "identity"
        ]
        if len(layers) > 1:
            raise _TooLarge(
                f"the reply is encoded {len(layers)} times (Content-Encoding: "
                f"{content_encoding[:80]}); at most one gzip or deflate layer is decoded"
            )
        self.layer = layers[0] if layers else None
        """The encoding decoded (``gzip``, ``deflate``), or None for a plain body."""
        self._zlib: Any = None
        self._first = True
        if self.layer in ("gzip", "x-gzip"):
            self._zlib = zlib.decompressobj(zlib.MAX_WBITS | 16)
        elif self.layer == "deflate":  # zlib-wrapped as the RFC says, else raw (as httpx)
            self._zlib = zlib.decompressobj()
        elif self.layer is not None:
            raise _Undecodable(
                f"the reply's Content-Encoding {self.layer[:40]!r} is not read "
                f"(the request asks for {ACCEPT_ENCODING})"
            )

    def feed(self, data: bytes) -> Iterator[bytes]:
        """The decoded bytes of the next raw chunk, at most a step at a time."""
        if self._zlib is None:
            yield data
            return
        try:
            try:
                out = self._zlib.decompress(data, DECODED_STEP_BYTES)
            except zlib.error:
                if not (self._first and self.layer == "deflate"):
                    raise
                self._zlib = zlib.decompressobj(-zlib.MAX_WBITS)
                out = self._zlib.decompress(data, DECODED_STEP_BYTES)
            self._first = False
            while True:
                yield out
                # a full step may leave output pending even when all input was taken
                if len(out) < DECODED_STEP_BYTES and not self._zlib.unconsumed_tail:
                    return
                out = self._zlib.decompress(self._zlib.unconsumed_tail, DECODED_STEP_BYTES)
        except zlib.error as exc:
            raise _Undecodable(f"the reply's {self.layer} body is corrupt ({exc})") from None


def _read_capped(reply: httpx.Response, due: float | None = None) -> bytes:
    """The body of a streamed reply, read up to :data:`MAX_BODY_BYTES` and until `due`.

    The body is read raw and decoded here (:class:`_BoundedDecoder`), so the limit counts
    decoded bytes as they are produced: a compressed reply is refused a step past the limit,
    never expanded whole in memory first.

    Args:
        reply: the streamed reply.
        due: the request deadline (a :func:`time.monotonic` instant), checked after every
            chunk (for a client given by the caller, whose sockets do not keep it); None: none.

    Raises:
        _TooLarge: the declared length, the bytes read or the bytes decoded pass the limit, or
            the body is encoded more than once (the rest is never read; leaving the stream
            closes the connection).
        _Undecodable: an encoding that is not read, or a corrupt compressed body.
        httpx.ReadTimeout: `due` passed before the body ended.
    """
    declared = reply.headers.get("Content-Length", "")
    if declared.isdigit() and int(declared) > MAX_BODY_BYTES:
        raise _TooLarge(
            f"the reply body is {int(declared):,} bytes (Content-Length); "
            f"at most {MAX_BODY_BYTES:,} bytes are read"
        )
    decoder = _BoundedDecoder(reply.headers.get("Content-Encoding", ""))
    chunks: list[bytes] = []
    size = 0
    for raw in reply.iter_raw():
        for chunk in decoder.feed(raw):
            size += len(chunk)
            if size > MAX_BODY_BYTES:
                raise _TooLarge(
                    f"the reply body is over {MAX_BODY_BYTES:,} bytes"
                    + (f" once decoded ({decoder.layer})" if decoder.layer else "")
                    + "; reading stopped there"
                )
            chunks.append(chunk)
        if due is not None and time.monotonic() >= due:
            raise httpx.ReadTimeout(
                f"the request deadline passed after {size:,} bytes of the body"
            ) from DeadlinePassed("the request deadline passed")
    return b"".join(chunks)


def _excerpt(body: bytes, chars: int = EXCERPT_CHARS) -> str:
    """The start of a body as text for an error message (undecodable bytes replaced)."""
    return body[: chars * 4].decode("utf-8", errors="replace")[:chars]


SYSTEM_PROMPT_STORED_AS = "(the run's system prompt: runs.settings.prompt)"


def _new_messages(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The messages sent since the agent's last reply, as stored with the call.

    The system prompt is the same for every call of a run and is kept once in the run's
    settings, so it is stored here as a reference instead of ~9 KB per response.
    """
    last = max((i for i, m in enumerate(messages) if m.get("role") == "assistant"), default=-1)
    return [
        {**m, "content": SYSTEM_PROMPT_STORED_AS} if m.get("role") == "system" else m
        for m in messages[last + 1 :]
    ]


USAGE_MAX = 2_147_483_647
"""Largest token count recorded: a PostgreSQL INTEGER column holds no more."""


def _int_or_none(value: Any) -> int | None:
    """A usage count as recorded: an int in 0..:data:`USAGE_MAX`, else None (not reported).

    Args:
        value: the JSON value of an endpoint's ``usage`` field (any type).

    Returns:
        `value` when it is a non-boolean int that a PostgreSQL INTEGER column can store and
        that is not negative; None otherwise.
    """
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= USAGE_MAX:
        return value
    return None
