"""What a rule reports: :class:`Finding` (DESIGN.md §4.1: a stable code and a JSON path)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from app.jsonpath import loc_path


@dataclass(frozen=True)
class Finding:
    """One rule violation.

    Attributes:
        code: the rule, ``"V01"`` .. ``"V13"`` (DESIGN.md §4.1).
        scenario_id: the scenario it concerns; None for a finding about an environment or the
            seed tree (the message then names the file).
        path: JSON path into the scenario file (or ``environment.json``), e.g. ``$.events[2].at``.
        message: what is wrong, in one sentence.
        file: the scenario file it concerns, relative to the environments' folder (e.g.
            ``hm/scenarios/hm-03.json``); None for an environment finding (its message names
            the file) or one about the seed tree.
    """

    code: str
    scenario_id: str | None
    path: str
    message: str
    file: str | None = None

    def __str__(self) -> str:
        """``CODE [scenario] [file] $.path: message``.

        E.g. ``V02 hm-03 hm/scenarios/hm-03.json $.events[2].at: ...``.
        """
        subject = f"{self.scenario_id} " if self.scenario_id else ""
        where = f"{self.file} " if self.file else ""
        return f"{self.code} {subject}{where}{self.path}: {self.message}"


def validation_findings(
    code: str, scenario_id: str | None, base: str, raw: Any, exc: ValidationError, prefix: str = ""
) -> list[Finding]:
    """One finding per pydantic error location; alternatives of one union merge into one.

    Args:
        code: the rule the errors break (``"V01"`` for the schema, ``"V03"`` for a payload, ...).
        scenario_id: as in :class:`Finding`.
        base: the JSON path of `raw` in its file, e.g. ``$`` or ``$.events[2].payload``.
        raw: the JSON that was validated (walked to write the paths, see
            :func:`app.jsonpath.loc_path`).
        exc: pydantic's error.
        prefix: text put before each message, e.g. ``"hm/environment.json: "``.

    Returns:
        Findings in the order of the errors' first locations; an unknown field reads "unknown
        field (extra fields are not allowed)".
    """
    messages: dict[str, list[str]] = {}
    for error in exc.errors():
        path = loc_path(base, raw, error["loc"])
        text = error["msg"]
        if error["type"] == "extra_forbidden":
            text = "unknown field (extra fields are not allowed)"
        if text not in messages.setdefault(path, []):
            messages[path].append(text)
    return [
        Finding(code, scenario_id, path, prefix + "; or ".join(texts))
        for path, texts in messages.items()
    ]
