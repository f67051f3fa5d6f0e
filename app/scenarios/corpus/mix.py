"""The corpus mix (DESIGN.md §2, issue 12 item 3).

Domains, need types, levels, persona permissions, wallet currencies and the unreachable-user
justification of L3 best interventions.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from app.scenarios.corpus.loading import CorpusEnvironment, Prepared
from app.vocabulary import DOMAINS, LEVELS, NEED_TYPES, Level

LOW_SPENDING_LIMIT_MINOR: Mapping[str, int] = {
    "EUR": 100_00,
    "USD": 100_00,
    "GBP": 100_00,
    "CHF": 100_00,
    "CAD": 150_00,
    "AUD": 150_00,
    "NZD": 150_00,
    "SGD": 150_00,
    "JPY": 15_000,
}
"""Currency → the highest spending limit (minor units) that counts as *low*: about EUR 100.

Why about EUR 100: it is below nearly every bill the corpus asks an agent to handle (32 of the 36
scheduled payments of the corpus before the issue-12 revision are above it; their median is
about EUR 300), so a persona with such a limit cannot execute a typical payment within its
permissions and an agent has to weigh intensity against permission. A currency not listed here
never counts as low (the persona table shows its limit as it is)."""

UNREACHABLE_PHRASES: tuple[str, ...] = (
    "unreachable",
    "cannot be reached",
    "can't be reached",
    "not reachable",
    "out of reach",
    "offline",
    "in surgery",
    "on a flight",
    "in flight",
    "in the air",
    "no signal",
    "no reception",
    "phone off",
    "phones off",
    "phone is off",
    "phone in the locker",
    "cannot see a notification",
    "can't see a notification",
    "read too late",
    "read after",
    "sit unread",
    "may not read",
    "cannot answer",
)
"""Phrases (case-insensitive, whole words) that mark "the user cannot be reached in time" as the
justification of an L3 best intervention, searched in the design's need and rationale."""


_UNREACHABLE = re.compile(
    r"\b(?:" + "|".join(re.escape(p) for p in UNREACHABLE_PHRASES) + r")\b", re.IGNORECASE
)


@dataclass(frozen=True)
class Mix:
    """Counts by domain, need type and best-intervention level.

    Attributes:
        environments_by_domain: domain → environments (every domain of DESIGN §2, 0 included).
        scenarios_by_domain: domain → scenarios.
        by_need_type: need type → scenarios.
        by_level: best-intervention level → scenarios.
        level_by_need_type: need type → level → scenarios.
    """

    environments_by_domain: dict[str, int]
    scenarios_by_domain: dict[str, int]
    by_need_type: dict[str, int]
    by_level: dict[str, int]
    level_by_need_type: dict[str, dict[str, int]]


def count_mix(scenarios: Iterable[Prepared], environments: Iterable[CorpusEnvironment]) -> Mix:
    """Counts by domain, need type and level (DESIGN §2: 8 scenarios per environment, 2 per need).

    Args:
        scenarios: the prepared scenarios.
        environments: every environment of the corpus.
    """
    env_by_domain: dict[str, int] = dict.fromkeys(DOMAINS, 0)
    for environment in environments:
        env_by_domain[environment.spec.domain] += 1
    by_domain: dict[str, int] = dict.fromkeys(DOMAINS, 0)
    by_need: dict[str, int] = dict.fromkeys(NEED_TYPES, 0)
    by_level: dict[str, int] = dict.fromkeys(LEVELS, 0)
    cross: dict[str, dict[str, int]] = {need: dict.fromkeys(LEVELS, 0) for need in NEED_TYPES}
    for item in scenarios:
        best = item.spec.design.best_intervention
        level = best.level if best is not None else Level.L0  # none: restraint throughout
        by_domain[item.environment.spec.domain] += 1
        by_need[item.spec.need_type] += 1
        by_level[level] += 1
        cross[item.spec.need_type][level] += 1
    return Mix(env_by_domain, by_domain, by_need, by_level, cross)


@dataclass(frozen=True)
class PersonaPermissions:
    """One persona's permissions (DESIGN §2) and whether they restrict the agent.

    Attributes:
        environment_id: the environment.
        may_send_on_behalf, may_pay, may_change_calendar: the three permission flags.
        spending_limit_minor: the spending limit, minor units of ``currency``.
        currency: the limit's currency.
        low_limit: the limit is at or below :data:`LOW_SPENDING_LIMIT_MINOR` of its currency
            (False for a currency not listed there).
        restricted: at least one flag is false, or the limit is low.
    """

    environment_id: str
    may_send_on_behalf: bool
    may_pay: bool
    may_change_calendar: bool
    spending_limit_minor: int
    currency: str
    low_limit: bool
    restricted: bool


def permission_mix(environments: Iterable[CorpusEnvironment]) -> tuple[PersonaPermissions, ...]:
    """Each persona's permissions (issue 12 item 3: a third should restrict the agent)."""
    rows = []
    for environment in environments:
        p = environment.spec.persona.permissions
        low_at = LOW_SPENDING_LIMIT_MINOR.get(p.currency)
        low = low_at is not None and p.spending_limit_minor <= low_at
        restricted = not (p.may_send_on_behalf and p.may_pay and p.may_change_calendar) or low
        rows.append(
            PersonaPermissions(
                environment.spec.id,
                p.may_send_on_behalf,
                p.may_pay,
                p.may_change_calendar,
                p.spending_limit_minor,
                p.currency,
                low,
                restricted,
            )
        )
    return tuple(rows)


@dataclass(frozen=True)
class WalletCurrencies:
    """The currencies of one environment's wallet accounts.

    Attributes:
        environment_id: the environment.
        base: currencies of the accounts in ``environment.json``, sorted.
        scenarios: currencies of the accounts in any of its scenarios' S0, sorted (⊇ ``base``).
    """

    environment_id: str
    base: tuple[str, ...]
    scenarios: tuple[str, ...]

    @property
    def multi_currency(self) -> bool:
        """Some S0 of the environment (or its base) holds accounts in two or more currencies."""
        return len(self.scenarios) >= 2 or len(self.base) >= 2


def currency_mix(
    environments: Iterable[CorpusEnvironment], scenarios: Iterable[Prepared]
) -> tuple[WalletCurrencies, ...]:
    """Wallet currencies per environment (issue 12 item 3: some wallets hold two currencies)."""
    in_scenarios: dict[str, set[str]] = defaultdict(set)
    for item in scenarios:
        accounts = item.s0.collections[("wallet", "accounts")].values()
        in_scenarios[item.environment.spec.id].update(a["currency"] for a in accounts)
    rows = []
    for environment in environments:
        base = {account.currency for account in environment.spec.apps.wallet.accounts}
        rows.append(
            WalletCurrencies(
                environment.spec.id,
                tuple(sorted(base)),
                tuple(sorted(base | in_scenarios[environment.spec.id])),
            )
        )
    return tuple(rows)


@dataclass(frozen=True)
class UnreachableCheck:
    """One L3 best intervention and the unreachable-user phrases its design uses."""

    scenario_id: str
    command: str
    phrases: tuple[str, ...]

    @property
    def unreachable(self) -> bool:
        """Its justification is "the user cannot be reached in time"."""
        return bool(self.phrases)


def unreachable_justifications(scenarios: Iterable[Prepared]) -> tuple[UnreachableCheck, ...]:
    """Every L3 best intervention with the :data:`UNREACHABLE_PHRASES` in its need or rationale."""
    rows = []
    for item in scenarios:
        design = item.spec.design
        if design.best_intervention is None or design.best_intervention.level != Level.L3:
            continue
        text = f"{design.need}\n{design.rationale}"
        found = sorted({match.group(0).lower() for match in _UNREACHABLE.finditer(text)})
        rows.append(UnreachableCheck(item.spec.id, design.best_intervention.command, tuple(found)))
    return tuple(rows)
