"""`db_query` is deterministic and can read schema and JSON (DESIGN.md §3.4, app/arena/sqlclock).

The date and time functions read the simulated now and the environment's time zone, never the host
clock or zone; random() is refused; json_each, json_tree and pragma_table_info are allowed while
every write, ATTACH and other pragma stays refused.
"""

from __future__ import annotations

import json
import time
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from app.arena.commands import run_command
from app.arena.errors import ArenaError
from app.arena.replay import apply_event, replay_prefix
from app.arena.schema import Event
from app.arena.sqlclock import FUNCTIONS, ClockError, SqlClock
from app.arena.state import QUERY_STEP_BUDGET, Sandbox, build_s0
from tests.unit import arena_fixtures as fx

READ_ONLY = "error: db_query is read-only: that operation is not allowed"
TABLE_FUNCTIONS_NOTE = (
    READ_ONLY + " (of the table-valued functions, json_each, json_tree and "
    "pragma_table_info('table') are allowed)"
)
CHANCE = (
    "error: random() and randomblob() are not available in db_query: "
    "its answers must not depend on chance"
)
# fx.NOW is 2026-03-03 12:00 in Europe/Berlin (+01:00), i.e. 11:00 UTC
NOW_UTC = "2026-03-03 11:00:00"


@pytest.fixture
def box():
    sandbox = fx.sandbox()
    yield sandbox
    sandbox.close()


def value(box: Sandbox, expression: str) -> Any:
    result = run_command(box, "db_query", {"sql": f"SELECT {expression}"})
    assert result.ok, result.output
    return json.loads(result.output)["rows"][0][0]


def rows(box: Sandbox, sql: str) -> list[list[Any]]:
    result = run_command(box, "db_query", {"sql": sql})
    assert result.ok, result.output
    return json.loads(result.output)["rows"]


def refused(box: Sandbox, sql: str) -> str:
    dump = list(box.db.iterdump())
    result = run_command(box, "db_query", {"sql": sql})
    assert not result.ok, result.output
    assert list(box.db.iterdump()) == dump
    return result.output


@pytest.fixture
def host_in_new_york(monkeypatch):
    """The host's zone is far from the persona's: SQLite's own 'localtime' would read it."""
    monkeypatch.setenv("TZ", "America/New_York")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


# ---------------------------------------------------------------- 'now' is the simulated now


@pytest.mark.parametrize(
    "expression, expected",
    [
        ("datetime('now')", NOW_UTC),
        ("datetime('NOW')", NOW_UTC),
        ("datetime()", NOW_UTC),
        ("date('now')", "2026-03-03"),
        ("date()", "2026-03-03"),
        ("time('now')", "11:00:00"),
        ("julianday('now')", 2461102.9583333335),
        ("strftime('%Y-%m-%d %H:%M:%f', 'now')", "2026-03-03 11:00:00.000"),
        ("strftime('%s', 'now')", "1772535600"),
        ("strftime('%Y')", "2026"),
        ("datetime('now', '+1 day', 'start of day')", "2026-03-04 00:00:00"),
        ("date('now', 'weekday 0')", "2026-03-08"),
        ("CURRENT_TIMESTAMP", NOW_UTC),
        ("current_date", "2026-03-03"),
        ("Current_Time", "11:00:00"),
        ("datetime(x) FROM (SELECT 'now' AS x)", NOW_UTC),
        ("datetime(CAST('now' AS BLOB))", NOW_UTC),
        ("datetime('2026-01-01 08:00')", "2026-01-01 08:00:00"),
        ("datetime('not a date')", None),
        ("datetime(NULL)", None),
        ("strftime()", None),
    ],
)
def test_time_functions_read_the_simulated_now(box, expression, expected):
    assert value(box, expression) == expected


def test_unixepoch_reads_the_simulated_now_where_sqlite_has_it(box):
    if "unixepoch" not in FUNCTIONS:
        pytest.skip("this SQLite has no unixepoch()")
    assert value(box, "unixepoch('now')") == 1772535600
    assert value(box, "unixepoch()") == 1772535600


def test_now_follows_the_checkpoint_not_the_host_clock(box):
    host = datetime.now().astimezone()
    first = value(box, "datetime('now')")
    assert value(box, "datetime('now')") == first == NOW_UTC
    box.now = datetime.fromisoformat("2031-07-01T09:30:00+02:00")
    assert value(box, "datetime('now')") == "2031-07-01 07:30:00"
    assert value(box, "CURRENT_DATE") == "2031-07-01"
    assert not value(box, "CURRENT_DATE").startswith(f"{host.year:04d}-{host.month:02d}-{host.day}")


def test_now_at_a_checkpoint_is_its_last_event(box):
    s0, events = fx.s0(), fx.events()
    with replay_prefix(s0, events, 2) as sandbox:
        assert value(sandbox, "datetime('now', 'localtime')") == (
            events[1].at.strftime("%Y-%m-%d %H:%M:%S")
        )


@pytest.mark.usefixtures("host_in_new_york")
@pytest.mark.parametrize(
    "expression, expected",
    [
        ("datetime('now', 'localtime')", "2026-03-03 12:00:00"),
        ("date('now', 'localtime')", "2026-03-03"),
        ("datetime('now', 'utc')", NOW_UTC),
        ("datetime('now', 'localtime', 'localtime')", "2026-03-03 12:00:00"),
        ("datetime('now', 'localtime', 'utc')", NOW_UTC),
        ("datetime('2026-03-02 12:00', 'utc')", "2026-03-02 11:00:00"),
        ("datetime('2026-03-02T09:14:00+01:00', 'localtime')", "2026-03-02 09:14:00"),
        ("datetime('2026-03-02T09:14:00+01:00', 'utc')", "2026-03-02 08:14:00"),
        ("datetime('2026-07-01 12:00', 'localtime')", "2026-07-01 14:00:00"),
        ("datetime('now', 'start of day', 'LOCALTIME')", "2026-03-03 01:00:00"),
        ("strftime('%H:%M', 'now', 'localtime', '+30 minutes')", "12:30"),
        ("datetime('garbage', 'localtime')", None),
    ],
)
def test_localtime_is_the_environment_time_zone_not_the_host(box, expression, expected):
    assert value(box, expression) == expected


def test_a_column_named_current_date_is_still_a_column(box):
    box.execute_sql("CREATE TABLE days (current_date TEXT); INSERT INTO days VALUES ('x');")
    assert rows(box, "SELECT d.current_date, current_date FROM days AS d") == [["x", "2026-03-03"]]


def test_views_and_expression_indexes_use_the_simulated_clock(box):
    box.execute_sql(
        "CREATE VIEW today AS SELECT date('now') AS d;"
        "CREATE TABLE due (at TEXT, next TEXT);"
        "CREATE INDEX due_day ON due (date(at));"
        "INSERT INTO due (at, next) VALUES ('2026-03-31', date('2026-03-31', '+1 month'));"
    )
    assert rows(box, "SELECT d FROM today") == [["2026-03-03"]]
    assert rows(box, "SELECT next FROM due WHERE date(at) = '2026-03-31'") == [["2026-05-01"]]


@pytest.mark.parametrize("kind", ["VIRTUAL", "STORED"])
def test_scenario_sql_may_not_define_a_generated_column(box, kind: str):
    """A generated column computes on every read (h24 attack: 2.9 GB for one scenario page)."""
    with pytest.raises(ArenaError, match=r"generated columns \(due\.next\) are not allowed"):
        box.execute_sql(f"CREATE TABLE due (at TEXT, next TEXT AS (date(at, '+1 month')) {kind});")
    box.execute_sql("CREATE TABLE late (at TEXT);")
    with pytest.raises(ArenaError, match=r"generated columns \(late\.next\) are not allowed"):
        box.execute_sql("ALTER TABLE late ADD COLUMN next TEXT AS (upper(at)) VIRTUAL;")


def test_without_a_simulated_now_now_is_a_clear_error(box):
    box.now = None
    for sql in ("SELECT datetime('now')", "SELECT CURRENT_TIMESTAMP", "SELECT date()"):
        output = refused(box, sql)
        assert output.startswith("error: db_query: there is no simulated now before the first")
    assert value(box, "date('2026-03-03', '+1 day')") == "2026-03-04"


def test_replayed_sql_reads_the_event_time(box):
    event = Event.model_validate(
        {
            "id": "e9",
            "at": "2026-03-04T08:15:00+01:00",
            "app": "db",
            "kind": "db.executed",
            "payload": {
                "sql": "INSERT INTO service_log VALUES (9, 1, datetime('now'), CURRENT_DATE);"
            },
            "summary": "log",
        }
    )
    apply_event(box, event)
    assert rows(box, "SELECT * FROM service_log WHERE id = 9") == [
        [9, 1, "2026-03-04 07:15:00", "2026-03-04"]
    ]


def test_s0_sql_cannot_read_the_host_clock():
    scenario = fx.scenario()
    scenario.initial_records.db.append(
        "INSERT INTO service_log VALUES (5, 1, date('now'), 'today');"
    )
    with pytest.raises(ArenaError, match=r"initial_records\.db\[1\]: there is no simulated now"):
        build_s0(fx.environment(), fx.DATABASE_SQL, fx.ENVIRONMENT_FILES, scenario)


def test_clock_calls_count_against_the_work_budget(box):
    started = time.monotonic()
    output = refused(
        box,
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) "
        "SELECT max(datetime(x, 'unixepoch')) FROM c",
    )
    assert output == (
        f"error: query stopped: it exceeded the work budget of {QUERY_STEP_BUDGET:,} steps"
    )
    assert time.monotonic() - started < 1.5


def test_sql_clock_evaluates_calls_directly():
    clock = SqlClock(ZoneInfo(fx.TIMEZONE), fx.NOW)
    assert clock.now_text() == "2026-03-03 11:00:00.000"
    assert clock.evaluate("date", []) == "2026-03-03"
    assert clock.evaluate("strftime", ["%d.%m.%Y", "now", "localtime"]) == "03.03.2026"
    assert clock.evaluate("current_timestamp", []) == NOW_UTC
    clock.now = None
    with pytest.raises(ClockError, match="no simulated now"):
        clock.evaluate("datetime", ["now"])
    assert clock.evaluate("datetime", ["2026-03-03 10:00", "+1 hour"]) == "2026-03-03 11:00:00"


# ---------------------------------------------------------------- random() is refused


@pytest.mark.parametrize(
    "sql",
    [
        "SELECT random()",
        "SELECT RANDOM() % 10",
        "SELECT hex(randomblob(4))",
        "SELECT name FROM appliances ORDER BY random() LIMIT 1",
        "WITH r AS (SELECT abs(random()) AS x) SELECT x FROM r",
    ],
)
def test_random_is_refused_with_a_clear_error(box, sql):
    assert refused(box, sql) == CHANCE


# ---------------------------------------------------------------- table-valued functions


def test_pragma_table_info_lists_columns(box):
    assert rows(box, "SELECT name, type, pk FROM pragma_table_info('appliances')") == [
        ["id", "INTEGER", 1],
        ["name", "TEXT", 0],
        ["installed_on", "TEXT", 0],
        ["warranty_until", "TEXT", 0],
    ]
    assert rows(box, "SELECT count(*) FROM pragma_table_info('nope')") == [[0]]
    # the same sandbox again, and a table created by a replayed event afterwards
    box.execute_sql("CREATE TABLE later (a INTEGER, b TEXT);")
    assert rows(box, "SELECT name FROM PRAGMA_TABLE_INFO('later')") == [["a"], ["b"]]


def test_pragma_table_info_joined_with_sqlite_master(box):
    found = rows(
        box,
        "SELECT m.name, p.name FROM sqlite_master AS m, pragma_table_info(m.name) AS p "
        "WHERE m.type = 'table' AND p.pk = 1 ORDER BY m.name",
    )
    assert found == [["appliances", "id"], ["service_log", "id"]]


def test_json_each_and_json_tree_unpack_json(box):
    box.execute_sql(
        "CREATE TABLE orders (id INTEGER, items TEXT);"
        """INSERT INTO orders VALUES (1, '[{"sku": "a", "qty": 2}, {"sku": "b", "qty": 1}]');"""
    )
    assert rows(
        box,
        "SELECT o.id, json_extract(j.value, '$.sku'), json_extract(j.value, '$.qty') "
        "FROM orders AS o, json_each(o.items) AS j ORDER BY j.key",
    ) == [[1, "a", 2], [1, "b", 1]]
    assert rows(box, "SELECT value FROM json_each('[3, 4]')") == [[3], [4]]
    assert rows(
        box, """SELECT fullkey FROM json_tree('{"a": {"b": 1}}') WHERE type = 'integer'"""
    ) == [["$.a.b"]]


@pytest.mark.parametrize(
    "sql",
    [
        "SELECT * FROM pragma_user_version",
        "SELECT * FROM pragma_table_xinfo('appliances')",
        "SELECT * FROM pragma_index_list('appliances')",
        "SELECT * FROM pragma_database_list",
        "SELECT * FROM pragma_compile_options",
        "SELECT * FROM dbstat",
        "SELECT * FROM sqlite_stmt",
    ],
)
def test_other_table_valued_functions_stay_refused(box, sql):
    assert refused(box, sql) == TABLE_FUNCTIONS_NOTE
    # an allowed one still works on the same sandbox afterwards
    assert rows(box, "SELECT count(*) FROM pragma_table_info('appliances')") == [[4]]


@pytest.mark.parametrize(
    "sql",
    [
        "WITH j AS (SELECT value FROM json_each('[9]')) "
        "INSERT INTO appliances (id, name) SELECT value, 'x' FROM j",
        "WITH p AS (SELECT name FROM pragma_table_info('appliances')) "
        "DELETE FROM appliances WHERE name IN (SELECT name FROM p)",
    ],
)
def test_writes_next_to_allowed_table_functions_stay_refused(box, sql):
    assert refused(box, sql).startswith(READ_ONLY)


def test_the_schema_cannot_be_written_either(box):
    rows(box, "SELECT count(*) FROM pragma_table_info('appliances')")
    output = refused(box, "WITH p AS (SELECT 1) UPDATE sqlite_master SET sql = ''")
    assert "sqlite_master may not be modified" in output


@pytest.mark.parametrize(
    "sql",
    [
        "PRAGMA table_info(appliances)",
        "PRAGMA user_version = 7",
        "ATTACH DATABASE ':memory:' AS other",
        "SELECT 1; PRAGMA user_version = 7",
    ],
)
def test_pragma_and_attach_statements_stay_refused(box, sql):
    assert refused(box, sql).startswith("error: db_query accepts")
