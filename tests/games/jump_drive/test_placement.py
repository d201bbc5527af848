"""Reveal and place, second worlds and explore (J17-J31)."""

from __future__ import annotations

import pytest

from games.core import IllegalAction
from games.jump_drive import GAME, powers
from games.jump_drive.choice import unused_military
from tests.games.jump_drive.builder import (
    SURVEY,
    act,
    build,
    card,
    choose,
    discard,
    explore,
    find,
    ids_of,
    names,
    second,
    settle,
)


def test_J17_a_development_helps_this_rounds_world_never_itself():
    state = build(hands={0: ["space-marines", "former-penal-colony", "comet-zone", "comet-zone"]})
    with pytest.raises(IllegalAction):
        choose(state, 0, world="former-penal-colony")  # defense 2, no military yet
    state = choose(state, 0, dev="space-marines", world="former-penal-colony")
    state = settle(explore(state, 1))
    assert names(state["empires"][0]) == ["space-marines", "former-penal-colony"]
    # Galactic Salon does not reduce its own cost: 6, less 1 for placing it alone.
    salon = card("galactic-salon")
    assert powers.cost([], salon, alone=True) == 5


def test_J18_payment_is_chosen_in_secret_unless_there_is_no_choice():
    hand = ["comet-zone", "gem-world", "gem-world", "ancient-races", "mining-world"]
    state = explore(choose(build(hands={0: hand}), 0, world="comet-zone"), 1)
    assert state["phase"] == "pay" and state["active"] == [0]
    assert state["tasks"][0]["count"] == 3 and len(state["hands"][0]) == 4
    state = build(hands={0: ["comet-zone", "gem-world", "gem-world", "ancient-races"]})
    state = explore(choose(state, 0, world="ancient-races"), 1)  # costs 2 of 3: a choice
    keep = find(state, 0, "comet-zone")
    state = discard(state, 0, [c for c in state["hands"][0] if c != keep])
    assert keep in state["hands"][0]
    state = build(hands={0: ["comet-zone", "gem-world", "gem-world", "mining-world"]})
    state = explore(choose(state, 0, world="comet-zone"), 1)  # 3 of exactly 3: automatic
    assert state["phase"] != "pay" and "comet-zone" in names(state["empires"][0])


def test_J19_development_alone_costs_one_less_world_alone_draws_one():
    state = build(hands={0: ["investment-credits", "comet-zone"]})
    state = settle(explore(choose(state, 0, dev="investment-credits"), 1))
    assert names(state["empires"][0]) == ["investment-credits"]
    assert names(state["hands"][0]) == ["comet-zone"]  # nothing paid
    state = build(hands={0: ["devolved-uplift-race"]}, top=["gem-world"])
    state = choose(state, 0, world="devolved-uplift-race")
    state = explore(state, 1)
    assert "gem-world" in names(state["hands"][0])
    state = build(hands={0: ["colony-convoy", "devolved-uplift-race", "comet-zone"]})
    state = choose(state, 0, dev="colony-convoy", world="devolved-uplift-race")
    state = settle(explore(state, 1))
    assert names(state["hands"][0]) == []  # one card paid, none drawn


def test_J20_reductions_add_up_and_never_go_below_zero():
    empire = ids_of(["investment-credits", "investment-credits", "galactic-salon"])
    assert powers.cost(empire, card("drop-ships")) == 1
    assert powers.cost(empire, card("drop-ships"), alone=True) == 0
    assert powers.cost(empire, card("colony-convoy")) == 0


def test_J21_conquest_discards_nothing_and_needs_strength():
    state = build(
        hands={0: ["pirate-lair", "comet-zone"]}, empires={0: ["space-marines", "military-convoy"]}
    )
    state = settle(explore(choose(state, 0, world="pirate-lair"), 1))
    assert "pirate-lair" in names(state["empires"][0]) and state["discard"][-1:] != []
    assert "comet-zone" in names(state["hands"][0])  # nothing paid
    fillers = ["comet-zone", "gem-world", "gem-world", "mining-world", "asteroid-belt"]
    weak = build(hands={0: ["lost-alien-warship", *fillers]})
    with pytest.raises(IllegalAction) as err:
        choose(weak, 0, world="lost-alien-warship")
    assert err.value.code == "too_weak"


def test_J22_military_is_not_used_up():
    state = build(
        hands={0: ["former-penal-colony", "convict-miners"]}, empires={0: ["space-marines"]}
    )
    state = settle(explore(choose(state, 0, world="former-penal-colony"), 1))
    state = settle(explore(choose(state, 0, world="convict-miners"), 1))
    assert {"former-penal-colony", "convict-miners"} <= set(names(state["empires"][0]))


def test_J23_contact_specialist_excludes_yellow():
    state = build(
        hands={0: ["alien-robot-sentry", "rebel-base", "gem-world", "gem-world"]},
        empires={0: ["contact-specialist"]},
    )
    with pytest.raises(IllegalAction) as err:
        choose(state, 0, world="alien-robot-sentry", contact=True)
    assert err.value.code == "no_contact"
    with pytest.raises(IllegalAction):
        choose(state, 0, world="rebel-base", contact=True)  # 6 - 1 = 5 > 3 in hand


def test_J23_contact_specialist_pays_defense_less_one_and_world_reductions():
    empire = ids_of(["contact-specialist", "contact-specialist", "replicant-robots"])
    assert powers.cost(empire, card("rebel-base"), contact=True) == 6 - 1 - 2
    empire = ids_of(["contact-specialist", "replicant-robots", "replicant-robots"])
    assert powers.cost(empire, card("rebel-world"), contact=True) == 7 - 5
    brown = ids_of(["contact-specialist", "mining-robots"])
    assert powers.cost(brown, card("imperium-blaster-factory"), contact=True) == 3 - 2
    state = build(
        hands={0: ["rebel-underground", "gem-world", "gem-world", "comet-zone"]},
        empires={0: ["contact-specialist"]},
    )
    state = explore(choose(state, 0, world="rebel-underground", contact=True), 1)
    assert state["phase"] == "pay" and state["tasks"][0]["count"] == 2
    state = settle(state)
    assert "rebel-underground" in names(state["empires"][0])


def test_J24_survey_team_from_the_centre_once_per_game():
    state = build(hands={0: ["devolved-uplift-race"]})
    state = settle(explore(choose(state, 0, dev=SURVEY), 1))
    assert names(state["empires"][0]) == [SURVEY] and len(state["centre"]) == 1
    assert not any(
        a.get("development") == SURVEY for a in GAME.legal_actions(state, 0) if a["type"]
    )
    state = build(players=2, hands={0: ["gem-world"], 1: ["gem-world"]})
    state = choose(choose(state, 0, dev=SURVEY), 1, dev=SURVEY)
    state = settle(state)
    assert [names(e) for e in state["empires"]] == [[SURVEY], [SURVEY]]
    assert state["empires"][0] != state["empires"][1] and state["centre"] == []


def test_J25_never_more_than_two_worlds_a_round():
    state = build(
        hands={0: ["devolved-uplift-race", "insect-uplift-race", "gem-world"]},
        empires={0: ["colony-convoy", "colony-convoy"]},
    )
    state = explore(choose(state, 0, world="devolved-uplift-race"), 1)
    state = discard(state, 1)
    state = second(state, 0, "insect-uplift-race")
    assert state["phase"] != "after" or 0 not in state["active"]
    state = settle(state)
    assert names(state["empires"][0]).count("colony-convoy") == 1
    assert {"devolved-uplift-race", "insect-uplift-race"} <= set(names(state["empires"][0]))


def test_J26_second_world_after_the_draw_and_scored_this_round():
    state = build(
        hands={0: ["devolved-uplift-race"]}, empires={0: ["colony-convoy"]}, top=["ancient-races"]
    )
    state = explore(choose(state, 0, world="devolved-uplift-race"), 1)
    assert state["phase"] == "after" and state["tasks"][0]["kind"] == "second"
    assert {"type": "second", "world": None, "contact": False} in GAME.legal_actions(state, 0)
    # Ancient Races (cost 2, less 2 for the convoy) was the card just drawn.
    state = discard(second(state, 0, "ancient-races"), 1)
    assert names(state["empires"][0]) == ["devolved-uplift-race", "ancient-races"]
    assert state["gains"][0] == [1 + 1] and state["income"][0] == 2
    assert GAME.view(state, 1)["players"][0]["placing"] is None  # a new round began


def test_J27_colony_convoy_needs_paid_worlds_and_discards_itself():
    state = build(
        hands={0: ["devolved-uplift-race", "comet-zone", "gem-world"]},
        empires={0: ["colony-convoy"]},
    )
    state = explore(choose(state, 0, world="devolved-uplift-race"), 1)
    state = discard(state, 1)
    state = second(state, 0, "comet-zone")  # 3 - 2 = 1 card to pay: gem world or the draw
    assert state["phase"] == "pay2" and state["tasks"][0]["count"] == 1
    state = settle(state)
    assert "colony-convoy" not in names(state["empires"][0])
    assert "colony-convoy" in names(state["discard"])
    conquered = build(
        hands={0: ["smuggling-lair", "devolved-uplift-race"]},
        empires={0: ["colony-convoy", "space-marines"]},
    )
    conquered = explore(choose(conquered, 0, world="smuggling-lair"), 1)
    assert conquered["tasks"][0] is None or conquered["tasks"][0]["kind"] != "second"


def test_J28_military_convoy_uses_the_military_left_over():
    state = build(
        hands={0: ["new-survivalists", "lost-alien-battle-fleet", "rebel-outpost"]},
        empires={0: ["space-marines", "drop-ships", "military-convoy"]},
    )
    state = explore(choose(state, 0, world="new-survivalists"), 1)
    # The rules' example (5 military, 6 left) plus the Military Convoy's own icon.
    assert unused_military(state, 0, card("rebel-outpost")) == 6 + 1
    seconds = {a["world"] for a in GAME.legal_actions(state, 0) if a["type"] == "second"}
    assert find(state, 0, "lost-alien-battle-fleet") in seconds
    assert find(state, 0, "rebel-outpost") in seconds
    state = discard(second(state, 0, "lost-alien-battle-fleet"), 1)
    assert "military-convoy" in names(state["empires"][0])  # it stays
    assert "lost-alien-battle-fleet" in names(state["empires"][0])


def test_J28_specialised_military_spent_on_the_first_world_is_gone():
    state = build(
        hands={0: ["alien-robot-sentry", "lost-alien-warship"]},
        empires={0: ["space-marines", "rosetta-stone-world", "military-convoy"]},
    )
    state = explore(choose(state, 0, world="alien-robot-sentry"), 1)  # 2 + 2 vs 4
    # G = 3 (marines, convoy); s = 2, g = 2; G' = 4 (the sentry's icon): 2 general left,
    # and the yellow military is spent: 2 against the warship's 5.
    assert unused_military(state, 0, card("lost-alien-warship")) == 2
    # Still asked (the convoy is public, the hand is not), with only "none" to choose.
    assert state["tasks"][0]["kind"] == "second"
    assert GAME.legal_actions(state, 0) == [{"type": "second", "world": None, "contact": False}]


def test_J26_a_seat_with_a_usable_convoy_is_asked_even_with_no_world_to_place():
    """Whether a seat is asked shows in every view: it must depend on public facts only."""
    state = build(
        hands={0: ["new-survivalists", "gem-world"]},
        empires={0: ["space-marines", "drop-ships", "military-convoy"]},
    )
    state = explore(choose(state, 0, world="new-survivalists"), 1)
    assert state["tasks"][0]["kind"] == "second" and 0 in state["active"]
    assert GAME.view(state, 1)["players"][0]["status"] == "deciding"
    state = second(state, 0, None)
    assert 0 not in state["active"]
    assert GAME.view(state, 1)["players"][0]["status"] == "committed"


def test_J28_no_military_convoy_after_contact_specialist():
    state = build(
        hands={0: ["rebel-underground", "gem-world", "gem-world", "former-penal-colony"]},
        empires={0: ["contact-specialist", "military-convoy", "space-marines"]},
    )
    state = explore(choose(state, 0, world="rebel-underground", contact=True), 1)
    state = settle(state)
    assert "former-penal-colony" not in names(state["empires"][0])


def test_J29_explore_draws_two_plus_icons_and_discards_the_icons():
    state = build(hands={0: ["gem-world"]}, empires={0: ["galactic-salon"]})  # 2 explore icons
    state = explore(state, 0)
    state = explore(state, 1)
    assert state["tasks"][0]["count"] == 5 and len(state["hands"][0]) == 1 + 2 + 5
    assert state["tasks"][1]["count"] == 3
    state = discard(state, 1)
    state = discard(state, 0)
    assert len(state["hands"][0]) == 3 and state["markers"][0] == 1


def test_J29_explore_short_of_cards_discards_no_more_than_drawn():
    state = build(hands={0: ["gem-world"]}, draw=False, top=["comet-zone", "comet-zone"], dealer=0)
    state = explore(explore(state, 1), 0)  # seat 1 draws first (dealer 0) and takes both
    # Seat 1 drew 2 and discards 2, no more (no choice: done at once, J31), so seat 0
    # draws those two from the reshuffled pile and discards 2 of its 3.
    assert state["hands"][1] == [] and state["markers"] == [1, 1]
    assert sorted(names(state["hands"][0])) == ["comet-zone", "comet-zone", "gem-world"]
    assert state["phase"] == "explore" and state["tasks"][0]["count"] == 2


def test_J30_the_markers_icons_count_only_for_its_own_explore():
    state = build(hands={0: ["gem-world"]})
    state = settle(explore(explore(state, 0), 1))
    assert powers.printed(state["empires"][0], "explore") == 0
    state = explore(explore(state, 0), 1)
    assert state["tasks"][0]["count"] == 3  # again only the new marker's 3


def test_J31_draws_in_table_order():
    state = build(
        players=3,
        dealer=1,
        hands={
            0: ["devolved-uplift-race"],
            1: ["asteroid-belt", "asteroid-belt"],
            2: ["insect-uplift-race", "mining-world"],
        },
        top=["comet-zone", "gem-world"],
        draw=False,
    )
    state = choose(state, 0, world="devolved-uplift-race")
    state = choose(state, 2, world="insect-uplift-race")
    state = explore(state, 1)
    # Table order from dealer 1: seat 2 draws first, then seat 0, then the explorer, who
    # finds the pile empty and draws the reshuffled payment of seat 2.
    assert state["phase"] == "explore" and state["active"] == [1]
    assert names(state["hands"][2]) == ["comet-zone"]
    assert names(state["hands"][0]) == ["gem-world"]
    assert sorted(names(state["hands"][1])) == ["asteroid-belt", "asteroid-belt", "mining-world"]


def test_J31_explorers_discard_one_by_one_when_the_pile_runs_out():
    state = build(
        players=3,
        hands={0: ["gem-world"], 1: ["gem-world"], 2: ["comet-zone"]},
        draw=False,
        top=["mining-world"] * 2 + ["asteroid-belt"] * 3,
    )
    for seat in range(3):
        state = explore(state, seat)
    # Five cards for fifteen draws: seat 0 draws all five and must discard 3 before
    # seat 1 draws; seat 1 then draws those three.
    assert state["phase"] == "explore" and state["active"] == [0]
    assert len(state["hands"][0]) == 6 and state["hands"][1] == [find(state, 1, "gem-world")]
    dropped = state["hands"][0][:3]
    state = discard(state, 0, dropped)
    assert state["active"] == [1] and set(dropped) <= set(state["hands"][1])
    state = discard(state, 1)
    assert state["phase"] == "explore" and state["active"] == [2]


def test_J31_with_enough_cards_explorers_discard_at_once_after_the_draws():
    state = build(players=3, hands={0: ["gem-world"], 1: ["gem-world"], 2: ["comet-zone"]})
    for seat in range(3):
        state = explore(state, seat)
    assert state["phase"] == "after" and state["active"] == [0, 1, 2]


def test_second_world_choice_may_be_changed_and_is_refused_when_impossible():
    state = build(
        hands={0: ["devolved-uplift-race", "insect-uplift-race", "rebel-stronghold"]},
        empires={0: ["colony-convoy"]},
    )
    state = explore(choose(state, 0, world="devolved-uplift-race"), 1)
    state = discard(state, 1)
    big = find(state, 0, "rebel-stronghold")
    with pytest.raises(IllegalAction):
        act(state, 0, {"type": "second", "world": big, "contact": False})
    small = find(state, 0, "insect-uplift-race")
    state = act(state, 0, {"type": "second", "world": small, "contact": False})
    state = act(state, 0, {"type": "second", "world": None, "contact": False})
    state = act(state, 0, {"type": "commit"})
    assert "insect-uplift-race" not in names(state["empires"][0])
