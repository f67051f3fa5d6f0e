"""Paper Figure 8: acceptability by agent × domain, each domain's leader marked (DESIGN.md §8).

No I/O here.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from app.metrics.cells import JudgedCell, group_table1
from app.metrics.record import Record
from app.metrics.stats import Interval, rate
from app.metrics.table1 import order_key

FIGURE8_COLUMNS: tuple[str, ...] = (
    "domain",
    "agent",
    "n",
    "accepted",
    "acceptability",
    "acceptability_ci",
    "leader",
)


@dataclass(frozen=True, slots=True)
class Figure8Row(Record):
    """One agent's acceptability in one domain (Figure 8).

    Attributes:
        domain: the environments' domain (DESIGN §2).
        agent: agent name.
        n: the agent's annotated responses in the domain.
        accepted: accepted ones.
        acceptability / acceptability_ci: accepted in percent of n, with its 95% Wilson interval.
        leader: the agent has the domain's highest acceptability, compared exactly (as
            fractions accepted / n, not as rounded percentages); every agent tied at the top is
            a leader; False when the domain has one agent only (nobody to lead).
    """

    domain: str
    agent: str
    n: int
    accepted: int
    acceptability: float | None
    acceptability_ci: Interval | None
    leader: bool


def figure8(cells: Iterable[JudgedCell]) -> list[Figure8Row]:
    """Acceptability per agent in each domain, with each domain's leaders (paper Figure 8).

    Acceptability is accepted / annotated responses of the agent in the domain (DESIGN §8).

    Args:
        cells: judged cells (:func:`app.metrics.cells.judged_cells_sql`).

    Returns:
        One :class:`Figure8Row` per (domain, agent) with judged responses, sorted by domain in
        DESIGN §2 order (then other values by name), then agent.
    """
    counts = group_table1(cells, lambda c: (c.domain, c.agent))
    by_domain: dict[str, list[str]] = defaultdict(list)
    for domain, agent in counts:
        by_domain[domain].append(agent)
    out: list[Figure8Row] = []
    for domain in sorted(by_domain, key=lambda value: order_key("domain", value)):
        agents = sorted(by_domain[domain])
        share = {a: Fraction(counts[(domain, a)].accept, counts[(domain, a)].n) for a in agents}
        best = max(share.values())
        for agent in agents:
            c = counts[(domain, agent)]
            out.append(
                Figure8Row(
                    domain,
                    agent,
                    c.n,
                    c.accept,
                    *rate(c.accept, c.n),
                    leader=len(agents) > 1 and share[agent] == best,
                )
            )
    return out
