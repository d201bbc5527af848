"""The order a move resolves in (B18) and the steps that ask the player (B58).

After a move the turn holds a list of stages still to come; ``advance`` runs them in
order until one asks a player for a real choice (a stack, the card to keep, what to
secure, whom to meet ...), and otherwise ends at the step where the player confirms the
turn (B59).
"""

from __future__ import annotations

from collections.abc import Callable

from games.blabla import boost, home, lands, meeting
from games.blabla.data import HOME
from games.blabla.ending import begin_turn, trigger
from games.core import Event, State

Stage = Callable[[State, int, list[Event]], dict | None]


def arrival_done(state: State, seat: int, log: list[Event]) -> None:
    """B30 b)-d): the jump, the refill, then the end check."""
    home.finish_arrival(state, seat, log)
    state["stats"]["arrivals"] += 1
    if home.four_kinds(state, seat):
        trigger(state, seat, "four_kinds", log)


def _look(state: State, seat: int, log: list[Event]) -> dict | None:
    return lands.start_look(state, seat, log)


def _home(state: State, seat: int, log: list[Event]) -> dict | None:
    if home.secure_options(state, seat):
        return {"kind": "secure"}
    arrival_done(state, seat, log)
    return None


def _meet(state: State, seat: int, log: list[Event]) -> dict | None:
    return meeting.offer(state, seat)


def _boost(state: State, seat: int, log: list[Event]) -> dict | None:
    if boost.turn_tile(state, seat, log):
        begin_turn(state, seat, bonus=True)
        return state["step"]
    return None


STAGES: dict[str, Stage] = {"look": _look, "home": _home, "meet": _meet, "boost": _boost}


def after_move(state: State, seat: int, top_card: str, log: list[Event]) -> None:
    """B18 steps 3-6 after the push and the drift."""
    jumped = lands.jump(state, seat, top_card, log)
    at = state["ships"][seat]["at"]
    todo = ["look"] if jumped else []
    if at in HOME:
        todo.append("home")
    else:
        todo.append("meet")
        if not jumped and boost.on_boost_field(state, seat):
            todo.append("boost")
    state["turn"]["todo"] = todo
    advance(state, log)


def advance(state: State, log: list[Event]) -> None:
    """Run the stages still to come until one asks; else the player confirms."""
    seat = state["turn"]["seat"]
    state["active"] = [seat]
    while state["turn"]["todo"]:
        stage = state["turn"]["todo"].pop(0)
        asked = STAGES[stage](state, seat, log)
        if asked is not None:
            state["step"] = asked
            return
    state["step"] = {"kind": "confirm"}
