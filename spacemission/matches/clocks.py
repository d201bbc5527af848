"""A match's clock, stored: the time now, running the right seats after each change, and
finding and claiming expired deadlines.

The arithmetic is ``games.clock``'s; this module decides which seats run (the active
seats a person plays: a bot's seat never runs) and keeps ``Match.clock`` and its indexed
``Match.deadline`` in step, inside the caller's transaction, so a deadline is stored
with the act that set it. The time comes from one replaceable function (``now``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from django.conf import settings
from django.db import connection
from django.utils.module_loading import import_string

from games import clock, registry
from games.clock import PACES, Pace
from spacemission.matches import states
from spacemission.matches.models import Match

Now = Callable[[], int]


def _system_now() -> int:
    return time.time_ns() // 1_000_000


_now: Now | None = None


def now() -> int:
    """The time in epoch milliseconds, from ``settings.CLOCK`` if set (tests move it)."""
    global _now
    if _now is None:
        _now = import_string(settings.CLOCK.replace(":", ".")) if settings.CLOCK else _system_now
    return _now()


def use_clock(source: Now | None) -> None:
    """Read the time from ``source`` from now on (None: the configured one again)."""
    global _now
    _now = source


def pace(match: Match) -> Pace:
    return PACES.get(match.pace, PACES["none"])


def running_seats(match: Match, bots: Mapping[int, str]) -> list[int]:
    """The seats whose clock should run: active, and played by their person."""
    if match.status != Match.Status.RUNNING:
        return []
    active = registry.get(match.game).active_seats(states.current(match))
    return [seat for seat in active if not bots.get(seat)]


def start(match: Match, bots: Mapping[int, str], at: int) -> None:
    """Set a new match's clock (not saved)."""
    fresh = clock.new(pace(match), match.seat_count)
    _set(match, clock.run(pace(match), fresh, running_seats(match, bots), at))


def update(match: Match, bots: Mapping[int, str], at: int, acted: int | None = None) -> bool:
    """Run the seats that should run now (not saved); whether the clock changed."""
    before = match.clock
    seats = running_seats(match, bots)
    _set(match, clock.run(pace(match), match.clock, seats, at, acted))
    return match.clock != before


def returned(match: Match, seat: int, at: int) -> None:
    """The seat's player is back: time enough for a turn (``games.clock.returned``)."""
    _set(match, clock.returned(pace(match), match.clock, seat, at))


def _set(match: Match, state: clock.Clock | None) -> None:
    match.clock = state
    match.deadline = clock.deadline(state)


CLOCK_FIELDS = ["clock", "deadline"]


def public(match: Match) -> dict[str, Any] | None:
    """The clock as every client sees it: the pace, and each seat's time left or the
    moment it runs out (public: who runs follows from the public ``active`` seats)."""
    p = pace(match)
    return {
        "pace": p.id,
        "kind": p.kind,
        "increment": p.increment,
        "left": list(match.clock["left"]) if match.clock else None,
        "until": list(match.clock["until"]) if match.clock else None,
    }


def due(at: int, limit: int = 50) -> list[int]:
    """Running matches whose deadline has passed at ``at``, the earliest first."""
    rows = Match.objects.filter(status=Match.Status.RUNNING, deadline__lte=at)
    return list(rows.order_by("deadline").values_list("pk", flat=True)[:limit])


def next_deadline() -> int | None:
    """The earliest deadline of any running match."""
    rows = Match.objects.filter(status=Match.Status.RUNNING, deadline__isnull=False)
    return rows.order_by("deadline").values_list("deadline", flat=True).first()


def claim(match_id: int, at: int) -> Match | None:
    """The match, locked, if its deadline has passed at ``at`` and no one else holds it.

    Call inside ``services.serialised()``. PostgreSQL skips a row another transaction
    holds (another process acting on it: it will see the deadline itself if still due);
    SQLite's one writer already holds the whole database. Either way the deadline is read
    again under the lock, so of N processes only the first acts, and only once. The lock
    is FOR NO KEY UPDATE: it still excludes every act (FOR UPDATE) and other claims, but
    not the key-share locks of rows merely pointing at the match (a connection's row
    being recorded), which would make the sweep skip it for nothing.
    """
    rows = Match.objects.filter(pk=match_id, status=Match.Status.RUNNING, deadline__lte=at)
    features = connection.features
    return rows.select_for_update(
        skip_locked=features.has_select_for_update_skip_locked,
        no_key=features.has_select_for_no_key_update,
    ).first()


def expired_seats(match: Match, at: int) -> list[int]:
    return clock.expired(match.clock, at)


def bots_of(rows: Iterable[dict[str, Any]]) -> dict[int, str]:
    """Seat index -> the bot playing it ("" for a person), from seat rows."""
    return {row["index"]: row["bot"] for row in rows}
