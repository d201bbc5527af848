"""War Propaganda, scoring (J32-J37) and every card power (J46-J85)."""

from __future__ import annotations

import pytest

from games.core import IllegalAction
from games.jump_drive import GAME, powers
from games.jump_drive.data import CARDS
from tests.games.jump_drive.builder import (
    act,
    build,
    card,
    choose,
    explore,
    find,
    ids_of,
    names,
    settle,
    yields,
)


def extra(empire: list[str], others: tuple[list[str], ...] = ()) -> tuple[int, int]:
    """(VP, income) the powers add on top of the printed base values."""
    vp, income = yields(empire, others)
    return vp - sum(card(t).vp for t in empire), income - sum(card(t).income for t in empire)


def play_round(state):
    return settle(explore(explore(state, 0), 1))


# ---------------------------------------------------------------- War Propaganda (J32, J63)


def test_J32_war_propaganda_goes_to_the_strongest_other_player():
    state = build(empires={0: ["war-propaganda"], 1: ["space-marines"]})
    state = play_round(state)
    assert names(state["empires"][1]) == ["space-marines", "war-propaganda"]
    assert state["gains"] == [[0], [3]]  # it scores for its new holder this round


def test_J32_a_tie_among_others_goes_to_the_first_left_of_the_holder():
    state = build(
        players=3,
        empires={0: ["space-marines"], 1: ["war-propaganda"], 2: ["space-marines"]},
    )
    for seat in range(3):
        state = explore(state, seat)
    state = settle(state)
    assert "war-propaganda" in names(state["empires"][2])


def test_J32_the_holder_keeps_it_on_a_tie_and_both_copies_use_the_same_numbers():
    state = build(empires={0: ["war-propaganda", "war-propaganda"], 1: ["space-marines"]})
    state = play_round(state)
    assert names(state["empires"][0]) == ["war-propaganda", "war-propaganda"]
    state = build(empires={0: ["war-propaganda", "war-propaganda"], 1: ["drop-ships"]})
    state = play_round(state)
    assert names(state["empires"][1]).count("war-propaganda") == 2


def test_J32_uplift_mercenaries_count_and_specialised_military_does_not():
    state = build(
        empires={
            0: ["war-propaganda", "alien-technology-institute", "rosetta-stone-world"],
            1: ["uplift-mercenaries", "devolved-uplift-race"],  # 3 chromosome icons: 3
        }
    )
    state = play_round(state)
    assert "war-propaganda" in names(state["empires"][1])


def test_J63_war_propaganda_scores_3_vp_and_1_income():
    assert yields(["war-propaganda"]) == (3, 1)


# ---------------------------------------------------------------- scoring (J33-J37)


def test_J33_every_card_and_every_copy_scores_every_round():
    assert yields(["comet-zone", "comet-zone", "mining-world"]) == (1, 8)
    state = build(empires={0: ["mining-world"]})
    state = play_round(play_round(state))
    assert state["gains"][0] == [1, 1] and state["vp"][0] == 2


def test_J34_icon_counts_use_printed_icons_only():
    # Uplift Mercenaries' military is general military, but not a printed icon.
    empire = ids_of(["uplift-mercenaries", "devolved-uplift-race"])
    assert powers.printed(empire, "military") == 0
    assert powers.general_military(empire) == 3
    # Explore markers are not cards: SETI counts its own 3 icons only.
    state = build(empires={0: ["galactic-survey-seti"]})
    state = play_round(state)
    assert state["markers"][0] == 1 and state["gains"][0] == [3]


def test_J35_with_bonus_once_per_copy_however_many_required_cards():
    one = extra(["new-earth", "galactic-advertisers"])
    assert one == extra(["new-earth", "galactic-advertisers", "galactic-advertisers"]) == (1, 0)
    assert extra(["artist-colony", "artist-colony", "galactic-advertisers"]) == (0, 2)


def test_J36_one_other_empire_is_the_one_that_gives_most():
    others = (["rebel-base"], ["rebel-base", "pirate-lair", "rebel-outpost"], [])
    assert extra(["galactic-imperium"], others) == (3, 0)


def test_J37_income_is_worked_out_with_the_vp():
    state = build(empires={0: ["consumer-markets", "galactic-resort"]})
    state = play_round(state)
    assert state["income"][0] == 1 + 1 and state["gains"][0] == [1 + 2]


# ---------------------------------------------------------------- cost reductions (J46-J53)


def test_J46_powers_stack_by_copy():
    two = ids_of(["replicant-robots", "replicant-robots"])
    assert powers.cost(two, card("terraformed-world")) == 5 - 4


def test_J47_investment_credits_developments_one_less_each():
    assert powers.cost(ids_of(["investment-credits"] * 2), card("drop-ships")) == 2


def test_J48_galactic_salon_developments_one_less():
    assert powers.cost(ids_of(["galactic-salon"]), card("drop-ships")) == 3
    assert powers.cost(ids_of(["galactic-salon"]), card("galactic-salon")) == 5


def test_J49_space_symbionts_developments_two_less():
    assert powers.cost(ids_of(["space-symbionts"]), card("drop-ships")) == 2
    assert powers.cost(ids_of(["space-symbionts"]), card("comet-zone")) == 3


def test_J50_galactic_federation_developments_two_less():
    assert powers.cost(ids_of(["galactic-federation"]), card("galactic-salon")) == 4


def test_J51_brown_worlds_one_less_per_mining_card():
    empire = ids_of(["mining-robots", "uplift-mining-moles", "mining-conglomerate"])
    assert powers.cost(empire, card("new-earth")) == 5 - 3
    assert powers.cost(empire, card("terraformed-world")) == 5  # grey
    contact = ids_of(["mining-robots", "contact-specialist"])
    assert powers.cost(contact, card("convict-miners"), contact=True) == 2 - 1 - 1


def test_J52_replicant_robots_worlds_two_less_including_contact():
    empire = ids_of(["replicant-robots", "contact-specialist"])
    assert powers.cost(empire, card("comet-zone")) == 1
    assert powers.cost(empire, card("rebel-world"), contact=True) == 7 - 1 - 2
    assert powers.cost(empire, card("drop-ships")) == 4


def test_J53_galactic_advertisers_trendsetters_one_less_each():
    empire = ids_of(["galactic-advertisers", "galactic-advertisers"])
    assert powers.cost(empire, card("galactic-trendsetters")) == 2
    assert powers.cost(empire, card("terraformed-world")) == 5


# ---------------------------------------------------------------- placement powers (J54-J58)


def test_J54_survey_team_once_per_empire():
    state = build(empires={0: ["survey-team"]})
    assert not any(a.get("development") == "survey-team" for a in GAME.legal_actions(state, 0))
    assert any(a.get("development") == "survey-team" for a in GAME.legal_actions(state, 1))


def test_J55_trade_pact_requirement_limit_and_income():
    blocked = build(hands={0: ["trade-pact"]}, empires={0: ["space-marines"]})
    with pytest.raises(IllegalAction) as err:
        choose(blocked, 0, dev="trade-pact")
    assert err.value.code == "requirement"
    allowed = build(hands={0: ["trade-pact"]}, empires={0: ["space-marines", "contact-specialist"]})
    choose(allowed, 0, dev="trade-pact")
    # Only printed icons count: Uplift Mercenaries' military does not block it.
    mercs = build(hands={0: ["trade-pact"]}, empires={0: ["uplift-mercenaries"]})
    choose(mercs, 0, dev="trade-pact")
    # Military placed in the same round (the world comes after) does not matter.
    both = build(hands={0: ["trade-pact", "smuggling-lair"]}, empires={0: ["survey-team"]})
    with pytest.raises(IllegalAction):
        choose(both, 0, dev="trade-pact", world="smuggling-lair")  # Survey Team's icon
    assert extra(["trade-pact"], (["trade-pact"],)) == (0, 1)
    assert extra(["trade-pact"], ([],)) == (0, 0)


def test_J56_contact_specialist_extra_copies_add_nothing():
    one = ids_of(["contact-specialist"])
    two = ids_of(["contact-specialist", "contact-specialist"])
    assert powers.cost(one, card("rebel-base"), contact=True) == 5
    assert powers.cost(two, card("rebel-base"), contact=True) == 5
    assert not powers.can_contact(two, card("alien-guardians"))


def test_J57_colony_convoy_two_less_for_the_second_world():
    empire = ids_of(["colony-convoy"])
    assert powers.cost(empire, card("comet-zone"), convoy=True) == 1
    assert powers.cost(empire, card("comet-zone")) == 3


def test_J58_military_convoy_needs_a_conquered_first_world():
    state = build(
        hands={0: ["devolved-uplift-race", "smuggling-lair"]},
        empires={0: ["military-convoy", "space-marines"]},
    )
    state = explore(choose(state, 0, world="devolved-uplift-race"), 1)
    assert state["tasks"][0] is None  # paid for: no second world
    state = build(
        hands={0: ["new-survivalists", "smuggling-lair"]},
        empires={0: ["military-convoy", "space-marines"]},
    )
    state = explore(choose(state, 0, world="new-survivalists"), 1)
    assert state["tasks"][0]["kind"] == "second"


# ---------------------------------------------------------------- military powers (J59-J62)


def test_J59_rosetta_stone_world_plus_two_against_yellow():
    empire = ids_of(["rosetta-stone-world", "space-marines"])
    assert powers.strength(empire, card("alien-robot-sentry")) == 4
    assert powers.strength(empire, card("pirate-lair")) == 2


def test_J60_alien_technology_institute_plus_two_against_yellow():
    empire = ids_of(["alien-technology-institute"])
    assert powers.strength(empire, card("lost-alien-warship")) == 2
    assert powers.general_military(empire) == 0


def test_J61_galactic_imperium_plus_four_against_rebels():
    empire = ids_of(["galactic-imperium", "space-marines"])
    assert powers.strength(empire, card("rebel-base")) == 6
    assert powers.strength(empire, card("alien-guardians")) == 2


def test_J62_specialised_military_adds_up_and_is_never_general():
    empire = ids_of(["rosetta-stone-world", "alien-technology-institute"])
    assert powers.strength(empire, card("alien-robot-sentry")) == 4
    assert powers.general_military(empire) == 0
    assert extra(["new-galactic-order", "rosetta-stone-world"]) == (2, 0)


# ---------------------------------------------------------------- "with" bonuses (J64-J71)


@pytest.mark.parametrize(
    "world, bonus",
    [
        ("artist-colony", (0, 1)),
        ("new-vinland", (0, 2)),
        ("former-penal-colony", (0, 1)),
        ("galactic-resort", (0, 1)),
        ("new-earth", (1, 0)),
    ],
)
def test_J64_bonuses_with_galactic_advertisers(world, bonus):
    assert extra([world]) == (0, 0)
    assert extra([world, "galactic-advertisers"]) == bonus


def test_J65_bonuses_with_mining_robots():
    assert extra(["asteroid-belt", "mining-world", "mining-robots"]) == (0, 2)
    assert extra(["asteroid-belt", "mining-world"]) == (0, 0)


def test_J66_bonuses_with_mining_conglomerate():
    # Mining Conglomerate also scores 1 per brown world (the blaster factory).
    assert extra(["gem-world", "mining-conglomerate"]) == (2, 0)
    assert extra(["imperium-blaster-factory", "mining-conglomerate"]) == (1 + 1, 0)


def test_J67_pirate_fuel_cache_with_military_convoy():
    assert extra(["pirate-fuel-cache", "military-convoy"]) == (1, 0)
    assert extra(["pirate-fuel-cache"]) == (0, 0)


def test_J68_tourist_world_with_artist_colony():
    assert extra(["tourist-world", "artist-colony"]) == (0, 1)


def test_J69_alien_toy_shop_with_alien_technology_institute():
    # The institute adds 4 per yellow world (the toy shop) as well.
    assert extra(["alien-toy-shop", "alien-technology-institute"]) == (1 + 4, 0)


def test_J70_genetics_lab_with_a_green_world_military_or_not():
    assert extra(["genetics-lab", "arboreal-uplift-race"]) == (0, 1)
    assert extra(["genetics-lab", "ancient-races"]) == (0, 1)
    assert extra(["genetics-lab", "comet-zone"]) == (0, 0)


def test_J71_trade_pact_with_one_in_another_empire():
    assert extra(["trade-pact"], (["comet-zone"], ["trade-pact"])) == (0, 1)
    assert extra(["trade-pact"], (["comet-zone"],)) == (0, 0)


# ---------------------------------------------------------------- variable VP and income (J72-J84)


def test_J72_uplift_mercenaries_military_and_income_per_chromosome():
    empire = ids_of(["uplift-mercenaries", "devolved-uplift-race", "uplift-code"])
    assert powers.general_military(empire) == 1 + 2 + 2
    assert extra(["uplift-mercenaries", "devolved-uplift-race"]) == (0, 3)
    state = build(
        hands={0: ["former-penal-colony", "comet-zone"]},
        empires={0: ["uplift-mercenaries", "devolved-uplift-race"]},
    )
    choose(state, 0, world="former-penal-colony")  # defense 2 against 3 military


def test_J73_consumer_markets_per_blue_world():
    assert extra(["consumer-markets", "devolved-uplift-race", "smuggling-lair"]) == (2, 2)


def test_J74_survey_hq_per_full_pair_of_explore_icons():
    assert extra(["survey-hq", "survey-team", "smuggling-lair"]) == (2, 2)  # 5 icons
    assert extra(["survey-hq"]) == (1, 1)


@pytest.mark.parametrize("n, total", [(1, 2), (2, 8), (3, 18), (4, 32), (5, 50), (6, 72), (7, 98)])
def test_J75_galactic_trendsetters_score_8_18_32(n, total):
    assert yields(["galactic-trendsetters"] * n) == (total, 0)


def test_J76_new_galactic_order_per_general_military():
    assert extra(["new-galactic-order", "space-marines"]) == (4, 0)
    # Mercenaries: 1 military (and 1 income) for their own chromosome icon.
    assert extra(["new-galactic-order", "uplift-mercenaries"]) == (2 + 1, 1)


def test_J77_uplift_researchers_per_chromosome_icon():
    assert extra(["uplift-researchers", "devolved-uplift-race"]) == (3, 3)


def test_J78_mining_conglomerate_and_mining_league_per_brown_world():
    assert extra(["mining-conglomerate", "comet-zone", "gem-smugglers"]) == (2, 0)
    assert extra(["mining-league", "comet-zone", "gem-smugglers"]) == (6, 2)


def test_J79_galactic_federation_per_development_here_and_in_one_other_empire():
    others = (["survey-team", "space-marines"], ["space-marines"])
    assert extra(["galactic-federation", "space-marines"], others) == (4 + 2, 0)


def test_J80_alien_technology_institute_per_yellow_world_here_and_elsewhere():
    others = (["alien-toy-shop", "deserted-alien-colony"],)
    assert extra(["alien-technology-institute", "alien-guardians"], others) == (4 + 8, 0)


def test_J81_galactic_imperium_per_military_world_however_placed():
    others = (["pirate-lair"],)
    assert extra(["galactic-imperium", "rebel-base", "smuggling-lair"], others) == (4 + 1, 0)


def test_J82_free_trade_association_per_blue_world():
    others = (["gem-world", "gem-world", "new-vinland"],)
    assert extra(["free-trade-association", "smuggling-lair"], others) == (2 + 3, 0)


def test_J83_galactic_survey_seti_per_explore_icon():
    others = (["survey-hq"],)
    assert extra(["galactic-survey-seti", "survey-team"], others) == (5 + 2, 0)


def test_J84_uplift_code_per_chromosome_icon():
    others = (["devolved-uplift-race"],)
    assert extra(["uplift-code", "insect-uplift-race"], others) == (3 + 2, 3)


def test_J85_cards_without_a_power_give_only_their_printed_values():
    plain = [
        "devolved-uplift-race", "arboreal-uplift-race", "amphibious-uplift-race", "gem-smugglers",
        "insect-uplift-race", "lifeforms-inc", "new-survivalists", "smuggling-lair",
        "adaptable-uplift-race", "ancient-races", "convict-miners", "reptilian-uplift-world",
        "space-marines", "comet-zone", "pirate-lair", "rebel-underground", "warrior-race",
        "alien-robot-sentry", "drop-ships", "deserted-alien-colony", "lost-alien-warship",
        "lost-species-ark-world", "rebel-outpost", "terraformed-world", "deserted-alien-world",
        "lost-alien-battle-fleet", "rebel-base", "deserted-alien-library", "rebel-world",
        "alien-guardians", "rebel-stronghold",
    ]  # fmt: skip
    assert len(plain) == 31 and all(not CARDS[c].effects for c in plain)
    assert extra(plain) == (0, 0)


def test_powers_are_read_from_the_data_file():
    assert CARDS["galactic-federation"].effects_of("discount")[0]["amount"] == 2
    state = build(hands={0: ["investment-credits"]})
    act(state, 0, {"type": "explore"})
    assert find(state, 0, "investment-credits") in state["hands"][0]
