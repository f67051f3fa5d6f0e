"""Writing the HALO-8K-style dump (DESIGN.md §9): JSONL, Parquet, scenarios, schema and card.

Every writer streams: rows go to disk as they come (Parquet one row group of ``batch_rows`` at a
time), so memory stays flat however many responses are exported. Every file is written under a
temporary name beside its destination and renamed only when complete, so a failed export never
leaves half a file (an export of several files renames them all at the end, or none).
"""

from __future__ import annotations

import json
import os
import uuid
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol

import pyarrow as pa
import pyarrow.parquet as pq
from sqlalchemy import select as sa_select
from sqlmodel import Session, col

from app.errors import NotFoundError
from app.export.rows import ExportRow, count_audited_out, count_rows, iter_rows
from app.models import Checkpoint, Response, Run, Scenario
from app.models.base import utcnow
from app.runs.outcomes import OutcomeRow, response_outcomes
from app.vocabulary import EXPORTED_STATUSES, VERDICTS

FORMATS: tuple[str, ...] = ("jsonl", "parquet")

_ISSUE = pa.struct([("category", pa.string()), ("note", pa.string())])
_STEP = pa.struct(
    [
        ("round", pa.int32()),
        ("command", pa.string()),
        ("args", pa.string()),
        ("result", pa.string()),
    ]
)
_ACTION = pa.struct([("command", pa.string()), ("args", pa.string())])

PARQUET_SCHEMA = pa.schema(
    [
        pa.field("response_id", pa.string(), nullable=False),
        pa.field("run_id", pa.string(), nullable=False),
        pa.field("agent", pa.string(), nullable=False),
        pa.field("scenario_id", pa.string(), nullable=False),
        pa.field("environment_id", pa.string(), nullable=False),
        pa.field("need_type", pa.string(), nullable=False),
        pa.field("domain", pa.string(), nullable=False),
        pa.field("checkpoint", pa.int32(), nullable=False),
        pa.field("num_events", pa.int32(), nullable=False),
        pa.field("action", _ACTION),
        pa.field("level_predicted", pa.string()),
        pa.field("level", pa.string()),
        pa.field("verdict", pa.string()),
        pa.field("timing", pa.string()),
        pa.field("intensity", pa.string()),
        pa.field("inaction", pa.bool_()),
        pa.field("other_issues", pa.list_(_ISSUE), nullable=False),
        pa.field("prompt_tokens", pa.int64()),
        pa.field("completion_tokens", pa.int64()),
        pa.field("reasoning_tokens", pa.int64()),
        pa.field("retrieval_rounds", pa.int32(), nullable=False),
        pa.field("local_content_access", pa.bool_(), nullable=False),
        pa.field("trajectory", pa.list_(_STEP), nullable=False),
        pa.field("status", pa.string(), nullable=False),
        pa.field("annotator", pa.string()),
        pa.field("annotated_at", pa.timestamp("us", tz="UTC")),
        pa.field("phase", pa.int32()),
    ],
    metadata={"halo.format": "halo-export-row/1"},
)
"""Arrow schema of ``responses.parquet``: the row model with command ``args`` as JSON text."""

PARQUET_NOTE = (
    "responses.parquet has one column per row field, in the same order. Nested fields are "
    "Arrow structs and lists: action struct<command string, args string>, other_issues "
    "list<struct<category string, note string>>, trajectory list<struct<round int32, command "
    "string, args string, result string>>. Command `args` objects are stored as JSON text "
    "(decode with json.loads) because their keys differ from command to command. checkpoint, "
    "num_events, retrieval_rounds and phase are int32, token counts int64, annotated_at a UTC "
    "timestamp in microseconds; everything else is a string or a bool, null where the JSON row "
    "has null."
)

PROTOCOL_SUMMARY = """\
**Agent protocol (DESIGN §5).** At each checkpoint the runner resets a sandboxed copy of the
arena to the scenario's initial state S0 and replays events e1..et. The agent is told the persona,
the simulated time and the summaries of e1..et, and is given the catalogue of 29 read-only
retrieval commands and 19 action commands. It answers with one JSON object per turn: an `inspect`
turn with up to 8 retrieval commands (at most 6 rounds), or a `final` turn with exactly one action
command or none (L0). A reply that is not valid JSON or names an unknown command or bad arguments
gets one corrective message; a second failure ends the response as `protocol_error`. Endpoint
failures are retried with backoff; exhausting retries gives `api_error`. Only `completed`
responses are annotated.

**Checkpoint sampling (DESIGN §6).** For every scenario with n events and m models, each model gets
k (default 2) distinct checkpoints, and every checkpoint is used by ⌊km/n⌋ or ⌈km/n⌉ models,
solved as a seeded flow problem that uses no verdicts.

**Diagnosis (DESIGN §7).** One form per response: the level (pre-filled from the command as
`level_predicted`, confirmed or corrected as `level`), the verdict, then for a rejected L1–L3 both
timing (`premature`, `belated`, `appropriate`) and intensity (`insufficient`, `excessive`,
`appropriate`), then for any rejected response optional other issues, each with a written note.
A rejected L0 is inaction. A rejected L1–L3 with appropriate timing and intensity names at least
one other issue. Accepted responses carry no timing, intensity or other issues. Paired protocol:
one annotator judges every response of a scenario, blind to model names, so all responses at a
checkpoint are judged by the same person from the same prefix. Annotators appear only by
pseudonym. The exported diagnosis is each response's judgement of record — the primary
annotator's judgement, at its latest saved version (overlap judgements made for inter-annotator
agreement are not exported, so κ and α need the database). Responses of scenarios rejected in the
scenario audit are exported without a diagnosis, and no metric counts them.
"""


class _Sink(Protocol):
    def write(self, row: ExportRow) -> None: ...

    def close(self) -> None: ...


def _json_text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def arrow_record(row: ExportRow) -> dict[str, Any]:
    """One row as a dict matching :data:`PARQUET_SCHEMA` (``args`` as JSON text)."""
    record = row.model_dump()
    if row.action is not None:
        record["action"] = {"command": row.action.command, "args": _json_text(row.action.args)}
    record["trajectory"] = [
        {
            "round": step.round,
            "command": step.command,
            "args": _json_text(step.args),
            "result": step.result,
        }
        for step in row.trajectory
    ]
    return record


def row_from_arrow(record: dict[str, Any]) -> ExportRow:
    """Inverse of :func:`arrow_record`: a row from one Parquet record (``to_pylist`` item)."""
    data = dict(record)
    if data.get("action") is not None:
        data["action"] = {**data["action"], "args": json.loads(data["action"]["args"])}
    data["trajectory"] = [{**s, "args": json.loads(s["args"])} for s in data["trajectory"] or []]
    return ExportRow.model_validate(data)


class JsonlSink:
    r"""Writes rows as JSON Lines (UTF-8, one object per line, ``\n`` endings)."""

    def __init__(self, path: Path) -> None:
        """Open (and truncate) the file at `path`."""
        self._file = path.open("w", encoding="utf-8", newline="\n")

    def write(self, row: ExportRow) -> None:
        """Write one row as one line."""
        self._file.write(row.model_dump_json())
        self._file.write("\n")

    def close(self) -> None:
        """Close the file."""
        self._file.close()


class ParquetSink:
    """Writes rows to Parquet one row group of ``batch_rows`` rows at a time (zstd)."""

    def __init__(self, path: Path, batch_rows: int = 5000) -> None:
        """Open a Parquet file at `path` with :data:`PARQUET_SCHEMA`.

        Raises:
            ValueError: `batch_rows` is below 1.
        """
        if batch_rows < 1:
            raise ValueError("batch_rows must be at least 1")
        self._writer = pq.ParquetWriter(str(path), PARQUET_SCHEMA, compression="zstd")
        self._batch_rows = batch_rows
        self._buffer: list[dict[str, Any]] = []

    def write(self, row: ExportRow) -> None:
        """Buffer one row; a full buffer is written as one row group."""
        self._buffer.append(arrow_record(row))
        if len(self._buffer) >= self._batch_rows:
            self._flush()

    def _flush(self) -> None:
        if self._buffer:
            self._writer.write_table(pa.Table.from_pylist(self._buffer, schema=PARQUET_SCHEMA))
            self._buffer = []

    def close(self) -> None:
        """Write the buffered rows and close the file (closed even when the write fails)."""
        try:
            self._flush()
        finally:
            self._writer.close()


class _Staging:
    """Temporary files beside their destinations; renamed together, or all removed."""

    def __init__(self) -> None:
        self.pairs: list[tuple[Path, Path]] = []

    def path(self, final: Path) -> Path:
        tmp = final.with_name(f".{final.name}.{uuid.uuid4().hex[:8]}.tmp")
        self.pairs.append((tmp, final))
        return tmp

    def commit(self) -> None:
        for tmp, final in self.pairs:
            os.replace(tmp, final)

    def abort(self) -> None:
        for tmp, _final in self.pairs:
            tmp.unlink(missing_ok=True)


@contextmanager
def _staging() -> Iterator[_Staging]:
    staging = _Staging()
    try:
        yield staging
    except BaseException:
        staging.abort()
        raise
    staging.commit()


def _drain(rows: Iterable[ExportRow], sinks: Sequence[_Sink]) -> int:
    count = 0
    try:
        for row in rows:
            for sink in sinks:
                sink.write(row)
            count += 1
    finally:
        for sink in sinks:
            sink.close()
    return count


def write_jsonl(rows: Iterable[ExportRow], path: Path) -> int:
    """Write rows as JSON Lines, atomically (temporary file, then rename).

    Args:
        rows: export rows (any iterable; consumed once, streamed).
        path: destination file; replaced only when writing succeeded.

    Returns:
        Number of rows written.
    """
    with _staging() as stage:
        return _drain(rows, [JsonlSink(stage.path(Path(path)))])


def write_parquet(rows: Iterable[ExportRow], path: Path, batch_rows: int = 5000) -> int:
    """Write rows as Parquet (:data:`PARQUET_SCHEMA`), batch by batch, atomically.

    Args:
        rows: export rows (consumed once, streamed).
        path: destination file; replaced only when writing succeeded.
        batch_rows: rows buffered per row group; memory is bounded by one batch.

    Returns:
        Number of rows written.

    Raises:
        ValueError: ``batch_rows`` below 1.
    """
    with _staging() as stage:
        return _drain(rows, [ParquetSink(stage.path(Path(path)), batch_rows)])


def read_parquet_rows(path: Path, batch_rows: int = 5000) -> Iterator[ExportRow]:
    """Read rows back from a ``responses.parquet`` written by :func:`write_parquet`, streamed."""
    parquet = pq.ParquetFile(str(path))
    for batch in parquet.iter_batches(batch_size=batch_rows):
        for record in batch.to_pylist():
            yield row_from_arrow(record)


def schema_json() -> dict[str, Any]:
    """JSON Schema (draft 2020-12) of one export row, with the Parquet encoding noted.

    Returns:
        The pydantic schema of :class:`ExportRow` (the import format: fields with defaults may be
        left out), plus ``x-parquet``: ``{"note": str, "columns": {name: arrow type}}``.
    """
    schema = ExportRow.model_json_schema()
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "halo-export-row/1",
        **schema,
        "x-parquet": {
            "note": PARQUET_NOTE,
            "columns": {f.name: str(f.type) for f in PARQUET_SCHEMA},
        },
    }


@dataclass
class ExportCounts:
    """Counts gathered while exporting, for the dataset card and the summary.

    Attributes:
        rows: rows exported.
        scenarios: scenarios written to ``scenarios.jsonl``.
        by_agent / by_status / by_verdict: rows per agent, status, verdict
            (``unannotated`` for rows without one).
        by_agent_status / by_agent_verdict: the same per (agent, key).
        audited_out: rows of scenarios rejected in the scenario audit (exported without a
            diagnosis).
    """

    rows: int = 0
    scenarios: int = 0
    audited_out: int = 0
    by_agent: Counter[str] = field(default_factory=Counter)
    by_status: Counter[str] = field(default_factory=Counter)
    by_verdict: Counter[str] = field(default_factory=Counter)
    by_agent_status: Counter[tuple[str, str]] = field(default_factory=Counter)
    by_agent_verdict: Counter[tuple[str, str]] = field(default_factory=Counter)

    def add(self, row: ExportRow) -> None:
        """Count one row."""
        verdict = row.verdict or "unannotated"
        self.rows += 1
        self.by_agent[row.agent] += 1
        self.by_status[row.status] += 1
        self.by_verdict[verdict] += 1
        self.by_agent_status[(row.agent, row.status)] += 1
        self.by_agent_verdict[(row.agent, verdict)] += 1

    def as_dict(self) -> dict[str, Any]:
        """Plain counts: ``rows``, ``scenarios``, ``by_agent``, ``by_status``, ``by_verdict``."""
        return {
            "rows": self.rows,
            "scenarios": self.scenarios,
            "by_agent": dict(sorted(self.by_agent.items())),
            "by_status": dict(sorted(self.by_status.items())),
            "by_verdict": dict(sorted(self.by_verdict.items())),
        }


def _json_type(prop: dict[str, Any]) -> str:
    """A short human label of a JSON Schema property (for the card's field table)."""
    if "anyOf" in prop:
        return " or ".join(_json_type(p) for p in prop["anyOf"])
    if "$ref" in prop:
        ref = str(prop["$ref"])
        return "object (" + ref.rsplit("/", 1)[-1] + ")"
    if "enum" in prop:
        return "string: " + ", ".join(f"`{v}`" for v in prop["enum"])
    if "const" in prop:
        return f"`{prop['const']}`"
    kind = prop.get("type", "any")
    if kind == "array":
        return f"list of {_json_type(prop.get('items', {}))}"
    if kind == "string" and prop.get("format") == "date-time":
        return "string (ISO-8601)"
    return str(kind)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def dataset_card(
    counts: ExportCounts,
    *,
    generated_at: datetime | None = None,
    run_id: int | None = None,
    formats: Sequence[str] = ("jsonl", "parquet"),
    outcomes: Sequence[OutcomeRow] = (),
) -> str:
    """The dataset card (``README.md``) of a dump, in Markdown.

    Args:
        counts: what was exported (see :class:`ExportCounts`).
        generated_at: export time (default now, UTC).
        run_id: the run exported, None for all runs.
        formats: the response files written (``jsonl`` and/or ``parquet``); only those are
            listed.
        outcomes: how each agent's planned responses ended, in the same scope
            (:func:`app.runs.outcomes.response_outcomes`); the card's selection-bias section
            (DESIGN §5) is left out when empty.

    Returns:
        Markdown: files, counts by agent × status and verdict, the share of each agent's planned
        responses that ended in an error (selection bias), the field table (JSON and Parquet
        types), a summary of the protocol (DESIGN §5–§7) and a licence placeholder.
    """
    generated_at = generated_at or utcnow()
    scope = f"run {run_id}" if run_id is not None else "all runs"
    lines = [
        "# HALO workbench export",
        "",
        f"Responses of proactive agents in HALO-Arena with human diagnosis; {scope}, "
        f"exported {generated_at.isoformat(timespec='seconds')}.",
        "",
        "## Files",
        "",
        "| file | content |",
        "|---|---|",
    ]
    if "jsonl" in formats:
        lines.append("| `responses.jsonl` | one JSON object per response (the row format below) |")
    if "parquet" in formats:
        lines.append(
            "| `responses.parquet` | "
            + ("the same rows" if "jsonl" in formats else "one row per response (format below)")
            + " as Parquet (see `schema.json` → `x-parquet`) |"
        )
    lines += [
        "| `scenarios.jsonl` | the scenario files as imported, one per line, sorted by id |",
        "| `schema.json` | JSON Schema of one row, with the Parquet encoding |",
        "| `README.md` | this card |",
        "",
        "`halo import responses responses.jsonl` reads the JSONL file back"
        + (
            ""
            if "jsonl" in formats
            else " (this dump has Parquet only: export again with JSONL to import it)"
        )
        + ". Into a database without these scenarios, load the scenario tree they came from "
        "first (`halo seed seeds/`); `scenarios.jsonl` documents them but is not imported. "
        "`run_id` is the source database's run id (a number, as text): an import files the rows "
        "under a run of that name; the source run's name, seed and k are not in the dump.",
        "",
        "## Counts",
        "",
        f"{counts.rows} responses; `scenarios.jsonl` holds {counts.scenarios} scenarios.",
        "",
        "Each response carries its judgement of record: the primary annotator's judgement "
        "(judgement of record). *no judgement* counts responses without one: not annotated yet, "
        f"or — {counts.audited_out} of them — of scenarios rejected in the scenario audit "
        "(DESIGN §7), which every metric leaves out.",
        "",
    ]
    statuses = list(EXPORTED_STATUSES)
    verdicts = [*VERDICTS, "unannotated"]
    header = ["agent", "responses", *statuses, "accept", "reject", "no judgement"]
    lines.append("| " + " | ".join(header) + " |")
    lines.append("|---" + "|---:" * (len(header) - 1) + "|")
    for agent in sorted(counts.by_agent):
        cells = [
            _cell(agent),
            str(counts.by_agent[agent]),
            *(str(counts.by_agent_status[(agent, s)]) for s in statuses),
            *(str(counts.by_agent_verdict[(agent, v)]) for v in verdicts),
        ]
        lines.append("| " + " | ".join(cells) + " |")
    totals = [
        "**all**",
        str(counts.rows),
        *(str(counts.by_status[s]) for s in statuses),
        *(str(counts.by_verdict[v]) for v in verdicts),
    ]
    lines.append("| " + " | ".join(totals) + " |")
    lines += _selection_bias(outcomes)
    lines += [
        "",
        "## Fields",
        "",
        "One row per response. Annotation fields (`level` … `phase`) are null, and `other_issues` "
        "empty, for a response without a judgement of record (not annotated yet, or its "
        "scenario was rejected in the audit).",
        "",
        "| field | JSON | Parquet | meaning |",
        "|---|---|---|---|",
    ]
    properties = ExportRow.model_json_schema()["properties"]
    for name, info in ExportRow.model_fields.items():
        arrow_type = str(PARQUET_SCHEMA.field(name).type)
        lines.append(
            f"| `{name}` | {_cell(_json_type(properties[name]))} | `{_cell(arrow_type)}` "
            f"| {_cell(info.description or '')} |"
        )
    lines += [
        "",
        "Nested objects: `action` is `{command, args}`; `other_issues` items are "
        "`{category, note}`; `trajectory` items are `{round, command, args, result}`.",
        "",
        "## Protocol",
        "",
        PROTOCOL_SUMMARY.rstrip(),
        "",
        "## Licence",
        "",
        "TODO: choose and state the licence of this dataset before publishing it "
        "(placeholder). Scenario content is synthetic; annotators appear only by pseudonym.",
        "",
    ]
    return "\n".join(lines)


def _share(value: float | None) -> str:
    return "–" if value is None else f"{value:.2f}"


def _selection_bias(outcomes: Sequence[OutcomeRow]) -> list[str]:
    """The card's selection-bias section: the error shares beside Table 1 (DESIGN §5).

    Lines starting with a blank one; none when there are no outcome rows.
    """
    if not outcomes:
        return []
    lines = [
        "",
        "## Selection bias",
        "",
        "Only completed responses are judged, so every metric rests on them alone. Of each "
        "agent's planned responses (all but cancelled ones), the share that ended "
        "`protocol_error` or `api_error`, in % of planned (rounded half up); *open* counts "
        "responses still pending or running when the dump was written (not exported).",
        "",
        "| agent | planned | completed | open | protocol_error | api_error "
        "| protocol_error % | api_error % |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in outcomes:
        cells = [
            _cell(row.agent),
            str(row.planned),
            str(row.completed),
            str(row.open),
            str(row.protocol_error_n),
            str(row.api_error_n),
            _share(row.protocol_error),
            _share(row.api_error),
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def _scenario_sources(session: Session, run_id: int | None) -> Iterator[dict[str, Any]]:
    query = sa_select(col(Scenario.source)).order_by(col(Scenario.id))
    if run_id is not None:
        used = (
            sa_select(col(Checkpoint.scenario_id))
            .join(Response, col(Response.checkpoint_id) == col(Checkpoint.id))
            .where(col(Response.run_id) == run_id)
        )
        query = query.where(col(Scenario.id).in_(used))
    result = session.execute(query.execution_options(yield_per=100))
    try:
        for (source,) in result:
            yield source
    finally:
        result.close()


def export_dump(
    session: Session,
    out_dir: Path,
    *,
    formats: Sequence[str] = FORMATS,
    run_id: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    batch_size: int = 1000,
    batch_rows: int = 5000,
) -> dict[str, Any]:
    """Write the HALO-8K-style dump into ``out_dir`` (DESIGN §9), streaming.

    Files: ``responses.jsonl`` and/or ``responses.parquet`` (one pass over the rows feeds both),
    ``scenarios.jsonl`` (each scenario's ``source`` — the file as imported — one per line, sorted
    by id; with ``run_id``, only the scenarios that run used), ``schema.json`` and ``README.md``.
    All files are written under temporary names and renamed together at the end, so a failed
    export leaves any previous dump in ``out_dir`` untouched and no partial file behind.

    Args:
        session: database session (read only).
        out_dir: destination directory, created if missing; existing dump files are replaced.
        formats: any of ``jsonl``, ``parquet``.
        run_id: export this run only; None for every run.
        progress: ``progress(done, total)`` called as rows are written (rows, not bytes).
        batch_size: rows per database fetch.
        batch_rows: rows per Parquet row group.

    Returns:
        ``{"out_dir": str, "files": {name: path}, "rows": int, "scenarios": int,
        "by_agent": {...}, "by_status": {...}, "by_verdict": {...}}``.

    Raises:
        ValueError: no format or an unknown one.
        NotFoundError: ``run_id`` names no run.
    """
    chosen = list(dict.fromkeys(formats))
    unknown = [f for f in chosen if f not in FORMATS]
    if not chosen or unknown:
        raise ValueError(f"unknown format(s) {unknown or chosen!r}; use jsonl and/or parquet")
    if run_id is not None and session.get(Run, run_id) is None:
        raise NotFoundError(f"run {run_id} does not exist")
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    total = count_rows(session, run_id=run_id)
    counts = ExportCounts(audited_out=count_audited_out(session, run_id=run_id))
    files: dict[str, str] = {}
    every = max(1, min(batch_size, 100))
    with _staging() as stage:
        sinks: list[_Sink] = []
        if "jsonl" in chosen:
            sinks.append(JsonlSink(stage.path(out_dir / "responses.jsonl")))
        if "parquet" in chosen:
            sinks.append(ParquetSink(stage.path(out_dir / "responses.parquet"), batch_rows))
        if progress is not None:
            progress(0, total)

        def counted() -> Iterator[ExportRow]:
            for row in iter_rows(session, run_id=run_id, batch_size=batch_size):
                counts.add(row)
                yield row
                if progress is not None and counts.rows % every == 0:
                    progress(counts.rows, total)

        _drain(counted(), sinks)
        if progress is not None:
            progress(counts.rows, max(total, counts.rows))
        with stage.path(out_dir / "scenarios.jsonl").open("w", encoding="utf-8") as handle:
            for source in _scenario_sources(session, run_id):
                handle.write(_json_text(source) + "\n")
                counts.scenarios += 1
        stage.path(out_dir / "schema.json").write_text(
            json.dumps(schema_json(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
        )
        stage.path(out_dir / "README.md").write_text(
            dataset_card(
                counts,
                run_id=run_id,
                formats=chosen,
                outcomes=response_outcomes(session, run_id=run_id),
            ),
            encoding="utf-8",
        )
        files = {final.name: str(final) for _tmp, final in stage.pairs}
    return {"out_dir": str(out_dir), "files": files, **counts.as_dict()}
