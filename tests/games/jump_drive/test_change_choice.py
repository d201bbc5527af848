"""J15: a committed choice may be changed until every player has committed.

The rule speaks of the round's choice (J14) only: the second world (J26), payments (J18)
and every discard (J10, J29, J43) are chosen in secret at the same time too, but the
rules give no right to change them once committed, so those commitments stay final.
"""

from __future__ import annotations

import json

import pytest

from games.core import IllegalAction
from games.jump_drive import GAME
from tests.games.jump_drive.builder import act, build, choose, explore, find
from tests.games.test_privacy import canonical

UNCOMMIT = {"type": "uncommit"}
HANDS = {0: ["devolved-uplift-race", "colony-convoy", "comet-zone"], 1: ["comet-zone"]}


def settle_world(state, seat=0):
    return {
        "type": "choose",
        "development": None,
        "world": find(state, seat, "devolved-uplift-race"),
        "contact": False,
    }


def committed_explore(players=2):
    """Seat 0 committed to explore, the others still choosing."""
    state = build(players=players, hands=HANDS)
    return act(act(state, 0, {"type": "explore"}), 0, {"type": "commit"})


def refusal(state, seat, action):
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, seat, action)
    return err.value.code


def test_J15_a_committed_seat_may_take_its_choice_back_and_commit_another():
    state = committed_explore()
    assert GAME.active_seats(state) == [1]  # the game waits only for seat 1
    assert GAME.legal_actions(state, 0) == [UNCOMMIT]
    state = act(state, 0, UNCOMMIT)
    assert state["active"] == [0, 1]
    assert state["tasks"][0]["draft"] == {"explore": True}  # the draft is kept
    assert {"type": "commit"} in GAME.legal_actions(state, 0)
    changed = act(act(state, 0, settle_world(state)), 0, {"type": "commit"})
    assert changed["active"] == [1]
    revealed = explore(changed, 1)
    placing = GAME.view(revealed, 1)["players"][0]["placing"]
    assert placing["explore"] is False
    assert placing["world"]["id"] == settle_world(state)["world"]


def test_J15_the_same_choice_may_be_committed_again_unchanged():
    state = act(committed_explore(), 0, UNCOMMIT)
    state = act(state, 0, {"type": "commit"})
    assert state["active"] == [1] and state["tasks"][0]["draft"] == {"explore": True}
    assert GAME.view(explore(state, 1), 0)["players"][0]["placing"]["explore"] is True


def test_J15_once_the_last_seat_commits_the_choices_are_revealed_and_final():
    state = explore(committed_explore(), 1)
    assert state["phase"] != "choose"
    for seat in (0, 1):
        assert UNCOMMIT not in GAME.legal_actions(state, seat)
        assert refusal(state, seat, UNCOMMIT) in {"not_asked", "final_decision", "not_committed"}


def test_J15_only_a_committed_seat_may_take_back_and_only_as_asked():
    state = build(hands=HANDS)
    assert refusal(state, 1, UNCOMMIT) == "not_committed"  # still deciding
    assert UNCOMMIT not in GAME.legal_actions(state, 1)
    state = committed_explore()
    assert refusal(state, 0, {**UNCOMMIT, "card": None}) == "bad_action"
    assert refusal(state, 7, UNCOMMIT) == "not_your_turn"
    assert refusal(state, 0, {"type": "commit"}) == "not_your_turn"  # committed already
    state["tasks"][0] = None
    assert refusal(state, 0, UNCOMMIT) == "not_asked"


def test_J15_J18_a_commitment_after_the_choice_is_final():
    """A payment (J18) committed while another seat still pays cannot be taken back."""
    state = build(
        hands={
            0: ["space-marines", "rebel-base", "new-survivalists"],
            1: ["space-marines", "pirate-lair", "warrior-race"],
        }
    )
    for seat in (0, 1):
        state = choose(state, seat, dev="space-marines")  # 2, 1 less alone: pay 1 of 3
    assert state["phase"] == "pay" and state["active"] == [0, 1]
    state = act(state, 0, {"type": "select", "card": state["hands"][0][0]})
    state = act(state, 0, {"type": "commit"})
    assert GAME.legal_actions(state, 0) == []
    assert refusal(state, 0, UNCOMMIT) == "final_decision"
    assert GAME.why_not(state, 0)["uncommit"]["code"] == "final_decision"


def test_J15_taking_back_is_logged_in_public_without_the_draft():
    state = act(committed_explore(), 0, UNCOMMIT)
    line = GAME.view(state, 1)["log"][-1]
    assert line["kind"] == "uncommit" and line["seat"] == 0
    assert "explore" not in json.dumps(line)
    assert GAME.view(state, None)["log"][-1] == line


def test_J15_others_see_only_committed_or_deciding_whatever_the_draft():
    """The ruling: other players and spectators see only whether a seat has committed."""
    state = committed_explore(players=3)
    retaken = act(state, 0, UNCOMMIT)
    changed = act(retaken, 0, settle_world(retaken))
    for viewer in (1, 2, None):
        assert GAME.view(state, viewer)["players"][0]["status"] == "committed"
        after = GAME.view(retaken, viewer)
        assert after["players"][0]["status"] == "deciding"
        assert canonical(GAME.view(changed, viewer)) == canonical(after)
    recommitted = act(changed, 0, {"type": "commit"})
    other = act(act(retaken, 0, {"type": "commit"}), 1, {"type": "explore"})
    for viewer in (2, None):
        shown = GAME.view(recommitted, viewer)
        assert shown["players"] == GAME.view(act(retaken, 0, {"type": "commit"}), viewer)["players"]
        assert "devolved" not in json.dumps(shown).lower()
    assert other["active"] == [1, 2]


def test_J15_why_not_says_when_taking_back_is_closed():
    state = build(hands=HANDS)
    assert GAME.why_not(state, 0)["uncommit"] == {"code": "not_committed", "args": {}}
    state = committed_explore()
    reasons = GAME.why_not(state, 0)
    assert "uncommit" not in reasons
    assert reasons["commit"]["code"] == "committed"


def test_J15_bots_never_take_back_a_choice():
    state = committed_explore()
    for bot in GAME.info.bots:
        with pytest.raises(ValueError):
            GAME.bot_action(bot, GAME.view(state, 0), 1)
    retaken = act(state, 0, UNCOMMIT)
    for bot in GAME.info.bots:
        assert GAME.bot_action(bot, GAME.view(retaken, 0), 1)["type"] != "uncommit"
