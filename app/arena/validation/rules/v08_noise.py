"""V08 — "12–20 noise records that do not mention key evidence" (DESIGN.md §4.1).

Noise records are counted over the five apps, files and SQL statements of ``noise_records``;
"mention" is case-insensitive, in any string or number of a record, a file's path or text, or a
statement.
"""

from __future__ import annotations

from typing import Any

from app.arena.schema import dump_record
from app.arena.state import scenario_record_count
from app.arena.validation.context import Context
from app.arena.validation.findings import Finding
from app.arena.validation.records import indexed_records, mentions, record_path
from app.arena.validation.rules.base import Rule
from app.jsonpath import join_path

CODE = "V08"
NOISE_MIN, NOISE_MAX = 12, 20


def check(ctx: Context) -> list[Finding]:
    """The count, then each noise record, file or statement that mentions a key evidence value."""
    if not ctx.has("noise_records"):
        return []
    sid, noise = ctx.sid, ctx.spec.noise_records
    findings: list[Finding] = []
    count = scenario_record_count(noise)
    if not NOISE_MIN <= count <= NOISE_MAX:
        findings.append(
            Finding(
                CODE,
                sid,
                "$.noise_records",
                f"{count} noise records; a scenario has {NOISE_MIN}–{NOISE_MAX}",
            )
        )
    items: list[tuple[str, Any]] = [
        (record_path("$.noise_records", key, index), dump_record(record))
        for key, index, record in indexed_records(noise)
    ]
    items += [
        (join_path("$.noise_records", "files", path), [path, text])
        for path, text in noise.files.items()
    ]
    items += [(f"$.noise_records.db[{index}]", sql) for index, sql in enumerate(noise.db)]
    values = [item.value for item in ctx.spec.design.key_evidence]
    for path, content in items:
        hits = [value for value in values if mentions(content, value)]
        if hits:
            findings.append(
                Finding(
                    CODE,
                    sid,
                    path,
                    "noise mentions key evidence " + ", ".join(repr(value) for value in hits),
                )
            )
    return findings


RULE = Rule(CODE, "12–20 noise records that do not mention key evidence", check)
