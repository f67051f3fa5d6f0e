"""Start a real `celery worker` process for tests and benchmarks, and wait until it answers."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from app.jobs.schedule import periodic_queue

ROOT = Path(__file__).resolve().parent.parent


def start_worker(
    *,
    env: dict[str, str],
    queue: str,
    name: str,
    concurrency: int | None = None,
    quiet: bool = True,
    pool: str = "prefork",
    log: Path | None = None,
    beat_schedule: Path | None = None,
    app: str = "workers.celery_app",
) -> subprocess.Popen[bytes]:
    """A worker on `queue` named `name@host`: solo pool, or `pool` with `concurrency`.

    Args:
        env: extra environment (DATABASE_URL, REDIS_URL, CELERY_QUEUE, ...).
        queue: the only queue it consumes.
        name: node name (without ``@host``).
        concurrency: None for ``--pool=solo`` (fast start), else processes (``prefork``) or
            threads (``threads``; the database pool is sized to them as ``halo worker`` does).
        quiet: discard its output.
        pool: ``prefork`` or ``threads`` when `concurrency` is given.
        log: write its output (warnings and up) to this file instead.
        beat_schedule: also run Celery beat in it (``--beat``), keeping beat's state in this
            file; None for no beat.
        app: the Celery app, as ``celery -A`` names it (a test's own app for tasks of its own).
    """
    options = (
        ["--pool=solo"]
        if concurrency is None
        else [f"--concurrency={concurrency}", f"--pool={pool}"]
    )
    if pool == "threads" and concurrency is not None:
        env = {"DATABASE_POOL_SIZE": str(concurrency + 4), **env}
    if beat_schedule is not None:
        options += ["--beat", f"--schedule={beat_schedule}"]
    output: Any = subprocess.DEVNULL if quiet else None
    if log is not None:
        output = log.open("ab")
    try:
        return _popen(options, queue, name, env, output, app)
    finally:
        if log is not None:
            output.close()  # the worker has its own copy of the file descriptor


def _popen(
    options: list[str], queue: str, name: str, env: dict[str, str], output: Any, app: str
) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            app,
            "worker",
            *options,
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
            "--loglevel=WARNING",
            "-Q",
            f"{queue},{periodic_queue(queue)}",
            "-n",
            f"{name}@%h",
        ],
        cwd=ROOT,
        env={**os.environ, **env},
        stdout=output,
        stderr=output,
    )


def wait_for_worker(
    client: Any, name: str, process: subprocess.Popen[bytes], timeout: float = 30.0
) -> None:
    """Block until the worker answers a ping (raises when it exits or times out)."""
    deadline = time.monotonic() + timeout
    destination = [f"{name}@{os.uname().nodename}"]
    while not client.control.ping(timeout=0.3, destination=destination):
        if process.poll() is not None:
            raise RuntimeError(f"worker {name} exited with {process.returncode}")
        if time.monotonic() > deadline:
            raise TimeoutError(f"worker {name} did not answer within {timeout:g} s")


def stop_worker(process: subprocess.Popen[bytes], *, grace_s: float = 20.0) -> None:
    """Stop a worker from :func:`start_worker`: a warm shutdown, killed after `grace_s` seconds."""
    process.terminate()
    try:
        process.wait(grace_s)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(10)
