"""Helpers shared by command handlers: time handling, text matching, record projections."""

from __future__ import annotations

from datetime import date, datetime, time
from typing import Any

from app.arena.errors import CommandError
from app.arena.state import Sandbox


def local_time(sandbox: Sandbox, value: datetime) -> datetime:
    """An aware datetime: a naive argument is read in the environment's time zone."""
    return value if value.tzinfo is not None else value.replace(tzinfo=sandbox.timezone)


def parse_at(value: str | date) -> datetime:
    """A record timestamp (ISO text) as an aware datetime; a bare date is midnight UTC."""
    if isinstance(value, datetime):
        return value
    if isinstance(value, date):
        return datetime.combine(value, time(0))
    parsed = datetime.fromisoformat(value)
    return parsed


def comparable(value: str, tz: Any) -> datetime:
    """A record timestamp as an aware datetime (dates are midnight in the environment zone)."""
    parsed = datetime.fromisoformat(value)
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=tz)
    return parsed


def matches(query: str, *fields: Any) -> bool:
    """Case-insensitive substring match of `query` in any of `fields` (lists are searched too)."""
    needle = query.casefold().strip()
    if not needle:
        raise CommandError("query must not be empty")
    for value in fields:
        if isinstance(value, list):
            if any(needle in str(item).casefold() for item in value):
                return True
        elif value is not None and needle in str(value).casefold():
            return True
    return False


def project(record: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    """A record reduced to `keys`, in that order."""
    return {key: record[key] for key in keys}


def in_range(at: datetime, since: datetime | None, until: datetime | None) -> bool:
    """Whether `at` lies in [since, until] (either bound may be None)."""
    return (since is None or at >= since) and (until is None or at <= until)
