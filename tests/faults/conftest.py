"""Fixtures for the fault drills: real databases, Daphne processes and a private Redis."""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import redis

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # `pytest` (not `python -m pytest`) leaves the root off the path
    sys.path.insert(0, str(ROOT))

from tests.support.servers import Database, Server, free_port, fresh_database, start_server  # noqa: E402
from tests.support.services import need_postgres, need_redis  # noqa: E402

QUIET_SERVER = {"DEBUG": "0", "LOG_LEVEL": "WARNING", "BOT_DELAY": "0"}


@pytest.fixture
def database() -> Iterator[Database]:
    need_postgres()
    db = fresh_database("postgres")
    yield db
    db.drop()


@pytest.fixture
def servers() -> Iterator[Callable[..., Server]]:
    """``servers(db, redis_url=None, **env)`` starts a Daphne process; all are killed after,
    and their logs printed (pytest shows them when the test fails)."""
    started: list[Server] = []

    def start(db: Database, redis_url: str | None = None, **env: str) -> Server:
        server = start_server(db, redis_url, env={**QUIET_SERVER, **env})
        started.append(server)
        return server

    yield start
    for server in started:
        server.kill()
        print(f"--- server on port {server.port} ---\n{server.log()[-4000:]}")


@pytest.fixture
def shared_redis() -> str:
    """The shared Redis (``REDIS_URL``); servers get their own key prefix from the test."""
    return need_redis()


class PrivateRedis:
    """A redis-server of the test's own on a free port, without persistence, so a drill
    can stop and restart it without touching anyone else's."""

    def __init__(self, *options: str) -> None:
        self.port = free_port()
        self.dir = tempfile.mkdtemp(prefix="sm-redis-")
        self.options = list(options)  # more redis-server options (``--replicaof``, …)
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        command = ["redis-server", "--bind", "127.0.0.1", "--port", str(self.port)]
        command += ["--save", "", "--appendonly", "no", "--dir", self.dir, *self.options]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while True:
            try:
                redis.Redis(port=self.port, socket_connect_timeout=1).ping()
                return
            except redis.ConnectionError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def need_redis_server() -> None:
    if shutil.which("redis-server") is None:
        if os.environ.get("REQUIRE_SERVICES"):
            pytest.fail("redis-server is required for the Redis drills")
        pytest.skip("redis-server is not installed")


@pytest.fixture
def private_redis() -> Iterator[PrivateRedis]:
    need_redis_server()
    server = PrivateRedis()
    server.start()
    yield server
    server.kill()
    shutil.rmtree(server.dir, ignore_errors=True)


class PrivateSentinel:
    """A primary, its replica and a Sentinel watching them (as ``MASTER``), each a
    redis-server of the test's own on a free port."""

    MASTER = "drill"

    def __init__(self) -> None:
        self.primary = PrivateRedis()
        self.primary.start()
        self.replica = PrivateRedis("--replicaof", "127.0.0.1", str(self.primary.port))
        self.replica.start()
        self.port = free_port()
        self.dir = tempfile.mkdtemp(prefix="sm-sentinel-")
        config = Path(self.dir) / "sentinel.conf"
        config.write_text(
            f"port {self.port}\nbind 127.0.0.1\ndir {self.dir}\n"
            f"sentinel monitor {self.MASTER} 127.0.0.1 {self.primary.port} 1\n"
            f"sentinel down-after-milliseconds {self.MASTER} 1000\n"
            f"sentinel failover-timeout {self.MASTER} 5000\n"
        )
        self.process = subprocess.Popen(
            ["redis-server", str(config), "--sentinel"], stdout=subprocess.DEVNULL
        )
        self._until(lambda: self._replicas() == 1, "the Sentinel knows the replica")
        self._until(self._replica_in_sync, "the replica is in sync")

    @property
    def setting(self) -> str:
        return f"127.0.0.1:{self.port}"

    def primary_port(self) -> int:
        _host, port = redis.Redis(port=self.port).sentinel_get_master_addr_by_name(self.MASTER)
        return int(port)

    def wait_for_failover(self) -> None:
        """Until the Sentinel names the replica as the primary."""
        self._until(lambda: self.primary_port() == self.replica.port, "the failover", 30)

    def _replicas(self) -> int:
        try:
            return len(redis.Redis(port=self.port).sentinel_slaves(self.MASTER))
        except redis.RedisError:
            return 0

    def _replica_in_sync(self) -> bool:
        info = redis.Redis(port=self.replica.port).info("replication")
        return info.get("master_link_status") == "up"

    @staticmethod
    def _until(ready: Callable[[], bool], what: str, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while not ready():
            if time.monotonic() > deadline:
                raise AssertionError(f"not ready within {timeout} s: {what}")
            time.sleep(0.1)

    def kill(self) -> None:
        self.process.kill()
        self.process.wait()
        for server in (self.primary, self.replica):
            server.kill()
            shutil.rmtree(server.dir, ignore_errors=True)
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture
def sentinel() -> Iterator[PrivateSentinel]:
    need_redis_server()
    watched = PrivateSentinel()
    yield watched
    watched.kill()


def prefix() -> str:
    """A channel-layer key prefix of one drill's own on the shared Redis."""
    return f"drill{secrets.token_hex(4)}"
