"""The services every process needs, asked whether they answer: the database and Redis
(``REDIS_URL`` or ``REDIS_SENTINELS``), when one is configured. ``/healthz`` asks both on
every probe; a serving process asks Redis once at start-up and refuses to start without
it (``spacemission.asgi``)."""

from __future__ import annotations

import functools
from urllib.parse import urlsplit, urlunsplit

import redis
from django.conf import settings
from django.db import connection

from spacemission import sentinels

# Seconds a probe waits for Redis: a health check must answer before the balancer's own
# timeout, and a start-up check must not hang.
REDIS_TIMEOUT = 2.0


def shown(url: str) -> str:
    """``url`` without its password, for messages."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


@functools.cache
def _redis_client(url: str) -> redis.Redis:
    # One client per process: it reconnects by itself once Redis is back.
    return redis.Redis.from_url(
        url, socket_connect_timeout=REDIS_TIMEOUT, socket_timeout=REDIS_TIMEOUT
    )


def redis_problem() -> str | None:
    """Why Redis does not answer, or None when it does (or none is configured). Under
    Sentinel: whether a Sentinel names the primary."""
    if settings.REDIS_SENTINELS:
        try:
            sentinels.check(settings.REDIS_SENTINELS, settings.REDIS_SENTINEL_MASTER)
        except sentinels.SentinelError as error:
            return str(error)
        return None
    if not settings.REDIS_URL:
        return None
    try:
        _redis_client(settings.REDIS_URL).ping()
    except redis.RedisError as error:
        return f"Redis at {shown(settings.REDIS_URL)} (REDIS_URL) does not answer: {error}"
    return None


def database_problem() -> str | None:
    """Why the database does not answer, or None when it does."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except Exception as error:  # any driver's failure to connect or run the query
        connection.close_if_unusable_or_obsolete()
        return f"the database (DATABASE_URL) does not answer: {error}".strip()
    return None


def problems() -> list[str]:
    """Every service that does not answer, each with why."""
    return [p for p in (database_problem(), redis_problem()) if p is not None]


def require_redis() -> None:
    """Exit (status 1, with the reason) when the configured Redis does not answer: a
    process without it would serve pages but relay no move between processes."""
    if problem := redis_problem():
        raise SystemExit(f"Space Mission Online cannot start: {problem}")
