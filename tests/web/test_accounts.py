"""Accounts over HTTP: log-out everywhere, throttling, the admin page and its role checks."""

from __future__ import annotations

import html
import re
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

import httpx
import pytest
import uvicorn
from fastapi.testclient import TestClient
from sqlmodel import Session, col, func, select
from typer.testing import CliRunner

from app.models import User
from app.models.base import utcnow
from app.models.users import LoginAttempt
from app.users import service as users_service
from app.web.pages.auth import clock
from tests.factories import make_user

PASSWORD = "password-123"
ALERT = re.compile(r'role="alert"[^>]*>([^<]+)<')


def _alert(html: str) -> str:
    match = ALERT.search(html)
    assert match, "no alert on the page"
    return match.group(1)


def _users(session: Session) -> int:
    return int(session.exec(select(func.count()).select_from(User)).one())


def _post_login(browser, username: str, password: str):
    browser.refresh_token("/login")
    return browser.client.post(
        "/login",
        data={"username": username, "password": password, "csrf_token": browser.token},
        follow_redirects=False,
    )


@pytest.fixture
def admin(session: Session) -> User:
    return make_user(session, role="admin")


@pytest.fixture
def admin_browser(make_browser, admin: User):
    browser = make_browser()
    browser.login(admin.username)
    browser.refresh_token("/admin/users")
    return browser


# ---------------------------------------------------------------------------------------------
# log-in and log-out


def test_logout_ends_the_session_everywhere_and_a_replayed_cookie_is_refused(
    session: Session, make_browser
) -> None:
    user = make_user(session)
    browser, other_device = make_browser(), make_browser()
    browser.login(user.username)
    other_device.login(user.username)
    old_cookie = browser.client.cookies.get("halo_session")
    assert old_cookie
    response = browser.client.post(
        "/logout", data={"csrf_token": browser.token}, follow_redirects=False
    )
    assert response.status_code == 303 and response.headers["location"] == "/login?logged_out=1"
    page = browser.client.get(response.headers["location"])
    assert "logged out on every browser and device" in page.text
    replay = make_browser()
    replay.client.cookies.set("halo_session", old_cookie)
    answer = replay.client.get("/annotate", follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"] == "/login?next=/annotate"
    assert other_device.client.get("/annotate", follow_redirects=False).status_code == 303


def test_a_replayed_cookie_cannot_log_the_new_session_out(session: Session, make_browser) -> None:
    user = make_user(session)
    first = make_browser()
    first.login(user.username)
    old_cookie, old_token = first.client.cookies.get("halo_session"), first.token
    first.client.post("/logout", data={"csrf_token": first.token})
    fresh = make_browser()
    fresh.login(user.username)
    replay = make_browser()
    replay.client.cookies.set("halo_session", old_cookie)
    replay.client.post("/logout", data={"csrf_token": old_token})
    assert fresh.client.get("/annotate", follow_redirects=False).status_code == 200


def test_usernames_are_case_insensitive_at_login(session: Session, make_browser) -> None:
    user = make_user(session)
    browser = make_browser()
    browser.login(user.username.upper())
    assert browser.client.get("/annotate", follow_redirects=False).status_code == 200


def test_the_login_page_states_the_limits_the_code_applies(make_browser) -> None:
    from app.users.service import MAX_FAILURES_PER_IP, MAX_FAILURES_PER_USERNAME

    page = make_browser().client.get("/login").text
    assert (
        f"After {MAX_FAILURES_PER_USERNAME} failed attempts for a username (or "
        f"{MAX_FAILURES_PER_IP} from one address) within 15 minutes" in page
    )


def test_wrong_current_passwords_are_throttled_like_log_ins(session: Session, make_browser) -> None:
    """A borrowed session cannot test current-password guesses without limit."""
    user = make_user(session)
    browser = make_browser()
    browser.login(user.username)
    browser.refresh_token("/account/password")

    def change(current: str):
        return browser.client.post(
            "/account/password",
            data={
                "csrf_token": browser.token,
                "current_password": current,
                "new_password": "brand-new-pass-1",
                "repeat_password": "brand-new-pass-1",
            },
        )

    for _ in range(5):
        assert change("wrong-guess-1").status_code == 422
    refused = change(PASSWORD)  # even the right one is not checked now
    assert refused.status_code == 429 and "Too many failed" in _alert(refused.text)
    session.refresh(user)
    assert user.session_epoch == 0  # unchanged
    # the guesses count against logging in with that username too
    assert _post_login(make_browser(), user.username, PASSWORD).status_code == 429


# ---------------------------------------------------------------------------------------------
# the address log-ins are throttled under: X-Forwarded-For only from FORWARDED_ALLOW_IPS


@contextmanager
def _served_like_halo_serve(monkeypatch: pytest.MonkeyPatch) -> Iterator[httpx.Client]:
    """The app served exactly as ``halo serve`` configures uvicorn (its arguments captured from
    the command), on a free port of 127.0.0.1 — the address uvicorn believes proxy headers from
    by default. Yields a client connected from 127.0.0.1."""
    from app import cli as halo

    captured: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: captured.update(app=app, **kwargs))
    result = CliRunner().invoke(halo.cli, ["serve", "--host", "127.0.0.1", "--port", "1"])
    assert result.exit_code == 0, result.output
    app = captured.pop("app")
    for key in ("host", "port", "reload"):
        captured.pop(key)
    config = uvicorn.Config(app, log_level="warning", lifespan="off", **captured)
    server = uvicorn.Server(config)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline, "server did not start"
        time.sleep(0.02)
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{sock.getsockname()[1]}") as client:
            yield client
    finally:
        server.should_exit = True
        thread.join(5)
        sock.close()


def _fail_login(client: httpx.Client, username: str, forwarded_for: str) -> httpx.Response:
    match = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/login").text)
    assert match
    return client.post(
        "/login",
        data={"username": username, "password": "wrong-password", "csrf_token": match.group(1)},
        headers={"X-Forwarded-For": forwarded_for},
    )


def _recorded_addresses() -> list[str]:
    from app.db import session_scope

    with session_scope() as s:
        return list(s.exec(select(LoginAttempt.ip).order_by(col(LoginAttempt.id))).all())


def test_forged_x_forwarded_for_cannot_dodge_the_address_throttle(
    live_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A client that sends a new X-Forwarded-For (and a new username) with every guess is still
    counted under its own address, even connecting from 127.0.0.1."""
    monkeypatch.setattr(users_service, "MAX_FAILURES_PER_IP", 3)
    with _served_like_halo_serve(monkeypatch) as client:
        for index in range(3):
            answer = _fail_login(client, f"guess-{index}", f"198.51.100.{index}")
            assert answer.status_code == 401
        refused = _fail_login(client, "guess-3", "198.51.100.3")
    assert refused.status_code == 429
    assert "from your network address" in html.unescape(_alert(refused.text))
    assert _recorded_addresses() == ["127.0.0.1"] * 3


def test_an_allowed_proxys_x_forwarded_for_is_honoured(
    live_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Behind a listed proxy each client is counted under its own address: the right-most one
    the proxy appended, not one the client put in front of it."""
    from app.settings import get_settings

    monkeypatch.setattr(users_service, "MAX_FAILURES_PER_IP", 3)
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "10.0.0.0/8, 127.0.0.1")
    get_settings.cache_clear()
    with _served_like_halo_serve(monkeypatch) as client:
        for index in range(3):
            assert _fail_login(client, f"guess-{index}", "203.0.113.7").status_code == 401
        # the client prepended an address; the proxy appended the real one
        spoofed = _fail_login(client, "guess-3", "198.51.100.9, 203.0.113.7")
        behind_two = _fail_login(client, "guess-4", "203.0.113.7, 10.1.2.3")
        other = _fail_login(client, "guess-5", "198.51.100.9")
    assert spoofed.status_code == 429 and behind_two.status_code == 429
    assert other.status_code == 401  # another client behind the same proxy is not locked
    assert _recorded_addresses() == ["203.0.113.7"] * 3 + ["198.51.100.9"]


def test_the_app_reads_proxy_headers_only_from_listed_networks(
    session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The setting alone decides, whatever server runs the app (here no uvicorn at all)."""
    from app.db import get_session
    from app.main import create_app
    from app.settings import get_settings

    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "10.1.2.0/24")
    get_settings.cache_clear()
    try:
        app = create_app()
    finally:
        get_settings.cache_clear()
    app.dependency_overrides[get_session] = lambda: session
    for peer, expected in (("10.1.2.3", "203.0.113.7"), ("10.1.3.3", "10.1.3.3")):
        with TestClient(app, client=(peer, 40000)) as client:
            answer = _fail_login(client, f"from-{peer}", "203.0.113.7")  # type: ignore[arg-type]
        assert answer.status_code == 401
        recorded = session.exec(
            select(LoginAttempt.ip).where(LoginAttempt.username == f"from-{peer}")
        ).one()
        assert recorded == expected, peer


def test_empty_login_fields_show_the_form_with_an_error(make_browser) -> None:
    browser = make_browser()
    browser.refresh_token()
    for data in ({}, {"username": "someone"}, {"username": "  ", "password": "x"}):
        response = browser.client.post("/login", data={"csrf_token": browser.token, **data})
        assert response.status_code == 422
        assert response.headers["content-type"].startswith("text/html")
        assert "Enter both your username and your password" in _alert(response.text)
        assert 'action="/login"' in response.text


def test_five_bad_passwords_lock_the_username_even_for_the_right_one(
    session: Session, make_browser
) -> None:
    user = make_user(session)
    browser = make_browser()
    now = [utcnow()]
    browser.client.app.dependency_overrides[clock] = lambda: now[0]
    for _ in range(5):
        assert _post_login(browser, user.username, "wrong-password").status_code == 401
    locked = _post_login(browser, user.username.upper(), PASSWORD)
    assert locked.status_code == 429
    assert "Too many failed log-in attempts" in _alert(locked.text)
    assert int(locked.headers["Retry-After"]) == 15 * 60
    assert browser.client.get("/annotate", follow_redirects=False).status_code == 303
    now[0] += timedelta(minutes=14)
    assert _post_login(browser, user.username, PASSWORD).status_code == 429
    now[0] += timedelta(minutes=1, seconds=1)
    assert _post_login(browser, user.username, PASSWORD).status_code == 303
    assert browser.client.get("/annotate", follow_redirects=False).status_code == 200


def test_a_deactivated_user_cannot_log_in_and_their_session_ends(
    session: Session, make_browser, admin_browser
) -> None:
    user = make_user(session)
    live = make_browser()
    live.login(user.username)
    assert live.client.get("/annotate", follow_redirects=False).status_code == 200
    response = admin_browser.client.post(
        f"/admin/users/{user.id}/deactivate", data={"csrf_token": admin_browser.token}
    )
    assert response.status_code == 200 and "deactivated" in response.text
    assert live.client.get("/annotate", follow_redirects=False).status_code == 303
    refused = _post_login(make_browser(), user.username, PASSWORD)
    assert refused.status_code == 403 and "deactivated" in _alert(refused.text)
    admin_browser.client.post(
        f"/admin/users/{user.id}/reactivate", data={"csrf_token": admin_browser.token}
    )
    assert _post_login(make_browser(), user.username, PASSWORD).status_code == 303


def test_changing_ones_password_keeps_this_session_and_ends_the_others(
    session: Session, make_browser
) -> None:
    user = make_user(session)
    here, elsewhere = make_browser(), make_browser()
    here.login(user.username)
    elsewhere.login(user.username)
    here.refresh_token("/account/password")
    form = {"csrf_token": here.token, "current_password": PASSWORD}
    weak = here.client.post(
        "/account/password", data={**form, "new_password": "short", "repeat_password": "short"}
    )
    assert weak.status_code == 422 and "at least 10" in _alert(weak.text)
    done = here.client.post(
        "/account/password",
        data={**form, "new_password": "brand-new-pw", "repeat_password": "brand-new-pw"},
    )
    assert done.status_code == 200 and "Password changed" in done.text
    assert here.client.get("/annotate", follow_redirects=False).status_code == 200
    assert elsewhere.client.get("/annotate", follow_redirects=False).status_code == 303
    assert _post_login(make_browser(), user.username, "brand-new-pw").status_code == 303


# ---------------------------------------------------------------------------------------------
# the admin page: role checks and CSRF


def test_admin_pages_refuse_other_roles(session: Session, make_browser, admin: User) -> None:
    target = make_user(session)
    anonymous = make_browser()
    response = anonymous.client.get("/admin/users", follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"].startswith("/login")
    for role in ("annotator", "researcher", "lead"):
        browser = make_browser()
        browser.login(make_user(session, role=role).username)
        expected = 200 if role == "lead" else 403
        assert browser.client.get("/admin/users").status_code == expected
        before = _users(session)
        posts = {
            "/admin/users": {"username": "sneaky", "role": "admin", "password": PASSWORD},
            f"/admin/users/{target.id}/role": {"role": "admin"},
            f"/admin/users/{target.id}/deactivate": {},
            f"/admin/users/{target.id}/reactivate": {},
            f"/admin/users/{target.id}/reset-password": {},
        }
        for path, data in posts.items():
            answer = browser.client.post(path, data={"csrf_token": browser.token, **data})
            assert answer.status_code == 403, (role, path)
        assert _users(session) == before
        session.refresh(target)
        assert target.role == "annotator" and target.is_active and target.session_epoch == 0


def test_leads_see_the_list_and_may_only_create_annotators(
    session: Session, make_browser, admin: User
) -> None:
    browser = make_browser()
    browser.login(make_user(session, role="lead").username)
    browser.refresh_token("/admin/users")
    page = browser.client.get("/admin/users")
    assert admin.username in page.text and admin.pseudonym in page.text
    assert "/deactivate" not in page.text and "/role" not in page.text  # no account changes
    form = page.text.split('action="/admin/users"', 1)[1].split("</form>", 1)[0]
    assert re.findall(r'<option value="([a-z]+)"', form) == ["annotator"]
    created = browser.client.post(
        "/admin/users",
        data={"csrf_token": browser.token, "username": "new-annotator", "role": "annotator"},
    )
    assert created.status_code == 200 and 'id="one-time-password"' in created.text
    person = session.exec(select(User).where(User.username == "new-annotator")).one()
    assert person.role == "annotator" and person.pseudonym.startswith("A")
    before = _users(session)
    for role in ("lead", "researcher", "admin"):
        refused = browser.client.post(
            "/admin/users",
            data={
                "csrf_token": browser.token,
                "username": f"new-{role}",
                "role": role,
                "password": PASSWORD,
            },
        )
        assert refused.status_code == 403 and "ask an admin" in _alert(refused.text), role
    assert _users(session) == before
    # the role of an account stays an admin's decision
    assert (
        browser.client.post(
            f"/admin/users/{person.id}/role", data={"csrf_token": browser.token, "role": "lead"}
        ).status_code
        == 403
    )
    session.refresh(person)
    assert person.role == "annotator"


def test_admin_posts_without_csrf_are_refused(session: Session, admin_browser, admin: User) -> None:
    target = make_user(session)
    before = _users(session)
    response = admin_browser.client.post(
        "/admin/users", data={"username": "nocsrf", "role": "annotator", "password": PASSWORD}
    )
    assert response.status_code == 403
    wrong = admin_browser.client.post(
        f"/admin/users/{target.id}/deactivate", data={"csrf_token": "forged"}
    )
    assert wrong.status_code == 403
    assert _users(session) == before
    session.refresh(target)
    assert target.is_active


# ---------------------------------------------------------------------------------------------
# the admin page: actions


def test_create_with_a_one_time_password_that_works(
    session: Session, make_browser, admin_browser
) -> None:
    response = admin_browser.client.post(
        "/admin/users",
        data={"csrf_token": admin_browser.token, "username": "New.Person", "role": "lead"},
    )
    assert response.status_code == 200 and response.headers["Cache-Control"] == "no-store"
    created = session.exec(select(User).where(User.username == "new.person")).one()
    assert created.role == "lead" and created.pseudonym.startswith("L")
    password = re.search(r'id="one-time-password">.*?<code>([^<]+)</code>', response.text, re.S)
    assert password
    assert _post_login(make_browser(), "NEW.PERSON", password.group(1)).status_code == 303
    again = admin_browser.client.get("/admin/users")
    assert password.group(1) not in again.text


@pytest.mark.parametrize(
    "form,status,reason",
    [
        ({"username": "ok-name", "role": "annotator", "password": "short"}, 422, "at least 10"),
        ({"username": "ok-name", "role": "annotator", "password": " " * 12}, 422, "whitespace"),
        ({"username": "no", "role": "annotator", "password": PASSWORD}, 422, "3 to 64"),
        ({"username": "bad name", "role": "annotator", "password": PASSWORD}, 422, "username"),
        ({"username": "ok-name", "role": "owner", "password": PASSWORD}, 422, "role must be"),
        ({"username": "", "role": "", "password": ""}, 422, "role must be"),
    ],
)
def test_bad_create_input_writes_nothing(
    session: Session, admin_browser, form, status, reason
) -> None:
    before = _users(session)
    response = admin_browser.client.post(
        "/admin/users", data={"csrf_token": admin_browser.token, **form}
    )
    assert response.status_code == status and reason in _alert(response.text)
    assert _users(session) == before


def test_duplicate_username_in_another_case_is_refused(
    session: Session, admin_browser, admin: User
) -> None:
    before = _users(session)
    response = admin_browser.client.post(
        "/admin/users",
        data={
            "csrf_token": admin_browser.token,
            "username": admin.username.upper(),
            "role": "annotator",
            "password": PASSWORD,
        },
    )
    assert response.status_code == 409 and "taken" in _alert(response.text)
    assert _users(session) == before


def test_change_role_and_reset_password(session: Session, make_browser, admin_browser) -> None:
    target = make_user(session)
    live = make_browser()
    live.login(target.username)
    token = admin_browser.token
    bad = admin_browser.client.post(
        f"/admin/users/{target.id}/role", data={"csrf_token": token, "role": "king"}
    )
    assert bad.status_code == 422 and "role must be" in _alert(bad.text)
    done = admin_browser.client.post(
        f"/admin/users/{target.id}/role", data={"csrf_token": token, "role": "researcher"}
    )
    assert done.status_code == 200 and f"{target.username} is now researcher" in done.text
    session.refresh(target)
    assert target.role == "researcher"
    reset = admin_browser.client.post(
        f"/admin/users/{target.id}/reset-password", data={"csrf_token": token}
    )
    password = re.search(r'id="one-time-password">.*?<code>([^<]+)</code>', reset.text, re.S)
    assert reset.status_code == 200 and password
    assert live.client.get("/lead", follow_redirects=False).status_code == 303
    assert _post_login(make_browser(), target.username, PASSWORD).status_code == 401
    assert _post_login(make_browser(), target.username, password.group(1)).status_code == 303
    missing = admin_browser.client.post("/admin/users/999999999/role", data={"csrf_token": token})
    assert missing.status_code == 404


def test_last_admin_and_self_protection(session: Session, admin_browser, admin: User) -> None:
    token = admin_browser.token
    own = admin_browser.client.post(
        f"/admin/users/{admin.id}/deactivate", data={"csrf_token": token}
    )
    assert own.status_code == 422 and "your own account" in _alert(own.text)
    demote = admin_browser.client.post(
        f"/admin/users/{admin.id}/role", data={"csrf_token": token, "role": "lead"}
    )
    assert demote.status_code == 422 and "last active admin" in _alert(demote.text)
    reset = admin_browser.client.post(
        f"/admin/users/{admin.id}/reset-password", data={"csrf_token": token}
    )
    assert reset.status_code == 422
    session.refresh(admin)
    assert admin.role == "admin" and admin.is_active and admin.session_epoch == 0
    assert admin_browser.client.get("/admin/users").status_code == 200
