"""The lead's overview page (DESIGN.md §7, §8).

Table 1 per agent, run and annotation progress, the adjudication queue. Researchers read it
too; only leads and admins get the batch and adjudication links. Loading it never writes
(expired assignments are reclaimed on a schedule, :mod:`app.jobs.schedule`).
"""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request
from starlette.responses import Response

from app.db import SessionDep
from app.metrics.overview import lead_overview, overview_progress
from app.metrics.registry import metric_table
from app.metrics.render import DOWNLOADS
from app.web.columns import label as column_label
from app.web.deps import LeadUser, verify_csrf
from app.web.downloads import download_response
from app.web.forms import OptionalPhase
from app.web.templating import render

router = APIRouter(prefix="/lead", dependencies=[Depends(verify_csrf)])


@router.get("")
def overview(
    request: Request, session: SessionDep, user: LeadUser, phase: OptionalPhase = None
) -> Response:
    """GET /lead: the overview, for a phase or all phases (read only).

    The annotation progress and the agreement come after it (:func:`progress`).
    """
    page = lead_overview(session, viewer=user, phase=phase, progress=False)
    return render(
        request,
        "lead/overview.html",
        {
            "columns": page.columns,
            "label": column_label,
            "rows": page.rows,
            "outcome_columns": page.outcome_columns,
            "outcome_rows": page.outcome_rows,
            "runs": page.runs,
            "progress": page.run_progress,
            "agreement_phase": page.agreement_phase,
            "can_manage": page.can_manage,
            "splits": page.splits,
            "my_splits": page.my_splits,
        },
    )


@router.get("/progress")
def progress(
    request: Request, session: SessionDep, user: LeadUser, phase: OptionalPhase = None
) -> Response:
    """GET /lead/progress: the overview's annotation progress and agreement (htmx, after load).

    They read every active assignment: the overview page shows first and fetches them.
    """
    parts = overview_progress(session, viewer=user, phase=phase)
    return render(
        request,
        "lead/_progress.html",
        {
            "completed": parts.completed,
            "annotated": parts.annotated,
            "annotation": parts.annotation,
            "agreement": parts.agreement,
            "agreement_phase": parts.agreement_phase,
            "can_manage": parts.can_manage,
        },
    )


LEAD_DOWNLOADS = ("table1", "table1_outcomes")
"""The named tables the overview offers as downloads (as /analysis offers every table)."""


@router.get("/{name}.{fmt}")
def table_download(session: SessionDep, user: LeadUser, name: str, fmt: str) -> Response:
    """GET /lead/{table1,table1_outcomes}.{csv,json,tex}: a table of the overview as a download.

    The same file as /analysis/<name>.<fmt> (one renderer); unknown names and formats are 404.
    """
    if name not in LEAD_DOWNLOADS:
        return Response(f"unknown table; use one of {', '.join(LEAD_DOWNLOADS)}", status_code=404)
    if fmt not in DOWNLOADS:
        return Response("unknown format; use csv, json or tex", status_code=404)
    columns, rows = metric_table(session, name)
    return download_response(name, columns, rows, fmt)
