"""What each seat sees (B56, B62, B63), case by case; the property over whole games is in
tests/games/test_privacy.py with tests/games/blabla/hidden.py."""

from __future__ import annotations

import json

from games.blabla import GAME
from games.blabla.privacy import hidden_ids
from tests.games.blabla.builder import build, gen, move, play
from tests.games.blabla.hidden import ids_in

A_HAND = [gen(5), gen(7), "own-A-X", "own-A-1", "own-A-PM"]
STACKS = {
    "west-1": ["bb-A1", "bb-B2"],
    "west-2": ["bb-C3"],
    "east-1": ["bb-D4"],
    "east-2": ["bb-B5"],
}


def text(view) -> str:
    return json.dumps(view)


def test_B56_flight_cards_are_public_blabla_cards_only_counted():
    state = build(hands={0: A_HAND}, blabla={0: ["bb-C2"], 1: ["bb-D3"]})
    for viewer in (1, None):
        view = GAME.view(state, viewer)
        assert [c["id"] for c in view["players"][0]["hand"]] == A_HAND
        assert view["players"][0]["blabla_count"] == 1 and "bb-C2" not in text(view)
    assert GAME.view(state, 0)["me"]["blabla"] == [{"id": "bb-C2", "kind": "C", "value": 2}]
    assert "bb-C2" in hidden_ids(state, 1) and "bb-C2" not in hidden_ids(state, 0)


def test_B56_the_look_into_a_stack_and_the_kept_card_reach_the_mover_only():
    state = build(3, hands={0: A_HAND}, stacks=STACKS, at={1: "a11", 2: "l11"})
    looking = play(state, (0, move(gen(7), "N", "f10")), (0, {"type": "stack", "stack": "west-1"}))
    assert "bb-A1" in text(GAME.view(looking, 0)["me"]["look"])
    for viewer in (1, 2, None):
        view = GAME.view(looking, viewer)
        assert not ids_in(view) & {"bb-A1", "bb-B2"}
        assert view["stacks"]["west-1"] == 2 and view["step"] == {
            "kind": "keep",
            "seat": 0,
            "stacks": ["west-1"],
        }
    kept = play(looking, (0, {"type": "keep", "card": "bb-B2"}))
    assert ids_in(GAME.view(kept, 1)).isdisjoint({"bb-A1", "bb-B2"})
    assert "bb-B2" in ids_in(GAME.view(kept, 0))


def test_B56_B63_the_met_hand_is_seen_by_the_mover_only_and_kept_as_a_note():
    state = build(
        3, hands={0: A_HAND}, at={1: "g6", 2: "a11"}, blabla={0: ["bb-A1"], 1: ["bb-C5", "bb-D2"]}
    )
    met = play(state, (0, move(gen(5), "N", "f10")), (0, {"type": "meet", "seat": 1}))
    assert {"bb-C5", "bb-D2"} <= ids_in(GAME.view(met, 0))
    for viewer in (2, None):
        view = GAME.view(met, viewer)
        assert not ids_in(view) & {"bb-C5", "bb-D2", "bb-A1"}
        assert any(e["kind"] == "meeting" for e in view["log"])
    later = play(met, (0, {"type": "no_swap"}), (0, {"type": "confirm"}))
    note = GAME.view(later, 0)["me"]["notes"][0]
    assert note["seat"] == 1 and [c["id"] for c in note["cards"]] == ["bb-C5", "bb-D2"]


def test_B56_the_two_cards_of_a_swap_are_known_to_the_pair_only():
    state = build(
        3,
        hands={0: A_HAND},
        at={1: "g6", 2: "a11"},
        blabla={0: ["bb-A1"], 1: ["bb-C5"], 2: ["bb-B4"]},
    )
    asked = play(
        state,
        (0, move(gen(5), "N", "f10")),
        (0, {"type": "meet", "seat": 1}),
        (0, {"type": "propose", "take": "bb-C5", "give": "bb-A1"}),
    )
    for pair in (0, 1):
        proposal = GAME.view(asked, pair)["me"]["proposal"]
        assert proposal["take"]["id"] == "bb-C5" and proposal["give"]["id"] == "bb-A1"
    for viewer in (2, None):
        view = GAME.view(asked, viewer)
        assert not ids_in(view) & {"bb-C5", "bb-A1"}
        assert any(e["kind"] == "proposal" for e in view["log"])
    done = play(asked, (1, {"type": "accept"}))
    assert any(e["kind"] == "swap" for e in GAME.view(done, 2)["log"])
    assert not ids_in(GAME.view(done, 2)) & {"bb-C5", "bb-A1"}


def test_B56_B57_a_bid_reaches_nobody_before_both_are_in():
    state = build(3, hands={0: A_HAND}, at={1: "g6", 2: "a11"}, blabla={0: ["bb-A1"], 1: ["bb-C5"]})
    fight = play(
        state,
        (0, move(gen(5), "N", "f10")),
        (0, {"type": "meet", "seat": 1}),
        (0, {"type": "propose", "take": "bb-C5", "give": "bb-A1"}),
        (1, {"type": "refuse"}),
    )
    before = {v: GAME.view(fight, v) for v in (0, 2, None)}
    bid = play(fight, (1, {"type": "bid", "tokens": 3}))
    for viewer, view in before.items():
        assert GAME.view(bid, viewer) == view  # a draft changes no other view at all
    assert GAME.view(bid, 1)["me"]["bid"] == 3
    committed = play(bid, (1, {"type": "commit"}))
    assert GAME.view(committed, 0)["step"]["committed"] == [False, True]
    assert GAME.view(committed, 0)["me"]["bid"] is None and "3" not in json.dumps(
        GAME.view(committed, 0)["step"]
    )
    revealed = play(committed, (0, {"type": "bid", "tokens": 1}), (0, {"type": "commit"}))
    fought = [e for e in GAME.view(revealed, None)["log"] if e["kind"] == "fight"]
    assert fought[-1]["args"] == {"other": 1, "mover_bid": 1, "other_bid": 3, "won": False}


def test_B56_the_boost_tiles_under_the_top_one_stay_hidden():
    state = build(tile="calm")
    hidden = hidden_ids(state, 0)
    assert "calm" not in hidden and len(hidden & {"salvage", "deep-scan", "tailwind"}) == 3
    assert ids_in(GAME.view(state, 0)) & hidden == set()


def test_B56_every_boost_tile_turned_so_far_is_public_after_the_stack_went_round():
    """The turned tiles are in the log for all (B56's table); a stack turned more often
    than it holds tiles has shown every one."""
    state = build(tile="calm")
    count = len(state["boost"])
    for turned, hidden_tiles in ((0, count - 1), (2, count - 3), (count - 1, 0), (count + 3, 0)):
        state["stats"]["boosts"] = turned
        assert len(hidden_ids(state, 0) & set(state["boost"])) == hidden_tiles, turned


def test_B56_only_tiles_never_turned_face_up_stay_hidden():
    state = build(hands={0: A_HAND}, at={0: "d9"}, tile="calm")
    tiles = set(state["boost"])
    boosted = play(state, (0, move(gen(5), "N", "d9")))
    shown = {"calm", boosted["boost"][0]}
    for viewer in (0, 1, None):
        assert hidden_ids(boosted, viewer) & tiles == tiles - shown
        assert set(GAME.view(boosted, viewer)["boost"]["seen"]) == shown
        assert ids_in(GAME.view(boosted, viewer)) & (tiles - shown) == set()


def test_B62_memory_and_B64_everything_after_the_end():
    state = build(hands={0: A_HAND}, stacks=STACKS)
    kept = play(
        state,
        (0, move(gen(7), "N", "f10")),
        (0, {"type": "stack", "stack": "west-1"}),
        (0, {"type": "keep", "card": "bb-A1"}),
    )
    assert GAME.view(kept, 0)["me"]["memory"]["west-1"]["cards"][0]["id"] == "bb-B2"
    assert GAME.view(kept, 1)["me"]["memory"] == {}
    assert "bb-B2" not in hidden_ids(kept, 0) and "bb-B2" in hidden_ids(kept, 1)
    kept["result"] = {"scores": []}
    assert hidden_ids(kept, 1) == set()
