"""Unit tests of the one JSON-path writer shared by the validator and the bounded reader."""

from __future__ import annotations

from typing import Annotated, Literal

import pytest
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from app.bounded import JSONTooDeep, load_json, unstorable_text
from app.jsonpath import join_path, loc_path, path_step


@pytest.mark.parametrize(
    ("key", "step"),
    [
        (3, "[3]"),
        ("body", ".body"),
        ("_x9", "._x9"),
        ("9lives", '["9lives"]'),
        ("x-y", '["x-y"]'),
        ("/home/a.txt", '["/home/a.txt"]'),
        ('say "hi"', '["say \\"hi\\""]'),
        ("Grüße", '["Grüße"]'),  # not escaped to \u00fc
        ("", '[""]'),
    ],
)
def test_path_step(key: str | int, step: str) -> None:
    assert path_step(key) == step


def test_join_path() -> None:
    assert join_path("$.events", 2, "at") == "$.events[2].at"
    assert join_path("$.initial_records", "files", "/a b") == '$.initial_records.files["/a b"]'
    assert join_path("$") == "$"


class _Db(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["db"]
    value: str


class _File(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["file"]
    line: int


class _Doc(BaseModel):
    model_config = ConfigDict(extra="forbid")
    items: list[Annotated[_Db | _File, Field(discriminator="kind")]]
    due: int | None = None


def _locs(raw: object) -> list[str]:
    try:
        TypeAdapter(_Doc).validate_python(raw)
    except ValidationError as exc:
        return [loc_path("$", raw, error["loc"]) for error in exc.errors()]
    return []


def test_loc_path_leaves_out_discriminator_tags() -> None:
    # pydantic's loc is ("items", 1, "file", "line"); "file" is a tag, not a key of the document
    assert _locs({"items": [{"kind": "db", "value": "x"}, {"kind": "file", "line": "two"}]}) == [
        "$.items[1].line"
    ]


def test_loc_path_names_a_missing_field_and_an_unknown_one() -> None:
    assert _locs({"items": [{"kind": "db"}]}) == ["$.items[0].value"]
    assert _locs({"items": [], "odd-key": 1}) == ['$["odd-key"]']


def test_loc_path_from_a_base_and_past_the_end_of_the_input() -> None:
    assert loc_path("$.events[2].payload", {"a": [1]}, ("a", 5, "b")) == "$.events[2].payload.a[5]"


def test_the_bounded_reader_writes_the_same_paths() -> None:
    assert unstorable_text({"x-y": ["ok", "a\x00b"]}) == [
        (
            join_path("$", "x-y", 1),
            "holds a NUL character (U+0000), which cannot be stored; remove it",
        )
    ]
    with pytest.raises(JSONTooDeep) as info:
        load_json('{"odd key": [[{"b": [1]}]]}', max_depth=3)
    assert info.value.path == join_path("$", "odd key", 0, 0)
