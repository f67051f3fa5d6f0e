"""One LLM judgement of one response (DESIGN.md §12).

The judge is asked once; a reply that is not a valid diagnosis (:mod:`app.judges.diagnosis`)
gets one corrective message, and a second invalid reply ends the prediction as ``failed``
(``invalid_diagnosis``) with the reason. An endpoint that fails after its retries (the agent
client's backoff, :mod:`app.agents.llm`) ends it as ``failed`` with the client's reason
(``rate_limited``, ``endpoint_unavailable``, ``timeout``, ...).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from app.agents.client import AgentAPIError, AgentClient, LLMCall
from app.agents.runner import MAX_REPLY_CHARS, TRUNCATED
from app.annotation.rules import Diagnosis
from app.judges.diagnosis import InvalidDiagnosis, corrective_message, parse_diagnosis
from app.vocabulary import PredictionStatus


@dataclass
class JudgeOutcome:
    """Everything one prediction stores.

    Attributes:
        status: ``completed`` or ``failed``.
        diagnosis: the checked diagnosis (completed only).
        rationale: the judge's rationale.
        failure_reason / error: why it failed (None when completed).
        raw_output: the judge's last reply text.
        llm_calls: one dict per call (as a response's, :class:`app.agents.client.LLMCall`).
        prompt_tokens / completion_tokens: sums over the calls; None if any call did not
            report them.
    """

    status: PredictionStatus = PredictionStatus.COMPLETED
    diagnosis: Diagnosis | None = None
    rationale: str = ""
    failure_reason: str | None = None
    error: str | None = None
    raw_output: str | None = None
    llm_calls: list[dict[str, Any]] = field(default_factory=list)
    prompt_tokens: int | None = None
    completion_tokens: int | None = None


def _sum(calls: list[LLMCall], attr: str) -> int | None:
    values = [getattr(call, attr) for call in calls]
    if not values or any(v is None for v in values):
        return None
    return int(sum(values))


def judge_with_llm(
    client: AgentClient,
    messages: list[dict[str, str]],
    *,
    has_action: bool,
    on_calls: Callable[[list[LLMCall]], None] | None = None,
) -> JudgeOutcome:
    """Ask `client` for a diagnosis; one corrective message after an invalid one.

    Args:
        client: the judge's endpoint client (:class:`app.agents.llm.OpenAIChatAgent`).
        messages: the system prompt and the user message (:func:`app.judges.prompt.judge_messages`).
        has_action: whether the judged response ended with an action.
        on_calls: called with the calls so far before the corrective message is sent (so a
            caller can write them first).

    Returns:
        The :class:`JudgeOutcome`; never raises for judge or endpoint behaviour.
    """
    conversation: list[dict[str, Any]] = list(messages)
    calls: list[LLMCall] = []
    outcome = JudgeOutcome()
    for attempt in range(2):
        try:
            turn = client.complete(conversation)
        except AgentAPIError as exc:
            calls.extend(exc.calls)
            outcome.status, outcome.error = PredictionStatus.FAILED, str(exc)
            outcome.failure_reason = str(exc).split(":", 1)[0][:32]
            break
        if turn.call is not None:
            calls.append(turn.call)
        text = turn.text
        if len(text) > MAX_REPLY_CHARS:
            text = text[:MAX_REPLY_CHARS] + TRUNCATED
        outcome.raw_output = text
        try:
            judged = parse_diagnosis(text, has_action=has_action)
        except InvalidDiagnosis as exc:
            if attempt == 1:
                outcome.status, outcome.failure_reason = (
                    PredictionStatus.FAILED,
                    "invalid_diagnosis",
                )
                outcome.error = f"invalid_diagnosis: {exc}"
                break
            conversation += [
                {"role": "assistant", "content": text},
                {"role": "user", "content": corrective_message(str(exc))},
            ]
            if on_calls is not None:
                on_calls(calls)
            continue
        outcome.diagnosis, outcome.rationale = judged.diagnosis, judged.rationale
        break
    outcome.llm_calls = [asdict(call) for call in calls]
    outcome.prompt_tokens = _sum(calls, "prompt_tokens")
    outcome.completion_tokens = _sum(calls, "completion_tokens")
    return outcome
