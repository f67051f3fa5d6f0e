"""Table 1 columns against values computed by hand (DESIGN.md §8)."""

from __future__ import annotations

import itertools

from app.metrics.responses import JudgedResponse
from tests.metrics_oracles import table1

_ids = itertools.count(1)


def r(
    agent: str,
    level: str,
    verdict: str,
    timing: str | None = None,
    intensity: str | None = None,
    tokens: int | None = None,
    rounds: int = 0,
) -> JudgedResponse:
    return JudgedResponse(
        response_id=f"r{next(_ids)}",
        agent=agent,
        scenario_id="s1",
        checkpoint=1,
        num_events=5,
        need_type="risk",
        domain="health",
        level=level,
        level_predicted=level,
        verdict=verdict,
        timing=timing,
        intensity=intensity,
        inaction=verdict == "reject" and level == "L0",
        reasoning_tokens=tokens,
        retrieval_rounds=rounds,
    )


ROWS = [
    # agent A: 8 responses
    r("A", "L0", "accept", tokens=1000, rounds=0),
    r("A", "L0", "reject", tokens=3000, rounds=1),  # inaction
    r("A", "L1", "accept", tokens=None, rounds=2),
    r("A", "L1", "reject", "premature", "appropriate", tokens=2000, rounds=3),
    r("A", "L2", "reject", "belated", "insufficient", rounds=1),
    r("A", "L3", "reject", "premature", "excessive", tokens=6000, rounds=4),
    r("A", "L3", "accept", rounds=2),
    r("A", "L1", "reject", "appropriate", "insufficient", rounds=3),
    # agent B: 2 responses, no reasoning tokens reported
    r("B", "L0", "accept"),
    r("B", "L3", "reject", "premature", "excessive", rounds=5),
]


def test_table1_by_hand() -> None:
    a, b = table1(ROWS)
    # A: accepted 3/8 = 37.5; levels L0 2/8, L1 3/8, L2 1/8, L3 2/8
    assert a["agent"] == "A" and a["n"] == 8
    assert a["acceptability"] == 37.5
    assert (a["L0"], a["L1"], a["L2"], a["L3"]) == (25.0, 37.5, 12.5, 25.0)
    # inaction 1/8; premature 2/8; belated 1/8; insufficient 2/8; excessive 1/8
    assert a["inaction"] == 12.5
    assert a["premature"] == 25.0
    assert a["belated"] == 12.5
    assert a["insufficient"] == 25.0
    assert a["excessive"] == 12.5
    # reasoning tokens reported on 4 responses: (1000+3000+2000+6000)/4 = 3000 → 3.0 k
    assert a["reasoning_tokens_k"] == 3.0
    # rounds (0+1+2+3+1+4+2+3)/8 = 2.0
    assert a["retrieval_rounds"] == 2.0
    assert b == {
        "agent": "B",
        "n": 2,
        "acceptability": 50.0,
        "L0": 50.0,
        "L1": 0.0,
        "L2": 0.0,
        "L3": 50.0,
        "inaction": 0.0,
        "premature": 50.0,
        "belated": 0.0,
        "insufficient": 0.0,
        "excessive": 50.0,
        "reasoning_tokens_k": None,
        "retrieval_rounds": 2.5,
    }


def test_rates_round_to_two_decimals() -> None:
    rows = [r("C", "L1", "accept"), r("C", "L1", "accept"), r("C", "L0", "reject")]
    (c,) = table1(rows)
    assert c["acceptability"] == 66.67 and c["inaction"] == 33.33


def test_empty_input_gives_no_rows() -> None:
    assert table1([]) == []
