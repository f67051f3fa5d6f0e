"""Who holds a running item of a job, and whether that holder is alive (DESIGN.md §13).

An item is a response or an export job.

A task that claims a row writes its holder name (``host:pid``) and a heartbeat time. While it
works, one daemon thread per process renews the heartbeat of every row the process holds, every
:data:`HEARTBEAT_S` seconds. A row is *abandoned* — and the next task, retry or the periodic
recovery may take it — when its heartbeat is older than :data:`LEASE_S`, or at once when its
holder ran on this host and that process is gone (a killed worker child, an interrupted
``halo run``).
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import update
from sqlmodel import col

from app.models.base import as_utc, utcnow

LEASE_S = 90
"""Seconds without a heartbeat after which a running row counts as abandoned."""

HEARTBEAT_S = 20
"""Seconds between heartbeats of the rows a process holds."""

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


def left_by_me(model: Any, row_id: Any, claimed_by: str | None) -> bool:
    """True when this process claimed `model`'s row `row_id` but no block here holds it.

    Claimed by :func:`claimant`, not held by :func:`holding`: a task of this process failed on a
    transient error and could not give the claim back, so a task here may take it again
    (callers claim inside :func:`exclusive`, so no other thread here works on it).
    """
    if claimed_by != claimant():
        return False
    with _held_lock:
        return row_id not in _held[model]


_busy: set[tuple[Any, Any]] = set()


@contextmanager
def exclusive(model: Any, row_id: Any) -> Iterator[bool]:
    """Whether this thread is the only one here working on `model`'s row `row_id`.

    True while the block runs when no other thread of this process claims or produces it;
    False when another thread already is (the caller then leaves the row to it).
    """
    key = (model, row_id)
    with _held_lock:
        first = key not in _busy
        _busy.add(key)
    try:
        yield first
    finally:
        if first:
            with _held_lock:
                _busy.discard(key)


def lease_cutoff(now: datetime | None = None) -> datetime:
    """Heartbeats older than this are stale."""
    return (now or utcnow()) - timedelta(seconds=LEASE_S)


def is_silent(heartbeat: datetime | None, now: datetime | None = None) -> bool:
    """True when `heartbeat` (a stored time; None: never beat) is older than the lease."""
    return heartbeat is not None and as_utc(heartbeat) < lease_cutoff(now)


def is_abandoned(
    holder: str | None, heartbeat: datetime | None, now: datetime | None = None
) -> bool:
    """True when a running row's holder process is gone, or its heartbeat is silent."""
    return holder_is_gone(holder) or is_silent(heartbeat, now)


_held: defaultdict[Any, set[Any]] = defaultdict(set)
_held_lock = threading.Lock()
_beating: threading.Thread | None = None


@contextmanager
def holding(model: Any, row_id: Any) -> Iterator[None]:
    """Keep the heartbeat of `model`'s row `row_id` fresh while the block runs.

    Args:
        model: a table model with ``id``, ``status``, ``claimed_by`` and ``heartbeat_at``
            columns (Response, ExportJob); the row is renewed while it is ``running`` and held
            by this process (:func:`claimant`).
        row_id: the row's primary key.
    """
    global _beating
    with _held_lock:
        _held[model].add(row_id)
        if _beating is None or not _beating.is_alive():
            _beating = threading.Thread(target=_beat_forever, name="halo-heartbeat", daemon=True)
            _beating.start()
    try:
        yield
    finally:
        with _held_lock:
            _held[model].discard(row_id)


def _beat_forever() -> None:
    from app.db import session_scope

    while True:
        threading.Event().wait(HEARTBEAT_S)
        with _held_lock:
            held = {model: list(ids) for model, ids in _held.items() if ids}
        if not held:
            continue
        try:
            with session_scope(autocommit=True) as session:
                for model, ids in held.items():
                    session.execute(
                        update(model)
                        .where(
                            col(model.id).in_(ids),
                            col(model.status) == "running",
                            col(model.claimed_by) == claimant(),
                        )
                        .values(heartbeat_at=utcnow())
                        .execution_options(synchronize_session=False)
                    )
        except Exception:  # a missed beat only shortens the lease; try again next time
            log.exception("heartbeat of %d held rows failed", sum(map(len, held.values())))
