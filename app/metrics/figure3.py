"""Paper Figure 3: over-proactivity among rejected responses (DESIGN.md §8). No I/O here."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from app.metrics.cells import JudgedCell
from app.metrics.record import Record
from app.metrics.stats import Interval, rate

FIGURE3_COLUMNS: tuple[str, ...] = ("agent", "rejected", "over_proactive", "share", "share_ci")
POOLED = "all"
"""The agent label of the pooled row."""


@dataclass(frozen=True, slots=True)
class Figure3Row(Record):
    """Over-proactivity of one agent (or of all, :data:`POOLED`).

    Attributes:
        agent: agent name, or ``"all"`` for the pooled row.
        rejected: rejected responses.
        over_proactive: rejected with timing premature or intensity excessive.
        share / share_ci: over_proactive in percent of rejected and its Wilson interval
            (None when nothing was rejected).
    """

    agent: str
    rejected: int
    over_proactive: int
    share: float | None
    share_ci: Interval | None


@dataclass(frozen=True, slots=True)
class Figure3(Record):
    """Figure 3: a row per agent (sorted by name) and the pooled row."""

    by_agent: tuple[Figure3Row, ...]
    overall: Figure3Row

    def rows(self) -> list[Figure3Row]:
        """The table: each agent, then the pooled row; nothing when there are no agents."""
        return [*self.by_agent, self.overall] if self.by_agent else []


def _row(agent: str, rejected: int, over: int) -> Figure3Row:
    return Figure3Row(agent, rejected, over, *rate(over, rejected))


def figure3(cells: Iterable[JudgedCell]) -> Figure3:
    """Over-proactivity among rejected responses, per agent and overall (paper Figure 3).

    Over-proactive = rejected with timing ``premature`` or intensity ``excessive`` (DESIGN §2,
    §8). Paper: 2,188 of 3,575 rejected (61.20%).

    Args:
        cells: judged cells (:func:`app.metrics.cells.judged_cells_sql`).

    Returns:
        A :class:`Figure3`; the pooled row is labelled ``"all"``.
    """
    rejected: Counter[str] = Counter()
    over: Counter[str] = Counter()
    for cell in cells:
        rejected[cell.agent] += cell.rejected
        over[cell.agent] += cell.over_proactive
    return Figure3(
        by_agent=tuple(_row(agent, rejected[agent], over[agent]) for agent in sorted(rejected)),
        overall=_row(POOLED, sum(rejected.values()), sum(over.values())),
    )
