"""Seed-file SQL runs guarded: ``halo validate``/``halo seed`` never write files or loop forever.

Scenario SQL (``database.sql``, records' and events' SQL) goes through
``app.arena.sqlguard.run_script``: ATTACH (and ``VACUUM INTO``), DETACH and PRAGMA refused
(an allow-list of statement kinds), at most ``SCRIPT_STEP_LIMIT`` VM steps. Found by an
adversarial test: a seed folder's ``VACUUM INTO '/tmp/x.db'`` created the file and a
recursive CTE hung.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from app.arena.sqlclock import SqlClock
from app.arena.sqlguard import SCRIPT_STEP_LIMIT, ScriptRefused, open_arena_db, run_script
from app.arena.validation import load_environment_dir

SEED = Path(__file__).resolve().parents[2] / "seeds" / "arena" / "ed"


def _environment_with(tmp_path: Path, extra_sql: str) -> Path:
    folder = tmp_path / "ed"
    shutil.copytree(SEED, folder)
    sql = folder / "database.sql"
    sql.write_text(sql.read_text(encoding="utf-8") + "\n" + extra_sql + "\n", encoding="utf-8")
    return folder


@pytest.mark.parametrize(
    "statement",
    [
        "VACUUM INTO '{target}';",
        "ATTACH DATABASE '{target}' AS x; CREATE TABLE x.t(a);",
        "PRAGMA writable_schema=ON;",
    ],
)
def test_a_seed_database_sql_that_would_write_a_file_is_a_v01_finding(
    tmp_path: Path, statement: str
) -> None:
    target = tmp_path / "written.db"
    folder = _environment_with(tmp_path, statement.format(target=target))
    bundle, findings = load_environment_dir(folder)
    assert bundle is None
    assert [f.code for f in findings] == ["V01"]
    assert "no ATTACH, DETACH, VACUUM INTO or PRAGMA" in findings[0].message
    assert not target.exists()


def test_a_seed_database_sql_without_end_is_stopped_by_its_step_budget(tmp_path: Path) -> None:
    """An endless script ends at its budget: the steps or, on a loaded machine, the CPU time
    (10M steps take ~0.6 s alone; either budget may run out first)."""
    folder = _environment_with(
        tmp_path,
        "CREATE TABLE c AS WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) "
        "SELECT x FROM n;",
    )
    started = time.monotonic()
    bundle, findings = load_environment_dir(folder)
    assert bundle is None and [f.code for f in findings] == ["V01"]
    message = findings[0].message
    assert (
        f"takes more than {SCRIPT_STEP_LIMIT:,} steps" in message
        or "takes more than 1 s of CPU time" in message
    ), message
    assert "in the statement 'CREATE TABLE c AS WITH RECURSIVE" in message
    assert time.monotonic() - started < 60


def test_the_guard_is_gone_after_the_script() -> None:
    db = open_arena_db()
    clock = SqlClock(ZoneInfo("UTC"))
    clock.install(db)
    with pytest.raises(ScriptRefused):
        run_script(db, clock, "PRAGMA user_version = 3;")
    run_script(db, clock, "CREATE TABLE t(a); INSERT INTO t VALUES (1);")
    # afterwards the connection is as it was: no authorizer, one database attachable again
    db.execute("PRAGMA user_version = 3")
    assert db.execute("PRAGMA user_version").fetchone() == (3,)
    db.execute("ATTACH DATABASE ':memory:' AS other")
    db.close()
