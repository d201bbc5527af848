"""Bots that play from their own view only (which holds their legal actions).

- ``random``: a uniform kind of action (never undo), then uniform arguments (``games.bots``).
- ``greedy``: plays to score, one action ahead. It values a tile by the points it adds
  to its collection (reservations counted as likely income), colonises where its
  reservations lie, discovers where its memory shows good tiles, keeps its probes
  competitive on the Jump Gate while saving chips for stations, heads for a goal planet,
  keeps the cards its plan needs and cycles its hand when no move is worth making.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

from games import rng
from games.bots import random_action
from games.core import Action, State, View
from games.space_mission.data import (
    ACTIONS_PER_TURN,
    CARDS,
    HAND_SIZE,
    JUMP,
    LANDING,
    PLANETS,
    POINT_TILES,
    SCAN,
)
from games.space_mission.scoring import KIND_COLOUR, gate_scores, tile_scores
from games.space_mission.turn import legal_actions
from games.space_mission.view import reservation_counts

BOTS: tuple[str, ...] = ("random", "greedy")

# How much a reserved tile is worth against a taken one (the planet may stay uncolonised).
RESERVATION_ODDS = 0.6
# What a station adds besides its points: the tile pick that comes with it and the tempo.
STATION_BONUS = 1.0
# A position reached now is used next turn at the earliest: discount it.
LATER = 0.5
# Chips kept back for stations: probes are never paid back, and a player without chips
# can neither jump, scan nor colonise.
CHIP_RESERVE = 4
# Below this value no move is worth making, and the hand is cycled instead.
IDLE = 0.5
_MOVES = ("jump", "fly", "scan", "colonise", "discover")


def bot_action(bot: str, view: View, seed: int) -> Action:
    """The action bot ``bot`` takes seeing only ``view``."""
    choices = [a for a in view["legal"] if a["type"] != "undo"]
    if not choices:
        raise ValueError("the bot has no action to take")
    if bot == "random":
        return random_action(choices, rng.seed_state(seed))
    if bot == "greedy":
        return _Greedy.from_view(view).choose(choices, seed)
    raise ValueError(f"unknown bot {bot!r}")


def greedy_on_state(state: State, seat: int, seed: int) -> Action:
    """The greedy bot's choice for ``seat`` of a (dealt) state, as it would choose from
    the seat's view of it, without building the view: the search's playout policy."""
    choices = [a for a in legal_actions(state, seat) if a["type"] != "undo"]
    if len(choices) == 1:  # a turn's closing confirm, most often: nothing to weigh
        return choices[0]
    return _Greedy.from_state(state, seat).choose(choices, seed)


def best_restocks(state: State, seat: int, restocks: list[Action], keep: int) -> list[Action]:
    """The ``keep`` Restocks (each a choice of cards to discard) the greedy bot values most
    for ``seat`` of a (dealt) state, in the order they were given."""
    if len(restocks) <= keep:
        return restocks
    values = _Greedy.from_state(state, seat).restock_values(restocks)
    ranked = sorted(range(len(restocks)), key=lambda i: -values[i])[:keep]
    return [restocks[i] for i in sorted(ranked)]


def _planet(state: State, planet: str) -> dict[str, Any]:
    """The parts of a planet's public entry (``view._planet``) the greedy bot reads."""
    p, stack = PLANETS[planet], state["stacks"][planet]
    return {
        "id": planet,
        "scan": p.scan,
        "landing": p.landing,
        "stack_count": len(stack),
        "face_up_space": stack if planet in state["revealed"] else (),
        "station": state["stations"].get(planet),
        "reservations": reservation_counts(state, planet),
        "scanned": state["scanned"].get(planet, ()),
    }


# A tile's part in a score is its kind and colour only: one code per sort of tile, so that
# the few sorts of collection the search's playouts meet (thousands of times) are each
# scored once.
_SORT = {t: f"{kind}/{colour}" for t, (kind, colour) in KIND_COLOUR.items()}
_ONE_OF = {code: t for t, code in sorted(_SORT.items(), reverse=True)}
_UNSEEN = Counter(_SORT.values())


def _sorts(tiles: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(_SORT[t] for t in tiles))


def _points(tiles: list[str]) -> int:
    return _points_of(_sorts(tiles))


@lru_cache(maxsize=1 << 16)
def _points_of(sorts: tuple[str, ...]) -> int:
    return sum(tile_scores(_ONE_OF[code] for code in sorts).values())


@lru_cache(maxsize=1 << 14)
def _mean_unknown_gain(held: tuple[str, ...]) -> float:
    """The mean points an unseen point tile adds to tiles of the sorts ``held`` (sorted)."""
    base = _points_of(held)
    unseen = _UNSEEN - Counter(held)
    total = sum(
        count * (_points_of(tuple(sorted((*held, code)))) - base) for code, count in unseen.items()
    )
    left = unseen.total()
    return total / left if left else 0.0


@lru_cache(maxsize=1 << 10)
def _gate_points(probes: tuple[int, ...], seat: int) -> int:
    return gate_scores(list(probes))[seat]


class _Greedy:
    """One-action lookahead over a score estimate built from what the seat sees: its view
    (``from_view``) or, in the search's playouts, a dealt state (``from_state``)."""

    def __init__(self, seat: int, seen: dict[str, Any]) -> None:
        self.seat = seat
        self.hand: list[str] = seen["hand"]
        self.owned: list[str] = seen["owned"]
        self.reserved: dict[str, list[str]] = seen["reserved"]
        # planet -> (the remembered tile ids, tiles taken since)
        self.memory: dict[str, tuple[list[str], int]] = seen["memory"]
        self.planets: dict[str, dict[str, Any]] = seen["planets"]
        self.ring: list[str] = seen["ring"]
        self.probes: list[int] = seen["probes"]
        self.ship: str = seen["ship"]
        self.chips: int = seen["chips"]
        self.actions_left: int = seen["actions_left"]
        self.usefulness: dict[str, bool] = {}  # by card, asked once per restock option
        self.base = _points(self.owned + self._all_reserved())
        self.unknown_value = self._mean_unknown_value()
        self.target = self._colonisation_target()
        self.goal = self._goal()

    @classmethod
    def from_view(cls, view: View) -> _Greedy:
        me, seat = view["me"], view["seat"]
        reserved = {p: [t["id"] for t in tiles] for p, tiles in me["reservations"].items()}
        seen = {
            "hand": [c["id"] for c in me["hand"]],
            "owned": [t["id"] for t in me["collection"]],
            "reserved": reserved,
            "memory": {
                p: ([t["id"] for t in m["tiles"]], m["taken_since"])
                for p, m in me["memory"].items()
            },
            "planets": {p["id"]: p for p in view["ring"]},
            "ring": [p["id"] for p in view["ring"]],
            "probes": view["gate"]["probes"],
            "ship": view["players"][seat]["ship"],
            "chips": view["players"][seat]["chips"],
            "actions_left": view["turn"]["actions_per_turn"] - view["turn"]["actions_done"],
        }
        return cls(seat, seen)

    @classmethod
    def from_state(cls, state: State, seat: int) -> _Greedy:
        """What ``from_view`` reads of the seat's view, straight from the state: the
        seat's own part and the public table only, without building the view."""
        reserved: dict[str, list[str]] = {}
        for planet, entries in state["reservations"].items():
            mine = [t for owner, t in entries if owner == seat]
            if mine:
                reserved[planet] = mine
        seen = {
            "hand": state["hands"][seat],
            "owned": state["collections"][seat],
            "reserved": reserved,
            "memory": {p: (m["tiles"], m["taken_since"]) for p, m in state["memory"][seat].items()},
            "planets": {p: _planet(state, p) for p in state["ring"]},
            "ring": state["ring"],
            "probes": state["gate"],
            "ship": state["ships"][seat],
            "chips": state["chips"][seat],
            "actions_left": ACTIONS_PER_TURN - state["actions_done"],
        }
        return cls(seat, seen)

    def choose(self, choices: list[Action], seed: int) -> Action:
        """The choice worth most; among equals, the one whose draw from ``seed`` is highest
        (the draws of the generator in the order of ``choices``)."""
        values = self.values(choices)
        top = max(v for v in values if v is not None)
        g = rng.seed_state(seed)
        tied = [i for i, v in enumerate(values) if v == top]
        return choices[max(tied, key=lambda i: rng.nth_u64(g, i))]

    def values(self, choices: list[Action]) -> list[float | None]:
        """What each choice is worth to the bot; ``None`` for a Restock that cannot be
        worth the most (the best other choice is worth more than any Restock could be)."""
        scorers: dict[str, Callable[[Action], float]] = {
            "pick": self._pick,
            "jump": self._jump,
            "fly": self._fly,
            "scan": self._scan,
            "colonise": self._colonise,
            "discover": lambda a: self._discover_value(self._here()),
            "confirm": lambda a: 0.0,
        }
        values: list[float | None] = [
            None if a["type"] == "restock" else scorers[a["type"]](a) for a in choices
        ]
        restocks = [a for a in choices if a["type"] == "restock"]
        moves = [v for a, v in zip(choices, values, strict=True) if a["type"] in _MOVES]
        if max(moves, default=0.0) < IDLE:
            # Nothing worth doing: cycle the hand rather than wander (or stall for good).
            found = [IDLE + 0.2 * len(a["discard"]) for a in restocks]
        elif max((v for v in values if v is not None), default=-1.0) > self._restock_ceiling():
            return values
        else:
            found = self.restock_values(restocks)
        # The restocks' values fill the gaps in order: both lists follow ``choices``.
        filling = iter(found)
        return [next(filling) if v is None else v for v in values]

    # ------------------------------------------------------------ tile values

    def _all_reserved(self) -> list[str]:
        return [t for tiles in self.reserved.values() for t in tiles]

    def _gain(self, tile: str) -> float:
        """Points ``tile`` adds to what this seat holds and has reserved."""
        return _points([*self.owned, *self._all_reserved(), tile]) - self.base

    def _mean_unknown_value(self) -> float:
        return _mean_unknown_gain(_sorts(self.owned + self._all_reserved()))

    def _best_in(self, planet: str) -> float:
        """The best tile this seat expects to find in ``planet``'s stack."""
        stack = self.planets[planet]
        if stack["stack_count"] == len(stack["face_up_space"]):
            return 0.0
        memory = self.memory.get(planet)
        if memory is not None:
            tiles, taken_since = memory
            known = [self._gain(t) for t in tiles if t in POINT_TILES]
            if known and taken_since < len(known):
                return max(known) if taken_since == 0 else sum(known) / len(known)
            if not known:
                return 0.0
        return self.unknown_value

    # ------------------------------------------------------------ actions

    def _here(self) -> str:
        return self.ship

    def _pick(self, action: Action) -> float:
        return self._gain(action["tile"])

    def _discover_value(self, planet: str) -> float:
        return self._best_in(planet) + 0.5

    def _scan(self, action: Action) -> float:
        planet = self._here()
        hand = [c for c in self.hand if c != action["card"]]
        value = self._best_in(planet) * RESERVATION_ODDS
        if self._landing_pair(planet, hand):
            value += 2.0  # this scan opens a colonisation we can pay for
        elif self.chips <= CHIP_RESERVE // 2:
            value -= 3.0  # a reservation ties up one of the last chips
        return value

    def _colonise(self, action: Action) -> float:
        planet = self.planets[self._here()]
        mine = sum(self._gain(t) for t in self.reserved.get(planet["id"], ()))
        others = sum(planet["reservations"]) - len(self.reserved.get(planet["id"], ()))
        station = 3.0 + STATION_BONUS
        return station + mine * (1 - RESERVATION_ODDS) + self._best_in(planet["id"]) - 0.5 * others

    def _jump(self, action: Action) -> float:
        hand = [c for c in self.hand if c != action["card"]]
        probe = self._probe_gain()
        reach = self._potential(action["planet"], hand)
        return probe + reach * (1.0 if self.actions_left > 1 else LATER) - self._probe_cost()

    def _probe_cost(self) -> float:
        """A probe is a chip gone for good: cheap while many are left, dear near the end."""
        if self.chips <= CHIP_RESERVE:
            return 10.0
        return 0.5 + 8.0 / self.chips

    def _restock_ceiling(self) -> float:
        """What a Restock is worth at most: every card drawn, every discarded card useless
        (``restock_values``), so that most choices need no card weighed."""
        return 0.9 * (HAND_SIZE - len(self.hand)) + 0.4 * len(self.hand)

    def restock_values(self, restocks: list[Action]) -> list[float]:
        """What each Restock (a choice of cards to discard) is worth: cards drawn, useless
        cards gone, useful ones kept."""
        held = len(self.hand)
        useless = {c for c in self.hand if not self._useful_once(c)}
        out = []
        for action in restocks:
            discard = action["discard"]
            if held - len(discard) == HAND_SIZE:  # nothing would be drawn
                out.append(-1.0)
                continue
            gone = sum(1 for c in discard if c in useless)
            out.append(0.9 * (HAND_SIZE - held) + 0.4 * gone - 0.9 * (len(discard) - gone))
        return out

    def _fly(self, action: Action) -> float:
        value = self._potential(action["planet"], self.hand) * LATER
        if self.goal is not None:
            here, there = self._here(), action["planet"]
            value += 0.3 * (self._distance(here, self.goal) - self._distance(there, self.goal))
        return value

    def _probe_gain(self) -> float:
        probes = list(self.probes)
        before = _gate_points(tuple(probes), self.seat)
        probes[self.seat] += 1
        return float(_gate_points(tuple(probes), self.seat) - before)

    # ------------------------------------------------------------ positions

    def _potential(self, planet: str, hand: list[str]) -> float:
        """What this seat can do on ``planet`` with ``hand`` once its ship is there."""
        info = self.planets[planet]
        if info["station"] is not None:
            return self._discover_value(planet)
        scan_card = any(CARDS[c].matches(SCAN, PLANETS[planet].scan) for c in hand)
        best = 0.0
        if self.seat in info["scanned"] and self._landing_pair(planet, hand):
            best = 3.0 + STATION_BONUS + self._best_in(planet)
        if scan_card:
            best = max(best, self._best_in(planet) * RESERVATION_ODDS)
        return best

    def _landing_pair(self, planet: str, hand: list[str]) -> bool:
        x, y = PLANETS[planet].landing
        for i, a in enumerate(hand):
            for b in hand[i + 1 :]:
                ca, cb = CARDS[a], CARDS[b]
                if (ca.matches(LANDING, x) and cb.matches(LANDING, y)) or (
                    ca.matches(LANDING, y) and cb.matches(LANDING, x)
                ):
                    return True
        return False

    def _colonisation_target(self) -> str | None:
        """The uncolonised planet this seat has scanned where a station would pay most."""
        best, best_value = None, 0.0
        for planet, info in self.planets.items():
            if info["station"] is not None or self.seat not in info["scanned"]:
                continue
            mine = self.reserved.get(planet, ())
            value = 3.0 + sum(self._gain(t) for t in mine) + self._best_in(planet)
            value -= 0.5 * (sum(info["reservations"]) - len(mine))
            if value > best_value:
                best, best_value = planet, value
        return best

    def _goal(self) -> str | None:
        """Where to head: the colonisation target, else the best planet to discover on or
        to scan (a first scan opens a colonisation later)."""
        if self.target is not None:
            return self.target
        best, best_value = None, 0.0
        for planet, info in self.planets.items():
            if info["station"] is not None:
                value = self._best_in(planet)
            elif self.chips > 1:  # one chip to reserve, one for the station
                value = self._best_in(planet) * RESERVATION_ODDS + 1.0
            else:
                continue
            if value > best_value:
                best, best_value = planet, value
        return best

    def _distance(self, a: str, b: str) -> int:
        """Flights between two planets around the ring (the gate counts as far away)."""
        ring = self.ring
        if a not in ring or b not in ring:
            return len(ring)
        d = abs(ring.index(a) - ring.index(b))
        return min(d, len(ring) - d)

    def _useful_once(self, card: str) -> bool:
        known = self.usefulness.get(card)
        if known is None:
            known = self.usefulness[card] = self._useful(card)
        return known

    def _useful(self, card: str) -> bool:
        """Does the card serve a plan: the landing of our target, a scan or jump we can pay?

        While the hand cannot yet pay for the target's landing, only cards towards it
        count: holding on to anything else is how a player stalls."""
        c = CARDS[card]
        landing = c.value(LANDING)
        if self.target is not None:
            needed = (*self.planets[self.target]["landing"], "?")
            if landing is not None and landing in needed:
                return True
            if not self._landing_pair(self.target, self.hand):
                return False
        if c.value(JUMP) is not None and self.chips > CHIP_RESERVE:
            return True
        scan = c.value(SCAN)
        goal = self.planets.get(self.goal or "")
        if goal is not None and goal["station"] is None and scan in (goal["scan"], "?"):
            return True
        planets = [p for p in self.planets.values() if p["station"] is None]
        return (
            scan is not None
            and self.chips > CHIP_RESERVE // 2
            and any(scan in (p["scan"], "?") for p in planets)
        )
