"""V12 — ids reveal nothing (DESIGN.md §4.1).

DESIGN.md §4.1: "an agent cannot tell story records from noise, or their order of writing,
from ids (e.g. opaque ids derived from a seeded hash at import, stable across runs)".

Three checks (the first two use :mod:`app.arena.shortcuts`, shared with the corpus statistics):

- **numbered ids**: the story ids (initial records) and the noise ids of one collection that
  share a stem and differ by a trailing number (:func:`~app.arena.shortcuts.id_series`) must
  not *separate* — every noise number above every story number, or every one below (issue 12:
  hm-06 had story m1, m3 and noise m4–m6). Each separating series is a finding, however small:
  such ids also give away the order of writing. Opaque ids (``halo corpus reid``) form no series;
- **id patterns**: nor may the story ids of a collection all follow one pattern and its noise ids
  another (story ``s1``, ``s2``; noise ``n1``..``n3``; :func:`~app.arena.shortcuts.pattern_splits`);
- **tell-tale words**: no record id or thread id of the environment, the initial or noise
  records or an event payload contains :data:`~app.arena.shortcuts.TELLTALE_WORDS` as a word
  (``noise-3``, ``key_email``, ``storyMsg``);
- **database rows**: for each table with a single ``INTEGER PRIMARY KEY`` column, the keys of
  the rows the scenario's ``initial_records.db`` inserts (story) and those ``noise_records.db``
  inserts (noise) must not separate the same way when each side has at least two rows. Tables
  without an integer primary key are not compared (their rowid follows insertion order, which
  the import does not shuffle; see the report of issue 12).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from zoneinfo import ZoneInfo

from app.arena.schema import (
    COLLECTION_PATHS,
    EVENT_PAYLOADS,
    PAYLOAD_RECORDS,
    AppRecords,
    EmailMessage,
    EnvironmentSpec,
)
from app.arena.shortcuts import IdSeries, id_series, pattern_splits, telltale_word
from app.arena.sqlclock import SqlClock
from app.arena.sqlguard import (
    ArenaConnection,
    ScriptBudget,
    open_arena_db,
    quote_identifier,
    read_rows,
    run_script,
    table_info,
)
from app.arena.validation.context import Context
from app.arena.validation.findings import Finding
from app.arena.validation.records import PARTS, indexed_records
from app.arena.validation.rules.base import Rule

CODE = "V12"

MIN_ROWS_PER_SIDE = 2
"""Story and noise rows of a table are compared when each side has at least this many."""


def _ids(records: AppRecords) -> Iterator[tuple[str, str, int, str]]:
    """(``app.collection``, field, index, value) of every record id and email thread id."""
    for key, index, record in indexed_records(records):
        name = COLLECTION_PATHS[key]
        yield name, "id", index, record.id
        if isinstance(record, EmailMessage):
            yield name, "thread_id", index, record.thread_id


def _word_finding(sid: str | None, path: str, label: str, field: str, value: str) -> Finding | None:
    """The finding of an id (`field` at `path`) that contains a tell-tale word; None if clean."""
    word = telltale_word(value)
    if word is None:
        return None
    return Finding(
        CODE,
        sid,
        path,
        f"{label}{field} {value!r} says {word!r}: ids must not name a record's role "
        "(run halo corpus reid)",
    )


def _word_findings(sid: str | None, base: str, label: str, records: AppRecords) -> list[Finding]:
    found = (
        _word_finding(sid, f"{base}.{name}[{index}].{field}", label, field, value)
        for name, field, index, value in _ids(records)
    )
    return [finding for finding in found if finding is not None]


def check_environment(spec: EnvironmentSpec, label: str) -> list[Finding]:
    """Tell-tale words in the environment's own ids.

    Args:
        spec: the parsed ``environment.json``.
        label: the file as named at the start of each message, e.g. ``hm/environment.json``.
    """
    return _word_findings(None, "$.apps", f"{label}: ", spec.apps)


def _series_finding(sid: str | None, series: IdSeries, noise: AppRecords) -> Finding:
    path = "$.noise_records"
    for name, field, index, value in _ids(noise):
        if name == series.collection and field == "id" and value.startswith(series.stem):
            path = f"$.noise_records.{name}[{index}].id"
            break
    where = "above" if series.direction == "noise_above" else "below"
    story = ", ".join(str(n) for n in series.story)
    noise_numbers = ", ".join(str(n) for n in series.noise)
    return Finding(
        CODE,
        sid,
        path,
        f"{series.collection} ids {series.stem}<n>: the noise numbers ({noise_numbers}) are all "
        f"{where} the story numbers ({story}), so the ids tell noise from story; use opaque "
        "ids (halo corpus reid)",
    )


def _record_keys(records: AppRecords) -> Iterator[tuple[str, str]]:
    for key, _index, record in indexed_records(records):
        yield COLLECTION_PATHS[key], record.id


def _integer_keys(db: ArenaConnection) -> dict[str, str]:
    """Table → its single ``INTEGER PRIMARY KEY`` column (tables with one)."""
    tables = [
        row[0]
        for row in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    ]
    found = {}
    for table in tables:
        keys = [info for info in table_info(db, table) if info[5]]
        if len(keys) == 1 and str(keys[0][2]).upper() == "INTEGER":
            found[table] = keys[0][1]
    return found


def inserted_keys(
    database_sql: str, timezone: str, parts: dict[str, list[str]]
) -> dict[str, dict[str, set[int]]] | None:
    """The integer primary keys each part's SQL statements add, per table.

    Args:
        database_sql: the environment's ``database.sql``.
        timezone: its IANA time zone (for the S0 SQL clock).
        parts: part name (``initial_records``, ``noise_records``) → its ``db`` statements, run
            in this order after ``database.sql`` as S0 runs them.

    Returns:
        Part → table → keys added; None when some SQL fails (V01/V04 report it).

    Raises:
        KeysUnreadable: reading the keys is past the budgets of one S0 build (steps, CPU time,
            :data:`KEY_READ_BUDGET` bytes), which the SQL and the reads share: a database of
            many large tables and many statements would otherwise be read tables ×
            statements times (h24 re-attack: 40 tables of 20,000 rows and 100 statements,
            +224 MiB and 157 s).
    """
    db = open_arena_db()
    clock = SqlClock(ZoneInfo(timezone))
    clock.install(db)
    budget = ScriptBudget()
    left = KEY_READ_BUDGET

    def keys(table: str, column: str) -> set[int]:
        nonlocal left
        query = f"SELECT {quote_identifier(column)} FROM {quote_identifier(table)}"  # noqa: S608
        found = read_rows(db, query, byte_budget=left, budget=budget)
        if found.cut is not None:
            raise KeysUnreadable(f"the keys of {table} cannot be read: {found.cut}")
        left -= found.size
        return {value for (value,) in found.rows if isinstance(value, int)}

    try:
        run_script(db, clock, database_sql, budget=budget)
        tables = _integer_keys(db)
        current = {table: keys(table, column) for table, column in tables.items()}
        added: dict[str, dict[str, set[int]]] = {}
        for part, statements in parts.items():
            by_table = added.setdefault(part, {})
            for statement in statements:
                changes = db.total_changes
                run_script(db, clock, statement, budget=budget)
                if db.total_changes == changes:
                    continue  # no row inserted, updated or deleted: no key added
                for table, column in tables.items():
                    after = keys(table, column)
                    if new := after - current[table]:
                        by_table.setdefault(table, set()).update(new)
                    current[table] = after
        return added
    except KeysUnreadable:
        raise
    except sqlite3.Error:
        return None
    finally:
        db.close()


KEY_READ_BUDGET = 8 * 2**20
"""Bytes of key rows (as :func:`~app.arena.sqlguard.read_rows` counts them) V12 reads for one
scenario, all tables and statements together."""


class KeysUnreadable(Exception):
    """The keys the records' SQL adds cannot be read within the budgets (the message says why)."""


def _db_findings(ctx: Context) -> list[Finding]:
    if ctx.env is None or not ctx.has(*PARTS):
        return []
    parts = {part: list(getattr(ctx.spec, part).db) for part in PARTS}
    if not parts["initial_records"] or not parts["noise_records"]:
        return []
    try:
        added = inserted_keys(ctx.env.database_sql, ctx.env.spec.timezone, parts)
    except KeysUnreadable as exc:
        return [
            Finding(
                CODE,
                ctx.sid,
                "$.noise_records.db",
                f"the keys the records' SQL adds cannot be compared ({exc}): keep the tables "
                "that SQL writes to smaller",
            )
        ]
    if added is None:
        return []
    story, noise = added["initial_records"], added["noise_records"]
    findings = []
    for table in sorted(set(story) & set(noise)):
        s, n = story[table], noise[table]
        if len(s) < MIN_ROWS_PER_SIDE or len(n) < MIN_ROWS_PER_SIDE:
            continue
        if min(n) > max(s) or max(n) < min(s):
            where = "above" if min(n) > max(s) else "below"
            findings.append(
                Finding(
                    CODE,
                    ctx.sid,
                    "$.noise_records.db",
                    f"table {table!r}: the noise rows' keys ({', '.join(map(str, sorted(n)))}) "
                    f"are all {where} the story rows' ({', '.join(map(str, sorted(s)))}), so "
                    "the primary keys tell noise from story; interleave them",
                )
            )
    return findings


def check(ctx: Context) -> list[Finding]:
    """Separating id series, tell-tale words, database keys that separate story from noise."""
    sid = ctx.sid
    findings: list[Finding] = []
    if ctx.has(*PARTS):
        story, noise = ctx.spec.initial_records, ctx.spec.noise_records
        for series in id_series(_record_keys(story), _record_keys(noise)):
            if series.separated:
                findings.append(_series_finding(sid, series, noise))
        for split in pattern_splits(_record_keys(story), _record_keys(noise)):
            findings.append(
                Finding(
                    CODE,
                    sid,
                    f"$.noise_records.{split.collection}",
                    f"{split.collection} ids: every story id reads {split.story!r} and every "
                    f"noise id {split.noise!r}, so the ids tell noise from story; use opaque "
                    "ids (halo corpus reid)",
                )
            )
    for part in PARTS:
        if ctx.has(part):
            findings += _word_findings(sid, f"$.{part}", "", getattr(ctx.spec, part))
    for index, event in ctx.parsed_events():
        if index >= len(ctx.payloads_ok) or not ctx.payloads_ok[index]:
            continue  # V03 reports the payload
        payload = EVENT_PAYLOADS[event.kind][1].model_validate(event.payload)
        for name, _collection in PAYLOAD_RECORDS.get(event.kind, ()):
            record = getattr(payload, name, None)
            if record is None:
                continue
            fields = ["id", "thread_id"] if isinstance(record, EmailMessage) else ["id"]
            for field in fields:
                path = f"$.events[{index}].payload.{name}.{field}"
                finding = _word_finding(sid, path, "", field, getattr(record, field))
                if finding is not None:
                    findings.append(finding)
    return findings + _db_findings(ctx)


RULE = Rule(CODE, "ids reveal nothing", check, check_environment)
