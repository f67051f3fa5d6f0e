"""Request dependencies: the current user, role checks and CSRF protection."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Annotated

from fastapi import Depends, Request

from app.db import SessionDep
from app.errors import ForbiddenError, NotFoundError
from app.models import User
from app.vocabulary import Role
from app.web.forms import NUL, refuse_nul

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
    r"""The guard every router installs: refuse NUL characters, then check the CSRF token.

    A state-changing request whose form field or ``X-CSRF-Token`` header is not the session's token
    is refused (double-submit in a signed session cookie).

    A NUL (``\x00``) in the address is a 404 (no page has one); in a query parameter or a form
    field it is a 422 naming the field (PostgreSQL cannot store it in text; see
    :func:`app.web.forms.refuse_nul`).

    Raises:
        NotFoundError: a NUL in the path.
        UnprocessableError: a NUL in a query parameter or a form field.
        CsrfFailed: a missing or wrong token.
    """
    if NUL in request.url.path:
        raise NotFoundError("There is no page at this address.")
    refuse_nul(request.query_params.multi_items(), "address")
    if request.method in SAFE_METHODS:
        return
    expected = request.session.get("csrf")
    sent = request.headers.get("X-CSRF-Token")
    form = None
    if request.headers.get("content-type", "").startswith(
        ("application/x-www-form-urlencoded", "multipart/form-data")
    ):
        form = await request.form()  # parsed once: the route reads the same cached form
        if sent is None:
            field = form.get("csrf_token")
            sent = field if isinstance(field, str) else None
    if not expected or not isinstance(sent, str) or not secrets.compare_digest(sent, expected):
        raise CsrfFailed
    if form is not None:
        refuse_nul(form.multi_items())


def start_session(request: Request, user: User) -> None:
    """Log `user` in on this browser: a fresh session holding the id and the account's epoch."""
    request.session.clear()
    request.session["user_id"] = user.id
    request.session["epoch"] = user.session_epoch


def session_user(request: Request, session: SessionDep) -> User | None:
    """The user this session belongs to, or None when it has none or it has ended.

    A session ends when the account is deactivated or its `session_epoch` moved on since log-in
    (log-out anywhere, a password change or reset); a signed cookie alone cannot be revoked.
    """
    user_id = request.session.get("user_id")
    epoch = request.session.get("epoch")
    user = session.get(User, user_id) if isinstance(user_id, int) else None
    if user is None or not user.is_active or type(epoch) is not int or epoch != user.session_epoch:
        request.session.pop("user_id", None)
        request.session.pop("epoch", None)
        return None
    request.state.user = user
    return user


def current_user(user: Annotated[User | None, Depends(session_user)]) -> User:
    """The logged-in, active user.

    Raises:
        LoginRequired: no session, an ended one or an inactive account.
    """
    if user is None:
        raise LoginRequired
    return user


CurrentUser = Annotated[User, Depends(current_user)]


def require_roles(*roles: Role) -> Callable[[User], User]:
    """A dependency that admits only users with one of `roles` (admins are admitted everywhere)."""

    def check(user: CurrentUser) -> User:
        if user.role not in roles and user.role != Role.ADMIN:
            raise ForbiddenError("your role does not give access to this page")
        return user

    return check


AnnotatorUser = Annotated[User, Depends(require_roles(Role.ANNOTATOR))]
LeadUser = Annotated[User, Depends(require_roles(Role.LEAD, Role.RESEARCHER))]
ResearcherUser = Annotated[User, Depends(require_roles(Role.RESEARCHER, Role.LEAD))]
AdminUser = Annotated[User, Depends(require_roles(Role.ADMIN))]
LeadOrAdminUser = Annotated[User, Depends(require_roles(Role.LEAD))]
