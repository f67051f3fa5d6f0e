"""Accounts and roles."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Field, SQLModel

from app.models.base import time_field

ROLES = ("annotator", "lead", "researcher", "admin")


class User(SQLModel, table=True):
    """A person who logs in. Annotators appear in exports only by `pseudonym`."""

    __tablename__ = "users"

    id: int | None = Field(default=None, primary_key=True)
    username: str = Field(max_length=64, unique=True, index=True)
    pseudonym: str = Field(max_length=32, unique=True)
    role: str = Field(max_length=16)
    password_hash: str = Field(max_length=255)
    is_active: bool = True
    created_at: datetime = time_field(now=True)
