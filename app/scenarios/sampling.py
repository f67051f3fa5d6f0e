"""Checkpoint sampling (DESIGN.md §6): each agent gets k distinct checkpoints per scenario, and
each checkpoint is used by ⌊km/n⌋ or ⌈km/n⌉ agents.

Randomness comes from a seed derived with sha256 (never Python's salted ``hash()``), so every
process draws the same sample for the same run seed. Verdicts are never an input.
"""

from __future__ import annotations

import hashlib
import random


def stable_seed(*parts: object) -> int:
    """A 64-bit seed from sha256 of the parts joined by ':' — identical in every process."""
    digest = hashlib.sha256(":".join(str(p) for p in parts).encode("utf-8")).hexdigest()
    return int(digest[:16], 16)


def sample_checkpoints(
    n: int, agents: list[str], k: int, *, seed: int, scenario_id: str
) -> dict[str, list[int]]:
    """Assign k distinct checkpoints (1..n) to each agent for one scenario.

    The checkpoints are put in a seeded random order and dealt round-robin: agent i takes the
    k positions after agent i-1's, wrapping around. Consecutive deals of k ≤ n positions are
    distinct, and a round-robin deal of k·m items over n slots gives every slot ⌊km/n⌋ or
    ⌈km/n⌉ items, so both constraints of DESIGN §6 hold by construction.

    Args:
        n: number of events (checkpoints 1..n).
        agents: agent names, in a fixed order.
        k: checkpoints per agent (clipped to n).
        seed: the run seed.
        scenario_id: mixed into the seed so scenarios differ.

    Returns:
        agent name → sorted list of k distinct checkpoints.

    Raises:
        ValueError: n < 1 or k < 1.
    """
    if n < 1 or k < 1:
        raise ValueError("n and k must be positive")
    k = min(k, n)
    rng = random.Random(stable_seed(seed, scenario_id))
    order = list(range(1, n + 1))
    rng.shuffle(order)
    agent_order = sorted(agents)
    rng.shuffle(agent_order)
    out: dict[str, list[int]] = {}
    for i, agent in enumerate(agent_order):
        out[agent] = sorted(order[(i * k + j) % n] for j in range(k))
    return {agent: out[agent] for agent in agents}
