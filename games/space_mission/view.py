"""The per-seat view (O6, O7, O8 and the table at the end of the rules).

A view is a read-only value: parts of it (the public ring and players, the log) may be
shared with other views (see ``games.memo`` and ``games.gamelog.visible_log``).

This is the only road by which game state leaves the server. Everything private is
read from the state only for the seat it belongs to; other seats' hands, reservations,
collections and memories, the stack contents, the draw pile and the generator appear
as counts or not at all. ``docs/space-mission.md`` describes the result.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from games.core import NO_ACTIONS, NO_REASONS, State
from games.memo import per_state, shared
from games.space_mission import turn, whynot
from games.space_mission.actions import face_up_count
from games.space_mission.data import (
    ACTIONS_PER_TURN,
    END_THRESHOLD,
    GAME_ID,
    PLANETS,
    card_json,
    tile_json,
)
from games.space_mission.scoring import gate_standing, own_score, tile_gains
from games.space_mission.setup import GATE
from games.viewparts import ALL, LOG_PART, SEAT_PART, ViewTable, common, own, seated

# The per-seat view (``viewparts``): each part and the state parts it is made from. The
# players part needs only the hand sizes (equal small ints are one object in CPython, and
# an identity that fails only costs a rebuild), so a restock does not rebuild it.
_PLAYERS_FROM = ("ring", "chips", "gate", "stations", "ships", "collections", "reservations")
_RING_FROM = ("ring", "stacks", "reservations", "stations", "scanned", "revealed", "ships")
_ME_FROM = ("ring", "hands", "collections", "reservations", "memory", "looking", "stacks")


def _active(state: State) -> list[int]:
    return shared("active", (state["ring"], state["active"]), list, state["active"])


def _turn_part(state: State) -> dict[str, Any]:
    sources = (state["ring"], state["seat"], state["actions_done"], state["looking"])
    return shared("space-mission turn", (*sources, not state["undo"]), _turn, state)


def _players_part(state: State) -> list[dict[str, Any]]:
    return shared("players", _players_from(state), _players, state)


def _gate_part(state: State) -> dict[str, Any]:
    return shared("gate", (state["ring"], state["gate"], state["ships"]), _gate, state)


def _ring_part(state: State) -> list[dict[str, Any]]:
    return shared("ring", tuple(map(state.get, _RING_FROM)), _ring, state)


def _turn(state: State) -> dict[str, Any]:
    looking = state["looking"]
    return {
        "seat": state["seat"],
        "actions_done": state["actions_done"],
        "actions_per_turn": ACTIONS_PER_TURN,
        "looking": None
        if looking is None
        else {"planet": looking["planet"], "purpose": looking["purpose"]},
        "can_undo": bool(state["undo"]),
        "can_confirm": state["actions_done"] >= ACTIONS_PER_TURN and looking is None,
    }


def _gate(state: State) -> dict[str, Any]:
    return {
        "probes": list(state["gate"]),
        "ships": [s for s, where in enumerate(state["ships"]) if where == GATE],
        # R28 as things stand: each seat's rank by probes and the points it would get.
        "standing": gate_standing(state["gate"]),
    }


# The seat's legal actions, read only: the end-of-turn check of the act that made the
# state asked for them first.
legal_now = per_state("space-mission legal", turn.legal_actions)


def _legal(state: State, seat: int) -> list[dict[str, Any]]:
    if state["phase"] == "play" and seat in state["active"]:
        return legal_now(state, seat)
    # None at all: the same empty list each time.
    return shared(("space-mission idle legal", seat), (), list)


def _why_not(state: State, seat: int) -> dict[str, Any]:
    """The seat's reasons; a seat that cannot act gets the same ones state after state
    (the game is over, or whose turn it is), so its views share them."""
    if state["phase"] == "play" and seat in state["active"]:
        return whynot.why_not(state, seat)
    # Kept per seat, whose turn it is and the phase, across matches (that is all they
    # depend on): by value, since a state read back from JSON holds a phase string of its
    # own, and every match's would otherwise replace the others'.
    return shared(
        ("space-mission idle why_not", seat, state["seat"], state["phase"]),
        (),
        whynot.why_not,
        state,
        seat,
    )


def _players_from(state: State) -> tuple[Any, ...]:
    return (*map(state.get, _PLAYERS_FROM), *map(len, state["hands"]))


def _players(state: State) -> list[dict[str, Any]]:
    n, ring, stations = state["players"], state["ring"], state["stations"]
    reserved = [0] * n
    for entries in state["reservations"].values():
        for owner, _ in entries:
            reserved[owner] += 1
    # Each seat's entry is the same object while what it is made of stays the same objects
    # (its counts are small ints, one object each), so a patch skips the seats an act left
    # alone at once.
    return [
        shared(
            ("player", s),
            (
                ring,
                stations,
                len(state["hands"][s]),
                state["chips"][s],
                state["gate"][s],
                state["ships"][s],
                len(state["collections"][s]),
                reserved[s],
            ),
            _player,
            state,
            s,
            reserved[s],
        )
        for s in range(n)
    ]


def _player(state: State, seat: int, reserved: int) -> dict[str, Any]:
    return {
        "seat": seat,
        "hand_count": len(state["hands"][seat]),
        "chips": state["chips"][seat],
        "probes_on_gate": state["gate"][seat],
        "stations": [p for p in state["ring"] if state["stations"].get(p) == seat],
        "ship": state["ships"][seat],
        "collection_count": len(state["collections"][seat]),
        "reservation_count": reserved,
    }


def _ring(state: State) -> list[dict[str, Any]]:
    ring, stacks, reservations = state["ring"], state["stacks"], state["reservations"]
    stations, revealed, scanned = state["stations"], state["revealed"], state["scanned"]
    ships = [0] * len(ring)  # a bit per seat whose ship is at each planet: a small int
    at = {planet: i for i, planet in enumerate(ring)}
    for s, where in enumerate(state["ships"]):
        if where in at:
            ships[at[where]] |= 1 << s
    # Each planet's entry is the same object while what it shows stays the same objects,
    # so a patch skips the planets an act left alone at once.
    return [
        shared(
            ("planet", planet),
            (
                ring,
                stacks[planet],
                planet in revealed,
                stations.get(planet),
                reservations.get(planet),
                scanned.get(planet),
                ships[i],
            ),
            _planet,
            state,
            i,
            ships[i],
        )
        for i, planet in enumerate(ring)
    ]


def _planet(state: State, i: int, ships: int) -> dict[str, Any]:
    ring = state["ring"]
    planet = ring[i]
    p, stack = PLANETS[planet], state["stacks"][planet]
    return {
        "id": planet,
        "name": p.name,
        "jump": p.jump,
        "scan": p.scan,
        "landing": list(p.landing),
        "neighbours": [ring[i - 1], ring[(i + 1) % len(ring)]],
        "stack_count": len(stack),
        "face_up_space": [tile_json(t) for t in sorted(stack)]
        if planet in state["revealed"]
        else [],
        "station": state["stations"].get(planet),
        "reservations": reservation_counts(state, planet),
        "scanned": list(state["scanned"].get(planet, ())),
        "ships": [s for s in range(state["players"]) if ships >> s & 1],
    }


def reservation_counts(state: State, planet: str) -> list[int]:
    """How many tiles each seat has reserved on ``planet`` (counts are public)."""
    counts = [0] * state["players"]
    for owner, _ in state["reservations"].get(planet, ()):
        counts[owner] += 1
    return counts


def _me(state: State, seat: int) -> dict[str, Any]:
    """The seat's own part, the same object while what it is made from stays the same
    (as it does for every seat but the one acting)."""
    looking = state["looking"]
    if looking is not None and looking["seat"] != seat:
        looking = None
    stack = None if looking is None else state["stacks"][looking["planet"]]
    hand, collection = state["hands"][seat], state["collections"][seat]
    reservations, memory = state["reservations"], state["memory"][seat]
    sources = (state["ring"], hand, collection, reservations, memory, looking, stack)
    return shared(("me", seat), sources, _own, seat, *sources)


def _own(
    seat: int,
    ring: list[str],
    hand: list[str],
    collection: list[str],
    reservations: dict[str, list[Any]],
    memory: dict[str, Any],
    looking: dict[str, Any] | None,
    stack: list[str] | None,
) -> dict[str, Any]:
    return {
        "hand": shared(("hand", seat), (ring, hand), _hand, hand),
        "reservations": shared(
            ("reservations", seat), (ring, reservations), _reservations, reservations, seat
        ),
        **shared(("collection", seat), (ring, collection), _collection, collection),
        "memory": shared(("memory", seat), (ring, memory), _memory, memory, seat, ring),
        "looking": None
        if looking is None or stack is None
        else {
            "planet": looking["planet"],
            "purpose": looking["purpose"],
            "stack": [tile_json(t) for t in sorted(stack)],
            # What each point tile would add to the seat's own tile score (R30-R34).
            "gains": tile_gains(collection, stack),
        },
    }


def _reservations(reservations: dict[str, list[Any]], seat: int) -> dict[str, Any]:
    out = {}
    for planet, entries in reservations.items():
        mine = [tile_json(t) for owner, t in entries if owner == seat]
        if mine:
            out[planet] = mine
    return out


def _collection(collection: list[str]) -> dict[str, Any]:
    return {
        "collection": [tile_json(t) for t in sorted(collection)],
        "score": own_score(collection),
    }


def _hand(hand: list[str]) -> list[dict[str, Any]]:
    return [card_json(c) for c in hand]


def _memory(memory: dict[str, Any], seat: int, ring: list[str]) -> dict[str, Any]:
    # A stack another seat takes from changes one entry of this seat's memory (R22): the
    # others are the same objects and keep their view.
    return {
        planet: shared(("remembered", seat, planet), (ring, m), _remembered, m)
        for planet, m in memory.items()
    }


def _remembered(m: dict[str, Any]) -> dict[str, Any]:
    return {"tiles": [tile_json(t) for t in m["tiles"]], "taken_since": m["taken_since"]}


TABLE = ViewTable(
    GAME_ID,
    {
        "game": common((), lambda state: GAME_ID),
        "seat": SEAT_PART,
        "phase": common(("phase",), itemgetter("phase")),
        "round": common(("round",), itemgetter("round")),
        "start_seat": common(("start",), itemgetter("start")),
        "active": common(("ring", "active"), _active),
        "turn": common(("ring", "seat", "actions_done", "looking", "undo"), _turn_part),
        "players": common((*_PLAYERS_FROM, "hands", "players"), _players_part),
        "gate": common(("ring", "gate", "ships"), _gate_part),
        "ring": common((*_RING_FROM, "players"), _ring_part),
        "draw_count": common(("draw",), lambda state: len(state["draw"])),
        "discard_count": common(("discard",), lambda state: len(state["discard"])),
        "face_up_space": common(("stacks", "revealed"), face_up_count),
        "end_threshold": common(("players",), lambda state: END_THRESHOLD[state["players"]]),
        "ending": common(("ending",), itemgetter("ending")),
        "me": own(_ME_FROM, seated(_me, None)),
        "legal": own((ALL,), seated(_legal, NO_ACTIONS)),
        "why_not": own((ALL,), seated(_why_not, NO_REASONS)),
        "log": LOG_PART,
        "result": common(("result",), itemgetter("result")),
    },
)
view = TABLE.view
deltas = TABLE.deltas
