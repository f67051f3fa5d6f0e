"""Paper Figure 9: acceptability by need type × domain (DESIGN.md §8). No I/O here."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from app.metrics.cells import JudgedCell, group_table1
from app.metrics.record import Record
from app.metrics.stats import Interval, rate
from app.metrics.table1 import order_key

FIGURE9_COLUMNS: tuple[str, ...] = (
    "domain",
    "need_type",
    "n",
    "accepted",
    "acceptability",
    "acceptability_ci",
)


@dataclass(frozen=True, slots=True)
class Figure9Row(Record):
    """Acceptability of the scenarios of one need type in one domain (Figure 9).

    Attributes:
        domain / need_type: the group (DESIGN §2).
        n: annotated responses (all agents) at the group's scenarios.
        accepted: accepted ones.
        acceptability / acceptability_ci: accepted in percent of n, with its 95% Wilson interval.
    """

    domain: str
    need_type: str
    n: int
    accepted: int
    acceptability: float | None
    acceptability_ci: Interval | None


def figure9(cells: Iterable[JudgedCell]) -> list[Figure9Row]:
    """Acceptability per need type in each domain, over all agents (paper Figure 9; DESIGN §8).

    Args:
        cells: judged cells (:func:`app.metrics.cells.judged_cells_sql`).

    Returns:
        One :class:`Figure9Row` per (domain, need type) with judged responses, sorted by domain,
        then need type, each in DESIGN §2 order (then other values by name).
    """
    counts = group_table1(cells, lambda c: (c.domain, c.need_type))

    def order(key: tuple[str, str]) -> tuple[tuple[int, int, str], ...]:
        return (order_key("domain", key[0]), order_key("need_type", key[1]))

    out: list[Figure9Row] = []
    for domain, need in sorted(counts, key=order):
        c = counts[(domain, need)]
        out.append(Figure9Row(domain, need, c.n, c.accept, *rate(c.accept, c.n)))
    return out
