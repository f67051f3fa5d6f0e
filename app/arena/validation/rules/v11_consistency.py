"""V11 — records are self-consistent (DESIGN.md §4.1).

DESIGN.md §4.1: "an email that says it attaches something has an attachment; a persona's
permissions and currencies are consistent with its wallet and actions".

Checked, each precisely (few false positives) so that a finding is a defect:

- **attachments**: an email whose subject or body makes an :data:`ATTACHMENT_CLAIMS` claim
  ("attached", "attachment", "enclosed", "I attach", "see the PDF", ...) has at least one
  attachment. "attached to the shared drive / your account / the offer" (attached somewhere
  else) and "please attach" (a request) are not claims;
- **the persona's currency**: ``persona.permissions.currency`` (the spending limit's currency)
  is the currency of one of the wallet's accounts — the environment's accounts, or S0's when
  the environment has none (nothing is checked without any account); a scheduled payment in
  another currency than its account is V04's;
- **the best intervention's payment** (``draft_payment``, ``make_payment``) is in its account's
  currency, and the best intervention, run at its checkpoint, goes beyond none of the
  persona's permissions or means (no ``violation`` flag: ``send_not_permitted``,
  ``over_spending_limit``, ``insufficient_funds``, ...). A draft's ``if_executed`` flags are
  fine: preparing is what a persona without the permission needs.

The environment's own records are checked once (``check_environment``); a scenario's initial
and noise records, its event payloads and its best intervention per scenario.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from app.arena.commands import run_command
from app.arena.replay import replay_prefix
from app.arena.schema import (
    EVENT_PAYLOADS,
    AppRecords,
    EmailMessage,
    EnvironmentSpec,
    WalletAccount,
)
from app.arena.validation.context import Context
from app.arena.validation.findings import Finding
from app.arena.validation.records import PARTS, indexed_records, record_path
from app.arena.validation.rules.base import Rule
from app.vocabulary import FlagKind

CODE = "V11"

ATTACHMENT_CLAIMS: tuple[str, ...] = (
    r"\battached\s+to\s+(?:this|the|my|our)\s+(?:e-?mail|message|mail|letter)\b",
    r"\battached\b(?!\s+to\s+(?:the|your|our|a|an|his|her|their|my|its|this)\b)",
    r"\battachments?\b",
    r"\battaching\b",
    r"\b(?:I|we)(?:'ve| have)? attach\b",
    r"\b(?:I|we)(?:'ve| have)? enclose\b",
    r"\benclos(?:ed|ing)\b",
    r"\bsee the (?:pdf|scan|scanned copy)\b",
    r"\b(?:pdf|scan) (?:is )?(?:below|here)\b",
)
"""Patterns (case-insensitive) by which an email says it carries an attachment."""

_CLAIM = re.compile("|".join(f"(?:{pattern})" for pattern in ATTACHMENT_CLAIMS), re.IGNORECASE)

_PAYMENT_COMMANDS = ("draft_payment", "make_payment")


def attachment_claim(message: EmailMessage) -> str | None:
    """The words by which `message` says it attaches something (subject first), or None."""
    for text in (message.subject, message.body):
        match = _CLAIM.search(text)
        if match is not None:
            return match.group(0)
    return None


def _attachment_finding(
    sid: str | None, path: str, label: str, message: EmailMessage
) -> Finding | None:
    claim = attachment_claim(message)
    if claim is None or message.attachments:
        return None
    return Finding(
        CODE,
        sid,
        path,
        f"{label}email {message.id!r} says {claim!r} but has no attachments: add the "
        "attachment (name and text) or reword the message",
    )


def _records_findings(sid: str | None, base: str, label: str, records: AppRecords) -> list[Finding]:
    """The attachment claims of one records part."""
    findings = []
    for key, index, record in indexed_records(records):
        if isinstance(record, EmailMessage):
            found = _attachment_finding(
                sid, record_path(base, key, index, "attachments"), label, record
            )
            if found is not None:
                findings.append(found)
    return findings


def _account_currencies(accounts: Iterable[WalletAccount]) -> dict[str, str]:
    return {account.id: account.currency for account in accounts}


def _persona_finding(
    sid: str | None, label: str, spec: EnvironmentSpec, currencies: dict[str, str]
) -> Finding | None:
    currency = spec.persona.permissions.currency
    if not currencies or currency in currencies.values():
        return None
    held = ", ".join(sorted(set(currencies.values())))
    return Finding(
        CODE,
        sid,
        "$.persona.permissions.currency",
        f"{label}the spending limit is in {currency}, but the wallet's accounts are in {held}",
    )


def check_environment(spec: EnvironmentSpec, label: str) -> list[Finding]:
    """The environment's emails and persona currency.

    Args:
        spec: the parsed ``environment.json``.
        label: the file as named at the start of each message, e.g. ``hm/environment.json``.
    """
    currencies = _account_currencies(spec.apps.wallet.accounts)
    findings = _records_findings(None, "$.apps", f"{label}: ", spec.apps)
    persona = _persona_finding(None, f"{label}: ", spec, currencies)
    return findings + ([persona] if persona is not None else [])


def check(ctx: Context) -> list[Finding]:
    """Records and event payloads, the persona's currency over S0, the best intervention."""
    sid = ctx.sid
    findings: list[Finding] = []
    parts = [part for part in PARTS if ctx.has(part)]
    accounts: list[WalletAccount] = []
    if ctx.env is not None:
        accounts += ctx.env.spec.apps.wallet.accounts
    for part in parts:
        accounts += getattr(ctx.spec, part).wallet.accounts
    currencies = _account_currencies(accounts)
    for part in parts:
        findings += _records_findings(sid, f"$.{part}", "", getattr(ctx.spec, part))
    for index, event in ctx.parsed_events():
        if index >= len(ctx.payloads_ok) or not ctx.payloads_ok[index]:
            continue  # V03 reports the payload
        payload = EVENT_PAYLOADS[event.kind][1].model_validate(event.payload)
        message = getattr(payload, "message", None)
        if isinstance(message, EmailMessage):
            found = _attachment_finding(
                sid, f"$.events[{index}].payload.message.attachments", "", message
            )
            if found is not None:
                findings.append(found)
    if ctx.env is not None and not ctx.env.spec.apps.wallet.accounts:
        persona = _persona_finding(
            sid, f"{ctx.env.spec.id}/environment.json: ", ctx.env.spec, currencies
        )
        if persona is not None:
            findings.append(persona)
    return findings + _best_findings(ctx, currencies)


def _best_findings(ctx: Context, currencies: dict[str, str]) -> list[Finding]:
    """The best intervention's payment currency and the permissions it would go beyond."""
    if not ctx.has("best_intervention"):
        return []
    best = ctx.spec.design.best_intervention
    if best is None:
        return []
    base = "$.design.best_intervention"
    args = best.args
    if best.command in _PAYMENT_COMMANDS:
        expected = currencies.get(str(args.get("account_id")))
        if expected is not None and args.get("currency") != expected:
            return [
                Finding(
                    CODE,
                    ctx.sid,
                    base + ".args.currency",
                    f"{best.command} pays in {args.get('currency')!r}, but account "
                    f"{args.get('account_id')!r} is in {expected}",
                )
            ]
    n = len(ctx.spec.events)
    if (
        ctx.s0 is None
        or not ctx.has("events")
        or not 1 <= best.checkpoint <= n
        or ctx.replay_ok_until < best.checkpoint
    ):
        return []
    with replay_prefix(ctx.s0, ctx.spec.events, best.checkpoint) as sandbox:
        result = run_command(sandbox, best.command, best.args, kind="action")
    if not result.ok:
        return []  # V05 reports it
    return [
        Finding(
            CODE,
            ctx.sid,
            base,
            f"{best.command} at checkpoint {best.checkpoint} goes beyond the persona's "
            f"permissions or means ({flag['code']}: {flag['message']}); the best intervention "
            "must be one the persona allows",
        )
        for flag in result.flags
        if flag.get("kind", FlagKind.VIOLATION) == FlagKind.VIOLATION
    ]


RULE = Rule(
    CODE,
    "records are self-consistent: claimed attachments exist; permissions and currencies fit the "
    "wallet and the actions",
    check,
    check_environment,
)
