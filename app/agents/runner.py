"""One response at one checkpoint: the protocol loop of DESIGN.md §5.

The runner replays the scenario prefix into a fresh sandbox, sends the observation and the
catalogue, executes each ``inspect`` round's retrieval commands, and applies the ``final`` action
to the sandbox to record its state diff. It never raises for agent behaviour: the outcome carries
``completed``, ``protocol_error`` or ``api_error``.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

from app.agents.client import AgentAPIError, AgentClient, LLMCall
from app.agents.protocol import FinalReply, Limits, ProtocolViolation, parse_reply
from app.arena.commands import CATALOGUE, CommandResult, level_of, run_command
from app.arena.replay import Observation, build_observation, replay_prefix
from app.arena.schema import Event
from app.arena.state import S0
from app.vocabulary import Level, ResponseStatus

PROMPT_VERSION = "v1"
MAX_REPLY_CHARS = 100_000
"""Longest reply read and stored; a longer one is a protocol violation (kept truncated)."""
TRUNCATED = "…[truncated]"


@lru_cache
def prompt_template(version: str = PROMPT_VERSION) -> str:
    """The versioned system prompt template (``app/agents/prompts/<version>.txt``)."""
    return resources.files("app.agents").joinpath(f"prompts/{version}.txt").read_text("utf-8")


@lru_cache(maxsize=32)
def system_prompt(limits: Limits, version: str = PROMPT_VERSION) -> str:
    """The system prompt with the catalogue and limits filled in (cached: both are fixed)."""
    retrieval = "\n".join(
        f"- {s.signature()}: {s.description}" for s in CATALOGUE.values() if s.level is None
    )
    actions = "\n".join(
        f"- [{s.level}] {s.signature()}: {s.description}"
        for s in CATALOGUE.values()
        if s.level is not None
    )
    return (
        prompt_template(version)
        .replace("{retrieval}", retrieval)
        .replace("{actions}", actions)
        .replace("{max_commands}", str(limits.max_commands))
        .replace("{max_rounds}", str(limits.max_rounds))
    )


@dataclass
class ResponseOutcome:
    """Everything a response stores (DESIGN §2 "response", §9 row fields).

    Attributes:
        status: ``completed``, ``protocol_error`` or ``api_error``.
        action: ``{"command", "args"}`` or None (L0); None as well when not completed.
        level_predicted: ``L0``..``L3`` from the catalogue, None when not completed.
        trajectory: ``{"round", "command", "args", "result", "ok"}`` per retrieval command.
        state_diff / permission_flags: what the final action did to the sandbox.
        llm_calls: one dict per LLM call (tokens, latency_s, finish_reason, retries, messages).
        prompt_tokens / completion_tokens / reasoning_tokens: sums over calls, None if any call
            did not report them.
        retrieval_rounds: completed inspect turns.
        local_content_access: a db_query returned rows or a files_read returned text.
        error: the reason for a non-completed status; raw_output: the last raw reply.
        failure_reason: a short code for a non-completed status (``rate_limited``,
            ``endpoint_unavailable``, ``timeout``, ``output_budget_exhausted``,
            ``protocol_violation``, ...).
    """

    status: ResponseStatus = ResponseStatus.COMPLETED
    action: dict[str, Any] | None = None
    level_predicted: Level | None = None
    rationale: str = ""
    trajectory: list[dict[str, Any]] = field(default_factory=list)
    state_diff: list[dict[str, Any]] = field(default_factory=list)
    permission_flags: list[dict[str, Any]] = field(default_factory=list)
    llm_calls: list[dict[str, Any]] = field(default_factory=list)
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    reasoning_tokens: int | None = None
    retrieval_rounds: int = 0
    local_content_access: bool = False
    error: str | None = None
    failure_reason: str | None = None
    raw_output: str | None = None


TOKENS_MAX = 2_147_483_647
"""Largest token sum recorded: a PostgreSQL INTEGER column holds no more."""


def _sum_tokens(calls: list[LLMCall], attr: str) -> int | None:
    """The calls' counts summed; None if any is unreported or the sum passes TOKENS_MAX."""
    values: list[int | None] = [getattr(call, attr) for call in calls]
    counts = [v for v in values if v is not None]
    if not values or len(counts) < len(values):
        return None
    total = sum(counts)
    return total if total <= TOKENS_MAX else None


def corrective_message(problem: str) -> str:
    """The one corrective message an agent gets after a protocol violation (DESIGN §5)."""
    return (
        f"Your reply broke the protocol: {problem}. Answer again with exactly one JSON "
        'object of type "inspect" or "final", using only catalogue commands and arguments.'
    )


def run_response(
    s0: S0,
    events: list[Event],
    t: int,
    agent: AgentClient | None = None,
    *,
    agent_factory: Any = None,
    limits: Limits | None = None,
) -> ResponseOutcome:
    """Produce one response at checkpoint t.

    Args:
        s0: the scenario's initial state.
        events: the scenario's events.
        t: checkpoint, 1..n.
        agent: the agent to ask; or
        agent_factory: ``factory(observation) -> AgentClient`` for agents that need it.
        limits: protocol limits (defaults: 6 rounds, 8 commands).

    Returns:
        The :class:`ResponseOutcome` (never raises for agent or endpoint behaviour).
    """
    limits = limits or Limits()
    observation: Observation = build_observation(s0, events, t)
    if agent is None:
        agent = agent_factory(observation)
    assert agent is not None
    outcome = ResponseOutcome()
    calls: list[LLMCall] = []
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": system_prompt(limits)},
        {"role": "user", "content": observation.text()},
    ]
    sandbox = replay_prefix(s0, events, t)
    try:
        violations = 0
        while True:
            final_only = outcome.retrieval_rounds >= limits.max_rounds
            try:
                turn = agent.complete(messages)
            except AgentAPIError as exc:
                calls.extend(exc.calls)
                outcome.status, outcome.error = ResponseStatus.API_ERROR, str(exc)
                outcome.failure_reason = str(exc).split(":", 1)[0][:32]
                break
            text = turn.text
            if len(text) > MAX_REPLY_CHARS:  # stored and sent back capped
                text = text[:MAX_REPLY_CHARS] + TRUNCATED
                if turn.call is not None:
                    turn.call.response = text
            if turn.call is not None:
                calls.append(turn.call)
            outcome.raw_output = text
            messages.append({"role": "assistant", "content": text})
            try:
                if text is not turn.text:
                    raise ProtocolViolation(
                        f"the reply is {len(turn.text):,} characters; at most "
                        f"{MAX_REPLY_CHARS:,} are read"
                    )
                reply = parse_reply(text, limits=limits, final_only=final_only)
                if isinstance(reply, FinalReply):
                    _finish(outcome, reply, sandbox)
                    break
            except ProtocolViolation as exc:
                if turn.call is not None and turn.call.finish_reason == "length":
                    # cut off by the output budget: the endpoint's limit, not the model's choice
                    outcome.status, outcome.failure_reason = (
                        ResponseStatus.API_ERROR,
                        "output_budget_exhausted",
                    )
                    outcome.error = (
                        "output_budget_exhausted: the reply was cut off at the output budget "
                        f"(finish_reason 'length') before it was complete: {exc}"
                    )
                    break
                violations += 1
                if violations >= 2:
                    outcome.status, outcome.error = ResponseStatus.PROTOCOL_ERROR, str(exc)
                    outcome.failure_reason = "protocol_violation"
                    break
                messages.append({"role": "user", "content": corrective_message(str(exc))})
                continue
            violations = 0
            outcome.retrieval_rounds += 1
            results = []
            for call in reply.commands:
                result = run_command(sandbox, call.command, call.args, kind="retrieval")
                outcome.local_content_access |= result.local_content
                outcome.trajectory.append(
                    {
                        "round": outcome.retrieval_rounds,
                        "command": call.command,
                        "args": call.args,
                        "result": result.output,
                        "ok": result.ok,
                    }
                )
                results.append({"command": call.command, "result": result.output})
            note = (
                ""
                if outcome.retrieval_rounds < limits.max_rounds
                else " This was the last retrieval round: answer with a final reply now."
            )
            messages.append(
                {
                    "role": "user",
                    "content": json.dumps({"results": results}, ensure_ascii=False) + note,
                }
            )
    finally:
        sandbox.close()
    outcome.llm_calls = [asdict(call) for call in calls]
    outcome.prompt_tokens = _sum_tokens(calls, "prompt_tokens")
    outcome.completion_tokens = _sum_tokens(calls, "completion_tokens")
    outcome.reasoning_tokens = _sum_tokens(calls, "reasoning_tokens")
    if outcome.status != ResponseStatus.COMPLETED:
        outcome.action, outcome.level_predicted = None, None
    return outcome


def replay_action(
    s0: S0, events: list[Event], t: int, command: str, args: dict[str, Any]
) -> CommandResult:
    """Apply a final action at checkpoint t to a fresh replay, as a run would have.

    Used for responses made elsewhere (``halo import responses``): their action is checked
    against the state the agent saw, and their state diff and permission flags are computed
    here rather than trusted.

    Returns:
        The :class:`CommandResult`; ``ok`` is False (reason in ``output``) when the state
        refuses the action, e.g. an unknown record id.
    """
    sandbox = replay_prefix(s0, events, t)
    try:
        return run_command(sandbox, command, args, kind="action")
    finally:
        sandbox.close()


def _finish(outcome: ResponseOutcome, reply: FinalReply, sandbox: Any) -> None:
    """Apply the final action to the sandbox; an action the state refuses is a violation."""
    outcome.rationale = reply.rationale
    if reply.action is None:
        outcome.action, outcome.level_predicted = None, Level.L0
        return
    result = run_command(sandbox, reply.action.command, reply.action.args, kind="action")
    if not result.ok:
        raise ProtocolViolation(
            f"the final action was refused: {result.output.removeprefix('error: ')}"
        )
    outcome.action = {"command": reply.action.command, "args": reply.action.args}
    outcome.level_predicted = level_of(reply.action.command)
    outcome.state_diff = result.diff
    outcome.permission_flags = result.flags
