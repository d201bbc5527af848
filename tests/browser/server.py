"""A real Daphne process on a fresh PostgreSQL database, for driving with a browser."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg

ROOT = Path(__file__).resolve().parents[2]
ADMIN_URL = os.environ.get("BROWSER_ADMIN_DB", "postgresql://postgres@127.0.0.1:5432/postgres")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _admin(sql: str) -> None:
    with psycopg.connect(ADMIN_URL, autocommit=True) as conn:
        conn.execute(sql)


def _wait_until_up(url: str, process: subprocess.Popen, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"daphne exited with {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer within {timeout} s")


@dataclass
class LiveServer:
    url: str
    database_url: str
    process: subprocess.Popen

    def query(self, sql: str, *params: Any) -> list[tuple]:
        """Read the server's database (tests decide what to click from the stored state)."""
        with psycopg.connect(self.database_url) as conn:
            return conn.execute(sql, params).fetchall()

    def match_state(self, match_id: int) -> tuple[dict, int]:
        (state, version), = self.query(
            "SELECT state, version FROM matches_match WHERE id = %s", match_id)
        return state, version

    def match_actions(self, match_id: int) -> tuple[dict, list[tuple[int, dict]]]:
        (seat_count, options, seed), = self.query(
            "SELECT seat_count, options, seed FROM matches_match WHERE id = %s", match_id)
        actions = self.query(
            "SELECT seat, action FROM matches_action WHERE match_id = %s ORDER BY version",
            match_id)
        return {"seats": seat_count, "options": options, "seed": seed}, list(actions)


def start(run_id: str) -> LiveServer:
    """Create the database, migrate it and start Daphne with a short bot delay."""
    name = f"sm_browser_{run_id}"
    _admin(f'DROP DATABASE IF EXISTS "{name}"')
    _admin(f'CREATE DATABASE "{name}"')
    database_url = ADMIN_URL.rsplit("/", 1)[0] + f"/{name}"
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "DEBUG": "1",  # static files straight from the source tree, no collectstatic
        "BOT_DELAY": "0.05",
        "DJANGO_SETTINGS_MODULE": "spacemission.settings",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
    }
    env.pop("REDIS_URL", None)  # one process: the in-memory channel layer
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
                   cwd=ROOT, env=env, check=True)
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
         "spacemission.asgi:application"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    _wait_until_up(f"{url}/healthz", process)
    return LiveServer(url=url, database_url=database_url, process=process)


def stop(server: LiveServer, run_id: str) -> None:
    server.process.terminate()
    try:
        server.process.wait(10)
    except subprocess.TimeoutExpired:
        server.process.kill()
        server.process.wait()
    _admin(f'DROP DATABASE IF EXISTS "sm_browser_{run_id}" WITH (FORCE)')


__all__ = ["LiveServer", "start", "stop"]
