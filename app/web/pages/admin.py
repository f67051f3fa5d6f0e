"""Account administration: accounts, roles, deactivation and passwords.

Admins create accounts, change roles, deactivate, reactivate and reset passwords; leads see the
list and create annotator accounts (issue "Annotation workflows", accounts and roles: "a lead
can create users"; the policy is :data:`app.users.service.CREATABLE_ROLES`).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Form, Request
from sqlmodel import Session
from starlette.responses import Response

from app.db import SessionDep
from app.errors import ConflictError, ForbiddenError, UnprocessableError
from app.models import User
from app.users import service
from app.vocabulary import ROLES, Role
from app.web.deps import AdminUser, LeadOrAdminUser, verify_csrf
from app.web.forms import DbId
from app.web.templating import is_htmx, render

router = APIRouter(prefix="/admin", dependencies=[Depends(verify_csrf)])

OptionalField = Annotated[str | None, Form()]
NO_STORE = {"Cache-Control": "no-store"}  # the page may carry a one-time password


def _page(
    request: Request,
    session: Session,
    viewer: User,
    *,
    error: str | None = None,
    notice: str | None = None,
    one_time: tuple[str, str] | None = None,
    values: dict[str, str] | None = None,
    status_code: int = 200,
) -> Response:
    listing = service.list_users(session)
    context: dict[str, Any] = {
        "users": listing.users,
        "active_admins": listing.active_admins,
        "held": listing.held,
        "roles": ROLES,
        "can_edit": viewer.role == Role.ADMIN,
        "creatable": service.creatable_roles(viewer),
        "error": error,
        "notice": notice,
        "one_time": one_time,
        "values": values or {},
    }
    return render(
        request,
        "admin/users.html",
        context,
        block="panel" if is_htmx(request) else None,
        status_code=status_code,
        headers=NO_STORE,
    )


def _refused(
    request: Request,
    session: Session,
    viewer: User,
    exc: UnprocessableError | ConflictError | ForbiddenError,
    values: dict[str, str] | None = None,
) -> Response:
    # Nothing was written: the services check everything before they change anything.
    status = {ConflictError: 409, ForbiddenError: 403}.get(type(exc), 422)
    return _page(request, session, viewer, error=str(exc), values=values, status_code=status)


@router.get("/users")
def users_page(request: Request, session: SessionDep, user: LeadOrAdminUser) -> Response:
    """The account list: admins may change it, leads create annotator accounts."""
    return _page(request, session, user)


@router.post("/users")
def create_user_view(
    request: Request,
    session: SessionDep,
    user: LeadOrAdminUser,
    username: OptionalField = None,
    role: OptionalField = None,
    password: OptionalField = None,
) -> Response:
    """Create an account; a blank password gets a one-time password shown once."""
    values = {"username": username or "", "role": role or ""}
    one_time = not password
    chosen = password or service.generate_password()
    try:
        created = service.create_user_as(
            session, actor=user, username=username or "", password=chosen, role=role or ""
        )
    except (UnprocessableError, ConflictError, ForbiddenError) as exc:
        return _refused(request, session, user, exc, values)
    return _page(
        request,
        session,
        user,
        notice=f"Created {created.role} {created.username} (pseudonym {created.pseudonym}).",
        one_time=(created.username, chosen) if one_time else None,
    )


@router.post("/users/{user_id}/role")
def set_role_view(
    request: Request,
    session: SessionDep,
    user: AdminUser,
    user_id: DbId,
    role: OptionalField = None,
) -> Response:
    """Change an account's role (never the last active admin's)."""
    try:
        changed = service.set_role(session, user_id=user_id, role=role or "")
    except (UnprocessableError, ConflictError) as exc:
        return _refused(request, session, user, exc)
    return _page(request, session, user, notice=f"{changed.username} is now {changed.role}.")


@router.post("/users/{user_id}/deactivate")
def deactivate_view(
    request: Request, session: SessionDep, user: AdminUser, user_id: DbId
) -> Response:
    """Deactivate an account and end its sessions (never one's own)."""
    try:
        changed = service.deactivate_user(session, user_id=user_id, actor_id=user.id)
    except (UnprocessableError, ConflictError) as exc:
        return _refused(request, session, user, exc)
    return _page(
        request,
        session,
        user,
        notice=f"{changed.username} is deactivated; their sessions have ended.",
    )


@router.post("/users/{user_id}/reactivate")
def reactivate_view(
    request: Request, session: SessionDep, user: AdminUser, user_id: DbId
) -> Response:
    """Let a deactivated account log in again."""
    changed = service.reactivate_user(session, user_id=user_id)
    return _page(request, session, user, notice=f"{changed.username} can log in again.")


@router.post("/users/{user_id}/reset-password")
def reset_password_view(
    request: Request, session: SessionDep, user: AdminUser, user_id: DbId
) -> Response:
    """Replace another account's password with a one-time password."""
    try:
        password = service.reset_password(session, user_id=user_id, actor_id=user.id)
    except (UnprocessableError, ConflictError) as exc:
        return _refused(request, session, user, exc)
    target = session.get(User, user_id)
    assert target is not None
    return _page(
        request,
        session,
        user,
        notice=f"{target.username}'s password was reset; their sessions have ended.",
        one_time=(target.username, password),
    )
