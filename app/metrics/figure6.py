"""Paper Figure 6: retrieval rounds against acceptability, and local content access.

Local content access on L1 responses with its linear probability model (DESIGN.md §8). No I/O
here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from app.metrics.cells import JudgedCell, L1Counts, group_table1, sum_l1
from app.metrics.record import Record
from app.metrics.stats import (
    Correlation,
    Interval,
    LpmCell,
    LpmFit,
    correlation,
    linear_probability_model,
    rate,
)

FIGURE6_COLUMNS: tuple[str, ...] = (
    "agent",
    "n",
    "retrieval_rounds",
    "acceptability",
    "acceptability_ci",
)
FIGURE6_ACCESS_COLUMNS: tuple[str, ...] = (
    "group",
    "n",
    "acceptability",
    "acceptability_ci",
    "insufficient",
    "insufficient_ci",
)
FIGURE6_STATS_COLUMNS: tuple[str, ...] = (
    "statistic",
    "n",
    "estimate",
    "estimate_ci",
    "p_value",
    "note",
)


@dataclass(frozen=True, slots=True)
class Figure6AgentRow(Record):
    """One agent's mean retrieval rounds and acceptability (percent, with its interval)."""

    agent: str
    n: int
    retrieval_rounds: float
    acceptability: float | None
    acceptability_ci: Interval | None


@dataclass(frozen=True, slots=True)
class AccessRates(Record):
    """L1 responses of one local-content-access group: acceptability and insufficient rate.

    The insufficient rate counts those rejected with intensity insufficient; both in percent of n,
    with their intervals.
    """

    n: int
    acceptability: float | None
    acceptability_ci: Interval | None
    insufficient: float | None
    insufficient_ci: Interval | None


@dataclass(frozen=True, slots=True)
class LocalContentAccess(Record):
    """L1 responses with and without local content access."""

    with_access: AccessRates
    without_access: AccessRates

    def to_dict(self) -> dict[str, Any]:
        """``{"with": ..., "without": ...}``."""
        return {"with": self.with_access.to_dict(), "without": self.without_access.to_dict()}


@dataclass(frozen=True, slots=True)
class Figure6(Record):
    """Figure 6: per agent, the correlation across agents, the access split and the LPM."""

    by_agent: tuple[Figure6AgentRow, ...]
    correlation: Correlation
    local_content_access: LocalContentAccess
    lpm: LpmFit


@dataclass(frozen=True, slots=True)
class Figure6AccessRow(Record):
    """A row of the ``figure6_access`` table: a labelled :class:`AccessRates`."""

    group: str
    n: int
    acceptability: float | None
    acceptability_ci: Interval | None
    insufficient: float | None
    insufficient_ci: Interval | None


@dataclass(frozen=True, slots=True)
class Figure6StatRow(Record):
    """A row of the ``figure6_stats`` table: one statistic, its estimate and what it rests on.

    Attributes:
        statistic: ``pearson_r``, ``spearman_rho`` or ``lpm_local_content_access_pp``.
        n: agents (correlations) or L1 responses used (the model).
        estimate / estimate_ci: the value and, for the model, its 95% interval (pp).
        p_value: two-sided p-value.
        note: what was computed, or why it could not be.
    """

    statistic: str
    n: int
    estimate: float | None
    estimate_ci: Interval | None
    p_value: float | None
    note: str


def _access_rates(counts: L1Counts) -> AccessRates:
    return AccessRates(
        counts.n,
        *rate(counts.accepted, counts.n),
        *rate(counts.insufficient, counts.n),
    )


def lpm_cells(cells: Iterable[JudgedCell]) -> list[LpmCell]:
    """The non-empty :class:`~app.metrics.stats.LpmCell` of each judged cell.

    One for its L1 responses with local content access, one for those without.
    """
    out = []
    for cell in cells:
        for access, counts in ((True, cell.l1_with_access), (False, cell.l1_without_access)):
            if counts.n:
                out.append(
                    LpmCell(cell.checkpoint_key, cell.agent, access, counts.n, counts.accepted)
                )
    return out


def figure6(cells: Sequence[JudgedCell]) -> Figure6:
    """Retrieval versus acceptability, and local content access on L1 (paper Figure 6).

    DESIGN §8: retrieval rounds vs acceptability across agents (Pearson r, Spearman ρ on the
    unrounded per-agent means); L1 responses with and without local content access
    (acceptability and insufficient rate); a linear probability model with agent indicators and
    checkpoint fixed effects, SEs clustered by checkpoint
    (:func:`app.metrics.stats.linear_probability_model`).

    Args:
        cells: judged cells.

    Returns:
        A :class:`Figure6`: agents sorted by name; correlations need at least 3 agents with
        varying values, otherwise they are None with a reason.
    """
    per_agent = group_table1(cells, lambda c: c.agent)
    by_agent = []
    xs, ys = [], []
    for agent in sorted(per_agent):
        counts = per_agent[agent]
        # unrounded values for the correlations, so rounding never moves r or ρ
        xs.append(counts.retrieval_rounds_sum / counts.n)
        ys.append(100.0 * counts.accept / counts.n)
        by_agent.append(
            Figure6AgentRow(agent, counts.n, round(xs[-1], 2), *rate(counts.accept, counts.n))
        )
    with_access = sum_l1(c.l1_with_access for c in cells)
    without_access = sum_l1(c.l1_without_access for c in cells)
    return Figure6(
        by_agent=tuple(by_agent),
        correlation=correlation(xs, ys),
        local_content_access=LocalContentAccess(
            _access_rates(with_access), _access_rates(without_access)
        ),
        lpm=linear_probability_model(lpm_cells(cells)),
    )


def figure6_access_rows(result: Figure6) -> list[Figure6AccessRow]:
    """The ``figure6_access`` table: L1 responses with, then without, local content access."""
    access = result.local_content_access
    return [
        Figure6AccessRow(label, *(getattr(rates, name) for name in FIGURE6_ACCESS_COLUMNS[1:]))
        for label, rates in (
            ("L1 with local content access", access.with_access),
            ("L1 without local content access", access.without_access),
        )
    ]


def figure6_stats_rows(result: Figure6) -> list[Figure6StatRow]:
    """The ``figure6_stats`` table: Pearson r, Spearman ρ and the LPM coefficient (pp)."""
    corr, lpm = result.correlation, result.lpm
    note = corr.reason or "across agents: mean retrieval rounds vs acceptability"
    lpm_note = lpm.reason or (
        f"L1 responses; agent indicators and checkpoint fixed effects; SE {lpm.se} pp "
        f"clustered by checkpoint ({lpm.clusters} clusters), fixed effects counted in the "
        "small-sample correction"
    )
    return [
        Figure6StatRow("pearson_r", corr.n_agents, corr.pearson_r, None, corr.pearson_p, note),
        Figure6StatRow(
            "spearman_rho", corr.n_agents, corr.spearman_rho, None, corr.spearman_p, note
        ),
        Figure6StatRow(
            "lpm_local_content_access_pp", lpm.n, lpm.coefficient, lpm.ci, lpm.p_value, lpm_note
        ),
    ]
