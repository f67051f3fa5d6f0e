"""What the runner needs from any agent: a reply to the conversation, plus call accounting."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass
class LLMCall:
    """Accounting of one LLM call (DESIGN §5): tokens are None when the endpoint gave none.

    Attributes:
        prompt_tokens / completion_tokens / reasoning_tokens: token counts or None.
        latency_s: wall time of the successful attempt, in seconds.
        finish_reason: the endpoint's finish reason (``stop``, ``length``, ...).
        retries: how many failed attempts preceded the successful one.
        request: the messages sent; response: the raw reply text.
    """

    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    reasoning_tokens: int | None = None
    latency_s: float | None = None
    finish_reason: str | None = None
    retries: int = 0
    request: list[dict[str, Any]] = field(default_factory=list)
    response: str = ""


@dataclass
class AgentTurn:
    """One reply of an agent: its text, and the LLM call that produced it (None for baselines)."""

    text: str
    call: LLMCall | None = None


class AgentClient(Protocol):
    """Anything that can answer the protocol conversation."""

    def complete(self, messages: list[dict[str, Any]]) -> AgentTurn:
        """The next reply given the conversation so far (system, user, assistant, ... messages).

        Raises:
            AgentAPIError: the endpoint failed after its retries (the response gets ``api_error``).
        """
        ...


class AgentAPIError(Exception):
    """An endpoint failure that exhausted its retries; infrastructure, never model behaviour."""

    def __init__(self, message: str, calls: list[LLMCall] | None = None) -> None:
        """Keep `calls`, the attempts made before giving up, for the response's accounting."""
        super().__init__(message)
        self.calls = calls or []
