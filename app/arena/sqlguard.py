"""The one guard for every SQL the product runs on arena data (DESIGN.md §3.4).

Two kinds of SQL run on an arena database: an agent's `db_query` (read-only, run by
:meth:`app.arena.state.Sandbox.query`) and scripts — an environment's ``database.sql``, a
scenario's ``initial_records.db`` / ``noise_records.db`` statements and a replayed
``db.executed`` event's SQL, from seeds, the construction pipeline or an import, all run by
:func:`run_script`. Both share what is here:

- :data:`ALLOWED_FUNCTIONS`, the one allow-list of SQL functions (:func:`refusal` names every
  other one);
- :class:`FunctionGuard`, which prices the built-ins whose cost the step count misses (printf /
  format widths, instr, replace, LIKE/GLOB, trim over large values);
- SQLite length limits set with ``Connection.setlimit`` (:data:`QUERY_LIMITS`,
  :data:`SCRIPT_LIMITS`), a step budget, a budget on SQLite's heap (:data:`sqlite_memory_used`,
  read under :data:`HEAP_LOCK`) and a CPU-time budget, checked from SQLite's progress handler
  and before each guarded call.

Scripts are bounded further: an allow-list of statement kinds (:data:`SCRIPT_ACTIONS`), values
of at most :data:`SCRIPT_VALUE_LIMIT` bytes, a database of at most
:data:`SCRIPT_DATABASE_LIMIT` bytes (``max_page_count``, set by the product before each
script) and a stored image no larger than that (:func:`load_image`). Every arena connection is
opened by :func:`open_arena_db`, which installs the guard.
"""

from __future__ import annotations

import _sqlite3
import ctypes
import re
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from typing import Any

from app.arena.errors import ArenaError
from app.arena.sqlclock import CALL_COST, SqlClock
from app.bounded import MAX_SEED_FILE

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

SCRIPT_VALUE_LIMIT = 2**20
"""Largest string or blob (bytes) scenario SQL may build or store (``SQLITE_LIMIT_LENGTH``; it
also bounds one row's record). The shipped seeds' largest value is under 400 bytes."""

SCRIPT_SQL_LIMIT = 2 * 2**20
"""Longest single statement (bytes) of scenario SQL (``SQLITE_LIMIT_SQL_LENGTH``): room for one
literal of :data:`SCRIPT_VALUE_LIMIT` bytes; the seeds' longest statement is a few KB."""

SCRIPT_TEXT_LIMIT = MAX_SEED_FILE
"""Longest script (characters) :func:`run_script` takes at all (``database.sql`` files are held
to the same size, :data:`~app.bounded.MAX_SEED_FILE`): refused before it is split, since
splitting and preparing cost time and memory in proportion to the text before any budget is
read (h24 re-attack: 25 MB of ``SELECT 1;`` took 8.6 s of CPU and +177 MiB)."""

SCRIPT_DATABASE_LIMIT = 32 * 2**20
"""Largest environment database (bytes, page count × page size) a script may grow, and the
largest stored image a sandbox loads. A whole S0 build then stays under 100 MiB of extra memory
(the database, its serialized image and a sandbox's copy); the seeds' largest is 100 KB."""

SCRIPT_STEP_LIMIT = 10_000_000
"""SQLite VM steps all the SQL of one S0 build (or one replayed event) may take together, each
Python-defined function call counting :data:`~app.arena.sqlclock.CALL_COST`: about 0.5 s; the
corpus's largest ``database.sql`` takes well under a million."""

SCRIPT_MEMORY_BUDGET = 48 * 2**20
"""Bytes of SQLite heap one script may add while it runs: the database pages it writes (at most
:data:`SCRIPT_DATABASE_LIMIT`) plus sorts, materialised CTEs and temporary b-trees (temporary
storage is kept in memory, so it counts)."""

SCRIPT_TIME_BUDGET = 1.0
"""CPU seconds all the SQL of one S0 build (or one replayed event) may take together (the
running thread's; a backstop for work the step count does not see)."""

SCRIPT_CALL_LIMIT = 32
"""Calls of functions that may build a large value (every allowed function but those of
:data:`SMALL_RESULT_FUNCTIONS`) one statement of scenario SQL may contain, counted by the
authorizer as SQLite resolves them (a call in a CTE or a view counts once for each use).

SQLite computes a statement's constant expressions once, before its first step, with no
progress-handler call in between (h24 attack: 400 terms ``a = hex(zeroblob(500000))`` reached
~600 MB before the heap budget was read). Each such call yields at most one value of
:data:`SCRIPT_VALUE_LIMIT` bytes, and a value larger than its SQL text needs one, so the
constants hold at most 32 × 1 MiB (plus the statement's own text) — within
:data:`SCRIPT_MEMORY_BUDGET`, which the authorizer also checks while a statement is prepared.
The shipped seeds' SQL calls no function at all (``halo validate seeds/``); a ``date()`` or a
``length()`` per row of a multi-row INSERT is free (:data:`SMALL_RESULT_FUNCTIONS`)."""

SMALL_RESULT_FUNCTIONS: frozenset[str] = frozenset(
    {
        # a number, or a static string, whatever the arguments
        "abs", "count", "length", "octet_length", "instr", "unicode", "sign", "round",
        "typeof", "like", "glob", "likelihood", "likely", "unlikely", "soundex",
        "avg", "sum", "total", "row_number", "rank", "dense_rank", "percent_rank",
        "cume_dist", "ntile", "json_array_length", "json_valid", "json_error_position",
        "json_type", "acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "ceil",
        "ceiling", "cos", "cosh", "degrees", "exp", "floor", "ln", "log", "log10", "log2",
        "mod", "pi", "pow", "power", "radians", "sin", "sinh", "sqrt", "tan", "tanh", "trunc",
        # a date or time of fixed size (strftime, whose result grows with its format, is not)
        "date", "time", "datetime", "julianday", "unixepoch", "timediff", "current_date",
        "current_time", "current_timestamp",
    }
)  # fmt: skip
"""Allowed functions whose result is a number or a short text of fixed size, so they are not
counted against :data:`SCRIPT_CALL_LIMIT` (``likely`` and friends return their argument, which
a counted call built)."""

SCRIPT_PROGRESS_INTERVAL = 20
"""Steps between two checks of a script's budgets; with :data:`SCRIPT_VALUE_LIMIT` it bounds the
heap a script can add unseen (each step adds at most one value)."""

SCRIPT_LIMITS: dict[int, int] = {
    **QUERY_LIMITS,
    sqlite3.SQLITE_LIMIT_LENGTH: SCRIPT_VALUE_LIMIT,
    sqlite3.SQLITE_LIMIT_SQL_LENGTH: SCRIPT_SQL_LIMIT,
    sqlite3.SQLITE_LIMIT_VDBE_OP: 1_000_000,  # a multi-row INSERT compiles to ops per row
    sqlite3.SQLITE_LIMIT_TRIGGER_DEPTH: 1,
}
"""SQLite limits a script runs under: :data:`QUERY_LIMITS` with longer values and statements."""

READ_ONLY_MESSAGE = "db_query is read-only: that operation is not allowed"
_CHANCE_FUNCTIONS = {"random", "randomblob"}
_PROCESS_FUNCTIONS = {"load_extension"}
"""Refused as what they are, not reads: they would change the process, not read the database."""


def refusal(name: str, where: str = "db_query") -> str | None:
    """Why `where` refuses the SQL function `name`, or None when it is allowed.

    Args:
        name: the function name as SQLite reports it to the authorizer (any case).
        where: who runs the SQL, for the message: ``"db_query"`` or ``"scenario SQL"``.

    Returns:
        None for a name in :data:`ALLOWED_FUNCTIONS`; otherwise the message for the agent: it
        names the function, except for ``load_extension``, which is refused as an operation a
        read-only query may not do (the message of the other such refusals).
    """
    name = name.lower()
    if name in ALLOWED_FUNCTIONS:
        return None
    if name in _PROCESS_FUNCTIONS and where == "db_query":
        return READ_ONLY_MESSAGE
    if name in _CHANCE_FUNCTIONS:
        return (
            f"random() and randomblob() are not available in {where}: "
            "its answers must not depend on chance"
        )
    return (
        f"the function {name}() is not available in {where}: only core scalar, aggregate and "
        "window functions, date and time, JSON and math functions are"
    )


def apply_limits(db: sqlite3.Connection, limits: dict[int, int] = QUERY_LIMITS) -> dict[int, int]:
    """Set `limits` (:data:`QUERY_LIMITS` by default) on `db`; return the previous values."""
    return {category: db.setlimit(category, value) for category, value in limits.items()}


def restore_limits(db: sqlite3.Connection, previous: dict[int, int]) -> None:
    """Put back the limits :func:`apply_limits` returned."""
    for category, value in previous.items():
        db.setlimit(category, value)


# ---------------------------------------------------------------- guarded functions

_local = threading.local()


def _plain(limits: dict[int, int] | None = None) -> sqlite3.Connection:
    """This thread's plain connection, whose functions are SQLite's own.

    With `limits` (:data:`QUERY_LIMITS` or :data:`SCRIPT_LIMITS`), the one under them, as an
    agent's query or a script runs.
    """
    key = {id(QUERY_LIMITS): "query", id(SCRIPT_LIMITS): "script"}.get(id(limits), "default")
    db: sqlite3.Connection | None = getattr(_local, key, None)
    if db is None:
        db = sqlite3.connect(":memory:")
        if limits is not None:
            apply_limits(db, limits)
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


def call_refusal(
    name: str,
    args: tuple[Any, ...],
    *,
    value_limit: int = QUERY_VALUE_LIMIT,
    where: str = "db_query",
) -> str | None:
    """Why one call of a guarded function is more work than `where` allows, or None.

    Args:
        name: ``printf``, ``format`` or a key of :data:`QUERY_CALL_WORK`.
        args: the call's arguments as SQLite passes them to Python.
        value_limit: the value limit (bytes) the SQL runs under (:data:`QUERY_VALUE_LIMIT` or
            :data:`SCRIPT_VALUE_LIMIT`).
        where: who runs the SQL, for the message (``"db_query"``, ``"scenario SQL"``).

    Returns:
        None when the call may run; otherwise the message, naming the function and the limit.
    """
    if name in ("printf", "format"):
        form = args[0] if args else None
        if isinstance(form, bytes):
            form = form.decode("utf-8", "replace")
        if isinstance(form, str):
            precision = c_precision(form, args[1:])
            if precision > value_limit:
                return (
                    f"{name}(): a %c precision of {precision:,.0f} is larger than the value "
                    f"limit of {value_limit:,} bytes"
                )
            work = format_work(form, args[1:])
            if work > value_limit:
                return (
                    f"{name}(): its widths and %c precisions add up to {work:,.0f} characters, "
                    f"more than the value limit of {value_limit:,} bytes"
                )
        return None
    first = _length(args[0]) if args else 0
    second = _length(args[1]) if len(args) > 1 else 1  # trim's default set is one space
    if first * second > QUERY_CALL_WORK[name]:
        return (
            f"{name}(): arguments of {first:,} and {second:,} characters are more work than "
            f"{where} allows in one call (their product may be at most "
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
    (an agent's query or a script) a call is first checked: against the SQL's budgets
    (:attr:`budget`, so they hold between calls that run with no step in between, e.g. all of
    one row's expressions or the constants SQLite computes once), then by :func:`call_refusal`
    with the value limit of :attr:`limits`; the delegate then runs under :attr:`limits`, as the
    SQL does (``LIKE`` patterns, value length). Inactive, the functions behave exactly as the
    built-ins.

    Attributes:
        active: whether the checks and the limits apply.
        limits: the SQLite limits the SQL runs under (:data:`QUERY_LIMITS` or
            :data:`SCRIPT_LIMITS`).
        where: who runs the SQL, for the messages (``"db_query"``, ``"scenario SQL"``).
        budget: while active, a callable returning why the SQL's budgets are exhausted (or
            None).
        error: the message of the last refusal (SQLite only reports "user-defined function
            raised exception").
        calls: calls since the owner last reset it (the work budget charges each).
    """

    def __init__(self) -> None:
        """An inactive guard: the functions behave as the built-ins until a query activates it."""
        self.active = False
        self.limits: dict[int, int] = QUERY_LIMITS
        self.where = "db_query"
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
            self.error = (
                f"{'query' if self.where == 'db_query' else 'SQL'} stopped: {stopped}"
                if stopped
                else call_refusal(
                    name,
                    args,
                    value_limit=self.limits[sqlite3.SQLITE_LIMIT_LENGTH],
                    where=self.where,
                )
            )
            if self.error is not None:
                raise ValueError(self.error)
        marks = ", ".join("?" * len(args))
        plain = _plain(self.limits if self.active else None)
        try:
            # `name` comes from the fixed list above, never from SQL text
            return plain.execute(f"SELECT {name}({marks})", args).fetchone()[0]
        except sqlite3.Error as exc:
            self.error = f"SQL error: {exc}"  # e.g. an ESCAPE of two characters
            raise


# ---------------------------------------------------------------- SQLite's heap


def _sqlite_function(name: str, restype: Any, argtypes: list[Any]) -> Any | None:
    """A function of the SQLite library Python's sqlite3 runs on (via ctypes), or None.

    Looked up in the ``_sqlite3`` extension, which links SQLite statically or not.
    """
    try:
        function = getattr(ctypes.CDLL(_sqlite3.__file__), name)
    except (OSError, AttributeError):
        return None
    function.restype, function.argtypes = restype, argtypes
    return function


def _memory_meter() -> Callable[[], int] | None:
    """``sqlite3_memory_used`` of the SQLite library Python's sqlite3 runs on, or None.

    Checked: a 100 KB value held by a fresh statement must show in it, or the meter counts
    another copy of the library and is not used.
    """
    function = _sqlite_function("sqlite3_memory_used", ctypes.c_int64, [])
    if function is None:
        return None
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
so it is read as a difference over one query or script."""

_hard_heap_limit: Callable[[int], int] | None = (
    _sqlite_function("sqlite3_hard_heap_limit64", ctypes.c_int64, [ctypes.c_int64])
    if sqlite_memory_used is not None
    else None
)
"""SQLite's ``sqlite3_hard_heap_limit64(n)`` (sets the process-wide limit in bytes, 0 for
none, a negative `n` only reads it; returns the previous limit), or None."""

_soft_heap_limit: Callable[[int], int] | None = (
    _sqlite_function("sqlite3_soft_heap_limit64", ctypes.c_int64, [ctypes.c_int64])
    if sqlite_memory_used is not None
    else None
)
"""SQLite's ``sqlite3_soft_heap_limit64(n)`` (the same for the soft limit; setting it, even to
its current value, also sets whether the heap counts as nearly full), or None."""

HEAP_HEADROOM = 16 * 2**20
"""Bytes SQLite may allocate past a piece of SQL's memory budget, while it runs, before
allocations fail (:func:`heap_ceiling`). The budgets themselves are read by the progress
handler and the authorizer and give the usual message; the ceiling is for what happens between
two readings. The headroom keeps other connections of the process (the workbench's own SQLite
database, an S0 image of at most :data:`SCRIPT_DATABASE_LIMIT` being loaded in another thread)
from failing on an ordinary allocation while a query is near its budget, and keeps a query's
peak (24 + 16 MiB of SQLite's count) and a script group's (48 + 16 MiB) under the 100 MiB of
RSS a page, validation or replay may add (RSS runs about a third above SQLite's count when a
statement's parse tree is made of many small allocations)."""

HEAP_LOCK = threading.Lock()
"""Held while an agent's query or a script runs. :data:`sqlite_memory_used` counts every
connection of the process, so two pieces of SQL of a threaded worker or server running at once
would each be charged for the other; they take milliseconds (a script at most
:data:`SCRIPT_TIME_BUDGET`), so one at a time costs little."""


@contextmanager
def heap_ceiling(budget: int, base: int | None = None) -> Iterator[None]:
    """Make SQLite's allocations fail past `budget` bytes over `base` (+ :data:`HEAP_HEADROOM`).

    SQLite prepares a statement without calling back: it copies the body of a CTE or a view
    once for each use as it expands the statement, before the authorizer or the progress handler
    runs, so the budgets cannot see it (h24 attack: CTEs nested 16 deep around a 9 KB literal,
    each used twice by the next, took 1.3 GB in one ``db_query``; a 900 KB literal used 800
    times, 1.4 GB in a script). Under the ceiling the allocation fails, the statement fails with
    ``SQLITE_NOMEM`` (Python's sqlite3 raises :class:`MemoryError`) and the connection stays
    usable. Enter it while holding :data:`HEAP_LOCK`; the previous limit is restored on exit,
    and SQLite's "nearly full" state with it (else its page caches stay small afterwards).
    Where SQLite's heap functions cannot be reached it does nothing.

    The limit is process-wide: while it is set, another thread's SQLite work outside
    :data:`HEAP_LOCK` (the workbench's own SQLite database in the embedded default) fails too
    once the guarded SQL has taken the heap up to it, which only hostile SQL does.

    Args:
        budget: bytes (the query's or script group's memory budget).
        base: SQLite's heap (bytes) the budget counts from (a script group's start); None: now.
    """
    if _hard_heap_limit is None or _soft_heap_limit is None or sqlite_memory_used is None:
        yield
        return
    ceiling = (sqlite_memory_used() if base is None else base) + budget + HEAP_HEADROOM
    previous = _hard_heap_limit(-1)
    _hard_heap_limit(min(ceiling, previous) if previous > 0 else ceiling)
    try:
        yield
    finally:
        _hard_heap_limit(previous)
        _soft_heap_limit(_soft_heap_limit(-1))  # re-reads SQLite's "nearly full" state


# ---------------------------------------------------------------- arena connections


class ArenaConnection(sqlite3.Connection):
    """A connection to an arena database, with the :class:`FunctionGuard` installed.

    Temporary storage is kept in memory where SQLite's heap can be read (so the memory budgets
    see sorts and temporary b-trees, and nothing is written to disk).

    Attributes:
        guard: the guarded functions of this connection; queries and scripts activate them.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Open as :class:`sqlite3.Connection` does, then install the guard."""
        super().__init__(*args, **kwargs)
        self.guard = FunctionGuard()
        self.guard.install(self)
        if sqlite_memory_used is not None:
            self.execute("PRAGMA temp_store = MEMORY")


def open_arena_db(*, check_same_thread: bool = True) -> ArenaConnection:
    """A new in-memory arena database, guarded (the only way the product opens one)."""
    return sqlite3.connect(":memory:", check_same_thread=check_same_thread, factory=ArenaConnection)


def load_image(db: sqlite3.Connection, image: bytes) -> None:
    """Load a serialized environment database into `db`, refusing one past the size limit.

    It takes :data:`HEAP_LOCK` (the copy is up to :data:`SCRIPT_DATABASE_LIMIT` of SQLite's
    heap, which must not land under another thread's :func:`heap_ceiling`).

    Raises:
        ArenaError: `image` is larger than :data:`SCRIPT_DATABASE_LIMIT` (e.g. stored before
            the limit existed); nothing is loaded.
    """
    if len(image) > SCRIPT_DATABASE_LIMIT:
        raise ArenaError(
            f"the environment database is {len(image):,} bytes, more than the limit of "
            f"{SCRIPT_DATABASE_LIMIT:,} bytes"
        )
    with HEAP_LOCK:
        db.deserialize(image)


def save_image(db: sqlite3.Connection) -> bytes:
    """The serialized database of `db` (``serialize``), taken under :data:`HEAP_LOCK`."""
    with HEAP_LOCK:
        return db.serialize()


# ---------------------------------------------------------------- SQL text

_CLOSING = {"'": "'", '"': '"', "`": "`", "[": "]"}


def _segments(sql: str) -> Iterator[tuple[str, int, int]]:
    """(kind, start, end) of the runs of `sql`: ``code``, ``comment`` or ``quoted``.

    Linear in the length of `sql`; an unterminated comment or literal runs to the end (SQLite
    reports the error when it prepares the statement).
    """
    i = start = 0
    n = len(sql)
    while i < n:
        char = sql[i]
        if sql.startswith("--", i):
            found = sql.find("\n", i)
            kind, end = "comment", n if found < 0 else found
        elif sql.startswith("/*", i):
            found = sql.find("*/", i + 2)
            kind, end = "comment", n if found < 0 else found + 2
        elif char in _CLOSING:
            found = sql.find(_CLOSING[char], i + 1)
            kind, end = "quoted", n if found < 0 else found + 1
        else:
            i += 1
            continue
        if start < i:
            yield "code", start, i
        yield kind, i, end
        i = start = end
    if start < n:
        yield "code", start, n


def sql_code(sql: str) -> tuple[str, int]:
    """The SQL text with comments blanked and quoted literals/identifiers reduced to ``''``.

    What is left is the statement's code, so keywords and ``;`` inside comments or strings cannot
    fool (or trip) checks made on the text.

    Returns:
        (the code, the index in `sql` of its first ``;`` outside comments and literals, or
        ``len(sql)`` when there is none).
    """
    out: list[str] = []
    first = len(sql)
    for kind, start, end in _segments(sql):
        if kind == "code":
            if first == len(sql) and (found := sql.find(";", start, end)) >= 0:
                first = found
            out.append(sql[start:end])
        else:
            out.append(" " if kind == "comment" else "''")
    return "".join(out), first


def split_statements(sql: str) -> list[str]:
    """The statements of a script, each with its ``;``; pieces of only comments are left out.

    Cut at every ``;`` outside comments and quoted text (a trigger's body would be cut too:
    scripts may not create triggers, :data:`SCRIPT_ACTIONS`).
    """
    pieces: list[str] = []
    begin, has_code = 0, False
    for kind, start, end in _segments(sql):
        if kind != "code":
            has_code = has_code or kind == "quoted"
            continue
        position = start
        while (found := sql.find(";", position, end)) >= 0:
            if has_code or sql[position:found].strip():
                pieces.append(sql[begin : found + 1])
            begin = position = found + 1
            has_code = False
        has_code = has_code or bool(sql[position:end].strip())
    if has_code:
        pieces.append(sql[begin:])
    return pieces


# ---------------------------------------------------------------- scripts

SCRIPT = "scenario SQL"
"""How the messages name a script (``database.sql``, records' and events' SQL)."""

SCRIPT_ACTIONS: frozenset[int] = frozenset(
    {
        sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, sqlite3.SQLITE_RECURSIVE,
        sqlite3.SQLITE_INSERT, sqlite3.SQLITE_UPDATE, sqlite3.SQLITE_DELETE,
        sqlite3.SQLITE_CREATE_TABLE, sqlite3.SQLITE_CREATE_INDEX, sqlite3.SQLITE_CREATE_VIEW,
        sqlite3.SQLITE_DROP_TABLE, sqlite3.SQLITE_DROP_INDEX, sqlite3.SQLITE_DROP_VIEW,
        sqlite3.SQLITE_ALTER_TABLE, sqlite3.SQLITE_REINDEX, sqlite3.SQLITE_TRANSACTION,
        sqlite3.SQLITE_SAVEPOINT, sqlite3.SQLITE_FUNCTION,
    }
)  # fmt: skip
"""Authorizer actions a script may take (an allow-list): the seeds use CREATE TABLE / INDEX,
INSERT, UPDATE and SELECT; views, DELETE, ALTER, DROP and transactions are ordinary too, and
SQLite asks for REINDEX when it creates an index on an expression.
Functions come from :data:`ALLOWED_FUNCTIONS`. Everything else is refused: ATTACH (also
``VACUUM INTO``), DETACH and PRAGMA (files on the server, the connection's settings), triggers
and temporary objects, virtual tables, ANALYZE and REINDEX."""

SCRIPT_REFUSED_KINDS = (
    "only CREATE TABLE/INDEX/VIEW, ALTER TABLE, DROP, INSERT, UPDATE, DELETE, SELECT and "
    "transactions are allowed (no ATTACH, DETACH, VACUUM INTO or PRAGMA, no triggers, "
    "temporary or virtual tables, no generated columns)"
)

HIDDEN_TABLES = frozenset({"dbstat", "sqlite_stmt", "sqlite_dbpage", "bytecode", "tables_used"})
"""Eponymous virtual tables SQLite may have; refused in queries and scripts alike."""

_ACTION_NAMES: dict[int, str] = {
    getattr(sqlite3, name): name.removeprefix("SQLITE_").replace("_", " ")
    for name in dir(sqlite3)
    if name.startswith(("SQLITE_CREATE", "SQLITE_DROP"))
    or name
    in (
        "SQLITE_ALTER_TABLE", "SQLITE_ANALYZE", "SQLITE_ATTACH", "SQLITE_DETACH",
        "SQLITE_PRAGMA",
    )
}  # fmt: skip


class ScriptRefused(sqlite3.DatabaseError):
    """A script was stopped: a refused statement, function or a limit (the message says which)."""


_BUDGET_CHECKS = frozenset({sqlite3.SQLITE_SELECT, sqlite3.SQLITE_FUNCTION})
"""Authorizer actions at which the budgets are read while a statement is prepared: each
compiled SELECT (one per use of a CTE or a view) and each function call."""


class _ScriptAuthorizer:
    """The authorizer of a script: :data:`SCRIPT_ACTIONS` and :data:`ALLOWED_FUNCTIONS` only.

    While a statement is prepared it also counts the calls of :data:`SCRIPT_CALL_LIMIT` and
    checks `budget` at every callback: SQLite copies a CTE's or a view's body for each use
    before it runs a step, so a statement can need hundreds of MiB before its first
    progress-handler call (a 900 KB literal in a CTE used 800 times: 1.4 GB at prepare).

    Args:
        budget: returns why the budgets are exhausted, or None (:meth:`ScriptBudget.exhausted`).
        actions: the actions allowed (:data:`SCRIPT_ACTIONS`; reads for :func:`read_rows`).
        where: who runs the SQL, for the messages.
    """

    def __init__(
        self,
        budget: Callable[[], str | None] | None = None,
        actions: frozenset[int] | None = None,
        where: str = SCRIPT,
    ) -> None:
        self.reason: str | None = None
        self.calls = 0
        self.defines_columns = False
        """Whether the statement creates or alters a table (it may add a generated column)."""
        self._budget = budget
        self._actions = SCRIPT_ACTIONS if actions is None else actions
        self._where = where

    def statement(self) -> None:
        """A new statement is prepared: its calls are counted from zero."""
        self.calls = 0
        self.defines_columns = False

    def __call__(self, action: int, arg1: str | None, arg2: str | None, *_: Any) -> int:
        if (
            action in _BUDGET_CHECKS
            and self._budget is not None
            and (stopped := self._budget()) is not None
        ):
            return self._deny(f"{self._where} stopped: {stopped}")
        if (arg1 or "").lower() in HIDDEN_TABLES:
            return self._deny(f"the table {arg1} is not available in {self._where}")
        if action == sqlite3.SQLITE_FUNCTION:
            name = (arg2 or "").lower()
            refused = refusal(name, self._where)
            if refused is not None:
                return self._deny(refused)
            if name not in SMALL_RESULT_FUNCTIONS:
                self.calls += 1
                if self.calls > SCRIPT_CALL_LIMIT:
                    return self._deny(
                        f"one statement of {self._where} may call functions that build values "
                        f"(all but numeric and date/time ones) at most {SCRIPT_CALL_LIMIT} "
                        "times"
                    )
            return sqlite3.SQLITE_OK
        if action in self._actions:
            if action in (sqlite3.SQLITE_CREATE_TABLE, sqlite3.SQLITE_ALTER_TABLE):
                self.defines_columns = True
            return sqlite3.SQLITE_OK
        what = _ACTION_NAMES.get(action, "that operation")
        detail = f" {arg1}" if action == sqlite3.SQLITE_PRAGMA and arg1 else ""
        if self._actions is not SCRIPT_ACTIONS:
            return self._deny(f"{what}{detail} is not allowed in {self._where}: reads only")
        return self._deny(f"{what}{detail} is not allowed in {SCRIPT}: {SCRIPT_REFUSED_KINDS}")

    def _deny(self, reason: str) -> int:
        if self.reason is None:
            self.reason = reason
        return sqlite3.SQLITE_DENY


def _generated_columns(db: sqlite3.Connection) -> list[str]:
    """``table.column`` of every generated column (VIRTUAL or STORED) of the database."""
    return [
        f"{table}.{column}"
        for table, column in db.execute(
            "SELECT m.name, x.name FROM sqlite_master AS m, pragma_table_xinfo(m.name) AS x "
            "WHERE m.type = 'table' AND x.hidden IN (2, 3) ORDER BY m.name, x.cid"
        )
    ]


_SCRIPT_MEMORY_MESSAGE = f"it needs more than {SCRIPT_MEMORY_BUDGET // 2**20} MiB of memory"


class ScriptBudget:
    """The step, memory and CPU budgets of a group of scripts (one S0 build, one replayed event).

    Steps, CPU time and memory add up over every :func:`run_script` given the same budget: the
    memory budget holds for the group (SQLite's heap is process-wide, so it is read as the
    difference from where it stood when the group's first script started, under
    :data:`HEAP_LOCK`; a database the group's first script fills counts against the later
    ones).

    Attributes:
        steps: VM steps and charged function calls so far.
        cpu: CPU seconds of the finished scripts.
        stopped: why a script was stopped, or None; once set, every later check fails.
    """

    def __init__(
        self, *, step_limit: int = SCRIPT_STEP_LIMIT, time_budget: float = SCRIPT_TIME_BUDGET
    ) -> None:
        """A fresh budget (nothing spent yet) of `step_limit` steps and `time_budget` seconds."""
        self.step_limit, self.time_budget = step_limit, time_budget
        self.steps = 0
        self.cpu = 0.0
        self.stopped: str | None = None
        self._calls: Callable[[], int] = lambda: 0
        self._calls_start = 0
        self.memory_start: int | None = None
        """SQLite's heap (bytes) when the group's first script started; None before."""
        self._wall_start = self._cpu_start = 0.0

    def start(self, calls: Callable[[], int]) -> None:
        """A script starts; `calls` counts the Python-defined function calls made so far."""
        self._calls, self._calls_start = calls, calls()
        if self.memory_start is None:
            self.memory_start = sqlite_memory_used() if sqlite_memory_used is not None else 0
        self._wall_start, self._cpu_start = time.perf_counter(), time.thread_time()

    def stop(self) -> None:
        """The script ended: keep its charged calls and CPU time."""
        self.steps += (self._calls() - self._calls_start) * CALL_COST
        self.cpu += time.thread_time() - self._cpu_start
        self._calls = lambda: 0
        self._calls_start = 0

    def exhausted(self) -> str | None:
        """Why the budgets are exhausted, or None (remembered in :attr:`stopped`)."""
        if self.stopped is not None:
            return self.stopped
        if self.steps + (self._calls() - self._calls_start) * CALL_COST > self.step_limit:
            self.stopped = f"it takes more than {self.step_limit:,} steps"
        elif (
            sqlite_memory_used is not None
            and sqlite_memory_used() - (self.memory_start or 0) > SCRIPT_MEMORY_BUDGET
        ):
            self.stopped = _SCRIPT_MEMORY_MESSAGE
        elif (
            self.cpu + time.perf_counter() - self._wall_start > self.time_budget
            and self.cpu + time.thread_time() - self._cpu_start > self.time_budget
        ):  # wall time first: reading the thread's CPU time costs a system call
            self.stopped = f"it takes more than {self.time_budget:g} s of CPU time"
        return self.stopped

    def out_of_memory(self) -> str:
        """An allocation failed under the :class:`heap_ceiling`: the memory budget is spent.

        Returns:
            why the budgets are exhausted (remembered in :attr:`stopped`).
        """
        if self.stopped is None:
            self.stopped = _SCRIPT_MEMORY_MESSAGE
        return self.stopped

    def progress(self) -> int:
        """SQLite's progress handler: non-zero interrupts the statement."""
        self.steps += SCRIPT_PROGRESS_INTERVAL
        return 0 if self.exhausted() is None else 1


_LIMIT_ERRORS = (
    "too many columns",
    "too many terms",
    "expression tree is too large",
    "too many arguments",
    "too many sql variables",
    "program too big",
    "too many levels of trigger",
    "pattern too complex",
    "statement too long",
)
"""SQLite's messages for the limits of :data:`SCRIPT_LIMITS` other than the length ones."""


def _excerpt(statement: str) -> str:
    """The start of a statement for a message: whitespace collapsed, at most 120 characters."""
    text = " ".join(statement[:400].split())
    return text if len(text) <= 120 else text[:119] + "…"


def run_script(
    db: ArenaConnection,
    clock: SqlClock,
    sql: str,
    *,
    budget: ScriptBudget | None = None,
) -> None:
    """Run scenario SQL on an arena database under the guard (DESIGN §3.4).

    Scenario SQL (an environment's ``database.sql``, records' ``db`` statements, a
    ``db.executed`` event's SQL) comes from seed files, imports and the construction pipeline's
    LLM output, so it runs statement by statement with: the statement kinds of
    :data:`SCRIPT_ACTIONS` and the functions of :data:`ALLOWED_FUNCTIONS` only;
    :data:`SCRIPT_LIMITS` (values of at most :data:`SCRIPT_VALUE_LIMIT` bytes, statements of at
    most :data:`SCRIPT_SQL_LIMIT`); the guarded functions active with that value limit; a
    database of at most :data:`SCRIPT_DATABASE_LIMIT` bytes (``max_page_count``, set here);
    and `budget`'s steps, memory and CPU time. Limits, authorizer and handlers are lifted
    afterwards (an agent's ``db_query`` sets its own). As ``executescript`` does, a pending
    transaction is committed first and the statements run in autocommit mode.

    Args:
        db: the database (:func:`open_arena_db`); the clock is installed on it.
        clock: its simulated clock (``'now'`` is its ``now``; an error when None).
        sql: one or more statements.
        budget: the budget this script shares with others (one S0 build); None: its own.

    Raises:
        ScriptRefused: a script longer than :data:`SCRIPT_TEXT_LIMIT`; a refused statement
            kind or function, or a limit or budget hit (the message names it and the statement,
            an excerpt).
        sqlite3.Error: the SQL fails otherwise; a refusal of the clock carries its own message.
    """
    if len(sql) > SCRIPT_TEXT_LIMIT:
        raise ScriptRefused(
            f"{SCRIPT} of {len(sql):,} characters is refused unread: the limit is "
            f"{SCRIPT_TEXT_LIMIT:,}"
        )
    budget = budget if budget is not None else ScriptBudget()
    guard = db.guard
    clock.error, guard.error = None, None
    authorizer = _ScriptAuthorizer(budget.exhausted)
    if db.in_transaction:
        db.commit()
    isolation = db.isolation_level
    db.isolation_level = None
    page_size = db.execute("PRAGMA page_size").fetchone()[0]
    db.execute(f"PRAGMA max_page_count = {SCRIPT_DATABASE_LIMIT // page_size}")
    release = _guard(db, authorizer, budget, SCRIPT)
    statement = ""
    try:
        with HEAP_LOCK:
            budget.start(lambda: clock.calls + guard.calls)
            try:
                with heap_ceiling(SCRIPT_MEMORY_BUDGET, budget.memory_start):
                    for statement in split_statements(sql):
                        authorizer.statement()
                        if _may_define_columns(statement):
                            _run_defining(db, authorizer, statement)
                            continue
                        for _row in db.execute(statement):
                            pass  # a SELECT runs to its end, as in executescript
                        if authorizer.defines_columns:  # (not seen in the text: refused as is)
                            _refuse_generated_columns(db, authorizer, statement)
            finally:
                budget.stop()
    except ScriptRefused:
        raise
    except MemoryError as exc:  # SQLITE_NOMEM under the heap ceiling (while preparing, say)
        raise ScriptRefused(
            f"{SCRIPT} stopped: {budget.out_of_memory()}, in the statement {_excerpt(statement)!r}"
        ) from exc
    except sqlite3.Error as exc:
        reason = _refusal_reason(exc, budget, guard, authorizer, statement)
        if reason is None:
            raise type(exc)(clock.explain(exc)) from exc
        raise ScriptRefused(f"{reason}, in the statement {_excerpt(statement)!r}") from exc
    finally:
        release()
        db.isolation_level = isolation


def _guard(
    db: ArenaConnection, authorizer: _ScriptAuthorizer, budget: ScriptBudget, where: str
) -> Callable[[], None]:
    """Put `db` under the guard of a script or a read; returns what lifts it again.

    :data:`SCRIPT_LIMITS`, `authorizer`, the guarded functions active (messages naming `where`)
    and `budget`'s progress handler; lifting restores the limits and the guard of `db_query`.
    """
    guard = db.guard
    limits = apply_limits(db, SCRIPT_LIMITS)
    guard.active, guard.limits, guard.where, guard.budget = (
        True,
        SCRIPT_LIMITS,
        where,
        budget.exhausted,
    )
    db.set_authorizer(authorizer)
    db.set_progress_handler(budget.progress, SCRIPT_PROGRESS_INTERVAL)

    def release() -> None:
        guard.active, guard.budget = False, None
        guard.limits, guard.where = QUERY_LIMITS, "db_query"
        db.set_authorizer(None)
        db.set_progress_handler(None, 0)
        restore_limits(db, limits)

    return release


_DEFINES_COLUMNS = re.compile(r"\s*(?:CREATE|ALTER)\b", re.IGNORECASE)
_SAVEPOINT = "halo_defines_columns"


def _may_define_columns(statement: str) -> bool:
    """True for a CREATE or ALTER statement (comments and literals skipped; cheap otherwise)."""
    upper = statement.upper()
    return ("CREATE" in upper or "ALTER" in upper) and bool(
        _DEFINES_COLUMNS.match(sql_code(statement)[0])
    )


def _run_defining(db: sqlite3.Connection, authorizer: _ScriptAuthorizer, statement: str) -> None:
    """Run a CREATE or ALTER statement in a savepoint; undo it if it made a generated column.

    Raises:
        ScriptRefused: it made a generated column (nothing of it is kept).
        sqlite3.Error: it failed (nothing of it is kept, as for any failed statement).
    """
    db.execute(f"SAVEPOINT {_SAVEPOINT}")
    try:
        for _row in db.execute(statement):
            pass
        _refuse_generated_columns(db, authorizer, statement)
    except BaseException:
        if db.in_transaction:  # an interrupted write has rolled the transaction back itself
            db.execute(f"ROLLBACK TO {_SAVEPOINT}")
            db.execute(f"RELEASE {_SAVEPOINT}")
        raise
    db.execute(f"RELEASE {_SAVEPOINT}")


def _refuse_generated_columns(
    db: sqlite3.Connection, authorizer: _ScriptAuthorizer, statement: str
) -> None:
    """Refuse a statement that made a generated column (the product reads what it computes).

    A VIRTUAL column stores nothing, so a tiny database passes every limit of its script, yet
    every read outside the guard computes it: ``payload BLOB AS (zeroblob(1000000)) VIRTUAL``
    on 1,500 rows added 2.9 GB to a scenario page (h24 attack). No seed uses one.

    Raises:
        ScriptRefused: the database now has a generated column (named in the message).
    """
    db.set_authorizer(None)  # the product's own read of the schema
    try:
        found = _generated_columns(db)
    finally:
        db.set_authorizer(authorizer)
    if found:
        raise ScriptRefused(
            f"generated columns ({', '.join(found[:3])}) are not allowed in {SCRIPT}: "
            f"{SCRIPT_REFUSED_KINDS}, in the statement {_excerpt(statement)!r}"
        )


def _refusal_reason(
    exc: sqlite3.Error,
    budget: ScriptBudget,
    guard: FunctionGuard,
    authorizer: _ScriptAuthorizer,
    statement: str,
) -> str | None:
    """Which guard stopped a script (the limit it hit), or None for an ordinary SQL error."""
    message = str(exc)
    lowered = message.lower()
    name = getattr(exc, "sqlite_errorname", "")
    if budget.stopped is not None and (name == "SQLITE_INTERRUPT" or "interrupted" in lowered):
        return f"{SCRIPT} stopped: {budget.stopped}"
    if guard.error is not None and "user-defined function" in lowered:
        return None if guard.error.startswith("SQL error:") else guard.error
    if authorizer.reason is not None and (
        "not authorized" in lowered or "prohibited" in lowered or "authorization denied" in lowered
    ):
        return authorizer.reason
    if "too many attached" in lowered:
        return f"ATTACH is not allowed in {SCRIPT}: {SCRIPT_REFUSED_KINDS}"
    if name == "SQLITE_TOOBIG" or "too big" in lowered:
        return (
            f"a value or statement is over the limits of {SCRIPT} (values of at most "
            f"{SCRIPT_VALUE_LIMIT:,} bytes, statements of at most {SCRIPT_SQL_LIMIT:,} bytes)"
        )
    if name == "SQLITE_FULL" or "database or disk is full" in lowered:
        return f"the database would grow past the limit of {SCRIPT_DATABASE_LIMIT:,} bytes"
    if any(phrase in lowered for phrase in _LIMIT_ERRORS):
        return f"it is over a limit of {SCRIPT} ({message})"
    if "incomplete input" in lowered and re.match(
        r"\s*create\s+(?:temp\w*\s+)?trigger\b", sql_code(statement)[0], re.IGNORECASE
    ):
        return f"CREATE TRIGGER is not allowed in {SCRIPT}: {SCRIPT_REFUSED_KINDS}"
    return None


# ---------------------------------------------------------------- the product's reads

READ = "a read of arena data"
"""How the messages name one of the product's own reads (:func:`read_rows`)."""

READ_ACTIONS: frozenset[int] = frozenset(
    {sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, sqlite3.SQLITE_RECURSIVE}
)
"""Authorizer actions a read may take (and the functions of :data:`ALLOWED_FUNCTIONS`)."""

READ_BYTE_BUDGET = 8 * 2**20
"""Bytes of fetched rows one read keeps by default, counted as Python holds them
(:func:`held_size`) while rows are fetched; the rest is not fetched. The shipped seeds' largest
table holds well under 100 KB."""

READ_TIME_BUDGET = 0.5
"""CPU seconds one read (or a group sharing a :class:`ScriptBudget`) may take by default."""


def held_size(value: Any) -> int:
    """About the bytes Python holds for one fetched value (object header included)."""
    if isinstance(value, str):
        return 56 + (len(value) if value.isascii() else 4 * len(value))
    if isinstance(value, bytes):
        return 40 + len(value)
    return 32


def row_size(row: tuple[Any, ...]) -> int:
    """About the bytes Python holds for one fetched row (:func:`held_size` of its values)."""
    size = 64 + 16 * len(row)
    for value in row:
        kind = type(value)
        if kind is str:
            size += 56 + (len(value) if value.isascii() else 4 * len(value))
        elif kind is bytes:
            size += 40 + len(value)
        else:
            size += 32
    return size


@dataclass(frozen=True)
class Rows:
    """What a read fetched.

    Attributes:
        columns: the result's column names.
        rows: the rows fetched, in order.
        cut: why the rows stop before the result's end (the byte budget, a value over the
            value limit, the step, memory or CPU budget), for a note; None when all were read.
        over_budget: True when the byte budget cut them.
        size: bytes of the rows fetched (:func:`row_size`), what they take of a byte budget
            shared with other reads.
    """

    columns: list[str]
    rows: list[tuple[Any, ...]]
    cut: str | None = None
    over_budget: bool = False
    size: int = 0


def quote_identifier(identifier: str) -> str:
    """`identifier` (a table or column name) quoted for SQLite: ``"name"``, inner ``"`` doubled."""
    return '"' + identifier.replace('"', '""') + '"'


TABLE_INFO_MEMORY_BUDGET = 8 * 2**20
"""Bytes of SQLite heap finding the columns of one table or view may take (:func:`table_info`);
a table's take none, an ordinary view's a few KB."""


def table_info(db: ArenaConnection, table: str) -> list[tuple[Any, ...]]:
    """``PRAGMA table_info`` of a table or view of arena data, under the heap ceiling.

    A view's columns come from preparing its query, which copies the CTEs and views it uses
    once per use (h24 re-attack: a view over CTEs nested 12 deep, each joining three copies of
    the last, took +741 MiB and 2.4 s for one V06 column lookup); the ceiling stops it at
    :data:`TABLE_INFO_MEMORY_BUDGET`.

    Args:
        db: the database (:func:`open_arena_db`).
        table: the table's or view's name as stored (it is quoted here).

    Returns:
        One row per column: (cid, name, type, notnull, default, pk), as SQLite gives them.

    Raises:
        ScriptRefused: reading the columns needs more than the memory budget.
    """
    sql = f"PRAGMA table_info({quote_identifier(table)})"
    try:
        with HEAP_LOCK, heap_ceiling(TABLE_INFO_MEMORY_BUDGET):
            return db.execute(sql).fetchall()
    except MemoryError as exc:
        raise ScriptRefused(
            f"the columns of {table} cannot be read: they need more than "
            f"{TABLE_INFO_MEMORY_BUDGET // 2**20} MiB of memory"
        ) from exc


def read_rows(
    db: ArenaConnection,
    sql: str,
    params: tuple[Any, ...] = (),
    *,
    byte_budget: int = READ_BYTE_BUDGET,
    budget: ScriptBudget | None = None,
) -> Rows:
    """Run one of the product's own reads of arena data under the guard (DESIGN §3.4).

    Every read the product makes of an arena database — the viewer's table counts and
    snapshots, the validator's key-evidence and id reads, the corpus checks — goes through
    here, as scenario SQL goes through :func:`run_script`: the data was written by seeds, the
    pipeline's LLM output or an import, and a view or an expression it defines runs when it is
    read. So the read runs with reads and :data:`ALLOWED_FUNCTIONS` only, under
    :data:`SCRIPT_LIMITS` (values of at most :data:`SCRIPT_VALUE_LIMIT` bytes), the guarded
    functions active, `budget`'s steps, memory and CPU time, and a byte budget counted while
    rows are fetched one at a time (never materialising more than `byte_budget`).

    Args:
        db: the database (:func:`open_arena_db`).
        sql: one ``SELECT`` statement (the product's own text; identifiers quoted).
        params: its parameters.
        byte_budget: bytes of rows kept (:func:`held_size`); the first row past it is not kept.
        budget: steps and CPU time shared with other reads; None: its own of
            :data:`READ_TIME_BUDGET` seconds.

    Returns:
        The rows; :attr:`Rows.cut` says why they stop early, if they do.

    Raises:
        ScriptRefused: the read needs a refused function or operation (e.g. a view's), or a
            guarded function's call is refused.
        sqlite3.Error: the SQL fails otherwise (e.g. ``rowid`` of a WITHOUT ROWID table).
    """
    budget = budget if budget is not None else ScriptBudget(time_budget=READ_TIME_BUDGET)
    guard = db.guard
    guard.error = None
    authorizer = _ScriptAuthorizer(budget.exhausted, READ_ACTIONS, READ)
    release = _guard(db, authorizer, budget, READ)
    columns: list[str] = []
    rows: list[tuple[Any, ...]] = []
    cut: str | None = None
    size = 0
    over_budget = False
    try:
        with HEAP_LOCK:
            budget.start(lambda: guard.calls)
            try:
                with heap_ceiling(SCRIPT_MEMORY_BUDGET, budget.memory_start):
                    cursor = db.execute(sql, params)
                    columns = [d[0] for d in cursor.description or ()]
                    try:
                        for row in cursor:  # one row at a time
                            taken = row_size(row)
                            if size + taken > byte_budget:
                                cut = f"more than {byte_budget:,} bytes of rows"
                                over_budget = True
                                break
                            size += taken
                            rows.append(row)
                    finally:
                        cursor.close()
            finally:
                budget.stop()
    except MemoryError:  # SQLITE_NOMEM under the heap ceiling
        cut = f"{READ} stopped: {budget.out_of_memory()}"
    except sqlite3.Error as exc:
        lowered = str(exc).lower()
        if budget.stopped is not None:
            cut = f"{READ} stopped: {budget.stopped}"
        elif getattr(exc, "sqlite_errorname", "") == "SQLITE_TOOBIG" or "too big" in lowered:
            cut = f"a value is over the limit of {SCRIPT_VALUE_LIMIT:,} bytes"
        elif guard.error is not None and "user-defined function" in lowered:
            if guard.error.startswith("SQL error:"):
                raise
            raise ScriptRefused(guard.error) from exc
        elif authorizer.reason is not None and "not authorized" in lowered:
            raise ScriptRefused(authorizer.reason) from exc
        else:
            raise
    finally:
        release()
    return Rows(columns, rows, cut, over_budget=over_budget, size=size)
