"""Paper Figure 5: inaction-side restraint and where acceptability comes from (DESIGN.md §8).

No I/O here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from app.metrics.cells import JudgedCell
from app.metrics.record import Record
from app.metrics.stats import Interval, rate
from app.vocabulary import Level

FIGURE5_COLUMNS: tuple[str, ...] = (
    "agent",
    "n",
    "L0",
    "L0_ci",
    "acceptability",
    "acceptability_ci",
    "accepted_action",
    "accepted_action_ci",
    "accepted_restraint",
    "accepted_restraint_ci",
)


@dataclass(frozen=True, slots=True)
class Figure5Row(Record):
    """One agent's L0 share and acceptability split by what was accepted (Figure 5).

    Every share is in percent of the agent's annotated responses ``n`` (DESIGN §8), each with its
    95% Wilson interval (None when n is 0), so the two contributions add up to acceptability:
    ``accepted_action + accepted_restraint = acceptability`` (each rounded to 2 decimals on its
    own, so to ±0.01).

    Attributes:
        agent: agent name.
        n: annotated responses.
        L0 / L0_ci: confirmed level L0 (observe, no action).
        acceptability / acceptability_ci: accepted responses.
        accepted_action / accepted_action_ci: accepted at L1–L3 (help that was right).
        accepted_restraint / accepted_restraint_ci: accepted at L0 (justified restraint).
    """

    agent: str
    n: int
    L0: float | None
    L0_ci: Interval | None
    acceptability: float | None
    acceptability_ci: Interval | None
    accepted_action: float | None
    accepted_action_ci: Interval | None
    accepted_restraint: float | None
    accepted_restraint_ci: Interval | None


def figure5(cells: Iterable[JudgedCell]) -> list[Figure5Row]:
    """L0 share and acceptability = accepted action + accepted restraint, per agent (Figure 5).

    All shares are of the agent's annotated responses (DESIGN §8), so the accepted-action
    (accepted L1–L3) and accepted-restraint (accepted L0) contributions add to acceptability.

    Args:
        cells: judged cells (:func:`app.metrics.cells.judged_cells_sql`).

    Returns:
        One :class:`Figure5Row` per agent with judged responses, sorted by agent.
    """
    counts: dict[str, Counter[str]] = {}
    for cell in cells:
        c = counts.setdefault(cell.agent, Counter())
        c["n"] += cell.n
        c["L0"] += cell.table1.levels.get(Level.L0, 0)
        c["accept"] += cell.table1.accept
        c["action"] += cell.accepted_action
        c["restraint"] += cell.accepted_restraint
    return [
        Figure5Row(
            agent,
            c["n"],
            *rate(c["L0"], c["n"]),
            *rate(c["accept"], c["n"]),
            *rate(c["action"], c["n"]),
            *rate(c["restraint"], c["n"]),
        )
        for agent, c in sorted(counts.items())
    ]
