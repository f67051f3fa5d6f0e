"""Pages answer a database outage with the app's own 503 page, and the same HTTP connection
works again once the database is back (issue 11, item 4), on a real PostgreSQL database that
refuses connections for the test."""

from __future__ import annotations

from fastapi.testclient import TestClient

from app.db import get_engine, session_scope
from app.main import create_app
from tests.factories import make_user
from tests.web.conftest import Browser
from tests.workers.test_transient_errors import _set_connections


def test_a_database_outage_gets_the_503_page_and_the_next_request_works(live_db: str) -> None:
    with session_scope() as session:
        user = make_user(session, role="researcher")
        session.commit()
        username = user.username
    with TestClient(create_app()) as client:
        browser = Browser(client)
        browser.login(username)
        assert client.get("/runs", headers={"Accept": "text/html"}).status_code == 200
        database = live_db.rsplit("/", 1)[1]
        _set_connections(database, allowed=False)
        try:
            page = client.get("/runs", headers={"Accept": "text/html"})
            assert page.status_code == 503
            assert page.headers["Retry-After"] == "5"
            assert "Database unavailable" in page.text
            assert "Everything already saved is kept" in page.text
            assert "retry in a moment" in page.text
            assert "Internal Server Error" not in page.text
            answer = client.get("/runs", headers={"Accept": "application/json"})
            assert answer.status_code == 503 and "not answering" in answer.json()["detail"]
        finally:
            _set_connections(database, allowed=True)
        again = client.get("/runs", headers={"Accept": "text/html"})
        assert again.status_code == 200 and "Database unavailable" not in again.text
    get_engine().dispose()
