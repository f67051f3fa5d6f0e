"""JSON paths as findings and refusals write them (DESIGN.md §4.1: "a JSON-path in its message").

``$`` is the document, ``[3]`` an array item, ``.body`` an object member whose name is an
identifier and ``["odd key"]`` any other member (its name as a JSON string):
``$.events[2].payload.changes["x-y"]``. One definition for the validator (its findings), the
bounded JSON reader (where a document nests too deeply or holds text that cannot be stored) and
their callers.

Pure code: no I/O and no imports from the rest of the application, so any layer may use it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def path_step(key: str | int) -> str:
    """One JSON-path step: ``[3]``, ``.body``, or ``["odd key"]`` for a non-identifier key."""
    if isinstance(key, int):
        return f"[{key}]"
    if _IDENTIFIER.match(key):
        return f".{key}"
    return f"[{json.dumps(key, ensure_ascii=False)}]"


def join_path(base: str, *keys: str | int) -> str:
    """`base` and one step per key: ``join_path("$.events", 2, "at")`` is ``$.events[2].at``."""
    return base + "".join(path_step(key) for key in keys)


def loc_path(base: str, raw: Any, loc: Iterable[str | int]) -> str:
    """The JSON path of a pydantic error location, walking the raw input it was validated from.

    Union members and discriminator tags appear in pydantic locations (``due.datetime``,
    ``key_evidence.0.db.value``) but not in the document; they are left out of the path.

    Args:
        base: the path of `raw` itself, e.g. ``$`` or ``$.events[2].payload``.
        raw: the parsed JSON that was validated.
        loc: the error's ``loc`` (``ValidationError.errors()[i]["loc"]``).

    Returns:
        E.g. ``$.design.key_evidence[0].value`` for ``("design", "key_evidence", 0, "db",
        "value")``; a missing field is named as its last step.
    """
    items = list(loc)
    path, node = base, raw
    for position, item in enumerate(items):
        last = position == len(items) - 1
        if isinstance(item, int):
            path += path_step(item)
            node = node[item] if isinstance(node, list) and 0 <= item < len(node) else None
        elif isinstance(node, dict) and (item in node or last):
            path += path_step(item)
            node = node.get(item)
        # otherwise a union member or a discriminator tag, not a key of the document
    return path
