"""V04 — ids are unique within their app and references resolve (DESIGN.md §4.1).

DESIGN.md §4.1: "every id is unique within its app; every reference (reply_to, thread,
conversation, account, contact) resolves, in S0 or after the events that precede it".

Ids are unique per app over the environment's records, the scenario's initial and noise records
and the records events create (``contacts.updated``, ``wallet.scheduled`` and
``wallet.transaction`` may replace a record by id). References: chat message → conversation,
transaction and scheduled payment → account (same currency for a scheduled payment),
``calendar.updated`` / ``calendar.cancelled`` → event; event ids are unique. The scenario's SQL
must run on the environment database, S0 must build and every event must replay.

This rule builds S0 and replays the events once for the rules after it (``ctx.s0``,
``ctx.replay_ok_until``, ``ctx.balances_after_events``; see
:class:`~app.arena.validation.context.Context`). While replaying it also reports, under V03, a
``calendar.updated`` that would make an invalid event, since only the replay knows the event it
changes.
"""

from __future__ import annotations

import sqlite3
from zoneinfo import ZoneInfo

from pydantic import ValidationError

from app.arena.errors import ArenaError, CommandError
from app.arena.replay import apply_event
from app.arena.schema import (
    APPS,
    COLLECTION_PATHS,
    AppRecords,
    CalendarEvent,
    EnvironmentSpec,
    Event,
    ScenarioRecords,
    ScenarioSpec,
    collection_records,
    set_collection_records,
)
from app.arena.sqlclock import SqlClock
from app.arena.sqlguard import ScriptBudget, ScriptRefused, open_arena_db, run_script
from app.arena.state import Sandbox, build_s0, normalise_path
from app.arena.validation.context import BalanceAfterEvent, Context, EnvironmentBundle
from app.arena.validation.findings import Finding
from app.arena.validation.records import (
    PARTS,
    Collections,
    app_ids,
    balance_gaps,
    environment_collections,
    indexed_records,
    record_path,
)
from app.arena.validation.rules.base import Rule
from app.jsonpath import join_path

CODE = "V04"

_CREATES: dict[str, tuple[str, str, str]] = {
    "email.received": ("message", "email", "messages"),
    "email.sent": ("message", "email", "messages"),
    "calendar.created": ("event", "calendar", "events"),
    "chat.message": ("message", "chat", "messages"),
    "contacts.updated": ("contact", "contacts", "contacts"),
    "wallet.transaction": ("transaction", "wallet", "transactions"),
    "wallet.scheduled": ("scheduled_payment", "wallet", "scheduled_payments"),
}
"""Event kind → (payload key of the record it writes, app, collection)."""
_UPSERTS = {"contacts.updated", "wallet.scheduled", "wallet.transaction"}
"""Kinds that insert or replace by id (replay: a pending transaction may become posted)."""


def check_environment(spec: EnvironmentSpec, label: str) -> list[Finding]:
    """Ids unique per app and references resolving within the environment's base records.

    Args:
        spec: the parsed ``environment.json``.
        label: the file as named at the start of each message, e.g. ``hm/environment.json``.
    """
    collections, repeated = environment_collections(spec.apps)
    findings = [
        Finding(
            CODE,
            None,
            record_path("$.apps", key, index, "id"),
            f"{label}: id {rid!r} is already used in {key[0]} at {first}",
        )
        for key, index, rid, first in repeated
    ]
    findings += _reference_findings(None, "$.apps", spec.apps, collections, f"{label}: ")
    return findings


def check(ctx: Context) -> list[Finding]:
    """Ids and references of the records, then of each event against the state before it.

    Needs the environment and both records parts (there is no S0 otherwise); the events are
    checked and replayed only when all of them parse, since each sees its predecessors.
    """
    spec, sid, env = ctx.spec, ctx.sid, ctx.env
    if env is None or not ctx.has(*PARTS):
        return []  # without the environment or all records there is no S0 to check against
    sanitised, findings = _sanitised(ctx, env)
    if sanitised is None:
        return findings  # the environment's database.sql is refused: there is no S0
    try:
        ctx.s0 = build_s0(env.spec, env.database_sql, env.files, sanitised)
    except (ArenaError, CommandError) as exc:
        findings.append(Finding(CODE, sid, "$", f"S0 cannot be built: {exc}"))
        return findings
    for part in PARTS:
        findings += _reference_findings(sid, f"$.{part}", getattr(spec, part), ctx.s0.collections)
    if not ctx.has("events"):
        return findings  # the events' references need every event (each sees its predecessors)

    event_ids: dict[str, int] = {}
    for index, event in enumerate(spec.events):
        if event.id in event_ids:
            findings.append(
                Finding(
                    CODE,
                    sid,
                    f"$.events[{index}].id",
                    f"event id {event.id!r} is already used by $.events[{event_ids[event.id]}]",
                )
            )
        event_ids.setdefault(event.id, index)

    ctx.replay_ok_until = 0
    replay_ok = True
    with Sandbox(ctx.s0) as sandbox:
        for index, event in enumerate(spec.events):
            if not ctx.payloads_ok[index]:
                replay_ok = False  # reported by V03; the event cannot be applied
                continue
            event_findings, blocked = _event_reference_findings(ctx, sandbox, index, event)
            findings += event_findings
            if blocked:
                replay_ok = False  # apply_event would refuse it for the same reason
                continue
            try:
                apply_event(sandbox, event)
            except (ArenaError, CommandError) as exc:
                path = f"$.events[{index}].payload"
                if _refused_by_guard(exc):  # a limit of the SQL guard: V01
                    findings.append(Finding("V01", sid, f"{path}.sql", f"SQL is refused: {exc}"))
                else:
                    findings.append(Finding(CODE, sid, path, f"event cannot be replayed: {exc}"))
                replay_ok = False
                continue
            _note_balances(ctx, sandbox, index, event)
            if replay_ok:
                ctx.replay_ok_until = index + 1
    return findings


def _refused_by_guard(exc: BaseException) -> bool:
    """Whether `exc` comes from the SQL guard refusing a script (anywhere in its causes)."""
    cause: BaseException | None = exc
    while cause is not None:
        if isinstance(cause, ScriptRefused):
            return True
        cause = cause.__cause__
    return False


def _reference_findings(
    scenario_id: str | None,
    base: str,
    records: AppRecords,
    collections: Collections,
    prefix: str = "",
) -> list[Finding]:
    """Chat message → conversation, transaction / scheduled payment → account (+ currency)."""
    findings: list[Finding] = []
    conversations = collections[("chat", "conversations")]
    accounts = collections[("wallet", "accounts")]
    for index, message in enumerate(records.chat.messages):
        if message.conversation_id not in conversations:
            findings.append(
                Finding(
                    CODE,
                    scenario_id,
                    record_path(base, ("chat", "messages"), index, "conversation_id"),
                    f"{prefix}conversation {message.conversation_id!r} does not exist",
                )
            )
    for index, transaction in enumerate(records.wallet.transactions):
        if transaction.account_id not in accounts:
            findings.append(
                Finding(
                    CODE,
                    scenario_id,
                    record_path(base, ("wallet", "transactions"), index, "account_id"),
                    f"{prefix}account {transaction.account_id!r} does not exist",
                )
            )
    for index, payment in enumerate(records.wallet.scheduled_payments):
        key = ("wallet", "scheduled_payments")
        account = accounts.get(payment.account_id)
        if account is None:
            findings.append(
                Finding(
                    CODE,
                    scenario_id,
                    record_path(base, key, index, "account_id"),
                    f"{prefix}account {payment.account_id!r} does not exist",
                )
            )
        elif account["currency"] != payment.currency:
            findings.append(
                Finding(
                    CODE,
                    scenario_id,
                    record_path(base, key, index, "currency"),
                    f"{prefix}currency {payment.currency} does not match account "
                    f"{payment.account_id!r} ({account['currency']})",
                )
            )
    return findings


def _sanitised(ctx: Context, env: EnvironmentBundle) -> tuple[ScenarioSpec | None, list[Finding]]:
    """Ids and SQL of the scenario's own records; a copy without the offending ones builds S0.

    Files whose path is not valid are left out of the copy too (V01 reports them). SQL the
    guard refuses (:func:`~app.arena.sqlguard.run_script`: a statement kind, a function, a
    limit) is a V01 finding at its path; other failing SQL a V04 one. The copy is None when
    the environment's own ``database.sql`` is refused or fails (an environment stored before
    a limit existed): the finding then names it.
    """
    spec, sid = ctx.spec, ctx.sid
    findings: list[Finding] = []
    seen: dict[str, dict[str, str]] = {app: {} for app in APPS}
    for key, _index, record in indexed_records(env.spec.apps):
        seen[key[0]].setdefault(record.id, "the environment")
    cleaned: dict[str, ScenarioRecords] = {}
    db = open_arena_db()
    clock = SqlClock(ZoneInfo(env.spec.timezone))  # S0 has no simulated now
    clock.install(db)
    budget = ScriptBudget()  # one S0 build: all its SQL shares the budget, as in build_s0
    try:
        try:
            run_script(db, clock, env.database_sql, budget=budget)
        except sqlite3.Error as exc:
            code = "V01" if isinstance(exc, ScriptRefused) else CODE
            message = f"the database.sql of environment {env.spec.id!r} cannot be used: {exc}"
            return None, [*findings, Finding(code, sid, "$", message)]
        for part in PARTS:
            records: ScenarioRecords = getattr(spec, part).model_copy(deep=True)
            drop: set[tuple[tuple[str, str], int]] = set()
            for key, index, record in indexed_records(records):
                rid = record.id
                path = record_path(f"$.{part}", key, index)
                if rid in seen[key[0]]:
                    findings.append(
                        Finding(
                            CODE,
                            sid,
                            path + ".id",
                            f"id {rid!r} is already used in {key[0]} (by {seen[key[0]][rid]})",
                        )
                    )
                    drop.add((key, index))
                else:
                    seen[key[0]][rid] = path
            if drop:
                _drop_records(records, drop)
            for file_path in list(records.files):
                try:
                    normalise_path(file_path)
                except CommandError:
                    del records.files[file_path]  # reported by V01
            statements = []
            for index, statement in enumerate(records.db):
                try:
                    run_script(db, clock, statement, budget=budget)
                except ScriptRefused as exc:
                    findings.append(
                        Finding("V01", sid, f"$.{part}.db[{index}]", f"SQL is refused: {exc}")
                    )
                except sqlite3.Error as exc:
                    findings.append(
                        Finding(
                            CODE,
                            sid,
                            f"$.{part}.db[{index}]",
                            f"SQL fails on the environment database: {exc}",
                        )
                    )
                else:
                    statements.append(statement)
            records.db = statements
            cleaned[part] = records
    finally:
        db.close()
    return spec.model_copy(update=cleaned), findings


def _drop_records(records: ScenarioRecords, drop: set[tuple[tuple[str, str], int]]) -> None:
    for key in COLLECTION_PATHS:
        kept = [
            item
            for index, item in enumerate(collection_records(records, key))
            if (key, index) not in drop
        ]
        set_collection_records(records, key, kept)


def _event_reference_findings(
    ctx: Context, sandbox: Sandbox, index: int, event: Event
) -> tuple[list[Finding], bool]:
    """One event against the state after the events that precede it.

    Returns:
        (findings, whether a missing reference stops the event from being replayed).
    """
    findings: list[Finding] = []
    blocked = False
    sid, base, payload = ctx.sid, f"$.events[{index}].payload", event.payload
    kind = event.kind
    if kind == "chat.message" and isinstance(payload.get("conversation"), dict):
        conversation_id = payload["conversation"]["id"]
        if conversation_id in app_ids(sandbox.collections, "chat"):
            findings.append(
                Finding(
                    CODE,
                    sid,
                    base + ".conversation.id",
                    f"id {conversation_id!r} is already used in chat",
                )
            )
    if kind in _CREATES:
        key, app, collection = _CREATES[kind]
        record_id = payload[key]["id"]
        replaces = kind in _UPSERTS and record_id in sandbox.collections[(app, collection)]
        if not replaces and record_id in app_ids(sandbox.collections, app):
            findings.append(
                Finding(CODE, sid, f"{base}.{key}.id", f"id {record_id!r} is already used in {app}")
            )
    if kind in ("calendar.updated", "calendar.cancelled"):
        current = sandbox.get("calendar", "events", payload["event_id"])
        if current is None:
            findings.append(
                Finding(
                    CODE,
                    sid,
                    base + ".event_id",
                    f"calendar event {payload['event_id']!r} does not exist",
                )
            )
            blocked = True
        elif kind == "calendar.updated":
            changes = payload["changes"]
            try:
                CalendarEvent.model_validate({**current, **changes})
            except ValidationError as exc:
                blocked = True
                for error in exc.errors():
                    field = str(error["loc"][0]) if error["loc"] else ""
                    findings.append(
                        Finding(
                            "V03",  # the payload rule; found here, where the event is known
                            sid,
                            join_path(base, "changes", field) if field in changes else base,
                            f"calendar.updated makes an invalid event: {error['msg']}",
                        )
                    )
    if kind == "chat.message":
        conversation_id = payload["message"]["conversation_id"]
        new = payload.get("conversation")
        if isinstance(new, dict) and new.get("id") != conversation_id:
            findings.append(
                Finding(
                    CODE,
                    sid,
                    base + ".message.conversation_id",
                    f"the message belongs to {conversation_id!r}, not to the new "
                    f"conversation {new.get('id')!r} of this event",
                )
            )
            blocked = True
        elif new is None and sandbox.get("chat", "conversations", conversation_id) is None:
            findings.append(
                Finding(
                    CODE,
                    sid,
                    base + ".message.conversation_id",
                    f"conversation {conversation_id!r} does not exist",
                )
            )
            blocked = True
    if kind in ("wallet.transaction", "wallet.scheduled"):
        key = "transaction" if kind == "wallet.transaction" else "scheduled_payment"
        record = payload[key]
        account = sandbox.get("wallet", "accounts", record["account_id"])
        if account is None:
            findings.append(
                Finding(
                    CODE,
                    sid,
                    f"{base}.{key}.account_id",
                    f"account {record['account_id']!r} does not exist",
                )
            )
            blocked = True
        elif kind == "wallet.scheduled" and record["currency"] != account["currency"]:
            findings.append(
                Finding(
                    CODE,
                    sid,
                    f"{base}.{key}.currency",
                    f"currency {record['currency']} does not match account "
                    f"{record['account_id']!r} ({account['currency']})",
                )
            )
    return findings, blocked


def _note_balances(ctx: Context, sandbox: Sandbox, index: int, event: Event) -> None:
    """After a posted transaction event: the account's balance, if S0 held it consistent (V09)."""
    if event.kind == "wallet.transaction" and event.payload["transaction"]["status"] == "posted":
        account_id = event.payload["transaction"]["account_id"]
        assert ctx.s0 is not None
        gap = balance_gaps(sandbox.collections).get(account_id)
        if gap is not None and account_id not in balance_gaps(ctx.s0.collections):
            ctx.balances_after_events.append(BalanceAfterEvent(index, account_id, *gap))


RULE = Rule(
    CODE,
    "every id is unique within its app; every reference resolves, in S0 or after the events "
    "that precede it",
    check,
    check_environment,
)
