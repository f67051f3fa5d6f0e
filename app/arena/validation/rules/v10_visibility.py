"""V10 — nothing is visible before it happens (DESIGN.md §4.1).

DESIGN.md §4.1: "at every checkpoint t, every received message, chat message, transaction or
file that the agent can read is dated at or before now (e_t.at); future calendar entries and
scheduled payments are fine (they are plans, not arrivals)".

What counts as an arrival is :data:`app.arena.shortcuts.ARRIVALS` (shared with the corpus
statistics' future-record check): email messages of any folder, chat messages and wallet
transactions. At checkpoint t the agent reads S0 and the records of events e1..e_t, so:

- every arrival of S0 (the environment's base records, the initial and the noise records) is
  dated at or before e1.at — the earliest now at which it is readable;
- the record an event adds (an ``email.*`` message, a ``chat.message``, a
  ``wallet.transaction``) is dated at or before that event's ``at``.

Files carry no date in the seed format: S0 files exist from the start and a ``files.written``
event is dated by its event, so there is nothing to compare.
"""

from __future__ import annotations

from datetime import datetime

from app.arena.schema import AppRecords, dump_record
from app.arena.shortcuts import arrives_after
from app.arena.validation.context import Context
from app.arena.validation.findings import Finding
from app.arena.validation.records import PARTS, indexed_records, record_path
from app.arena.validation.rules.base import Rule

CODE = "V10"

_EVENT_RECORDS: dict[str, tuple[str, tuple[str, str]]] = {
    "email.received": ("message", ("email", "messages")),
    "email.sent": ("message", ("email", "messages")),
    "chat.message": ("message", ("chat", "messages")),
    "wallet.transaction": ("transaction", ("wallet", "transactions")),
}
"""Event kind → (payload key, collection) of the arrival it adds."""

_NAMES = {
    ("email", "messages"): "email",
    ("chat", "messages"): "chat message",
    ("wallet", "transactions"): "transaction",
}


def _s0_findings(
    sid: str | None, base: str, label: str, records: AppRecords, first: datetime
) -> list[Finding]:
    findings = []
    for key, index, record in indexed_records(records):
        if arrives_after(key, dump_record(record), first):
            findings.append(
                Finding(
                    CODE,
                    sid,
                    record_path(base, key, index, "at"),
                    f"{label}{_NAMES[key]} {record.id!r} is dated {record.at.isoformat()}, "
                    f"after e1 ({first.isoformat()}): the agent reads it at t = 1 before it "
                    "arrives",
                )
            )
    return findings


def check(ctx: Context) -> list[Finding]:
    """S0 arrivals dated after e1.at, then event records dated after their event."""
    events = list(ctx.parsed_events())
    if not events or events[0][0] != 0:
        return []  # no first event to compare with (V01/V02 report why)
    first = events[0][1].at
    sid = ctx.sid
    findings: list[Finding] = []
    if ctx.env is not None:
        label = f"{ctx.env.spec.id}/environment.json: "
        findings += _s0_findings(sid, "$.apps", label, ctx.env.spec.apps, first)
    for part in PARTS:
        if ctx.has(part):
            findings += _s0_findings(sid, f"$.{part}", "", getattr(ctx.spec, part), first)
    for index, event in events:
        held = _EVENT_RECORDS.get(event.kind)
        if held is None:
            continue
        name, key = held
        record = event.payload.get(name)
        if isinstance(record, dict) and arrives_after(key, record, event.at):
            findings.append(
                Finding(
                    CODE,
                    sid,
                    f"$.events[{index}].payload.{name}.at",
                    f"{_NAMES[key]} {record.get('id')!r} is dated {record.get('at')}, after "
                    f"its event e{index + 1} ({event.at.isoformat()}): the agent reads it at "
                    f"t = {index + 1} before it arrives",
                )
            )
    return findings


RULE = Rule(CODE, "nothing is visible before it happens", check)
