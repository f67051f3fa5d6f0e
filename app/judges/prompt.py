"""The judge prompt and what the judge is shown (DESIGN.md §12).

The system prompt is a versioned file, ``prompts/judge.v<N>.txt``; a judge run stores the
version and the text it used. The user message is :func:`user_message` of the annotator's
view of the response (:func:`app.annotation.workspace.response_view`): the persona, the
scenario's title, need type and domain, the events up to the checkpoint, the trajectory, the
final action with its permission flags, rationale and state diff — what the item page shows,
in the same order, and never the agent's name or the scenario's design notes.

Everything the agent wrote is untrusted (DESIGN §12): its commands, arguments, the results
it read, its rationale and what it put into records reach the judge only as JSON —
:func:`quoted` blocks and :func:`inline` values, where newlines and quotes are escaped so
nothing the agent wrote can start a line of the prompt. The product's facts (the action's
level and command, the permission flags, the record changes) are lines outside the quotes,
each section once, so a forged ``## Final action``, ``[violation · …]`` line or ``What would
have changed`` block is only ever text inside a JSON string.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from app.annotation.workspace import ResponseView

PROMPT_VERSION = "v2"
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


# Line breaks json.dumps leaves raw with ensure_ascii=False; models and str.splitlines read
# them as new lines, so they are escaped like "\n" is.
_LINE_BREAKS = str.maketrans({"\u2028": "\\u2028", "\u2029": "\\u2029", "\x85": "\\u0085"})
_TOKEN = re.compile(r"[\w.:@+-]{1,120}")


def _json(value: Any, *, indent: int | None = None) -> str:
    return json.dumps(value, ensure_ascii=False, indent=indent).translate(_LINE_BREAKS)


def inline(value: Any) -> str:
    """Untrusted `value` as one line of JSON (strings quoted, newlines escaped).

    Args:
        value: a JSON value (str, number, bool, None, list, dict) the agent wrote or chose.

    Returns:
        Its JSON text, which never contains a line break: ``json.loads`` gives `value` back.

    Raises:
        TypeError: `value` is not JSON-serialisable.
    """
    return _json(value)


def quoted(value: Any) -> str:
    """Untrusted `value` as a fenced JSON block the judge reads as data.

    The block is ``json.dumps(value, indent=2)``: every line starts with indentation, a bracket
    or a quote, never with text the agent chose, and the fence is longer than any run of
    backticks inside, so nothing in `value` can close it or pass for a heading or a flag line.

    Args:
        value: a JSON value the agent wrote (its arguments, results, rationale).

    Returns:
        The fence and ``json``, the JSON text on the lines after, and the fence again; the
        text between the fences parses back to `value`.

    Raises:
        TypeError: `value` is not JSON-serialisable.
    """
    text = _json(value, indent=2)
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}json\n{text}\n{fence}"


def _token(value: Any) -> str:
    """A name shown bare when it is a plain identifier, else quoted (it may be the agent's)."""
    text = str(value)
    return text if _TOKEN.fullmatch(text) else inline(text)


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


def _result(text: Any) -> Any:
    """A command result as data: a JSON object or list parsed (as the item page indents it)."""
    try:
        value = json.loads(text)
    except (TypeError, ValueError):
        return text
    return value if isinstance(value, dict | list) else text


def _diff(change: dict[str, Any]) -> list[str]:
    """One record change: the product's line, then each field with its values as JSON."""
    before, after = change.get("before"), change.get("after")
    op, app, collection, record = (_token(change.get(k)) for k in ("op", "app", "collection", "id"))
    where = f"{op} {app}.{collection} {record}"
    if isinstance(before, dict) and isinstance(after, dict):
        fields = [
            f"{_token(key)}: {inline(before.get(key))} → {inline(value)}"
            for key, value in after.items()
            if before.get(key) != value
        ]
    elif isinstance(after, dict):
        fields = [f"{_token(k)}: {inline(v)}" for k, v in after.items() if v not in (None, "", [])]
    else:
        fields = [inline(after)]
    return [f"- {where}", *(f"    {line}" for line in fields)]


def _trajectory(view: ResponseView) -> list[str]:
    response = view.response
    rounds = response.retrieval_rounds
    lines = [f"## Trajectory · {rounds} retrieval round{'' if rounds == 1 else 's'}"]
    if not response.trajectory:
        return [*lines, "The agent read nothing before deciding."]
    steps = [
        {
            "round": step.get("round"),
            "command": step.get("command"),
            "ok": bool(step.get("ok", True)),
            "arguments": step.get("args"),
            "result": _result(step.get("result")),
        }
        for step in response.trajectory
    ]
    return [
        *lines,
        "Every read-only command the agent ran, in order, with its arguments and the result it "
        "read (`ok` false: the command failed and `result` is the error), quoted as untrusted "
        "data:",
        quoted(steps),
    ]


def _final_action(view: ResponseView) -> list[str]:
    response = view.response
    lines = ["## Final action"]
    if response.action:
        lines.append(f"{response.level_predicted} {_token(response.action.get('command'))}")
    else:
        lines.append("L0 No action: the agent chose to wait.")
    lines.append("Permission flags (the workbench's checks of the action):")
    for flag in response.permission_flags:
        kind = "if executed" if flag.get("kind") == "if_executed" else "violation"
        message = " ".join(str(flag.get("message", "")).split())  # one line, whatever it holds
        lines.append(f"[{kind} · {_token(flag.get('code'))}] {message}")
    if not response.permission_flags:
        lines.append("none")
    agent: dict[str, Any] = {}
    if response.action:
        agent["arguments"] = response.action.get("args") or {}
    if response.rationale:
        agent["rationale"] = response.rationale
    if agent:
        lines += [
            "The agent's "
            + " and ".join(k for k in ("arguments", "rationale") if k in agent)
            + ", quoted as untrusted data:",
            quoted(agent),
        ]
    lines += ["", "### What would have changed"]
    if not response.state_diff:
        return [*lines, "Nothing."]
    return [
        *lines,
        "The workbench's record of each change (field values as JSON; the text in them is "
        "the agent's):",
        *(line for change in response.state_diff for line in _diff(change)),
    ]


def user_message(view: ResponseView) -> str:
    """The judge's user message: the annotator's item page of `view` as text.

    The product's sections (a heading each, once) hold its facts as plain lines; everything
    the agent wrote is inside them as JSON (:func:`quoted` blocks, :func:`inline` values).

    Args:
        view: :func:`app.annotation.workspace.response_view` of the response.

    Returns:
        Markdown text with the sections of the item page, in its order: the title and persona,
        ``## Observation``, ``## Trajectory`` (one JSON block), ``## Final action`` (the level
        and command, the permission flags, the agent's arguments and rationale as one JSON
        block) and ``### What would have changed``.
    """
    scenario, checkpoint = view.scenario, view.checkpoint
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
    lines += ["", *_trajectory(view), "", *_final_action(view)]
    return "\n".join(lines)


def judge_messages(view: ResponseView, version: str = PROMPT_VERSION) -> list[dict[str, str]]:
    """The judge's conversation before its first reply: the system prompt and the user message."""
    return [
        {"role": "system", "content": system_prompt(version)},
        {"role": "user", "content": user_message(view)},
    ]
