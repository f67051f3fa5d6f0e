"""The registry of named metric tables, the analysis page's report, ranking marks, and
rendering as JSON, CSV or LaTeX (DESIGN.md §8, §10).

Every table is computed over the judgement of record of each completed response — the primary
annotator's annotation (:func:`app.annotation.service.judgement_of_record`, which also leaves out
audited-out scenarios) — optionally narrowed by run, annotation phase, need type and domain. The
counts come from the database (:mod:`app.metrics.queries`): the analysis page runs one GROUP BY
per (agent, checkpoint) — :class:`~app.metrics.tables.JudgedCell` — and every table and figure on
it is the pure ``*_from_cells`` definition of :mod:`app.metrics.tables` (Tables 1, 2 and 9 through
the one Table 1 definition, :func:`~app.metrics.formulas.table1_from_counts`). Only Table 11
(uploaded judge predictions, matched response by response) loads judged rows.
"""

from __future__ import annotations

import csv
import io
import json
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from sqlalchemy import select as sa_select
from sqlmodel import Session, col

from app.annotation.rules import INTENSITIES
from app.arena.schema import DOMAINS, NEED_TYPES
from app.metrics.agreement import agreement_table
from app.metrics.cells import (
    JudgedCell,
    Table1Counts,
    agent_table1_sql,
    group_table1,
    judged_cells_sql,
)
from app.metrics.formulas import TABLE1_COLUMNS, table1_from_counts
from app.metrics.queries import (
    MetricFilters,
    double_judged,
    judged_responses,
    paused_gc,
)
from app.metrics.responses import JudgedResponse
from app.metrics.tables import (
    TABLE1_CI_COLUMNS,
    TABLE2_DOMAIN_COLUMNS,
    TABLE2_NEED_TYPE_COLUMNS,
    TABLE9_COLUMNS,
    figure3_from_cells,
    figure4_pairs_from_cells,
    figure6_from_cells,
    figure7_from_cells,
    table1_ci_rows,
    table10_from_cells,
    table11_judge_accuracy,
    tables7_8_from_cells,
)
from app.models import Annotation, Run

Columns = tuple[str, ...]
Rows = list[dict[str, Any]]
Predictions = Mapping[str, Mapping[str, str | None]]
"""Judge predictions: response id → ``{"verdict", "level", "timing", "intensity"}``."""


def table1_sql(
    session: Session,
    *,
    run_id: int | None = None,
    phase: int | None = None,
    need_type: str | None = None,
    domain: str | None = None,
) -> list[dict[str, Any]]:
    """Table 1 aggregated in the database: one GROUP BY over the judgement of record of each
    completed response, so it stays fast at a million responses (paper Table 1; DESIGN §8).

    Returns:
        One row per agent (columns :data:`~app.metrics.formulas.TABLE1_COLUMNS`), sorted by
        agent: :func:`~app.metrics.formulas.table1_from_counts` of
        :func:`~app.metrics.cells.agent_table1_sql`.
    """
    filters = MetricFilters(run_id, phase, need_type, domain)
    groups = agent_table1_sql(session, filters)
    return [table1_from_counts(agent, groups[agent]) for agent in sorted(groups)]


# --- the named tables -----------------------------------------------------------------------


class MetricSources:
    """What the tables are computed from, for one set of filters; each source is computed once
    and shared by the tables that need it.

    The page's tables and figures all come from :attr:`cells` — one GROUP BY in the database
    (:func:`~app.metrics.cells.judged_cells_sql`) fed to the pure ``*_from_cells``
    definitions of :mod:`app.metrics.tables`; only Table 11 loads judged rows one by one.
    """

    def __init__(
        self, session: Session, filters: MetricFilters, predictions: Predictions | None = None
    ) -> None:
        self.session = session
        self.filters = filters
        self.predictions = predictions

    @cached_property
    def cells(self) -> list[JudgedCell]:
        """The judged responses counted per agent and checkpoint, in one GROUP BY."""
        return judged_cells_sql(self.session, self.filters)

    def counts(self, *key_names: str) -> dict[tuple[str, ...], Table1Counts]:
        """Table 1 counts per group of ``key_names`` (``agent``, ``need_type``, ``domain``),
        summed from :attr:`cells` so Tables 1, 2 and 9 share the one query."""
        return group_table1(self.cells, lambda c: tuple(getattr(c, n) for n in key_names))

    @cached_property
    def judged(self) -> list[JudgedResponse]:
        """Judged responses one by one (Table 11 only)."""
        return judged_responses(self.session, **self.filters.as_dict())

    @cached_property
    def figure3(self) -> dict[str, Any]:
        return figure3_from_cells(self.cells)

    @cached_property
    def figure4(self) -> list[dict[str, Any]]:
        return figure4_pairs_from_cells(self.cells)

    @cached_property
    def figure6(self) -> dict[str, Any]:
        return figure6_from_cells(self.cells)

    @cached_property
    def figure7(self) -> list[dict[str, Any]]:
        return figure7_from_cells(self.cells)

    @cached_property
    def table10(self) -> dict[str, Any]:
        return table10_from_cells(self.cells)

    @cached_property
    def sampling(self) -> dict[str, Any]:
        return tables7_8_from_cells(self.cells)

    @cached_property
    def table11(self) -> dict[str, Any]:
        assert self.predictions is not None
        return table11_judge_accuracy(self.judged, self.predictions)


def _ci(*names: str) -> Columns:
    return tuple(c for name in names for c in (name, f"{name}_ci"))


FIGURE3_COLUMNS: Columns = ("agent", "rejected", "over_proactive", *_ci("share"))
FIGURE4_COLUMNS: Columns = (
    "agent_a",
    "agent_b",
    "n_shared",
    "n_a",
    "n_b",
    "intervention_a",
    "intervention_b",
    "acceptability_a",
    "acceptability_b",
    "delta_intervention_pp",
    "delta_acceptability_pp",
    "action_gain_pp",
    "restraint_loss_pp",
)
FIGURE6_COLUMNS: Columns = ("agent", "n", "retrieval_rounds", *_ci("acceptability"))
FIGURE6_ACCESS_COLUMNS: Columns = ("group", "n", *_ci("acceptability", "insufficient"))
FIGURE6_STATS_COLUMNS: Columns = ("statistic", "n", "estimate", "estimate_ci", "p_value", "note")
FIGURE7_COLUMNS: Columns = (
    "level",
    "n",
    *_ci(*INTENSITIES),
    "accepted_elsewhere_count",
    *_ci("accepted_elsewhere"),
)
TABLE10_COLUMNS: Columns = ("category", "count", *_ci("share_within", "share_of_rejected"))
TABLE11_COLUMNS: Columns = ("n", "unmatched", *_ci("verdict_accuracy", "joint_accuracy"))
TABLE11_CONFUSION_COLUMNS: Columns = ("field", "human", "predicted", "count")
AGREEMENT_COLUMNS: Columns = (
    "field",
    "items",
    *_ci("agreement", "kappa"),
    "kappa_reason",
    "alpha",
    "alpha_reason",
)


def _figure3(src: MetricSources) -> tuple[Columns, Rows]:
    result = src.figure3
    rows = [*result["by_agent"], result["overall"]] if result["by_agent"] else []
    return FIGURE3_COLUMNS, rows


def _figure6_access(src: MetricSources) -> tuple[Columns, Rows]:
    access = src.figure6["local_content_access"]
    rows = [
        {"group": "L1 with local content access", **access["with"]},
        {"group": "L1 without local content access", **access["without"]},
    ]
    return FIGURE6_ACCESS_COLUMNS, rows


def _figure6_stats(src: MetricSources) -> tuple[Columns, Rows]:
    corr, lpm = src.figure6["correlation"], src.figure6["lpm"]
    note = corr["reason"] or "across agents: mean retrieval rounds vs acceptability"
    lpm_note = lpm["reason"] or (
        f"L1 responses; agent indicators and checkpoint fixed effects; SE {lpm['se']} pp "
        f"clustered by checkpoint ({lpm['clusters']} clusters), fixed effects counted in the "
        "small-sample correction"
    )
    rows = [
        {
            "statistic": "pearson_r",
            "n": corr["n_agents"],
            "estimate": corr["pearson_r"],
            "estimate_ci": None,
            "p_value": corr["pearson_p"],
            "note": note,
        },
        {
            "statistic": "spearman_rho",
            "n": corr["n_agents"],
            "estimate": corr["spearman_rho"],
            "estimate_ci": None,
            "p_value": corr["spearman_p"],
            "note": note,
        },
        {
            "statistic": "lpm_local_content_access_pp",
            "n": lpm["n"],
            "estimate": lpm["coefficient"],
            "estimate_ci": lpm["ci"],
            "p_value": lpm["p_value"],
            "note": lpm_note,
        },
    ]
    return FIGURE6_STATS_COLUMNS, rows


def _table10(src: MetricSources) -> tuple[Columns, Rows]:
    result = src.table10
    total = {
        "category": "any",
        "count": result["with_other_issues"],
        "share_within": None,
        "share_within_ci": None,
        "share_of_rejected": result["share_of_rejected"],
        "share_of_rejected_ci": result["share_of_rejected_ci"],
    }
    rows = [*result["categories"], total] if result["rejected"] else []
    return TABLE10_COLUMNS, rows


def _tables7_8(src: MetricSources) -> tuple[Columns, Rows]:
    result = src.sampling
    by_length: dict[int, dict[int, int]] = result["by_length"]
    ts = sorted({t for counts in by_length.values() for t in counts})
    t_columns = [f"t{t}" for t in ts]
    columns: Columns = (
        "n_events",
        "responses",
        *t_columns,
        "cramers_v",
        "max_wasserstein",
        "max_wasserstein_pair",
    )
    rows: Rows = []
    totals: dict[int, int] = defaultdict(int)
    for n, counts in by_length.items():
        row: dict[str, Any] = {"n_events": str(n), "responses": sum(counts.values())}
        for t in ts:
            row[f"t{t}"] = counts.get(t, 0)
            totals[t] += counts.get(t, 0)
        row.update(cramers_v=None, max_wasserstein=None, max_wasserstein_pair=None)
        rows.append(row)
    if rows:
        pair = result["max_wasserstein_pair"]
        rows.append(
            {
                "n_events": "all",
                "responses": result["responses"],
                **{f"t{t}": totals[t] for t in ts},
                "cramers_v": result["cramers_v"],
                "max_wasserstein": result["max_wasserstein"],
                "max_wasserstein_pair": " vs ".join(pair) if pair else None,
            }
        )
    return columns, rows


def _table11_confusion(src: MetricSources) -> tuple[Columns, Rows]:
    rows = [
        {"field": name, "human": human, "predicted": predicted, "count": count}
        for name, matrix in src.table11["confusion"].items()
        for human, predicted_counts in matrix.items()
        for predicted, count in predicted_counts.items()
    ]
    return TABLE11_CONFUSION_COLUMNS, rows


def _agreement(src: MetricSources) -> tuple[Columns, Rows]:
    pairs = double_judged(src.session, **src.filters.as_dict())
    return AGREEMENT_COLUMNS, [row.to_dict() for row in agreement_table(pairs)]


@dataclass(frozen=True)
class TableSpec:
    """A named metric table.

    Attributes:
        name: the name ``halo metrics`` and ``/analysis/<name>.csv`` use.
        title: heading (paper table or figure).
        caption: what the rows and rates are.
        build: sources → (columns, rows).
        ranked: mark best, second and third per rated column (:func:`rank_marks`).
        rank_within: rank among rows with the same value of this column (Table 9: need type).
        needs_predictions: the table compares judge predictions with the human labels.
        on_page: the analysis page shows it (Table 1 without intervals is a download only).
    """

    name: str
    title: str
    caption: str
    build: Callable[[MetricSources], tuple[Columns, Rows]]
    ranked: bool = False
    rank_within: str | None = None
    needs_predictions: bool = False
    on_page: bool = True


_RATES_NOTE = (
    "Rates in % of the group's annotated responses, each with its 95% Wilson interval; reasoning "
    "tokens in thousands (mean over responses reporting them); rounds = mean retrieval rounds."
)

TABLES: dict[str, TableSpec] = {
    spec.name: spec
    for spec in (
        TableSpec(
            "table1",
            "Table 1 · per agent",
            "The paper's Table 1 columns (the DESIGN §10 contract of `halo metrics table1`); "
            "rates in % of the agent's annotated responses.",
            lambda src: (TABLE1_COLUMNS, table1_sql(src.session, **src.filters.as_dict())),
            ranked=True,
            on_page=False,
        ),
        TableSpec(
            "table1_ci",
            "Table 1 · per agent, with intervals",
            _RATES_NOTE,
            lambda src: (TABLE1_CI_COLUMNS, table1_ci_rows(("agent",), src.counts("agent"))),
            ranked=True,
        ),
        TableSpec(
            "table2",
            "Table 2 · per need type",
            _RATES_NOTE,
            lambda src: (
                TABLE2_NEED_TYPE_COLUMNS,
                table1_ci_rows(("need_type",), src.counts("need_type")),
            ),
        ),
        TableSpec(
            "table2_domain",
            "Table 2 · per domain",
            _RATES_NOTE,
            lambda src: (TABLE2_DOMAIN_COLUMNS, table1_ci_rows(("domain",), src.counts("domain"))),
        ),
        TableSpec(
            "table9",
            "Table 9 · agent × need type",
            _RATES_NOTE + " Best, second and third are marked within each need type.",
            lambda src: (
                TABLE9_COLUMNS,
                table1_ci_rows(("agent", "need_type"), src.counts("agent", "need_type")),
            ),
            ranked=True,
            rank_within="need_type",
        ),
        TableSpec(
            "figure3",
            "Figure 3 · over-proactivity among rejected responses",
            "Share of rejected responses diagnosed premature or excessive, in % of rejected; "
            "the last row pools all agents.",
            _figure3,
            ranked=True,
        ),
        TableSpec(
            "figure4",
            "Figure 4 · paired comparisons on shared checkpoints",
            "A − B in percentage points over the checkpoints both agents answered; "
            "Δacceptability = action gain + restraint loss.",
            lambda src: (FIGURE4_COLUMNS, src.figure4),
        ),
        TableSpec(
            "figure6",
            "Figure 6 · retrieval rounds and acceptability per agent",
            "Mean retrieval rounds and acceptability (%) per agent.",
            lambda src: (FIGURE6_COLUMNS, src.figure6["by_agent"]),
            ranked=True,
        ),
        TableSpec(
            "figure6_access",
            "Figure 6 · L1 responses with and without local content access",
            "Acceptability and insufficient rate in % of the group's L1 responses.",
            _figure6_access,
        ),
        TableSpec(
            "figure6_stats",
            "Figure 6 · correlation and linear probability model",
            "Pearson r and Spearman ρ across agents; the LPM coefficient of local content "
            "access on acceptance of L1 responses, in percentage points: OLS with agent and "
            "checkpoint indicators on L1 responses at checkpoints with two or more of them, "
            "computed within checkpoints; SE clustered by checkpoint with the small-sample "
            "correction of the full dummy regression, G/(G−1)·(N−1)/(N−K) with K counting the "
            "checkpoint and agent indicators (as statsmodels' "
            "ols('accepted ~ access + C(agent) + C(checkpoint)') with cluster SEs; larger than "
            "the xtreg/reghdfe convention, which leaves the fixed effects out of K); t with "
            "G−1 df.",
            _figure6_stats,
        ),
        TableSpec(
            "figure7",
            "Figure 7 · intensity among well-timed rejected actions",
            "Rejected L1–L3 with appropriate timing: intensity shares by level, and the share "
            "whose checkpoint has an accepted response from another agent (% of n).",
            lambda src: (FIGURE7_COLUMNS, src.figure7),
        ),
        TableSpec(
            "table10",
            "Table 10 · other issues",
            "Per category: % of responses with any other issue (within) and % of all rejected; "
            "a response may name several categories.",
            _table10,
        ),
        TableSpec(
            "tables7_8",
            "Tables 7–8 · checkpoint sampling",
            "Responses per scenario length n and checkpoint t; Cramér's V (agent × t) and the "
            "largest pairwise Wasserstein distance of normalised positions.",
            _tables7_8,
        ),
        TableSpec(
            "agreement",
            "Inter-annotator agreement",
            "Responses judged by two annotators (their first two annotations): observed "
            "agreement (%), Cohen's κ and Krippendorff's α per diagnosis field.",
            _agreement,
        ),
        TableSpec(
            "table11",
            "Table 11 · automatic judge against human labels",
            "Verdict accuracy and joint accuracy (verdict, level, timing and intensity all "
            "equal) in % of the human-judged responses the judge labelled.",
            lambda src: (TABLE11_COLUMNS, [{k: src.table11[k] for k in TABLE11_COLUMNS}]),
            needs_predictions=True,
        ),
        TableSpec(
            "table11_confusion",
            "Table 11 · confusion counts",
            "Human label × judge label per field; 'none' = no label.",
            _table11_confusion,
            needs_predictions=True,
        ),
    )
}
"""Every named metric table, in page order."""


def metric_table(
    session: Session,
    name: str,
    *,
    predictions: Predictions | None = None,
    **filters: Any,
) -> tuple[Columns, Rows]:
    """A named metric table: (column names, rows), rates in percent (DESIGN §8, §10).

    Args:
        session: database session.
        name: a key of :data:`TABLES` (``table1``, ``table1_ci``, ``table2``, ``table2_domain``,
            ``table9``, ``figure3``, ``figure4``, ``figure6``, ``figure6_access``,
            ``figure6_stats``, ``figure7``, ``table10``, ``tables7_8``, ``agreement``,
            ``table11``, ``table11_confusion``).
        predictions: judge predictions, required by ``table11`` and ``table11_confusion``.
        **filters: ``run_id``, ``phase``, ``need_type``, ``domain`` (see :class:`MetricFilters`).

    Returns:
        ``(columns, rows)``: one dict per row with every column; a ``<rate>_ci`` column holds a
        ``(low, high)`` interval in percent or None.

    Raises:
        KeyError: an unknown table name, or a judge table without predictions.
    """
    spec = TABLES.get(name)
    if spec is None:
        raise KeyError(f"unknown table {name!r}; available: {', '.join(TABLES)}")
    if spec.needs_predictions and predictions is None:
        raise KeyError(
            f"{name} compares judge predictions with the human labels: upload them on "
            "/analysis/judge"
        )
    return spec.build(MetricSources(session, MetricFilters(**filters), predictions))


# --- ranking --------------------------------------------------------------------------------

HIGHER_IS_BETTER = frozenset({"acceptability", "verdict_accuracy", "joint_accuracy"})
LOWER_IS_BETTER = frozenset(
    {"inaction", "premature", "belated", "insufficient", "excessive", "share"}
)
POOLED_ROW = "all"
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


# --- the analysis page ----------------------------------------------------------------------


@dataclass
class MetricTable:
    """One computed table of the analysis page.

    Attributes:
        spec: what the table is.
        columns / rows: as :func:`metric_table` returns them.
        marks: ``(row index, column) → 1..3`` best/second/third (:func:`rank_marks`).
    """

    spec: TableSpec
    columns: Columns
    rows: Rows
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
        figures: raw figure data: ``figure3`` (dict), ``figure4`` (list of pairs),
            ``figure6`` (dict), ``figure7`` (list), as :mod:`app.metrics.charts` draws them.
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
        run_id / phase / need_type / domain: see :class:`MetricFilters`.

    Returns:
        An :class:`AnalysisReport`.
    """
    src = MetricSources(session, MetricFilters(run_id, phase, need_type, domain))
    tables: dict[str, MetricTable] = {}
    with paused_gc():  # many small acyclic objects: cells and rows
        for name, spec in TABLES.items():
            if spec.needs_predictions or not spec.on_page:
                continue
            columns, rows = spec.build(src)
            tables[name] = MetricTable(spec, columns, rows, table_marks(name, columns, rows))
    figures = {
        "figure3": src.figure3,
        "figure4": src.figure4,
        "figure6": src.figure6,
        "figure7": src.figure7,
    }
    return AnalysisReport(src.filters, sum(c.n for c in src.cells), tables, figures)


FIGURES: tuple[str, ...] = ("figure3", "figure4", "figure6", "figure7")
"""Figures drawn as SVG (:mod:`app.metrics.charts`)."""


def figure_data(session: Session, name: str, **filters: Any) -> Any:
    """The data one figure is drawn from (see :class:`AnalysisReport` ``figures``).

    Raises:
        KeyError: not a name of :data:`FIGURES`.
    """
    if name not in FIGURES:
        raise KeyError(f"unknown figure {name!r}; available: {', '.join(FIGURES)}")
    return getattr(MetricSources(session, MetricFilters(**filters)), name)


def judge_report(session: Session, predictions: Predictions, **filters: Any) -> dict[str, Any]:
    """Table 11 for uploaded judge predictions (paper Table 11; DESIGN §8).

    Args:
        session: database session.
        predictions: response id → the judge's ``{"verdict", "level", "timing", "intensity"}``.
        **filters: see :class:`MetricFilters`; the human side is the judged responses they keep.

    Returns:
        ``{"summary": MetricTable (table11), "confusion_rows": MetricTable (table11_confusion),
        "confusion": {field: {human: {predicted: count}}}, "predictions": int,
        "without_human": int}`` — ``without_human`` counts predictions for responses with no
        human judgement under the filters (they are not scored).
    """
    src = MetricSources(session, MetricFilters(**filters), predictions)
    tables = {}
    for name in ("table11", "table11_confusion"):
        columns, rows = TABLES[name].build(src)
        tables[name] = MetricTable(TABLES[name], columns, rows)
    human = {r.response_id for r in src.judged}
    return {
        "summary": tables["table11"],
        "confusion_rows": tables["table11_confusion"],
        "confusion": src.table11["confusion"],
        "predictions": len(predictions),
        "without_human": sum(1 for key in predictions if key not in human),
    }


def filter_options(session: Session) -> dict[str, Any]:
    """Choices for the analysis filters.

    Returns:
        ``{"runs": [(id, name)] newest first, "phases": [int] with annotations, "need_types",
        "domains"}`` (need types and domains in DESIGN §2 order).
    """
    runs = [
        (run_id, name)
        for run_id, name in session.execute(
            sa_select(col(Run.id), col(Run.name)).order_by(col(Run.id).desc())
        )
    ]
    phases = [
        int(p)
        for (p,) in session.execute(
            sa_select(col(Annotation.phase)).distinct().order_by(col(Annotation.phase))
        )
    ]
    return {"runs": runs, "phases": phases, "need_types": NEED_TYPES, "domains": DOMAINS}


# --- rendering ------------------------------------------------------------------------------

PRECISE = frozenset(
    {"kappa", "alpha", "pearson_r", "spearman_rho", "cramers_v", "max_wasserstein", "estimate"}
)
"""Columns shown with 4 decimals (coefficients rather than percentages)."""


def format_value(column: str, value: Any) -> str:
    """A cell as text: ``–`` for None, p-values to 3 significant digits, coefficients to 4
    decimals, reasoning tokens (k) to 3, other numbers to 2."""
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
) -> tuple[Columns, Rows]:
    """Replace every ``<x>_ci`` column by ``<x>_ci_low`` and ``<x>_ci_high``."""
    out_columns: list[str] = []
    for column in columns:
        if column.endswith("_ci"):
            out_columns += [f"{column}_low", f"{column}_high"]
        else:
            out_columns.append(column)
    out_rows: Rows = []
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
