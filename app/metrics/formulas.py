"""Pure metric formulas over annotated responses (DESIGN.md §8). No I/O here.

Rates are returned as percentages 0–100 of the group's annotated responses, rounded to two
decimals; means are plain numbers. An empty group gives None rather than 0.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from app.metrics.stats import percent


@dataclass(frozen=True, slots=True)
class AnnotatedResponse:
    """One annotated response, as the formulas need it.

    Attributes:
        agent: agent name (researcher-facing only).
        level: confirmed level ``L0``..``L3``.
        verdict: ``accept`` or ``reject``.
        timing / intensity: DESIGN §2 values or None.
        inaction: rejected L0.
        reasoning_tokens: tokens or None when not reported.
        retrieval_rounds: completed inspect turns.
        need_type / domain: scenario attributes (Table 2).
    """

    agent: str
    level: str
    verdict: str
    timing: str | None
    intensity: str | None
    inaction: bool
    reasoning_tokens: int | None
    retrieval_rounds: int
    need_type: str = ""
    domain: str = ""


LEVELS = ("L0", "L1", "L2", "L3")

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

TABLE1_COLUMNS = ("agent", "n", *RATES, "reasoning_tokens_k", "retrieval_rounds")


@dataclass(frozen=True, slots=True)
class Table1Counts:
    """The counts one Table 1 row is computed from (one group of annotated responses).

    Attributes:
        n: annotated responses; accept: accepted ones; levels: confirmed level → count;
        inaction: rejected L0; premature / belated: rejected with that timing;
        insufficient / excessive: rejected with that intensity;
        reasoning_tokens_sum / reasoning_tokens_n: sum and count over responses that report
        reasoning tokens; retrieval_rounds_sum: sum of retrieval rounds.
    """

    n: int
    accept: int
    levels: dict[str, int]
    inaction: int
    premature: int
    belated: int
    insufficient: int
    excessive: int
    reasoning_tokens_sum: int
    reasoning_tokens_n: int
    retrieval_rounds_sum: int


def count_table1(rows: Iterable[AnnotatedResponse]) -> Table1Counts:
    """Count what a Table 1 row needs from annotated responses."""
    rows = list(rows)
    rejected = [r for r in rows if r.verdict == "reject"]
    tokens = [r.reasoning_tokens for r in rows if r.reasoning_tokens is not None]
    return Table1Counts(
        n=len(rows),
        accept=len(rows) - len(rejected),
        levels={level: sum(1 for r in rows if r.level == level) for level in LEVELS},
        inaction=sum(1 for r in rejected if r.level == "L0"),
        premature=sum(1 for r in rejected if r.timing == "premature"),
        belated=sum(1 for r in rejected if r.timing == "belated"),
        insufficient=sum(1 for r in rejected if r.intensity == "insufficient"),
        excessive=sum(1 for r in rejected if r.intensity == "excessive"),
        reasoning_tokens_sum=sum(tokens),
        reasoning_tokens_n=len(tokens),
        retrieval_rounds_sum=sum(r.retrieval_rounds for r in rows),
    )


def sum_counts(parts: Iterable[Table1Counts]) -> Table1Counts:
    """The counts of the union of disjoint groups (field-wise sums)."""
    parts = list(parts)
    return Table1Counts(
        n=sum(c.n for c in parts),
        accept=sum(c.accept for c in parts),
        levels={lv: sum(c.levels.get(lv, 0) for c in parts) for lv in LEVELS},
        inaction=sum(c.inaction for c in parts),
        premature=sum(c.premature for c in parts),
        belated=sum(c.belated for c in parts),
        insufficient=sum(c.insufficient for c in parts),
        excessive=sum(c.excessive for c in parts),
        reasoning_tokens_sum=sum(c.reasoning_tokens_sum for c in parts),
        reasoning_tokens_n=sum(c.reasoning_tokens_n for c in parts),
        retrieval_rounds_sum=sum(c.retrieval_rounds_sum for c in parts),
    )


def table1_from_counts(group: str, c: Table1Counts) -> dict[str, Any]:
    """One Table 1 row (paper Table 1; DESIGN §8) from its counts.

    Returns:
        ``{"agent", "n", "acceptability", "L0".."L3", "inaction", "premature", "belated",
        "insufficient", "excessive"}`` in percent of n (2 dp), ``reasoning_tokens_k`` (mean
        reasoning tokens over responses that report them, in thousands; None if none do) and
        ``retrieval_rounds`` (mean).
    """
    n = c.n
    return {
        "agent": group,
        "n": n,
        "acceptability": percent(c.accept, n),
        **{level: percent(c.levels.get(level, 0), n) for level in LEVELS},
        "inaction": percent(c.inaction, n),
        "premature": percent(c.premature, n),
        "belated": percent(c.belated, n),
        "insufficient": percent(c.insufficient, n),
        "excessive": percent(c.excessive, n),
        "reasoning_tokens_k": (
            round(c.reasoning_tokens_sum / c.reasoning_tokens_n / 1000, 3)
            if c.reasoning_tokens_n
            else None
        ),
        "retrieval_rounds": round(c.retrieval_rounds_sum / n, 2) if n else None,
    }


def table1_row(group: str, rows: list[AnnotatedResponse]) -> dict[str, Any]:
    """One Table 1 row for the responses of one group (see :func:`table1_from_counts`)."""
    return table1_from_counts(group, count_table1(rows))


def table1(rows: Iterable[AnnotatedResponse]) -> list[dict[str, Any]]:
    """Table 1: one row per agent, sorted by agent name (paper Table 1; DESIGN §8)."""
    groups: dict[str, list[AnnotatedResponse]] = defaultdict(list)
    for row in rows:
        groups[row.agent].append(row)
    return [table1_row(agent, groups[agent]) for agent in sorted(groups)]
