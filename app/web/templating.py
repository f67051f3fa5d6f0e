"""Jinja2 templates with block rendering: one route renders the page, or one block for htmx."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from fastapi import Request
from jinja2_fragments.fastapi import Jinja2Blocks
from starlette.responses import Response

from app.agents.parts import excerpt
from app.annotation.workspace import item_page_shows
from app.settings import ROOT

templates = Jinja2Blocks(directory=str(ROOT / "templates"))


def _tojson_pretty(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False, sort_keys=False)


def _pct(value: Any) -> str:
    return "–" if value is None else f"{value:.2f}"


templates.env.filters["pretty"] = _tojson_pretty
templates.env.filters["pct"] = _pct
templates.env.filters["excerpt"] = excerpt


def annotate_text_href(response_id: str, part: str) -> str:
    """The annotator's download of `part` of an item; only a part the item page may show.

    Raises:
        ValueError: the item page does not show that part (a template bug, not user input).
    """
    if not item_page_shows(part):
        raise ValueError(f"the item page does not show {part!r}")
    return f"/annotate/{quote(response_id, safe='')}/text?part={quote(part)}"


templates.env.globals["annotate_text_href"] = annotate_text_href


def is_htmx(request: Request) -> bool:
    """True for a request made by htmx (it sends ``HX-Request: true``)."""
    return request.headers.get("HX-Request") == "true"


def render(
    request: Request,
    name: str,
    context: dict[str, Any],
    *,
    block: str | None = None,
    status_code: int = 200,
    headers: dict[str, str] | None = None,
) -> Response:
    """Render a template (or only `block` of it) with the request's user and CSRF token."""
    from app.web.deps import csrf_token  # local: deps imports templating for error pages

    base = {"user": getattr(request.state, "user", None), "csrf_token": csrf_token(request)}
    return templates.TemplateResponse(
        request,
        name,
        {**base, **context},
        block_name=block,
        status_code=status_code,
        headers=headers,
    )
