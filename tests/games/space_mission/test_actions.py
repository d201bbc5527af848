"""R11-R25, R5 and O4/O5: the six actions and the tile choice, with their edge cases."""

from __future__ import annotations

import pytest

from games import gamelog
from games.core import IllegalAction
from games.space_mission import GAME
from games.space_mission.data import CARDS, HAND_SIZE
from tests.games.space_mission.builder import SPACE, account, act, build, card_with, tiles_of

RED = tiles_of("ore", "red")
WATER = tiles_of("water")
MEDAL = tiles_of("medal")


def refused(state, seat, action, code):
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, seat, action)
    assert err.value.code == code
    assert err.value.message  # a sentence a player understands


def at(state, seat, planet):
    ships = list(state["ships"])
    ships[seat] = planet
    state["ships"] = ships
    return state


# ---------------------------------------------------------------- Restock


def test_R12_restock_discards_then_draws_to_five():
    a, b = card_with(("jump", 1)), card_with(("jump", 2))
    s = build(hands={0: [a, b]})
    top = s["draw"][-4:]
    s = act(s, 0, {"type": "restock", "discard": [a]})
    assert sorted(s["hands"][0]) == sorted([b, *top])
    assert s["discard"] == [a] and len(s["hands"][0]) == HAND_SIZE
    account(s)


def test_R13_empty_draw_pile_reshuffles_the_discard_pile():
    hand = ["c01", "c02"]
    rest = [c for c in sorted(CARDS) if c not in hand]
    s = build(hands={0: hand}, discard=rest[1:])
    s["draw"] = rest[:1]
    s = act(s, 0, {"type": "restock", "discard": ["c01"]})
    assert len(s["hands"][0]) == HAND_SIZE
    assert s["discard"] == [] and len(s["draw"]) == 60 - HAND_SIZE
    assert s["restocked"] == {}
    assert any(e["kind"] == "reshuffle" for e in gamelog.lines(s["log"]))
    account(s)


def test_R13_ruling_both_piles_empty_draws_what_exists():
    others = [c for c in sorted(CARDS) if c not in ("c01", "c02")]
    hands = {1: others[:5], 2: others[5:10], 3: others[10:15]}
    s = build(hands={0: ["c01", "c02"], **hands}, discard=others[15:])
    s["draw"] = []
    s["hands"][1] = others[:5] + others[15:]  # every other card is held
    s["discard"] = []
    s = act(s, 0, {"type": "restock", "discard": []})
    assert s["hands"][0] == ["c01", "c02"]
    assert GAME.legal_actions(s, 0)[0] == {"type": "restock", "discard": []}
    s = act(s, 0, {"type": "restock", "discard": ["c01"]})
    assert s["hands"][0] == ["c01", "c02"]  # discarded, reshuffled and drawn again
    account(s)


def test_R13_restock_is_always_legal():
    s = build(hands={0: []})
    s["chips"] = [0, 20, 20, 20]
    assert {"type": "restock", "discard": []} in GAME.legal_actions(s, 0)


# ---------------------------------------------------------------- Jump and Fly


def test_R14_jump_moves_to_any_other_planet_with_that_coordinate():
    card = card_with(("jump", 1))
    s = build(hands={0: [card]})
    legal = [a["planet"] for a in GAME.legal_actions(s, 0) if a["type"] == "jump"]
    assert legal == ["freezer", "hazard"]
    s = act(s, 0, {"type": "jump", "card": card, "planet": "hazard"})
    assert s["ships"][0] == "hazard" and s["gate"][0] == 1 and s["chips"][0] == 19
    assert s["discard"] == [card] and card not in s["hands"][0]
    account(s)


def test_R14_jump_refusals():
    card = card_with(("jump", 1))
    s = at(build(hands={0: [card]}), 0, "hazard")
    refused(s, 0, {"type": "jump", "card": card, "planet": "hazard"}, "same_planet")
    refused(s, 0, {"type": "jump", "card": card, "planet": "quartz"}, "coordinate_mismatch")
    refused(s, 0, {"type": "jump", "card": "c60", "planet": "freezer"}, "card_not_in_hand")
    refused(s, 0, {"type": "jump", "card": card, "planet": "caldera"}, "unknown_planet")
    land = card_with(("scan", 1), ("landing", 1))
    s = build(hands={0: [land]})
    refused(s, 0, {"type": "jump", "card": land, "planet": "freezer"}, "coordinate_mismatch")


def test_R3_R14_joker_jumps_anywhere_else():
    joker = card_with(("jump", "?"))
    s = at(build(hands={0: [joker]}), 0, "quartz")
    legal = {a["planet"] for a in GAME.legal_actions(s, 0) if a["type"] == "jump"}
    assert legal == set(s["ring"]) - {"quartz"}
    s = act(s, 0, {"type": "jump", "card": joker, "planet": "iron-forge"})
    assert s["ships"][0] == "iron-forge"


def test_R5_ruling_no_chip_no_jump():
    card = card_with(("jump", 1))
    s = build(hands={0: [card]}, gate=[20, 0, 0, 0])
    assert s["chips"][0] == 0
    refused(s, 0, {"type": "jump", "card": card, "planet": "hazard"}, "no_chip")
    assert not [a for a in GAME.legal_actions(s, 0) if a["type"] == "jump"]


def test_R15_fly_to_a_neighbour_only():
    s = at(build(), 0, "hazard")
    flights = [a["planet"] for a in GAME.legal_actions(s, 0) if a["type"] == "fly"]
    assert sorted(flights) == ["freezer", "green-heggar"]
    refused(s, 0, {"type": "fly", "planet": "quartz"}, "not_neighbour")
    refused(s, 0, {"type": "fly", "planet": "hazard"}, "same_planet")
    t = act(s, 0, {"type": "fly", "planet": "freezer"})
    assert t["ships"][0] == "freezer" and t["gate"] == s["gate"] and t["hands"] == s["hands"]
    refused(build(), 0, {"type": "fly", "planet": "hazard"}, "on_gate")


# ---------------------------------------------------------------- Scan


def scan_state(stack, card=None, **fields):
    card = card or card_with(("scan", 4))
    return at(build(hands={0: [card]}, stacks={"hazard": stack}, **fields), 0, "hazard"), card


def test_R16_scan_reserves_chosen_tile():
    s, card = scan_state([RED[0], WATER[0], SPACE[0]])
    s = act(s, 0, {"type": "scan", "card": card})
    assert s["looking"] == {"seat": 0, "planet": "hazard", "purpose": "scan"}
    assert GAME.legal_actions(s, 0) == [
        {"type": "pick", "tile": RED[0]},
        {"type": "pick", "tile": WATER[0]},
    ]
    refused(s, 0, {"type": "restock", "discard": []}, "must_pick")
    refused(s, 0, {"type": "pick", "tile": RED[1]}, "tile_not_in_stack")
    s = act(s, 0, {"type": "pick", "tile": WATER[0]})
    assert s["reservations"] == {"hazard": [[0, WATER[0]]]}
    assert s["chips"][0] == 19 and sorted(s["stacks"]["hazard"]) == sorted([RED[0], SPACE[0]])
    assert s["scanned"] == {"hazard": [0]} and s["looking"] is None
    account(s)


def test_R16_scan_refusals():
    s, card = scan_state([RED[0]], stations={"hazard": 1})
    refused(s, 0, {"type": "scan", "card": card}, "planet_colonised")
    s, card = scan_state([RED[0]], card=card_with(("scan", 3)))
    refused(s, 0, {"type": "scan", "card": card}, "coordinate_mismatch")
    s, card = scan_state([RED[0]])
    refused(at(s, 0, "gate"), 0, {"type": "scan", "card": card}, "on_gate")


def test_R5_ruling_no_chip_no_scan():
    s, card = scan_state([RED[0]], gate=[20, 0, 0, 0])
    refused(s, 0, {"type": "scan", "card": card}, "no_chip")


def test_R16_scan_joker():
    s, card = scan_state([RED[0]], card=card_with(("scan", "?")))
    s = act(s, 0, {"type": "scan", "card": card})
    assert s["looking"]["purpose"] == "scan"


def test_R25_O5_space_tiles_cannot_be_taken():
    s, card = scan_state([RED[0], SPACE[0]])
    s = act(s, 0, {"type": "scan", "card": card})
    refused(s, 0, {"type": "pick", "tile": SPACE[0]}, "space_tile")


def test_R17_all_space_stack_gives_nothing_and_turns_face_up():
    s, card = scan_state(SPACE[:3])
    s = act(s, 0, {"type": "scan", "card": card})
    assert s["looking"] is None and s["revealed"] == ["hazard"]
    assert s["scanned"] == {"hazard": [0]} and s["discard"] == [card]
    assert s["chips"][0] == 20 and s["undo"] == []  # a look: an undo barrier
    assert GAME.view(s, 1)["ring"][1]["face_up_space"] == [
        {"id": t, "kind": "space", "colour": None} for t in SPACE[:3]
    ]
    account(s)


def test_R17_ruling_scanning_face_up_space_is_legal_and_counts():
    s, card = scan_state(SPACE[:2], revealed=["hazard"], gate=[20, 0, 0, 0])
    assert {"type": "scan", "card": card} in GAME.legal_actions(s, 0)  # no chip needed
    s = act(s, 0, {"type": "scan", "card": card})
    assert s["scanned"] == {"hazard": [0]} and s["revealed"] == ["hazard"]


def test_R18_scanning_twice_makes_two_reservations():
    c1 = card_with(("scan", 4))
    c2 = card_with(("scan", 4), exclude=(c1,))
    s = at(build(hands={0: [c1, c2]}, stacks={"hazard": [RED[0], RED[1], SPACE[0]]}), 0, "hazard")
    s = act(s, 0, {"type": "scan", "card": c1})
    s = act(s, 0, {"type": "pick", "tile": RED[0]})
    s = act(s, 0, {"type": "scan", "card": c2})
    s = act(s, 0, {"type": "pick", "tile": RED[1]})
    assert s["reservations"]["hazard"] == [[0, RED[0]], [0, RED[1]]]
    assert s["revealed"] == ["hazard"]  # R24: only space is left
    account(s)


# ---------------------------------------------------------------- Colonise


def colonise_state(stack, hand, scanned=True, **fields):
    s = build(hands={0: hand}, stacks={"hazard": stack}, **fields)
    if scanned:
        s["scanned"] = {"hazard": [0]}
    return at(s, 0, "hazard")


def test_R19_colonise_needs_a_scan_first():
    a = card_with(("landing", 3))
    b = card_with(("landing", 3), exclude=(a,))
    s = colonise_state([RED[0]], [a, b], scanned=False)
    refused(s, 0, {"type": "colonise", "cards": [a, b]}, "not_scanned")


def test_R19_equal_landing_coordinates_need_two_matching_cards():
    a = card_with(("landing", 3))
    b = card_with(("landing", 3), exclude=(a,))
    other = card_with(("landing", 4))
    s = colonise_state([RED[0]], [a, b, other])
    legal = [a_["cards"] for a_ in GAME.legal_actions(s, 0) if a_["type"] == "colonise"]
    assert legal == [sorted([a, b])]
    refused(s, 0, {"type": "colonise", "cards": [a, other]}, "coordinate_mismatch")
    refused(s, 0, {"type": "colonise", "cards": [a, a]}, "bad_action")
    s = act(s, 0, {"type": "colonise", "cards": [b, a]})
    assert s["stations"] == {"hazard": 0}


def test_R19_orange_joker_matches_either_landing():
    joker = card_with(("landing", "?"))
    three = card_with(("landing", 3))
    s = colonise_state([RED[0]], [joker, three])
    s = act(s, 0, {"type": "colonise", "cards": [joker, three]})
    assert s["stations"] == {"hazard": 0}


def test_R20_colonise_pays_every_reservation_and_returns_chips():
    a = card_with(("landing", 3))
    b = card_with(("landing", 3), exclude=(a,))
    reservations = {"hazard": [[1, RED[1]], [0, RED[2]], [1, WATER[1]]]}
    s = colonise_state([MEDAL[0], WATER[0], SPACE[0]], [a, b], reservations=reservations)
    assert s["chips"][:2] == [19, 18]
    s = act(s, 0, {"type": "colonise", "cards": [a, b]})
    assert s["collections"][1] == [RED[1], WATER[1]] and s["collections"][0] == [RED[2]]
    assert s["chips"][:2] == [19, 20] and "hazard" not in s["reservations"]
    assert s["looking"] == {"seat": 0, "planet": "hazard", "purpose": "colonise"}
    s = act(s, 0, {"type": "pick", "tile": MEDAL[0]})
    assert s["collections"][0] == [RED[2], MEDAL[0]]
    refused(s, 0, {"type": "scan", "card": "c01"}, "card_not_in_hand")
    account(s)


def test_R20_colonising_a_face_up_space_planet_takes_no_tile():
    a = card_with(("landing", 3))
    b = card_with(("landing", 3), exclude=(a,))
    s = colonise_state(SPACE[:2], [a, b], revealed=["hazard"])
    s = act(s, 0, {"type": "colonise", "cards": [a, b]})
    assert s["stations"] == {"hazard": 0} and s["looking"] is None
    assert s["collections"][0] == [] and s["stacks"]["hazard"] == SPACE[:2]
    account(s)


def test_R5_ruling_no_chip_no_station():
    a = card_with(("landing", 3))
    b = card_with(("landing", 3), exclude=(a,))
    s = colonise_state([RED[0]], [a, b], gate=[20, 0, 0, 0])
    refused(s, 0, {"type": "colonise", "cards": [a, b]}, "no_chip")


def test_R20_a_colonised_planet_cannot_be_colonised_or_scanned_again():
    a = card_with(("landing", 3))
    b = card_with(("landing", 3), exclude=(a,))
    s = colonise_state([RED[0]], [a, b], stations={"hazard": 2})
    refused(s, 0, {"type": "colonise", "cards": [a, b]}, "planet_colonised")


# ---------------------------------------------------------------- Discover and R24


def test_R21_discover_takes_a_chosen_point_tile():
    s = at(
        build(stacks={"hazard": [RED[0], WATER[0], SPACE[0]]}, stations={"hazard": 3}), 0, "hazard"
    )
    hand = list(s["hands"][0])
    s = act(s, 0, {"type": "discover"})
    assert s["looking"]["purpose"] == "discover" and s["hands"][0] == hand
    s = act(s, 0, {"type": "pick", "tile": RED[0]})
    assert s["collections"][0] == [RED[0]] and s["revealed"] == []
    s = act(s, 0, {"type": "discover"})
    s = act(s, 0, {"type": "pick", "tile": WATER[0]})
    assert s["revealed"] == ["hazard"]  # R24
    account(s)


def test_R21_discover_refusals():
    s = at(build(stacks={"hazard": [RED[0]]}), 0, "hazard")
    refused(s, 0, {"type": "discover"}, "not_colonised")
    s = at(build(stacks={"hazard": SPACE[:2]}, stations={"hazard": 1}), 0, "hazard")
    refused(s, 0, {"type": "discover"}, "no_point_tile")
    refused(at(s, 0, "gate"), 0, {"type": "discover"}, "on_gate")


def test_R22_played_cards_go_to_the_discard_pile():
    jump = card_with(("jump", 1))
    s, scan = scan_state([RED[0]])
    s["hands"][0] = sorted([scan, jump])
    s["draw"].remove(jump)
    s = act(s, 0, {"type": "scan", "card": scan})
    s = act(s, 0, {"type": "pick", "tile": RED[0]})
    s = act(s, 0, {"type": "jump", "card": jump, "planet": "freezer"})
    assert s["discard"] == [scan, jump]


def test_R24_a_stack_emptied_of_point_tiles_turns_face_up_only_if_space_is_left():
    s = at(build(stacks={"hazard": [RED[0]]}, stations={"hazard": 3}), 0, "hazard")
    s = act(act(s, 0, {"type": "discover"}), 0, {"type": "pick", "tile": RED[0]})
    assert s["stacks"]["hazard"] == [] and s["revealed"] == []


def test_R5_R17_scanning_an_empty_stack_needs_no_chip_and_counts():
    s, card = scan_state([], gate=[20, 0, 0, 0])
    assert {"type": "scan", "card": card} in GAME.legal_actions(s, 0)
    s = act(s, 0, {"type": "scan", "card": card})
    assert s["scanned"] == {"hazard": [0]} and s["looking"] is None and s["revealed"] == []
    account(s)
