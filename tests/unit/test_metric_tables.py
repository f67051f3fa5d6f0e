"""The paper's tables and figures against values computed by hand (DESIGN.md §8)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

import numpy as np
import pytest
from statsmodels.regression.linear_model import OLS

from app.metrics.cells import merge_cell
from app.metrics.figure3 import figure3 as figure3_of_cells
from app.metrics.figure5 import figure5 as figure5_of_cells
from app.metrics.figure6 import lpm_cells
from app.metrics.figure8 import figure8 as figure8_of_cells
from app.metrics.figure9 import figure9 as figure9_of_cells
from app.metrics.responses import JudgedResponse
from app.metrics.synthetic import generate_paper_shaped
from app.metrics.table1 import RATES, TABLE1_CI_COLUMNS, TABLE1_COLUMNS
from app.metrics.table11 import table11
from tests.metrics_oracles import (
    accepted,
    checkpoint_key,
    count_cell,
    figure3,
    figure4,
    figure4_pairs,
    figure5,
    figure6,
    figure7,
    figure8,
    figure9,
    judged_cells,
    linear_probability_model,
    table1,
    table1_ci,
    table2_by_domain,
    table2_by_need_type,
    table9,
    table10,
    tables7_8,
)

_ids = iter(range(1, 1_000_000))


def j(
    agent: str,
    level: str,
    verdict: str,
    timing: str | None = None,
    intensity: str | None = None,
    *,
    scenario: str = "s1",
    t: int = 1,
    n: int = 5,
    need: str = "risk",
    domain: str = "health",
    issues: tuple[str, ...] = (),
    tokens: int | None = None,
    rounds: int = 0,
    access: bool = False,
    response_id: str | None = None,
) -> JudgedResponse:
    return JudgedResponse(
        response_id=response_id or f"r{next(_ids)}",
        agent=agent,
        scenario_id=scenario,
        checkpoint=t,
        num_events=n,
        need_type=need,
        domain=domain,
        level=level,
        level_predicted=level,
        verdict=verdict,
        timing=timing,
        intensity=intensity,
        inaction=verdict == "reject" and level == "L0",
        other_issues=issues,
        reasoning_tokens=tokens,
        retrieval_rounds=rounds,
        local_content_access=access,
    )


# --- Tables 1, 2 and 9 ------------------------------------------------------------------------

TABLE1_ROWS = [
    # agent A: 8 responses (the fixture of tests/unit/test_table1.py)
    j("A", "L0", "accept", tokens=1000, rounds=0, need="risk", domain="travel"),
    j("A", "L0", "reject", tokens=3000, rounds=1, need="risk", domain="travel"),
    j("A", "L1", "accept", rounds=2, need="dependency", domain="travel"),
    j("A", "L1", "reject", "premature", "appropriate", tokens=2000, rounds=3, need="dependency"),
    j("A", "L2", "reject", "belated", "insufficient", rounds=1, need="risk"),
    j("A", "L3", "reject", "premature", "excessive", tokens=6000, rounds=4, need="risk"),
    j("A", "L3", "accept", rounds=2, need="opportunity"),
    j("A", "L1", "reject", "appropriate", "insufficient", rounds=3, need="risk"),
    # agent B: 2 responses, no reasoning tokens reported
    j("B", "L0", "accept", need="risk", domain="travel"),
    j("B", "L3", "reject", "premature", "excessive", rounds=5, need="opportunity"),
]


def test_table1_by_hand() -> None:
    a, b = table1_ci(TABLE1_ROWS)
    assert tuple(a) == TABLE1_CI_COLUMNS
    assert a["agent"] == "A" and a["n"] == 8
    # accepted 3/8; levels 2/8, 3/8, 1/8, 2/8
    assert a["acceptability"] == 37.5
    assert (a["L0"], a["L1"], a["L2"], a["L3"]) == (25.0, 37.5, 12.5, 25.0)
    # inaction 1/8; premature 2/8; belated 1/8; insufficient 2/8; excessive 1/8
    assert (a["inaction"], a["premature"], a["belated"]) == (12.5, 25.0, 12.5)
    assert (a["insufficient"], a["excessive"]) == (25.0, 12.5)
    # Wilson for 3 of 8, computed in test_wilson_general_case
    assert a["acceptability_ci"] == (13.68, 69.43)
    # tokens (1000 + 3000 + 2000 + 6000) / 4 = 3.0 k; rounds 16 / 8 = 2.0
    assert (a["reasoning_tokens_k"], a["retrieval_rounds"]) == (3.0, 2.0)
    # B: 1 of 2 accepted; 1 of 2 = k = n/2: half-width 1.959964·sqrt(1/8 + z²/16) / (1 + z²/2)
    #   = 1.959964 · 0.604228 / 2.920730 = 0.405469
    assert b["acceptability"] == 50.0 and b["acceptability_ci"] == (9.45, 90.55)
    # B has no L1: 0 of 2 → (0, z²/(2 + z²)) = 3.841459 / 5.841459 = 0.657618
    assert b["L1"] == 0.0 and b["L1_ci"] == (0.0, 65.76)
    # B: L3 1 of 2, premature 1 of 2, excessive 1 of 2; 5 rounds / 2 = 2.5
    assert (b["L3"], b["premature"], b["excessive"]) == (50.0, 50.0, 50.0)
    assert b["reasoning_tokens_k"] is None and b["retrieval_rounds"] == 2.5


def test_table1_agrees_with_the_plain_table1_formula() -> None:
    plain = table1(TABLE1_ROWS)
    for with_ci, without in zip(table1_ci(TABLE1_ROWS), plain, strict=True):
        assert {c: with_ci[c] for c in TABLE1_COLUMNS} == without


def test_every_rate_has_an_interval() -> None:
    (row,) = table1_ci([j("A", "L1", "accept")])
    for rate in RATES:
        assert f"{rate}_ci" in row


def test_table1_empty() -> None:
    assert table1_ci([]) == []


def test_table2_by_need_type_in_design_order() -> None:
    rows = table2_by_need_type(TABLE1_ROWS)
    # dependency: 2 (A L1 accept, A L1 reject); risk: 6; opportunity: 2; no blockage row
    assert [(r["need_type"], r["n"]) for r in rows] == [
        ("dependency", 2),
        ("risk", 6),
        ("opportunity", 2),
    ]
    dependency, risk, opportunity = rows
    assert dependency["acceptability"] == 50.0 and dependency["premature"] == 50.0
    # risk: accepted A L0, B L0 → 2/6; inaction 1/6; insufficient 2/6
    assert risk["acceptability"] == 33.33
    assert risk["inaction"] == 16.67 and risk["insufficient"] == 33.33
    # opportunity: A L3 accept, B L3 reject excessive; tokens none reported
    assert opportunity["L3"] == 100.0 and opportunity["excessive"] == 50.0
    assert opportunity["reasoning_tokens_k"] is None


def test_table2_by_domain_unknown_domains_go_last() -> None:
    rows = table2_by_domain([*TABLE1_ROWS, j("C", "L0", "accept", domain="zz_legacy")])
    # health (6) before travel (4) in DESIGN order (travel is 5th, health 3rd), unknown last
    assert [(r["domain"], r["n"]) for r in rows] == [
        ("health", 6),
        ("travel", 4),
        ("zz_legacy", 1),
    ]
    travel = rows[1]
    # travel: A L0 accept, A L0 reject, A L1 accept, B L0 accept → 3/4 accepted, L0 3/4
    assert travel["acceptability"] == 75.0 and travel["L0"] == 75.0
    # tokens reported on two: (1000 + 3000) / 2 = 2.0 k
    assert travel["reasoning_tokens_k"] == 2.0


def test_table9_agent_by_need_type() -> None:
    rows = table9(TABLE1_ROWS)
    assert [(r["agent"], r["need_type"], r["n"]) for r in rows] == [
        ("A", "dependency", 2),
        ("A", "risk", 5),
        ("A", "opportunity", 1),
        ("B", "risk", 1),
        ("B", "opportunity", 1),
    ]
    a_risk = rows[1]
    # A × risk: L0 accept, L0 reject, L2 belated/insufficient, L3 premature/excessive,
    # L1 appropriate/insufficient → accepted 1/5, premature 1/5, insufficient 2/5
    assert a_risk["acceptability"] == 20.0
    assert a_risk["premature"] == 20.0 and a_risk["insufficient"] == 40.0
    # 2 of 5: centre (0.4 + z²/10) / (1 + z²/5) = 0.784146 / 1.768292 = 0.443448;
    # half-width z·sqrt(0.048 + z²/100) / 1.768292 = 0.576159 / 1.768292 = 0.325828
    assert a_risk["insufficient_ci"] == (11.76, 76.93)


# --- Figure 3 ---------------------------------------------------------------------------------


def test_figure3_over_proactivity_by_hand() -> None:
    result = figure3([*TABLE1_ROWS, j("C", "L1", "accept")])
    a, b, c = result["by_agent"]
    # A rejected 5: L0, L1 premature, L2 belated/insufficient, L3 premature/excessive,
    # L1 appropriate/insufficient → over-proactive 2 (the premature ones)
    assert (a["agent"], a["rejected"], a["over_proactive"], a["share"]) == ("A", 5, 2, 40.0)
    assert a["share_ci"] == (11.76, 76.93)
    assert (b["rejected"], b["over_proactive"], b["share"]) == (1, 1, 100.0)
    # C rejected nothing: the share is undefined
    assert (c["rejected"], c["share"], c["share_ci"]) == (0, None, None)
    overall = result["overall"]
    assert (overall["agent"], overall["rejected"], overall["over_proactive"]) == ("all", 6, 3)
    # 3 of 6 = n/2: half-width z·sqrt(1/24 + z²/144) / (1 + z²/6) = 0.512387 / 1.640243
    assert overall["share"] == 50.0 and overall["share_ci"] == (18.76, 81.24)


def test_figure3_excessive_alone_is_over_proactive() -> None:
    result = figure3(
        [j("A", "L2", "reject", "appropriate", "excessive"), j("A", "L1", "reject", "belated")]
    )
    assert result["overall"]["over_proactive"] == 1 and result["overall"]["share"] == 50.0


# --- Figure 4 ---------------------------------------------------------------------------------

PAIRED = [
    j("A", "L1", "accept", scenario="s1", t=1),
    j("B", "L0", "accept", scenario="s1", t=1),
    j("C", "L3", "reject", "premature", "excessive", scenario="s1", t=1),
    j("A", "L3", "reject", "premature", "excessive", scenario="s1", t=2),
    j("B", "L0", "reject", scenario="s1", t=2),
    j("A", "L0", "accept", scenario="s2", t=1),
    j("B", "L1", "accept", scenario="s2", t=1),
    j("A", "L2", "accept", scenario="s2", t=3),
    j("B", "L0", "accept", scenario="s2", t=3),
    # not shared: same t in a different scenario does not count
    j("A", "L1", "accept", scenario="s3", t=1),
    j("B", "L0", "reject", scenario="s3", t=2),
]


def test_figure4_paired_by_hand() -> None:
    result = figure4(PAIRED, "A", "B")
    # shared: (s1,1), (s1,2), (s2,1), (s2,3)
    assert (result["n_shared"], result["n_a"], result["n_b"]) == (4, 4, 4)
    # intervention A 3/4, B 1/4 → +50 pp; acceptability A 3/4, B 3/4 → 0
    assert (result["intervention_a"], result["intervention_b"]) == (75.0, 25.0)
    assert result["delta_intervention_pp"] == 50.0
    assert (result["acceptability_a"], result["acceptability_b"]) == (75.0, 75.0)
    assert result["delta_acceptability_pp"] == 0.0
    # accepted L1–L3: A 2/4 (s1,1 and s2,3), B 1/4 (s2,1) → +25; accepted L0: A 1/4, B 2/4 → −25
    assert result["action_gain_pp"] == 25.0
    assert result["restraint_loss_pp"] == -25.0


def test_figure4_is_antisymmetric_and_thirds_round() -> None:
    rows = [
        j("A", "L1", "accept", t=1),
        j("A", "L1", "reject", "premature", "appropriate", issues=("other",), t=2),
        j("A", "L0", "accept", t=3),
        j("B", "L0", "accept", t=1),
        j("B", "L0", "accept", t=2),
        j("B", "L0", "accept", t=3),
    ]
    ab, ba = figure4(rows, "A", "B"), figure4(rows, "B", "A")
    # A: intervention 2/3, accepted 2/3 (L1 1/3, L0 1/3); B: no intervention, accepted 3/3
    assert ab["delta_intervention_pp"] == 66.67 and ba["delta_intervention_pp"] == -66.67
    assert ab["delta_acceptability_pp"] == -33.33
    assert ab["action_gain_pp"] == 33.33 and ab["restraint_loss_pp"] == -66.67


def test_figure4_no_shared_checkpoints() -> None:
    result = figure4([j("A", "L1", "accept", t=1), j("B", "L1", "accept", t=2)], "A", "B")
    assert result["n_shared"] == 0
    assert result["delta_acceptability_pp"] is None and result["action_gain_pp"] is None


def test_figure4_all_pairs() -> None:
    pairs = figure4_pairs(PAIRED)
    assert [(p["agent_a"], p["agent_b"]) for p in pairs] == [("A", "B"), ("A", "C"), ("B", "C")]
    assert pairs[0] == figure4(PAIRED, "A", "B")
    # A vs C share only (s1,1): A accepted L1, C rejected L3 → intervention 0, acceptability +100
    assert pairs[1]["n_shared"] == 1
    assert pairs[1]["delta_intervention_pp"] == 0.0
    assert pairs[1]["delta_acceptability_pp"] == 100.0 and pairs[1]["action_gain_pp"] == 100.0


# --- Figure 6 ---------------------------------------------------------------------------------


def _agent(name: str, rounds: int, accepted: int) -> list[JudgedResponse]:
    """4 L0 responses with mean retrieval rounds `rounds`, `accepted` of them accepted."""
    return [
        j(name, "L0", "accept" if i < accepted else "reject", rounds=rounds, t=i + 1)
        for i in range(4)
    ]


def test_figure6_correlation_by_hand() -> None:
    # mean rounds 1, 2, 3, 4; acceptability 25, 75, 50, 100
    rows = _agent("A", 1, 1) + _agent("B", 2, 3) + _agent("C", 3, 2) + _agent("D", 4, 4)
    result = figure6(rows)
    assert [
        (r["agent"], r["retrieval_rounds"], r["acceptability"]) for r in result["by_agent"]
    ] == [
        ("A", 1.0, 25.0),
        ("B", 2.0, 75.0),
        ("C", 3.0, 50.0),
        ("D", 4.0, 100.0),
    ]
    corr = result["correlation"]
    # Pearson: dx = (−1.5, −0.5, 0.5, 1.5), dy = (−37.5, 12.5, −12.5, 37.5):
    # Σdxdy = 100, Σdx² = 5, Σdy² = 3125 → r = 100 / sqrt(15625) = 0.8.
    # With n = 4 (2 df) the t test gives p = 1 − |r| exactly: t² = 2r²/(1 − r²), so
    # p = 1 − |t| / sqrt(2 + t²) = 1 − |r| = 0.2.
    assert corr["n_agents"] == 4
    assert corr["pearson_r"] == 0.8
    assert corr["pearson_p"] == pytest.approx(0.2)
    # Spearman: ranks (1, 2, 3, 4) vs (1, 3, 2, 4): Σd² = 2 → ρ = 1 − 6·2/60 = 0.8, p = 0.2
    assert corr["spearman_rho"] == 0.8
    assert corr["spearman_p"] == pytest.approx(0.2)
    assert corr["reason"] is None


def test_figure6_correlation_degenerate() -> None:
    two = figure6(_agent("A", 1, 1) + _agent("B", 2, 3))["correlation"]
    assert two["pearson_r"] is None and two["reason"] == "fewer than 3 agents"
    flat = figure6(_agent("A", 2, 1) + _agent("B", 2, 3) + _agent("C", 2, 2))["correlation"]
    assert flat["spearman_rho"] is None and "same for every agent" in flat["reason"]


def test_figure6_local_content_access_split() -> None:
    rows = [
        j("A", "L1", "accept", access=True),
        j("A", "L1", "accept", access=True),
        j("A", "L1", "reject", "appropriate", "insufficient", access=True),
        j("A", "L1", "reject", "belated", "insufficient", access=False),
        j("A", "L1", "reject", "appropriate", "excessive", access=False),
        # not L1: ignored by the split
        j("A", "L3", "accept", access=True),
        j("A", "L0", "reject", access=False),
    ]
    split = figure6(rows)["local_content_access"]
    # with: 3 L1, 2 accepted, 1 insufficient; without: 2 L1, none accepted, 1 insufficient
    assert split["with"]["n"] == 3
    assert split["with"]["acceptability"] == 66.67 and split["with"]["insufficient"] == 33.33
    assert split["without"]["n"] == 2
    assert split["without"]["acceptability"] == 0.0 and split["without"]["insufficient"] == 50.0
    # 0 of 2 → (0, z²/(2 + z²)) = (0, 65.76)
    assert split["without"]["acceptability_ci"] == (0.0, 65.76)


def _lpm_rows() -> list[JudgedResponse]:
    """3 checkpoints, each one L1 with and one without access; plus a singleton checkpoint."""
    rows = []
    for scenario, accepted_without in (("s1", False), ("s2", False), ("s3", True)):
        rows.append(j("A", "L1", "accept", scenario=scenario, access=True))
        verdict = "accept" if accepted_without else "reject"
        rows.append(j("A", "L1", verdict, "premature", "appropriate", scenario=scenario))
    rows.append(j("A", "L1", "reject", "belated", "appropriate", scenario="s4", access=True))
    rows.append(j("A", "L3", "accept", scenario="s1"))  # not L1: ignored
    return rows


def test_lpm_by_hand() -> None:
    result = linear_probability_model(_lpm_rows())
    # Within checkpoints the with − without differences are 1, 1, 0, so β = 2/3.
    # Demeaned access ±½, Σx̃² = 1.5; residuals per checkpoint ±(δ − β)/2, so the cluster
    # scores are (δ − β)/2 = 1/6, 1/6, −1/3 and the meat Σ = 1/36 + 1/36 + 1/9 = 1/6.
    # K counts the full dummy design's columns: G + A = 3 + 1 = 4, so
    # V = (1/1.5)² · 1/6 · G/(G − 1) · (N − 1)/(N − K) = 4/9 · 1/6 · 3/2 · 5/2 = 5/18
    # → SE 0.527046. t² = (4/9)/(5/18) = 8/5 with G − 1 = 2 df: p = 1 − |t| / sqrt(2 + t²) = 1/3;
    # t(0.975, 2) = 0.95 / sqrt(2 · 0.975 · 0.025) = 4.302653 → CI 2/3 ± 2.267712.
    assert result["coefficient"] == 66.67
    assert result["se"] == 52.7
    assert result["ci"] == (-160.1, 293.44)
    assert result["p_value"] == pytest.approx(1 / 3)
    # the singleton checkpoint s4 is dropped; 7 L1 responses in all
    assert (result["n"], result["clusters"], result["n_l1"]) == (6, 3, 7)
    assert result["reason"] is None
    assert figure6(_lpm_rows())["lpm"] == result


def test_lpm_matches_the_dummy_variable_regression() -> None:
    # The within transformation must give the coefficient of the textbook regression with
    # explicit agent and checkpoint dummies.
    rng = np.random.default_rng(7)
    rows = []
    for c in range(30):
        for agent in ("A", "B", "C"):
            if rng.random() < 0.8:
                access = bool(rng.random() < 0.5)
                if rng.random() < 0.5:
                    rows.append(j(agent, "L1", "accept", scenario=f"s{c}", access=access))
                else:
                    rows.append(
                        j(
                            agent,
                            "L1",
                            "reject",
                            "belated",
                            "appropriate",
                            scenario=f"s{c}",
                            access=access,
                        )
                    )
    result = linear_probability_model(rows)
    counts: dict[str, int] = {}
    for r in rows:
        counts[r.scenario_id] = counts.get(r.scenario_id, 0) + 1
    used = [r for r in rows if counts[r.scenario_id] > 1]
    checkpoints = sorted({r.scenario_id for r in used})
    x = np.array(
        [
            [float(r.local_content_access), 1.0, float(r.agent == "B"), float(r.agent == "C")]
            + [float(r.scenario_id == c) for c in checkpoints[1:]]
            for r in used
        ]
    )
    y = np.array([float(r.verdict == "accept") for r in used])
    dense = OLS(y, x).fit()
    assert result["coefficient"] == round(100 * float(dense.params[0]), 2)


def test_lpm_degenerate_cases() -> None:
    assert linear_probability_model([j("A", "L0", "accept")])["reason"].startswith("fewer than")
    same_access = [
        j("A", "L1", "accept", scenario=s, access=True) for s in ("s1", "s1", "s2", "s2")
    ]
    assert "access does not vary" in linear_probability_model(same_access)["reason"]
    # access varies only between checkpoints: absorbed by the checkpoint effects
    between = [
        j("A", "L1", "accept", scenario="s1", access=True),
        j("B", "L1", "reject", "belated", "appropriate", scenario="s1", access=True),
        j("A", "L1", "accept", scenario="s2"),
        j("B", "L1", "reject", "belated", "appropriate", scenario="s2"),
    ]
    result = linear_probability_model(between)
    assert result["coefficient"] is None
    assert (
        result["reason"] == "local content access does not vary within checkpoints beyond the agent"
    )
    # access is the agent: A always with, B always without → collinear with the agent dummy
    collinear = [
        j("A", "L1", "accept", scenario="s1", access=True),
        j("B", "L1", "reject", "belated", "appropriate", scenario="s1"),
        j("A", "L1", "reject", "belated", "appropriate", scenario="s2", access=True),
        j("B", "L1", "accept", scenario="s2"),
    ]
    assert "beyond the agent" in linear_probability_model(collinear)["reason"]
    all_accepted = [
        j("A", "L1", "accept", scenario=s, access=a) for s in ("s1", "s2") for a in (True, False)
    ]
    assert "acceptance does not vary" in linear_probability_model(all_accepted)["reason"]
    # 2 checkpoints × 2 responses, K = 1: N − G − K = 4 − 2 − 1 = 1 is fine; fewer clusters
    # than min_clusters is refused
    assert linear_probability_model(_lpm_rows(), min_clusters=4)["reason"].startswith("fewer")


# --- Figure 7 ---------------------------------------------------------------------------------


def test_figure7_by_hand() -> None:
    rows = [
        # c1: A's well-timed insufficient L1; B accepted there → accepted elsewhere
        j("A", "L1", "reject", "appropriate", "insufficient", scenario="s1", t=1),
        j("B", "L0", "accept", scenario="s1", t=1),
        # c2: A's well-timed excessive L1; only A's own (other run) accepted → not elsewhere
        j("A", "L1", "reject", "appropriate", "excessive", scenario="s1", t=2),
        j("A", "L1", "accept", scenario="s1", t=2),
        j("B", "L1", "reject", "premature", "appropriate", scenario="s1", t=2),
        # c3: A's well-timed appropriate L3 (other issue); C accepted there
        j("A", "L3", "reject", "appropriate", "appropriate", issues=("other",), scenario="s2"),
        j("C", "L2", "accept", scenario="s2"),
        # outside the base: premature timing, L0, accepted
        j("C", "L3", "reject", "premature", "excessive", scenario="s3"),
        j("C", "L0", "reject", scenario="s3", t=2),
    ]
    l1, l2, l3, total = figure7(rows)
    assert [r["level"] for r in (l1, l2, l3, total)] == ["L1", "L2", "L3", "L1–L3"]
    assert l1["n"] == 2
    assert (l1["insufficient"], l1["excessive"], l1["appropriate"]) == (50.0, 50.0, 0.0)
    assert (l1["accepted_elsewhere_count"], l1["accepted_elsewhere"]) == (1, 50.0)
    assert l2["n"] == 0 and l2["insufficient"] is None and l2["insufficient_ci"] is None
    assert (l3["n"], l3["appropriate"], l3["accepted_elsewhere"]) == (1, 100.0, 100.0)
    # 1 of 1 → (1/(1 + z²), 1) = (1 / 4.841459, 1) = (20.65, 100)
    assert l3["appropriate_ci"] == (20.65, 100.0)
    assert total["n"] == 3
    assert (total["insufficient"], total["excessive"], total["appropriate"]) == (
        33.33,
        33.33,
        33.33,
    )
    assert (total["accepted_elsewhere_count"], total["accepted_elsewhere"]) == (2, 66.67)


# --- Figures 5, 8 and 9 -----------------------------------------------------------------------

FIGURE589_ROWS = [
    # each row's scenario is set to its (domain, need type) below: one per checkpoint, as stored
    # health: A 2 of 3 accepted, B 4 of 6 (the same 2/3: a tie), C 1 of 2
    j("A", "L1", "accept", domain="health", need="dependency"),
    j("A", "L0", "accept", domain="health"),
    j("A", "L2", "reject", "premature", "excessive", domain="health"),
    j("B", "L1", "accept", domain="health", need="dependency"),
    j("B", "L1", "accept", domain="health", need="dependency"),
    j("B", "L3", "accept", domain="health"),
    j("B", "L0", "accept", domain="health"),
    j("B", "L0", "reject", domain="health"),
    j("B", "L1", "reject", "belated", "insufficient", domain="health"),
    j("C", "L1", "accept", domain="health", need="opportunity"),
    j("C", "L1", "reject", "premature", "appropriate", domain="health", need="opportunity"),
    # education: A 0 of 1, B 1 of 4
    j("A", "L0", "reject", domain="education"),
    j("B", "L2", "accept", domain="education", need="blockage"),
    j("B", "L0", "reject", domain="education"),
    j("B", "L1", "reject", "appropriate", "insufficient", domain="education"),
    j("B", "L3", "reject", "premature", "excessive", domain="education", need="blockage"),
    # travel: A 1 of 1, D 2 of 2 (both 100%: a tie at different n); workplace: D alone, 0 of 1
    j("A", "L1", "accept", domain="travel"),
    j("D", "L1", "accept", domain="travel", need="opportunity"),
    j("D", "L0", "accept", domain="travel", need="opportunity"),
    j("D", "L2", "reject", "appropriate", "excessive", domain="workplace"),
]
FIGURE589_ROWS = [replace(r, scenario_id=f"{r.domain}-{r.need_type}") for r in FIGURE589_ROWS]


def test_figure5_by_hand() -> None:
    a, b, c, d = figure5(FIGURE589_ROWS)
    assert [r["agent"] for r in (a, b, c, d)] == ["A", "B", "C", "D"]
    # A, n = 5: L0 2 (health accept, education reject) = 40%; accepted 3 = 60%, of which at
    # L1–L3 2 (health L1, travel L1) = 40% and at L0 1 = 20%: 40 + 20 = 60
    assert (a["n"], a["L0"], a["acceptability"]) == (5, 40.0, 60.0)
    assert (a["accepted_action"], a["accepted_restraint"]) == (40.0, 20.0)
    # Wilson, z² = 3.841459, n = 5: 2 of 5 → centre (0.4 + 0.384146) / 1.768292 = 0.443449,
    # half-width 1.959964·sqrt(0.048 + 0.038415) / 1.768292 = 0.325828 → (11.76, 76.93);
    # 3 of 5 mirrors it; 1 of 5 → 0.330345 ± 0.294120 → (3.62, 62.45)
    assert a["L0_ci"] == a["accepted_action_ci"] == (11.76, 76.93)
    assert a["acceptability_ci"] == (23.07, 88.24)
    assert a["accepted_restraint_ci"] == (3.62, 62.45)
    # B, n = 10: L0 3 = 30%; accepted 5 = 50% = 4 at L1–L3 (40%) + 1 at L0 (10%)
    assert (b["n"], b["L0"], b["acceptability"]) == (10, 30.0, 50.0)
    assert (b["accepted_action"], b["accepted_restraint"]) == (40.0, 10.0)
    assert b["acceptability_ci"] == (23.66, 76.34)  # 5 of 10: 0.5 ± 0.263357
    # C, n = 2: no L0 → 0 of 2 → (0, z² / (2 + z²)) = (0, 65.76); 1 of 2 accepted at L1
    assert (c["L0"], c["L0_ci"], c["acceptability"]) == (0.0, (0.0, 65.76), 50.0)
    assert (c["accepted_action"], c["accepted_restraint"]) == (50.0, 0.0)
    # D, n = 3: 1/3 + 1/3 each rounds to 33.33, acceptability 2/3 to 66.67: the parts add to ±0.01
    assert (d["L0"], d["acceptability"]) == (33.33, 66.67)
    assert (d["accepted_action"], d["accepted_restraint"]) == (33.33, 33.33)
    for row in (a, b, c, d):
        total = row["accepted_action"] + row["accepted_restraint"]
        assert abs(total - row["acceptability"]) <= 0.01 + 1e-9
    assert figure5([]) == []


def test_figure8_by_hand() -> None:
    rows = figure8(FIGURE589_ROWS)
    got = [(r["domain"], r["agent"], r["n"], r["accepted"], r["acceptability"]) for r in rows]
    # DESIGN §2 order of domains: workplace, education, health, ..., travel
    assert got == [
        ("workplace", "D", 1, 0, 0.0),
        ("education", "A", 1, 0, 0.0),
        ("education", "B", 4, 1, 25.0),
        ("health", "A", 3, 2, 66.67),
        ("health", "B", 6, 4, 66.67),
        ("health", "C", 2, 1, 50.0),
        ("travel", "A", 1, 1, 100.0),
        ("travel", "D", 2, 2, 100.0),
    ]
    # leaders: D is alone in workplace (nobody to lead); B leads education; A and B tie in
    # health (2/3 = 4/6, compared exactly); A and D tie in travel (1/1 = 2/2)
    assert [r["leader"] for r in rows] == [False, False, True, True, True, False, True, True]
    # 0 of 1 → (0, z² / (1 + z²)) = (0, 79.35); 1 of 4 (Table 1 fixture) → (4.56, 69.94);
    # 2 of 3 → (20.77, 93.85); 4 of 6 → (30.0, 90.32); n of n → (n / (n + z²), 100)
    assert [r["acceptability_ci"] for r in rows] == [
        (0.0, 79.35),
        (0.0, 79.35),
        (4.56, 69.94),
        (20.77, 93.85),
        (30.0, 90.32),
        (9.45, 90.55),
        (20.65, 100.0),
        (34.24, 100.0),
    ]


def test_figure8_leader_ties_are_exact_not_rounded() -> None:
    # A: 1/3 = 33.333...%; B: 3,333 of 10,000 = 33.33%: both show 33.33, only A leads
    rows = [j("A", "L1", "accept"), j("A", "L0", "reject"), j("A", "L1", "reject", "belated")]
    accept, refuse = j("B", "L1", "accept"), j("B", "L0", "reject")
    rows += [replace(accept if i < 3_333 else refuse, response_id=f"b{i}") for i in range(10_000)]
    a, b = figure8(rows)
    assert a["acceptability"] == b["acceptability"] == 33.33
    assert (a["leader"], b["leader"]) == (True, False)


def test_figure9_by_hand() -> None:
    rows = figure9(FIGURE589_ROWS)
    got = [(r["domain"], r["need_type"], r["n"], r["accepted"], r["acceptability"]) for r in rows]
    # domains in DESIGN §2 order, then need types (dependency, blockage, risk, opportunity)
    assert got == [
        ("workplace", "risk", 1, 0, 0.0),  # D's L2 reject
        ("education", "blockage", 2, 1, 50.0),  # B's L2 accept and L3 reject
        ("education", "risk", 3, 0, 0.0),  # A's L0, B's L0 and L1, all rejected
        ("health", "dependency", 3, 3, 100.0),  # A's L1, B's two L1, accepted
        ("health", "risk", 6, 3, 50.0),  # A L0 ✓ L2 ✗, B L3 ✓ L0 ✓ L0 ✗ L1 ✗
        ("health", "opportunity", 2, 1, 50.0),  # C
        ("travel", "risk", 1, 1, 100.0),  # A
        ("travel", "opportunity", 2, 2, 100.0),  # D
    ]
    # 0 of 3 → (0, z² / (3 + z²)) = (0, 56.15); 3 of 3 → 3 / 6.841459 = 43.85; 3 of 6 → 0.5 ±
    # 0.312418 = (18.76, 81.24)
    cis = {(r["domain"], r["need_type"]): r["acceptability_ci"] for r in rows}
    assert cis[("education", "risk")] == (0.0, 56.15)
    assert cis[("health", "dependency")] == (43.85, 100.0)
    assert cis[("health", "risk")] == (18.76, 81.24)
    assert figure9([]) == []


def test_figures_5_8_9_of_cells_equal_the_row_computation() -> None:
    """The application's modules (over cells) against the oracles' own counting (over rows)."""
    rows = generate_paper_shaped(n_models=5, n_scenarios=160, k=2, seed=3)
    cells = judged_cells(rows)
    assert [r.to_dict() for r in figure5_of_cells(cells)] == figure5(rows)
    assert [r.to_dict() for r in figure8_of_cells(cells)] == figure8(rows)
    assert [r.to_dict() for r in figure9_of_cells(cells)] == figure9(rows)
    assert any(r["leader"] for r in figure8(rows))
    assert [r.to_dict() for r in figure8_of_cells(judged_cells(FIGURE589_ROWS))] == figure8(
        FIGURE589_ROWS
    )


# --- Table 10 ---------------------------------------------------------------------------------


def test_table10_other_issues_by_hand() -> None:
    rows = [
        j("A", "L1", "reject", "premature", "appropriate", issues=("unsupported_by_evidence",)),
        # the same category twice counts once for this response
        j(
            "A",
            "L2",
            "reject",
            "appropriate",
            "appropriate",
            issues=("unsupported_by_evidence", "other", "unsupported_by_evidence"),
        ),
        j("A", "L0", "reject", issues=("zz_legacy",)),
        j("A", "L0", "reject"),
        # accepted responses are never counted
        j("A", "L1", "accept", issues=("other",)),
    ]
    result = table10(rows)
    assert (result["rejected"], result["with_other_issues"]) == (4, 3)
    assert result["share_of_rejected"] == 75.0
    by = {c["category"]: c for c in result["categories"]}
    assert [c["category"] for c in result["categories"]] == [
        "unsupported_by_evidence",
        "irrelevant_action",
        "factual_contradiction",
        "other",
        "zz_legacy",
    ]
    assert (
        by["unsupported_by_evidence"]["count"],
        by["unsupported_by_evidence"]["share_within"],
    ) == (
        2,
        66.67,
    )
    assert by["unsupported_by_evidence"]["share_of_rejected"] == 50.0
    assert (by["other"]["count"], by["other"]["share_within"]) == (1, 33.33)
    assert by["other"]["share_of_rejected"] == 25.0
    # 0 of 4 → (0, z²/(4 + z²)) = 3.841459 / 7.841459 = 0.489887
    assert by["irrelevant_action"]["count"] == 0
    assert by["irrelevant_action"]["share_of_rejected_ci"] == (0.0, 48.99)


def test_table10_nothing_rejected() -> None:
    result = table10([j("A", "L1", "accept")])
    assert result["rejected"] == 0 and result["share_of_rejected"] is None
    assert [c["count"] for c in result["categories"]] == [0, 0, 0, 0]


# --- Table 11 ---------------------------------------------------------------------------------


def test_table11_judge_accuracy_by_hand() -> None:
    human = [
        j("A", "L1", "accept", response_id="h1"),
        j("A", "L3", "reject", "premature", "excessive", response_id="h2"),
        j("A", "L0", "reject", response_id="h3"),
        j("A", "L0", "accept", response_id="h4"),
        j("A", "L2", "accept", response_id="h5"),  # no prediction
    ]
    predictions: dict[str, dict[str, str | None]] = {
        "h1": {"verdict": "accept", "level": "L1", "timing": None, "intensity": None},
        "h2": {
            "verdict": "reject",
            "level": "L3",
            "timing": "premature",
            "intensity": "appropriate",
        },
        "h3": {"verdict": "accept", "level": "L0", "timing": None, "intensity": None},
        "h4": {"verdict": "accept", "level": "L0", "timing": None},  # missing key = None
        "zz": {"verdict": "accept", "level": "L0"},  # no human row: ignored
    }
    result = table11(human, predictions).to_dict()
    assert (result["n"], result["unmatched"]) == (4, 1)
    # verdict right on h1, h2, h4; all four fields right on h1 and h4
    assert result["verdict_accuracy"] == 75.0
    assert result["joint_accuracy"] == 50.0
    # 2 of 4 = n/2: half-width z·sqrt(1/16 + z²/64) / (1 + z²/4) = 0.686052 / 1.960365
    assert result["joint_accuracy_ci"] == (15.0, 85.0)
    confusion = result["confusion"]
    assert confusion["verdict"] == {
        "accept": {"accept": 2, "reject": 0},
        "reject": {"accept": 1, "reject": 1},
    }
    assert confusion["intensity"] == {
        "appropriate": {"appropriate": 0, "excessive": 0, "none": 0},
        "excessive": {"appropriate": 1, "excessive": 0, "none": 0},
        "none": {"appropriate": 0, "excessive": 0, "none": 3},
    }
    assert confusion["level"]["L0"] == {"L0": 2, "L1": 0, "L3": 0}


def test_table11_no_matches() -> None:
    result = table11([j("A", "L1", "accept")], {}).to_dict()
    assert result["n"] == 0 and result["verdict_accuracy"] is None
    assert result["confusion"]["verdict"] == {}


# --- Tables 7–8 -------------------------------------------------------------------------------


def test_tables7_8_sampling_passes_agent_scenario_t_and_n() -> None:
    rows = [
        j("A", "L0", "accept", scenario="s1", t=1, n=3),
        j("B", "L0", "accept", scenario="s1", t=3, n=3),
    ]
    result = tables7_8(rows)
    assert result["responses"] == 2
    assert result["by_length"] == {3: {1: 1, 3: 1}}
    # A at normalised position 0, B at 1: Wasserstein distance 1
    assert result["max_wasserstein"] == 1.0 and result["max_wasserstein_pair"] == ["A", "B"]
    # agent × t table [[1, 0], [0, 1]]: χ² = 2, V = sqrt(2 / (2 · 1)) = 1
    assert result["cramers_v"] == 1.0


# --- counts: the same results as computing over rows ------------------------------------------


def _statsmodels_lpm(rows: list[JudgedResponse]) -> dict[str, Any] | None:
    """The model of DESIGN §8 fitted independently, as a researcher would check it: statsmodels
    OLS with agent and checkpoint dummies on the L1 response rows (checkpoints with two or more
    of them), standard errors clustered by checkpoint."""
    import pandas as pd
    from statsmodels.formula.api import ols

    l1 = [r for r in rows if r.level == "L1"]
    sizes = Counter(checkpoint_key(r) for r in l1)
    used = [r for r in l1 if sizes[checkpoint_key(r)] > 1]
    frame = pd.DataFrame(
        {
            "accepted": [float(accepted(r)) for r in used],
            "access": [float(r.local_content_access) for r in used],
            "agent": [r.agent for r in used],
            "checkpoint": ["/".join(map(str, checkpoint_key(r))) for r in used],
        }
    )
    groups = frame["checkpoint"].astype("category").cat.codes.to_numpy()
    fit = ols("accepted ~ access + C(agent) + C(checkpoint)", data=frame).fit(
        cov_type="cluster", cov_kwds={"groups": groups}, use_t=True
    )
    low, high = (float(v) for v in fit.conf_int(alpha=0.05).loc["access"])
    return {
        "coefficient": round(100 * float(fit.params["access"]), 2),
        "se": round(100 * float(fit.bse["access"]), 2),
        "ci": (round(100 * low, 2), round(100 * high, 2)),
        "p_value": float(fit.pvalues["access"]),
        "n": len(used),
        "clusters": int(frame["checkpoint"].nunique()),
    }


def _random_l1(seed: int, agents: str, checkpoints: int, repeats: int) -> list[JudgedResponse]:
    """L1 responses of several agents at several checkpoints, some checkpoints visited
    `repeats` times per agent (so cells hold several responses), random access and verdicts."""
    rng = np.random.default_rng(seed)
    rows = []
    for c in range(checkpoints):
        for agent in agents:
            for _ in range(int(rng.integers(0, repeats + 1))):
                access = bool(rng.random() < 0.3 + 0.1 * agents.index(agent))
                p_accept = 0.35 + 0.25 * access + 0.05 * agents.index(agent) + 0.01 * (c % 7)
                if rng.random() < p_accept:
                    rows.append(
                        j(agent, "L1", "accept", scenario=f"s{c}", t=1 + c % 3, access=access)
                    )
                else:
                    rows.append(
                        j(
                            agent,
                            "L1",
                            "reject",
                            "belated",
                            "appropriate",
                            scenario=f"s{c}",
                            t=1 + c % 3,
                            access=access,
                        )
                    )
    rows.append(j("A", "L2", "accept", scenario="s0"))  # not L1: ignored
    return rows


@pytest.mark.parametrize(
    ("seed", "agents", "checkpoints", "repeats"),
    [
        (1, "AB", 12, 1),
        (2, "ABC", 40, 2),
        (3, "ABCD", 150, 3),
        (4, "AB", 6, 5),
        (5, "ABCDE", 80, 1),
    ],
)
def test_lpm_from_counts_equals_the_row_level_statsmodels_fit(
    seed: int, agents: str, checkpoints: int, repeats: int
) -> None:
    rows = _random_l1(seed, agents, checkpoints, repeats)
    result = linear_probability_model(rows)
    assert result["reason"] is None
    reference = _statsmodels_lpm(rows)
    assert reference is not None
    for key in ("coefficient", "se", "ci", "n", "clusters"):
        assert result[key] == reference[key], key
    assert result["p_value"] == pytest.approx(reference["p_value"], rel=1e-9, abs=1e-15)
    # cells hold several responses here: the count-based fit did not see them one by one
    assert len(lpm_cells(judged_cells(rows))) < result["n"] or repeats == 1


def test_merged_cells_equal_the_cell_of_all_rows() -> None:
    rows = [r for r in TABLE1_ROWS if r.agent == "A"]
    rows = [*rows, j("A", "L1", "reject", "appropriate", "insufficient", issues=("other", "zz"))]
    first, second = count_cell(rows[:4]), count_cell(rows[4:])
    assert merge_cell(first, second) == count_cell(rows)


def test_cells_feed_every_row_function() -> None:
    cells = judged_cells([*TABLE1_ROWS, *PAIRED])
    assert figure3_of_cells(cells).to_dict() == figure3([*TABLE1_ROWS, *PAIRED])
    assert sum(c.n for c in cells) == len(TABLE1_ROWS) + len(PAIRED)
    # one cell per agent and checkpoint
    assert len(cells) == len({(r.agent, checkpoint_key(r)) for r in [*TABLE1_ROWS, *PAIRED]})


def test_csv_neutralises_text_cells_that_look_like_formulas() -> None:
    from app.metrics.render import render_table

    rows = [
        {"agent": "-1-2", "acceptability": -12.5, "note": "=SUM(A1)"},
        {"agent": "+A1", "acceptability": 0.0, "note": "@cmd"},
        {"agent": "plain-name", "acceptability": 3.0, "note": None},
    ]
    text = render_table(["agent", "acceptability", "note"], rows, "csv")
    assert text.splitlines() == [
        "agent,acceptability,note",
        "'-1-2,-12.5,'=SUM(A1)",
        "'+A1,0.0,'@cmd",
        "plain-name,3.0,",
    ]
    assert "'-1-2" not in render_table(["agent"], rows, "json")
