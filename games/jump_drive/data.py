"""Component values (J1-J7, J46-J85), loaded once from ``jump-drive.json``.

This module is the only place figures come from: a corrected value in the JSON file
needs no code change. Every physical card has its own instance id ``j<type>-<copy>``
(``j017-2`` is the second copy of card type 17 in the file's order), so a card can be
followed through hands, empires and piles and hidden wherever it must be.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

_RAW: dict[str, Any] = json.loads(Path(__file__).with_name("jump-drive.json").read_text())

GAME_ID: str = _RAW["game"]
MIN_PLAYERS: int = _RAW["players"]["min"]
MAX_PLAYERS: int = _RAW["players"]["max"]
DEAL: int = _RAW["setup"]["deal"]
KEEP: int = _RAW["setup"]["keep"]
HAND_LIMIT: int = _RAW["hand_limit"]
END_VP: int = _RAW["end_vp"]
MARKER_EXPLORE: int = _RAW["explore_marker"]["explore_icons"]
EXPLORE_NET = 2  # J29: an explore draws 2 + E and discards E

DEVELOPMENT, WORLD = "development", "world"
SURVEY_TEAM, TRADE_PACT = "survey-team", "trade-pact"
CONTACT_SPECIALIST = "contact-specialist"
COLONY_CONVOY, MILITARY_CONVOY = "colony-convoy", "military-convoy"
WAR_PROPAGANDA = "war-propaganda"
YELLOW = "yellow"


@dataclass(frozen=True)
class Card:
    """A card type: what every copy of it shows (J2, J3)."""

    id: str
    name: str
    kind: str
    military: bool
    cost: int
    colour: str | None
    rebel: bool
    explore: int
    military_icons: int
    chromosome: int
    vp: int
    income: int
    effects: tuple[dict[str, Any], ...]
    limit_one: bool
    summary: str

    @property
    def is_world(self) -> bool:
        return self.kind == WORLD

    @cached_property
    def _by_type(self) -> dict[str, tuple[dict[str, Any], ...]]:
        out: dict[str, tuple[dict[str, Any], ...]] = {}
        for effect in self.effects:
            out[effect["type"]] = (*out.get(effect["type"], ()), effect)
        return out

    def effects_of(self, kind: str) -> tuple[dict[str, Any], ...]:
        """This card's effects of one type (powers ask this in every count: kept ready)."""
        return self._by_type.get(kind, ())


def _card(raw: dict[str, Any]) -> Card:
    icons, power = raw["icons"], raw["power"] or {}
    return Card(
        id=raw["id"],
        name=raw["name"],
        kind=raw["kind"],
        military=bool(raw.get("military")),
        cost=raw["defense"] if raw.get("military") else raw["cost"],
        colour=raw.get("colour"),
        rebel=bool(raw.get("rebel")),
        explore=icons["explore"],
        military_icons=icons["military"],
        chromosome=icons["chromosome"],
        vp=raw["vp"],
        income=raw["income"],
        effects=tuple(power.get("effects", ())),
        limit_one=raw["limit_one"],
        summary=power.get("summary", ""),
    )


CARDS: dict[str, Card] = {raw["id"]: _card(raw) for raw in _RAW["cards"]}

# Instance id -> card type id, for the deck and for the Survey Teams (J1, J8).
INSTANCES: dict[str, str] = {
    f"j{n:03d}-{copy}": raw["id"]
    for n, raw in enumerate(_RAW["cards"], start=1)
    for copy in range(1, raw["count"] + 1)
}
DECK: tuple[str, ...] = tuple(
    i for i, t in INSTANCES.items() if _RAW["cards"][int(i[1:4]) - 1]["in_deck"]
)
SURVEY_TEAMS: tuple[str, ...] = tuple(i for i, t in INSTANCES.items() if t == SURVEY_TEAM)


_CARD_OF: dict[str, Card] = {i: CARDS[t] for i, t in INSTANCES.items()}


def card_of(instance: str) -> Card:
    """The card type of a physical card."""
    return _CARD_OF[instance]


def _type_json(card: Card) -> dict[str, Any]:
    return {
        "card": card.id,
        "name": card.name,
        "kind": card.kind,
        "military": card.military,
        "cost" if not card.military else "defense": card.cost,
        "colour": card.colour,
        "rebel": card.rebel,
        "icons": {
            "explore": card.explore,
            "military": card.military_icons,
            "chromosome": card.chromosome,
        },
        "vp": card.vp,
        "income": card.income,
        "power": card.summary,
    }


# The wire forms, built once. Views hand out these very objects: views are read-only.
_CARD_JSON: dict[str, dict[str, Any]] = {
    i: {"id": i, **_type_json(CARDS[t])} for i, t in INSTANCES.items()
}


def card_json(instance: str) -> dict[str, Any]:
    """The self-describing wire form of a physical card (shared: never change it)."""
    return _CARD_JSON[instance]


def card_shown(instance: str) -> str:
    """A physical card by what it shows, for the log: its card type, never its own id."""
    return card_of(instance).id
