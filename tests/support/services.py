"""The real services tests use, found from the environment.

``REQUIRE_SERVICES=1`` (CI) turns a missing service into a failure instead of a skip.
"""

from __future__ import annotations

import os
import socket
from urllib.parse import urlparse

import pytest


def required() -> bool:
    return os.environ.get("REQUIRE_SERVICES", "").strip().lower() in {"1", "true", "yes"}


def _reachable(url: str, default_port: int) -> bool:
    parts = urlparse(url)
    try:
        with socket.create_connection(
            (parts.hostname or "127.0.0.1", parts.port or default_port), 2
        ):
            return True
    except OSError:
        return False


def redis_url() -> str | None:
    """REDIS_URL when it is set and answers, else None (a failure when services are required)."""
    url = os.environ.get("REDIS_URL", "")
    if url and _reachable(url, 6379):
        return url
    if required():
        pytest.fail(f"Redis is required but {url or 'REDIS_URL is not set'} is not reachable")
    return None


def postgres_url() -> str | None:
    """DATABASE_URL when it names a reachable PostgreSQL, else None (or a failure, as above)."""
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith(("postgres://", "postgresql://")) and _reachable(url, 5432):
        return url
    if required():
        pytest.fail("PostgreSQL is required but DATABASE_URL does not name a reachable one")
    return None


def need_redis() -> str:
    url = redis_url()
    if url is None:
        pytest.skip("needs Redis (set REDIS_URL)")
    return url


def need_postgres() -> str:
    url = postgres_url()
    if url is None:
        pytest.skip("needs PostgreSQL (set DATABASE_URL)")
    return url
