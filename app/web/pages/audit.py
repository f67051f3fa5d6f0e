"""The scenario audit workspace (DESIGN.md §7). Annotators have no access.

Reviewers' queue and review page, leads' adjudication of splits, and the Table 6 counts.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from starlette.responses import RedirectResponse, Response

from app.annotation import audit
from app.db import SessionDep
from app.errors import ConflictError, ForbiddenError, UnprocessableError
from app.models import Scenario, User
from app.vocabulary import AuditStatus
from app.web.deps import require_roles, verify_csrf
from app.web.templating import is_htmx, render

router = APIRouter(prefix="/audit", dependencies=[Depends(verify_csrf)])

AuditorUser = Annotated[User, Depends(require_roles(*audit.REVIEWER_ROLES))]
"""Leads, researchers and admins: the people who review scenarios."""
AdjudicatorUser = Annotated[User, Depends(require_roles(*audit.ADJUDICATOR_ROLES))]
"""Leads and admins: the people who decide splits."""


def _redirect(request: Request, target: str) -> Response:
    if is_htmx(request):
        return Response(status_code=204, headers={"HX-Redirect": target})
    return RedirectResponse(target, status_code=303)


@router.get("")
def queue_page(request: Request, session: SessionDep, user: AuditorUser) -> Response:
    """GET /audit: the reviewer's queue, their reviews and the audit's counts."""
    queue = audit.audit_queue(session, user)
    mine = audit.reviewed_by(session, user)
    context = {
        "queue": queue,
        "mine": mine,
        "done": len(mine),
        "splits": len(audit.adjudication_queue(session, user))
        if audit.can_adjudicate(user)
        else None,
        "finished": request.query_params.get("finished") == "1",
        "criteria": audit.CRITERIA,
        "overall": audit.audit_statistics(session),
    }
    block = "queue" if is_htmx(request) else None
    return render(request, "audit/queue.html", context, block=block)


@router.get("/statistics")
def statistics_page(request: Request, session: SessionDep, user: AuditorUser) -> Response:
    """GET /audit/statistics: the audit's counts (paper Table 6)."""
    stats = audit.audit_statistics(session)
    return render(request, "audit/statistics.html", {"stats": stats, "criteria": audit.CRITERIA})


def _adjudication_page(
    request: Request,
    session: Any,
    user: User,
    *,
    error: dict[str, Any] | None = None,
    status_code: int = 200,
) -> Response:
    items = audit.adjudication_queue(session, user)
    decided_id = request.query_params.get("decided")
    decided = session.get(Scenario, decided_id) if decided_id else None
    context = {
        "items": items,
        "own": len(audit.adjudication_queue(session)) - len(items),
        "criteria": audit.CRITERIA,
        "error": error,
        "decided": decided
        if decided is not None and decided.audit_status != AuditStatus.SPLIT
        else None,
    }
    block = "splits" if is_htmx(request) and error is None else None
    return render(request, "audit/adjudication.html", context, block=block, status_code=status_code)


@router.get("/adjudication")
def adjudication_page(request: Request, session: SessionDep, user: AdjudicatorUser) -> Response:
    """GET /audit/adjudication: the splits this adjudicator may decide."""
    return _adjudication_page(request, session, user)


@router.post("/adjudication/{scenario_id}")
async def adjudicate_view(
    request: Request, session: SessionDep, user: AdjudicatorUser, scenario_id: str
) -> Response:
    """POST /audit/adjudication/{id}: decide a split; a refusal keeps the form."""
    form = await request.form()
    decision = str(form.get("decision") or "")
    comment = str(form.get("comment") or "")
    try:
        audit.adjudicate(
            session,
            scenario_id=scenario_id,
            adjudicator=user,
            decision=decision,
            comment=comment,
        )
    except (UnprocessableError, ConflictError, ForbiddenError) as exc:
        status = {UnprocessableError: 422, ConflictError: 409, ForbiddenError: 403}[type(exc)]
        error = {
            "scenario_id": scenario_id,
            "message": str(exc),
            "decision": decision,
            "comment": comment,
        }
        return _adjudication_page(request, session, user, error=error, status_code=status)
    return _redirect(request, f"/audit/adjudication?decided={scenario_id}")


def _timeline(scenario: Scenario) -> list[dict[str, Any]]:
    """Every event with its time, the gap since the previous one and its checkpoint's design."""
    previous_at: datetime | None = None
    timeline = []
    for t, event in enumerate(scenario.events, start=1):
        at = datetime.fromisoformat(event["at"])
        gap: timedelta | None = None if previous_at is None else at - previous_at
        design = scenario.checkpoint_design.get(str(t)) or {}
        timeline.append({**event, "t": t, "when": at, "gap": gap, "design": design})
        previous_at = at
    return timeline


def _neighbours(queue: list[audit.AuditQueueItem], scenario_id: str) -> tuple[str | None, ...]:
    """Previous and next scenario of the queue around `scenario_id` (in id order).

    Also the next one to review after voting on it.
    """
    ids = [item.scenario_id for item in queue]
    previous = max((i for i in ids if i < scenario_id), default=None)
    following = min((i for i in ids if i > scenario_id), default=None)
    next_open = following or next((i for i in ids if i != scenario_id), None)
    return previous, following, next_open


def _review_page(
    request: Request,
    session: Any,
    user: User,
    scenario_id: str,
    *,
    values: dict[str, Any] | None = None,
    error: dict[str, str] | None = None,
    status_code: int = 200,
) -> Response:
    review = audit.load_review(session, user, scenario_id)
    queue = audit.audit_queue(session, user)
    previous, following, _next = _neighbours(queue, scenario_id)
    ids = [item.scenario_id for item in queue]
    context = {
        "review": review,
        "scenario": review.scenario,
        "environment": review.environment,
        "design": review.scenario.design,
        "events": _timeline(review.scenario),
        "criteria": audit.CRITERIA,
        "values": values or {"vote": None, "criteria": {}, "comment": ""},
        "error": error,
        "previous": previous,
        "following": following,
        "position": ids.index(scenario_id) + 1 if scenario_id in ids else None,
        "total": len(ids),
        "comment_max": audit.COMMENT_MAX,
    }
    return render(request, "audit/review.html", context, status_code=status_code)


@router.get("/{scenario_id}")
def review_page(
    request: Request, session: SessionDep, user: AuditorUser, scenario_id: str
) -> Response:
    """GET /audit/{scenario_id}: the scenario under review and the vote form."""
    return _review_page(request, session, user, scenario_id)


@router.post("/{scenario_id}")
async def vote_view(
    request: Request, session: SessionDep, user: AuditorUser, scenario_id: str
) -> Response:
    """POST /audit/{scenario_id}: cast a vote; a refusal keeps the answers."""
    form = await request.form()
    # each criterion is answered on its own (radios that start unchecked): an unanswered one is
    # left out, and cast_vote refuses the vote naming it, never counting it as a fail
    marks = {key: str(form.get(f"criterion_{key}") or "") for key in audit.CRITERIA}
    criteria = {key: mark for key, mark in marks.items() if mark}
    vote = str(form.get("vote") or "")
    comment = str(form.get("comment") or "")
    values = {"vote": vote or None, "criteria": criteria, "comment": comment}
    try:
        audit.cast_vote(
            session,
            scenario_id=scenario_id,
            reviewer=user,
            vote=vote,
            criteria=criteria,
            comment=comment,
        )
    except (UnprocessableError, ConflictError) as exc:
        field = exc.field if isinstance(exc, UnprocessableError) else "vote"
        return _review_page(
            request,
            session,
            user,
            scenario_id,
            values=values,
            error={"field": field or "", "message": str(exc)},
            status_code=422 if isinstance(exc, UnprocessableError) else 409,
        )
    _previous, _following, next_open = _neighbours(audit.audit_queue(session, user), scenario_id)
    return _redirect(request, f"/audit/{next_open}" if next_open else "/audit?finished=1")
