"""Paper Table 9: the Table 1 columns per agent × need type (DESIGN.md §8). No I/O here."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.metrics.cells import Table1Counts
from app.metrics.record import Record
from app.metrics.table1 import MEANS, RATE_COLUMNS, GroupRates, group_rates, order_key

TABLE9_COLUMNS: tuple[str, ...] = ("agent", "need_type", "n", *RATE_COLUMNS, *MEANS)


@dataclass(frozen=True, slots=True)
class Table9Row(Record):
    """One agent's rates on one need type."""

    agent: str
    need_type: str
    rates: GroupRates

    def to_dict(self) -> dict[str, Any]:
        """``{"agent", "need_type", **rates}`` (keys :data:`TABLE9_COLUMNS`)."""
        return {"agent": self.agent, "need_type": self.need_type, **self.rates.to_dict()}


def table9(counts: Mapping[tuple[str, str], Table1Counts]) -> list[Table9Row]:
    """Table 9: the Table 1 columns per agent × need type (paper Table 9; DESIGN §8).

    Args:
        counts: ``(agent, need type)`` → its Table 1 counts
            (:func:`app.metrics.cells.group_table1`).

    Returns:
        One row per pair present, sorted by agent, then need type in DESIGN §2 order.
    """

    def order(key: tuple[str, str]) -> tuple[tuple[int, int, str], ...]:
        return (order_key("agent", key[0]), order_key("need_type", key[1]))

    return [
        Table9Row(agent, need, group_rates(counts[(agent, need)]))
        for agent, need in sorted(counts, key=order)
    ]
