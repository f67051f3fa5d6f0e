"""Cohen's κ and Krippendorff's α against values computed by hand and from the literature."""

from __future__ import annotations

from typing import Any

import pytest

from app.metrics.agreement import agreement_table, cohen_kappa, krippendorff_alpha

# Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", binary example: two
# observers, ten units.
KRIPPENDORFF_A = [0, 1, 0, 0, 0, 0, 0, 0, 1, 0]
KRIPPENDORFF_B = [1, 1, 1, 0, 0, 1, 0, 0, 0, 0]


def kappa_of(pairs: Any) -> dict[str, Any]:
    return cohen_kappa(pairs).to_dict()


def alpha_of(items: Any) -> dict[str, Any]:
    return krippendorff_alpha(items).to_dict()


def agreement_rows(double_judged: Any) -> list[dict[str, Any]]:
    return [row.to_dict() for row in agreement_table(double_judged)]


def test_cohen_kappa_two_by_two() -> None:
    # table [[40, 10], [20, 30]]: p_o = 70/100 = 0.7; A says yes 50/100, B 60/100, so
    # p_e = 0.5·0.6 + 0.5·0.4 = 0.5 and κ = (0.7 − 0.5) / (1 − 0.5) = 0.4
    pairs = (
        [("yes", "yes")] * 40 + [("yes", "no")] * 10 + [("no", "yes")] * 20 + [("no", "no")] * 30
    )
    result = kappa_of(pairs)
    assert result["kappa"] == 0.4
    assert result["n"] == 100
    assert result["agreement"] == 70.0
    assert result["reason"] is None
    low, high = result["kappa_ci"]
    assert low < 0.4 < high


def test_cohen_kappa_on_krippendorffs_binary_example() -> None:
    # cells: (0,0) 5, (0,1) 3, (1,0) 1, (1,1) 1 → p_o = 0.6; A: 0 on 8/10, B: 0 on 6/10;
    # p_e = 0.8·0.6 + 0.2·0.4 = 0.56; κ = (0.6 − 0.56) / 0.44 = 0.090909
    result = kappa_of(zip(KRIPPENDORFF_A, KRIPPENDORFF_B, strict=True))
    assert result["kappa"] == 0.0909


def test_cohen_kappa_three_categories() -> None:
    # diagonal 2 + 1 + 1 = 4 of 6 → p_o = 2/3; A: L0 3, L1 2, L2 1; B: L0 2, L1 2, L2 2;
    # p_e = (3·2 + 2·2 + 1·2) / 36 = 1/3; κ = (2/3 − 1/3) / (2/3) = 0.5
    pairs = [("L0", "L0"), ("L0", "L0"), ("L0", "L1"), ("L1", "L1"), ("L1", "L2"), ("L2", "L2")]
    assert kappa_of(pairs)["kappa"] == 0.5


def test_cohen_kappa_perfect_and_none_labels() -> None:
    # None labels are left out: only the two complete pairs remain, and they agree
    result = kappa_of([("a", "a"), ("b", "b"), ("a", None), (None, None)])
    assert (result["kappa"], result["n"], result["agreement"]) == (1.0, 2, 100.0)


def test_cohen_kappa_undefined() -> None:
    empty = kappa_of([])
    assert empty["kappa"] is None and empty["n"] == 0 and empty["agreement"] is None
    assert empty["reason"] == "no items judged by both raters"
    single = kappa_of([("accept", "accept")] * 5)
    assert single["kappa"] is None and single["agreement"] == 100.0
    assert "single category" in single["reason"]


def test_krippendorff_binary_example() -> None:
    # coincidences o_00 = 10, o_01 = o_10 = 4, o_11 = 2; n_0 = 14, n_1 = 6, n = 20:
    # α = 1 − (n − 1)·o_01 / (n_0·n_1) = 1 − 19·4 / 84 = 8/84 = 0.095238 (Krippendorff: 0.095)
    result = alpha_of(zip(KRIPPENDORFF_A, KRIPPENDORFF_B, strict=True))
    assert result["alpha"] == 0.0952
    assert result["n"] == 10 and result["reason"] is None


def test_krippendorff_nominal_example_with_missing_values() -> None:
    # Krippendorff (2011) section C: four observers, twelve units, missing values; the
    # published nominal α is 0.743.
    observers = [
        [1, 2, 3, 3, 2, 1, 4, 1, 2, None, None, None],
        [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, None, 3],
        [None, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, None],
        [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, None],
    ]
    result = alpha_of(zip(*observers, strict=True))
    assert result["alpha"] == pytest.approx(0.743, abs=5e-4)
    # unit 12 has a single value and is not pairable
    assert result["n"] == 11


def test_krippendorff_string_labels_match_codes() -> None:
    labels = {0: "accept", 1: "reject"}
    result = alpha_of(
        (labels[a], labels[b]) for a, b in zip(KRIPPENDORFF_A, KRIPPENDORFF_B, strict=True)
    )
    assert result["alpha"] == 0.0952


def test_krippendorff_undefined() -> None:
    assert alpha_of([])["reason"] == "no item has labels from two raters"
    assert alpha_of([("a", None)])["alpha"] is None
    single = alpha_of([("a", "a"), ("a", "a")])
    assert single["alpha"] is None and "single category" in single["reason"]
    with pytest.raises(ValueError):
        alpha_of([("a", "b"), ("a", "b", "c")])


def test_agreement_table() -> None:
    verdict = [
        (f"i{i}", "accept" if a else "reject", "accept" if b else "reject")
        for i, (a, b) in enumerate(zip(KRIPPENDORFF_A, KRIPPENDORFF_B, strict=True))
    ]
    timing = [("i1", "premature", "premature"), ("i2", "belated", "premature"), ("i3", None, "x")]
    rows = agreement_rows({"verdict": verdict, "timing": timing, "note_quality": []})
    assert [r["field"] for r in rows] == ["verdict", "level", "timing", "intensity", "note_quality"]
    v, level, t, _intensity, extra = rows
    assert (v["items"], v["agreement"], v["kappa"], v["alpha"]) == (10, 60.0, 0.0909, 0.0952)
    # 6 of 10 agree: Wilson (31.27, 83.18)
    assert v["agreement_ci"] == (31.27, 83.18)
    assert level["items"] == 0 and level["kappa"] is None and level["kappa_reason"]
    # timing: 2 complete items, 1 agreement; a 2×2 with p_o = 0.5, A: premature ½ / belated ½,
    # B: premature 1 → p_e = ½·1 + ½·0 = 0.5 → κ = 0
    # α: values p, p, b, p (n = 4, n_p = 3, n_b = 1, o_pb = 1): 1 − 3·1/(3·1) = 0
    assert (t["items"], t["agreement"], t["kappa"], t["alpha"]) == (2, 50.0, 0.0, 0.0)
    assert extra["items"] == 0 and extra["alpha_reason"]


def test_cohen_kappa_interval_stays_within_minus_one_and_one() -> None:
    pairs = [("a", "a"), ("a", "r"), ("r", "r"), ("r", "r"), ("a", "a"), ("r", "a")]
    result = kappa_of(pairs)
    assert result["kappa"] == 0.3333
    # the asymptotic interval is (−0.4211, 1.0877): clipped at 1
    assert result["kappa_ci"] == (-0.4211, 1.0)
