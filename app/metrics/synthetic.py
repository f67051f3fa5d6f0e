"""Synthetic judged responses shaped like the paper's HALO-8K (DESIGN.md §6, §8). No I/O here.

For demos, benchmarks and tests of the metric tables: the checkpoints come from the real sampler
(:func:`app.scenarios.sampling.sample_checkpoints`), and every judgement is drawn from per-model
generating probabilities that the tables should recover. Draws are independent given the model:

- level ~ categorical(L0, L1, L2, L3); verdict = accept with probability ``acceptability``;
- a rejected L1–L3 draws timing (premature, belated, else appropriate) and, independently,
  intensity (insufficient, excessive, else appropriate);
- a rejected L1–L3 with both appropriate carries one other issue (DESIGN §7 requires it);
  every other rejected response carries one with probability ``other_issue``;
- local content access ~ Bernoulli, retrieval rounds ~ Poisson, reasoning tokens ~ Gamma
  (shape 2) or None for a model that does not report them.

The same arguments and seed give the same list in every process.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, fields

import numpy as np

from app.metrics.responses import JudgedResponse
from app.scenarios.sampling import sample_checkpoints, stable_seed
from app.vocabulary import (
    DOMAINS,
    INTENSITIES,
    LEVELS,
    NEED_TYPES,
    OTHER_ISSUES,
    TIMINGS,
    Intensity,
    Level,
    Timing,
    Verdict,
)

SCENARIOS_PER_ENVIRONMENT = 8
"""DESIGN §2: 8 scenarios per environment, 2 per need type."""
ANNOTATORS = 8
"""Pseudonymous annotators; one per scenario, fixed across models (DESIGN §7 paired protocol)."""
LEVEL_CORRECTION = 0.03
"""Probability that the catalogue level differs from the confirmed one (an adjacent level)."""
OTHER_ISSUE_WEIGHTS = (0.45, 0.25, 0.20, 0.10)
"""Category mix of other issues, in :data:`app.vocabulary.OTHER_ISSUES` order."""

PAPER: dict[str, float] = {
    "responses": 8000,
    "rejected": 3575,
    "over_proactive": 2188,
    "L1": 0.6920,
    "L2": 0.0418,
    "L3": 0.1609,
    "other_issue_responses": 1000,
}
"""The paper's headline counts and shares (DESIGN §8) that the default rates aim at."""


@dataclass(frozen=True)
class ModelRates:
    """Generating probabilities for one model's responses.

    Attributes:
        acceptability: P(accept), independent of level.
        L0 / L1 / L2 / L3: level mix; sums to 1.
        premature / belated: timing shares among rejected L1–L3 (the rest appropriate).
        insufficient / excessive: intensity shares among rejected L1–L3 (the rest appropriate).
        other_issue: P(one other issue) for a rejected response not already required to
            carry one.
        local_content_access: P(local content access).
        retrieval_rounds: mean retrieval rounds (Poisson).
        reasoning_tokens: mean reasoning tokens (Gamma, shape 2), None when not reported.
    """

    acceptability: float
    L0: float
    L1: float
    L2: float
    L3: float
    premature: float
    belated: float
    insufficient: float
    excessive: float
    other_issue: float
    local_content_access: float = 0.5
    retrieval_rounds: float = 3.0
    reasoning_tokens: float | None = None

    def __post_init__(self) -> None:
        """Check that every rate is a probability and the level mix sums to 1.

        Raises:
            ValueError: a rate outside 0..1 (a negative mean), or a level mix that does not sum
                to 1.
        """
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in ("retrieval_rounds", "reasoning_tokens"):
                if value is not None and value < 0:
                    raise ValueError(f"{f.name} must be non-negative, got {value}")
            elif not 0.0 <= value <= 1.0:
                raise ValueError(f"{f.name} must be a probability, got {value}")
        if not math.isclose(self.L0 + self.L1 + self.L2 + self.L3, 1.0, abs_tol=1e-9):
            raise ValueError("the level mix L0 + L1 + L2 + L3 must sum to 1")
        if self.premature + self.belated > 1.0 + 1e-9:
            raise ValueError("premature + belated must not exceed 1")
        if self.insufficient + self.excessive > 1.0 + 1e-9:
            raise ValueError("insufficient + excessive must not exceed 1")

    @property
    def level_mix(self) -> tuple[float, float, float, float]:
        """``(L0, L1, L2, L3)``."""
        return (self.L0, self.L1, self.L2, self.L3)


def default_rates(n_models: int = 10) -> dict[str, ModelRates]:
    """Per-model rates spread around the paper's pooled figures (DESIGN §8).

    Models ``model-01``.. differ linearly by a spread s in [−½, ½] (mean 0), so the pooled
    expectations over equally sized samples are: acceptability 55.31% (3,575 of 8,000
    rejected), L1 69.20%, L2 4.18%, L3 16.09%, L0 10.53%, over-proactive ≈ 61% and other
    issues ≈ 28% of rejected. Higher-acceptability models retrieve more and take L3 less.

    Args:
        n_models: number of models, at least 1.

    Returns:
        Model name → :class:`ModelRates`, in name order.

    Raises:
        ValueError: n_models < 1.
    """
    if n_models < 1:
        raise ValueError("n_models must be positive")
    rates = {}
    for j in range(n_models):
        s = (j / (n_models - 1) - 0.5) if n_models > 1 else 0.0
        l2, l3 = PAPER["L2"], PAPER["L3"] - 0.12 * s
        l0 = 1.0 - PAPER["L1"] - PAPER["L2"] - PAPER["L3"] + 0.06 * s
        rates[f"model-{j + 1:02d}"] = ModelRates(
            acceptability=1.0 - PAPER["rejected"] / PAPER["responses"] + 0.30 * s,
            L0=l0,
            L1=1.0 - l0 - l2 - l3,
            L2=l2,
            L3=l3,
            premature=0.42,
            belated=0.12,
            insufficient=0.20,
            excessive=0.45,
            other_issue=0.158,
            local_content_access=0.55 + 0.3 * s,
            retrieval_rounds=3.0 + 2.0 * s,
            reasoning_tokens=None if j % 3 == 2 else 2500.0 + 3000.0 * (s + 0.5),
        )
    return rates


def _adjacent(level: str, rng: np.random.Generator) -> str:
    i = LEVELS.index(level)
    neighbours = [LEVELS[k] for k in (i - 1, i + 1) if 0 <= k < len(LEVELS)]
    return neighbours[int(rng.integers(len(neighbours)))]


def _pick(options: tuple[str, ...], probabilities: list[float], rng: np.random.Generator) -> str:
    p = np.clip(np.array(probabilities, dtype=float), 0.0, None)
    return options[int(rng.choice(len(options), p=p / p.sum()))]


def generate_paper_shaped(
    n_models: int = 10,
    n_scenarios: int = 400,
    k: int = 2,
    rates: Mapping[str, ModelRates] | None = None,
    *,
    seed: int = 0,
) -> list[JudgedResponse]:
    """Synthetic judged responses shaped like HALO-8K (paper §5; DESIGN §6, §8).

    Scenario i has 4–6 events (uniform), belongs to environment i // 8, whose domain cycles
    through the 10 domains five environments at a time (the paper's 50 environments), and has
    need type ``NEED_TYPES[(i % 8) // 2]`` (2 per need type per environment). Each model gets k
    distinct checkpoints per scenario from :func:`sample_checkpoints`, so n_models ×
    n_scenarios × k responses in all (8,000 with the defaults). Judgements follow the module
    docstring.

    Args:
        n_models: number of models; must equal ``len(rates)`` when rates is given.
        n_scenarios: number of scenarios.
        k: checkpoints per model and scenario (at most 4, the fewest events).
        rates: model name → generating rates; None for :func:`default_rates`.
        seed: seeds the sampler and every draw.

    Returns:
        :class:`JudgedResponse` rows ordered by scenario, model name and checkpoint, with
        response ids ``syn-00001``...

    Raises:
        ValueError: rates naming a different number of models than n_models, or k outside 1..4.
    """
    if rates is None:
        rates = default_rates(n_models)
    elif len(rates) != n_models:
        raise ValueError(f"rates names {len(rates)} models but n_models is {n_models}")
    if not 1 <= k <= 4:
        raise ValueError("k must be in 1..4 (scenarios have at least 4 events)")
    agents = sorted(rates)
    rng = np.random.default_rng(stable_seed("synthetic", seed))
    rows: list[JudgedResponse] = []
    for i in range(n_scenarios):
        scenario_id = f"syn-{i + 1:04d}"
        environment = i // SCENARIOS_PER_ENVIRONMENT
        n = int(rng.integers(4, 7))
        assignment = sample_checkpoints(n, agents, k, seed=seed, scenario_id=scenario_id)
        for agent in agents:
            for t in assignment[agent]:
                rows.append(
                    _draw(
                        rates[agent],
                        rng,
                        response_id=f"syn-{len(rows) + 1:05d}",
                        agent=agent,
                        scenario_id=scenario_id,
                        checkpoint=t,
                        num_events=n,
                        need_type=NEED_TYPES[(i % SCENARIOS_PER_ENVIRONMENT) // 2],
                        domain=DOMAINS[(environment // 5) % len(DOMAINS)],
                        annotator=f"annotator-{i % ANNOTATORS + 1:02d}",
                    )
                )
    return rows


def _draw(
    rates: ModelRates,
    rng: np.random.Generator,
    *,
    response_id: str,
    agent: str,
    scenario_id: str,
    checkpoint: int,
    num_events: int,
    need_type: str,
    domain: str,
    annotator: str,
) -> JudgedResponse:
    """One response's judgement and usage drawn from its model's rates."""
    level = _pick(LEVELS, list(rates.level_mix), rng)
    level_predicted = _adjacent(level, rng) if rng.random() < LEVEL_CORRECTION else level
    accepted = bool(rng.random() < rates.acceptability)
    timing = intensity = None
    other_issues: tuple[str, ...] = ()
    if not accepted and level != Level.L0:
        on_time = 1.0 - rates.premature - rates.belated
        timing = _pick(TIMINGS, [rates.premature, rates.belated, on_time], rng)
        proportionate = 1.0 - rates.insufficient - rates.excessive
        intensity = _pick(INTENSITIES, [rates.insufficient, rates.excessive, proportionate], rng)
    if not accepted:
        required = timing == Timing.APPROPRIATE and intensity == Intensity.APPROPRIATE
        if required or rng.random() < rates.other_issue:
            other_issues = (_pick(OTHER_ISSUES, list(OTHER_ISSUE_WEIGHTS), rng),)
    tokens = None
    if rates.reasoning_tokens is not None:
        tokens = int(rng.gamma(2.0, rates.reasoning_tokens / 2.0))
    return JudgedResponse(
        response_id=response_id,
        agent=agent,
        scenario_id=scenario_id,
        checkpoint=checkpoint,
        num_events=num_events,
        need_type=need_type,
        domain=domain,
        level=level,
        level_predicted=level_predicted,
        verdict=Verdict.ACCEPT if accepted else Verdict.REJECT,
        timing=timing,
        intensity=intensity,
        inaction=not accepted and level == Level.L0,
        other_issues=other_issues,
        reasoning_tokens=tokens,
        retrieval_rounds=int(rng.poisson(rates.retrieval_rounds)),
        local_content_access=bool(rng.random() < rates.local_content_access),
        annotator=annotator,
        phase=1,
    )
