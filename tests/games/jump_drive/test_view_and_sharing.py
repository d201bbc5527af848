"""The public part of the view, and apply's copy-on-write (no deep copy of the state)."""

from __future__ import annotations

from games.jump_drive import GAME
from tests.games.jump_drive.builder import act, build, choose, explore, find, settle


def test_public_figures_of_every_empire_are_in_every_view():
    state = build(empires={0: ["survey-team", "smuggling-lair", "uplift-mercenaries"]}, vp=[7, 3])
    for viewer in (0, 1, None):
        me = GAME.view(state, viewer)["players"][0]
        assert (me["vp"], me["military"], me["explore_icons"], me["chromosome_icons"]) == (
            7,
            1 + 1 + 1,
            2 + 1 + 1,
            1,
        )
        assert me["empire_yield"] == {"vp": 1, "income": 1 + 1 + 1}
        assert [c["card"] for c in me["empire"]] == [
            "survey-team",
            "smuggling-lair",
            "uplift-mercenaries",
        ]
        assert me["hand_count"] == 0


def test_placements_are_public_once_revealed():
    state = build(
        hands={0: ["comet-zone", "gem-world", "gem-world", "mining-world", "asteroid-belt"]}
    )
    state = explore(choose(state, 0, world="comet-zone"), 1)
    assert state["phase"] == "pay"
    for viewer in (1, None):
        placing = GAME.view(state, viewer)["players"][0]["placing"]
        assert placing["world"]["card"] == "comet-zone" and placing["mode"] == "pay"
        assert GAME.view(state, viewer)["players"][1]["placing"]["explore"] is True
    assert GAME.view(state, 0)["me"]["task"] == {"kind": "discard", "count": 3, "selected": []}


def test_apply_copies_only_what_it_changes():
    state = build(hands={0: ["devolved-uplift-race"]}, empires={1: ["space-marines"]})
    world = find(state, 0, "devolved-uplift-race")
    drafted = act(
        state, 0, {"type": "choose", "development": None, "world": world, "contact": False}
    )
    for key in ("hands", "empires", "draw", "discard", "vp", "placing"):
        assert drafted[key] is state[key], key
    committed = act(drafted, 0, {"type": "commit"})
    assert committed["draw"] is state["draw"] and committed["hands"][1] is state["hands"][1]
    done = settle(explore(committed, 1))
    assert done["empires"][1] is state["empires"][1]  # seat 1 placed nothing
