"""Two things the view tells the page: what the seat's own cards cost after its
reductions (``me.costs``), and who is asked in a step (``players[i].status``)."""

from __future__ import annotations

from games.jump_drive import GAME, choice
from games.jump_drive.data import COLONY_CONVOY, card_of
from tests.games.jump_drive.builder import (
    SURVEY,
    act,
    build,
    choose,
    discard,
    explore,
    find,
)
from tests.games.jump_drive.hidden import ids_in
from tests.games.playout import playout


def costs(state: dict, seat: int) -> dict:
    """The seat's ``me.costs`` by card id (the view lists them in hand order)."""
    me = GAME.view(state, seat)["me"]
    out = {c["id"]: cost for c, cost in zip(me["hand"], me["costs"]["hand"], strict=True)}
    if me["costs"]["survey_team"] is not None:
        out[SURVEY] = me["costs"]["survey_team"]
    return out


def statuses(state: dict, viewer: int | None) -> list[str]:
    return [p["status"] for p in GAME.view(state, viewer)["players"]]


# ---------------------------------------------------------------- costs (J18-J24, J46-J53)


def test_J47_J19_a_development_costs_less_for_each_investment_credits_and_alone():
    state = build(
        hands={0: ["space-marines", "galactic-salon"]},
        empires={0: ["investment-credits", "investment-credits"]},
    )
    got = costs(state, 0)
    assert got[find(state, 0, "space-marines")] == {"with_world": 0, "alone": 0}
    assert got[find(state, 0, "galactic-salon")] == {"with_world": 4, "alone": 3}


def test_J52_J51_world_reductions_add_up_and_never_go_below_zero():
    state = build(
        hands={0: ["comet-zone", "gem-world", "devolved-uplift-race"]},
        empires={0: ["replicant-robots", "mining-robots"]},
    )
    got = costs(state, 0)
    assert got[find(state, 0, "comet-zone")] == {"pay": 3 - 2 - 1}  # brown
    assert got[find(state, 0, "gem-world")] == {"pay": 0}
    assert got[find(state, 0, "devolved-uplift-race")] == {"pay": 0}


def test_J23_J21_a_military_world_shows_a_cost_only_when_contact_may_pay_for_it():
    alone = build(hands={0: ["rebel-outpost", "alien-robot-sentry"]})
    assert sorted(costs(alone, 0).values(), key=len) == [{}, {}, {"with_world": 1, "alone": 0}]
    state = build(
        hands={0: ["rebel-outpost", "alien-robot-sentry"]},
        empires={0: ["contact-specialist", "contact-specialist", "replicant-robots"]},
    )
    got = costs(state, 0)
    assert got[find(state, 0, "rebel-outpost")] == {"contact": 5 - 1 - 2}
    assert got[find(state, 0, "alien-robot-sentry")] == {}  # J23: never a yellow world


def test_J24_the_survey_team_is_priced_until_the_seat_holds_one():
    state = build(hands={0: ["gem-world"]}, empires={1: ["survey-team"]})
    assert costs(state, 0)[SURVEY] == {"with_world": 1, "alone": 0}
    assert SURVEY not in costs(state, 1)


def test_J27_while_a_colony_convoy_asks_for_a_second_world_its_cost_is_shown():
    state = build(
        hands={0: ["devolved-uplift-race", "comet-zone", "gem-world"]},
        empires={0: ["colony-convoy", "replicant-robots"]},
    )
    assert "second" not in str(costs(state, 0))
    state = explore(choose(state, 0, world="devolved-uplift-race"), 1)
    assert state["phase"] == "after" and state["tasks"][0]["kind"] == "second"
    got = costs(state, 0)
    assert got[find(state, 0, "comet-zone")] == {"pay": 3 - 2, "second": 0}
    assert "second" not in str(costs(state, 1))


def test_J16_the_costs_shown_are_those_the_payment_check_asks():
    """Along two bot games, every single-card choice and every second world by Colony Convoy
    costs what the view says."""
    checked = seconds = 0
    steps = [*playout(GAME, 3, 5, wander=0.3, cap=600), *playout(GAME, 4, 37, 0.3, 1500)]
    for state in (step.state for step in steps):
        for seat in state["active"]:
            if state["tasks"][seat]["kind"] != "choose":
                continue
            shown = costs(state, seat)
            for a in turn_choices(state, seat):
                dev, world, contact = a["development"], a["world"], a["contact"]
                total = choice.check_choice(state, seat, dev, world, contact)
                if dev and not world:
                    assert total == shown[dev]["alone"]
                elif world and not dev and (contact or not card_of(world).military):
                    assert total == shown[world]["contact" if contact else "pay"]
                checked += 1
        for seat in state["active"]:
            if state["tasks"][seat]["kind"] == "second" and convoy(state, seat):
                shown = costs(state, seat)
                for a in choice.seconds(state, seat)[1:]:
                    total = choice.check_second(state, seat, a["world"], a["contact"])
                    assert total == shown[a["world"]]["second"]
                    seconds += 1
    assert checked > 100 and seconds > 0


def convoy(state: dict, seat: int) -> bool:
    return choice.convoy_for(state, seat) == COLONY_CONVOY


def turn_choices(state: dict, seat: int) -> list[dict]:
    return [a for a in choice.choices(state, seat) if a["type"] == "choose"]


def test_own_costs_depend_only_on_the_seats_own_hand_and_empire():
    plain = build(hands={0: ["space-marines"], 1: ["comet-zone"]})
    rich = build(
        hands={0: ["space-marines"], 1: ["comet-zone", "replicant-robots"]},
        empires={1: ["investment-credits", "replicant-robots"]},
    )
    assert costs(plain, 0) == costs(rich, 0)
    assert "costs" not in str(GAME.view(rich, 1)["players"])


def test_costs_name_no_card_so_a_patch_never_names_a_discarded_one():
    state = build(hands={0: ["space-marines", "comet-zone"]})
    assert ids_in(GAME.view(state, 0)["me"]["costs"]) == set()


# ---------------------------------------------------------------- status (J15)


def test_J15_in_the_choice_everyone_is_asked_and_others_see_only_who_committed():
    state = build(hands={0: ["devolved-uplift-race"], 1: ["comet-zone"]})
    assert statuses(state, None) == ["deciding", "deciding"]
    world = find(state, 0, "devolved-uplift-race")
    drafted = act(
        state, 0, {"type": "choose", "development": None, "world": world, "contact": False}
    )
    assert statuses(drafted, 1) == ["deciding", "deciding"]
    committed = act(drafted, 0, {"type": "commit"})
    for viewer in (0, 1, None):
        assert statuses(committed, viewer) == ["committed", "deciding"]


def test_J18_J29_a_step_asks_only_some_seats_and_the_rest_are_not_asked():
    state = build(hands={0: ["gem-world", "comet-zone", "mining-world", "asteroid-belt"]})
    state = explore(choose(state, 0, world="gem-world"), 1)
    assert state["phase"] == "pay"  # J18: seat 0 picks 2 of 3 cards; seat 1 explored
    for viewer in (0, 1, None):
        assert statuses(state, viewer) == ["deciding", "not asked"]
    state = discard(state, 0)
    assert state["phase"] == "after"  # J29: only the explorer discards
    for viewer in (0, 1, None):
        assert statuses(state, viewer) == ["not asked", "deciding"]


def test_J38_nobody_is_asked_once_the_game_is_over():
    state = build(empires={0: ["rebel-stronghold"]}, vp=[45, 0])
    for seat in (0, 1):
        state = explore(state, seat)
    while state["phase"] != "over":
        seat = state["active"][0]
        state = act(state, seat, GAME.bot_action("random", GAME.view(state, seat), 1))
    assert statuses(state, None) == ["not asked", "not asked"]
