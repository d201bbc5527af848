"""Who is at a match: one database row per open connection, shared by every process.

A process killed without closing its sockets leaves rows behind; they stop counting once
their heartbeat is older than STALE and the next heartbeat of the match deletes them.
"""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth.base_user import AbstractBaseUser
from django.utils import timezone

from spacemission.live import frames
from spacemission.live.models import Connection

HEARTBEAT = 15.0  # seconds between refreshes of a connection's row
STALE = timedelta(seconds=3 * HEARTBEAT)


def join(
    channel_name: str, match_id: int, seat: int | None, user: AbstractBaseUser | None
) -> frames.Frame:
    # Two single statements rather than update_or_create's transaction: on SQLite a
    # transaction that reads before it writes can fail to get the write lock.
    fields = {
        "match_id": match_id,
        "seat": seat,
        "user": user if user is not None and user.is_authenticated else None,
        "seen_at": timezone.now(),
    }
    if not Connection.objects.filter(channel_name=channel_name).update(**fields):
        Connection.objects.create(channel_name=channel_name, **fields)
    return snapshot(match_id)


def leave(channel_name: str, match_id: int) -> frames.Frame:
    Connection.objects.filter(channel_name=channel_name).delete()
    return snapshot(match_id)


def beat(
    channel_name: str, match_id: int, seat: int | None, user: AbstractBaseUser | None
) -> frames.Frame | None:
    """Refresh this connection and drop the match's stale ones; a frame if any were dropped."""
    join(channel_name, match_id, seat, user)
    dropped, _ = Connection.objects.filter(
        match_id=match_id, seen_at__lt=timezone.now() - STALE
    ).delete()
    return snapshot(match_id) if dropped else None


def forget_stale() -> int:
    """Delete every stale connection row (a process starting up: some died with the last)."""
    deleted, _ = Connection.objects.filter(seen_at__lt=timezone.now() - STALE).delete()
    return deleted


def snapshot(match_id: int) -> frames.Frame:
    rows = Connection.objects.filter(match_id=match_id, seen_at__gte=timezone.now() - STALE)
    seats = list(rows.values_list("seat", flat=True))
    connected = sorted({s for s in seats if s is not None})
    return frames.presence(connected, sum(1 for s in seats if s is None))
