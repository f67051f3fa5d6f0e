"""The lead's overview: Table 1 per agent, run and annotation progress, the adjudication queue
(DESIGN.md §7, §8). Researchers read it too; only leads and admins get the batch and
adjudication links. Loading it reclaims expired assignments first."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request
from sqlalchemy import func
from sqlmodel import select
from starlette.responses import Response

from app.annotation import audit
from app.annotation.batches import agreement_on_overlap
from app.annotation.moves import reclaim_expired
from app.annotation.progress import annotation_progress
from app.db import SessionDep
from app.metrics.registry import metric_table
from app.metrics.render import render_table
from app.models import Annotation, Run
from app.models import Response as ResponseRow
from app.runs.service import runs_progress
from app.web.deps import LeadUser, verify_csrf
from app.web.forms import OptionalPhase
from app.web.pages.analysis import label as column_label
from app.web.templating import render

router = APIRouter(prefix="/lead", dependencies=[Depends(verify_csrf)])


@router.get("")
def overview(
    request: Request, session: SessionDep, user: LeadUser, phase: OptionalPhase = None
) -> Response:
    reclaim_expired(session)
    columns, rows = metric_table(session, "table1")
    runs = list(session.exec(select(Run).order_by(Run.id.desc()).limit(10)))  # type: ignore[union-attr]
    progress = runs_progress(session, [run.id for run in runs if run.id is not None])
    completed = session.exec(
        select(func.count()).select_from(ResponseRow).where(ResponseRow.status == "completed")
    ).one()
    annotated = session.exec(select(func.count(func.distinct(Annotation.response_id)))).one()
    return render(
        request,
        "lead/overview.html",
        {
            "columns": columns,
            "label": column_label,
            "rows": rows,
            "runs": runs,
            "progress": progress,
            "completed": completed,
            "annotated": annotated,
            "annotation": annotation_progress(session),
            "agreement": agreement_on_overlap(session, phase),
            "agreement_phase": phase,
            "can_manage": user.role in ("lead", "admin"),
            "splits": len(audit.adjudication_queue(session)),
            "my_splits": len(audit.adjudication_queue(session, user))
            if audit.can_adjudicate(user)
            else None,
        },
    )


@router.get("/table1.{fmt}")
def table1_download(session: SessionDep, user: LeadUser, fmt: str) -> Response:
    if fmt not in ("csv", "json", "tex"):
        return Response("unknown format; use csv, json or tex", status_code=404)
    columns, rows = metric_table(session, "table1")
    body = render_table(columns, rows, "latex" if fmt == "tex" else fmt)
    media = {"csv": "text/csv", "json": "application/json", "tex": "application/x-tex"}[fmt]
    return Response(
        body,
        media_type=media,
        headers={"Content-Disposition": f'attachment; filename="table1.{fmt}"'},
    )
