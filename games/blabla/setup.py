"""Setting up a game (B8-B16): sets, starting hands, the open pile, the BlaBla stacks,
the boost stack, tokens, ships and the start player."""

from __future__ import annotations

from typing import Any

from games import gamelog, rng
from games.blabla.data import (
    BLABLA,
    COMBAT,
    FLIGHT,
    GAME_ID,
    GENERAL,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTION_DEFAULTS,
    SET_LETTERS,
    SETS,
    STACKS,
    START_SQUARES,
    TILES,
    TOKENS_START,
    TOKENS_TOTAL,
    own_cards,
    sort_key,
    stack_size,
)
from games.blabla.ending import begin_turn
from games.core import State


def read_options(options: dict[str, Any]) -> dict[str, bool]:
    """The two table options (B46-B49), their defaults where unset."""
    return {name: bool(options.get(name, default)) for name, default in OPTION_DEFAULTS.items()}


def _starting_generals(letter: str, deck: list[str]) -> list[str]:
    """B9: the set's starting general cards, taken out of the general deck."""
    taken = []
    for value in SETS[letter]["starting_general"]:
        card = next(c for c in deck if FLIGHT[c].value == value and c not in taken)
        taken.append(card)
    return taken


def setup(seats: int, options: dict[str, Any], seed: int) -> State:
    """A new game for ``seats`` players; the same seed gives the same state."""
    if not isinstance(seats, int) or not MIN_PLAYERS <= seats <= MAX_PLAYERS:
        raise ValueError(f"BlaBla is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
    opts = read_options(options)
    g = rng.seed_state(seed)
    g, letters = rng.shuffled(g, SET_LETTERS)  # B8
    sets = letters[:seats]
    deck = list(GENERAL)
    hands = []
    for letter in sets:  # B9
        generals = _starting_generals(letter, deck)
        deck = [c for c in deck if c not in generals]
        hands.append(sorted(own_cards(letter) + generals, key=sort_key))
    g, pile = rng.shuffled(g, deck)  # B10: the last card is the top card
    g, blabla = rng.shuffled(g, BLABLA)  # B11
    size = stack_size(seats)
    stacks = {key: blabla[i * size : (i + 1) * size] for i, key in enumerate(STACKS)}
    box = blabla[len(STACKS) * size :]
    g, tiles = rng.shuffled(g, list(TILES))  # B13: the first tile is face up
    g, start = rng.randbelow(g, seats)  # B15
    tokens = TOKENS_START if opts[COMBAT] else 0  # B14
    state: State = {
        "game": GAME_ID,
        "players": seats,
        "phase": "play",  # "over" at the end, as every game says
        "options": opts,
        "rng": g,
        "sets": sets,
        "hands": hands,
        "blabla": [[] for _ in range(seats)],
        "secured": [[] for _ in range(seats)],
        "pile": pile,
        "stacks": stacks,
        "box": box,
        "boost": tiles,
        "ships": [{"at": START_SQUARES[s + 1], "jump": True} for s in range(seats)],  # B12, B16
        "tokens": [tokens] * seats,
        "supply": TOKENS_TOTAL - tokens * seats if opts[COMBAT] else 0,
        "memory": [{} for _ in range(seats)],  # B62
        "notes": [[] for _ in range(seats)],  # B63 and the swaps a seat was party to
        "known": [[] for _ in range(seats)],  # every BlaBla card a seat has seen
        "start": start,
        "turns": 0,  # main turns played (bonus turns not counted, B44)
        "passes": 0,  # consecutive passes (B53)
        "end": None,
        "turn": None,
        "step": None,
        "active": [],
        "undo": [],
        "stats": dict.fromkeys(
            ("jumps", "recharges", "arrivals", "boosts", "pushes", "meetings", "fights", "swaps"), 0
        ),
        "result": None,
    }
    log = [gamelog.public(None, "start", sets=sets, start=start, tile=tiles[0])]
    state["log"] = gamelog.append([], log)
    begin_turn(state, start)
    return state
