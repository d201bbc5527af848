"""Setting up a game (J7-J11): Survey Teams, the deck, the dealer, the deal of seven."""

from __future__ import annotations

from typing import Any

from games import gamelog, rng
from games.core import State
from games.jump_drive import resolve
from games.jump_drive.data import DEAL, DECK, GAME_ID, KEEP, MAX_PLAYERS, MIN_PLAYERS, SURVEY_TEAMS


def setup(seats: int, options: dict[str, Any], seed: int) -> State:
    """A new game for ``seats`` players; the same seed gives the same state."""
    if not isinstance(seats, int) or not MIN_PLAYERS <= seats <= MAX_PLAYERS:
        raise ValueError(f"Jump Drive is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
    g = rng.seed_state(seed)
    g, deck = rng.shuffled(g, list(DECK))  # J9
    g, dealer = rng.randbelow(g, seats)
    hands = [sorted(deck[len(deck) - DEAL * (s + 1) : len(deck) - DEAL * s]) for s in range(seats)]
    state: State = {
        "game": GAME_ID,
        "players": seats,
        "rng": g,
        "round": 1,
        "dealer": dealer,
        "phase": "keep",
        "active": [],
        "hands": hands,
        "draw": deck[: len(deck) - DEAL * seats],
        "discard": [],
        "centre": list(SURVEY_TEAMS[:seats]),  # J8
        "empires": [[] for _ in range(seats)],  # J11
        "markers": [0] * seats,
        "vp": [0] * seats,
        "gains": [[] for _ in range(seats)],
        "income": [0] * seats,
        "tasks": [None] * seats,
        "placing": [None] * seats,
        "cursor": None,  # J31: the next seat to draw while explorers discard one by one
        "result": None,
    }
    log = [gamelog.public(dealer, "start", keep=KEEP, deal=DEAL)]
    # J10: everyone discards two of the seven dealt, in secret and at once.
    resolve.ask(state, "keep", {s: resolve.discard_task(DEAL - KEEP) for s in range(seats)}, log)
    state["log"] = gamelog.append([], log)
    return state
