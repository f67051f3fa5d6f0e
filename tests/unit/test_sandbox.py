"""Sandbox rules (DESIGN.md §3.4): read-only `db_query`, work budget, row cap, path confinement."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from app.arena.commands import run_command
from app.arena.errors import CommandError
from app.arena.replay import apply_event
from app.arena.schema import Event
from app.arena.state import QUERY_ROW_LIMIT, QUERY_STEP_BUDGET, Sandbox, normalise_path
from tests.unit import arena_fixtures as fx

RUNAWAY = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c"
READ_ONLY = "error: db_query is read-only: that operation is not allowed"
ONE_SELECT = "error: db_query accepts one SELECT or WITH statement"
ONE_STATEMENT = "error: db_query accepts exactly one statement"


@pytest.fixture
def box():
    sandbox = fx.sandbox()
    yield sandbox
    sandbox.close()


def query(box: Sandbox, sql: str) -> Any:
    result = run_command(box, "db_query", {"sql": sql})
    assert result.ok, result.output
    return json.loads(result.output)


def refused(box: Sandbox, sql: str) -> str:
    dump = list(box.db.iterdump())
    result = run_command(box, "db_query", {"sql": sql})
    assert not result.ok, result.output
    assert not result.local_content
    assert list(box.db.iterdump()) == dump
    return result.output


# ---------------------------------------------------------------- read-only


@pytest.mark.parametrize(
    "sql",
    [
        "INSERT INTO appliances VALUES (9, 'Oven', NULL, NULL)",
        "UPDATE appliances SET name = 'x'",
        "DELETE FROM appliances",
        "DROP TABLE appliances",
        "CREATE TABLE t (x)",
        "CREATE TEMP TABLE t (x)",
        "ALTER TABLE appliances ADD COLUMN y",
        "REPLACE INTO appliances VALUES (1, 'x', NULL, NULL)",
        "ATTACH DATABASE ':memory:' AS other",
        "DETACH DATABASE main",
        "PRAGMA user_version = 7",
        "PRAGMA journal_mode = DELETE",
        "PRAGMA table_info(appliances)",
        "PRAGMA user_version",
        "BEGIN",
        "VACUUM",
        "EXPLAIN SELECT 1",
        "VALUES (1)",
        "",
        "   ;  ",
        "-- only a comment",
    ],
)
def test_only_select_or_with_is_accepted(box, sql):
    assert refused(box, sql) == ONE_SELECT


@pytest.mark.parametrize(
    "sql",
    [
        "WITH x AS (SELECT 1) DELETE FROM appliances",
        "WITH x AS (SELECT 1) INSERT INTO appliances SELECT 9, 'Oven', NULL, NULL FROM x",
        "WITH x AS (SELECT 1) UPDATE appliances SET name = 'x'",
        "SELECT load_extension('/tmp/evil.so')",
    ],
)
def test_writes_and_pragmas_inside_a_select_or_with_are_refused(box, sql):
    assert refused(box, sql) == READ_ONLY


def test_write_through_a_cte_names_read_only(box):
    assert refused(box, "WITH x AS (SELECT 1) DELETE FROM appliances") == READ_ONLY
    assert query(box, "SELECT count(*) FROM appliances")["rows"] == [[3]]


@pytest.mark.parametrize(
    "sql",
    [
        "SELECT 1; DELETE FROM appliances",
        "SELECT 1; SELECT 2",
        "SELECT 1 ; ; DELETE FROM appliances",
        "SELECT 1 /* c */; DELETE FROM appliances",
        "SELECT 1; -- x\nDELETE FROM appliances",
        "SELECT 'a;' ; DELETE FROM appliances -- ';'",
        "WITH x AS (SELECT 1) SELECT * FROM x; DROP TABLE appliances",
    ],
)
def test_multiple_statements_are_refused(box, sql):
    assert refused(box, sql) == ONE_STATEMENT


@pytest.mark.parametrize(
    "sql",
    [
        "/* SELECT */ DELETE FROM appliances",
        "-- SELECT\nDELETE FROM appliances",
        "/* WITH */ PRAGMA user_version = 3",
        "--\n/**/ DROP TABLE appliances",
        "/* unterminated SELECT",
    ],
)
def test_comments_do_not_bypass_the_checks(box, sql):
    assert refused(box, sql) == ONE_SELECT


@pytest.mark.parametrize(
    "sql, rows",
    [
        ("SELECT 1 -- trailing comment; DELETE FROM appliances", [[1]]),
        ("/* leading */ SELECT 2", [[2]]),
        ("-- leading\nSELECT 3;", [[3]]),
        ("SELECT 4; -- done", [[4]]),
        ("SELECT 5;;", [[5]]),
        (
            "SELECT '/* not a comment */', 'a;b', '-- nor this'",
            [["/* not a comment */", "a;b", "-- nor this"]],
        ),
        ("SELECT \"name\" FROM appliances WHERE name = 'it''s' OR id = 1", [["Boiler"]]),
        ("select[name]from appliances where id=2", [["Washing machine"]]),
        ("SELECT*FROM appliances WHERE id = 3", [[3, "Dishwasher", "2023-01-15", "2028-01-15"]]),
    ],
)
def test_comments_and_literals_are_read_correctly(box, sql, rows):
    assert query(box, sql)["rows"] == rows


def test_sql_errors_come_back_as_data(box):
    assert refused(box, "SELECT * FROM nope") == "error: SQL error: no such table: nope"
    assert refused(box, "SELECT 'open").startswith("error: SQL error: unrecognized token")


def test_attach_and_vacuum_into_touch_no_host_file(box, tmp_path: Path):
    target = tmp_path / "stolen.db"
    assert refused(box, f"ATTACH DATABASE '{target}' AS stolen") == ONE_SELECT
    assert refused(box, f"VACUUM INTO '{target}'") == ONE_SELECT
    assert not target.exists()


# ---------------------------------------------------------------- budget and caps


def test_runaway_recursive_query_is_stopped_quickly(box):
    started = time.monotonic()
    output = refused(box, RUNAWAY)
    elapsed = time.monotonic() - started
    assert output == (
        f"error: query stopped: it exceeded the work budget of {QUERY_STEP_BUDGET:,} steps"
    )
    assert elapsed < 1.0


def test_runaway_query_raises_command_error_directly(box):
    with pytest.raises(CommandError, match="work budget"):
        box.query(RUNAWAY)


def test_huge_values_are_refused_quickly(box):
    started = time.monotonic()
    output = refused(box, "SELECT length(zeroblob(900000000))")
    assert output == "error: SQL error: string or blob too big"
    assert time.monotonic() - started < 1.0


def test_rows_are_capped_at_200(box):
    over = query(
        box,
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c LIMIT 250) SELECT x FROM c",
    )
    assert QUERY_ROW_LIMIT == 200
    assert len(over["rows"]) == 200
    assert over["rows"][0] == [1] and over["rows"][-1] == [200]
    assert over["truncated_rows"] is True
    exact = query(
        box,
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c LIMIT 200) SELECT x FROM c",
    )
    assert len(exact["rows"]) == 200 and exact["truncated_rows"] is False


def test_an_unbounded_select_that_stops_at_the_cap_is_fine(box):
    """Only the rows fetched count: 201 rows of an infinite CTE are cheap."""
    result = query(
        box, "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT x FROM c"
    )
    assert len(result["rows"]) == 200 and result["truncated_rows"] is True


def test_guards_are_lifted_after_each_query(box):
    refused(box, RUNAWAY)
    refused(box, "DELETE FROM appliances")
    refused(box, "SELECT length(zeroblob(900000000))")
    # replay writes under the script guard, whose budgets are larger than a query's: this takes
    # well over the query's step budget and makes a value nine times its value limit
    box.execute_sql(
        "CREATE TABLE big AS WITH RECURSIVE c(x) AS "
        "(SELECT 1 UNION ALL SELECT x+1 FROM c LIMIT 300000) SELECT x FROM c;"
    )
    box.execute_sql("CREATE TABLE blob AS SELECT zeroblob(900000) AS b;")
    assert query(box, "SELECT count(*) FROM big")["rows"] == [[300000]]
    assert query(box, "SELECT length(b) FROM blob")["rows"] == [[900000]]


# ---------------------------------------------------------------- replay writes, agents cannot


def test_replay_connection_writes_while_agent_queries_cannot(box):
    assert refused(box, "INSERT INTO service_log VALUES (3, 1, '2026-03-03', 'x')") == ONE_SELECT
    event = Event.model_validate(
        {
            "id": "e9",
            "at": "2026-03-03T13:00:00+01:00",
            "app": "db",
            "kind": "db.executed",
            "payload": {"sql": "INSERT INTO service_log VALUES (3, 1, '2026-03-03', 'x');"},
            "summary": "log",
        }
    )
    apply_event(box, event)
    assert query(box, "SELECT count(*) FROM service_log")["rows"] == [[3]]
    assert refused(box, "WITH x AS (SELECT 1) DELETE FROM service_log") == READ_ONLY
    assert query(box, "SELECT count(*) FROM service_log")["rows"] == [[3]]


def test_internal_parameters_are_bound(box):
    columns, rows, more = box.query("SELECT name FROM appliances WHERE id = ?", (2,))
    assert (columns, rows, more) == (["name"], [("Washing machine",)], False)


# ---------------------------------------------------------------- paths


@pytest.mark.parametrize(
    "path, normal",
    [
        ("/", "/"),
        ("//", "/"),
        ("/home/", "/home"),
        ("/home/./notes/todo.txt", "/home/notes/todo.txt"),
        ("//home//notes///todo.txt", "/home/notes/todo.txt"),
        ("/etc/passwd", "/etc/passwd"),
    ],
)
def test_normalise_path(path, normal):
    assert normalise_path(path) == normal


@pytest.mark.parametrize(
    "path, message",
    [
        ("../etc/passwd", "must be absolute"),
        ("home/notes/todo.txt", "must be absolute"),
        ("", "must be absolute"),
        ("~/notes", "must be absolute"),
        ("C:\\Windows", "must be absolute"),
        ("/home/../etc/passwd", "'..' is refused"),
        ("/..", "'..' is refused"),
        ("/home/notes/..", "'..' is refused"),
        ("/home/\x00todo.txt", "forbidden character"),
        ("/home\\notes\\todo.txt", "forbidden character"),
    ],
)
def test_paths_outside_the_root_are_refused(path, message):
    with pytest.raises(CommandError, match=message):
        normalise_path(path)


@pytest.mark.parametrize(
    "name, args, message",
    [
        ("files_read", {"path": "../etc/passwd"}, "must be absolute"),
        ("files_read", {"path": "/home/../../etc/passwd"}, "leaves the environment root"),
        ("files_read", {"path": "/home/../home/boiler-manual.txt"}, "leaves the environment root"),
        ("files_read", {"path": "/home/boiler-manual.txt\x00"}, "path: holds a NUL character"),
        ("files_read", {"path": "\\home\\boiler-manual.txt"}, "must be absolute"),
        ("files_read", {"path": "/home\\boiler-manual.txt"}, "forbidden character"),
        ("files_read", {"path": "/etc/passwd"}, "file '/etc/passwd' does not exist"),
        ("files_read", {"path": "/home"}, "file '/home' does not exist"),
        ("files_list", {"directory": ".."}, "must be absolute"),
        ("files_list", {"directory": "/home/.."}, "leaves the environment root"),
        ("files_list", {"directory": "/etc"}, "directory '/etc' does not exist"),
        ("files_list", {"directory": "/home/boiler-manual.txt"}, "is a file"),
        (
            "create_note",
            {"path": "/home/../../tmp/x.txt", "content": "x"},
            "leaves the environment",
        ),
        ("create_note", {"path": "/tmp/x\x00.txt", "content": "x"}, "path: holds a NUL character"),
    ],
)
def test_file_commands_confine_paths(box, name, args, message):
    files = dict(box.files)
    result = run_command(box, name, args)
    assert not result.ok
    assert message in result.output
    assert box.files == files


def test_host_files_are_never_read(box):
    result = run_command(box, "files_search", {"query": "root:"})
    assert result.ok and json.loads(result.output) == []
    assert "/etc/passwd" not in box.files
