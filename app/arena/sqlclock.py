"""Simulated time for SQL: the date and time functions of an arena database (DESIGN.md §3.4).

SQLite's ``date``, ``time``, ``datetime``, ``julianday``, ``unixepoch``, ``strftime`` (and
``timediff`` where the library has it) read the host clock for ``'now'`` and the host time zone for
the ``'localtime'`` and ``'utc'`` modifiers; ``CURRENT_DATE``, ``CURRENT_TIME`` and
``CURRENT_TIMESTAMP`` compile to calls of the functions ``current_date`` etc. A :class:`SqlClock`
registers same-named functions on one connection (a connection's own functions take precedence over
the built-ins) so that:

- ``'now'`` (any case; also the missing time value of ``date()`` or ``strftime(fmt)``) and the
  ``CURRENT_*`` keywords are the simulated now: the time of the last replayed event, in UTC as
  SQLite's ``'now'`` is; with no simulated now (S0 itself) they are an error, never the host clock;
- ``'localtime'`` converts to the environment's time zone and ``'utc'`` back from it (a no-op on
  a value already in that form, as in SQLite ≥ 3.42), never the host's zone.

Everything else is delegated to the built-in function on a literal time value, evaluated on a
separate plain in-memory connection, so formats, modifiers and NULL-on-bad-input stay SQLite's.
"""

from __future__ import annotations

import re
import sqlite3
import threading
from datetime import UTC, datetime
from functools import partial
from typing import Any
from zoneinfo import ZoneInfo

CALL_COST = 50
"""SQLite VM steps one call of an overriding function is charged against a query's work budget
(a Python call plus a delegated statement costs about as much as 50–100 VM steps)."""

_TIME_VALUE_POSITIONS: dict[str, tuple[int, ...]] = {
    "date": (0,),
    "time": (0,),
    "datetime": (0,),
    "julianday": (0,),
    "unixepoch": (0,),
    "strftime": (1,),
    "timediff": (0, 1),
}
"""Function → the positions of its time values; modifiers follow the last one (not for timediff)."""

_KEYWORDS: dict[str, str] = {
    "current_date": "date",
    "current_time": "time",
    "current_timestamp": "datetime",
}
"""``CURRENT_*`` keyword → the function of ``'now'`` it equals."""

_ZONE_SUFFIX = re.compile(r"(?:[zZ]|[+-]\d\d:\d\d)\s*$")
_CANONICAL = "%Y-%m-%d %H:%M:%f"

_local = threading.local()


def _builtin() -> sqlite3.Connection:
    """This thread's plain connection whose date and time functions are SQLite's own."""
    db: sqlite3.Connection | None = getattr(_local, "db", None)
    if db is None:
        db = sqlite3.connect(":memory:")
        _local.db = db
    return db


def _call_builtin(name: str, args: list[Any]) -> Any:
    # `name` comes from the fixed tables above, never from SQL text.
    marks = ", ".join("?" * len(args))
    return _builtin().execute(f"SELECT {name}({marks})", args).fetchone()[0]


def _available() -> tuple[str, ...]:
    names = {row[0] for row in _builtin().execute("SELECT name FROM pragma_function_list")}
    return tuple(name for name in _TIME_VALUE_POSITIONS if name in names)


FUNCTIONS: tuple[str, ...] = _available()
"""The date and time functions this SQLite library has (``unixepoch`` ≥ 3.38, ``timediff`` ≥
3.43), all overridden by :meth:`SqlClock.install`, plus the three ``CURRENT_*`` keywords."""


class ClockError(Exception):
    """A date or time function cannot be evaluated deterministically (e.g. 'now' at S0)."""


def _text(value: Any) -> Any:
    """SQLite reads a blob time value or modifier as text; do the same before inspecting it."""
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else value


def _is_now(value: Any) -> bool:
    return isinstance(value, str) and value.lower() == "now"


def _format(moment: datetime) -> str:
    """A naive datetime as SQLite's canonical ``YYYY-MM-DD HH:MM:SS.SSS``."""
    return (
        f"{moment.year:04d}-{moment.month:02d}-{moment.day:02d} "
        f"{moment.hour:02d}:{moment.minute:02d}:{moment.second:02d}."
        f"{moment.microsecond // 1000:03d}"
    )


class SqlClock:
    """The deterministic date and time functions of one SQLite connection.

    Attributes:
        timezone: the environment's IANA time zone (what ``'localtime'`` means).
        now: the simulated now (aware), or None where there is none (S0): ``'now'`` is then an
            error. The owner updates it before running SQL.
        error: the message of the last :class:`ClockError` raised inside SQLite (SQLite itself
            only reports "user-defined function raised exception"); see :meth:`explain`.
        calls: how many overriding function calls ran since the owner last reset it (the work
            budget charges :data:`CALL_COST` steps for each).
    """

    def __init__(self, timezone: ZoneInfo, now: datetime | None = None) -> None:
        """A clock in `timezone` at `now` (None: no now yet); install it with :meth:`install`."""
        self.timezone = timezone
        self.now = now
        self.error: str | None = None
        self.calls = 0

    def install(self, db: sqlite3.Connection) -> None:
        """Register the overriding functions on `db`.

        They are deterministic, so usable in views and expression indexes, as built-in date
        functions of a database may be (scenario SQL refuses generated columns).
        """
        for name in FUNCTIONS:
            db.create_function(name, -1, partial(self._sql_call, name), deterministic=True)
        for keyword in _KEYWORDS:
            db.create_function(keyword, 0, partial(self._sql_call, keyword), deterministic=True)

    def explain(self, exc: sqlite3.Error) -> str:
        """The message for an SQLite error: the clock's own when one of its functions refused."""
        if self.error is not None and "user-defined function raised exception" in str(exc):
            return self.error
        return str(exc)

    def now_text(self) -> str:
        """The simulated now as SQLite's ``'now'`` gives it: UTC, ``YYYY-MM-DD HH:MM:SS.SSS``.

        Raises:
            ClockError: there is no simulated now (S0, before the first event).
        """
        if self.now is None:
            raise ClockError(
                "there is no simulated now before the first event, so 'now' and "
                "CURRENT_DATE/CURRENT_TIME/CURRENT_TIMESTAMP cannot be used; write the date"
            )
        return _format(self.now.astimezone(UTC).replace(tzinfo=None))

    def _sql_call(self, name: str, *args: Any) -> Any:
        self.calls += 1
        try:
            return self.evaluate(name, list(args))
        except ClockError as exc:
            self.error = str(exc)
            raise

    def evaluate(self, name: str, args: list[Any]) -> Any:
        """Evaluate one date or time function call at the simulated now.

        Args:
            name: ``date``, ``time``, ``datetime``, ``julianday``, ``unixepoch``, ``strftime``,
                ``timediff``, or a keyword ``current_date`` / ``current_time`` /
                ``current_timestamp``.
            args: the call's arguments as SQLite passes them (text, numbers, blobs, None).

        Returns:
            What SQLite's built-in returns for the same call made at the simulated now in the
            environment's time zone (None where SQLite gives NULL).

        Raises:
            ClockError: 'now' with no simulated now, or a date ``'localtime'``/``'utc'`` cannot
                convert (outside years 1–9999).
        """
        if name in _KEYWORDS:
            return _call_builtin(_KEYWORDS[name], [self.now_text()])
        args = [_text(arg) for arg in args]
        positions = _TIME_VALUE_POSITIONS[name]
        if len(args) == positions[0]:
            args.append("now")  # date() is date('now'); strftime(fmt) is strftime(fmt, 'now')
        if name == "timediff":
            return _call_builtin(name, [self.now_text() if _is_now(a) else a for a in args])
        at = positions[0]
        if at >= len(args):
            return _call_builtin(name, args)  # e.g. strftime() with no format: NULL
        head, value, modifiers = args[:at], args[at], args[at + 1 :]
        # Where the value stands: "utc" ('now' or an explicit zone), "local", or None (unknown;
        # SQLite then takes the value left of 'localtime' as UTC and left of 'utc' as local).
        zone: str | None = None
        if _is_now(value):
            value, zone = self.now_text(), "utc"
        elif isinstance(value, str) and _ZONE_SUFFIX.search(value):
            zone = "utc"  # SQLite converts a value with an offset to UTC
        pending: list[Any] = []
        for modifier in modifiers:
            word = modifier.lower() if isinstance(modifier, str) else None
            if word not in ("localtime", "utc"):
                pending.append(modifier)
                continue
            if zone == ("local" if word == "localtime" else "utc"):
                continue
            canonical = _call_builtin("strftime", [_CANONICAL, value, *pending])
            if canonical is None:
                return None
            value, pending = self._convert(canonical, to_local=word == "localtime"), []
            zone = "local" if word == "localtime" else "utc"
        return _call_builtin(name, [*head, value, *pending])

    def _convert(self, canonical: str, *, to_local: bool) -> str:
        """A canonical UTC time as local time in the environment's zone, or the reverse."""
        try:
            moment = datetime.fromisoformat(canonical)
            if to_local:
                moment = moment.replace(tzinfo=UTC).astimezone(self.timezone)
            else:
                moment = moment.replace(tzinfo=self.timezone).astimezone(UTC)
        except (ValueError, OverflowError) as exc:
            raise ClockError(
                f"'localtime'/'utc' cannot convert {canonical!r}: years 1–9999 only"
            ) from exc
        return _format(moment.replace(tzinfo=None))
