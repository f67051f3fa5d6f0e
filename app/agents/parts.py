"""Long texts of a response — tool arguments, command results, LLM replies — as pages show them.

A page shows an excerpt of at most :data:`EXCERPT_CHARS` characters and says how long the whole
is in words; the whole is a download of the exact stored text. A *part* names one such text of
a response (the download's address names it the same way):

* ``action.args.<key>`` — one argument of the final action;
* ``step.<i>.args.<key>`` — one argument of trajectory step ``i`` (0-based, in order);
* ``step.<i>.result`` — that step's command result;
* ``call.<i>.reasoning``, ``call.<i>.response`` — LLM call ``i``'s reasoning and reply text;
* ``call.<i>.tool.<j>.arguments`` — the arguments of its tool call ``j`` (as the model sent them);
* ``raw_output`` — the last raw reply.

An argument that is a string is its text; any other value is its JSON (``ensure_ascii=False``).
A part's *kind* (:func:`part_kind`) is its name without the positions and the key, e.g.
``step.args`` or ``call.tool.arguments``; a page that shows only some kinds serves only those
(:func:`response_part`'s `kinds`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from app.errors import NotFoundError
from app.models import Response

EXCERPT_CHARS = 2_000
"""The most characters of one text a page shows; longer ones are cut with a download."""


@dataclass(frozen=True)
class Excerpt:
    """What a page shows of one text.

    Attributes:
        text: the first :data:`EXCERPT_CHARS` characters (the whole when it is not longer).
        cut: True when `text` is only the beginning.
        size: the whole text's length in words, e.g. ``"3,670,016 characters (3.5 MB)"``.
    """

    text: str
    cut: bool
    size: str


def value_text(value: Any) -> str:
    """An argument's text: a string as it is, any other value as its JSON."""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def size_in_words(text: str) -> str:
    """``"3,670,016 characters (3.5 MB)"``: the length and the UTF-8 size of `text`."""
    size = len(text.encode("utf-8", "surrogatepass"))
    for unit, scale in (("MB", 1024**2), ("KB", 1024)):
        if size >= scale:
            return f"{len(text):,} characters ({size / scale:.1f} {unit})"
    return f"{len(text):,} characters ({size:,} bytes)"


def excerpt(value: Any, limit: int = EXCERPT_CHARS) -> Excerpt:
    """The excerpt of `value` (a text, or an argument as :func:`value_text` writes it)."""
    text = value_text(value) if value is not None else ""
    return Excerpt(text[:limit], len(text) > limit, size_in_words(text))


def _index(items: Any, position: str, part: str) -> Any:
    if not isinstance(items, list) or not position.isdecimal() or int(position) >= len(items):
        raise NotFoundError(f"the response has no {part}")
    return items[int(position)]


def _pieces(part: str) -> list[str]:
    # an argument's name may hold dots: it is everything after its prefix
    return part.split(".", 2) if part.startswith("action.") else part.split(".", 3)


def part_kind(part: str) -> str | None:
    """The kind of `part` (``"step.args"``, ``"call.reasoning"``, ...), or None if it names none.

    Only the shape is checked, not whether a response holds the part.
    """
    match _pieces(part):
        case ["action", "args", _]:
            return "action.args"
        case ["step", _, "args", _]:
            return "step.args"
        case ["step", _, "result"]:
            return "step.result"
        case ["call", _, ("reasoning" | "response") as name]:
            return f"call.{name}"
        case ["call", _, "tool", rest] if rest.partition(".")[2] == "arguments":
            return "call.tool.arguments"
        case ["raw_output"]:
            return "raw_output"
    return None


def response_part(response: Response, part: str, *, kinds: frozenset[str] | None = None) -> str:
    """The exact stored text of `part` of `response` (the grammar is the module's docstring).

    Args:
        response: the response.
        part: the part's name.
        kinds: the part kinds (:func:`part_kind`) the caller may serve; None for all of them.
            A part of any other kind is refused as if the response did not hold it.

    Raises:
        NotFoundError: `part` names nothing this response holds, or a kind not in `kinds`.
    """
    missing = NotFoundError(f"the response has no {part}")
    if kinds is not None and part_kind(part) not in kinds:
        raise missing
    pieces = _pieces(part)
    value: Any
    match pieces:
        case ["action", "args", key]:
            args = (response.action or {}).get("args") or {}
            if key not in args:
                raise missing
            value = args[key]
        case ["step", i, "args", key]:
            args = _index(response.trajectory, i, part).get("args") or {}
            if key not in args:
                raise missing
            value = args[key]
        case ["step", i, "result"]:
            value = _index(response.trajectory, i, part).get("result")
        case ["call", i, ("reasoning" | "response") as name]:
            value = _index(response.llm_calls, i, part).get(name)
        case ["call", i, "tool", rest]:
            j, _, what = rest.partition(".")
            if what != "arguments":
                raise missing
            calls = _index(response.llm_calls, i, part).get("tool_calls")
            value = _index(calls, j, part).get("arguments")
        case ["raw_output"]:
            value = response.raw_output
        case _:
            raise missing
    if value is None:
        raise missing
    return value_text(value)
