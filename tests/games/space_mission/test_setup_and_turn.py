"""R1-R10, R26 and O1-O3: components, setup, the two-action turn, undo and confirm."""

from __future__ import annotations

import pytest

from games import gamelog
from games.core import IllegalAction
from games.space_mission import GAME
from games.space_mission.data import (
    CARDS,
    CHIPS,
    END_THRESHOLD,
    HAND_SIZE,
    PLANETS,
    STACK_SIZE,
    TILES,
)
from tests.games.space_mission.builder import SPACE, account, act, build, card_with, tiles_of


def refused(state, seat, action, code):
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, seat, action)
    assert err.value.code == code
    return err.value


def test_R1_twelve_planets_with_four_coordinates_each():
    assert len(PLANETS) == 12
    for p in PLANETS.values():
        assert all(1 <= v <= 4 for v in (p.jump, p.scan, *p.landing))


def test_R3_sixty_cards_with_two_coordinates_of_different_colours():
    assert len(CARDS) == 60
    for card in CARDS.values():
        colours = [c for c, _ in card.coords]
        assert len(colours) == 2 and len(set(colours)) == 2
        assert all(v == "?" or 1 <= v <= 4 for _, v in card.coords)


def test_R4_sixty_four_tiles_forty_eight_score():
    kinds = [t.kind for t in TILES.values()]
    assert len(TILES) == 64 and kinds.count("space") == 16
    assert (kinds.count("ore"), kinds.count("alien"), kinds.count("matter")) == (16, 10, 8)
    assert (kinds.count("water"), kinds.count("medal")) == (8, 6)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_R5_R6_R7_R8_setup(players):
    s = GAME.setup(players, {}, 11)
    assert len(s["ring"]) == 8 == len(set(s["ring"]))
    assert all(len(s["stacks"][p]) == STACK_SIZE for p in s["ring"])
    assert s["chips"] == [CHIPS] * players and s["gate"] == [0] * players
    assert s["ships"] == ["gate"] * players
    assert all(len(h) == HAND_SIZE for h in s["hands"])
    assert len(s["draw"]) == 60 - HAND_SIZE * players and s["discard"] == []
    account(s)


def test_R6_neighbours_are_the_ring_sides():
    v = GAME.view(build(), 0)
    ring = [p["id"] for p in v["ring"]]
    for i, p in enumerate(v["ring"]):
        assert set(p["neighbours"]) == {ring[i - 1], ring[(i + 1) % 8]}


def test_R9_O1_start_player_is_random_and_active():
    starts = {GAME.setup(4, {}, seed)["start"] for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    s = GAME.setup(3, {}, 5)
    assert GAME.active_seats(s) == [s["start"]] and s["seat"] == s["start"]


def test_setup_is_deterministic_and_refuses_bad_player_counts():
    assert GAME.setup(4, {}, 9) == GAME.setup(4, {}, 9)
    assert GAME.setup(4, {}, 9) != GAME.setup(4, {}, 10)
    for bad in (1, 6):
        with pytest.raises(ValueError):
            GAME.setup(bad, {}, 0)


def test_R10_two_actions_then_confirm_passes_clockwise():
    s = build(3, seat=2)
    refused(s, 2, {"type": "confirm"}, "turn_not_done")
    s = act(s, 2, {"type": "restock", "discard": []})
    refused(s, 2, {"type": "confirm"}, "turn_not_done")
    s = act(s, 2, {"type": "restock", "discard": []})
    refused(s, 2, {"type": "restock", "discard": []}, "turn_done")
    assert GAME.legal_actions(s, 2) == [{"type": "confirm"}, {"type": "undo"}]
    s = act(s, 2, {"type": "confirm"})
    assert s["active"] == [0] and s["actions_done"] == 0 and s["round"] == 1
    refused(s, 2, {"type": "restock", "discard": []}, "not_your_turn")
    for seat in (0, 1):
        for _ in range(2):
            s = act(s, seat, {"type": "restock", "discard": []})
        s = act(s, seat, {"type": "confirm"})
    assert s["active"] == [2] and s["round"] == 2


def test_R10_the_same_action_may_be_taken_twice():
    hazard = card_with(("jump", 1))
    other = card_with(("jump", 1), exclude=(hazard,))
    s = build(hands={0: [hazard, other]})
    s = act(s, 0, {"type": "jump", "card": hazard, "planet": "hazard"})
    s = act(s, 0, {"type": "jump", "card": other, "planet": "freezer"})
    assert s["gate"][0] == 2 and s["ships"][0] == "freezer"


def end_near(players):
    """A state one reveal short of the end: face-up space on some planets."""
    threshold = END_THRESHOLD[players]
    stacks, left = {}, threshold - 1
    for planet in ("freezer", "hazard", "green-heggar", "ruby-red", "dusty-rose"):
        if left <= 0:
            break
        n = min(3, left)
        stacks[planet] = SPACE[len(SPACE) - left : len(SPACE) - left + n]
        left -= n
    revealed = list(stacks)
    water = tiles_of("water")[0]
    stacks["sandstorm"] = [water, SPACE[0]]
    return stacks, revealed, water


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_R26_end_threshold_per_player_count(players):
    stacks, revealed, water = end_near(players)
    s = build(
        players,
        seat=1,
        stacks=stacks,
        revealed=revealed,
        ships=["gate"] * (players - 1) + ["sandstorm"],
        stations={"sandstorm": 0},
    )
    s["ships"] = ["sandstorm"] * players
    s = act(s, 1, {"type": "discover"})
    assert not s["ending"]
    s = act(s, 1, {"type": "pick", "tile": water})
    assert s["ending"] and GAME.view(s, None)["face_up_space"] == END_THRESHOLD[players]


def test_R26_end_in_mid_round_completes_the_round():
    stacks, revealed, water = end_near(4)
    s = build(4, seat=1, stacks=stacks, revealed=revealed, stations={"sandstorm": 3})
    s["start"] = 3  # seat 1 is mid-round: seats 2 still plays, then the game ends
    s["ships"] = ["sandstorm"] * 4
    s = act(s, 1, {"type": "discover"})
    s = act(s, 1, {"type": "pick", "tile": water})
    s = act(s, 1, {"type": "restock", "discard": []})
    assert s["ending"] and s["phase"] == "play"
    s = act(s, 1, {"type": "confirm"})
    assert s["active"] == [2] and s["phase"] == "play"
    s = act(s, 2, {"type": "restock", "discard": []})
    s = act(s, 2, {"type": "restock", "discard": []})
    s = act(s, 2, {"type": "confirm"})
    assert s["phase"] == "over" and s["active"] == [] and GAME.result(s) is not None
    assert GAME.legal_actions(s, 3) == []
    refused(s, 3, {"type": "confirm"}, "game_over")


def test_O2_undo_restores_the_state_exactly():
    card = card_with(("jump", 2))
    s0 = build(hands={0: [card]})
    s1 = act(s0, 0, {"type": "jump", "card": card, "planet": "ruby-red"})
    s2 = act(s1, 0, {"type": "fly", "planet": "green-heggar"})
    back = act(s2, 0, {"type": "undo"})
    assert {k: v for k, v in back.items() if k != "log"} == {
        k: v for k, v in s1.items() if k != "log"
    }
    old, new = gamelog.lines(s2["log"]), gamelog.lines(back["log"])
    assert new[: len(old)] == old and new[-1]["kind"] == "undo" and len(new) == len(old) + 1
    back = act(back, 0, {"type": "undo"})
    assert {k: v for k, v in back.items() if k != "log"} == {
        k: v for k, v in s0.items() if k != "log"
    }
    refused(back, 0, {"type": "undo"}, "nothing_to_undo")


def test_O2_no_undo_past_a_draw():
    s = build(hands={0: [card_with(("jump", 1))]})
    s = act(s, 0, {"type": "restock", "discard": []})
    assert len(s["hands"][0]) == 5
    refused(s, 0, {"type": "undo"}, "undo_barrier")
    s = act(s, 0, {"type": "restock", "discard": []})  # draws nothing: may be undone
    assert s["undo"]
    s = act(s, 0, {"type": "undo"})
    refused(s, 0, {"type": "undo"}, "undo_barrier")


def test_O2_undo_after_a_look_refused():
    card = card_with(("scan", 4))
    ore = tiles_of("ore", "red")[0]
    s = build(hands={0: [card]}, stacks={"hazard": [ore, SPACE[0]]})
    s["ships"] = ["hazard", "gate", "gate", "gate"]
    s = act(s, 0, {"type": "scan", "card": card})
    refused(s, 0, {"type": "undo"}, "must_pick")
    s = act(s, 0, {"type": "pick", "tile": ore})
    refused(s, 0, {"type": "undo"}, "undo_barrier")
    assert {"type": "undo"} not in GAME.legal_actions(s, 0)


def test_O2_confirm_needs_no_pending_pick():
    card = card_with(("scan", 4))
    s = build(hands={0: [card]}, stacks={"hazard": [tiles_of("medal")[0]]})
    s["ships"] = ["hazard", "gate", "gate", "gate"]
    s = act(s, 0, {"type": "restock", "discard": []})
    s = act(s, 0, {"type": "scan", "card": card})
    assert s["actions_done"] == 2
    refused(s, 0, {"type": "confirm"}, "must_pick")
    assert not GAME.view(s, 0)["turn"]["can_confirm"]


def test_O3_restock_discards_a_set_and_refuses_bad_sets():
    a, b = card_with(("jump", 1)), card_with(("jump", 2))
    s = build(hands={0: [a, b]})
    refused(s, 0, {"type": "restock", "discard": [a, a]}, "bad_action")
    refused(s, 0, {"type": "restock", "discard": ["c99"]}, "card_not_in_hand")
    refused(s, 0, {"type": "restock", "discard": a}, "bad_action")
    s = act(s, 0, {"type": "restock", "discard": [b, a]})
    assert a not in s["hands"][0] and b not in s["hands"][0] and len(s["hands"][0]) == 5
    assert s["discard"] == [b, a]
    account(s)


@pytest.mark.parametrize(
    "action, code",
    [
        ({}, "bad_action"),
        ({"type": 3}, "bad_action"),
        ({"type": "x" * 10_000}, "bad_action"),
        ({"type": "teleport"}, "unknown_action"),
        ({"type": "jump"}, "bad_action"),
        ({"type": "jump", "card": 10**100, "planet": "hazard"}, "bad_action"),
        ({"type": "jump", "card": "c01", "planet": ["hazard"]}, "bad_action"),
        ({"type": "jump", "card": "c01", "planet": "h\u00e4z\u0000\ud83d\ude80"}, "unknown_planet"),
        ({"type": "fly", "planet": None}, "bad_action"),
        ({"type": "colonise", "cards": "c01c02"}, "bad_action"),
        ({"type": "colonise", "cards": ["c01"]}, "bad_action"),
        ({"type": "restock", "discard": [1, 2]}, "bad_action"),
        ({"type": "restock"}, "bad_action"),
        ({"type": "restock", "discard": [], "extra": 1}, "bad_action"),
        ({"type": "confirm", "now": True}, "bad_action"),
        ({"type": "pick", "tile": "t01"}, "not_looking"),
        ({"type": "discover", "planet": {}}, "bad_action"),
    ],
)
def test_malformed_actions_raise_bad_action_only(action, code):
    s = build(hands={0: ["c01"]})
    refused(s, 0, action, code)


def test_a_non_object_action_is_bad_action():
    for junk in (None, "jump", 7, ["restock"]):
        refused(build(), 0, junk, "bad_action")


def dead_end_near() -> tuple[dict, str]:
    """Two seats; seat 0 holds the last chip of the table and a card to jump with; the
    only station's stack holds space tiles alone."""
    card = card_with(("jump", 2))
    s = build(2, hands={0: [card]}, stations={"hazard": 1}, stacks={"hazard": SPACE[:2]})
    s["chips"] = [1, 0]
    s["revealed"] = ["hazard"]
    return s, card


def test_R26_dead_end_no_chip_and_no_tile_under_a_station_ends_after_the_round():
    s, card = dead_end_near()
    s = act(s, 0, {"type": "jump", "card": card, "planet": "ruby-red"})
    assert s["ending"] and s["phase"] == "play"
    assert gamelog.lines(s["log"])[-1]["kind"] == "dead_end"
    back = act(s, 0, {"type": "undo"})  # the chip is back: no dead end
    assert not back["ending"]
    s = act(s, 0, {"type": "restock", "discard": []})
    s = act(s, 0, {"type": "confirm"})
    assert s["phase"] == "play" and s["active"] == [1]  # the round is completed
    s = act(s, 1, {"type": "restock", "discard": []})
    s = act(s, 1, {"type": "restock", "discard": []})
    s = act(s, 1, {"type": "confirm"})
    assert s["phase"] == "over" and GAME.result(s) is not None


def test_R26_no_dead_end_while_a_chip_or_a_tile_under_a_station_is_left():
    s, card = dead_end_near()
    s["chips"] = [2, 0]
    assert not act(s, 0, {"type": "jump", "card": card, "planet": "ruby-red"})["ending"]
    s, card = dead_end_near()
    water = tiles_of("water")[0]
    s["stacks"] = {**s["stacks"], "hazard": [water, SPACE[0]]}
    s["revealed"] = []
    s = act(s, 0, {"type": "jump", "card": card, "planet": "ruby-red"})
    assert not s["ending"]  # a Discover on Hazard can still take the water
