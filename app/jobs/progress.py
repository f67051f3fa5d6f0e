"""One progress view for every job (DESIGN.md §13).

The run pages, ``halo run`` and the exports page show the same three figures.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import TypedDict


class JobProgress(TypedDict):
    """How far a job is.

    Keys:
        total: units of work planned (a run's responses; an export's rows).
        done: units finished, in any final status.
        by_status: units per status, for jobs whose units have one (a run's responses); empty
            otherwise.
    """

    total: int
    done: int
    by_status: dict[str, int]


def empty_progress() -> JobProgress:
    """The progress of a job with nothing planned yet."""
    return {"total": 0, "done": 0, "by_status": {}}


def tally(counts: Iterable[tuple[str, int]], finished: Collection[str]) -> JobProgress:
    """The progress of units counted by status.

    Args:
        counts: ``(status, how many)`` pairs (a status may come more than once).
        finished: the statuses after which nothing more happens to a unit.
    """
    progress = empty_progress()
    for status, count in counts:
        progress["by_status"][status] = progress["by_status"].get(status, 0) + count
        progress["total"] += count
        if status in finished:
            progress["done"] += count
    return progress


def status_line(progress: JobProgress) -> str:
    """``"<status> <count>"`` pairs in status order (e.g. ``"completed 4 running 2"``)."""
    return " ".join(f"{status} {count}" for status, count in sorted(progress["by_status"].items()))
