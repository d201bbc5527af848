"""Log lines. A public line names no hidden card or tile; a private line is for its seat.

Lines never carry card or tile ids, only what the cards and tiles show ("blue 2",
"red ore"): a card played in the open may later sit in someone's hand or the draw pile,
and its id must then not be visible anywhere (see ``privacy.hidden_ids``).
"""

from __future__ import annotations

from games.core import Event

# The log in the state is a list of chunks of this many lines (the last may be shorter),
# so appending copies one chunk and the list of chunks, not the whole game's log.
LOG_CHUNK = 64
Log = list[list[Event]]


def public(seat: int | None, kind: str, text: str) -> Event:
    """A line every seat and every spectator sees."""
    return {"seat": seat, "kind": kind, "text": text, "private": False}


def private(seat: int, kind: str, text: str) -> Event:
    """A line only ``seat`` sees (its own cards and tiles)."""
    return {"seat": seat, "kind": kind, "text": text, "private": True}


def visible_to(event: Event, seat: int | None) -> bool:
    return not event["private"] or event["seat"] == seat


def join(words: list[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def append(log: Log, lines: list[Event]) -> Log:
    """A new log with ``lines`` added; ``log`` and its full chunks are shared, not copied."""
    if not lines:
        return log
    tail = (log[-1] if log else []) + lines
    return log[:-1] + [tail[i : i + LOG_CHUNK] for i in range(0, len(tail), LOG_CHUNK)]


def lines(log: Log) -> list[Event]:
    """Every line of the log, oldest first."""
    return [e for chunk in log for e in chunk]


def line_at(log: Log, index: int) -> Event:
    return log[index // LOG_CHUNK][index % LOG_CHUNK]


def size(log: Log) -> int:
    return (len(log) - 1) * LOG_CHUNK + len(log[-1]) if log else 0
