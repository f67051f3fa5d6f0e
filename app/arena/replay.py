"""Prefix replay and observations (DESIGN.md §2 "prefix replay", §3.2, §5).

Checkpoint t of a scenario is the moment right after event t: reset to S0, apply e1..et in order,
and simulated *now* is e_t.at. The observation is what the agent is told up front.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from app.arena.errors import ArenaError, CommandError
from app.arena.schema import EVENT_PAYLOADS, CalendarEvent, Event, dump_record
from app.arena.state import S0, Sandbox


def parse_time(value: str | datetime) -> datetime:
    """An aware datetime from ISO-8601 text (or the datetime itself)."""
    return value if isinstance(value, datetime) else datetime.fromisoformat(value)


def event_object_id(event: Event) -> str | None:
    """The id of the record an event is about (message, calendar event, transaction, path, ...)."""
    payload = event.payload
    for key in ("message", "event", "contact", "transaction", "scheduled_payment"):
        if isinstance(payload.get(key), dict):
            return str(payload[key].get("id"))
    if "event_id" in payload:
        return str(payload["event_id"])
    if "path" in payload:
        return str(payload["path"])
    return None


def apply_event(sandbox: Sandbox, event: Event) -> None:
    """Apply one event's payload to the sandbox state.

    The event is checked before anything changes, so a refused event leaves the sandbox as it was.

    Args:
        sandbox: the sandbox to change.
        event: the event to apply.

    Raises:
        ArenaError: the payload does not match its kind (or its kind not its app), or it
            references a record that does not exist (e.g. an update of an unknown calendar
            event, a transaction on an unknown account).
    """
    app, model = EVENT_PAYLOADS[event.kind]
    if event.app != app:
        raise ArenaError(
            f"event {event.id}: kind {event.kind} belongs to app {app}, not {event.app}"
        )
    try:
        payload: Any = model.model_validate(event.payload)
    except ValueError as exc:
        raise ArenaError(f"event {event.id}: payload does not match {event.kind}: {exc}") from exc
    kind = event.kind
    if kind in ("email.received", "email.sent"):
        sandbox.put("email", "messages", dump_record(payload.message))
    elif kind == "calendar.created":
        sandbox.put("calendar", "events", dump_record(payload.event))
    elif kind in ("calendar.updated", "calendar.cancelled"):
        current = sandbox.get("calendar", "events", payload.event_id)
        if current is None:
            raise ArenaError(
                f"event {event.id}: calendar event {payload.event_id!r} does not exist"
            )
        changes = payload.changes if kind == "calendar.updated" else {"status": "cancelled"}
        sandbox.put("calendar", "events", _updated_calendar_event(event.id, current, changes))
    elif kind == "chat.message":
        conversation_id = payload.message.conversation_id
        if payload.conversation is not None:
            if payload.conversation.id != conversation_id:
                raise ArenaError(
                    f"event {event.id}: the message belongs to {conversation_id!r}, "
                    f"not to the new conversation {payload.conversation.id!r}"
                )
            sandbox.put("chat", "conversations", dump_record(payload.conversation))
        elif sandbox.get("chat", "conversations", conversation_id) is None:
            raise ArenaError(f"event {event.id}: conversation {conversation_id!r} does not exist")
        sandbox.put("chat", "messages", dump_record(payload.message))
    elif kind == "contacts.updated":
        sandbox.put("contacts", "contacts", dump_record(payload.contact))
    elif kind == "wallet.transaction":
        _apply_transaction(sandbox, event.id, dump_record(payload.transaction))
    elif kind == "wallet.scheduled":
        scheduled = dump_record(payload.scheduled_payment)
        if sandbox.get("wallet", "accounts", scheduled["account_id"]) is None:
            raise ArenaError(
                f"event {event.id}: account {scheduled['account_id']!r} does not exist"
            )
        sandbox.put("wallet", "scheduled_payments", scheduled)
    elif kind == "files.written":
        try:
            sandbox.write_file(payload.path, payload.content)
        except CommandError as exc:
            raise ArenaError(f"event {event.id}: {exc}") from exc
    elif kind == "db.executed":
        try:
            sandbox.execute_sql(payload.sql, now=event.at)
        except ArenaError as exc:
            raise ArenaError(f"event {event.id}: {exc}") from exc


def _updated_calendar_event(
    event_id: str, current: dict[str, Any], changes: dict[str, Any]
) -> dict[str, Any]:
    """The calendar event with `changes` applied, checked against the record contract."""
    unknown = sorted(set(changes) - set(current) | ({"id"} & set(changes)))
    if unknown:
        raise ArenaError(f"event {event_id}: calendar.updated cannot change {', '.join(unknown)}")
    try:
        return dump_record(CalendarEvent.model_validate({**current, **changes}))
    except ValueError as exc:
        raise ArenaError(
            f"event {event_id}: calendar.updated makes an invalid event: {exc}"
        ) from exc


def _apply_transaction(sandbox: Sandbox, event_id: str, transaction: dict[str, Any]) -> None:
    """Insert or replace a transaction; posted amounts move their account's balance.

    A replaced transaction (e.g. pending → posted) first takes back what it had moved, so the
    balance stays opening balance + Σ posted (V09).
    """
    if sandbox.get("wallet", "accounts", transaction["account_id"]) is None:
        raise ArenaError(f"event {event_id}: account {transaction['account_id']!r} does not exist")
    moves: list[tuple[str, int]] = []
    previous = sandbox.get("wallet", "transactions", transaction["id"])
    if (
        previous is not None
        and previous["status"] == "posted"
        and sandbox.get("wallet", "accounts", previous["account_id"]) is not None
    ):
        moves.append((previous["account_id"], -previous["amount_minor"]))
    if transaction["status"] == "posted":
        moves.append((transaction["account_id"], transaction["amount_minor"]))
    sandbox.put("wallet", "transactions", transaction)
    for account_id, amount in moves:
        account = sandbox.get("wallet", "accounts", account_id)
        assert account is not None
        sandbox.update(
            "wallet", "accounts", account_id, {"balance_minor": account["balance_minor"] + amount}
        )


def replay_prefix(s0: S0, events: list[Event], t: int) -> Sandbox:
    """Reset a fresh sandbox to S0 and apply events e1..et (DESIGN §2).

    Args:
        s0: the scenario's initial state.
        events: all the scenario's events, in order.
        t: the checkpoint, 0..len(events) (0 is S0 itself, used by the validator and viewer).

    Returns:
        A new :class:`Sandbox` whose ``now`` is e_t.at (None at t = 0). The caller closes it.

    Raises:
        ArenaError: t out of range or an event that cannot be applied.
    """
    if not 0 <= t <= len(events):
        raise ArenaError(f"checkpoint {t} is outside 0..{len(events)}")
    sandbox = Sandbox(s0)
    try:
        for event in events[:t]:
            apply_event(sandbox, event)
    except BaseException:
        sandbox.close()
        raise
    sandbox.now = events[t - 1].at if t else None
    return sandbox


@dataclass(frozen=True)
class ObservedEvent:
    """One line of the observation: an event the agent has seen (ids included)."""

    id: str
    at: str
    app: str
    kind: str
    object_id: str | None
    summary: str

    def line(self) -> str:
        """The event as the observation lists it: ``e3 <at> [kind object_id] summary``."""
        ref = f"{self.kind} {self.object_id}" if self.object_id else self.kind
        return f"{self.id} {self.at} [{ref}] {self.summary}"


@dataclass(frozen=True)
class Observation:
    """What the agent is told up front at checkpoint t (DESIGN §2): persona, now, e1..et."""

    persona: dict[str, Any]
    timezone: str
    now: str
    checkpoint: int
    num_events: int
    events: tuple[ObservedEvent, ...]

    def text(self) -> str:
        """The observation as the prompt text an LLM agent receives."""
        persona = self.persona
        permissions = ", ".join(f"{k}={v}" for k, v in persona["permissions"].items())
        lines = [
            f"You assist {persona['name']} ({persona['role']}); email {persona['email']}, "
            f"chat handle {persona['chat_handle']}.",
            "Responsibilities: " + "; ".join(persona["responsibilities"]),
            f"Permissions: {permissions}",
            f"Time zone: {self.timezone}. Now: {self.now}.",
            "Events so far:",
            *(f"- {event.line()}" for event in self.events),
        ]
        return "\n".join(lines)


def build_observation(s0: S0, events: list[Event], t: int) -> Observation:
    """The observation at checkpoint t (1-based) of a scenario.

    Raises:
        ArenaError: t outside 1..n.
    """
    if not 1 <= t <= len(events):
        raise ArenaError(f"checkpoint {t} is outside 1..{len(events)}")
    seen = tuple(
        ObservedEvent(
            id=e.id,
            at=e.at.isoformat(),
            app=e.app,
            kind=e.kind,
            object_id=event_object_id(e),
            summary=e.summary,
        )
        for e in events[:t]
    )
    return Observation(
        persona=s0.persona,
        timezone=str(s0.timezone.key),
        now=events[t - 1].at.isoformat(),
        checkpoint=t,
        num_events=len(events),
        events=seen,
    )
