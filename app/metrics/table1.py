"""Paper Table 1: the rates of each agent's judged responses (DESIGN.md §8, §10). No I/O here.

Also the one definition of a group's rates, :class:`GroupRates`, which Tables 2 and 9 show per
need type, domain and agent × need type. Rates are percentages 0–100 of the group's judged
responses (:func:`app.metrics.stats.percent`), each with its Wilson 95% interval
``<rate>_ci``; the plain :class:`Table1Row` (the ``halo metrics table1`` contract of DESIGN §10)
has the same values without the intervals.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from app.metrics.cells import Table1Counts
from app.metrics.record import Record
from app.metrics.stats import Interval, percent, wilson_interval
from app.vocabulary import DOMAINS, LEVELS, NEED_TYPES

RATES: tuple[str, ...] = (
    "acceptability",
    *LEVELS,
    "inaction",
    "premature",
    "belated",
    "insufficient",
    "excessive",
)
"""The Table 1 rates, each a percentage of all responses of the group (DESIGN §8)."""

MEANS: tuple[str, ...] = ("reasoning_tokens_k", "retrieval_rounds")
"""The Table 1 means: reasoning tokens (thousands) and retrieval rounds."""

RATE_COLUMNS: tuple[str, ...] = tuple(c for name in RATES for c in (name, f"{name}_ci"))
TABLE1_COLUMNS: tuple[str, ...] = ("agent", "n", *RATES, *MEANS)
"""The keys of ``halo metrics table1 --format json`` (DESIGN §10), in order."""
TABLE1_CI_COLUMNS: tuple[str, ...] = ("agent", "n", *RATE_COLUMNS, *MEANS)


@dataclass(frozen=True, slots=True)
class Table1Row(Record):
    """One row of Table 1 as the paper prints it (DESIGN §10: ``halo metrics table1``).

    Attributes:
        agent: agent name.
        n: judged responses.
        acceptability, L0..L3, inaction, premature, belated, insufficient, excessive: percent
            of n (2 decimals), None when n is 0.
        reasoning_tokens_k: mean reasoning tokens over the responses that report them, in
            thousands (3 decimals); None if none do.
        retrieval_rounds: mean retrieval rounds (2 decimals).
    """

    agent: str
    n: int
    acceptability: float | None
    L0: float | None
    L1: float | None
    L2: float | None
    L3: float | None
    inaction: float | None
    premature: float | None
    belated: float | None
    insufficient: float | None
    excessive: float | None
    reasoning_tokens_k: float | None
    retrieval_rounds: float | None


@dataclass(frozen=True, slots=True)
class GroupRates(Record):
    """The Table 1 columns of one group with a Wilson 95% interval beside every rate.

    Attributes:
        n: judged responses of the group.
        <rate>, <rate>_ci: for each of :data:`RATES`, percent of n and its interval
            ``(low, high)`` in percent (None when n is 0).
        reasoning_tokens_k / retrieval_rounds: the means of :class:`Table1Row`.
    """

    n: int
    acceptability: float | None
    acceptability_ci: Interval | None
    L0: float | None
    L0_ci: Interval | None
    L1: float | None
    L1_ci: Interval | None
    L2: float | None
    L2_ci: Interval | None
    L3: float | None
    L3_ci: Interval | None
    inaction: float | None
    inaction_ci: Interval | None
    premature: float | None
    premature_ci: Interval | None
    belated: float | None
    belated_ci: Interval | None
    insufficient: float | None
    insufficient_ci: Interval | None
    excessive: float | None
    excessive_ci: Interval | None
    reasoning_tokens_k: float | None
    retrieval_rounds: float | None


@dataclass(frozen=True, slots=True)
class Table1CiRow(Record):
    """One row of Table 1 with intervals: the agent and its :class:`GroupRates`."""

    agent: str
    rates: GroupRates

    def to_dict(self) -> dict[str, Any]:
        """``{"agent", **rates}`` (keys :data:`TABLE1_CI_COLUMNS`)."""
        return {"agent": self.agent, **self.rates.to_dict()}


def _numerators(counts: Table1Counts) -> dict[str, int]:
    """The numerator of every rate of :data:`RATES` in a group's counts."""
    return {
        "acceptability": counts.accept,
        **{level: counts.levels.get(level, 0) for level in LEVELS},
        "inaction": counts.inaction,
        "premature": counts.premature,
        "belated": counts.belated,
        "insufficient": counts.insufficient,
        "excessive": counts.excessive,
    }


def _means(counts: Table1Counts) -> dict[str, float | None]:
    n = counts.n
    return {
        "reasoning_tokens_k": (
            round(counts.reasoning_tokens_sum / counts.reasoning_tokens_n / 1000, 3)
            if counts.reasoning_tokens_n
            else None
        ),
        "retrieval_rounds": round(counts.retrieval_rounds_sum / n, 2) if n else None,
    }


def table1_row(agent: str, counts: Table1Counts) -> Table1Row:
    """One row of Table 1 from the agent's counts (paper Table 1; DESIGN §8, §10)."""
    rates = {name: percent(count, counts.n) for name, count in _numerators(counts).items()}
    return Table1Row(agent=agent, n=counts.n, **rates, **_means(counts))


def group_rates(counts: Table1Counts) -> GroupRates:
    """The rates of one group with their intervals (Tables 1, 2 and 9; DESIGN §8).

    The point values are those of :func:`table1_row`; every rate has its Wilson interval.
    """
    values: dict[str, Any] = {}
    for name, count in _numerators(counts).items():
        values[name] = percent(count, counts.n)
        values[f"{name}_ci"] = wilson_interval(count, counts.n)
    values.update(_means(counts))
    return GroupRates(n=counts.n, **values)


GROUP_ORDER: Mapping[str, Sequence[str]] = {"need_type": NEED_TYPES, "domain": DOMAINS}
"""Canonical order of group values per key column (DESIGN §2); other keys sort by name."""


def order_key(column: str, value: str) -> tuple[int, int, str]:
    """Sort key of a group value.

    DESIGN §2 order for need types and domains, then values outside it by name; any other column
    (agents) by name.
    """
    canonical = GROUP_ORDER.get(column, ())
    if value in canonical:
        return (0, list(canonical).index(value), "")
    return (1, 0, value)


def table1(counts: Mapping[str, Table1Counts]) -> list[Table1Row]:
    """Table 1 without intervals: one row per agent, sorted by agent (paper Table 1; DESIGN §10).

    Args:
        counts: agent → its Table 1 counts (:func:`app.metrics.cells.agent_table1_sql`, or
            :func:`app.metrics.cells.group_table1` of cells).

    Returns:
        One :class:`Table1Row` per agent with judged responses.
    """
    return [table1_row(agent, counts[agent]) for agent in sorted(counts)]


def table1_ci(counts: Mapping[str, Table1Counts]) -> list[Table1CiRow]:
    """Table 1 with a Wilson interval beside every rate, sorted by agent (paper Table 1).

    Args:
        counts: agent → its Table 1 counts.

    Returns:
        One :class:`Table1CiRow` per agent, the point values equal to :func:`table1`'s.
    """
    return [Table1CiRow(agent, group_rates(counts[agent])) for agent in sorted(counts)]
