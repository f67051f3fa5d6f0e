"""One LLM stage: prompt template and schema, tolerant extraction, structured outputs, the
corrective message and the second failure (no database)."""

from __future__ import annotations

import json

import pytest

from app.agents.llm import EndpointConfig, OpenAIChatAgent
from app.construction.schemas import ReviewOutput
from app.construction.stages import MalformedOutput, StageAPIError, call_stage, load_prompt, render
from tests.fake_llm import FakeLLM, Reply, replies, review


def _client(llm: FakeLLM, **config: object) -> OpenAIChatAgent:
    return OpenAIChatAgent(
        EndpointConfig(base_url=llm.base_url, model="m", max_retries=0, **config)  # type: ignore[arg-type]
    )


REVIEW_VALUES = {
    "environment_id": "g1sb1",
    "domain": "small_business",
    "persona": {"name": "A"},
    "need_type": "risk",
    "need_meaning": "a loss that has not happened yet",
    "scenario": {"id": "x"},
    "criteria": {"causal_support": "..."},
}


def test_every_stage_has_a_versioned_template_with_the_schema() -> None:
    for stage in ("instance_creator", "scenario_creator", "reviewer", "noise_creator"):
        assert "$schema" in load_prompt(stage).template
    text = render("reviewer", REVIEW_VALUES)
    assert text.startswith("You are the Reviewer")
    assert json.dumps(ReviewOutput.model_json_schema(), ensure_ascii=False) in text
    with pytest.raises(KeyError):
        render("reviewer", {})


def test_the_object_is_read_around_reasoning_prose_and_a_fence() -> None:
    body = json.dumps(review({"need_identity": "Two needs."}))
    text = f"<think>the schema wants five keys {{}}</think>Here you go:\n```json\n{body}\n```"
    with FakeLLM(replies(Reply(content=text))) as llm:
        result = call_stage(_client(llm), "reviewer", REVIEW_VALUES)
    assert isinstance(result.output, ReviewOutput)
    assert not result.output.approved
    assert result.output.verdicts()["need_identity"] == {"verdict": "fail", "comment": "Two needs."}
    assert (result.prompt_tokens, result.completion_tokens) == (120, 30)


def test_structured_outputs_send_response_format_and_plain_endpoints_do_not() -> None:
    with FakeLLM(replies(Reply(content=json.dumps(review())))) as llm:
        call_stage(_client(llm, structured_outputs=True), "reviewer", REVIEW_VALUES)
        call_stage(_client(llm), "reviewer", REVIEW_VALUES)
    structured, plain = llm.requests
    assert structured["response_format"]["json_schema"]["name"] == "reviewer"
    assert structured["response_format"]["json_schema"]["schema"] == (
        ReviewOutput.model_json_schema()
    )
    assert "response_format" not in plain


def test_one_corrective_message_then_malformed_output() -> None:
    script = replies(Reply(content="I cannot."), Reply(content='{"causal_support": 3}'))
    with FakeLLM(script) as llm, pytest.raises(MalformedOutput) as caught:
        call_stage(_client(llm), "reviewer", REVIEW_VALUES)
    assert str(caught.value).startswith("malformed_output: reviewer replied twice")
    assert "$.causal_support" in str(caught.value)
    assert len(caught.value.calls) == 2 and caught.value.raw == '{"causal_support": 3}'
    second = llm.requests[1]["messages"]
    assert second[-2] == {"role": "assistant", "content": "I cannot."}
    assert second[-1]["content"].startswith("Your reply cannot be used:")


def test_unstorable_text_is_replaced_before_the_check() -> None:
    reply = review()
    reply["causal_support"]["comment"] = "ok \ud800 fine"
    with FakeLLM(replies(Reply(content=json.dumps(reply)))) as llm:
        result = call_stage(_client(llm), "reviewer", REVIEW_VALUES)
    assert result.output.causal_support.comment == "ok \ufffd fine"


def test_an_endpoint_failure_is_a_stage_api_error() -> None:
    with (
        FakeLLM(replies(Reply(status=400))) as llm,
        pytest.raises(StageAPIError, match="http_error: HTTP 400"),
    ):
        call_stage(_client(llm), "reviewer", REVIEW_VALUES)
