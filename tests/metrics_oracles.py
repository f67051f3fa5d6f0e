"""Row-based oracles of the metric tables (DESIGN.md §8), for tests only.

The application counts judged cells once, in the database (:func:`app.metrics.cells.
judged_cells_sql`). Here the same counts are made from :class:`JudgedResponse` rows in plain
Python, one comprehension per count, so the tests can hold the SQL aggregate equal to an
independent count and write their by-hand fixtures as rows. The row-based functions below
(``table1(rows)``, ``figure3(rows)``, ...) feed these counts to the application's one definition
of each table or figure and return its JSON form (what ``halo metrics --format json`` prints).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Iterable, Sequence
from fractions import Fraction
from typing import Any, TypeVar

from app.metrics import figure3 as figure3_module
from app.metrics import figure4 as figure4_module
from app.metrics import figure6 as figure6_module
from app.metrics import figure7 as figure7_module
from app.metrics import table1 as table1_module
from app.metrics import table2 as table2_module
from app.metrics import table9 as table9_module
from app.metrics import table10 as table10_module
from app.metrics import tables7_8 as tables7_8_module
from app.metrics.cells import JudgedCell, L1Counts, Table1Counts, WellTimedCounts
from app.metrics.record import Record
from app.metrics.responses import JudgedResponse
from app.metrics.stats import linear_probability_model as fit_lpm
from app.metrics.stats import rate
from app.vocabulary import ACTION_LEVELS, DOMAINS, INTENSITIES, LEVELS, NEED_TYPES

K = TypeVar("K", bound=Hashable)


# --- what one row is ---------------------------------------------------------------------------


def accepted(row: JudgedResponse) -> bool:
    """The annotator accepted the response."""
    return row.verdict == "accept"


def rejected(row: JudgedResponse) -> bool:
    """The annotator rejected the response."""
    return row.verdict == "reject"


def intervenes(row: JudgedResponse) -> bool:
    """The confirmed level is L1–L3 (the agent acted)."""
    return row.level in ACTION_LEVELS


def over_proactive(row: JudgedResponse) -> bool:
    """Rejected and diagnosed premature or excessive (DESIGN §2)."""
    return rejected(row) and (row.timing == "premature" or row.intensity == "excessive")


def checkpoint_key(row: JudgedResponse) -> tuple[str, int]:
    """The checkpoint ``(scenario_id, t)``."""
    return (row.scenario_id, row.checkpoint)


# --- counting rows ------------------------------------------------------------------------------


def group_rows(
    rows: Iterable[JudgedResponse], key: Callable[[JudgedResponse], K]
) -> dict[K, list[JudgedResponse]]:
    """The rows grouped by a key, in first-seen order."""
    groups: dict[K, list[JudgedResponse]] = defaultdict(list)
    for row in rows:
        groups[key(row)].append(row)
    return groups


def count_table1(rows: Iterable[JudgedResponse]) -> Table1Counts:
    """Count what a Table 1 row needs from judged responses."""
    rows = list(rows)
    rejected = [r for r in rows if r.verdict == "reject"]
    tokens = [r.reasoning_tokens for r in rows if r.reasoning_tokens is not None]
    return Table1Counts(
        n=len(rows),
        accept=len(rows) - len(rejected),
        levels={level: sum(1 for r in rows if r.level == level) for level in LEVELS},
        inaction=sum(1 for r in rejected if r.level == "L0"),
        premature=sum(1 for r in rejected if r.timing == "premature"),
        belated=sum(1 for r in rejected if r.timing == "belated"),
        insufficient=sum(1 for r in rejected if r.intensity == "insufficient"),
        excessive=sum(1 for r in rejected if r.intensity == "excessive"),
        reasoning_tokens_sum=sum(tokens),
        reasoning_tokens_n=len(tokens),
        retrieval_rounds_sum=sum(r.retrieval_rounds for r in rows),
    )


def _l1_counts(rows: Sequence[JudgedResponse]) -> L1Counts:
    return L1Counts(
        n=len(rows),
        accepted=sum(1 for r in rows if accepted(r)),
        insufficient=sum(1 for r in rows if rejected(r) and r.intensity == "insufficient"),
    )


def _well_timed(rows: Sequence[JudgedResponse], level: str) -> WellTimedCounts:
    base = [r for r in rows if rejected(r) and r.level == level and r.timing == "appropriate"]
    by_intensity = Counter(r.intensity for r in base)
    return WellTimedCounts(len(base), *(by_intensity[i] for i in INTENSITIES))


def count_cell(rows: Sequence[JudgedResponse]) -> JudgedCell:
    """Count one agent's judged responses at one checkpoint into a :class:`JudgedCell`.

    Args:
        rows: responses sharing agent and ``(scenario_id, t)``; at least one.
    """
    first = rows[0]
    refused = [r for r in rows if rejected(r)]
    flagged = [r for r in refused if r.other_issues]
    l1 = [r for r in rows if r.level == "L1"]
    return JudgedCell(
        agent=first.agent,
        scenario_id=first.scenario_id,
        checkpoint=first.checkpoint,
        num_events=first.num_events,
        need_type=first.need_type,
        domain=first.domain,
        table1=count_table1(rows),
        rejected=len(refused),
        over_proactive=sum(1 for r in refused if over_proactive(r)),
        accepted_action=sum(1 for r in rows if accepted(r) and intervenes(r)),
        accepted_restraint=sum(1 for r in rows if accepted(r) and r.level == "L0"),
        l1_with_access=_l1_counts([r for r in l1 if r.local_content_access]),
        l1_without_access=_l1_counts([r for r in l1 if not r.local_content_access]),
        well_timed={level: _well_timed(rows, level) for level in ACTION_LEVELS},
        other_issues=len(flagged),
        issue_categories=dict(Counter(c for r in flagged for c in set(r.other_issues))),
    )


def judged_cells(rows: Iterable[JudgedResponse]) -> list[JudgedCell]:
    """Judged responses counted per agent and checkpoint, as
    :func:`app.metrics.cells.judged_cells_sql` counts them in the database.

    Returns:
        One cell per ``(agent, scenario_id, t)`` present, sorted by that key.
    """
    groups = group_rows(rows, lambda r: (r.agent, r.scenario_id, r.checkpoint))
    return [count_cell(groups[key]) for key in sorted(groups)]


def counted(
    rows: Iterable[JudgedResponse], key: Callable[[JudgedResponse], K]
) -> dict[K, Table1Counts]:
    """Table 1 counts per group of rows, counted from the rows themselves (not from cells)."""
    return {group: count_table1(part) for group, part in group_rows(rows, key).items()}


# --- the tables and figures of rows -------------------------------------------------------------


def _dicts(rows: Sequence[Record]) -> list[dict[str, Any]]:
    return [row.to_dict() for row in rows]


def table1(rows: Iterable[JudgedResponse]) -> list[dict[str, Any]]:
    """Table 1 without intervals (the DESIGN §10 contract) of judged responses."""
    return _dicts(table1_module.table1(counted(rows, lambda r: r.agent)))


def table1_ci(rows: Iterable[JudgedResponse]) -> list[dict[str, Any]]:
    """Table 1 with intervals of judged responses."""
    return _dicts(table1_module.table1_ci(counted(rows, lambda r: r.agent)))


def table2_by_need_type(rows: Iterable[JudgedResponse]) -> list[dict[str, Any]]:
    """Table 2 (need types) of judged responses."""
    return _dicts(table2_module.table2_by_need_type(counted(rows, lambda r: r.need_type)))


def table2_by_domain(rows: Iterable[JudgedResponse]) -> list[dict[str, Any]]:
    """Table 2 (domains) of judged responses."""
    return _dicts(table2_module.table2_by_domain(counted(rows, lambda r: r.domain)))


def table9(rows: Iterable[JudgedResponse]) -> list[dict[str, Any]]:
    """Table 9 (agent × need type) of judged responses."""
    return _dicts(table9_module.table9(counted(rows, lambda r: (r.agent, r.need_type))))


def figure3(rows: Iterable[JudgedResponse]) -> dict[str, Any]:
    """Figure 3 of judged responses."""
    return figure3_module.figure3(judged_cells(rows)).to_dict()


def figure4(rows: Iterable[JudgedResponse], agent_a: str, agent_b: str) -> dict[str, Any]:
    """Figure 4 (one pair) of judged responses."""
    return figure4_module.figure4(judged_cells(rows), agent_a, agent_b).to_dict()


def figure4_pairs(rows: Iterable[JudgedResponse]) -> list[dict[str, Any]]:
    """Figure 4 (every pair) of judged responses."""
    return _dicts(figure4_module.figure4_pairs(judged_cells(rows)))


def figure6(rows: Iterable[JudgedResponse]) -> dict[str, Any]:
    """Figure 6 of judged responses."""
    return figure6_module.figure6(judged_cells(rows)).to_dict()


def linear_probability_model(
    rows: Iterable[JudgedResponse], *, min_clusters: int = 2
) -> dict[str, Any]:
    """Figure 6's linear probability model of judged responses (only L1 responses count)."""
    cells = figure6_module.lpm_cells(judged_cells(rows))
    return fit_lpm(cells, min_clusters=min_clusters).to_dict()


def figure7(rows: Iterable[JudgedResponse]) -> list[dict[str, Any]]:
    """Figure 7 of judged responses."""
    return _dicts(figure7_module.figure7(judged_cells(rows)))


def table10(rows: Iterable[JudgedResponse]) -> dict[str, Any]:
    """Table 10 of judged responses."""
    return table10_module.table10(judged_cells(rows)).to_dict()


def tables7_8(rows: Iterable[JudgedResponse]) -> dict[str, Any]:
    """Tables 7–8 of judged responses."""
    return tables7_8_module.tables7_8(judged_cells(rows)).to_dict()


# --- Figures 5, 8 and 9, counted from the rows alone ------------------------------------------
# Written without the application's figure modules: the grouping, the shares and the leaders
# are worked out here again, so the tests hold the two computations equal.


def figure5(rows: Iterable[JudgedResponse]) -> list[dict[str, Any]]:
    """Figure 5 of judged responses: per agent, the L0 share and acceptability's two parts."""
    out = []
    for agent, mine in sorted(group_rows(rows, lambda r: r.agent).items()):
        n = len(mine)
        parts = {
            "L0": sum(1 for r in mine if r.level == "L0"),
            "acceptability": sum(1 for r in mine if accepted(r)),
            "accepted_action": sum(1 for r in mine if accepted(r) and intervenes(r)),
            "accepted_restraint": sum(1 for r in mine if accepted(r) and r.level == "L0"),
        }
        row: dict[str, Any] = {"agent": agent, "n": n}
        for name, count in parts.items():
            row[name], row[f"{name}_ci"] = rate(count, n)
        out.append(row)
    return out


def _domain_order(domain: str) -> tuple[int, str]:
    return (DOMAINS.index(domain), "") if domain in DOMAINS else (len(DOMAINS), domain)


def figure8(rows: Iterable[JudgedResponse]) -> list[dict[str, Any]]:
    """Figure 8 of judged responses: acceptability per (domain, agent) and the domain leaders."""
    out = []
    by_domain = group_rows(rows, lambda r: r.domain)
    for domain in sorted(by_domain, key=_domain_order):
        agents = group_rows(by_domain[domain], lambda r: r.agent)
        wins = {a: sum(1 for r in mine if accepted(r)) for a, mine in agents.items()}
        best = max(Fraction(wins[a], len(mine)) for a, mine in agents.items())
        for agent in sorted(agents):
            n = len(agents[agent])
            value, interval = rate(wins[agent], n)
            out.append(
                {
                    "domain": domain,
                    "agent": agent,
                    "n": n,
                    "accepted": wins[agent],
                    "acceptability": value,
                    "acceptability_ci": interval,
                    "leader": len(agents) > 1 and Fraction(wins[agent], n) == best,
                }
            )
    return out


def figure9(rows: Iterable[JudgedResponse]) -> list[dict[str, Any]]:
    """Figure 9 of judged responses: acceptability per (domain, need type), all agents."""

    def order(key: tuple[str, str]) -> tuple[tuple[int, str], tuple[int, str]]:
        domain, need = key
        needs = (NEED_TYPES.index(need), "") if need in NEED_TYPES else (len(NEED_TYPES), need)
        return (_domain_order(domain), needs)

    groups = group_rows(rows, lambda r: (r.domain, r.need_type))
    out = []
    for domain, need in sorted(groups, key=order):
        mine = groups[(domain, need)]
        wins = sum(1 for r in mine if accepted(r))
        value, interval = rate(wins, len(mine))
        out.append(
            {
                "domain": domain,
                "need_type": need,
                "n": len(mine),
                "accepted": wins,
                "acceptability": value,
                "acceptability_ci": interval,
            }
        )
    return out
