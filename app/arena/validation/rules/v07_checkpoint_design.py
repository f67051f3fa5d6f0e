"""V07 — `checkpoint_design` covers every checkpoint (DESIGN.md §4.1).

DESIGN.md §4.1: "`checkpoint_design` covers every t, with at least one `premature` and at least
one `window`, except a scenario where restraint is right throughout (every label `restraint`),
which says so".

Checked here: the keys are exactly ``"1"`` .. ``"n"`` (n events) and the labels include
``premature`` and ``window``. The schema has no ``restraint`` label yet, so the exception does
not arise.
"""

from __future__ import annotations

from app.arena.validation.context import Context
from app.arena.validation.findings import Finding
from app.arena.validation.rules.base import Rule
from app.jsonpath import join_path

CODE = "V07"


def check(ctx: Context) -> list[Finding]:
    """Missing checkpoints, keys that are no checkpoint, a label that no checkpoint has."""
    sid, design, n = ctx.sid, ctx.spec.checkpoint_design, ctx.n_events
    if n is None or not ctx.has("checkpoint_design"):
        return []
    expected = [str(t) for t in range(1, n + 1)]
    findings: list[Finding] = []
    missing = [key for key in expected if key not in design]
    if missing:
        findings.append(
            Finding(
                CODE,
                sid,
                "$.checkpoint_design",
                f"missing checkpoint(s) {', '.join(missing)}; keys are 1..{n}",
            )
        )
    for key in design:
        if key not in expected:
            findings.append(
                Finding(
                    CODE,
                    sid,
                    join_path("$.checkpoint_design", key),
                    f"there is no checkpoint {key!r} (keys are 1..{n})",
                )
            )
    for label in ("premature", "window"):
        if label not in design.values():
            findings.append(
                Finding(
                    CODE,
                    sid,
                    "$.checkpoint_design",
                    f"no checkpoint is {label!r}; at least one must be",
                )
            )
    return findings


RULE = Rule(
    CODE,
    "checkpoint_design covers every t, with at least one premature and at least one window",
    check,
)
