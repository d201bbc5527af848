"""Meeting, swap and fight (B38-B40, B46, B47), who acts (B57, B60) and the meeting
memory (B63)."""

from __future__ import annotations

from games.blabla import GAME
from tests.games.blabla.builder import act, build, gen, kinds, legal, move, play, step_kind

A_HAND = [gen(5), gen(7), "own-A-X", "own-A-1", "own-A-PM"]


def met(options=None, tokens=None, blabla=None):
    """Seat 0 moves next to seat 1 (f5 -> f6, seat 1 on g7) and meets it."""
    state = build(
        3,
        hands={0: A_HAND},
        at={0: "f10", 1: "g6", 2: "a11"},
        options=options,
        blabla=blabla or {0: ["bb-A1", "bb-B3"], 1: ["bb-C5", "bb-D2"]},
        tokens=tokens,
    )
    state = play(state, (0, move(gen(5), "N", "f10")))
    assert step_kind(state) == "meet" and state["step"]["with"] == [1]
    return play(state, (0, {"type": "meet", "seat": 1}))


def test_B38_a_meeting_is_offered_with_an_adjacent_ship_and_may_be_declined():
    state = build(3, hands={0: A_HAND}, at={1: "g6", 2: "b11"})
    moved, _ = act(state, 0, move(gen(5), "N", "f10"))
    assert {a["type"] for a in legal(moved, 0)} == {"meet", "no_meeting", "undo"}
    declined, _ = act(moved, 0, {"type": "no_meeting"})
    assert step_kind(declined) == "confirm"


def test_B38_no_meeting_with_ships_in_the_port_or_far_away():
    state = build(3, hands={0: A_HAND}, at={0: "f8", 1: "f10", 2: "a11"})
    moved, _ = act(state, 0, move("own-A-1", "N", "f8"))  # to f7: f10 is in the port
    assert step_kind(moved) == "confirm"


def test_B38_ships_on_the_same_landing_point_may_meet():
    stacks = {"west-1": ["bb-A1"], "west-2": []}
    state = build(hands={0: A_HAND}, at={1: "a4"}, stacks=stacks)
    landed = play(state, (0, move(gen(7), "N", "f10")), (0, {"type": "keep", "card": "bb-A1"}))
    assert step_kind(landed) == "meet" and landed["step"]["with"] == [1]


def test_B39_B63_the_mover_sees_the_hand_and_keeps_a_note():
    state = met()
    assert step_kind(state) == "propose"
    me = GAME.view(state, 0)["me"]
    assert [c["id"] for c in me["seen"]] == ["bb-C5", "bb-D2"]
    assert me["notes"][-1]["seat"] == 1 and me["notes"][-1]["round"] == 1
    assert GAME.view(state, 1)["me"]["seen"] is None and GAME.view(state, 2)["me"]["notes"] == []
    props = [a for a in legal(state, 0) if a["type"] == "propose"]
    assert len(props) == 4 and {"type": "no_swap"} in legal(state, 0)


def test_B39_no_proposal_when_one_side_holds_no_blabla_card():
    state = met(blabla={0: [], 1: ["bb-C5"]})
    assert step_kind(state) == "confirm"


def test_B39_B40_an_accepted_swap_changes_one_card_for_one():
    state = play(met(), (0, {"type": "propose", "take": "bb-C5", "give": "bb-A1"}))
    assert state["active"] == [1] and kinds(state, 1) == {"accept", "refuse"}
    done, _ = act(state, 1, {"type": "accept"})
    assert done["blabla"][0] == ["bb-B3", "bb-C5"] and done["blabla"][1] == ["bb-A1", "bb-D2"]
    assert done["active"] == [0]


def test_B47_without_combat_a_refusal_changes_nothing():
    state = play(
        met(options={"combat_tokens": False}),
        (0, {"type": "propose", "take": "bb-C5", "give": "bb-A1"}),
        (1, {"type": "refuse"}),
    )
    assert state["blabla"][0] == ["bb-A1", "bb-B3"] and step_kind(state) == "confirm"
    assert "tokens" not in kinds(
        build(hands={0: A_HAND}, at={0: "f6"}, options={"combat_tokens": False}), 0
    )


def test_B46_a_mover_without_tokens_cannot_fight():
    state = play(
        met(tokens=[0, 3, 3]),
        (0, {"type": "propose", "take": "bb-C5", "give": "bb-A1"}),
        (1, {"type": "refuse"}),
    )
    assert step_kind(state) == "confirm" and state["blabla"][1] == ["bb-C5", "bb-D2"]


def fight():
    return play(
        met(), (0, {"type": "propose", "take": "bb-C5", "give": "bb-A1"}), (1, {"type": "refuse"})
    )


def test_B46_B57_both_bid_at_once_and_may_change_until_committed():
    state = fight()
    assert step_kind(state) == "fight" and state["active"] == [0, 1]
    assert {a["tokens"] for a in legal(state, 0) if a["type"] == "bid"} == {0, 1, 2, 3}
    state = play(state, (1, {"type": "bid", "tokens": 2}), (1, {"type": "bid", "tokens": 1}))
    assert state["step"]["bids"] == [None, 1]
    state = play(state, (1, {"type": "commit"}))
    assert state["active"] == [0] and GAME.view(state, 0)["step"]["committed"] == [False, True]


def test_B46_the_mover_must_bid_more_and_all_bids_go_back_to_the_supply():
    tie = play(
        fight(),
        (0, {"type": "bid", "tokens": 2}),
        (1, {"type": "bid", "tokens": 2}),
        (0, {"type": "commit"}),
        (1, {"type": "commit"}),
    )
    assert tie["blabla"][0] == ["bb-A1", "bb-B3"] and tie["tokens"][:2] == [1, 1]
    assert tie["supply"] == 21 + 4
    won = play(
        fight(),
        (0, {"type": "bid", "tokens": 3}),
        (1, {"type": "bid", "tokens": 1}),
        (1, {"type": "commit"}),
        (0, {"type": "commit"}),
    )
    assert won["blabla"][0] == ["bb-B3", "bb-C5"] and won["tokens"][:2] == [0, 2]
    assert won["active"] == [0]


def test_B60_answers_and_bids_cannot_be_undone():
    state = play(met(), (0, {"type": "propose", "take": "bb-C5", "give": "bb-A1"}))
    assert "undo" not in kinds(state, 1)
    after = play(state, (1, {"type": "accept"}))
    assert "undo" not in kinds(after, 0)
    bidding = play(fight(), (0, {"type": "bid", "tokens": 1}))
    assert "undo" not in kinds(bidding, 0)
