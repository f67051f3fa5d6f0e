"""The statistics the metric tables share (DESIGN.md §8). No I/O here.

Percentages, Wilson intervals, the correlations of Figure 6 and its linear probability model.

Conventions: a rate is a percentage 0–100 of its base rounded half up to 2 decimals, None for an
empty base; an interval is ``(low, high)`` in percent (or percentage points) rounded to 2
decimals.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from scipy import stats as scipy_stats
from statsmodels.tools.tools import pinv_extended

from app.metrics.record import Record
from app.percent import percent as percent  # re-exported: the tables' rounding, one layer down

Interval = tuple[float, float]
"""``(low, high)``, in percent or percentage points."""


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
    # statsmodels' proportion_confint(method="wilson") written out for scalars (the same
    # operations, so the same floats) at a fraction of its cost: a page computes thousands
    crit = _critical_value(confidence)
    crit2 = crit**2
    q = successes / n
    denom = 1 + crit2 / n
    center = (q + crit2 / (2 * n)) / denom
    dist = crit * math.sqrt(q * (1.0 - q) / n + crit2 / (4.0 * n**2)) / denom
    low, high = min(max(center - dist, 0.0), 1.0), min(max(center + dist, 0.0), 1.0)
    return (round(100 * low, 2), round(100 * high, 2))


@lru_cache(maxsize=8)
def _critical_value(confidence: float) -> float:
    """The two-sided standard normal quantile z of a confidence level (1.959964 for 0.95)."""
    return float(scipy_stats.norm.isf((1 - confidence) / 2.0))


def rate(count: int, total: int) -> tuple[float | None, Interval | None]:
    """:func:`percent` and :func:`wilson_interval` (95%) of count / total."""
    return percent(count, total), wilson_interval(count, total)


# --- correlations -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Correlation(Record):
    """Pearson and Spearman correlation across agents (paper Figure 6).

    Attributes:
        n_agents: number of (x, y) points.
        pearson_r / spearman_rho: coefficients rounded to 4 decimals, None when undefined.
        pearson_p / spearman_p: two-sided p-values, None when undefined.
        reason: why the coefficients are undefined, else None.
    """

    n_agents: int
    pearson_r: float | None = None
    pearson_p: float | None = None
    spearman_rho: float | None = None
    spearman_p: float | None = None
    reason: str | None = None


def correlation(xs: Sequence[float], ys: Sequence[float]) -> Correlation:
    """Pearson r and Spearman ρ of paired values across agents (scipy; DESIGN §8, Figure 6).

    Args:
        xs: one value per agent, unrounded.
        ys: the paired value of each agent (same length as `xs`), unrounded.

    Returns:
        A :class:`Correlation`; undefined (None with a reason) for fewer than 3 agents or when
        either side is constant.
    """
    if len(xs) < 3:
        return Correlation(len(xs), reason="fewer than 3 agents")
    if len(set(xs)) < 2 or len(set(ys)) < 2:
        return Correlation(
            len(xs), reason="retrieval rounds or acceptability is the same for every agent"
        )
    pearson = scipy_stats.pearsonr(xs, ys)
    spearman = scipy_stats.spearmanr(xs, ys)
    return Correlation(
        n_agents=len(xs),
        pearson_r=round(float(pearson.statistic), 4),
        pearson_p=float(pearson.pvalue),
        spearman_rho=round(float(spearman.statistic), 4),
        spearman_p=float(spearman.pvalue),
    )


# --- the linear probability model ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LpmCell:
    """L1 responses of one agent at one checkpoint with one value of local content access.

    The sufficient statistics of the linear probability model (paper Figure 6).

    Attributes:
        checkpoint: ``(scenario_id, t)``, the fixed effect and the cluster.
        agent: agent name.
        access: local content access (the regressor of interest).
        n: L1 responses; accepted: accepted ones (Σ y).
    """

    checkpoint: tuple[str, int]
    agent: str
    access: bool
    n: int
    accepted: int


@dataclass(frozen=True, slots=True)
class LpmFit(Record):
    """The effect of local content access in the linear probability model (paper Figure 6).

    Attributes:
        coefficient / se: the coefficient of local content access and its clustered standard
            error, in percentage points (0/1 scale × 100, rounded to 2 decimals).
        ci: its 95% interval ``(low, high)`` in percentage points.
        p_value: two-sided p-value (t with G − 1 degrees of freedom).
        n / clusters: the responses and checkpoints used.
        n_l1: all L1 responses given.
        reason: why the model could not be estimated (the estimates are then None), else None.
    """

    coefficient: float | None
    se: float | None
    ci: Interval | None
    p_value: float | None
    n: int
    clusters: int
    n_l1: int
    reason: str | None


def _dummies(labels: Sequence[Hashable]) -> np.ndarray:
    """Indicator columns for every level but the first (sorted by repr), shape (n, levels − 1)."""
    levels = sorted(set(labels), key=repr)[1:]
    index = {level: j for j, level in enumerate(levels)}
    out = np.zeros((len(labels), len(levels)))
    for i, label in enumerate(labels):
        if label in index:
            out[i, index[label]] = 1.0
    return out


def _weighted_demean(
    x: np.ndarray, groups: np.ndarray, weights: np.ndarray, sizes: np.ndarray
) -> np.ndarray:
    """Cell values minus their group's weighted means, column by column; x is (cells, p).

    With ``weights`` = responses per cell the group means are those over responses, so each
    cell's value is what every response in it has after the within transformation.
    """
    if x.shape[1] == 0:
        return x
    means = np.stack([np.bincount(groups, weights=weights * c) / sizes for c in x.T], axis=1)
    demeaned: np.ndarray = x - means[groups]  # numpy types array arithmetic as Any
    return demeaned


def linear_probability_model(cells: Sequence[LpmCell], *, min_clusters: int = 2) -> LpmFit:
    """Effect of local content access on acceptance of L1 responses (paper Figure 6; DESIGN §8).

    OLS of ``accepted`` (0/1) on ``local_content_access`` with agent indicators and checkpoint
    fixed effects — ``accepted ~ local_content_access + C(agent) + C(checkpoint)`` — among L1
    responses, standard errors clustered by checkpoint.

    Computed from per-(checkpoint, agent, access) counts, exactly and without one row per
    response: the checkpoint effects are absorbed by the within transformation (demeaning by
    checkpoint; Frisch–Waugh–Lovell gives the coefficient and residuals of the dummy regression
    without an N × G design), and every response of a cell has the same demeaned regressors x̃,
    so X̃'X̃ = Σ n x̃x̃', X̃'ỹ = Σ x̃ (accepted − n ȳ_g), and the cluster score of checkpoint g is
    Σ_{cells in g} x̃ (accepted − n ȳ_g − n x̃'β). The estimate and its covariance are
    β = (X̃'X̃)⁺X̃'ỹ with the pseudo-inverse of √n·X̃ (statsmodels' ``pinv_extended``), and the
    CRV1 sandwich (clusters nest the checkpoint effects, so the within fit gives the full dummy
    regression's sandwich for β). The small-sample correction is that of the full dummy
    regression as statsmodels fits it — ``ols("accepted ~ access + C(agent) + C(checkpoint)")
    .fit(cov_type="cluster", groups=checkpoint, use_t=True)`` on the same rows:
    G/(G−1)·(N−1)/(N−K) with K = G + A, the columns of that design (intercept, access, A − 1
    agent and G − 1 checkpoint indicators). This counts the fixed effects' degrees of freedom,
    so it is larger than the ``xtreg, fe``/``reghdfe`` convention, which leaves the absorbed
    effects out of K. Checkpoints with a single L1 response carry no information under
    checkpoint effects and are dropped (as ``reghdfe``). Inference uses t with G − 1 degrees of
    freedom. Cost: O(cells) memory, O(cells · K²) time.

    Args:
        cells: the L1 responses counted per (checkpoint, agent, access); cells with n = 0 are
            ignored.
        min_clusters: fewest checkpoints (with two or more L1 responses) to fit the model.

    Returns:
        An :class:`LpmFit`. When the model cannot be estimated (too few checkpoints, access or
        acceptance constant, access not varying within any checkpoint once agents are
        controlled for, no residual degrees of freedom) the estimates are None and ``reason``
        says why.
    """
    present = [c for c in cells if c.n > 0]
    sizes_by_key: Counter[tuple[str, int]] = Counter()
    for c in present:
        sizes_by_key[c.checkpoint] += c.n
    used = [c for c in present if sizes_by_key[c.checkpoint] > 1]
    clusters = sorted({c.checkpoint for c in used})
    n_used = sum(c.n for c in used)
    n_l1 = sum(c.n for c in present)

    def fail(reason: str) -> LpmFit:
        return LpmFit(None, None, None, None, n_used, len(clusters), n_l1, reason)

    if len(clusters) < min_clusters:
        return fail(f"fewer than {min_clusters} checkpoints with two or more L1 responses")
    if len({c.access for c in used}) < 2:
        return fail("local content access does not vary among L1 responses")
    accepted = sum(c.accepted for c in used)
    if accepted in (0, n_used):
        return fail("acceptance does not vary among L1 responses")
    index = {key: i for i, key in enumerate(clusters)}
    groups = np.array([index[c.checkpoint] for c in used])
    n = np.array([float(c.n) for c in used])
    s = np.array([float(c.accepted) for c in used])
    sizes = np.bincount(groups, weights=n)
    y_mean = np.bincount(groups, weights=s) / sizes
    y_sum = s - n * y_mean[groups]  # Σ ỹ over the cell's responses
    access = _weighted_demean(np.array([[float(c.access)] for c in used]), groups, n, sizes)
    agents = _weighted_demean(_dummies([c.agent for c in used]), groups, n, sizes)
    # drop agent columns that the checkpoint effects absorb, so K counts only identified terms
    agents = agents[:, np.abs(agents).max(axis=0, initial=0.0) > 1e-12]
    x = np.hstack([access, agents])
    root = np.sqrt(n)[:, None]
    rank = int(np.linalg.matrix_rank(root * x))
    if rank == (int(np.linalg.matrix_rank(root * agents)) if agents.shape[1] else 0):
        return fail("local content access does not vary within checkpoints beyond the agent")
    # columns of the full dummy design: intercept, access, A − 1 agents, G − 1 checkpoints
    k_params = len(clusters) + len({c.agent for c in used})
    if n_used - len(clusters) - rank <= 0 or n_used - k_params <= 0:
        return fail("too few L1 responses for the fixed effects")
    pinv_root, _singular = pinv_extended(root * x)
    bread = pinv_root @ pinv_root.T  # (X̃'X̃)⁺, statsmodels' normalized_cov_params
    beta = bread @ (x.T @ y_sum)
    residual_sum = y_sum - n * (x @ beta)  # Σ residuals over the cell's responses
    scores = np.zeros((len(clusters), x.shape[1]))
    np.add.at(scores, groups, x * residual_sum[:, None])
    g = len(clusters)
    covariance = bread @ (scores.T @ scores) @ bread
    covariance *= g / (g - 1.0) * ((n_used - 1.0) / float(n_used - k_params))
    se = float(np.sqrt(covariance[0, 0]))
    if not math.isfinite(se) or se == 0.0:
        return fail("the clustered standard error is undefined")
    coefficient = float(beta[0])
    t_value = coefficient / se
    critical = float(scipy_stats.t.ppf(0.975, g - 1))
    return LpmFit(
        coefficient=round(100 * coefficient, 2),
        se=round(100 * se, 2),
        ci=(
            round(100 * (coefficient - critical * se), 2),
            round(100 * (coefficient + critical * se), 2),
        ),
        p_value=float(scipy_stats.t.sf(np.abs(t_value), g - 1) * 2),
        n=n_used,
        clusters=len(clusters),
        n_l1=n_l1,
        reason=None,
    )
