"""Replies built to cost time or storage: each ends with a status in bounded time (issue 13)."""

from __future__ import annotations

import json
import time

import pytest

from app.agents.llm import EndpointConfig, OpenAIChatAgent
from app.agents.protocol import extract_json, visible_text
from app.agents.runner import NO_ACTION, run_response
from tests.fake_llm import FakeLLM, Reply, replies, tool_call, tools_reply
from tests.unit import arena_fixtures as fx

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


def test_tool_call_ids_sent_back_are_unique_and_short() -> None:
    # two calls of one id, a 1 MB id, an id taken by the reassignment of an earlier call, and
    # a call without an id whose call_<index> is taken by an earlier call
    script = replies(
        tools_reply(
            tool_call("email_list", {}, "same"),
            tool_call("files_list", {}, "same"),
            tool_call("chat_unread", {}, "i" * 1_000_000),
            tool_call("email_list", {}, "call_1"),
            tool_call("files_list", {}, "call_5"),
            {"type": "function", "function": {"name": "chat_unread", "arguments": "{}"}},
        ),
        tools_reply(tool_call(NO_ACTION, {"rationale": "wait"}, "z")),
    )
    with FakeLLM(script) as llm:
        agent = OpenAIChatAgent(
            EndpointConfig(base_url=llm.base_url, model="m", mode="tools", max_retries=0)
        )
        out = run_response(fx.s0(), fx.events(), 2, agent)
        second = llm.requests[1]["messages"]
    assert out.status == "completed" and out.level_predicted == "L0"
    ids = ["same", "call_1", "call_2", "call_3", "call_5", "call_5_"]
    assert [c["id"] for c in out.llm_calls[0]["tool_calls"]] == ids
    assert [c["id"] for c in second[2]["tool_calls"]] == ids
    assert [m["tool_call_id"] for m in second[3:]] == ids


def test_a_tool_name_with_colons_and_unreadable_arguments_keeps_its_name() -> None:
    script = replies(
        tools_reply(tool_call("a:b:c", "{bad", "x"), tool_call("email_read", "{bad", "y")),
        tools_reply(tool_call(NO_ACTION, {"rationale": "wait"}, "z")),
    )
    with FakeLLM(script) as llm:
        agent = OpenAIChatAgent(
            EndpointConfig(base_url=llm.base_url, model="m", mode="tools", max_retries=0)
        )
        out = run_response(fx.s0(), fx.events(), 2, agent)
    assert out.status == "completed"
    assert [(s["command"], s["ok"]) for s in out.trajectory] == [
        ("a:b:c", False),
        ("email_read", False),
    ]
    assert out.trajectory[0]["result"].startswith("error: a:b:c: the arguments are not valid JSON")


def test_nan_and_infinity_are_not_json_in_either_mode() -> None:
    # Python's json reads them, PostgreSQL's JSONB refuses them: the response's store failed
    inspect = '{"type": "inspect", "commands": [{"command": "email_list", "args": {"limit": NaN}}]}'
    with FakeLLM(replies(Reply(content=inspect), Reply(content=json.dumps(FINAL)))) as llm:
        agent = OpenAIChatAgent(EndpointConfig(base_url=llm.base_url, model="m", max_retries=0))
        out = run_response(fx.s0(), fx.events(), 2, agent)
        corrective = llm.requests[1]["messages"][-1]["content"]
    assert (out.status, out.level_predicted, out.trajectory) == ("completed", "L0", [])
    assert "the reply is not valid JSON (NaN is not a JSON number)" in corrective

    script = replies(
        tools_reply(tool_call("email_list", '{"limit": -Infinity}', "a")),
        tools_reply(tool_call(NO_ACTION, {"rationale": "wait"}, "z")),
    )
    with FakeLLM(script) as llm:
        agent = OpenAIChatAgent(
            EndpointConfig(base_url=llm.base_url, model="m", mode="tools", max_retries=0)
        )
        out = run_response(fx.s0(), fx.events(), 2, agent)
    assert out.status == "completed"
    assert out.trajectory == [
        {
            "round": 1,
            "command": "email_list",
            "args": {},
            "result": "error: email_list: the arguments are not valid JSON "
            "(-Infinity is not a JSON number)",
            "ok": False,
        }
    ]
