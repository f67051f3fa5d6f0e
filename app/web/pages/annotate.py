"""The annotator's workspace: queue and diagnosis page (DESIGN.md §7). Blinded: no agent names."""

from __future__ import annotations

import json
import time
from datetime import datetime, timedelta
from itertools import groupby
from typing import Any

from fastapi import APIRouter, Depends, Request
from starlette.responses import RedirectResponse, Response

from app.annotation import drafts, rules
from app.annotation.service import (
    QueueItem,
    annotator_queue,
    load_item,
    queue_departures,
    revisions,
    submit_diagnosis,
)
from app.db import SessionDep
from app.errors import ConflictError, NotFoundError, UnprocessableError
from app.models import Annotation
from app.models.base import as_utc
from app.web.deps import AnnotatorUser, verify_csrf
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


def _form_values(form: Any) -> dict[str, Any]:
    """The diagnosis fields of a submitted form; other issues as a list of {category, note}.

    Raises:
        UnprocessableError: a note written for a category that is not ticked (it would be lost).
    """
    ticked = [str(c) for c in form.getlist("other_issue")]
    for category in rules.OTHER_ISSUES:
        note = str(form.get(f"note_{category}") or "").strip()
        if note and category not in ticked:
            raise UnprocessableError(
                f"a note is written for {rules.ISSUE_LABELS[category]} but the issue is not "
                "ticked; tick it or clear the note",
                "other_issues",
            )
    issues = [{"category": c, "note": str(form.get(f"note_{c}") or "").strip()} for c in ticked]
    return {
        "level": form.get("level"),
        "verdict": form.get("verdict"),
        "timing": form.get("timing") or None,
        "intensity": form.get("intensity") or None,
        "other_issues": issues,
    }


def _neighbours(
    queue: list[QueueItem], response_id: str
) -> tuple[str | None, str | None, str | None]:
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
    groups = [
        (scenario_id, list(items))
        for scenario_id, items in groupby(queue, key=lambda i: i.scenario_id)
    ]
    return render(
        request,
        "annotate/queue.html",
        {
            "queue": queue,
            "groups": groups,
            "done": done,
            "first_open": first_open,
            "labels": _labels(queue),
            "departures": queue_departures(session, user),
        },
    )


def _labels(queue: list[QueueItem]) -> dict[str, str]:
    """Blinded labels: responses at one checkpoint are A, B, C... in their stable shuffled order."""
    labels: dict[str, str] = {}
    for _key, items in groupby(queue, key=lambda i: (i.scenario_id, i.checkpoint)):
        for index, item in enumerate(items):
            labels[item.response_id] = chr(ord("A") + index % 26)
    return labels


def _pretty(text: str) -> str:
    """A command result for reading: JSON indented, anything else as it is."""
    try:
        return json.dumps(json.loads(text), indent=2, ensure_ascii=False)
    except (TypeError, ValueError):
        return text


_KEEP = object()
"""Default of :func:`_item_page`'s `base_version`: work the version out from what is shown."""


def _stored(annotation: Annotation) -> dict[str, Any]:
    """The saved annotation as the "saved elsewhere" box shows it."""
    return {
        "version": annotation.version,
        "level": annotation.level,
        "verdict": annotation.verdict,
        "timing": annotation.timing,
        "intensity": annotation.intensity,
        "other_issues": annotation.other_issues,
    }


def _item_page(
    request: Request,
    session: SessionDep,
    user: Any,
    response_id: str,
    values: dict[str, Any] | None = None,
    error: dict[str, str] | None = None,
    status_code: int = 200,
    stored: dict[str, Any] | None = None,
    base_version: Any = _KEEP,
    show_stale_draft: bool = False,
) -> Response:
    """The diagnosis page.

    `values` are answers to show instead of the saved ones or a draft (a refused submit).
    `base_version` is the version the form submits as the one its answers started from: by
    default the saved version shown (or a restored draft's); a refused submit (422) passes the
    version the annotator's edit started from, so a save made elsewhere meanwhile still
    conflicts. A draft written on an older version than the saved one is stale: it is not
    restored (the saved version is shown, with a link to bring the draft back) unless
    `show_stale_draft`, which shows it beside the saved version.
    """
    item = load_item(session, user, response_id)
    queue = annotator_queue(session, user)
    previous, following, next_open = _neighbours(queue, response_id)
    annotation = item.annotation
    current = annotation.version if annotation is not None else None
    draft = drafts.get_draft(session, annotator=user, response_id=response_id)
    restored = None
    stale_draft = None
    version: int | None = current
    if values is None and draft is not None:
        if annotation is None or (
            draft.base_version == current
            and as_utc(draft.updated_at) > as_utc(annotation.updated_at)
        ):
            values, restored = drafts.draft_values(draft), draft.updated_at
        elif draft.base_version != current:
            if show_stale_draft:
                # the annotator asked for it with the saved version in view: submitting it
                # replaces the saved version on purpose
                values, restored = drafts.draft_values(draft), draft.updated_at
                stored = stored or _stored(annotation)
            else:
                stale_draft = draft.updated_at
    if base_version is not _KEEP:
        version = base_version
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
    previous_at = None
    timeline = []
    for event in events:
        at = datetime.fromisoformat(event["at"])
        gap: timedelta | None = None if previous_at is None else at - previous_at
        timeline.append({**event, "when": at, "gap": gap})
        previous_at = at
    context = {
        "item": item,
        "response": item.response,
        "scenario": item.scenario,
        "environment": item.environment,
        "checkpoint": item.checkpoint,
        "events": timeline,
        "steps": [{**step, "pretty": _pretty(step["result"])} for step in item.response.trajectory],
        "values": values,
        "issues": {i["category"]: i["note"] for i in values["other_issues"]},
        "visible": rules.visible_fields(values.get("level"), values.get("verdict")),
        "visibility": VISIBILITY,
        "issues_required": rules.other_issues_required(
            *(values.get(name) for name in ("level", "verdict", "timing", "intensity"))
        ),
        "issues_required_when": ISSUES_REQUIRED,
        "issue_keys": ISSUE_KEYS,
        "allowed_levels": rules.allowed_levels(item.response.action is not None),
        "rules": rules,
        "error": error,
        "stored": stored,
        "previous": previous,
        "following": following,
        "next_open": next_open,
        "position": position + 1,
        "total": len(queue),
        "done": sum(1 for q in queue if q.annotated),
        "label": _labels(queue).get(response_id, "A"),
        "opened_at": time.time(),
        "version": "" if version is None else version,
        "restored": restored,
        "stale_draft": stale_draft,
        "history": revisions(session, annotation.id) if annotation and annotation.id else [],
        "at_checkpoint": sum(
            1
            for q in queue
            if q.scenario_id == item.scenario.id and q.checkpoint == item.checkpoint.t
        ),
    }
    return render(request, "annotate/item.html", context, status_code=status_code)


@router.get("/checkpoint/{scenario_id}/{t}")
def checkpoint_page(
    request: Request, session: SessionDep, user: AnnotatorUser, scenario_id: str, t: int
) -> Response:
    """All of the annotator's blinded responses at one checkpoint, side by side (paired protocol:
    same person, same prefix), in the stable shuffled order of the queue."""
    queue = annotator_queue(session, user)
    labels = _labels(queue)
    here = [q for q in queue if q.scenario_id == scenario_id and q.checkpoint == t]
    if not here:
        raise NotFoundError("no responses of yours at this checkpoint")
    items = [load_item(session, user, q.response_id) for q in here]
    first = items[0]
    return render(
        request,
        "annotate/checkpoint.html",
        {
            "items": items,
            "labels": labels,
            "scenario": first.scenario,
            "environment": first.environment,
            "checkpoint": first.checkpoint,
            "events": first.scenario.events[:t],
        },
    )


def _draft_data(form: Any) -> dict[str, Any]:
    """The diagnosis form as a draft (see :func:`app.annotation.drafts.save_draft`)."""
    return {
        "level": form.get("level"),
        "verdict": form.get("verdict"),
        "timing": form.get("timing"),
        "intensity": form.get("intensity"),
        "other_issues": [str(c) for c in form.getlist("other_issue")],
        "notes": {c: str(form.get(f"note_{c}") or "") for c in rules.OTHER_ISSUES},
    }


def _version(form: Any) -> int | None:
    version = form.get("version")
    return int(version) if isinstance(version, str) and version.isdigit() else None


@router.post("/{response_id}/draft")
async def save_draft(
    request: Request, session: SessionDep, user: AnnotatorUser, response_id: str
) -> Response:
    """Autosave of the diagnosis form (sent by the page as answers change): 204 when stored;
    409 with the reason as plain text when stored although the item has left the queue."""
    form = await request.form()
    try:
        _save_form_draft(session, user, response_id, form)
    except drafts.ItemLapsed as lapsed:
        return Response(str(lapsed), status_code=409, media_type="text/plain")
    return Response(status_code=204)


def _save_form_draft(session: SessionDep, user: Any, response_id: str, form: Any) -> None:
    """Store the diagnosis form's answers as the annotator's draft (raises ItemLapsed)."""
    drafts.save_draft(
        session,
        annotator=user,
        response_id=response_id,
        data=_draft_data(form),
        base_version=_version(form),
    )


def _lapsed_page(
    request: Request, session: SessionDep, user: Any, response_id: str, form: Any
) -> Response | None:
    """Keep the answers of a refused submit as a draft and explain why, when the annotator held
    the item but no longer does; None when they never held it (a plain 404 then)."""
    try:
        _save_form_draft(session, user, response_id, form)
    except drafts.ItemLapsed as lapsed:
        draft = drafts.get_draft(session, annotator=user, response_id=response_id)
        values = drafts.draft_values(draft) if draft is not None else None
        return render(
            request,
            "annotate/lapsed.html",
            {
                "message": str(lapsed),
                "values": values,
                "response_id": response_id,
                "submitted": True,
            },
            status_code=409,
        )
    except NotFoundError:
        return None
    return None


@router.post("/{response_id}/draft/discard")
def discard_draft(session: SessionDep, user: AnnotatorUser, response_id: str) -> Response:
    load_item(session, user, response_id)
    drafts.discard_draft(session, annotator=user, response_id=response_id)
    return RedirectResponse(f"/annotate/{response_id}", status_code=303)


@router.get("/{response_id}")
def item_page(
    request: Request, session: SessionDep, user: AnnotatorUser, response_id: str, draft: str = ""
) -> Response:
    """The diagnosis page; ``?draft=stale`` brings back answers written on an older version.

    An item that has left the annotator's queue (released, expired, batch closed, audited out)
    gets a page that says what happened instead of a bare 404.
    """
    try:
        return _item_page(request, session, user, response_id, show_stale_draft=draft == "stale")
    except NotFoundError:
        assert user.id is not None
        why = drafts.lapse_of(session, annotator_id=user.id, response_id=response_id)
        if why is None:
            raise
        kept = drafts.get_draft(session, annotator=user, response_id=response_id)
        return render(
            request,
            "annotate/lapsed.html",
            {
                "message": f"{why}.",
                "values": drafts.draft_values(kept) if kept is not None else None,
                "response_id": response_id,
                "submitted": False,
            },
            status_code=404,
        )


@router.post("/{response_id}")
async def submit(
    request: Request, session: SessionDep, user: AnnotatorUser, response_id: str
) -> Response:
    """Submit the diagnosis form: 303 (or 204 with ``HX-Redirect`` for the page's fetch) to the
    next open item; a refusal re-renders the page with the reason (422 a broken rule, 409 a
    conflict or an item that left the queue).

    The page retries a submit whose reply it never got (offline, a lost reply) with the same
    ``version`` and answers; :func:`submit_diagnosis` takes a repeat of the save it already made
    as a no-op, so a retry never saves twice (static/app.js).
    """
    form = await request.form()
    version = form.get("version")
    expected = int(version) if isinstance(version, str) and version.isdigit() else None
    opened = form.get("opened_at")
    try:
        spent = time.time() - float(opened) if isinstance(opened, str) else None
    except ValueError:
        spent = None
    values: dict[str, Any] | None = None
    try:
        values = _form_values(form)
        submit_diagnosis(
            session,
            annotator=user,
            response_id=response_id,
            form=values,
            expected_version=expected,
            seconds_spent=spent if spent is not None and 0 <= spent < 86400 else None,
        )
    except UnprocessableError as exc:
        # the field by its label on the form ("Other issues: ..."), never its name
        message = f"{rules.field_label(exc.field)}: {exc}" if exc.field else str(exc)
        fallback = values or {
            "level": form.get("level"),
            "verdict": form.get("verdict"),
            "timing": form.get("timing"),
            "intensity": form.get("intensity"),
            "other_issues": [
                {"category": c, "note": str(form.get(f"note_{c}") or "")}
                for c in rules.OTHER_ISSUES
                if form.get(f"note_{c}") or c in form.getlist("other_issue")
            ],
        }
        # the page keeps the version this edit started from: if the item was saved elsewhere
        # meanwhile, the corrected submit conflicts instead of silently replacing that save
        return _item_page(
            request,
            session,
            user,
            response_id,
            fallback,
            {"field": exc.field or "", "message": message},
            status_code=422,
            base_version=expected,
        )
    except NotFoundError:
        # the item left the queue while the page was open (expiry, reassignment, release):
        # never lose the answers silently
        session.rollback()
        page = _lapsed_page(request, session, user, response_id, form)
        if page is None:
            raise
        return page
    except ConflictError as exc:
        current = load_item(session, user, response_id).annotation
        stored = _stored(current) if current is not None else None
        # keep what the annotator entered; the stored version is shown beside it, and submitting
        # again (now against the current version) replaces it on purpose
        return _item_page(
            request,
            session,
            user,
            response_id,
            values,
            {"field": "version", "message": str(exc)},
            status_code=409,
            stored=stored,
        )
    drafts.discard_draft(session, annotator=user, response_id=response_id)
    queue = annotator_queue(session, user)
    _prev, _following, next_open = _neighbours(queue, response_id)
    target = f"/annotate/{next_open}" if next_open else "/annotate?finished=1"
    if is_htmx(request):
        return Response(status_code=204, headers={"HX-Redirect": target})
    return RedirectResponse(target, status_code=303)
