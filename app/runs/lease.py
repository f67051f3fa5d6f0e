"""Who holds a running response, and whether that holder is still alive.

A task that claims a response writes its holder name (``host:pid``) and a heartbeat time. While
it works, one daemon thread per process renews the heartbeat of every response the process holds,
every :data:`HEARTBEAT_S` seconds. A response is *abandoned* — and the next task, retry or the
periodic recovery may take it — when its heartbeat is older than :data:`LEASE_S`, or at once when
its holder ran on this host and that process is gone (a killed worker child, an interrupted
``halo run``).
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta

from sqlalchemy import update
from sqlmodel import col

from app.models import Response
from app.models.base import utcnow

LEASE_S = 90
"""Seconds without a heartbeat after which a running response counts as abandoned."""

HEARTBEAT_S = 20
"""Seconds between heartbeats of the responses a process holds."""

log = logging.getLogger(__name__)


def claimant() -> str:
    """This process as a holder name: ``host:pid``."""
    return f"{socket.gethostname()}:{os.getpid()}"


def holder_is_gone(claimed_by: str | None) -> bool:
    """True when `claimed_by` names a process on this host that no longer exists.

    A holder on another host is never declared gone here (its heartbeat decides); nor is a
    malformed name.
    """
    if not claimed_by:
        return False
    host, _, pid_text = claimed_by.rpartition(":")
    if host != socket.gethostname() or not pid_text.isdigit():
        return False
    pid = int(pid_text)
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:  # alive, owned by another user
        return False
    return False


def lease_cutoff(now: datetime | None = None) -> datetime:
    """Heartbeats older than this are stale."""
    return (now or utcnow()) - timedelta(seconds=LEASE_S)


_held: dict[str, str] = {}
_held_lock = threading.Lock()
_beating: threading.Thread | None = None


@contextmanager
def holding(response_id: str) -> Iterator[None]:
    """Keep `response_id`'s heartbeat fresh while the block runs."""
    global _beating
    with _held_lock:
        _held[response_id] = claimant()
        if _beating is None or not _beating.is_alive():
            _beating = threading.Thread(target=_beat_forever, name="halo-heartbeat", daemon=True)
            _beating.start()
    try:
        yield
    finally:
        with _held_lock:
            _held.pop(response_id, None)


def _beat_forever() -> None:
    from app.db import session_scope

    while True:
        threading.Event().wait(HEARTBEAT_S)
        with _held_lock:
            held = dict(_held)
        if not held:
            continue
        try:
            with session_scope(autocommit=True) as session:
                for holder in set(held.values()):
                    ids = [rid for rid, who in held.items() if who == holder]
                    session.execute(
                        update(Response)
                        .where(
                            col(Response.id).in_(ids),
                            col(Response.status) == "running",
                            col(Response.claimed_by) == holder,
                        )
                        .values(heartbeat_at=utcnow())
                        .execution_options(synchronize_session=False)
                    )
        except Exception:  # a missed beat only shortens the lease; try again next time
            log.exception("heartbeat of %d running responses failed", len(held))
