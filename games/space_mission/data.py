"""Component values (R1-R5, R26, R28-R34), loaded once from ``space-mission.json``.

This module is the only place figures come from: replacing the JSON file with the
publisher's values needs no code change.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

_RAW: dict[str, Any] = json.loads(Path(__file__).with_name("space-mission.json").read_text())

GAME_ID: str = _RAW["game"]
MIN_PLAYERS: int = _RAW["players"]["min"]
MAX_PLAYERS: int = _RAW["players"]["max"]
CHIPS: int = _RAW["chips_per_player"]
HAND_SIZE: int = _RAW["hand_size"]
PLANETS_IN_PLAY: int = _RAW["planets_in_play"]
STACK_SIZE: int = _RAW["stack_size"]
END_THRESHOLD: dict[int, int] = {int(k): v for k, v in _RAW["end_threshold_face_up_space"].items()}
SCORING: dict[str, Any] = _RAW["scoring"]
ACTIONS_PER_TURN = 2  # R10

JOKER = "?"
JUMP, SCAN, LANDING = "jump", "scan", "landing"
SPACE = "space"
# Scoring categories of point tiles, in the order a score sheet lists them.
TILE_CATEGORIES: tuple[str, ...] = ("ore", "alien", "matter", "water", "medal")


@dataclass(frozen=True)
class Planet:
    id: str
    name: str
    jump: int
    scan: int
    landing: tuple[int, int]


@dataclass(frozen=True)
class Card:
    """A coordinate card: two coordinates of different colours (R3)."""

    id: str
    coords: tuple[tuple[str, int | str], ...]
    # The coordinates by colour: asked for in every playout of the search.
    faces: dict[str, int | str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "faces", dict(self.coords))

    def value(self, colour: str) -> int | str | None:
        """The number (or ``"?"``) this card shows in ``colour``; None if it has none."""
        return self.faces.get(colour)

    def matches(self, colour: str, number: int) -> bool:
        """True if the card can be played as ``colour`` ``number`` (jokers match any)."""
        v = self.value(colour)
        return v in (number, JOKER)


@dataclass(frozen=True)
class Tile:
    id: str
    kind: str
    colour: str | None

    @property
    def is_point(self) -> bool:
        return self.kind != SPACE


PLANETS: dict[str, Planet] = {
    p["id"]: Planet(p["id"], p["name"], p["jump"], p["scan"], tuple(p["landing"]))
    for p in _RAW["planets"]
}
CARDS: dict[str, Card] = {
    c["id"]: Card(c["id"], tuple((x["colour"], x["value"]) for x in c["coords"]))
    for c in _RAW["cards"]
}
TILES: dict[str, Tile] = {t["id"]: Tile(t["id"], t["kind"], t["colour"]) for t in _RAW["tiles"]}
POINT_TILES: frozenset[str] = frozenset(t for t, tile in TILES.items() if tile.is_point)

# The wire forms, built once. Views hand out these very objects: views are read-only.
_CARD_JSON: dict[str, dict[str, Any]] = {
    c["id"]: {"id": c["id"], "coords": [dict(x) for x in c["coords"]]} for c in _RAW["cards"]
}
_TILE_JSON = {t: {"id": t, "kind": x.kind, "colour": x.colour} for t, x in TILES.items()}


def card_json(card_id: str) -> dict[str, Any]:
    """The self-describing wire form of a card (shared: never change it)."""
    return _CARD_JSON[card_id]


def tile_json(tile_id: str) -> dict[str, Any]:
    """The self-describing wire form of a tile (shared: never change it)."""
    return _TILE_JSON[tile_id]


def coordinate_shown(colour: str, value: int | str) -> dict[str, Any]:
    """A coordinate as a card shows it, for the log: ``{"colour": "jump", "value": 2}``."""
    return {"colour": colour, "value": value}


def card_shown(card_id: str) -> list[dict[str, Any]]:
    """A card by what it shows, never by its id: its two coordinates (shared: read-only)."""
    return _CARD_JSON[card_id]["coords"]


def tile_shown(tile_id: str) -> dict[str, Any]:
    """A tile by what it shows, never by its id: ``{"kind": "ore", "colour": "red"}``."""
    return _TILE_SHOWN[tile_id]


_TILE_SHOWN = {t: {"kind": x.kind, "colour": x.colour} for t, x in TILES.items()}
