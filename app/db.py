"""Engine and sessions: `SessionDep` for routes, `session_scope()` for workers and scripts."""

from __future__ import annotations

import json
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from functools import lru_cache
from typing import Annotated, Any, TypeVar

import psycopg
from fastapi import Depends
from sqlalchemy import Boolean, ColumnElement, Table, bindparam, event, insert, text
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.compiler import SQLCompiler
from sqlmodel import Session, create_engine, select

from app.settings import get_settings


def make_engine(url: str) -> Engine:
    """An engine for `url`; SQLite gets foreign keys, WAL and a busy timeout."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.close()

        return engine
    pool_size = get_settings().database_pool_size
    return create_engine(url, pool_pre_ping=True, pool_size=pool_size, max_overflow=10)


@lru_cache
def get_engine() -> Engine:
    """The process-wide engine for the configured database."""
    settings = get_settings()
    if settings.sqlalchemy_url.startswith("sqlite:///"):
        settings.var_dir.mkdir(parents=True, exist_ok=True)
    return make_engine(settings.sqlalchemy_url)


@contextmanager
def session_scope(*, autocommit: bool = False) -> Iterator[Session]:
    """A session for one unit of work outside a request; rolls back on error.

    With `autocommit`, the session keeps one connection for the whole scope and every statement
    commits on its own (no ``BEGIN``/``COMMIT`` round trips, one pool checkout): only for work
    whose every step is a single statement, such as producing a response.
    """
    if not autocommit:
        with Session(get_engine(), expire_on_commit=False) as session:
            try:
                yield session
            except BaseException:
                session.rollback()
                raise
        return
    with get_engine().connect() as connection:
        connection = connection.execution_options(isolation_level="AUTOCOMMIT")
        with Session(bind=connection, expire_on_commit=False) as session:
            yield session


def get_session() -> Iterator[Session]:
    """FastAPI dependency: one session per request."""
    with Session(get_engine(), expire_on_commit=False) as session:
        yield session


SessionDep = Annotated[Session, Depends(get_session)]


def earlier_submission(session: Session, model: Any, submission: str | None) -> int | None:
    """The id of the `model` row a form's one-time `submission` token already created.

    None when there is none, and for no token. `model` has a unique ``submission`` column (Run,
    ExportJob).
    """
    if submission is None:
        return None
    return session.exec(select(model.id).where(model.submission == submission)).first()


def flush_submitted(session: Session, model: Any, submission: str | None) -> int | None:
    """Flush the session's new `model` row carrying `submission`.

    Returns:
        None when it was flushed; the id of the other row when the same form, submitted twice
        at once, lost the race on the unique token (the session is rolled back).

    Raises:
        IntegrityError: any other constraint failed.
    """
    try:
        session.flush()
    except IntegrityError:
        session.rollback()
        earlier = earlier_submission(session, model, submission)
        if earlier is None:
            raise
        return earlier
    return None


class SchemaNotCurrent(Exception):
    """The database has not been migrated to the code's Alembic head."""


def check_schema(engine: Engine | None = None) -> None:
    """Refuse to work on a database that is missing migrations.

    Raises:
        SchemaNotCurrent: with a one-line message that says which command fixes it.
    """
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory

    from app.settings import ROOT

    engine = engine or get_engine()
    heads = set(ScriptDirectory(str(ROOT / "migrations")).get_heads())
    with engine.connect() as connection:
        current = set(MigrationContext.configure(connection).get_current_heads())
    if current != heads:
        state = "not migrated" if not current else f"at revision {', '.join(sorted(current))}"
        raise SchemaNotCurrent(
            f"the database is {state}, the code needs {', '.join(sorted(heads))}: "
            "run `halo db upgrade` first"
        )


class _AnyOf(ColumnElement[bool]):
    """``column`` is one of ``values``, bound as ONE parameter whatever their number."""

    type = Boolean()
    inherit_cache = False  # the values are bound at compile time, so never cache the SQL

    def __init__(self, column: ColumnElement[Any], values: list[Any]) -> None:
        self.column = column
        self.values = values


@compiles(_AnyOf, "postgresql")
def _any_of_postgresql(element: _AnyOf, compiler: SQLCompiler, **kw: Any) -> str:
    values = bindparam(None, element.values, type_=ARRAY(element.column.type))
    return f"{compiler.process(element.column, **kw)} = ANY({compiler.process(values, **kw)})"


@compiles(_AnyOf)
def _any_of_default(element: _AnyOf, compiler: SQLCompiler, **kw: Any) -> str:
    values = compiler.process(bindparam(None, json.dumps(element.values)), **kw)
    column = compiler.process(element.column, **kw)
    return f"{column} IN (SELECT value FROM json_each({values}))"  # noqa: S608 (a bound value)


SERIAL_NO_JIT: dict[str, str] = {"jit": "off", "max_parallel_workers_per_gather": "0"}
"""PostgreSQL settings for the lead overview's reads over every annotation or assignment.

Measured at a million responses (2 cores, shared): JIT compilation (inlining and optimisation
of ~150 functions) cost ~1.4 s of a ~2.1 s read of the agreement on the overlap sample; and a
parallel plan of the double-judged items ran the GROUP BY that finds responses with two
annotations once in every worker (~2 s each) where one serial pass takes ~0.5 s."""


@contextmanager
def local_settings(session: Session, settings: Mapping[str, str]) -> Iterator[None]:
    """Run the block with `settings` (``SET LOCAL``) on PostgreSQL; nothing elsewhere.

    Set in one statement and restored to their previous values afterwards, in the session's
    transaction; an error leaves them to the transaction's rollback.

    Args:
        session: the reader's session (a transaction is begun if none is).
        settings: setting name → value, e.g. :data:`NO_JIT`.
    """
    if session.get_bind().dialect.name != "postgresql" or not settings:
        yield
        return
    connection = session.connection()
    names = list(settings)
    read = ", ".join(f"current_setting(:n{i})" for i in range(len(names)))
    saved = connection.execute(
        text(f"SELECT {read}"), {f"n{i}": name for i, name in enumerate(names)}
    ).one()

    def apply(values: Mapping[str, str]) -> None:
        calls = ", ".join(f"set_config(:n{i}, :v{i}, true)" for i in range(len(values)))
        params: dict[str, str] = {}
        for i, (name, value) in enumerate(values.items()):
            params[f"n{i}"], params[f"v{i}"] = name, value
        session.connection().execute(text(f"SELECT {calls}"), params)

    apply(settings)
    yield
    apply(dict(zip(names, saved, strict=True)))


def any_of(column: Any, values: Iterable[Any]) -> ColumnElement[bool]:
    """SQL: `column` is one of `values` — ``IN (...)`` with any number of values.

    ``column.in_(ids)`` binds one parameter per value, and PostgreSQL refuses a statement with
    more than 65,535 ("number of parameters must be between 0 and 65535"); this binds one:
    an array on PostgreSQL (``column = ANY(:values)``), a JSON array on SQLite (``column IN
    (SELECT value FROM json_each(:values))``). Use it for every list of ids that grows with the
    data (responses, assignments, users); fixed small vocabularies may keep ``in_``.

    Args:
        column: a column of integers or strings.
        values: ints or strs (JSON-serialisable); empty matches nothing.

    Returns:
        A boolean SQL expression for ``where``.
    """
    return _AnyOf(column, list(values))


def bulk_insert(session: Session, model: Any, rows: Sequence[Mapping[str, Any]]) -> None:
    """Insert `rows` of a table model in the session's transaction, fast at any count.

    Fields a row leaves out get the model's defaults (``default`` / ``default_factory``, as
    constructing the model would give them; an unset autoincrement ``id`` is left to the
    database). PostgreSQL: one ``COPY ... FROM STDIN`` (the columns' bind processing applied,
    e.g. JSON), about 10x faster than batched INSERTs and 50x faster than ORM objects; elsewhere
    one executemany ``INSERT``. Flushes the session first, so rows it holds are written before
    these. No ORM events, no primary keys returned.

    Args:
        session: the unit of work's session (not committed here).
        model: the SQLModel table class (``Assignment``, ``Response``, ...).
        rows: dicts of field name → value.

    Raises:
        sqlalchemy.exc.IntegrityError: a constraint refused a row (as an INSERT would raise).
    """
    if not rows:
        return
    table: Table = model.__table__
    defaults = [
        (name, field)
        for name, field in model.model_fields.items()
        if name in table.c and not (table.c[name].primary_key and field.default is None)
    ]
    names = [name for name, _field in defaults]
    # the default factories called directly: pydantic's get_default inspects each one's
    # signature on every call, which costs more than the rest of a row
    factories = {name: f.default_factory for name, f in defaults if f.default_factory is not None}
    values = {name: f.default for name, f in defaults if f.default_factory is None}
    full = [
        {
            name: row[name]
            if name in row
            else factories[name]()
            if name in factories
            else values[name]
            for name in names
        }
        for row in rows
    ]
    session.flush()
    connection = session.connection()
    if connection.dialect.name != "postgresql":
        connection.execute(insert(table), full)
        return
    dialect = connection.dialect
    processors = [
        table.c[name].type.dialect_impl(dialect).bind_processor(dialect) for name in names
    ]
    raw = connection.connection.dbapi_connection
    assert raw is not None
    quoted = ", ".join(f'"{name}"' for name in names)
    sql = f'COPY "{table.name}" ({quoted}) FROM STDIN'
    try:
        with raw.cursor() as cursor, cursor.copy(sql) as copy:  # type: ignore[attr-defined]
            for row in full:
                copy.write_row(
                    [
                        value if process is None or value is None else process(value)
                        for value, process in zip(row.values(), processors, strict=True)
                    ]
                )
    except psycopg.errors.IntegrityError as exc:
        raise IntegrityError(sql, None, exc) from exc


# --- aggregates kept until the content changes ------------------------------------------------

CONTENT_CHANNEL = "halo_content"
"""The channel the triggers of migration 0018 notify when what the pages read changes."""
CONTENT_CACHE_ENTRIES = 256
"""Values :func:`content_cached` keeps per process (the oldest go first)."""

T = TypeVar("T")
_log = logging.getLogger(__name__)


class _ContentNotices:
    """A ``LISTEN halo_content`` connection to one database, counting the notices received.

    The count (the *generation*) goes up with every transaction that changed the watched tables
    and committed, and with every (re)connection, since notices sent while not listening are
    lost.
    """

    def __init__(self, conninfo: str) -> None:
        self.conninfo = conninfo
        self.connection: psycopg.Connection[Any] | None = None
        self.generation = 0
        self.usable = True
        self.lock = threading.Lock()

    def _notified(self, _notice: psycopg.Notify) -> None:
        self.generation += 1

    def current(self) -> int | None:
        """The generation now: notices of every commit before this call counted.

        A round trip on the listening connection delivers them (a committing backend signals
        the listeners before its COMMIT returns, and a signalled backend sends its notices
        before it reads the next query). None when the database has no triggers (not
        migrated to 0018) or cannot be reached: then nothing is cached.
        """
        with self.lock:
            if not self.usable:
                return None
            try:
                if self.connection is None or self.connection.closed:
                    self.connection = psycopg.connect(
                        self.conninfo, autocommit=True, connect_timeout=5
                    )
                    self.connection.add_notify_handler(self._notified)
                    installed = self.connection.execute(
                        "SELECT count(*) FROM pg_trigger WHERE tgname = 'halo_content_changed'"
                    ).fetchone()
                    if not installed or not installed[0]:
                        self.usable = False
                        self.connection.close()
                        return None
                    self.connection.execute(f"LISTEN {CONTENT_CHANNEL}")
                    self.generation += 1
                else:
                    self.connection.execute("SELECT 1")
            except psycopg.Error:
                _log.warning("content notices unavailable; computing without the cache")
                if self.connection is not None:
                    self.connection.close()
                self.connection = None
                return None
            return self.generation


_NOTICES: dict[str, _ContentNotices] = {}
_CACHE: OrderedDict[tuple[str, Hashable], tuple[int, Any, datetime | None]] = OrderedDict()
_CACHE_LOCK = threading.Lock()


def _notices_for(session: Session) -> tuple[str, _ContentNotices] | None:
    """The database's URL and its notices listener; None off PostgreSQL."""
    bind = session.get_bind()
    if bind.dialect.name != "postgresql":
        return None
    url = bind.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
    with _CACHE_LOCK:
        notices = _NOTICES.get(url)
        if notices is None:
            notices = _NOTICES[url] = _ContentNotices(url)
    return url, notices


def content_cached(
    session: Session,
    key: Hashable,
    compute: Callable[[], T],
    *,
    valid_until: Callable[[], datetime | None] | None = None,
) -> T:
    """``compute()``, or its value kept from an earlier call while the content is unchanged.

    For aggregates that read every response (Table 1, the analysis cells, the overview's
    counts): they cost seconds at a million responses and change only when responses,
    annotations, assignments, scenarios, batches, audits, agents, runs or accounts do. On
    PostgreSQL the triggers of migration 0018 send a notice when a transaction that changed one
    of those tables commits; a value is kept until the next notice (per process, the
    :data:`CONTENT_CACHE_ENTRIES` most recent). It is computed afresh when the session's own
    transaction has changed them (uncommitted, so no notice yet), off PostgreSQL, and when the
    notices are unavailable. The value is shared: callers must not change it.

    A value that also depends on the clock (items expire, a window of hours moves) passes
    `valid_until`: called right after `compute` on the same content, it says when the value
    would first differ with the content unchanged (None: never); the value is kept until then.

    Args:
        session: the reader's session.
        key: what is computed, with its arguments (hashable; the database is added).
        compute: computes the value with `session`.
        valid_until: when the value computed for a fixed "now" stops being true (aware).

    Returns:
        The value.
    """
    found = _notices_for(session)
    if found is None:
        return compute()
    url, notices = found
    dirty = (
        session.connection()
        .execute(text("SELECT current_setting('halo.content_dirty', true)"))
        .scalar()
    )
    if dirty == "1":
        return compute()
    generation = notices.current()
    if generation is None:
        return compute()
    with _CACHE_LOCK:
        kept = _CACHE.get((url, key))
        fresh = kept is not None and (kept[2] is None or datetime.now(UTC) < kept[2])
        if kept is not None and kept[0] == generation and fresh:
            _CACHE.move_to_end((url, key))
            return kept[1]  # type: ignore[no-any-return]
    value = compute()  # reads at least what was committed before `generation` was counted
    until = valid_until() if valid_until is not None else None
    with _CACHE_LOCK:
        _CACHE[(url, key)] = (generation, value, until)
        _CACHE.move_to_end((url, key))
        while len(_CACHE) > CONTENT_CACHE_ENTRIES:
            _CACHE.popitem(last=False)
    return value
