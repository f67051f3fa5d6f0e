"""Settings refuse secrets that would let anyone forge a session cookie."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from app.settings import DEV_SECRET, Settings


def test_the_development_secret_only_works_in_development() -> None:
    assert Settings(_env_file=None, secret_key=DEV_SECRET).environment == "development"
    with pytest.raises(ValidationError, match="SECRET_KEY must be set outside development"):
        Settings(_env_file=None, secret_key=DEV_SECRET, environment="production")


@pytest.mark.parametrize(
    "key", ["change-me-in-production", "x" * 40, "0123456789abcdef0123456789abcde"]
)
def test_short_or_repetitive_secrets_are_refused_everywhere(key: str) -> None:
    for environment in ("development", "production"):
        with pytest.raises(ValidationError, match="at least 32 random characters"):
            Settings(_env_file=None, secret_key=key, environment=environment)


def test_a_long_random_secret_is_accepted_in_production() -> None:
    key = "9f2c4e1a7b3d8f60a5c2e9b1d4f7a3c6e8b0d2f4a6c8e1b3d5f7a9c2e4b6d8f0"
    assert Settings(_env_file=None, secret_key=key, environment="production").secret_key == key
