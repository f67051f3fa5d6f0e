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
    "kept_cells",
    "judged_label_marks",
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


# scenario ids whose code point order (Python's, and the queue's) differs from a natural
# language collation such as ICU en-US, which ignores the punctuation at first
ODD_IDS = ["a_b", "aB", "a-c", "ab", "Zeta"]


def _queue_world(url: str) -> tuple[int, list[str]]:
    """An annotator holding one response at checkpoint 1 of each of ODD_IDS' scenarios, written
    through the models; returns the annotator's id and the response ids."""
    from sqlmodel import Session

    from app.models import Agent, Assignment, Checkpoint, Environment, Response, Run, Scenario
    from app.users.service import create_user

    engine = create_engine(url)
    with Session(engine) as session:
        session.add(
            Environment(
                id="env",
                domain="education",
                timezone="UTC",
                persona={},
                spec={},
                database_sql="",
                files={},
                content_hash="0" * 64,
            )
        )
        for sid in ODD_IDS:
            session.add(
                Scenario(
                    id=sid,
                    environment_id="env",
                    need_type="risk",
                    title=sid,
                    num_events=2,
                    content_hash="0" * 64,
                )
            )
        session.flush()
        checkpoints = {}
        for sid in ODD_IDS:
            checkpoint = Checkpoint(scenario_id=sid, t=2, design="flow")
            session.add(checkpoint)
            session.flush()
            checkpoints[sid] = checkpoint.id
        agents = [Agent(name="a", kind="external"), Agent(name="b", kind="external")]
        run = Run(name="r", status="completed")
        session.add_all([*agents, run])
        session.flush()
        user = create_user(
            session, username="mig-annotator", password="long-password-1", role="annotator"
        )
        ids = []
        for index, sid in enumerate(ODD_IDS):
            for copy, agent in enumerate(agents):  # two responses at each checkpoint
                response_id = f"resp-{index}-{copy}"
                session.add(
                    Response(
                        id=response_id,
                        run_id=run.id,
                        agent_id=agent.id,
                        checkpoint_id=checkpoints[sid],
                        status="completed",
                        level_predicted="L0",
                    )
                )
                session.flush()
                session.add(Assignment(response_id=response_id, annotator_id=user.id))
                ids.append(response_id)
        session.commit()
        user_id = user.id
    engine.dispose()
    return user_id, ids


def _expected(ids: list[str]) -> list[tuple[str, str, int, str]]:
    """``(response id, scenario, t, blind order)`` in the order of the sha256 rule."""
    import hashlib

    rows = [
        (r, ODD_IDS[int(r.split("-")[1])], 2, hashlib.sha256(f"blind:{r}".encode()).hexdigest())
        for r in ids
    ]
    return sorted(rows, key=lambda row: (row[1], row[2], row[3]))


def _stored(url: str, annotator_id: int) -> list[tuple[str, str, int, str]]:
    """The stored places, in the queue's order as the database sorts them."""
    from sqlmodel import Session, select

    from app.annotation.service import annotator_queue
    from app.models import Assignment, User

    engine = create_engine(url)
    with Session(engine) as session:
        user = session.get(User, annotator_id)
        order = [item.response_id for item in annotator_queue(session, user)]
        places = {
            a.response_id: (a.response_id, a.scenario_id, a.checkpoint_t, a.blind_order)
            for a in session.exec(select(Assignment).where(Assignment.annotator_id == annotator_id))
        }
    engine.dispose()
    return [places[r] for r in order]


def _backfilled(url: str) -> None:
    """The queue places written by the models, then dropped and backfilled by 0017."""
    annotator_id, ids = _queue_world(url)
    expected = _expected(ids)
    assert [row[1] for row in expected][::2] == sorted(ODD_IDS)  # code point order
    assert _stored(url, annotator_id) == expected
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("sqlalchemy.url", url)
    command.downgrade(config, "0016")
    command.upgrade(config, "head")
    assert _stored(url, annotator_id) == expected


def test_0017_backfills_the_queue_order_on_sqlite(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'halo.db'}"
    upgrade_database(url)
    _backfilled(url)


def test_0017_backfills_the_queue_order_on_postgresql_under_a_language_collation() -> None:
    from tests.conftest import _admin, _sqlalchemy_url

    name = "halo_migration_0017"
    drop_database(name)
    # ICU en-US sorts "a_b" < "a-c" < "ab" < "aB" < "Zeta"; the queue keeps code point order
    _admin(
        f'CREATE DATABASE "{name}" TEMPLATE template0 LOCALE_PROVIDER icu '
        "ICU_LOCALE 'en-US' LOCALE 'C.UTF-8'"
    )
    url = _sqlalchemy_url(name)
    try:
        upgrade_database(url)
        _backfilled(url)
    finally:
        drop_database(name)


def _accept_entries(url: str) -> None:
    """0026: stored expectations gain an empty accept list; content written since is kept."""
    from sqlmodel import Session

    from app.models import Environment, Scenario

    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("sqlalchemy.url", url)
    engine = create_engine(url)
    old = {
        "1": {"label": "premature", "expected": {"levels": ["L0"]}},
        "2": {"label": "window", "expected": {"levels": ["L1"], "commands": ["notify_user"]}},
    }
    new = {"1": {"label": "window", "expected": {"levels": ["L1"], "accept": [{"level": "L1"}]}}}
    with Session(engine) as session:
        session.add(
            Environment(
                id="env",
                domain="education",
                timezone="UTC",
                persona={},
                spec={},
                database_sql="",
                files={},
                content_hash="0" * 64,
            )
        )
        for sid, design in (("old", old), ("new", new)):
            session.add(
                Scenario(
                    id=sid,
                    environment_id="env",
                    need_type="risk",
                    title=sid,
                    num_events=2,
                    content_hash="0" * 64,
                    checkpoint_design=design,
                )
            )
        session.commit()

    def designs() -> dict[str, dict]:  # type: ignore[type-arg]
        with Session(engine) as session:
            return {sid: session.get(Scenario, sid).checkpoint_design for sid in ("old", "new")}  # type: ignore[union-attr]

    command.downgrade(config, "0025")
    assert designs()["old"] == old  # what was stored before the schema change
    command.upgrade(config, "head")
    upgraded = designs()
    assert upgraded["old"]["1"]["expected"] == {"levels": ["L0"], "accept": []}
    assert upgraded["old"]["2"]["expected"]["accept"] == []
    assert upgraded["new"] == new  # written with content: unchanged
    command.downgrade(config, "0025")
    assert designs() == {"old": old, "new": new}
    engine.dispose()


def test_0026_adds_accept_entries_on_sqlite(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'halo.db'}"
    upgrade_database(url)
    _accept_entries(url)


def test_0026_adds_accept_entries_on_postgresql() -> None:
    url = create_database("halo_test_mig0026")
    try:
        upgrade_database(url)
        _accept_entries(url)
    finally:
        drop_database("halo_test_mig0026")
