"""The response-diagnosis rules of DESIGN.md §7, as pure functions.

One form: level (pre-filled from the command; confirm or correct) → verdict → if rejected and
level ≥ L1: timing and intensity (both required) → if rejected: optional other issues, each with
a required note. A rejected L0 is inaction. A rejected L1–L3 whose timing and intensity are both
``appropriate`` must carry at least one other issue. Accepted responses carry no timing,
intensity or other issues. The server enforces these rules; the page asks :func:`visible_fields`
what to show, so the two never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from app.vocabulary import (
    ACTION_LEVELS,
    INTENSITIES,
    LEVELS,
    OTHER_ISSUES,
    TIMINGS,
    VERDICTS,
    Intensity,
    Level,
    Timing,
    Verdict,
)

__all__ = [
    "FIELD_LABELS",
    "INTENSITIES",
    "ISSUE_LABELS",
    "LEVELS",
    "NOTE_MAX",
    "OTHER_ISSUES",
    "TIMINGS",
    "VERDICTS",
    "Diagnosis",
    "DiagnosisError",
    "allowed_levels",
    "check_diagnosis",
    "field_label",
    "other_issues_required",
    "visible_fields",
]

FIELD_LABELS = {
    "level": "Level",
    "verdict": "Verdict",
    "timing": "Timing",
    "intensity": "Intensity",
    "other_issues": "Other issues",
}
"""The diagnosis form's label of each field: what the annotator reads, in errors too."""
ISSUE_LABELS = {category: category.replace("_", " ") for category in OTHER_ISSUES}
"""The form's label of each other-issue category (``factual_contradiction`` → ``factual
contradiction``)."""


def field_label(field: str) -> str:
    """The form label of a field named in a :class:`DiagnosisError` or an error of the page.

    ``other_issues[1].note`` → ``Other issues``; an unknown name is shown capitalised, with
    spaces for underscores.
    """
    base = field.split("[", 1)[0].split(".", 1)[0]
    return FIELD_LABELS.get(base, base.replace("_", " ").capitalize())


class DiagnosisError(ValueError):
    """A diagnosis that breaks a rule.

    Attributes:
        field: the field at fault by its name in the form and in the export row
            (``timing``, ``other_issues[0].note``); ``str()`` starts with it, for scripts.
        message: the rule, in words an annotator understands (categories by their label).
        label: the field's label on the form (:func:`field_label`), for the page.
    """

    def __init__(self, field: str, message: str) -> None:
        """Name the broken rule: `field` at fault, `message` in an annotator's words."""
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message
        self.label = field_label(field)


@dataclass(frozen=True)
class Diagnosis:
    """A diagnosis that satisfies every rule.

    Attributes:
        level: confirmed level ``L0``..``L3``.
        verdict: ``accept`` or ``reject``.
        timing / intensity: set only for a rejected L1–L3.
        inaction: True exactly for a rejected L0.
        other_issues: ``{"category", "note"}`` items, only on rejected responses.
    """

    level: str
    verdict: str
    timing: str | None = None
    intensity: str | None = None
    inaction: bool = False
    other_issues: tuple[tuple[str, str], ...] = field(default=())

    def as_dict(self) -> dict[str, Any]:
        """The diagnosis as stored and exported: other issues as ``{category, note}`` dicts."""
        return {
            "level": self.level,
            "verdict": self.verdict,
            "timing": self.timing,
            "intensity": self.intensity,
            "inaction": self.inaction,
            "other_issues": [{"category": c, "note": n} for c, n in self.other_issues],
        }


def visible_fields(level: str | None, verdict: str | None) -> set[str]:
    """Form fields that apply to these answers: a subset of {timing, intensity, other_issues}."""
    if verdict != Verdict.REJECT:
        return set()
    if level in ACTION_LEVELS:
        return {"timing", "intensity", "other_issues"}
    return {"other_issues"}


def other_issues_required(
    level: str | None, verdict: str | None, timing: str | None, intensity: str | None
) -> bool:
    """True when these answers need at least one other issue (DESIGN §7).

    That is a rejected L1–L3 whose timing and intensity are both ``appropriate``. The form's legend
    says so from this.
    """
    return (
        verdict == Verdict.REJECT
        and level in ACTION_LEVELS
        and timing == Timing.APPROPRIATE
        and intensity == Intensity.APPROPRIATE
    )


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


NOTE_MAX = 5000
"""Characters an other-issue note may have."""


def allowed_levels(has_action: bool | None) -> tuple[Level, ...]:
    """Levels an annotator may confirm: L0 only for no action, L1–L3 only for an action."""
    if has_action is None:
        return LEVELS
    return ACTION_LEVELS if has_action else (Level.L0,)


def check_diagnosis(
    level: Any,
    verdict: Any,
    timing: Any = None,
    intensity: Any = None,
    other_issues: Any = None,
    *,
    has_action: bool | None = None,
) -> Diagnosis:
    """Check a submitted diagnosis against the rules of DESIGN §7.

    Args:
        level: ``L0``..``L3``.
        verdict: ``accept`` or ``reject``.
        timing: ``premature``/``belated``/``appropriate`` or None.
        intensity: ``insufficient``/``excessive``/``appropriate`` or None.
        other_issues: a list of ``{"category", "note"}`` dicts (or None).
        has_action: whether the response took an action (None: not checked). The level can be
            corrected within L1–L3 for an action, and is L0 for no action.

    Returns:
        The normalised :class:`Diagnosis` (inaction derived, blanks as None).

    Raises:
        DiagnosisError: the first rule broken, naming the field.
    """
    if level not in LEVELS:
        raise DiagnosisError("level", f"must be one of {', '.join(LEVELS)}")
    if level not in allowed_levels(has_action):
        raise DiagnosisError(
            "level",
            "the response took an action, so its level is L1, L2 or L3"
            if has_action
            else "the response took no action, so its level is L0",
        )
    if verdict not in VERDICTS:
        raise DiagnosisError("verdict", "choose accept or reject")
    timing = None if _blank(timing) else timing
    intensity = None if _blank(intensity) else intensity
    issues = list(other_issues or [])
    if verdict == Verdict.ACCEPT:
        for name, value in (("timing", timing), ("intensity", intensity)):
            if value is not None:
                raise DiagnosisError(name, "an accepted response carries no timing or intensity")
        if issues:
            raise DiagnosisError("other_issues", "an accepted response carries no other issues")
        return Diagnosis(level=level, verdict=verdict)

    if level == Level.L0:
        for name, value in (("timing", timing), ("intensity", intensity)):
            if value is not None:
                raise DiagnosisError(
                    name, "a rejected L0 is inaction; it has no timing or intensity"
                )
    else:
        if timing not in TIMINGS:
            raise DiagnosisError(
                "timing", "a rejected L1–L3 needs timing: premature, belated or appropriate"
            )
        if intensity not in INTENSITIES:
            raise DiagnosisError(
                "intensity",
                "a rejected L1–L3 needs intensity: insufficient, excessive or appropriate",
            )
    seen: set[str] = set()
    normalised: list[tuple[str, str]] = []
    for index, issue in enumerate(issues):
        if not isinstance(issue, dict):
            raise DiagnosisError(
                f"other_issues[{index}]", "must be an object with category and note"
            )
        category, note = issue.get("category"), issue.get("note")
        if category not in OTHER_ISSUES:
            raise DiagnosisError(
                f"other_issues[{index}].category", f"must be one of {', '.join(OTHER_ISSUES)}"
            )
        name = ISSUE_LABELS[category]
        if category in seen:
            raise DiagnosisError(f"other_issues[{index}].category", f"{name} is given twice")
        if _blank(note):
            raise DiagnosisError(f"other_issues[{index}].note", f"{name} needs a written note")
        if len(str(note)) > NOTE_MAX:
            raise DiagnosisError(
                f"other_issues[{index}].note",
                f"the note on {name} may have at most {NOTE_MAX} characters",
            )
        seen.add(category)
        normalised.append((category, str(note).strip()))
    if other_issues_required(level, verdict, timing, intensity) and not normalised:
        raise DiagnosisError(
            "other_issues",
            "a rejected response with appropriate timing and "
            "intensity must name at least one other issue",
        )
    return Diagnosis(
        level=level,
        verdict=verdict,
        timing=timing,
        intensity=intensity,
        inaction=level == Level.L0,
        other_issues=tuple(normalised),
    )
