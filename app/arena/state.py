"""Arena state: S0 images and sandboxes (DESIGN.md §3.1, §3.4).

An :class:`S0` is an immutable image of a scenario's initial state (environment base ⊕ scenario
initial records ⊕ noise records): the app records, the text files, and the SQLite database as
serialized bytes. A :class:`Sandbox` is a private, mutable copy of one S0; building one costs a
dict copy per collection plus one ``sqlite3`` deserialize, which is what keeps reset + replay
cheap. Records are plain dicts in contract form and are never mutated in place (updates replace
the dict), so sandboxes can share record objects with their S0 safely.
"""

from __future__ import annotations

import posixpath
import re
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from app.arena.errors import ArenaError, CommandError
from app.arena.schema import (
    COLLECTION_PATHS,
    AppRecords,
    EnvironmentSpec,
    ScenarioRecords,
    ScenarioSpec,
    collection_records,
    dump_record,
)
from app.arena.sqlclock import CALL_COST, SqlClock
from app.arena.sqlguard import (
    HEAP_LOCK,
    HIDDEN_TABLES,
    QUERY_CALL_LIMIT,
    QUERY_LIMITS,
    QUERY_SQL_LIMIT,
    READ_ONLY_MESSAGE,
    ArenaConnection,
    FunctionGuard,
    ScriptBudget,
    apply_limits,
    heap_ceiling,
    load_image,
    open_arena_db,
    refusal,
    restore_limits,
    run_script,
    save_image,
    sql_code,
    sqlite_memory_used,
)

Collection = tuple[str, str]
"""(app, collection) — e.g. ("email", "messages"); contacts live at ("contacts", "contacts")."""

COLLECTIONS: tuple[Collection, ...] = tuple(COLLECTION_PATHS)
"""The app collections, in file order (:data:`app.arena.schema.COLLECTION_PATHS`)."""

QUERY_ROW_LIMIT = 200
QUERY_STEP_BUDGET = 2_000_000
"""SQLite virtual-machine steps one `db_query` may take (counted every
:data:`QUERY_PROGRESS_INTERVAL` steps; each call of a Python-defined function costs
:data:`~app.arena.sqlclock.CALL_COST`)."""
QUERY_MEMORY_BUDGET = 24 * 2**20
"""Bytes of SQLite heap one `db_query` may add while it runs: constant values, sorts, DISTINCT,
materialised CTEs and the pending row (temporary tables are kept in memory so they count)."""
QUERY_TIME_BUDGET = 1.0
"""CPU seconds one `db_query` may take (the querying thread's; a backstop for single steps that
do a lot of work on large values, which the step budget does not see)."""
QUERY_RESULT_BUDGET = 2**20
"""Bytes of values one `db_query` result may hold, counted row by row while fetching (UTF-8 text
and blob bytes, plus 8 a value): the row that would exceed it and those after it are cut off (a
first row over it alone is refused), so no more than one row past the budget is ever fetched."""
QUERY_PROGRESS_INTERVAL = 20
"""Steps between two checks of the budgets (a check costs about 1 µs)."""
TABLE_FUNCTIONS: tuple[str, ...] = ("json_each", "json_tree", "pragma_table_info")
"""The table-valued functions `db_query` allows: read-only, for unpacking JSON and reading a
table's columns. Every other one (``pragma_user_version``, ``dbstat``, ...) is refused."""


def iter_records(records: AppRecords) -> Iterator[tuple[Collection, dict[str, Any]]]:
    """Yield ((app, collection), record dict) for every app record in `records`, in file order."""
    for key in COLLECTIONS:
        for record in collection_records(records, key):
            yield key, dump_record(record)


def normalise_path(path: str) -> str:
    """Confine a virtual file path to the environment root (DESIGN §3.4).

    Args:
        path: an absolute virtual path such as ``/home/notes.txt``.

    Returns:
        The normalised path (``/a/./b`` → ``/a/b``, ``//a//b/`` → ``/a/b``; ``/`` stays ``/``).

    Raises:
        CommandError: a relative path, a ``..`` component, a NUL or a backslash.
    """
    if not isinstance(path, str) or not path.startswith("/"):
        raise CommandError(f"path {path!r} must be absolute, starting at the environment root '/'")
    if "\x00" in path or "\\" in path:
        raise CommandError(f"path {path!r} contains a forbidden character")
    if ".." in path.split("/"):
        raise CommandError(f"path {path!r} leaves the environment root ('..' is refused)")
    normal = posixpath.normpath(path)
    return "/" + normal.lstrip("/")


@dataclass(frozen=True)
class S0:
    """Immutable initial state of one scenario.

    Attributes:
        environment_id: the environment's id.
        scenario_id: the scenario's id.
        persona: persona dict (name, email, chat_handle, role, responsibilities, permissions).
        timezone: the environment's IANA time zone.
        collections: (app, collection) → {record id → record dict}, in insertion order.
        files: virtual path → UTF-8 text.
        db_image: the SQLite database, serialized (``sqlite3.Connection.serialize``).
    """

    environment_id: str
    scenario_id: str
    persona: dict[str, Any]
    timezone: ZoneInfo
    collections: dict[Collection, dict[str, dict[str, Any]]]
    files: dict[str, str]
    db_image: bytes


def build_s0(
    environment: EnvironmentSpec,
    database_sql: str,
    files: dict[str, str],
    scenario: ScenarioSpec,
) -> S0:
    """Compose S0 = environment base ⊕ scenario initial records ⊕ noise records (DESIGN §2).

    Args:
        environment: the parsed `environment.json`.
        database_sql: the environment's `database.sql` script.
        files: the environment's files, virtual path → text.
        scenario: the parsed scenario file.

    Returns:
        The scenario's :class:`S0`.

    All its SQL runs under one :class:`~app.arena.sqlguard.ScriptBudget`
    (:func:`~app.arena.sqlguard.run_script`), so a hostile environment stored before a limit
    existed fails here with the limit it hits, wherever S0 is built (validation, pages, runs).

    Raises:
        ArenaError: duplicate ids within an app collection, a bad path or SQL that fails or is
            refused by the guard (SQL that reads ``'now'`` fails too: S0 has no simulated now,
            see :mod:`app.arena.sqlclock`).
    """
    collections: dict[Collection, dict[str, dict[str, Any]]] = {key: {} for key in COLLECTIONS}
    sources: list[tuple[str, AppRecords]] = [
        ("environment", environment.apps),
        ("initial_records", scenario.initial_records),
        ("noise_records", scenario.noise_records),
    ]
    for source, records in sources:
        for key, record in iter_records(records):
            if record["id"] in collections[key]:
                raise ArenaError(f"{source}: duplicate id {record['id']!r} in {key[0]}.{key[1]}")
            collections[key][record["id"]] = record
    try:
        all_files = {normalise_path(path): text for path, text in files.items()}
        for part in (scenario.initial_records, scenario.noise_records):
            all_files.update({normalise_path(path): text for path, text in part.files.items()})
    except CommandError as exc:
        raise ArenaError(f"files: {exc}") from exc

    timezone = ZoneInfo(environment.timezone)
    db = open_arena_db()
    clock = SqlClock(timezone)  # S0 has no simulated now: 'now' in its SQL is an error
    clock.install(db)
    budget = ScriptBudget()
    try:
        try:
            run_script(db, clock, database_sql, budget=budget)
        except sqlite3.Error as exc:
            raise ArenaError(f"database.sql of {environment.id}: {exc}") from exc
        for part_name, part in (
            ("initial_records", scenario.initial_records),
            ("noise_records", scenario.noise_records),
        ):
            for index, statement in enumerate(part.db):
                try:
                    run_script(db, clock, statement, budget=budget)
                except sqlite3.Error as exc:
                    raise ArenaError(f"{part_name}.db[{index}]: {exc}") from exc
        db.commit()
        image = save_image(db)
    finally:
        db.close()
    return S0(
        environment_id=environment.id,
        scenario_id=scenario.id,
        persona=environment.persona.model_dump(mode="json"),
        timezone=timezone,
        collections=collections,
        files=all_files,
        db_image=image,
    )


def scenario_record_count(records: ScenarioRecords) -> int:
    """How many records a scenario part holds (each record, file and SQL statement counts 1)."""
    return sum(1 for _ in iter_records(records)) + len(records.files) + len(records.db)


_READ_ACTIONS = {sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, sqlite3.SQLITE_RECURSIVE}
_TABLE_FUNCTIONS_NOTE = (
    f"{READ_ONLY_MESSAGE} (of the table-valued functions, {', '.join(TABLE_FUNCTIONS[:-1])} "
    f"and {TABLE_FUNCTIONS[-1]}('table') are allowed)"
)


class _ReadOnlyAuthorizer:
    """The `db_query` authorizer: reads, recursion and the allowed functions only.

    The allowed functions are :data:`~app.arena.sqlguard.ALLOWED_FUNCTIONS`; any other is refused
    by name.

    It also allows what the allowed table-valued functions need once constructed: reading their
    columns and, for ``pragma_table_info``, the ``table_info`` pragma (pragma table-valued
    functions cannot write). ``reason`` keeps why the first refused operation was refused.
    """

    def __init__(self) -> None:
        self.reason: str | None = None
        self.calls = 0

    def __call__(self, action: int, arg1: str | None, arg2: str | None, *_: Any) -> int:
        if action in _READ_ACTIONS:
            if action == sqlite3.SQLITE_READ and (arg1 or "").lower() in HIDDEN_TABLES:
                return self._deny(_TABLE_FUNCTIONS_NOTE)
            return sqlite3.SQLITE_OK
        if action == sqlite3.SQLITE_FUNCTION:
            refused = refusal(arg2 or "")
            if refused is not None:
                return self._deny(refused)
            self.calls += 1
            if self.calls > QUERY_CALL_LIMIT:
                return self._deny(
                    f"db_query allows at most {QUERY_CALL_LIMIT} function calls in one statement"
                )
            return sqlite3.SQLITE_OK
        if action == sqlite3.SQLITE_PRAGMA:
            if (arg1 or "").lower() == "table_info":
                return sqlite3.SQLITE_OK
            return self._deny(_TABLE_FUNCTIONS_NOTE)
        if action == sqlite3.SQLITE_UPDATE and arg1 == "sqlite_master":
            # what constructing a table-valued function not prepared by the sandbox looks like
            return self._deny(_TABLE_FUNCTIONS_NOTE)
        return self._deny(READ_ONLY_MESSAGE)

    def _deny(self, reason: str) -> int:
        if self.reason is None:
            self.reason = reason
        return sqlite3.SQLITE_DENY


@dataclass
class Sandbox:
    """A private, mutable copy of one S0 that replay and commands work on.

    Mutations go through :meth:`put`, :meth:`update`, :meth:`write_file` and :meth:`add_outbox`,
    which record a state diff while :meth:`recording` is active. Close it (or use it as a
    context manager) to release the SQLite connection.
    """

    s0: S0
    now: datetime | None = None
    collections: dict[Collection, dict[str, dict[str, Any]]] = field(init=False)
    files: dict[str, str] = field(init=False)
    outbox: list[dict[str, Any]] = field(init=False, default_factory=list)
    db: ArenaConnection = field(init=False)
    _diff: list[dict[str, Any]] | None = field(init=False, default=None)
    _clock: SqlClock | None = field(init=False, default=None)
    _table_functions: set[str] = field(init=False, default_factory=set)

    def __post_init__(self) -> None:
        """Copy S0's records and files and open a private in-memory copy of its database.

        Raises:
            ArenaError: S0's database image is over the size limit
                (:func:`~app.arena.sqlguard.load_image`).
        """
        self.collections = {key: dict(records) for key, records in self.s0.collections.items()}
        self.files = dict(self.s0.files)
        self.db = open_arena_db(check_same_thread=False)
        try:
            load_image(self.db, self.s0.db_image)
        except ArenaError:
            self.db.close()
            raise

    def sql_clock(self) -> SqlClock:
        """The simulated clock of the database's date and time functions.

        Installed on first use (about 10 µs, which most sandboxes, never running SQL, are spared).
        """
        if self._clock is None:
            self._clock = SqlClock(self.s0.timezone)
            self._clock.install(self.db)
        return self._clock

    # ---------------------------------------------------------------- lifecycle
    def close(self) -> None:
        """Release the SQLite connection."""
        self.db.close()

    def __enter__(self) -> Sandbox:
        """The sandbox itself; leaving the block closes it."""
        return self

    def __exit__(self, *exc: object) -> None:
        """Close the sandbox, whatever happened in the block."""
        self.close()

    @property
    def persona(self) -> dict[str, Any]:
        """The environment's persona (DESIGN §2), as S0 holds it."""
        return self.s0.persona

    @property
    def timezone(self) -> ZoneInfo:
        """The environment's IANA time zone."""
        return self.s0.timezone

    # ---------------------------------------------------------------- reading
    def records(self, app: str, collection: str) -> list[dict[str, Any]]:
        """All records of one collection, in insertion order."""
        return list(self.collections[(app, collection)].values())

    def get(self, app: str, collection: str, record_id: str) -> dict[str, Any] | None:
        """One record by id, or None."""
        return self.collections[(app, collection)].get(record_id)

    def require(self, app: str, collection: str, record_id: Any, what: str) -> dict[str, Any]:
        """One record by id; raise :class:`CommandError` naming `what` when it does not exist."""
        record = self.collections[(app, collection)].get(str(record_id))
        if record is None:
            raise CommandError(f"{what} {record_id!r} does not exist")
        return record

    # ---------------------------------------------------------------- writing
    @contextmanager
    def recording(self) -> Iterator[list[dict[str, Any]]]:
        """Collect the state diff of every mutation made inside the block.

        Yields:
            A list that fills with ``{"op": "create"|"update", "app", "collection", "id",
            "before", "after"}`` entries (``before`` is None for a create).
        """
        previous, self._diff = self._diff, []
        try:
            yield self._diff
        finally:
            self._diff = previous

    def _record(
        self, op: str, app: str, collection: str, record_id: str, before: Any, after: Any
    ) -> None:
        if self._diff is not None:
            self._diff.append(
                {
                    "op": op,
                    "app": app,
                    "collection": collection,
                    "id": record_id,
                    "before": before,
                    "after": after,
                }
            )

    def put(self, app: str, collection: str, record: dict[str, Any]) -> None:
        """Insert or replace a record (by its ``id``)."""
        records = self.collections[(app, collection)]
        before = records.get(record["id"])
        records[record["id"]] = record
        self._record(
            "create" if before is None else "update", app, collection, record["id"], before, record
        )

    def update(
        self, app: str, collection: str, record_id: str, changes: dict[str, Any]
    ) -> dict[str, Any]:
        """Replace a record by a copy with `changes` applied; return the new record.

        Raises:
            CommandError: the record does not exist.
        """
        before = self.require(app, collection, record_id, f"{app}.{collection} id")
        after = {**before, **changes}
        self.collections[(app, collection)][record_id] = after
        self._record("update", app, collection, record_id, before, after)
        return after

    def write_file(self, path: str, content: str) -> str:
        """Create or replace a text file; return its normalised path."""
        path = normalise_path(path)
        before = self.files.get(path)
        self.files[path] = content
        self._record(
            "create" if before is None else "update", "files", "files", path, before, content
        )
        return path

    def add_outbox(self, item: dict[str, Any]) -> dict[str, Any]:
        """Append an assistant outbox item (notification, reminder, flag, draft, note)."""
        item = {"id": f"out-{len(self.outbox) + 1}", **item}
        self.outbox.append(item)
        self._record("create", "assistant", "outbox", item["id"], None, item)
        return item

    def execute_sql(self, sql: str, *, now: datetime | None = None) -> None:
        """Apply a `db.executed` event's SQL (replay; never agent input) under the script guard.

        It runs as every scenario script does (:func:`~app.arena.sqlguard.run_script`: the
        allowed statement kinds and functions, value and database size limits, its own step,
        memory and CPU budget).

        Args:
            sql: one or more statements.
            now: what ``'now'`` and ``CURRENT_TIMESTAMP`` mean in them (the event's time);
                None: they are an error.

        Raises:
            ArenaError: the statement fails or is refused (the message names the limit).
        """
        clock = self.sql_clock()
        clock.now = now
        try:
            run_script(self.db, clock, sql)
        except sqlite3.Error as exc:
            raise ArenaError(f"SQL failed: {exc}") from exc

    def undo(self, diff: list[dict[str, Any]]) -> None:
        """Revert the changes listed in `diff` (newest first), as recorded by :meth:`recording`.

        Used to keep a failing action from applying partially: every entry's ``before`` is put
        back (or the record, file or outbox item removed when it was created).

        Args:
            diff: the entries collected by :meth:`recording` during the changes to revert.
        """
        for entry in reversed(diff):
            app, collection, record_id, before = (
                entry["app"],
                entry["collection"],
                entry["id"],
                entry["before"],
            )
            if app == "assistant":
                self.outbox = [item for item in self.outbox if item["id"] != record_id]
            elif app == "files":
                if before is None:
                    self.files.pop(record_id, None)
                else:
                    self.files[record_id] = before
            elif before is None:
                self.collections[(app, collection)].pop(record_id, None)
            else:
                self.collections[(app, collection)][record_id] = before

    def query(
        self, sql: str, params: tuple[Any, ...] = ()
    ) -> tuple[list[str], list[tuple[Any, ...]], bool]:
        """Run one read-only statement under an authorizer and budgets (DESIGN §3.4).

        Only the functions of :data:`~app.arena.sqlguard.ALLOWED_FUNCTIONS` may be called; any
        other is refused by name. Date and time functions read the simulated clock
        (:mod:`app.arena.sqlclock`): ``'now'`` and ``CURRENT_*`` are :attr:`now` (an error when
        it is None), ``'localtime'`` is the environment's time zone. The table-valued functions
        of :data:`TABLE_FUNCTIONS` are allowed; other pragmas are refused.

        Work is bounded: the statement runs under the SQLite limits of
        :data:`~app.arena.sqlguard.QUERY_LIMITS` (values of at most 100,000 bytes, 100 columns,
        ...), a step budget (:data:`QUERY_STEP_BUDGET`), a memory budget on SQLite's heap
        (:data:`QUERY_MEMORY_BUDGET`, temporary tables kept in memory) and a CPU-time budget
        (:data:`QUERY_TIME_BUDGET`); rows are fetched one at a time and their values counted
        against :data:`QUERY_RESULT_BUDGET`. Limits, authorizer and budgets are lifted afterwards.

        Args:
            sql: one ``SELECT`` or ``WITH`` statement (comments allowed, one trailing ``;``), at
                most 20,000 characters.
            params: bound parameters (used by internal callers; agents pass none).

        Returns:
            (column names, at most 200 rows, whether more rows were cut off: past 200 rows, or
            from the row that would have taken the values over the result budget on).

        Raises:
            CommandError: anything but one read-only statement, a refused function or operation
                (the message says which and why), a query past one of the budgets (the message
                names it), a first row larger than the result budget, 'now' without a simulated
                now, or an SQL error.
        """
        if not isinstance(sql, str):
            raise CommandError("db_query accepts one SELECT or WITH statement")
        if len(sql) > QUERY_SQL_LIMIT:
            raise CommandError(
                f"db_query accepts at most {QUERY_SQL_LIMIT:,} characters of SQL "
                f"(this is {len(sql):,})"
            )
        code, cut = sql_code(sql)
        code = code.strip()
        while code.endswith(";"):
            code = code[:-1].rstrip()
        head = re.match(r"[A-Za-z]+", code)
        if head is None or head.group(0).upper() not in ("SELECT", "WITH"):
            raise CommandError("db_query accepts one SELECT or WITH statement")
        if ";" in code:
            raise CommandError("db_query accepts exactly one statement")
        clock = self.sql_clock()
        clock.now, clock.error, clock.calls = self.now, None, 0
        guard = self._query_setup()
        guard.error, guard.calls = None, 0
        self._prepare_table_functions(sql)
        authorizer = _ReadOnlyAuthorizer()
        budget = _QueryBudget(clock, guard)
        guard.budget = budget.exhausted
        limits = apply_limits(self.db)
        self.db.set_authorizer(authorizer)
        self.db.set_progress_handler(budget.progress, QUERY_PROGRESS_INTERVAL)
        guard.active = True
        try:
            # SQLite's heap is process-wide: one piece of SQL at a time, under a ceiling
            with HEAP_LOCK, heap_ceiling(QUERY_MEMORY_BUDGET):
                budget.start()
                cursor = self.db.execute(sql[:cut], params)
                columns = [d[0] for d in cursor.description or ()]
                rows, more = _fetch_within_budget(cursor)
        except MemoryError as exc:  # SQLITE_NOMEM under the heap ceiling (while preparing, say)
            raise CommandError(f"query stopped: {budget.out_of_memory()}") from exc
        except sqlite3.Error as exc:
            message = str(exc)
            if budget.stopped is not None and "interrupted" in message:
                raise CommandError(f"query stopped: {budget.stopped}") from exc
            if guard.error is not None and "user-defined function" in message:
                raise CommandError(guard.error) from exc
            if clock.error is not None and "user-defined function" in message:
                raise CommandError(f"db_query: {clock.error}") from exc
            if "not authorized" in message or "prohibited" in message:
                raise CommandError(authorizer.reason or READ_ONLY_MESSAGE) from exc
            if "vtable constructor failed" in message:
                raise CommandError(_TABLE_FUNCTIONS_NOTE) from exc
            if "one statement at a time" in message:
                raise CommandError("db_query accepts exactly one statement") from exc
            raise CommandError(f"SQL error: {message}") from exc
        finally:
            guard.active, guard.budget = False, None
            self.db.set_authorizer(None)
            self.db.set_progress_handler(None, 0)
            restore_limits(self.db, limits)
        return columns, rows, more

    def _query_setup(self) -> FunctionGuard:
        """The guarded functions of this connection, set for an agent's query.

        :func:`~app.arena.sqlguard.open_arena_db` installed them.
        """
        guard = self.db.guard
        guard.limits, guard.where = QUERY_LIMITS, "db_query"
        return guard

    def _prepare_table_functions(self, sql: str) -> None:
        """Construct the allowed table-valued functions `sql` may use, before the authorizer.

        Constructing one runs an internal schema statement the read-only authorizer must refuse
        (it cannot tell it from a write); once constructed, a function lives as long as the
        connection. Only the ones the text names are built (each costs ~40 µs, once).
        """
        text = sql.lower()
        for name in TABLE_FUNCTIONS:
            if name not in self._table_functions and name in text:
                argument = "''" if name == "pragma_table_info" else "'[]'"
                self.db.execute(f"SELECT 1 FROM {name}({argument})").fetchall()  # noqa: S608
                self._table_functions.add(name)


_QUERY_MEMORY_MESSAGE = (
    f"it needed more than {QUERY_MEMORY_BUDGET // 2**20} MiB of memory; "
    "select fewer or shorter values"
)


class _QueryBudget:
    """The work, memory and time budgets of one `db_query`.

    Checked by SQLite's progress handler every :data:`QUERY_PROGRESS_INTERVAL` steps and by the
    guarded functions before each call.

    Attributes:
        stopped: why the query was stopped (for the agent's message), or None.
    """

    def __init__(self, clock: SqlClock, guard: FunctionGuard) -> None:
        self._clock, self._guard = clock, guard
        self._ticks = 0
        self.start()
        self.stopped: str | None = None

    def start(self) -> None:
        """Start the memory and time meters (again): the query runs from now on."""
        self._memory_start = sqlite_memory_used() if sqlite_memory_used is not None else 0
        self._wall_start, self._cpu_start = time.perf_counter(), time.thread_time()

    def exhausted(self) -> str | None:
        """Why the budgets are exhausted, or None (remembered in :attr:`stopped`)."""
        calls = self._clock.calls + self._guard.calls
        if self._ticks * QUERY_PROGRESS_INTERVAL + calls * CALL_COST > QUERY_STEP_BUDGET:
            self.stopped = f"it exceeded the work budget of {QUERY_STEP_BUDGET:,} steps"
        elif (
            sqlite_memory_used is not None
            and sqlite_memory_used() - self._memory_start > QUERY_MEMORY_BUDGET
        ):
            self.stopped = _QUERY_MEMORY_MESSAGE
        elif (
            time.perf_counter() - self._wall_start > QUERY_TIME_BUDGET
            and time.thread_time() - self._cpu_start > QUERY_TIME_BUDGET
        ):  # wall time first: reading the thread's CPU time costs a system call
            self.stopped = f"it exceeded the time budget of {QUERY_TIME_BUDGET:g} s"
        return self.stopped

    def out_of_memory(self) -> str:
        """An allocation failed under the heap ceiling: the memory budget is spent.

        Returns:
            why the query was stopped (remembered in :attr:`stopped`).
        """
        if self.stopped is None:
            self.stopped = _QUERY_MEMORY_MESSAGE
        return self.stopped

    def progress(self) -> int:
        """SQLite's progress handler: non-zero interrupts the statement."""
        self._ticks += 1
        return 0 if self.exhausted() is None else 1


def _value_size(value: Any) -> int:
    """Bytes one fetched value counts against :data:`QUERY_RESULT_BUDGET`."""
    if isinstance(value, str):
        return 8 + (len(value) if value.isascii() else len(value.encode("utf-8", "replace")))
    if isinstance(value, bytes):
        return 8 + len(value)
    return 8


def _fetch_within_budget(cursor: sqlite3.Cursor) -> tuple[list[tuple[Any, ...]], bool]:
    """Fetch at most :data:`QUERY_ROW_LIMIT` rows one by one, within :data:`QUERY_RESULT_BUDGET`.

    Returns:
        (the rows, whether more were cut off). The cursor is closed.

    Raises:
        CommandError: the first row alone is over the result budget.
    """
    rows: list[tuple[Any, ...]] = []
    size, more = 0, False
    try:
        while (row := cursor.fetchone()) is not None:
            size += sum(_value_size(value) for value in row)
            if len(rows) == QUERY_ROW_LIMIT or size > QUERY_RESULT_BUDGET:
                more = True
                if not rows:
                    raise CommandError(
                        f"query stopped: its first row holds more than the result budget of "
                        f"{QUERY_RESULT_BUDGET:,} bytes; select shorter values, e.g. "
                        "substr(column, 1, 1000)"
                    )
                break
            rows.append(row)
    finally:
        cursor.close()
    return rows, more
