"""Retries with backoff, shared by every job that waits on something that may come back.

An endpoint today (DESIGN.md §13).

Exponential backoff with full jitter: the wait before retry ``attempt`` (0-based) is drawn
uniformly from ``[0, min(cap, base · 2^attempt)]`` seconds, so many waiting items spread out
instead of retrying in step.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime
from typing import Any


def full_jitter_delay(attempt: int, *, base_s: float, cap_s: float, rng: random.Random) -> float:
    """Seconds to wait before retry `attempt` (0-based): uniform(0, min(cap_s, base_s · 2^attempt)).

    Args:
        attempt: how many attempts have failed before this wait, minus one.
        base_s: the first window, in seconds.
        cap_s: the largest window, in seconds.
        rng: the jitter source (tests pass a seeded one).
    """
    return rng.uniform(0, min(cap_s, base_s * (2**attempt)))


@dataclass
class Backoff:
    """What an item waiting to retry reports (a run page shows "retrying until …").

    Attributes:
        reason: why it waits (e.g. ``rate_limited``, ``endpoint_unavailable``).
        until: when the next attempt starts (aware, UTC).
        attempt: the number of the attempt it waits for (1 for the first retry).
        calls: the failed attempts so far (:class:`app.agents.client.LLMCall` each), so a caller
            can write them before the next attempt is sent.
    """

    reason: str
    until: datetime
    attempt: int
    calls: tuple[Any, ...] = ()
