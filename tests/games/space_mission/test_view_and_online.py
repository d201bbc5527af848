"""O4, O6, O7, O8 and the per-seat view: who sees what, memory, the log, the end."""

from __future__ import annotations

import json

from games import gamelog
from games.space_mission import GAME
from games.space_mission.privacy import hidden_ids
from games.space_mission.scoring import gate_standing
from tests.games.playout import playout
from tests.games.space_mission.builder import SPACE, act, build, card_with, tiles_of

RED = tiles_of("ore", "red")
WATER = tiles_of("water")


def scanned_state():
    """Seat 0 has scanned Hazard and is choosing; seat 1 remembers Hazard from before."""
    c1 = card_with(("scan", 4))
    s = build(hands={0: [c1]}, stacks={"hazard": [RED[0], WATER[0], SPACE[0]]})
    s["ships"] = ["hazard", "hazard", "gate", "gate"]
    s["memory"] = [
        {},
        {"hazard": {"tiles": sorted([RED[0], WATER[0], SPACE[0]]), "taken_since": 0}},
        {},
        {},
    ]
    return act(s, 0, {"type": "scan", "card": c1})


def ids_in(value):
    text = json.dumps(value)
    return {w for w in text.replace('"', " ").split() if w[:1] in "ct" and w[1:].isdigit()}


def test_O4_only_the_looking_seat_sees_the_stack():
    s = scanned_state()
    mine = GAME.view(s, 0)
    assert mine["me"]["looking"]["stack"] == [
        {"id": t, "kind": k, "colour": c}
        for t, k, c in sorted(
            [(RED[0], "ore", "red"), (WATER[0], "water", None), (SPACE[0], "space", None)]
        )
    ]
    for seat in (1, 2, None):
        v = GAME.view(s, seat)
        assert v["turn"]["looking"] == {"planet": "hazard", "purpose": "scan"}
        assert v["legal"] == []
        assert seat is None or v["me"]["looking"] is None
    assert {a["type"] for a in mine["legal"]} == {"pick"}


def test_O6_own_reservations_visible_others_see_counts():
    s = act(scanned_state(), 0, {"type": "pick", "tile": WATER[0]})
    mine, theirs, spectator = GAME.view(s, 0), GAME.view(s, 1), GAME.view(s, None)
    assert mine["me"]["reservations"] == {
        "hazard": [{"id": WATER[0], "kind": "water", "colour": None}]
    }
    assert theirs["me"]["reservations"] == {} and spectator["me"] is None
    for v in (mine, theirs, spectator):
        assert v["ring"][1]["reservations"] == [1, 0, 0, 0]
        assert v["players"][0]["reservation_count"] == 1
    # Seat 1 still remembers the water from its own earlier look (O7); seat 2 never saw it.
    assert WATER[0] in json.dumps(theirs)
    assert WATER[0] not in json.dumps(GAME.view(s, 2)) and WATER[0] not in json.dumps(spectator)


def test_O7_memory_after_own_pick_and_count_of_others_takes():
    s = act(scanned_state(), 0, {"type": "pick", "tile": WATER[0]})
    assert GAME.view(s, 0)["me"]["memory"] == {
        "hazard": {
            "tiles": [
                {"id": t, "kind": k, "colour": c}
                for t, k, c in sorted([(RED[0], "ore", "red"), (SPACE[0], "space", None)])
            ],
            "taken_since": 0,
        }
    }
    theirs = GAME.view(s, 1)["me"]["memory"]["hazard"]
    assert theirs["taken_since"] == 1 and len(theirs["tiles"]) == 3  # still remembers water
    assert GAME.view(s, 2)["me"]["memory"] == {}


def test_O7_a_new_look_replaces_the_memory():
    s = act(scanned_state(), 0, {"type": "pick", "tile": WATER[0]})
    s = act(s, 0, {"type": "restock", "discard": []})
    s = act(s, 0, {"type": "confirm"})
    card = card_with(("scan", 4))
    s["hands"][1] = sorted([*s["hands"][1], card]) if card not in s["hands"][1] else s["hands"][1]
    if card in s["draw"]:
        s["draw"].remove(card)
    elif card in s["discard"]:
        s["discard"].remove(card)
    s = act(s, 1, {"type": "scan", "card": card})
    s = act(s, 1, {"type": "pick", "tile": RED[0]})
    assert GAME.view(s, 1)["me"]["memory"]["hazard"] == {
        "tiles": [{"id": SPACE[0], "kind": "space", "colour": None}],
        "taken_since": 0,
    }
    assert GAME.view(s, 0)["me"]["memory"]["hazard"]["taken_since"] == 1


def test_log_lines_name_no_hidden_tile_and_private_lines_stay_private():
    s = act(scanned_state(), 0, {"type": "pick", "tile": WATER[0]})
    public = [e for e in gamelog.lines(s["log"]) if not e["private"]]
    assert {"seat": 0, "kind": "reserve", "args": {"planet": "Hazard"}, "private": False} in public
    assert not any("water" in str(e["args"]) for e in public)
    mine = {"planet": "Hazard", "tile": {"kind": "water", "colour": None}}
    assert {"seat": 0, "kind": "reserve_tile", "args": mine, "private": True} in GAME.view(s, 0)[
        "log"
    ]
    for seat in (1, 2, 3, None):
        assert not any(e["private"] for e in GAME.view(s, seat)["log"])


def test_restock_discards_are_counts_for_others():
    a = card_with(("jump", 1))
    s = build(hands={0: [a]})
    s = act(s, 0, {"type": "restock", "discard": [a]})
    assert a not in hidden_ids(s, 0) and a in hidden_ids(s, 1) and a in hidden_ids(s, None)
    assert GAME.view(s, 1)["discard_count"] == 1
    assert ids_in(GAME.view(s, 1)).isdisjoint(hidden_ids(s, 1))


def test_views_never_name_a_hidden_id():
    s = scanned_state()
    for seat in (0, 1, 2, 3, None):
        assert ids_in(GAME.view(s, seat)).isdisjoint(hidden_ids(s, seat))


def test_O8_after_the_end_everything_is_revealed():
    medal = tiles_of("medal")[0]
    s = build(2, collections={1: [medal]}, reservations={"hazard": [[0, RED[3]]]})
    s["ending"] = True
    for seat in (0, 1):
        s = act(s, seat, {"type": "restock", "discard": []})
        s = act(s, seat, {"type": "restock", "discard": []})
        s = act(s, seat, {"type": "confirm"})
    v = GAME.view(s, None)
    assert v["phase"] == "over" and v["result"]["winners"] == [1]
    revealed = v["result"]["revealed"]
    assert revealed[1]["collection"] == [{"id": medal, "kind": "medal", "colour": None}]
    assert revealed[0]["reservations"] == {
        "hazard": [{"id": RED[3], "kind": "ore", "colour": "red"}]
    }
    assert len(revealed[0]["hand"]) == 5
    assert medal not in hidden_ids(s, None)
    assert ids_in(v).isdisjoint(hidden_ids(s, None))


def test_view_shape_for_a_seat_and_a_spectator():
    s = GAME.setup(5, {}, 3)
    seat = s["start"]
    v = GAME.view(s, seat)
    assert v["seat"] == seat and v["me"]["hand"] and v["legal"]
    assert len(v["players"]) == 5 and len(v["ring"]) == 8 and v["end_threshold"] == 12
    assert "rng" not in json.dumps(v) and str(s["rng"]) not in json.dumps(v)
    spectator = GAME.view(s, None)
    assert spectator["me"] is None and spectator["legal"] == []
    assert json.loads(json.dumps(v)) == v


def test_R2_R8_ships_start_on_the_jump_gate_in_the_centre():
    s = GAME.setup(3, {}, 2)
    v = GAME.view(s, None)
    assert v["gate"]["probes"] == [0, 0, 0] and v["gate"]["ships"] == [0, 1, 2]
    nobody = [{"seat": s, "probes": 0, "rank": 1, "points": 0} for s in range(3)]
    assert v["gate"]["standing"] == nobody  # R28: no probe scores nothing
    assert all(p["ship"] == "gate" for p in v["players"])
    assert all(p["ships"] == [] for p in v["ring"])


def test_R28_the_gate_standing_ranks_by_probes_and_ties_share_a_place():
    standing = gate_standing([3, 5, 3, 0])
    assert [(x["rank"], x["points"]) for x in standing] == [(2, 6), (1, 9), (2, 6), (4, 0)]


def test_R30_R33_a_looking_seat_sees_what_each_point_tile_adds_to_its_score():
    s = act(scanned_state(), 0, {"type": "pick", "tile": WATER[0]})
    assert "gains" not in (GAME.view(s, 0)["me"]["looking"] or {})
    looking = GAME.view(scanned_state(), 0)["me"]["looking"]
    stack = [t["id"] for t in looking["stack"]]
    assert set(looking["gains"]) == {t for t in stack if t not in SPACE}
    assert looking["gains"][WATER[0]] == 2  # a first water tile: 2 (R33)


def test_R11_scan_colonise_discover_act_where_the_ship_is():
    scan = card_with(("scan", 4))
    s = build(
        hands={0: [scan]}, stacks={"hazard": [RED[0]], "freezer": [RED[1]]}, stations={"freezer": 2}
    )
    s["ships"] = ["freezer", "gate", "gate", "gate"]
    kinds = {a["type"] for a in GAME.legal_actions(s, 0)}
    assert "discover" in kinds and "scan" not in kinds
    s["ships"] = ["hazard", "gate", "gate", "gate"]
    kinds = {a["type"] for a in GAME.legal_actions(s, 0)}
    assert "scan" in kinds and "discover" not in kinds


def test_R23_own_collection_visible_to_its_owner_only():
    medal = tiles_of("medal")[0]
    s = build(collections={2: [medal]})
    assert GAME.view(s, 2)["me"]["collection"] == [{"id": medal, "kind": "medal", "colour": None}]
    assert GAME.view(s, 2)["me"]["score"]["total"] == 3
    for seat in (0, 1, 3, None):
        v = GAME.view(s, seat)
        assert v["players"][2]["collection_count"] == 1
        assert medal not in json.dumps(v)


def test_log_in_views_equals_the_filtered_log_in_any_order_of_calls():
    from tests.games.playout import playout

    states = [step.new for step in playout(GAME, 3, 21, wander=0.3, cap=400)]
    order = states + states[::-7] + [json.loads(json.dumps(s)) for s in states[::13]]
    for s in order:
        for seat in (0, 1, 2, None):
            expected = [e for e in gamelog.lines(s["log"]) if not e["private"] or e["seat"] == seat]
            assert GAME.view(s, seat)["log"] == expected
    assert gamelog.size(states[-1]["log"]) == len(gamelog.lines(states[-1]["log"])) > 64


def test_apply_returns_exactly_the_lines_it_added_to_the_log():
    from tests.games.playout import playout

    for step in playout(GAME, 4, 5, wander=0.3, cap=150):
        new, added = GAME.apply(step.state, step.seat, step.action)
        before = gamelog.lines(step.state["log"])
        assert gamelog.lines(new["log"]) == before + added and added
        assert all(e["seat"] == step.seat for e in added if e["private"] and e["kind"] != "payout")


def test_O7_ruling_discover_and_colonise_remember_the_stack_as_left_after_the_pick():
    stack = [RED[0], WATER[0], SPACE[0]]
    s = build(stacks={"hazard": list(stack)}, stations={"hazard": 1})
    s["ships"] = ["hazard", "gate", "gate", "gate"]
    s["memory"] = [{}, {}, {"hazard": {"tiles": sorted(stack), "taken_since": 0}}, {}]
    s = act(act(s, 0, {"type": "discover"}), 0, {"type": "pick", "tile": RED[0]})
    assert s["memory"][0]["hazard"] == {"tiles": sorted([WATER[0], SPACE[0]]), "taken_since": 0}
    assert RED[0] in s["collections"][0]
    assert s["memory"][2]["hazard"]["taken_since"] == 1  # another seat took one since
    first = card_with(("landing", 3))  # Hazard lands on orange 3 and 3
    landing = sorted([first, card_with(("landing", 3), exclude=(first,))])
    s = build(hands={0: landing}, stacks={"hazard": list(stack)}, scanned={"hazard": [0]})
    s["ships"] = ["hazard", "gate", "gate", "gate"]
    s = act(s, 0, {"type": "colonise", "cards": landing})
    s = act(s, 0, {"type": "pick", "tile": WATER[0]})
    assert s["memory"][0]["hazard"] == {"tiles": sorted([RED[0], SPACE[0]]), "taken_since": 0}


def test_idle_seats_reasons_are_shared_across_matches_read_back_from_json():
    """A seat that cannot act has the same reasons in every match where the same seat is
    to play; two states read back from JSON (each with strings of its own) share them."""
    options = GAME.info.default_options()
    first, second = (json.loads(json.dumps(GAME.setup(4, options, seed))) for seed in (3, 4))
    for state in (first, second):
        state["seat"], state["active"] = 0, [0]
    assert first["phase"] is not second["phase"]
    idle = [GAME.view(state, 2)["why_not"] for state in (first, second)]
    assert idle[0] is idle[1]
    assert idle[0]["fly"] == {"code": "not_your_turn", "args": {"seat": 0}}
    second["seat"], second["active"] = 1, [1]
    assert GAME.view(second, 2)["why_not"]["fly"]["args"] == {"seat": 1}


def test_a_planet_or_player_an_act_left_as_it_was_is_the_same_object_in_the_next_view():
    """A patch skips shared entries at once: every planet an act leaves showing the same is
    the very entry of the view before, and so is every player, but on a colonise (a new
    station is read from the whole ring)."""
    kept = rebuilt = 0
    for step in playout(GAME, 4, 5):
        before, after = GAME.view(step.state, None), GAME.view(step.new, None)
        parts = [*zip(before["ring"], after["ring"], strict=True)]
        if step.action["type"] != "colonise":
            parts += zip(before["players"], after["players"], strict=True)
        for old, new in parts:
            assert (old is new) == (old == new), (step.action, new)
            kept, rebuilt = kept + (old is new), rebuilt + (old is not new)
    assert kept > rebuilt > 0
