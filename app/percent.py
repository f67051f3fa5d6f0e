"""Percentages as every table prints them: rounded half up to 2 decimals (DESIGN.md §8).

In the lowest layer so that the metric tables (:mod:`app.metrics.stats` re-exports it) and the
dataset card of an export (:mod:`app.export.writers`, via :mod:`app.runs.outcomes`) round alike.
"""

from __future__ import annotations


def percent(count: int, total: int) -> float | None:
    """Count / total as a percentage rounded half up to 2 decimals, as tables print it.

    42.125 → 42.13 (Python's round() would give 42.12), in exact integer arithmetic; None when total
    is 0. Counts are non-negative.
    """
    if total == 0:
        return None
    hundredths = (20_000 * count + total) // (2 * total)  # floor(10,000·count/total + ½)
    return hundredths / 100
