"""The agent protocol's reply format and its checks (DESIGN.md §5).

An agent answers every turn with exactly one JSON object: an ``inspect`` turn with retrieval
commands, or a ``final`` turn with one action command or none (L0).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from app.arena.commands import validate_call
from app.arena.errors import CommandError

MAX_ROUNDS = 6
MAX_COMMANDS = 8


@dataclass(frozen=True)
class Limits:
    """Protocol limits: retrieval rounds per response and commands per round (DESIGN §5)."""

    max_rounds: int = MAX_ROUNDS
    max_commands: int = MAX_COMMANDS


class ProtocolViolation(Exception):
    """A reply that breaks the protocol; the message is what the corrective message says."""


class CommandCall(BaseModel):
    """One command the agent asks for: its catalogue name and arguments."""

    model_config = ConfigDict(extra="forbid")

    command: str
    args: dict[str, Any] = {}


class InspectReply(BaseModel):
    """A retrieval turn: the commands to run this round (at least one)."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["inspect"]
    commands: Annotated[list[CommandCall], Field(min_length=1)]


class FinalReply(BaseModel):
    """The agent's last word: one action command, or None for no action (L0)."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["final"]
    action: CommandCall | None
    rationale: str = ""


class _Envelope(BaseModel):
    reply: Annotated[InspectReply | FinalReply, Field(discriminator="type")]


def extract_json(text: str) -> Any:
    """The single JSON object in a reply; tolerates a Markdown code fence around it.

    Raises:
        ProtocolViolation: no JSON object, or text that is not valid JSON.
    """
    stripped = text.strip()
    if stripped.startswith("```"):
        stripped = stripped.split("\n", 1)[1] if "\n" in stripped else ""
        stripped = stripped.rsplit("```", 1)[0]
    if not stripped:
        raise ProtocolViolation("the reply is empty; answer with one JSON object")
    if "\x00" in stripped or "\\u0000" in stripped:
        raise ProtocolViolation("the reply contains a NUL character, which is not allowed")
    try:
        return json.loads(stripped)
    except json.JSONDecodeError as exc:
        raise ProtocolViolation(
            f"the reply is not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})"
        ) from exc
    except (RecursionError, ValueError) as exc:  # absurd nesting or number sizes
        raise ProtocolViolation(f"the reply cannot be read as JSON ({type(exc).__name__})") from exc


def parse_reply(
    text: str, *, limits: Limits, final_only: bool = False
) -> InspectReply | FinalReply:
    """Parse and check one agent reply.

    Args:
        text: the raw reply text.
        limits: protocol limits (commands per round).
        final_only: True after the last allowed round, when only a ``final`` is accepted.

    Returns:
        The parsed reply; every command in it exists and its arguments validate.

    Raises:
        ProtocolViolation: invalid JSON, a wrong shape, an unknown command, a retrieval command
            as the final action (or an action in an inspect turn), bad arguments, too many
            commands, or an inspect turn when only a final is accepted.
    """
    data = extract_json(text)
    try:
        reply = _Envelope.model_validate({"reply": data}).reply
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc'][1:]) or 'reply'}: {err['msg']}"
            for err in exc.errors()
        )
        raise ProtocolViolation(f"the reply does not match the protocol: {problems}") from exc
    try:
        if isinstance(reply, InspectReply):
            if final_only:
                raise ProtocolViolation("no retrieval rounds are left: answer with a final reply")
            if len(reply.commands) > limits.max_commands:
                raise ProtocolViolation(
                    f"{len(reply.commands)} commands in one round; "
                    f"the limit is {limits.max_commands}"
                )
            for call in reply.commands:
                validate_call(call.command, call.args, kind="retrieval")
        elif reply.action is not None:
            validate_call(reply.action.command, reply.action.args, kind="action")
    except CommandError as exc:
        raise ProtocolViolation(str(exc)) from exc
    return reply
