"""The FastAPI application: routers, static files, sessions and error handlers."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.staticfiles import StaticFiles
from starlette.middleware.sessions import SessionMiddleware
from starlette.responses import Response as StarletteResponse
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from app.settings import ROOT, get_settings
from app.web.errors import install_error_handlers
from app.web.pages import (
    admin,
    analysis,
    annotate,
    arena,
    audit,
    auth,
    batches,
    generate,
    judges,
    lead,
    runs,
)


def create_app() -> FastAPI:
    """Build the app from the current settings.

    The client address (``request.client``, which the log-in throttle counts under) is taken
    from ``X-Forwarded-For`` only when the connection comes from a proxy listed in
    ``FORWARDED_ALLOW_IPS`` (``Settings.trusted_proxies``; default none), and then it is the
    right-most address that is not itself a listed proxy, so a client cannot prepend its own.
    This is the one place proxy headers are read: ``halo serve`` turns uvicorn's off.
    """
    settings = get_settings()
    app = FastAPI(title="HALO workbench", docs_url=None, redoc_url=None, openapi_url=None)
    app.add_middleware(
        SessionMiddleware,
        secret_key=settings.secret_key,
        session_cookie="halo_session",
        max_age=settings.session_max_age,
        same_site="lax",
        https_only=settings.secure_cookies,
    )
    if settings.trusted_proxies:
        app.add_middleware(
            ProxyHeadersMiddleware,
            trusted_hosts=[str(network) for network in settings.trusted_proxies],
        )
    app.mount("/static", StaticFiles(directory=str(ROOT / "static")), name="static")
    for module in (
        auth,
        annotate,
        lead,
        runs,
        generate,
        arena,
        admin,
        audit,
        batches,
        analysis,
        judges,
    ):
        app.include_router(module.router)
    install_error_handlers(app)

    @app.middleware("http")
    async def security_headers(request: Request, call_next: Any) -> StarletteResponse:
        response: StarletteResponse = await call_next(request)
        response.headers.setdefault("X-Frame-Options", "DENY")
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        response.headers.setdefault(
            "Content-Security-Policy",
            "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
            "frame-ancestors 'none'; form-action 'self'",
        )
        return response

    favicon = (ROOT / "static" / "favicon.svg").read_bytes()

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon_ico() -> StarletteResponse:
        # browsers ask for /favicon.ico whatever the page links: answer with the SVG icon
        return StarletteResponse(
            favicon, media_type="image/svg+xml", headers={"Cache-Control": "public, max-age=86400"}
        )

    @app.get("/healthz", include_in_schema=False)
    def healthz() -> dict[str, str]:
        return {"status": "ok"}

    return app
