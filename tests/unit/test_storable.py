"""Text the database and the wire can hold: app.bounded.storable (DESIGN §3.4)."""

from __future__ import annotations

import json

import pytest

from app.bounded import REPLACEMENT, storable, storable_text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a\x00b", "a\ufffdb"),
        ("\x00\x00", "\ufffd\ufffd"),
        ("lone high \ud800 and low \udfff", "lone high \ufffd and low \ufffd"),
        ("\udbff\udc00", "\ufffd\ufffd"),  # two code points in a str: no UTF-8 form either
        ("reversed \udc00\ud800", "reversed \ufffd\ufffd"),
        *[(kept, kept) for kept in ["\U0001f600 \u00e9 \u4e2d \ufffd \u2400", "\x01\x1f\x7f\t"]],
        ("plain ascii", "plain ascii"),
        ("", ""),
    ],
)
def test_storable_text_replaces_nul_and_surrogates_only(text: str, expected: str) -> None:
    assert storable_text(text) == expected
    assert len(storable_text(text)) == len(text)
    storable_text(text).encode("utf-8")  # every result has a UTF-8 form


def test_a_surrogate_pair_decoded_from_json_is_one_character_and_kept() -> None:
    text = json.loads('"\\ud83d\\ude00"')
    assert text == "\U0001f600" and storable_text(text) is text


def test_unchanged_text_is_the_same_object() -> None:
    text = "caf\u00e9 " * 1000
    assert storable_text(text) is text
    assert storable_text("ascii") == "ascii"


def test_storable_walks_values_at_any_depth_keys_included() -> None:
    value = {
        "raw\x00key": ["x\x00", {"deep": ("t\ud800", 1, 2.5, None, True)}],
        "n": 7,
        3: "int key kept",
    }
    assert storable(value) == {
        "raw\ufffdkey": ["x\ufffd", {"deep": ("t\ufffd", 1, 2.5, None, True)}],
        "n": 7,
        3: "int key kept",
    }
    assert value["raw\x00key"][0] == "x\x00"  # a copy: the input is unchanged


def test_storable_results_are_accepted_where_postgresql_refuses_the_input() -> None:
    value = {"a": "\x00", "b": ["\ud800"]}
    with pytest.raises(UnicodeEncodeError):
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    assert "\\u0000" in json.dumps(value)  # JSONB refuses this escape
    cleaned = json.dumps(storable(value), ensure_ascii=False)
    assert "\\u0000" not in cleaned and "\\ud800" not in cleaned
    assert json.loads(cleaned.encode("utf-8")) == {"a": REPLACEMENT, "b": [REPLACEMENT]}


@pytest.mark.parametrize("value", [None, 0, -1.5, True, b"\x00bytes"])
def test_non_text_values_are_returned_as_they_are(value: object) -> None:
    assert storable(value) is value


def test_storable_is_idempotent() -> None:
    value = ["\x00", {"\ud800": "\udfff"}]
    assert storable(storable(value)) == storable(value)
