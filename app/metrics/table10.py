"""Paper Table 10: other issues on rejected responses, by category (DESIGN.md §8).

No I/O here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from app.metrics.cells import JudgedCell
from app.metrics.record import Record
from app.metrics.stats import Interval, rate
from app.vocabulary import OTHER_ISSUES

TABLE10_COLUMNS: tuple[str, ...] = (
    "category",
    "count",
    "share_within",
    "share_within_ci",
    "share_of_rejected",
    "share_of_rejected_ci",
)
ANY_CATEGORY = "any"
"""The category label of the table's total row (responses naming any other issue)."""


@dataclass(frozen=True, slots=True)
class Table10Category(Record):
    """One other-issue category (or :data:`ANY_CATEGORY`).

    Attributes:
        category: DESIGN §2 category, an unknown one (imports), or ``"any"``.
        count: rejected responses naming it (once per response).
        share_within (with ``_ci``): percent of the responses with any other issue (None for
            the ``any`` row).
        share_of_rejected (with ``_ci``): percent of all rejected responses.
    """

    category: str
    count: int
    share_within: float | None
    share_within_ci: Interval | None
    share_of_rejected: float | None
    share_of_rejected_ci: Interval | None


@dataclass(frozen=True, slots=True)
class Table10(Record):
    """Table 10: the rejected responses, those with other issues, and each category.

    Attributes:
        rejected: rejected responses.
        with_other_issues: those naming at least one other issue.
        share_of_rejected (with ``_ci``): with_other_issues in percent of rejected.
        categories: every DESIGN §2 category in order (count 0 included), then unknown ones by
            name.
    """

    rejected: int
    with_other_issues: int
    share_of_rejected: float | None
    share_of_rejected_ci: Interval | None
    categories: tuple[Table10Category, ...]

    def rows(self) -> list[Table10Category]:
        """The table: each category, then the ``any`` total; nothing when nothing was rejected."""
        if not self.rejected:
            return []
        total = Table10Category(
            ANY_CATEGORY,
            self.with_other_issues,
            None,
            None,
            self.share_of_rejected,
            self.share_of_rejected_ci,
        )
        return [*self.categories, total]


def table10(cells: Iterable[JudgedCell]) -> Table10:
    """Other issues on rejected responses, by category (paper Table 10; DESIGN §8).

    Paper: other issues on 1,000 responses, 27.97% of rejected. A response is counted once per
    category however many times it names it; a response may name several categories, so
    category shares within other-issue responses can add up to more than 100.

    Args:
        cells: judged cells.

    Returns:
        A :class:`Table10`.
    """
    rejected = flagged = 0
    counts: Counter[str] = Counter()
    for cell in cells:
        rejected += cell.rejected
        flagged += cell.other_issues
        counts.update(cell.issue_categories)
    categories = tuple(
        Table10Category(
            category,
            counts[category],
            *rate(counts[category], flagged),
            *rate(counts[category], rejected),
        )
        for category in [*OTHER_ISSUES, *sorted(set(counts) - set(OTHER_ISSUES))]
    )
    return Table10(rejected, flagged, *rate(flagged, rejected), categories)
