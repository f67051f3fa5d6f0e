r"""Bounded JSON input (DESIGN.md §3.4): nesting depth and text PostgreSQL cannot store.

One definition for every reader of JSON that a file or a form sends — the scenario loader
(``halo seed``, ``halo validate``), the arena viewer's command runner and ``halo import
responses``:

* :func:`load_json` refuses JSON nested deeper than :data:`MAX_JSON_DEPTH` *before* parsing
  it, so the parser never recurses into 100,000 brackets (no ``RecursionError``), and names the
  JSON path of the first container that is too deep.
* :func:`unstorable_text` finds every string — object keys included — holding a NUL character
  or a lone surrogate (text PostgreSQL cannot store), by JSON path, without recursion: input a
  person sends is refused with that location.
* :func:`storable` replaces those characters with U+FFFD REPLACEMENT CHARACTER, the character
  Unicode defines for one that cannot be represented: what agents and endpoints send is kept,
  never refused (PostgreSQL refuses NUL in ``TEXT`` and as ``\u0000`` in ``JSONB``, and a
  surrogate code point has no UTF-8 form; a lone ``\ud800`` escape in a JSON reply decodes
  to one). An endpoint's reply is read through it once, in both wire modes
  (``OpenAIChatAgent._parse`` in :mod:`app.agents.llm`), and a response's end state as it is stored.

JSON paths are written by :mod:`app.jsonpath`, as in the validator's findings.

Pure code: no I/O.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any, TypeVar

from app.jsonpath import path_step

MAX_JSON_DEPTH = 32
"""Arrays and objects one JSON document may nest (the seed scenarios nest at most 7)."""

# A string runs to its closing quote or, unterminated, to the end of the text (a trailing
# backslash included): every match succeeds where it starts, so no start is scanned twice (a
# pattern that must find the closing quote re-scanned the rest of the text from each escaped
# quote of an unterminated string: quadratic, ~1 h for 1 MB of '\"'). Valid JSON has no
# unterminated string, and JSON stops parsing at one, so nothing after it can nest deeper.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)|[\[\]{},]', re.S)
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")

REPLACEMENT = "\ufffd"
"""What an unstorable character becomes in :func:`storable`."""

T = TypeVar("T")


class JSONTooDeep(ValueError):
    """JSON nested deeper than allowed.

    Attributes:
        path: JSON path of the first array or object beyond the limit, e.g. ``$.events[2]``.
        max_depth: the limit that was exceeded.
    """

    def __init__(self, path: str, max_depth: int) -> None:
        """Say where (`path`) the JSON first went deeper than `max_depth`."""
        super().__init__(f"{path}: nested more than {max_depth} levels deep (arrays and objects)")
        self.path = path
        self.max_depth = max_depth


MAX_SEED_VALUES = 250_000
"""JSON values (arrays, objects and their items) one seed file may hold: 4 MiB of ``{},`` parse
to ~1.4 million dicts (+289 MiB), so the bytes alone do not bound what a file costs once parsed.
The seed scenarios hold a few thousand."""


class JSONTooLarge(ValueError):
    """JSON holding more values than allowed (counted before parsing).

    Attributes:
        count: the values counted (:func:`json_values`).
        max_values: the limit.
    """

    def __init__(self, count: int, max_values: int) -> None:
        """Say that the JSON holds `count` values, more than `max_values`."""
        super().__init__(
            f"holds up to {count:,} JSON values (arrays, objects and their items, counted by "
            f"their brackets and commas), more than the limit of {max_values:,}"
        )
        self.count = count
        self.max_values = max_values


def json_values(text: str) -> int:
    """At most how many values JSON text holds, counted without parsing or copying it.

    1 + its ``[``, ``{`` and ``,`` (each item after the first of an array or object adds a
    comma); those inside strings count too, so this is an upper bound (prose holds a comma in
    ~60 characters; a file of values, one in 3). Linear in the length of the text, and it
    allocates nothing: it runs before :func:`too_deep_at`, whose scan of the text's structure
    costs memory in proportion to the values.
    """
    return 1 + text.count("[") + text.count("{") + text.count(",")


def too_deep_at(text: str, max_depth: int = MAX_JSON_DEPTH) -> str | None:
    """Where JSON text nests deeper than `max_depth`, found without parsing it.

    Brackets inside strings do not count. Linear in the length of the text; text that is not
    valid JSON gets an answer too (the parser then reports what is wrong with it).

    Args:
        text: JSON text.
        max_depth: arrays and objects allowed inside one another (the top level counts 1).

    Returns:
        The JSON path of the first array or object at depth ``max_depth + 1`` (e.g.
        ``$.events[2].payload.body[0]``), or None when the text stays within the limit.
    """
    if text.count("[") + text.count("{") <= max_depth:
        return None  # fast path: not enough brackets anywhere, inside strings or not
    skeleton = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if not skeleton or max(accumulate(map(_STEP.__getitem__, skeleton))) <= max_depth:
        return None
    frames: list[list[Any]] = []  # [opener, current key or index, expecting a key]
    for match in _TOKEN.finditer(text):
        part = match.group()
        if part in ("[", "{"):
            if len(frames) >= max_depth:
                return "$" + "".join(path_step(frame[1]) for frame in frames)
            frames.append([part, 0 if part == "[" else "", part == "{"])
        elif part in ("]", "}"):
            if frames:
                frames.pop()
        elif part == ",":
            if frames and frames[-1][0] == "[":
                frames[-1][1] += 1
            elif frames:
                frames[-1][2] = True
        elif frames and frames[-1][2]:  # a string where an object expects its next key
            frames[-1][1], frames[-1][2] = _decode_key(part), False
    return "$"  # unreachable for a text the skeleton found too deep; kept for safety


def _decode_key(token: str) -> str:
    try:
        key = json.loads(token)
    except ValueError:
        return token[1:-1]
    return key if isinstance(key, str) else token[1:-1]


class NotAJSONNumber(ValueError):
    """``NaN``, ``Infinity`` or ``-Infinity`` in JSON text.

    Python reads them, JSON has no such numbers, and PostgreSQL refuses them in ``JSONB`` (the
    store of a response holding one failed).
    """

    def __init__(self, name: str) -> None:
        """Name the constant that was found (`name`, e.g. ``NaN``)."""
        super().__init__(f"{name} is not a JSON number")


def refuse_constant(name: str) -> Any:
    """``parse_constant`` for :mod:`json`: refuse ``NaN``, ``Infinity`` and ``-Infinity``.

    Raises:
        NotAJSONNumber: always.
    """
    raise NotAJSONNumber(name)


def load_json(
    text: str,
    *,
    max_depth: int = MAX_JSON_DEPTH,
    finite_numbers: bool = False,
    max_values: int | None = None,
) -> Any:
    """``json.loads`` for text from outside: the nesting is checked before parsing.

    Args:
        text: JSON text.
        max_depth: arrays and objects allowed inside one another.
        max_values: when given, the most values (:func:`json_values`) the text may hold, counted
            before parsing (e.g. :data:`MAX_SEED_VALUES` for seed files).
        finite_numbers: refuse ``NaN``, ``Infinity`` and ``-Infinity`` (:class:`NotAJSONNumber`),
            for values that are stored as ``JSONB``.

    Returns:
        The parsed value.

    Raises:
        JSONTooDeep: nested deeper than `max_depth` (``path`` says where).
        JSONTooLarge: more than `max_values` values.
        json.JSONDecodeError: not valid JSON (line and column in the exception).
        ValueError: a number Python refuses to convert (more than 4,300 digits).
        NotAJSONNumber: with `finite_numbers`, a ``NaN`` or an infinity.
    """
    if max_values is not None and (count := json_values(text)) > max_values:
        raise JSONTooLarge(count, max_values)
    where = too_deep_at(text, max_depth)
    if where is not None:
        raise JSONTooDeep(where, max_depth)
    if finite_numbers:
        return json.loads(text, parse_constant=refuse_constant)
    return json.loads(text)


def text_problem(text: str) -> tuple[int, str] | None:
    """The first character of `text` that PostgreSQL cannot store, if any.

    Returns:
        (its offset in `text`, what it is, e.g. ``"a NUL character (U+0000)"``), or None.
        A NUL is refused in ``text`` and ``jsonb`` alike; a lone surrogate is not Unicode text
        (it cannot be encoded as UTF-8).
    """
    match = _UNSTORABLE.search(text)
    if match is None:
        return None
    char = match.group()
    what = "a NUL character" if char == "\x00" else "a lone surrogate"
    return match.start(), f"{what} (U+{ord(char):04X})"


MAX_SEED_FILE = 4 * 2**20
"""Bytes one seed file (a scenario or environment JSON, ``database.sql``, a text file under
``files/``) may hold; a larger one is refused before it is read (V01). The seeds' largest is
under 100 KB; a statement of scenario SQL may hold up to 2 MiB."""

MAX_ENVIRONMENT_FILES = 1_000
"""Files one environment's ``files/`` may hold (the seeds' largest holds 23)."""

MAX_ENVIRONMENT_FILE_CHARS = 8 * 2**20
"""Characters all the files of one environment's ``files/`` may hold together (the seeds' largest
holds under 100 KB); every one is kept in memory and read by every S0 build."""

MAX_SEED_STRING = 100_000
"""Characters one string (or key) of a seed JSON file may hold (V01); the seed scenarios' longest
is a few thousand."""


def unstorable_text(data: Any, *, max_length: int | None = None) -> list[tuple[str, str]]:
    """Every string in parsed JSON that holds text PostgreSQL cannot store, in document order.

    Object keys are checked as well as values. Iterative (no recursion), so any depth is safe.

    Args:
        data: a parsed JSON value.
        max_length: when given, a string (or key) longer than this many characters is reported
            too (e.g. :data:`MAX_SEED_STRING` for seed files).

    Returns:
        (JSON path, message) pairs, e.g. ``("$.events[2].payload.body",
        "holds a NUL character (U+0000), which cannot be stored; remove it")``; the message of
        a key starts with "the key".
    """
    problems: list[tuple[str, str]] = []
    stack: list[tuple[str, Any, bool]] = [("$", data, False)]  # (path, value, is a key)
    while stack:
        path, node, is_key = stack.pop()
        if isinstance(node, str):
            if max_length is not None and len(node) > max_length:
                subject = "the key is" if is_key else "is"
                length = f"{len(node):,} characters long; at most {max_length:,} are allowed"
                problems.append((path, f"{subject} {length}"))
            found = text_problem(node)
            if found is not None:
                subject = "the key holds" if is_key else "holds"
                problems.append((path, f"{subject} {found[1]}, which cannot be stored; remove it"))
        elif isinstance(node, dict):
            members: list[tuple[str, Any, bool]] = []
            for key, value in node.items():
                child = path + path_step(key)
                members += [(child, key, True), (child, value, False)]
            stack.extend(reversed(members))
        elif isinstance(node, list):
            items = [(path + path_step(index), item, False) for index, item in enumerate(node)]
            stack.extend(reversed(items))
    return problems


def storable_text(text: str) -> str:
    """`text` with every NUL and surrogate code point replaced by U+FFFD.

    A surrogate *pair* decoded from JSON is one code point (e.g. U+1F600) and is kept; a
    Python string only holds surrogate code points when they are lone. The result has the
    same length as `text` and encodes to UTF-8.
    """
    if text.isascii() and "\x00" not in text:  # the common case, without a regex pass
        return text
    return _UNSTORABLE.sub(REPLACEMENT, text)


def storable(value: T) -> T:
    """A copy of a JSON-like `value` whose strings are :func:`storable_text`.

    Strings at any depth, dict keys included; other values are returned as they are.

    Args:
        value: a ``str``, or dicts, lists and tuples of such values, numbers, booleans and
            None (what a response row stores in its ``TEXT`` and ``JSON``/``JSONB`` columns).

    Returns:
        The same shape (tuples stay tuples); unchanged strings are the same objects.

    Raises:
        RecursionError: `value` nests deeper than the interpreter's recursion limit (values
            decoded by :func:`json.loads` never do: it stops at the same limit).
    """
    if isinstance(value, str):
        return storable_text(value)  # type: ignore[return-value]
    if isinstance(value, dict):
        return {  # type: ignore[return-value]
            storable_text(k) if isinstance(k, str) else k: storable(v) for k, v in value.items()
        }
    if isinstance(value, list):
        return [storable(item) for item in value]  # type: ignore[return-value]
    if isinstance(value, tuple):
        return tuple(storable(item) for item in value)  # type: ignore[return-value]
    return value
