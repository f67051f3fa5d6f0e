"""V03 — "events span at least 3 of the five apps" (DESIGN.md §4.1).

The span counts email, calendar, chat, contacts and wallet. This rule also checks what an
event's kind requires of it, since the app an event belongs to comes from its kind: ``app``
matches the kind; the payload parses as the kind's payload (``email.received`` puts the message
in the inbox, ``email.sent`` in sent, ``calendar.updated`` changes only fields a calendar event
has). Whether the changed event is still valid needs the state before the event; V04's replay
finds that and reports it under V03.

Fills ``ctx.payloads_ok`` for V04: an event whose app or payload is wrong is not replayed.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from app.arena.schema import APPS, EVENT_PAYLOADS, CalendarEvent
from app.arena.validation.context import Context
from app.arena.validation.findings import Finding, validation_findings
from app.arena.validation.rules.base import Rule
from app.jsonpath import join_path

CODE = "V03"
APPS_MIN = 3


def check(ctx: Context) -> list[Finding]:
    """The apps spanned (when every event parses), then each parsed event's app and payload."""
    findings: list[Finding] = []
    spanned = {EVENT_PAYLOADS[event.kind][0] for _, event in ctx.parsed_events()} & set(APPS)
    # with events that do not parse, the span is unknown unless the parsed ones reach it
    if ctx.has("events") and len(spanned) < APPS_MIN:
        findings.append(
            Finding(
                CODE,
                ctx.sid,
                "$.events",
                f"events span {len(spanned)} of the five apps "
                f"({', '.join(sorted(spanned)) or 'none'}); at least {APPS_MIN}",
            )
        )
    payloads_ok: list[bool] = [False] * len(ctx.events)
    for index, event in ctx.parsed_events():
        base = f"$.events[{index}]"
        app, model = EVENT_PAYLOADS[event.kind]
        app_ok = event.app == app
        if not app_ok:
            findings.append(
                Finding(
                    CODE,
                    ctx.sid,
                    base + ".app",
                    f"app {event.app!r} does not match kind {event.kind} ({app})",
                )
            )
        raw_payload = ctx.raw["events"][index]["payload"]
        try:
            payload: Any = model.model_validate(event.payload)
        except ValidationError as exc:
            findings.extend(
                validation_findings(
                    CODE,
                    ctx.sid,
                    base + ".payload",
                    raw_payload,
                    exc,
                    prefix=f"{event.kind} payload: ",
                )
            )
            continue
        changes_ok = True
        folder = {"email.received": "inbox", "email.sent": "sent"}.get(event.kind)
        if folder is not None and payload.message.folder != folder:
            findings.append(
                Finding(
                    CODE,
                    ctx.sid,
                    base + ".payload.message.folder",
                    f"{event.kind} puts the message in {folder!r}, not {payload.message.folder!r}",
                )
            )
        if event.kind == "calendar.updated":
            for key in payload.changes:
                if key == "id" or key not in CalendarEvent.model_fields:
                    changes_ok = False
                    findings.append(
                        Finding(
                            CODE,
                            ctx.sid,
                            join_path(base, "payload", "changes", key),
                            f"{key!r} is not a calendar event field that can change",
                        )
                    )
        # replay refuses an event of the wrong app or with unknown changes (reported here)
        payloads_ok[index] = app_ok and changes_ok
    ctx.payloads_ok = tuple(payloads_ok)
    return findings


RULE = Rule(CODE, "events span at least 3 of the five apps", check)
