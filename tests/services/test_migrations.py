"""The one migration path works on SQLite and PostgreSQL, and matches the models."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, inspect

from app.cli import upgrade_database
from app.settings import ROOT
from tests.conftest import create_database, drop_database

TABLES = {
    "agents",
    "annotation_revisions",
    "annotations",
    "assignments",
    "checkpoints",
    "environments",
    "responses",
    "runs",
    "scenarios",
    "users",
    "alembic_version",
    "login_attempts",
    "audit_votes",
    "audit_decisions",
    "annotation_drafts",
    "batches",
    "export_jobs",
}


def _check(url: str) -> None:
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("sqlalchemy.url", url)
    command.check(config)  # raises when models and migrations disagree


def test_sqlite_upgrade_and_check(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'halo.db'}"
    upgrade_database(url)
    assert set(inspect(create_engine(url)).get_table_names()) == TABLES
    _check(url)


def test_postgresql_upgrade_and_check() -> None:
    url = create_database("halo_migration_check")
    try:
        upgrade_database(url)
        engine = create_engine(url)
        assert set(inspect(engine).get_table_names()) == TABLES
        engine.dispose()
        _check(url)
    finally:
        drop_database("halo_migration_check")
