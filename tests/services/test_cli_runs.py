"""`halo run`, `halo agents` and `halo db upgrade` from the terminal, on a committed database."""

from __future__ import annotations

import re
import threading
import time
import warnings
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import select
from typer.testing import CliRunner

from app.cli import cli
from app.db import session_scope
from app.models import Agent, Response

runner = CliRunner()


def test_db_upgrade_on_sqlite_prints_no_reflection_warning(tmp_path: Path) -> None:
    from app.cli import upgrade_database

    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")  # pytest's own filter hides it otherwise
        upgrade_database(f"sqlite:///{tmp_path / 'halo.db'}")
    assert not [w for w in seen if "expression-based index" in str(w.message)]


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["--agents", "no-such-agent"], "unknown agent(s): no-such-agent"),
        (["--seed", "3000000000"], "seed"),
        (["--k", "1000000"], "k"),
        (["--name", "x" * 121], "name"),
        (["--resume", "999999"], "run 999999 does not exist"),
    ],
)
def test_halo_run_refused_says_why_without_a_traceback(
    live_db: str, args: list[str], reason: str
) -> None:
    result = runner.invoke(cli, ["run", "--scenarios", "wp-01", *args])
    assert result.exit_code == 2, result.output
    assert reason in result.output and "Traceback" not in result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)


def test_halo_run_prints_no_none(live_db: str) -> None:
    result = runner.invoke(cli, ["run", "--agents", "restraint", "--scenarios", "wp-01"])
    assert result.exit_code == 0, result.output
    assert "Cramér's V = –" in result.output and "None" not in result.output


def test_halo_agents_list_prints_no_none(live_db: str) -> None:
    from app.agents.service import create_agent

    with session_scope() as session:
        create_agent(
            session, name="local", config={"base_url": "http://127.0.0.1:9/v1", "model": "m"}
        )
        session.add(Agent(name="harness", kind="external", config={}))
        session.commit()
    result = runner.invoke(cli, ["agents", "list"])
    assert result.exit_code == 0, result.output
    assert "None" not in result.output
    assert "m at http://127.0.0.1:9/v1 (json mode)" in result.output
    assert "imported responses only" in result.output


def test_halo_run_on_a_broker_hints_at_a_missing_worker(
    live_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A queue nobody reads: after a while without progress, one line says what to start."""
    import app.cli
    import app.runs.tasks
    from app.runs import service
    from app.settings import get_settings

    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:6379/14")
    monkeypatch.setenv("CELERY_QUEUE", "nobody-reads-this")
    get_settings.cache_clear()
    monkeypatch.setattr(app.cli, "NO_PROGRESS_HINT_S", 0.3)
    monkeypatch.setattr(app.cli, "POLL_S", 0.05)

    def a_worker_starts_late(run_id: int) -> None:
        def work() -> None:
            time.sleep(1.5)
            with session_scope() as session:
                for response_id in service.pending_response_ids(session, run_id):
                    service.execute_response(session, response_id)

        threading.Thread(target=work, daemon=True).start()

    monkeypatch.setattr(app.runs.tasks, "start_run", a_worker_starts_late)
    try:
        result = runner.invoke(
            cli, ["run", "--agents", "restraint,notify_latest", "--scenarios", "wp-01", "--k", "1"]
        )
    finally:
        get_settings.cache_clear()
    assert result.exit_code == 0, result.output
    hint = (
        "no progress yet: no worker answers (the broker and the database do): is a worker "
        "running? `halo worker` with the same REDIS_URL and CELERY_QUEUE=nobody-reads-this"
    )
    # about five looks during the stall, one line: rich wraps lines, so compare words
    assert " ".join(result.output.split()).count(hint) == 1, result.output
    assert result.output.count("no progress") == 1, result.output
    with session_scope() as session:
        statuses = session.exec(select(Response.status).where(Response.status == "pending")).all()
    assert statuses == []


def test_halo_run_on_a_broker_waits_out_a_database_outage(
    live_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The progress loop says the database is away and carries on when it is back, instead of
    dying with a traceback (issue 11, item 4)."""
    import psycopg
    from sqlalchemy import exc as sa_exc

    import app.cli
    import app.runs.tasks
    from app.runs import service
    from app.settings import get_settings

    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:6379/14")
    monkeypatch.setenv("CELERY_QUEUE", "nobody-reads-this")
    get_settings.cache_clear()
    monkeypatch.setattr(app.cli, "NO_PROGRESS_HINT_S", 30)
    monkeypatch.setattr(app.cli, "POLL_S", 0.05)
    real_progress, reads = service.run_progress, []

    def flaky_progress(session: Any, run_id: int) -> Any:
        reads.append(run_id)
        if 2 <= len(reads) <= 4:  # the first read (before the loop) works, then 3 fail
            raise sa_exc.OperationalError("SELECT", {}, psycopg.OperationalError("closed"))
        return real_progress(session, run_id)

    def a_worker(run_id: int) -> None:
        with session_scope() as session:
            for response_id in service.pending_response_ids(session, run_id):
                service.execute_response(session, response_id)

    monkeypatch.setattr(app.runs.tasks, "start_run", a_worker)
    monkeypatch.setattr(service, "run_progress", flaky_progress)
    try:
        result = runner.invoke(
            cli, ["run", "--agents", "restraint", "--scenarios", "wp-01", "--k", "1"]
        )
    finally:
        get_settings.cache_clear()
    assert result.exit_code == 0, result.output
    output = " ".join(result.output.split())
    assert output.count("database unavailable (OperationalError)") == 1, result.output
    assert output.count("database back") == 1 and "Traceback" not in output


def _run_through_two_stalls(monkeypatch: pytest.MonkeyPatch, redis_url: str) -> str:
    """`halo run` of two responses on a broker nobody serves, whose "worker" (a thread of this
    process) stalls 1.5 s before each response; returns what it printed."""
    import app.cli
    import app.runs.tasks
    from app.runs import service
    from app.settings import get_settings

    monkeypatch.setenv("REDIS_URL", redis_url)
    monkeypatch.setenv("CELERY_QUEUE", "nobody-reads-this")
    get_settings.cache_clear()
    monkeypatch.setattr(app.cli, "NO_PROGRESS_HINT_S", 0.3)
    monkeypatch.setattr(app.cli, "POLL_S", 0.05)

    def a_worker_with_stalls(run_id: int) -> None:
        def work() -> None:
            with session_scope() as session:
                ids = service.pending_response_ids(session, run_id)
            for response_id in ids:
                time.sleep(1.5)
                with session_scope() as session:
                    service.execute_response(session, response_id)

        threading.Thread(target=work, daemon=True).start()

    monkeypatch.setattr(app.runs.tasks, "start_run", a_worker_with_stalls)
    try:
        result = runner.invoke(
            cli, ["run", "--agents", "restraint,notify_latest", "--scenarios", "wp-01", "--k", "1"]
        )
    finally:
        get_settings.cache_clear()
    assert result.exit_code == 0, result.output
    with session_scope() as session:
        assert (
            session.exec(select(Response.status).where(Response.status != "completed")).all() == []
        )
    return " ".join(result.output.split())  # rich wraps lines


def test_halo_run_says_once_per_stall_that_no_worker_answers(
    live_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each of the two stalls is looked at about five times and told once."""
    output = _run_through_two_stalls(monkeypatch, "redis://127.0.0.1:6379/14")
    told = re.findall(r"no progress (yet|for [\d.]+ s): no worker answers \(the broker and", output)
    assert told[0] == "yet" and len(told) == 2, output  # the second: "for 0.3 s" or so
    assert output.count("no progress") == 2, output


def test_halo_run_says_the_broker_is_down(live_db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A broker nobody listens on: the stall line names the broker, not the worker."""
    from tests.private_redis import free_port

    output = _run_through_two_stalls(monkeypatch, f"redis://127.0.0.1:{free_port()}/0")
    assert output.count("no progress") == 2, output
    assert (
        output.count(
            "the broker (REDIS_URL) is down (ConnectionError: Error 111 connecting to 127.0.0.1:"
        )
        == 2
    ), output
    assert output.count("the database answers; the workers wait for the broker") == 2, output
    assert "no worker answers" not in output
