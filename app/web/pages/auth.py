"""Log-in, log-out and the role-based home redirect."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Form, Request
from starlette.responses import RedirectResponse, Response

from app.db import SessionDep
from app.users.service import authenticate
from app.web.deps import CurrentUser, verify_csrf
from app.web.templating import render

router = APIRouter(dependencies=[Depends(verify_csrf)])

HOME = {"annotator": "/annotate", "lead": "/lead", "researcher": "/lead", "admin": "/lead"}


def _safe_next(target: str | None) -> str | None:
    if target and target.startswith("/") and not target.startswith("//"):
        return target
    return None


@router.get("/login")
def login_page(request: Request, next: str | None = None) -> Response:
    return render(request, "auth/login.html", {"next": _safe_next(next), "error": None})


@router.post("/login")
def login(
    request: Request,
    session: SessionDep,
    username: Annotated[str, Form()],
    password: Annotated[str, Form()],
    next: Annotated[str | None, Form()] = None,
) -> Response:
    user = authenticate(session, username, password)
    if user is None:
        return render(
            request,
            "auth/login.html",
            {
                "next": _safe_next(next),
                "error": "Unknown username or wrong password.",
                "username": username,
            },
            status_code=401,
        )
    request.session.clear()
    request.session["user_id"] = user.id
    return RedirectResponse(_safe_next(next) or HOME[user.role], status_code=303)


@router.post("/logout")
def logout(request: Request) -> Response:
    request.session.clear()
    return RedirectResponse("/login", status_code=303)


@router.get("/")
def home(user: CurrentUser) -> Response:
    return RedirectResponse(HOME[user.role], status_code=303)
