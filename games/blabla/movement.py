"""Moving a ship (B19-B24), the turnaround (B37), pushing (B41, B42) and drift (B48).

A move is one action: the number card, the special card under it (or none), the sign of
a ±1, the direction and the start square (any home port square when leaving the port,
B23). ``moves`` lists every legal one; ``refusal`` says why another is not (B61).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from games import gamelog
from games.blabla.data import (
    ASTEROIDS,
    DIAGONAL,
    DRIFT,
    DRIFT_AT,
    FLIGHT,
    HOME,
    LANDING,
    ORTHOGONAL,
    PM,
    TIME_HOLE,
    TURNAROUND,
    X,
    is_orbit,
    step,
)
from games.blabla.table import in_force
from games.core import Action, Event, State

MOVE_KEYS = ("card", "special", "sign", "dir", "from", "to")


@dataclass
class Flight:
    """Where a legal move ends and what it does on the way."""

    end: str
    recharge: bool  # B37: passed over or ended on the turnaround
    pushes: list[tuple[int, str]] = field(default_factory=list)  # (seat, new square)


def distance(state: State, card: str, special: str | None, sign: int | None) -> int:
    """B20: printed value, ±1, the event's modifier; never below 1."""
    value = FLIGHT[card].value or 0
    if special is not None and FLIGHT[special].special == PM:
        value += sign or 0
    wind = in_force(state, "move_modifier")
    return max(1, value + (wind["value"] if wind else 0))


def directions(state: State, special: str | None) -> tuple[str, ...]:
    """B21: orthogonal; diagonal with X; any of the 8 under Free flight."""
    if in_force(state, "free_diagonal"):
        return (*ORTHOGONAL, *DIAGONAL)
    if special is not None and FLIGHT[special].special == X:
        return DIAGONAL
    return ORTHOGONAL


def ship_at(state: State, square: str, besides: int) -> int | None:
    """The seat of another ship on this orbit square (orbit squares hold one ship)."""
    for seat, ship in enumerate(state["ships"]):
        if seat != besides and ship["at"] == square:
            return seat
    return None


def push_chain(
    state: State, square: str, direction: str, mover: int
) -> list[tuple[int, str]] | None:
    """B41: the ships pushed when ``mover`` ends on ``square``; None if not allowed."""
    pushes, here = [], square
    while (seat := ship_at(state, here, mover)) is not None:
        target = step(here, direction)
        if target is None or target in ASTEROIDS or not is_orbit(target):
            return None
        pushes.append((seat, target))
        here = target
    return pushes


@cache
def _line(start: str, direction: str, length: int) -> tuple[str | None, str, bool]:
    """(refusal code or None, the square a straight line ends on, whether it crosses the
    turnaround): the board alone decides it, so each line is worked out once."""
    recharge, square = False, start
    for k in range(1, length + 1):
        found = step(start, direction, k)
        if found is None:
            return "off_board", square, False
        square = found
        if square in ASTEROIDS:
            return "blocked_line", square, False
        if square in TURNAROUND:
            recharge = True
    return None, square, recharge


def trace(state: State, seat: int, start: str, direction: str, length: int) -> Flight | str:
    """B22, B23, B37, B41: the flight of a straight move, or the refusal code."""
    refused, square, recharge = _line(start, direction, length)
    if refused is not None:
        return refused
    jump = recharge or state["ships"][seat]["jump"]
    if square in LANDING:
        return "landing_point"
    if square in TIME_HOLE and not jump:
        return "time_hole_without_jump"
    if start in HOME and square in HOME:
        return "home_port_shuffle"
    pushes: list[tuple[int, str]] = []
    if is_orbit(square):
        chain = push_chain(state, square, direction, seat)
        if chain is None:
            return "push_not_allowed"
        pushes = chain
    return Flight(square, recharge, pushes)


def starts(state: State, seat: int) -> list[str]:
    """B23: a ship in the port may leave from any port square."""
    at = state["ships"][seat]["at"]
    return sorted(HOME) if at in HOME else [at]


def _canonical(hand: list[str]) -> list[str]:
    """One card of each kind of face and owner: equal cards make equal moves."""
    seen, out = set(), []
    for card in hand:
        key = (FLIGHT[card].face, FLIGHT[card].owner)
        if key not in seen:
            seen.add(key)
            out.append(card)
    return out


def pairings(hand: list[str]) -> list[tuple[str, str | None]]:
    """B19: a number card alone, or a special card under one general number card."""
    cards = _canonical(hand)
    numbers = [c for c in cards if FLIGHT[c].value is not None]
    generals = [c for c in numbers if FLIGHT[c].owner is None]
    specials = [c for c in cards if FLIGHT[c].special is not None]
    return [(n, None) for n in numbers] + [(g, s) for s in specials for g in generals]


def signs(special: str | None) -> tuple[int | None, ...]:
    return (1, -1) if special is not None and FLIGHT[special].special == PM else (None,)


def moves(state: State, seat: int) -> list[Action]:
    """Every legal move of ``seat`` now."""
    out = []
    for card, special in pairings(state["hands"][seat]):
        for sign in signs(special):
            length = distance(state, card, special, sign)
            for start in starts(state, seat):
                for direction in directions(state, special):
                    flight = trace(state, seat, start, direction, length)
                    if isinstance(flight, Flight):
                        out.append(_move(card, special, sign, direction, start, flight.end))
    return out


def _move(
    card: str, special: str | None, sign: int | None, direction: str, start: str, end: str
) -> Action:
    """A move names the square it ends on too (before any push or drift), so a page can
    offer the squares to click."""
    return {
        "type": "move",
        "card": card,
        "special": special,
        "sign": sign,
        "dir": direction,
        "from": start,
        "to": end,
    }


def refusal(state: State, seat: int, action: Action) -> tuple[str, dict[str, Any]]:
    """B61: why a move that is not legal is refused (code and arguments)."""
    hand = state["hands"][seat]
    card, special = action.get("card"), action.get("special")
    if not isinstance(card, str) or card not in hand:
        return "no_such_card", {"card": card}
    if special is not None and (not isinstance(special, str) or special not in hand):
        return "no_such_card", {"card": special}
    number = FLIGHT[card]
    if number.special is not None:
        if special is not None and FLIGHT[special].special is not None:
            return "second_special", {}
        return "special_without_general", {}
    if special is not None:
        if FLIGHT[special].special is None:
            return "two_number_cards", {}
        if number.owner is not None:
            return "special_without_general", {}
    if action.get("sign") not in signs(special):
        return "bad_sign", {}
    if action.get("from") not in starts(state, seat):
        return "wrong_start", {"from": action.get("from")}
    direction = action.get("dir")
    if direction not in directions(state, special):
        return "wrong_direction", {"dir": direction}
    length = distance(state, card, special, action.get("sign"))
    found = trace(state, seat, action["from"], direction, length)
    if isinstance(found, str):
        return found, {}
    return "not_legal", {}


# ---------------------------------------------------------------- making the move


def play_cards(state: State, seat: int, cards: list[str]) -> None:
    """B19: the played cards go face up onto the pile, the number card on top."""
    hand = state["hands"][seat]
    for card in cards:
        hand.remove(card)
        state["pile"].append(card)


def push(state: State, pushes: list[tuple[int, str]], log: list[Event]) -> None:
    """B41, B42: pushed ships are simply placed (from the far end of the chain)."""
    for seat, target in reversed(pushes):
        log.append(gamelog.public(seat, "pushed", frm=state["ships"][seat]["at"], to=target))
        state["ships"][seat]["at"] = target
        state["stats"]["pushes"] += 1


def drift(state: State, seat: int, log: list[Event]) -> None:
    """B48: a ship ending its own move on a drift square moves on; never twice."""
    ship = state["ships"][seat]
    marking = DRIFT_AT.get(ship["at"])
    if not state["options"][DRIFT] or marking is None:
        return
    target, direction = marking["target"], marking["dir"]
    chain = push_chain(state, target, direction, seat)
    if chain is None:
        log.append(gamelog.public(seat, "no_drift", at=ship["at"]))
        return
    push(state, chain, log)
    log.append(gamelog.public(seat, "drift", frm=ship["at"], to=target))
    ship["at"] = target


def make_move(state: State, seat: int, action: Action, log: list[Event]) -> None:
    """B18 steps 1-2 (push, drift) and the turnaround while passing it (B37)."""
    card, special = action["card"], action["special"]
    length = distance(state, card, special, action["sign"])
    flight = trace(state, seat, action["from"], action["dir"], length)
    assert isinstance(flight, Flight)
    play_cards(state, seat, [c for c in (special, card) if c is not None])
    ship = state["ships"][seat]
    log.append(
        gamelog.public(
            seat,
            "move",
            card=card,
            special=special,
            sign=action["sign"],
            dir=action["dir"],
            frm=action["from"],
            to=flight.end,
            length=length,
        )
    )
    push(state, flight.pushes, log)
    ship["at"] = flight.end
    if flight.recharge and not ship["jump"]:
        ship["jump"] = True
        state["stats"]["recharges"] += 1
        log.append(gamelog.public(seat, "recharge"))
    drift(state, seat, log)
