"""Test infrastructure: real PostgreSQL databases made for this session, migrated once.

* ``pg_template`` — a migrated, seeded database (the real ``seeds/``), used as a template.
* ``session`` — a session on a per-session database, each test inside a SAVEPOINT that is
  rolled back, so tests never see each other's writes.
* ``live_db`` — a fresh database copied from the template, committed for real, for tests where
  another process (a Celery worker, a uvicorn server) must see the data.
"""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from sqlalchemy import create_engine
from sqlalchemy.engine import Engine
from sqlmodel import Session

ADMIN_URL = os.environ.get("HALO_TEST_PG", "postgresql://postgres@127.0.0.1:5432/postgres")
SEEDS = Path(os.environ.get("HALO_TEST_SEEDS", Path(__file__).resolve().parent.parent / "seeds"))
"""The seed tree the template database imports (override to test against another corpus)."""
RUN_TAG = uuid.uuid4().hex[:8]
# The scripted construction endpoints (tests/fake_llm.py) answer with copies of stored seed
# scenarios, which the pipeline's near-duplicate check would send back; it is off in tests
# (above 1) unless a test sets it (tests/construction/test_request_checks.py). Set here, so
# worker processes started by tests inherit it.
os.environ.setdefault("GENERATION_DUPLICATE_COSINE", "1.01")


def _sqlalchemy_url(name: str) -> str:
    base = ADMIN_URL.rsplit("/", 1)[0].replace("postgresql://", "postgresql+psycopg://", 1)
    return f"{base}/{name}"


def _admin(sql: str) -> None:
    with psycopg.connect(ADMIN_URL, autocommit=True) as conn:
        conn.execute(sql)  # type: ignore[arg-type]


def create_database(name: str, template: str | None = None) -> str:
    """Create a database (optionally copied from `template`); return its SQLAlchemy URL."""
    _admin(f'CREATE DATABASE "{name}"' + (f' TEMPLATE "{template}"' if template else ""))
    return _sqlalchemy_url(name)


def drop_database(name: str) -> None:
    _admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def use_database(url: str, monkeypatch: pytest.MonkeyPatch | None = None) -> None:
    """Point settings and the cached engine at `url`."""
    from app.db import get_engine
    from app.settings import get_settings

    if monkeypatch is not None:
        monkeypatch.setenv("DATABASE_URL", url)
    else:
        os.environ["DATABASE_URL"] = url
    get_settings.cache_clear()
    get_engine.cache_clear()


@pytest.fixture(scope="session")
def pg_template() -> Iterator[str]:
    """Name of a migrated database holding the real seeds and the baseline agents."""
    from app.cli import upgrade_database
    from app.runs.service import ensure_baseline_agents
    from app.scenarios.service import seed_tree

    name = f"halo_tmpl_{RUN_TAG}"
    url = create_database(name)
    try:
        upgrade_database(url)
        engine = create_engine(url)
        with Session(engine) as s:
            seed_tree(s, SEEDS)
            ensure_baseline_agents(s)
        engine.dispose()
        yield name
    finally:
        drop_database(name)


@pytest.fixture(scope="session")
def pg_engine(pg_template: str) -> Iterator[Engine]:
    """An engine on this session's working database (a copy of the template)."""
    name = f"halo_test_{RUN_TAG}"
    url = create_database(name, template=pg_template)
    engine = create_engine(url)
    try:
        yield engine
    finally:
        engine.dispose()
        drop_database(name)


@pytest.fixture
def session(pg_engine: Engine) -> Iterator[Session]:
    """A session whose commits land in a SAVEPOINT rolled back after the test."""
    connection = pg_engine.connect()
    transaction = connection.begin()
    s = Session(bind=connection, join_transaction_mode="create_savepoint", expire_on_commit=False)
    try:
        yield s
    finally:
        s.close()
        transaction.rollback()
        connection.close()


@pytest.fixture
def sqlite_session(tmp_path: Path) -> Iterator[Session]:
    """A session on a fresh SQLite file migrated to head (the embedded default), unseeded."""
    from app.cli import upgrade_database

    url = f"sqlite:///{tmp_path / 'halo.db'}"
    upgrade_database(url)
    engine = create_engine(url)
    try:
        with Session(engine) as s:
            yield s
    finally:
        engine.dispose()


@pytest.fixture
def live_db(pg_template: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A fresh seeded database with real commits; settings point at it for the test."""
    name = f"halo_live_{uuid.uuid4().hex[:10]}"
    url = create_database(name, template=pg_template)
    use_database(url, monkeypatch)
    try:
        yield url
    finally:
        from app.db import get_engine

        get_engine().dispose()
        get_engine.cache_clear()
        drop_database(name)
        from app.settings import get_settings

        get_settings.cache_clear()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:  # type: ignore[type-arg]
    """Debian's chromium, headless, with the flags this closed network needs."""
    return {
        **browser_type_launch_args,
        "executable_path": shutil.which("chromium"),
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-quic",
            "--no-first-run",
        ],
    }
