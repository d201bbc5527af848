"""Actions of a turn and movement (B17, B19-B24, B37, B41, B42, B48, B49)."""

from __future__ import annotations

import pytest

from games.core import IllegalAction
from tests.games.blabla.builder import act, build, gen, kinds, legal, move, step_kind

A_HAND = [gen(5), gen(7), "own-A-X", "own-A-1", "own-A-PM"]


def refused(state, seat, action, code):
    with pytest.raises(IllegalAction) as err:
        act(state, seat, action)
    assert err.value.code == code


def test_B17_in_the_port_and_on_a_landing_point_the_player_must_move():
    state = build(hands={0: A_HAND}, pile=[gen(3)])
    assert kinds(state, 0) == {"move"}
    refused(state, 0, {"type": "draw"}, "draw_not_allowed_here")
    landed = build(hands={0: A_HAND}, pile=[gen(3)], at={0: "a4"})
    assert kinds(landed, 0) == {"move"}


def test_B17_on_an_orbit_square_move_draw_or_take_tokens():
    state = build(hands={0: A_HAND}, pile=[gen(3)], at={0: "f6"})
    assert kinds(state, 0) == {"move", "draw", "tokens"}


def test_B17_only_one_player_acts():
    state = build(hands={0: A_HAND})
    assert state["active"] == [0] and legal(state, 1) == []
    refused(state, 1, move("own-B-2", "N", "f10"), "not_your_turn")


def test_B19_a_special_card_goes_with_one_general_number_card():
    state = build(hands={0: A_HAND}, at={0: "f8"})
    pairs = {(a["card"], a["special"]) for a in legal(state, 0) if a["type"] == "move"}
    assert (gen(5), "own-A-X") in pairs and (gen(7), "own-A-PM") in pairs
    assert ("own-A-1", "own-A-X") not in pairs and ("own-A-1", None) in pairs
    refused(state, 0, move("own-A-1", "NE", "f8", special="own-A-X"), "special_without_general")
    refused(state, 0, move("own-A-X", "N", "f8"), "special_without_general")
    refused(state, 0, move("own-A-X", "NE", "f8", special="own-A-PM"), "second_special")
    refused(state, 0, move(gen(5), "N", "f8", special=gen(7)), "two_number_cards")


def test_B19_played_cards_go_onto_the_pile_number_card_on_top():
    state = build(hands={0: A_HAND}, at={0: "f8"}, pile=[gen(3)])
    new, _ = act(state, 0, move(gen(5), "NE", "f8", special="own-A-X"))
    assert new["pile"] == [gen(3), "own-A-X", gen(5)]
    assert "own-A-X" not in new["hands"][0] and gen(5) not in new["hands"][0]


def test_B20_distance_with_plus_minus_one_and_events():
    state = build(hands={0: A_HAND}, at={0: "f10"})
    up, _ = act(state, 0, move(gen(5), "N", "f10", special="own-A-PM", sign=1))
    assert up["ships"][0]["at"] == "f4"
    down, _ = act(state, 0, move(gen(5), "N", "f10", special="own-A-PM", sign=-1))
    assert down["ships"][0]["at"] == "f6"
    tail = build(hands={0: A_HAND}, tile="tailwind")
    assert act(tail, 0, move(gen(5), "N", "f10"))[0]["ships"][0]["at"] == "f4"
    head = build(hands={0: A_HAND}, tile="headwind", at={0: "c6"})
    assert act(head, 0, move("own-A-1", "N", "c6"))[0]["ships"][0]["at"] == "c5"  # never below 1


def test_B21_orthogonal_alone_diagonal_with_x_any_under_free_flight():
    state = build(hands={0: A_HAND}, at={0: "f8"})
    moves = [a for a in legal(state, 0) if a["type"] == "move"]
    alone = {a["dir"] for a in moves if a["card"] == gen(5) and not a["special"]}
    assert alone <= {"N", "E", "S", "W"}
    with_x = {a["dir"] for a in moves if a["special"] == "own-A-X"}
    assert with_x <= {"NE", "NW", "SE", "SW"} and with_x
    refused(state, 0, move(gen(5), "NE", "f8"), "wrong_direction")
    free = build(hands={0: A_HAND}, at={0: "f8"}, tile="free-flight")
    free_moves = [a for a in legal(free, 0) if a["type"] == "move"]
    assert {"NE", "NW"} <= {a["dir"] for a in free_moves if a["card"] == "own-A-1"}


def test_B22_the_line_stays_on_the_board_and_flies_over_ships():
    state = build(hands={0: A_HAND}, at={0: "f8", 1: "f7"})
    refused(state, 0, move(gen(5), "S", "f8"), "off_board")
    over, _ = act(state, 0, move(gen(5), "N", "f8"))
    # f3 is the time hole and the jump is ready: the odd 5 sends the ship West (B32, B33)
    assert over["ships"][0] == {"at": "a4", "jump": False}
    assert over["ships"][1]["at"] == "f7"


def test_B23_no_end_on_a_landing_point_nor_the_time_hole_without_jump():
    state = build(hands={0: A_HAND}, at={0: "a9"})
    refused(state, 0, move(gen(5), "N", "a9"), "landing_point")
    used = build(hands={0: A_HAND}, at={0: "f8"}, jump={0: False})
    refused(used, 0, move(gen(5), "N", "f8"), "time_hole_without_jump")
    north = [
        a for a in legal(used, 0) if a["type"] == "move" and a["dir"] == "N" and not a["special"]
    ]
    assert gen(5) not in {a["card"] for a in north} and north


def test_B22_a_move_names_where_it_ends_and_another_end_is_refused():
    state = build(hands={0: A_HAND}, at={0: "f8"})
    listed = [a for a in legal(state, 0) if a["type"] == "move" and a["card"] == gen(5)]
    assert {"dir": "W", "to": "a8"} in [{"dir": a["dir"], "to": a["to"]} for a in listed]
    with pytest.raises(IllegalAction):
        act(state, 0, {**move(gen(5), "W", "f8"), "to": "b8"})


def test_B23_leaving_the_port_from_any_square_and_never_into_it():
    state = build(hands={0: A_HAND})
    starts = {a["from"] for a in legal(state, 0)}
    assert starts == {"f10", "g10", "f11", "g11"}
    refused(state, 0, move("own-A-1", "E", "f10"), "home_port_shuffle")
    refused(state, 0, move(gen(5), "N", "e10"), "wrong_start")


def test_B24_the_printed_value_of_the_number_card_decides_the_parity():
    state = build(hands={0: [gen(6), "own-C-PM"]}, sets=["C", "B"], at={0: "f8"})
    new, _ = act(state, 0, move(gen(6), "N", "f8", special="own-C-PM", sign=-1))
    assert new["ships"][0]["at"] == "l5"  # moved 5 but the 6 is even: East


def test_B37_passing_the_turnaround_restores_the_jump():
    state = build(hands={0: A_HAND}, at={0: "a1"}, jump={0: False})
    new, _ = act(state, 0, move(gen(7), "E", "a1"))
    assert new["ships"][0] == {"at": "h1", "jump": True}
    onto = build(hands={0: A_HAND}, at={0: "b1"}, jump={0: False})
    assert act(onto, 0, move(gen(5), "E", "b1"))[0]["ships"][0] == {"at": "g1", "jump": True}


def test_B37_a_move_starting_on_the_turnaround_does_not_restore_the_jump():
    for start, direction, end in (("f1", "S", "f5"), ("f1", "W", "b1"), ("g1", "E", "k1")):
        state = build(hands={0: [gen(4)]}, at={0: start}, jump={0: False})
        new, log = act(state, 0, move(gen(4), direction, start))
        assert new["ships"][0] == {"at": end, "jump": False}, start + direction
        assert "recharge" not in [e["kind"] for e in log]
    across = build(hands={0: [gen(4)]}, at={0: "f1"}, jump={0: False})
    assert act(across, 0, move(gen(4), "E", "f1"))[0]["ships"][0] == {"at": "j1", "jump": True}


def test_B37_a_push_onto_the_turnaround_does_not_count():
    state = build(hands={0: [gen(4)]}, at={0: "a1", 1: "e1"}, jump={1: False})
    new, _ = act(state, 0, move(gen(4), "E", "a1"))
    assert new["ships"][1] == {"at": "f1", "jump": False}


def test_B41_a_ship_on_the_end_square_is_pushed_on():
    state = build(3, hands={0: A_HAND}, at={1: "f5", 2: "e4"})
    new, _ = act(state, 0, move(gen(5), "N", "f10"))
    assert new["ships"][0]["at"] == "f5" and new["ships"][1]["at"] == "f4"
    chain = build(3, hands={0: A_HAND}, at={1: "f6", 2: "f5"})
    new, _ = act(chain, 0, move(gen(5), "N", "f11"))
    assert [new["ships"][s]["at"] for s in range(3)] == ["f6", "f5", "f4"]


def test_B41_a_push_onto_the_time_hole_or_off_the_board_is_not_allowed():
    state = build(3, hands={0: A_HAND}, at={1: "f5", 2: "f4"})
    refused(state, 0, move(gen(5), "N", "f10"), "push_not_allowed")
    edge = build(hands={0: A_HAND}, at={0: "f8", 1: "a8"})
    refused(edge, 0, move(gen(5), "W", "f8"), "push_not_allowed")


def test_B42_a_pushed_ship_gets_no_boost_and_no_jump():
    state = build(hands={0: A_HAND}, at={0: "d10", 1: "d5"})
    new, _ = act(state, 0, move(gen(5), "N", "d10"))
    assert new["ships"][1]["at"] == "d4" and new["boost"] == state["boost"]
    assert not new["turn"]["bonus"] and step_kind(new) == "meet"


def test_B48_drift_moves_on_and_pushes():
    opts = {"drift_fields": True}
    state = build(hands={0: A_HAND}, at={0: "e7"}, options=opts)
    assert act(state, 0, move(gen(5), "N", "e7"))[0]["ships"][0]["at"] == "d2"
    pushing = build(hands={0: A_HAND}, at={0: "e7", 1: "d2"}, options=opts)
    new, _ = act(pushing, 0, move(gen(5), "N", "e7"))
    assert new["ships"][0]["at"] == "d2" and new["ships"][1]["at"] == "c2"


def test_B48_a_drift_whose_push_is_not_allowed_does_not_happen():
    opts = {"drift_fields": True}
    state = build(hands={0: A_HAND}, at={0: "d5", 1: "e10"}, options=opts)
    new, _ = act(state, 0, move(gen(5), "S", "d5"))
    assert new["ships"][0]["at"] == "d10" and new["ships"][1]["at"] == "e10"


def test_B49_without_the_option_drift_squares_are_plain():
    state = build(hands={0: A_HAND}, at={0: "e7"})
    assert act(state, 0, move(gen(5), "N", "e7"))[0]["ships"][0]["at"] == "e2"
