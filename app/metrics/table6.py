"""Paper Table 6: the human audit of scenarios — votes and adjudications (DESIGN.md §7, §11).

Built from :class:`app.annotation.audit.AuditStatistics` (counted from the votes and decisions
themselves). No I/O here.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.annotation.audit import CRITERIA, VOTE_PAIRS, AuditStatistics
from app.metrics.record import Record
from app.metrics.stats import Interval, rate

TABLE6_COLUMNS: tuple[str, ...] = ("group", "item", "count", "of", "percent", "percent_ci")


@dataclass(frozen=True, slots=True)
class Table6Row(Record):
    """One line of Table 6.

    Attributes:
        group: ``votes`` (the pair of two reviewers' votes), ``adjudication`` (split scenarios
            decided by a third person, or still waiting), ``outcome`` (final accept/reject) or
            ``criterion`` (votes failing a review criterion).
        item: the pair (``approve/reject``), the decision, the outcome or the criterion key.
        count: scenarios (votes for ``criterion``).
        of: the denominator: scenarios with two votes (votes, outcome), split scenarios
            (adjudication), votes on scenarios with two votes (criterion).
        percent (with ``_ci``): count in % of `of`, with its Wilson 95% interval.
    """

    group: str
    item: str
    count: int
    of: int
    percent: float | None
    percent_ci: Interval | None


def table6(stats: AuditStatistics) -> list[Table6Row]:
    """Table 6 of the audit statistics (paper Table 6; DESIGN §7).

    Args:
        stats: :func:`app.annotation.audit.audit_statistics` of the database.

    Returns:
        The vote pairs, the adjudications (accepted, rejected, awaiting), the final outcomes and
        the failed criteria; nothing before any scenario has two votes.
    """
    paired = sum(stats.pairs.values())
    if not paired:
        return []
    split = stats.pairs["approve/reject"]
    rows = [
        Table6Row("votes", pair, stats.pairs[pair], paired, *rate(stats.pairs[pair], paired))
        for pair in VOTE_PAIRS
    ]
    for item, count in (
        ("accepted", stats.adjudicated["accepted"]),
        ("rejected", stats.adjudicated["rejected"]),
        ("awaiting", stats.awaiting_adjudication),
    ):
        rows.append(Table6Row("adjudication", item, count, split, *rate(count, split)))
    for item, count in (("accepted", stats.accepted), ("rejected", stats.rejected)):
        rows.append(Table6Row("outcome", item, count, paired, *rate(count, paired)))
    votes = 2 * paired
    for key in CRITERIA:
        failures = stats.criterion_failures[key]
        rows.append(Table6Row("criterion", key, failures, votes, *rate(failures, votes)))
    return rows
