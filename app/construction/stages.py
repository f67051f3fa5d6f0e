"""Calling one LLM stage of the construction pipeline (DESIGN.md §11).

A stage renders its versioned prompt template (``prompts/<stage>.v<N>.txt``), sends it through
:class:`app.agents.llm.OpenAIChatAgent` (retries, backoff, endpoint slots), and reads the
reply as the stage's pydantic output schema: with ``response_format`` (``json_schema``) where
the endpoint config says it supports structured outputs, with the tolerant JSON extraction of
:func:`app.agents.protocol.extract_json` (reasoning, prose and code fences around the object)
in every case. A reply that does not validate gets one corrective message; a second one fails
the stage (:class:`MalformedOutput`). The caller is handed the calls so far before the corrective
message is sent (`on_calls`), so it can write them first.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from string import Template
from typing import Any, Generic, TypeVar

from pydantic import ValidationError

from app.agents.client import AgentAPIError, LLMCall
from app.agents.llm import OpenAIChatAgent
from app.agents.protocol import ProtocolViolation, extract_json
from app.bounded import storable, storable_text
from app.construction.schemas import (
    InstanceOutput,
    NoiseOutput,
    Output,
    ReviewOutput,
    ScenarioOutput,
    response_format,
)

OutputT = TypeVar("OutputT", bound=Output)

PROMPT_VERSIONS: dict[str, str] = {
    "instance_creator": "v1",
    "scenario_creator": "v1",
    "reviewer": "v2",
    "noise_creator": "v2",
}
"""The version of each stage's prompt template in use (``prompts/<stage>.<version>.txt``).

Reviewer v2 adds the request's criteria (need type, domain); Noise Creator v2 is told the
balances its posted transactions must explain (the shipped shape)."""

STAGE_SCHEMAS: dict[str, type[Output]] = {
    "instance_creator": InstanceOutput,
    "scenario_creator": ScenarioOutput,
    "reviewer": ReviewOutput,
    "noise_creator": NoiseOutput,
}
"""Each LLM stage's output schema."""

MAX_REPLY_CHARS = 400_000
"""Most characters of a stage reply that are read (a scenario with its records is ~30 KB)."""

SYSTEM = (
    "You are one stage of the HALO scenario construction pipeline. Answer every message with "
    "exactly one JSON object that matches the schema you are given."
)


def prompt_name(stage: str, version: str | None = None) -> str:
    """The versioned template name of `stage`, e.g. ``scenario_creator.v1`` (default: in use)."""
    return f"{stage}.{version or PROMPT_VERSIONS[stage]}"


def load_prompt(stage: str, version: str | None = None) -> Template:
    """The prompt template of `stage` (``app/construction/prompts/<stage>.<version>.txt``).

    Raises:
        FileNotFoundError: no such stage or version.
    """
    text = (
        resources.files("app.construction")
        .joinpath(f"prompts/{prompt_name(stage, version)}.txt")
        .read_text("utf-8")
    )
    return Template(text)


class MalformedOutput(Exception):
    """A stage's reply did not match its schema twice; the message says how (the reason)."""

    def __init__(self, message: str, calls: list[LLMCall], raw: str) -> None:
        """Keep the `calls` made (for tokens) and the last `raw` reply."""
        super().__init__(message)
        self.calls = calls
        self.raw = raw


class StageAPIError(Exception):
    """The endpoint failed after its retries (``rate_limited``, ``timeout``, ...)."""

    def __init__(self, message: str, calls: list[LLMCall]) -> None:
        """Keep the `calls` made before giving up."""
        super().__init__(message)
        self.calls = calls


@dataclass
class StageResult(Generic[OutputT]):
    """A stage's parsed output and the accounting of its LLM calls.

    Attributes:
        output: the validated output.
        raw: the reply text it was read from.
        calls: every LLM call of the stage (one, or two after a corrective message).
    """

    output: OutputT
    raw: str
    calls: list[LLMCall] = field(default_factory=list)

    @property
    def prompt_tokens(self) -> int:
        """Prompt tokens of the stage's calls (0 where the endpoint reported none)."""
        return sum(call.prompt_tokens or 0 for call in self.calls)

    @property
    def completion_tokens(self) -> int:
        """Completion tokens of the stage's calls (0 where the endpoint reported none)."""
        return sum(call.completion_tokens or 0 for call in self.calls)

    @property
    def latency_s(self) -> float:
        """Seconds the stage's calls took."""
        return sum(call.latency_s or 0.0 for call in self.calls)


def tokens_of(calls: list[LLMCall]) -> int:
    """Prompt plus completion tokens of `calls` (what a job's token budget counts)."""
    return sum((call.prompt_tokens or 0) + (call.completion_tokens or 0) for call in calls)


def render(stage: str, values: dict[str, Any]) -> str:
    """The user message of `stage`: its template with `values` and the stage's JSON Schema.

    Args:
        stage: a key of :data:`STAGE_SCHEMAS`.
        values: the template's ``$names``; non-strings are written as JSON.

    Raises:
        KeyError: a placeholder of the template has no value.
    """
    schema = json.dumps(STAGE_SCHEMAS[stage].model_json_schema(), ensure_ascii=False)
    text = {
        key: value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        for key, value in values.items()
    }
    return load_prompt(stage).substitute({**text, "schema": schema})


def _problem(text: str, schema: type[OutputT]) -> tuple[OutputT | None, str]:
    """The reply read as `schema`, or None and what is wrong with it."""
    try:
        data = extract_json(text[:MAX_REPLY_CHARS])
    except ProtocolViolation as exc:
        return None, str(exc)
    try:
        # text PostgreSQL cannot hold (NUL, lone surrogates) becomes U+FFFD before anything
        # checks it, so what is validated is what is stored
        return schema.model_validate(storable(data)), ""
    except ValidationError as exc:
        problems = "; ".join(
            f"$.{'.'.join(str(p) for p in err['loc'])}: {err['msg']}" for err in exc.errors()[:10]
        )
        return None, f"the reply does not match the schema: {problems}"


def call_stage(
    client: OpenAIChatAgent,
    stage: str,
    values: dict[str, Any],
    *,
    feedback: str | None = None,
    previous: str | None = None,
    on_calls: Callable[[list[LLMCall]], None] | None = None,
) -> StageResult[Any]:
    """Run one LLM stage: prompt, reply, schema check, one corrective message at most.

    Args:
        client: the stage's endpoint (the job's creator or reviewer agent).
        stage: ``instance_creator``, ``scenario_creator``, ``reviewer`` or ``noise_creator``.
        values: the template's values (see :func:`render`).
        feedback: revision feedback (validator findings, reviewer comments) for a revision;
            sent after `previous`, the output being revised.
        previous: the earlier output (JSON text) the feedback is about.
        on_calls: called with the calls so far before the corrective message is sent (so a
            caller can write them first; failed attempts before a retry reach the caller
            through the client's ``on_backoff``).

    Returns:
        The :class:`StageResult` (its output is an instance of the stage's schema).

    Raises:
        MalformedOutput: two replies in a row that are not one JSON object of the schema.
        StageAPIError: the endpoint failed after its retries.
    """
    schema = STAGE_SCHEMAS[stage]
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": render(stage, values)},
    ]
    if feedback is not None:
        messages += [
            {"role": "assistant", "content": previous or ""},
            {
                "role": "user",
                "content": "Revise your output. Fix every problem below and answer with the "
                "whole corrected JSON object.\n" + feedback,
            },
        ]
    structured = response_format(stage, schema) if client.config.structured_outputs else None
    calls: list[LLMCall] = []
    text = ""
    for attempt in range(2):
        try:
            turn = client.complete(messages, response_format=structured)
        except AgentAPIError as exc:
            raise StageAPIError(str(exc), calls + exc.calls) from exc
        if turn.call is not None:
            calls.append(turn.call)
        text = storable_text(turn.text)
        output, problem = _problem(text, schema)
        if output is not None:
            return StageResult(output, text, calls)
        if attempt == 0:
            if on_calls is not None:
                on_calls(list(calls))
            messages += [
                {"role": "assistant", "content": text},
                {
                    "role": "user",
                    "content": f"Your reply cannot be used: {problem}. Answer with exactly one "
                    "JSON object that matches the schema.",
                },
            ]
            continue
        raise MalformedOutput(
            f"malformed_output: {stage} replied twice without a valid object: {problem}",
            calls,
            text,
        )
    raise AssertionError("unreachable")  # pragma: no cover
