"""Boost fields (B43-B45): the top tile goes under, the next one is in force, and the
player takes a bonus turn (never a second one in a row)."""

from __future__ import annotations

from games import gamelog
from games.blabla.data import BOOST_FIELDS
from games.blabla.table import barrier
from games.core import Event, State


def on_boost_field(state: State, seat: int) -> bool:
    return state["ships"][seat]["at"] in BOOST_FIELDS


def turn_tile(state: State, seat: int, log: list[Event]) -> bool:
    """B43, B59: turning a tile reveals a hidden one (a barrier). True: a bonus turn follows."""
    barrier(state)
    state["boost"] = state["boost"][1:] + state["boost"][:1]
    state["stats"]["boosts"] += 1
    bonus = not state["turn"]["bonus"]  # B44
    log.append(gamelog.public(seat, "boost", tile=state["boost"][0], bonus=bonus))
    return bonus
