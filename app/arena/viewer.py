"""Read-only views of HALO-Arena for auditors, leads and the published catalogue.

Pure: no database and no web. The arena viewer steps through a scenario's checkpoints 0..n (S0,
then the state right after each event, DESIGN.md §2), shows what each event changed, and runs
retrieval commands by hand on a throw-away sandbox; the catalogue helpers publish the 48 commands
(DESIGN.md §3.3) from :data:`app.arena.commands.CATALOGUE`, the one source of truth.
"""

from __future__ import annotations

import difflib
import json
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any
from zoneinfo import ZoneInfo

from app.arena.commands import CATALOGUE, CommandResult, CommandSpec, run_command
from app.arena.errors import ArenaError
from app.arena.replay import Observation, apply_event, build_observation, replay_prefix
from app.arena.schema import AppRecords, Event
from app.arena.sqlclock import SqlClock
from app.arena.sqlguard import (
    READ_TIME_BUDGET,
    ArenaConnection,
    ScriptBudget,
    open_arena_db,
    quote_identifier,
    read_rows,
    run_script,
)
from app.arena.state import (
    COLLECTIONS,
    S0,
    Collection,
    Sandbox,
    iter_records,
)
from app.bounded import JSONTooDeep, load_json
from app.vocabulary import Level

# ---------------------------------------------------------------- catalogue

RETRIEVAL_APPS: tuple[str, ...] = (
    "email",
    "calendar",
    "chat",
    "contacts",
    "wallet",
    "database",
    "files",
)
"""Apps of the retrieval commands, in catalogue order (DESIGN §3.3)."""

ACTION_LEVEL_NAMES: dict[Level, str] = {
    Level.L1: "attention",
    Level.L2: "prepare",
    Level.L3: "execute",
}
"""Action levels and their names (DESIGN §2 "action level", §3.3)."""


def catalogue_document() -> dict[str, list[dict[str, Any]]]:
    """The catalogue as published JSON: OpenAI-style tools plus app, level and signature.

    Returns:
        ``{"retrieval": [...29], "action": [...19]}`` in catalogue order; each item is
        :meth:`CommandSpec.json_schema` (``{"type": "function", "function": {name, description,
        parameters}}``) with ``app``, ``level`` (None for retrieval, ``L1``..``L3`` for actions)
        and ``signature`` (e.g. ``email_read(message_id)``) added beside it.
    """
    document: dict[str, list[dict[str, Any]]] = {"retrieval": [], "action": []}
    for spec in CATALOGUE.values():
        document[spec.kind].append(
            {
                **spec.json_schema(),
                "app": spec.app,
                "level": spec.level,
                "signature": spec.signature(),
            }
        )
    return document


@dataclass(frozen=True)
class ArgumentRow:
    """One argument of a command, derived from its JSON Schema.

    Attributes:
        name: argument name.
        type: JSON type in words (``string``, ``integer``, ``string (date-time) | null``, ...).
        default: the default as JSON text, or None for a required argument.
        required: whether the call must give it.
        constraints: bounds and patterns (``1 ≤ value ≤ 200``, ``pattern ^[A-Z]{3}$``), or "".
    """

    name: str
    type: str
    default: str | None
    required: bool
    constraints: str


@dataclass(frozen=True)
class CatalogueEntry:
    """One command as the catalogue page shows it."""

    name: str
    app: str
    kind: str
    level: str | None
    signature: str
    description: str
    arguments: tuple[ArgumentRow, ...]
    example: str
    """A JSON arguments object naming the required arguments (``{}`` when there are none)."""


@dataclass(frozen=True)
class CatalogueGroup:
    """Commands of one retrieval app or one action level."""

    key: str
    title: str
    entries: tuple[CatalogueEntry, ...]


def schema_type(prop: dict[str, Any]) -> str:
    """A JSON Schema property's type in words, e.g. ``array of string`` or ``integer | null``."""
    if "anyOf" in prop:
        return " | ".join(schema_type(option) for option in prop["anyOf"])
    kind = str(prop.get("type", "any"))
    if kind == "array":
        return f"array of {schema_type(prop.get('items', {}))}"
    if "format" in prop:
        return f"{kind} ({prop['format']})"
    return kind


def _constraints(prop: dict[str, Any]) -> str:
    parts: list[str] = []
    for option in prop.get("anyOf", [prop]):
        low = option.get("minimum")
        high = option.get("maximum")
        if low is not None and high is not None:
            parts.append(f"{low} ≤ value ≤ {high}")
        elif low is not None:
            parts.append(f"≥ {low}")
        elif high is not None:
            parts.append(f"≤ {high}")
        if "exclusiveMinimum" in option:
            parts.append(f"> {option['exclusiveMinimum']}")
        if "minLength" in option:
            parts.append(f"at least {option['minLength']} character(s)")
        if "pattern" in option:
            parts.append(f"pattern {option['pattern']}")
        if "enum" in option:
            parts.append("one of " + ", ".join(json.dumps(v) for v in option["enum"]))
    return "; ".join(parts)


def argument_rows(spec: CommandSpec) -> tuple[ArgumentRow, ...]:
    """The argument table of one command, read from its published JSON Schema."""
    parameters = spec.json_schema()["function"]["parameters"]
    required = set(parameters.get("required", []))
    rows = []
    for name, prop in parameters.get("properties", {}).items():
        rows.append(
            ArgumentRow(
                name=name,
                type=schema_type(prop),
                default=None if name in required else json.dumps(prop.get("default")),
                required=name in required,
                constraints=_constraints(prop),
            )
        )
    return tuple(rows)


_PLACEHOLDERS: dict[str, Any] = {"string": "", "integer": 0, "number": 0, "boolean": False}


def example_args(spec: CommandSpec) -> str:
    """A JSON arguments object with every required argument and an empty value of its type."""
    parameters = spec.json_schema()["function"]["parameters"]
    example: dict[str, Any] = {}
    for name in parameters.get("required", []):
        prop = parameters["properties"][name]
        kinds = [o.get("type") for o in prop.get("anyOf", [prop])]
        example[name] = [] if kinds == ["array"] else _PLACEHOLDERS.get(str(kinds[0]), "")
    return json.dumps(example, ensure_ascii=False)


def catalogue_entry(spec: CommandSpec) -> CatalogueEntry:
    """One command for display."""
    return CatalogueEntry(
        name=spec.name,
        app=spec.app,
        kind=spec.kind,
        level=spec.level,
        signature=spec.signature(),
        description=spec.description,
        arguments=argument_rows(spec),
        example=example_args(spec),
    )


def catalogue_groups(kind: str | None = None) -> list[CatalogueGroup]:
    """The catalogue grouped for display: retrieval by app, then actions by level.

    Args:
        kind: ``"retrieval"`` or ``"action"`` for one half only; None for all 48 commands.

    Returns:
        Non-empty groups in catalogue order (seven retrieval apps, then L1, L2, L3).
    """
    specs = [spec for spec in CATALOGUE.values() if kind in (None, spec.kind)]
    groups: list[CatalogueGroup] = []
    for app in RETRIEVAL_APPS:
        entries = tuple(catalogue_entry(s) for s in specs if s.level is None and s.app == app)
        if entries:
            groups.append(CatalogueGroup(app, f"{app} · retrieval", entries))
    for level, name in ACTION_LEVEL_NAMES.items():
        entries = tuple(catalogue_entry(s) for s in specs if s.level == level)
        if entries:
            groups.append(CatalogueGroup(level, f"{level} {name} · action", entries))
    return groups


# ---------------------------------------------------------------- state summaries

COLLECTION_LABELS: dict[Collection, str] = {
    ("email", "messages"): "emails",
    ("calendar", "events"): "calendar events",
    ("chat", "conversations"): "chat conversations",
    ("chat", "messages"): "chat messages",
    ("contacts", "contacts"): "contacts",
    ("wallet", "accounts"): "wallet accounts",
    ("wallet", "transactions"): "transactions",
    ("wallet", "scheduled_payments"): "scheduled payments",
}
"""Display names of the app collections (DESIGN §3.1), in :data:`COLLECTIONS` order."""

STATE_COLUMNS: dict[Collection, tuple[str, ...]] = {
    ("email", "messages"): ("id", "folder", "from", "subject", "at", "read", "flagged"),
    ("calendar", "events"): ("id", "title", "start", "end", "status", "location"),
    ("chat", "conversations"): ("id", "title", "participants"),
    ("chat", "messages"): ("id", "conversation_id", "sender", "text", "at", "read"),
    ("contacts", "contacts"): ("id", "name", "organization", "relationship", "groups"),
    ("wallet", "accounts"): ("id", "name", "currency", "balance_minor"),
    ("wallet", "transactions"): (
        "id",
        "account_id",
        "at",
        "amount_minor",
        "counterparty",
        "status",
    ),
    ("wallet", "scheduled_payments"): (
        "id",
        "account_id",
        "payee",
        "amount_minor",
        "due",
        "status",
    ),
}
"""The columns the viewer's state tables show for each collection (full records on demand)."""


def count_records(pairs: Iterable[tuple[Collection, Any]]) -> dict[str, int]:
    """Records per collection, keyed by display label, every collection present (0 when empty)."""
    counts = {COLLECTION_LABELS[key]: 0 for key in COLLECTIONS}
    for key, _record in pairs:
        counts[COLLECTION_LABELS[key]] += 1
    return counts


def sandbox_counts(sandbox: Sandbox) -> dict[str, int]:
    """Records per collection in a sandbox, plus its files and database tables."""
    counts = {COLLECTION_LABELS[key]: len(sandbox.collections[key]) for key in COLLECTIONS}
    counts["files"] = len(sandbox.files)
    counts["database tables"] = len(table_row_counts(sandbox.db))
    return counts


def table_row_counts(db: ArenaConnection) -> dict[str, int]:
    """Each user table of a SQLite database (by name) and its number of rows (guarded reads)."""
    budget = ScriptBudget(time_budget=READ_TIME_BUDGET)
    names = [
        str(row[0])
        for row in read_rows(
            db,
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
            "ORDER BY name",
            budget=budget,
        ).rows
    ]
    counts = {}
    for name in names:
        found = read_rows(db, f"SELECT count(*) FROM {quote_identifier(name)}", budget=budget)  # noqa: S608
        counts[name] = int(found.rows[0][0]) if found.rows else 0
    return counts


@dataclass(frozen=True)
class EnvironmentSummary:
    """An environment's base state at a glance (before any scenario adds records).

    Attributes:
        counts: records per collection (display label → count).
        tables: database table → row count, by name.
        files: virtual path → number of lines, by path.
    """

    counts: dict[str, int]
    tables: dict[str, int]
    files: dict[str, int]


def summarise_environment(
    apps: AppRecords, database_sql: str, files: dict[str, str]
) -> EnvironmentSummary:
    """Counts of an environment's base records, database tables and files.

    Args:
        apps: the environment's base app records (``environment.json`` → ``apps``).
        database_sql: its ``database.sql`` script.
        files: its files, virtual path → text.

    Returns:
        An :class:`EnvironmentSummary`.

    Raises:
        ArenaError: the database script fails.
    """
    db = open_arena_db()
    clock = SqlClock(
        ZoneInfo("UTC")
    )  # no simulated now: 'now' in S0's SQL is an error, as when seeding
    clock.install(db)
    try:
        try:
            run_script(db, clock, database_sql)
        except sqlite3.Error as exc:
            raise ArenaError(f"database.sql: {exc}") from exc
        tables = table_row_counts(db)
    finally:
        db.close()
    return EnvironmentSummary(
        counts=count_records(iter_records(apps)),
        tables=tables,
        files={path: len(text.splitlines()) for path, text in sorted(files.items())},
    )


ZERO_DECIMAL_CURRENCIES = frozenset({"JPY", "KRW", "VND", "CLP", "ISK", "UGX", "XAF", "XOF"})
"""ISO-4217 currencies whose minor unit is the major unit (exponent 0)."""


def format_money(amount_minor: int, currency: str) -> str:
    """Minor units as a readable amount, e.g. ``(-99000, "EUR")`` → ``-990.00 EUR``.

    Args:
        amount_minor: the amount in minor units (DESIGN §3.1), negative for outgoing.
        currency: ISO-4217 code; JPY and other zero-decimal currencies have no decimals.
    """
    if currency in ZERO_DECIMAL_CURRENCIES:
        return f"{amount_minor:,} {currency}"
    sign = "-" if amount_minor < 0 else ""
    major, minor = divmod(abs(amount_minor), 100)
    return f"{sign}{major:,}.{minor:02d} {currency}"


# ---------------------------------------------------------------- checkpoint diffs


@dataclass(frozen=True)
class FieldChange:
    """One field of a record before and after a change (None where it did not exist)."""

    field: str
    before: Any
    after: Any


@dataclass(frozen=True)
class RecordChange:
    """One record an event created, updated or (database rows only) deleted.

    Attributes:
        op: ``create``, ``update`` or ``delete``.
        app: ``email``, ``calendar``, ``chat``, ``contacts``, ``wallet``, ``files`` or ``db``.
        collection: the collection (``messages``, ``events``, ...), the database table, or
            ``files``.
        id: the record id, the file path, or the database row's ``rowid``.
        fields: for an update, the fields whose value changed (before → after); for a create,
            every field (before None); for a delete, every field (after None).
        text_diff: for a file, a unified diff of its lines; None otherwise.
    """

    op: str
    app: str
    collection: str
    id: str
    fields: tuple[FieldChange, ...]
    text_diff: str | None = None


def _field_changes(before: Any, after: Any) -> tuple[FieldChange, ...]:
    if isinstance(before, dict) or isinstance(after, dict):
        old: dict[str, Any] = before if isinstance(before, dict) else {}
        new: dict[str, Any] = after if isinstance(after, dict) else {}
        keys = list(new) + [key for key in old if key not in new]
        return tuple(
            FieldChange(key, old.get(key), new.get(key))
            for key in keys
            if key not in old or key not in new or old[key] != new[key]
        )
    if before == after:
        return ()
    return (FieldChange("content", before, after),)


def changes_from_diff(diff: Iterable[dict[str, Any]]) -> list[RecordChange]:
    """State-diff entries (as :meth:`Sandbox.recording` collects them) as record changes.

    Updates that changed no field are left out; a file gets a unified diff of its lines.
    """
    changes = []
    for entry in diff:
        fields = _field_changes(entry["before"], entry["after"])
        if not fields:
            continue
        text_diff = None
        if entry["app"] == "files":
            text_diff = "\n".join(
                difflib.unified_diff(
                    (entry["before"] or "").splitlines(),
                    (entry["after"] or "").splitlines(),
                    fromfile=entry["id"] if entry["before"] is not None else "/dev/null",
                    tofile=entry["id"],
                    lineterm="",
                )
            )
        changes.append(
            RecordChange(
                op=entry["op"],
                app=entry["app"],
                collection=entry["collection"],
                id=str(entry["id"]),
                fields=fields,
                text_diff=text_diff,
            )
        )
    return changes


SNAPSHOT_BYTE_BUDGET = 16 * 2**20
"""Bytes of rows one database snapshot keeps (:func:`app.arena.sqlguard.held_size`, counted
while rows are fetched): a page holds two. The shipped seeds' databases hold under 100 KB."""


@dataclass
class DbSnapshot:
    """Every row of every user table that fits the snapshot's budgets, keyed for :func:`db_changes`.

    Attributes:
        tables: table → row key (``rowid``, or the whole row for a table without one) →
            column → value; only tables read whole.
        cut: table → why it was not read whole (its rows are not kept, its changes not shown).
    """

    tables: dict[str, dict[Any, dict[str, Any]]] = field(default_factory=dict)
    cut: dict[str, str] = field(default_factory=dict)


def db_snapshot(db: ArenaConnection) -> DbSnapshot:
    """Every row of every user table, keyed for :func:`db_changes`, within bounded budgets.

    Every read runs under the guard (:func:`app.arena.sqlguard.read_rows`): the tables share
    :data:`SNAPSHOT_BYTE_BUDGET` bytes of rows and :data:`~app.arena.sqlguard.READ_TIME_BUDGET`
    seconds, in name order; a table past them is named in :attr:`DbSnapshot.cut` instead.
    """
    snapshot = DbSnapshot()
    budget = ScriptBudget(time_budget=READ_TIME_BUDGET)
    left = SNAPSHOT_BYTE_BUDGET
    for table in table_row_counts(db):
        name = quote_identifier(table)
        try:
            try:
                found = read_rows(
                    db,
                    f"SELECT rowid AS __rowid__, * FROM {name}",  # noqa: S608
                    byte_budget=left,
                    budget=budget,
                )
                keyed = True
            except sqlite3.OperationalError as exc:  # a WITHOUT ROWID table
                if "rowid" not in str(exc):
                    raise
                found = read_rows(db, f"SELECT * FROM {name}", byte_budget=left, budget=budget)  # noqa: S608
                keyed = False
        except sqlite3.Error as exc:
            snapshot.cut[table] = str(exc)
            continue
        if found.cut is not None:
            snapshot.cut[table] = (
                f"with the tables before it, over the {SNAPSHOT_BYTE_BUDGET // 2**20} MiB of "
                "rows a snapshot keeps"
                if found.over_budget
                else found.cut
            )
            continue
        left -= found.size
        columns = found.columns
        rows: dict[Any, dict[str, Any]] = {}
        for row in found.rows:
            if keyed:
                rows[row[0]] = dict(zip(columns[1:], row[1:], strict=True))
            else:
                rows[row] = dict(zip(columns, row, strict=True))
        snapshot.tables[table] = rows
    return snapshot


def db_changes(before: DbSnapshot, after: DbSnapshot) -> list[RecordChange]:
    """Rows created, updated and deleted between two database snapshots, table by table.

    Only tables read whole in both are compared (:func:`snapshot_notes` names the others).
    """
    changes: list[RecordChange] = []
    for table in sorted(set(before.tables) | set(after.tables)):
        if table in before.cut or table in after.cut:
            continue
        old, new = before.tables.get(table, {}), after.tables.get(table, {})
        for key, row in new.items():
            if key not in old:
                changes.append(_row_change("create", table, key, None, row))
            elif old[key] != row:
                changes.append(_row_change("update", table, key, old[key], row))
        for key, row in old.items():
            if key not in new:
                changes.append(_row_change("delete", table, key, row, None))
    return changes


def snapshot_notes(before: DbSnapshot, after: DbSnapshot) -> list[str]:
    """One note per table whose changes :func:`db_changes` could not show, and why."""
    cut = {**after.cut, **before.cut}
    return [
        f"The changes of table {table} are not shown: it was too large to compare ({why})."
        for table, why in sorted(cut.items())
    ]


def _row_change(
    op: str, table: str, key: Any, before: dict[str, Any] | None, after: dict[str, Any] | None
) -> RecordChange:
    row_id = str(key) if not isinstance(key, tuple) else json.dumps(list(key), default=str)
    return RecordChange(op, "db", table, row_id, _field_changes(before, after))


@dataclass
class CheckpointView:
    """Everything the viewer shows at checkpoint t of a scenario.

    Attributes:
        t: the checkpoint, 0 (S0) .. n.
        num_events: n.
        now: e_t.at as ISO-8601, None at t = 0.
        event: e_t, None at t = 0.
        observation: what an agent is told at t (None at t = 0: agents never see S0 alone).
        changes: what e_t changed (empty at t = 0).
        records: (app, collection) → records at t, in insertion order.
        files: virtual path → text at t.
        tables: database table → row count at t.
        counts: records per collection, files and tables at t.
        touched: ids of the records e_t created or updated (to highlight them).
        currencies: wallet account id → its currency (to show amounts of transactions).
        notes: what the changes leave out (a database table too large to compare).
    """

    t: int
    num_events: int
    now: str | None
    event: Event | None
    observation: Observation | None
    changes: list[RecordChange]
    records: dict[Collection, list[dict[str, Any]]]
    files: dict[str, str]
    tables: dict[str, int]
    counts: dict[str, int]
    touched: set[str] = field(default_factory=set)
    currencies: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def checkpoint_view(s0: S0, events: list[Event], t: int) -> CheckpointView:
    """Replay to checkpoint t and collect what the viewer shows, including e_t's state diff.

    The diff is computed by replaying e1..e(t-1) and then applying e_t inside
    :meth:`Sandbox.recording`; a ``db.executed`` event is compared row by row instead (the
    database is not part of the recorded diff).

    Args:
        s0: the scenario's initial state.
        events: all its events, in order.
        t: 0 (S0) .. len(events).

    Returns:
        A :class:`CheckpointView`.

    Raises:
        ArenaError: t outside 0..n or an event that cannot be applied.
    """
    if not 0 <= t <= len(events):
        raise ArenaError(f"checkpoint {t} is outside 0..{len(events)}")
    with replay_prefix(s0, events, max(t - 1, 0)) as sandbox:
        changes: list[RecordChange] = []
        notes: list[str] = []
        event = events[t - 1] if t else None
        if event is not None:
            before_db = db_snapshot(sandbox.db) if event.kind == "db.executed" else None
            with sandbox.recording() as diff:
                apply_event(sandbox, event)
            changes = changes_from_diff(diff)
            if before_db is not None:
                after_db = db_snapshot(sandbox.db)
                changes.extend(db_changes(before_db, after_db))
                notes = snapshot_notes(before_db, after_db)
                del before_db, after_db
            sandbox.now = event.at
        return CheckpointView(
            t=t,
            num_events=len(events),
            now=event.at.isoformat() if event else None,
            event=event,
            observation=build_observation(s0, events, t) if t else None,
            changes=changes,
            records={key: sandbox.records(*key) for key in COLLECTIONS},
            files=dict(sorted(sandbox.files.items())),
            tables=table_row_counts(sandbox.db),
            counts=sandbox_counts(sandbox),
            touched={c.id for c in changes if c.app != "db" and c.op != "delete"},
            currencies={a["id"]: a["currency"] for a in sandbox.records("wallet", "accounts")},
            notes=notes,
        )


# ---------------------------------------------------------------- command runner


ARGS_MAX_CHARS = 20_000
"""Characters of arguments the command runner reads (a long SQL query is a few hundred)."""


def parse_args_text(text: str | None) -> Any:
    """The arguments object an auditor typed: blank means ``{}``.

    Bounded (DESIGN §3.4): at most :data:`ARGS_MAX_CHARS` characters, nested at most
    :data:`~app.bounded.MAX_JSON_DEPTH` levels (checked before parsing, so 100,000 brackets
    are refused quickly instead of exhausting the parser's recursion).

    Raises:
        ValueError: the text is too long, nested too deeply (the message names the JSON path)
            or not JSON (the message says where).
    """
    if text is None or not text.strip():
        return {}
    if len(text) > ARGS_MAX_CHARS:
        raise ValueError(f"args are {len(text):,} characters; at most {ARGS_MAX_CHARS:,} are read")
    try:
        return load_json(text)
    except JSONTooDeep as exc:
        raise ValueError(
            f"args are nested more than {exc.max_depth} levels deep (at {exc.path})"
        ) from exc
    except json.JSONDecodeError as exc:
        raise ValueError(
            f"args are not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        ) from exc


def run_retrieval(
    s0: S0, events: list[Event], t: int, command: str, args_text: str | None
) -> CommandResult:
    """Run one retrieval command by hand at checkpoint t on a throw-away sandbox.

    Nothing is stored and nothing outlives the call: the sandbox is replayed to t, the command
    runs with ``kind="retrieval"`` (an action command is refused), and the sandbox is closed.

    Args:
        s0: the scenario's initial state.
        events: all its events, in order.
        t: 0 (S0) .. len(events).
        command: the command name.
        args_text: the arguments as JSON text (blank for ``{}``).

    Returns:
        The :class:`CommandResult` exactly as :func:`run_command` gives it; bad JSON, an unknown
        or action command and bad arguments come back as ``ok=False`` with the reason as output.

    Raises:
        ArenaError: t outside 0..n or an event that cannot be applied.
    """
    with replay_prefix(s0, events, t) as sandbox:
        try:
            args = parse_args_text(args_text)
        except ValueError as exc:
            return CommandResult(command, args_text, False, f"error: {command}: {exc}")
        return run_command(sandbox, command, args, kind="retrieval")


def pretty_output(output: str) -> str | None:
    """A command output re-indented for reading when it is a JSON array or object, else None."""
    if not output.startswith(("[", "{")):
        return None
    try:
        data = load_json(output)
    except ValueError:  # not JSON, or nested too deeply to re-indent
        return None
    return json.dumps(data, indent=2, ensure_ascii=False)
