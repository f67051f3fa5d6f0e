"""Paper Table 11: automatic-judge accuracy against the human labels (DESIGN.md §8, §12).

No I/O here.

The one table computed from judged responses one by one: predictions are matched to responses
by id (:func:`app.metrics.queries.judged_responses`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from app.metrics.record import Record
from app.metrics.responses import JudgedResponse
from app.metrics.stats import Interval, rate
from app.vocabulary import NEED_TYPES

JUDGE_FIELDS: tuple[str, ...] = ("verdict", "level", "timing", "intensity")
NO_LABEL = "none"
"""Confusion-matrix key for a label that is absent (e.g. timing of an accepted response)."""

TABLE11_COLUMNS: tuple[str, ...] = (
    "n",
    "unmatched",
    "verdict_accuracy",
    "verdict_accuracy_ci",
    "joint_accuracy",
    "joint_accuracy_ci",
)
TABLE11_CONFUSION_COLUMNS: tuple[str, ...] = ("field", "human", "predicted", "count")
TABLE11_NEED_TYPE_COLUMNS: tuple[str, ...] = (
    "need_type",
    "n",
    "verdict_accuracy",
    "verdict_accuracy_ci",
    "joint_accuracy",
    "joint_accuracy_ci",
)

Predictions = Mapping[str, Mapping[str, str | None]]
"""Judge predictions: response id → ``{"verdict", "level", "timing", "intensity"}``."""
Confusion = Mapping[str, Mapping[str, Mapping[str, int]]]
"""field → human label → predicted label → count."""


@dataclass(frozen=True, slots=True)
class Table11Summary(Record):
    """The accuracies of Table 11.

    Attributes:
        n: human-judged responses with a prediction; unmatched: those without.
        verdict_accuracy (with ``_ci``): verdict equal, percent of n.
        joint_accuracy (with ``_ci``): verdict, level, timing and intensity all equal (None
            equals None), percent of n.
    """

    n: int
    unmatched: int
    verdict_accuracy: float | None
    verdict_accuracy_ci: Interval | None
    joint_accuracy: float | None
    joint_accuracy_ci: Interval | None


@dataclass(frozen=True, slots=True)
class ConfusionRow(Record):
    """One cell of a confusion matrix: human label × judge label of one field."""

    field: str
    human: str
    predicted: str
    count: int


@dataclass(frozen=True, slots=True)
class NeedTypeAccuracy(Record):
    """Table 11's accuracies within one need type (beyond the paper).

    Attributes:
        need_type: DESIGN §2 need type.
        n / verdict_accuracy / joint_accuracy (with ``_ci``): as :class:`Table11Summary`, over
            the matched responses of that need type.
    """

    need_type: str
    n: int
    verdict_accuracy: float | None
    verdict_accuracy_ci: Interval | None
    joint_accuracy: float | None
    joint_accuracy_ci: Interval | None


@dataclass(frozen=True, slots=True)
class Table11(Record):
    """Table 11: the accuracies and the confusion counts.

    Attributes:
        n / unmatched / verdict_accuracy / joint_accuracy (with ``_ci``): as
            :class:`Table11Summary`.
        confusion: ``confusion[field][human][predicted]`` = count for each of
            :data:`JUDGE_FIELDS`, with :data:`NO_LABEL` for None and every label seen on either
            side present in both dimensions.
        by_need_type: the accuracies per need type of the matched responses, in need-type
            order (:data:`app.vocabulary.NEED_TYPES`; need types without a match left out).
    """

    n: int
    unmatched: int
    verdict_accuracy: float | None
    verdict_accuracy_ci: Interval | None
    joint_accuracy: float | None
    joint_accuracy_ci: Interval | None
    confusion: Confusion
    by_need_type: tuple[NeedTypeAccuracy, ...] = ()

    def summary(self) -> Table11Summary:
        """The ``table11`` table's one row."""
        return Table11Summary(
            self.n,
            self.unmatched,
            self.verdict_accuracy,
            self.verdict_accuracy_ci,
            self.joint_accuracy,
            self.joint_accuracy_ci,
        )

    def confusion_rows(self) -> list[ConfusionRow]:
        """The ``table11_confusion`` table: one row per field, human and predicted label."""
        return [
            ConfusionRow(name, human, predicted, count)
            for name, matrix in self.confusion.items()
            for human, predicted_counts in matrix.items()
            for predicted, count in predicted_counts.items()
        ]


def table11(human_rows: Iterable[JudgedResponse], predictions: Predictions) -> Table11:
    """Automatic-judge accuracy against the human labels (paper Table 11; DESIGN §8).

    Args:
        human_rows: human-judged responses; ``level`` is the confirmed level.
        predictions: response id → the judge's ``{"verdict", "level", "timing",
            "intensity"}``; a missing key counts as None.

    Returns:
        A :class:`Table11`; predictions without a human row are ignored.
    """
    pairs: list[tuple[dict[str, str | None], Mapping[str, str | None]]] = []
    need_types: list[str] = []
    unmatched = 0
    for r in human_rows:
        predicted = predictions.get(r.response_id)
        if predicted is None:
            unmatched += 1
            continue
        human = {
            "verdict": r.verdict,
            "level": r.level,
            "timing": r.timing,
            "intensity": r.intensity,
        }
        pairs.append((human, predicted))
        need_types.append(r.need_type)
    n = len(pairs)
    verdict_hits = [h["verdict"] == p.get("verdict") for h, p in pairs]
    joint_hits = [all(h[f] == p.get(f) for f in JUDGE_FIELDS) for h, p in pairs]
    verdict_ok, joint_ok = sum(verdict_hits), sum(joint_hits)
    by_need_type = []
    for need_type in NEED_TYPES:
        mine = [i for i, nt in enumerate(need_types) if nt == need_type]
        if mine:
            by_need_type.append(
                NeedTypeAccuracy(
                    need_type,
                    len(mine),
                    *rate(sum(verdict_hits[i] for i in mine), len(mine)),
                    *rate(sum(joint_hits[i] for i in mine), len(mine)),
                )
            )
    confusion: dict[str, dict[str, dict[str, int]]] = {}
    for field in JUDGE_FIELDS:
        counts: Counter[tuple[str, str]] = Counter(
            (h[field] or NO_LABEL, p.get(field) or NO_LABEL) for h, p in pairs
        )
        labels = sorted({label for pair in counts for label in pair})
        confusion[field] = {h: {p: counts[(h, p)] for p in labels} for h in labels}
    return Table11(
        n,
        unmatched,
        *rate(verdict_ok, n),
        *rate(joint_ok, n),
        confusion=confusion,
        by_need_type=tuple(by_need_type),
    )
