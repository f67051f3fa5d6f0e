"""Replies built to cost time or storage: each ends with a status in bounded time (issue 13)."""

from __future__ import annotations

import json
import time

import pytest

from app.agents.protocol import extract_json, visible_text

FINAL = {"type": "final", "action": None, "rationale": "r"}


@pytest.mark.parametrize(
    ("text", "visible"),
    [
        ("<think>a</think>b", " b"),  # the block is replaced by a blank
        ("x <THINK>a</think> y", "x   y"),  # tags match in any case
        ("<think><think>a</think>b</think>c", "c"),  # the block ends at its first close
        ("<think>a</thinking>b", "b"),  # no close of its name: a lone close ends reasoning
        ("a<reasoning>b</reasoning>c<thinking>d", "a c"),
        ("plain", "plain"),
    ],
)
def test_visible_text_drops_reasoning_blocks(text: str, visible: str) -> None:
    assert visible_text(text) == visible


@pytest.mark.parametrize("text", ["<think>" * 14_000, "<think><thinking>" * 6_000])
def test_many_unclosed_reasoning_tags_are_read_in_linear_time(text: str) -> None:
    # ~100,000 characters: re-scanning the rest from every tag took ~10 s of CPU per reply
    started = time.process_time()
    assert visible_text(text) == ""
    assert extract_json(text + json.dumps(FINAL)) == FINAL
    assert time.process_time() - started < 1.0
