"""The built-in ``rubric`` judge: a diagnosis from the checkpoint design, no LLM (DESIGN §12).

The rule, per response at checkpoint t with design ``checkpoint_design[t]`` = ``{"label",
"expected": {"levels", "commands"?}}``; the level is the response's catalogue level (L0 for
no action):

1. **Accept** when the level is among the expected levels and, if the design lists commands,
   the action's command is among them (L0 needs no command). Accepted: nothing else is set.
2. Otherwise **reject**:

   * L0 → inaction (no timing or intensity).
   * L1–L3 → *timing* from the label: ``premature`` at a premature checkpoint, ``belated``
     at a belated one, ``appropriate`` at a window or restraint checkpoint. *Intensity*
     compares the level with the reference levels — the expected levels, except at a
     premature checkpoint, where they are those of the scenario's first ``window`` checkpoint
     (what the help should look like once it is due), and at a restraint checkpoint, where
     any action is ``excessive``: above the highest reference level ``excessive``, below the
     lowest ``insufficient``, else ``appropriate``.
   * When timing and intensity are both ``appropriate`` (the level fits the window but the
     command is not one the design lists), the other issue ``irrelevant_action`` is named,
     with a note listing the expected commands — so every rubric diagnosis obeys §7.

A checkpoint without a design entry cannot be judged (:class:`NoExpectation`). Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.annotation.rules import Diagnosis, check_diagnosis
from app.vocabulary import LEVELS

RUBRIC = "rubric"
"""The rubric judge's name (reserved: no agent may be named so)."""
RUBRIC_VERSION = "rubric.v1"
"""The version of the rule above, stored with every rubric judge run."""


class NoExpectation(ValueError):
    """The checkpoint has no design entry to judge from."""


def _rank(level: str) -> int:
    return LEVELS.index(level)


def _intensity(level: str, reference: list[str]) -> str:
    ranks = [_rank(x) for x in reference if x in LEVELS]
    if not ranks:
        return "appropriate"
    if _rank(level) > max(ranks):
        return "excessive"
    if _rank(level) < min(ranks):
        return "insufficient"
    return "appropriate"


def rubric_diagnosis(
    checkpoint_design: Mapping[str, Mapping[str, Any]],
    t: int,
    *,
    level: str,
    command: str | None,
) -> Diagnosis:
    """The rubric judge's diagnosis of one response (the rule of this module's docstring).

    Args:
        checkpoint_design: the scenario's ``checkpoint_design`` (``"1"``..``"n"`` → entry).
        t: the response's checkpoint.
        level: the response's catalogue level ``L0``..``L3`` (L0 for no action).
        command: the action's command, None for no action.

    Returns:
        A :class:`~app.annotation.rules.Diagnosis` that obeys DESIGN §7.

    Raises:
        NoExpectation: ``checkpoint_design`` has no entry for `t`.
    """
    entry = checkpoint_design.get(str(t))
    if not entry:
        raise NoExpectation(f"checkpoint {t} has no checkpoint_design entry")
    label = str(entry.get("label", ""))
    expected = entry.get("expected") or {}
    levels = list(expected.get("levels") or [])
    commands = list(expected.get("commands") or [])
    has_action = command is not None
    if level in levels and (not has_action or not commands or command in commands):
        return check_diagnosis(level, "accept", has_action=has_action)
    if not has_action:
        return check_diagnosis(level, "reject", has_action=False)
    timing = {"premature": "premature", "belated": "belated"}.get(label, "appropriate")
    if label == "restraint":
        intensity = "excessive"
    elif label == "premature":
        windows = [
            e
            for _, e in sorted(checkpoint_design.items(), key=lambda kv: int(kv[0]))
            if e.get("label") == "window"
        ]
        reference = list((windows[0].get("expected") or {}).get("levels") or []) if windows else []
        intensity = _intensity(level, reference)
    else:
        intensity = _intensity(level, levels)
    issues = []
    if timing == "appropriate" and intensity == "appropriate":
        issues.append(
            {
                "category": "irrelevant_action",
                "note": f"{command} is not among the expected commands ({', '.join(commands)})",
            }
        )
    return check_diagnosis(level, "reject", timing, intensity, issues, has_action=True)
