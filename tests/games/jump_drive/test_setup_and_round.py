"""Components, setup, the choice and the round's frame (J1-J16, J38-J45)."""

from __future__ import annotations

import pytest

from games.core import IllegalAction
from games.jump_drive import GAME
from games.jump_drive.data import CARDS, DECK, INSTANCES, SURVEY_TEAMS, card_of
from games.jump_drive.endround import income_order
from games.jump_drive.table import table_order
from tests.games.jump_drive.builder import (
    SURVEY,
    act,
    build,
    choose,
    discard,
    explore,
    find,
    names,
    settle,
)


def test_J1_deck_of_112_and_four_survey_teams_outside_it():
    kinds = [card_of(i) for i in DECK]
    assert len(DECK) == 112 and len(set(DECK)) == 112
    assert sum(c.kind == "development" for c in kinds) == 52
    assert sum(c.is_world and not c.military for c in kinds) == 39
    assert sum(c.military for c in kinds) == 21
    assert len({c.id for c in kinds}) == 71
    assert len(SURVEY_TEAMS) == 4 and not set(SURVEY_TEAMS) & set(DECK)


def test_J2_every_card_has_a_cost_or_defense_icons_vp_and_income():
    for card in CARDS.values():
        assert 0 <= card.cost <= 9
        assert 0 <= card.explore + card.military_icons + card.chromosome <= 3
        assert card.vp >= 0 and card.income >= 0
    assert GAME.view(build(hands={0: ["rebel-base"]}), 0)["me"]["hand"][0]["defense"] == 6


def test_J3_worlds_have_a_colour_and_rebel_worlds_are_grey():
    worlds = [c for c in CARDS.values() if c.is_world]
    assert {c.colour for c in worlds} == {"blue", "brown", "green", "yellow", "grey"}
    rebels = [c for c in worlds if c.rebel]
    assert len(rebels) == 5 and all(c.colour == "grey" and c.military for c in rebels)
    assert all(c.colour is None for c in CARDS.values() if not c.is_world)


def test_J4_explore_markers_never_run_out():
    state = build(players=2)
    for _ in range(9):
        state = settle(explore(explore(state, 0), 1))
    assert state["markers"] == [9, 9]


def test_J5_vp_totals_are_kept_without_a_limit_per_round():
    state = build(empires={0: ["rebel-stronghold"]}, vp=[0, 0])
    state = settle(explore(explore(state, 0), 1))
    assert state["vp"][0] == 9 and state["gains"][0] == [9]


def test_J6_survey_team_and_trade_pact_once_per_empire_other_cards_repeat():
    state = build(
        hands={0: ["trade-pact", "investment-credits"]},
        empires={0: ["trade-pact", SURVEY, "investment-credits"]},
    )
    for dev in (SURVEY, find(state, 0, "trade-pact")):
        with pytest.raises(IllegalAction) as err:
            act(state, 0, {"type": "choose", "development": dev, "world": None, "contact": False})
        assert err.value.code == "one_per_empire"
    state = settle(explore(choose(state, 0, dev="investment-credits"), 1))
    assert names(state["empires"][0]).count("investment-credits") == 2


def test_J7_two_to_four_players():
    for seats in (2, 3, 4):
        assert GAME.setup(seats, {}, 3)["players"] == seats
    for seats in (1, 5):
        with pytest.raises(ValueError):
            GAME.setup(seats, {}, 3)


def test_J8_one_survey_team_per_player_in_the_centre():
    for seats in (2, 3, 4):
        state = GAME.setup(seats, {}, 1)
        assert state["centre"] == list(SURVEY_TEAMS[:seats])
        assert GAME.view(state, None)["centre"][0]["card"] == SURVEY


def test_J9_shuffled_deck_and_random_dealer_from_the_seed():
    a, b = GAME.setup(3, {}, 1), GAME.setup(3, {}, 2)
    assert a == GAME.setup(3, {}, 1) and a["draw"] != b["draw"]
    dealers = {GAME.setup(3, {}, seed)["dealer"] for seed in range(30)}
    assert dealers == {0, 1, 2}
    assert sorted(a["draw"] + [c for h in a["hands"] for c in h]) == sorted(DECK)


def test_J10_deal_seven_keep_five_in_secret_at_once():
    state = GAME.setup(2, {}, 4)
    assert state["phase"] == "keep" and state["active"] == [0, 1]
    assert [len(h) for h in state["hands"]] == [7, 7]
    gone = state["hands"][0][:2]
    state = discard(state, 0, gone)
    assert state["active"] == [1] and len(state["hands"][0]) == 7  # not until all commit
    state = discard(state, 1)
    assert [len(h) for h in state["hands"]] == [5, 5]
    assert set(gone) <= set(state["discard"]) and len(state["discard"]) == 4
    assert state["phase"] == "choose" and state["round"] == 1


def test_J11_empty_empires_and_no_vp_at_the_start():
    state = GAME.setup(4, {}, 2)
    assert state["empires"] == [[], [], [], []] and state["vp"] == [0, 0, 0, 0]


def test_J12_steps_of_a_round_in_order():
    state = build(
        hands={
            0: ["smuggling-lair", "colony-convoy", "comet-zone"],
            1: ["devolved-uplift-race", "comet-zone"],
        },
        empires={0: ["space-marines", "consumer-markets"]},
    )
    state = choose(state, 0, dev="colony-convoy", world="smuggling-lair")
    state = choose(state, 1, world="devolved-uplift-race")
    # Seat 0's payment has no choice (one card for one) and no seat holds a convoy, so the
    # round runs straight through place, scoring and income to the next choice.
    assert state["phase"] == "choose" and state["round"] == 2
    kinds = [e["kind"] for chunk in state["log"] for e in chunk]
    tail = kinds[kinds.index("reveal") :]
    order = [k for k in dict.fromkeys(tail) if k in ("reveal", "draw", "score", "income", "round")]
    assert order == ["reveal", "draw", "score", "income", "round"]


def test_J13_table_order_starts_left_of_the_dealer():
    state = build(players=4, dealer=1)
    assert table_order(state) == [2, 3, 0, 1]


def test_J14_one_development_one_world_both_or_explore():
    state = build(hands={0: ["investment-credits", "colony-convoy", "devolved-uplift-race"]})
    legal = GAME.legal_actions(state, 0)
    assert {"type": "explore"} in legal
    for action in legal:
        if action["type"] == "choose":
            dev, world = action["development"], action["world"]
            assert dev is None or dev == SURVEY or card_of(dev).kind == "development"
            assert world is None or card_of(world).is_world
            assert dev or world
    world = find(state, 0, "devolved-uplift-race")
    dev = find(state, 0, "colony-convoy")
    refused = [
        ({"development": world, "world": None}, "wrong_kind"),
        ({"development": None, "world": dev}, "wrong_kind"),
        ({"development": None, "world": None}, "empty_choice"),
    ]
    for fields, code in refused:
        with pytest.raises(IllegalAction) as err:
            act(state, 0, {"type": "choose", **fields, "contact": False})
        assert err.value.code == code


def test_J14_a_player_who_can_place_nothing_must_explore():
    state = build(hands={0: ["rebel-stronghold"]}, empires={0: [SURVEY]})
    assert GAME.legal_actions(state, 0) == [{"type": "explore"}]


def test_J15_choices_stay_secret_and_may_change_until_committed():
    state = build(hands={0: ["devolved-uplift-race", "colony-convoy"]})
    before = GAME.view(state, 1)
    world = find(state, 0, "devolved-uplift-race")
    state = act(state, 0, {"type": "choose", "development": None, "world": world, "contact": False})
    state = act(state, 0, {"type": "explore"})
    assert GAME.view(state, 0)["me"]["task"]["draft"] == {"explore": True}
    for viewer in (1, None):
        view = GAME.view(state, viewer)
        assert view["players"] == before["players"] or viewer is None
        assert view["players"][0]["status"] == "deciding" and view["players"][0]["placing"] is None
    state = act(state, 0, {"type": "commit"})
    assert state["active"] == [1] and GAME.legal_actions(state, 0) == [{"type": "uncommit"}]
    assert GAME.view(state, 1)["players"][0]["status"] == "committed"
    assert GAME.view(state, 1)["players"][0]["placing"] is None
    state = explore(state, 1)
    assert GAME.view(state, 1)["players"][0]["placing"]["explore"] is True


def test_J16_only_a_choice_that_can_be_carried_out_is_accepted():
    state = build(hands={0: ["terraformed-world", "comet-zone", "pirate-lair"]})
    for world, code in (("terraformed-world", "cannot_pay"), ("pirate-lair", "too_weak")):
        with pytest.raises(IllegalAction) as err:
            choose(state, 0, world=world)
        assert err.value.code == code
    with pytest.raises(IllegalAction):
        choose(state, 0, world="comet-zone")  # costs 3 of the two cards left
    legal_worlds = {a["world"] for a in GAME.legal_actions(state, 0) if a["type"] == "choose"}
    assert legal_worlds == {None}  # only the Survey Team alone (cost 0) is left


def test_J38_fifty_vp_ends_the_game_at_once_without_income():
    state = build(empires={0: ["rebel-stronghold"]}, vp=[45, 10])
    hands = [len(h) for h in state["hands"]]
    state = explore(explore(state, 0), 1)
    state = settle(state)
    assert state["phase"] == "over" and state["active"] == []
    assert state["vp"] == [54, 10] and GAME.result(state)["winners"] == [0]
    assert [len(h) for h in state["hands"]] == [hands[0] + 2, hands[1] + 2]  # no income


def test_J39_tie_broken_by_hand_plus_final_income_else_shared():
    state = build(
        hands={0: ["comet-zone"] * 2, 1: ["gem-world"] * 2},
        empires={0: ["rebel-stronghold"], 1: ["rebel-world", "galactic-resort"]},
        vp=[45, 45],
    )
    over = settle(explore(explore(state, 0), 1))
    result = GAME.result(over)
    assert [s["total"] for s in result["scores"]] == [54, 54]
    assert [s["tiebreak"] for s in result["scores"]] == [4, 5] and result["winners"] == [1]
    state["hands"][0] = [*state["hands"][0], find(state, 1, "gem-world")]
    state["hands"][1] = state["hands"][1][1:]
    state["hands"][1] = [*state["hands"][1], state["draw"].pop(0)]
    over = settle(explore(explore(state, 0), 1))
    assert GAME.result(over)["winners"] == [0, 1]


def test_J40_each_player_draws_their_income():
    state = build(empires={0: ["ancient-races"], 1: ["lost-species-ark-world"]})
    state = settle(explore(explore(state, 0), 1))
    assert state["income"] == [2, 4]
    assert [len(h) for h in state["hands"]] == [2 + 2, 2 + 4]


def test_J41_income_order_most_vp_first_then_clockwise():
    state = build(players=4, dealer=0, vp=[3, 7, 9, 9])
    assert income_order(state) == [2, 3, 0, 1]
    state = build(players=4, dealer=2, vp=[3, 9, 1, 9])
    assert income_order(state) == [3, 0, 1, 2]  # tied: seat 3 comes first from dealer 2


def test_J42_the_discard_pile_is_reshuffled_and_both_empty_ends_short():
    state = build(empires={0: ["lost-species-ark-world"]}, draw=False, discard=["comet-zone"])
    state = act(state, 0, {"type": "explore"})
    state = act(state, 0, {"type": "commit"})
    state = explore(state, 1)
    # Seat 1 (first in table order after dealer 0) drew the one reshuffled card.
    assert state["draw"] == [] and sum(len(h) for h in state["hands"]) == 1
    kinds = [e["kind"] for chunk in state["log"] for e in chunk]
    assert "reshuffle" in kinds


def test_J43_hand_limit_discards_down_to_ten_in_secret():
    state = build(
        hands={0: ["comet-zone"] * 2, 1: ["gem-world"] * 2},
        empires={0: ["lost-species-ark-world", "ancient-races", "mining-world", "mining-world"]},
    )
    state = explore(explore(state, 0), 1)
    assert state["phase"] == "after"
    state = discard(discard(state, 0), 1)
    assert state["phase"] == "limit" and state["active"] == [0]
    count = state["tasks"][0]["count"]
    assert count == len(state["hands"][0]) - 10
    state = discard(state, 0)
    assert len(state["hands"][0]) == 10 and state["phase"] == "choose"


def test_J44_the_dealer_passes_left_every_round():
    state = build(players=3, dealer=2)
    state = settle(explore(explore(explore(state, 0), 1), 2))
    assert state["dealer"] == 0 and state["round"] == 2


def test_J45_no_round_limit():
    state = build(players=2)
    state["round"] = 60
    state = settle(explore(explore(state, 0), 1))
    assert state["round"] == 61 and state["phase"] == "choose"


def test_setup_discards_two_by_select_and_unselect():
    state = GAME.setup(2, {}, 9)
    a, b, c = state["hands"][0][:3]
    state = act(state, 0, {"type": "select", "card": a})
    state = act(state, 0, {"type": "select", "card": b})
    with pytest.raises(IllegalAction):
        act(state, 0, {"type": "select", "card": c})
    state = act(state, 0, {"type": "unselect", "card": a})
    with pytest.raises(IllegalAction):
        act(state, 0, {"type": "commit"})
    state = act(state, 0, {"type": "select", "card": c})
    state = act(state, 0, {"type": "commit"})
    assert state["active"] == [1]
    state = discard(state, 1)
    assert a in state["hands"][0] and {b, c} <= set(state["discard"])
    assert INSTANCES[a] == card_of(a).id
