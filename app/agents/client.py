"""What the runner needs from any agent: a reply to the conversation, plus call accounting."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from app.vocabulary import WireMode


@dataclass
class LLMCall:
    """Accounting of one LLM call (DESIGN §5): tokens are None when the endpoint gave none.

    Attributes:
        prompt_tokens / completion_tokens / reasoning_tokens: token counts or None.
        latency_s: wall time of the successful attempt, in seconds.
        finish_reason: the endpoint's finish reason (``stop``, ``length``, ...).
        retries: how many failed attempts preceded the successful one.
        request: the messages sent; response: the raw reply text.
        reasoning: the reasoning text the endpoint returned beside the reply
            (``reasoning_content`` or ``reasoning``), None when it returned none.
        tool_calls: the native tool calls of the reply, ``{"id", "name", "arguments"}`` each
            (``arguments`` as the JSON text received), None in ``json`` mode or without calls;
            at most :data:`app.agents.llm.MAX_TOOL_CALLS` are kept.
        tool_calls_sent: how many native tool calls the reply made, when it made more than
            are kept in `tool_calls` (the reply is then a protocol violation); None otherwise.
    """

    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    reasoning_tokens: int | None = None
    latency_s: float | None = None
    finish_reason: str | None = None
    retries: int = 0
    request: list[dict[str, Any]] = field(default_factory=list)
    response: str = ""
    reasoning: str | None = None
    tool_calls: list[dict[str, Any]] | None = None
    tool_calls_sent: int | None = None


@dataclass(frozen=True)
class ToolCall:
    """One native tool call of a reply (``tools`` mode, DESIGN §5).

    Attributes:
        id: the call's id, echoed in the ``tool`` message that answers it.
        name: the tool (catalogue command or ``no_action``).
        arguments: the arguments as the JSON text the endpoint sent.
    """

    id: str
    name: str
    arguments: str


@dataclass
class AgentTurn:
    """One reply of an agent.

    Attributes:
        text: the reply text (may be empty when the reply is only tool calls).
        call: the LLM call that produced it (None for baselines).
        tool_calls: the reply's native tool calls (``tools`` mode), in order; empty otherwise.
            At most :data:`app.agents.llm.MAX_TOOL_CALLS` are read.
        tool_calls_sent: how many tool calls the reply made (more than `tool_calls` holds when
            the reply passed that limit); None: ``len(tool_calls)``.
    """

    text: str
    call: LLMCall | None = None
    tool_calls: list[ToolCall] = field(default_factory=list)
    tool_calls_sent: int | None = None

    @property
    def tool_calls_dropped(self) -> int:
        """Tool calls of the reply beyond those read (0 when all were read)."""
        if self.tool_calls_sent is None:
            return 0
        return max(0, self.tool_calls_sent - len(self.tool_calls))


class AgentClient(Protocol):
    """Anything that can answer the protocol conversation."""

    @property
    def mode(self) -> WireMode:
        """The wire mode the runner speaks with it (``json`` or ``tools``)."""
        ...

    def complete(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None
    ) -> AgentTurn:
        """The next reply given the conversation so far (system, user, assistant, ... messages).

        Args:
            messages: the conversation in OpenAI chat format (``tool`` messages in tools mode).
            tools: OpenAI-style tool definitions the reply may call (``tools`` mode), else None.

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
