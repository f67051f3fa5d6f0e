"""A PostgreSQL cluster of the test's own on a spare port (TOOLCHAIN "Private services for fault
tests"), which a test may stop, restart and start without touching the shared server.

``initdb`` refuses to run as root, so as root the cluster belongs to the ``postgres`` user
(``runuser -u postgres``) and lives in a folder that user owns; as any other user it belongs to
that user. The server binaries are Debian's (``/usr/lib/postgresql/<version>/bin``), the
newest installed version, or those on ``PATH``.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import psycopg

from tests.private_redis import free_port


def server_bin(program: str) -> str:
    """The path of a PostgreSQL server program (``initdb``, ``pg_ctl``).

    Raises:
        FileNotFoundError: no PostgreSQL server is installed (``apt-get install postgresql``).
    """
    found = sorted(
        glob.glob(f"/usr/lib/postgresql/*/bin/{program}"),
        key=lambda path: int(Path(path).parts[-3]) if Path(path).parts[-3].isdigit() else 0,
    )
    if found:
        return found[-1]
    on_path = shutil.which(program)
    if on_path is None:
        raise FileNotFoundError(
            f"{program}: no PostgreSQL server installed (apt install postgresql)"
        )
    return on_path


def _as_owner() -> list[str]:
    """The command prefix that runs a server program as the cluster's owner."""
    return ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []


def private_folder(prefix: str) -> Path:
    """A fresh folder the cluster's owner can write (``postgres`` when we are root)."""
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    if os.geteuid() == 0:
        owner = pwd.getpwnam("postgres")
        os.chown(folder, owner.pw_uid, owner.pw_gid)
    return folder


def init_cluster(data: Path) -> None:
    """``initdb`` a cluster into `data` (trust authentication, superuser ``postgres``)."""
    subprocess.run(
        [*_as_owner(), server_bin("initdb"), "-D", str(data), "-A", "trust", "-U", "postgres"],
        check=True,
        capture_output=True,
    )


def copy_cluster(data: Path, folder: Path) -> None:
    """Copy the stopped cluster `data` to `folder`/pg, owner and modes kept (``cp -a``)."""
    subprocess.run([*_as_owner(), "cp", "-a", str(data), str(folder / "pg")], check=True)


class PrivatePostgres:
    """A postmaster on `port` over the cluster in `folder`/pg; its socket and log in `folder`.

    Args:
        folder: a folder the cluster's owner can write (:func:`private_folder`), holding the
            data directory ``pg`` (from :func:`init_cluster` or a copy of one).
        port: the port (a free one by default).
    """

    def __init__(self, folder: Path, port: int | None = None) -> None:
        self.folder, self.port = folder, port or free_port()

    @property
    def data(self) -> Path:
        """The data directory."""
        return self.folder / "pg"

    def url(self, database: str = "postgres") -> str:
        """The SQLAlchemy URL of `database` on this server."""
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def admin_url(self) -> str:
        """The libpq URL of the ``postgres`` database (for psycopg)."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def _pg_ctl(self, *args: str) -> None:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        subprocess.run(
            [
                *_as_owner(),
                server_bin("pg_ctl"),
                "-D",
                str(self.data),
                "-w",
                "-t",
                "60",
                "-l",
                str(self.folder / "pg.log"),
                "-o",
                options,
                *args,
            ],
            check=True,
            capture_output=True,
        )

    def start(self) -> PrivatePostgres:
        """Start the server and wait until it accepts connections."""
        self._pg_ctl("start")
        self.wait_until_up()
        return self

    def stop(self) -> None:
        """Stop it at once (``-m fast``: open sessions are ended, as in a restart)."""
        self._pg_ctl("stop", "-m", "fast")

    def restart(self) -> None:
        """``pg_ctl restart -m fast``."""
        self._pg_ctl("restart", "-m", "fast")
        self.wait_until_up()

    def wait_until_up(self, timeout: float = 30.0) -> None:
        """Block until a connection succeeds (raises AssertionError after `timeout` seconds)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                psycopg.connect(self.admin_url(), connect_timeout=2).close()
                return
            except psycopg.OperationalError:
                assert time.monotonic() < deadline, "private PostgreSQL did not start"
                time.sleep(0.05)

    def execute(self, sql: str) -> None:
        """Run one statement on the ``postgres`` database, outside a transaction."""
        with psycopg.connect(self.admin_url(), autocommit=True) as connection:
            connection.execute(sql)  # type: ignore[arg-type]
