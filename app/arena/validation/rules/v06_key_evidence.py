"""V06 — key evidence resolves and is retrievable only from local content (DESIGN.md §4.1).

DESIGN.md §4.1: "every `key_evidence` item resolves (the row/column or file line exists in S0
or after the events before the best intervention's checkpoint) and holds its `value`, and that
value appears nowhere in the five apps' records or event summaries (retrievable only from local
content)".

Resolving uses the state after e1..e_{c-1} (c = the best intervention's checkpoint; in a scenario
where restraint is right throughout, which has no best intervention, c = 1, so the evidence that
the need is already handled or resolves itself is in S0 and readable at every checkpoint): a db item
names one row by its key and the column holds the value as text; a file item's line contains
the value. "Nowhere" is case-insensitive and covers every record of the five apps in S0 (the
records as written when S0 cannot be built), every five-app event payload and every event
summary.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from app.arena.errors import CommandError
from app.arena.replay import replay_prefix
from app.arena.schema import (
    APPS,
    EVENT_PAYLOADS,
    AppRecords,
    DbEvidence,
    FileEvidence,
    dump_record,
)
from app.arena.sqlguard import ScriptRefused, quote_identifier, read_rows, table_info
from app.arena.state import Sandbox, normalise_path
from app.arena.validation.context import Context
from app.arena.validation.findings import Finding
from app.arena.validation.records import PARTS, indexed_records, mentions
from app.arena.validation.rules.base import Rule
from app.jsonpath import join_path

CODE = "V06"


def check(ctx: Context) -> list[Finding]:
    """Each item resolved (when S0 and the replay up to c-1 exist), then the values' leaks."""
    if not ctx.has("key_evidence"):
        return []
    sid, spec = ctx.sid, ctx.spec
    findings: list[Finding] = []
    resolvable = ctx.s0 is not None and ctx.has("events", "best_intervention")
    t = spec.evidence_prefix() if resolvable else 0
    if resolvable and ctx.s0 is not None and ctx.replay_ok_until >= t:
        with replay_prefix(ctx.s0, spec.events, t) as sandbox:
            for index, item in enumerate(spec.design.key_evidence):
                base = f"$.design.key_evidence[{index}]"
                if isinstance(item, DbEvidence):
                    findings += _db_evidence_findings(sid, sandbox, base, item)
                else:
                    findings += _file_evidence_findings(sid, sandbox, base, item)

    where_by_item = _evidence_leaks(ctx)
    for index, places in where_by_item.items():
        value = spec.design.key_evidence[index].value
        shown = "; ".join(places[:3]) + (f"; and {len(places) - 3} more" if len(places) > 3 else "")
        findings.append(
            Finding(
                CODE,
                sid,
                f"$.design.key_evidence[{index}].value",
                f"{value!r} is retrievable without local content: it appears in {shown}",
            )
        )
    return findings


def _db_evidence_findings(
    sid: str | None, sandbox: Sandbox, base: str, item: DbEvidence
) -> list[Finding]:
    db = sandbox.db
    row = db.execute(
        "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND lower(name) = lower(?)",
        (item.table,),
    ).fetchone()
    if row is None:
        return [Finding(CODE, sid, base + ".table", f"table {item.table!r} does not exist")]
    try:
        columns = {str(info[1]).casefold() for info in table_info(db, row[0])}
    except ScriptRefused as exc:
        return [Finding(CODE, sid, base + ".table", str(exc))]
    findings: list[Finding] = []
    if item.column.casefold() not in columns:
        findings.append(
            Finding(
                CODE, sid, base + ".column", f"table {item.table!r} has no column {item.column!r}"
            )
        )
    if not item.key:
        findings.append(Finding(CODE, sid, base + ".key", "the key names no column"))
    for column, value in item.key.items():
        if column.casefold() not in columns:
            findings.append(
                Finding(
                    CODE,
                    sid,
                    join_path(base, "key", column),
                    f"table {item.table!r} has no column {column!r}",
                )
            )
        elif isinstance(value, dict | list):
            findings.append(
                Finding(
                    CODE,
                    sid,
                    join_path(base, "key", column),
                    "a key value is a string, a number, a boolean or null",
                )
            )
    if findings:
        return findings
    where = " AND ".join(f"{quote_identifier(column)} IS ?" for column in item.key)
    sql = f"SELECT {quote_identifier(item.column)} FROM {quote_identifier(row[0])} WHERE {where}"  # noqa: S608
    key_text = json.dumps(item.key, ensure_ascii=False)
    try:  # the product's own read, under the guard: the table may be a view
        found = read_rows(db, sql, tuple(item.key.values()))
    except sqlite3.Error as exc:
        return [Finding(CODE, sid, base + ".key", f"{item.table!r} cannot be read: {exc}")]
    if found.cut is not None:
        return [Finding(CODE, sid, base + ".key", f"{item.table!r} cannot be read: {found.cut}")]
    rows = found.rows
    if len(rows) != 1:
        return [
            Finding(
                CODE,
                sid,
                base + ".key",
                f"key {key_text} matches {len(rows)} rows of {item.table!r}, not one",
            )
        ]
    if str(rows[0][0]) != item.value:
        return [
            Finding(
                CODE,
                sid,
                base + ".value",
                f"{item.table}.{item.column} at {key_text} holds {str(rows[0][0])!r}, "
                f"not {item.value!r}",
            )
        ]
    return []


def _file_evidence_findings(
    sid: str | None, sandbox: Sandbox, base: str, item: FileEvidence
) -> list[Finding]:
    try:
        path = normalise_path(item.path)
    except CommandError as exc:
        return [Finding(CODE, sid, base + ".path", str(exc))]
    text = sandbox.files.get(path)
    if text is None:
        return [Finding(CODE, sid, base + ".path", f"file {item.path!r} does not exist")]
    lines = text.splitlines()
    if item.line > len(lines):
        return [
            Finding(
                CODE, sid, base + ".line", f"{item.path} has {len(lines)} lines, not {item.line}"
            )
        ]
    if item.value not in lines[item.line - 1]:
        return [
            Finding(
                CODE,
                sid,
                base + ".value",
                f"line {item.line} of {item.path} does not contain {item.value!r}: "
                f"{lines[item.line - 1]!r}",
            )
        ]
    return []


def _evidence_leaks(ctx: Context) -> dict[int, list[str]]:
    """Key evidence index → where its value appears in the five apps or event summaries."""
    spec = ctx.spec
    sources: list[tuple[str, Any]] = []
    if ctx.s0 is not None:
        for (app, collection), records in ctx.s0.collections.items():
            sources += [(f"{app}.{collection} {rid!r}", record) for rid, record in records.items()]
    else:  # S0 could not be built: search the records as written (those that parse)
        written: list[tuple[str, AppRecords]] = [
            (part, getattr(spec, part)) for part in PARTS if ctx.has(part)
        ]
        if ctx.env is not None:
            written.insert(0, ("the environment", ctx.env.spec.apps))
        for part_name, part in written:
            for key, _index, record in indexed_records(part):
                sources.append(
                    (f"{key[0]}.{key[1]} {record.id!r} ({part_name})", dump_record(record))
                )
    for index, event in ctx.parsed_events():
        if EVENT_PAYLOADS[event.kind][0] in APPS:
            sources.append((f"the payload of $.events[{index}]", event.payload))
        sources.append((f"the summary of $.events[{index}]", event.summary))
    leaks: dict[int, list[str]] = {}
    for index, item in enumerate(spec.design.key_evidence):
        places = [where for where, value in sources if mentions(value, item.value)]
        if places:
            leaks[index] = places
    return leaks


RULE = Rule(
    CODE,
    "every key_evidence item resolves and holds its value, and that value appears nowhere in "
    "the five apps' records or event summaries (retrievable only from local content)",
    check,
)
