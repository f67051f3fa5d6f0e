"""Replies at the edges of the wire format, over HTTP (issue 13, remaining gaps 1–3).

* more native tool calls than are read (:data:`~app.agents.llm.MAX_TOOL_CALLS`): a protocol
  violation, and every tool-call id of the next request is answered by a ``tool`` message;
* a NUL or a lone surrogate: the same rule in both wire modes (replaced by U+FFFD,
  :func:`app.bounded.storable`), whether sent as a raw character or as a JSON escape;
* ``finish_reason: "length"`` with cut-off tool-call arguments: the output budget ran out
  (``output_budget_exhausted``), as a cut-off reply in ``json`` mode.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from app.agents.llm import MAX_TOOL_CALLS, EndpointConfig, OpenAIChatAgent
from app.agents.runner import NO_ACTION, run_response
from app.bounded import storable
from tests.fake_llm import FakeLLM, Reply, replies, tool_call, tools_reply
from tests.unit import arena_fixtures as fx


def _agent(llm: FakeLLM, mode: str = "tools") -> OpenAIChatAgent:
    return OpenAIChatAgent(
        EndpointConfig(base_url=llm.base_url, model="m", mode=mode, max_retries=0)
    )


def _unanswered_ids(messages: list[dict[str, Any]]) -> list[str]:
    """Tool-call ids of assistant messages with no ``tool`` message answering them.

    The OpenAI wire format refuses a conversation where any is left (HTTP 400).
    """
    asked = [
        c["id"] for m in messages if m["role"] == "assistant" for c in m.get("tool_calls") or []
    ]
    answered = {m["tool_call_id"] for m in messages if m["role"] == "tool"}
    return [call_id for call_id in asked if call_id not in answered]


MANY = MAX_TOOL_CALLS + 6  # 70


def _many_calls() -> Reply:
    return tools_reply(*(tool_call("email_list", {}, f"c{i}") for i in range(MANY)))


def test_more_tool_calls_than_are_read_is_a_violation_with_every_echoed_id_answered() -> None:
    final = tools_reply(tool_call(NO_ACTION, {"rationale": "ok"}, "z"))
    with FakeLLM(replies(_many_calls(), final)) as llm:
        out = run_response(fx.s0(), fx.events(), 1, _agent(llm))
        second = llm.requests[1]["messages"]
    assert (out.status, out.rationale) == ("completed", "ok")
    assert out.retrieval_rounds == 0 and out.trajectory == []  # nothing of the reply ran
    # the count is kept with the call; the 64 calls read are stored, the rest never held
    first = out.llm_calls[0]
    assert first["tool_calls_sent"] == 70
    assert [c["id"] for c in first["tool_calls"]] == [f"c{i}" for i in range(64)]
    assert out.llm_calls[1]["tool_calls_sent"] is None
    # the next request is valid: the 64 calls echoed, each answered with the error, in order
    assert [m["role"] for m in second] == ["system", "user", "assistant"] + ["tool"] * 64
    assert [c["id"] for c in second[2]["tool_calls"]] == [f"c{i}" for i in range(64)]
    assert [m["tool_call_id"] for m in second[3:]] == [f"c{i}" for i in range(64)]
    assert _unanswered_ids(second) == []
    assert second[3]["content"] == (
        "error: Your reply broke the protocol: the reply made 70 tool calls; at most 64 are "
        "read in one turn. Call retrieval tools to read evidence, then exactly one action "
        "tool, or no_action with a rationale, alone in its turn."
    )


def test_too_many_tool_calls_twice_is_a_protocol_error() -> None:
    with FakeLLM(replies(_many_calls())) as llm:
        out = run_response(fx.s0(), fx.events(), 1, _agent(llm))
        assert len(llm.requests) == 2
    assert (out.status, out.failure_reason) == ("protocol_error", "protocol_violation")
    assert out.error == "the reply made 70 tool calls; at most 64 are read in one turn"
    assert [c["tool_calls_sent"] for c in out.llm_calls] == [70, 70]


def test_exactly_the_limit_of_tool_calls_is_a_round() -> None:
    calls = tools_reply(*(tool_call("email_list", {}, f"c{i}") for i in range(MAX_TOOL_CALLS)))
    final = tools_reply(tool_call(NO_ACTION, {"rationale": "ok"}, "z"))
    with FakeLLM(replies(calls, final)) as llm:
        out = run_response(fx.s0(), fx.events(), 1, _agent(llm))
        second = llm.requests[1]["messages"]
    assert out.status == "completed" and out.retrieval_rounds == 1
    assert len(out.trajectory) == 64  # 8 run, 56 answered as not run
    assert sum(step["ok"] for step in out.trajectory) == 8
    assert out.llm_calls[0]["tool_calls_sent"] is None
    assert _unanswered_ids(second) == []


NUL_JSON = {
    # a raw NUL in the reply text, and one written as a JSON escape (decoded when parsed)
    "raw": '{"type": "final", "action": null, "rationale": "a\x00b"}',
    "escaped": '{"type": "final", "action": null, "rationale": "a\\u0000b"}',
    "raw surrogate": '{"type": "final", "action": null, "rationale": "a\ud800b"}',
    "escaped surrogate": '{"type": "final", "action": null, "rationale": "a\\ud800b"}',
}


@pytest.mark.parametrize("form", list(NUL_JSON))
@pytest.mark.parametrize("mode", ["json", "tools"])
def test_unstorable_text_in_a_json_reply_is_replaced_in_either_mode(mode: str, form: str) -> None:
    with FakeLLM(replies(Reply(content=NUL_JSON[form]))) as llm:
        out = run_response(fx.s0(), fx.events(), 1, _agent(llm, mode))
    assert (out.status, out.level_predicted, out.error) == ("completed", "L0", None)
    assert storable(out.rationale) == "a\ufffdb"  # as the response is stored
    assert storable(out.raw_output) in (NUL_JSON[form].replace(c, "\ufffd") for c in "\x00\ud800")


@pytest.mark.parametrize(
    "rationale",
    ["a\x00b", "a\ud800b"],
    ids=["nul", "surrogate"],
)
def test_unstorable_text_in_tool_calls_is_replaced_as_in_json_mode(rationale: str) -> None:
    # the arguments carry the character as a JSON escape (json.dumps writes \\u0000, \\ud800);
    # the reply text carries it raw
    final = tools_reply(tool_call(NO_ACTION, {"rationale": rationale}, "x"), content=rationale)
    with FakeLLM(replies(final)) as llm:
        out = run_response(fx.s0(), fx.events(), 1, _agent(llm))
    assert (out.status, out.level_predicted) == ("completed", "L0")
    assert storable(out.rationale) == "a\ufffdb"
    assert out.llm_calls[0]["response"] == "a\ufffdb"


def test_a_nul_in_a_command_argument_is_a_bad_argument_in_either_mode() -> None:
    inspect = {
        "type": "inspect",
        "commands": [{"command": "email_read", "args": {"message_id": "m\x00"}}],
    }
    final = {"type": "final", "action": None, "rationale": "done"}
    with FakeLLM(
        replies(Reply(content=json.dumps(inspect)), Reply(content=json.dumps(final)))
    ) as llm:
        by_json = run_response(fx.s0(), fx.events(), 1, _agent(llm, "json"))
    tools = [
        tools_reply(tool_call("email_read", {"message_id": "m\x00"}, "a")),
        tools_reply(tool_call(NO_ACTION, {"rationale": "done"}, "b")),
    ]
    with FakeLLM(replies(*tools)) as llm:
        by_tools = run_response(fx.s0(), fx.events(), 1, _agent(llm))
    for out in (by_json, by_tools):
        assert out.status == "completed"
        (step,) = out.trajectory
        assert step["ok"] is False
        assert step["result"].startswith(
            "error: email_read: message_id: holds a NUL character (U+0000)"
        ), step["result"]


@pytest.mark.parametrize(
    "calls",
    [
        [tool_call("email_list", '{"lim', "a")],
        [
            tool_call("email_list", {"limit": 5}, "a"),
            tool_call("email_read", '{"message_id": "m-', "b"),
        ],
        [tool_call("notify_user", '{"message": "Plea', "a")],
    ],
    ids=["retrieval", "second-of-two", "final"],
)
def test_tool_arguments_cut_off_by_the_output_budget_are_output_budget_exhausted(
    calls: list[dict[str, Any]],
) -> None:
    cut = tools_reply(*calls, finish_reason="length")
    with FakeLLM(replies(cut)) as llm:
        out = run_response(fx.s0(), fx.events(), 1, _agent(llm))
        assert len(llm.requests) == 1  # not answered as a bad argument and asked again
    assert (out.status, out.failure_reason) == ("api_error", "output_budget_exhausted")
    assert out.error is not None and out.error.startswith(
        "output_budget_exhausted: the reply was cut off at the output budget "
        "(finish_reason 'length') before it was complete: the arguments of tool call "
    )
    assert "are cut off: the arguments are not valid JSON" in out.error
    assert out.trajectory == [] and out.action is None
    assert out.llm_calls[0]["finish_reason"] == "length"


def test_complete_tool_calls_of_a_reply_at_the_budget_still_run() -> None:
    # "length" after the last call's arguments were complete: nothing was cut off that is used
    whole = tools_reply(tool_call("email_list", {"limit": 5}, "a"), finish_reason="length")
    final = tools_reply(tool_call(NO_ACTION, {"rationale": "ok"}, "z"))
    with FakeLLM(replies(whole, final)) as llm:
        out = run_response(fx.s0(), fx.events(), 1, _agent(llm))
    assert out.status == "completed" and out.retrieval_rounds == 1
    assert [s["ok"] for s in out.trajectory] == [True]
