"""Paper Tables 7–8: checkpoint-sampling diagnostics of the judged responses.

DESIGN.md §6, §8. No I/O here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from app.metrics.cells import JudgedCell
from app.metrics.record import Record
from app.scenarios.sampling import sampling_diagnostics_from_counts


@dataclass(frozen=True, slots=True)
class SamplingDiagnostics(Record):
    """Diagnostics of the checkpoint sample.

    As :func:`app.scenarios.sampling.sampling_diagnostics_from_counts` computes them.

    Attributes:
        responses: judged responses.
        cramers_v: Cramér's V between agent and position t (None for fewer than two of either).
        max_wasserstein / max_wasserstein_pair: the largest pairwise Wasserstein distance of
            normalised positions and the two agents it is between (None if fewer than two).
        by_length: scenario length n → t → responses.
    """

    responses: int
    cramers_v: float | None
    max_wasserstein: float | None
    max_wasserstein_pair: tuple[str, str] | None
    by_length: Mapping[int, Mapping[int, int]]

    def to_dict(self) -> dict[str, Any]:
        """The diagnostics as the sampling module returns them (the pair as a list).

        The shape of :func:`~app.scenarios.sampling.sampling_diagnostics_from_counts`.
        """
        out = Record.to_dict(self)
        if self.max_wasserstein_pair is not None:
            out["max_wasserstein_pair"] = list(self.max_wasserstein_pair)
        return out


@dataclass(frozen=True, slots=True)
class SamplingRow(Record):
    """A row of the Tables 7–8 table: the responses of one scenario length (or ``all``) per t.

    Attributes:
        n_events: the scenario length as text, or ``"all"``.
        responses: judged responses.
        by_t: t → responses, for every t of the table (0 included), in order.
        cramers_v / max_wasserstein / max_wasserstein_pair: on the ``all`` row only (the pair
            as ``"a vs b"``), else None.
    """

    n_events: str
    responses: int
    by_t: Mapping[int, int]
    cramers_v: float | None = None
    max_wasserstein: float | None = None
    max_wasserstein_pair: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The row as a JSON object.

        ``{"n_events", "responses", "t1", "t2", ..., "cramers_v", "max_wasserstein",
        "max_wasserstein_pair"}``.
        """
        return {
            "n_events": self.n_events,
            "responses": self.responses,
            **{f"t{t}": count for t, count in self.by_t.items()},
            "cramers_v": self.cramers_v,
            "max_wasserstein": self.max_wasserstein,
            "max_wasserstein_pair": self.max_wasserstein_pair,
        }


def tables7_8(cells: Iterable[JudgedCell]) -> SamplingDiagnostics:
    """Checkpoint-sampling diagnostics of the judged responses (paper Tables 7–8; DESIGN §6).

    Args:
        cells: judged cells.

    Returns:
        The :class:`SamplingDiagnostics` of the responses per ``(agent, t, n)``.
    """
    counts: Counter[tuple[str, int, int]] = Counter()
    for cell in cells:
        counts[(cell.agent, cell.checkpoint, cell.num_events)] += cell.n
    result = sampling_diagnostics_from_counts(counts)
    pair = result["max_wasserstein_pair"]
    return SamplingDiagnostics(
        responses=result["responses"],
        cramers_v=result["cramers_v"],
        max_wasserstein=result["max_wasserstein"],
        max_wasserstein_pair=(pair[0], pair[1]) if pair else None,
        by_length=result["by_length"],
    )


def tables7_8_rows(result: SamplingDiagnostics) -> list[SamplingRow]:
    """The Tables 7–8 table: a row per scenario length n, then ``all`` with the diagnostics.

    Every row has a count for each t seen at any length. Nothing when there are no responses.
    """
    ts = sorted({t for counts in result.by_length.values() for t in counts})
    rows = [
        SamplingRow(str(n), sum(counts.values()), {t: counts.get(t, 0) for t in ts})
        for n, counts in result.by_length.items()
    ]
    if not rows:
        return []
    pair = result.max_wasserstein_pair
    totals = {t: sum(row.by_t[t] for row in rows) for t in ts}
    rows.append(
        SamplingRow(
            "all",
            result.responses,
            totals,
            result.cramers_v,
            result.max_wasserstein,
            " vs ".join(pair) if pair else None,
        )
    )
    return rows


def tables7_8_columns(rows: Sequence[SamplingRow]) -> tuple[str, ...]:
    """The columns of :func:`tables7_8_rows`: one ``t<k>`` column per t of the table."""
    t_columns = [f"t{t}" for t in rows[0].by_t] if rows else []
    return (
        "n_events",
        "responses",
        *t_columns,
        "cramers_v",
        "max_wasserstein",
        "max_wasserstein_pair",
    )
