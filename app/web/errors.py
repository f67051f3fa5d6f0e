"""Maps domain errors to HTTP responses in one place."""

from __future__ import annotations

from urllib.parse import quote

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from sqlalchemy.exc import (
    DataError,
    DBAPIError,
    DisconnectionError,
    InterfaceError,
    OperationalError,
)
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import JSONResponse, RedirectResponse, Response

from app.errors import ConflictError, ForbiddenError, NotFoundError, UnprocessableError
from app.web.deps import CsrfFailed, LoginRequired
from app.web.templating import render

STATUS = {NotFoundError: 404, ForbiddenError: 403, UnprocessableError: 422, ConflictError: 409}

DATABASE_AWAY = (OperationalError, InterfaceError, DisconnectionError, PoolTimeout)
"""What SQLAlchemy raises when the database is unreachable or restarting."""

DATABASE_AWAY_MESSAGE = (
    "The database is not answering right now, so this request was not carried out. "
    "Everything already saved is kept, and the annotation form keeps answers you have not "
    "sent yet in this browser: retry in a moment."
)
"""The 503 page's text (issue 11, item 4)."""

DATABASE_RETRY_AFTER_S = 5
"""The ``Retry-After`` of the 503 answer, in seconds."""


def install_error_handlers(app: FastAPI) -> None:
    """Register the handlers on `app`."""

    async def login_required(request: Request, exc: Exception) -> Response:
        target = request.url.path + (f"?{request.url.query}" if request.url.query else "")
        if request.headers.get("HX-Request") == "true":
            return Response(status_code=401, headers={"HX-Redirect": "/login"})
        return RedirectResponse(f"/login?next={quote(target)}", status_code=303)

    async def csrf_failed(request: Request, exc: Exception) -> Response:
        return render(
            request,
            "error.html",
            {
                "status": 403,
                "message": "The form expired or came from another site. "
                "Reload the page and try again.",
            },
            status_code=403,
        )

    async def domain_error(request: Request, exc: Exception) -> Response:
        status = next(code for cls, code in STATUS.items() if isinstance(exc, cls))
        return render(
            request, "error.html", {"status": status, "message": str(exc)}, status_code=status
        )

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, StarletteHTTPException)
        wants_html = "text/html" in request.headers.get(
            "accept", ""
        ) and not request.url.path.startswith("/static/")
        if not wants_html:
            return JSONResponse(
                {"detail": exc.detail},
                status_code=exc.status_code,
                headers=getattr(exc, "headers", None),
            )
        messages = {
            404: "There is no page at this address.",
            405: "This address does not accept that kind of request.",
            400: f"The request could not be read: {exc.detail}",
        }
        return render(
            request,
            "error.html",
            {"status": exc.status_code, "message": messages.get(exc.status_code, str(exc.detail))},
            status_code=exc.status_code,
        )

    async def invalid_request(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, RequestValidationError)
        where = "; ".join(
            f"{'.'.join(str(p) for p in err['loc'][1:]) or 'request'}: {err['msg']}"
            for err in exc.errors()
        )
        if "text/html" not in request.headers.get("accept", ""):
            return JSONResponse({"detail": where}, status_code=422)
        return render(
            request,
            "error.html",
            {"status": 422, "message": f"The address is not valid ({where})."},
            status_code=422,
        )

    async def unstorable_value(request: Request, exc: Exception) -> Response:
        # a backstop: pages check their input (app.web.forms), but a value the database cannot
        # hold (an integer out of range, text it cannot encode) is the sender's error, not ours
        message = (
            "A value in the request is out of range or cannot be stored "
            "(whole numbers up to 2147483647, text without NUL characters)."
        )
        if "text/html" not in request.headers.get("accept", ""):
            return JSONResponse({"detail": message}, status_code=422)
        return render(request, "error.html", {"status": 422, "message": message}, status_code=422)

    async def database_away(request: Request, exc: Exception) -> Response:
        # the pool's connections may all be broken: drop them, so the next request (on this
        # HTTP connection or another) opens a fresh one once the database is back
        from app.db import get_engine

        if not (isinstance(exc, DBAPIError) and exc.connection_invalidated):
            get_engine().dispose()
        headers = {"Retry-After": str(DATABASE_RETRY_AFTER_S)}
        if "text/html" not in request.headers.get("accept", ""):
            return JSONResponse({"detail": DATABASE_AWAY_MESSAGE}, status_code=503, headers=headers)
        return render(
            request,
            "error.html",
            {"status": 503, "message": DATABASE_AWAY_MESSAGE},
            status_code=503,
            headers=headers,
        )

    app.add_exception_handler(DataError, unstorable_value)
    for away in DATABASE_AWAY:
        app.add_exception_handler(away, database_away)
    app.add_exception_handler(StarletteHTTPException, http_error)
    app.add_exception_handler(RequestValidationError, invalid_request)
    app.add_exception_handler(LoginRequired, login_required)
    app.add_exception_handler(CsrfFailed, csrf_failed)
    for cls in STATUS:
        app.add_exception_handler(cls, domain_error)
