"""The last-admin guard under simultaneous requests on PostgreSQL (row locks on the admins)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session, col, select

from app.db import session_scope
from app.main import create_app
from app.models import User
from app.users import service
from app.users.service import create_user
from tests.web.conftest import Browser

PASSWORD = "admin-password-1"


@pytest.fixture
def admins(live_db: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """Two active admins on a committed database; counting admins is slowed down so that two
    requests overlap inside the guard (each would see two admins without the lock)."""
    with session_scope() as s:
        first = create_user(s, username="root-one", password=PASSWORD, role="admin")
        second = create_user(s, username="root-two", password=PASSWORD, role="admin")
        assert first.id is not None and second.id is not None
        ids = (first.id, second.id)
    locked = service._lock_active_admins

    def slow(session: Session) -> int:
        count = locked(session)
        time.sleep(0.4)
        return count

    monkeypatch.setattr(service, "_lock_active_admins", slow)
    return ids


def _at_once(*jobs: Callable[[], int]) -> list[int]:
    barrier = threading.Barrier(len(jobs))
    results: list[int] = [0] * len(jobs)

    def run(index: int) -> None:
        barrier.wait()
        results[index] = jobs[index]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(jobs))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return results


def _active_admins() -> list[str]:
    with session_scope() as s:
        return list(
            s.exec(select(User.username).where(User.role == "admin", col(User.is_active))).all()
        )


@pytest.mark.parametrize(
    ("first_action", "second_action"),
    [("deactivate", "deactivate"), ("role", "deactivate"), ("role", "role")],
)
def test_two_admins_removing_each_other_at_once_leave_one(
    admins: tuple[int, int], first_action: str, second_action: str
) -> None:
    app = create_app()
    browsers = []
    for name in ("root-one", "root-two"):
        browser = Browser(TestClient(app))
        browser.login(name, PASSWORD)
        browser.refresh_token("/admin/users")
        browsers.append(browser)
    one, two = admins

    def act(browser: Browser, action: str, target: int) -> Callable[[], int]:
        data = {"csrf_token": browser.token}
        if action == "role":
            data["role"] = "lead"
        return lambda: browser.client.post(f"/admin/users/{target}/{action}", data=data).status_code

    try:
        statuses = _at_once(
            act(browsers[0], first_action, two), act(browsers[1], second_action, one)
        )
    finally:
        for browser in browsers:
            browser.client.close()
    assert sorted(statuses) == [200, 422], statuses
    assert len(_active_admins()) == 1


def test_the_guard_still_refuses_alone(admins: tuple[int, int]) -> None:
    one, two = admins
    with session_scope() as s:
        service.deactivate_user(s, user_id=two, actor_id=one)
    with session_scope() as s, pytest.raises(Exception, match="last active admin"):
        service.set_role(s, user_id=one, role="lead")
    assert _active_admins() == ["root-one"]
