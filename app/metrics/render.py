"""Rendering the named metric tables (DESIGN.md §8, §10).

The HTML context of the analysis pages, JSON, CSV and LaTeX, and the best/second/third marks.
The CLI, the lead overview, the downloads and the analysis page all render
:func:`app.metrics.registry.metric_table` rows (or the same rows of one shared
:class:`~app.metrics.registry.MetricSources`) through here.
"""

from __future__ import annotations

import csv
import io
import json
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlmodel import Session

from app.db import content_cached
from app.judges.service import judge_predictions, list_judge_runs
from app.metrics.figure3 import POOLED
from app.metrics.queries import MetricFilters, paused_gc
from app.metrics.registry import (
    FIGURES,
    TABLES,
    Columns,
    MetricSources,
    Records,
    TableSpec,
    figure_of,
)
from app.metrics.table11 import Confusion, Predictions, table11

# --- ranking ------------------------------------------------------------------------------------


HIGHER_IS_BETTER = frozenset({"acceptability", "verdict_accuracy", "joint_accuracy"})
LOWER_IS_BETTER = frozenset(
    {"inaction", "premature", "belated", "insufficient", "excessive", "share"}
)
POOLED_ROW = POOLED
"""Label of a pooled row (Figure 3's overall share), which is never ranked."""


def rank_marks(
    columns: Sequence[str], rows: Sequence[Mapping[str, Any]], *, within: str | None = None
) -> dict[tuple[int, str], int]:
    """Best, second and third value per rated column, as the paper marks them.

    Acceptability and accuracies rank high-first; error rates (inaction, premature, belated,
    insufficient, excessive) and over-proactivity ``share`` rank low-first; other columns are not
    ranked. Ties share a rank (dense ranking over distinct values); None values, the pooled
    ``all`` row and groups of fewer than two rows are left out.

    Args:
        columns: the table's columns.
        rows: its rows.
        within: rank separately among rows with the same value of this column.

    Returns:
        ``(row index, column) → 1, 2 or 3``.
    """
    groups: dict[Any, list[int]] = defaultdict(list)
    for index, row in enumerate(rows):
        if row.get("agent") == POOLED_ROW:
            continue
        groups[row.get(within) if within else None].append(index)
    marks: dict[tuple[int, str], int] = {}
    for column in columns:
        if column not in HIGHER_IS_BETTER and column not in LOWER_IS_BETTER:
            continue
        for indexes in groups.values():
            present = [i for i in indexes if rows[i].get(column) is not None]
            if len(present) < 2:
                continue
            distinct = sorted(
                {rows[i][column] for i in present}, reverse=column in HIGHER_IS_BETTER
            )
            place = {value: rank for rank, value in enumerate(distinct[:3], start=1)}
            for i in present:
                rank = place.get(rows[i][column])
                if rank is not None:
                    marks[(i, column)] = rank
    return marks


def table_marks(
    name: str, columns: Sequence[str], rows: Sequence[Mapping[str, Any]]
) -> dict[tuple[int, str], int]:
    """:func:`rank_marks` for a ranked table of :data:`TABLES`, else no marks."""
    spec = TABLES.get(name)
    if spec is None or not spec.ranked:
        return {}
    return rank_marks(columns, rows, within=spec.rank_within)


# --- the analysis pages -------------------------------------------------------------------------


def metric_table_of(src: MetricSources, spec: TableSpec) -> MetricTable:
    """A table of these sources as the pages show it, with its marks if it is ranked."""
    columns, rows = spec.rows_and_columns(src)
    records = [row.to_dict() for row in rows]
    return MetricTable(spec, columns, records, table_marks(spec.name, columns, records))


@dataclass
class MetricTable:
    """One computed table as the pages show it (``templates/analysis/_table.html``).

    Attributes:
        spec: what the table is.
        columns / rows: as :func:`app.metrics.registry.metric_table` returns them.
        marks: ``(row index, column) → 1..3`` best/second/third (:func:`rank_marks`).
    """

    spec: TableSpec
    columns: Columns
    rows: Records
    marks: dict[tuple[int, str], int] = field(default_factory=dict)

    @property
    def shown_columns(self) -> Columns:
        """The columns a page shows: every ``<x>_ci`` interval goes under its ``<x>``."""
        return tuple(c for c in self.columns if not c.endswith("_ci"))


@dataclass
class AnalysisReport:
    """Every table and figure of the analysis page for one set of filters.

    Attributes:
        filters: the filters applied.
        judged: number of judged responses the tables rest on.
        tables: name → :class:`MetricTable`, in :data:`TABLES` order, for every table shown
            on the page (not the judge tables, nor ``table1``: ``table1_ci`` shows it).
        figures: figure data (:func:`app.metrics.registry.figure_of`): ``figure3`` (dict),
            ``figure4`` (list of pairs), ``figure5`` (list), ``figure6`` (dict), ``figure7``,
            ``figure8`` and ``figure9`` (lists), as
            :mod:`app.metrics.charts` draws them.
    """

    filters: MetricFilters
    judged: int
    tables: dict[str, MetricTable]
    figures: dict[str, Any]


def analysis_report(
    session: Session,
    *,
    run_id: int | None = None,
    phase: int | None = None,
    need_type: str | None = None,
    domain: str | None = None,
) -> AnalysisReport:
    """All tables and figure data of the analysis page, from one GROUP BY in the database.

    Every table and figure is a pure function of the judged cells
    (:func:`~app.metrics.cells.judged_cells_sql`, at most agents × checkpoints of them),
    plus one query for the agreement pairs; no judged response is loaded one by one.

    Args:
        session: database session.
        run_id: only this run's responses; None for all (as every filter below; see
            :class:`~app.metrics.queries.MetricFilters`).
        phase: only annotations of this phase.
        need_type: only scenarios of this need type.
        domain: only environments of this domain.

    Returns:
        An :class:`AnalysisReport`.
    """
    filters = MetricFilters(run_id, phase, need_type, domain)
    # every table and figure is a function of the content: kept until it changes
    return content_cached(
        session, ("analysis_report", filters), lambda: _analysis_report(session, filters)
    )


def _analysis_report(session: Session, filters: MetricFilters) -> AnalysisReport:
    src = MetricSources(session, filters)
    with paused_gc():  # many small acyclic objects: cells and rows
        tables = {
            name: metric_table_of(src, spec)
            for name, spec in TABLES.items()
            if spec.on_page and not spec.needs_predictions
        }
        figures = {name: figure_of(src, name) for name in FIGURES}
    return AnalysisReport(src.filters, sum(c.n for c in src.cells), tables, figures)


@dataclass
class JudgeReport:
    """Table 11 for uploaded judge predictions, as the judge page shows it.

    Attributes:
        summary: the ``table11`` table (one row).
        confusion_rows: the ``table11_confusion`` table.
        confusion: field → human label → judge label → count.
        predictions: predictions uploaded (or stored for a judge run).
        without_human: predictions for responses with no human judgement under the filters
            (they are not scored).
        by_need_type: the ``table11_need_type`` table.
    """

    summary: MetricTable
    confusion_rows: MetricTable
    confusion: Confusion
    predictions: int
    without_human: int
    by_need_type: MetricTable


def judge_report(session: Session, predictions: Predictions, **filters: Any) -> JudgeReport:
    """Table 11 for uploaded judge predictions (paper Table 11; DESIGN §8).

    Args:
        session: database session.
        predictions: response id → the judge's ``{"verdict", "level", "timing", "intensity"}``.
        **filters: see :class:`~app.metrics.queries.MetricFilters`; the human side is the judged
            responses they keep.

    Returns:
        A :class:`JudgeReport`.
    """
    src = MetricSources(session, MetricFilters(**filters), predictions)
    summary, confusion, by_need_type = (
        metric_table_of(src, TABLES[name])
        for name in ("table11", "table11_confusion", "table11_need_type")
    )
    human = {r.response_id for r in src.judged}
    return JudgeReport(
        summary=summary,
        confusion_rows=confusion,
        confusion=src.table11.confusion,
        predictions=len(predictions),
        without_human=sum(1 for key in predictions if key not in human),
        by_need_type=by_need_type,
    )


JUDGE_RUNS_COLUMNS: Columns = (
    "judge_run",
    "judge",
    "run",
    "status",
    "predictions",
    "n",
    "verdict_accuracy",
    "verdict_accuracy_ci",
    "joint_accuracy",
    "joint_accuracy_ci",
)
"""Columns of :func:`judge_runs_table`: one row per judge run."""


def judge_runs_table(session: Session, **filters: Any) -> MetricTable:
    """Table 11 live, one row per judge run: its accuracies against the judgements of record.

    Each judge run's completed predictions (:func:`app.judges.service.judge_predictions`)
    against the judged responses under `filters`, loaded once for all judge runs; ranked on
    the accuracies (the paper marks best, second and third).

    Args:
        session: database session.
        **filters: see :class:`~app.metrics.queries.MetricFilters`.

    Returns:
        A :class:`MetricTable` of :data:`JUDGE_RUNS_COLUMNS` (``predictions``: completed
        predictions of the judge run; ``n``: those that matched a human judgement).
    """
    src = MetricSources(session, MetricFilters(**filters))
    human = src.judged
    rows: Records = []
    for judge_run in list_judge_runs(session):
        assert judge_run.id is not None
        predictions = judge_predictions(session, judge_run.id)
        result = table11(human, predictions)
        rows.append(
            {
                "judge_run": judge_run.id,
                "judge": judge_run.judge,
                "run": judge_run.run_id,
                "status": judge_run.status,
                "predictions": len(predictions),
                "n": result.n,
                "verdict_accuracy": result.verdict_accuracy,
                "verdict_accuracy_ci": result.verdict_accuracy_ci,
                "joint_accuracy": result.joint_accuracy,
                "joint_accuracy_ci": result.joint_accuracy_ci,
            }
        )
    spec = TableSpec(
        "table11_judges",
        "Table 11 · automatic judges against human labels",
        "Per judge run: verdict accuracy and joint accuracy (verdict, level, timing and "
        "intensity all equal) in % of the human-judged responses it labelled, with 95% "
        "Wilson intervals.",
        lambda _src: [],
        JUDGE_RUNS_COLUMNS,
    )
    return MetricTable(spec, JUDGE_RUNS_COLUMNS, rows, rank_marks(JUDGE_RUNS_COLUMNS, rows))


# --- text formats -------------------------------------------------------------------------------

PRECISE = frozenset(
    {"kappa", "alpha", "pearson_r", "spearman_rho", "cramers_v", "max_wasserstein", "estimate"}
)
"""Columns shown with 4 decimals (coefficients rather than percentages)."""


def format_value(column: str, value: Any) -> str:
    """A cell as text.

    ``–`` for None, p-values to 3 significant digits, coefficients to 4 decimals, reasoning tokens
    (k) to 3, other numbers to 2.
    """
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        if column.endswith("p_value") or column.endswith("_p"):
            return f"{value:.3g}"
        if column in PRECISE or column.startswith("kappa"):
            return f"{value:.4f}"
        if column == "reasoning_tokens_k":
            return f"{value:.3f}"
        return f"{value:.2f}"
    return str(value)


def split_intervals(
    columns: Sequence[str], rows: Sequence[Mapping[str, Any]]
) -> tuple[Columns, Records]:
    """Replace every ``<x>_ci`` column by ``<x>_ci_low`` and ``<x>_ci_high``."""
    out_columns: list[str] = []
    for column in columns:
        if column.endswith("_ci"):
            out_columns += [f"{column}_low", f"{column}_high"]
        else:
            out_columns.append(column)
    out_rows: Records = []
    for row in rows:
        flat: dict[str, Any] = {}
        for column in columns:
            value = row.get(column)
            if column.endswith("_ci"):
                low, high = value if value is not None else (None, None)
                flat[f"{column}_low"], flat[f"{column}_high"] = low, high
            else:
                flat[column] = value
        out_rows.append(flat)
    return tuple(out_columns), out_rows


_LATEX_ESCAPES = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
}
_LATEX_MARKS = {1: r"\textbf{%s}", 2: r"\underline{%s}", 3: r"\textit{%s}"}


def _latex_text(text: str) -> str:
    return "".join(_LATEX_ESCAPES.get(ch, ch) for ch in text)


def _csv_safe(value: Any) -> Any:
    """A text cell a spreadsheet would evaluate as a formula, neutralised with a ``'``."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@"):
        return "'" + value
    return value


def render_table(
    columns: Sequence[str],
    rows: Sequence[Mapping[str, Any]],
    fmt: str,
    *,
    marks: Mapping[tuple[int, str], int] | None = None,
) -> str:
    """Render rows as ``json`` (a list of objects), ``csv`` or ``latex`` (booktabs).

    In CSV, a text cell starting with ``=``, ``+``, ``-`` or ``@`` (an agent name such as
    ``-1-2``) is prefixed with ``'`` so spreadsheets do not read it as a formula; numbers are
    written as they are.
    CSV and LaTeX split every ``<x>_ci`` interval column into ``<x>_ci_low`` and
    ``<x>_ci_high``; JSON keeps ``[low, high]``. In LaTeX, ``marks`` (:func:`rank_marks`) set the
    best value in bold, the second underlined and the third in italics; None is ``--``.

    Raises:
        ValueError: an unknown format.
    """
    if fmt == "json":
        return json.dumps([{c: row.get(c) for c in columns} for row in rows], indent=2)
    if fmt not in ("csv", "latex"):
        raise ValueError(f"unknown format {fmt!r}; use json, csv or latex")
    flat_columns, flat_rows = split_intervals(columns, rows)
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=list(flat_columns), lineterminator="\n")
        writer.writeheader()
        writer.writerows({c: _csv_safe(v) for c, v in row.items()} for row in flat_rows)
        return buffer.getvalue()
    marks = marks or {}

    def cell(index: int, column: str, value: Any) -> str:
        if value is None:
            return "--"
        text = _latex_text(format_value(column, value))
        rank = marks.get((index, column))
        return _LATEX_MARKS[rank] % text if rank else text

    head = " & ".join(_latex_text(c) for c in flat_columns)
    body = "\n".join(
        " & ".join(cell(i, c, row[c]) for c in flat_columns) + r" \\"
        for i, row in enumerate(flat_rows)
    )
    return (
        "\\begin{tabular}{l"
        + "r" * (len(flat_columns) - 1)
        + "}\n\\toprule\n"
        + head
        + " \\\\\n\\midrule\n"
        + body
        + ("\n" if body else "")
        + "\\bottomrule\n\\end{tabular}\n"
    )


# --- one rendering of a named table -------------------------------------------------------------


@dataclass(frozen=True)
class Download:
    """A file format of the table downloads: what :func:`render_table` calls it, its media type."""

    fmt: str
    media_type: str


DOWNLOADS: dict[str, Download] = {
    "csv": Download("csv", "text/csv"),
    "tex": Download("latex", "application/x-tex"),
    "json": Download("json", "application/json"),
}
"""The table downloads by file extension: ``/analysis/<name>.<ext>``, ``/lead/table1.<ext>``."""


def render_metric_table(
    name: str, columns: Sequence[str], rows: Sequence[Mapping[str, Any]], fmt: str
) -> str:
    """Named table `name` as text, the one way every caller renders it.

    ``halo metrics``, the downloads of /analysis and /lead and the analysis page's links all
    call this: :func:`render_table` with the table's best/second/third marks
    (:func:`table_marks`, shown in LaTeX).

    Args:
        name: the table's name in :data:`~app.metrics.registry.TABLES` (a name not there is
            rendered without marks).
        columns: its columns, as :func:`app.metrics.registry.metric_table` returns them.
        rows: its rows, likewise.
        fmt: ``json``, ``csv`` or ``latex``.

    Raises:
        ValueError: an unknown format.
    """
    return render_table(columns, rows, fmt, marks=table_marks(name, columns, rows))
