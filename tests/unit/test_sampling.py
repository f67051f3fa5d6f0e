"""Checkpoint sampling constraints of DESIGN.md §6."""

from __future__ import annotations

import math
import random
import subprocess
import sys
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.scenarios.sampling import sample_checkpoints, sampling_diagnostics_from_counts, stable_seed


def sampling_diagnostics(rows: list[tuple[str, str, int, int]]) -> dict[str, Any]:
    """The diagnostics of sampled rows ``(agent, scenario_id, t, n)``: counted per (agent, t, n),
    as the SQL aggregate counts them, into the app's one definition."""
    return sampling_diagnostics_from_counts(Counter((a, t, n) for a, _s, t, n in rows))


@settings(max_examples=200, deadline=None)
@given(n=st.integers(4, 6), m=st.integers(1, 12), k=st.integers(1, 4), seed=st.integers(0, 10**6))
def test_distinct_and_balanced(n: int, m: int, k: int, seed: int) -> None:
    agents = [f"agent-{i}" for i in range(m)]
    plan = sample_checkpoints(n, agents, k, seed=seed, scenario_id="s")
    loads: Counter[int] = Counter()
    for agent in agents:
        ts = plan[agent]
        assert len(ts) == len(set(ts)) == min(k, n)
        assert all(1 <= t <= n for t in ts)
        loads.update(ts)
    kk = min(k, n)
    low, high = math.floor(kk * m / n), math.ceil(kk * m / n)
    assert all(low <= loads[t] <= high for t in range(1, n + 1))


def test_same_seed_same_sample_in_a_new_process() -> None:
    here = sample_checkpoints(5, ["a", "b", "c"], 2, seed=7, scenario_id="hm-03")
    code = (
        "from app.scenarios.sampling import sample_checkpoints;"
        "print(sample_checkpoints(5, ['a', 'b', 'c'], 2, seed=7, scenario_id='hm-03'))"
    )
    other = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONHASHSEED": "12345", "PATH": ""},
    )
    assert other.stdout.strip() == str(here)


def test_stable_seed_is_sha256_based() -> None:
    # sha256("0:hm-03")[:16] as an integer, computed independently of the function
    import hashlib

    assert stable_seed(0, "hm-03") == int(hashlib.sha256(b"0:hm-03").hexdigest()[:16], 16)


def test_diagnostics_identical_agents() -> None:
    rows = [("a", "s1", 1, 5), ("a", "s1", 5, 5), ("b", "s1", 1, 5), ("b", "s1", 5, 5)]
    d = sampling_diagnostics(rows)
    assert d["cramers_v"] == 0.0 and d["max_wasserstein"] == 0.0
    assert d["by_length"] == {5: {1: 2, 5: 2}} and d["responses"] == 4


def test_diagnostics_fully_separated_agents() -> None:
    # a always at the first event, b always at the last: V = 1, W between {0} and {1} = 1
    rows = [("a", f"s{i}", 1, 5) for i in range(3)] + [("b", f"s{i}", 5, 5) for i in range(3)]
    d = sampling_diagnostics(rows)
    assert d["cramers_v"] == 1.0 and d["max_wasserstein"] == 1.0
    assert d["max_wasserstein_pair"] == ["a", "b"]


def test_diagnostics_hand_computed_wasserstein() -> None:
    # normalised positions: a = {0, 0.5}, b = {0.5, 1} on n = 5 (t = 1, 3 and 3, 5): W = 0.5
    rows = [("a", "s", 1, 5), ("a", "s", 3, 5), ("b", "s", 3, 5), ("b", "s", 5, 5)]
    assert sampling_diagnostics(rows)["max_wasserstein"] == 0.5


def test_flow_sample_is_balanced_at_paper_scale() -> None:
    agents = [f"model-{i}" for i in range(10)]
    rows = []
    for s in range(40):
        n = 4 + s % 3
        for agent, ts in sample_checkpoints(n, agents, 2, seed=0, scenario_id=f"s{s}").items():
            rows.extend((agent, f"s{s}", t, n) for t in ts)
    d = sampling_diagnostics(rows)
    assert d["responses"] == 800
    assert d["cramers_v"] < 0.2 and d["max_wasserstein"] < 0.2


def test_wasserstein_matches_scipy_for_every_pair() -> None:
    from itertools import combinations

    from scipy.stats import wasserstein_distance

    rng = random.Random(7)
    rows = [
        (f"agent-{rng.randrange(12)}", f"s{i}", t, n)
        for i in range(600)
        for n in [rng.choice((3, 4, 5, 6))]
        for t in [rng.randint(1, n)]
    ]
    d = sampling_diagnostics(rows)
    positions: dict[str, list[float]] = {}
    for agent, _s, t, n in rows:
        positions.setdefault(agent, []).append((t - 1) / (n - 1))
    distances = {
        (a, b): wasserstein_distance(positions[a], positions[b])
        for a, b in combinations(sorted(positions), 2)
    }
    expected = max(distances.values())
    assert abs(d["max_wasserstein"] - expected) <= 5e-5
    assert distances[tuple(d["max_wasserstein_pair"])] == pytest.approx(expected)


def test_diagnostics_of_hundreds_of_agents_take_milliseconds() -> None:
    # an import of 12,800 responses from 400 agents: 79,800 pairs (a scipy call each took ~3 s)
    import time

    rows = [(f"ext-{a}", f"s{s}", 1 + (a + s) % 5, 5) for a in range(400) for s in range(32)]
    started = time.perf_counter()
    d = sampling_diagnostics(rows)
    assert time.perf_counter() - started < 0.5
    assert d["responses"] == 12_800 and d["max_wasserstein"] is not None
