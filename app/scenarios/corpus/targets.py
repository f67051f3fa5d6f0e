"""The targets of issue 12 items 3–4: one :class:`Target` each in :data:`TARGETS`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from app.scenarios.corpus.arcs import MAX_WINDOW_QUINTILE_SHARE, MIN_WINDOW_QUINTILES

if TYPE_CHECKING:
    from app.scenarios.corpus.stats import CorpusStats


@dataclass(frozen=True)
class TargetResult:
    """One target of issue 12 items 3–4, measured.

    Attributes:
        name: stable name, e.g. ``restricted_personas``.
        description: what it asks for.
        measured: the measured value (a count, a share 0–1 or a minimum).
        comparison: ``>=`` or ``<=``: how ``measured`` must relate to ``threshold``.
        threshold: the value to reach.
        detail: the measurement in words, e.g. ``0 of 10 personas``.
        passed: whether the target is met.
    """

    name: str
    description: str
    measured: float
    comparison: Literal[">=", "<="]
    threshold: float
    detail: str
    passed: bool


@dataclass(frozen=True)
class Target:
    """The definition of one target: how it is measured from the statistics."""

    name: str
    description: str
    comparison: Literal[">=", "<="]
    threshold: float
    measure: Callable[[CorpusStats], tuple[float, str]]

    def evaluate(self, stats: CorpusStats) -> TargetResult:
        """Measure the target on `stats` and compare with the threshold."""
        measured, detail = self.measure(stats)
        passed = (
            measured >= self.threshold if self.comparison == ">=" else (measured <= self.threshold)
        )
        return TargetResult(
            self.name, self.description, measured, self.comparison, self.threshold, detail, passed
        )


def _share(part: int, whole: int, noun: str) -> tuple[float, str]:
    share = part / whole if whole else 0.0
    return share, f"{part} of {whole} {noun} ({share:.0%})"


def _count(ids: list[str], noun: str) -> tuple[float, str]:
    shown = ", ".join(ids[:6]) + (", …" if len(ids) > 6 else "")
    nouns = noun if len(ids) == 1 else noun + "s"
    return float(len(ids)), f"{len(ids)} {nouns}" + (f": {shown}" if ids else "")


def _smallest(stats: CorpusStats, attribute: str, noun: str) -> tuple[float, str]:
    if not stats.retrieval:
        return 0.0, "no environment"
    values = sorted((getattr(r, attribute), r.environment_id) for r in stats.retrieval)
    low = values[0][0]
    short = [env for value, env in values if value == low]
    return float(low), f"smallest {low} {noun} ({', '.join(short)})"


TARGETS: tuple[Target, ...] = (
    Target(
        "restricted_personas",
        "personas lacking may_send/may_pay/may_change_calendar or with a low spending limit",
        ">=",
        1 / 3,
        lambda s: _share(sum(p.restricted for p in s.personas), len(s.personas), "personas"),
    ),
    Target(
        "multi_currency_wallets",
        "environments whose wallet holds two or more currencies",
        ">=",
        1,
        lambda s: _count(
            [c.environment_id for c in s.currencies if c.multi_currency], "environment"
        ),
    ),
    Target(
        "unreachable_l3",
        "L3 best interventions justified by an unreachable user",
        "<=",
        1 / 4,
        lambda s: _share(
            sum(u.unreachable for u in s.unreachable), len(s.unreachable), "L3 best interventions"
        ),
    ),
    Target(
        "restraint_throughout",
        "scenarios where restraint is right at every checkpoint",
        ">=",
        10,
        lambda s: _count([a.scenario_id for a in s.arcs if a.restraint_throughout], "scenario"),
    ),
    Target(
        "window_at_t1",
        "scenarios whose window opens at t=1",
        ">=",
        10,
        lambda s: _count([a.scenario_id for a in s.arcs if a.window_at_t1], "scenario"),
    ),
    Target(
        "event_after_first_belated",
        "scenarios with an event after the first belated checkpoint",
        ">=",
        10,
        lambda s: _count(
            [a.scenario_id for a in s.arcs if a.event_after_first_belated], "scenario"
        ),
    ),
    Target(
        "window_quintiles",
        "quintiles of the relative first-window position (t_w-1)/(n-1) that are occupied",
        ">=",
        MIN_WINDOW_QUINTILES,
        lambda s: (
            float(s.windows.distinct_quintiles),
            f"{s.windows.distinct_quintiles} of 5 (per quintile: "
            + ", ".join(str(c) for c in s.windows.quintiles)
            + ")",
        ),
    ),
    Target(
        "window_modal_share",
        "share of the scenarios with a window whose first window is in the fullest quintile",
        "<=",
        float(MAX_WINDOW_QUINTILE_SHARE),
        lambda s: (
            s.windows.modal_share,
            f"{max(s.windows.quintiles)} of {s.windows.with_window} ({s.windows.modal_share:.0%})",
        ),
    ),
    Target(
        "database_tables",
        "database tables of every environment",
        ">=",
        8,
        lambda s: _smallest(s, "tables", "tables"),
    ),
    Target(
        "database_rows",
        "database rows of every environment",
        ">=",
        200,
        lambda s: _smallest(s, "rows", "rows"),
    ),
    Target(
        "environment_files",
        "files of every environment",
        ">=",
        20,
        lambda s: _smallest(s, "files", "files"),
    ),
    Target(
        "near_duplicate_distractors",
        "scenarios with a near-duplicate distractor for a key-evidence item",
        ">=",
        1 / 2,
        lambda s: _share(sum(d.found for d in s.distractors), len(s.distractors), "scenarios"),
    ),
)
"""The targets of issue 12 items 3–4, in the issue's order."""
