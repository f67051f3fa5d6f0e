"""The lead's page for the scenario construction pipeline (DESIGN.md §11).

Start, follow, cancel and resume generation jobs, and read every candidate's revisions.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, BackgroundTasks, Depends, Request
from starlette.responses import RedirectResponse, Response

from app.agents.service import list_agents
from app.construction import service, tasks
from app.db import SessionDep
from app.errors import DomainError, NotFoundError, UnprocessableError
from app.jobs.policy import authorize_job_control, may_control_job
from app.jobs.queue import get_queue
from app.models import GenerationCandidate
from app.scenarios.corpus.report import format_threshold
from app.vocabulary import DOMAINS
from app.web.deps import LeadUser, verify_csrf
from app.web.forms import DbId, new_submission_token, submission_token
from app.web.jobs import start_job
from app.web.templating import is_htmx, render

router = APIRouter(prefix="/arena/generate", dependencies=[Depends(verify_csrf)])


def _int(value: Any, field: str, default: int | None) -> int | None:
    if value in (None, ""):
        return default
    try:
        return int(str(value))
    except ValueError as exc:
        raise UnprocessableError(f"{field} must be a whole number", field) from exc


def _list_page(
    request: Request,
    session: Any,
    *,
    error: str | None = None,
    values: dict[str, Any] | None = None,
    status_code: int = 200,
) -> Response:
    values = values or {}
    jobs = service.list_jobs(session)
    return render(
        request,
        "generate/list.html",
        {
            "jobs": jobs,
            "progress": {job.id: service.job_progress(session, job.id or 0) for job in jobs},
            "agents": [a for a in list_agents(session) if a.kind == "openai"],
            "domains": DOMAINS,
            "error": error,
            "values": values,
            "submission": values.get("submission") or new_submission_token(),
        },
        status_code=status_code,
    )


@router.get("")
def generate_page(request: Request, session: SessionDep, user: LeadUser) -> Response:
    """GET /arena/generate: the generation jobs and the form that starts one."""
    return _list_page(request, session)


@router.post("")
async def create_job_view(
    request: Request, session: SessionDep, user: LeadUser, background: BackgroundTasks
) -> Response:
    """POST /arena/generate: plan a generation job, start it, open its page."""
    form = await request.form()
    values: dict[str, Any] = {
        "domains": [str(d) for d in form.getlist("domains")],
        **{
            key: str(form.get(key) or "")
            for key in ("personas", "per_need", "creator", "reviewer", "rounds", "budget_tokens")
        },
    }
    values["submission"] = submission_token(form.get("submission"))
    try:
        job = service.create_generation_job(
            session,
            domains=values["domains"],
            personas=_int(values["personas"], "personas", 1) or 0,
            per_need=_int(values["per_need"], "per_need", 2) or 0,
            creator=values["creator"],
            reviewer=values["reviewer"],
            rounds=_int(values["rounds"], "rounds", service.DEFAULT_ROUNDS) or 0,
            budget_tokens=_int(values["budget_tokens"], "budget_tokens", None),
            created_by=user.id,
            submission=values["submission"],
        )
    except DomainError as exc:
        return _list_page(request, session, error=str(exc), values=values, status_code=422)
    assert job.id is not None
    if job.status == service.JOB_QUEUED:
        start_job(background, tasks.start_generation, job.id)
    return RedirectResponse(f"/arena/generate/{job.id}", status_code=303)


@router.get("/{job_id}")
def job_page(request: Request, session: SessionDep, user: LeadUser, job_id: DbId) -> Response:
    """GET /arena/generate/{id}: progress, candidates, cancel and resume.

    An htmx poll gets only the progress block, and a page reload once the job has ended. The
    full page shows the corpus targets of the accepted candidates (computed once per accepted
    set and process, :func:`app.construction.service.job_corpus`).
    """
    job = service.get_job(session, job_id)
    progress = service.job_progress(session, job_id)
    is_open = job.status in service.JOB_OPEN
    context: dict[str, Any] = {
        "job": job,
        "progress": progress,
        "open": is_open,
        "endpoint_failures": service.endpoint_failures(session, job_id),
        "may_control": may_control_job(user, job.created_by),
    }
    if is_htmx(request):
        if not is_open:
            return Response(status_code=200, headers={"HX-Refresh": "true"})
        return render(request, "generate/detail.html", context, block="live")
    context["candidates"] = service.candidates_of(session, job_id)
    context["in_process"] = get_queue().in_process
    context["corpus"] = service.job_corpus(session, job_id)
    context["threshold"] = format_threshold
    return render(request, "generate/detail.html", context)


@router.get("/{job_id}/candidates/{candidate_id}")
def candidate_page(
    request: Request, session: SessionDep, user: LeadUser, job_id: DbId, candidate_id: DbId
) -> Response:
    """GET: one candidate's revisions, findings, verdicts, tokens and latency."""
    candidate = session.get(GenerationCandidate, candidate_id)
    if candidate is None or candidate.job_id != job_id:
        raise NotFoundError(f"job {job_id} has no candidate {candidate_id}")
    return render(
        request,
        "generate/candidate.html",
        {
            "job": service.get_job(session, job_id),
            "candidate": candidate,
            "revisions": service.revisions_of(session, candidate_id),
        },
    )


@router.post("/{job_id}/cancel")
def cancel_view(session: SessionDep, user: LeadUser, job_id: DbId) -> Response:
    """POST: cancel the job (pending candidates now, running ones before their next call)."""
    job = service.get_job(session, job_id)
    authorize_job_control(user, job.created_by, f"generation job {job_id}")
    service.cancel_job(session, job_id)
    return RedirectResponse(f"/arena/generate/{job_id}", status_code=303)


@router.post("/{job_id}/resume")
async def resume_view(
    request: Request,
    session: SessionDep,
    user: LeadUser,
    background: BackgroundTasks,
    job_id: DbId,
) -> Response:
    """POST: resume a stopped or cancelled job, or retry its endpoint failures.

    Optionally with a new token budget; a job still running is refused (409).
    """
    job = service.get_job(session, job_id)
    authorize_job_control(user, job.created_by, f"generation job {job_id}")
    form = await request.form()
    budget = _int(form.get("budget_tokens"), "budget_tokens", None)
    service.resume_job(session, job_id, budget_tokens=budget)
    start_job(background, tasks.start_generation, job_id)
    return RedirectResponse(f"/arena/generate/{job_id}", status_code=303)
