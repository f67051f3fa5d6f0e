"""A redis-server of the test's own on a spare port (TOOLCHAIN "Private services for fault
tests"), which a test may stop and start without touching the shared one."""

from __future__ import annotations

import socket
import subprocess
import time
from pathlib import Path

import redis


def free_port() -> int:
    """A TCP port on 127.0.0.1 nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PrivateRedis:
    """A redis-server on `port`, keeping nothing on disk.

    Args:
        directory: its working folder.
        port: the port (a free one by default).
    """

    def __init__(self, directory: Path, port: int | None = None) -> None:
        self.directory, self.port = directory, port or free_port()

    @property
    def url(self) -> str:
        """Its URL (database 0)."""
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> PrivateRedis:
        """Start it and wait until it answers (at most 10 s)."""
        subprocess.run(
            [
                "redis-server",
                "--daemonize",
                "yes",
                "--bind",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.directory),
            ],
            check=True,
            capture_output=True,
        )
        deadline = time.monotonic() + 10
        while True:
            try:
                redis.Redis.from_url(self.url).ping()
                return self
            except redis.exceptions.ConnectionError:
                assert time.monotonic() < deadline, "private redis-server did not start"
                time.sleep(0.05)

    def stop(self) -> None:
        """Shut it down without saving (its data is gone, as after a crash)."""
        subprocess.run(
            ["redis-cli", "-p", str(self.port), "shutdown", "nosave"], capture_output=True
        )
        deadline = time.monotonic() + 10
        while True:
            try:
                redis.Redis.from_url(self.url).ping()
            except redis.exceptions.ConnectionError:
                return
            assert time.monotonic() < deadline, "private redis-server did not stop"
            time.sleep(0.05)
