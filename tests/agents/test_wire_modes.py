"""Both wire modes over HTTP with recorded shapes of real servers (issue 13 items 1–3, 6).

The replies below copy the shapes that OpenAI's chat completions (tool calls, parallel calls),
vLLM (``reasoning_content`` from its reasoning parsers, ``tool_calls: []`` on plain replies,
``chatcmpl-tool-…`` ids) and Ollama's OpenAI-compatible endpoint (``reasoning``, no
``completion_tokens_details``, ``index`` on each call) send.
"""

from __future__ import annotations

import json

import pytest

from app.agents.llm import EndpointConfig, OpenAIChatAgent
from app.agents.runner import NO_ACTION, run_response, tool_definitions
from app.arena.commands import CATALOGUE
from tests.fake_llm import FakeLLM, Reply, replies, tool_call, tools_policy, tools_reply
from tests.unit import arena_fixtures as fx


def _agent(llm: FakeLLM, mode: str = "tools", model: str = "m") -> OpenAIChatAgent:
    return OpenAIChatAgent(
        EndpointConfig(base_url=llm.base_url, model=model, mode=mode, max_retries=0)
    )


@pytest.fixture
def llm():
    with FakeLLM(tools_policy) as server:
        yield server


def test_tools_mode_sends_the_catalogue_as_tools_and_runs_a_parallel_round(llm: FakeLLM) -> None:
    out = run_response(fx.s0(), fx.events(), 2, _agent(llm))
    assert out.status == "completed" and out.level_predicted == "L1"
    assert out.action == {
        "command": "notify_user",
        "args": {"message": "Please check the latest email."},
    }
    assert out.rationale == "Worth a heads-up."
    assert out.retrieval_rounds == 1
    assert [(s["round"], s["command"], s["ok"]) for s in out.trajectory] == [
        (1, "email_list", True),
        (1, "files_list", True),
    ]
    first, second = llm.requests
    names = [tool["function"]["name"] for tool in first["tools"]]
    assert names == [*CATALOGUE, NO_ACTION]  # 48 commands from the one source, then no_action
    assert "Answer every turn with exactly one JSON object" not in first["messages"][0]["content"]
    # the round's results go back as tool messages answering each call id, in order
    roles = [m["role"] for m in second["messages"]]
    assert roles == ["system", "user", "assistant", "tool", "tool"]
    assistant, tool1, tool2 = second["messages"][2:]
    assert [c["id"] for c in assistant["tool_calls"]] == ["call_1", "call_2"]
    assert (tool1["tool_call_id"], tool2["tool_call_id"]) == ("call_1", "call_2")
    assert tool1["content"] == out.trajectory[0]["result"]
    # the calls are stored with the LLM call accounting
    assert out.llm_calls[0]["tool_calls"] == [
        {"id": "call_1", "name": "email_list", "arguments": '{"limit": 5}'},
        {"id": "call_2", "name": "files_list", "arguments": "{}"},
    ]


def test_no_action_tool_is_l0_with_its_rationale(llm: FakeLLM) -> None:
    out = run_response(fx.s0(), fx.events(), 1, _agent(llm, model="m-quiet"))
    assert (out.status, out.action, out.level_predicted) == ("completed", None, "L0")
    assert out.rationale == "Nothing is due yet."


def test_a_bad_argument_fails_that_call_only(llm: FakeLLM) -> None:
    llm.script = replies(
        tools_reply(
            tool_call("email_read", {}, "a"),  # message_id missing
            tool_call("email_list", "{not json", "b"),
            tool_call("no_such_tool", {}, "c"),
            tool_call("chat_unread", {}, "d"),
        ),
        tools_reply(tool_call(NO_ACTION, {"rationale": "wait"})),
    )
    out = run_response(fx.s0(), fx.events(), 1, _agent(llm))
    assert out.status == "completed" and out.retrieval_rounds == 1
    assert [(s["command"], s["ok"]) for s in out.trajectory] == [
        ("email_read", False),
        ("email_list", False),
        ("no_such_tool", False),
        ("chat_unread", True),
    ]
    tools = {m["tool_call_id"]: m["content"] for m in llm.requests[1]["messages"][3:]}
    assert tools["a"].startswith("error: email_read: message_id: Field required")
    assert tools["b"].startswith("error: email_list: the arguments are not valid JSON")
    assert tools["c"] == "error: unknown command 'no_such_tool'"
    assert not tools["d"].startswith("error")


def test_a_final_beside_other_calls_is_refused_once_then_corrected(llm: FakeLLM) -> None:
    llm.script = replies(
        tools_reply(tool_call("email_list", {}, "x"), tool_call(NO_ACTION, {"rationale": ""}, "y")),
        tools_reply(tool_call(NO_ACTION, {"rationale": "ok"}, "z")),
    )
    out = run_response(fx.s0(), fx.events(), 1, _agent(llm))
    assert out.status == "completed" and out.retrieval_rounds == 0 and out.rationale == "ok"
    answered = llm.requests[1]["messages"][3:]
    assert [(m["role"], m["tool_call_id"]) for m in answered] == [("tool", "x"), ("tool", "y")]
    assert "must be the only call of its turn" in answered[0]["content"]


def test_a_refused_final_action_twice_is_a_protocol_error(llm: FakeLLM) -> None:
    bad = tools_reply(tool_call("flag_email", {"message_id": "nope", "note": "x"}))
    llm.script = replies(bad, bad)
    out = run_response(fx.s0(), fx.events(), 1, _agent(llm))
    assert out.status == "protocol_error" and "does not exist" in (out.error or "")
    assert len(llm.requests) == 2


def test_after_the_last_round_only_final_tools_are_offered(llm: FakeLLM) -> None:
    from app.agents.protocol import Limits

    llm.script = replies(
        tools_reply(tool_call("email_list", {})),
        tools_reply(tool_call(NO_ACTION, {"rationale": "done"})),
    )
    out = run_response(fx.s0(), fx.events(), 1, _agent(llm), limits=Limits(max_rounds=1))
    assert out.status == "completed"
    offered = [t["function"]["name"] for t in llm.requests[1]["tools"]]
    assert offered == [t["function"]["name"] for t in tool_definitions(final_only=True)]
    assert "email_list" not in offered and offered[-1] == NO_ACTION
    assert len(offered) == 19 + 1  # the 19 action commands and no_action
    assert "last retrieval round" in llm.requests[1]["messages"][-1]["content"]


def test_a_tools_agent_writing_the_json_object_instead_is_understood(llm: FakeLLM) -> None:
    llm.script = replies(Reply(content='{"type": "final", "action": null, "rationale": "in text"}'))
    out = run_response(fx.s0(), fx.events(), 1, _agent(llm))
    assert (out.status, out.level_predicted, out.rationale) == ("completed", "L0", "in text")


# --- recorded shapes --------------------------------------------------------------------------

OPENAI_PARALLEL = {
    "role": "assistant",
    "content": None,
    "tool_calls": [
        {
            "id": "call_Vx2mQ3dYk0",
            "type": "function",
            "function": {
                "name": "calendar_list",
                "arguments": '{"start":"2026-03-01T00:00:00+01:00",'
                '"end":"2026-03-08T00:00:00+01:00"}',
            },
        },
        {
            "id": "call_9Lk1pPq7Zs",
            "type": "function",
            "function": {"name": "wallet_accounts", "arguments": "{}"},
        },
    ],
    "refusal": None,
    "annotations": [],
}
OPENAI_USAGE = {
    "prompt_tokens": 5120,
    "completion_tokens": 310,
    "total_tokens": 5430,
    "prompt_tokens_details": {"cached_tokens": 0, "audio_tokens": 0},
    "completion_tokens_details": {
        "reasoning_tokens": 256,
        "audio_tokens": 0,
        "accepted_prediction_tokens": 0,
        "rejected_prediction_tokens": 0,
    },
}


def test_openai_parallel_tool_calls_and_reasoning_tokens(llm: FakeLLM) -> None:
    llm.script = replies(
        Reply(message=OPENAI_PARALLEL, finish_reason="tool_calls", usage=OPENAI_USAGE),
        tools_reply(tool_call(NO_ACTION, {"rationale": "all fine"}), usage=OPENAI_USAGE),
    )
    out = run_response(fx.s0(), fx.events(), 2, _agent(llm))
    assert out.status == "completed"
    assert [s["command"] for s in out.trajectory] == ["calendar_list", "wallet_accounts"]
    assert (out.prompt_tokens, out.completion_tokens, out.reasoning_tokens) == (10240, 620, 512)
    assert out.reasoning_tokens_partial is False
    assert [c["finish_reason"] for c in out.llm_calls] == ["tool_calls", "tool_calls"]


VLLM_REASONING_JSON = {
    "role": "assistant",
    "reasoning_content": "The latest message asks about the boiler. I should read it first.",
    "content": '{"type": "inspect", "commands": [{"command": "email_list", "args": {}}]}',
    "tool_calls": [],
}
VLLM_USAGE = {
    "prompt_tokens": 4000,
    "total_tokens": 4100,
    "completion_tokens": 100,
    "prompt_tokens_details": None,
}


def test_vllm_reasoning_parser_output_in_json_mode(llm: FakeLLM) -> None:
    """vLLM's reasoning parser: ``reasoning_content`` beside the content, ``tool_calls: []``."""
    final = {
        "role": "assistant",
        "reasoning_content": "Nothing is due before Friday.",
        "content": '{"type": "final", "action": null, "rationale": "not yet"}',
        "tool_calls": [],
    }
    llm.script = replies(
        Reply(message=VLLM_REASONING_JSON, usage=VLLM_USAGE),
        Reply(message=final, usage=VLLM_USAGE),
    )
    out = run_response(fx.s0(), fx.events(), 1, _agent(llm, mode="json"))
    assert out.status == "completed" and out.retrieval_rounds == 1
    assert [c["reasoning"] for c in out.llm_calls] == [
        VLLM_REASONING_JSON["reasoning_content"],
        "Nothing is due before Friday.",
    ]
    assert out.reasoning_tokens is None and out.reasoning_tokens_partial is False
    assert "tools" not in llm.requests[0]  # json mode sends no tools


def test_vllm_tool_parser_with_reasoning_in_tools_mode(llm: FakeLLM) -> None:
    message = {
        "role": "assistant",
        "reasoning": "I will check the chat first.",
        "content": None,
        "tool_calls": [
            {
                "id": "chatcmpl-tool-3f0c6a1e9b2d4",
                "type": "function",
                "function": {"name": "chat_unread", "arguments": "{}"},
            }
        ],
    }
    llm.script = replies(
        Reply(message=message, finish_reason="tool_calls", usage=VLLM_USAGE),
        tools_reply(tool_call(NO_ACTION, {"rationale": "fine"}), usage=OPENAI_USAGE),
    )
    out = run_response(fx.s0(), fx.events(), 1, _agent(llm))
    assert out.status == "completed" and out.trajectory[0]["command"] == "chat_unread"
    assert out.llm_calls[0]["reasoning"] == "I will check the chat first."
    # one call reported 256 reasoning tokens, the other none: summed over the reporting one
    assert (out.reasoning_tokens, out.reasoning_tokens_partial) == (256, True)
    sent = llm.requests[1]["messages"]
    assert sent[3] == {
        "role": "tool",
        "tool_call_id": "chatcmpl-tool-3f0c6a1e9b2d4",
        "content": out.trajectory[0]["result"],
    }


OLLAMA_TOOL_CALL = {
    "role": "assistant",
    "content": "",
    "reasoning": "Let me look at the files.",
    "tool_calls": [
        {
            "id": "call_a1b2c3d4",
            "index": 0,
            "type": "function",
            "function": {"name": "files_list", "arguments": '{"directory":"/"}'},
        }
    ],
}
OLLAMA_USAGE = {"prompt_tokens": 2100, "completion_tokens": 48, "total_tokens": 2148}


def test_ollama_openai_compatible_tool_calls(llm: FakeLLM) -> None:
    native_args = {  # Ollama's native shape: arguments as an object, not JSON text
        "role": "assistant",
        "content": "",
        "tool_calls": [{"function": {"name": "no_action", "arguments": {"rationale": "ok"}}}],
    }
    llm.script = replies(
        Reply(message=OLLAMA_TOOL_CALL, finish_reason="tool_calls", usage=OLLAMA_USAGE),
        Reply(message=native_args, finish_reason="stop", usage=OLLAMA_USAGE),
    )
    out = run_response(fx.s0(), fx.events(), 1, _agent(llm))
    assert out.status == "completed" and out.rationale == "ok"
    assert out.trajectory[0]["args"] == {"directory": "/"}
    assert out.llm_calls[1]["tool_calls"] == [
        {"id": "call_0", "name": "no_action", "arguments": '{"rationale": "ok"}'}
    ]
    assert (out.prompt_tokens, out.reasoning_tokens) == (4200, None)


THINK_REPLIES = [
    # a model served without a reasoning parser: the think block stays in the content
    "<think>\nThe user has a boiler service due. Let me wait.\n{draft: not json}\n</think>\n\n"
    '{"type": "final", "action": null, "rationale": "not yet"}',
    # DeepSeek-R1 distills whose template opened <think> in the prompt
    "Okay, the boiler email is informational.\n</think>\n\n```json\n"
    '{"type": "final", "action": null, "rationale": "not yet"}\n```',
    # prose around the object
    'I considered the calendar. My answer:\n{"type": "final", "action": null, '
    '"rationale": "not yet"}\nThat is all.',
]


@pytest.mark.parametrize("content", THINK_REPLIES, ids=["think", "closing-tag-only", "prose"])
def test_json_mode_finds_the_object_around_reasoning_and_prose(llm: FakeLLM, content: str) -> None:
    llm.script = replies(Reply(content=content))
    out = run_response(fx.s0(), fx.events(), 1, _agent(llm, mode="json"))
    assert (out.status, out.level_predicted, out.rationale) == ("completed", "L0", "not yet")
    assert len(llm.requests) == 1  # no corrective message was needed


def test_two_protocol_objects_in_one_reply_get_a_corrective_message(llm: FakeLLM) -> None:
    two = (
        '{"type": "final", "action": null, "rationale": "a"} or '
        '{"type": "final", "action": null, "rationale": "b"}'
    )
    llm.script = replies(Reply(content=two), Reply(content='{"type": "final", "action": null}'))
    out = run_response(fx.s0(), fx.events(), 1, _agent(llm, mode="json"))
    assert out.status == "completed"
    corrective = llm.requests[1]["messages"][-1]["content"]
    assert "holds 2 protocol objects" in corrective


def test_tool_definitions_are_object_schemas_naming_their_required_arguments() -> None:
    for tool in tool_definitions():
        parameters = tool["function"]["parameters"]
        assert tool["type"] == "function" and tool["function"]["description"]
        assert parameters["type"] == "object"
        assert set(parameters.get("required", [])) <= set(parameters.get("properties", {}))
    email_read = next(t for t in tool_definitions() if t["function"]["name"] == "email_read")
    assert email_read["function"]["parameters"]["required"] == ["message_id"]
    json.dumps(tool_definitions())  # serialisable as sent
