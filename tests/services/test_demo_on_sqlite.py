"""``halo demo`` — the main job of ``make run`` — works on the embedded default (DESIGN §10).

No DATABASE_URL and no REDIS_URL: a SQLite file under VAR_DIR and tasks in process. It runs the
baselines over every seed scenario, so every response goes through the claim (``UPDATE …
RETURNING`` with the checkpoint's columns, which SQLite's compiler once wrote unqualified:
"ambiguous column name: id", and every response failed).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from typer.testing import CliRunner

from app import cli
from app.db import get_engine
from app.settings import get_settings


@pytest.mark.filterwarnings("error::sqlalchemy.exc.SAWarning")  # e.g. a cartesian product
def test_halo_demo_runs_every_response_on_sqlite(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("REDIS_URL", raising=False)
    monkeypatch.setenv("VAR_DIR", str(tmp_path))
    get_settings.cache_clear()
    get_engine.cache_clear()
    try:
        result = CliRunner().invoke(cli.cli, ["demo", "--no-serve"])
        assert result.exit_code == 0, result.output
        engine = create_engine(f"sqlite:///{tmp_path / 'halo.db'}")
        with engine.connect() as connection:
            statuses = dict(
                connection.execute(
                    text("SELECT status, count(*) FROM responses GROUP BY status")
                ).all()
            )
            assigned = connection.execute(text("SELECT count(*) FROM assignments")).scalar()
        engine.dispose()
        assert set(statuses) == {"completed"} and statuses["completed"] > 0, statuses
        assert assigned == statuses["completed"]  # every response handed to the annotators
        assert "ready. Log in" in result.output
    finally:
        get_engine().dispose()
        get_engine.cache_clear()
        get_settings.cache_clear()
