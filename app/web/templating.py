"""Jinja2 templates with block rendering: one route renders the page, or one block for htmx."""

from __future__ import annotations

import json
from typing import Any

from fastapi import Request
from jinja2_fragments.fastapi import Jinja2Blocks
from starlette.responses import Response

from app.agents.parts import excerpt
from app.settings import ROOT

templates = Jinja2Blocks(directory=str(ROOT / "templates"))


def _tojson_pretty(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False, sort_keys=False)


def _pct(value: Any) -> str:
    return "–" if value is None else f"{value:.2f}"


templates.env.filters["pretty"] = _tojson_pretty
templates.env.filters["pct"] = _pct
templates.env.filters["excerpt"] = excerpt


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
