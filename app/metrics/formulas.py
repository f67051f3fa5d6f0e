"""Pure metric formulas over annotated responses (DESIGN.md §8). No I/O here.

Rates are returned as percentages 0–100 of the group's annotated responses, rounded to two
decimals; means are plain numbers. An empty group gives None rather than 0.
"""

from __future__ import annotations

from typing import Any

from app.metrics.cells import Table1Counts
from app.metrics.stats import percent

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
