"""Automatic judges (DESIGN.md §12): start a judge run, follow it, read Table 11 live.

Researchers, leads and admins. ``/judges`` lists the judge runs with their progress and Table 11
per judge against the judgements of record; ``/judges/{id}`` is one judge run with its Table 11,
confusion matrices and accuracy by need type, its failures, and cancel / retry. Forms carry the
CSRF token; a judge run is started through the domain (:func:`app.judges.tasks.start_judge_run`).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, BackgroundTasks, Depends, Request
from sqlalchemy import func
from sqlmodel import col, select
from starlette.responses import RedirectResponse, Response

from app.db import SessionDep
from app.errors import DomainError, NotFoundError, UnprocessableError
from app.jobs.policy import authorize_job_control, may_control_job
from app.judges import service, tasks
from app.metrics.render import DOWNLOADS, format_value, judge_report, judge_runs_table
from app.models import Response as AgentResponse
from app.models import Run
from app.vocabulary import PredictionStatus, ResponseStatus, RunStatus
from app.web.columns import label
from app.web.deps import LeadUser, verify_csrf
from app.web.downloads import download_response
from app.web.forms import DbId, form_id, new_submission_token, submission_token
from app.web.jobs import start_job
from app.web.templating import is_htmx, render

router = APIRouter(prefix="/judges", dependencies=[Depends(verify_csrf)])

JUDGE_RUN_TABLES = ("table11", "table11_confusion", "table11_need_type")
"""The tables of one judge run that can be downloaded."""


def _dispatch(judge_run_id: int, background: BackgroundTasks) -> None:
    start_job(background, tasks.start_judge_run, judge_run_id)


def _runs_with_completed(session: Any) -> list[tuple[int, str, int]]:
    """(run id, name, completed responses) of every run with completed responses, newest first."""
    rows = session.exec(
        select(Run.id, Run.name, func.count(col(AgentResponse.id)))
        .join(AgentResponse, col(AgentResponse.run_id) == col(Run.id))
        .where(AgentResponse.status == ResponseStatus.COMPLETED)
        .group_by(col(Run.id), col(Run.name))
        .order_by(col(Run.id).desc())
    ).all()
    return [(int(r), str(n), int(c)) for r, n, c in rows]


def _list_page(
    request: Request,
    session: Any,
    *,
    error: str | None = None,
    values: dict[str, Any] | None = None,
    status_code: int = 200,
) -> Response:
    judge_runs = service.list_judge_runs(session)
    ids = [j.id for j in judge_runs if j.id is not None]
    progress = service.judge_runs_progress(session, ids)
    values = values or {}
    context = {
        "judge_runs": judge_runs,
        "progress": progress,
        "open": any(j.status in (RunStatus.PENDING, RunStatus.RUNNING) for j in judge_runs),
        "judges": service.judge_names(session),
        "runs": _runs_with_completed(session),
        "table": judge_runs_table(session),
        "label": label,
        "cell": format_value,
        "error": error,
        "values": values,
        "submission": values.get("submission") or new_submission_token(),
    }
    block = "live" if is_htmx(request) else None
    return render(request, "judges/list.html", context, block=block, status_code=status_code)


@router.get("")
def judges_page(request: Request, session: SessionDep, user: LeadUser) -> Response:
    """GET /judges: the judge runs, Table 11 per judge, and the form that starts one."""
    return _list_page(request, session)


@router.post("")
async def start_judge_run(
    request: Request, session: SessionDep, user: LeadUser, background: BackgroundTasks
) -> Response:
    """POST /judges: plan a judge run over a run's completed responses and start it."""
    form = await request.form()
    values: dict[str, Any] = {
        "judge": str(form.get("judge") or ""),
        "run": str(form.get("run") or ""),
        "submission": submission_token(form.get("submission")),
    }
    try:
        run_id = form_id(values["run"], "run")
        if run_id is None:
            raise UnprocessableError("choose the run whose responses to judge", "run")
        judge_run = service.create_judge_run(
            session,
            judge=values["judge"],
            run_id=run_id,
            created_by=user.id,
            submission=values["submission"],
        )
    except service.DuplicateJudgeRun as exc:  # a double click: show the one it started
        return RedirectResponse(f"/judges/{exc.judge_run_id}", status_code=303)
    except DomainError as exc:
        return _list_page(request, session, error=str(exc), values=values, status_code=422)
    assert judge_run.id is not None
    _dispatch(judge_run.id, background)
    return RedirectResponse(f"/judges/{judge_run.id}", status_code=303)


@router.get("/table11.{fmt}")
def judges_table_download(session: SessionDep, user: LeadUser, fmt: str) -> Response:
    """GET /judges/table11.{csv,tex,json}: Table 11 per judge run."""
    if fmt not in DOWNLOADS:
        raise NotFoundError(f"no table table11.{fmt}")
    table = judge_runs_table(session)
    return download_response("table11_judges", table.columns, table.rows, fmt)


@router.get("/{judge_run_id}")
def judge_run_page(
    request: Request, session: SessionDep, user: LeadUser, judge_run_id: DbId
) -> Response:
    """GET /judges/{id}: one judge run; an htmx poll gets only its progress block."""
    judge_run = service.get_judge_run(session, judge_run_id)
    progress = service.judge_runs_progress(session, [judge_run_id])[judge_run_id]
    is_open = judge_run.status in (RunStatus.PENDING, RunStatus.RUNNING) or bool(
        progress["by_status"].get(PredictionStatus.RUNNING)
    )
    context: dict[str, Any] = {
        "judge_run": judge_run,
        "progress": progress,
        "open": is_open,
        "may_control": may_control_job(user, judge_run.created_by),
    }
    if is_htmx(request):
        if not is_open:
            return Response(status_code=200, headers={"HX-Refresh": "true"})
        return render(request, "judges/detail.html", context, block="live")
    predictions = service.judge_predictions(session, judge_run_id)
    context.update(
        {
            "report": judge_report(session, predictions),
            "failures": service.prediction_failures(session, judge_run_id),
            "retryable": sum(
                1
                for f in service.prediction_failures(session, judge_run_id, limit=10_000)
                if f["reason"] not in service.NOT_RETRIED
            ),
            "label": label,
            "cell": format_value,
            "links": {
                name: {
                    text: (f"/judges/{judge_run_id}/{name}.{ext}", f"{name}.{ext}")
                    for text, ext in (("CSV", "csv"), ("LaTeX", "tex"), ("JSON", "json"))
                }
                for name in JUDGE_RUN_TABLES
            },
        }
    )
    return render(request, "judges/detail.html", context)


@router.get("/{judge_run_id}/{name}.{fmt}")
def judge_run_download(
    session: SessionDep, user: LeadUser, judge_run_id: DbId, name: str, fmt: str
) -> Response:
    """GET /judges/{id}/{table11,table11_confusion,table11_need_type}.{csv,tex,json}."""
    if name not in JUDGE_RUN_TABLES or fmt not in DOWNLOADS:
        raise NotFoundError(f"no table {name}.{fmt}; tables: {', '.join(JUDGE_RUN_TABLES)}")
    report = judge_report(session, service.judge_predictions(session, judge_run_id))
    table = {
        "table11": report.summary,
        "table11_confusion": report.confusion_rows,
        "table11_need_type": report.by_need_type,
    }[name]
    return download_response(name, table.columns, table.rows, fmt)


@router.post("/{judge_run_id}/cancel")
def cancel_judge_run(
    request: Request, session: SessionDep, user: LeadUser, judge_run_id: DbId
) -> Response:
    """POST /judges/{id}/cancel: cancel the judge run's open predictions."""
    judge_run = service.get_judge_run(session, judge_run_id)
    authorize_job_control(user, judge_run.created_by, f"judge run {judge_run_id}")
    service.cancel_judge_run(session, judge_run_id)
    return RedirectResponse(f"/judges/{judge_run_id}", status_code=303)


@router.post("/{judge_run_id}/retry")
def retry_judge_run(
    request: Request,
    session: SessionDep,
    user: LeadUser,
    background: BackgroundTasks,
    judge_run_id: DbId,
) -> Response:
    """POST /judges/{id}/retry: queue again the predictions that failed on the endpoint."""
    judge_run = service.get_judge_run(session, judge_run_id)
    authorize_job_control(user, judge_run.created_by, f"judge run {judge_run_id}")
    if service.retry_judge_run(session, judge_run_id):
        _dispatch(judge_run_id, background)
    return RedirectResponse(f"/judges/{judge_run_id}", status_code=303)
