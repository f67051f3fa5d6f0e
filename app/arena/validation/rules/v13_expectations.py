"""V13 — ``checkpoint_design`` expectations are real and consistent (DESIGN.md §4.1).

DESIGN.md §4.1: "`checkpoint_design` expectations name real levels and commands, consistent
with each other".

For every checkpoint entry ``{"label", "expected": {"levels", "commands"}, "note"}``:

- each level is a level of :mod:`app.vocabulary` (``L0``..``L3``);
- each command is an *action* command of the catalogue (DESIGN §3.3), and its catalogue level
  is one of the entry's levels;
- ``premature`` and ``restraint`` accept doing nothing only: their levels are ``["L0"]``
  (and so they name no command);
- ``window`` accepts some help: at least one level above ``L0``;
- when commands are listed, each listed level above ``L0`` has at least one of them (``levels``
  ``["L1", "L2"]`` with only ``notify_user`` accepts an L2 that no command allows);
- no ``premature`` checkpoint follows a ``window`` or ``belated`` one;
- the best intervention's checkpoint is a ``window`` whose levels include the best level and
  whose commands, when it lists any, include the best command (checked when the best
  intervention is an action at its catalogue level; V05 reports it otherwise).

``belated`` entries may list any levels: damage control, or ``L0`` when nothing helps any more.
"""

from __future__ import annotations

from app.arena.commands import CATALOGUE
from app.arena.validation.context import Context
from app.arena.validation.findings import Finding
from app.arena.validation.rules.base import Rule
from app.jsonpath import join_path
from app.vocabulary import LEVELS, Level

CODE = "V13"

_QUIET = ("premature", "restraint")
"""Labels where only doing nothing is acceptable."""


def check(ctx: Context) -> list[Finding]:
    """Each entry's levels and commands, then the best intervention against its entry."""
    if not ctx.has("checkpoint_design"):
        return []
    sid = ctx.sid
    findings: list[Finding] = []
    for key, entry in ctx.spec.checkpoint_design.items():
        base = join_path("$.checkpoint_design", key)
        levels = entry.expected.levels
        for index, level in enumerate(levels):
            if level not in LEVELS:
                findings.append(
                    Finding(
                        CODE,
                        sid,
                        f"{base}.expected.levels[{index}]",
                        f"{level!r} is no level; levels are {', '.join(LEVELS)}",
                    )
                )
        for index, name in enumerate(entry.expected.commands):
            spec = CATALOGUE.get(name)
            path = f"{base}.expected.commands[{index}]"
            if spec is None or spec.level is None:
                what = "no command of the catalogue" if spec is None else "a retrieval command"
                findings.append(
                    Finding(CODE, sid, path, f"{name!r} is {what}; expectations name actions")
                )
            elif spec.level not in levels:
                findings.append(
                    Finding(
                        CODE,
                        sid,
                        path,
                        f"{name} is {spec.level} in the catalogue, which the levels "
                        f"({', '.join(levels)}) do not include",
                    )
                )
        if entry.expected.commands and all(name in CATALOGUE for name in entry.expected.commands):
            given = {CATALOGUE[name].level for name in entry.expected.commands}
            for index, level in enumerate(levels):
                if level in LEVELS and level != Level.L0 and level not in given:
                    findings.append(
                        Finding(
                            CODE,
                            sid,
                            f"{base}.expected.levels[{index}]",
                            f"{level} is accepted but none of the commands "
                            f"({', '.join(entry.expected.commands)}) is at {level}: add a "
                            f"command at {level} or drop the level",
                        )
                    )
        if entry.label in _QUIET and list(levels) != [Level.L0]:
            findings.append(
                Finding(
                    CODE,
                    sid,
                    f"{base}.expected.levels",
                    f"a {entry.label!r} checkpoint accepts doing nothing only: levels must be "
                    f'["L0"], not {list(levels)}',
                )
            )
        if entry.label == "window" and all(level == Level.L0 for level in levels):
            findings.append(
                Finding(
                    CODE,
                    sid,
                    f"{base}.expected.levels",
                    "a 'window' checkpoint accepts some help: list at least one level above L0",
                )
            )
    return findings + _order_findings(ctx) + _best_findings(ctx)


def _order_findings(ctx: Context) -> list[Finding]:
    """A ``premature`` checkpoint after a ``window`` or ``belated`` one: time runs one way."""
    opened: str | None = None
    findings: list[Finding] = []
    for t in range(1, len(ctx.spec.checkpoint_design) + 1):
        entry = ctx.spec.checkpoint_design.get(str(t))
        if entry is None:
            return findings  # V07 reports the gap
        if entry.label == "premature" and opened is not None:
            findings.append(
                Finding(
                    CODE,
                    ctx.sid,
                    join_path("$.checkpoint_design", str(t)),
                    f"checkpoint {t} is 'premature' after checkpoint {opened} was "
                    f"'{ctx.spec.checkpoint_design[opened].label}': the window cannot open "
                    "again later",
                )
            )
        if opened is None and entry.label in ("window", "belated"):
            opened = str(t)
    return findings


def _best_findings(ctx: Context) -> list[Finding]:
    if not ctx.has("best_intervention"):
        return []
    best = ctx.spec.design.best_intervention
    if best is None:
        return []
    spec = CATALOGUE.get(best.command)
    if spec is None or spec.level is None or spec.level != best.level:
        return []  # not a valid action at its catalogue level: V05 reports it
    key = str(best.checkpoint)
    entry = ctx.spec.checkpoint_design.get(key)
    if entry is None:
        return []  # V05 (checkpoint out of range) or V07 (missing entry) reports it
    base = join_path("$.checkpoint_design", key)
    problems = []
    if entry.label != "window":
        problems.append(f"is labelled {entry.label!r}, not 'window'")
    if best.level not in entry.expected.levels:
        problems.append(f"does not accept its level {best.level}")
    if entry.expected.commands and best.command not in entry.expected.commands:
        problems.append(f"does not list its command {best.command}")
    return [
        Finding(
            CODE,
            ctx.sid,
            base,
            f"the best intervention's checkpoint {key} {problem}",
        )
        for problem in problems
    ]


RULE = Rule(
    CODE,
    "checkpoint_design expectations name real levels and commands, consistent with each other",
    check,
)
