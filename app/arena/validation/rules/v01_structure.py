"""V01 — "structure matches the schema; unknown fields are errors" (DESIGN.md §4.1).

For a scenario: the file parses as a :class:`~app.arena.schema.ScenarioSpec` (every model
forbids unknown fields; :func:`~app.arena.validation.context.build_context` parses it and keeps
pydantic's error), ``environment_id`` is the environment the file lives in, and the virtual
paths of the records' files are valid. The checks made while reading (UTF-8, JSON within the
bounds of DESIGN §3.4, one object per file, the environment folder) are in
:mod:`~app.arena.validation.loading`; a file named after its id and ids unique across the tree
in :mod:`~app.arena.validation.validate`.
"""

from __future__ import annotations

from app.arena.errors import CommandError
from app.arena.state import normalise_path
from app.arena.validation.context import Context
from app.arena.validation.findings import Finding, validation_findings
from app.arena.validation.records import PARTS
from app.arena.validation.rules.base import Rule
from app.jsonpath import join_path

CODE = "V01"


def check(ctx: Context) -> list[Finding]:
    """Schema errors (one per location), a foreign ``environment_id``, file paths off the root.

    The file paths are checked, like the rest of S0, when the environment can be used and both
    records parts parse; V04 builds S0 without the files reported here.
    """
    findings: list[Finding] = []
    if ctx.schema_error is not None:
        findings += validation_findings(CODE, ctx.sid, "$", ctx.raw, ctx.schema_error)
    env = ctx.env
    if env is not None and ctx.has("environment_id") and ctx.spec.environment_id != env.spec.id:
        findings.append(
            Finding(
                CODE,
                ctx.sid,
                "$.environment_id",
                f"environment_id {ctx.spec.environment_id!r} is not the environment "
                f"{env.spec.id!r} the file lives in",
            )
        )
    if env is None or not ctx.has(*PARTS):
        return findings
    for part in PARTS:
        for file_path in getattr(ctx.spec, part).files:
            try:
                normalise_path(file_path)
            except CommandError as exc:
                findings.append(
                    Finding(CODE, ctx.sid, join_path(f"$.{part}", "files", file_path), str(exc))
                )
    return findings


RULE = Rule(CODE, "structure matches the schema; unknown fields are errors", check)
