"""Bounded JSON input (DESIGN.md §3.4): depth found before parsing, unstorable text by path."""

from __future__ import annotations

import json
import time

import pytest

from app.bounded import (
    MAX_JSON_DEPTH,
    JSONTooDeep,
    load_json,
    text_problem,
    too_deep_at,
    unstorable_text,
)


def test_the_first_container_too_deep_is_named_by_its_json_path() -> None:
    # depth: root 1, events 2, events[2] 3, payload 4, the list at body 5; body[0]x28 is 33
    text = '{"events": [1, "x", {"payload": {"body": ' + "[" * 40 + "]" * 40 + "}}]}"
    assert too_deep_at(text) == "$.events[2].payload.body" + "[0]" * 28
    assert too_deep_at(text, max_depth=4) == "$.events[2].payload.body"
    assert too_deep_at(text, max_depth=45) is None


def test_keys_that_are_not_identifiers_are_quoted_and_indices_count_commas() -> None:
    text = '{"a b": [0, {"k": ' + "[" * 3 + "]" * 3 + "}]}"
    assert too_deep_at(text, max_depth=4) == '$["a b"][1].k[0]'


def test_brackets_inside_strings_do_not_count() -> None:
    text = json.dumps({"sql": "[" * 5000 + "{" * 5000, "quote": 'a "[[[" b'})
    assert too_deep_at(text) is None
    assert load_json(text)["sql"].startswith("[[[")


def test_exactly_the_limit_is_allowed() -> None:
    assert too_deep_at("[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH) is None
    deeper = "[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1)
    assert too_deep_at(deeper) == "$" + "[0]" * MAX_JSON_DEPTH


def test_a_hundred_thousand_brackets_are_refused_quickly_without_recursion() -> None:
    started = time.perf_counter()
    with pytest.raises(JSONTooDeep) as refused:
        load_json("[" * 100_000 + "]" * 100_000)
    assert time.perf_counter() - started < 1.0
    assert refused.value.path == "$" + "[0]" * 32 and refused.value.max_depth == 32
    assert str(refused.value).endswith("nested more than 32 levels deep (arrays and objects)")
    with pytest.raises(JSONTooDeep):
        load_json('{"a": ' + "[" * 100_000)  # not even valid JSON: still refused by depth


def test_bad_json_is_still_a_decode_error() -> None:
    with pytest.raises(json.JSONDecodeError):
        load_json('{"a": ')


def test_unstorable_text_finds_nul_and_lone_surrogates_in_values_and_keys_in_order() -> None:
    data = json.loads(
        '{"title": "ok", "events": [{"payload": {"body": "a\\u0000b"}}],'
        ' "files": {"/a\\u0000.txt": "x"}, "note": "\\ud800", "pair": "\\ud83d\\ude00"}'
    )
    assert unstorable_text(data) == [
        (
            "$.events[0].payload.body",
            "holds a NUL character (U+0000), which cannot be stored; remove it",
        ),
        (
            '$.files["/a\\u0000.txt"]',
            "the key holds a NUL character (U+0000), which cannot be stored; remove it",
        ),
        ("$.note", "holds a lone surrogate (U+D800), which cannot be stored; remove it"),
    ]


def test_text_problem_gives_the_offset() -> None:
    assert text_problem("line one\nli\x00ne") == (11, "a NUL character (U+0000)")
    assert text_problem("fine ✓ 😀") is None


def _unterminated(length: int) -> str:
    """More brackets than the limit, then a string of escaped quotes that never closes."""
    return "[" * 40 + '"' + '\\"' * (length // 2)


def _seconds(text: str) -> float:
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        assert too_deep_at(text) == "$" + "[0]" * 32
        best = min(best, time.perf_counter() - started)
    return best


def test_an_unterminated_string_of_escaped_quotes_is_scanned_in_linear_time():
    """The old patterns re-scanned the rest from every escaped quote: 11 s at 40 K, ~1 h at 1 MB.

    A bound four orders of magnitude from the old cost and ~20 times today's (~0.1 s), so a
    loaded machine cannot fail it and a quadratic scan cannot pass it; the speed itself is
    measured in ``bench/``, not here.
    """
    assert _seconds(_unterminated(1_000_000)) < 2.0
    with_backslash = _unterminated(1_000_000) + "\\"  # a trailing lone backslash too
    started = time.perf_counter()
    assert too_deep_at(with_backslash) == "$" + "[0]" * 32
    assert time.perf_counter() - started < 2.0
