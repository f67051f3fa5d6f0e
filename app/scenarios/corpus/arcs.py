"""Checkpoint arcs: label sequences and where the first window falls (DESIGN.md §4)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import floor

from app.scenarios.corpus.loading import Prepared

MIN_WINDOW_QUINTILES = 4
"""Quintiles of the relative first-window position that must be occupied (of 5)."""
MAX_WINDOW_QUINTILE_SHARE = Fraction(1, 2)
"""The largest share of the scenarios with a window whose first window may fall in one quintile."""


LABEL_LETTERS: Mapping[str, str] = {
    "premature": "P",
    "window": "W",
    "belated": "B",
    "restraint": "R",
}
"""Checkpoint label → its letter in an arc pattern (``PWWWB``); ``?`` for a missing label."""


def checkpoint_label(entry: object) -> str:
    """The label of one ``checkpoint_design`` entry.

    An entry is a label (``"window"``) or, in the labelled-expectations form of issue 12 item 1,
    an object or mapping with a ``label``; anything else gives ``""``.
    """
    if isinstance(entry, str):
        return entry
    if isinstance(entry, Mapping):
        return str(entry.get("label", ""))
    return str(getattr(entry, "label", ""))


@dataclass(frozen=True)
class ScenarioArc:
    """One scenario's checkpoint labels, t = 1..n.

    Attributes:
        scenario_id: the scenario.
        environment_id: its environment.
        labels: the label of each checkpoint (``""`` where ``checkpoint_design`` has none).
    """

    scenario_id: str
    environment_id: str
    labels: tuple[str, ...]

    @property
    def pattern(self) -> str:
        """The labels as letters, e.g. ``PWWWB`` (see :data:`LABEL_LETTERS`)."""
        return "".join(LABEL_LETTERS.get(label, "?") for label in self.labels)

    @property
    def first_window(self) -> int | None:
        """The first checkpoint labelled ``window`` (1-based), or None."""
        return _first(self.labels, "window")

    @property
    def first_belated(self) -> int | None:
        """The first checkpoint labelled ``belated`` (1-based), or None."""
        return _first(self.labels, "belated")

    @property
    def restraint_throughout(self) -> bool:
        """Every checkpoint is labelled ``restraint`` (doing nothing is right at every t)."""
        return bool(self.labels) and all(label == "restraint" for label in self.labels)

    @property
    def window_at_t1(self) -> bool:
        """Checkpoint 1 is in the window."""
        return bool(self.labels) and self.labels[0] == "window"

    @property
    def event_after_first_belated(self) -> bool:
        """Some event comes after the first belated checkpoint (it is not the last one)."""
        first = self.first_belated
        return first is not None and first < len(self.labels)

    @property
    def window_quintile(self) -> int | None:
        """Quintile 0..4 of the first window's relative position (t_w - 1) / (n - 1), or None.

        0 is the first checkpoint, 1 the last; quintile q holds positions in [q/5, (q+1)/5)
        and quintile 4 also position 1. With one checkpoint the position is 0.
        """
        first = self.first_window
        if first is None:
            return None
        n = len(self.labels)
        position = Fraction(first - 1, n - 1) if n > 1 else Fraction(0)
        return min(floor(position * 5), 4)


def _first(labels: tuple[str, ...], label: str) -> int | None:
    return next((t for t, value in enumerate(labels, start=1) if value == label), None)


def scenario_arcs(scenarios: Iterable[Prepared]) -> tuple[ScenarioArc, ...]:
    """The checkpoint labels of every scenario (DESIGN §4 ``checkpoint_design``)."""
    arcs = []
    for item in scenarios:
        spec = item.spec
        labels = tuple(
            checkpoint_label(spec.checkpoint_design.get(str(t), ""))
            for t in range(1, len(spec.events) + 1)
        )
        arcs.append(ScenarioArc(spec.id, spec.environment_id, labels))
    return tuple(arcs)


@dataclass(frozen=True)
class ArcPattern:
    """One label sequence and the scenarios that have it."""

    pattern: str
    count: int
    scenario_ids: tuple[str, ...]


def arc_patterns(arcs: Iterable[ScenarioArc]) -> tuple[ArcPattern, ...]:
    """Distinct label sequences (``PWWWB``, ...), most frequent first, then by pattern."""
    groups: dict[str, list[str]] = defaultdict(list)
    for arc in arcs:
        groups[arc.pattern].append(arc.scenario_id)
    return tuple(
        ArcPattern(pattern, len(ids), tuple(ids))
        for pattern, ids in sorted(groups.items(), key=lambda item: (-len(item[1]), item[0]))
    )


@dataclass(frozen=True)
class WindowPositions:
    """Where the first window falls, relative to the scenario's length.

    Attributes:
        with_window: scenarios that have a window at all.
        quintiles: scenarios per quintile 0..4 of (t_w - 1) / (n - 1) (0 = first checkpoint).
        distinct_quintiles: quintiles holding at least one scenario.
        modal_share: the share of ``with_window`` in the fullest quintile (0 when none).
    """

    with_window: int
    quintiles: tuple[int, int, int, int, int]
    distinct_quintiles: int
    modal_share: float


def window_positions(arcs: Iterable[ScenarioArc]) -> WindowPositions:
    """The quintile histogram of first-window positions (issue 12 item 3: varied positions).

    The positions are *varied* when at least :data:`MIN_WINDOW_QUINTILES` quintiles are occupied
    and none holds more than :data:`MAX_WINDOW_QUINTILE_SHARE` of the scenarios with a window:
    a corpus whose windows all open at the second checkpoint (quintile 1) fails both.
    """
    counts = [0] * 5
    for arc in arcs:
        quintile = arc.window_quintile
        if quintile is not None:
            counts[quintile] += 1
    total = sum(counts)
    share = max(counts) / total if total else 0.0
    return WindowPositions(
        total,
        (counts[0], counts[1], counts[2], counts[3], counts[4]),
        sum(1 for count in counts if count),
        share,
    )
