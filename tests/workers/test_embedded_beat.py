"""An embedded beat (``halo worker --beat``) does not outlive a worker killed with SIGKILL."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHILD = """
import os, sys, time
child = os.fork()
if child == 0:
    from workers.celery_app import die_with_parent
    die_with_parent()
    print(os.getpid(), flush=True)
    time.sleep(60)
    os._exit(0)
time.sleep(60)
"""


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


def test_a_process_that_asked_to_die_with_its_parent_ends_when_the_parent_is_killed() -> None:
    parent = subprocess.Popen(
        [sys.executable, "-c", CHILD],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
    )
    try:
        assert parent.stdout is not None
        child = int(parent.stdout.readline())  # printed once die_with_parent has returned
        assert _alive(child)
        parent.send_signal(signal.SIGKILL)
        parent.wait(10)
        deadline = time.monotonic() + 10
        while _alive(child) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _alive(child), "the child outlived its killed parent"
    finally:
        parent.kill()
        parent.wait(10)


def test_the_embedded_beat_asks_for_it() -> None:
    from celery.signals import beat_embedded_init

    from workers.celery_app import die_with_parent

    assert die_with_parent in [receiver for _key, receiver in beat_embedded_init.receivers]
