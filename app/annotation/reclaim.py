"""Expired assignments back to the pool on a schedule (DESIGN.md §7 batches).

Only the schedule returns expired items to the pool; pages never write. With a broker, Celery
beat runs ``annotation.reclaim_expired`` every :data:`app.jobs.broker.RECLAIM_EVERY_S` seconds
(``halo worker --beat``). In the embedded default (no ``REDIS_URL``: tasks run in-process and
nothing runs beat), ``halo serve`` and ``halo demo`` run :func:`start_reclaimer`, a daemon
thread doing the same for as long as they serve. Between two runs, an expired, unjudged item is
already out of its annotator's queue (:func:`app.annotation.service.annotator_queue`) and is
counted as *expired* on the lead's pages (:mod:`app.annotation.progress`); a lead who wants it
back at once uses *Reclaim* on the batch page.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass

from app.annotation.tasks import reclaim_expired
from app.jobs import broker

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Reclaimer:
    """A running in-process reclaimer: its thread and the event that stops it."""

    thread: threading.Thread
    stopping: threading.Event

    def stop(self, timeout: float = 10.0) -> None:
        """Ask the thread to stop and wait up to `timeout` seconds for a reclaim under way."""
        self.stopping.set()
        self.thread.join(timeout)


def start_reclaimer(every_s: float | None = None) -> Reclaimer:
    """Start a daemon thread that reclaims expired assignments every `every_s` seconds.

    The first run comes `every_s` after the start, like the next beat. A failed run (the
    database briefly away) is logged and tried again at the next one.

    Args:
        every_s: seconds between runs; None for :data:`app.jobs.broker.RECLAIM_EVERY_S`
            (read at the start, so tests may change it).

    Returns:
        The :class:`Reclaimer`; call :meth:`Reclaimer.stop` when the server stops.
    """
    interval = broker.RECLAIM_EVERY_S if every_s is None else every_s
    stopping = threading.Event()

    def run() -> None:
        while not stopping.wait(interval):
            try:
                released = reclaim_expired()
            except Exception:  # try again at the next run; the server must keep serving
                log.exception("reclaim of expired assignments failed")
                continue
            if released:
                log.info("returned %d expired assignments to the pool", released)

    thread = threading.Thread(target=run, name="halo-reclaim", daemon=True)
    thread.start()
    return Reclaimer(thread, stopping)
