"""The shared statistics against values computed by hand and with statsmodels (DESIGN.md §8).

Wilson intervals are checked where they have a closed form by hand: for k = 0 the interval is
(0, z²/(n + z²)), for k = n it is (n/(n + z²), 1), and for k = n/2 it is symmetric about ½ with
half-width z·sqrt(1/(4n) + z²/(4n²)) / (1 + z²/n); z = 1.959964, z² = 3.841459.
"""

from __future__ import annotations

import pytest
from statsmodels.stats.proportion import proportion_confint

from app.metrics.stats import percent, wilson_interval

# --- Wilson intervals -------------------------------------------------------------------------


def test_wilson_closed_forms() -> None:
    # k = 0: upper = z²/(n + z²) = 3.841459 / 13.841459 = 0.277533
    assert wilson_interval(0, 10) == (0.0, 27.75)
    # k = n: lower = n/(n + z²) = 10 / 13.841459 = 0.722467
    assert wilson_interval(10, 10) == (72.25, 100.0)
    # k = n/2 = 5 of 10: half-width 1.959964 · sqrt(0.025 + 0.0096037) / 1.3841459 = 0.263407
    assert wilson_interval(5, 10) == (23.66, 76.34)
    # 99%: z = 2.575829, z² = 6.634897; upper = 6.634897 / 16.634897 = 0.398855
    assert wilson_interval(0, 10, confidence=0.99) == (0.0, 39.89)


def test_wilson_general_case() -> None:
    # 3 of 8: centre (0.375 + z²/16) / (1 + z²/8) = 0.615091 / 1.480182 = 0.415552;
    # half-width z·sqrt(0.375·0.625/8 + z²/256) / 1.480182 = 0.412540 / 1.480182 = 0.278711
    assert wilson_interval(3, 8) == (13.68, 69.43)


def test_wilson_empty_and_invalid() -> None:
    assert wilson_interval(0, 0) is None
    with pytest.raises(ValueError):
        wilson_interval(3, 2)
    with pytest.raises(ValueError):
        wilson_interval(-1, 2)
    with pytest.raises(ValueError):
        wilson_interval(1, 2, confidence=1.0)


def test_wilson_equals_statsmodels_proportion_confint() -> None:
    for n in (*range(1, 60), 97, 1000, 8000, 1_000_000):
        for k in sorted({0, 1, n // 7, n // 3, n // 2, n - 1, n}):
            for confidence in (0.95, 0.9, 0.99):
                low, high = proportion_confint(k, n, alpha=1 - confidence, method="wilson")
                expected = (round(100 * float(low), 2), round(100 * float(high), 2))
                assert wilson_interval(k, n, confidence) == expected, (k, n, confidence)


# --- percentages ---------------------------------------------------------------------------


def test_percentages_round_half_up_as_tables_are_printed() -> None:
    # 337/800 = 42.125 % exactly: half up gives 42.13 (round() would give 42.12)
    assert [percent(337, 800), percent(1, 8), percent(1, 3), percent(2, 3)] == [
        42.13,
        12.5,
        33.33,
        66.67,
    ]
    assert (percent(0, 7), percent(7, 7), percent(3, 0)) == (0.0, 100.0, None)
