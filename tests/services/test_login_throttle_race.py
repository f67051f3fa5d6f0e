"""Log-in throttling under a burst of simultaneous attempts on PostgreSQL: counting failures,
checking the password and recording the attempt are one step per username, so no more than
MAX_FAILURES_PER_USERNAME passwords are checked however many attempts arrive at once."""

from __future__ import annotations

import threading

import pytest
from sqlmodel import col, func, select

from app.db import session_scope
from app.models.users import LoginAttempt
from app.users import service
from app.users.service import MAX_FAILURES_PER_USERNAME, LoginThrottled, create_user, log_in

BURST = 16


def test_a_burst_of_wrong_passwords_gets_five_checks(
    live_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with session_scope() as s:
        user = create_user(s, username="target", password="right-password-1", role="annotator")
        stored_hash = user.password_hash
    checks: list[str] = []
    guard = threading.Lock()
    real = service._hasher.verify

    def counting(password: str, hashed: str) -> bool:
        if hashed == stored_hash:
            with guard:
                checks.append(password)
        return real(password, hashed)

    monkeypatch.setattr(service._hasher, "verify", counting)
    barrier = threading.Barrier(BURST)
    outcomes: list[str] = []

    def attempt(index: int) -> None:
        barrier.wait()
        with session_scope() as s:
            try:
                result = log_in(
                    s, username="Target", password=f"guess-{index:02d}", ip=f"10.0.0.{index}"
                )
                outcome = "ok" if result is not None else "wrong"
            except LoginThrottled:
                outcome = "throttled"
        with guard:
            outcomes.append(outcome)

    threads = [threading.Thread(target=attempt, args=(i,)) for i in range(BURST)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert len(outcomes) == BURST
    assert len(checks) == MAX_FAILURES_PER_USERNAME, checks
    assert outcomes.count("wrong") == MAX_FAILURES_PER_USERNAME
    assert outcomes.count("throttled") == BURST - MAX_FAILURES_PER_USERNAME
    with session_scope() as s:
        failures = s.exec(
            select(func.count()).select_from(LoginAttempt).where(~col(LoginAttempt.succeeded))
        ).one()
    assert failures == MAX_FAILURES_PER_USERNAME
