"""Three hosts and a balancer on one machine: application hosts ``a`` and ``b`` (a
Daphne process each, serving this checkout) and the services host ``s`` (PostgreSQL and
Redis), each in a network namespace of its own, with nginx in the machine's own namespace.

    clients -> nginx (127.0.0.1) --link a--> host a --link as--> host s
                                 --link b--> host b --link bs--> host s
    the test's own reads       ------------admin link----------> host s

Each host reaches the others only over its links, so cutting a link cuts exactly that
path. The admin link (the test seeding and checking the database) is never cut.
"""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from urllib.parse import urlparse, urlunparse

import pytest

from tests.faults.conftest import QUIET_SERVER
from tests.hosts.balancer import Balancer
from tests.hosts.network import Link, Network, in_namespace
from tests.hosts.services import Postgres, Redis
from tests.support.servers import Database, Server, _base_env, fresh_database

APP_PORT = 8000
# Every process sweeps the deadlines often, so a taken-over clock shows quickly.
HOST_ENV = {**QUIET_SERVER, "DEADLINE_POLL": "0.2"}


@dataclass
class HostServer(Server):
    """A Daphne process inside a host's namespace, listening on the host's address."""

    netns: str = ""
    address: str = ""

    @property
    def url(self) -> str:
        return f"http://{self.address}:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://{self.address}:{self.port}"

    def command(self) -> list[str]:
        daphne = super().command()
        daphne[daphne.index("-b") + 1] = self.address
        return in_namespace(self.netns, daphne)


@dataclass
class Host:
    name: str
    server: HostServer
    front: Link  # from the balancer
    back: Link  # to the services host

    def cut(self) -> None:
        """The host drops off the network: no balancer, no database, no Redis."""
        self.front.set(up=False)
        self.back.set(up=False)

    def restore(self) -> None:
        self.front.set(up=True)
        self.back.set(up=True)


def with_host(url: str, host: str) -> str:
    parts = urlparse(url)
    return urlunparse(parts._replace(netloc=parts.netloc.replace(parts.hostname, host, 1)))


@dataclass
class Cluster:
    database: Database  # reached over the admin link
    balancer: Balancer
    a: Host
    b: Host

    @property
    def hosts(self) -> list[Host]:
        return [self.a, self.b]


@contextlib.contextmanager
def cluster() -> Iterator[Cluster]:
    """Start every part; stop and remove every one after, whatever happened."""
    network = Network()
    parts: list = []
    database: Database | None = None
    try:
        services = network.namespace("s")
        admin = network.link("", services)
        postgres, redis = Postgres(services), Redis(services)
        parts += [postgres, redis]
        postgres.start()
        redis.start(admin.right_address)
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("DATABASE_URL", f"postgres://postgres@{admin.right_address}:5432/postgres")
            database = fresh_database("postgres")
        channels = f"hosts{secrets.token_hex(4)}"
        hosts = []
        for name in ("a", "b"):
            netns = network.namespace(name)
            front, back = network.link("", netns), network.link(services, netns)
            env = _base_env(with_host(database.url, back.left_address), database.clock_file)
            env.update(HOST_ENV, ALLOWED_HOSTS="127.0.0.1,localhost", CHANNELS_PREFIX=channels)
            env["REDIS_URL"] = f"redis://{back.left_address}:6379/0"
            server = HostServer(database, APP_PORT, env, netns=netns, address=front.right_address)
            database.servers.append(server)
            parts.append(server)
            hosts.append(Host(name, server.start(), front, back))
        balancer = Balancer([f"{h.server.address}:{APP_PORT}" for h in hosts])
        parts.append(balancer)
        balancer.start()
        yield Cluster(database, balancer, *hosts)
    finally:
        for part in reversed(parts):
            if isinstance(part, Server):  # pytest shows these when the drill fails
                print(f"--- {part.netns} ---\n{part.log()[-3000:]}")
            if isinstance(part, Balancer):
                print(f"--- nginx ---\n{part.log()[-3000:]}")
            with contextlib.suppress(Exception):
                part.kill() if isinstance(part, Server) else part.stop()
            if isinstance(part, Server):
                part._log.unlink(missing_ok=True)
        if database is not None:
            database.clock_file.unlink(missing_ok=True)
        network.close()
