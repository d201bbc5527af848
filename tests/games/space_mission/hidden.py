"""What a Space Mission viewer may not see, and ways to change it (for ``test_privacy``).

Other hands, draw-pile order, unseen stack tiles, others' reservations, collections and
memories, cards others discarded in a Restock, and the generator.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from games import rng
from games.space_mission.data import POINT_TILES

Path = tuple[Any, ...]
WANDER, CAP = 0.2, 800  # playouts: share of random actions, action limit


def ids_in(value: Any) -> set[str]:
    """Every string in the view that is a card or tile id, wherever it appears (keys too:
    ``why_not`` names options as ``"kind:id"``)."""
    found: set[str] = set()
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
        elif isinstance(v, str):
            words = v.replace(":", " ").split()
            found.update(w for w in words if w[:1] in "ct" and w[1:].isdigit())
    return found


def card_places(state: dict) -> dict[str, Path]:
    places: dict[str, Path] = {}
    for s, hand in enumerate(state["hands"]):
        places.update({c: ("hands", s, i) for i, c in enumerate(hand)})
    places.update({c: ("draw", i) for i, c in enumerate(state["draw"])})
    places.update({c: ("discard", i) for i, c in enumerate(state["discard"])})
    return places


def tile_places(state: dict) -> dict[str, Path]:
    places: dict[str, Path] = {}
    for planet, stack in state["stacks"].items():
        places.update({t: ("stacks", planet, i) for i, t in enumerate(stack)})
    for s, tiles in enumerate(state["collections"]):
        places.update({t: ("collections", s, i) for i, t in enumerate(tiles)})
    for planet, entries in state["reservations"].items():
        places.update({t: ("reservations", planet, i, 1) for i, (_, t) in enumerate(entries)})
    return places


def swapped(state: dict, a: str, b: str, places: dict[str, Path]) -> dict:
    """A copy of ``state`` with the items ``a`` and ``b`` trading places."""
    new = json.loads(json.dumps(state))
    for item, path in ((b, places[a]), (a, places[b])):
        container = new
        for key in path[:-1]:
            container = container[key]
        container[path[-1]] = item
    new["hands"] = [sorted(h) for h in new["hands"]]
    trade = {a: b, b: a}
    new["restocked"] = {trade.get(c, c): o for c, o in new["restocked"].items()}
    return new


def perturbations(
    state: dict, seat: int | None, hidden: set[str], g: int
) -> Iterator[tuple[str, dict]]:
    """(what changed, the changed state) for changes ``seat`` must not notice."""
    yield "generator", {**state, "rng": state["rng"] ^ 0x5DEECE66D}
    yield "draw order", {**state, "draw": list(reversed(state["draw"]))}
    others = [s for s in range(state["players"]) if s != seat]
    memories = [m if s not in others else {} for s, m in enumerate(state["memory"])]
    yield "others' memories", {**state, "memory": memories}
    stacks = {p: list(reversed(tiles)) for p, tiles in state["stacks"].items()}
    yield "stack order", {**state, "stacks": stacks}
    for places, alike in ((card_places(state), None), (tile_places(state), POINT_TILES)):
        items = sorted(i for i in places if i in hidden)
        for _ in range(4):
            if len(items) < 2:
                break
            g, i = rng.randbelow(g, len(items))
            g, j = rng.randbelow(g, len(items))
            a, b = items[i], items[j]
            same_kind = alike is None or ((a in alike) == (b in alike))
            if places[a][:2] != places[b][:2] and same_kind:
                yield f"swap {a} {b}", swapped(state, a, b, places)
