"""A game's log: events for everyone, events for one seat, and the events a viewer may
read.

An event is a kind and its arguments, never a finished sentence: the page words each
kind in its reader's language (docs/protocol.md). Arguments are plain JSON values:
numbers, strings naming what the rules name (a planet, a card type), seats as their
numbers, and what a card or tile *shows* (``{"colour": "jump", "value": 2}``,
``{"kind": "ore", "colour": "red"}``), never a card or tile id: a card played in the open
may later sit in someone's hand or the draw pile, and its id must then not be visible
anywhere (see each game's ``privacy.hidden_ids``).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from games.core import Event

# The log in the state is a list of chunks of this many events (the last may be shorter),
# so appending copies one chunk and the list of chunks, not the whole game's log.
LOG_CHUNK = 64
Log = list[list[Event]]


def public(seat: int | None, kind: str, **args: Any) -> Event:
    """An event every seat and every spectator sees; ``seat`` is who acted (or None)."""
    return {"seat": seat, "kind": kind, "args": args, "private": False}


def private(seat: int, kind: str, **args: Any) -> Event:
    """An event only ``seat`` sees (its own cards and tiles)."""
    return {"seat": seat, "kind": kind, "args": args, "private": True}


def visible_to(event: Event, seat: int | None) -> bool:
    return not event["private"] or event["seat"] == seat


def append(log: Log, lines: list[Event]) -> Log:
    """A new log with ``lines`` added; ``log`` and its full chunks are shared, not copied."""
    if not lines:
        return log
    tail = (log[-1] if log else []) + lines
    return log[:-1] + [tail[i : i + LOG_CHUNK] for i in range(0, len(tail), LOG_CHUNK)]


def lines(log: Log) -> list[Event]:
    """Every line of the log, oldest first."""
    return [e for chunk in log for e in chunk]


def origin(log: Log) -> Event | None:
    """The game's first line: one object for the whole game, as lines are shared and
    never copied (``games.memo`` tells one match's values from another's by it)."""
    return log[0][0] if log and log[0] else None


def line_at(log: Log, index: int) -> Event:
    return log[index // LOG_CHUNK][index % LOG_CHUNK]


def size(log: Log) -> int:
    return (len(log) - 1) * LOG_CHUNK + len(log[-1]) if log else 0


# The log only grows, and consecutive states share its lines (``append``). Filtering it
# anew for every view would cost time in proportion to the whole game, so the last
# filtered log per game and seat is kept and extended by the new lines into a new list
# (a returned list is never changed afterwards: views are read-only values that may share
# their log with an earlier view). The memo is keyed by the identity of the game's first
# line and holds the log it was made from, so an id cannot be reused while cached; a
# state read back from JSON simply misses it. The result is the same with or without
# the memo.
_MEMO_SIZE = 256
_memo: dict[tuple[int, int | None], tuple[Log, int, list[Event]]] = {}


def visible_log(log: Log, seat: int | None) -> list[Event]:
    """The log lines ``seat`` may read: public lines and its own private ones."""
    if not log:
        return []
    key = (id(log[0][0]), seat)
    hit = _memo.get(key)
    if hit is not None and hit[0] is log:
        return hit[2]
    total = size(log)
    start, done = 0, []
    if hit is not None:
        old, count, filtered = hit
        if count <= total and line_at(log, count - 1) is line_at(old, count - 1):
            start, done = count, filtered
    first, offset = divmod(start, LOG_CHUNK)
    new = log[first][offset:] if first < len(log) else []
    for chunk in log[first + 1 :]:
        new += chunk
    out = done + [e for e in new if visible_to(e, seat)]
    if len(_memo) >= _MEMO_SIZE and key not in _memo:
        _memo.pop(next(iter(_memo)))
    _memo[key] = (log, total, out)
    if done:
        _grown[id(out)] = (out, done)
        if len(_grown) > 2 * _MEMO_SIZE:
            _grown.popitem(last=False)
    return out


# Each recent filtered log and the one it was made from by adding lines at its end: a
# patch between two views tells that their log only grew without comparing every line.
# An entry holds both lists, so an id it is keyed by is not handed to another list.
_grown: OrderedDict[int, tuple[list[Event], list[Event]]] = OrderedDict()


def extends(longer: list[Event], shorter: list[Event]) -> bool:
    """Whether ``visible_log`` made ``longer`` from ``shorter`` by adding lines at its end
    (False: not known here; the two may still be so)."""
    made = _grown.get(id(longer))
    return made is not None and made[0] is longer and made[1] is shorter
