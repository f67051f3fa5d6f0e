"""The protocol loop of DESIGN.md §5 with baselines and scripted agents."""

from __future__ import annotations

import json
from typing import Any

from app.agents.baselines import BaselineAgent
from app.agents.client import AgentAPIError, AgentTurn, LLMCall
from app.agents.protocol import Limits
from app.agents.runner import run_response
from tests.unit import arena_fixtures as fx


class Scripted:
    """Replies from a fixed list; records the messages it was sent."""

    def __init__(
        self, replies: list[Any], usage: tuple[int | None, int | None, int | None] | None = None
    ):
        self.replies = list(replies)
        self.seen: list[list[dict[str, Any]]] = []
        self.usage = usage

    def complete(self, messages: list[dict[str, Any]]) -> AgentTurn:
        self.seen.append(list(messages))
        reply = self.replies.pop(0)
        if isinstance(reply, Exception):
            raise reply
        text = reply if isinstance(reply, str) else json.dumps(reply)
        call = None
        if self.usage is not None:
            call = LLMCall(
                prompt_tokens=self.usage[0],
                completion_tokens=self.usage[1],
                reasoning_tokens=self.usage[2],
                latency_s=0.01,
                finish_reason="stop",
            )
        return AgentTurn(text, call)


def inspect(*calls: tuple[str, dict]) -> dict:
    return {"type": "inspect", "commands": [{"command": c, "args": a} for c, a in calls]}


def test_restraint_is_l0_with_no_rounds() -> None:
    out = run_response(
        fx.s0(), fx.events(), 2, agent_factory=lambda o: BaselineAgent("restraint", o)
    )
    assert (out.status, out.action, out.level_predicted, out.retrieval_rounds) == (
        "completed",
        None,
        "L0",
        0,
    )
    assert out.prompt_tokens is None and out.reasoning_tokens is None


def test_notify_latest_reads_then_notifies() -> None:
    out = run_response(
        fx.s0(), fx.events(), 1, agent_factory=lambda o: BaselineAgent("notify_latest", o)
    )
    assert out.status == "completed" and out.level_predicted == "L1"
    assert out.retrieval_rounds == 1 and out.trajectory[0]["command"] == "chat_unread"
    assert out.action is not None and out.action["command"] == "notify_user"
    assert [d["collection"] for d in out.state_diff] == ["outbox"]


def test_eager_executor_takes_an_l3_action_with_a_diff() -> None:
    out = run_response(
        fx.s0(), fx.events(), 2, agent_factory=lambda o: BaselineAgent("eager_executor", o)
    )
    assert out.status == "completed" and out.level_predicted == "L3"
    assert out.action is not None and out.action["command"] == "reschedule_calendar_event"
    assert out.state_diff[0]["op"] == "update" and out.state_diff[0]["id"] == "ev1"


def test_local_content_access_and_token_sums() -> None:
    agent = Scripted(
        [
            inspect(("files_read", {"path": "/home/boiler-manual.txt"}), ("email_list", {})),
            inspect(("db_query", {"sql": "SELECT name FROM appliances WHERE id = 1"})),
            {"type": "final", "action": None, "rationale": "wait"},
        ],
        usage=(100, 20, 5),
    )
    out = run_response(fx.s0(), fx.events(), 3, agent)
    assert out.status == "completed" and out.retrieval_rounds == 2
    assert out.local_content_access is True
    assert (out.prompt_tokens, out.completion_tokens, out.reasoning_tokens) == (300, 60, 15)
    assert [(s["round"], s["command"]) for s in out.trajectory] == [
        (1, "files_read"),
        (1, "email_list"),
        (2, "db_query"),
    ]


def test_unreported_tokens_stay_null_not_zero() -> None:
    agent = Scripted([{"type": "final", "action": None, "rationale": ""}], usage=(10, 5, None))
    out = run_response(fx.s0(), fx.events(), 1, agent)
    assert out.reasoning_tokens is None and out.prompt_tokens == 10


def test_one_corrective_message_then_protocol_error() -> None:
    unknown_final = {"type": "final", "action": {"command": "no_such_command", "args": {}}}
    agent = Scripted(["not json", unknown_final])
    out = run_response(fx.s0(), fx.events(), 1, agent)
    assert out.status == "protocol_error" and "unknown command" in (out.error or "")
    assert out.raw_output is not None and "no_such_command" in out.raw_output
    assert "broke the protocol" in agent.seen[1][-1]["content"]
    assert out.action is None and out.level_predicted is None


def test_a_bad_command_in_a_round_is_an_error_for_that_command_only() -> None:
    """Issue 13 item 2: the round runs; the bad commands' errors come back as their results."""
    agent = Scripted(
        [
            inspect(
                ("no_such_command", {}),
                ("email_read", {}),  # message_id missing
                ("notify_user", {"message": "x"}),  # an action in an inspect round
                ("email_list", {}),
            ),
            {"type": "final", "action": None, "rationale": "nothing yet"},
        ]
    )
    out = run_response(fx.s0(), fx.events(), 1, agent)
    assert out.status == "completed" and out.retrieval_rounds == 1
    assert [(s["command"], s["ok"]) for s in out.trajectory] == [
        ("no_such_command", False),
        ("email_read", False),
        ("notify_user", False),
        ("email_list", True),
    ]
    results = json.loads(agent.seen[1][-1]["content"])["results"]
    assert results[0]["result"] == "error: unknown command 'no_such_command'"
    assert results[1]["result"].startswith("error: email_read: message_id: Field required")
    assert "notify_user is an action command, not a retrieval command" in results[2]["result"]
    assert not results[3]["result"].startswith("error")


def test_corrected_reply_completes() -> None:
    agent = Scripted(
        [
            {"type": "final", "action": {"command": "email_read", "args": {}}},
            {"type": "final", "action": None, "rationale": "ok"},
        ]
    )
    out = run_response(fx.s0(), fx.events(), 1, agent)
    assert out.status == "completed" and out.level_predicted == "L0"


def test_round_limit_demands_a_final() -> None:
    limits = Limits(max_rounds=2, max_commands=8)
    agent = Scripted(
        [
            inspect(("email_list", {})),
            inspect(("chat_unread", {})),
            inspect(("wallet_accounts", {})),
            inspect(("wallet_accounts", {})),
        ]
    )
    out = run_response(fx.s0(), fx.events(), 1, agent, limits=limits)
    assert out.status == "protocol_error" and out.retrieval_rounds == 2
    assert "no retrieval rounds are left" in (out.error or "")


def test_too_many_commands_in_a_round_run_the_first_ones() -> None:
    limits = Limits(max_rounds=6, max_commands=2)
    too_many = inspect(*[("email_list", {})] * 3)
    done = {"type": "final", "action": None, "rationale": ""}
    agent = Scripted([too_many, done])
    out = run_response(fx.s0(), fx.events(), 1, agent, limits=limits)
    assert out.status == "completed"
    assert [s["ok"] for s in out.trajectory] == [True, True, False]
    assert out.trajectory[2]["result"] == "error: not run: at most 2 commands a round"


def test_refused_final_action_is_a_violation() -> None:
    bad = {
        "type": "final",
        "action": {"command": "flag_email", "args": {"message_id": "nope", "note": "x"}},
    }
    out = run_response(fx.s0(), fx.events(), 1, Scripted([bad, bad]))
    assert out.status == "protocol_error" and "does not exist" in (out.error or "")


def test_api_error_status() -> None:
    out = run_response(fx.s0(), fx.events(), 1, Scripted([AgentAPIError("429 after 5 retries")]))
    assert out.status == "api_error" and out.error == "429 after 5 retries"


def test_observation_prompt_shows_prefix_only() -> None:
    agent = Scripted([{"type": "final", "action": None}])
    run_response(fx.s0(), fx.events(), 2, agent)
    user = agent.seen[0][1]["content"]
    assert "e1 " in user and "e2 " in user and "e3 " not in user


class CutOff(Scripted):
    """Replies cut off at the output budget (finish_reason ``length``)."""

    def complete(self, messages: list[dict[str, Any]]) -> AgentTurn:
        turn = super().complete(messages)
        return AgentTurn(turn.text, LLMCall(latency_s=0.01, finish_reason="length"))


def test_a_reply_cut_off_by_the_output_budget_is_an_infrastructure_failure() -> None:
    agent = CutOff(['{"type": "final", "rationale": "Because the meeting'])
    outcome = run_response(fx.s0(), fx.events(), 2, agent)
    assert (outcome.status, outcome.failure_reason) == ("api_error", "output_budget_exhausted")
    assert "finish_reason 'length'" in outcome.error and len(agent.seen) == 1
    assert outcome.action is None and outcome.level_predicted is None


def test_an_oversized_reply_is_capped_and_refused() -> None:
    from app.agents.runner import MAX_REPLY_CHARS, TRUNCATED

    huge = {"type": "final", "action": None, "rationale": "x" * (2 * MAX_REPLY_CHARS)}
    agent = Scripted([huge, huge], usage=(1, 1, None))
    outcome = run_response(fx.s0(), fx.events(), 2, agent)
    assert outcome.status == "protocol_error" and "at most 100,000 are read" in outcome.error
    assert len(outcome.raw_output) == MAX_REPLY_CHARS + len(TRUNCATED)
    assert all(len(c["response"]) == MAX_REPLY_CHARS + len(TRUNCATED) for c in outcome.llm_calls)
    assert len(agent.seen[1][2]["content"]) == MAX_REPLY_CHARS + len(TRUNCATED)
