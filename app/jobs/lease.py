"""Who holds a running item of a job, and whether that holder is alive (DESIGN.md §13).

An item is a response or an export job.

A task that claims a row (:func:`claim`) writes its holder name (``host:pid``) and a heartbeat time.
While it works, one daemon thread per process renews the heartbeat of every row the process holds,
every :data:`HEARTBEAT_S` seconds. A row is *abandoned* — and the next task, retry or the periodic
recovery may take it — when its heartbeat is older than :data:`LEASE_S`, or at once when its holder
ran on this host and that process is gone (a killed worker child, an interrupted ``halo run``). The
lapse is one rule, :func:`lapsed_sql` in SQL and :func:`is_lapsed` in Python.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, Table, Update, bindparam, func, select, update
from sqlmodel import Session, col

from app.errors import NotFoundError
from app.models.base import as_utc, utcnow
from app.vocabulary import ResponseStatus

LEASE_S = 90
"""Seconds without a heartbeat after which a running row counts as abandoned."""

HEARTBEAT_S = 20
"""Seconds between heartbeats of the rows a process holds."""

RUNNING = ResponseStatus.RUNNING
"""The status of a held row, the same word in every job table (``ExportJobStatus.RUNNING``)."""

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


# --- the lease lapses: one rule, in SQL and in Python -------------------------------------------


def lapsed_sql(columns: Any, cutoff: Any) -> ColumnElement[bool]:
    """SQL: the row's last sign of life is older than `cutoff` (the lease has lapsed).

    Its last sign of life is its heartbeat or, before the first beat, its start;
    :func:`is_lapsed` is the same rule in Python.

    Args:
        columns: an object with ``heartbeat_at`` and ``started_at`` columns (a model class, or
            a table's ``.c``).
        cutoff: a time or a bound parameter; :func:`lease_cutoff` gives the one of now.
    """
    lapsed: ColumnElement[bool] = func.coalesce(columns.heartbeat_at, columns.started_at) < cutoff
    return lapsed


def is_lapsed(
    heartbeat: datetime | None, started: datetime | None, now: datetime | None = None
) -> bool:
    """True when a row's last sign of life — `heartbeat`, else `started` — is older than the lease.

    Stored times (naive is UTC); a row with neither never lapses. As :func:`lapsed_sql`.
    """
    last = heartbeat or started
    return last is not None and as_utc(last) < lease_cutoff(now)


def is_abandoned(
    holder: str | None,
    heartbeat: datetime | None,
    started: datetime | None = None,
    now: datetime | None = None,
) -> bool:
    """True when a running row's holder process is gone, or its lease has lapsed."""
    return holder_is_gone(holder) or is_lapsed(heartbeat, started, now)


# --- claims --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Claim:
    """The two statements that claim a row of a job table for this process.

    Build one per table with :func:`claim_for`, once (they are reused on the hot path), and run
    it with :func:`claim`.

    Attributes:
        take: ``UPDATE … SET status = 'running', started_at, heartbeat_at = :v_now, claimed_by =
            :v_me WHERE id = :v_id AND (status IN <free> OR (status = 'running' AND`` the lease
            lapsed before ``:v_cutoff)) RETURNING …``.
        take_over: the same update ``WHERE id = :v_id AND status = 'running' AND claimed_by =
            :v_holder`` (a holder whose process is gone, compare-and-set).
        model: the table model (for :func:`left_by_me`).
    """

    take: Update
    take_over: Update
    model: Any


def claim_for(
    model: Any,
    *,
    free: tuple[str, ...],
    returning: tuple[str, ...] = (),
    also: Callable[[Table], tuple[ColumnElement[Any], ...]] | None = None,
) -> Claim:
    """The :class:`Claim` of `model`'s table.

    Args:
        model: a table model with ``id``, ``status``, ``claimed_by``, ``started_at`` and
            ``heartbeat_at`` columns (Response, ExportJob).
        free: statuses a row may be claimed in whoever holds it (``pending``; an export's
            ``queued`` and ``failed``).
        returning: columns the claim returns (besides ``id``, always first).
        also: ``also(table)`` gives further expressions returned after `returning`, e.g.
            scalar subqueries on rows the claimed one points to, so the claim reads them in
            the same statement (one round trip fewer on a hot path).
    """
    table: Table = model.__table__
    c = table.c
    extra = also(table) if also is not None else ()

    def claiming(*conditions: ColumnElement[bool]) -> Update:
        return (
            table.update()
            .where(c.id == bindparam("v_id"), *conditions)
            .values(
                status=RUNNING,
                started_at=bindparam("v_now"),
                heartbeat_at=bindparam("v_now"),
                claimed_by=bindparam("v_me"),
            )
            .returning(c.id, *(c[name] for name in returning), *extra)
        )

    cutoff = bindparam("v_cutoff", type_=c.started_at.type)
    return Claim(
        take=claiming(c.status.in_(free) | ((c.status == RUNNING) & lapsed_sql(c, cutoff))),
        take_over=claiming(c.status == RUNNING, c.claimed_by == bindparam("v_holder")),
        model=model,
    )


def claim(session: Session, how: Claim, row_id: Any) -> tuple[Any, ...] | str | None:
    """Take row `row_id` for this process if it is free, its lease lapsed or its holder is gone.

    Atomic, so two tasks never both hold it; the holder is gone when its process on this host
    no longer exists, or it is this process but no block here holds it (:func:`left_by_me`).
    Nothing is committed: the caller commits the claim (with what else it writes) or rolls back.

    Args:
        session: database session.
        how: the table's :class:`Claim`.
        row_id: the row's primary key.

    Returns:
        The returned columns (``id`` first) when this process now holds the row; else the row's
        status (a live holder has it, or it is in no claimable status); None when there is no
        such row.
    """
    now = utcnow()
    params = {"v_id": row_id, "v_now": now, "v_me": claimant()}
    row = session.execute(how.take, {**params, "v_cutoff": lease_cutoff(now)}).first()
    if row is not None:
        return tuple(row)
    model = how.model
    current = session.execute(
        select(model.status, model.claimed_by).where(model.id == row_id)
    ).first()
    if current is None:
        return None
    status, holder = current
    if (
        status == RUNNING
        and holder is not None
        and (holder_is_gone(holder) or left_by_me(model, row_id, holder))
    ):
        row = session.execute(how.take_over, {**params, "v_holder": holder}).first()
        if row is not None:
            return tuple(row)
    return str(status)


def claim_or_status(
    session: Session, how: Claim, row_id: Any, *, what: str
) -> tuple[Any, ...] | str:
    """:func:`claim`, for a task that works on the row it takes or leaves it alone.

    When the row is not taken, the session is rolled back; the caller commits a claim it got.

    Args:
        session: database session.
        how: the table's :class:`Claim`.
        row_id: the row's primary key.
        what: the row's kind in the error message (``response``, ``export``, ...).

    Returns:
        The returned columns (``id`` first) when this process now holds the row; else the row's
        status (a live holder has it, or it is in no claimable status).

    Raises:
        NotFoundError: there is no such row.
    """
    claimed = claim(session, how, row_id)
    if claimed is None:
        session.rollback()
        raise NotFoundError(f"{what} {row_id} does not exist")
    if isinstance(claimed, str):
        session.rollback()
    return claimed


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
    from app.db import any_of, session_scope

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
                            any_of(model.id, ids),
                            col(model.status) == RUNNING,
                            col(model.claimed_by) == claimant(),
                        )
                        .values(heartbeat_at=utcnow())
                        .execution_options(synchronize_session=False)
                    )
        except Exception:  # a missed beat only shortens the lease; try again next time
            log.exception("heartbeat of %d held rows failed", sum(map(len, held.values())))
