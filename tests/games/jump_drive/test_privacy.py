"""Jump Drive's own privacy cases; the shared property is in ``tests/games/test_privacy.py``.

Secret decisions in the middle of a step: while other seats hold drafts and selections,
changing them (or any hidden card) leaves every other viewer's view byte-identical (J15).
"""

from __future__ import annotations

import json

from games.jump_drive import GAME
from games.jump_drive.privacy import hidden_ids
from tests.games.jump_drive.builder import (
    act,
    build,
    choose,
    discard,
    explore,
    find,
    second,
    settle,
)
from tests.games.jump_drive.hidden import ids_in
from tests.games.playout import playout
from tests.games.test_privacy import canonical, check_state


def undecided(state: dict) -> set[str]:
    """The kinds of secret decision some active seat has begun but not committed."""
    kinds = set()
    for seat in state["active"]:
        task = state["tasks"][seat]
        if task.get("draft") or task.get("selected"):
            kinds.add(task["kind"])
    return kinds


def test_J15_views_hold_still_while_others_are_mid_decision():
    seen: set[str] = set()
    for seed in (3, 11):
        for n, step in enumerate(playout(GAME, 3, seed, wander=0.3, cap=1500)):
            kinds = undecided(step.state) - seen
            if kinds or (n % 25 == 0 and undecided(step.state)):
                seen |= kinds
                check_state("jump-drive", step.state, seed + n)
    assert {"choose", "discard"} <= seen, seen


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
    assert GAME.view(committed, 1)["players"][0]["status"] == "committed"
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


def test_J27_a_convoy_placed_and_spent_in_the_last_round_stays_public():
    """The game ends in the round a Colony Convoy is placed and spent on a second world: the
    convoy is in the discard pile, yet the final placings still show it, as everyone saw."""
    hand = ["colony-convoy", "devolved-uplift-race", "comet-zone", "gem-world", "space-marines"]
    state = build(hands={0: hand}, vp=[49, 0])
    convoy = find(state, 0, "colony-convoy")
    state = explore(choose(state, 0, dev="colony-convoy", world="devolved-uplift-race"), 1)
    state = second(discard(state, 0), 0, "comet-zone")
    state = settle(discard(state, 1))
    assert state["phase"] == "over" and convoy in state["discard"]
    for seat in (None, 0, 1):
        assert GAME.view(state, seat)["players"][0]["placing"]["development"]["id"] == convoy
        assert convoy not in hidden_ids(state, seat)
    others = set(state["discard"]) - {convoy}  # paid and discarded unseen: still hidden
    assert others and others <= hidden_ids(state, 0) & hidden_ids(state, None)


def test_J15_a_changed_commitment_never_shows_to_others():
    """A seat commits, takes it back, drafts and commits again: every other view (and the
    spectator's) matches the same moves with the draft left alone, but for the log line
    that says the seat took its commitment back."""
    hands = {0: ["devolved-uplift-race", "colony-convoy"], 1: ["comet-zone"], 2: []}
    state = act(act(build(players=3, hands=hands), 0, {"type": "explore"}), 0, {"type": "commit"})
    check_state("jump-drive", state, 1)
    reopened = act(state, 0, {"type": "uncommit"})
    check_state("jump-drive", reopened, 2)
    world = find(state, 0, "devolved-uplift-race")
    choice = {"type": "choose", "development": None, "world": world, "contact": False}
    changed = act(act(reopened, 0, choice), 0, {"type": "commit"})
    same = act(reopened, 0, {"type": "commit"})
    check_state("jump-drive", changed, 3)
    for viewer in (1, 2, None):
        assert canonical(GAME.view(changed, viewer)) == canonical(GAME.view(same, viewer))
        kinds = [line["kind"] for line in GAME.view(changed, viewer)["log"][-3:]]
        assert kinds == ["commit", "uncommit", "commit"]
