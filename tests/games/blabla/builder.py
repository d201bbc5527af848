"""Build BlaBla positions for rule tests, and play them through ``apply`` only."""

from __future__ import annotations

import json
from typing import Any

from games import gamelog
from games.blabla import GAME
from games.blabla.data import START_SQUARES, TILES, own_cards
from games.blabla.ending import begin_turn
from games.core import Action, Event, State


def gen(value: int, copy: int = 1) -> str:
    """A general number card's id."""
    return f"gen-{value}-{copy}"


def build(
    players: int = 2,
    *,
    sets: list[str] | None = None,
    hands: dict[int, list[str]] | None = None,
    blabla: dict[int, list[str]] | None = None,
    secured: dict[int, list[str]] | None = None,
    at: dict[int, str] | None = None,
    jump: dict[int, bool] | None = None,
    pile: list[str] | None = None,
    stacks: dict[str, list[str]] | None = None,
    tile: str = "calm",
    tokens: list[int] | None = None,
    supply: int | None = None,
    options: dict[str, Any] | None = None,
    seat: int = 0,
) -> State:
    """A position at the start of ``seat``'s turn. Unnamed hands hold the set's own
    cards only, the pile is empty unless given, ships stand on their start squares."""
    state = GAME.setup(players, options or {}, 1)
    state["sets"] = sets or ["A", "B", "C", "D"][:players]
    state["hands"] = [
        list((hands or {}).get(s, own_cards(state["sets"][s]))) for s in range(players)
    ]
    state["blabla"] = [sorted((blabla or {}).get(s, [])) for s in range(players)]
    state["secured"] = [sorted((secured or {}).get(s, [])) for s in range(players)]
    for s in range(players):
        state["ships"][s] = {
            "at": (at or {}).get(s, START_SQUARES[s + 1]),
            "jump": (jump or {}).get(s, True),
        }
    state["pile"] = list(pile or [])
    if stacks is not None:
        state["stacks"] = {k: list(stacks.get(k, [])) for k in state["stacks"]}
    tiles = [t for t in TILES if t != tile]
    state["boost"] = [tile, *tiles]
    if tokens is not None:
        state["tokens"] = list(tokens)
    if supply is not None:
        state["supply"] = supply
    state["start"] = 0
    start = gamelog.public(None, "start", sets=state["sets"], start=0, tile=tile)
    state["log"] = gamelog.append([], [start])
    begin_turn(state, seat)
    return json.loads(json.dumps(state))


def move(
    card: str, direction: str, start: str, special: str | None = None, sign: int | None = None
) -> Action:
    """A move without its end square: ``act`` adds it from the legal moves (or None)."""
    return {
        "type": "move",
        "card": card,
        "special": special,
        "sign": sign,
        "dir": direction,
        "from": start,
    }


def with_end(state: State, seat: int, action: Action) -> Action:
    if action.get("type") != "move" or "to" in action:
        return action
    for listed in GAME.legal_actions(state, seat):
        if {**listed, "to": None} == {**action, "to": None}:
            return listed
    return {**action, "to": None}


def act(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    return GAME.apply(state, seat, with_end(state, seat, action))


def play(state: State, *steps: tuple[int, Action]) -> State:
    for seat, action in steps:
        state, _ = act(state, seat, action)
    return state


def kinds(state: State, seat: int) -> set[str]:
    return {a["type"] for a in GAME.legal_actions(state, seat)}


def legal(state: State, seat: int) -> list[Action]:
    return GAME.legal_actions(state, seat)


def step_kind(state: State) -> str | None:
    return state["step"]["kind"] if state["step"] else None


def finish_turn(state: State, seat: int) -> State:
    """Decline whatever is still asked and confirm."""
    for _ in range(10):
        if state["active"] != [seat]:
            return state
        kind = step_kind(state)
        if kind == "confirm":
            return act(state, seat, {"type": "confirm"})[0]
        if kind == "meet":
            state = act(state, seat, {"type": "no_meeting"})[0]
        elif kind == "propose":
            state = act(state, seat, {"type": "no_swap"})[0]
        elif kind == "secure":
            state = act(state, seat, legal(state, seat)[0])[0]
        else:
            return state
    return state
