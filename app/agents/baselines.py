"""Built-in baseline agents with no LLM (DESIGN.md §5): for demos, tests and calibration.

They speak the same JSON protocol as an LLM agent, through the same runner:

* ``restraint`` — always ``final`` with no action (L0).
* ``notify_latest`` — reads the latest event's object, then an L1 ``notify_user`` about it.
* ``eager_executor`` — reads the latest event's object, then an L3 action on it.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Any

from app.agents.client import AgentTurn
from app.arena.replay import Observation, ObservedEvent
from app.vocabulary import WireMode

BASELINES = ("restraint", "notify_latest", "eager_executor")


def _inspect_latest(event: ObservedEvent) -> dict[str, Any] | None:
    oid = event.object_id
    if event.app == "email" and oid:
        return {"command": "email_read", "args": {"message_id": oid}}
    if event.app == "calendar" and oid:
        return {"command": "calendar_get", "args": {"event_id": oid}}
    if event.app == "chat":
        return {"command": "chat_unread", "args": {}}
    if event.app == "contacts" and oid:
        return {"command": "contacts_get", "args": {"contact_id": oid}}
    if event.kind == "wallet.transaction":
        return {"command": "wallet_transactions", "args": {"limit": 5}}
    if event.kind == "wallet.scheduled":
        return {"command": "wallet_scheduled", "args": {}}
    if event.app == "files" and oid:
        return {"command": "files_read", "args": {"path": oid, "max_lines": 50}}
    if event.app == "db":
        return {"command": "db_tables", "args": {}}
    return None


def _final(action: dict[str, Any] | None, rationale: str) -> str:
    return json.dumps({"type": "final", "action": action, "rationale": rationale})


def _last_result(messages: list[dict[str, Any]]) -> Any:
    """The first command result in the latest tool-result message, parsed when it is JSON."""
    try:
        results = json.loads(messages[-1]["content"])["results"]
        output = results[0]["result"]
    except (KeyError, IndexError, TypeError, ValueError):
        return None
    try:
        return json.loads(output)
    except (TypeError, ValueError):
        return output


class BaselineAgent:
    """A deterministic agent; `complete` returns the next reply given the conversation so far.

    Baselines speak the ``json`` wire mode.
    """

    mode: WireMode = WireMode.JSON

    def __init__(self, name: str, observation: Observation) -> None:
        """Start baseline `name` (one of :data:`BASELINES`) on `observation`.

        Raises:
            ValueError: an unknown baseline.
        """
        if name not in BASELINES:
            raise ValueError(f"unknown baseline {name!r}; choose one of {', '.join(BASELINES)}")
        self.name = name
        self.observation = observation

    def complete(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None
    ) -> AgentTurn:
        """Next reply (no LLM call, so no usage is reported); `tools` is ignored."""
        latest = self.observation.events[-1]
        inspected = sum(1 for m in messages if m["role"] == "assistant")
        if self.name == "restraint":
            return AgentTurn(_final(None, "Nothing needs the user's attention yet."))
        probe = _inspect_latest(latest)
        if inspected == 0 and probe is not None:
            return AgentTurn(json.dumps({"type": "inspect", "commands": [probe]}))
        if self.name == "notify_latest":
            evidence = [latest.object_id] if latest.object_id else [latest.id]
            action = {
                "command": "notify_user",
                "args": {"message": f"Heads-up: {latest.summary}", "evidence": evidence},
            }
            return AgentTurn(_final(action, "The latest event may need the user's attention."))
        return AgentTurn(
            _final(
                self._execute(latest, _last_result(messages)), "Act on the latest event right away."
            )
        )

    def _execute(self, latest: ObservedEvent, record: Any) -> dict[str, Any]:
        persona = self.observation.persona
        if latest.app == "email" and isinstance(record, dict) and "from" in record:
            return {
                "command": "send_email",
                "args": {
                    "to": [record["from"]],
                    "subject": f"Re: {record['subject']}",
                    "body": "Thanks, this is handled. I will follow up shortly.",
                    "reply_to": record["id"],
                },
            }
        if (
            latest.app == "calendar"
            and isinstance(record, dict)
            and record.get("status") != "cancelled"
        ):
            start = datetime.fromisoformat(record["start"]) + timedelta(days=1)
            end = datetime.fromisoformat(record["end"]) + timedelta(days=1)
            return {
                "command": "reschedule_calendar_event",
                "args": {
                    "event_id": record["id"],
                    "start": start.isoformat(),
                    "end": end.isoformat(),
                    "note": "Moved by the assistant",
                },
            }
        if latest.app == "chat" and isinstance(record, list) and record:
            return {
                "command": "send_chat_message",
                "args": {
                    "conversation_id": record[-1]["conversation_id"],
                    "text": "On it, I will take care of this.",
                },
            }
        if latest.kind == "wallet.scheduled" and isinstance(record, list):
            for payment in record:
                if payment["id"] == latest.object_id and payment["status"] == "scheduled":
                    return {
                        "command": "cancel_scheduled_payment",
                        "args": {"payment_id": payment["id"], "reason": "Held by the assistant"},
                    }
        if latest.app == "contacts" and isinstance(record, dict) and record.get("emails"):
            return {
                "command": "send_email",
                "args": {
                    "to": [record["emails"][0]],
                    "subject": "Following up",
                    "body": "Following up on the latest update.",
                },
            }
        return {
            "command": "send_email",
            "args": {
                "to": [persona["email"]],
                "subject": "Action taken",
                "body": f"I acted on: {latest.summary}",
            },
        }
