"""A TestClient whose requests share the test's SAVEPOINT-wrapped session."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session

from app.db import get_session
from app.main import create_app

TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')


class Browser:
    """A TestClient that logs in and keeps the current CSRF token."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.token = ""
        self.user: object = None  # the account it logs in as, when a fixture records it

    def refresh_token(self, path: str = "/login") -> str:
        page = self.client.get(path)
        match = TOKEN.search(page.text)
        assert match, f"no CSRF token on {path}"
        self.token = match.group(1)
        return self.token

    def login(self, username: str, password: str = "password-123") -> None:
        self.refresh_token("/login")
        response = self.client.post(
            "/login",
            data={"username": username, "password": password, "csrf_token": self.token},
            follow_redirects=False,
        )
        assert response.status_code == 303, response.text
        self.refresh_token(response.headers["location"])


@pytest.fixture
def make_browser(session: Session) -> Iterator[Callable[[], Browser]]:
    app = create_app()

    def override() -> Iterator[Session]:
        yield session

    app.dependency_overrides[get_session] = override
    clients: list[TestClient] = []

    def factory() -> Browser:
        client = TestClient(app)
        clients.append(client)
        return Browser(client)

    yield factory
    for client in clients:
        client.close()


@pytest.fixture
def researcher(session: Session, make_browser, monkeypatch: pytest.MonkeyPatch) -> Browser:
    """A logged-in researcher whose runs are produced at once in the test's session."""
    from sqlmodel import select

    import app.web.pages.runs as runs_page
    from app.models import Response
    from app.runs.service import execute_response
    from tests.factories import make_user

    def dispatch_in_test_session(run_id: int, background: object) -> None:
        for response_id in session.exec(
            select(Response.id).where(Response.run_id == run_id, Response.status == "pending")
        ).all():
            execute_response(session, response_id)

    monkeypatch.setattr(runs_page, "_dispatch", dispatch_in_test_session)
    browser = make_browser()
    browser.user = make_user(session, role="researcher")
    browser.login(browser.user.username)
    return browser
