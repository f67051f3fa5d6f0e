"""A judge's reply read as a diagnosis that obeys DESIGN.md §7. No I/O here.

The reply is one JSON object (found around reasoning, prose or a code fence by the agent
protocol's tolerant extraction, :func:`app.agents.protocol.extract_json`) with ``level``,
``verdict``, ``timing``, ``intensity``, ``other_issues`` and an optional ``rationale``; it is
checked by :func:`app.annotation.rules.check_diagnosis`, the rules the annotator's form obeys.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.agents.protocol import ProtocolViolation, extract_json
from app.annotation.rules import Diagnosis, DiagnosisError, check_diagnosis

FIELDS = ("level", "verdict", "timing", "intensity", "other_issues", "rationale")
"""The keys a judge's diagnosis object may have."""
RATIONALE_MAX = 5000
"""Characters of a judge's rationale that are kept."""


class InvalidDiagnosis(ValueError):
    """A judge reply that is not a valid diagnosis; the message says what to correct."""


@dataclass(frozen=True)
class JudgeDiagnosis:
    """A judge's diagnosis that obeys §7, and its rationale."""

    diagnosis: Diagnosis
    rationale: str = ""


def parse_diagnosis(text: str, *, has_action: bool) -> JudgeDiagnosis:
    """Read a judge's reply as a diagnosis of a response.

    Args:
        text: the reply text.
        has_action: whether the judged response ended with an action (its level is L1–L3,
            else L0), as :func:`~app.annotation.rules.check_diagnosis` checks.

    Returns:
        The checked diagnosis (inaction derived, blanks as None) with its rationale.

    Raises:
        InvalidDiagnosis: no JSON object, unknown keys, or a broken §7 rule (naming the field
            and the rule).
    """
    try:
        data = extract_json(text)
    except ProtocolViolation as exc:
        raise InvalidDiagnosis(str(exc)) from exc
    if not isinstance(data, dict):
        raise InvalidDiagnosis("the reply must be one JSON object with the diagnosis fields")
    unknown = sorted(set(data) - set(FIELDS))
    if unknown:
        raise InvalidDiagnosis(
            f"unknown field(s) {', '.join(unknown)}; use only {', '.join(FIELDS)}"
        )
    issues: Any = data.get("other_issues")
    if issues is not None and not isinstance(issues, list):
        raise InvalidDiagnosis("other_issues: must be a list of {category, note} objects")
    rationale = data.get("rationale") or ""
    if not isinstance(rationale, str):
        raise InvalidDiagnosis("rationale: must be a string")
    try:
        diagnosis = check_diagnosis(
            data.get("level"),
            data.get("verdict"),
            data.get("timing"),
            data.get("intensity"),
            issues,
            has_action=has_action,
        )
    except DiagnosisError as exc:
        raise InvalidDiagnosis(str(exc)) from exc
    return JudgeDiagnosis(diagnosis, rationale[:RATIONALE_MAX])


def corrective_message(problem: str) -> str:
    """The one corrective message a judge gets after an invalid diagnosis."""
    return (
        f"Your diagnosis breaks the rules: {problem}. Answer again with exactly one JSON object "
        "with level, verdict, timing, intensity, other_issues and rationale that obeys the "
        "diagnosis rules."
    )
