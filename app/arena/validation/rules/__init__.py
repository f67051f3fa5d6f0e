"""The validator's rules, one module per rule, in code order (DESIGN.md §4.1).

A rule module defines ``CODE``, ``check(ctx) -> list[Finding]`` (optionally
``check_environment(spec, label)``) and ``RULE = Rule(CODE, title, check, ...)``; :data:`RULES`
lists them. To add a rule, add its module here and its ``RULE`` at its place in :data:`RULES`:
:func:`~app.arena.validation.validate.validate_scenario` runs every rule in that order, and
:func:`~app.arena.validation.loading.load_environment_dir` every ``check_environment``.
"""

from __future__ import annotations

from app.arena.validation.rules import (
    v01_structure,
    v02_events,
    v03_payloads,
    v04_references,
    v05_best_intervention,
    v06_key_evidence,
    v07_checkpoint_design,
    v08_noise,
    v09_balances,
    v10_visibility,
    v11_consistency,
    v12_ids,
    v13_expectations,
)
from app.arena.validation.rules.base import Rule

RULES: tuple[Rule, ...] = (
    v01_structure.RULE,
    v02_events.RULE,
    v03_payloads.RULE,
    v04_references.RULE,
    v05_best_intervention.RULE,
    v06_key_evidence.RULE,
    v07_checkpoint_design.RULE,
    v08_noise.RULE,
    v09_balances.RULE,
    v10_visibility.RULE,
    v11_consistency.RULE,
    v12_ids.RULE,
    v13_expectations.RULE,
)
"""Every rule, in code order; later rules read what earlier ones leave in the context."""

__all__ = ["RULES", "Rule"]
