"""Account services: creation, roles, deactivation, passwords, log-in with throttling.

Passwords are hashed with Argon2 (pwdlib); plain text is never stored. Every public function that
writes is one unit of work and commits once; on bad input it raises before writing anything
(except a failed password check, which is recorded for throttling).
"""

from __future__ import annotations

import math
import re
import secrets
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from pwdlib import PasswordHash
from sqlalchemy import delete, text
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, func, select

from app.errors import (
    ConflictError,
    DomainError,
    ForbiddenError,
    NotFoundError,
    UnprocessableError,
)
from app.models import Annotation, Assignment, Checkpoint, Response, Scenario, User
from app.models.base import as_utc, utcnow
from app.models.users import PSEUDONYM_PREFIX, LoginAttempt
from app.vocabulary import ROLES, AuditStatus, Role

_hasher = PasswordHash.recommended()
_DUMMY_HASH = _hasher.hash("timing-equaliser")

MIN_PASSWORD = 10
MAX_PASSWORD = 1024
USERNAME_RE = re.compile(r"[a-z0-9._-]{3,64}")

THROTTLE_WINDOW = timedelta(minutes=15)
"""Failures counted together: this many minutes back from each failure."""
THROTTLE_LOCK = timedelta(minutes=15)
"""How long log-in stays refused once a limit is reached."""
MAX_FAILURES_PER_USERNAME = 5
MAX_FAILURES_PER_IP = 100  # high: a whole team may share one office or proxy address
ATTEMPT_RETENTION = timedelta(days=1)
"""Attempts older than this are deleted whenever a new one is recorded."""


class LoginThrottled(DomainError):
    """Too many failed log-ins for a username or from an address; nothing was checked.

    Attributes:
        until: when attempts are accepted again (aware, UTC).
        scope: ``"username"`` or ``"ip"``, which limit was reached.
    """

    def __init__(self, until: datetime, scope: str, now: datetime) -> None:
        """Refuse the log-in until `until` (aware), the `scope` limit reached at `now`."""
        minutes = max(1, math.ceil((until - now).total_seconds() / 60))
        which = "for this username" if scope == "username" else "from your network address"
        super().__init__(
            f"Too many failed log-in attempts {which}. Log-in is paused for {minutes} "
            f"minute{'s' if minutes != 1 else ''} (until {until:%H:%M} UTC); "
            "your password was not checked."
        )
        self.until = until
        self.scope = scope
        self.retry_after = max(1, math.ceil((until - now).total_seconds()))


class AccountDeactivated(DomainError):
    """The credentials are right but the account is deactivated."""

    def __init__(self) -> None:
        """Refuse the log-in with the message the page shows."""
        super().__init__("This account is deactivated. Ask an admin to reactivate it.")


@dataclass(frozen=True)
class UserListing:
    """What the account page shows: every user, newest last, and the active admin count.

    Attributes:
        held: user id → unjudged items they hold (active assignments without their
            annotation); only users holding some appear.
    """

    users: list[User]
    active_admins: int
    held: dict[int, int] = field(default_factory=dict)


# ---------------------------------------------------------------------------------------------
# Validation helpers


def normalise_username(username: str) -> str:
    """`username` as stored and compared: stripped and lower-cased."""
    return username.strip().lower()


def _check_username(username: str) -> str:
    name = normalise_username(username)
    if not USERNAME_RE.fullmatch(name):
        raise UnprocessableError(
            "username must have 3 to 64 characters, each a letter, digit, '.', '_' or '-'",
            "username",
        )
    return name


def _check_password(password: str, field: str = "password") -> None:
    if len(password) < MIN_PASSWORD:
        raise UnprocessableError(f"password must have at least {MIN_PASSWORD} characters", field)
    if len(password) > MAX_PASSWORD:
        raise UnprocessableError(f"password must have at most {MAX_PASSWORD} characters", field)
    if not password.strip():
        raise UnprocessableError("password cannot be only whitespace", field)
    if len(set(password.strip())) < 5 or password.strip().isdigit():
        raise UnprocessableError(
            "password is too easy to guess: use at least 5 different characters, not only digits",
            field,
        )


def _check_role(role: str) -> None:
    if role not in ROLES:
        raise UnprocessableError(f"role must be one of {', '.join(ROLES)}", "role")


def check_new_account(*, username: str, role: str) -> str:
    """Check a new account's role and username before asking for its password.

    The command line prompts only after these pass. Returns the username as it will be stored.

    Raises:
        UnprocessableError: a bad role or username (``field`` names which).
    """
    _check_role(role)
    return _check_username(username)


def hash_password(password: str) -> str:
    """An Argon2id hash of `password`."""
    return _hasher.hash(password)


def generate_password() -> str:
    """A random one-time password: 16 URL-safe characters (96 bits)."""
    return secrets.token_urlsafe(12)


def _next_pseudonym(session: Session, role: str) -> str:
    prefix = PSEUDONYM_PREFIX[role]
    # also counts the older "A05-3f2c" form so a new number never repeats an old one
    pattern = re.compile(rf"{prefix}(\d+)(?:-[0-9a-f]+)?")
    taken = session.exec(select(User.pseudonym).where(col(User.pseudonym).startswith(prefix)))
    numbers = [int(m.group(1)) for p in taken if (m := pattern.fullmatch(p))]
    return f"{prefix}{max(numbers, default=0) + 1:02d}"


def _get_user(session: Session, user_id: int) -> User:
    user = session.get(User, user_id)
    if user is None:
        raise NotFoundError(f"no user with id {user_id}")
    return user


def _active_admins(session: Session) -> int:
    query = (
        select(func.count()).select_from(User).where(User.role == Role.ADMIN, col(User.is_active))
    )
    return int(session.exec(query).one())


def _lock_active_admins(session: Session) -> int:
    """Row-lock every active admin (``SELECT ... FOR UPDATE`` in id order) and count them.

    Two requests that each take away an admin (deactivate, demote) both lock these rows first,
    so the second waits until the first commits and then counts without the admin it removed:
    the last active admin always stays. SQLite ignores the lock (it has a single writer).
    """
    query = (
        select(User.id)
        .where(User.role == Role.ADMIN, col(User.is_active))
        .order_by(col(User.id))
        .with_for_update()
    )
    return len(session.exec(query).all())


def _locked_target(session: Session, user: User) -> int:
    """Lock the active admins, then re-read `user`; returns the number of active admins.

    A concurrent change may have committed while waiting.
    """
    admins = _lock_active_admins(session)
    session.refresh(user)
    return admins


def _commit_or_conflict(session: Session) -> None:
    try:
        session.commit()
    except IntegrityError as exc:
        session.rollback()
        raise ConflictError(
            "another change to the same username or pseudonym happened at the same moment; "
            "try again"
        ) from exc


# ---------------------------------------------------------------------------------------------
# Accounts


def create_user(
    session: Session, *, username: str, password: str, role: str, pseudonym: str | None = None
) -> User:
    """Create an account (commits).

    Args:
        session: database session.
        username: log-in name, 3–64 characters of ``a-z 0-9 . _ -``; stored lower-case, so
            ``Alice`` and ``alice`` are the same name.
        password: at least 10 characters, not only whitespace.
        role: ``annotator``, ``lead``, ``researcher`` or ``admin``.
        pseudonym: name shown in exports; generated when omitted as the role's letter
            (annotator ``A``, lead ``L``, researcher ``R``, admin ``X``) and the next free number
            of at least two digits (``A07``). A given one must have that same form.

    Returns:
        The stored user.

    Raises:
        UnprocessableError: a bad role, username, password or pseudonym (``field`` names which).
        ConflictError: the username (in any case) or the pseudonym is taken.
    """
    _check_role(role)
    name = _check_username(username)
    _check_password(password)
    if pseudonym is not None:
        prefix = PSEUDONYM_PREFIX[role]
        if not re.fullmatch(rf"{prefix}\d{{2,30}}", pseudonym):
            raise UnprocessableError(
                f"a {role}'s pseudonym is {prefix} followed by at least two digits", "pseudonym"
            )
        if session.exec(select(User.id).where(User.pseudonym == pseudonym)).first() is not None:
            raise ConflictError(f"pseudonym {pseudonym!r} is taken")
    query = select(User.id).where(func.lower(User.username) == name)
    if session.exec(query).first() is not None:
        raise ConflictError(f"username {name!r} is taken")
    user = User(
        username=name,
        pseudonym=pseudonym or _next_pseudonym(session, role),
        role=role,
        password_hash=hash_password(password),
    )
    session.add(user)
    _commit_or_conflict(session)
    session.refresh(user)
    return user


CREATABLE_ROLES: dict[str, tuple[Role, ...]] = {Role.ADMIN: ROLES, Role.LEAD: (Role.ANNOTATOR,)}
"""Roles of the accounts each role may create: admins any, leads annotators (they staff their
team); only admins create lead, researcher or admin accounts, change roles or modify accounts."""


def creatable_roles(actor: User) -> tuple[Role, ...]:
    """The roles of the accounts `actor` may create (none for annotators and researchers)."""
    return CREATABLE_ROLES.get(actor.role, ())


def create_user_as(
    session: Session, *, actor: User, username: str, password: str, role: str
) -> User:
    """Create an account on behalf of `actor` (commits).

    :func:`create_user` after checking that `actor` may create an account of `role`
    (:data:`CREATABLE_ROLES`).

    Raises:
        UnprocessableError: a bad role, username or password (``field`` names which).
        ForbiddenError: `actor` may not create accounts of `role`.
        ConflictError: the username is taken.
    """
    _check_role(role)
    allowed = creatable_roles(actor)
    if role not in allowed:
        which = f"only {', '.join(allowed)} accounts" if allowed else "no accounts"
        raise ForbiddenError(
            f"a {actor.role} can create {which}; ask an admin to create a {role} account"
        )
    return create_user(session, username=username, password=password, role=role)


def list_users(session: Session) -> UserListing:
    """Every account in creation order, with the number of active admins."""
    users = list(session.exec(select(User).order_by(col(User.id))))
    judged = (
        select(Annotation.id)
        .where(
            col(Annotation.response_id) == col(Assignment.response_id),
            col(Annotation.annotator_id) == col(Assignment.annotator_id),
        )
        .exists()
    )
    held = session.exec(
        select(Assignment.annotator_id, func.count())
        .join(Response, col(Response.id) == col(Assignment.response_id))
        .join(Checkpoint, col(Checkpoint.id) == col(Response.checkpoint_id))
        .join(Scenario, col(Scenario.id) == col(Checkpoint.scenario_id))
        .where(
            col(Assignment.released_at).is_(None),
            ~judged,
            col(Scenario.audit_status) != AuditStatus.REJECTED,  # audited out: no longer judged
        )
        .group_by(col(Assignment.annotator_id))
    ).all()
    return UserListing(
        users=users,
        active_admins=_active_admins(session),
        held={user_id: int(count) for user_id, count in held},
    )


def set_role(session: Session, *, user_id: int, role: str) -> User:
    """Give an account another role (commits).

    The pseudonym is kept: exports already made name the person by it.

    Args:
        session: database session.
        user_id: the account.
        role: ``annotator``, ``lead``, ``researcher`` or ``admin``.

    Returns:
        The updated user (unchanged when it already had `role`).

    Raises:
        NotFoundError: no such account.
        UnprocessableError: a bad role, or the account is the last active admin (checked with
            the active admins row-locked, so two simultaneous demotions cannot both pass).
    """
    user = _get_user(session, user_id)
    _check_role(role)
    if user.role == role:
        return user
    if user.role == Role.ADMIN and user.is_active:
        admins = _locked_target(session, user)
        if user.role == role:
            session.rollback()
            return user
        if user.role == Role.ADMIN and user.is_active and admins <= 1:
            session.rollback()  # ends the transaction and its row locks
            raise UnprocessableError(
                f"{user.username} is the last active admin; make another admin first", "role"
            )
    user.role = role
    session.add(user)
    session.commit()
    return user


def deactivate_user(session: Session, *, user_id: int, actor_id: int | None = None) -> User:
    """Deactivate an account instead of deleting it (commits).

    Its sessions end at once and it cannot log in; its annotations and pseudonym stay.

    Args:
        session: database session.
        user_id: the account.
        actor_id: who asks (an admin), or None from the command line.

    Returns:
        The updated user (unchanged when already inactive).

    Raises:
        NotFoundError: no such account.
        UnprocessableError: `actor_id` is `user_id`, or the account is the last active admin
            (checked with the active admins row-locked, so two admins deactivating each other
            at the same moment cannot both succeed).
    """
    user = _get_user(session, user_id)
    if actor_id is not None and actor_id == user_id:
        raise UnprocessableError("you cannot deactivate your own account")
    if not user.is_active:
        return user
    if user.role == Role.ADMIN:
        admins = _locked_target(session, user)
        if not user.is_active:
            session.rollback()
            return user
        if user.role == Role.ADMIN and admins <= 1:
            session.rollback()  # ends the transaction and its row locks
            raise UnprocessableError(f"{user.username} is the last active admin")
    user.is_active = False
    user.session_epoch += 1
    session.add(user)
    session.commit()
    return user


def reactivate_user(session: Session, *, user_id: int) -> User:
    """Let a deactivated account log in again (commits); it keeps its role and password.

    Args:
        session: database session.
        user_id: the account.

    Returns:
        The updated user (unchanged when already active).

    Raises:
        NotFoundError: no such account.
    """
    user = _get_user(session, user_id)
    if user.is_active:
        return user
    user.is_active = True
    session.add(user)
    session.commit()
    return user


def reset_password(session: Session, *, user_id: int, actor_id: int | None = None) -> str:
    """Replace an account's password with a one-time password and end its sessions (commits).

    The password is returned once and never stored in plain text.

    Args:
        session: database session.
        user_id: the account.
        actor_id: who asks (an admin), or None from the command line; admins change their own
            password with `change_password`.

    Returns:
        The new password, 16 URL-safe characters.

    Raises:
        NotFoundError: no such account.
        UnprocessableError: `actor_id` is `user_id`.
    """
    user = _get_user(session, user_id)
    if actor_id is not None and actor_id == user_id:
        raise UnprocessableError("change your own password on the Password page instead")
    password = generate_password()
    user.password_hash = hash_password(password)
    user.session_epoch += 1
    session.add(user)
    session.commit()
    return password


def change_password(
    session: Session,
    *,
    user_id: int,
    current_password: str,
    new_password: str,
    ip: str = "unknown",
    now: datetime | None = None,
) -> User:
    """Change one's own password (commits); every session made before ends.

    The current password is checked under the log-in throttle of the account's username: a
    wrong one is recorded as a failed attempt (committed), so a borrowed session cannot test
    guesses without limit, and once the username is locked nothing is checked.

    Args:
        session: database session.
        user_id: the account.
        current_password: must match the stored hash.
        new_password: at least 10 characters, not only whitespace, not the current one.
        ip: the client address (recorded with a wrong current password).
        now: the current time (aware); tests pass a fake clock.

    Returns:
        The updated user; its new `session_epoch` lets the caller keep this one session.

    Raises:
        NotFoundError: no such account.
        LoginThrottled: too many recent failures for this username (or from `ip`).
        UnprocessableError: wrong current password or a weak new one (``field`` names which).
    """
    now = now or utcnow()
    user = _get_user(session, user_id)
    with _one_check_at_a_time(session, user.username):
        refusal = login_refusal(session, username=user.username, ip=ip, now=now)
        if refusal is not None:
            session.rollback()
        elif not _hasher.verify(current_password, user.password_hash):
            _record_attempt(session, username=user.username, ip=ip, now=now, succeeded=False)
            session.commit()
            raise UnprocessableError("the current password is wrong", "current_password")
    if refusal is not None:
        raise refusal
    _check_password(new_password, "new_password")
    if new_password == current_password:
        raise UnprocessableError(
            "the new password must differ from the current one", "new_password"
        )
    user.password_hash = hash_password(new_password)
    user.session_epoch += 1
    session.add(user)
    session.commit()
    return user


def end_sessions(session: Session, *, user_id: int) -> User:
    """End every session of an account, on every device (commits): log-out.

    Args:
        session: database session.
        user_id: the account.

    Returns:
        The user with its `session_epoch` raised by one.

    Raises:
        NotFoundError: no such account.
    """
    user = _get_user(session, user_id)
    user.session_epoch += 1
    session.add(user)
    session.commit()
    return user


# ---------------------------------------------------------------------------------------------
# Log-in


def authenticate(session: Session, username: str, password: str) -> User | None:
    """The active user with these credentials, or None (timing is the same either way).

    Records nothing and applies no throttling: the log-in page uses `log_in`.
    """
    query = select(User).where(func.lower(User.username) == normalise_username(username))
    user = session.exec(query).first()
    if user is None:
        _hasher.verify(password, _DUMMY_HASH)
        return None
    if not _hasher.verify(password, user.password_hash) or not user.is_active:
        return None
    return user


def _lock_end(times: list[datetime], limit: int) -> datetime | None:
    """End of the latest lock among failure `times` (sorted).

    A failure that completes `limit` failures within `THROTTLE_WINDOW` locks until `THROTTLE_LOCK`
    after it.
    """
    end = None
    for i in range(limit - 1, len(times)):
        if times[i] - times[i - limit + 1] <= THROTTLE_WINDOW:
            end = times[i] + THROTTLE_LOCK
    return end


def _failures(
    session: Session, *, since: datetime, username: str | None = None, ip: str | None = None
) -> list[datetime]:
    """Times of failed attempts after `since` for `username` or from `ip`, oldest first."""
    query = select(LoginAttempt.at).where(
        col(LoginAttempt.at) > since, ~col(LoginAttempt.succeeded)
    )
    if username is not None:
        query = query.where(LoginAttempt.username == username)
    if ip is not None:
        query = query.where(LoginAttempt.ip == ip)
    return sorted(as_utc(at) for at in session.exec(query))


_LOGIN_LOCK_SPACE = 74_201_908
"""First key of the PostgreSQL advisory lock that serialises the password checks of one
username (the second is ``hashtext(username)``)."""
_LOCAL_LOGIN_LOCK = threading.Lock()
"""The same for databases without advisory locks (SQLite: one process, a single writer)."""


@contextmanager
def _one_check_at_a_time(session: Session, username: str) -> Iterator[None]:
    """Serialise the throttled password checks of one username, across processes.

    Counting failures, checking the password and recording the attempt must be one step:
    otherwise a burst of simultaneous attempts all pass the count before any failure is
    written (40 at once got 19 checks). On PostgreSQL this takes a transaction-level advisory
    lock on the username, held until the caller commits or rolls back; elsewhere a process
    lock held for the block.
    """
    if session.get_bind().dialect.name == "postgresql":
        session.execute(
            text("SELECT pg_advisory_xact_lock(:space, hashtext(:name))"),
            {"space": _LOGIN_LOCK_SPACE, "name": username},
        )
        yield
    else:
        with _LOCAL_LOGIN_LOCK:
            yield


def login_refusal(
    session: Session, *, username: str, ip: str, now: datetime | None = None
) -> LoginThrottled | None:
    """Whether log-in is refused now for `username` (any case) or from `ip`.

    A username is locked for 15 minutes once :data:`MAX_FAILURES_PER_USERNAME` failures fall
    within 15 minutes (failures before its latest successful log-in do not count); an address
    once :data:`MAX_FAILURES_PER_IP` failures do, whatever the usernames. Wrong current
    passwords on the change-password form count as failures of the username.

    Returns:
        The refusal to raise, or None when attempts are accepted.
    """
    now = now or utcnow()
    name = normalise_username(username)[:255]
    ip = ip[:64]  # as stored (LoginAttempt.ip): a longer one must still match its failures
    since = now - THROTTLE_WINDOW - THROTTLE_LOCK  # older failures cannot lock any more
    last_success = session.exec(
        select(func.max(LoginAttempt.at)).where(
            LoginAttempt.username == name, col(LoginAttempt.succeeded), col(LoginAttempt.at) > since
        )
    ).one()
    name_since = max(since, as_utc(last_success)) if last_success else since
    locks = {
        "username": _lock_end(
            _failures(session, since=name_since, username=name), MAX_FAILURES_PER_USERNAME
        ),
        "ip": _lock_end(_failures(session, since=since, ip=ip), MAX_FAILURES_PER_IP),
    }
    active = [(end, scope) for scope, end in locks.items() if end is not None and end > now]
    if not active:
        return None
    end, scope = max(active)
    return LoginThrottled(end, scope, now)


def log_in(
    session: Session, *, username: str, password: str, ip: str, now: datetime | None = None
) -> User | None:
    """Check credentials under throttling and record the attempt (commits).

    While locked (see `login_refusal`) the password is not checked (a dummy hash is verified
    instead so the answer takes as long) and nothing is recorded, so waiting ends the lock.
    The checks of one username run one at a time (:func:`_one_check_at_a_time`), so however
    many attempts arrive at once, at most :data:`MAX_FAILURES_PER_USERNAME` passwords are
    checked per window. Attempts older than a day are deleted.

    Args:
        session: database session.
        username: as typed; compared lower-case.
        password: as typed.
        ip: the client address.
        now: the current time (aware); tests pass a fake clock.

    Returns:
        The active user, or None for an unknown username or a wrong password.

    Raises:
        LoginThrottled: too many recent failures for the username or from `ip`.
        AccountDeactivated: the right password for a deactivated account (counted as a
            failure; said only to someone who knows the password).
    """
    now = now or utcnow()
    name = normalise_username(username)
    with _one_check_at_a_time(session, name[:255]):
        refusal = login_refusal(session, username=username, ip=ip, now=now)
        if refusal is None:
            user = session.exec(select(User).where(func.lower(User.username) == name)).first()
            # an unknown username costs the same hash verification as a known one
            matched = _hasher.verify(password, user.password_hash if user else _DUMMY_HASH)
            found = user if matched else None
            _record_attempt(
                session,
                username=name,
                ip=ip,
                now=now,
                succeeded=found is not None and found.is_active,
            )
            session.commit()
        else:
            session.rollback()  # ends the transaction and its lock: others need not wait
    if refusal is not None:
        _hasher.verify(password, _DUMMY_HASH)
        raise refusal
    if found is not None and not found.is_active:
        raise AccountDeactivated
    return found


def _record_attempt(
    session: Session, *, username: str, ip: str, now: datetime, succeeded: bool
) -> None:
    """Add a log-in attempt and delete those older than a day (the caller commits)."""
    session.execute(delete(LoginAttempt).where(col(LoginAttempt.at) < now - ATTEMPT_RETENTION))
    session.add(LoginAttempt(username=username[:255], ip=ip[:64], at=now, succeeded=succeeded))
