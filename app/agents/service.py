"""Agent definitions: built-in baselines and OpenAI-compatible endpoints (DESIGN.md §5)."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError
from sqlmodel import Session, col, select

from app.agents.baselines import BASELINES
from app.agents.llm import EndpointConfig
from app.errors import ConflictError, UnprocessableError
from app.models import Agent

AGENT_KINDS = ("baseline", "openai")
RESERVED_NAMES = ("rubric",)
"""Names no agent may take: the built-in judge ``rubric`` (DESIGN §12) is named so."""


def create_agent(
    session: Session, *, name: str, kind: str = "openai", config: dict[str, Any]
) -> Agent:
    """Define an agent (commits).

    Args:
        session: database session.
        name: unique name shown to researchers (never to annotators); 1–64 characters of
            letters, digits, ``.``, ``_``, ``-``.
        kind: ``openai`` (an OpenAI-compatible endpoint) or ``baseline``.
        config: for ``openai`` the fields of :class:`EndpointConfig` (``base_url``, ``model``,
            ``api_key_env`` — the *name* of the variable holding the key —, ``temperature``,
            ``max_tokens``, ``extra_body``, ...) with its checks (no secrets in the URL or the
            extra body, no override of shown settings, finite numbers); for ``baseline``
            ``{"baseline": name}``.

    Returns:
        The stored agent; its config is normalised (defaults filled in).

    Raises:
        UnprocessableError: a bad name, kind or config (``field`` names it, e.g.
            ``config.base_url``).
        ConflictError: the name is taken.
    """
    import re

    if not re.fullmatch(r"[A-Za-z0-9._-]{1,64}", name or ""):
        raise UnprocessableError("use 1–64 letters, digits, '.', '_' or '-'", "name")
    if name in RESERVED_NAMES:
        raise UnprocessableError(f"{name!r} is the built-in judge's name; choose another", "name")
    if kind not in AGENT_KINDS:
        raise UnprocessableError(f"kind must be one of {', '.join(AGENT_KINDS)}", "kind")
    if kind == "openai":
        try:
            normalised = EndpointConfig.model_validate(config).model_dump(mode="json")
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"])
            message = str(err["msg"]).removeprefix("Value error, ")
            raise UnprocessableError(f"{where}: {message}", f"config.{where}") from exc
    else:
        if config.get("baseline") not in BASELINES:
            raise UnprocessableError(
                f"baseline must be one of {', '.join(BASELINES)}", "config.baseline"
            )
        normalised = {"baseline": config["baseline"]}
    if session.exec(select(Agent).where(Agent.name == name)).first() is not None:
        raise ConflictError(f"an agent named {name!r} exists")
    agent = Agent(name=name, kind=kind, config=normalised)
    session.add(agent)
    session.commit()
    session.refresh(agent)
    return agent


def list_agents(session: Session, *, runnable: bool = False) -> list[Agent]:
    """Every agent by name; with `runnable`, only those a run can use.

    Runnable agents are the baselines and the endpoints, not the ``external`` agents that imported
    responses created.
    """
    query = select(Agent).order_by(col(Agent.name))
    if runnable:
        query = query.where(col(Agent.kind).in_(AGENT_KINDS))
    return list(session.exec(query))
