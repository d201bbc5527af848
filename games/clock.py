"""The game clock, pure: time banks per seat, an increment per turn, a cap, deadlines.

Like scalachess's ``Clock`` apart from lila's rounds, this module only does the
arithmetic; the platform stores the state, passes the time in (milliseconds, as
arguments: nothing here reads a clock) and acts on expired deadlines.

A clock state is plain JSON-ready data, one entry per seat::

    {"left": [300000, 270000], "until": [None, 1764500000000]}

A seat whose clock runs has ``until``: the moment its time is up. A seat whose clock
stands has ``left``: the time it has. Storing the deadline rather than "left, since"
means an act that leaves the running seats as they were (a secret draft in Jump Drive)
leaves the clock state exactly as it was, so the clock never tells of it.

Several seats may run at once (Jump Drive's simultaneous choices): every running seat's
clock runs. A *real-time* pace keeps one bank per seat: a turn's time comes off it, and
when the turn ends the increment goes on, up to the cap. A *turn-based* pace gives each
turn the same time afresh. A pace of kind *none* has no clock at all.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

Clock = dict[str, Any]

SECOND = 1000
MINUTE = 60 * SECOND
HOUR = 60 * MINUTE

REALTIME = "realtime"
TURN = "turn"
NONE = "none"


@dataclass(frozen=True)
class Pace:
    """A time control. ``bank``: a real-time seat's starting time, or a turn-based
    turn's time; ``increment`` is added when a real-time turn ends, up to ``cap``."""

    id: str
    kind: str
    bank: int = 0
    increment: int = 0
    cap: int = 0

    @property
    def timed(self) -> bool:
        return self.kind != NONE


# The numbers and why: README.md, "Paces".
PACES: dict[str, Pace] = {
    "fast": Pace("fast", REALTIME, bank=2 * MINUTE, increment=15 * SECOND, cap=4 * MINUTE),
    "normal": Pace("normal", REALTIME, bank=5 * MINUTE, increment=30 * SECOND, cap=10 * MINUTE),
    "day": Pace("day", TURN, bank=24 * HOUR),
    "3days": Pace("3days", TURN, bank=72 * HOUR),
    "none": Pace("none", NONE),
}
PACE_IDS: tuple[str, ...] = tuple(PACES)
QUICK_MATCH_PACE = "normal"
DEFAULT_PACE = "normal"


def new(pace: Pace, seats: int) -> Clock | None:
    """A clock for ``seats`` seats, none running yet; None for a pace without a clock."""
    if not pace.timed:
        return None
    return {"left": [pace.bank] * seats, "until": [None] * seats}


def running(clock: Clock | None) -> list[int]:
    """The seats whose clock runs, sorted."""
    if clock is None:
        return []
    return [seat for seat, until in enumerate(clock["until"]) if until is not None]


def run(
    pace: Pace,
    clock: Clock | None,
    seats: Iterable[int],
    now: int,
    acted: int | None = None,
) -> Clock | None:
    """The clock once exactly ``seats`` run, at ``now``.

    A seat that stops gets what it had left plus the increment (capped); a seat that
    starts runs from what it has (real-time) or from a fresh turn's time (turn-based).
    ``acted``: the seat whose act caused this; if it runs before and after while the
    running seats changed (it ended its turn and a new one began at once, as the last
    seat to commit in a simultaneous round), its turn ends and the next one starts. If
    it stood before and runs after, it took back the act that ended its turn (a Jump
    Drive choice, J15) and resumes that turn: a real-time bank gives back the increment
    the end of the turn added, so committing again and again earns no time.
    """
    if clock is None:
        return None
    wanted = set(seats)
    before = set(running(clock))
    left, until = list(clock["left"]), list(clock["until"])
    restart = {acted} if acted in before and acted in wanted and wanted != before else set()
    resumed = acted is not None and acted not in before and acted in wanted
    for seat in range(len(left)):
        if until[seat] is not None and (seat not in wanted or seat in restart):
            left[seat] = _stopped(pace, until[seat] - now)
            until[seat] = None
        if until[seat] is None and seat in wanted:
            until[seat] = now + _started(pace, left[seat], resumed and seat == acted)
    return {"left": left, "until": until}


def _started(pace: Pace, left: int, resumed: bool) -> int:
    """The time a seat that starts running has: a turn-based turn's time, else its bank
    (less the increment its stop added, when it resumes the turn it ended)."""
    if pace.kind == TURN:
        return pace.bank
    return max(0, left - pace.increment) if resumed else left


def _stopped(pace: Pace, remaining: int) -> int:
    if pace.kind == TURN:
        return pace.bank
    return min(pace.cap, max(0, remaining) + pace.increment)


def comeback_time(pace: Pace) -> int:
    """The least time a real-time seat has when its player comes back ("I'm back").

    Two timeouts in a row leave a seat with one increment (0:15 at the fast pace), too
    little to read a board that moved on and play a turn of several actions, so the
    player would time out again at once. Half the starting bank is what the pace itself
    deems time for a few turns; less than a seat starts with, so being away never earns
    more time than playing on. Never above the cap.
    """
    return min(pace.cap, pace.bank // 2)


def returned(pace: Pace, clock: Clock | None, seat: int, now: int) -> Clock | None:
    """The clock once ``seat``'s player came back: at least ``comeback_time`` left,
    standing or running (a turn-based turn has its full time anyway)."""
    if clock is None or pace.kind != REALTIME:
        return clock
    least = comeback_time(pace)
    left, until = list(clock["left"]), list(clock["until"])
    if until[seat] is None:
        left[seat] = max(left[seat], least)
    else:
        until[seat] = max(until[seat], now + least)
    return {"left": left, "until": until}


def remaining(clock: Clock | None, seat: int, now: int) -> int | None:
    """The time ``seat`` has at ``now`` (never below 0); None without a clock."""
    if clock is None:
        return None
    until = clock["until"][seat]
    return clock["left"][seat] if until is None else max(0, until - now)


def deadline(clock: Clock | None) -> int | None:
    """The earliest moment a running seat's time is up; None when nothing runs."""
    times = [until for until in (clock or {}).get("until", []) if until is not None]
    return min(times) if times else None


def expired(clock: Clock | None, now: int) -> list[int]:
    """The running seats whose time is up at ``now``."""
    if clock is None:
        return []
    return [s for s, until in enumerate(clock["until"]) if until is not None and until <= now]


def stop(pace: Pace, clock: Clock | None, now: int) -> Clock | None:
    """Every clock stands (the match ended)."""
    return run(pace, clock, (), now)
