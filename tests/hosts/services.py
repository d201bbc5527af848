"""The services host's own PostgreSQL cluster and Redis, started inside its namespace
from temporary directories: the machine's shared servers are never touched."""

from __future__ import annotations

import glob
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import redis

from tests.hosts.network import in_namespace

START_TIMEOUT = 30.0


def postgres_bin() -> Path | None:
    """The directory of the newest installed PostgreSQL's programs (Debian's layout)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


class Postgres:
    """A throwaway cluster run by the ``postgres`` system user, trusting the drill's
    addresses (no password: nothing outside the namespaces can reach it)."""

    def __init__(self, netns: str) -> None:
        self.netns = netns
        self.bin = postgres_bin()
        self.dir = Path(tempfile.mkdtemp(prefix="sm-hosts-pg-"))
        self.data = self.dir / "data"

    def _as_postgres(self, *command: str) -> None:
        full = in_namespace(self.netns, ["runuser", "-u", "postgres", "--", *command])
        subprocess.run(full, check=True, capture_output=True, text=True, timeout=120)

    def start(self) -> None:
        shutil.chown(self.dir, "postgres")
        self._as_postgres(
            str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres",
            "--auth=trust", "--no-sync", "-E", "UTF8",
        )  # fmt: skip
        with (self.data / "pg_hba.conf").open("a") as hba:
            hba.write("host all all 10.213.0.0/16 trust\n")
        options = f"-c listen_addresses=* -c unix_socket_directories={self.dir} "
        options += "-c fsync=off -c max_connections=200"
        self._as_postgres(
            str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.dir / "log"),
            "-o", options, "-w", "-t", str(int(START_TIMEOUT)), "start",
        )  # fmt: skip

    def stop(self) -> None:
        if (self.data / "postmaster.pid").exists():
            self._as_postgres(
                str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop"
            )
        shutil.rmtree(self.dir, ignore_errors=True)


class Redis:
    def __init__(self, netns: str) -> None:
        self.netns = netns
        self.dir = tempfile.mkdtemp(prefix="sm-hosts-redis-")
        self.process: subprocess.Popen | None = None

    def start(self, address: str) -> None:
        """Start it, and wait until it answers at ``address`` (from the test's side)."""
        command = ["redis-server", "--bind", "0.0.0.0", "--port", "6379", "--protected-mode", "no"]
        command += ["--save", "", "--appendonly", "no", "--dir", self.dir]
        self.process = subprocess.Popen(
            in_namespace(self.netns, command), stdout=subprocess.DEVNULL
        )
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            try:
                redis.Redis(host=address, socket_connect_timeout=1).ping()
                return
            except redis.ConnectionError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.dir, ignore_errors=True)
