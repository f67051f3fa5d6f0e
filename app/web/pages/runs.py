"""Researchers' run dashboard and agent definitions (issue: agent runs at scale)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, BackgroundTasks, Depends, Request
from sqlmodel import col, select
from starlette.responses import RedirectResponse, Response

from app.agents.service import create_agent, list_agents
from app.db import SessionDep
from app.errors import DomainError, UnprocessableError
from app.jobs.policy import authorize_job_control, may_control_job
from app.jobs.progress import JobProgress
from app.models import Environment, Run
from app.runs import queries, service, tasks
from app.vocabulary import NEED_TYPES, ResponseStatus, RunStatus
from app.web.deps import ResearcherUser, verify_csrf
from app.web.downloads import text_download
from app.web.forms import DbId, new_submission_token, submission_token
from app.web.jobs import start_job
from app.web.templating import is_htmx, render

router = APIRouter(dependencies=[Depends(verify_csrf)])


def _dispatch(run_id: int, background: BackgroundTasks) -> None:
    start_job(background, tasks.start_run, run_id)


@router.get("/runs")
def runs_page(request: Request, session: SessionDep, user: ResearcherUser) -> Response:
    """GET /runs: the runs with their progress, and the form that starts one."""
    return _runs_page(request, session, error=None, values={})


def _runs_page(
    request: Request,
    session: Any,
    *,
    error: str | None,
    values: dict[str, Any],
    status_code: int = 200,
) -> Response:
    runs = list(session.exec(select(Run).order_by(col(Run.id).desc()).limit(50)))
    progress = service.runs_progress(session, [_id(run.id) for run in runs])
    environments = list(session.exec(select(Environment).order_by(col(Environment.id))))
    counts = queries.scenario_counts(session)
    return render(
        request,
        "runs/list.html",
        {
            "runs": runs,
            "progress": progress,
            "agents": list_agents(session, runnable=True),
            "environments": environments,
            "scenario_counts": counts,
            "error": error,
            "values": values,
            "need_types": NEED_TYPES,
            # a fresh one-time token per rendering; a failed submit keeps its own
            "submission": values.get("submission") or new_submission_token(),
        },
        status_code=status_code,
    )


@router.post("/runs")
async def create_run_view(
    request: Request, session: SessionDep, user: ResearcherUser, background: BackgroundTasks
) -> Response:
    """POST /runs: plan a run, start it, and open its page."""
    form = await request.form()
    agents = [str(a) for a in form.getlist("agents")]
    environments = [str(e) for e in form.getlist("environments")]
    need_types = [str(n) for n in form.getlist("need_types")]
    values = {
        "agents": agents,
        "environments": environments,
        "need_types": need_types,
        "k": form.get("k"),
        "seed": form.get("seed"),
        "name": form.get("name"),
    }
    submission = values["submission"] = submission_token(form.get("submission"))
    try:
        k = _int(form.get("k"), "k", 2)
        seed = _int(form.get("seed"), "seed", 0)
        scenario_ids = queries.matching_scenarios(
            session, environments=environments, need_types=need_types
        )
        run = service.create_run(
            session,
            agent_names=agents,
            k=k,
            seed=seed,
            name=str(form.get("name") or "") or None,
            scenario_ids=scenario_ids,
            created_by=user.id,
            submission=submission,
        )
    except service.DuplicateSubmission as exc:  # a double click: show the run it created
        return RedirectResponse(f"/runs/{exc.run_id}", status_code=303)
    except DomainError as exc:
        return _runs_page(request, session, error=str(exc), values=values, status_code=422)
    assert run.id is not None
    _dispatch(run.id, background)
    return RedirectResponse(f"/runs/{run.id}", status_code=303)


def _id(value: int | None) -> int:
    assert value is not None
    return value


def _int(value: Any, field: str, default: int) -> int:
    if value in (None, ""):
        return default
    try:
        return int(str(value))
    except ValueError as exc:
        raise UnprocessableError(f"{field} must be a whole number", field) from exc


def _is_open(run: Run, progress: JobProgress) -> bool:
    """Whether a run's page should keep polling.

    It does while the run is producing, or while a response of a cancelled run is still being
    finished.
    """
    return run.status in (RunStatus.PENDING, RunStatus.RUNNING) or bool(
        progress["by_status"].get(ResponseStatus.RUNNING)
    )


def _actions(
    run: Run, progress: JobProgress, abandoned: int = 0, *, may_control: bool = True
) -> dict[str, Any]:
    """Which buttons the run page shows, and a key that changes when the set of buttons does.

    The retry count alone is swapped inside its button, so focus stays on it. `abandoned`: running
    responses whose holder died (e.g. the server restarted mid-run); retry takes them back too.
    `may_control`: whether the user may cancel or retry this run
    (:func:`app.jobs.policy.may_control_job`); without it, no button.
    """
    if not may_control:
        return {"retry": 0, "cancel": False, "key": ""}
    imported = "imported_from" in (run.settings or {})
    retry = (
        0
        if imported or run.status == RunStatus.CANCELLED
        else progress["by_status"].get(ResponseStatus.API_ERROR, 0) + abandoned
    )
    cancel = run.status in (RunStatus.PENDING, RunStatus.RUNNING)
    return {
        "retry": retry,
        "cancel": cancel,
        "key": ("R" if retry else "") + ("C" if cancel else ""),
    }


@router.get("/runs/{run_id}")
def run_page(request: Request, session: SessionDep, user: ResearcherUser, run_id: DbId) -> Response:
    """The run page.

    An htmx poll gets only the progress block (aggregate counts), the buttons out of band when they
    changed, and a page reload once the run has ended.
    """
    run = service.get_run(session, run_id)
    progress = service.run_progress(session, run_id)
    is_open = _is_open(run, progress)
    abandoned = (
        len(service.abandoned_response_ids(session, run_id))
        if progress["by_status"].get(ResponseStatus.RUNNING)
        else 0
    )
    actions = _actions(run, progress, abandoned, may_control=may_control_job(user, run.created_by))
    context: dict[str, Any] = {
        "run": run,
        "progress": progress,
        "retrying": service.retrying_now(session, run_id),
        "open": is_open,
        "actions": actions,
    }
    if is_htmx(request):
        if not is_open:  # the run ended: one reload shows the final figures, and polling stops
            return Response(status_code=200, headers={"HX-Refresh": "true"})
        context["oob_actions"] = request.query_params.get("actions") != actions["key"]
        return render(request, "runs/detail.html", context, block="live")
    context["summary"] = service.run_agent_summary(session, run_id)
    context["diagnostics"] = queries.run_sampling_diagnostics(session, run_id)
    context["failures"] = service.run_failures(session, run_id)
    context["latest"] = queries.latest_responses(session, run_id)
    return render(request, "runs/detail.html", context)


@router.get("/runs/{run_id}/responses/{response_id}")
def response_page(
    request: Request, session: SessionDep, user: ResearcherUser, run_id: DbId, response_id: str
) -> Response:
    """One response as produced: action, trajectory, and each LLM call with its reasoning."""
    view = queries.response_view(session, run_id, response_id)
    return render(request, "runs/response.html", {"view": view, "run_id": run_id})


@router.get("/runs/{run_id}/responses/{response_id}/text")
def response_text(
    session: SessionDep, user: ResearcherUser, run_id: DbId, response_id: str, part: str
) -> Response:
    """The whole of one long text of a response (an argument, a result, a reply), a download."""
    text = queries.response_text(session, run_id, response_id, part)
    return text_download(text, response_id, part)


@router.post("/runs/{run_id}/retry")
def retry_view(
    session: SessionDep, user: ResearcherUser, run_id: DbId, background: BackgroundTasks
) -> Response:
    """POST /runs/{id}/retry: put failed and abandoned responses back, restart."""
    run = service.get_run(session, run_id)
    authorize_job_control(user, run.created_by, f"run {run_id}")
    service.retry_failed(session, run_id)
    _dispatch(run_id, background)
    return RedirectResponse(f"/runs/{run_id}", status_code=303)


@router.post("/runs/{run_id}/cancel")
def cancel_view(session: SessionDep, user: ResearcherUser, run_id: DbId) -> Response:
    """POST /runs/{id}/cancel: cancel the run (its pending and abandoned responses)."""
    run = service.get_run(session, run_id)
    authorize_job_control(user, run.created_by, f"run {run_id}")
    service.cancel_run(session, run_id)
    return RedirectResponse(f"/runs/{run_id}", status_code=303)


@router.get("/agents")
def agents_page(request: Request, session: SessionDep, user: ResearcherUser) -> Response:
    """GET /agents: the agents and the form that defines one."""
    return render(
        request, "runs/agents.html", {"agents": list_agents(session), "error": None, "values": {}}
    )


@router.post("/agents")
async def create_agent_view(
    request: Request, session: SessionDep, user: ResearcherUser
) -> Response:
    """POST /agents: define an endpoint agent; a refusal keeps the form."""
    form = await request.form()
    values = {
        key: str(form.get(key) or "")
        for key in (
            "name",
            "base_url",
            "model",
            "api_key_env",
            "temperature",
            "max_tokens",
            "extra_body",
            "concurrency",
            "mode",
        )
    }
    try:
        import json

        config: dict[str, Any] = {"base_url": values["base_url"], "model": values["model"]}
        if values["mode"]:
            config["mode"] = values["mode"]
        if values["api_key_env"]:
            config["api_key_env"] = values["api_key_env"]
        for key, cast in (("temperature", float), ("max_tokens", int), ("concurrency", int)):
            if values[key]:
                try:
                    config[key] = cast(values[key])
                except ValueError as exc:
                    raise UnprocessableError(f"{key} must be a number", key) from exc
        if values["extra_body"].strip():
            try:
                config["extra_body"] = json.loads(values["extra_body"])
            except json.JSONDecodeError as exc:
                raise UnprocessableError(
                    f"extra body is not JSON: {exc.msg}", "extra_body"
                ) from exc
            except RecursionError as exc:
                raise UnprocessableError("extra body is nested too deeply", "extra_body") from exc
            if not isinstance(config["extra_body"], dict):
                raise UnprocessableError("extra body must be a JSON object", "extra_body")
        create_agent(session, name=values["name"], kind="openai", config=config)
    except DomainError as exc:
        return render(
            request,
            "runs/agents.html",
            {"agents": list_agents(session), "error": str(exc), "values": values},
            status_code=422,
        )
    return RedirectResponse("/agents", status_code=303)
