"""Real server processes for tests: fresh databases and Daphne processes serving the app.

API (all blocking, usable from sync and async tests)::

    db = fresh_database()              # PostgreSQL from DATABASE_URL: a new uniquely named
                                       # database; otherwise a temporary SQLite file. Migrated.
    db = fresh_database("sqlite")      # force SQLite ("postgres" forces PostgreSQL)
    out = db.django("print(1 + 1)")    # run Python with Django set up against db; its stdout
    key = db.session("ada")            # a logged-in session key for user ada (created if new)
    keys = db.sessions(["ada", "bob"]) # the same for several users, in one process: name -> key
    rows = db.query("SELECT id FROM matches_match WHERE status = %s", ["running"])
    server = start_server(db, redis_url=None, env={"BOT_DELAY": "0"})
    server.url, server.ws_url          # "http://127.0.0.1:<port>", "ws://127.0.0.1:<port>"
    server.origin                      # an Origin header value the server accepts
    server.stop()                      # SIGTERM and wait; server.kill() is SIGKILL
    server.start()                     # start again on the same port (after stop/kill)
    server.log()                       # what the process wrote so far
    db.drop()                          # stop its servers, then drop the database / delete
                                       # the file

``start_server`` waits until the process answers HTTP and raises ``ServerError`` with the
process's output if it does not. Without ``redis_url`` the server uses the in-memory
channel layer (one process only). Servers run with ``DEBUG=1`` so pages render without
collected static files; pass ``env`` to change that or anything else. Match ids of a fresh
database start at a random offset, so servers of concurrent test runs that share one Redis
never share a channel group name.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse, urlunparse

from tests.support import clockfile

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
DAPHNE = str(Path(PYTHON).with_name("daphne"))
START_TIMEOUT = 30.0


class ServerError(RuntimeError):
    pass


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _base_env(database_url: str, clock_file: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "DATABASE_URL"}}
    env.update(
        CLOCK=clockfile.CLOCK,
        SM_TEST_CLOCK=str(clock_file),
        DATABASE_URL=database_url,
        DJANGO_SETTINGS_MODULE="tests.support.server_settings",
        PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH", "")])),
    )
    return env


@dataclass
class Database:
    url: str
    kind: str  # "postgres" or "sqlite"
    _tempdir: str | None = None
    servers: list[Server] = field(default_factory=list)  # started against it
    # The time its servers read (tests.support.clockfile): fixed until a test moves it.
    clock_file: Path = field(default_factory=lambda: Path(tempfile.mkstemp(suffix=".clock")[1]))

    def __post_init__(self) -> None:
        self.set_time(clockfile.START)

    def now(self) -> int:
        return int(self.clock_file.read_text())

    def set_time(self, at: int) -> None:
        """Every process of this database reads ``at`` (epoch ms) as the time from now on."""
        clockfile.write(self.clock_file, at)

    def advance(self, ms: int) -> int:
        """Move the time on by ``ms``; the new time."""
        self.set_time(self.now() + ms)
        return self.now()

    def django(self, code: str, env: dict[str, str] | None = None) -> str:
        """Run ``code`` in a Python process with Django set up against this database."""
        script = "import django\ndjango.setup()\n" + code
        done = subprocess.run(
            [PYTHON, "-c", script],
            cwd=ROOT,
            env={**_base_env(self.url, self.clock_file), **(env or {})},
            capture_output=True,
            text=True,
            timeout=120,
        )
        if done.returncode != 0:
            raise ServerError(f"django code failed:\n{done.stdout}\n{done.stderr}")
        return done.stdout

    def session(self, username: str) -> str:
        """The key of a new logged-in session of ``username`` (created without a password)."""
        return self.sessions([username])[username]

    def sessions(self, usernames: list[str]) -> dict[str, str]:
        """A new logged-in session of each user (created if new), made in one process."""
        code = _SESSION.replace("USERNAMES", repr(list(usernames)))
        keys = self.django(code).strip().splitlines()[-len(usernames) :]
        return dict(zip(usernames, keys, strict=True))

    def query(self, sql: str, params: list | tuple = ()) -> list[tuple]:
        """Rows of one SQL statement run directly (``%s`` placeholders for both kinds)."""
        if self.kind == "sqlite":
            import sqlite3

            path = self.url.removeprefix("sqlite:///")
            with contextlib.closing(sqlite3.connect(path, timeout=20)) as conn:
                return conn.execute(sql.replace("%s", "?"), params).fetchall()
        import psycopg

        with psycopg.connect(self.url) as conn:
            return conn.execute(sql, params).fetchall()

    def drop(self) -> None:
        """Kill every server started against this database, then drop it: a server still
        running would reconnect while PostgreSQL drops the database, and fail."""
        for server in self.servers:
            server.kill()
        self.clock_file.unlink(missing_ok=True)
        if self.kind == "sqlite":
            if self._tempdir:
                shutil.rmtree(self._tempdir, ignore_errors=True)
            return
        name = urlparse(self.url).path.lstrip("/")
        _postgres_admin(self.url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _postgres_admin(url: str, sql: str) -> None:
    import psycopg

    admin = urlunparse(urlparse(url)._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(sql)


def fresh_database(kind: str = "auto") -> Database:
    """A new, migrated database (see the module docstring)."""
    base = os.environ.get("DATABASE_URL", "")
    use_postgres = kind == "postgres" or (
        kind == "auto" and base.startswith(("postgres://", "postgresql://"))
    )
    if use_postgres:
        if not base.startswith(("postgres://", "postgresql://")):
            raise ServerError("DATABASE_URL does not name a PostgreSQL server")
        name = f"sm_test_{secrets.token_hex(6)}"
        _postgres_admin(base, f'CREATE DATABASE "{name}"')
        db = Database(urlunparse(urlparse(base)._replace(path=f"/{name}")), "postgres")
    else:
        tempdir = tempfile.mkdtemp(prefix="sm-test-")
        db = Database(f"sqlite:///{tempdir}/db.sqlite3", "sqlite", tempdir)
    db.django(_MIGRATE)
    return db


_SESSION = """
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.sessions.backends.db import SessionStore
for username in USERNAMES:
    user, _ = get_user_model().objects.get_or_create(username=username)
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    print(session.session_key)
"""

# Migrate, then move the match ids to a random offset (see the module docstring).
_MIGRATE = """
import random
from django.core.management import call_command
from django.db import connection
call_command("migrate", verbosity=0, interactive=False)
start = random.randrange(10**6, 10**9)
if connection.vendor == "postgresql":
    sql = "SELECT setval(pg_get_serial_sequence('matches_match', 'id'), %s)"
else:
    sql = "INSERT INTO sqlite_sequence (name, seq) VALUES ('matches_match', %s)"
with connection.cursor() as cursor:
    cursor.execute(sql, [start])
"""


@dataclass
class Server:
    database: Database
    port: int
    env: dict[str, str]
    process: subprocess.Popen | None = None
    _log: Path = field(default_factory=lambda: Path(tempfile.mkstemp(suffix=".log")[1]))

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def command(self) -> list[str]:
        """Daphne, or uvicorn (installed apart) when the server's ``ASGI_SERVER`` says so."""
        if self.env.get("ASGI_SERVER") == "uvicorn":
            uvicorn = [PYTHON, "-m", "uvicorn", "--host", "127.0.0.1", "--port", str(self.port)]
            return [
                *uvicorn,
                "--no-access-log",
                "--lifespan",
                "off",
                "spacemission.asgi:application",
            ]
        return [DAPHNE, "-b", "127.0.0.1", "-p", str(self.port), "spacemission.asgi:application"]

    def start(self) -> Server:
        with self._log.open("ab") as out:
            self.process = subprocess.Popen(
                self.command(),
                cwd=ROOT,
                env=self.env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        self._wait_ready()
        return self

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise ServerError(f"daphne exited with {self.process.returncode}:\n{self.log()}")
            try:
                urllib.request.urlopen(f"{self.url}/__ready__", timeout=2)
            except urllib.error.HTTPError:
                return  # any HTTP answer (a 404 too) means it serves
            except OSError:
                time.sleep(0.1)
                continue
            return
        self.kill()
        raise ServerError(f"daphne did not serve within {START_TIMEOUT} s:\n{self.log()}")

    def stop(self, timeout: float = 10.0) -> None:
        """SIGTERM, then SIGKILL if it has not exited within ``timeout``."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def log(self) -> str:
        return self._log.read_text(errors="replace")


def start_server(
    database: Database,
    redis_url: str | None = None,
    *,
    port: int | None = None,
    env: dict[str, str] | None = None,
) -> Server:
    """A started Daphne process serving the app against ``database``."""
    full_env = _base_env(database.url, database.clock_file)
    full_env.update({"DEBUG": "1", "ALLOWED_HOSTS": "127.0.0.1,localhost", "BOT_DELAY": "0"})
    if redis_url:
        full_env["REDIS_URL"] = redis_url
    full_env.update(env or {})
    server = Server(database, port or free_port(), full_env)
    database.servers.append(server)
    return server.start()
