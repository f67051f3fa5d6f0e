"""The corpus targets (DESIGN.md §4): one :class:`Target` each in :data:`TARGETS`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from app.scenarios.corpus.arcs import MAX_WINDOW_QUINTILE_SHARE, MIN_WINDOW_QUINTILES
from app.scenarios.corpus.validity import CONTENT_FREE_POLICIES

if TYPE_CHECKING:
    from app.scenarios.corpus.stats import CorpusStats


@dataclass(frozen=True)
class TargetResult:
    """One corpus target, measured.

    Attributes:
        name: stable name, e.g. ``restricted_personas``.
        description: what it asks for.
        measured: the measured value (a count, a share 0–1 or a minimum).
        comparison: ``>=`` or ``<=``: how ``measured`` must relate to ``threshold``.
        threshold: the value to reach.
        detail: the measurement in words, e.g. ``0 of 10 personas``.
        passed: whether the target is met.
        gating: whether ``halo corpus stats --check`` fails when it is not met.
        unit: ``share`` (a fraction of a whole, printed as %) or ``number`` (a count, a
            difference in percentage points, an AUC: printed as it is).
    """

    name: str
    description: str
    measured: float
    comparison: Literal[">=", "<="]
    threshold: float
    detail: str
    passed: bool
    gating: bool = True
    unit: Literal["share", "number"] = "share"


@dataclass(frozen=True)
class Target:
    """The definition of one target: how it is measured from the statistics.

    ``gating`` False: measured and printed (as *not gating yet*), but ``--check`` does not
    fail on it: for a target the shipped corpus is still being brought up to.
    """

    name: str
    description: str
    comparison: Literal[">=", "<="]
    threshold: float
    measure: Callable[[CorpusStats], tuple[float, str]]
    gating: bool = True
    unit: Literal["share", "number"] = "share"

    def evaluate(self, stats: CorpusStats) -> TargetResult:
        """Measure the target on `stats` and compare with the threshold."""
        measured, detail = self.measure(stats)
        passed = (
            measured >= self.threshold if self.comparison == ">=" else (measured <= self.threshold)
        )
        return TargetResult(
            self.name,
            self.description,
            measured,
            self.comparison,
            self.threshold,
            detail,
            passed,
            self.gating,
            self.unit,
        )


CONTENT_FREE_MAX = 0.35
"""The highest acceptability a content-free policy may reach (DESIGN §4)."""
POSITION_GAIN_MAX_PP = 10.0
"""How far above the majority label a (t, n) lookup may predict, in percentage points."""


def _policy(stats: CorpusStats, name: str) -> tuple[float, str]:
    score = next(s for s in stats.content_free if s.policy == name)
    detail = f"{score.accepted} of {score.judged} checkpoints accepted ({score.acceptability:.1%})"
    if score.failed_to_run:
        detail += f"; {score.failed_to_run} actions could not run"
    return score.acceptability, detail


def _policy_measure(name: str) -> Callable[[CorpusStats], tuple[float, str]]:
    """The measure of the content-free policy `name`."""
    return lambda stats: _policy(stats, name)


def _separation(stats: CorpusStats) -> tuple[float, str]:
    measured = [s for s in stats.separation if s.length_auc is not None or s.time_auc is not None]
    if not measured:
        return 0.0, "no record kind with enough story and noise records"

    def auc(value: float | None) -> str:
        return "–" if value is None else f"{value:.2f}"

    worst = max(measured, key=lambda s: s.largest_distance)
    detail = "; ".join(
        f"{s.kind} length {auc(s.length_auc)}, time {auc(s.time_auc)}" for s in measured
    )
    return (
        worst.largest_distance,
        f"worst {worst.kind} ({worst.largest_distance:.2f} from 0.5): {detail}",
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
    *(
        Target(
            f"content_free_{name}",
            f"acceptability of a content-free policy under the rubric judge: {description}",
            "<=",
            CONTENT_FREE_MAX,
            _policy_measure(name),
        )
        for name, (description, _policy_function) in CONTENT_FREE_POLICIES.items()
    ),
    Target(
        "position_lookup_gain",
        "accuracy of a (t, n) label lookup learned on the other environments, above the majority "
        "label's share (percentage points)",
        "<=",
        POSITION_GAIN_MAX_PP,
        lambda s: (
            s.position.gain_pp,
            f"{s.position.accuracy:.1%} vs {s.position.majority_share:.1%} always "
            f"{s.position.majority_label!r} ({s.position.gain_pp:+.1f} pp)",
        ),
    ),
    Target(
        "action_ends_on_window",
        "action scenarios whose last checkpoint is a window (the need stays open or resolves)",
        ">=",
        0.15,
        lambda s: _share(s.endings.end_on_window, s.endings.action_scenarios, "action scenarios"),
    ),
    Target(
        "window_l1_insufficient",
        "action scenarios with a window where a reminder (L1) is not enough",
        ">=",
        0.15,
        lambda s: _share(s.endings.l1_insufficient, s.endings.action_scenarios, "action scenarios"),
    ),
    Target(
        "restraint_per_need_type",
        "restraint-throughout scenarios of the need type that has fewest",
        ">=",
        2,
        lambda s: (
            float(s.restraint.fewest_per_need_type),
            ", ".join(f"{k} {v}" for k, v in s.restraint.by_need_type.items()),
        ),
    ),
    Target(
        "restraint_file_number_share",
        "share of the restraint-throughout scenarios in their most common file number",
        "<=",
        1 / 3,
        lambda s: (
            s.restraint.largest_file_number_share,
            "by file number: "
            + (", ".join(f"{k:02d}: {v}" for k, v in s.restraint.by_file_number.items()) or "none"),
        ),
    ),
    Target(
        "restraint_structure_auc",
        "ROC AUC of a classifier on structure alone (event count, apps, record counts, title "
        "length) telling restraint from action scenarios, leave one environment out",
        "<=",
        0.65,
        lambda s: (
            s.restraint.structure_auc if s.restraint.structure_auc is not None else 0.0,
            f"{s.restraint.structure_auc:.2f}"
            if s.restraint.structure_auc is not None
            else "not computable (one class or one environment)",
        ),
        unit="number",
    ),
    Target(
        "story_noise_auc",
        "largest distance from 0.5 of a story-vs-noise ROC AUC (length alone, distance in time "
        "to e1 alone) over the record kinds: 0.10 means every AUC is within 0.40–0.60",
        "<=",
        0.10,
        _separation,
        unit="number",
    ),
    Target(
        "title_hints",
        "titles holding a key-evidence value, an evidence string or a design hint ('already', "
        "'handled', 'no action', ...)",
        "<=",
        0,
        lambda s: _count([h.scenario_id for h in s.title_hints], "title"),
    ),
    Target(
        "ids_recovered",
        "share of record ids a dictionary of readable ids recovers (ids drawn at random: none)",
        "<=",
        0.01,
        lambda s: _share(s.id_guesses.recovered, s.id_guesses.ids, "record ids"),
    ),
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
"""The corpus targets: instrument validity (content-free policies, position, restraint, story and
noise, titles, ids) first, then the mix and the retrieval space."""
