"""A per-address limit on creating accounts, so nobody fills the database with guests.

Counts live in Django's cache: Redis when ``REDIS_URL`` is set (shared by every process),
else each process's memory.
"""

from __future__ import annotations

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

WINDOW_SECONDS = 3600


def client_address(request: HttpRequest) -> str:
    # Daphne runs with --proxy-headers behind a balancer, so this is the client's address.
    return request.META.get("REMOTE_ADDR") or "unknown"


def allow_new_account(request: HttpRequest) -> bool:
    """Count one account creation from this address; False once over the hourly limit
    (``settings.NEW_ACCOUNTS_PER_HOUR``; 0 means no limit)."""
    limit = settings.NEW_ACCOUNTS_PER_HOUR
    if not limit:
        return True
    key = f"new-accounts:{client_address(request)}"
    cache.add(key, 0, WINDOW_SECONDS)
    try:
        count = cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, WINDOW_SECONDS)
        count = 1
    return count <= limit
