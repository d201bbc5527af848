"""What a BlaBla viewer may not see, and ways to change it (for ``test_privacy``, B56).

The generator; every BlaBla card the viewer has never seen (in stacks, other hands, the
box), moved between those places; the boost tiles never face up, in another order; other
seats' stack memories, meeting notes and knowledge; another fighter's bid, drafted or
committed, until both are in (B46, B57).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from games import rng
from games.blabla import GAME
from games.blabla.data import TILES

BLABLA_ID = re.compile(r"\bbb-[A-D][1-5]\b")
TILE_ID = re.compile(r'"(' + "|".join(re.escape(t) for t in TILES) + r')"')
WANDER, CAP = 0.3, 3000  # playouts: share of random actions, action limit


def ids_in(value: Any) -> set[str]:
    """Every BlaBla card id and boost tile id anywhere in a view."""
    text = json.dumps(value)
    return set(BLABLA_ID.findall(text)) | set(TILE_ID.findall(text))


def _places(state: dict, hidden: set[str]) -> list[tuple[Any, int]]:
    """(where, index) of every BlaBla card the viewer may not see."""
    out: list[tuple[Any, int]] = []
    for key, stack in state["stacks"].items():
        out += [(("stacks", key), i) for i, c in enumerate(stack) if c in hidden]
    out += [(("box", None), i) for i, c in enumerate(state["box"]) if c in hidden]
    for s, hand in enumerate(state["blabla"]):
        out += [(("blabla", s), i) for i, c in enumerate(hand) if c in hidden]
    return out


def _get(state: dict, where: tuple[str, Any]) -> list:
    kind, key = where
    return state["box"] if kind == "box" else state[kind][key]


def swapped(state: dict, a: tuple[Any, int], b: tuple[Any, int]) -> dict:
    new = json.loads(json.dumps(state))
    first, second = _get(new, a[0]), _get(new, b[0])
    first[a[1]], second[b[1]] = second[b[1]], first[a[1]]
    new["blabla"] = [sorted(h) for h in new["blabla"]]
    return new


def _tiles_reordered(state: dict, hidden: set[str]) -> dict:
    new = json.loads(json.dumps(state))
    spots = [i for i, t in enumerate(new["boost"]) if t in hidden]
    tiles = [new["boost"][i] for i in spots]
    for i, t in zip(spots, reversed(tiles), strict=True):
        new["boost"][i] = t
    return new


def _others_forget(state: dict, seat: int | None) -> dict:
    new = json.loads(json.dumps(state))
    for s in range(new["players"]):
        if s != seat:
            new["memory"][s], new["notes"][s], new["known"][s] = {}, [], []
    return new


def _other_bids(state: dict, seat: int | None) -> Iterator[tuple[str, dict]]:
    step = state["step"]
    if not step or step["kind"] != "fight":
        return
    fighters = [step["mover"], step["with"]]
    for i, other in enumerate(fighters):
        if other == seat:
            continue
        for bid in range(state["tokens"][other] + 1):
            new = json.loads(json.dumps(state))
            new["step"]["bids"][i] = bid
            yield f"seat {other} bids {bid}", new
        if other in state["active"]:
            for action in GAME.legal_actions(state, other):
                if action["type"] == "bid":
                    yield f"seat {other} drafts {action}", GAME.apply(state, other, action)[0]


def perturbations(
    state: dict, seat: int | None, hidden: set[str], g: int
) -> Iterator[tuple[str, dict]]:
    """(what changed, the changed state) for changes ``seat`` must not notice."""
    yield "generator", {**state, "rng": state["rng"] ^ 0x5DEECE66D}
    yield "unseen tiles", _tiles_reordered(state, hidden)
    yield "others' memories", _others_forget(state, seat)
    yield from _other_bids(state, seat)
    places = _places(state, hidden)
    for _ in range(8):
        if len(places) < 2:
            break
        g, i = rng.randbelow(g, len(places))
        g, j = rng.randbelow(g, len(places))
        if places[i][0] != places[j][0]:
            yield f"swap {places[i]} {places[j]}", swapped(state, places[i], places[j])
