"""Log-in (throttled), log-out everywhere, one's own password, and the role-based home redirect."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Form, Request
from starlette.responses import RedirectResponse, Response

from app.db import SessionDep
from app.errors import UnprocessableError
from app.models import User
from app.models.base import utcnow
from app.users.service import (
    MAX_FAILURES_PER_IP,
    MAX_FAILURES_PER_USERNAME,
    THROTTLE_LOCK,
    THROTTLE_WINDOW,
    AccountDeactivated,
    LoginThrottled,
    change_password,
    end_sessions,
    log_in,
)
from app.vocabulary import Role
from app.web.deps import CurrentUser, session_user, start_session, verify_csrf
from app.web.templating import render

router = APIRouter(dependencies=[Depends(verify_csrf)])

HOME: dict[str, str] = {
    Role.ANNOTATOR: "/annotate",
    Role.LEAD: "/lead",
    Role.RESEARCHER: "/lead",
    Role.ADMIN: "/lead",
}
LOGGED_OUT = "You are logged out on every browser and device where this account was logged in."


def clock() -> datetime:
    """The current time; tests override this dependency with a fake clock."""
    return utcnow()


Now = Annotated[datetime, Depends(clock)]
OptionalField = Annotated[str | None, Form()]


def _minutes(span: timedelta) -> int:
    return int(span.total_seconds() // 60)


def _client_ip(request: Request) -> str:
    """The address log-ins are throttled under.

    The connection's peer, or the client a proxy listed in ``FORWARDED_ALLOW_IPS`` forwarded for
    (see :func:`app.main.create_app`); a header from anyone else is ignored.
    """
    return request.client.host if request.client else "unknown"


THROTTLE_NOTE = (
    f"After {MAX_FAILURES_PER_USERNAME} failed attempts for a username (or "
    f"{MAX_FAILURES_PER_IP} from one address) within {_minutes(THROTTLE_WINDOW)} minutes, "
    f"log-in pauses for {_minutes(THROTTLE_LOCK)} minutes."
)
"""The throttling rule as the log-in page states it, from the constants the code applies."""


def _safe_next(target: str | None) -> str | None:
    if target and target.startswith("/") and not target.startswith("//"):
        return target
    return None


def _login_form(
    request: Request,
    *,
    next: str | None,
    error: str | None = None,
    notice: str | None = None,
    username: str = "",
    status_code: int = 200,
    headers: dict[str, str] | None = None,
) -> Response:
    context: dict[str, Any] = {
        "next": _safe_next(next),
        "error": error,
        "notice": notice,
        "username": username,
        "throttle_note": THROTTLE_NOTE,
    }
    return render(request, "auth/login.html", context, status_code=status_code, headers=headers)


@router.get("/login")
def login_page(request: Request, next: str | None = None, logged_out: int = 0) -> Response:
    """The log-in form; `logged_out` adds the note that every session ended."""
    return _login_form(request, next=next, notice=LOGGED_OUT if logged_out else None)


@router.post("/login")
def login(
    request: Request,
    session: SessionDep,
    now: Now,
    username: OptionalField = None,
    password: OptionalField = None,
    next: OptionalField = None,
) -> Response:
    """Check the credentials under throttling and start a session."""
    username, password = (username or "").strip(), password or ""
    if not username or not password:
        return _login_form(
            request,
            next=next,
            error="Enter both your username and your password.",
            username=username,
            status_code=422,
        )
    ip = _client_ip(request)
    try:
        user = log_in(session, username=username, password=password, ip=ip, now=now)
    except LoginThrottled as exc:
        return _login_form(
            request,
            next=next,
            error=str(exc),
            username=username,
            status_code=429,
            headers={"Retry-After": str(exc.retry_after)},
        )
    except AccountDeactivated as exc:
        return _login_form(request, next=next, error=str(exc), username=username, status_code=403)
    if user is None:
        return _login_form(
            request,
            next=next,
            error="Unknown username or wrong password.",
            username=username,
            status_code=401,
        )
    start_session(request, user)
    return RedirectResponse(_safe_next(next) or HOME[user.role], status_code=303)


@router.post("/logout")
def logout(
    request: Request,
    session: SessionDep,
    user: Annotated[User | None, Depends(session_user)],
) -> Response:
    """End this account's sessions everywhere, then show the log-in page."""
    # Only a live session may end the others: a replayed old cookie just gets cleared.
    if user is not None and user.id is not None:
        end_sessions(session, user_id=user.id)
    request.session.clear()
    return RedirectResponse("/login?logged_out=1", status_code=303)


@router.get("/account/password")
def password_page(request: Request, user: CurrentUser) -> Response:
    """The form to change one's own password."""
    return render(request, "auth/password.html", {"error": None, "notice": None})


@router.post("/account/password")
def password_change(
    request: Request,
    session: SessionDep,
    user: CurrentUser,
    now: Now,
    current_password: OptionalField = None,
    new_password: OptionalField = None,
    repeat_password: OptionalField = None,
) -> Response:
    """Change one's own password; this session stays, every other ends."""
    assert user.id is not None
    try:
        if (new_password or "") != (repeat_password or ""):
            raise UnprocessableError("the two new passwords differ", "repeat_password")
        changed = change_password(
            session,
            user_id=user.id,
            current_password=current_password or "",
            new_password=new_password or "",
            ip=_client_ip(request),
            now=now,
        )
    except UnprocessableError as exc:
        return render(
            request, "auth/password.html", {"error": str(exc), "notice": None}, status_code=422
        )
    except LoginThrottled as exc:
        return render(
            request,
            "auth/password.html",
            {"error": str(exc), "notice": None},
            status_code=429,
            headers={"Retry-After": str(exc.retry_after)},
        )
    start_session(request, changed)  # this browser stays logged in; every other session ended
    return render(
        request,
        "auth/password.html",
        {
            "error": None,
            "notice": "Password changed. Every other session of this account has ended.",
        },
    )


@router.get("/")
def home(user: CurrentUser) -> Response:
    """Send the user to their role's start page."""
    return RedirectResponse(HOME[user.role], status_code=303)
