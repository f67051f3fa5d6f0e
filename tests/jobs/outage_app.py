"""A Celery app of the job engine's configuration (:func:`app.jobs.broker.make_celery`) with two
tasks of its own, for a worker that a test cuts off from its broker
(``tests/jobs/test_broker_outage.py``). Both write to the folder ``OUTAGE_MARKS``."""

from __future__ import annotations

import os
import time
from pathlib import Path

from app.jobs.broker import make_celery

app = make_celery()


def _mark(name: str) -> None:
    (Path(os.environ["OUTAGE_MARKS"]) / name).write_text(f"{time.time()}\n")


@app.task(name="outage.hold")
def hold(seconds: float) -> None:
    """Mark ``held``, then take `seconds` (acknowledged late: unacknowledged meanwhile)."""
    _mark("held")
    time.sleep(seconds)


@app.task(name="outage.mark")
def mark(name: str) -> None:
    """Mark `name` (proof that the worker still takes tasks)."""
    _mark(name)
