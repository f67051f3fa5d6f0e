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

from app.agents.client import AgentAPIError, AgentClient, AgentTurn, LLMCall, ToolCall
from app.agents.protocol import (
    NOT_RUN,
    CommandCall,
    FinalReply,
    Limits,
    ProtocolViolation,
    parse_reply,
    visible_text,
)
from app.arena.commands import (
    CATALOGUE,
    CommandResult,
    level_of,
    run_command,
    tool_schemas,
    validate_call,
)
from app.arena.errors import CommandError
from app.arena.replay import Observation, build_observation, replay_prefix
from app.arena.schema import Event
from app.arena.state import S0
from app.bounded import JSONTooDeep, load_json
from app.vocabulary import Level, ResponseStatus, WireMode

PROMPT_VERSION = "v1"
MAX_REPLY_CHARS = 100_000
"""Longest reply read and stored; a longer one is a protocol violation (kept truncated)."""
TRUNCATED = "…[truncated]"


@lru_cache
def prompt_template(version: str = PROMPT_VERSION, mode: WireMode = WireMode.JSON) -> str:
    """The versioned system prompt template (``app/agents/prompts/<version>[-tools].txt``)."""
    name = f"{version}.txt" if mode == WireMode.JSON else f"{version}-{mode.value}.txt"
    return resources.files("app.agents").joinpath(f"prompts/{name}").read_text("utf-8")


@lru_cache(maxsize=32)
def system_prompt(
    limits: Limits, version: str = PROMPT_VERSION, mode: WireMode = WireMode.JSON
) -> str:
    """The system prompt with the catalogue and limits filled in (cached: both are fixed).

    In ``tools`` mode the catalogue travels as tool definitions (:func:`tool_definitions`), so
    the prompt lists only the action levels.
    """
    retrieval = "\n".join(
        f"- {s.signature()}: {s.description}" for s in CATALOGUE.values() if s.level is None
    )
    actions = "\n".join(
        f"- [{s.level}] {s.signature()}: {s.description}"
        for s in CATALOGUE.values()
        if s.level is not None
    )
    levels = "\n".join(
        f"- {level}: {', '.join(s.name for s in CATALOGUE.values() if s.level == level)}"
        for level in (Level.L1, Level.L2, Level.L3)
    )
    return (
        prompt_template(version, mode)
        .replace("{retrieval}", retrieval)
        .replace("{actions}", actions)
        .replace("{levels}", levels)
        .replace("{max_commands}", str(limits.max_commands))
        .replace("{max_rounds}", str(limits.max_rounds))
    )


NO_ACTION = "no_action"
"""The tool a ``tools``-mode agent calls to take no action now (L0)."""
NO_ACTION_TOOL: dict[str, Any] = {
    "type": "function",
    "function": {
        "name": NO_ACTION,
        "description": "Take no action now (level L0): nothing needs doing yet, or doing "
        "nothing is right. Give the reason.",
        "parameters": {
            "type": "object",
            "properties": {"rationale": {"type": "string", "description": "why no action now"}},
            "required": ["rationale"],
            "additionalProperties": False,
        },
    },
}


@lru_cache(maxsize=2)
def _tool_definitions(final_only: bool) -> tuple[dict[str, Any], ...]:
    schemas = tool_schemas("action") if final_only else tool_schemas()
    return (*schemas, NO_ACTION_TOOL)


def tool_definitions(*, final_only: bool = False) -> list[dict[str, Any]]:
    """The catalogue as OpenAI ``tools`` (from its one JSON Schema source), plus ``no_action``.

    Args:
        final_only: after the last allowed round: only the action tools and ``no_action``.

    Returns:
        ``{"type": "function", "function": {"name", "description", "parameters"}}`` per tool.
    """
    return list(_tool_definitions(final_only))


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
        prompt_tokens / completion_tokens: sums over calls, None if any call did not report
            them.
        reasoning_tokens: sum over the calls that report them (None if none does);
        reasoning_tokens_partial: True when some calls reported reasoning tokens and others
            did not (the sum undercounts).
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
    reasoning_tokens_partial: bool = False
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


def reasoning_token_sum(calls: list[LLMCall]) -> tuple[int | None, bool]:
    """Reasoning tokens summed over the calls that report them (DESIGN §5, issue 13 item 3).

    Args:
        calls: a response's LLM calls (successful attempts).

    Returns:
        (the sum in tokens, or None when no call reports them or the sum passes
        :data:`TOKENS_MAX`; True when some calls report them and others do not — the sum
        then undercounts).
    """
    counts = [call.reasoning_tokens for call in calls if call.reasoning_tokens is not None]
    if not counts:
        return None, False
    total = sum(counts)
    return (total if total <= TOKENS_MAX else None), len(counts) < len(calls)


def corrective_message(problem: str, mode: WireMode = WireMode.JSON) -> str:
    """The one corrective message an agent gets after a protocol violation (DESIGN §5)."""
    if mode == WireMode.TOOLS:
        return (
            f"Your reply broke the protocol: {problem}. Call retrieval tools to read evidence, "
            f"then exactly one action tool, or {NO_ACTION} with a rationale, alone in its turn."
        )
    return (
        f"Your reply broke the protocol: {problem}. Answer again with exactly one JSON "
        'object of type "inspect" or "final", using only catalogue commands and arguments.'
    )


@dataclass(frozen=True)
class Unreadable:
    """A tool call of a round whose arguments could not be read.

    Attributes:
        command: the tool name as called (kept whole: it may hold ``:``).
        error: its result, ``error: <command>: <problem>``.
    """

    command: str
    error: str


class _Loop:
    """The conversation of one response: messages, calls, the sandbox and the outcome so far."""

    def __init__(
        self, agent: AgentClient, observation: Observation, sandbox: Any, limits: Limits
    ) -> None:
        self.agent, self.sandbox, self.limits = agent, sandbox, limits
        self.mode = WireMode(getattr(agent, "mode", WireMode.JSON))
        self.outcome = ResponseOutcome()
        self.calls: list[LLMCall] = []
        self.violations = 0
        self.messages: list[dict[str, Any]] = [
            {"role": "system", "content": system_prompt(limits, mode=self.mode)},
            {"role": "user", "content": observation.text()},
        ]

    @property
    def final_only(self) -> bool:
        return self.outcome.retrieval_rounds >= self.limits.max_rounds

    def run(self) -> None:
        """Ask and answer until a final, a second violation in a row or an endpoint failure."""
        while True:
            try:
                if self.mode == WireMode.TOOLS:
                    turn = self.agent.complete(
                        self.messages, tools=tool_definitions(final_only=self.final_only)
                    )
                else:
                    turn = self.agent.complete(self.messages)
            except AgentAPIError as exc:
                self.calls.extend(exc.calls)
                self.outcome.status, self.outcome.error = ResponseStatus.API_ERROR, str(exc)
                self.outcome.failure_reason = str(exc).split(":", 1)[0][:32]
                return
            try:
                done = self._tools_turn(turn) if turn.tool_calls else self._json_turn(turn)
            except ProtocolViolation as exc:
                if not self._violation(turn, exc):
                    return
                continue
            if done:
                return
            self.violations = 0

    def _violation(self, turn: AgentTurn, exc: ProtocolViolation) -> bool:
        """Record a violation; False when it ends the response."""
        outcome = self.outcome
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
            return False
        self.violations += 1
        if self.violations >= 2:
            outcome.status, outcome.error = ResponseStatus.PROTOCOL_ERROR, str(exc)
            outcome.failure_reason = "protocol_violation"
            return False
        if self.messages[-1]["role"] != "tool":  # a tool-call turn answered its calls already
            self.messages.append(
                {"role": "user", "content": corrective_message(str(exc), self.mode)}
            )
        return True

    def _capped(self, turn: AgentTurn) -> str:
        """The reply text as read and stored: at most :data:`MAX_REPLY_CHARS` characters."""
        text = turn.text
        if len(text) > MAX_REPLY_CHARS:
            text = text[:MAX_REPLY_CHARS] + TRUNCATED
            if turn.call is not None:
                turn.call.response = text
        if turn.call is not None:
            self.calls.append(turn.call)
        return text

    def _json_turn(self, turn: AgentTurn) -> bool:
        """A reply without tool calls: the one JSON object of ``json`` mode; True when final.

        A ``tools``-mode agent may answer this way too (some models write the object instead
        of calling a tool); its results then come back as a user message as well.

        Raises:
            ProtocolViolation: the reply breaks the protocol.
        """
        text = self._capped(turn)
        self.outcome.raw_output = text
        self.messages.append({"role": "assistant", "content": text})
        if text is not turn.text:
            raise ProtocolViolation(
                f"the reply is {len(turn.text):,} characters; at most {MAX_REPLY_CHARS:,} are read"
            )
        if self.mode == WireMode.TOOLS and not text.strip():
            raise ProtocolViolation("the reply called no tool and has no text")
        reply = parse_reply(text, final_only=self.final_only)
        if isinstance(reply, FinalReply):
            _finish(self.outcome, reply, self.sandbox)
            return True
        results = self._round(list(reply.commands))
        self.messages.append(
            {
                "role": "user",
                "content": json.dumps(
                    {"results": [{"command": r.command, "result": r.output} for r in results]},
                    ensure_ascii=False,
                )
                + self._last_round_note(),
            }
        )
        return False

    def _tools_turn(self, turn: AgentTurn) -> bool:
        """A reply with native tool calls (``tools`` mode); True when final.

        Retrieval calls form a round (each answered by a ``tool`` message; a bad argument is an
        error for that call only). A final is one action tool call or ``no_action``, alone in
        its turn; the rationale of an action is the reply's text outside any reasoning block.

        Raises:
            ProtocolViolation: a final beside other calls, a final that is refused, or retrieval
                calls when no rounds are left (every call is answered with the error first).
        """
        text = self._capped(turn)
        self.outcome.raw_output = text or json.dumps(
            [vars(call) for call in turn.tool_calls], ensure_ascii=False
        )
        self.messages.append(
            {
                "role": "assistant",
                "content": text or None,
                "tool_calls": [
                    {
                        "id": call.id,
                        "type": "function",
                        "function": {"name": call.name, "arguments": call.arguments},
                    }
                    for call in turn.tool_calls
                ],
            }
        )
        finals = [call for call in turn.tool_calls if _is_final_tool(call.name)]
        if finals:
            if len(turn.tool_calls) > 1:
                return self._refuse(
                    turn.tool_calls,
                    f"{finals[0].name} is a final tool call and must be the only call of its "
                    f"turn; this turn has {len(turn.tool_calls)} calls",
                )
            call = finals[0]
            try:
                args = _tool_arguments(call)
                if call.name == NO_ACTION:
                    rationale = args.get("rationale", "")
                    reply = FinalReply(
                        type="final",
                        action=None,
                        rationale=rationale
                        if isinstance(rationale, str)
                        else json.dumps(rationale, ensure_ascii=False),
                    )
                else:
                    validate_call(call.name, args, kind="action")
                    reply = FinalReply(
                        type="final",
                        action=CommandCall(command=call.name, args=args),
                        rationale=visible_text(text).strip(),
                    )
                _finish(self.outcome, reply, self.sandbox)
            except (CommandError, ProtocolViolation) as exc:
                return self._refuse([call], str(exc))
            return True
        if self.final_only:
            return self._refuse(
                turn.tool_calls,
                f"no retrieval rounds are left: call an action tool or {NO_ACTION}",
            )
        commands: list[CommandCall | Unreadable] = []
        for call in turn.tool_calls:
            try:
                commands.append(CommandCall(command=call.name, args=_tool_arguments(call)))
            except ProtocolViolation as exc:
                commands.append(Unreadable(call.name, f"error: {call.name}: {exc}"))
        results = self._round(commands)
        for call, result in zip(turn.tool_calls, results, strict=True):
            self.messages.append(
                {"role": "tool", "tool_call_id": call.id, "content": result.output}
            )
        note = self._last_round_note()
        if note:
            self.messages.append({"role": "user", "content": note.strip()})
        return False

    def _refuse(self, calls: list[ToolCall], problem: str) -> bool:
        """Answer every call of a refused tool turn with the error, then raise the violation.

        Raises:
            ProtocolViolation: always, with `problem`.
        """
        for call in calls:
            self.messages.append(
                {
                    "role": "tool",
                    "tool_call_id": call.id,
                    "content": "error: " + corrective_message(problem, WireMode.TOOLS),
                }
            )
        raise ProtocolViolation(problem)

    def _round(self, commands: list[CommandCall | Unreadable]) -> list[CommandResult]:
        """Run one inspect round: each command, or its error as data (DESIGN §5).

        Args:
            commands: the round's calls; an :class:`Unreadable` is a call whose arguments could
                not be read, with its error (``error: <command>: <problem>``).

        The first :attr:`Limits.max_commands` commands run; the rest are answered with
        :data:`~app.agents.protocol.NOT_RUN`. Every command is kept in the trajectory.
        """
        outcome = self.outcome
        outcome.retrieval_rounds += 1
        results: list[CommandResult] = []
        for index, call in enumerate(commands):
            if isinstance(call, Unreadable):  # arguments that could not be read
                result = CommandResult(call.command, {}, False, call.error)
            elif index >= self.limits.max_commands:
                result = CommandResult(
                    call.command,
                    call.args,
                    False,
                    NOT_RUN.format(limit=self.limits.max_commands),
                )
            else:
                result = run_command(self.sandbox, call.command, call.args, kind="retrieval")
            outcome.local_content_access |= result.local_content
            outcome.trajectory.append(
                {
                    "round": outcome.retrieval_rounds,
                    "command": result.command,
                    "args": result.args,
                    "result": result.output,
                    "ok": result.ok,
                }
            )
            results.append(result)
        return results

    def _last_round_note(self) -> str:
        if self.outcome.retrieval_rounds < self.limits.max_rounds:
            return ""
        if self.mode == WireMode.TOOLS:
            return f" This was the last retrieval round: call an action tool or {NO_ACTION} now."
        return " This was the last retrieval round: answer with a final reply now."


def _is_final_tool(name: str) -> bool:
    spec = CATALOGUE.get(name)
    return name == NO_ACTION or (spec is not None and spec.level is not None)


def _tool_arguments(call: ToolCall) -> dict[str, Any]:
    """A tool call's arguments as an object (empty text is no arguments).

    Raises:
        ProtocolViolation: not JSON (``NaN`` and infinities included), nested too deeply, or
            not an object.
    """
    if not call.arguments.strip():
        return {}
    try:
        args = load_json(call.arguments, finite_numbers=True)
    except JSONTooDeep as exc:
        raise ProtocolViolation(f"the arguments are nested too deeply ({exc})") from exc
    except ValueError as exc:
        raise ProtocolViolation(f"the arguments are not valid JSON ({exc})") from exc
    if not isinstance(args, dict):
        raise ProtocolViolation(f"the arguments must be a JSON object, not {type(args).__name__}")
    return args


def run_response(
    s0: S0,
    events: list[Event],
    t: int,
    agent: AgentClient | None = None,
    *,
    agent_factory: Any = None,
    limits: Limits | None = None,
) -> ResponseOutcome:
    """Produce one response at checkpoint t, in the agent's wire mode (DESIGN §5).

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
    sandbox = replay_prefix(s0, events, t)
    loop = _Loop(agent, observation, sandbox, limits)
    try:
        loop.run()
    finally:
        sandbox.close()
    outcome, calls = loop.outcome, loop.calls
    outcome.llm_calls = [asdict(call) for call in calls]
    outcome.prompt_tokens = _sum_tokens(calls, "prompt_tokens")
    outcome.completion_tokens = _sum_tokens(calls, "completion_tokens")
    outcome.reasoning_tokens, outcome.reasoning_tokens_partial = reasoning_token_sum(calls)
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
