"""The home port (B28, B30, B31, B36): securing BlaBla cards, the jump, the refill."""

from __future__ import annotations

from itertools import product

from games import gamelog
from games.blabla.data import KINDS, kind_of
from games.blabla.table import draw
from games.core import Event, State


def secured_kinds(state: State, seat: int) -> set[str]:
    return {kind_of(c) for c in state["secured"][seat]}


def secure_options(state: State, seat: int) -> list[list[str]]:
    """B30 a), B36: every choice of cards to secure, at most one per kind not yet secured
    (securing nothing is a choice too)."""
    done = secured_kinds(state, seat)
    per_kind = []
    for kind in KINDS:
        held = [c for c in state["blabla"][seat] if kind_of(c) == kind]
        if kind not in done and held:
            per_kind.append([None, *held])
    if not per_kind:
        return []
    return [sorted(c for c in pick if c) for pick in product(*per_kind)]


def secure(state: State, seat: int, cards: list[str], log: list[Event]) -> None:
    """B30 a): the cards are laid face up for the rest of the game."""
    for card in cards:
        state["blabla"][seat].remove(card)
        state["secured"][seat].append(card)
    state["secured"][seat].sort()
    log.append(gamelog.public(seat, "secure", cards=list(cards)))


def finish_arrival(state: State, seat: int, log: list[Event]) -> None:
    """B30 b), c): the jump is ready and the hand refilled (the end check is ``ending``)."""
    state["ships"][seat]["jump"] = True
    draw(state, seat, None, log)


def four_kinds(state: State, seat: int) -> bool:
    """B50: a secured card of each kind A-D."""
    return secured_kinds(state, seat) == set(KINDS)
