"""The retrieval space (issue 12 item 4).

Database and file sizes per environment, near-duplicate distractors for key evidence.
"""

from __future__ import annotations

import re
import sqlite3
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import Any
from zoneinfo import ZoneInfo

from app.arena.errors import ArenaError, CommandError
from app.arena.replay import replay_prefix
from app.arena.schema import DbEvidence, FileEvidence
from app.arena.sqlclock import SqlClock
from app.arena.sqlguard import (
    load_image,
    open_arena_db,
    quote_identifier,
    read_rows,
    run_script,
    table_info,
)
from app.arena.state import Sandbox, normalise_path
from app.arena.viewer import table_row_counts
from app.scenarios.corpus.loading import CorpusEnvironment, Prepared

DISTRACTOR_LINE_SIMILARITY = 0.75
"""difflib ratio from which another file line counts as a near duplicate of an evidence line."""
DISTRACTOR_ROW_SIMILARITY = 0.7
"""difflib ratio from which another row of the evidence's table counts as a near duplicate of the
evidence row (compared on its descriptive columns, see :func:`near_duplicate_distractors`)."""
DISTRACTOR_VALUE_SIMILARITY = 0.8
"""difflib ratio from which another row's value counts as a look-alike of an evidence value."""
DISTRACTOR_MIN_CHARS = 8
"""Shortest evidence value (or line, after stripping) the look-alike tests apply to."""


_NOT_WORDY = re.compile(r"^[\d\s:.,+\-/TZ%]*$")
"""Dates, times, amounts and plain numbers: the value look-alike test skips them."""


@dataclass(frozen=True)
class RetrievalSpace:
    """What an agent can search in one environment's local content.

    Attributes:
        environment_id: the environment.
        tables: user tables of its ``database.sql``.
        rows: rows over those tables.
        files: its files.
        file_lines: lines over those files.
        s0_min_tables, s0_min_rows, s0_min_files: the smallest of each over its scenarios' S0
            (equal to the base when no scenario adds any; None without scenarios).
        s0_max_rows, s0_max_files: the largest rows and files over its scenarios' S0.
    """

    environment_id: str
    tables: int
    rows: int
    files: int
    file_lines: int
    s0_min_tables: int | None
    s0_min_rows: int | None
    s0_min_files: int | None
    s0_max_rows: int | None
    s0_max_files: int | None


def retrieval_space(
    environments: Iterable[CorpusEnvironment], scenarios: Iterable[Prepared]
) -> tuple[RetrievalSpace, ...]:
    """Tables, rows and files per environment (issue 12 item 4: ≥ 8 tables, ≥ 200 rows, ≥ 20 files).

    Raises:
        ArenaError: an environment's ``database.sql`` fails (the reader has checked it).
    """
    per_env: dict[str, list[tuple[int, int, int]]] = defaultdict(list)
    for item in scenarios:
        db = open_arena_db()
        try:
            load_image(db, item.s0.db_image)
            counts = table_row_counts(db)
        finally:
            db.close()
        per_env[item.environment.spec.id].append(
            (len(counts), sum(counts.values()), len(item.s0.files))
        )
    rows = []
    for environment in environments:
        db = open_arena_db()
        clock = SqlClock(ZoneInfo(environment.spec.timezone))
        clock.install(db)
        try:
            run_script(db, clock, environment.database_sql)
            counts = table_row_counts(db)
        except sqlite3.Error as exc:
            raise ArenaError(f"database.sql of {environment.spec.id}: {exc}") from exc
        finally:
            db.close()
        s0 = per_env[environment.spec.id]
        rows.append(
            RetrievalSpace(
                environment.spec.id,
                len(counts),
                sum(counts.values()),
                len(environment.files),
                sum(len(text.splitlines()) for text in environment.files.values()),
                min((t for t, _r, _f in s0), default=None),
                min((r for _t, r, _f in s0), default=None),
                min((f for _t, _r, f in s0), default=None),
                max((r for _t, r, _f in s0), default=None),
                max((f for _t, _r, f in s0), default=None),
            )
        )
    return tuple(rows)


@dataclass(frozen=True)
class EvidenceDistractor:
    """The near duplicate found for one key-evidence item, if any.

    Attributes:
        index: the item's index in ``design.key_evidence``.
        source: ``db`` or ``file``.
        distractor: where the near duplicate is and why it counts (e.g.
            ``warranties id=9: same 'appliance' 'Boiler'``); None when none was found (or the
            item does not resolve).
    """

    index: int
    source: str
    distractor: str | None


@dataclass(frozen=True)
class DistractorCheck:
    """Whether a scenario has a near-duplicate distractor for any of its key evidence."""

    scenario_id: str
    items: tuple[EvidenceDistractor, ...]

    @property
    def found(self) -> bool:
        """At least one key-evidence item has a near duplicate."""
        return any(item.distractor is not None for item in self.items)


def _similar(matcher: SequenceMatcher[str], candidate: str, at_least: float) -> float:
    """Difflib's ratio of `candidate` to the matcher's second sequence.

    The second sequence is set once, so its index is built once; 0 when a cheap upper bound is
    already below `at_least`.
    """
    matcher.set_seq1(candidate)
    if matcher.real_quick_ratio() < at_least or matcher.quick_ratio() < at_least:
        return 0.0
    return matcher.ratio()


def _matcher(text: str) -> SequenceMatcher[str]:
    matcher: SequenceMatcher[str] = SequenceMatcher(None, autojunk=False)
    matcher.set_seq2(text)
    return matcher


def _db_distractor(sandbox: Sandbox, item: DbEvidence) -> str | None:
    db = sandbox.db
    found = db.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND lower(name) = lower(?)",
        (item.table,),
    ).fetchone()
    if found is None:
        return None
    table = str(found[0])
    columns = [str(info[1]) for info in table_info(db, table)]
    by_fold = {column.casefold(): column for column in columns}
    column = by_fold.get(item.column.casefold())
    keys = [by_fold.get(key.casefold()) for key in item.key]
    if column is None or None in keys or not item.key:
        return None
    key_columns = [k for k in keys if k is not None]
    where = " AND ".join(f"{quote_identifier(k)} IS ?" for k in key_columns)
    select = ", ".join(quote_identifier(c) for c in columns)
    # the product's own reads, under the guard (a table too large to read has no verdict here)
    try:
        read = read_rows(db, f"SELECT {select} FROM {quote_identifier(table)}")  # noqa: S608
        matching = read_rows(
            db,
            f"SELECT {select} FROM {quote_identifier(table)} WHERE {where}",  # noqa: S608
            tuple(item.key.values()),
        ).rows
    except sqlite3.Error:
        return None
    rows = read.rows
    if len(matching) != 1:
        return None
    evidence = dict(zip(columns, matching[0], strict=True))
    descriptive = [
        c
        for c in columns
        if c not in key_columns
        and c != column
        and c.casefold() != "id"
        and not c.casefold().endswith("_id")
    ]
    row_matcher = _matcher(_row_text(evidence, descriptive)) if descriptive else None
    value = item.value
    value_matcher = (
        _matcher(value.casefold())
        if len(value) >= DISTRACTOR_MIN_CHARS and not _NOT_WORDY.match(value)
        else None
    )
    for row in rows:
        other = dict(zip(columns, row, strict=True))
        if all(other[k] == evidence[k] for k in key_columns):
            continue  # the evidence row itself
        other_value = other[column]
        if other_value is None or str(other_value).strip() in ("", value):
            continue
        label = f"{table} " + ", ".join(f"{k}={other[k]}" for k in key_columns)
        shown = f"{column} {str(other_value)!r}"
        if row_matcher is not None:
            ratio = _similar(row_matcher, _row_text(other, descriptive), DISTRACTOR_ROW_SIMILARITY)
            if ratio >= DISTRACTOR_ROW_SIMILARITY:
                return f"{label}: similar row ({ratio:.2f}), {shown}"
        if value_matcher is not None:
            text = str(other_value).casefold()
            ratio = _similar(value_matcher, text, DISTRACTOR_VALUE_SIMILARITY)
            if ratio >= DISTRACTOR_VALUE_SIMILARITY:
                return f"{label}: look-alike {shown} ({ratio:.2f})"
    return None


def _row_text(row: dict[str, Any], columns: list[str]) -> str:
    """The values of `columns` in one row as one casefolded line (``a | b | c``)."""
    return " | ".join("" if row[c] is None else str(row[c]) for c in columns).casefold()


def _file_distractor(sandbox: Sandbox, item: FileEvidence) -> str | None:
    try:
        path = normalise_path(item.path)
    except CommandError:
        return None
    text = sandbox.files.get(path)
    if text is None:
        return None
    lines = text.splitlines()
    if item.line > len(lines) or item.value not in lines[item.line - 1]:
        return None
    evidence = lines[item.line - 1].strip().casefold()
    if len(evidence) < DISTRACTOR_MIN_CHARS:
        return None
    value = item.value.casefold()
    matcher = _matcher(evidence)
    best: tuple[float, str, int] | None = None
    for other_path, other_text in sorted(sandbox.files.items()):
        for number, line in enumerate(other_text.splitlines(), start=1):
            if other_path == path and number == item.line:
                continue
            candidate = line.strip().casefold()
            if len(candidate) < DISTRACTOR_MIN_CHARS or value in candidate:
                continue
            ratio = _similar(matcher, candidate, DISTRACTOR_LINE_SIMILARITY)
            if ratio >= DISTRACTOR_LINE_SIMILARITY and (best is None or ratio > best[0]):
                best = (ratio, other_path, number)
    if best is None:
        return None
    return f"{best[1]} line {best[2]} ({best[0]:.2f})"


def near_duplicate_distractors(scenarios: Iterable[Prepared]) -> tuple[DistractorCheck, ...]:
    """Does each scenario hold a near duplicate of a key-evidence item (issue 12 item 4)?

    Heuristic, on the state V06 resolves the evidence in (S0 after e1..e_{c-1}, c the best
    intervention's checkpoint; S0 itself when that replay fails):

    - a ``db`` item has a distractor when another row of the same table holds a different,
      non-empty value in the evidence column and either (a) is similar to the evidence row on
      its descriptive columns (every column but the key columns, the evidence column, ``id``
      and ``*_id``, joined as text: difflib ratio ≥ :data:`DISTRACTOR_ROW_SIMILARITY`) — an
      expired second contract for the same appliance, a superseded policy of the same name —
      or (b) its value is a look-alike of the evidence value (ratio ≥
      :data:`DISTRACTOR_VALUE_SIMILARITY`, for values of at least :data:`DISTRACTOR_MIN_CHARS`
      characters that are not dates, times or numbers) — a similar IBAN or reference;
    - a ``file`` item has a distractor when another line of any file (at least
      :data:`DISTRACTOR_MIN_CHARS` characters, not containing the value) has a difflib ratio
      ≥ :data:`DISTRACTOR_LINE_SIMILARITY` to the evidence line (case and surrounding blanks
      ignored).

    Items that do not resolve have no distractor (V06 reports them).
    """
    rows = []
    for item in scenarios:
        spec = item.spec
        t = spec.evidence_prefix()
        try:
            sandbox = replay_prefix(item.s0, spec.events, t)
        except ArenaError:
            sandbox = replay_prefix(item.s0, spec.events, 0)
        with sandbox:
            found = []
            for index, evidence in enumerate(spec.design.key_evidence):
                if isinstance(evidence, DbEvidence):
                    where = _db_distractor(sandbox, evidence)
                else:
                    where = _file_distractor(sandbox, evidence)
                found.append(EvidenceDistractor(index, evidence.source, where))
        rows.append(DistractorCheck(spec.id, tuple(found)))
    return tuple(rows)
