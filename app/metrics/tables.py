"""The paper's tables and figures as pure functions over judged responses (DESIGN.md §8).

Every function takes a list of :class:`JudgedResponse` and returns plain dicts and lists ready
for JSON, CSV or a template. No I/O here. Conventions throughout:

- rates are percentages 0–100 of the stated base, rounded to 2 decimals; an empty base gives
  None rather than 0;
- every rate ``x`` has a ``x_ci`` companion: its Wilson 95% interval ``(low, high)`` in percent,
  rounded to 2 decimals (None for an empty base) — DESIGN §8 "beyond the paper";
- differences between rates are in percentage points (``_pp``);
- a checkpoint is the pair ``(scenario_id, t)`` (DESIGN §2).
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from statistics import fmean
from typing import Any, cast

import numpy as np
from scipy import stats
from statsmodels.regression.linear_model import OLS
from statsmodels.stats.proportion import proportion_confint

from app.annotation.rules import INTENSITIES, LEVELS, OTHER_ISSUES
from app.arena.schema import DOMAINS, NEED_TYPES
from app.metrics.formulas import (
    AnnotatedResponse,
    Table1Counts,
    count_table1,
    percent,
    table1_from_counts,
)
from app.scenarios.sampling import sampling_diagnostics


@dataclass(frozen=True)
class JudgedResponse:
    """One response with its primary human judgement and the attributes the tables group by.

    Attributes:
        response_id: response id (export ``response_id``).
        agent: agent (model) name; researcher-facing only.
        scenario_id: scenario id.
        checkpoint: t, 1-based: the moment right after event t.
        num_events: n, the scenario's number of events.
        need_type / domain: DESIGN §2 values.
        level: level confirmed by the annotator, ``L0``..``L3``.
        level_predicted: level of the action from the command catalogue.
        verdict: ``accept`` or ``reject``.
        timing / intensity: DESIGN §2 values for a rejected L1–L3, else None.
        inaction: True for a rejected L0.
        other_issues: categories of the other issues of a rejected response (DESIGN §2).
        reasoning_tokens: summed reasoning tokens, None when the model does not report them.
        retrieval_rounds: completed ``inspect`` turns.
        local_content_access: a ``db_query`` returned rows or a ``files_read`` returned text.
        annotator: annotator pseudonym, None when unknown.
        phase: annotation phase, None when unknown.
    """

    response_id: str
    agent: str
    scenario_id: str
    checkpoint: int
    num_events: int
    need_type: str
    domain: str
    level: str
    level_predicted: str | None
    verdict: str
    timing: str | None
    intensity: str | None
    inaction: bool
    other_issues: tuple[str, ...] = ()
    reasoning_tokens: int | None = None
    retrieval_rounds: int = 0
    local_content_access: bool = False
    annotator: str | None = None
    phase: int | None = None

    @property
    def accepted(self) -> bool:
        """The annotator accepted the response."""
        return self.verdict == "accept"

    @property
    def rejected(self) -> bool:
        """The annotator rejected the response."""
        return self.verdict == "reject"

    @property
    def intervenes(self) -> bool:
        """The confirmed level is L1–L3 (the agent acted)."""
        return self.level in ("L1", "L2", "L3")

    @property
    def over_proactive(self) -> bool:
        """Rejected and diagnosed premature or excessive (DESIGN §2)."""
        return self.rejected and (self.timing == "premature" or self.intensity == "excessive")

    @property
    def checkpoint_key(self) -> tuple[str, int]:
        """The checkpoint ``(scenario_id, t)``."""
        return (self.scenario_id, self.checkpoint)


Interval = tuple[float, float]
Predicate = Callable[[JudgedResponse], bool]

RATES: tuple[str, ...] = (
    "acceptability",
    "L0",
    "L1",
    "L2",
    "L3",
    "inaction",
    "premature",
    "belated",
    "insufficient",
    "excessive",
)
"""The Table 1 rates, each a percentage of all responses of the group (DESIGN §8). Their counts
come from :func:`app.metrics.formulas.count_table1` (or the same counts aggregated in SQL), so
there is one definition of Table 1; see :func:`rate_counts`."""


def _rate_columns() -> tuple[str, ...]:
    return tuple(c for name in RATES for c in (name, f"{name}_ci"))


RATE_COLUMNS: tuple[str, ...] = _rate_columns()
_TAIL = ("reasoning_tokens_k", "retrieval_rounds")
TABLE1_CI_COLUMNS: tuple[str, ...] = ("agent", "n", *RATE_COLUMNS, *_TAIL)
TABLE2_NEED_TYPE_COLUMNS: tuple[str, ...] = ("need_type", "n", *RATE_COLUMNS, *_TAIL)
TABLE2_DOMAIN_COLUMNS: tuple[str, ...] = ("domain", "n", *RATE_COLUMNS, *_TAIL)
TABLE9_COLUMNS: tuple[str, ...] = ("agent", "need_type", "n", *RATE_COLUMNS, *_TAIL)


def wilson_interval(successes: int, n: int, confidence: float = 0.95) -> Interval | None:
    """Wilson score interval of a proportion, in percent (DESIGN §8, beyond the paper).

    Args:
        successes: count of successes, 0 ≤ successes ≤ n.
        n: number of trials.
        confidence: two-sided confidence level, e.g. 0.95.

    Returns:
        ``(low, high)`` in percent 0–100, rounded to 2 decimals; None when n is 0.

    Raises:
        ValueError: successes outside 0..n or confidence outside (0, 1).
    """
    if not 0 <= successes <= n:
        raise ValueError(f"successes must be in 0..n, got {successes} of {n}")
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be in (0, 1), got {confidence}")
    if n == 0:
        return None
    low, high = proportion_confint(successes, n, alpha=1 - confidence, method="wilson")
    return (round(100 * float(low), 2), round(100 * float(high), 2))


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
        counts: the group's counts (:func:`app.metrics.formulas.count_table1` or SQL).

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


def _group_by(
    rows: Iterable[JudgedResponse], key: Callable[[JudgedResponse], Hashable]
) -> dict[Any, list[JudgedResponse]]:
    groups: dict[Any, list[JudgedResponse]] = defaultdict(list)
    for row in rows:
        groups[key(row)].append(row)
    return groups


def _counted(
    rows: Iterable[JudgedResponse], key_names: Sequence[str]
) -> dict[tuple[str, ...], Table1Counts]:
    """Table 1 counts per group of the key columns (one pass of grouping, then count_table1)."""
    groups = _group_by(rows, lambda r: tuple(getattr(r, name) for name in key_names))
    # count_table1 reads only the attributes JudgedResponse shares with AnnotatedResponse
    return {
        key: count_table1(cast(list[AnnotatedResponse], group)) for key, group in groups.items()
    }


def table1(rows: Iterable[JudgedResponse]) -> list[dict[str, Any]]:
    """Table 1: per agent, sorted by agent name (paper Table 1; DESIGN §8).

    Args:
        rows: judged responses.

    Returns:
        One dict per agent with the keys of :data:`TABLE1_CI_COLUMNS`: ``agent``, ``n``; each of
        ``acceptability``, ``L0``..``L3``, ``inaction``, ``premature``, ``belated``,
        ``insufficient``, ``excessive`` in percent of n with its ``_ci`` Wilson interval;
        ``reasoning_tokens_k`` (mean over responses reporting them, thousands; None if none do)
        and ``retrieval_rounds`` (mean). The point values are
        :func:`app.metrics.formulas.table1_from_counts` of the agent's counts.
    """
    return table1_ci_rows(("agent",), _counted(rows, ("agent",)))


def table2_by_need_type(rows: Iterable[JudgedResponse]) -> list[dict[str, Any]]:
    """Table 2 (upper half): the Table 1 columns per need type (paper Table 2; DESIGN §8).

    Returns:
        One dict per need type present, in DESIGN §2 order (dependency, blockage, risk,
        opportunity), keyed ``need_type``; columns as :func:`table1`.
    """
    return table1_ci_rows(("need_type",), _counted(rows, ("need_type",)))


def table2_by_domain(rows: Iterable[JudgedResponse]) -> list[dict[str, Any]]:
    """Table 2 (lower half): the Table 1 columns per domain (paper Table 2; DESIGN §8).

    Returns:
        One dict per domain present, in DESIGN §2 order, keyed ``domain``; columns as
        :func:`table1`.
    """
    return table1_ci_rows(("domain",), _counted(rows, ("domain",)))


def table9_model_by_need_type(rows: Iterable[JudgedResponse]) -> list[dict[str, Any]]:
    """Table 9: the Table 1 columns per agent × need type (paper Table 9; DESIGN §8).

    Returns:
        One dict per (agent, need type) present, sorted by agent then DESIGN §2 need-type
        order, keyed ``agent`` and ``need_type``; columns as :func:`table1`.
    """
    return table1_ci_rows(("agent", "need_type"), _counted(rows, ("agent", "need_type")))


def _over_proactivity_row(agent: str, rows: Sequence[JudgedResponse]) -> dict[str, Any]:
    rejected = [r for r in rows if r.rejected]
    over = sum(1 for r in rejected if r.over_proactive)
    row: dict[str, Any] = {"agent": agent, "rejected": len(rejected), "over_proactive": over}
    _with_rate(row, "share", over, len(rejected))
    return row


def figure3_over_proactivity(rows: Iterable[JudgedResponse]) -> dict[str, Any]:
    """Over-proactivity among rejected responses, per agent and overall (paper Figure 3).

    Over-proactive = rejected with timing ``premature`` or intensity ``excessive`` (DESIGN §2,
    §8). Paper: 2,188 of 3,575 rejected (61.20%).

    Args:
        rows: judged responses.

    Returns:
        ``{"by_agent": [row, ...], "overall": row}``, each row ``{"agent", "rejected",
        "over_proactive", "share", "share_ci"}`` with ``share`` in percent of rejected (None when
        nothing was rejected); ``by_agent`` sorted by agent, ``overall`` labelled ``"all"``.
    """
    rows = list(rows)
    groups = _group_by(rows, lambda r: r.agent)
    return {
        "by_agent": [_over_proactivity_row(a, groups[a]) for a in sorted(groups)],
        "overall": _over_proactivity_row("all", rows),
    }


def _share(rows: Sequence[JudgedResponse], predicate: Predicate) -> float | None:
    """Unrounded percentage of rows satisfying predicate; None when empty."""
    return 100.0 * sum(1 for r in rows if predicate(r)) / len(rows) if rows else None


def _delta(a: float | None, b: float | None) -> float | None:
    return None if a is None or b is None else round(a - b, 2)


_PAIRED_SHARES: dict[str, Predicate] = {
    "intervention": lambda r: r.intervenes,
    "acceptability": lambda r: r.accepted,
    "accepted_action": lambda r: r.accepted and r.intervenes,
    "accepted_restraint": lambda r: r.accepted and r.level == "L0",
}


def figure4_paired(rows: Iterable[JudgedResponse], agent_a: str, agent_b: str) -> dict[str, Any]:
    """Paired comparison of two agents on their shared checkpoints (paper Figure 4; DESIGN §8).

    A checkpoint is shared when both agents have a judged response at the same
    ``(scenario_id, t)``. Shares are over each agent's responses at the shared checkpoints (one
    each under DESIGN §6 sampling). Every delta is A − B in percentage points, and

        Δacceptability = action_gain + restraint_loss

    where ``action_gain`` = Δ(accepted L1–L3 share) and ``restraint_loss`` = Δ(accepted L0
    share, i.e. justified restraint); the latter is negative when A keeps fewer justified
    restraints than B. Each term is rounded separately, so the identity holds to ±0.01.

    Args:
        rows: judged responses (any agents; others are ignored).
        agent_a: the first agent (minuend).
        agent_b: the second agent (subtrahend).

    Returns:
        ``{"agent_a", "agent_b", "n_shared", "n_a", "n_b", "intervention_a",
        "intervention_b", "acceptability_a", "acceptability_b" (percent),
        "delta_intervention_pp", "delta_acceptability_pp", "action_gain_pp",
        "restraint_loss_pp"}``; shares and deltas are None when no checkpoint is shared.
    """
    rows = list(rows)
    at: dict[str, dict[tuple[str, int], list[JudgedResponse]]] = {
        agent: _group_by((r for r in rows if r.agent == agent), lambda r: r.checkpoint_key)
        for agent in (agent_a, agent_b)
    }
    shared = sorted(set(at[agent_a]) & set(at[agent_b]))
    a = [r for key in shared for r in at[agent_a][key]]
    b = [r for key in shared for r in at[agent_b][key]]

    share_a = {name: _share(a, predicate) for name, predicate in _PAIRED_SHARES.items()}
    share_b = {name: _share(b, predicate) for name, predicate in _PAIRED_SHARES.items()}

    def rounded(value: float | None) -> float | None:
        return None if value is None else round(value, 2)

    return {
        "agent_a": agent_a,
        "agent_b": agent_b,
        "n_shared": len(shared),
        "n_a": len(a),
        "n_b": len(b),
        "intervention_a": rounded(share_a["intervention"]),
        "intervention_b": rounded(share_b["intervention"]),
        "acceptability_a": rounded(share_a["acceptability"]),
        "acceptability_b": rounded(share_b["acceptability"]),
        "delta_intervention_pp": _delta(share_a["intervention"], share_b["intervention"]),
        "delta_acceptability_pp": _delta(share_a["acceptability"], share_b["acceptability"]),
        "action_gain_pp": _delta(share_a["accepted_action"], share_b["accepted_action"]),
        "restraint_loss_pp": _delta(share_a["accepted_restraint"], share_b["accepted_restraint"]),
    }


def figure4_all_pairs(rows: Iterable[JudgedResponse]) -> list[dict[str, Any]]:
    """:func:`figure4_paired` for every unordered pair of agents (paper Figure 4).

    Returns:
        One result per pair ``(a, b)`` with a < b by name, in sorted order; the reverse
        comparison is the same numbers negated.
    """
    rows = list(rows)
    agents = sorted({r.agent for r in rows})
    return [figure4_paired(rows, a, b) for a, b in combinations(agents, 2)]


def _correlation(xs: Sequence[float], ys: Sequence[float]) -> dict[str, Any]:
    """Pearson and Spearman correlation across agents, or None values with a reason."""
    result: dict[str, Any] = {
        "n_agents": len(xs),
        "pearson_r": None,
        "pearson_p": None,
        "spearman_rho": None,
        "spearman_p": None,
        "reason": None,
    }
    if len(xs) < 3:
        result["reason"] = "fewer than 3 agents"
    elif len(set(xs)) < 2 or len(set(ys)) < 2:
        result["reason"] = "retrieval rounds or acceptability is the same for every agent"
    else:
        pearson = stats.pearsonr(xs, ys)
        spearman = stats.spearmanr(xs, ys)
        result.update(
            pearson_r=round(float(pearson.statistic), 4),
            pearson_p=float(pearson.pvalue),
            spearman_rho=round(float(spearman.statistic), 4),
            spearman_p=float(spearman.pvalue),
        )
    return result


def _access_row(rows: Sequence[JudgedResponse]) -> dict[str, Any]:
    row: dict[str, Any] = {"n": len(rows)}
    _with_rate(row, "acceptability", sum(1 for r in rows if r.accepted), len(rows))
    insufficient = sum(1 for r in rows if r.rejected and r.intensity == "insufficient")
    _with_rate(row, "insufficient", insufficient, len(rows))
    return row


def _dummies(labels: Sequence[Hashable]) -> np.ndarray:
    """Indicator columns for every level but the first (sorted by repr), shape (n, levels − 1)."""
    levels = sorted(set(labels), key=repr)[1:]
    index = {level: j for j, level in enumerate(levels)}
    out = np.zeros((len(labels), len(levels)))
    for i, label in enumerate(labels):
        if label in index:
            out[i, index[label]] = 1.0
    return out


def _demean(x: np.ndarray, groups: np.ndarray) -> np.ndarray:
    """x minus its group means, column by column (the within transformation); x is (n, p)."""
    if x.shape[1] == 0:
        return x
    sizes = np.bincount(groups).astype(float)
    means = np.stack([np.bincount(groups, weights=col) / sizes for col in x.T], axis=1)
    return x - means[groups]


def linear_probability_model(
    rows: Iterable[JudgedResponse], *, min_clusters: int = 2
) -> dict[str, Any]:
    """Effect of local content access on acceptance of L1 responses (paper Figure 6; DESIGN §8).

    OLS of ``accepted`` (0/1) on ``local_content_access`` with agent indicators and checkpoint
    fixed effects — ``accepted ~ local_content_access + C(agent) + C(checkpoint)`` — among L1
    responses, standard errors clustered by checkpoint. The checkpoint effects are absorbed by
    the within transformation (demeaning by checkpoint), which gives the same coefficient and
    residuals as the dummy regression without a dense N × G design; the fit is statsmodels
    ``OLS(...).fit(cov_type="cluster")`` with its correction G/(G−1)·(N−1)/(N−K), where K
    counts access and the agent indicators but not the absorbed effects, which are nested
    within the clusters (as Stata's ``xtreg, fe`` and ``reghdfe``). Checkpoints with a single
    L1 response carry no information under checkpoint effects and are dropped (as
    ``reghdfe``). Inference uses t with G − 1 degrees of freedom.

    Args:
        rows: judged responses; only L1 responses are used.
        min_clusters: fewest checkpoints (with two or more L1 responses) to fit the model.

    Returns:
        ``{"coefficient", "se", "ci", "p_value", "n", "clusters", "n_l1", "reason"}``: the
        coefficient of local content access, its SE and 95% interval ``(low, high)`` in
        percentage points (0/1 scale × 100, rounded to 2 decimals), the two-sided p-value; ``n``
        and ``clusters`` count the responses and checkpoints used, ``n_l1`` all L1 responses.
        When the model cannot be estimated (too few checkpoints, access or acceptance constant,
        access not varying within any checkpoint once agents are controlled for, no residual
        degrees of freedom) the estimates are None and ``reason`` says why; otherwise
        ``reason`` is None.
    """
    l1 = [r for r in rows if r.level == "L1"]
    sizes = Counter(r.checkpoint_key for r in l1)
    used = [r for r in l1 if sizes[r.checkpoint_key] > 1]
    clusters = sorted({r.checkpoint_key for r in used})
    result: dict[str, Any] = {
        "coefficient": None,
        "se": None,
        "ci": None,
        "p_value": None,
        "n": len(used),
        "clusters": len(clusters),
        "n_l1": len(l1),
        "reason": None,
    }

    def fail(reason: str) -> dict[str, Any]:
        result["reason"] = reason
        return result

    if len(clusters) < min_clusters:
        return fail(f"fewer than {min_clusters} checkpoints with two or more L1 responses")
    if len({r.local_content_access for r in used}) < 2:
        return fail("local content access does not vary among L1 responses")
    if len({r.accepted for r in used}) < 2:
        return fail("acceptance does not vary among L1 responses")
    index = {key: i for i, key in enumerate(clusters)}
    groups = np.array([index[r.checkpoint_key] for r in used])
    y = _demean(np.array([[float(r.accepted)] for r in used]), groups)[:, 0]
    access = _demean(np.array([[float(r.local_content_access)] for r in used]), groups)
    agents = _demean(_dummies([r.agent for r in used]), groups)
    # drop agent columns that the checkpoint effects absorb, so K counts only identified terms
    agents = agents[:, np.abs(agents).max(axis=0, initial=0.0) > 1e-12]
    x = np.hstack([access, agents])
    rank = int(np.linalg.matrix_rank(x))
    if rank == (int(np.linalg.matrix_rank(agents)) if agents.shape[1] else 0):
        return fail("local content access does not vary within checkpoints beyond the agent")
    if len(used) - len(clusters) - rank <= 0:
        return fail("too few L1 responses for the fixed effects")
    fit = OLS(y, x).fit(cov_type="cluster", cov_kwds={"groups": groups}, use_t=True)
    se = float(fit.bse[0])
    if not math.isfinite(se) or se == 0.0:
        return fail("the clustered standard error is undefined")
    low, high = (float(v) for v in fit.conf_int(alpha=0.05)[0])
    result.update(
        coefficient=round(100 * float(fit.params[0]), 2),
        se=round(100 * se, 2),
        ci=(round(100 * low, 2), round(100 * high, 2)),
        p_value=float(fit.pvalues[0]),
    )
    return result


def figure6(rows: Iterable[JudgedResponse]) -> dict[str, Any]:
    """Retrieval versus acceptability, and local content access on L1 (paper Figure 6).

    DESIGN §8: retrieval rounds vs acceptability across agents (Pearson r, Spearman ρ); L1
    responses with and without local content access (acceptability and insufficient rate); a
    linear probability model with agent indicators and checkpoint fixed effects, SEs clustered
    by checkpoint (:func:`linear_probability_model`).

    Args:
        rows: judged responses.

    Returns:
        ``{"by_agent": [{"agent", "n", "retrieval_rounds" (mean), "acceptability",
        "acceptability_ci"}], "correlation": {"n_agents", "pearson_r", "pearson_p",
        "spearman_rho", "spearman_p", "reason"}, "local_content_access": {"with": row,
        "without": row}, "lpm": ...}``; access rows are ``{"n", "acceptability",
        "acceptability_ci", "insufficient", "insufficient_ci"}`` in percent of that row's L1
        responses (insufficient = rejected with intensity insufficient). Correlations need at
        least 3 agents with varying values; otherwise they are None and ``reason`` says why.
    """
    rows = list(rows)
    groups = _group_by(rows, lambda r: r.agent)
    by_agent = []
    for agent in sorted(groups):
        agent_rows = groups[agent]
        row: dict[str, Any] = {
            "agent": agent,
            "n": len(agent_rows),
            "retrieval_rounds": round(fmean(r.retrieval_rounds for r in agent_rows), 2),
        }
        _with_rate(row, "acceptability", sum(1 for r in agent_rows if r.accepted), len(agent_rows))
        by_agent.append(row)
    # correlate the unrounded values so rounding never moves r or ρ
    xs = [fmean(r.retrieval_rounds for r in groups[a]) for a in sorted(groups)]
    ys = [100.0 * sum(r.accepted for r in groups[a]) / len(groups[a]) for a in sorted(groups)]
    l1 = [r for r in rows if r.level == "L1"]
    return {
        "by_agent": by_agent,
        "correlation": _correlation(xs, ys),
        "local_content_access": {
            "with": _access_row([r for r in l1 if r.local_content_access]),
            "without": _access_row([r for r in l1 if not r.local_content_access]),
        },
        "lpm": linear_probability_model(rows),
    }


def _figure7_row(
    level: str, rows: Sequence[JudgedResponse], accepted_at: Mapping[tuple[str, int], set[str]]
) -> dict[str, Any]:
    n = len(rows)
    row: dict[str, Any] = {"level": level, "n": n}
    for intensity in INTENSITIES:
        _with_rate(row, intensity, sum(1 for r in rows if r.intensity == intensity), n)
    elsewhere = sum(1 for r in rows if accepted_at.get(r.checkpoint_key, set()) - {r.agent})
    row["accepted_elsewhere_count"] = elsewhere
    _with_rate(row, "accepted_elsewhere", elsewhere, n)
    return row


def figure7(rows: Iterable[JudgedResponse]) -> list[dict[str, Any]]:
    """Intensity errors among well-timed rejected actions (paper Figure 7; DESIGN §8).

    The base is rejected L1–L3 responses with timing ``appropriate``. For each level, the
    shares with intensity insufficient, excessive and appropriate, and the share whose
    checkpoint ``(scenario_id, t)`` has an accepted response from another agent.

    Args:
        rows: judged responses (all of them: other agents' accepted responses matter).

    Returns:
        Rows for ``L1``, ``L2``, ``L3`` and ``"L1–L3"`` (all three together), each ``{"level",
        "n", "insufficient", "excessive", "appropriate", "accepted_elsewhere_count",
        "accepted_elsewhere"}`` plus a ``_ci`` for every percentage (percent of n).
    """
    rows = list(rows)
    accepted_at: dict[tuple[str, int], set[str]] = defaultdict(set)
    for r in rows:
        if r.accepted:
            accepted_at[r.checkpoint_key].add(r.agent)
    base = [r for r in rows if r.rejected and r.intervenes and r.timing == "appropriate"]
    out = [_figure7_row(lv, [r for r in base if r.level == lv], accepted_at) for lv in LEVELS[1:]]
    out.append(_figure7_row("L1–L3", base, accepted_at))
    return out


def table10_other_issues(rows: Iterable[JudgedResponse]) -> dict[str, Any]:
    """Other issues on rejected responses, by category (paper Table 10; DESIGN §8).

    Paper: other issues on 1,000 responses, 27.97% of rejected. A response is counted once per
    category however many times it names it; a response may name several categories, so
    category shares within other-issue responses can add up to more than 100.

    Args:
        rows: judged responses; only rejected ones are used.

    Returns:
        ``{"rejected", "with_other_issues", "share_of_rejected", "share_of_rejected_ci",
        "categories": [{"category", "count", "share_within", "share_within_ci",
        "share_of_rejected", "share_of_rejected_ci"}]}``: ``share_within`` in percent of the
        responses with any other issue, ``share_of_rejected`` in percent of all rejected;
        every DESIGN §2 category in order (count 0 included), then any unknown ones by name.
    """
    rejected = [r for r in rows if r.rejected]
    flagged = [r for r in rejected if r.other_issues]
    counts: Counter[str] = Counter(c for r in flagged for c in set(r.other_issues))
    result: dict[str, Any] = {"rejected": len(rejected), "with_other_issues": len(flagged)}
    _with_rate(result, "share_of_rejected", len(flagged), len(rejected))
    categories = []
    for category in [*OTHER_ISSUES, *sorted(set(counts) - set(OTHER_ISSUES))]:
        row: dict[str, Any] = {"category": category, "count": counts[category]}
        _with_rate(row, "share_within", counts[category], len(flagged))
        _with_rate(row, "share_of_rejected", counts[category], len(rejected))
        categories.append(row)
    result["categories"] = categories
    return result


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


def tables7_8_sampling(rows: Iterable[JudgedResponse]) -> dict[str, Any]:
    """Checkpoint-sampling diagnostics of the judged responses (paper Tables 7–8; DESIGN §6).

    Returns:
        :func:`app.scenarios.sampling.sampling_diagnostics` of ``(agent, scenario_id, t, n)``.
    """
    return sampling_diagnostics((r.agent, r.scenario_id, r.checkpoint, r.num_events) for r in rows)
