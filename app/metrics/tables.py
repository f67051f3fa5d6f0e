"""The paper's tables and figures as pure functions of judged cells (DESIGN.md §8). No I/O here.

Tables 1, 2 and 9 are functions of :class:`~app.metrics.cells.Table1Counts` per group; Figures
3, 4, 6 (with its linear probability model), 7 and Tables 7–8 and 10 of
:class:`~app.metrics.cells.JudgedCell` lists. Conventions throughout:

- rates are percentages 0–100 of the stated base, rounded to 2 decimals; an empty base gives
  None rather than 0;
- every rate ``x`` has a ``x_ci`` companion: its Wilson 95% interval ``(low, high)`` in percent,
  rounded to 2 decimals (None for an empty base) — DESIGN §8 "beyond the paper";
- differences between rates are in percentage points (``_pp``);
- a checkpoint is the pair ``(scenario_id, t)`` (DESIGN §2).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import combinations
from typing import Any

from app.annotation.rules import INTENSITIES, LEVELS, OTHER_ISSUES
from app.arena.schema import DOMAINS, NEED_TYPES
from app.metrics import stats as metric_stats
from app.metrics.cells import (
    ACTION_LEVELS,
    JudgedCell,
    L1Counts,
    Table1Counts,
    WellTimedCounts,
    add_counts,
    group_table1,
    merge_cell,
)
from app.metrics.formulas import RATES, table1_from_counts
from app.metrics.responses import JudgedResponse
from app.metrics.stats import Interval, LpmCell, percent, wilson_interval
from app.scenarios.sampling import sampling_diagnostics_from_counts


def _rate_columns() -> tuple[str, ...]:
    return tuple(c for name in RATES for c in (name, f"{name}_ci"))


RATE_COLUMNS: tuple[str, ...] = _rate_columns()
_TAIL = ("reasoning_tokens_k", "retrieval_rounds")
TABLE1_CI_COLUMNS: tuple[str, ...] = ("agent", "n", *RATE_COLUMNS, *_TAIL)
TABLE2_NEED_TYPE_COLUMNS: tuple[str, ...] = ("need_type", "n", *RATE_COLUMNS, *_TAIL)
TABLE2_DOMAIN_COLUMNS: tuple[str, ...] = ("domain", "n", *RATE_COLUMNS, *_TAIL)
TABLE9_COLUMNS: tuple[str, ...] = ("agent", "need_type", "n", *RATE_COLUMNS, *_TAIL)


def _rate(count: int, total: int) -> tuple[float | None, Interval | None]:
    return percent(count, total), wilson_interval(count, total)


def _with_rate(row: dict[str, Any], name: str, count: int, total: int) -> None:
    row[name], row[f"{name}_ci"] = _rate(count, total)


def rate_counts(counts: Table1Counts) -> dict[str, int]:
    """The numerator of every rate of :data:`RATES` in one group's :class:`Table1Counts`."""
    return {
        "acceptability": counts.accept,
        **{level: counts.levels.get(level, 0) for level in LEVELS},
        "inaction": counts.inaction,
        "premature": counts.premature,
        "belated": counts.belated,
        "insufficient": counts.insufficient,
        "excessive": counts.excessive,
    }


def table1_ci_row(keys: Mapping[str, Any], counts: Table1Counts) -> dict[str, Any]:
    """One row of Table 1/2/9 from its counts: the group keys, then the Table 1 columns of
    :func:`app.metrics.formulas.table1_from_counts` with a Wilson ``_ci`` beside every rate.

    Args:
        keys: the group's key columns in order, e.g. ``{"agent": "A", "need_type": "risk"}``.
        counts: the group's counts (:func:`app.metrics.cells.group_table1` or SQL).

    Returns:
        ``{**keys, "n", <rate>, <rate>_ci for each of RATES, "reasoning_tokens_k",
        "retrieval_rounds"}``; rates in percent of n, intervals ``(low, high)`` in percent.
    """
    point = table1_from_counts("", counts)
    numerators = rate_counts(counts)
    row: dict[str, Any] = {**keys, "n": point["n"]}
    for name in RATES:
        row[name] = point[name]
        row[f"{name}_ci"] = wilson_interval(numerators[name], counts.n)
    for name in _TAIL:
        row[name] = point[name]
    return row


GROUP_ORDER: dict[str, Sequence[str]] = {"need_type": NEED_TYPES, "domain": DOMAINS}
"""Canonical order of group values per key column (DESIGN §2); other keys sort by name."""


def _rank(key: str, value: str) -> tuple[int, int, str]:
    canonical = GROUP_ORDER.get(key, ())
    if value in canonical:
        return (0, list(canonical).index(value), "")
    return (1, 0, value)


def table1_ci_rows(
    key_names: Sequence[str], groups: Mapping[tuple[str, ...], Table1Counts]
) -> list[dict[str, Any]]:
    """Rows of Table 1/2/9 from counts per group, ordered by key (DESIGN §2 order for need type
    and domain, then unknown values by name; agents by name).

    Args:
        key_names: the key columns, e.g. ``("agent", "need_type")``.
        groups: key values (one per key column) → counts.

    Returns:
        One :func:`table1_ci_row` per group.
    """

    def order(key: tuple[str, ...]) -> tuple[tuple[int, int, str], ...]:
        return tuple(_rank(name, value) for name, value in zip(key_names, key, strict=True))

    return [
        table1_ci_row(dict(zip(key_names, key, strict=True)), groups[key])
        for key in sorted(groups, key=order)
    ]


# --- Figure 3 -----------------------------------------------------------------------------------


def _over_proactivity_row(agent: str, rejected: int, over: int) -> dict[str, Any]:
    row: dict[str, Any] = {"agent": agent, "rejected": rejected, "over_proactive": over}
    _with_rate(row, "share", over, rejected)
    return row


def figure3_from_cells(cells: Iterable[JudgedCell]) -> dict[str, Any]:
    """Over-proactivity among rejected responses, per agent and overall (paper Figure 3).

    Over-proactive = rejected with timing ``premature`` or intensity ``excessive`` (DESIGN §2,
    §8). Paper: 2,188 of 3,575 rejected (61.20%).

    Args:
        cells: judged cells (:func:`app.metrics.cells.judged_cells_sql`).

    Returns:
        ``{"by_agent": [row, ...], "overall": row}``, each row ``{"agent", "rejected",
        "over_proactive", "share", "share_ci"}`` with ``share`` in percent of rejected (None when
        nothing was rejected); ``by_agent`` sorted by agent, ``overall`` labelled ``"all"``.
    """
    rejected: Counter[str] = Counter()
    over: Counter[str] = Counter()
    for cell in cells:
        rejected[cell.agent] += cell.rejected
        over[cell.agent] += cell.over_proactive
    return {
        "by_agent": [_over_proactivity_row(a, rejected[a], over[a]) for a in sorted(rejected)],
        "overall": _over_proactivity_row("all", sum(rejected.values()), sum(over.values())),
    }


# --- Figure 4 -----------------------------------------------------------------------------------


def _delta(a: float | None, b: float | None) -> float | None:
    return None if a is None or b is None else round(a - b, 2)


_PAIRED_SHARES: dict[str, Callable[[JudgedCell], int]] = {
    "intervention": lambda c: sum(c.table1.levels.get(level, 0) for level in ACTION_LEVELS),
    "acceptability": lambda c: c.table1.accept,
    "accepted_action": lambda c: c.accepted_action,
    "accepted_restraint": lambda c: c.accepted_restraint,
}
"""Numerators of the Figure 4 shares in a cell (as :attr:`JudgedResponse.intervenes` and
``accepted`` count them); intervention = confirmed level L1–L3."""


def _by_checkpoint(cells: Iterable[JudgedCell]) -> dict[str, dict[tuple[str, int], JudgedCell]]:
    """agent → checkpoint → its cell (cells with the same key merged)."""
    at: dict[str, dict[tuple[str, int], JudgedCell]] = defaultdict(dict)
    for cell in cells:
        mine = at[cell.agent]
        key = cell.checkpoint_key
        mine[key] = merge_cell(mine[key], cell) if key in mine else cell
    return at


def _paired(
    at: Mapping[str, Mapping[tuple[str, int], JudgedCell]], agent_a: str, agent_b: str
) -> dict[str, Any]:
    cells_a, cells_b = at.get(agent_a, {}), at.get(agent_b, {})
    shared = sorted(set(cells_a) & set(cells_b))
    a = [cells_a[key] for key in shared]
    b = [cells_b[key] for key in shared]
    n_a, n_b = sum(c.n for c in a), sum(c.n for c in b)

    def shares(side: list[JudgedCell], n: int) -> dict[str, float | None]:
        # unrounded percentages; each delta is rounded once
        return {
            name: 100.0 * sum(numerator(c) for c in side) / n if n else None
            for name, numerator in _PAIRED_SHARES.items()
        }

    share_a, share_b = shares(a, n_a), shares(b, n_b)

    def rounded(value: float | None) -> float | None:
        return None if value is None else round(value, 2)

    return {
        "agent_a": agent_a,
        "agent_b": agent_b,
        "n_shared": len(shared),
        "n_a": n_a,
        "n_b": n_b,
        "intervention_a": rounded(share_a["intervention"]),
        "intervention_b": rounded(share_b["intervention"]),
        "acceptability_a": rounded(share_a["acceptability"]),
        "acceptability_b": rounded(share_b["acceptability"]),
        "delta_intervention_pp": _delta(share_a["intervention"], share_b["intervention"]),
        "delta_acceptability_pp": _delta(share_a["acceptability"], share_b["acceptability"]),
        "action_gain_pp": _delta(share_a["accepted_action"], share_b["accepted_action"]),
        "restraint_loss_pp": _delta(share_a["accepted_restraint"], share_b["accepted_restraint"]),
    }


def figure4_from_cells(cells: Iterable[JudgedCell], agent_a: str, agent_b: str) -> dict[str, Any]:
    """Paired comparison of two agents on their shared checkpoints (paper Figure 4; DESIGN §8).

    A checkpoint is shared when both agents have a judged response at the same
    ``(scenario_id, t)``. Shares are over each agent's responses at the shared checkpoints (one
    each under DESIGN §6 sampling). Every delta is A − B in percentage points, and

        Δacceptability = action_gain + restraint_loss

    where ``action_gain`` = Δ(accepted L1–L3 share) and ``restraint_loss`` = Δ(accepted L0
    share, i.e. justified restraint); the latter is negative when A keeps fewer justified
    restraints than B. Each term is rounded separately, so the identity holds to ±0.01.

    Args:
        cells: judged cells (any agents; others are ignored).
        agent_a: the first agent (minuend).
        agent_b: the second agent (subtrahend).

    Returns:
        ``{"agent_a", "agent_b", "n_shared", "n_a", "n_b", "intervention_a",
        "intervention_b", "acceptability_a", "acceptability_b" (percent),
        "delta_intervention_pp", "delta_acceptability_pp", "action_gain_pp",
        "restraint_loss_pp"}``; shares and deltas are None when no checkpoint is shared.
    """
    return _paired(_by_checkpoint(cells), agent_a, agent_b)


def figure4_pairs_from_cells(cells: Iterable[JudgedCell]) -> list[dict[str, Any]]:
    """:func:`figure4_from_cells` for every unordered pair of agents (paper Figure 4).

    Returns:
        One result per pair ``(a, b)`` with a < b by name, in sorted order; the reverse
        comparison is the same numbers negated.
    """
    at = _by_checkpoint(cells)
    return [_paired(at, a, b) for a, b in combinations(sorted(at), 2)]


# --- Figure 6 -----------------------------------------------------------------------------------


def _access_row(counts: L1Counts) -> dict[str, Any]:
    row: dict[str, Any] = {"n": counts.n}
    _with_rate(row, "acceptability", counts.accepted, counts.n)
    _with_rate(row, "insufficient", counts.insufficient, counts.n)
    return row


def lpm_cells(cells: Iterable[JudgedCell]) -> list[LpmCell]:
    """The non-empty :class:`LpmCell` of each judged cell (L1 responses with / without access)."""
    out = []
    for cell in cells:
        for access, counts in ((True, cell.l1_with_access), (False, cell.l1_without_access)):
            if counts.n:
                out.append(
                    LpmCell(cell.checkpoint_key, cell.agent, access, counts.n, counts.accepted)
                )
    return out


def figure6_from_cells(cells: Sequence[JudgedCell]) -> dict[str, Any]:
    """Retrieval versus acceptability, and local content access on L1 (paper Figure 6).

    DESIGN §8: retrieval rounds vs acceptability across agents (Pearson r, Spearman ρ); L1
    responses with and without local content access (acceptability and insufficient rate); a
    linear probability model with agent indicators and checkpoint fixed effects, SEs clustered
    by checkpoint (:func:`app.metrics.stats.linear_probability_model`).

    Args:
        cells: judged cells.

    Returns:
        ``{"by_agent": [{"agent", "n", "retrieval_rounds" (mean), "acceptability",
        "acceptability_ci"}], "correlation": {"n_agents", "pearson_r", "pearson_p",
        "spearman_rho", "spearman_p", "reason"}, "local_content_access": {"with": row,
        "without": row}, "lpm": ...}``; access rows are ``{"n", "acceptability",
        "acceptability_ci", "insufficient", "insufficient_ci"}`` in percent of that row's L1
        responses (insufficient = rejected with intensity insufficient). Correlations need at
        least 3 agents with varying values; otherwise they are None and ``reason`` says why.
    """
    per_agent = group_table1(cells, lambda c: c.agent)
    agents = sorted(per_agent)
    by_agent = []
    xs, ys = [], []
    for agent in agents:
        counts = per_agent[agent]
        # unrounded values for the correlations, so rounding never moves r or ρ
        xs.append(counts.retrieval_rounds_sum / counts.n)
        ys.append(100.0 * counts.accept / counts.n)
        row: dict[str, Any] = {
            "agent": agent,
            "n": counts.n,
            "retrieval_rounds": round(xs[-1], 2),
        }
        _with_rate(row, "acceptability", counts.accept, counts.n)
        by_agent.append(row)
    with_access = [c.l1_with_access for c in cells]
    without_access = [c.l1_without_access for c in cells]
    return {
        "by_agent": by_agent,
        "correlation": metric_stats.correlation(xs, ys).to_dict(),
        "local_content_access": {
            "with": _access_row(_sum_l1(with_access)),
            "without": _access_row(_sum_l1(without_access)),
        },
        "lpm": metric_stats.linear_probability_model(lpm_cells(cells)).to_dict(),
    }


def _sum_l1(parts: Iterable[L1Counts]) -> L1Counts:
    n = accepted = insufficient = 0
    for p in parts:
        n, accepted, insufficient = n + p.n, accepted + p.accepted, insufficient + p.insufficient
    return L1Counts(n, accepted, insufficient)


# --- Figure 7 -----------------------------------------------------------------------------------


def _figure7_row(level: str, counts: WellTimedCounts, elsewhere: int) -> dict[str, Any]:
    row: dict[str, Any] = {"level": level, "n": counts.n}
    for intensity in INTENSITIES:
        _with_rate(row, intensity, getattr(counts, intensity), counts.n)
    row["accepted_elsewhere_count"] = elsewhere
    _with_rate(row, "accepted_elsewhere", elsewhere, counts.n)
    return row


def figure7_from_cells(cells: Sequence[JudgedCell]) -> list[dict[str, Any]]:
    """Intensity errors among well-timed rejected actions (paper Figure 7; DESIGN §8).

    The base is rejected L1–L3 responses with timing ``appropriate``. For each level, the
    shares with intensity insufficient, excessive and appropriate, and the share whose
    checkpoint ``(scenario_id, t)`` has an accepted response from another agent.

    Args:
        cells: judged cells (all of them: other agents' accepted responses matter).

    Returns:
        Rows for ``L1``, ``L2``, ``L3`` and ``"L1–L3"`` (all three together), each ``{"level",
        "n", "insufficient", "excessive", "appropriate", "accepted_elsewhere_count",
        "accepted_elsewhere"}`` plus a ``_ci`` for every percentage (percent of n).
    """
    accepted_at: dict[tuple[str, int], set[str]] = defaultdict(set)
    for cell in cells:
        if cell.table1.accept:
            accepted_at[cell.checkpoint_key].add(cell.agent)
    totals = {level: WellTimedCounts() for level in ACTION_LEVELS}
    elsewhere: Counter[str] = Counter()
    for cell in cells:
        others = bool(accepted_at.get(cell.checkpoint_key, set()) - {cell.agent})
        for level in ACTION_LEVELS:
            counts = cell.well_timed[level]
            if counts.n:
                totals[level] = add_counts(totals[level], counts)
                if others:
                    elsewhere[level] += counts.n
    out = [_figure7_row(level, totals[level], elsewhere[level]) for level in ACTION_LEVELS]
    everything = WellTimedCounts()
    for counts in totals.values():
        everything = add_counts(everything, counts)
    out.append(_figure7_row("L1–L3", everything, sum(elsewhere.values())))
    return out


# --- Table 10 -----------------------------------------------------------------------------------


def table10_from_cells(cells: Iterable[JudgedCell]) -> dict[str, Any]:
    """Other issues on rejected responses, by category (paper Table 10; DESIGN §8).

    Paper: other issues on 1,000 responses, 27.97% of rejected. A response is counted once per
    category however many times it names it; a response may name several categories, so
    category shares within other-issue responses can add up to more than 100.

    Args:
        cells: judged cells.

    Returns:
        ``{"rejected", "with_other_issues", "share_of_rejected", "share_of_rejected_ci",
        "categories": [{"category", "count", "share_within", "share_within_ci",
        "share_of_rejected", "share_of_rejected_ci"}]}``: ``share_within`` in percent of the
        responses with any other issue, ``share_of_rejected`` in percent of all rejected;
        every DESIGN §2 category in order (count 0 included), then any unknown ones by name.
    """
    rejected = flagged = 0
    counts: Counter[str] = Counter()
    for cell in cells:
        rejected += cell.rejected
        flagged += cell.other_issues
        counts.update(cell.issue_categories)
    result: dict[str, Any] = {"rejected": rejected, "with_other_issues": flagged}
    _with_rate(result, "share_of_rejected", flagged, rejected)
    categories = []
    for category in [*OTHER_ISSUES, *sorted(set(counts) - set(OTHER_ISSUES))]:
        row: dict[str, Any] = {"category": category, "count": counts[category]}
        _with_rate(row, "share_within", counts[category], flagged)
        _with_rate(row, "share_of_rejected", counts[category], rejected)
        categories.append(row)
    result["categories"] = categories
    return result


# --- Tables 7–8 ---------------------------------------------------------------------------------


def tables7_8_from_cells(cells: Iterable[JudgedCell]) -> dict[str, Any]:
    """Checkpoint-sampling diagnostics of the judged responses (paper Tables 7–8; DESIGN §6).

    Returns:
        :func:`app.scenarios.sampling.sampling_diagnostics_from_counts` of the responses per
        ``(agent, t, n)``.
    """
    counts: Counter[tuple[str, int, int]] = Counter()
    for cell in cells:
        counts[(cell.agent, cell.checkpoint, cell.num_events)] += cell.n
    return sampling_diagnostics_from_counts(counts)


# --- Table 11 -----------------------------------------------------------------------------------


JUDGE_FIELDS: tuple[str, ...] = ("verdict", "level", "timing", "intensity")
NO_LABEL = "none"
"""Confusion-matrix key for a label that is absent (e.g. timing of an accepted response)."""


def table11_judge_accuracy(
    human_rows: Iterable[JudgedResponse], predictions: Mapping[str, Mapping[str, str | None]]
) -> dict[str, Any]:
    """Automatic-judge accuracy against the human labels (paper Table 11; DESIGN §8).

    Args:
        human_rows: human-judged responses; ``level`` is the confirmed level.
        predictions: response id → the judge's ``{"verdict", "level", "timing",
            "intensity"}``; a missing key counts as None.

    Returns:
        ``{"n", "unmatched", "verdict_accuracy", "verdict_accuracy_ci", "joint_accuracy",
        "joint_accuracy_ci", "confusion"}``: ``n`` human rows with a prediction,
        ``unmatched`` those without; accuracies in percent of n, joint = verdict, level, timing
        and intensity all equal (None equals None); ``confusion[field][human][predicted]`` =
        count for each of :data:`JUDGE_FIELDS`, with :data:`NO_LABEL` for None and every label
        seen on either side present in both dimensions.
    """
    pairs: list[tuple[dict[str, str | None], Mapping[str, str | None]]] = []
    unmatched = 0
    for r in human_rows:
        predicted = predictions.get(r.response_id)
        if predicted is None:
            unmatched += 1
            continue
        human = {
            "verdict": r.verdict,
            "level": r.level,
            "timing": r.timing,
            "intensity": r.intensity,
        }
        pairs.append((human, predicted))
    n = len(pairs)
    verdict_ok = sum(1 for h, p in pairs if h["verdict"] == p.get("verdict"))
    joint_ok = sum(1 for h, p in pairs if all(h[f] == p.get(f) for f in JUDGE_FIELDS))
    confusion: dict[str, dict[str, dict[str, int]]] = {}
    for field in JUDGE_FIELDS:
        counts: Counter[tuple[str, str]] = Counter(
            (h[field] or NO_LABEL, p.get(field) or NO_LABEL) for h, p in pairs
        )
        labels = sorted({label for pair in counts for label in pair})
        confusion[field] = {h: {p: counts[(h, p)] for p in labels} for h in labels}
    result: dict[str, Any] = {"n": n, "unmatched": unmatched}
    _with_rate(result, "verdict_accuracy", verdict_ok, n)
    _with_rate(result, "joint_accuracy", joint_ok, n)
    result["confusion"] = confusion
    return result
