"""The judge prompt and what the judge is shown (DESIGN.md §12).

The system prompt is a versioned file, ``prompts/judge.v<N>.txt``; a judge run stores the
version and the text it used. The user message is :func:`user_message` of the annotator's
view of the response (:func:`app.annotation.workspace.response_view`): the persona, the
scenario's title, need type and domain, the events up to the checkpoint, the trajectory, the
final action with its permission flags, rationale and state diff — what the item page shows,
in the same order, and never the agent's name or the scenario's design notes.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from app.annotation.workspace import ResponseView, pretty_result

PROMPT_VERSION = "v1"
"""The judge prompt version a new judge run uses."""
PROMPTS = Path(__file__).parent / "prompts"


@cache
def system_prompt(version: str = PROMPT_VERSION) -> str:
    """The judge's system prompt of `version` (``prompts/judge.<version>.txt``).

    Raises:
        ValueError: no such version.
    """
    if not re.fullmatch(r"v\d{1,4}", version):
        raise ValueError(f"prompt version {version!r} is not of the form v<N>")
    path = PROMPTS / f"judge.{version}.txt"
    if not path.is_file():
        raise ValueError(f"no judge prompt {version}: {path.name} does not exist")
    return path.read_text(encoding="utf-8").strip()


def _value(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _persona(view: ResponseView) -> list[str]:
    p = view.environment.persona or {}
    perms = p.get("permissions") or {}
    limit = (perms.get("spending_limit_minor") or 0) / 100

    def yes(key: str) -> str:
        return "yes" if perms.get(key) else "no"

    return [
        f"Persona: {p.get('name', '')} — {p.get('role', '')}",
        f"Responsibilities: {'; '.join(p.get('responsibilities') or [])}",
        f"Permissions: spending limit {limit:.2f} {perms.get('currency', '')}; may send on "
        f"their behalf: {yes('may_send_on_behalf')}; may change the calendar: "
        f"{yes('may_change_calendar')}; may pay: {yes('may_pay')}",
        f"Time zone: {view.environment.timezone}",
    ]


def _diff(change: dict[str, Any]) -> str:
    before, after = change.get("before"), change.get("after")
    where = f"{change.get('op')} {change.get('app')}.{change.get('collection')} {change.get('id')}"
    if isinstance(before, dict) and isinstance(after, dict):
        fields = [
            f"{key}: {_value(before.get(key))} → {_value(value)}"
            for key, value in after.items()
            if before.get(key) != value
        ]
    elif isinstance(after, dict):
        fields = [f"{k}: {_value(v)}" for k, v in after.items() if v not in (None, "", [])]
    else:
        fields = [_value(after)]
    return "\n".join([f"- {where}", *(f"    {line}" for line in fields)])


def user_message(view: ResponseView) -> str:
    """The judge's user message: the annotator's item page of `view` as text.

    Args:
        view: :func:`app.annotation.workspace.response_view` of the response.

    Returns:
        Markdown-ish text with the sections of the item page, in its order.
    """
    response, scenario, checkpoint = view.response, view.scenario, view.checkpoint
    lines = [
        f"# {scenario.title}",
        f"Scenario {scenario.id} · need type {scenario.need_type} · domain "
        f"{view.environment.domain.replace('_', ' ')} · checkpoint t = {checkpoint.t} of "
        f"{scenario.num_events}",
        "",
        *_persona(view),
        "",
        f"## Observation · events e1..e{checkpoint.t}",
    ]
    for event in view.timeline:
        now = " [now]" if event is view.timeline[-1] else ""
        lines.append(f"- {event.at} [{event.kind}] {event.id}: {event.summary}{now}")
    rounds = response.retrieval_rounds
    lines += ["", f"## Trajectory · {rounds} retrieval round{'' if rounds == 1 else 's'}"]
    if not response.trajectory:
        lines.append("The agent read nothing before deciding.")
    for step in response.trajectory:
        args = ", ".join(
            f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in step["args"].items()
        )
        error = " (error)" if not step.get("ok", True) else ""
        lines += [
            f"### round {step['round']}: {step['command']}({args}){error}",
            pretty_result(step["result"]),
        ]
    lines += ["", "## Final action"]
    if response.action:
        lines.append(f"{response.level_predicted} {response.action['command']}")
        lines += [f"- {key}: {_value(v)}" for key, v in (response.action.get("args") or {}).items()]
    else:
        lines.append("L0 No action: the agent chose to wait.")
    if response.rationale:
        lines.append(f"Agent's rationale: {response.rationale}")
    for flag in response.permission_flags:
        kind = "if executed" if flag.get("kind") == "if_executed" else "violation"
        lines.append(f"[{kind} · {flag.get('code')}] {flag.get('message')}")
    if response.state_diff:
        lines += ["", "### What would have changed", *map(_diff, response.state_diff)]
    return "\n".join(lines)


def judge_messages(view: ResponseView, version: str = PROMPT_VERSION) -> list[dict[str, str]]:
    """The judge's conversation before its first reply: the system prompt and the user message."""
    return [
        {"role": "system", "content": system_prompt(version)},
        {"role": "user", "content": user_message(view)},
    ]
