"""The named metric tables and figures (DESIGN.md §8, §10).

For each name that ``halo metrics NAME``, ``/analysis/NAME.csv`` and the analysis page use: the
artefact that computes it, its columns, and how it is ranked.

Every table is computed over the judgement of record of each completed response (the primary
annotator's annotation; audited-out scenarios left out), optionally narrowed by
:class:`~app.metrics.queries.MetricFilters`. :class:`MetricSources` computes what the tables
rest on once per set of filters: the judged cells, in one GROUP BY
(:func:`~app.metrics.cells.judged_cells_sql`), from which every artefact module computes its
typed rows; Table 1 on its own (the lead overview, ``halo metrics table1``) reads the same
aggregate summed per agent (:func:`~app.metrics.cells.agent_table1_sql`), agreement reads the
label pairs, and only Table 11 loads judged responses one by one. :mod:`app.metrics.render`
turns the rows into JSON, CSV, LaTeX and the pages' HTML context.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from sqlmodel import Session

from app.annotation.audit import audit_statistics
from app.metrics.agreement import AGREEMENT_COLUMNS, agreement_table
from app.metrics.cells import (
    JudgedCell,
    Table1Counts,
    agent_table1_sql,
    group_table1,
    judged_cells_sql,
)
from app.metrics.figure3 import FIGURE3_COLUMNS, Figure3, figure3
from app.metrics.figure4 import FIGURE4_COLUMNS, PairedComparison, figure4_pairs
from app.metrics.figure5 import FIGURE5_COLUMNS, Figure5Row, figure5
from app.metrics.figure6 import (
    FIGURE6_ACCESS_COLUMNS,
    FIGURE6_COLUMNS,
    FIGURE6_STATS_COLUMNS,
    Figure6,
    figure6,
    figure6_access_rows,
    figure6_stats_rows,
)
from app.metrics.figure7 import FIGURE7_COLUMNS, Figure7Row, figure7
from app.metrics.figure8 import FIGURE8_COLUMNS, Figure8Row, figure8
from app.metrics.figure9 import FIGURE9_COLUMNS, Figure9Row, figure9
from app.metrics.queries import MetricFilters, double_judged, judged_responses
from app.metrics.record import Rows, plain
from app.metrics.responses import JudgedResponse
from app.metrics.table1 import TABLE1_CI_COLUMNS, TABLE1_COLUMNS, table1, table1_ci
from app.metrics.table2 import (
    TABLE2_DOMAIN_COLUMNS,
    TABLE2_NEED_TYPE_COLUMNS,
    table2_by_domain,
    table2_by_need_type,
)
from app.metrics.table5 import TABLE5_COLUMNS, Table5Row, candidate_outcomes, table5
from app.metrics.table6 import TABLE6_COLUMNS, Table6Row, table6
from app.metrics.table9 import TABLE9_COLUMNS, table9
from app.metrics.table10 import TABLE10_COLUMNS, Table10, table10
from app.metrics.table11 import (
    TABLE11_COLUMNS,
    TABLE11_CONFUSION_COLUMNS,
    TABLE11_NEED_TYPE_COLUMNS,
    Predictions,
    Table11,
    table11,
)
from app.metrics.tables7_8 import SamplingDiagnostics, tables7_8, tables7_8_columns, tables7_8_rows
from app.runs.outcomes import OUTCOME_COLUMNS, OutcomeRow, response_outcomes

Columns = tuple[str, ...]
Records = list[dict[str, Any]]
"""Rows as JSON objects (:meth:`app.metrics.record.Record.to_dict`), one key per column."""


class MetricSources:
    """What the tables are computed from, for one set of filters.

    Each source is computed once (on first use) and shared by the tables that need it.
    """

    def __init__(
        self, session: Session, filters: MetricFilters, predictions: Predictions | None = None
    ) -> None:
        """Sources of the tables; nothing is computed yet.

        Args:
            session: database session.
            filters: which judged responses.
            predictions: judge predictions, for Table 11 only.
        """
        self.session = session
        self.filters = filters
        self.predictions = predictions

    @cached_property
    def cells(self) -> list[JudgedCell]:
        """The judged responses counted per agent and checkpoint, in one GROUP BY."""
        return judged_cells_sql(self.session, self.filters)

    @cached_property
    def agent_counts(self) -> dict[str, Table1Counts]:
        """Table 1 counts per agent from the same aggregate summed in the database.

        For Table 1 alone; the page sums :attr:`cells` instead.
        """
        return agent_table1_sql(self.session, self.filters)

    @cached_property
    def by_agent(self) -> dict[str, Table1Counts]:
        """Table 1 counts per agent, summed from :attr:`cells`."""
        return group_table1(self.cells, lambda c: c.agent)

    @cached_property
    def outcomes(self) -> list[OutcomeRow]:
        """How each agent's planned responses ended, beside Table 1 (one GROUP BY; DESIGN §5)."""
        f = self.filters  # the annotation phase does not apply to unjudged responses
        return response_outcomes(
            self.session, run_id=f.run_id, need_type=f.need_type, domain=f.domain
        )

    @cached_property
    def judged(self) -> list[JudgedResponse]:
        """Judged responses one by one (Table 11 only)."""
        return judged_responses(self.session, **self.filters.as_dict())

    @cached_property
    def figure3(self) -> Figure3:
        """Figure 3 of :attr:`cells`."""
        return figure3(self.cells)

    @cached_property
    def figure4(self) -> list[PairedComparison]:
        """Figure 4 (every pair of agents) of :attr:`cells`."""
        return figure4_pairs(self.cells)

    @cached_property
    def figure5(self) -> list[Figure5Row]:
        """Figure 5 of :attr:`cells`."""
        return figure5(self.cells)

    @cached_property
    def figure6(self) -> Figure6:
        """Figure 6 of :attr:`cells`."""
        return figure6(self.cells)

    @cached_property
    def figure7(self) -> list[Figure7Row]:
        """Figure 7 of :attr:`cells`."""
        return figure7(self.cells)

    @cached_property
    def figure8(self) -> list[Figure8Row]:
        """Figure 8 of :attr:`cells`."""
        return figure8(self.cells)

    @cached_property
    def figure9(self) -> list[Figure9Row]:
        """Figure 9 of :attr:`cells`."""
        return figure9(self.cells)

    @cached_property
    def table10(self) -> Table10:
        """Table 10 of :attr:`cells`."""
        return table10(self.cells)

    @cached_property
    def sampling(self) -> SamplingDiagnostics:
        """Tables 7–8 of :attr:`cells`."""
        return tables7_8(self.cells)

    @cached_property
    def table5(self) -> list[Table5Row]:
        """Table 5 of every scenario candidate of the construction pipeline (no filters)."""
        return table5(candidate_outcomes(self.session))

    @cached_property
    def table6(self) -> list[Table6Row]:
        """Table 6 of the scenario audit (no filters)."""
        return table6(audit_statistics(self.session))

    @cached_property
    def table11(self) -> Table11:
        """Table 11 of :attr:`judged` against :attr:`predictions`.

        Raises:
            KeyError: no predictions were given.
        """
        if self.predictions is None:
            raise KeyError("Table 11 compares judge predictions with the human labels")
        return table11(self.judged, self.predictions)


@dataclass(frozen=True)
class TableSpec:
    """A named metric table.

    Attributes:
        name: the name ``halo metrics`` and ``/analysis/<name>.csv`` use.
        title: heading (paper table or figure).
        caption: what the rows and rates are.
        build: sources → the table's typed rows (one artefact function).
        columns: the rows' keys in order, or a function of the rows for a table whose columns
            depend on the data (Tables 7–8: one per checkpoint position t).
        ranked: mark best, second and third per rated column
            (:func:`app.metrics.render.rank_marks`).
        rank_within: rank among rows with the same value of this column (Table 9: need type).
        needs_predictions: the table compares judge predictions with the human labels.
        on_page: the analysis page shows it (Table 1 without intervals is a download only).
    """

    name: str
    title: str
    caption: str
    build: Callable[[MetricSources], Rows]
    columns: Columns | Callable[[Sequence[Any]], Columns]
    ranked: bool = False
    rank_within: str | None = None
    needs_predictions: bool = False
    on_page: bool = True

    def rows_and_columns(self, src: MetricSources) -> tuple[Columns, Rows]:
        """The table's columns and typed rows for these sources."""
        rows = self.build(src)
        columns = self.columns(rows) if callable(self.columns) else self.columns
        return columns, rows


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
            lambda src: table1(src.agent_counts),
            TABLE1_COLUMNS,
            ranked=True,
            on_page=False,
        ),
        TableSpec(
            "table1_ci",
            "Table 1 · per agent, with intervals",
            _RATES_NOTE,
            lambda src: table1_ci(src.by_agent),
            TABLE1_CI_COLUMNS,
            ranked=True,
        ),
        TableSpec(
            "table1_outcomes",
            "Table 1 · response outcomes per agent",
            "Only completed responses are judged (DESIGN §5): of each agent's planned responses "
            "(all but cancelled ones; run, need type and domain filters apply, the phase does "
            "not), how many completed, are still open (pending or running) or ended in a "
            "protocol error or an API error; the error shares are in % of planned.",
            lambda src: src.outcomes,
            OUTCOME_COLUMNS,
        ),
        TableSpec(
            "table2",
            "Table 2 · per need type",
            _RATES_NOTE,
            lambda src: table2_by_need_type(group_table1(src.cells, lambda c: c.need_type)),
            TABLE2_NEED_TYPE_COLUMNS,
        ),
        TableSpec(
            "table2_domain",
            "Table 2 · per domain",
            _RATES_NOTE,
            lambda src: table2_by_domain(group_table1(src.cells, lambda c: c.domain)),
            TABLE2_DOMAIN_COLUMNS,
        ),
        TableSpec(
            "table9",
            "Table 9 · agent × need type",
            _RATES_NOTE + " Best, second and third are marked within each need type.",
            lambda src: table9(group_table1(src.cells, lambda c: (c.agent, c.need_type))),
            TABLE9_COLUMNS,
            ranked=True,
            rank_within="need_type",
        ),
        TableSpec(
            "figure3",
            "Figure 3 · over-proactivity among rejected responses",
            "Share of rejected responses diagnosed premature or excessive, in % of rejected; "
            "the last row pools all agents.",
            lambda src: src.figure3.rows(),
            FIGURE3_COLUMNS,
            ranked=True,
        ),
        TableSpec(
            "figure4",
            "Figure 4 · paired comparisons on shared checkpoints",
            "A − B in percentage points over the checkpoints both agents answered; "
            "Δacceptability = action gain + restraint loss.",
            lambda src: src.figure4,
            FIGURE4_COLUMNS,
        ),
        TableSpec(
            "figure5",
            "Figure 5 · L0 share and where acceptability comes from",
            "Per agent, in % of its annotated responses: the L0 share, and acceptability split "
            "into accepted action (accepted L1–L3) and accepted restraint (accepted L0), which "
            "add up to acceptability (each rounded on its own: to ±0.01).",
            lambda src: src.figure5,
            FIGURE5_COLUMNS,
            ranked=True,
        ),
        TableSpec(
            "figure6",
            "Figure 6 · retrieval rounds and acceptability per agent",
            "Mean retrieval rounds and acceptability (%) per agent.",
            lambda src: src.figure6.by_agent,
            FIGURE6_COLUMNS,
            ranked=True,
        ),
        TableSpec(
            "figure6_access",
            "Figure 6 · L1 responses with and without local content access",
            "Acceptability and insufficient rate in % of the group's L1 responses.",
            lambda src: figure6_access_rows(src.figure6),
            FIGURE6_ACCESS_COLUMNS,
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
            lambda src: figure6_stats_rows(src.figure6),
            FIGURE6_STATS_COLUMNS,
        ),
        TableSpec(
            "figure7",
            "Figure 7 · intensity among well-timed rejected actions",
            "Rejected L1–L3 with appropriate timing: intensity shares by level, and the share "
            "whose checkpoint has an accepted response from another agent (% of n).",
            lambda src: src.figure7,
            FIGURE7_COLUMNS,
        ),
        TableSpec(
            "figure8",
            "Figure 8 · acceptability by agent × domain",
            "Acceptability in % of the agent's annotated responses in the domain; leader: the "
            "domain's highest acceptability (compared exactly, every tied agent marked; none "
            "in a domain with one agent).",
            lambda src: src.figure8,
            FIGURE8_COLUMNS,
        ),
        TableSpec(
            "figure9",
            "Figure 9 · acceptability by need type × domain",
            "Acceptability in % of the annotated responses (all agents) at scenarios of the need "
            "type in the domain.",
            lambda src: src.figure9,
            FIGURE9_COLUMNS,
        ),
        TableSpec(
            "table10",
            "Table 10 · other issues",
            "Per category: % of responses with any other issue (within) and % of all rejected; "
            "a response may name several categories.",
            lambda src: src.table10.rows(),
            TABLE10_COLUMNS,
        ),
        TableSpec(
            "tables7_8",
            "Tables 7–8 · checkpoint sampling",
            "Responses per scenario length n and checkpoint t; Cramér's V (agent × t) and the "
            "largest pairwise Wasserstein distance of normalised positions.",
            lambda src: tables7_8_rows(src.sampling),
            tables7_8_columns,
        ),
        TableSpec(
            "agreement",
            "Inter-annotator agreement",
            "Responses judged by two annotators (their first two annotations): observed "
            "agreement (%), Cohen's κ and Krippendorff's α per diagnosis field.",
            lambda src: agreement_table(double_judged(src.session, **src.filters.as_dict())),
            AGREEMENT_COLUMNS,
        ),
        TableSpec(
            "table5",
            "Table 5 · scenario construction: pass rates per stage",
            "Scenario candidates of the construction pipeline (DESIGN §11): per stage, how many "
            "reached it (n), passed or failed its first check and passed in the end, in % of n "
            "with 95% Wilson intervals; the reviewer's n is the candidates the validator "
            "accepted; overall: every first check passed / accepted into the human audit, of "
            "the candidates that reached the validator; revisions = mean creator revisions. "
            "Paper: validator 89.61 %, reviewer 78.59 %, overall 70.42 % of 568.",
            lambda src: src.table5,
            TABLE5_COLUMNS,
        ),
        TableSpec(
            "table6",
            "Table 6 · scenario audit: votes and adjudications",
            "Scenarios with two votes by vote pair and final outcome; split scenarios by the "
            "third person's decision; votes failing each review criterion (in % of the votes on "
            "scenarios with two votes); 95% Wilson intervals.",
            lambda src: src.table6,
            TABLE6_COLUMNS,
        ),
        TableSpec(
            "table11",
            "Table 11 · automatic judge against human labels",
            "Verdict accuracy and joint accuracy (verdict, level, timing and intensity all "
            "equal) in % of the human-judged responses the judge labelled.",
            lambda src: [src.table11.summary()],
            TABLE11_COLUMNS,
            needs_predictions=True,
        ),
        TableSpec(
            "table11_confusion",
            "Table 11 · confusion counts",
            "Human label × judge label per field; 'none' = no label.",
            lambda src: src.table11.confusion_rows(),
            TABLE11_CONFUSION_COLUMNS,
            needs_predictions=True,
        ),
        TableSpec(
            "table11_need_type",
            "Table 11 · accuracy by need type",
            "Verdict and joint accuracy within each need type, in % of its matched responses, "
            "with 95% Wilson intervals.",
            lambda src: list(src.table11.by_need_type),
            TABLE11_NEED_TYPE_COLUMNS,
            needs_predictions=True,
        ),
    )
}
"""Every named metric table, in page order."""


def table_spec(name: str, *, predictions: Predictions | None = None) -> TableSpec:
    """The spec of a named table.

    Raises:
        KeyError: an unknown name (the message lists the names), or a judge table without
            predictions.
    """
    spec = TABLES.get(name)
    if spec is None:
        raise KeyError(f"unknown table {name!r}; available: {', '.join(TABLES)}")
    if spec.needs_predictions and predictions is None:
        raise KeyError(
            f"{name} compares judge predictions with the human labels: name a judge run "
            "(halo metrics table11 --judge-run N) or upload predictions on /analysis/judge"
        )
    return spec


def metric_table(
    session: Session,
    name: str,
    *,
    predictions: Predictions | None = None,
    **filters: Any,
) -> tuple[Columns, Records]:
    """A named metric table: column names and rows as JSON objects (DESIGN §8, §10).

    Rates are in percent.

    Args:
        session: database session.
        name: a key of :data:`TABLES` (``table1``, ``table1_ci``, ``table1_outcomes``,
            ``table2``, ``table2_domain``, ``table9``, ``figure3``, ``figure4``, ``figure5``,
            ``figure6``, ``figure6_access``, ``figure6_stats``, ``figure7``, ``figure8``,
            ``figure9``, ``table10``, ``tables7_8``, ``agreement``, ``table5``, ``table6``,
            ``table11``, ``table11_confusion``).
        predictions: judge predictions, required by ``table11`` and ``table11_confusion``.
        **filters: ``run_id``, ``phase``, ``need_type``, ``domain`` (see :class:`MetricFilters`).

    Returns:
        ``(columns, rows)``: one dict per row with every column; a ``<rate>_ci`` column holds a
        ``(low, high)`` interval in percent or None.

    Raises:
        KeyError: an unknown table name, or a judge table without predictions.
    """
    spec = table_spec(name, predictions=predictions)
    src = MetricSources(session, MetricFilters(**filters), predictions)
    columns, rows = spec.rows_and_columns(src)
    return columns, [row.to_dict() for row in rows]


FIGURES: Mapping[str, Callable[[MetricSources], Any]] = {
    "figure3": lambda src: src.figure3,
    "figure4": lambda src: src.figure4,
    "figure5": lambda src: src.figure5,
    "figure6": lambda src: src.figure6,
    "figure7": lambda src: src.figure7,
    "figure8": lambda src: src.figure8,
    "figure9": lambda src: src.figure9,
}
"""Figures drawn as SVG (:mod:`app.metrics.charts`): name → its typed result."""


def figure_of(src: MetricSources, name: str) -> Any:
    """The data a figure is drawn from, as :mod:`app.metrics.charts` reads it.

    Its result as JSON-ready dicts and lists (:func:`app.metrics.record.plain`).

    Raises:
        KeyError: not a name of :data:`FIGURES`.
    """
    if name not in FIGURES:
        raise KeyError(f"unknown figure {name!r}; available: {', '.join(FIGURES)}")
    return plain(FIGURES[name](src))


def figure_data(session: Session, name: str, **filters: Any) -> Any:
    """:func:`figure_of` one figure under filters.

    The filters are ``run_id``, ``phase``, ``need_type`` and ``domain``.

    Raises:
        KeyError: not a name of :data:`FIGURES`.
    """
    return figure_of(MetricSources(session, MetricFilters(**filters)), name)
