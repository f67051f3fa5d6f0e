"""The lead's annotation batches: create, follow, reassign, release, reclaim (DESIGN.md §7).

Leads and admins only (researchers launch runs and read metrics; DESIGN §1). Pages never
write: expired assignments go back to the pool on a schedule (:mod:`app.jobs.schedule`)
or when the lead presses *Reclaim*; until then the pages count them as *expired*.
Reassign and release act on whole scenarios (paired protocol), never on single responses.

Every action answers with a 303 back to the page it came from (post/redirect/get), refused
ones too: the refusal, and what the page needs to offer the next step (the form's values, a
restart of the refused move, links to where a scenario can be moved), travel in the signed
session and are shown once, so reloading the page never sends the form again.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request
from starlette.datastructures import FormData
from starlette.responses import RedirectResponse, Response

from app.annotation import creation, moves
from app.annotation.batches import get_batch, list_annotators
from app.annotation.progress import batch_progress, list_batches
from app.db import SessionDep
from app.errors import ConflictError, UnprocessableError
from app.models import User
from app.vocabulary import AssignmentKind
from app.web.deps import LeadOrAdminUser, verify_csrf
from app.web.forms import DB_INT_MAX, DbId, form_id, whole_number
from app.web.templating import is_htmx, render

router = APIRouter(prefix="/lead/batches", dependencies=[Depends(verify_csrf)])


def _optional_int(value: Any, field: str, minimum: int | None = None) -> int | None:
    return whole_number(value, field, minimum=minimum)


def _number(value: Any, field: str, default: float) -> float:
    if value in (None, ""):
        return default
    try:
        return float(str(value))
    except ValueError as exc:
        raise UnprocessableError(f"{field.replace('_', ' ')} must be a number", field) from exc


FLASH = "batch_flash"
"""Session key of a refusal waiting to be shown on the page the browser was sent back to."""
FLASH_TEXT_MAX = 1200
"""Longest refusal message kept (the session is a cookie; browsers drop one over 4 KB)."""
FLASH_VALUE_MAX = 200
"""Longest form value kept to refill the form (longer ones are cut; the form checks again)."""
FLASH_LIST_MAX = 100
"""Most choices of one multiple-choice field kept."""


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _bounded(values: dict[str, Any]) -> dict[str, Any]:
    """Form values small enough for the session cookie: strings cut, lists shortened."""
    kept: dict[str, Any] = {}
    for key, value in values.items():
        if isinstance(value, list):
            kept[key] = [_cut(str(v), 20) for v in value[:FLASH_LIST_MAX]]
        elif isinstance(value, bool) or value is None:
            kept[key] = value  # a ticked box stays a boolean: the string "False" would be true
        else:
            kept[key] = _cut(str(value), FLASH_VALUE_MAX)
    return kept


def _refused(request: Request, page: str, message: str, **offer: Any) -> Response:
    """Send the browser back to `page` (303) with `message`, shown there once.

    Args:
        request: the refused POST.
        page: the path of the page the form is on (no query string).
        message: the refusal, cut to :data:`FLASH_TEXT_MAX` characters.
        **offer: JSON-able extras the page uses to offer the next step.
    """
    request.session[FLASH] = {"page": page, "error": _cut(message, FLASH_TEXT_MAX), **offer}
    return RedirectResponse(page, status_code=303)


def _flash(request: Request) -> dict[str, Any]:
    """The refusal waiting for this page, removed from the session (shown once).

    A polling htmx request never takes it: it is the full page's to show.
    """
    waiting = request.session.get(FLASH)
    if is_htmx(request) or not isinstance(waiting, dict):
        return {}
    if waiting.get("page") != request.url.path:
        return {}
    del request.session[FLASH]
    return waiting


def _list_page(request: Request, session: SessionDep) -> Response:
    flash = _flash(request)
    return render(
        request,
        "batches/list.html",
        {
            "summaries": list_batches(session),
            "choices": creation.batch_choices(session),
            "error": flash.get("error"),
            "values": flash.get("values") or {},
            "places": flash.get("places") or [],
        },
    )


@router.get("")
def batches_page(request: Request, session: SessionDep, user: LeadOrAdminUser) -> Response:
    """GET /lead/batches: the batches and the create form (reads only)."""
    return _list_page(request, session)


def _form_values(form: FormData) -> dict[str, Any]:
    return {
        "name": str(form.get("name") or ""),
        "run_id": str(form.get("run_id") or ""),
        "phase": str(form.get("phase") or ""),
        "need_types": [str(v) for v in form.getlist("need_types")],
        "domains": [str(v) for v in form.getlist("domains")],
        "annotators": [str(v) for v in form.getlist("annotators")],
        "overlap_percent": str(form.get("overlap_percent") or ""),
        "seed": str(form.get("seed") or ""),
        "expires_hours": str(form.get("expires_hours") or ""),
        "show_design_notes": form.get("show_design_notes") in ("1", "on", "true"),
    }


def _phase(value: Any) -> int:
    """The phase field: blank means phase 1; 0, negatives and huge numbers are refused."""
    phase = _optional_int(value, "phase", minimum=1)
    return 1 if phase is None else phase


@router.post("")
async def create_batch_view(
    request: Request, session: SessionDep, user: LeadOrAdminUser
) -> Response:
    """POST /lead/batches: create a batch and open it; a refusal shows the form again."""
    values = _form_values(await request.form())
    try:
        annotators = [form_id(a, "annotators") for a in values["annotators"]]
        overlap = _number(values["overlap_percent"], "overlap_percent", 0.0)
        if not 0 <= overlap <= 100:
            raise UnprocessableError("the overlap is a percentage from 0 to 100", "overlap")
        batch = creation.create_batch(
            session,
            name=values["name"],
            annotator_ids=[a for a in annotators if a is not None],
            created_by=user.id,
            phase=_phase(values["phase"]),
            run_id=form_id(values["run_id"], "run_id"),
            need_types=values["need_types"],
            domains=values["domains"],
            overlap_share=overlap / 100,
            seed=_optional_int(values["seed"], "seed", minimum=-DB_INT_MAX - 1) or 0,
            expires_after_hours=_optional_int(values["expires_hours"], "expires_hours"),
            show_design_notes=values["show_design_notes"],
        )
    except UnprocessableError as exc:
        session.rollback()
        places = exc.places if isinstance(exc, creation.HeldByDeactivated) else ()
        return _refused(
            request,
            "/lead/batches",
            str(exc),
            values=_bounded(values),
            places=[list(place) for place in places[:20]],
        )
    return RedirectResponse(f"/lead/batches/{batch.id}", status_code=303)


NOTICES = {
    "reassigned": "The scenario moved; the old assignments are kept as released, with your reason.",
    "released": "Released. The items can go out again in a new batch.",
    "reclaimed": "Expired, unjudged items were returned to the pool.",
    "closed": "The batch is closed; its unjudged items were released.",
}
"""Messages shown after a successful action (``?done=`` on the redirect)."""


def _restart_offer(session: SessionDep, offer: Any) -> dict[str, Any] | None:
    """The refused move to offer again as a restart, with the two annotators' names."""
    if not isinstance(offer, dict):
        return None
    people = {
        key: session.get(User, offer.get(key)) if isinstance(offer.get(key), int) else None
        for key in ("from_annotator", "to_annotator")
    }
    if people["from_annotator"] is None or people["to_annotator"] is None:
        return None
    return {
        **offer,
        "from_name": people["from_annotator"].username,
        "to_name": people["to_annotator"].username,
    }


def _detail_page(request: Request, session: SessionDep, batch_id: DbId) -> Response:
    progress = batch_progress(session, batch_id)
    names = {p.annotator_id: p.username for p in progress.annotators}
    flash = _flash(request)
    context = {
        "batch": progress.batch,
        "progress": progress,
        "names": names,
        "inactive": {p.annotator_id for p in progress.annotators if not p.is_active},
        "annotators": list_annotators(session),
        "error": flash.get("error"),
        "restart": _restart_offer(session, flash.get("restart")),
        "notice": NOTICES.get(request.query_params.get("done", "")),
        "count": request.query_params.get("n", ""),
        "reason_max": moves.REASON_MAX,
    }
    block = "live" if is_htmx(request) else None
    return render(request, "batches/detail.html", context, block=block)


@router.get("/{batch_id}")
def batch_page(
    request: Request, session: SessionDep, user: LeadOrAdminUser, batch_id: DbId
) -> Response:
    """GET /lead/batches/{id}: the batch's progress and history (reads only)."""
    return _detail_page(request, session, batch_id)


def _back(batch_id: DbId, done: str, count: int | None = None) -> Response:
    target = f"/lead/batches/{batch_id}?done={done}"
    if count is not None:
        target += f"&n={count}"
    return RedirectResponse(target, status_code=303)


def _refused_here(request: Request, batch_id: DbId, message: str, **offer: Any) -> Response:
    """Back to the batch page with the refusal (post/redirect/get)."""
    return _refused(request, f"/lead/batches/{batch_id}", message, **offer)


@router.post("/{batch_id}/reassign")
async def reassign_view(
    request: Request, session: SessionDep, user: LeadOrAdminUser, batch_id: DbId
) -> Response:
    """Move one holder's whole scenario (per kind) to another annotator.

    A move refused because the holder judged some items comes back with a restart form for
    the same move (:class:`app.annotation.moves.RestartRequired`).
    """
    form = await request.form()
    assert user.id is not None
    get_batch(session, batch_id)
    reason = str(form.get("reason") or "")
    try:
        to_annotator = form_id(form.get("to_annotator"), "to_annotator")
        if to_annotator is None:
            raise UnprocessableError("choose who takes the scenario", "to_annotator")
        from_annotator = form_id(form.get("from_annotator"), "from_annotator")
        scenario_id = str(form.get("scenario_id") or "")
        if from_annotator is None or not scenario_id:
            raise UnprocessableError(
                "name the scenario and its holder: whole scenarios move, never single items",
                "scenario_id",
            )
        moved = moves.reassign_scenario(
            session,
            batch_id=batch_id,
            scenario_id=scenario_id,
            kind=str(form.get("kind") or AssignmentKind.PRIMARY),
            from_annotator=from_annotator,
            to_annotator=to_annotator,
            by=user.id,
            reason=reason,
            restart=form.get("restart") in ("1", "on", "true"),
        )
    except moves.RestartRequired as exc:
        session.rollback()
        offer = {
            "scenario_id": exc.scenario_id,
            "kind": exc.kind,
            "from_annotator": exc.from_annotator,
            "to_annotator": exc.to_annotator,
            "judged": exc.judged,
            "total": exc.items,
            "reason": reason.strip()[: moves.REASON_MAX],
        }
        return _refused_here(request, batch_id, str(exc), restart=offer)
    except UnprocessableError as exc:
        session.rollback()
        return _refused_here(request, batch_id, str(exc))
    return _back(batch_id, "reassigned", len(moved))


@router.post("/{batch_id}/release")
async def release_view(
    request: Request, session: SessionDep, user: LeadOrAdminUser, batch_id: DbId
) -> Response:
    """Release the unjudged items of one holder (whole scenarios), or of one scenario."""
    form = await request.form()
    get_batch(session, batch_id)
    try:
        scenario_id = str(form.get("scenario_id") or "") or None
        annotator_id = form_id(form.get("annotator_id"), "annotator_id")
        if scenario_id is None and annotator_id is None:
            raise UnprocessableError("choose whose items, or which scenario, to release", "release")
        kind = str(form.get("kind") or "") or None
        freed = moves.release(
            session,
            batch_id=batch_id,
            scenario_id=scenario_id,
            annotator_id=annotator_id,
            kind=kind,
            by=user.id,
            reason=str(form.get("reason") or "released by the lead"),
        )
    except UnprocessableError as exc:
        session.rollback()
        return _refused_here(request, batch_id, str(exc))
    return _back(batch_id, "released", freed)


@router.post("/{batch_id}/reclaim")
def reclaim_view(session: SessionDep, user: LeadOrAdminUser, batch_id: DbId) -> Response:
    """POST /lead/batches/{id}/reclaim: free the batch's expired, unjudged items."""
    get_batch(session, batch_id)
    return _back(batch_id, "reclaimed", moves.reclaim_expired(session, batch_id=batch_id))


@router.post("/{batch_id}/close")
def close_view(
    request: Request, session: SessionDep, user: LeadOrAdminUser, batch_id: DbId
) -> Response:
    """Close the batch; closing it again (another tab) comes back with the reason."""
    assert user.id is not None
    try:
        freed = moves.close_batch(session, batch_id=batch_id, by=user.id)
    except ConflictError as exc:
        session.rollback()
        return _refused_here(request, batch_id, str(exc))
    return _back(batch_id, "closed", freed)
