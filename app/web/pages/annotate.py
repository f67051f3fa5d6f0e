"""The annotator's workspace: queue and diagnosis page (DESIGN.md §7). Blinded: no agent names."""

from __future__ import annotations

import time
from typing import Any

from fastapi import APIRouter, Depends, Request
from starlette.responses import RedirectResponse, Response

from app.annotation import rules
from app.annotation.service import annotator_queue, load_item, submit_diagnosis
from app.db import SessionDep
from app.errors import ConflictError, UnprocessableError
from app.web.deps import AnnotatorUser, verify_csrf
from app.web.templating import is_htmx, render

router = APIRouter(prefix="/annotate", dependencies=[Depends(verify_csrf)])


def _form_values(form: Any) -> dict[str, Any]:
    """The diagnosis fields of a submitted form; other issues as a list of {category, note}."""
    issues = [
        {"category": c, "note": (form.get(f"note_{c}") or "").strip()}
        for c in form.getlist("other_issue")
    ]
    return {
        "level": form.get("level"),
        "verdict": form.get("verdict"),
        "timing": form.get("timing") or None,
        "intensity": form.get("intensity") or None,
        "other_issues": issues,
    }


def _neighbours(queue: list[Any], response_id: str) -> tuple[str | None, str | None, str | None]:
    ids = [item.response_id for item in queue]
    index = ids.index(response_id) if response_id in ids else -1
    previous = ids[index - 1] if index > 0 else None
    following = ids[index + 1] if 0 <= index < len(ids) - 1 else None
    next_open = next((i.response_id for i in queue[index + 1 :] if not i.annotated), None) or next(
        (i.response_id for i in queue if not i.annotated and i.response_id != response_id), None
    )
    return previous, following, next_open


@router.get("")
def queue_page(request: Request, session: SessionDep, user: AnnotatorUser) -> Response:
    queue = annotator_queue(session, user)
    done = sum(1 for item in queue if item.annotated)
    first_open = next((item.response_id for item in queue if not item.annotated), None)
    return render(
        request, "annotate/queue.html", {"queue": queue, "done": done, "first_open": first_open}
    )


def _item_page(
    request: Request,
    session: SessionDep,
    user: Any,
    response_id: str,
    values: dict[str, Any] | None = None,
    error: dict[str, str] | None = None,
    status_code: int = 200,
) -> Response:
    item = load_item(session, user, response_id)
    queue = annotator_queue(session, user)
    previous, following, next_open = _neighbours(queue, response_id)
    annotation = item.annotation
    if values is None:
        if annotation is not None:
            values = {
                "level": annotation.level,
                "verdict": annotation.verdict,
                "timing": annotation.timing,
                "intensity": annotation.intensity,
                "other_issues": annotation.other_issues,
            }
        else:
            values = {
                "level": item.response.level_predicted,
                "verdict": None,
                "timing": None,
                "intensity": None,
                "other_issues": [],
            }
    position = next((i for i, q in enumerate(queue) if q.response_id == response_id), 0)
    events = item.scenario.events[: item.checkpoint.t]
    context = {
        "item": item,
        "response": item.response,
        "scenario": item.scenario,
        "environment": item.environment,
        "checkpoint": item.checkpoint,
        "events": events,
        "values": values,
        "issues": {i["category"]: i["note"] for i in values["other_issues"]},
        "visible": rules.visible_fields(values.get("level"), values.get("verdict")),
        "rules": rules,
        "error": error,
        "previous": previous,
        "following": following,
        "next_open": next_open,
        "position": position + 1,
        "total": len(queue),
        "done": sum(1 for q in queue if q.annotated),
        "opened_at": time.time(),
        "version": annotation.version if annotation else "",
    }
    return render(request, "annotate/item.html", context, status_code=status_code)


@router.get("/{response_id}")
def item_page(
    request: Request, session: SessionDep, user: AnnotatorUser, response_id: str
) -> Response:
    return _item_page(request, session, user, response_id)


@router.get("/{response_id}/fields")
def conditional_fields(
    request: Request, session: SessionDep, user: AnnotatorUser, response_id: str
) -> Response:
    """The fields that depend on level and verdict, re-rendered by htmx as answers change."""
    load_item(session, user, response_id)
    values = _form_values(request.query_params)
    context = {
        "values": values,
        "issues": {i["category"]: i["note"] for i in values["other_issues"]},
        "visible": rules.visible_fields(values["level"], values["verdict"]),
        "rules": rules,
        "error": None,
    }
    return render(request, "annotate/item.html", context, block="conditional")


@router.post("/{response_id}")
async def submit(
    request: Request, session: SessionDep, user: AnnotatorUser, response_id: str
) -> Response:
    form = await request.form()
    values = _form_values(form)
    version = form.get("version")
    expected = int(version) if isinstance(version, str) and version.isdigit() else None
    opened = form.get("opened_at")
    try:
        spent = time.time() - float(opened) if isinstance(opened, str) else None
    except ValueError:
        spent = None
    try:
        submit_diagnosis(
            session,
            annotator=user,
            response_id=response_id,
            form=values,
            expected_version=expected,
            seconds_spent=spent if spent is not None and spent < 86400 else None,
        )
    except UnprocessableError as exc:
        return _item_page(
            request,
            session,
            user,
            response_id,
            values,
            {"field": exc.field or "", "message": f"{exc.field}: {exc}" if exc.field else str(exc)},
            status_code=422,
        )
    except ConflictError as exc:
        return _item_page(
            request,
            session,
            user,
            response_id,
            None,
            {"field": "version", "message": str(exc)},
            status_code=409,
        )
    queue = annotator_queue(session, user)
    _prev, _following, next_open = _neighbours(queue, response_id)
    target = f"/annotate/{next_open}" if next_open else "/annotate?finished=1"
    if is_htmx(request):
        return Response(status_code=204, headers={"HX-Redirect": target})
    return RedirectResponse(target, status_code=303)
