"""Arena viewer helpers: catalogue publishing, state summaries, checkpoint diffs, hand-run
retrieval (app/arena/viewer.py). Expected values are worked out by hand from
tests/unit/arena_fixtures.py."""

from __future__ import annotations

import json

import pytest

from app.arena.commands import CATALOGUE, run_command
from app.arena.errors import ArenaError
from app.arena.replay import replay_prefix
from app.arena.sqlguard import open_arena_db
from app.arena.viewer import (
    FieldChange,
    argument_rows,
    catalogue_document,
    catalogue_groups,
    checkpoint_view,
    db_changes,
    db_snapshot,
    example_args,
    format_money,
    parse_args_text,
    pretty_output,
    run_retrieval,
    schema_type,
    summarise_environment,
)
from tests.unit import arena_fixtures as fx


@pytest.fixture(scope="module")
def s0():
    return fx.s0()


@pytest.fixture(scope="module")
def events():
    return fx.events()


def _fields(change) -> dict[str, tuple[object, object]]:
    return {f.field: (f.before, f.after) for f in change.fields}


# ---------------------------------------------------------------- catalogue


def test_catalogue_document_has_29_retrieval_and_19_actions() -> None:
    document = catalogue_document()
    assert len(document["retrieval"]) == 29 and len(document["action"]) == 19
    levels = [tool["level"] for tool in document["action"]]
    assert (levels.count("L1"), levels.count("L2"), levels.count("L3")) == (6, 6, 7)
    read = next(t for t in document["retrieval"] if t["function"]["name"] == "email_read")
    assert read == {
        **CATALOGUE["email_read"].json_schema(),
        "app": "email",
        "level": None,
        "signature": "email_read(message_id)",
    }


def test_catalogue_groups_retrieval_by_app_then_actions_by_level() -> None:
    groups = catalogue_groups()
    assert [g.key for g in groups] == [
        "email",
        "calendar",
        "chat",
        "contacts",
        "wallet",
        "database",
        "files",
        "L1",
        "L2",
        "L3",
    ]
    assert [len(g.entries) for g in groups] == [5, 5, 5, 4, 4, 3, 3, 6, 6, 7]
    assert sum(len(g.entries) for g in catalogue_groups("retrieval")) == 29
    assert [g.key for g in catalogue_groups("action")] == ["L1", "L2", "L3"]


def test_argument_rows_come_from_the_json_schema() -> None:
    rows = {row.name: row for row in argument_rows(CATALOGUE["email_search"])}
    assert list(rows) == ["query", "sender", "since", "until", "limit"]
    assert rows["query"].required and rows["query"].default is None
    assert rows["query"].type == "string"
    assert rows["since"].type == "string (date-time) | null" and rows["since"].default == "null"
    assert rows["limit"].default == "20" and rows["limit"].constraints == "1 ≤ value ≤ 200"
    payment = {row.name: row for row in argument_rows(CATALOGUE["make_payment"])}
    assert payment["amount_minor"].constraints == "> 0"
    assert payment["currency"].constraints == "pattern ^[A-Z]{3}$"
    email = {row.name: row for row in argument_rows(CATALOGUE["send_email"])}
    assert email["to"].type == "string | array of string"
    assert email["cc"].default == "[]" and not email["cc"].required
    assert argument_rows(CATALOGUE["wallet_accounts"]) == ()


def test_schema_type_reads_formats_arrays_and_unions() -> None:
    assert schema_type({"type": "string", "format": "date"}) == "string (date)"
    assert schema_type({"type": "array", "items": {"type": "integer"}}) == "array of integer"
    assert schema_type({"anyOf": [{"type": "string"}, {"type": "null"}]}) == "string | null"
    assert schema_type({}) == "any"


def test_example_args_name_every_required_argument() -> None:
    assert example_args(CATALOGUE["email_read"]) == '{"message_id": ""}'
    assert example_args(CATALOGUE["wallet_accounts"]) == "{}"
    assert example_args(CATALOGUE["calendar_free_slots"]) == '{"date": "", "duration_minutes": 0}'
    for spec in CATALOGUE.values():
        example = parse_args_text(example_args(spec))
        required = [n for n, f in spec.args_model.model_fields.items() if f.is_required()]
        assert list(example) == required


# ---------------------------------------------------------------- summaries


def test_summarise_environment_counts_base_records_tables_and_files() -> None:
    summary = summarise_environment(fx.environment().apps, fx.DATABASE_SQL, fx.ENVIRONMENT_FILES)
    assert summary.counts == {
        "emails": 3,
        "calendar events": 2,
        "chat conversations": 0,
        "chat messages": 0,
        "contacts": 3,
        "wallet accounts": 1,
        "transactions": 3,
        "scheduled payments": 1,
    }
    assert summary.tables == {"appliances": 3, "service_log": 1}
    assert summary.files == {"/home/boiler-manual.txt": 5, "/home/notes/todo.txt": 2}


def test_summarise_environment_reports_a_broken_database_script() -> None:
    with pytest.raises(ArenaError, match=r"database\.sql"):
        summarise_environment(fx.environment().apps, "CREATE TABLE (", {})


@pytest.mark.parametrize(
    ("amount", "currency", "text"),
    [
        (-99000, "EUR", "-990.00 EUR"),
        (812147, "EUR", "8,121.47 EUR"),
        (5, "USD", "0.05 USD"),
        (100000, "JPY", "100,000 JPY"),
        (-1500, "JPY", "-1,500 JPY"),
    ],
)
def test_format_money(amount: int, currency: str, text: str) -> None:
    assert format_money(amount, currency) == text


# ---------------------------------------------------------------- checkpoints


def test_s0_view_has_no_event_and_the_s0_counts(s0, events) -> None:
    view = checkpoint_view(s0, events, 0)
    assert view.event is None and view.observation is None and view.now is None
    assert view.changes == [] and view.touched == set()
    assert view.counts["emails"] == 4  # m1-m3 from the environment, m4 noise
    assert view.counts["chat messages"] == 3 and view.counts["files"] == 3
    assert view.tables == {"appliances": 3, "service_log": 2}
    assert view.currencies == {"acc-main": "EUR"}


def test_chat_message_creates_the_message(s0, events) -> None:
    view = checkpoint_view(s0, events, 1)
    assert [(c.op, c.app, c.collection, c.id) for c in view.changes] == [
        ("create", "chat", "messages", "cm4")
    ]
    assert _fields(view.changes[0])["text"] == (None, "Oma's appointment moved to Thursday")
    assert view.counts["chat messages"] == 4 and view.touched == {"cm4"}
    assert view.observation is not None and len(view.observation.events) == 1


def test_calendar_update_lists_only_the_changed_fields(s0, events) -> None:
    view = checkpoint_view(s0, events, 2)
    (change,) = view.changes
    assert (change.op, change.app, change.collection, change.id) == (
        "update",
        "calendar",
        "events",
        "ev1",
    )
    assert _fields(change) == {
        "start": ("2026-03-05T10:00:00+01:00", "2026-03-05T09:00:00+01:00"),
        "end": ("2026-03-05T11:00:00+01:00", "2026-03-05T10:00:00+01:00"),
        "status": ("tentative", "confirmed"),
    }
    assert view.now == "2026-03-03T09:00:00+01:00"


def test_posted_transaction_is_created_and_moves_the_balance(s0, events) -> None:
    view = checkpoint_view(s0, events, 3)
    created, balance = view.changes
    assert (created.op, created.id) == ("create", "tx4")
    assert _fields(created)["amount_minor"] == (None, -12000)
    assert (balance.op, balance.collection, balance.id) == ("update", "accounts", "acc-main")
    assert balance.fields == (FieldChange("balance_minor", fx.S0_BALANCE, fx.S0_BALANCE - 12000),)
    assert fx.S0_BALANCE - 12000 == 549010
    assert view.touched == {"tx4", "acc-main"}


def test_written_file_gets_a_line_diff(s0, events) -> None:
    (change,) = checkpoint_view(s0, events, 4).changes
    assert (change.op, change.app, change.id) == ("create", "files", "/home/notes/boiler.txt")
    assert change.fields == (FieldChange("content", None, "Deposit paid 120 EUR\n"),)
    assert change.text_diff is not None
    assert change.text_diff.splitlines()[-1] == "+Deposit paid 120 EUR"


def test_db_executed_is_compared_row_by_row(s0, events) -> None:
    view = checkpoint_view(s0, events, 5)
    (change,) = view.changes
    assert (change.op, change.app, change.collection, change.id) == (
        "create",
        "db",
        "service_log",
        "3",
    )
    assert _fields(change) == {
        "id": (None, 3),
        "appliance_id": (None, 1),
        "done_on": (None, "2026-03-03"),
        "note": (None, "deposit paid"),
    }
    assert view.tables["service_log"] == 3 and view.touched == set()


def test_db_changes_finds_updates_and_deletes() -> None:
    db = open_arena_db()
    db.executescript(
        "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);"
        "INSERT INTO t VALUES (1, 'a'), (2, 'b');"
        "CREATE TABLE k (a TEXT PRIMARY KEY, b TEXT) WITHOUT ROWID;"
        "INSERT INTO k VALUES ('x', 'y');"
    )
    before = db_snapshot(db)
    db.executescript("UPDATE t SET v = 'c' WHERE id = 1; DELETE FROM t WHERE id = 2;")
    db.executescript("DELETE FROM k; INSERT INTO k VALUES ('x', 'z');")
    changes = db_changes(before, db_snapshot(db))
    summary = [(c.op, c.collection, c.id, _fields(c)) for c in changes]
    assert summary == [
        ("create", "k", '["x", "z"]', {"a": (None, "x"), "b": (None, "z")}),
        ("delete", "k", '["x", "y"]', {"a": ("x", None), "b": ("y", None)}),
        ("update", "t", "1", {"v": ("a", "c")}),
        ("delete", "t", "2", {"id": (2, None), "v": ("b", None)}),
    ]
    db.close()


@pytest.mark.parametrize("t", [-1, 6])
def test_checkpoint_out_of_range_is_refused(s0, events, t: int) -> None:
    with pytest.raises(ArenaError, match=r"outside 0\.\.5"):
        checkpoint_view(s0, events, t)
    with pytest.raises(ArenaError, match=r"outside 0\.\.5"):
        run_retrieval(s0, events, t, "db_tables", "")


# ---------------------------------------------------------------- command runner


@pytest.mark.parametrize(
    ("t", "command", "args"),
    [
        (0, "wallet_accounts", {}),
        (3, "wallet_accounts", {}),
        (5, "db_query", {"sql": "SELECT note FROM service_log ORDER BY id"}),
        (4, "files_read", {"path": "/home/notes/boiler.txt"}),
        (2, "calendar_get", {"event_id": "ev1"}),
    ],
)
def test_run_retrieval_matches_run_command(s0, events, t: int, command: str, args) -> None:
    result = run_retrieval(s0, events, t, command, json.dumps(args))
    with replay_prefix(s0, events, t) as sandbox:
        direct = run_command(sandbox, command, args, kind="retrieval")
    assert result == direct and result.ok


def test_run_retrieval_sees_the_checkpoint_state(s0, events) -> None:
    def balance(t: int) -> int:
        return json.loads(run_retrieval(s0, events, t, "wallet_accounts", None).output)[0][
            "balance_minor"
        ]

    assert (balance(2), balance(3)) == (fx.S0_BALANCE, fx.S0_BALANCE - 12000)


@pytest.mark.parametrize(
    ("command", "args", "message"),
    [
        ("email_read", "{}", "error: email_read: message_id: Field required"),
        ("email_read", "{nope", "error: email_read: args are not valid JSON: "),
        ("email_read", "[1]", "error: email_read: args must be a JSON object"),
        ("email_read", '{"message_id": "m9"}', "error: message 'm9' does not exist"),
        ("notify_user", '{"message": "hi"}', "not a retrieval command"),
        ("nope", "", "error: unknown command 'nope'"),
        ("db_query", '{"sql": "DELETE FROM service_log"}', "one SELECT or WITH statement"),
    ],
)
def test_run_retrieval_reports_errors_as_data(
    s0, events, command: str, args: str, message: str
) -> None:
    result = run_retrieval(s0, events, 3, command, args)
    assert not result.ok and result.output.startswith("error: ")
    assert message in result.output
    assert result.diff == [] and not result.local_content


def test_run_retrieval_never_changes_s0(s0, events) -> None:
    before = (dict(s0.files), {k: dict(v) for k, v in s0.collections.items()}, s0.db_image)
    run_retrieval(s0, events, 5, "files_list", '{"directory": "/home/notes"}')
    assert (dict(s0.files), {k: dict(v) for k, v in s0.collections.items()}, s0.db_image) == before
    assert "/home/notes/boiler.txt" not in s0.files


def test_parse_args_text_and_pretty_output() -> None:
    assert parse_args_text(None) == {} and parse_args_text("  ") == {}
    assert parse_args_text('{"a": 1}') == {"a": 1}
    with pytest.raises(ValueError, match="line 1, column 2"):
        parse_args_text("{x")
    assert pretty_output('[{"a":1}]') == '[\n  {\n    "a": 1\n  }\n]'
    assert pretty_output("plain text") is None and pretty_output("[not json") is None


def test_a_table_too_large_to_snapshot_is_named_not_compared() -> None:
    """The snapshots keep at most SNAPSHOT_BYTE_BUDGET bytes of rows (h24 attack)."""
    from app.arena.viewer import SNAPSHOT_BYTE_BUDGET, snapshot_notes

    db = open_arena_db()
    db.execute("CREATE TABLE big (id INTEGER PRIMARY KEY, v BLOB)")
    db.execute("CREATE TABLE small (id INTEGER PRIMARY KEY, v TEXT)")
    rows = SNAPSHOT_BYTE_BUDGET // 1_000_000 + 2
    db.executemany("INSERT INTO big VALUES (?, zeroblob(1000000))", [(i,) for i in range(rows)])
    before = db_snapshot(db)
    db.execute("INSERT INTO small VALUES (1, 'new')")
    db.execute("DELETE FROM big WHERE id = 0")
    after = db_snapshot(db)
    assert set(before.cut) == {"big"} and "big" not in before.tables
    assert [(c.op, c.collection) for c in db_changes(before, after)] == [("create", "small")]
    assert snapshot_notes(before, after) == [
        "The changes of table big are not shown: it was too large to compare (with the tables "
        f"before it, over the {SNAPSHOT_BYTE_BUDGET // 2**20} MiB of rows a snapshot keeps)."
    ]
    db.close()
