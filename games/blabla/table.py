"""What every action reads or changes on the table: copies of the state, the events in
force, hands and the hand limit, and drawing from the open pile (B25-B28)."""

from __future__ import annotations

import json
from typing import Any

from games import gamelog
from games.blabla.data import DRAW_COUNT, FLIGHT, HAND_LIMIT, effect, sort_key
from games.core import Event, State

_SHARED = ("log", "undo")  # only ever replaced, never changed in place


def _lists(value: list[list[Any]]) -> list[list[Any]]:
    return [list(item) for item in value]


def _step(step: dict[str, Any] | None) -> dict[str, Any] | None:
    # A fight's bids and commitments change in place; every list is copied alike.
    if step is None:
        return None
    return {k: list(v) if type(v) is list else v for k, v in step.items()}


def _deep(value: Any) -> Any:
    return json.loads(json.dumps(value))


# How ``fresh`` copies each part: as deep as actions change it in place, no deeper (a
# note, a remembered stack's cards, a result are only ever replaced). Any part not named
# here is copied in full.
_COPIES: dict[str, Any] = {
    "options": dict,
    "sets": list,
    "hands": _lists,
    "blabla": _lists,
    "secured": _lists,
    "pile": list,
    "stacks": lambda stacks: {k: list(v) for k, v in stacks.items()},
    "box": list,
    "boost": list,
    "ships": lambda ships: [dict(s) for s in ships],
    "tokens": list,
    "memory": lambda memory: [{k: dict(m) for k, m in seat.items()} for seat in memory],
    "notes": _lists,
    "known": _lists,
    "end": lambda end: None if end is None else {**end, "left": list(end["left"])},
    "turn": lambda turn: None if turn is None else {**turn, "todo": list(turn["todo"])},
    "step": _step,
    "active": list,
    "stats": dict,
}
_SCALARS = (int, str, bool, type(None))


def fresh(state: State) -> State:
    """A copy to change, sharing the parts that are only ever replaced (the same as a
    deep copy of everything but those, at a fraction of its cost)."""
    copy: State = {}
    for key, value in state.items():
        if key in _SHARED:
            continue
        if type(value) in _SCALARS:
            copy[key] = value
        else:
            copy[key] = _COPIES.get(key, _deep)(value)
    return {**copy, **{k: state[k] for k in _SHARED}}


def snapshot(state: State) -> dict[str, Any]:
    """The state to go back to on undo (B59): everything but the log and the undo list."""
    return {k: v for k, v in state.items() if k not in _SHARED}


def barrier(state: State) -> None:
    """B59: an information barrier; nothing before it can be undone."""
    state["undo"] = []


def tile(state: State) -> str:
    """The boost tile face up, whose event is in force (B45)."""
    return state["boost"][0]


def in_force(state: State, kind: str) -> dict[str, Any] | None:
    return effect(tile(state), kind)


def hand_size(state: State, seat: int) -> int:
    """B27: every card in the hand counts, flight cards and BlaBla cards alike."""
    return len(state["hands"][seat]) + len(state["blabla"][seat])


def hand_limit(state: State) -> int:
    """B27, B45 Cargo bay."""
    cargo = in_force(state, "hand_limit")
    return cargo["value"] if cargo else HAND_LIMIT


def draw_count(state: State) -> int:
    """B26, B45 Salvage."""
    salvage = in_force(state, "draw_count")
    return salvage["value"] if salvage else DRAW_COUNT


def owner_seat(state: State, card: str) -> int | None:
    """The seat whose own card this is, None for a general card."""
    owner = FLIGHT[card].owner
    return None if owner is None else state["sets"].index(owner)


def give(state: State, seat: int, card: str) -> None:
    hand = state["hands"][seat]
    hand.append(card)
    hand.sort(key=sort_key)


def draw(state: State, seat: int, count: int | None, log: list[Event]) -> int:
    """B26 (``count`` cards must count) or B28 (``count`` None: up to the hand limit).

    Cards come off the top one at a time; another player's own card goes to its owner at
    once and does not count. Returns how many cards counted.
    """
    counted, returned = [], []
    while state["pile"]:
        if count is not None and len(counted) >= count:
            break
        if count is None and hand_size(state, seat) >= hand_limit(state):
            break
        card = state["pile"].pop()
        owner = owner_seat(state, card)
        if owner is not None and owner != seat:
            give(state, owner, card)
            returned.append({"card": card, "to": owner})
        else:
            give(state, seat, card)
            counted.append(card)
    log.append(gamelog.public(seat, "draw", cards=counted, returned=returned))
    return len(counted)
