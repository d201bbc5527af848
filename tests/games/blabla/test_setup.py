"""Components and setup (B1-B16)."""

from __future__ import annotations

from collections import Counter

import pytest

from games.blabla import GAME
from games.blabla.data import (
    BLABLA,
    BOOST_FIELDS,
    DRIFT_AT,
    FLIGHT,
    GENERAL,
    HEIGHT,
    HOME,
    LANDING,
    SQUARES,
    TILES,
    TIME_HOLE,
    TURNAROUND,
    WIDTH,
    own_cards,
)
from games.blabla.setup import setup


def test_B1_board_is_the_grid_of_the_rules():
    assert (WIDTH, HEIGHT) == (12, 11) and len(SQUARES) == 132
    assert {"f1", "g1"} == TURNAROUND and {"f2", "g2", "f3", "g3"} == TIME_HOLE
    assert {"f10", "g10", "f11", "g11"} == HOME and {"d4", "i4"} == BOOST_FIELDS
    assert LANDING == {"a4": "west", "l5": "east"}
    targets = {sq: d["target"] for sq, d in DRIFT_AT.items()}
    assert targets == {"e2": "d2", "h2": "i2", "a7": "a9", "l7": "l9", "d10": "e10", "i10": "h10"}


def test_B2_flight_cards_and_sets():
    assert Counter(FLIGHT[c].value for c in GENERAL) == {2: 2, 3: 4, 4: 8, 5: 10, 6: 10, 7: 6}
    faces = {s: sorted(FLIGHT[c].face for c in own_cards(s)) for s in "ABCD"}
    assert faces == {"A": ["1", "PM", "X"], "B": ["2", "6"], "C": ["2", "PM"], "D": ["1", "1", "X"]}


def test_B2_B9_every_set_starts_with_five_cards_of_its_line():
    state = setup(4, {}, 3)
    starting = {"A": [4, 5], "B": [3, 3, 4], "C": [2, 4, 4], "D": [3, 5]}
    for seat, letter in enumerate(state["sets"]):
        hand = state["hands"][seat]
        assert len(hand) == 5
        assert sorted(c for c in hand if FLIGHT[c].owner == letter) == sorted(own_cards(letter))
        generals = sorted(FLIGHT[c].value for c in hand if FLIGHT[c].owner is None)
        assert generals == starting[letter]


def test_B3_special_cards_are_own_cards():
    specials = [c for c in FLIGHT.values() if c.special]
    assert specials and all(c.owner is not None for c in specials)


def test_B4_B5_B6_B7_components_and_player_counts():
    assert len(BLABLA) == 20 and len(set(BLABLA)) == 20
    assert len(TILES) == 8
    assert GAME.info.min_players == 2 and GAME.info.max_players == 4
    with pytest.raises(ValueError):
        setup(5, {}, 1)


def test_B8_sets_not_dealt_leave_their_cards_out():
    state = setup(2, {}, 5)
    out = set("ABCD") - set(state["sets"])
    cards = [c for hand in state["hands"] for c in hand] + state["pile"]
    assert not [c for c in cards if FLIGHT[c].owner in out]
    assert len(cards) == 40 + sum(len(own_cards(s)) for s in state["sets"])


def test_B8_sets_are_dealt_at_random():
    seen = {tuple(setup(3, {}, seed)["sets"]) for seed in range(30)}
    assert len(seen) > 5


def test_B10_the_remaining_general_cards_are_the_open_pile():
    state = setup(3, {}, 2)
    in_hands = [c for hand in state["hands"] for c in hand if FLIGHT[c].owner is None]
    assert sorted(state["pile"] + in_hands) == sorted(GENERAL)


@pytest.mark.parametrize("players, size, boxed", [(2, 4, 4), (3, 4, 4), (4, 5, 0)])
def test_B11_two_stacks_per_land_and_the_box(players, size, boxed):
    state = setup(players, {}, 7)
    assert sorted(state["stacks"]) == ["east-1", "east-2", "west-1", "west-2"]
    assert all(len(s) == size for s in state["stacks"].values())
    assert len(state["box"]) == boxed
    every = [c for s in state["stacks"].values() for c in s] + state["box"]
    assert sorted(every) == sorted(BLABLA)


def test_B12_B16_ships_start_in_the_port_with_the_jump_ready():
    state = setup(4, {}, 1)
    assert [s["at"] for s in state["ships"]] == ["g11", "f11", "g10", "f10"]
    assert all(s["jump"] for s in state["ships"])


def test_B13_one_boost_stack_with_its_top_tile_in_force():
    state = setup(2, {}, 1)
    assert sorted(state["boost"]) == sorted(TILES)
    assert GAME.view(state, 0)["boost"]["top"] == state["boost"][0]
    orders = {tuple(setup(2, {}, s)["boost"]) for s in range(10)}
    assert len(orders) > 1


def test_B14_three_combat_tokens_each_and_the_rest_as_supply():
    state = setup(3, {}, 1)
    assert state["tokens"] == [3, 3, 3] and state["supply"] == 21
    off = setup(3, {"combat_tokens": False}, 1)
    assert off["tokens"] == [0, 0, 0] and off["supply"] == 0


def test_B15_random_start_player_and_seat_order():
    starts = {setup(4, {}, seed)["start"] for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    state = setup(3, {}, 4)
    assert state["active"] == [state["start"]]


def test_options_default_as_the_rules_say():
    info = GAME.info
    assert info.default_options() == {"combat_tokens": True, "drift_fields": False}


def test_same_seed_same_game():
    assert setup(3, {}, 99) == setup(3, {}, 99)
    assert setup(3, {}, 99) != setup(3, {}, 98)
