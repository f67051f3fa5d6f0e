"""Accounts, roles and log-in attempts."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, Index, Integer, func, text
from sqlmodel import Field, SQLModel

from app.models.base import time_field
from app.vocabulary import Role

PSEUDONYM_PREFIX: dict[str, str] = {
    Role.ANNOTATOR: "A",
    Role.LEAD: "L",
    Role.RESEARCHER: "R",
    Role.ADMIN: "X",
}
"""First letter of the pseudonym generated for each role (``A07``, ``L01``, ``X01`` ...)."""


class User(SQLModel, table=True):
    """A person who logs in. Annotators appear in exports only by `pseudonym`.

    Usernames are unique regardless of case (a unique index on ``lower(username)``); accounts are
    deactivated, never deleted. `session_epoch` is copied into the signed session cookie at
    log-in; raising it (log-out, deactivation, a password change) ends every session made before.
    """

    __tablename__ = "users"
    __table_args__ = (Index("ux_users_username_lower", func.lower(text("username")), unique=True),)

    id: int | None = Field(default=None, primary_key=True)
    username: str = Field(max_length=64, unique=True, index=True)
    pseudonym: str = Field(max_length=32, unique=True)
    role: str = Field(max_length=16)
    password_hash: str = Field(max_length=255)
    is_active: bool = True
    session_epoch: int = Field(
        default=0, sa_column=Column(Integer, nullable=False, server_default="0")
    )
    created_at: datetime = time_field(now=True)


class LoginAttempt(SQLModel, table=True):
    """One log-in attempt, kept for a day so throttling works across processes.

    `username` is what was typed, stripped and lower-cased (the account may not exist); `ip` is
    the client address as the server saw it.
    """

    __tablename__ = "login_attempts"
    __table_args__ = (
        Index("ix_login_attempts_username_at", "username", "at"),
        Index("ix_login_attempts_ip_at", "ip", "at"),
    )

    id: int | None = Field(default=None, primary_key=True)
    username: str = Field(max_length=255)
    ip: str = Field(max_length=64)
    at: datetime = time_field(now=True, index=True)
    succeeded: bool = False
