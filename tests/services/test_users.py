"""Account services on PostgreSQL: usernames, passwords, pseudonyms, roles, deactivation,
session epochs and log-in throttling with a fake clock."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlmodel import Session, func, select
from typer.testing import CliRunner

from app.errors import ConflictError, NotFoundError, UnprocessableError
from app.models import User
from app.models.users import LoginAttempt
from app.users import service
from app.users.service import (
    AccountDeactivated,
    LoginThrottled,
    authenticate,
    change_password,
    create_user,
    deactivate_user,
    end_sessions,
    log_in,
    reactivate_user,
    reset_password,
    set_role,
)
from tests.factories import make_user

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
GOOD = "correct-horse-1"
BAD = "wrong-password"


def _count(session: Session, model: type) -> int:
    return int(session.exec(select(func.count()).select_from(model)).one())


def _attempts(session: Session) -> int:
    return _count(session, LoginAttempt)


# ---------------------------------------------------------------------------------------------
# usernames, passwords, pseudonyms


def test_usernames_are_stored_lower_case_and_unique_in_any_case(session: Session) -> None:
    user = create_user(session, username="  Alice.B_2-x ", password=GOOD, role="annotator")
    assert user.username == "alice.b_2-x"
    with pytest.raises(ConflictError, match="taken"):
        create_user(session, username="ALICE.B_2-X", password=GOOD, role="lead")
    assert authenticate(session, "ALICE.b_2-X", GOOD) == user


@pytest.mark.parametrize("name", ["ab", "x" * 65, "bad name", "émile", "a/b", "ann@x", ""])
def test_bad_usernames_are_refused(session: Session, name: str) -> None:
    before = _count(session, User)
    with pytest.raises(UnprocessableError) as info:
        create_user(session, username=name, password=GOOD, role="annotator")
    assert info.value.field == "username"
    assert _count(session, User) == before


@pytest.mark.parametrize(
    "password,reason",
    [("short-pw1", "at least 10"), (" " * 12, "whitespace"), ("\t\n" * 6, "whitespace")],
)
def test_weak_passwords_are_refused(session: Session, password: str, reason: str) -> None:
    before = _count(session, User)
    with pytest.raises(UnprocessableError, match=reason) as info:
        create_user(session, username="weakling", password=password, role="annotator")
    assert info.value.field == "password"
    assert _count(session, User) == before


def test_bad_role_is_refused(session: Session) -> None:
    with pytest.raises(UnprocessableError) as info:
        create_user(session, username="someone", password=GOOD, role="boss")
    assert info.value.field == "role"


def test_pseudonyms_take_the_role_letter_and_the_next_number(session: Session) -> None:
    # a pseudonym of another form (as an import makes) does not disturb the numbering
    session.add(User(username="imported-p-x", pseudonym="P-x", role="annotator", password_hash="-"))
    session.commit()
    a1, a2 = make_user(session), make_user(session)
    lead, researcher, admin = (make_user(session, role=r) for r in ("lead", "researcher", "admin"))
    assert a1.pseudonym[0] == "A" and a1.pseudonym[1:].isdigit() and len(a1.pseudonym) >= 3
    assert int(a2.pseudonym[1:]) == int(a1.pseudonym[1:]) + 1
    assert (lead.pseudonym[0], researcher.pseudonym[0], admin.pseudonym[0]) == ("L", "R", "X")
    # the older generated form ("L07-3f2c") keeps its number taken
    session.add(User(username="old-lead", pseudonym="L40-3f2c", role="lead", password_hash="-"))
    session.commit()
    assert make_user(session, role="lead").pseudonym == "L41"
    given = create_user(session, username="given", password=GOOD, role="annotator", pseudonym="A90")
    assert given.pseudonym == "A90"
    assert int(make_user(session).pseudonym[1:]) == 91
    with pytest.raises(ConflictError):
        create_user(session, username="given2", password=GOOD, role="annotator", pseudonym="A90")
    with pytest.raises(UnprocessableError) as info:
        create_user(session, username="given3", password=GOOD, role="lead", pseudonym="A91")
    assert info.value.field == "pseudonym"


# ---------------------------------------------------------------------------------------------
# roles, deactivation, passwords, session epochs


def test_deactivate_ends_sessions_and_reactivate_restores(session: Session) -> None:
    admin, user = make_user(session, role="admin"), make_user(session, password=GOOD)
    epoch = user.session_epoch
    deactivate_user(session, user_id=user.id, actor_id=admin.id)
    assert not user.is_active and user.session_epoch == epoch + 1
    assert authenticate(session, user.username, GOOD) is None
    deactivate_user(session, user_id=user.id, actor_id=admin.id)  # already inactive: no change
    assert user.session_epoch == epoch + 1
    reactivate_user(session, user_id=user.id)
    assert user.is_active and authenticate(session, user.username, GOOD) == user


def test_an_admin_cannot_deactivate_themself(session: Session) -> None:
    admin, _other = make_user(session, role="admin"), make_user(session, role="admin")
    with pytest.raises(UnprocessableError, match="your own account"):
        deactivate_user(session, user_id=admin.id, actor_id=admin.id)
    assert admin.is_active and admin.session_epoch == 0


def test_the_last_active_admin_stays(session: Session) -> None:
    first = make_user(session, role="admin")
    with pytest.raises(UnprocessableError, match="last active admin"):
        deactivate_user(session, user_id=first.id)
    with pytest.raises(UnprocessableError, match="last active admin"):
        set_role(session, user_id=first.id, role="lead")
    session.refresh(first)
    assert first.is_active and first.role == "admin"
    second = make_user(session, role="admin")
    set_role(session, user_id=first.id, role="lead")
    with pytest.raises(UnprocessableError, match="last active admin"):
        deactivate_user(session, user_id=second.id)


def test_set_role_keeps_the_pseudonym(session: Session) -> None:
    user = make_user(session)
    pseudonym = user.pseudonym
    assert set_role(session, user_id=user.id, role="researcher").role == "researcher"
    assert user.pseudonym == pseudonym
    with pytest.raises(UnprocessableError):
        set_role(session, user_id=user.id, role="owner")
    with pytest.raises(NotFoundError):
        set_role(session, user_id=10**9, role="lead")


def test_reset_password_gives_a_one_time_password_and_ends_sessions(session: Session) -> None:
    admin, user = make_user(session, role="admin"), make_user(session, password=GOOD)
    password = reset_password(session, user_id=user.id, actor_id=admin.id)
    assert len(password) >= 16 and user.session_epoch == 1
    assert authenticate(session, user.username, GOOD) is None
    assert authenticate(session, user.username, password) == user
    assert password not in user.password_hash
    with pytest.raises(UnprocessableError, match="your own password"):
        reset_password(session, user_id=admin.id, actor_id=admin.id)


def test_change_password(session: Session) -> None:
    user = make_user(session, password=GOOD)
    with pytest.raises(UnprocessableError) as info:
        change_password(session, user_id=user.id, current_password=BAD, new_password="new-one-123")
    assert info.value.field == "current_password"
    with pytest.raises(UnprocessableError) as info:
        change_password(session, user_id=user.id, current_password=GOOD, new_password="short")
    assert info.value.field == "new_password"
    assert user.session_epoch == 0
    change_password(session, user_id=user.id, current_password=GOOD, new_password="new-one-123")
    assert user.session_epoch == 1 and authenticate(session, user.username, "new-one-123") == user


def test_end_sessions_raises_the_epoch(session: Session) -> None:
    user = make_user(session)
    assert end_sessions(session, user_id=user.id).session_epoch == 1
    assert end_sessions(session, user_id=user.id).session_epoch == 2


# ---------------------------------------------------------------------------------------------
# log-in throttling (fake clock)


def test_five_failures_lock_the_username_for_fifteen_minutes(session: Session) -> None:
    user = make_user(session, password=GOOD)
    for i in range(5):
        name = user.username.upper() if i % 2 else user.username  # any case counts
        assert log_in(session, username=name, password=BAD, ip="10.0.0.1", now=T0) is None
    recorded = _attempts(session)
    at = T0 + timedelta(minutes=1)
    with pytest.raises(LoginThrottled) as info:
        log_in(session, username=user.username, password=GOOD, ip="10.0.0.2", now=at)
    assert info.value.scope == "username" and info.value.retry_after == 14 * 60
    assert "Too many failed log-in attempts for this username" in str(info.value)
    assert _attempts(session) == recorded  # refused attempts are not recorded
    with pytest.raises(LoginThrottled):
        log_in(
            session,
            username=user.username,
            password=GOOD,
            ip="10.0.0.2",
            now=T0 + timedelta(minutes=13, seconds=59),
        )
    ok = log_in(
        session,
        username=user.username,
        password=GOOD,
        ip="10.0.0.2",
        now=T0 + timedelta(minutes=15, seconds=1),
    )
    assert ok == user


def test_a_locked_attempt_checks_no_password(session: Session, monkeypatch) -> None:
    user = make_user(session, password=GOOD)
    for _ in range(5):
        log_in(session, username=user.username, password=BAD, ip="10.0.0.1", now=T0)
    checked: list[str] = []
    real = service._hasher.verify

    def spy(password: str, hash: str) -> bool:
        checked.append(hash)
        return real(password, hash)

    monkeypatch.setattr(service._hasher, "verify", spy)
    with pytest.raises(LoginThrottled):
        log_in(session, username=user.username, password=GOOD, ip="10.0.0.1", now=T0)
    # one verification, against the dummy hash, so a refusal costs what a check costs
    assert checked == [service._DUMMY_HASH]


def test_spread_out_failures_and_a_success_do_not_lock(session: Session) -> None:
    user = make_user(session, password=GOOD)
    for i in range(8):  # one every 4 minutes: never 5 within 15 minutes
        log_in(
            session,
            username=user.username,
            password=BAD,
            ip="10.0.0.1",
            now=T0 + timedelta(minutes=4 * i),
        )
    at = T0 + timedelta(minutes=50)  # the last spread failure (28 min) is out of the window
    for _ in range(4):
        log_in(session, username=user.username, password=BAD, ip="10.0.0.1", now=at)
    assert log_in(session, username=user.username, password=GOOD, ip="10.0.0.1", now=at) == user
    for _ in range(4):  # the success cleared the earlier four
        log_in(session, username=user.username, password=BAD, ip="10.0.0.1", now=at)
    assert log_in(session, username=user.username, password=GOOD, ip="10.0.0.1", now=at) == user


def test_a_hundred_failures_lock_the_address(session: Session) -> None:
    # high on purpose: a team behind one office or proxy address must not lock itself out
    from app.users.service import MAX_FAILURES_PER_IP

    assert MAX_FAILURES_PER_IP == 100
    user = make_user(session, password=GOOD)
    for i in range(100):
        log_in(session, username=f"guess{i}", password=BAD, ip="10.9.9.9", now=T0)
    with pytest.raises(LoginThrottled) as info:
        log_in(session, username=user.username, password=GOOD, ip="10.9.9.9", now=T0)
    assert info.value.scope == "ip" and "network address" in str(info.value)
    assert log_in(session, username=user.username, password=GOOD, ip="10.1.1.1", now=T0) == user
    later = T0 + timedelta(minutes=15, seconds=1)
    assert log_in(session, username=user.username, password=GOOD, ip="10.9.9.9", now=later) == user


def test_unknown_usernames_are_throttled_too(session: Session) -> None:
    for _ in range(5):
        assert log_in(session, username="Nobody", password=BAD, ip="10.0.0.1", now=T0) is None
    with pytest.raises(LoginThrottled):
        log_in(session, username="nobody", password=BAD, ip="10.0.0.3", now=T0)


def test_old_attempts_are_pruned(session: Session) -> None:
    user = make_user(session, password=GOOD)
    log_in(session, username=user.username, password=BAD, ip="10.0.0.1", now=T0)
    log_in(
        session, username=user.username, password=BAD, ip="10.0.0.1", now=T0 + timedelta(hours=1)
    )
    assert _attempts(session) == 2
    log_in(
        session,
        username=user.username,
        password=GOOD,
        ip="10.0.0.1",
        now=T0 + timedelta(days=1, minutes=1),
    )
    rows = session.exec(select(LoginAttempt).order_by(LoginAttempt.at)).all()
    assert [(r.succeeded, r.username) for r in rows] == [
        (False, user.username),
        (True, user.username),
    ]


def test_deactivated_account_with_the_right_password(session: Session) -> None:
    admin, user = make_user(session, role="admin"), make_user(session, password=GOOD)
    deactivate_user(session, user_id=user.id, actor_id=admin.id)
    assert log_in(session, username=user.username, password=BAD, ip="10.0.0.1", now=T0) is None
    with pytest.raises(AccountDeactivated):
        log_in(session, username=user.username, password=GOOD, ip="10.0.0.1", now=T0)
    assert not session.exec(select(LoginAttempt).where(LoginAttempt.succeeded)).all()


# ---------------------------------------------------------------------------------------------
# the command line


def test_halo_users_create_makes_the_first_admin(live_db: str) -> None:
    from app.cli import cli
    from app.db import session_scope

    result = CliRunner().invoke(
        cli, ["users", "create", "Boss", "--role", "admin", "--password", "first-admin-pw"]
    )
    assert result.exit_code == 0, result.output
    assert "created admin boss (pseudonym X01)" in result.output
    weak = CliRunner().invoke(
        cli, ["users", "create", "weak", "--role", "lead", "--password", "short"]
    )
    assert weak.exit_code == 1 and "at least 10 characters" in weak.output
    with session_scope() as session:
        assert authenticate(session, "BOSS", "first-admin-pw") is not None


def test_halo_users_create_checks_the_role_before_asking_for_a_password(live_db: str) -> None:
    from app.cli import cli

    result = CliRunner().invoke(cli, ["users", "create", "someone", "--role", "superuser"])
    assert result.exit_code == 1 and "role must be one of" in result.output
    assert "Password" not in result.output  # no prompt was shown
    named = CliRunner().invoke(cli, ["users", "create", "no", "--role", "lead"])
    assert named.exit_code == 1 and "3 to 64" in named.output and "Password" not in named.output
