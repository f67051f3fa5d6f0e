"""Analysis for leads, researchers and admins (DESIGN.md §8, §9).

Every paper table and figure with filters, downloads, the automatic-judge evaluation and
background exports.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import quote, urlencode

from fastapi import APIRouter, BackgroundTasks, Depends, Request
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.responses import FileResponse, RedirectResponse, Response

from app.db import SessionDep
from app.errors import DomainError, NotFoundError, UnprocessableError
from app.export import jobs
from app.export import tasks as export_tasks
from app.jobs.queue import get_queue
from app.metrics import registry
from app.metrics.charts import render_figure
from app.metrics.judge import PredictionsInvalid, parse_predictions
from app.metrics.queries import MetricFilters, filter_options, metric_filters
from app.metrics.render import (
    DOWNLOADS,
    MetricTable,
    analysis_report,
    format_value,
    judge_report,
    render_metric_table,
)
from app.models import User
from app.models.export import EXPORT_JOB_FORMATS
from app.settings import get_settings
from app.web.columns import label
from app.web.deps import LeadUser, verify_csrf
from app.web.downloads import download_response
from app.web.forms import DbId, form_id, new_submission_token, submission_token, whole_number
from app.web.jobs import start_job
from app.web.templating import is_htmx, render

router = APIRouter(prefix="/analysis", dependencies=[Depends(verify_csrf)])

MAX_UPLOAD_BYTES = 64 * 1024 * 1024
FIGURE6_TABLES = ("figure6", "figure6_access", "figure6_stats")


SECTIONS: tuple[tuple[str, str, tuple[str, ...], str | None], ...] = (
    ("table1", "Table 1 · per agent", ("table1_ci", "table1_outcomes"), None),
    ("table2", "Table 2 · need types and domains", ("table2", "table2_domain"), None),
    ("table9", "Table 9 · agent × need type", ("table9",), None),
    ("figure3", "Figure 3 · over-proactivity", ("figure3",), "figure3"),
    ("figure4", "Figure 4 · paired comparisons", ("figure4",), "figure4"),
    ("figure5", "Figure 5 · L0 share and acceptability by source", ("figure5",), "figure5"),
    ("figure6", "Figure 6 · retrieval and local content", FIGURE6_TABLES, "figure6"),
    ("figure7", "Figure 7 · intensity of well-timed rejected actions", ("figure7",), "figure7"),
    ("figure8", "Figure 8 · acceptability by agent × domain", ("figure8",), "figure8"),
    ("figure9", "Figure 9 · acceptability by need type × domain", ("figure9",), "figure9"),
    ("table10", "Table 10 · other issues", ("table10",), None),
    ("tables7_8", "Tables 7–8 · checkpoint sampling", ("tables7_8",), None),
    ("agreement", "Inter-annotator agreement", ("agreement",), None),
    ("table5", "Table 5 · scenario construction", ("table5",), None),
    ("table6", "Table 6 · scenario audit", ("table6",), None),
)
"""Page sections: (anchor, heading, tables, figure or None)."""


def _filters(values: Mapping[str, Any]) -> MetricFilters:
    """The analysis filters from a query string or form.

    ``run``, ``phase``, ``need_type``, ``domain``; blank = all. Checked as ``halo metrics``
    checks them (:func:`app.metrics.queries.metric_filters`).

    Raises:
        UnprocessableError: a value that is not a number, need type or domain.
    """
    return metric_filters(
        run_id=whole_number(values.get("run"), "run"),
        phase=whole_number(values.get("phase"), "phase", minimum=1),
        need_type=str(values.get("need_type") or "") or None,
        domain=str(values.get("domain") or "") or None,
    )


def _query(filters: MetricFilters) -> str:
    """The filters as a query string (``?run=1&...``), empty when none is set."""
    names = {"run_id": "run"}
    pairs = {names.get(k, k): v for k, v in filters.as_dict().items()}
    return "?" + urlencode(pairs) if pairs else ""


def _base_context(session: Any, filters: MetricFilters) -> dict[str, Any]:
    options = filter_options(session)
    known_runs = {run_id for run_id, _name in options["runs"]}
    return {
        "filters": filters,
        "query": _query(filters),
        "options": options,
        "unknown_run": filters.run_id is not None and filters.run_id not in known_runs,
        "label": label,
        "cell": format_value,
    }


@router.get("")
def analysis_page(request: Request, session: SessionDep, user: LeadUser) -> Response:
    """GET /analysis: every table under the query's filters, and a link to draw each figure.

    The figures are images of :func:`figure_svg` under the same filters, which the browser
    fetches as they scroll into view (drawing all seven with matplotlib costs ~1.4 s, whatever
    the number of responses); their data comes from the same kept cells.
    """
    filters = _filters(request.query_params)
    report = analysis_report(session, **filters.as_dict())
    context = {**_base_context(session, filters), "report": report, "sections": SECTIONS}
    return render(request, "analysis/index.html", context)


@router.get("/judge")
def judge_page(request: Request, session: SessionDep, user: LeadUser) -> Response:
    """GET /analysis/judge: the form to upload automatic-judge predictions (Table 11)."""
    filters = _filters(request.query_params)
    return render(
        request,
        "analysis/judge.html",
        {**_base_context(session, filters), "result": None, "problems": None, "filename": None},
    )


@router.post("/judge")
async def judge_upload(request: Request, session: SessionDep, user: LeadUser) -> Response:
    """POST /analysis/judge: Table 11 of an uploaded predictions file, or its problems."""
    form = await request.form()
    filters = _filters(form)
    context: dict[str, Any] = {
        **_base_context(session, filters),
        "result": None,
        "problems": None,
        "filename": None,
    }
    upload = form.get("file")
    if not isinstance(upload, UploadFile) or not upload.filename:
        context["problems"] = ["choose a JSONL file of predictions to upload"]
        return render(request, "analysis/judge.html", context, status_code=422)
    context["filename"] = upload.filename
    data = await upload.read(MAX_UPLOAD_BYTES + 1)
    if len(data) > MAX_UPLOAD_BYTES:
        context["problems"] = [f"the file is larger than {MAX_UPLOAD_BYTES // 2**20} MB"]
        return render(request, "analysis/judge.html", context, status_code=422)
    try:
        predictions = await run_in_threadpool(parse_predictions, data)
    except PredictionsInvalid as exc:
        context["problems"] = exc.problems
        return render(request, "analysis/judge.html", context, status_code=422)
    # the human side loads every judged response: keep it off the event loop
    result = await run_in_threadpool(judge_report, session, predictions, **filters.as_dict())
    context["result"] = result
    context["downloads"] = {
        table.spec.name: _data_links(table)
        for table in (result.summary, result.confusion_rows, result.by_need_type)
    }
    return render(request, "analysis/judge.html", context)


def _data_links(table: MetricTable) -> dict[str, tuple[str, str]]:
    """CSV and LaTeX of a table as ``data:`` links.

    For results of uploads, which are not stored and so have no download address.
    """
    links = {}
    for text, extension in (("CSV", "csv"), ("LaTeX", "tex")):
        download = DOWNLOADS[extension]
        body = render_metric_table(table.spec.name, table.columns, table.rows, download.fmt)
        links[text] = (
            f"data:{download.media_type};charset=utf-8," + quote(body),
            f"{table.spec.name}.{extension}",
        )
    return links


def _dispatch(job_id: int, background: BackgroundTasks) -> None:
    start_job(background, export_tasks.start_export, job_id)


@router.get("/exports")
def exports_page(request: Request, session: SessionDep, user: LeadUser) -> Response:
    """GET /analysis/exports: the export jobs and the form that starts one."""
    return _exports_page(request, session, user, error=None)


def _exports_page(
    request: Request, session: Any, user: User, *, error: str | None, status_code: int = 200
) -> Response:
    export_jobs = jobs.list_export_jobs(session)
    settings = get_settings()
    context = {
        "jobs": export_jobs,
        "progress": {job.id: jobs.export_progress(job) for job in export_jobs},
        "creators": jobs.creator_names(session, export_jobs),
        "mine": {job.id for job in export_jobs if jobs.may_manage(job, user)},
        "finished": jobs.FINISHED,
        "retention": (settings.export_retention_days, settings.export_keep_per_user),
        "files": {job.id: jobs.job_files(job) for job in export_jobs},
        "active": any(job.status in jobs.OPEN for job in export_jobs),
        "formats": EXPORT_JOB_FORMATS,
        "options": filter_options(session),
        "error": error,
        "submission": new_submission_token(),  # a fresh one per rendering of the form
    }
    block = "jobs" if is_htmx(request) else None
    return render(request, "analysis/exports.html", context, block=block, status_code=status_code)


@router.post("/exports")
async def start_export(
    request: Request, session: SessionDep, user: LeadUser, background: BackgroundTasks
) -> Response:
    """POST /analysis/exports: create an export job, start it, back to the list."""
    form = await request.form()
    try:
        job = jobs.create_export_job(
            session,
            format=str(form.get("format") or "both"),
            run_id=form_id(form.get("run"), "run"),
            created_by=user.id,
            in_process=get_queue().in_process,
            submission=submission_token(form.get("submission")),
        )
    except jobs.DuplicateExport:  # a double click: the first submit's job is on the list
        return RedirectResponse("/analysis/exports", status_code=303)
    except DomainError as exc:
        return _exports_page(request, session, user, error=str(exc), status_code=422)
    assert job.id is not None
    _dispatch(job.id, background)
    return RedirectResponse("/analysis/exports", status_code=303)


@router.post("/exports/{job_id}/delete")
def delete_export(request: Request, session: SessionDep, user: LeadUser, job_id: DbId) -> Response:
    """POST /analysis/exports/{id}/delete: delete a finished or interrupted job."""
    try:
        jobs.delete_export_job(session, job_id, user=user)
    except UnprocessableError as exc:
        return _exports_page(request, session, user, error=str(exc), status_code=422)
    return RedirectResponse("/analysis/exports", status_code=303)


@router.get("/exports/{job_id}/download/{name}")
def download_export(session: SessionDep, user: LeadUser, job_id: DbId, name: str) -> Response:
    """GET /analysis/exports/{id}/download/{name}: a file of a finished job."""
    path = jobs.export_file_path(session, job_id, name, user=user)
    return FileResponse(path, filename=f"halo-export-{job_id}-{path.name}")


@router.get("/figure/{name}.svg")
def figure_svg(request: Request, session: SessionDep, user: LeadUser, name: str) -> Response:
    """GET /analysis/figure/{name}.svg: one figure under the query's filters."""
    filters = _filters(request.query_params)
    try:
        data = registry.figure_data(session, name, **filters.as_dict())
    except KeyError as exc:
        raise NotFoundError(str(exc.args[0])) from exc
    return Response(render_figure(name, data), media_type="image/svg+xml")


@router.get("/{name}.{fmt}")
def table_download(
    request: Request, session: SessionDep, user: LeadUser, name: str, fmt: str
) -> Response:
    """GET /analysis/{name}.{csv,tex,json}: one table under the query's filters."""
    filters = _filters(request.query_params)
    spec = registry.TABLES.get(name)
    if fmt not in DOWNLOADS or spec is None or spec.needs_predictions:
        raise NotFoundError(f"no table {name}.{fmt}; tables: {', '.join(registry.TABLES)}")
    columns, rows = registry.metric_table(session, name, **filters.as_dict())
    return download_response(name, columns, rows, fmt)
