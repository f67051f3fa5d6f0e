"""Checks shared by every form and address.

Text the database cannot store, whole numbers that fit its integer columns. One place, so each
page does not repeat (or forget) them.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Iterable
from typing import Annotated, Any

from fastapi import Path, Query
from pydantic import AfterValidator

from app.errors import NotFoundError, UnprocessableError

NUL = "\x00"
DB_INT_MAX = 2_147_483_647
"""The largest value of a PostgreSQL ``integer`` column (ids, phases, seeds, hours)."""

ID_MIN = 1
ID_MAX = DB_INT_MAX
"""Row ids run from :data:`ID_MIN` to :data:`ID_MAX`: every id column is a PostgreSQL
``integer``, and SQLite (whose integers stop at 2**63 - 1, past which a lookup raises
``OverflowError``) holds the same rows, so no id outside this range exists in either database."""


def _address_number(minimum: int) -> Callable[[int], int]:
    """A validator for a whole number in the address that names a row: `minimum`..ID_MAX.

    A number outside that range names nothing, so it is answered as an unknown one is: a 404.
    It raises :class:`~app.errors.NotFoundError`, not ``ValueError``, so validation does not turn
    it into a 422; text that is not a whole number stays a 422 naming the parameter.
    """

    def check(number: int) -> int:
        if not minimum <= number <= ID_MAX:
            raise NotFoundError("There is no page at this address.")
        return number

    return check


DbId = Annotated[int, Path(), AfterValidator(_address_number(ID_MIN))]
"""A row id in the address (``/runs/{run_id}``), the one converter of every id path parameter.

A whole number from :data:`ID_MIN` to :data:`ID_MAX`; any other whole number (0, -1, 2**63,
2**70) is a 404 as an unknown id is, on PostgreSQL and SQLite alike; text that is not a whole
number is a 422 naming the parameter. Id form and query fields go through :func:`form_id`.
"""
CheckpointT = Annotated[int, Path(), AfterValidator(_address_number(0))]
"""A checkpoint position in the address (``.../{t}``): 0 up to :data:`ID_MAX`, otherwise a 404."""
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


def form_id(value: Any, field: str) -> int | None:
    """An id form or query field (``run``, ``annotator_id``) as a row id, or None when blank.

    The counterpart of :data:`DbId` for ids that are not in the path: the same range
    (:data:`ID_MIN`..:data:`ID_MAX`), but a value outside it is a 422 naming the field, as any
    other unusable field value is, since the page answering a form is the form itself.

    Raises:
        UnprocessableError: not a whole number from 1 up to :data:`ID_MAX`, naming `field`.
    """
    return whole_number(value, field, minimum=ID_MIN, maximum=ID_MAX)


def new_submission_token() -> str:
    """A fresh one-time token for a form that creates something (a run, an export).

    32 hex digits, stored unique with what it created, so a double submit creates it once.
    """
    return uuid.uuid4().hex


def submission_token(value: Any) -> str | None:
    """A form's one-time submission token if it is well-formed (32 hex digits), else None."""
    text = str(value or "")
    return text if re.fullmatch(r"[0-9a-f]{32}", text) else None
