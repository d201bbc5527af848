"""What a Jump Drive viewer may not see, and ways to change it (for ``test_privacy``).

The generator, the order and contents of the draw and discard piles, other hands, and
other seats' secret decisions: their drafts and selections, replaced by hand and changed
by every draft action those seats may take now (only a commit shows, J15), and a
committed choice another seat could take back changed into any other it may make (what
it committed never shows, however often it is changed: J15).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from games import rng
from games.jump_drive import GAME

CARD_ID = re.compile(r"\bj\d{3}-\d+\b")
WANDER, CAP = 0.3, 1500  # playouts: share of random actions, action limit
DRAFT_ACTIONS_PER_SEAT = 3


def ids_in(value: Any) -> set[str]:
    """Every card id anywhere in a view (keys, values and text)."""
    return set(CARD_ID.findall(json.dumps(value)))


def _places(state: dict, seat: int | None) -> list[tuple[str, Any]]:
    """(where, index) of every card the viewer may not see."""
    out: list[tuple[str, Any]] = [("draw", i) for i in range(len(state["draw"]))]
    out += [("discard", i) for i in range(len(state["discard"]))]
    for s, hand in enumerate(state["hands"]):
        if s != seat and state["phase"] != "over":
            out += [(("hands", s), i) for i in range(len(hand))]
    return out


def _get(state: dict, where: Any) -> list:
    return state["hands"][where[1]] if isinstance(where, tuple) else state[where]


def swapped(state: dict, a: tuple[str, Any], b: tuple[str, Any]) -> dict:
    new = json.loads(json.dumps(state))
    first, second = _get(new, a[0]), _get(new, b[0])
    first[a[1]], second[b[1]] = second[b[1]], first[a[1]]
    new["hands"] = [sorted(h) for h in new["hands"]]
    return new


def _other_draft(task: dict | None) -> dict | None:
    if task is None:
        return None
    if task["kind"] == "discard":
        return {**task, "selected": task["selected"][:-1]}
    return {**task, "draft": None if task["draft"] else {"explore": True}}


def drafted(state: dict, seat: int | None) -> Iterator[tuple[str, dict]]:
    """The states after another seat's draft actions (anything but a commit)."""
    for other in state["active"]:
        if other == seat:
            continue
        drafts = [a for a in GAME.legal_actions(state, other) if a["type"] != "commit"]
        for action in drafts[:: max(1, len(drafts) // DRAFT_ACTIONS_PER_SEAT)]:
            yield f"seat {other} drafts {action}", GAME.apply(state, other, action)[0]


def _as_draft(action: dict) -> dict:
    if action["type"] == "explore":
        return {"explore": True}
    return {k: v for k, v in action.items() if k != "type"}


def recommitted(state: dict, seat: int | None) -> Iterator[tuple[str, dict]]:
    """The states where another seat committed a different choice (it may take its
    commitment back, change the draft and commit again)."""
    for other in range(state["players"]):
        if other == seat or {"type": "uncommit"} not in GAME.legal_actions(state, other):
            continue
        reopened = GAME.apply(state, other, {"type": "uncommit"})[0]
        drafts = [a for a in GAME.legal_actions(reopened, other) if a["type"] != "commit"]
        for action in drafts[:: max(1, len(drafts) // DRAFT_ACTIONS_PER_SEAT)]:
            tasks = list(state["tasks"])
            tasks[other] = {**tasks[other], "draft": _as_draft(action)}
            yield f"seat {other} committed {action} instead", {**state, "tasks": tasks}


def perturbations(
    state: dict, seat: int | None, hidden: set[str], g: int
) -> Iterator[tuple[str, dict]]:
    """(what changed, the changed state) for changes ``seat`` must not notice."""
    yield "generator", {**state, "rng": state["rng"] ^ 0x5DEECE66D}
    yield "draw order", {**state, "draw": list(reversed(state["draw"]))}
    yield "discard order", {**state, "discard": list(reversed(state["discard"]))}
    tasks = [t if s == seat else _other_draft(t) for s, t in enumerate(state["tasks"])]
    yield "others' drafts", {**state, "tasks": tasks}
    yield from drafted(state, seat)
    yield from recommitted(state, seat)
    places = _places(state, seat)
    for _ in range(6):
        if len(places) < 2:
            break
        g, i = rng.randbelow(g, len(places))
        g, j = rng.randbelow(g, len(places))
        if places[i][0] != places[j][0]:
            yield f"swap {places[i]} {places[j]}", swapped(state, places[i], places[j])
