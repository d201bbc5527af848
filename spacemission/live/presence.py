"""Who is at a match: one database row per open connection, shared by every process.

Each process refreshes the rows of all its connections at once every HEARTBEAT seconds
(``spacemission.live.roster``). A process killed without closing its sockets leaves rows
behind; they stop counting once their heartbeat is older than STALE, and the next
heartbeat of any process deletes them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import timedelta

from django.contrib.auth.base_user import AbstractBaseUser
from django.db.models import QuerySet
from django.utils import timezone

from spacemission.live import frames
from spacemission.live.models import Connection
from spacemission.matches import clocks
from spacemission.matches.models import MatchSeat

HEARTBEAT = 15.0  # seconds between refreshes of a process's rows
STALE = timedelta(seconds=3 * HEARTBEAT)
BATCH = 500  # channel names per statement


@dataclass(frozen=True)
class Seen:
    """What a connection's row says: its match, its seat (None: a spectator), its user."""

    match_id: int
    seat: int | None
    user_id: int | None


def seen(match_id: int, seat: int | None, user: AbstractBaseUser | None) -> Seen:
    user_id = user.pk if user is not None and user.is_authenticated else None
    return Seen(match_id, seat, user_id)


def join(channel_name: str, who: Seen) -> None:
    # Two single statements rather than update_or_create's transaction: on SQLite a
    # transaction that reads before it writes can fail to get the write lock.
    fields = _fields(who)
    if not Connection.objects.filter(channel_name=channel_name).update(**fields):
        Connection.objects.create(channel_name=channel_name, **fields)
    if who.seat is not None:  # here again: not gone, and no vote against the seat stands
        seat = MatchSeat.objects.filter(match_id=who.match_id, index=who.seat)
        seat.update(gone_since=None, votes=[])


def leave(channel_name: str) -> None:
    row = Connection.objects.filter(channel_name=channel_name).first()
    if row is None:
        return
    row.delete()
    if row.seat is not None:
        mark_gone({(row.match_id, row.seat)})


def mark_gone(seats: set[tuple[int, int]]) -> None:
    """Note when these (match, seat) pairs lost their last live connection, if they did."""
    fresh = timezone.now() - STALE
    at = clocks.now()
    for match_id, seat in seats:
        live = Connection.objects.filter(match_id=match_id, seat=seat, seen_at__gte=fresh)
        if not live.exists():
            MatchSeat.objects.filter(match_id=match_id, index=seat, gone_since=None).update(
                gone_since=at
            )


def beat(connections: dict[str, Seen]) -> list[int]:
    """Refresh every row of this process's ``connections`` (recreating any another
    process deleted while this one stalled) and delete every stale row; the matches
    whose counts changed."""
    now = timezone.now()
    changed: set[int] = set()
    for names in _batches(connections):
        rows = Connection.objects.filter(channel_name__in=names)
        rows.update(seen_at=now)
        missing = set(names) - set(rows.values_list("channel_name", flat=True))
        Connection.objects.bulk_create(
            Connection(channel_name=name, **_fields(connections[name], now)) for name in missing
        )
        changed.update(connections[name].match_id for name in missing)
    stale = Connection.objects.filter(seen_at__lt=now - STALE)
    seats = set(stale.exclude(seat=None).values_list("match_id", "seat"))
    dropped = set(stale.values_list("match_id", flat=True))
    if dropped:
        stale.delete()
        mark_gone(seats)
    return sorted(changed | dropped)


def forget_stale() -> int:
    """Delete every stale connection row (a process starting up: some died with the last)."""
    deleted, _ = Connection.objects.filter(seen_at__lt=timezone.now() - STALE).delete()
    return deleted


def snapshot(match_id: int) -> frames.Frame:
    """The seats with a live connection and the spectators: a player who resigned watches
    the rest from the spectators' view, but is a player who resigned, not a spectator."""
    rows = _live_rows(match_id).values_list("seat", "user_id")
    players = set(
        MatchSeat.objects.filter(match_id=match_id, user__isnull=False).values_list(
            "user_id", flat=True
        )
    )
    connected = sorted({seat for seat, _user in rows if seat is not None})
    spectators = sum(1 for seat, user in rows if seat is None and user not in players)
    return frames.presence(connected, spectators)


def connected_seats(match_id: int) -> set[int]:
    """The seats of this match with a live connection, in any process."""
    return {s for s in _live_seats(match_id) if s is not None}


def _live_seats(match_id: int) -> list[int | None]:
    return list(_live_rows(match_id).values_list("seat", flat=True))


def _live_rows(match_id: int) -> QuerySet[Connection]:
    return Connection.objects.filter(match_id=match_id, seen_at__gte=timezone.now() - STALE)


def _fields(who: Seen, at: object = None) -> dict[str, object]:
    return {
        "match_id": who.match_id,
        "seat": who.seat,
        "user_id": who.user_id,
        "seen_at": at or timezone.now(),
    }


def _batches(connections: Iterable[str]) -> Iterator[list[str]]:
    names = list(connections)
    for first in range(0, len(names), BATCH):
        yield names[first : first + BATCH]
