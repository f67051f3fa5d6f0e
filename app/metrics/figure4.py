"""Paper Figure 4: paired comparisons of two agents on their shared checkpoints.

DESIGN.md §8. No I/O here.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from itertools import combinations

from app.metrics.cells import JudgedCell, merge_cell
from app.metrics.record import Record
from app.vocabulary import ACTION_LEVELS

FIGURE4_COLUMNS: tuple[str, ...] = (
    "agent_a",
    "agent_b",
    "n_shared",
    "n_a",
    "n_b",
    "intervention_a",
    "intervention_b",
    "acceptability_a",
    "acceptability_b",
    "delta_intervention_pp",
    "delta_acceptability_pp",
    "action_gain_pp",
    "restraint_loss_pp",
)


@dataclass(frozen=True, slots=True)
class PairedComparison(Record):
    """Agent A against agent B on the checkpoints both answered (Figure 4).

    Attributes:
        agent_a / agent_b: the minuend and the subtrahend.
        n_shared: shared checkpoints ``(scenario_id, t)``.
        n_a / n_b: each agent's judged responses at them.
        intervention_a / intervention_b: share at L1–L3, percent of n_a / n_b.
        acceptability_a / acceptability_b: accepted share, percent.
        delta_intervention_pp / delta_acceptability_pp: A − B in percentage points.
        action_gain_pp / restraint_loss_pp: Δ(accepted L1–L3 share) and Δ(accepted L0 share),
            percentage points. Shares and deltas are None when no checkpoint is shared.
    """

    agent_a: str
    agent_b: str
    n_shared: int
    n_a: int
    n_b: int
    intervention_a: float | None
    intervention_b: float | None
    acceptability_a: float | None
    acceptability_b: float | None
    delta_intervention_pp: float | None
    delta_acceptability_pp: float | None
    action_gain_pp: float | None
    restraint_loss_pp: float | None


def _delta(a: float | None, b: float | None) -> float | None:
    return None if a is None or b is None else round(a - b, 2)


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


_SHARES: dict[str, Callable[[JudgedCell], int]] = {
    "intervention": lambda c: sum(c.table1.levels.get(level, 0) for level in ACTION_LEVELS),
    "acceptability": lambda c: c.table1.accept,
    "accepted_action": lambda c: c.accepted_action,
    "accepted_restraint": lambda c: c.accepted_restraint,
}
"""Numerators of the Figure 4 shares in a cell; intervention = confirmed level L1–L3."""


def _by_checkpoint(cells: Iterable[JudgedCell]) -> dict[str, dict[tuple[str, int], JudgedCell]]:
    """Agent → checkpoint → its cell (cells with the same key merged)."""
    at: dict[str, dict[tuple[str, int], JudgedCell]] = defaultdict(dict)
    for cell in cells:
        mine = at[cell.agent]
        key = cell.checkpoint_key
        mine[key] = merge_cell(mine[key], cell) if key in mine else cell
    return at


def _paired(
    at: Mapping[str, Mapping[tuple[str, int], JudgedCell]], agent_a: str, agent_b: str
) -> PairedComparison:
    cells_a, cells_b = at.get(agent_a, {}), at.get(agent_b, {})
    shared = sorted(set(cells_a) & set(cells_b))
    a = [cells_a[key] for key in shared]
    b = [cells_b[key] for key in shared]
    n_a, n_b = sum(c.n for c in a), sum(c.n for c in b)

    def shares(side: list[JudgedCell], n: int) -> dict[str, float | None]:
        # unrounded percentages; each delta is rounded once
        return {
            name: 100.0 * sum(numerator(c) for c in side) / n if n else None
            for name, numerator in _SHARES.items()
        }

    share_a, share_b = shares(a, n_a), shares(b, n_b)
    return PairedComparison(
        agent_a=agent_a,
        agent_b=agent_b,
        n_shared=len(shared),
        n_a=n_a,
        n_b=n_b,
        intervention_a=_rounded(share_a["intervention"]),
        intervention_b=_rounded(share_b["intervention"]),
        acceptability_a=_rounded(share_a["acceptability"]),
        acceptability_b=_rounded(share_b["acceptability"]),
        delta_intervention_pp=_delta(share_a["intervention"], share_b["intervention"]),
        delta_acceptability_pp=_delta(share_a["acceptability"], share_b["acceptability"]),
        action_gain_pp=_delta(share_a["accepted_action"], share_b["accepted_action"]),
        restraint_loss_pp=_delta(share_a["accepted_restraint"], share_b["accepted_restraint"]),
    )


def figure4(cells: Iterable[JudgedCell], agent_a: str, agent_b: str) -> PairedComparison:
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
        A :class:`PairedComparison`.
    """
    return _paired(_by_checkpoint(cells), agent_a, agent_b)


def figure4_pairs(cells: Iterable[JudgedCell]) -> list[PairedComparison]:
    """:func:`figure4` for every unordered pair of agents (paper Figure 4).

    Returns:
        One comparison per pair ``(a, b)`` with a < b by name, in sorted order; the reverse
        comparison is the same numbers negated.
    """
    at = _by_checkpoint(cells)
    return [_paired(at, a, b) for a, b in combinations(sorted(at), 2)]
