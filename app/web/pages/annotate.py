"""The annotator's workspace: queue and diagnosis page (DESIGN.md §7). Blinded: no agent names.

HTTP only: each route parses the form, makes one call into :mod:`app.annotation.workspace`
(or :mod:`app.annotation.drafts` for the autosave) and renders what it returns.
"""

from __future__ import annotations

import time
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, Request
from starlette.responses import RedirectResponse, Response

from app.annotation import drafts, queue, rules, workspace
from app.db import SessionDep
from app.vocabulary import NEED_TYPES
from app.web.deps import AnnotatorUser, verify_csrf
from app.web.downloads import text_download
from app.web.forms import CheckpointT, whole_number
from app.web.templating import is_htmx, render

router = APIRouter(prefix="/annotate", dependencies=[Depends(verify_csrf)])

VISIBILITY = {
    f"{level}|{verdict}": sorted(rules.visible_fields(level, verdict))
    for level in rules.LEVELS
    for verdict in rules.VERDICTS
}
"""Conditional fields each (level, verdict) shows, from the rules; the page toggles them."""

ISSUES_REQUIRED = sorted(
    f"{level}|{verdict}|{timing}|{intensity}"
    for level in rules.LEVELS
    for verdict in rules.VERDICTS
    for timing in (*rules.TIMINGS, "")
    for intensity in (*rules.INTENSITIES, "")
    if rules.other_issues_required(level, verdict, timing, intensity)
)
"""The "level|verdict|timing|intensity" answers that need an other issue, from the rules; the
page marks the Other-issues legend "required" for them."""

ISSUE_KEYS = {
    "unsupported_by_evidence": "u",
    "irrelevant_action": "v",
    "factual_contradiction": "f",
    "other": "x",
}
"""Shortcut keys of the other-issue boxes. Taken on the page already: 0–3 level, a/r verdict,
p/b/t timing, i/e/o intensity, j/k next/previous, c checkpoint view, g guidelines, d diagnosis
panel."""


def _text(form: Any, name: str) -> str | None:
    value = form.get(name)
    return None if value is None else str(value)


def _answers(form: Any) -> workspace.Answers:
    """The diagnosis form as sent (no rule checked here)."""
    return workspace.Answers(
        level=_text(form, "level"),
        verdict=_text(form, "verdict"),
        timing=_text(form, "timing"),
        intensity=_text(form, "intensity"),
        ticked=tuple(str(c) for c in form.getlist("other_issue")),
        notes={c: _text(form, f"note_{c}") or "" for c in rules.OTHER_ISSUES},
    )


def _version(form: Any) -> int | None:
    """The annotation version the page showed; None before a first save (a blank field).

    Raises:
        UnprocessableError: not a whole number from 1 up to the database's integer range
            (field ``version``; only a hand-made request sends one).
    """
    return whole_number(form.get("version"), "version", minimum=1)


def _seconds_spent(form: Any) -> float | None:
    """Seconds since the page was opened (its ``opened_at``); None when unknown or absurd."""
    opened = form.get("opened_at")
    try:
        spent = time.time() - float(opened) if isinstance(opened, str) else None
    except ValueError:
        return None
    return spent if spent is not None and 0 <= spent < 86400 else None


def _param(value: str, limit: int, allowed: tuple[str, ...] | None = None) -> str:
    """A query parameter trimmed to `limit` characters; "" when not one of `allowed`."""
    value = value.strip()[:limit]
    return value if allowed is None or value in allowed else ""


@router.get("")
def queue_page(
    request: Request,
    session: SessionDep,
    user: AnnotatorUser,
    status: str = "",
    scenario: str = "",
    need: str = "",
    q: str = "",
    after: str = "",
    before: str = "",
    last: str = "",
) -> Response:
    """GET /annotate: the annotator's queue, one page at a time (read only).

    Query parameters (all optional, so every view has its own address): ``status``
    (``open``/``judged``), ``scenario`` (an id), ``need`` (a need type), ``q`` (text searched in
    the scenario's id and title), and which page: ``after`` or ``before`` a response id, or
    ``last=1``. Unknown values are ignored. An htmx request gets only the results block.
    """
    filters = queue.QueueFilters(
        status=_param(status, 16, queue.STATUSES),
        scenario=_param(scenario, 64),
        need=_param(need, 16, tuple(NEED_TYPES)),
        q=_param(q, queue.MAX_SEARCH),
    )
    page = workspace.open_queue(
        session,
        annotator=user,
        filters=filters,
        after=_param(after, 32) or None,
        before=_param(before, 32) or None,
        last=last == "1",
    )
    params = filters.params()
    return render(
        request,
        "annotate/queue.html",
        {
            "page": page,
            "window": page.window,
            "filters": filters,
            "need_types": NEED_TYPES,
            "statuses": queue.STATUSES,
            "filter_query": urlencode(params),
            "page_url": lambda **extra: "/annotate?" + urlencode({**params, **extra}),
        },
        block="results" if is_htmx(request) else None,
    )


def _item_response(
    request: Request, page: workspace.DiagnosisPage, status_code: int = 200
) -> Response:
    """Render the diagnosis page."""
    item = page.item
    context = {
        "item": item,
        "response": item.response,
        "scenario": item.scenario,
        "environment": item.environment,
        "checkpoint": item.checkpoint,
        "events": page.timeline,
        "steps": [
            {**step, "pretty": workspace.pretty_result(step["result"])}
            for step in item.response.trajectory
        ],
        "values": page.values,
        "issues": page.issues,
        "visible": page.visible,
        "visibility": VISIBILITY,
        "issues_required": page.issues_required,
        "issues_required_when": ISSUES_REQUIRED,
        "issue_keys": ISSUE_KEYS,
        "allowed_levels": page.allowed_levels,
        "rules": rules,
        "error": page.error,
        "stored": page.stored,
        "previous": page.previous,
        "following": page.following,
        "next_open": page.next_open,
        "label": page.label,
        "opened_at": time.time(),
        "version": "" if page.version is None else page.version,
        "restored": page.restored,
        "stale_draft": page.stale_draft,
        "history": page.history,
        "at_checkpoint": page.at_checkpoint,
    }
    return render(request, "annotate/item.html", context, status_code=status_code)


def _lapsed_response(request: Request, lapse: workspace.Lapse, status_code: int) -> Response:
    """The page that says an item left the queue, with the answers kept as a draft."""
    return render(
        request,
        "annotate/lapsed.html",
        {
            "message": lapse.message,
            "values": lapse.values,
            "response_id": lapse.response_id,
            "submitted": lapse.submitted,
        },
        status_code=status_code,
    )


@router.get("/checkpoint/{scenario_id}/{t}")
def checkpoint_page(
    request: Request, session: SessionDep, user: AnnotatorUser, scenario_id: str, t: CheckpointT
) -> Response:
    """All of the annotator's blinded responses at one checkpoint, side by side.

    Paired protocol: same person, same prefix; in the stable shuffled order of the queue.
    """
    page = workspace.open_checkpoint(session, annotator=user, scenario_id=scenario_id, t=t)
    return render(
        request,
        "annotate/checkpoint.html",
        {
            "items": page.items,
            "labels": page.labels,
            "scenario": page.first.scenario,
            "environment": page.first.environment,
            "checkpoint": page.first.checkpoint,
            "events": page.events,
        },
    )


@router.post("/{response_id}/draft")
async def save_draft(
    request: Request, session: SessionDep, user: AnnotatorUser, response_id: str
) -> Response:
    """Autosave of the diagnosis form, sent by the page as answers change.

    204 when stored; 409 with the reason as plain text when stored although the item has left
    the queue.
    """
    form = await request.form()
    try:
        drafts.save_draft(
            session,
            annotator=user,
            response_id=response_id,
            data=_answers(form).draft(),
            base_version=_version(form),
        )
    except drafts.ItemLapsed as lapsed:
        return Response(str(lapsed), status_code=409, media_type="text/plain")
    return Response(status_code=204)


@router.post("/{response_id}/draft/discard")
def discard_draft(session: SessionDep, user: AnnotatorUser, response_id: str) -> Response:
    """POST: drop the annotator's draft of the item, then show the item again."""
    drafts.discard_draft(session, annotator=user, response_id=response_id)
    return RedirectResponse(f"/annotate/{response_id}", status_code=303)


@router.get("/{response_id}/progress")
def item_progress(
    request: Request, session: SessionDep, user: AnnotatorUser, response_id: str
) -> Response:
    """The item page's progress line ("item 2 of 40 · 5 judged"), fetched after the page."""
    progress = workspace.open_progress(session, annotator=user, response_id=response_id)
    return render(
        request,
        "annotate/_progress.html",
        {"response_id": response_id, "progress": progress},
    )


@router.get("/{response_id}/text")
def item_text(session: SessionDep, user: AnnotatorUser, response_id: str, part: str) -> Response:
    """The whole of one long text of an item (an argument, a result) as a download.

    The item page shows an excerpt; this is the exact stored text, for an item in the
    annotator's own queue only (:func:`app.annotation.workspace.open_part`).
    """
    text = workspace.open_part(session, annotator=user, response_id=response_id, part=part)
    return text_download(text, response_id, part)


@router.get("/{response_id}")
def item_page(
    request: Request, session: SessionDep, user: AnnotatorUser, response_id: str, draft: str = ""
) -> Response:
    """The diagnosis page; ``?draft=stale`` brings back answers written on an older version.

    An item that has left the annotator's queue (released, expired, batch closed, audited out)
    gets a page that says what happened instead of a bare 404.
    """
    try:
        page = workspace.open_item(
            session, annotator=user, response_id=response_id, show_stale_draft=draft == "stale"
        )
    except workspace.ItemGone as gone:
        return _lapsed_response(request, gone.lapse, status_code=404)
    return _item_response(request, page)


@router.post("/{response_id}")
async def submit(
    request: Request, session: SessionDep, user: AnnotatorUser, response_id: str
) -> Response:
    """Submit the diagnosis form.

    303 (or 204 with ``HX-Redirect`` for the page's fetch) to the next open item; a refusal
    re-renders the page with the reason (422 a broken rule, 409 a conflict or an item that
    left the queue).

    The page retries a submit whose reply it never got (offline, a lost reply) with the same
    ``version`` and answers; :func:`app.annotation.workspace.submit` takes a repeat of the save
    it already made as a no-op, so a retry never saves twice (static/app.js).
    """
    form = await request.form()
    outcome = workspace.submit(
        session,
        annotator=user,
        response_id=response_id,
        answers=_answers(form),
        expected_version=_version(form),
        seconds_spent=_seconds_spent(form),
    )
    if outcome.lapse is not None:
        return _lapsed_response(request, outcome.lapse, status_code=409)
    if outcome.page is not None:
        status = 422 if outcome.result == "invalid" else 409
        return _item_response(request, outcome.page, status_code=status)
    target = f"/annotate/{outcome.next_open}" if outcome.next_open else "/annotate?finished=1"
    if is_htmx(request):
        return Response(status_code=204, headers={"HX-Redirect": target})
    return RedirectResponse(target, status_code=303)
