"""Boost fields (B43-B45), the turn (B17 emergency draw, B18, B58, B59, B61) and the end
(B50-B55, B64)."""

from __future__ import annotations

import pytest

from games.blabla import GAME
from games.blabla.ending import game_over, winners
from games.blabla.turn import why_not
from games.core import IllegalAction
from tests.games.blabla.builder import act, build, gen, kinds, legal, move, play, step_kind

A_HAND = [gen(5), gen(7), "own-A-X", "own-A-1", "own-A-PM"]


def test_B43_a_boost_field_turns_the_tile_and_gives_a_bonus_turn():
    state = build(hands={0: A_HAND}, at={0: "d9"})
    new, _ = act(state, 0, move(gen(5), "N", "d9"))
    assert new["ships"][0]["at"] == "d4"
    assert new["boost"][-1] == "calm" and new["boost"][0] == state["boost"][1]
    assert new["turn"] == {"seat": 0, "bonus": True, "todo": [], "passed": False}
    assert step_kind(new) == "act" and "undo" not in kinds(new, 0)


def test_B44_bonus_turns_do_not_count_and_give_no_further_bonus():
    state = build(hands={0: [gen(5), gen(5, 2)]}, at={0: "d9"})
    bonus, _ = act(state, 0, move(gen(5), "N", "d9"))
    assert bonus["turns"] == 0 and bonus["turn"]["bonus"]
    bonus["ships"][0]["at"] = "d9"  # placed below the field again
    done, _ = act(bonus, 0, move(gen(5, 2), "N", "d9"))
    assert done["stats"]["boosts"] == 2 and step_kind(done) == "confirm"
    final = play(done, (0, {"type": "confirm"}))
    assert final["turns"] == 1 and final["active"] == [1]


@pytest.mark.parametrize(
    "tile, where, length", [("calm", "f10", 5), ("tailwind", "f10", 6), ("headwind", "f10", 4)]
)
def test_B45_move_events(tile, where, length):
    state = build(hands={0: A_HAND}, tile=tile)
    new, _ = act(state, 0, move(gen(5), "N", where))
    assert new["ships"][0]["at"] == f"f{10 - length}"


def test_B45_cargo_bay_refills_to_eight():
    state = build(
        hands={0: A_HAND},
        at={0: "f5"},
        tile="cargo-bay",
        pile=[gen(2), gen(3), gen(3, 2), gen(4), gen(6)],
    )
    new, _ = act(state, 0, move(gen(5), "S", "f5"))
    assert len(new["hands"][0]) == 8


def test_B17_emergency_draw_and_pass():
    state = build(hands={0: ["own-A-X"]}, pile=[gen(3)])
    assert legal(state, 0) == [{"type": "emergency"}]
    drew, _ = act(state, 0, {"type": "emergency"})
    assert gen(3) in drew["hands"][0] and not drew["turn"]["passed"]
    empty = build(hands={0: ["own-A-X"]})
    passed, _ = act(empty, 0, {"type": "emergency"})
    assert passed["turn"]["passed"] is True


def test_B53_a_full_round_of_passes_ends_the_game():
    state = build(hands={0: ["own-A-X"], 1: []})
    state = play(
        state,
        (0, {"type": "emergency"}),
        (0, {"type": "confirm"}),
        (1, {"type": "emergency"}),
        (1, {"type": "confirm"}),
    )
    assert state["result"] is not None and state["result"]["end"] == "passes"


def test_B17_an_emergency_draw_that_only_hands_back_others_own_cards_is_a_pass():
    state = build(3, hands={0: ["own-A-X"]}, pile=["own-C-2", "own-B-6"])
    assert legal(state, 0) == [{"type": "emergency"}]
    drew, log = act(state, 0, {"type": "emergency"})
    assert drew["turn"]["passed"] is True and "pass" in [e["kind"] for e in log]
    assert drew["pile"] == [] and drew["hands"][0] == ["own-A-X"]
    assert "own-B-6" in drew["hands"][1] and "own-C-2" in drew["hands"][2]
    confirmed = play(drew, (0, {"type": "confirm"}))
    assert confirmed["passes"] == 1 and "own-B-6" in confirmed["hands"][1]


def test_B17_B53_a_round_of_emergency_draws_that_only_hand_cards_back_ends_the_game():
    state = build(sets=["A", "C"], hands={0: ["own-A-X"], 1: []}, pile=["own-C-PM"])
    state = play(
        state,
        (0, {"type": "emergency"}),
        (0, {"type": "confirm"}),
        (1, {"type": "emergency"}),
        (1, {"type": "confirm"}),
    )
    assert state["result"]["end"] == "passes"
    assert state["hands"] == [["own-A-X"], ["own-C-PM"]]  # handed back, and kept


def test_B18_B58_a_jump_asks_for_the_stack_then_the_meeting():
    stacks = {"west-1": ["bb-A1"], "west-2": ["bb-B1"]}
    state = build(hands={0: A_HAND}, at={1: "b4"}, stacks=stacks)
    steps = []
    state = play(state, (0, move(gen(7), "N", "f10")))
    steps.append(step_kind(state))
    state = play(state, (0, {"type": "stack", "stack": "west-2"}))
    steps.append(step_kind(state))
    state = play(state, (0, {"type": "keep", "card": "bb-B1"}))
    steps.append(step_kind(state))
    assert steps == ["stack", "keep", "meet"]


def test_B59_undo_step_by_step_back_to_the_barrier():
    state = build(3, hands={0: A_HAND}, at={1: "g6", 2: "a11"}, blabla={1: ["bb-C1"]})
    moved, _ = act(state, 0, move(gen(5), "N", "f10"))
    back, _ = act(moved, 0, {"type": "undo"})
    assert {k: v for k, v in back.items() if k != "log"} == {
        k: v for k, v in state.items() if k != "log"
    }
    declined = play(moved, (0, {"type": "no_meeting"}))
    once = play(declined, (0, {"type": "undo"}))
    assert step_kind(once) == "meet"
    met = play(moved, (0, {"type": "meet", "seat": 1}))
    assert "undo" not in kinds(met, 0)  # the meeting is a barrier


def test_B59_looking_into_a_stack_is_a_barrier_and_confirm_passes_the_turn():
    stacks = {"west-1": ["bb-A1"], "west-2": []}
    state = play(build(hands={0: A_HAND}, stacks=stacks), (0, move(gen(7), "N", "f10")))
    assert "undo" not in kinds(state, 0)
    done = play(state, (0, {"type": "keep", "card": "bb-A1"}), (0, {"type": "undo"}))
    assert step_kind(done) == "keep"
    passed = play(done, (0, {"type": "keep", "card": "bb-A1"}), (0, {"type": "confirm"}))
    assert passed["active"] == [1] and passed["turns"] == 1


@pytest.mark.parametrize(
    "action, code",
    [
        ({"type": "draw"}, "draw_not_allowed_here"),
        (
            {
                "type": "move",
                "card": "gen-9-9",
                "special": None,
                "sign": None,
                "dir": "N",
                "from": "f10",
            },
            "no_such_card",
        ),
        (
            {
                "type": "move",
                "card": "own-A-X",
                "special": None,
                "sign": None,
                "dir": "N",
                "from": "f10",
            },
            "special_without_general",
        ),
        (
            {
                "type": "move",
                "card": gen(5),
                "special": None,
                "sign": None,
                "dir": "N",
                "from": "g9",
            },
            "wrong_start",
        ),
        ({"type": "confirm"}, "wrong_step"),
        ({"type": "fly"}, "unknown_action"),
        ({"type": "draw", "x": 1}, "bad_action"),
    ],
)
def test_B61_illegal_actions_are_refused_with_a_reason_and_no_change(action, code):
    state = build(hands={0: A_HAND})
    with pytest.raises(IllegalAction) as err:
        act(state, 0, action)
    assert err.value.code == code
    with pytest.raises(IllegalAction) as other:
        act(state, 1, {"type": "draw"})
    assert other.value.code == "not_your_turn"


def test_B59_B61_an_undo_with_nothing_to_undo_is_refused_as_why_not_says():
    state = build(hands={0: A_HAND})
    with pytest.raises(IllegalAction) as err:
        act(state, 0, {"type": "undo"})
    assert err.value.code == why_not(state, 0)["undo"]["code"] == "nothing_to_undo"
    looked = play(
        build(hands={0: A_HAND}, stacks={"west-1": ["bb-A1"]}), (0, move(gen(7), "N", "f10"))
    )
    with pytest.raises(IllegalAction) as barrier:
        act(looked, 0, {"type": "undo"})  # the look into the stack was a barrier
    assert barrier.value.code == "nothing_to_undo"


def test_why_not_names_a_reason_for_each_action_not_available():
    state = build(hands={0: A_HAND})
    reasons = why_not(state, 0)
    assert reasons["draw"]["code"] == "draw_not_allowed_here" and "move" not in reasons
    assert reasons["undo"]["code"] == "nothing_to_undo"
    assert why_not(state, 1)["move"]["code"] == "not_your_turn"
    full = build(hands={0: [*A_HAND, gen(4), gen(6)]}, at={0: "f6"}, pile=[gen(2)])
    assert why_not(full, 0)["draw"] == {"code": "hand_at_limit", "args": {"limit": 7}}
    assert GAME.view(state, 0)["why_not"] == reasons and GAME.view(state, None)["why_not"] == {}
    assert reasons["accept"] == {"code": "wrong_step", "args": {"step": "act"}}


def four_kinds_trigger(players=3):
    blabla = {0: ["bb-D5"]}
    secured = {0: ["bb-A1", "bb-B1", "bb-C1"]}
    state = build(players, hands={0: A_HAND}, blabla=blabla, secured=secured, at={0: "f5"})
    return play(state, (0, move(gen(5), "S", "f5")), (0, {"type": "secure", "cards": ["bb-D5"]}))


def test_B50_four_kinds_gives_every_other_player_two_more_turns():
    state = four_kinds_trigger()
    assert state["end"]["reason"] == "four_kinds" and state["end"]["left"] == [0, 2, 2]
    assert state["end"]["by"] == 0


def _turn_owners(state):
    owners = []
    while state["result"] is None:
        if step_kind(state) == "act" and not state["turn"]["bonus"]:
            owners.append(state["turn"]["seat"])
        choices = [a for a in legal(state, state["active"][0]) if a["type"] not in ("undo", "meet")]
        state = play(state, (state["active"][0], choices[-1]))
    return owners, state


def test_B50_B53_the_triggering_player_has_no_more_turns():
    state = play(four_kinds_trigger(), (0, {"type": "confirm"}))
    owners, _final = _turn_owners(state)
    assert 0 not in owners and owners.count(1) == 2 and owners.count(2) == 2


def test_B51_taking_the_last_card_gives_everyone_two_more_turns():
    stacks = {"west-1": ["bb-A1"]}
    state = build(3, hands={0: A_HAND}, stacks=stacks, at={1: "a11", 2: "l11"})
    state = play(state, (0, move(gen(7), "N", "f10")), (0, {"type": "keep", "card": "bb-A1"}))
    assert state["end"]["reason"] == "empty_stacks" and state["end"]["left"] == [2, 2, 2]
    owners, _final = _turn_owners(play(state, (0, {"type": "confirm"})))
    assert owners.count(0) == 2 and owners.count(1) == 2 and owners.count(2) == 2
    assert owners[0] == 1


def test_B51_only_the_last_card_of_all_four_stacks_triggers_the_end():
    stacks = {"west-1": ["bb-A1"], "east-2": ["bb-B1"]}
    state = build(hands={0: A_HAND}, stacks=stacks)
    dry = play(state, (0, move(gen(7), "N", "f10")), (0, {"type": "keep", "card": "bb-A1"}))
    assert dry["end"] is None  # a land ran dry while the other still holds a card
    last = build(hands={0: A_HAND}, stacks={"east-2": ["bb-B1"]})
    last = play(last, (0, move(gen(7), "N", "f10")), (0, {"type": "keep", "card": "bb-B1"}))
    assert last["end"]["reason"] == "empty_stacks" and last["box"]  # the box does not count


def _passing(state, seat):
    """``seat`` makes an emergency draw from an empty pile with an empty hand: a pass."""
    state["hands"][seat], state["pile"] = [], []
    return play(state, (seat, {"type": "emergency"}), (seat, {"type": "confirm"}))


def test_B53_after_a_four_kinds_trigger_a_round_of_the_others_passes_ends_the_game():
    state = play(four_kinds_trigger(3), (0, {"type": "confirm"}))
    state = _passing(state, 1)
    assert state["result"] is None and state["active"] == [2]
    state = _passing(state, 2)
    assert state["result"] is not None and state["result"]["end"] == "passes"


def test_B53_after_an_empty_stacks_trigger_every_player_must_pass_in_turn():
    stacks = {"west-1": ["bb-A1"]}
    state = build(3, hands={0: A_HAND}, stacks=stacks)
    state = play(state, (0, move(gen(7), "N", "f10")), (0, {"type": "keep", "card": "bb-A1"}))
    state = play(state, (0, {"type": "confirm"}))
    state = _passing(_passing(state, 1), 2)
    assert state["result"] is None and state["active"] == [0]
    state = _passing(state, 0)
    assert state["result"]["end"] == "passes"


def test_B52_the_round_limit_ends_the_game():
    state = build(hands={0: A_HAND}, at={0: "f6"})
    state["turns"] = 79
    state["turn"]["seat"], state["active"] = 1, [1]
    state["ships"][1]["at"] = "f6"
    state = play(state, (1, legal(state, 1)[0]))
    while state["result"] is None and state["active"] == [1]:
        state = play(state, (1, next(a for a in legal(state, 1) if a["type"] not in ("undo",))))
    assert state["result"]["end"] == "round_limit"


def test_B54_B55_score_and_tie_breaks():
    state = build(
        3,
        secured={
            0: ["bb-A5", "bb-B5"],
            1: ["bb-A1", "bb-B2", "bb-C3", "bb-D4"],
            2: ["bb-C4", "bb-D2"],
        },
    )
    state["end"] = {"reason": "four_kinds", "by": 1, "at": 0, "left": [0, 0, 0]}
    assert winners(state) == ([1], "four_kinds")
    state["secured"][1] = ["bb-A1", "bb-B2", "bb-C3"]
    assert winners(state) == ([0], "score")
    tie = build(3, secured={0: ["bb-A5", "bb-B5"], 1: ["bb-A4", "bb-B4", "bb-C2"]})
    tie["end"] = {"reason": "empty_stacks", "by": 1, "at": 0, "left": [0, 0, 0]}
    assert winners(tie) == ([1], "trigger")
    tie["end"]["by"] = 2
    assert winners(tie) == ([0, 1], "shared")
    best = build(2, secured={0: ["bb-A5"], 1: ["bb-A4"]}, blabla={1: ["bb-B5"]})
    assert winners(best) == ([0], "score")  # BlaBla cards in hand score nothing


def test_B64_after_the_game_everything_is_revealed():
    state = build(hands={0: A_HAND}, blabla={1: ["bb-C2"]})
    game_over(state, "passes", [])
    view = GAME.view(state, None)
    assert view["result"]["scores"][1]["blabla"] == [{"id": "bb-C2", "kind": "C", "value": 2}]
    assert set(view["result"]["stacks"]) == set(state["stacks"])
    assert len(view["result"]["box"]) == 4 and view["result"]["tiebreak"] in ("score", "shared")
