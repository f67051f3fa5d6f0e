"""Engine and sessions: `SessionDep` for routes, `session_scope()` for workers and scripts."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Annotated, Any

from fastapi import Depends
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
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
