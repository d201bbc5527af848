"""Each reason code of ``why_not`` (contract 4), named with the rule that closes the action."""

from __future__ import annotations

from games.space_mission import GAME
from tests.games.space_mission.builder import SPACE, act, build, card_with, tiles_of

WATER = tiles_of("water")


def why(state, seat=0):
    return GAME.why_not(state, seat)


def at(state, card, seat=0):
    """A card's place in the hand: option keys name cards by place, never by id."""
    return state["hands"][seat].index(card)


def code(state, key, seat=0):
    return why(state, seat)[key]["code"]


def test_R10_not_your_turn_names_whose_turn_it_is_and_game_over_closes_all():
    s = build(2, seat=1)
    assert why(s, 0)["restock"] == {"code": "not_your_turn", "args": {"seat": 1}}
    assert "restock" not in why(s, 1)
    s["phase"], s["active"] = "over", []
    assert {r["code"] for r in why(s, 1).values()} == {"game_over"}


def test_R10_O2_turn_done_turn_not_done_and_the_undo_reasons():
    s = build(2)
    assert why(s)["confirm"] == {"code": "turn_not_done", "args": {"done": 0, "needed": 2}}
    assert code(s, "undo") == "nothing_to_undo"
    card = card_with(("jump", 2))
    s = act(build(2, hands={0: [card]}), 0, {"type": "jump", "card": card, "planet": "ruby-red"})
    assert "undo" not in why(s)
    s = act(s, 0, {"type": "restock", "discard": []})  # draws: an undo barrier
    assert code(s, "undo") == "undo_barrier"
    assert {code(s, k) for k in ("restock", "jump", "fly", "scan")} == {"turn_done"}
    assert "confirm" not in why(s)


def test_O4_O5_a_look_must_end_with_a_pick_and_space_tiles_cannot_be_taken():
    c = card_with(("scan", 4))
    s = build(2, hands={0: [c]}, stacks={"hazard": [WATER[0], SPACE[0]]})
    s["ships"] = ["hazard", "gate"]
    s = act(s, 0, {"type": "scan", "card": c})
    assert why(s)["restock"] == {"code": "must_pick", "args": {"planet": "hazard"}}
    assert code(s, "undo") == code(s, "confirm") == "must_pick"
    stack = sorted([WATER[0], SPACE[0]])  # as the seat's view lists it
    assert code(s, f"pick:{stack.index(SPACE[0])}") == "space_tile"
    assert f"pick:{stack.index(WATER[0])}" not in why(s)
    assert code(build(2), "pick") == "not_looking"


def test_R11_R15_on_the_jump_gate_no_fly_scan_colonise_or_discover():
    s = build(2)
    assert {code(s, k) for k in ("fly", "scan", "colonise", "discover")} == {"on_gate"}


def test_R5_no_chip_for_the_probe_the_reservation_or_the_station():
    c = card_with(("jump", 2), ("scan", 4))
    s = build(2, hands={0: [c]}, scanned={"hazard": [0]})
    s["ships"], s["chips"] = ["hazard", "gate"], [0, 20]
    r = why(s)
    assert r["jump"]["args"] == {"use": "probe"} and r["scan"]["args"] == {"use": "reservation"}
    assert r["colonise"] == {"code": "no_chip", "args": {"use": "station"}}


def test_R14_a_card_without_a_blue_coordinate_or_leading_only_here():
    no_blue = card_with(("scan", 1), ("landing", 1))
    blue4 = card_with(("jump", 4))
    s = build(2, hands={0: sorted([no_blue, blue4])})
    s["ring"] = [p if p != "sandstorm" else "caldera" for p in s["ring"]]
    s["stacks"] = {("caldera" if p == "sandstorm" else p): t for p, t in s["stacks"].items()}
    s["ships"] = ["quartz", "gate"]  # the only planet with blue 4
    r = why(s)
    assert r[f"jump:{at(s, no_blue)}"] == {"code": "no_coordinate", "args": {"colour": "jump"}}
    only_here = r[f"jump:{at(s, blue4)}"]
    assert only_here["code"] == "no_target" and only_here["args"]["value"] == 4
    assert r["jump"] == {"code": "no_card", "args": {"colour": "jump"}}


def test_R16_scan_needs_the_green_coordinate_and_no_station():
    other = card_with(("scan", 1))
    s = build(2, hands={0: [other]})
    s["ships"] = ["hazard", "gate"]
    r = why(s)
    assert r[f"scan:{at(s, other)}"]["code"] == "coordinate_mismatch"
    assert r["scan"] == {
        "code": "no_card",
        "args": {"colour": "scan", "value": 4, "planet": "hazard"},
    }
    s = build(2, hands={0: [card_with(("scan", 4))]}, stations={"hazard": 1})
    s["ships"] = ["hazard", "gate"]
    expected = {"code": "planet_colonised", "args": {"planet": "hazard", "seat": 1}}
    assert why(s)["scan"] == expected and why(s)["colonise"] == expected


def test_R19_colonise_needs_a_scan_and_two_fitting_cards():
    three = card_with(("landing", 3))
    s = build(2, hands={0: [three]})
    s["ships"] = ["hazard", "gate"]
    assert why(s)["colonise"] == {"code": "not_scanned", "args": {"planet": "hazard"}}
    one = card_with(("landing", 1))
    s = build(2, hands={0: sorted([three, one])}, scanned={"hazard": [0]})
    s["ships"] = ["hazard", "gate"]
    r = why(s)
    assert r[f"colonise:{at(s, three)}"]["code"] == "no_partner"
    assert r[f"colonise:{at(s, one)}"]["code"] == "coordinate_mismatch"
    assert r["colonise"]["code"] == "no_card_pair" and r["colonise"]["args"]["value"] == [3, 3]


def test_R21_discover_needs_a_station_and_a_point_tile():
    s = build(2)
    s["ships"] = ["hazard", "gate"]
    assert why(s)["discover"] == {"code": "not_colonised", "args": {"planet": "hazard"}}
    s = build(2, stations={"hazard": 1}, stacks={"hazard": SPACE[:2]})
    s["ships"], s["revealed"] = ["hazard", "gate"], ["hazard"]
    assert why(s)["discover"] == {"code": "no_point_tile", "args": {"planet": "hazard"}}
