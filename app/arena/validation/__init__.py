"""Deterministic scenario validator, rules V01–V13 (DESIGN.md §4.1, seeds/README.md).

Every rule has a stable code and reports a JSON path into the file it concerns, so an author can
find the faulty value: ``V02 hm-03 hm/scenarios/hm-03.json $.events[2].at: ...``. All rules
run, not only the first failing one; an import is all-or-nothing, so a scenario with any finding
is rejected.

Where things are:

- :mod:`.findings` — :class:`Finding`, what a rule reports.
- :mod:`.loading` — reading environment folders, scenario files and the seed tree (V01 for
  what cannot be read, within the bounds of :mod:`app.bounded`).
- :mod:`.context` — :class:`EnvironmentBundle` and the :class:`~.context.Context` a scenario's
  rules share (including the parts of a file that does not parse as a whole).
- :mod:`.records` — walking app records: file order, JSON paths, ids, balances, mentions.
- :mod:`.rules` — one module per rule (``v01_structure`` .. ``v09_balances``) and
  :data:`RULES`, in code order; a new rule is a new module added there.
- :mod:`.validate` — :func:`validate_scenario`, :func:`validate_file`, :func:`validate_tree`,
  :func:`validate_path`, running :data:`RULES`.

JSON paths are written by :mod:`app.jsonpath`. Pure code: reads the seed folders it is pointed
at and builds in-memory SQLite sandboxes, but imports neither the database layer nor the web
layer.
"""

from __future__ import annotations

from app.arena.validation.context import EnvironmentBundle
from app.arena.validation.findings import Finding
from app.arena.validation.loading import load_environment_dir, load_seed_tree, read_scenario_files
from app.arena.validation.rules import RULES, Rule
from app.arena.validation.validate import (
    SeedPathError,
    validate_file,
    validate_path,
    validate_scenario,
    validate_tree,
)

__all__ = [
    "RULES",
    "EnvironmentBundle",
    "Finding",
    "Rule",
    "SeedPathError",
    "load_environment_dir",
    "load_seed_tree",
    "read_scenario_files",
    "validate_file",
    "validate_path",
    "validate_scenario",
    "validate_tree",
]
