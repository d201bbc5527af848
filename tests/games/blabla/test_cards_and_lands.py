"""The pile, drawing, the hand limit, tokens (B25-B29), the home port (B30, B31), the
time hole and the lands (B32-B36) and stack memory (B62)."""

from __future__ import annotations

import pytest

from games.blabla import GAME
from games.core import IllegalAction
from tests.games.blabla.builder import act, build, gen, kinds, legal, move, play, step_kind

A_HAND = [gen(5), gen(7), "own-A-X", "own-A-1", "own-A-PM"]
STACKS = {
    "west-1": ["bb-A1", "bb-B2"],
    "west-2": ["bb-C3"],
    "east-1": ["bb-D4", "bb-A5"],
    "east-2": ["bb-B5", "bb-C1"],
}


def test_B25_the_pile_is_open_in_order_for_everyone():
    state = build(pile=[gen(3), "own-B-6", gen(4)])
    for seat in (0, 1, None):
        assert [c["id"] for c in GAME.view(state, seat)["pile"]] == [gen(3), "own-B-6", gen(4)]


def test_B26_draw_two_and_others_own_cards_go_back_to_them():
    state = build(hands={0: A_HAND}, at={0: "f6"}, pile=[gen(3), gen(4), "own-B-6", gen(6)])
    new, _ = act(state, 0, {"type": "draw"})
    assert gen(6) in new["hands"][0] and gen(4) in new["hands"][0]
    assert "own-B-6" in new["hands"][1] and new["pile"] == [gen(3)]


def test_B26_salvage_draws_three_and_an_empty_pile_stops_the_draw():
    state = build(
        hands={0: A_HAND}, at={0: "f6"}, pile=[gen(2), gen(3), gen(4), gen(6)], tile="salvage"
    )
    assert act(state, 0, {"type": "draw"})[0]["pile"] == [gen(2)]
    short = build(hands={0: A_HAND}, at={0: "f6"}, pile=[gen(3)])
    assert act(short, 0, {"type": "draw"})[0]["pile"] == []


def test_B27_the_hand_limit_counts_blabla_cards_and_may_be_passed_by_a_draw():
    six = [gen(5), gen(7), "own-A-X", "own-A-1", "own-A-PM"]
    state = build(hands={0: six}, blabla={0: ["bb-A1"]}, at={0: "f6"}, pile=[gen(3), gen(4)])
    new, _ = act(state, 0, {"type": "draw"})
    assert len(new["hands"][0]) + len(new["blabla"][0]) == 8  # from 6 to 8
    full = build(hands={0: six}, blabla={0: ["bb-A1", "bb-B1"]}, at={0: "f6"}, pile=[gen(3)])
    assert "draw" not in kinds(full, 0)
    with pytest.raises(IllegalAction) as err:
        act(full, 0, {"type": "draw"})
    assert err.value.code == "hand_at_limit"
    cargo = build(
        hands={0: six},
        blabla={0: ["bb-A1", "bb-B1"]},
        at={0: "f6"},
        pile=[gen(3)],
        tile="cargo-bay",
    )
    assert "draw" in kinds(cargo, 0)


def test_B28_B30_arrival_secures_readies_the_jump_and_refills_to_the_limit():
    pile = [gen(2), gen(3), gen(4), gen(6), gen(6, 2), gen(7, 2), gen(4, 2)]
    state = build(
        hands={0: A_HAND},
        blabla={0: ["bb-A3", "bb-A4", "bb-B2"]},
        at={0: "f5"},
        jump={0: False},
        pile=pile,
    )
    new, _ = act(state, 0, move(gen(5), "S", "f5"))
    assert step_kind(new) == "secure"
    choices = [a["cards"] for a in legal(new, 0) if a["type"] == "secure"]
    assert [] in choices and ["bb-A3", "bb-B2"] in choices and ["bb-A3", "bb-A4"] not in choices
    done, _ = act(new, 0, {"type": "secure", "cards": ["bb-A4", "bb-B2"]})
    assert done["secured"][0] == ["bb-A4", "bb-B2"] and done["blabla"][0] == ["bb-A3"]
    assert done["ships"][0]["jump"] is True
    assert len(done["hands"][0]) + len(done["blabla"][0]) == 7


def test_B28_no_refill_when_the_hand_is_full_already():
    hand = [*A_HAND, gen(6), gen(6, 2), gen(7, 2)]
    state = build(hands={0: hand}, at={0: "f5"}, pile=[gen(3)])
    new, _ = act(state, 0, move(gen(5), "S", "f5"))
    assert new["pile"] == [gen(3), gen(5)] and len(new["hands"][0]) == 7


def test_B29_tokens_as_many_as_the_printed_value_or_what_is_left():
    state = build(hands={0: A_HAND}, at={0: "f6"}, supply=4)
    new, _ = act(state, 0, {"type": "tokens", "card": gen(5)})
    assert new["tokens"][0] == 7 and new["supply"] == 0 and new["pile"][-1] == gen(5)
    assert "tokens" not in kinds(build(hands={0: A_HAND}, at={0: "f6"}, supply=0), 0)
    assert all(a["type"] != "tokens" or a["card"] != "own-A-X" for a in legal(state, 0))


def test_B30_securing_is_a_choice_and_B36_a_second_card_of_a_kind_never_secures():
    state = build(hands={0: A_HAND}, blabla={0: ["bb-A5"]}, secured={0: ["bb-A2"]}, at={0: "f5"})
    new, _ = act(state, 0, move(gen(5), "S", "f5"))
    assert step_kind(new) == "confirm" and new["blabla"][0] == ["bb-A5"]
    keep = build(hands={0: A_HAND}, blabla={0: ["bb-B1"]}, at={0: "f5"})
    arrived, _ = act(keep, 0, move(gen(5), "S", "f5"))
    done, _ = act(arrived, 0, {"type": "secure", "cards": []})
    assert done["blabla"][0] == ["bb-B1"] and done["secured"][0] == []


def test_B31_ships_share_the_port_and_are_not_pushed_or_met_there():
    state = build(hands={0: A_HAND}, at={0: "f5", 1: "f10"})
    new, _ = act(state, 0, move(gen(5), "S", "f5"))
    assert new["ships"][0]["at"] == "f10" == new["ships"][1]["at"]
    assert step_kind(new) == "confirm"


def test_B32_B33_odd_card_sends_west_even_east_and_uses_the_jump():
    state = build(hands={0: A_HAND}, stacks=STACKS)
    west, _ = act(state, 0, move(gen(7), "N", "f10"))
    assert west["ships"][0] == {"at": "a4", "jump": False}
    east, _ = act(
        build(hands={0: [gen(6)]}, at={0: "g9"}, stacks=STACKS), 0, move(gen(6), "N", "g9")
    )
    assert east["ships"][0]["at"] == "l5"


def test_B33_time_warp_reverses_and_an_empty_land_gives_way():
    warp = build(hands={0: A_HAND}, stacks=STACKS, tile="time-warp")
    assert act(warp, 0, move(gen(7), "N", "f10"))[0]["ships"][0]["at"] == "l5"
    empty_west = {**STACKS, "west-1": [], "west-2": []}
    state = build(hands={0: A_HAND}, stacks=empty_west)
    assert act(state, 0, move(gen(7), "N", "f10"))[0]["ships"][0]["at"] == "l5"
    nothing = build(hands={0: A_HAND}, stacks={})
    landed, _ = act(nothing, 0, move(gen(7), "N", "f10"))
    assert landed["ships"][0]["at"] == "a4" and step_kind(landed) == "confirm"


def test_B34_choose_a_stack_look_keep_one_the_rest_back_in_order():
    state = build(hands={0: A_HAND}, stacks=STACKS)
    landed, _ = act(state, 0, move(gen(7), "N", "f10"))
    assert step_kind(landed) == "stack"
    looking, _ = act(landed, 0, {"type": "stack", "stack": "west-1"})
    assert [a["card"] for a in legal(looking, 0)] == ["bb-A1", "bb-B2"]
    kept, _ = act(looking, 0, {"type": "keep", "card": "bb-A1"})
    assert kept["blabla"][0] == ["bb-A1"] and kept["stacks"]["west-1"] == ["bb-B2"]


def test_B34_deep_scan_looks_at_both_stacks_and_a_single_stack_needs_no_choice():
    scan = build(hands={0: A_HAND}, stacks=STACKS, tile="deep-scan")
    landed, _ = act(scan, 0, move(gen(7), "N", "f10"))
    assert step_kind(landed) == "keep"
    assert {a["card"] for a in legal(landed, 0)} == {"bb-A1", "bb-B2", "bb-C3"}
    single = build(hands={0: A_HAND}, stacks={**STACKS, "west-1": []})
    assert step_kind(act(single, 0, move(gen(7), "N", "f10"))[0]) == "keep"


def test_B34_the_kept_card_counts_even_above_the_limit():
    hand = [*A_HAND, gen(6), gen(6, 2)]
    state = build(hands={0: hand}, stacks={**STACKS, "west-1": []})
    landed, _ = act(state, 0, move(gen(7), "N", "f10"))
    kept, _ = act(landed, 0, {"type": "keep", "card": "bb-C3"})
    assert len(kept["hands"][0]) + len(kept["blabla"][0]) == 7


def test_B35_on_a_landing_point_no_draw_and_any_number_of_ships():
    state = build(hands={0: A_HAND}, at={0: "f10", 1: "a4"}, stacks=STACKS)
    landed, _ = act(state, 0, move(gen(7), "N", "f10"))
    assert landed["ships"][0]["at"] == landed["ships"][1]["at"] == "a4"
    there = build(hands={0: A_HAND}, at={0: "a4"}, pile=[gen(3)])
    assert kinds(there, 0) == {"move"}


def test_B62_stack_memory_is_replaced_on_each_look_and_counts_others_takes():
    state = build(3, hands={0: A_HAND, 1: [gen(7, 2)]}, stacks=STACKS, at={1: "f11"})
    landed = play(
        state,
        (0, move(gen(7), "N", "f10")),
        (0, {"type": "stack", "stack": "west-1"}),
        (0, {"type": "keep", "card": "bb-B2"}),
    )
    assert landed["memory"][0] == {"west-1": {"cards": ["bb-A1"], "taken": 0}}
    landed = play(landed, (0, {"type": "confirm"}))
    assert landed["turn"]["seat"] == 1
    other = play(
        landed, (1, move(gen(7, 2), "N", "f10")), (1, {"type": "stack", "stack": "west-1"})
    )
    other = play(other, (1, {"type": "keep", "card": "bb-A1"}))
    assert other["memory"][0]["west-1"] == {"cards": ["bb-A1"], "taken": 1}
    assert other["memory"][1]["west-1"] == {"cards": [], "taken": 0}
    views = [GAME.view(other, s)["me"]["memory"] for s in (0, 1)]
    assert views[0]["west-1"]["taken"] == 1 and views[1]["west-1"]["cards"] == []
    assert GAME.view(other, 2)["me"]["memory"] == {}
