"""What the shared search (``games.search``) needs of Space Mission: deals consistent
with one seat's view, the decisions worth searching, a playout policy and an estimate.

``sample_state`` reads the view only. What the seat knows stays where it is: its hand,
collection and reservations, the face-up stacks (O7), the stack it is looking at and
what it remembers of stacks it has seen (R22). Everything else is dealt at random into
the places the view counts: the other hands, the draw and discard piles, the other
collections and reservations, the unseen stacks. Where a remembered stack lost tiles
since (``taken_since``), which of the remembered tiles are still there is drawn too.
"""

from __future__ import annotations

from typing import Any

from games import gamelog, rng
from games.bots import random_action
from games.core import Action, SearchHooks, State, View
from games.search import mostly_easy
from games.space_mission import bots, turn
from games.space_mission.data import CARDS, GAME_ID, POINT_TILES, TILES
from games.space_mission.outlook import outlook

# Restocks searched at a decision (see ``moves``).
RESTOCKS = 3


def _ids(items: list[dict[str, Any]]) -> list[str]:
    return [item["id"] for item in items]


def _deal(g: int, pool: list[str], sizes: list[int]) -> tuple[int, list[list[str]]]:
    """Shuffle ``pool`` and cut it into parts of ``sizes`` (the rest stays out)."""
    g, pool = rng.shuffled(g, sorted(pool))
    parts, at = [], 0
    for size in sizes:
        parts.append(pool[at : at + size])
        at += size
    return g, parts


def _cards(view: View, seat: int, g: int) -> tuple[int, dict[str, Any]]:
    hand = _ids(view["me"]["hand"])
    counts = [p["hand_count"] for p in view["players"]]
    others = [s for s in range(len(counts)) if s != seat]
    sizes = [counts[s] for s in others] + [view["draw_count"], view["discard_count"]]
    g, parts = _deal(g, [c for c in CARDS if c not in set(hand)], sizes)
    hands = [hand] * len(counts)
    for s, part in zip(others, parts, strict=False):
        hands[s] = sorted(part)
    return g, {"hands": hands, "draw": parts[-2], "discard": parts[-1], "restocked": {}}


def _tiles(view: View, seat: int, g: int) -> tuple[int, dict[str, Any]]:
    me, n = view["me"], len(view["players"])
    known_stacks: dict[str, list[str]] = {}
    for planet in view["ring"]:
        if planet["face_up_space"]:
            known_stacks[planet["id"]] = _ids(planet["face_up_space"])
    if me["looking"] is not None:
        known_stacks[me["looking"]["planet"]] = _ids(me["looking"]["stack"])
    counts = {p["id"]: p["stack_count"] for p in view["ring"]}
    remembered: dict[str, list[str]] = {}
    for planet, memory in me["memory"].items():
        if planet not in known_stacks:
            remembered[planet] = _ids(memory["tiles"])
    collection = _ids(me["collection"])
    mine = {p: _ids(tiles) for p, tiles in me["reservations"].items()}
    owned = {*collection, *(t for tiles in mine.values() for t in tiles)}
    # Which remembered tiles are still in their stack: drawn first, the rest are unknown.
    # Only point tiles are ever taken (O4, O5), and never one this seat holds now.
    for planet, tiles in sorted(remembered.items()):
        left = [t for t in tiles if t not in owned]
        space = [t for t in left if t not in POINT_TILES]
        g, points = rng.shuffled(g, [t for t in left if t in POINT_TILES])
        known_stacks[planet] = sorted(space + points[: max(0, counts[planet] - len(space))])
    known = {t for tiles in known_stacks.values() for t in tiles}
    known.update(collection, *mine.values())
    # The unknown places: other collections, other reservations, stacks not known in full.
    slots: list[tuple[str, Any]] = []
    sizes: list[int] = []
    for p in view["players"]:
        if p["seat"] != seat:
            slots.append(("collection", p["seat"]))
            sizes.append(p["collection_count"])
    for planet in view["ring"]:
        for owner, count in enumerate(planet["reservations"]):
            if owner != seat and count:
                slots.append(("reserved", (planet["id"], owner)))
                sizes.append(count)
        missing = counts[planet["id"]] - len(known_stacks.get(planet["id"], ()))
        if missing > 0:
            slots.append(("stack", planet["id"]))
            sizes.append(missing)
    # Collections and reservations hold point tiles only (O4, O5): dealt those first.
    unknown = [t for t in TILES if t not in known]
    held = [i for i, (kind, _) in enumerate(slots) if kind != "stack"]
    g, dealt = _deal(g, [t for t in unknown if t in POINT_TILES], [sizes[i] for i in held])
    rest = set(unknown).difference(*dealt)
    stacked = [i for i, (kind, _) in enumerate(slots) if kind == "stack"]
    g, piled = _deal(g, list(rest), [sizes[i] for i in stacked])
    parts: list[list[str]] = [[] for _ in slots]
    for i, part in zip(held + stacked, dealt + piled, strict=True):
        parts[i] = part
    collections = [collection if s == seat else [] for s in range(n)]
    stacks = {p["id"]: list(known_stacks.get(p["id"], ())) for p in view["ring"]}
    reserved: dict[str, list[list[Any]]] = {}
    for (kind, where), part in zip(slots, parts, strict=True):
        if kind == "collection":
            collections[where] = sorted(part)
        elif kind == "stack":
            stacks[where] = sorted(stacks[where] + part)
        else:
            reserved.setdefault(where[0], []).extend([where[1], t] for t in part)
    reservations: dict[str, list[list[Any]]] = {}
    for planet in view["ring"]:
        entries = [[seat, t] for t in mine.get(planet["id"], ())]
        entries += reserved.get(planet["id"], [])
        if entries:
            reservations[planet["id"]] = sorted(entries, key=lambda e: e[0])
    return g, {"collections": collections, "stacks": stacks, "reservations": reservations}


def sample_state(view: View, seat: int, seed: int) -> State:
    """A full state consistent with everything ``seat`` sees in ``view`` (its own view)."""
    g = rng.seed_state(seed)
    g, cards = _cards(view, seat, g)
    g, tiles = _tiles(view, seat, g)
    g, hidden_rng = rng.next_u64(g)
    ring = [p["id"] for p in view["ring"]]
    memory: list[dict[str, Any]] = [{} for _ in view["players"]]
    memory[seat] = {
        planet: {"tiles": _ids(m["tiles"]), "taken_since": m["taken_since"]}
        for planet, m in view["me"]["memory"].items()
    }
    looking = view["turn"]["looking"]
    state: State = {
        "game": GAME_ID,
        "players": len(view["players"]),
        "rng": hidden_rng,
        "ring": ring,
        "revealed": [p["id"] for p in view["ring"] if p["face_up_space"]],
        **cards,
        **tiles,
        "chips": [p["chips"] for p in view["players"]],
        "gate": list(view["gate"]["probes"]),
        "stations": {p["id"]: p["station"] for p in view["ring"] if p["station"] is not None},
        "ships": [p["ship"] for p in view["players"]],
        "scanned": {p["id"]: list(p["scanned"]) for p in view["ring"] if p["scanned"]},
        "memory": memory,
        "start": view["start_seat"],
        "seat": view["turn"]["seat"],
        "round": view["round"],
        "actions_done": view["turn"]["actions_done"],
        "looking": None if looking is None else {"seat": view["turn"]["seat"], **looking},
        "ending": view["ending"],
        "phase": view["phase"],
        "active": list(view["active"]),
        "undo": [],
        # The seat's own log (public lines and its private ones), under a first line of
        # its own so that memoised values of the real match are never confused with it.
        "log": gamelog.append([], [dict(line) for line in view["log"][:1]] + view["log"][1:]),
        "result": view["result"],
    }
    if view["turn"]["can_undo"]:
        # Undo is never searched; the snapshot only keeps "can undo" as the view shows it.
        state["undo"] = [{k: v for k, v in state.items() if k not in ("undo", "log")}]
    return state


def _worth_doing(state: State, seat: int) -> list[Action]:
    """Every legal action but undo."""
    return [a for a in turn.legal_actions(state, seat) if a["type"] != "undo"]


def moves(state: State, seat: int) -> list[Action]:
    """The actions worth searching: every legal one but undo, with Restock's choices of
    cards to discard (up to 32, O3) cut to the ``RESTOCKS`` the easy bot values most. Every
    one of 32 Restocks was tried once before the tree could tell a move from another, and
    the few visits left were spread over choices that differ in one card."""
    actions = _worth_doing(state, seat)
    restocks = [a for a in actions if a["type"] == "restock"]
    kept = {id(a) for a in bots.best_restocks(state, seat, restocks, RESTOCKS)}
    return [a for a in actions if a["type"] != "restock" or id(a) in kept]


def _quick(state: State, seat: int, g: int) -> Action:
    """A uniform kind of action, then uniform arguments (``games.bots.random_action``)."""
    return random_action(_worth_doing(state, seat), g)


HOOKS = SearchHooks(
    sample=sample_state,
    moves=moves,
    rollout=mostly_easy(_quick, bots.greedy_on_state),
    estimate=outlook,
    round_key=lambda state: None,
    # The outlook's final totals are each off by some ten points, so a lead of 7 counts
    # as a win three times in four (6.0 with points now made any lead a near-certain win).
    scale=20.0,
    simulations={"normal": 80, "strong": 220},
    # A larger table's turns leave time for more simulations. At four players the other
    # seats play by the playout policy in the tree, which makes a simulation dearer: 370
    # fit in the time. Against three easy bots the strong one won 28.9 % of 64 games with
    # 220 simulations, 48.4 % with 440, 55.2 % with 400 and the policy (docs/bots.md).
    seat_factor={3: 1.5, 4: 370 / 220, 5: 2.0},
    opponents_by_policy=frozenset({4}),
    playout_depth={"normal": 8, "strong": 8},
    # The fixed weight of 10 visits: the strong bot beat the easy one 68 % of 64 games with
    # it, 57 % with an eighth of the budget (before the outlook; docs/bots.md).
    prior_share=0.0,
)
