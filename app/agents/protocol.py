"""The agent protocol's reply format and its checks (DESIGN.md §5).

An agent answers every turn with exactly one JSON object: an ``inspect`` turn with retrieval
commands, or a ``final`` turn with one action command or none (L0).
"""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from app.arena.commands import validate_call
from app.arena.errors import CommandError
from app.bounded import MAX_JSON_DEPTH, NotAJSONNumber, refuse_constant, too_deep_at

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
    """One command the agent asks for: its catalogue name and arguments.

    In an ``inspect`` turn the name and arguments are checked when the command runs: a bad one
    is an error for that command, returned as data (DESIGN §5); a final action is checked here.
    """

    model_config = ConfigDict(extra="forbid")

    command: str
    args: Any = {}


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


_REASONING_TAG = re.compile(r"<(/?)(think|thinking|reasoning)>", re.IGNORECASE)
_REASONING_CLOSE = re.compile(r"</(?:think|thinking|reasoning)>", re.IGNORECASE)
_REASONING_OPEN = re.compile(r"<(?:think|thinking|reasoning)>", re.IGNORECASE)
_FENCE = re.compile(r"```[A-Za-z0-9_-]*[ \t]*\n(.*?)```", re.DOTALL)
MAX_OBJECT_STARTS = 200
"""Most ``{`` positions tried when the object has to be found inside prose (bounds the work on
a long reply full of braces)."""
_DECODER = json.JSONDecoder(parse_constant=refuse_constant)
"""JSON as the protocol reads it: ``NaN`` and infinities are not JSON (nor storable)."""


def visible_text(text: str) -> str:
    """`text` without its reasoning: ``<think>…</think>`` blocks (also ``thinking``/``reasoning``).

    A reply whose template opened the block in the prompt ends it without opening it
    (DeepSeek-R1 style, ``…</think>{...}``): everything up to the last closing tag is reasoning.
    An unclosed opening tag makes the rest of the reply reasoning.

    Linear in the length of `text` (up to a log factor): the tags are found in one pass and
    each block ends at the first closing tag of its name after it, never by re-scanning the
    rest of the reply from every opening tag (a pattern like ``<think>.*?</think>`` took
    about 10 s of CPU for a 100,000-character reply of unclosed ``<think>`` tags).
    """
    visible = _without_blocks(text)
    closes = list(_REASONING_CLOSE.finditer(visible))
    if closes:
        visible = visible[closes[-1].end() :]
    opened = _REASONING_OPEN.search(visible)
    if opened:
        visible = visible[: opened.start()]
    return visible


def _without_blocks(text: str) -> str:
    r"""`text` with each ``<name>…</name>`` reasoning block replaced by a blank.

    Same result as ``re.sub(r"<(think|thinking|reasoning)>.*?</\1>", " ", text,
    flags=re.DOTALL | re.IGNORECASE)``: blocks are taken left to right, a block ends at the
    first closing tag of its name (any case), and an opening tag with no closing one stays.
    """
    tags = list(_REASONING_TAG.finditer(text))
    closes: dict[str, list[int]] = {}
    for index, tag in enumerate(tags):
        if tag.group(1):
            closes.setdefault(tag.group(2).lower(), []).append(index)
    pieces: list[str] = []
    position, index = 0, 0
    while index < len(tags):
        tag = tags[index]
        ends = closes.get(tag.group(2).lower(), [])
        after = bisect_right(ends, index)
        if tag.group(1) or after == len(ends):  # a closing tag, or an unclosed opening one
            index += 1
            continue
        pieces += [text[position : tag.start()], " "]
        position, index = tags[ends[after]].end(), ends[after] + 1
    pieces.append(text[position:])
    return "".join(pieces)


def _objects_in(text: str) -> list[Any]:
    """JSON objects written in `text`: the whole text, fenced blocks, else ``{`` in the prose."""
    stripped = text.strip()
    if not stripped:
        return []
    try:
        return [_DECODER.decode(stripped)]
    except ValueError:
        pass
    found: list[Any] = []
    for block in _FENCE.findall(stripped):
        try:
            found.append(_DECODER.decode(block))
        except ValueError:
            continue
    if found:
        return found
    position, tries = stripped.find("{"), 0
    while position != -1 and tries < MAX_OBJECT_STARTS:
        tries += 1
        try:
            value, end = _DECODER.raw_decode(stripped, position)
        except ValueError:
            position = stripped.find("{", position + 1)
            continue
        found.append(value)
        position = stripped.find("{", end)
    return found


def _is_protocol_object(value: Any) -> bool:
    return isinstance(value, dict) and value.get("type") in ("inspect", "final")


def extract_json(text: str) -> Any:
    """The one JSON object of a reply, found around reasoning, prose and code fences (DESIGN §5).

    The object is looked for outside ``<think>…</think>`` first (see :func:`visible_text`),
    then in the whole reply: as the whole text, in Markdown code fences, or as the objects
    written in the prose. Of several objects, the single one with ``"type": "inspect"`` or
    ``"final"`` is the reply.

    Args:
        text: the raw reply text (at most 100,000 characters are passed by the runner).

    Returns:
        The parsed value (a dict unless the reply is a bare JSON value).

    Raises:
        ProtocolViolation: an empty reply, a NUL character, no JSON object, JSON nested deeper
            than :data:`app.bounded.MAX_JSON_DEPTH`, or several protocol objects.
    """
    if not text.strip():
        raise ProtocolViolation("the reply is empty; answer with one JSON object")
    if "\x00" in text or "\\u0000" in text:
        raise ProtocolViolation("the reply contains a NUL character, which is not allowed")
    where = too_deep_at(text, MAX_JSON_DEPTH)
    if where is not None:
        raise ProtocolViolation(
            f"the reply is nested more than {MAX_JSON_DEPTH} levels deep (at {where})"
        )
    try:
        objects = _objects_in(visible_text(text)) or _objects_in(text)
    except (RecursionError, ValueError) as exc:  # absurd number sizes
        raise ProtocolViolation(f"the reply cannot be read as JSON ({type(exc).__name__})") from exc
    protocol = [value for value in objects if _is_protocol_object(value)]
    if len(protocol) == 1:
        return protocol[0]
    if len(protocol) > 1:
        raise ProtocolViolation(
            f"the reply holds {len(protocol)} protocol objects; answer with exactly one"
        )
    if len(objects) == 1:
        return objects[0]  # the schema check says what is wrong with it
    if objects:
        raise ProtocolViolation(
            f'the reply holds {len(objects)} JSON values and none has a "type" of '
            '"inspect" or "final"'
        )
    try:
        _DECODER.decode(text.strip())
    except NotAJSONNumber as exc:
        raise ProtocolViolation(f"the reply is not valid JSON ({exc})") from exc
    except json.JSONDecodeError as exc:
        raise ProtocolViolation(
            f"the reply is not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})"
        ) from exc
    except (RecursionError, ValueError) as exc:  # absurd number sizes
        raise ProtocolViolation(f"the reply cannot be read as JSON ({type(exc).__name__})") from exc
    raise ProtocolViolation("the reply holds no JSON object, only a bare JSON value")


def parse_reply(text: str, *, final_only: bool = False) -> InspectReply | FinalReply:
    """Parse and check one agent reply (``json`` mode).

    Args:
        text: the raw reply text.
        final_only: True after the last allowed round, when only a ``final`` is accepted.

    Returns:
        The parsed reply. A final action exists and its arguments validate; the commands of an
        inspect turn are checked one by one when they run (the runner returns a bad
        one's error as its result).

    Raises:
        ProtocolViolation: no JSON object, a wrong shape, a final action that is unknown, a
            retrieval command or has bad arguments, or an inspect turn when only a final is
            accepted.
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
    if isinstance(reply, InspectReply):
        if final_only:
            raise ProtocolViolation("no retrieval rounds are left: answer with a final reply")
        return reply
    if reply.action is not None:
        try:
            validate_call(reply.action.command, reply.action.args, kind="action")
        except CommandError as exc:
            raise ProtocolViolation(str(exc)) from exc
    return reply


NOT_RUN = "error: not run: at most {limit} commands a round"
"""The result of a command beyond the round's limit (the first ones run)."""
