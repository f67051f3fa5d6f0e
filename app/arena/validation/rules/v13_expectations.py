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
  whose commands, when it lists any, include the best command, and one of whose accept entries
  of that level and command accepts the best intervention's arguments (its evidence, argument
  constraints and forbidden forms), as the rubric judge would (checked when the best
  intervention is an action at its catalogue level; V05 reports it otherwise).

``belated`` entries may list any levels: damage control, or ``L0`` when nothing helps any more.

Their ``accept`` entries (DESIGN §4, "Acceptance needs content") are checked too:

- only ``window`` and ``belated`` checkpoints list them; each entry's level is one of the
  checkpoint's levels, its commands are among the checkpoint's commands (when it lists any)
  and at the entry's level in the catalogue; a constraint or forbidden form names an argument
  of the entry's commands, and a forbidden command is an action;
- every evidence group is visible to the agent at that checkpoint: one of its strings at least
  occurs (as :func:`app.arena.evidence.contains` reads text) in the state after e1..e_t — a
  record of the five apps, a file, or a value of the database; the others are other spellings of
  the same fact (``2026-12-15`` and ``15 December``), which an auditor checks;
- no evidence string appears in the title or an event summary (what annotators, judges and the
  agent see before retrieving anything).
"""

from __future__ import annotations

import sqlite3

from app.arena.commands import CATALOGUE
from app.arena.errors import ArenaError
from app.arena.evidence import (
    RECIPIENT_ARGS,
    contains,
    entry_failure,
    normalise,
    occurs,
    text_leaves,
)
from app.arena.replay import replay_prefix
from app.arena.schema import Acceptable, CheckpointExpectation, Event
from app.arena.sqlguard import (
    ScriptBudget,
    ScriptRefused,
    quote_identifier,
    read_rows,
)
from app.arena.state import Sandbox
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
    return findings + _order_findings(ctx) + _best_findings(ctx) + _content_findings(ctx)


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
    forms = [
        form
        for form in entry.expected.accept
        if form.level == best.level and (not form.commands or best.command in form.commands)
    ]
    if forms and not problems:
        failures = [entry_failure(form.model_dump(), best.command, best.args) for form in forms]
        if all(failure is not None for failure in failures):
            notes = [issue["note"] for failure in failures if failure for issue in failure[1]]
            problems.append(
                "does not accept it by content: "
                + (notes[0] if notes else "a forbidden form or constraint applies")
            )
    return [
        Finding(
            CODE,
            ctx.sid,
            base,
            f"the best intervention's checkpoint {key} {problem}",
        )
        for problem in problems
    ]


def _entry_findings(
    sid: str | None, base: str, entry: CheckpointExpectation, index: int, form: Acceptable
) -> list[Finding]:
    """One ``accept`` entry against its checkpoint and the catalogue."""
    path = f"{base}.expected.accept[{index}]"
    found: list[Finding] = []
    if form.level not in entry.expected.levels:
        found.append(
            Finding(
                CODE,
                sid,
                f"{path}.level",
                f"{form.level} is not among the checkpoint's levels "
                f"({', '.join(entry.expected.levels)})",
            )
        )
    names = form.commands or [
        name
        for name in entry.expected.commands
        if name in CATALOGUE and CATALOGUE[name].level == form.level
    ]
    if not form.evidence:
        found.append(
            Finding(
                CODE,
                sid,
                f"{path}.evidence",
                "the entry names no evidence, so it accepts help that says nothing: list the "
                "facts (groups of alternative strings) the help must contain",
            )
        )
    for position, name in enumerate(form.commands):
        spec = CATALOGUE.get(name)
        where = f"{path}.commands[{position}]"
        if entry.expected.commands and name not in entry.expected.commands:
            found.append(
                Finding(CODE, sid, where, f"{name!r} is not among the checkpoint's commands")
            )
        elif spec is None or spec.level != form.level:
            at = (
                "not an action of the catalogue"
                if spec is None or spec.level is None
                else (f"at {spec.level} in the catalogue")
            )
            found.append(Finding(CODE, sid, where, f"{name!r} is {at}, not {form.level}"))
    arguments: set[str] = set()
    for name in names:
        if name in CATALOGUE:
            arguments |= set(CATALOGUE[name].args_model.model_fields)
    checked = [("args", i, c.arg) for i, c in enumerate(form.args)]
    checked += [("forbidden", i, f.arg) for i, f in enumerate(form.forbidden) if f.arg]
    for part, position, arg in checked:
        if names and arg not in arguments:
            found.append(
                Finding(
                    CODE,
                    sid,
                    f"{path}.{part}[{position}].arg",
                    f"{arg!r} is no argument of {', '.join(names)}",
                )
            )
    constrained = {constraint.arg for constraint in form.args}
    if form.level in ("L2", "L3"):
        unconstrained = sorted((arguments & RECIPIENT_ARGS) - constrained)
        if unconstrained:
            found.append(
                Finding(
                    CODE,
                    sid,
                    f"{path}.args",
                    f"the entry does not say who the help may reach: constrain "
                    f"{' and '.join(unconstrained)} (args with one_of), or an {form.level} to "
                    "anyone is accepted",
                )
            )
    for position, forbidden in enumerate(form.forbidden):
        spec = CATALOGUE.get(forbidden.command) if forbidden.command else None
        if forbidden.command and (spec is None or spec.level is None):
            found.append(
                Finding(
                    CODE,
                    sid,
                    f"{path}.forbidden[{position}].command",
                    f"{forbidden.command!r} is not an action command of the catalogue",
                )
            )
    return found


VISIBLE_TEXT_LIMIT = 2**20
"""Characters of records and files plus bytes of database rows (as
:func:`~app.arena.sqlguard.read_rows` counts them) the visibility check reads at one checkpoint,
all together; a state holding more is a finding (its evidence cannot be checked), not a read of
all of it. The text is normalised once per checkpoint and searched once per evidence string, so
this bounds the check's time too (h24 re-attack: 30 MB in one table, +636 MiB, killed after
300 s; forty 4 MiB files, still running after 600 s). The seeds' largest state is 73 KB."""


class _TooLarge(Exception):
    """The state at a checkpoint cannot be read whole within the check's budgets."""


def _visible_text(sandbox: Sandbox) -> str:
    """Every text the agent can retrieve from a sandbox, normalised once for all the needles.

    Records of the five apps, files and database values, as :func:`~app.arena.evidence.normalise`
    reads them.

    Raises:
        _TooLarge: records, files and rows hold more than :data:`VISIBLE_TEXT_LIMIT`, or
            reading the rows is past the guard's budgets (the message says which).
    """
    parts = [
        leaf
        for records in sandbox.collections.values()
        for leaf in text_leaves(list(records.values()))
    ]
    parts += list(sandbox.files.values())
    left = VISIBLE_TEXT_LIMIT - sum(len(part) for part in parts)
    if left < 0:
        raise _TooLarge(f"more than {VISIBLE_TEXT_LIMIT:,} characters of records and files")
    tables = sandbox.db.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    ).fetchall()
    budget = ScriptBudget()  # the reads share the steps and CPU time of one S0 build
    for (table,) in tables:
        found = read_rows(
            sandbox.db,
            f"SELECT * FROM {quote_identifier(table)}",  # noqa: S608
            byte_budget=left,
            budget=budget,
        )
        if found.cut is not None:
            raise _TooLarge(found.cut)
        for row in found.rows:
            parts += [str(value) for value in row if isinstance(value, str | int | float)]
        left -= found.size
    return normalise("\n".join(parts))


def _content_findings(ctx: Context) -> list[Finding]:
    """The ``accept`` entries: their shape, and their evidence visible but never announced."""
    sid = ctx.sid
    findings: list[Finding] = []
    title = ctx.raw.get("title")  # as written: the spec has no title when the file fails V01
    shown = [("the title", title)] if isinstance(title, str) else []
    shown += [(f"the summary of $.events[{i}]", e.summary) for i, e in ctx.parsed_events()]
    events = [event for event in ctx.events if event is not None]
    complete = len(events) == len(ctx.events)
    for key, entry in ctx.spec.checkpoint_design.items():
        base = join_path("$.checkpoint_design", key)
        if not entry.expected.accept:
            continue
        if entry.label not in ("window", "belated"):
            findings.append(
                Finding(
                    CODE,
                    sid,
                    f"{base}.expected.accept",
                    f"a {entry.label!r} checkpoint accepts doing nothing only: it lists no "
                    "acceptable help",
                )
            )
            continue
        for index, form in enumerate(entry.expected.accept):
            findings += _entry_findings(sid, base, entry, index, form)
        described = {form.level for form in entry.expected.accept}
        findings += [
            Finding(
                CODE,
                sid,
                f"{base}.expected.levels[{index}]",
                f"{level} is accepted but no accept entry says what {level} help must contain: "
                "add one with the evidence it names",
            )
            for index, level in enumerate(entry.expected.levels)
            if level in ("L1", "L2", "L3") and level not in described
        ]
        try:
            visible = _visible_at(ctx, events, int(key)) if complete and key.isdigit() else None
        except _TooLarge as exc:
            findings.append(
                Finding(
                    CODE,
                    sid,
                    f"{base}.expected.accept",
                    f"the state at checkpoint {key} cannot be read whole ({exc}), so the "
                    "visibility of its evidence cannot be checked: keep the text of its "
                    f"records, files and database under {VISIBLE_TEXT_LIMIT // 2**20} MiB",
                )
            )
            visible = None
        for index, form in enumerate(entry.expected.accept):
            for group, strings in enumerate(form.evidence):
                path = f"{base}.expected.accept[{index}].evidence[{group}]"
                for position, text in enumerate(strings):
                    findings += [
                        Finding(
                            CODE,
                            sid,
                            f"{path}[{position}]",
                            f"the evidence {text!r} appears in {where}: it must be found by "
                            "retrieval, not read from what is announced",
                        )
                        for where, value in shown
                        if contains(value, text)
                    ]
                if visible is not None and not any(occurs(visible, text) for text in strings):
                    findings.append(
                        Finding(
                            CODE,
                            sid,
                            path,
                            f"none of {', '.join(repr(t) for t in strings[:3])} is visible to "
                            f"the agent at checkpoint {key} (no record, file or database value "
                            f"after e1..e{key} holds it)",
                        )
                    )
            for position, constraint in enumerate(form.args):
                names = [value for value in constraint.one_of if isinstance(value, str)]
                if (
                    visible is not None
                    and constraint.arg in RECIPIENT_ARGS
                    and names
                    and not any(occurs(visible, name) for name in names)
                ):
                    findings.append(
                        Finding(
                            CODE,
                            sid,
                            f"{base}.expected.accept[{index}].args[{position}].one_of",
                            f"none of {', '.join(repr(n) for n in names[:3])} is visible to the "
                            f"agent at checkpoint {key}: the help can only reach someone the "
                            "records name",
                        )
                    )
    return findings


def _visible_at(ctx: Context, events: list[Event], t: int) -> str | None:
    """The retrievable text after e1..e_t, or None where the replay cannot say (V04 reports)."""
    if ctx.s0 is None or not 1 <= t <= len(events) or ctx.replay_ok_until < t:
        return None
    try:
        with replay_prefix(ctx.s0, events, t) as sandbox:
            return _visible_text(sandbox)
    except ScriptRefused as exc:
        raise _TooLarge(str(exc)) from exc
    except (ArenaError, sqlite3.Error):
        return None


RULE = Rule(
    CODE,
    "checkpoint_design expectations name real levels and commands, consistent with each other",
    check,
)
