"""The built-in ``rubric`` judge: a diagnosis from the checkpoint design, no LLM (DESIGN §12).

The rule, per response at checkpoint t with design ``checkpoint_design[t]`` = ``{"label",
"expected": {"levels", "commands"?, "accept"?}}``; the level is the response's catalogue level
(L0 for no action):

1. **Accept** L0 when ``L0`` is among the expected levels. An action is accepted when its level
   is among the expected levels, its command among the listed commands (if any), and — where
   the checkpoint lists ``accept`` entries (DESIGN §4, "Acceptance needs content") — one entry
   of that level and command is met: none of its ``forbidden`` forms applies, every ``args``
   constraint holds, and the action's text (every string of its arguments) names every
   ``evidence`` group. Accepted: nothing else is set.
2. Otherwise **reject**:

   * L0 → inaction (no timing or intensity).
   * L1–L3 → *timing* from the label: ``premature`` at a premature checkpoint, ``belated``
     at a belated one, ``appropriate`` at a window or restraint checkpoint.
   * An action of an acceptable level and command that no entry accepts is diagnosed by the
     first failure of its first entry: a forbidden form or a broken argument constraint by
     that mistake's intensity and issue (e.g. ``factual_contradiction``: the wrong recipient
     or amount); missing evidence by ``unsupported_by_evidence``, with a note naming the first
     missing group (intensity ``appropriate``).
   * Otherwise *intensity* compares the level with the reference levels — the expected
     levels, except at a premature checkpoint, where they are those of the scenario's first
     ``window`` checkpoint (what the help should look like once it is due), and at a restraint
     checkpoint, where any action is ``excessive``: above the highest reference level
     ``excessive``, below the lowest ``insufficient`` (an L1 at a window that lists no L1),
     else ``appropriate``. When timing and intensity are both ``appropriate`` (the level fits
     but the command is not one the design lists), ``irrelevant_action`` is named, with a
     note listing the expected commands — so every rubric diagnosis obeys §7.

A checkpoint without a design entry cannot be judged (:class:`NoExpectation`). Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.annotation.rules import Diagnosis, check_diagnosis
from app.arena.evidence import entry_failure
from app.vocabulary import LEVELS

RUBRIC = "rubric"
"""The rubric judge's name (reserved: no agent may be named so)."""
RUBRIC_VERSION = "rubric.v2"
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
    args: Mapping[str, Any] | None = None,
) -> Diagnosis:
    """The rubric judge's diagnosis of one response (the rule of this module's docstring).

    Args:
        checkpoint_design: the scenario's ``checkpoint_design`` (``"1"``..``"n"`` → entry).
        t: the response's checkpoint.
        level: the response's catalogue level ``L0``..``L3`` (L0 for no action).
        command: the action's command, None for no action.
        args: the action's arguments (None: none), searched for the entries' evidence.

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
    timing = {"premature": "premature", "belated": "belated"}.get(label, "appropriate")
    if level in levels and (not has_action or not commands or command in commands):
        forms = [
            form
            for form in expected.get("accept") or []
            if form.get("level") == level
            and (not form.get("commands") or command in form["commands"])
        ]
        if not has_action or not expected.get("accept"):
            return check_diagnosis(level, "accept", has_action=has_action)
        assert command is not None  # has_action
        failures = [entry_failure(form, command, args or {}) for form in forms]
        if forms and any(failure is None for failure in failures):
            return check_diagnosis(level, "accept", has_action=True)
        if failures:
            intensity, issues = failures[0] or ("appropriate", [])
            return check_diagnosis(level, "reject", timing, intensity, issues, has_action=True)
        # an acceptable level and command that no entry covers: no content was written for it
        return check_diagnosis(
            level,
            "reject",
            timing,
            "appropriate",
            [{"category": "other", "note": f"no acceptable form of {command} at {level}"}],
            has_action=True,
        )
    if not has_action:
        return check_diagnosis(level, "reject", has_action=False)
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
