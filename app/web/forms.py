"""Checks shared by every form and address.

Text the database cannot store, whole numbers that fit its integer columns. One place, so each
page does not repeat (or forget) them.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterable
from typing import Annotated, Any

from fastapi import Path, Query

from app.errors import UnprocessableError

NUL = "\x00"
DB_INT_MAX = 2_147_483_647
"""The largest value of a PostgreSQL ``integer`` column (ids, phases, seeds, hours)."""

DbId = Annotated[int, Path(ge=1, le=DB_INT_MAX)]
"""A row id in the address: 1 up to :data:`DB_INT_MAX` (anything else is a 422, never a 500)."""
OptionalPhase = Annotated[int | None, Query(ge=1, le=DB_INT_MAX)]
"""An optional ``?phase=`` filter: 1 up to :data:`DB_INT_MAX`."""


def refuse_nul(fields: Iterable[tuple[str, Any]], where: str = "form") -> None:
    r"""Refuse text holding a NUL character (``\x00``), naming the field.

    PostgreSQL cannot store it in text, so it would fail late with a server error. Non-text values
    (uploaded files) are skipped: they are read as bytes.

    Raises:
        UnprocessableError: a field name or text value holds a NUL character.
    """
    for name, value in fields:
        if NUL in name or (isinstance(value, str) and NUL in value):
            label = name.replace(NUL, "").replace("_", " ") or "a field"
            raise UnprocessableError(
                f"the {where} field “{label}” contains a NUL character (\\x00), which cannot be "
                "stored; remove it (it often comes with text pasted from a binary file) and "
                "try again",
                name.replace(NUL, ""),
            )


def whole_number(
    value: Any, field: str, *, minimum: int | None = None, maximum: int = DB_INT_MAX
) -> int | None:
    """A form field as a whole number within the database's range, or None when blank.

    Raises:
        UnprocessableError: not a whole number, or outside ``minimum``..``maximum``.
    """
    if value in (None, ""):
        return None
    label = field.replace("_", " ")
    try:
        number = int(str(value).strip())
    except ValueError as exc:
        raise UnprocessableError(f"{label} must be a whole number", field) from exc
    if (minimum is not None and number < minimum) or number > maximum:
        low = "" if minimum is None else f"from {minimum} "
        raise UnprocessableError(f"{label} must be a whole number {low}up to {maximum}", field)
    return number


def new_submission_token() -> str:
    """A fresh one-time token for a form that creates something (a run, an export).

    32 hex digits, stored unique with what it created, so a double submit creates it once.
    """
    return uuid.uuid4().hex


def submission_token(value: Any) -> str | None:
    """A form's one-time submission token if it is well-formed (32 hex digits), else None."""
    text = str(value or "")
    return text if re.fullmatch(r"[0-9a-f]{32}", text) else None
