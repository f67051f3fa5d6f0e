"""The base of every typed metric row and result: its JSON object (DESIGN.md §10). No I/O here.

A metric row is a frozen dataclass deriving from :class:`Record`; :meth:`Record.to_dict` gives
the object ``halo metrics --format json`` prints and the pages and CSV/LaTeX renderers read —
one key per field, in field order. Rows nest (a figure holds its rows); nested records become
objects, sequences of records lists, mappings dicts; other values are left as they are (an
interval stays a ``(low, high)`` tuple, which JSON writes as a list).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields
from typing import Any, Protocol, cast


class AsDict(Protocol):
    """A row a table is made of: anything with ``to_dict``.

    A :class:`Record`, or a row of a lower layer (:class:`app.runs.outcomes.OutcomeRow`).
    """

    def to_dict(self) -> dict[str, Any]:
        """The row as a JSON object, one key per column."""
        ...


Rows = Sequence[AsDict]
"""The typed rows of a metric table."""


class Record:
    """Mixin for frozen dataclasses: :meth:`to_dict` as described in the module docstring."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """The record as a JSON-ready dict, one key per field in field order."""
        return {f.name: plain(getattr(self, f.name)) for f in fields(cast(Any, self))}


def plain(value: Any) -> Any:
    """A field value as JSON-ready data (see the module docstring)."""
    if isinstance(value, Record):
        return value.to_dict()
    if isinstance(value, (list, tuple)) and value and isinstance(value[0], Record):
        return [item.to_dict() for item in value]
    if isinstance(value, Mapping):
        return {key: plain(item) for key, item in value.items()}
    return value
