"""The FastAPI application: routers, static files, sessions and error handlers."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from starlette.middleware.sessions import SessionMiddleware

from app.settings import ROOT, get_settings
from app.web.errors import install_error_handlers
from app.web.pages import annotate, auth, lead, runs


def create_app() -> FastAPI:
    """Build the app from the current settings."""
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
    app.mount("/static", StaticFiles(directory=str(ROOT / "static")), name="static")
    for module in (auth, annotate, lead, runs):
        app.include_router(module.router)
    install_error_handlers(app)

    @app.get("/healthz", include_in_schema=False)
    def healthz() -> dict[str, str]:
        return {"status": "ok"}

    return app
