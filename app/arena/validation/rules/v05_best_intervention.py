"""V05 — the best intervention is a valid action at its checkpoint (DESIGN.md §4.1).

DESIGN.md §4.1: "the best intervention is a valid action command with valid arguments against
the state at its intended checkpoint; its level matches the catalogue".

The command is an action of the catalogue (not a retrieval command), its arguments validate, its
checkpoint is in 1..n, and it runs (``ok``) on the replay of e1..e_c (c = its checkpoint) when
the events up to there replay (V04 reports the ones that do not). A scenario where restraint is
right throughout has no best intervention (``null``); V07 checks that it is one.
"""

from __future__ import annotations

from pydantic import ValidationError

from app.arena.commands import CATALOGUE, level_of, run_command
from app.arena.replay import replay_prefix
from app.arena.validation.context import Context
from app.arena.validation.findings import Finding, validation_findings
from app.arena.validation.rules.base import Rule

CODE = "V05"


def check(ctx: Context) -> list[Finding]:
    """Command, arguments, level and checkpoint; then a run at the checkpoint when possible."""
    if not ctx.has("best_intervention"):
        return []
    sid, n = ctx.sid, ctx.n_events
    best = ctx.spec.design.best_intervention
    if best is None:
        return []
    base = "$.design.best_intervention"
    findings: list[Finding] = []
    runnable = True
    command = CATALOGUE.get(best.command)
    if command is None or command.level is None:
        what = "unknown command" if command is None else "a retrieval command"
        findings.append(
            Finding(
                CODE,
                sid,
                base + ".command",
                f"{best.command!r} is {what}; the best intervention is an action",
            )
        )
        runnable = False
    else:
        try:
            command.args_model.model_validate(best.args)
        except ValidationError as exc:
            findings += validation_findings(
                CODE,
                sid,
                base + ".args",
                ctx.raw["design"]["best_intervention"]["args"],
                exc,
                prefix=f"{best.command}: ",
            )
            runnable = False
        expected_level = level_of(best.command)
        if best.level != expected_level:
            findings.append(
                Finding(
                    CODE,
                    sid,
                    base + ".level",
                    f"level {best.level} differs from the catalogue's "
                    f"{expected_level} for {best.command}",
                )
            )
    if n is not None and not 1 <= best.checkpoint <= n:
        findings.append(
            Finding(
                CODE, sid, base + ".checkpoint", f"checkpoint {best.checkpoint} is outside 1..{n}"
            )
        )
        runnable = False
    # Replay problems before the checkpoint are reported by V03/V04 already.
    if (
        runnable
        and ctx.s0 is not None
        and ctx.has("events")
        and ctx.replay_ok_until >= best.checkpoint
    ):
        with replay_prefix(ctx.s0, ctx.spec.events, best.checkpoint) as sandbox:
            result = run_command(sandbox, best.command, best.args, kind="action")
        if not result.ok:
            findings.append(
                Finding(
                    CODE,
                    sid,
                    base,
                    f"{best.command} fails at checkpoint {best.checkpoint}: {result.output}",
                )
            )
    return findings


RULE = Rule(
    CODE,
    "the best intervention is a valid action command with valid arguments against the state at "
    "its intended checkpoint; its level matches the catalogue",
    check,
)
