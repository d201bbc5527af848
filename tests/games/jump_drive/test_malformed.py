"""Refusals: each malformed or out-of-step action gets its code and changes nothing."""

from __future__ import annotations

import json

import pytest

from games.core import IllegalAction
from games.jump_drive import GAME
from tests.games.jump_drive.builder import act, build, choose, discard, explore, find

DEV = "investment-credits"


def refused(state, seat, action) -> str:
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, seat, action)
    assert json.dumps(state, sort_keys=True) == before
    return err.value.code


def test_malformed_actions_are_refused_with_their_code():
    state = build(hands={0: [DEV, "comet-zone"]})
    dev = find(state, 0, DEV)
    choose = {"type": "choose", "development": dev, "world": None, "contact": False}
    cases = [
        (None, "unknown_action"),
        ({"type": "jump"}, "unknown_action"),
        ({"type": "choose", "development": dev}, "bad_action"),
        ({**choose, "extra": 1}, "bad_action"),
        ({**choose, "contact": 1}, "bad_action"),
        ({**choose, "development": 7}, "bad_action"),
        ({**choose, "development": "j999-9"}, "card_not_in_hand"),
        ({"type": "select", "card": dev}, "wrong_step"),
        ({"type": "commit"}, "nothing_chosen"),
        ({**choose, "world": dev, "development": None}, "wrong_kind"),
        ({**choose, "development": dev, "contact": True}, "bad_action"),
    ]
    for action, code in cases:
        assert refused(state, 0, action) == code, action
    assert refused(state, 7, choose) == "not_your_turn"
    assert refused(state, None, choose) == "not_your_turn"


def test_a_committed_seat_may_only_take_back_and_a_finished_game_refuses_everything():
    state = build(empires={0: ["rebel-stronghold"]}, vp=[49, 0])
    state = act(act(state, 0, {"type": "explore"}), 0, {"type": "commit"})
    assert refused(state, 0, {"type": "explore"}) == "not_your_turn"
    assert GAME.legal_actions(state, 0) == [{"type": "uncommit"}]  # J15
    state = act(act(state, 1, {"type": "explore"}), 1, {"type": "commit"})
    while state["phase"] != "over":
        seat = state["active"][0]
        state = act(state, seat, GAME.bot_action("greedy", GAME.view(state, seat), 0))
    assert refused(state, 0, {"type": "explore"}) == "game_over"
    assert refused(state, 0, {"type": "uncommit"}) == "game_over"
    assert GAME.legal_actions(state, 0) == []
    assert GAME.active_seats(state) == [] and GAME.result(state)["winners"] == [0]


def test_J16_J23_a_second_non_military_world_is_not_paid_with_contact():
    """Without a Contact Specialist, ``contact: true`` is not listed, so it is refused."""
    state = build(
        hands={0: ["devolved-uplift-race", "insect-uplift-race", "gem-world"]},
        empires={0: ["colony-convoy"]},
    )
    state = choose(state, 0, world="devolved-uplift-race")
    state = explore(state, 1)
    state = discard(state, 1)
    assert state["tasks"][0]["kind"] == "second"
    world = find(state, 0, "insect-uplift-race")
    listed = GAME.legal_actions(state, 0)
    assert {"type": "second", "world": world, "contact": True} not in listed
    assert {"type": "second", "world": world, "contact": False} in listed
    action = {"type": "second", "world": world, "contact": True}
    assert refused(state, 0, action) == "bad_action"


def test_select_names_its_card_by_id_or_is_a_bad_action():
    state = build(hands={0: ["comet-zone", "gem-world", "ancient-races"]})
    state["phase"], state["tasks"][0] = "limit", {"kind": "discard", "count": 2, "selected": []}
    for card in (7, None, ["x"], {"id": "x"}, True):
        assert refused(state, 0, {"type": "select", "card": card}) == "bad_action"
        assert refused(state, 0, {"type": "unselect", "card": card}) == "bad_action"
    assert refused(state, 0, {"type": "select", "card": "j999-9"}) == "card_not_in_hand"
