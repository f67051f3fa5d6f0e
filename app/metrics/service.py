"""Queries that feed the metric formulas, and rendering of tables as JSON, CSV or LaTeX."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from sqlalchemy import case, func
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from app.metrics.formulas import (
    LEVELS,
    TABLE1_COLUMNS,
    AnnotatedResponse,
    Table1Counts,
    table1_from_counts,
)
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


def table1_sql(session: Session, *, run_id: int | None = None) -> list[dict[str, Any]]:
    """Table 1 aggregated in the database: one GROUP BY over the first annotation of each
    completed response, so it stays fast at a million responses (paper Table 1; DESIGN §8).

    Returns:
        The same rows as :func:`app.metrics.formulas.table1` over :func:`annotated_responses`.
    """
    first = (
        select(Annotation.response_id, func.min(Annotation.id).label("annotation_id"))
        .group_by(Annotation.response_id)
        .subquery()
    )
    rejected = col(Annotation.verdict) == "reject"

    def count_if(condition: Any) -> Any:
        return func.sum(case((condition, 1), else_=0))

    columns: list[Any] = [
        Agent.name,
        func.count(),
        count_if(col(Annotation.verdict) == "accept"),
        *(count_if(col(Annotation.level) == level) for level in LEVELS),
        count_if(rejected & (col(Annotation.level) == "L0")),
        count_if(rejected & (col(Annotation.timing) == "premature")),
        count_if(rejected & (col(Annotation.timing) == "belated")),
        count_if(rejected & (col(Annotation.intensity) == "insufficient")),
        count_if(rejected & (col(Annotation.intensity) == "excessive")),
        func.coalesce(func.sum(col(Response.reasoning_tokens)), 0),
        func.count(col(Response.reasoning_tokens)),
        func.coalesce(func.sum(col(Response.retrieval_rounds)), 0),
    ]
    query = (
        sa_select(*columns)
        .select_from(Response)
        .join(first, first.c.response_id == Response.id)
        .join(Annotation, col(Annotation.id) == first.c.annotation_id)
        .join(Agent, col(Agent.id) == col(Response.agent_id))
        .where(col(Response.status) == "completed")
        .group_by(Agent.name)
        .order_by(Agent.name)
    )
    if run_id is not None:
        query = query.where(col(Response.run_id) == run_id)
    rows = []
    for (
        name,
        n,
        accept,
        l0,
        l1,
        l2,
        l3,
        inaction,
        prem,
        bel,
        insuf,
        exc,
        tok,
        tok_n,
        rounds,
    ) in session.execute(query).all():
        counts = Table1Counts(
            n=int(n),
            accept=int(accept),
            levels={"L0": int(l0), "L1": int(l1), "L2": int(l2), "L3": int(l3)},
            inaction=int(inaction),
            premature=int(prem),
            belated=int(bel),
            insufficient=int(insuf),
            excessive=int(exc),
            reasoning_tokens_sum=int(tok),
            reasoning_tokens_n=int(tok_n),
            retrieval_rounds_sum=int(rounds),
        )
        rows.append(table1_from_counts(name, counts))
    return rows


def metric_table(
    session: Session, name: str, **filters: Any
) -> tuple[tuple[str, ...], list[dict[str, Any]]]:
    """A named metric table: (column names, rows).

    Raises:
        KeyError: an unknown table name.
    """
    if name == "table1":
        return TABLE1_COLUMNS, table1_sql(session, **filters)
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
