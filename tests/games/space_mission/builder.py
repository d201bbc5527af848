"""Build Space Mission states for rule tests: set hands, stacks and ships explicitly.

Everything not named keeps its set-up value, and the 60 cards, 64 tiles and 20 chips per
player stay accounted for: cards not in a hand or the discard pile form the draw pile,
tiles not placed elsewhere fill the other planets' stacks.
"""

from __future__ import annotations

from typing import Any

from games.core import Action, Event, State
from games.space_mission import GAME
from games.space_mission.data import CARDS, CHIPS, TILES
from games.space_mission.setup import setup

RING = [
    "freezer",  # jump 1, scan 3, landing 2 4
    "hazard",  # jump 1, scan 4, landing 3 3
    "green-heggar",  # jump 2, scan 1, landing 3 4
    "ruby-red",  # jump 2, scan 3, landing 1 1
    "dusty-rose",  # jump 3, scan 1, landing 2 2
    "iron-forge",  # jump 3, scan 4, landing 4 4
    "quartz",  # jump 4, scan 1, landing 1 2
    "sandstorm",  # jump 4, scan 2, landing 3 4
]
SPACE = [t for t in sorted(TILES) if TILES[t].kind == "space"]


def tiles_of(kind: str, colour: str | None = None) -> list[str]:
    return [t for t in sorted(TILES) if TILES[t].kind == kind and TILES[t].colour == colour]


def card_with(*coords: tuple[str, int | str], exclude: tuple[str, ...] = ()) -> str:
    """A card showing all these (colour, value) coordinates, not among ``exclude``."""
    for c in sorted(CARDS):
        if c not in exclude and all(x in CARDS[c].coords for x in coords):
            return c
    raise LookupError(coords)


def build(
    players: int = 4,
    *,
    hands: dict[int, list[str]] | None = None,
    stacks: dict[str, list[str]] | None = None,
    collections: dict[int, list[str]] | None = None,
    reservations: dict[str, list[list[Any]]] | None = None,
    discard: list[str] | None = None,
    **fields: Any,
) -> State:
    """A consistent state at the start of ``seat``'s turn (``seat`` defaults to 0)."""
    state = setup(players, {}, 1)
    state["ring"] = list(RING)
    state["start"] = state["seat"] = fields.pop("seat", 0)
    state["active"] = [state["seat"]]
    state["log"] = []
    hands = hands or {}
    hand_list = [list(hands.get(s, [])) for s in range(players)]
    used = {c for h in hand_list for c in h} | set(discard or [])
    state["hands"] = [sorted(h) for h in hand_list]
    state["discard"] = list(discard or [])
    state["draw"] = [c for c in sorted(CARDS) if c not in used]
    state["collections"] = [list((collections or {}).get(s, [])) for s in range(players)]
    state["reservations"] = reservations or {}
    placed = {t for c in state["collections"] for t in c}
    placed |= {t for entries in state["reservations"].values() for _, t in entries}
    stacks = dict(stacks or {})
    placed |= {t for st in stacks.values() for t in st}
    rest = [t for t in sorted(TILES) if t not in placed]
    others = [p for p in RING if p not in stacks]
    for i, planet in enumerate(others):
        stacks[planet] = rest[i :: len(others)]
    state["stacks"] = {p: stacks[p] for p in RING}
    chips = [CHIPS] * players
    for entries in state["reservations"].values():
        for owner, _ in entries:
            chips[owner] -= 1
    for key, value in fields.items():
        state[key] = value
    for owner in state["stations"].values():
        chips[owner] -= 1
    for s, probes in enumerate(state["gate"]):
        chips[s] -= probes
    if "chips" not in fields:
        state["chips"] = chips
    return state


def act(state: State, seat: int, action: Action) -> State:
    return GAME.apply(state, seat, action)[0]


def act_log(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    return GAME.apply(state, seat, action)


def account(state: State) -> None:
    """Every card, tile and chip is somewhere exactly once."""
    cards = state["draw"] + state["discard"] + [c for h in state["hands"] for c in h]
    assert sorted(cards) == sorted(CARDS)
    tiles = [t for st in state["stacks"].values() for t in st]
    tiles += [t for c in state["collections"] for t in c]
    tiles += [t for entries in state["reservations"].values() for _, t in entries]
    assert sorted(tiles) == sorted(TILES)
    for s in range(state["players"]):
        reserved = sum(1 for e in state["reservations"].values() for o, _ in e if o == s)
        stations = sum(1 for o in state["stations"].values() if o == s)
        assert state["chips"][s] >= 0
        assert state["chips"][s] + state["gate"][s] + reserved + stations == CHIPS
