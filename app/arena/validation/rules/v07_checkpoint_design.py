"""V07 — `checkpoint_design` covers every checkpoint (DESIGN.md §4.1).

DESIGN.md §4.1: "`checkpoint_design` covers every t, with at least one `premature` and at least
one `window`, except a scenario where restraint is right throughout (every label `restraint`),
which says so".

Checked here:

- the keys are exactly ``"1"`` .. ``"n"`` (n events);
- a scenario where restraint is right throughout (every label ``restraint``) says so with
  ``design.best_intervention: null``, and a scenario with ``best_intervention: null`` is one;
- any other scenario has at least one ``window`` and at least one ``premature`` checkpoint —
  except when the window opens at t = 1 (checkpoint 1 is ``window``), where nothing can come
  before it (issue 12 asks for such scenarios; the issue wins over DESIGN §4.1 there).

Whether each entry's expectations fit its label is V13.
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
    labels = [entry.label for entry in design.values()]
    throughout = bool(labels) and all(label == "restraint" for label in labels)
    if ctx.has("best_intervention"):
        best = ctx.spec.design.best_intervention
        if throughout and best is not None:
            findings.append(
                Finding(
                    CODE,
                    sid,
                    "$.design.best_intervention",
                    "every checkpoint is 'restraint', so the scenario has no best intervention: "
                    "write null",
                )
            )
        elif not throughout and best is None:
            findings.append(
                Finding(
                    CODE,
                    sid,
                    "$.design.best_intervention",
                    "best_intervention is null, which says restraint is right throughout, but "
                    "not every checkpoint is labelled 'restraint'",
                )
            )
    if throughout:
        return findings
    first = design.get("1")
    window_at_t1 = first is not None and first.label == "window"
    for label in ("premature", "window"):
        if label == "premature" and window_at_t1:
            continue
        if label not in labels:
            findings.append(
                Finding(
                    CODE,
                    sid,
                    "$.checkpoint_design",
                    f"no checkpoint is {label!r}; at least one must be (unless every "
                    "checkpoint is 'restraint'"
                    + (", or the window opens at t = 1)" if label == "premature" else ")"),
                )
            )
    return findings


RULE = Rule(
    CODE,
    "checkpoint_design covers every t, with at least one premature and at least one window, "
    "except a scenario where restraint is right throughout",
    check,
)
