"""Paper Figure 7: intensity errors among well-timed rejected actions (DESIGN.md §8).

No I/O here.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from app.metrics.cells import JudgedCell, WellTimedCounts, add_counts
from app.metrics.record import Record
from app.metrics.stats import Interval, rate
from app.vocabulary import ACTION_LEVELS

FIGURE7_COLUMNS: tuple[str, ...] = (
    "level",
    "n",
    "insufficient",
    "insufficient_ci",
    "excessive",
    "excessive_ci",
    "appropriate",
    "appropriate_ci",
    "accepted_elsewhere_count",
    "accepted_elsewhere",
    "accepted_elsewhere_ci",
)
ALL_ACTION_LEVELS = "L1–L3"
"""The level label of the row that pools L1, L2 and L3."""


@dataclass(frozen=True, slots=True)
class Figure7Row(Record):
    """Rejected responses of one level with timing ``appropriate`` (Figure 7).

    Attributes:
        level: ``L1``, ``L2``, ``L3`` or ``L1–L3``.
        n: such responses.
        insufficient / excessive / appropriate (each with ``_ci``): intensity shares, percent
            of n.
        accepted_elsewhere_count: those whose checkpoint has an accepted response from
            another agent; accepted_elsewhere (with ``_ci``): in percent of n.
    """

    level: str
    n: int
    insufficient: float | None
    insufficient_ci: Interval | None
    excessive: float | None
    excessive_ci: Interval | None
    appropriate: float | None
    appropriate_ci: Interval | None
    accepted_elsewhere_count: int
    accepted_elsewhere: float | None
    accepted_elsewhere_ci: Interval | None


def _row(level: str, counts: WellTimedCounts, elsewhere: int) -> Figure7Row:
    return Figure7Row(
        level,
        counts.n,
        *rate(counts.insufficient, counts.n),
        *rate(counts.excessive, counts.n),
        *rate(counts.appropriate, counts.n),
        elsewhere,
        *rate(elsewhere, counts.n),
    )


def figure7(cells: Sequence[JudgedCell]) -> list[Figure7Row]:
    """Intensity errors among well-timed rejected actions (paper Figure 7; DESIGN §8).

    The base is rejected L1–L3 responses with timing ``appropriate``. For each level, the
    shares with intensity insufficient, excessive and appropriate, and the share whose
    checkpoint ``(scenario_id, t)`` has an accepted response from another agent.

    Args:
        cells: judged cells (all of them: other agents' accepted responses matter).

    Returns:
        Rows for ``L1``, ``L2``, ``L3`` and ``"L1–L3"`` (all three together).
    """
    accepted_at: dict[tuple[str, int], set[str]] = defaultdict(set)
    for cell in cells:
        if cell.table1.accept:
            accepted_at[cell.checkpoint_key].add(cell.agent)
    totals = {level: WellTimedCounts() for level in ACTION_LEVELS}
    elsewhere: Counter[str] = Counter()
    for cell in cells:
        others = bool(accepted_at.get(cell.checkpoint_key, set()) - {cell.agent})
        for level in ACTION_LEVELS:
            counts = cell.well_timed[level]
            if counts.n:
                totals[level] = add_counts(totals[level], counts)
                if others:
                    elsewhere[level] += counts.n
    out = [_row(level, totals[level], elsewhere[level]) for level in ACTION_LEVELS]
    everything = WellTimedCounts()
    for counts in totals.values():
        everything = add_counts(everything, counts)
    out.append(_row(ALL_ACTION_LEVELS, everything, sum(elsewhere.values())))
    return out
