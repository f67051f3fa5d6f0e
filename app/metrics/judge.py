"""Automatic-judge predictions uploaded for Table 11 (paper Table 11; DESIGN.md §8). No I/O here.

One JSON object per line, keyed by ``response_id``, with the judge's ``verdict``, ``level``,
``timing`` and ``intensity`` (the last two null or absent where they do not apply). A file is
taken whole or not at all: every bad line is reported with its number and JSON path, and
nothing is computed while any line is bad.
"""

from __future__ import annotations

import json

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from app.errors import UnprocessableError
from app.export.importer import json_path
from app.vocabulary import IntensityValue, LevelValue, TimingValue, VerdictValue

MAX_PROBLEMS = 200
"""Problems listed at most; the rest are counted."""


class JudgePrediction(BaseModel):
    """One line of a predictions file: the judge's diagnosis of one response."""

    model_config = ConfigDict(extra="forbid", strict=True)

    response_id: str = Field(min_length=1, max_length=32)
    verdict: VerdictValue
    level: LevelValue
    timing: TimingValue | None = None
    intensity: IntensityValue | None = None


class PredictionsInvalid(UnprocessableError):
    """A predictions file with bad lines; nothing was computed.

    Attributes:
        problems: ``line N: $.path: message`` per problem (at most :data:`MAX_PROBLEMS`, then a
            count of the rest).
    """

    def __init__(self, problems: list[str]) -> None:
        """Refuse the file, listing its problems."""
        super().__init__(f"{len(problems)} problem(s) in the predictions; nothing was computed")
        self.problems = problems


def parse_predictions(data: bytes) -> dict[str, dict[str, str | None]]:
    """Read a JSONL predictions file, all-or-nothing.

    Args:
        data: the file's bytes (UTF-8, one JSON object per line; blank lines and a UTF-8 byte
            order mark at the start, which Windows tools write, are ignored).

    Returns:
        Response id → ``{"verdict", "level", "timing", "intensity"}`` (None where absent), as
        :func:`app.metrics.table11.table11` takes it.

    Raises:
        PredictionsInvalid: any line that is not UTF-8, not a JSON object, not a
            :class:`JudgePrediction`, or repeats a response id; or a file without predictions.
    """
    problems: list[str] = []
    predictions: dict[str, dict[str, str | None]] = {}
    first_line: dict[str, int] = {}
    for number, raw in enumerate(data.removeprefix(b"\xef\xbb\xbf").splitlines(), start=1):
        prefix = f"line {number}: "
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            problems.append(prefix + "$: not valid UTF-8")
            continue
        if not text.strip():
            continue
        try:
            parsed = json.loads(text)
        except json.JSONDecodeError as exc:
            problems.append(prefix + f"$: not valid JSON: {exc.msg} (column {exc.colno})")
            continue
        except RecursionError:  # thousands of nested brackets
            problems.append(prefix + "$: not valid JSON: nested too deeply")
            continue
        if not isinstance(parsed, dict):
            problems.append(prefix + "$: must be a JSON object (one prediction per line)")
            continue
        try:
            row = JudgePrediction.model_validate(parsed)
        except ValidationError as exc:
            problems.extend(
                prefix + f"{json_path(err['loc'])}: {err['msg']}" for err in exc.errors()
            )
            continue
        seen = first_line.setdefault(row.response_id, number)
        if seen != number:
            problems.append(
                prefix + f"$.response_id: {row.response_id!r} is already on line {seen}"
            )
            continue
        predictions[row.response_id] = row.model_dump(exclude={"response_id"})
    if not problems and not predictions:
        problems.append("the file holds no predictions")
    if problems:
        if len(problems) > MAX_PROBLEMS:
            rest = len(problems) - MAX_PROBLEMS
            problems = [*problems[:MAX_PROBLEMS], f"... and {rest} more problem(s)"]
        raise PredictionsInvalid(problems)
    return predictions
