"""Account services. Passwords are hashed with Argon2 (pwdlib); plain text is never stored."""

from __future__ import annotations

import secrets

from pwdlib import PasswordHash
from sqlmodel import Session, func, select

from app.errors import ConflictError, UnprocessableError
from app.models import User
from app.models.users import ROLES

_hasher = PasswordHash.recommended()
_DUMMY_HASH = _hasher.hash("timing-equaliser")
MIN_PASSWORD = 8


def hash_password(password: str) -> str:
    """An Argon2id hash of `password`."""
    return _hasher.hash(password)


def create_user(
    session: Session, *, username: str, password: str, role: str, pseudonym: str | None = None
) -> User:
    """Create an account (commits).

    Args:
        username: log-in name, 3–64 characters.
        password: at least 8 characters.
        role: ``annotator``, ``lead``, ``researcher`` or ``admin``.
        pseudonym: name shown in exports; generated (``A01``, ``A02`` ...) when omitted.

    Raises:
        UnprocessableError: a bad role, username or password (``field`` names which).
        ConflictError: the username is taken.
    """
    username = username.strip()
    if role not in ROLES:
        raise UnprocessableError(f"role must be one of {', '.join(ROLES)}", "role")
    if not 3 <= len(username) <= 64:
        raise UnprocessableError("username must have 3 to 64 characters", "username")
    if len(password) < MIN_PASSWORD:
        raise UnprocessableError(
            f"password must have at least {MIN_PASSWORD} characters", "password"
        )
    if session.exec(select(User).where(User.username == username)).first() is not None:
        raise ConflictError(f"username {username!r} is taken")
    if pseudonym is None:
        count = session.exec(select(func.count()).select_from(User)).one()
        pseudonym = f"{role[0].upper()}{count + 1:02d}-{secrets.token_hex(2)}"
    user = User(
        username=username, pseudonym=pseudonym, role=role, password_hash=hash_password(password)
    )
    session.add(user)
    session.commit()
    session.refresh(user)
    return user


def authenticate(session: Session, username: str, password: str) -> User | None:
    """The active user with these credentials, or None (timing is the same either way)."""
    user = session.exec(select(User).where(User.username == username.strip())).first()
    if user is None:
        _hasher.verify(password, _DUMMY_HASH)
        return None
    if not _hasher.verify(password, user.password_hash) or not user.is_active:
        return None
    return user
