"""Inter-annotator agreement on nominal labels (DESIGN.md §8, beyond the paper). No I/O here.

Cohen's κ comes from statsmodels (``cohens_kappa`` on the two raters' confusion table) and
Krippendorff's α from the ``krippendorff`` package (nominal level). A label of None means "not
given" (e.g. the timing of a response one annotator accepted): such an item is left out of κ,
and is a missing value for α, so both coefficients rest on the same items when there are two
raters. An undefined coefficient (no items, a single category) is None with a ``reason``.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass

import krippendorff
import numpy as np
from statsmodels.stats.inter_rater import cohens_kappa as _statsmodels_kappa

from app.metrics.record import Record
from app.metrics.stats import Interval, percent, wilson_interval

AGREEMENT_FIELDS: tuple[str, ...] = ("verdict", "level", "timing", "intensity")
"""The diagnosis fields whose agreement :func:`agreement_table` reports."""

AGREEMENT_COLUMNS: tuple[str, ...] = (
    "field",
    "items",
    "agreement",
    "agreement_ci",
    "kappa",
    "kappa_ci",
    "kappa_reason",
    "alpha",
    "alpha_reason",
)

Label = Hashable | None


@dataclass(frozen=True, slots=True)
class Kappa(Record):
    """Cohen's κ of two raters.

    Attributes:
        kappa: κ rounded to 4 decimals; kappa_ci: its asymptotic 95% interval ``(low, high)``
            (statsmodels, clipped to [−1, 1]); both None when undefined.
        agreement / agreement_ci: observed agreement in percent with its Wilson interval.
        n: items used.
        reason: why κ is undefined, else None.
    """

    kappa: float | None
    kappa_ci: Interval | None
    agreement: float | None
    agreement_ci: Interval | None
    n: int
    reason: str | None


@dataclass(frozen=True, slots=True)
class Alpha(Record):
    """Krippendorff's α, the pairable items, and why α is undefined.

    α is rounded to 4 decimals (None when undefined); the reason is None when α is defined.
    """

    alpha: float | None
    n: int
    reason: str | None


@dataclass(frozen=True, slots=True)
class AgreementRow(Record):
    """Agreement on one diagnosis field (:data:`AGREEMENT_COLUMNS`).

    Attributes:
        field: the diagnosis field.
        items: items with both labels.
        agreement / agreement_ci / kappa / kappa_ci / kappa_reason: of :class:`Kappa`.
        alpha / alpha_reason: of :class:`Alpha`.
    """

    field: str
    items: int
    agreement: float | None
    agreement_ci: Interval | None
    kappa: float | None
    kappa_ci: Interval | None
    kappa_reason: str | None
    alpha: float | None
    alpha_reason: str | None


def _codes(labels: Iterable[Hashable]) -> dict[Hashable, int]:
    """Integer code per distinct label, in sorted-by-repr order."""
    return {label: i for i, label in enumerate(sorted(set(labels), key=repr))}


def cohen_kappa(pairs: Iterable[tuple[Label, Label]]) -> Kappa:
    """Cohen's κ between two raters on nominal labels (DESIGN §8, beyond the paper).

    κ = (p_o − p_e) / (1 − p_e), with p_o the observed agreement and p_e the agreement expected
    from the two raters' marginal label frequencies.

    Args:
        pairs: ``(label_a, label_b)`` per item; pairs with a None label are left out.

    Returns:
        A :class:`Kappa`; κ and its interval are None when n is 0 or every label is the same
        category (p_e = 1), and ``reason`` then says why.
    """
    used = [(a, b) for a, b in pairs if a is not None and b is not None]
    n = len(used)
    agreed = sum(1 for a, b in used if a == b)
    agreement, agreement_ci = percent(agreed, n), wilson_interval(agreed, n)

    def undefined(reason: str) -> Kappa:
        return Kappa(None, None, agreement, agreement_ci, n, reason)

    if n == 0:
        return undefined("no items judged by both raters")
    codes = _codes(label for pair in used for label in pair)
    if len(codes) < 2:
        return undefined("a single category: agreement by chance is certain")
    table = np.zeros((len(codes), len(codes)))
    for a, b in used:
        table[codes[a], codes[b]] += 1
    # statsmodels divides by a zero null-variance when one rater uses a single category; κ
    # itself is still defined, only its z test is not
    with np.errstate(divide="ignore", invalid="ignore"):
        fit = _statsmodels_kappa(table)
    low, high = float(fit.kappa_low), float(fit.kappa_upp)
    kappa_ci = None
    if math.isfinite(low) and math.isfinite(high):
        # the normal approximation can leave κ's range on small samples
        kappa_ci = (round(max(low, -1.0), 4), round(min(high, 1.0), 4))
    return Kappa(round(float(fit.kappa), 4), kappa_ci, agreement, agreement_ci, n, None)


def krippendorff_alpha(items: Iterable[Sequence[Label]]) -> Alpha:
    """Krippendorff's α for nominal labels (DESIGN §8, beyond the paper).

    α = 1 − D_o / D_e over the coincidence matrix; with two raters and no missing values,
    α = 1 − (N − 1) · Σ_{c≠k} o_ck / Σ_{c≠k} n_c n_k, N the number of pairable values.

    Args:
        items: one sequence of labels per item, one entry per rater (None = not given). All
            items must have the same number of raters.

    Returns:
        An :class:`Alpha`: ``n`` counts the pairable items (at least two labels); α is None
        when no item is pairable or all labels are the same category, and ``reason`` then says
        why.

    Raises:
        ValueError: items with different numbers of raters.
    """
    items = [list(item) for item in items]
    if len({len(item) for item in items}) > 1:
        raise ValueError("every item needs the same number of raters")
    pairable = [item for item in items if sum(label is not None for label in item) >= 2]
    if not pairable:
        return Alpha(None, 0, "no item has labels from two raters")
    codes = _codes(label for item in pairable for label in item if label is not None)
    if len(codes) < 2:
        return Alpha(None, len(pairable), "a single category: disagreement by chance is impossible")
    # krippendorff wants raters × units, NaN for a missing value
    data = np.array(
        [[np.nan if label is None else codes[label] for label in item] for item in pairable],
        dtype=float,
    ).T
    alpha = krippendorff.alpha(reliability_data=data, level_of_measurement="nominal")
    return Alpha(round(float(alpha), 4), len(pairable), None)


def agreement_table(
    double_judged: Mapping[str, Iterable[tuple[Hashable, Label, Label]]],
) -> list[AgreementRow]:
    """Agreement per diagnosis field on items judged by two people (DESIGN §8).

    Args:
        double_judged: field name → ``(item_id, label_a, label_b)`` for every double-judged
            item; fields missing from the mapping get an empty row.

    Returns:
        One :class:`AgreementRow` per field of :data:`AGREEMENT_FIELDS` (verdict, level,
        timing, intensity), then any other fields given, sorted.
    """
    fields = [*AGREEMENT_FIELDS, *sorted(set(double_judged) - set(AGREEMENT_FIELDS))]
    rows = []
    for field in fields:
        triples = list(double_judged.get(field, ()))
        kappa = cohen_kappa((a, b) for _item, a, b in triples)
        alpha = krippendorff_alpha([a, b] for _item, a, b in triples)
        rows.append(
            AgreementRow(
                field=field,
                items=kappa.n,
                agreement=kappa.agreement,
                agreement_ci=kappa.agreement_ci,
                kappa=kappa.kappa,
                kappa_ci=kappa.kappa_ci,
                kappa_reason=kappa.reason,
                alpha=alpha.alpha,
                alpha_reason=alpha.reason,
            )
        )
    return rows
