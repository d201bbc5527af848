"""Places in a finished match: from the result, then for ratings (resigned seats last)."""

from __future__ import annotations

from typing import Any


def placements(result: dict[str, Any]) -> dict[int, int]:
    """Seat -> place (1 = won), competition-ranked: 1, 2, 2, 4.

    Winners share first place (the game has already broken ties, R35); the others
    rank by total below every winner.
    """
    winners = set(result.get("winners") or [])
    totals = {s["seat"]: s.get("total", 0) for s in result.get("scores") or []}

    def key(seat: int) -> tuple[bool, int]:
        return (seat in winners, totals[seat])

    return {seat: 1 + sum(key(other) > key(seat) for other in totals) for seat in totals}


def ranks(result: dict[str, Any], last: set[int]) -> dict[int, int]:
    """Seat -> rank for ratings: the places, except that the seats in ``last`` (resigned,
    or finished by a bot) share the last rank below everyone who played to the end."""
    places = placements(result)
    finishers = {seat: place for seat, place in places.items() if seat not in last}
    out = {
        seat: 1 + sum(p < place for p in finishers.values()) for seat, place in finishers.items()
    }
    bottom = len(finishers) + 1
    return {**out, **{seat: bottom for seat in places if seat in last}}


def score_of(result: dict[str, Any], seat: int) -> int | None:
    for entry in result.get("scores") or []:
        if entry.get("seat") == seat:
            return entry.get("total")
    return None
