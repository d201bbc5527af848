"""Redis as a primary with replicas under Sentinel: one setting, and a check at start.

``REDIS_SENTINELS=host:port,host:port`` (with ``REDIS_SENTINEL_MASTER``, the name the
Sentinels watch the primary under, default ``mymaster``) stands in for ``REDIS_URL``:
the channel layer and the relay (channels_redis's ``sentinels`` and ``master_name``
hosts) and the cache (``SentinelPool``, given to Django's Redis cache as its documented
``pool_class``) ask the Sentinels for the primary at each connection, so each follows a
failover by connecting again.

``check()`` runs at start-up: a process whose Sentinels do not answer, or know no
primary of that name, stops at once with a clear message rather than hanging on its
first connection.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ImproperlyConfigured
from redis.exceptions import RedisError
from redis.sentinel import Sentinel, SentinelConnectionPool

TIMEOUT = 2.0  # seconds a Sentinel may take to answer


class SentinelError(ImproperlyConfigured):
    """``REDIS_SENTINELS`` is malformed, or names no Sentinel that knows the primary."""


def parse(setting: str) -> list[tuple[str, int]]:
    """``host:port,host:port`` as (host, port) pairs; raises SentinelError if malformed."""
    pairs = []
    for entry in (e.strip() for e in setting.split(",")):
        if not entry:
            continue
        host, _, port = entry.rpartition(":")
        if not host or not port.isdigit():
            raise SentinelError(f"REDIS_SENTINELS: {entry!r} is not host:port")
        pairs.append((host.strip("[]"), int(port)))
    return pairs


def sentinel_options() -> dict[str, Any]:
    """How to talk to the Sentinels themselves: briefly, so a dead one costs little."""
    return {"socket_timeout": TIMEOUT, "socket_connect_timeout": TIMEOUT}


def layer_host(sentinels: list[tuple[str, int]], master: str) -> dict[str, Any]:
    """A channels_redis ``hosts`` entry for the primary the Sentinels name."""
    return {
        "sentinels": sentinels,
        "master_name": master,
        "sentinel_kwargs": sentinel_options(),
        "socket_connect_timeout": TIMEOUT,
    }


def cache(sentinels: list[tuple[str, int]], master: str) -> dict[str, Any]:
    """A ``CACHES`` entry: Django's Redis cache on the primary the Sentinels name."""
    return {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": f"redis://{master}",  # not used: the Sentinels name the primary
        "KEY_PREFIX": "spacemission",
        "OPTIONS": {
            "pool_class": f"{__name__}.SentinelPool",
            "sentinels": sentinels,
            "master_name": master,
        },
    }


class SentinelPool(SentinelConnectionPool):
    """Django's Redis cache's ``pool_class``: connections to the primary the Sentinels
    name (``OPTIONS`` carries ``sentinels`` and ``master_name``; the cache's URL is
    not used)."""

    @classmethod
    def from_url(  # type: ignore[override]
        cls,
        url: str,
        *,
        sentinels: list[tuple[str, int]],
        master_name: str,
        parser_class: Any = None,
        **options: Any,
    ) -> SentinelPool:
        if parser_class is not None:
            options["parser_class"] = parser_class
        manager = Sentinel(sentinels, sentinel_kwargs=sentinel_options())
        return cls(master_name, manager, **options)


def check(sentinels: list[tuple[str, int]], master: str) -> tuple[str, int]:
    """The primary's address as the first Sentinel that answers names it; raises
    SentinelError, saying what was tried, when none does."""
    if not sentinels:
        raise SentinelError("REDIS_SENTINELS names no Sentinel")
    manager = Sentinel(sentinels, sentinel_kwargs=sentinel_options())
    try:
        return manager.discover_master(master)
    except (RedisError, OSError) as error:
        named = ", ".join(f"{h}:{p}" for h, p in sentinels)
        raise SentinelError(
            f"no Sentinel of REDIS_SENTINELS ({named}) names a primary {master!r}: {error}"
        ) from None
