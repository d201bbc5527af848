"""Non-interference: what a seat may not see cannot change what its view shows.

For reachable Space Mission states, every seat and the spectator, each change of
something hidden from that viewer (other hands, draw-pile order, unseen stack tiles,
others' reservations, collections and memories, cards others discarded in a Restock,
the generator) leaves the canonical JSON of its view byte-identical. Every card or tile
id a view names is outside ``hidden_ids`` for that viewer.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games import rng
from games.space_mission import GAME
from games.space_mission.data import POINT_TILES
from games.space_mission.privacy import hidden_ids
from tests.games.playout import playout

Path = tuple[Any, ...]


def canonical(view: dict) -> str:
    return json.dumps(view, sort_keys=True)


def ids_in(value: Any) -> set[str]:
    """Every string in the view that is a card or tile id, wherever it appears."""
    found: set[str] = set()
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
        elif isinstance(v, str):
            found.update(w for w in v.split() if w[:1] in "ct" and w[1:].isdigit())
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


def perturbations(state: dict, seat: int | None, g: int) -> Iterator[tuple[str, dict]]:
    hidden = hidden_ids(state, seat)
    yield "generator", {**state, "rng": state["rng"] ^ 0x5DEECE66D}
    yield "draw order", {**state, "draw": list(reversed(state["draw"]))}
    others = [s for s in range(state["players"]) if s != seat]
    yield (
        "others' memories",
        {
            **state,
            "memory": [m if s not in others else {} for s, m in enumerate(state["memory"])],
        },
    )
    yield (
        "stack order",
        {
            **state,
            "stacks": {p: list(reversed(st_)) for p, st_ in state["stacks"].items()},
        },
    )
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


@settings(max_examples=6, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**40), every=st.integers(7, 13))
def test_hidden_changes_leave_every_view_identical(players, seed, every):
    last = None
    for n, step in enumerate(playout(GAME, players, seed, wander=0.2, cap=800)):
        last = step.new
        if n % every == 0:
            check_state(step.state, seed + n)
    check_state(last, seed)


def fresh_view(state: dict, seat: int | None) -> dict:
    """The view of a copy read back from JSON: no part can come from an earlier view."""
    return GAME.view(json.loads(json.dumps(state)), seat)


def check_state(state: dict, g: int) -> None:
    for seat in [*range(state["players"]), None]:
        view = GAME.view(state, seat)
        assert ids_in(view).isdisjoint(hidden_ids(state, seat))
        expected = canonical(fresh_view(state, seat))
        assert canonical(view) == expected
        for what, changed in perturbations(state, seat, rng.seed_state(g)):
            assert canonical(fresh_view(changed, seat)) == expected, (seat, what)


def test_a_view_names_own_cards_and_no_one_elses():
    state = GAME.setup(4, {}, 8)
    for seat in range(4):
        named = ids_in(GAME.view(state, seat))
        assert set(state["hands"][seat]) <= named
        for other in range(4):
            if other != seat:
                assert named.isdisjoint(state["hands"][other])
    assert ids_in(GAME.view(state, None)) == set()
