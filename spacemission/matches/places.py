"""Places in a finished match: the one answer to "who won, who came where".

Every page and record that names a winner or a place (the end screen, the profile, the
history, the game record) and the ratings read them from here. A seat whose person
resigned, or that a bot finished for them, places below every seat that played to the
end, whatever the bot then scored for it; among themselves such seats share the last
place. The seats that played to the end keep the order the game gave them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol


class SeatFacts(Protocol):
    """What the places need to know of a match's seat (a ``MatchSeat`` has it)."""

    index: int
    resigned: bool
    bot: str
    user_id: int | None


def gave_up(seat: SeatFacts) -> bool:
    """The seat's person did not play it to the end: they resigned (or left the table),
    or a bot they had handed it to finished it."""
    return seat.resigned or bool(seat.bot and seat.user_id)


def given_up(seats: Iterable[SeatFacts]) -> set[int]:
    return {seat.index for seat in seats if gave_up(seat)}


def game_places(result: dict[str, Any]) -> dict[int, int]:
    """Seat -> place by the game alone, competition-ranked: 1, 2, 2, 4.

    Winners share first place (the game has already broken ties, R35); the others
    rank by total below every winner.
    """
    winners = set(result.get("winners") or [])
    totals = {s["seat"]: s.get("total", 0) for s in result.get("scores") or []}

    def key(seat: int) -> tuple[bool, int]:
        return (seat in winners, totals[seat])

    return {seat: 1 + sum(key(other) > key(seat) for other in totals) for seat in totals}


def places(result: dict[str, Any], last: set[int]) -> dict[int, int]:
    """Seat -> place (1 = won): the game's places among the seats played to the end,
    then the seats in ``last`` (see ``given_up``), sharing the place below them all."""
    by_game = game_places(result)
    finishers = {seat: place for seat, place in by_game.items() if seat not in last}
    out = {
        seat: 1 + sum(p < place for p in finishers.values()) for seat, place in finishers.items()
    }
    bottom = len(finishers) + 1
    return {**out, **{seat: bottom for seat in by_game if seat in last}}


def winners(result: dict[str, Any], last: set[int]) -> list[int]:
    """The seats in first place, by seat. A seat given up never wins: when every seat
    was given up, nobody did."""
    return sorted(s for s, place in places(result, last).items() if place == 1 and s not in last)


def standing(result: dict[str, Any], seats: Iterable[SeatFacts], count: int) -> dict[str, Any]:
    """What the pages show of a finished match's places: ``{"places": [2, 1, 3],
    "winners": [1]}``, places by seat (None for a seat the result does not list)."""
    last = given_up(seats)
    by_seat = places(result, last)
    return {
        "places": [by_seat.get(seat) for seat in range(count)],
        "winners": winners(result, last),
    }


def score_of(result: dict[str, Any], seat: int) -> int | None:
    for entry in result.get("scores") or []:
        if entry.get("seat") == seat:
            return entry.get("total")
    return None
