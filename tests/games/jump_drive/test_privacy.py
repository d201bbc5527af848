"""Non-interference for Jump Drive, as ``tests/games/test_privacy.py`` does for Space Mission.

For reachable states, for every seat and the spectator: changing what that viewer may not
see (the generator, the order and contents of the draw and discard piles, other hands,
other seats' secret drafts and selections) leaves the canonical JSON of its view
byte-identical, and no card id a view names is in ``hidden_ids``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games import rng
from games.jump_drive import GAME
from games.jump_drive.privacy import hidden_ids
from tests.games.jump_drive.builder import act, build, find
from tests.games.playout import playout
from tests.games.test_privacy import canonical

CARD_ID = re.compile(r"\bj\d{3}-\d+\b")


def ids_in(value: Any) -> set[str]:
    """Every card id anywhere in a view (keys, values and text)."""
    return set(CARD_ID.findall(json.dumps(value)))


def fresh_view(state: dict, seat: int | None) -> dict:
    return GAME.view(json.loads(json.dumps(state)), seat)


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


def perturbations(state: dict, seat: int | None, g: int) -> Iterator[tuple[str, dict]]:
    yield "generator", {**state, "rng": state["rng"] ^ 0x5DEECE66D}
    yield "draw order", {**state, "draw": list(reversed(state["draw"]))}
    yield "discard order", {**state, "discard": list(reversed(state["discard"]))}
    tasks = [t if s == seat else _other_draft(t) for s, t in enumerate(state["tasks"])]
    yield "others' drafts", {**state, "tasks": tasks}
    places = _places(state, seat)
    for _ in range(6):
        if len(places) < 2:
            break
        g, i = rng.randbelow(g, len(places))
        g, j = rng.randbelow(g, len(places))
        if places[i][0] != places[j][0]:
            yield f"swap {places[i]} {places[j]}", swapped(state, places[i], places[j])


def _other_draft(task: dict | None) -> dict | None:
    if task is None:
        return None
    if task["kind"] == "discard":
        return {**task, "selected": task["selected"][:-1]}
    return {**task, "draft": None if task["draft"] else {"explore": True}}


def check_state(state: dict, g: int) -> None:
    for seat in [*range(state["players"]), None]:
        view = GAME.view(state, seat)
        assert ids_in(view).isdisjoint(hidden_ids(state, seat)), seat
        expected = canonical(fresh_view(state, seat))
        assert canonical(view) == expected
        for what, changed in perturbations(state, seat, rng.seed_state(g)):
            assert canonical(fresh_view(changed, seat)) == expected, (seat, what)


@settings(max_examples=5, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**40), every=st.integers(3, 7))
def test_hidden_changes_leave_every_view_identical(players, seed, every):
    last = None
    for n, step in enumerate(playout(GAME, players, seed, wander=0.3, cap=1500)):
        last = step.new
        if n % every == 0:
            check_state(step.state, seed + n)
    check_state(last, seed)


def test_a_view_names_own_cards_and_no_one_elses():
    state = GAME.setup(3, {}, 8)
    for seat in range(3):
        named = ids_in(GAME.view(state, seat))
        assert set(state["hands"][seat]) <= named
        for other in range(3):
            if other != seat:
                assert named.isdisjoint(state["hands"][other])
    assert ids_in(GAME.view(state, None)) == set(state["centre"])  # the Survey Teams


def test_J15_before_the_reveal_others_see_only_who_has_committed():
    state = build(hands={0: ["devolved-uplift-race", "colony-convoy"], 1: ["comet-zone"]})
    quiet = {v: canonical(GAME.view(state, v)) for v in (1, None)}
    world = find(state, 0, "devolved-uplift-race")
    drafted = act(
        state, 0, {"type": "choose", "development": None, "world": world, "contact": False}
    )
    for viewer in (1, None):
        view = GAME.view(drafted, viewer)
        assert world not in json.dumps(view)
        assert "Devolved" not in json.dumps(view["log"])
        assert canonical({**view, "log": []}) == canonical({**json.loads(quiet[viewer]), "log": []})
    committed = act(drafted, 0, {"type": "commit"})
    assert GAME.view(committed, 1)["players"][0]["deciding"] is False
    assert world not in json.dumps(GAME.view(committed, 1))
    revealed = act(act(committed, 1, {"type": "explore"}), 1, {"type": "commit"})
    assert GAME.view(revealed, 1)["players"][0]["placing"]["world"]["id"] == world


def test_hands_are_revealed_when_the_game_is_over():
    state = build(empires={0: ["rebel-stronghold"]}, hands={1: ["comet-zone"]}, vp=[45, 0])
    for seat in (0, 1):
        state = act(act(state, seat, {"type": "explore"}), seat, {"type": "commit"})
    while state["phase"] != "over":
        seat = state["active"][0]
        state = act(state, seat, GAME.bot_action("random", GAME.view(state, seat), 1))
    spectator = GAME.view(state, None)
    shown = {c["id"] for s in spectator["result"]["scores"] for c in s["hand"]}
    assert shown == {c for hand in state["hands"] for c in hand}
    assert hidden_ids(state, None) == set(state["draw"]) | set(state["discard"])
