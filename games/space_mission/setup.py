"""Setting up a game (R5-R9, O1): the ring, the stacks, the hands and the start player."""

from __future__ import annotations

from typing import Any

from games import gamelog, rng
from games.core import State
from games.space_mission.data import (
    CARDS,
    CHIPS,
    GAME_ID,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PLANETS,
    PLANETS_IN_PLAY,
    STACK_SIZE,
    TILES,
)

GATE = "gate"  # where ships start (R8) and where a ship is between planets


def setup(seats: int, options: dict[str, Any], seed: int) -> State:
    """A new game for ``seats`` players (R6-R9); the same seed gives the same state."""
    if not isinstance(seats, int) or not MIN_PLAYERS <= seats <= MAX_PLAYERS:
        raise ValueError(f"Space Mission is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
    g = rng.seed_state(seed)
    g, planets = rng.shuffled(g, sorted(PLANETS))
    g, tiles = rng.shuffled(g, sorted(TILES))
    g, cards = rng.shuffled(g, sorted(CARDS))
    g, start = rng.randbelow(g, seats)
    ring = planets[:PLANETS_IN_PLAY]
    dealt = seats * HAND_SIZE
    return {
        "game": GAME_ID,
        "players": seats,
        "rng": g,
        "ring": ring,
        "stacks": {p: tiles[i * STACK_SIZE : (i + 1) * STACK_SIZE] for i, p in enumerate(ring)},
        "revealed": [],
        "hands": [sorted(cards[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(seats)],
        "draw": cards[dealt:],
        "discard": [],
        "restocked": {},
        "chips": [CHIPS] * seats,
        "gate": [0] * seats,
        "stations": {},
        "ships": [GATE] * seats,
        "reservations": {},
        "scanned": {},
        "collections": [[] for _ in range(seats)],
        "memory": [{} for _ in range(seats)],
        "start": start,
        "seat": start,
        "round": 1,
        "actions_done": 0,
        "looking": None,
        "ending": False,
        "phase": "play",
        "active": [start],
        "undo": [],
        "log": gamelog.append(
            [], [gamelog.public(None, "round", round=1), gamelog.public(start, "start")]
        ),
        "result": None,
    }
