"""Components (B1-B7, B45), loaded once from the project's copy ``blabla.json``.

Every number comes from the data file. Each physical card has an id:

- flight cards: ``gen-5-3`` (the third general 5), ``own-A-X`` / ``own-D-1-2`` (a set's
  own cards, numbered when a set has two alike); all of them are public (B56);
- BlaBla cards: ``bb-C4`` (kind C, value 4): their ids say what they show, so a view
  that names one shows it, and ``privacy.hidden_ids`` lists those a viewer may not know;
- boost tiles: their ids in the file (``calm``, ``deep-scan`` ...).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

_RAW: dict[str, Any] = json.loads(Path(__file__).with_name("blabla.json").read_text())

GAME_ID: str = _RAW["game"]
MIN_PLAYERS: int = _RAW["players"]["min"]
MAX_PLAYERS: int = _RAW["players"]["max"]
HAND_LIMIT: int = _RAW["hand_limit"]
DRAW_COUNT: int = _RAW["draw_action_cards"]
EXTRA_TURNS: int = _RAW["extra_turns_after_end_trigger"]
ROUND_LIMIT: int = _RAW["round_limit"]
TOKENS_TOTAL: int = _RAW["combat_tokens"]["total"]
TOKENS_START: int = _RAW["combat_tokens"]["start_per_player"]
OPTION_DEFAULTS: dict[str, bool] = {k: v["default"] for k, v in _RAW["options"].items()}
COMBAT, DRIFT = "combat_tokens", "drift_fields"

X, PM = "X", "PM"  # the special cards (B3)


# ---------------------------------------------------------------- flight cards (B2, B3)


@dataclass(frozen=True)
class FlightCard:
    id: str
    value: int | None  # None for a special card
    special: str | None  # "X" or "PM"
    owner: str | None  # the set whose own card it is; None for a general card

    @property
    def face(self) -> str:
        """What the card shows, e.g. "5", "X", "PM" (equal faces play alike)."""
        return self.special or str(self.value)

    def as_json(self) -> dict[str, Any]:
        return {"id": self.id, "value": self.value, "special": self.special, "owner": self.owner}


def _flight_cards() -> dict[str, FlightCard]:
    raw = _RAW["flight_cards"]
    cards: dict[str, FlightCard] = {}
    for entry in raw["general"]:
        for k in range(1, entry["count"] + 1):
            cid = f"gen-{entry['value']}-{k}"
            cards[cid] = FlightCard(cid, entry["value"], None, None)
    for letter, spec in raw["individual_sets"].items():
        seen: dict[str, int] = {}
        for face in spec["own_cards"]:
            name = str(face)
            seen[name] = seen.get(name, 0) + 1
            cid = f"own-{letter}-{name}" + ("" if seen[name] == 1 else f"-{seen[name]}")
            special = name if name in (X, PM) else None
            cards[cid] = FlightCard(cid, None if special else int(face), special, letter)
    return cards


FLIGHT: dict[str, FlightCard] = _flight_cards()
GENERAL: list[str] = [c for c, card in FLIGHT.items() if card.owner is None]
SETS: dict[str, dict[str, Any]] = _RAW["flight_cards"]["individual_sets"]
SET_LETTERS: list[str] = list(SETS)
COLOURS: dict[str, str] = {letter: spec["colour"] for letter, spec in SETS.items()}


def own_cards(letter: str) -> list[str]:
    return [c for c, card in FLIGHT.items() if card.owner == letter]


def sort_key(card_id: str) -> tuple[int, int, str]:
    """Hands are kept in one order: number cards by value, then X, then ±1."""
    card = FLIGHT[card_id]
    rank = card.value if card.value is not None else (100 if card.special == X else 101)
    return (rank, 0 if card.owner is None else 1, card_id)


# ---------------------------------------------------------------- BlaBla cards (B4)

KINDS: list[str] = _RAW["blabla_cards"]["kinds"]
VALUES: list[int] = _RAW["blabla_cards"]["values"]
BLABLA: list[str] = [f"bb-{k}{v}" for k in KINDS for v in VALUES]


def kind_of(card_id: str) -> str:
    return card_id[3]


def value_of(card_id: str) -> int:
    return int(card_id[4:])


def blabla_json(card_id: str) -> dict[str, Any]:
    return {"id": card_id, "kind": kind_of(card_id), "value": value_of(card_id)}


# ---------------------------------------------------------------- boost tiles (B5, B45)

TILES: dict[str, dict[str, Any]] = {t["id"]: t for t in _RAW["boost_tiles"]}


def effect(tile: str, kind: str) -> dict[str, Any] | None:
    """The tile's effect if it is of this kind, else None."""
    found = TILES[tile]["effect"]
    return found if found["type"] == kind else None


# ---------------------------------------------------------------- the board (B1)

BOARD: dict[str, Any] = _RAW["board"]
WIDTH, HEIGHT = BOARD["width"], BOARD["height"]
SQUARES: dict[str, dict[str, Any]] = {s["id"]: s for s in BOARD["squares"]}
AT: dict[tuple[int, int], str] = {(s["x"], s["y"]): s["id"] for s in BOARD["squares"]}
HOME: frozenset[str] = frozenset(BOARD["home_port"]["squares"])
START_SQUARES: dict[int, str] = {int(k): v for k, v in BOARD["home_port"]["start_squares"].items()}
TIME_HOLE: frozenset[str] = frozenset(BOARD["time_hole"]["squares"])
TURNAROUND: frozenset[str] = frozenset(BOARD["turnaround"]["squares"])
BOOST_FIELDS: frozenset[str] = frozenset(BOARD["boost_fields"])
ASTEROIDS: frozenset[str] = frozenset(BOARD["asteroids"])
LANDS: dict[str, dict[str, Any]] = {land["id"]: land for land in BOARD["lands"]}
LANDING: dict[str, str] = {land["landing_point"]: land["id"] for land in BOARD["lands"]}
PARITY_LAND: dict[str, str] = {land["time_hole_parity"]: land["id"] for land in BOARD["lands"]}
DRIFT_AT: dict[str, dict[str, Any]] = {d["square"]: d for d in BOARD["drift"]}

DIRECTIONS: dict[str, tuple[int, int]] = {
    "N": (0, -1),
    "E": (1, 0),
    "S": (0, 1),
    "W": (-1, 0),
    "NE": (1, -1),
    "SE": (1, 1),
    "SW": (-1, 1),
    "NW": (-1, -1),
}
ORTHOGONAL = ("N", "E", "S", "W")
DIAGONAL = ("NE", "SE", "SW", "NW")


def stack_keys(land: str) -> list[str]:
    return [f"{land}-{i}" for i in range(1, LANDS[land]["stacks"] + 1)]


STACKS: list[str] = [key for land in LANDS for key in stack_keys(land)]


def land_of_stack(key: str) -> str:
    return key.rsplit("-", 1)[0]


def stack_size(players: int) -> int:
    sizes = {LANDS[land]["stack_size_by_players"][str(players)] for land in LANDS}
    (size,) = sizes
    return size


def step(square: str, direction: str, k: int = 1) -> str | None:
    """The square ``k`` steps from ``square`` in ``direction``; None off the board."""
    dx, dy = DIRECTIONS[direction]
    s = SQUARES[square]
    return AT.get((s["x"] + dx * k, s["y"] + dy * k))


def is_orbit(square: str) -> bool:
    """B-terms: every square but the home port, the time hole and the landing points."""
    return square not in HOME and square not in TIME_HOLE and square not in LANDING


def neighbours(square: str) -> list[str]:
    """B-terms "adjacent": the 8 squares around."""
    return [n for d in DIRECTIONS if (n := step(square, d)) is not None]


def board_json() -> dict[str, Any]:
    """The board as the table page draws it (static: the same for every view)."""
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "squares": BOARD["squares"],
        "lands": [
            {"id": land["id"], "landing_point": land["landing_point"], "stacks": stack_keys(lid)}
            for lid, land in LANDS.items()
        ],
        "drift": BOARD["drift"],
        "start_squares": BOARD["home_port"]["start_squares"],
        "colours": COLOURS,
    }
