"""Column helpers shared by the table modules."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, overload

from sqlalchemy import JSON, Column, DateTime
from sqlalchemy.dialects.postgresql import JSONB
from sqlmodel import Field

JsonType = JSON().with_variant(JSONB(), "postgresql")


def utcnow() -> datetime:
    """The current time, aware, in UTC."""
    return datetime.now(UTC)


@overload
def as_utc(value: datetime) -> datetime: ...
@overload
def as_utc(value: None) -> None: ...
def as_utc(value: datetime | None) -> datetime | None:
    """A stored time as an aware datetime; None stays None.

    SQLite hands timestamps back naive, and they were stored in UTC.
    """
    if value is not None and value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value


def json_field(*, nullable: bool = False, default: Any = None) -> Any:
    """A JSON column (JSONB on PostgreSQL)."""
    if default is None and not nullable:
        raise ValueError("a non-null JSON field needs a default factory")
    kwargs: dict[str, Any] = {"sa_column": Column(JsonType, nullable=nullable)}
    if callable(default):
        kwargs["default_factory"] = default
    else:
        kwargs["default"] = default
    return Field(**kwargs)


def time_field(*, nullable: bool = False, now: bool = False, index: bool = False) -> Any:
    """An aware timestamp column (``timestamptz`` on PostgreSQL)."""
    column = Column(DateTime(timezone=True), nullable=nullable, index=index)
    if now:
        return Field(default_factory=utcnow, sa_column=column)
    return Field(default=None, sa_column=column)
