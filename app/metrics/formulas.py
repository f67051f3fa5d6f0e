"""Pure metric formulas over annotated responses (DESIGN.md §8). No I/O here.

Rates are returned as percentages 0–100 of the group's annotated responses, rounded to two
decimals; means are plain numbers. An empty group gives None rather than 0.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from statistics import fmean
from typing import Any


@dataclass(frozen=True)
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


TABLE1_COLUMNS = (
    "agent",
    "n",
    "acceptability",
    "L0",
    "L1",
    "L2",
    "L3",
    "inaction",
    "premature",
    "belated",
    "insufficient",
    "excessive",
    "reasoning_tokens_k",
    "retrieval_rounds",
)


def percent(count: int, total: int) -> float | None:
    """count / total as a percentage rounded to 2 decimals; None when total is 0."""
    return None if total == 0 else round(100.0 * count / total, 2)


def _rejected(r: AnnotatedResponse) -> bool:
    return r.verdict == "reject"


def _at_level(level: str) -> Callable[[AnnotatedResponse], bool]:
    return lambda r: r.level == level


def table1_row(group: str, rows: list[AnnotatedResponse]) -> dict[str, Any]:
    """One Table 1 row (paper Table 1; DESIGN §8) for the responses of one group.

    Args:
        group: the row label (agent name).
        rows: that group's annotated responses.

    Returns:
        ``{"agent", "n", "acceptability", "L0".."L3", "inaction", "premature", "belated",
        "insufficient", "excessive"}`` in percent of n, ``reasoning_tokens_k`` (mean reasoning
        tokens over responses that report them, in thousands; None if none do) and
        ``retrieval_rounds`` (mean).
    """
    n = len(rows)

    def share(predicate: Callable[[AnnotatedResponse], bool]) -> float | None:
        return percent(sum(1 for r in rows if predicate(r)), n)

    tokens = [r.reasoning_tokens for r in rows if r.reasoning_tokens is not None]
    return {
        "agent": group,
        "n": n,
        "acceptability": share(lambda r: r.verdict == "accept"),
        **{level: share(_at_level(level)) for level in ("L0", "L1", "L2", "L3")},
        "inaction": share(lambda r: _rejected(r) and r.level == "L0"),
        "premature": share(lambda r: _rejected(r) and r.timing == "premature"),
        "belated": share(lambda r: _rejected(r) and r.timing == "belated"),
        "insufficient": share(lambda r: _rejected(r) and r.intensity == "insufficient"),
        "excessive": share(lambda r: _rejected(r) and r.intensity == "excessive"),
        "reasoning_tokens_k": round(fmean(tokens) / 1000, 3) if tokens else None,
        "retrieval_rounds": round(fmean(r.retrieval_rounds for r in rows), 2) if rows else None,
    }


def table1(rows: Iterable[AnnotatedResponse]) -> list[dict[str, Any]]:
    """Table 1: one row per agent, sorted by agent name (paper Table 1; DESIGN §8)."""
    groups: dict[str, list[AnnotatedResponse]] = defaultdict(list)
    for row in rows:
        groups[row.agent].append(row)
    return [table1_row(agent, groups[agent]) for agent in sorted(groups)]
