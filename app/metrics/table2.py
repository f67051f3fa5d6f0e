"""Paper Table 2: the Table 1 columns per need type and per domain (DESIGN.md §8). No I/O here."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.metrics.cells import Table1Counts
from app.metrics.record import Record
from app.metrics.table1 import MEANS, RATE_COLUMNS, GroupRates, group_rates, order_key

TABLE2_NEED_TYPE_COLUMNS: tuple[str, ...] = ("need_type", "n", *RATE_COLUMNS, *MEANS)
TABLE2_DOMAIN_COLUMNS: tuple[str, ...] = ("domain", "n", *RATE_COLUMNS, *MEANS)


@dataclass(frozen=True, slots=True)
class Table2NeedTypeRow(Record):
    """One need type's rates (Table 2, upper half)."""

    need_type: str
    rates: GroupRates

    def to_dict(self) -> dict[str, Any]:
        """``{"need_type", **rates}`` (keys :data:`TABLE2_NEED_TYPE_COLUMNS`)."""
        return {"need_type": self.need_type, **self.rates.to_dict()}


@dataclass(frozen=True, slots=True)
class Table2DomainRow(Record):
    """One domain's rates (Table 2, lower half)."""

    domain: str
    rates: GroupRates

    def to_dict(self) -> dict[str, Any]:
        """``{"domain", **rates}`` (keys :data:`TABLE2_DOMAIN_COLUMNS`)."""
        return {"domain": self.domain, **self.rates.to_dict()}


def table2_by_need_type(counts: Mapping[str, Table1Counts]) -> list[Table2NeedTypeRow]:
    """Table 2 (upper half): the Table 1 columns per need type (paper Table 2; DESIGN §8).

    Args:
        counts: need type → its Table 1 counts (:func:`app.metrics.cells.group_table1`).

    Returns:
        One row per need type present, in DESIGN §2 order (dependency, blockage, risk,
        opportunity), then any other value by name.
    """
    order = sorted(counts, key=lambda value: order_key("need_type", value))
    return [Table2NeedTypeRow(value, group_rates(counts[value])) for value in order]


def table2_by_domain(counts: Mapping[str, Table1Counts]) -> list[Table2DomainRow]:
    """Table 2 (lower half): the Table 1 columns per domain (paper Table 2; DESIGN §8).

    Args:
        counts: domain → its Table 1 counts.

    Returns:
        One row per domain present, in DESIGN §2 order, then any other value by name.
    """
    order = sorted(counts, key=lambda value: order_key("domain", value))
    return [Table2DomainRow(value, group_rates(counts[value])) for value in order]
