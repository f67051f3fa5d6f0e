"""V09 — wallet balances add up (DESIGN.md §4.1).

DESIGN.md §4.1: "wallet balances equal the sum of posted transactions plus the opening balance".

Checked for the environment's own accounts, for every account in S0 that the scenario adds or
books on, and after every posted ``wallet.transaction`` event of the replay (V04 notes those in
``ctx.balances_after_events``). A transaction on a missing account is a V04 finding.
"""

from __future__ import annotations

from app.arena.schema import EnvironmentSpec, ScenarioSpec
from app.arena.validation.context import Context
from app.arena.validation.findings import Finding
from app.arena.validation.records import (
    PARTS,
    balance_gaps,
    environment_collections,
    record_path,
)
from app.arena.validation.rules.base import Rule

CODE = "V09"


def check_environment(spec: EnvironmentSpec, label: str) -> list[Finding]:
    """The balance of each environment account, over its base records.

    Args:
        spec: the parsed ``environment.json``.
        label: the file as named at the start of each message, e.g. ``hm/environment.json``.
    """
    collections, _repeated = environment_collections(spec.apps)
    gaps = balance_gaps(collections)
    findings: list[Finding] = []
    for index, account in enumerate(spec.apps.wallet.accounts):
        if account.id in gaps:
            balance, expected = gaps.pop(account.id)
            findings.append(
                Finding(
                    CODE,
                    None,
                    record_path("$.apps", ("wallet", "accounts"), index, "balance_minor"),
                    f"{label}: balance {balance} of account {account.id!r} should be {expected} "
                    f"(opening balance plus posted transactions)",
                )
            )
    return findings


def check(ctx: Context) -> list[Finding]:
    """Balances after the events V04 replayed, then the scenario's accounts in S0."""
    findings = [
        Finding(
            CODE,
            ctx.sid,
            f"$.events[{after.index}].payload.transaction.amount_minor",
            f"after this event the balance {after.balance} of account "
            f"{after.account_id!r} should be {after.expected}",
        )
        for after in ctx.balances_after_events
    ]
    if ctx.s0 is None:
        return findings
    for account_id, (balance, expected) in balance_gaps(ctx.s0.collections).items():
        path = _scenario_balance_path(ctx.spec, account_id)
        if path is None:
            continue  # an environment account the scenario does not touch: reported with it
        findings.append(
            Finding(
                CODE,
                ctx.sid,
                path,
                f"balance {balance} of account {account_id!r} should be {expected} "
                f"(opening balance plus posted transactions in S0)",
            )
        )
    return findings


def _scenario_balance_path(spec: ScenarioSpec, account_id: str) -> str | None:
    """Where the scenario makes an account's balance wrong: its account, else its first booking."""
    for part in PARTS:
        for index, account in enumerate(getattr(spec, part).wallet.accounts):
            if account.id == account_id:
                return record_path(f"$.{part}", ("wallet", "accounts"), index, "balance_minor")
    for part in PARTS:
        for index, transaction in enumerate(getattr(spec, part).wallet.transactions):
            if transaction.account_id == account_id and transaction.status == "posted":
                return record_path(f"$.{part}", ("wallet", "transactions"), index, "amount_minor")
    return None


RULE = Rule(
    CODE,
    "wallet balances equal the sum of posted transactions plus the opening balance",
    check,
    check_environment,
)
