"""Command registration, argument validation, execution and JSON Schema (DESIGN.md §3.3–§3.4)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from app.arena.errors import ArenaError, CommandError
from app.arena.state import Sandbox
from app.bounded import load_json, storable_text, unstorable_text
from app.vocabulary import Level

OUTPUT_LIMIT = 4000
"""Characters of one command's output before it is cut with :data:`TRUNCATION_MARKER`."""
TRUNCATION_MARKER = "\n[truncated]"


class Args(BaseModel):
    """Base of every command's arguments: unknown arguments are errors."""

    model_config = ConfigDict(extra="forbid")


@dataclass(frozen=True)
class CommandSpec:
    """One catalogue entry.

    Attributes:
        name: the command name agents use (e.g. ``email_read``).
        app: ``email``, ``calendar``, ``chat``, ``contacts``, ``wallet``, ``database``, ``files``
            for retrieval; ``assistant`` for actions.
        level: None for a retrieval command; ``L1``..``L3`` for an action command.
        args_model: pydantic model of the arguments, with the catalogue's names and defaults.
        handler: ``handler(sandbox, args)``; retrieval returns JSON-able data or text, an action
            returns ``(summary, flags)``.
        description: one line for agents and the catalogue page.
    """

    name: str
    app: str
    level: Level | None
    args_model: type[Args]
    handler: Callable[[Sandbox, Any], Any]
    description: str

    @property
    def kind(self) -> str:
        """``retrieval`` or ``action``."""
        return "retrieval" if self.level is None else "action"

    def signature(self) -> str:
        """The catalogue signature.

        Returns:
            E.g. ``email_list(folder="inbox", unread_only=false, limit=20)``: required arguments
            by name, optional ones with their default as JSON.
        """
        parts = []
        for name, info in self.args_model.model_fields.items():
            if info.is_required():
                parts.append(name)
            else:
                parts.append(f"{name}={json.dumps(info.default)}")
        return f"{self.name}({', '.join(parts)})"

    def json_schema(self) -> dict[str, Any]:
        """OpenAI-style tool definition: ``{"type": "function", "function": {...}}``."""
        parameters = self.args_model.model_json_schema()
        parameters.pop("title", None)
        # the tool's description is the handler's; the arguments class docstring is for readers
        parameters.pop("description", None)
        for prop in parameters.get("properties", {}).values():
            prop.pop("title", None)
        return {
            "type": "function",
            "function": {
                "name": self.name,
                "description": self.description,
                "parameters": parameters,
            },
        }


CATALOGUE: dict[str, CommandSpec] = {}


def command(
    name: str,
    *,
    app: str,
    args: type[Args],
    level: Level | None = None,
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register a handler as catalogue command `name` (decorator)."""

    def register(handler: Callable[..., Any]) -> Callable[..., Any]:
        if name in CATALOGUE:
            raise ValueError(f"command {name} registered twice")
        CATALOGUE[name] = CommandSpec(
            name=name,
            app=app,
            level=level,
            args_model=args,
            handler=handler,
            description=(handler.__doc__ or "").strip().splitlines()[0],
        )
        return handler

    return register


def level_of(command_name: str | None) -> Level:
    """The action level the catalogue gives a final action: ``L0`` for no action.

    Raises:
        KeyError: an unknown or retrieval command.
    """
    if command_name is None:
        return Level.L0
    spec = CATALOGUE[command_name]
    if spec.level is None:
        raise KeyError(f"{command_name} is a retrieval command, not an action")
    return spec.level


def validate_call(name: str, args: Any, *, kind: str | None = None) -> Args:
    """Check a command call against the catalogue.

    Args:
        name: the command name.
        args: the arguments object (a dict).
        kind: ``"retrieval"`` or ``"action"`` to require that kind; None for either.

    Returns:
        The parsed arguments model.

    Raises:
        CommandError: unknown command, wrong kind, or arguments that do not validate; the message
            names the argument (e.g. ``email_read: message_id: Field required``); any string
            in `args` holding a NUL or a lone surrogate (:func:`app.bounded.text_problem`) is
            refused before the model sees it, e.g. ``db_query: sql: holds a lone surrogate
            (U+D800), which cannot be stored; remove it``.
    """
    spec = CATALOGUE.get(name)
    if spec is None:
        raise CommandError(f"unknown command {name!r}")
    if kind is not None and spec.kind != kind:
        article = "an" if spec.kind == "action" else "a"
        wanted = "an action" if kind == "action" else "a retrieval"
        raise CommandError(f"{name} is {article} {spec.kind} command, not {wanted} command")
    if args is None:
        args = {}
    if not isinstance(args, dict):
        raise CommandError(f"{name}: args must be a JSON object")
    unstorable = unstorable_text(args)
    if unstorable:  # a NUL or lone surrogate reaches neither SQLite nor PostgreSQL
        path, message = unstorable[0]
        where = storable_text(path.removeprefix("$."))  # a key may hold it too
        raise CommandError(f"{name}: {where}: {message}")
    try:
        return spec.args_model.model_validate(args)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or 'args'}: {err['msg']}"
            for err in exc.errors()
        )
        raise CommandError(f"{name}: {problems}") from exc


@dataclass
class CommandResult:
    """The outcome of one command call, as stored in a trajectory.

    Attributes:
        command: command name.
        args: the arguments as given.
        ok: False when the command was refused or failed (the error is in ``output``).
        output: text returned to the agent, at most 4,000 characters plus the marker.
        diff: state changes of an action (see :meth:`Sandbox.recording`); empty for retrieval.
        flags: permission flags of an action (``{"code", "message", "kind"}``, kind
            ``violation`` or ``if_executed``; see :mod:`app.arena.commands.actions`), never
            blocking.
        local_content: True for a ``db_query`` that returned rows or a ``files_read`` that
            returned text (DESIGN §2 "local content access").
    """

    command: str
    args: Any
    ok: bool
    output: str
    diff: list[dict[str, Any]] = field(default_factory=list)
    flags: list[dict[str, str]] = field(default_factory=list)
    local_content: bool = False


def truncate(text: str) -> str:
    """Cut `text` to 4,000 characters with an explicit ``[truncated]`` marker (DESIGN §3.3)."""
    if len(text) <= OUTPUT_LIMIT:
        return text
    return text[:OUTPUT_LIMIT] + TRUNCATION_MARKER


def returned_local_content(command: str, data: Any) -> bool:
    """Whether one retrieval result is local content (DESIGN §2 "local content access").

    Args:
        command: the retrieval command.
        data: what its handler returned (before it was rendered as text).

    Returns:
        True for a ``db_query`` that returned rows or a ``files_read`` that returned text.
    """
    if command == "db_query":
        return isinstance(data, dict) and bool(data.get("rows"))
    return command == "files_read" and bool(data)


_ROWS_START = re.compile(r'"rows"\s*:\s*\[\s*(\S)')
"""Where a db_query result's rows begin; a key, never inside a JSON string (its quotes would be
escaped there)."""


def output_local_content(command: str, output: str) -> bool | None:
    """:func:`returned_local_content` read back from the text a command returned.

    For a trajectory stored as text (``halo import responses``): an ``error: ...`` output is
    no content; a ``files_read`` output is its text; a ``db_query`` output is its JSON, or, when
    cut at 4,000 characters, whether its ``"rows"`` list starts with a row.

    Args:
        command: the retrieval command.
        output: the text it returned (perhaps truncated with :data:`TRUNCATION_MARKER`).

    Returns:
        True or False as :func:`returned_local_content` decides; None when the text does not
        tell (a ``db_query`` output that is neither this catalogue's JSON nor cut from it, or
        cut before its rows begin).
    """
    if command not in ("db_query", "files_read") or output.startswith("error: "):
        return False
    if command == "files_read":
        return returned_local_content(command, output)
    try:
        data = load_json(output)
    except ValueError:  # cut at the output limit, or not JSON at all
        match = _ROWS_START.search(output.removesuffix(TRUNCATION_MARKER))
        return None if match is None else match.group(1) != "]"
    if isinstance(data, dict) and isinstance(data.get("rows"), list):
        return returned_local_content(command, data)
    return None


def render_output(data: Any) -> str:
    """Text of a retrieval result: strings as they are, anything else as compact JSON."""
    if isinstance(data, str):
        return data
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), default=_json_default)


def _json_default(value: Any) -> Any:
    """JSON for values SQLite can return that JSON lacks: a BLOB as SQL hex text."""
    if isinstance(value, bytes | bytearray | memoryview):
        return f"x'{bytes(value).hex()}'"
    raise TypeError(f"{type(value).__name__} is not JSON serialisable")


def run_command(
    sandbox: Sandbox, name: str, args: Any, *, kind: str | None = None
) -> CommandResult:
    """Validate and execute one command against a sandbox; never raises for agent mistakes.

    Args:
        sandbox: the sandbox to read (retrieval) or change (action).
        name: command name.
        args: arguments object from the agent.
        kind: require ``"retrieval"`` or ``"action"``; None for either.

    Returns:
        A :class:`CommandResult`; errors come back as ``ok=False`` with the message as output
        (DESIGN §3.4: an error is returned to the agent as data, it never crashes the run). An
        action that fails changes nothing: whatever it had changed before failing is undone.
    """
    try:
        parsed = validate_call(name, args, kind=kind)
        spec = CATALOGUE[name]
        if spec.level is None:
            data = spec.handler(sandbox, parsed)
            output = render_output(data)
            local = returned_local_content(name, data)
            return CommandResult(name, args, True, truncate(output), local_content=local)
        with sandbox.recording() as diff:
            try:
                summary, flags = spec.handler(sandbox, parsed)
            except BaseException:
                sandbox.undo(diff)
                raise
        return CommandResult(
            name, args, True, truncate(render_output(summary)), diff=list(diff), flags=flags
        )
    except (CommandError, ArenaError) as exc:
        return CommandResult(name, args, False, truncate(f"error: {exc}"))


def tool_schemas(kind: str | None = None) -> list[dict[str, Any]]:
    """The catalogue as OpenAI-style tool definitions, in catalogue order."""
    return [spec.json_schema() for spec in CATALOGUE.values() if kind in (None, spec.kind)]
