"""Moving cards on the table: draws with the reshuffle (J42), discards, table order (J13).

A step works on a *fresh* state: a shallow copy whose per-seat lists are themselves new
lists, so the step may replace any seat's entry; it never changes a list it did not
make. Everything else stays shared with the state it came from (apply never deep-copies).
"""

from __future__ import annotations

from games import gamelog, rng
from games.core import Event, State

PER_SEAT = ("hands", "empires", "tasks", "placing", "vp", "markers", "gains", "income")


def fresh(state: State) -> State:
    new = dict(state)
    for key in PER_SEAT:
        new[key] = list(state[key])
    return new


def table_order(state: State) -> list[int]:
    """J13: clockwise from the dealer's left, ending with the dealer."""
    n, dealer = state["players"], state["dealer"]
    return [(dealer + 1 + i) % n for i in range(n)]


def draw(new: State, seat: int, n: int, log: list[Event]) -> list[str]:
    """Draw ``n`` cards into ``seat``'s hand; J42: reshuffle the discards when the pile is
    empty; if both run out, the draw ends short. Returns the cards drawn."""
    drawn: list[str] = []
    pile = new["draw"]
    while len(drawn) < n:
        if not pile:
            if not new["discard"]:
                break
            g, pile = rng.shuffled(new["rng"], new["discard"])
            new["rng"], new["discard"] = g, []
            log.append(gamelog.public(None, "reshuffle"))
        take = min(n - len(drawn), len(pile))
        drawn += pile[len(pile) - take :][::-1]
        pile = pile[: len(pile) - take]
    new["draw"] = pile
    if drawn:
        new["hands"][seat] = sorted(new["hands"][seat] + drawn)
    return drawn


def discard(new: State, seat: int, cards: list[str]) -> None:
    """Move cards from ``seat``'s hand face down onto the discard pile (J18)."""
    if cards:
        gone = set(cards)
        new["hands"][seat] = [c for c in new["hands"][seat] if c not in gone]
        new["discard"] = new["discard"] + cards
