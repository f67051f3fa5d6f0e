"""Queries that feed the metric formulas, and rendering of tables as JSON, CSV or LaTeX."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from sqlalchemy import func
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from app.metrics.formulas import TABLE1_COLUMNS, AnnotatedResponse, table1
from app.models import Agent, Annotation, Checkpoint, Environment, Response, Scenario


def annotated_responses(session: Session, *, run_id: int | None = None) -> list[AnnotatedResponse]:
    """Completed responses with their first annotation (the primary judgement of each response).

    Args:
        session: database session.
        run_id: only this run's responses; None for all.

    Returns:
        One :class:`AnnotatedResponse` per annotated response.
    """
    first = (
        select(Annotation.response_id, func.min(Annotation.id).label("annotation_id"))
        .group_by(Annotation.response_id)
        .subquery()
    )
    columns: list[Any] = [
        Agent.name,
        Annotation.level,
        Annotation.verdict,
        Annotation.timing,
        Annotation.intensity,
        Annotation.inaction,
        Response.reasoning_tokens,
        Response.retrieval_rounds,
        Scenario.need_type,
        Environment.domain,
    ]
    query = (
        sa_select(*columns)
        .join(first, first.c.response_id == Response.id)
        .join(Annotation, col(Annotation.id) == first.c.annotation_id)
        .join(Agent, col(Agent.id) == col(Response.agent_id))
        .join(Checkpoint, col(Checkpoint.id) == col(Response.checkpoint_id))
        .join(Scenario, col(Scenario.id) == col(Checkpoint.scenario_id))
        .join(Environment, col(Environment.id) == col(Scenario.environment_id))
        .where(col(Response.status) == "completed")
    )
    if run_id is not None:
        query = query.where(col(Response.run_id) == run_id)
    return [AnnotatedResponse(*row) for row in session.execute(query).all()]


def metric_table(
    session: Session, name: str, **filters: Any
) -> tuple[tuple[str, ...], list[dict[str, Any]]]:
    """A named metric table: (column names, rows).

    Raises:
        KeyError: an unknown table name.
    """
    if name == "table1":
        return TABLE1_COLUMNS, table1(annotated_responses(session, **filters))
    raise KeyError(f"unknown table {name!r}; available: table1")


def render_table(columns: tuple[str, ...], rows: list[dict[str, Any]], fmt: str) -> str:
    """Render rows as ``json`` (a list of objects), ``csv`` or ``latex`` (booktabs).

    Raises:
        ValueError: an unknown format.
    """
    if fmt == "json":
        return json.dumps(rows, indent=2)
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=list(columns), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
        return buffer.getvalue()
    if fmt == "latex":

        def cell(value: Any) -> str:
            if value is None:
                return "--"
            text = f"{value:.2f}" if isinstance(value, float) else str(value)
            return text.replace("_", r"\_").replace("%", r"\%").replace("&", r"\&")

        head = " & ".join(cell(c) for c in columns)
        body = "\n".join(" & ".join(cell(r[c]) for c in columns) + r" \\" for r in rows)
        return (
            "\\begin{tabular}{l"
            + "r" * (len(columns) - 1)
            + "}\n\\toprule\n"
            + head
            + " \\\\\n\\midrule\n"
            + body
            + "\n\\bottomrule\n\\end{tabular}\n"
        )
    raise ValueError(f"unknown format {fmt!r}; use json, csv or latex")
