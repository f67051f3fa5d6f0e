"""Request dependencies: the current user, role checks and CSRF protection."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Annotated

from fastapi import Depends, Request

from app.db import SessionDep
from app.errors import ForbiddenError
from app.models import User

SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}


class LoginRequired(Exception):
    """No valid session: the error handler redirects to the log-in page."""


class CsrfFailed(Exception):
    """A state-changing request without the session's CSRF token."""


def csrf_token(request: Request) -> str:
    """The session's CSRF token, created on first use."""
    token = request.session.get("csrf")
    if not token:
        token = secrets.token_urlsafe(32)
        request.session["csrf"] = token
    return str(token)


async def verify_csrf(request: Request) -> None:
    """Refuse a state-changing request whose form field or ``X-CSRF-Token`` header is not the
    session's token (double-submit in a signed session cookie)."""
    if request.method in SAFE_METHODS:
        return
    expected = request.session.get("csrf")
    sent = request.headers.get("X-CSRF-Token")
    if sent is None and request.headers.get("content-type", "").startswith(
        ("application/x-www-form-urlencoded", "multipart/form-data")
    ):
        field = (await request.form()).get("csrf_token")
        sent = field if isinstance(field, str) else None
    if not expected or not isinstance(sent, str) or not secrets.compare_digest(sent, expected):
        raise CsrfFailed


def current_user(request: Request, session: SessionDep) -> User:
    """The logged-in, active user.

    Raises:
        LoginRequired: no session or an inactive account.
    """
    user_id = request.session.get("user_id")
    user = session.get(User, user_id) if isinstance(user_id, int) else None
    if user is None or not user.is_active:
        request.session.pop("user_id", None)
        raise LoginRequired
    request.state.user = user
    return user


CurrentUser = Annotated[User, Depends(current_user)]


def require_roles(*roles: str) -> Callable[[User], User]:
    """A dependency that admits only users with one of `roles` (admins are admitted everywhere)."""

    def check(user: CurrentUser) -> User:
        if user.role not in roles and user.role != "admin":
            raise ForbiddenError("your role does not give access to this page")
        return user

    return check


AnnotatorUser = Annotated[User, Depends(require_roles("annotator"))]
LeadUser = Annotated[User, Depends(require_roles("lead", "researcher"))]
ResearcherUser = Annotated[User, Depends(require_roles("researcher", "lead"))]
