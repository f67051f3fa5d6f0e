"""The one migration path works on SQLite and PostgreSQL, and matches the models."""

from __future__ import annotations

from pathlib import Path

import pytest
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
    "judge_runs",
    "judge_predictions",
    "generation_jobs",
    "generation_candidates",
    "candidate_revisions",
}


def _check(url: str) -> None:
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("sqlalchemy.url", url)
    command.check(config)  # raises when models and migrations disagree


@pytest.mark.filterwarnings(
    # SQLite cannot reflect the case-insensitive username index; the PostgreSQL check compares it
    "ignore:autogenerate skipping metadata-specified expression-based index"
)
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


def test_annotations_get_the_phase_of_their_assignment(tmp_path: Path) -> None:
    """0010: annotations saved as phase 1 under a phase-2 assignment are set to phase 2."""
    import sqlite3

    url = f"sqlite:///{tmp_path / 'halo.db'}"
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("sqlalchemy.url", url)
    command.upgrade(config, "0009")
    with sqlite3.connect(tmp_path / "halo.db") as db:  # foreign keys are off here
        db.executemany(
            "INSERT INTO assignments (response_id, annotator_id, phase, assigned_at, kind, "
            "released_at) VALUES (?, ?, ?, '2026-01-01', 'primary', ?)",
            [
                ("r1", 1, 1, "2026-01-02"),  # released phase-1 holding...
                ("r1", 1, 2, None),  # ...then the active phase-2 one
                ("r2", 1, 3, "2026-01-03"),  # only a released one
            ],
        )
        db.executemany(
            "INSERT INTO annotations (response_id, annotator_id, level, verdict, inaction, "
            "other_issues, version, phase, created_at, updated_at) "
            "VALUES (?, ?, 'L0', 'accept', 0, '[]', 1, 1, '2026-01-01', '2026-01-01')",
            [("r1", 1), ("r2", 1), ("r3", 1)],
        )
    command.upgrade(config, "head")
    with sqlite3.connect(tmp_path / "halo.db") as db:
        phases = dict(db.execute("SELECT response_id, phase FROM annotations").fetchall())
    assert phases == {"r1": 2, "r2": 3, "r3": 1}
