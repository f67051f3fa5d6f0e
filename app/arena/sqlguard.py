"""What an agent's `db_query` may call, and how large its values may grow (DESIGN.md §3.4).

:data:`ALLOWED_FUNCTIONS` is the one allow-list of SQL functions; the read-only authorizer of
:meth:`app.arena.state.Sandbox.query` refuses every other function by name (:func:`refusal`).
:data:`QUERY_LIMITS` are the SQLite length limits a query runs under (``Connection.setlimit``,
restored afterwards) and :data:`QUERY_CALL_LIMIT` caps its function calls. :class:`FunctionGuard`
covers the built-ins whose running time those limits do not bound, and :data:`sqlite_memory_used`
reads SQLite's heap so a query that builds large intermediate results can be stopped.
"""

from __future__ import annotations

import _sqlite3
import ctypes
import re
import sqlite3
import threading
from collections.abc import Callable
from functools import partial
from typing import Any

ALLOWED_FUNCTIONS: frozenset[str] = frozenset(
    {
        # core scalar functions (sqlite.org/lang_corefunc.html): zeroblob builds no larger values
        # than SQLITE_LIMIT_LENGTH allows, like every other one; the calls of printf, format,
        # instr, replace, like, glob and trim/ltrim/rtrim are checked by FunctionGuard
        "abs", "char", "coalesce", "concat", "concat_ws", "format", "glob", "hex", "if",
        "ifnull", "iif", "instr", "length", "like", "likelihood", "likely", "lower", "ltrim",
        "max", "min", "nullif", "octet_length", "printf", "quote", "replace", "round", "rtrim",
        "sign", "soundex", "substr", "substring", "trim", "typeof", "unhex", "unicode",
        "unlikely", "upper", "zeroblob",
        # aggregate and window functions (lang_aggfunc.html, windowfunctions.html)
        "avg", "count", "group_concat", "string_agg", "sum", "total",
        "row_number", "rank", "dense_rank", "percent_rank", "cume_dist", "ntile",
        "lag", "lead", "first_value", "last_value", "nth_value",
        # date and time: every one is overridden by app.arena.sqlclock (the simulated clock)
        "date", "time", "datetime", "julianday", "unixepoch", "strftime", "timediff",
        "current_date", "current_time", "current_timestamp",
        # JSON (json1.html), including the -> and ->> operators
        "json", "json_array", "json_array_length", "json_error_position", "json_extract",
        "json_insert", "json_object", "json_pretty", "json_quote", "json_remove",
        "json_replace", "json_set", "json_type", "json_valid", "json_group_array",
        "json_group_object", "->", "->>",
        "jsonb", "jsonb_array", "jsonb_extract", "jsonb_insert", "jsonb_object", "jsonb_remove",
        "jsonb_replace", "jsonb_set", "jsonb_group_array", "jsonb_group_object",
        # math (lang_mathfunc.html)
        "acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "ceil", "ceiling", "cos",
        "cosh", "degrees", "exp", "floor", "ln", "log", "log10", "log2", "mod", "pi", "pow",
        "power", "radians", "sin", "sinh", "sqrt", "tan", "tanh", "trunc",
    }
)  # fmt: skip
"""The SQL functions `db_query` allows (lower-case names as SQLite reports them to the authorizer).

Core scalar, aggregate and window functions, the date and time functions on the simulated clock,
JSON and math functions; names a later SQLite adds to those families (``concat``, ``unhex``,
``timediff``, ``jsonb_*``, ...) are listed so they keep working there. Everything else is refused by
name, among it ``load_extension``, ``fts3_tokenizer`` (it returns a native pointer), ``random`` and
``randomblob`` (answers must not depend on chance), ``changes``/``total_changes``/
``last_insert_rowid`` (they reveal the replay's writes), ``sqlite_*`` (host build details, the
error log), the FTS and R*Tree helpers, ``subtype``, and ``json_patch``/``jsonb_patch``
(quadratic in its arguments, and its JSON result cannot be passed through a guard with its JSON
subtype, see :class:`FunctionGuard`). Table-valued functions are not functions
to the authorizer: see :data:`app.arena.state.TABLE_FUNCTIONS`."""

QUERY_VALUE_LIMIT = 100_000
"""Largest string or blob (bytes) one `db_query` may build (``SQLITE_LIMIT_LENGTH``), e.g.
``zeroblob(1e9)`` is refused. It also bounds what one call of a function linear in its
arguments costs (~0.1 ms); the quadratic ones are guarded (:data:`QUERY_CALL_WORK`: at the
former limit of 1,000,000 bytes one ``instr`` took 24 s)."""

QUERY_SQL_LIMIT = 20_000
"""Longest SQL text (characters) one `db_query` accepts (``SQLITE_LIMIT_SQL_LENGTH`` in bytes)."""

QUERY_CALL_LIMIT = 200
"""Function calls one `db_query` statement may contain (counted by the authorizer as SQLite
resolves them: a call inside a CTE counts once for each use of the CTE). SQLite computes a
constant expression once and keeps it for the whole statement, with no step in between where a
budget could be checked, so this bounds what such constants hold (at most 200 values of 100,000
bytes)."""

QUERY_LIMITS: dict[int, int] = {
    sqlite3.SQLITE_LIMIT_LENGTH: QUERY_VALUE_LIMIT,
    sqlite3.SQLITE_LIMIT_SQL_LENGTH: QUERY_SQL_LIMIT * 4,  # UTF-8 bytes of QUERY_SQL_LIMIT chars
    sqlite3.SQLITE_LIMIT_COLUMN: 100,  # with LENGTH: one result row holds at most ~10 MB
    sqlite3.SQLITE_LIMIT_EXPR_DEPTH: 1000,  # SQLite's default; a chain of n ORs is n deep
    sqlite3.SQLITE_LIMIT_COMPOUND_SELECT: 100,
    sqlite3.SQLITE_LIMIT_VDBE_OP: 100_000,
    sqlite3.SQLITE_LIMIT_FUNCTION_ARG: 100,
    sqlite3.SQLITE_LIMIT_ATTACHED: 0,
    sqlite3.SQLITE_LIMIT_LIKE_PATTERN_LENGTH: 1000,
    sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER: 100,  # ?250000 would allocate 250,000 slots
    sqlite3.SQLITE_LIMIT_WORKER_THREADS: 0,
}
"""SQLite limits (``sqlite3.SQLITE_LIMIT_*`` → value) a `db_query` statement is prepared and
run under; :func:`apply_limits` sets them and returns the previous ones to restore."""

READ_ONLY_MESSAGE = "db_query is read-only: that operation is not allowed"
_CHANCE_FUNCTIONS = {"random", "randomblob"}
_PROCESS_FUNCTIONS = {"load_extension"}
"""Refused as what they are, not reads: they would change the process, not read the database."""


def refusal(name: str) -> str | None:
    """Why `db_query` refuses the SQL function `name`, or None when it is allowed.

    Args:
        name: the function name as SQLite reports it to the authorizer (any case).

    Returns:
        None for a name in :data:`ALLOWED_FUNCTIONS`; otherwise the message for the agent: it
        names the function, except for ``load_extension``, which is refused as an operation a
        read-only query may not do (the message of the other such refusals).
    """
    name = name.lower()
    if name in ALLOWED_FUNCTIONS:
        return None
    if name in _PROCESS_FUNCTIONS:
        return READ_ONLY_MESSAGE
    if name in _CHANCE_FUNCTIONS:
        return (
            "random() and randomblob() are not available in db_query: "
            "its answers must not depend on chance"
        )
    return (
        f"the function {name}() is not available in db_query: only core scalar, aggregate and "
        "window functions, date and time, JSON and math functions are"
    )


def apply_limits(db: sqlite3.Connection) -> dict[int, int]:
    """Set :data:`QUERY_LIMITS` on `db`; return the previous values (category → value)."""
    return {category: db.setlimit(category, value) for category, value in QUERY_LIMITS.items()}


def restore_limits(db: sqlite3.Connection, previous: dict[int, int]) -> None:
    """Put back the limits :func:`apply_limits` returned."""
    for category, value in previous.items():
        db.setlimit(category, value)


# ---------------------------------------------------------------- guarded functions

_local = threading.local()


def _plain(*, limited: bool = False) -> sqlite3.Connection:
    """This thread's plain connection, whose functions are SQLite's own.

    With `limited`, the one under :data:`QUERY_LIMITS`, as an agent's query runs.
    """
    key = "limited" if limited else "default"
    db: sqlite3.Connection | None = getattr(_local, key, None)
    if db is None:
        db = sqlite3.connect(":memory:")
        if limited:
            apply_limits(db)
        setattr(_local, key, db)
    return db


QUERY_CALL_WORK: dict[str, int] = {
    "instr": 10**9,
    "replace": 10**9,
    "like": 10**7,
    "glob": 10**7,
    "trim": 10**7,
    "ltrim": 10**7,
    "rtrim": 10**7,
}
"""Functions whose running time grows with the product of their first two arguments' lengths
(characters or bytes) → the largest product one call may have. SQLite's loops differ: instr and
replace compare with memcmp (10**9 takes ~0.06 s), LIKE/GLOB patterns and trim character sets
step one character at a time (10**7: ~0.04–0.1 s). At the value limit, one unguarded call took
0.16 s (instr), 0.4 s (LIKE with a 1,000-character pattern) and 10 s (ltrim)."""

_GUARDED: tuple[str, ...] = tuple(
    name
    for (name,) in _plain().execute(
        "SELECT DISTINCT name FROM pragma_function_list WHERE name IN "
        "('printf', 'format', 'instr', 'replace', 'like', 'glob', 'trim', 'ltrim', 'rtrim')"
    )
)
_NUMBER = re.compile(r"\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
_FLAGS = "-+ #!0,"


def _magnitude(value: Any) -> float:
    """How large a number SQLite reads from a printf argument (0 when it reads none)."""
    if isinstance(value, bool | int | float):
        return abs(float(value))
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    if isinstance(value, str):
        found = _NUMBER.match(value)
        return abs(float(found.group(0))) if found else 0.0
    return 0.0


def _length(value: Any) -> int:
    """Characters (text) or bytes (blob) SQLite works through for one argument."""
    if isinstance(value, str | bytes):
        return len(value)
    return 0 if value is None else len(str(value))


def c_precision(form: str, args: tuple[Any, ...]) -> float:
    """The largest precision a ``%c`` conversion of ``printf(form, *args)`` may ask for.

    SQLite repeats the character of ``%.Nc`` N times and keeps looping after the result outgrew
    the length limit (``printf('%.*c', 999999999, 'x')`` takes ~8 s to return NULL). A literal
    precision is read from `form`; for ``.*`` every argument counts, which may overestimate.

    Args:
        form: the format string.
        args: the arguments after it.

    Returns:
        The largest such precision, 0 when `form` has no ``%c`` with a precision.
    """
    largest, i, n = 0.0, 0, len(form)
    while i < n:
        if form[i] != "%":
            i += 1
            continue
        i += 1
        precision: float | None = None
        star = False
        # flags, width and precision in any order and number, as SQLite's parser takes them
        while i < n and (form[i] in _FLAGS or form[i].isdigit() or form[i] in "*.l"):
            if form[i] == ".":
                i += 1
                if i < n and form[i] == "*":
                    star, precision = True, 0.0
                    i += 1
                else:
                    start = i
                    while i < n and form[i].isdigit():
                        i += 1
                    precision = float(form[start:i] or 0)
            else:
                i += 1
        if i < n and form[i] == "c" and precision is not None:
            largest = max(largest, precision)
            if star:
                largest = max(largest, *(_magnitude(arg) for arg in args), 0.0)
        i += 1
    return largest


_NO_ARGUMENT = "%n"
"""Conversions that read no argument (SQLite's ``%n`` writes nothing in SQL printf)."""


def format_work(form: str, args: tuple[Any, ...]) -> float:
    """Characters one ``printf(form, *args)`` call must produce at least, its widths and %c counts.

    Every conversion pads to its width, and ``%.Nc`` repeats its character N times; SQLite keeps
    looping on each ``%c`` after the result outgrew the length limit, so 2,490 conversions of
    ``%.99999c`` took 4.8 s though each precision is within it. The sum of all widths and ``%c``
    precisions bounds the result's length from below, so a sum above the value limit only refuses
    calls whose result would be too big anyway. Arguments are taken as SQLite takes them: each
    ``*`` reads the next one (its magnitude; a missing one reads as 0), then each conversion but
    ``%%`` and ``%n``.

    Args:
        form: the format string.
        args: the arguments after it.

    Returns:
        The sum (characters, 0 for a format without conversions).
    """
    total, i, n, taken = 0.0, 0, len(form), 0

    def take() -> float:
        nonlocal taken
        value = _magnitude(args[taken]) if taken < len(args) else 0.0
        taken += 1
        return value

    while i < n:
        if form[i] != "%":
            i += 1
            continue
        i += 1
        width = precision = 0.0
        in_precision = False
        while i < n and (form[i] in _FLAGS or form[i].isdigit() or form[i] in "*.l"):
            if form[i] == ".":
                in_precision = True
                i += 1
            elif form[i] == "*":
                value = take()
                precision, width = (value, width) if in_precision else (precision, value)
                i += 1
            elif form[i].isdigit() and (form[i] != "0" or in_precision or width):
                start = i
                while i < n and form[i].isdigit():
                    i += 1
                value = float(form[start:i])
                precision, width = (value, width) if in_precision else (precision, value)
            else:
                i += 1  # a flag, '0' before a width, or 'l'
        kind = form[i] if i < n else ""
        i += 1
        if kind == "%" or f"%{kind}" == _NO_ARGUMENT:
            continue
        total += width + (precision if kind == "c" else 0.0)
        taken += 1  # the conversion's own argument
    return total


def call_refusal(name: str, args: tuple[Any, ...]) -> str | None:
    """Why one call of a guarded function is more work than `db_query` allows, or None.

    Args:
        name: ``printf``, ``format`` or a key of :data:`QUERY_CALL_WORK`.
        args: the call's arguments as SQLite passes them to Python.

    Returns:
        None when the call may run; otherwise the message for the agent, naming the function.
    """
    if name in ("printf", "format"):
        form = args[0] if args else None
        if isinstance(form, bytes):
            form = form.decode("utf-8", "replace")
        if isinstance(form, str):
            precision = c_precision(form, args[1:])
            if precision > QUERY_VALUE_LIMIT:
                return (
                    f"{name}(): a %c precision of {precision:,.0f} is larger than the value "
                    f"limit of {QUERY_VALUE_LIMIT:,} bytes"
                )
            work = format_work(form, args[1:])
            if work > QUERY_VALUE_LIMIT:
                return (
                    f"{name}(): its widths and %c precisions add up to {work:,.0f} characters, "
                    f"more than the value limit of {QUERY_VALUE_LIMIT:,} bytes"
                )
        return None
    first = _length(args[0]) if args else 0
    second = _length(args[1]) if len(args) > 1 else 1  # trim's default set is one space
    if first * second > QUERY_CALL_WORK[name]:
        return (
            f"{name}(): arguments of {first:,} and {second:,} characters are more work than "
            f"db_query allows in one call (their product may be at most "
            f"{QUERY_CALL_WORK[name]:,})"
        )
    return None


class FunctionGuard:
    """Guarded versions of the built-ins whose single call the length limit does not keep cheap.

    ``printf``/``format`` (a ``%c`` precision, or all widths and ``%c`` precisions together,
    above the value limit: :func:`format_work`), ``instr``, ``replace``,
    ``like``, ``glob`` and ``trim``/``ltrim``/``rtrim`` (arguments whose lengths multiply past
    :data:`QUERY_CALL_WORK`) are registered on a sandbox connection under their own names and
    delegate every call to SQLite's own function on a plain connection. While :attr:`active`
    (an agent's query) a call is first checked: against the query's budgets (:attr:`budget`,
    so they hold between calls that run with no step in between, e.g. all of one row's
    expressions or the constants SQLite computes once), then by :func:`call_refusal`; the
    delegate then runs under :data:`QUERY_LIMITS`, as the query does (``LIKE`` patterns, value
    length). Outside a query (replay) the functions behave exactly as the built-ins.

    Attributes:
        active: whether the checks and the limit apply.
        budget: while active, a callable returning why the query's budgets are exhausted (or
            None).
        error: the message of the last refusal (SQLite only reports "user-defined function
            raised exception").
        calls: calls since the owner last reset it (the work budget charges each).
    """

    def __init__(self) -> None:
        """An inactive guard: the functions behave as the built-ins until a query activates it."""
        self.active = False
        self.budget: Callable[[], str | None] | None = None
        self.error: str | None = None
        self.calls = 0

    def install(self, db: sqlite3.Connection) -> None:
        """Register the guarded functions on `db`."""
        for name in _GUARDED:
            db.create_function(name, -1, partial(self._call, name), deterministic=True)

    def _call(self, name: str, *args: Any) -> Any:
        self.calls += 1
        if self.active:
            stopped = self.budget() if self.budget is not None else None
            self.error = f"query stopped: {stopped}" if stopped else call_refusal(name, args)
            if self.error is not None:
                raise ValueError(self.error)
        marks = ", ".join("?" * len(args))
        try:
            # `name` comes from the fixed list above, never from SQL text
            return (
                _plain(limited=self.active).execute(f"SELECT {name}({marks})", args).fetchone()[0]
            )
        except sqlite3.Error as exc:
            self.error = f"SQL error: {exc}"  # e.g. an ESCAPE of two characters
            raise


# ---------------------------------------------------------------- SQLite's heap


def _memory_meter() -> Callable[[], int] | None:
    """``sqlite3_memory_used`` of the SQLite library Python's sqlite3 runs on, or None.

    Looked up in the ``_sqlite3`` extension (which links SQLite, statically or not) and checked:
    a 100 KB value held by a fresh statement must show in it, or the meter counts another copy of
    the library and is not used.
    """
    try:
        function = ctypes.CDLL(_sqlite3.__file__).sqlite3_memory_used
    except (OSError, AttributeError):
        return None
    function.restype, function.argtypes = ctypes.c_int64, []
    probe = sqlite3.connect(":memory:")
    try:
        before = function()
        cursor = probe.execute("SELECT hex(zeroblob(50000))")  # the pending row holds 100 KB
        grown = function() - before
        cursor.close()
    finally:
        probe.close()
    meter: Callable[[], int] = function
    return meter if grown >= 100_000 else None


sqlite_memory_used: Callable[[], int] | None = _memory_meter()
"""Bytes SQLite has allocated in this process, all connections and threads together (SQLite's
``sqlite3_memory_used()``), or None where the library cannot be reached this way. Process-wide,
so it is read as a difference over one query; SQLite's own heap limits
(``PRAGMA hard_heap_limit``) are process-wide too and can only be lowered, which would make one
agent's query fail other connections of the process (the workbench's own SQLite database), so
they are not used."""
