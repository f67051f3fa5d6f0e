"""The output schema of each LLM stage of the construction pipeline (DESIGN.md §11).

Each stage's reply is one JSON object that must validate against its model here. The schema is
sent as ``response_format`` (``json_schema``) to endpoints that support structured outputs and
written into the prompt for every endpoint. What the models do not check (the scenario's
content) is the validator's job (V01–V13), whose findings go back to the creator.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

MAX_TEXT = 200_000
"""Most characters of one text field of a stage output (database SQL, a file)."""
MAX_FILES = 200
"""Most files an Instance Creator output may hold."""


class Output(BaseModel):
    """Base of the stage outputs: unknown fields are errors."""

    model_config = ConfigDict(extra="forbid")


class InstanceOutput(Output):
    """Instance Creator: one persona's environment (DESIGN §11 stage 1, §4 layout).

    Attributes:
        environment: ``environment.json`` without its ``id`` (the pipeline assigns it):
            ``domain``, ``timezone``, ``persona``, ``apps``.
        database_sql: ``database.sql`` (SQLite: CREATE TABLE and INSERT statements).
        files: virtual path (``/home/notes.txt``) → UTF-8 text.
    """

    environment: dict[str, Any]
    database_sql: str = Field(max_length=MAX_TEXT)
    files: dict[str, Annotated[str, Field(max_length=MAX_TEXT)]] = Field(
        default={}, max_length=MAX_FILES
    )


class ScenarioOutput(Output):
    """Scenario Creator: one scenario without noise (DESIGN §11 stage 2, §4 format).

    Attributes:
        scenario: the scenario file's fields ``need_type``, ``title``, ``design``,
            ``initial_records``, ``events`` and ``checkpoint_design`` (``id``,
            ``environment_id`` and ``noise_records`` are the pipeline's).
    """

    scenario: dict[str, Any]


Verdict = Literal["pass", "fail"]


class CriterionReview(Output):
    """The reviewer's verdict and comment on one review criterion."""

    verdict: Verdict
    comment: str = Field(min_length=1, max_length=4000)


class ReviewOutput(Output):
    """Reviewer: the five review criteria of DESIGN §7 and the request's two, a verdict each.

    ``requested_need_type`` and ``requested_domain`` judge the scenario against the job's
    request (the need is really of the requested type; the story belongs to the requested
    domain), which the audit's five criteria take as given. The scenario is approved when every
    criterion passes.
    """

    causal_support: CriterionReview
    need_identity: CriterionReview
    timing_boundaries: CriterionReview
    retrieval_necessity: CriterionReview
    proportional_intensity: CriterionReview
    requested_need_type: CriterionReview
    requested_domain: CriterionReview

    def verdicts(self) -> dict[str, dict[str, str]]:
        """Criterion key → ``{"verdict", "comment"}``: DESIGN §7 order, then the request's."""
        return {name: getattr(self, name).model_dump() for name in type(self).model_fields}

    @property
    def approved(self) -> bool:
        """Every criterion passes."""
        return all(getattr(self, name).verdict == "pass" for name in type(self).model_fields)


class NoiseOutput(Output):
    """Noise Creator: 12–20 causally irrelevant records (DESIGN §11 stage 5).

    Attributes:
        noise_records: the ``noise_records`` object, shaped like ``initial_records``.
    """

    noise_records: dict[str, Any]


def response_format(name: str, model: type[Output]) -> dict[str, Any]:
    """The ``response_format`` object of structured outputs for a stage's schema.

    Args:
        name: the stage (``scenario_creator``), used as the schema's name.
        model: the stage's output model.

    Returns:
        ``{"type": "json_schema", "json_schema": {"name", "schema", "strict": False}}``; not
        strict, since free-form objects (``dict[str, Any]``) cannot be strict schemas.
    """
    return {
        "type": "json_schema",
        "json_schema": {"name": name, "schema": model.model_json_schema(), "strict": False},
    }
