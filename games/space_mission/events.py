"""Log lines. A public line names no hidden card or tile; a private line is for its seat.

Lines never carry card or tile ids, only what the cards and tiles show ("blue 2",
"red ore"): a card played in the open may later sit in someone's hand or the draw pile,
and its id must then not be visible anywhere (see ``privacy.hidden_ids``).
"""

from __future__ import annotations

from games.core import Event


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
