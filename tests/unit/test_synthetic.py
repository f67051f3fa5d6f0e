"""The synthetic HALO-8K generator: shape, rules, reproducibility and recoverable rates."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import replace

import pytest

from app.metrics.responses import JudgedResponse
from app.metrics.stats import wilson_interval
from app.metrics.synthetic import (
    PAPER,
    ModelRates,
    default_rates,
    generate_paper_shaped,
)
from app.vocabulary import DOMAINS, NEED_TYPES
from tests.metrics_oracles import over_proactive

RATES = default_rates()
CHECKS_PER_MODEL = 11
# Bonferroni: every per-model check at 1 − 0.05 / (models × checks), so the whole family of
# checks fails by chance with probability at most 5%
FAMILY_CONFIDENCE = 1 - 0.05 / (len(RATES) * CHECKS_PER_MODEL)


@pytest.fixture(scope="module")
def rows() -> list[JudgedResponse]:
    return generate_paper_shaped(seed=0)


def test_shape(rows: list[JudgedResponse]) -> None:
    # 10 models × 400 scenarios × k = 2
    assert len(rows) == 8000
    assert len({r.response_id for r in rows}) == 8000
    assert Counter(r.agent for r in rows) == {agent: 800 for agent in RATES}
    scenarios = {r.scenario_id: r for r in rows}
    assert len(scenarios) == 400
    assert {r.num_events for r in scenarios.values()} == {4, 5, 6}
    # 50 environments, 5 per domain, 8 scenarios each → 40 scenarios per domain, 100 per need
    assert Counter(r.domain for r in scenarios.values()) == {d: 40 for d in DOMAINS}
    assert Counter(r.need_type for r in scenarios.values()) == {nt: 100 for nt in NEED_TYPES}
    by_agent_scenario: dict[tuple[str, str], list[int]] = defaultdict(list)
    for r in rows:
        assert 1 <= r.checkpoint <= r.num_events
        by_agent_scenario[(r.agent, r.scenario_id)].append(r.checkpoint)
    # k = 2 distinct checkpoints per model and scenario (DESIGN §6)
    assert all(len(set(ts)) == 2 == len(ts) for ts in by_agent_scenario.values())
    # one annotator per scenario across models (paired protocol)
    annotators: dict[str, set[str | None]] = defaultdict(set)
    for r in rows:
        annotators[r.scenario_id].add(r.annotator)
    assert all(len(a) == 1 for a in annotators.values())


def test_judgements_follow_the_diagnosis_rules(rows: list[JudgedResponse]) -> None:
    for r in rows:
        assert r.inaction == (r.verdict == "reject" and r.level == "L0")
        diagnosed = r.verdict == "reject" and r.level != "L0"
        assert (r.timing is not None) == diagnosed and (r.intensity is not None) == diagnosed
        if r.verdict == "accept":
            assert r.other_issues == ()
        if r.timing == "appropriate" and r.intensity == "appropriate":
            assert r.other_issues  # DESIGN §7: an other issue is required
    # the catalogue level differs from the confirmed one now and then, by one step
    corrected = [r for r in rows if r.level_predicted != r.level]
    assert 0 < len(corrected) < 0.06 * len(rows)
    assert all(abs(int(r.level[1]) - int(str(r.level_predicted)[1])) == 1 for r in corrected)


def test_same_seed_same_data_other_seed_other_data() -> None:
    a = generate_paper_shaped(n_scenarios=24, seed=3)
    assert a == generate_paper_shaped(n_scenarios=24, seed=3)
    assert a != generate_paper_shaped(n_scenarios=24, seed=4)


def _within(count: int, n: int, probability: float) -> bool:
    interval = wilson_interval(count, n, confidence=FAMILY_CONFIDENCE)
    assert interval is not None
    return interval[0] <= 100 * probability <= interval[1]


def test_rates_are_recovered_per_model(rows: list[JudgedResponse]) -> None:
    misses = []
    for agent, rates in RATES.items():
        mine = [r for r in rows if r.agent == agent]
        rejected = [r for r in mine if r.verdict == "reject"]
        diagnosed = [r for r in rejected if r.level != "L0"]
        free = [r for r in rejected if not (r.timing == r.intensity == "appropriate")]
        checks = {
            "acceptability": (sum(r.verdict == "accept" for r in mine), len(mine)),
            **{
                lv: (sum(r.level == lv for r in mine), len(mine)) for lv in ("L0", "L1", "L2", "L3")
            },
            "premature": (sum(r.timing == "premature" for r in diagnosed), len(diagnosed)),
            "belated": (sum(r.timing == "belated" for r in diagnosed), len(diagnosed)),
            "insufficient": (sum(r.intensity == "insufficient" for r in diagnosed), len(diagnosed)),
            "excessive": (sum(r.intensity == "excessive" for r in diagnosed), len(diagnosed)),
            "other_issue": (sum(bool(r.other_issues) for r in free), len(free)),
            "local_content_access": (sum(r.local_content_access for r in mine), len(mine)),
        }
        assert len(checks) == CHECKS_PER_MODEL
        for name, (count, n) in checks.items():
            if not _within(count, n, getattr(rates, name)):
                misses.append((agent, name, count, n, getattr(rates, name)))
        # Poisson mean: within 5 standard errors sqrt(λ/n)
        mean_rounds = sum(r.retrieval_rounds for r in mine) / len(mine)
        assert abs(mean_rounds - rates.retrieval_rounds) < 5 * (rates.retrieval_rounds / 800) ** 0.5
        reported = [r.reasoning_tokens for r in mine if r.reasoning_tokens is not None]
        assert (rates.reasoning_tokens is None) == (not reported)
    assert misses == []


def test_default_rates_are_paper_shaped(rows: list[JudgedResponse]) -> None:
    # The paper's pooled figures (DESIGN §8) lie inside the generated sample's 99% intervals.
    rejected = [r for r in rows if r.verdict == "reject"]

    def covers(count: int, n: int, paper_share: float) -> bool:
        interval = wilson_interval(count, n, confidence=0.99)
        assert interval is not None
        return interval[0] <= 100 * paper_share <= interval[1]

    assert covers(len(rejected), len(rows), PAPER["rejected"] / PAPER["responses"])
    over = sum(over_proactive(r) for r in rejected)
    assert covers(over, len(rejected), PAPER["over_proactive"] / PAPER["rejected"])
    for level in ("L1", "L2", "L3"):
        assert covers(sum(r.level == level for r in rows), len(rows), PAPER[level])
    flagged = sum(bool(r.other_issues) for r in rejected)
    assert covers(flagged, len(rejected), PAPER["other_issue_responses"] / PAPER["rejected"])


def test_custom_rates_and_validation() -> None:
    base = RATES["model-01"]
    custom = {"x": replace(base, acceptability=1.0), "y": replace(base, acceptability=0.0)}
    rows = generate_paper_shaped(n_models=2, n_scenarios=8, rates=custom, seed=1)
    assert {r.verdict for r in rows if r.agent == "x"} == {"accept"}
    assert {r.verdict for r in rows if r.agent == "y"} == {"reject"}
    with pytest.raises(ValueError, match="n_models"):
        generate_paper_shaped(n_models=3, rates=custom)
    with pytest.raises(ValueError, match="k must be"):
        generate_paper_shaped(k=5)
    with pytest.raises(ValueError, match="sum to 1"):
        replace(base, L1=base.L1 + 0.1)
    with pytest.raises(ValueError, match="probability"):
        replace(base, premature=1.5)
    with pytest.raises(ValueError, match="premature \\+ belated"):
        replace(base, premature=0.6, belated=0.6)
    with pytest.raises(ValueError, match="positive"):
        default_rates(0)


def test_default_rates_pool_to_the_paper() -> None:
    # Equal samples per model, so pooled expectations are plain means of the model rates.
    def mean(name: str) -> float:
        return sum(getattr(r, name) for r in RATES.values()) / len(RATES)

    assert mean("acceptability") == pytest.approx(1 - 3575 / 8000)
    assert mean("L1") == pytest.approx(0.6920)
    assert mean("L2") == pytest.approx(0.0418)
    assert mean("L3") == pytest.approx(0.1609)
    assert isinstance(RATES["model-01"], ModelRates)
    # expected over-proactive share of rejected: a rejected L1–L3 is over-proactive unless it
    # is neither premature nor excessive, drawn independently: 1 − (1 − p)(1 − e)
    rejected = sum(1 - r.acceptability for r in RATES.values())
    over = sum(
        (1 - r.acceptability) * (1 - r.L0) * (1 - (1 - r.premature) * (1 - r.excessive))
        for r in RATES.values()
    )
    assert over / rejected == pytest.approx(2188 / 3575, abs=0.005)
