"""Text the database and the wire can hold (DESIGN §3.4: text PostgreSQL cannot hold is escaped).

PostgreSQL refuses two kinds of character that Python strings may carry: NUL (U+0000), in
``TEXT`` columns and as ``\\u0000`` in ``JSONB``, and surrogate code points (U+D800–U+DFFF),
which have no UTF-8 form (a lone ``\\ud800`` escape in a JSON reply decodes to one). Both come
from agents and endpoints, never from the workbench itself. :func:`storable` replaces each with
U+FFFD REPLACEMENT CHARACTER, the character Unicode defines for one that cannot be represented;
everything else is kept exactly. Pure: no I/O.
"""

from __future__ import annotations

import re
from typing import TypeVar

REPLACEMENT = "\ufffd"
"""What an unstorable character becomes."""

_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")

T = TypeVar("T")


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
    """A copy of a JSON-like `value` whose strings (dict keys included) are
    :func:`storable_text`, at any depth; other values are returned as they are.

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
