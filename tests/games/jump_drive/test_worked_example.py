"""The rulebook's four sample rounds, played through ``apply`` (J14-J19, J24, J29, J33,
J40, J43, J74, J73): Joe scores 0, 1, 4 and 13 VP on incomes of 2, 3, 6 and 11."""

from __future__ import annotations

from games.jump_drive import GAME
from tests.games.jump_drive.builder import SURVEY, build, choose, discard, find, names

FILLER = "space-marines"
JOE, OTHER = 0, 1
# The cards Joe draws, in order: income of rounds 1 and 2, the world-only draw of round 3,
# income of round 3 (with the cards of round 4), and some of round 4's income.
INCOME_1 = ["survey-hq", "gem-smugglers"]
INCOME_2 = ["comet-zone", "comet-zone", "lifeforms-inc"]
WORLD_DRAW_3 = ["ancient-races"]
INCOME_3 = ["galactic-salon", "pirate-lair", "mining-world", "mining-world", "asteroid-belt"]
INCOME_4 = ["asteroid-belt"]


def _other_places_a_free_development(state):
    """Seat 1 places a Colony Convoy alone each round: cost 0, no draw, no income."""
    return choose(state, OTHER, dev="colony-convoy")


def test_J73_J74_sample_rounds_score_0_1_4_13_with_income_2_3_6_11():
    state = build(
        hands={
            JOE: ["smuggling-lair", "consumer-markets", FILLER, FILLER, "insect-uplift-race"],
            OTHER: ["colony-convoy"] * 4,
        },
        top=[*INCOME_1, *INCOME_2, *WORLD_DRAW_3, *INCOME_3, *INCOME_4],
        dealer=OTHER,
    )
    # Round 1: a Survey Team with Smuggling Lair, conquered with the Survey Team's military.
    state = choose(state, JOE, dev=SURVEY, world="smuggling-lair")
    state = _other_places_a_free_development(state)
    assert state["phase"] == "pay" and state["active"] == [JOE]
    assert state["tasks"][JOE]["count"] == 1
    state = discard(state, JOE, [find(state, JOE, FILLER)])
    assert state["vp"][JOE] == 0 and state["income"][JOE] == 2
    assert len(state["hands"][JOE]) == 5
    # Round 2: Consumer Markets alone costs 1, not 2.
    state = choose(state, JOE, dev="consumer-markets")
    state = _other_places_a_free_development(state)
    state = discard(state, JOE, [find(state, JOE, FILLER)])
    assert state["gains"][JOE] == [0, 1] and state["income"][JOE] == 3
    assert len(state["hands"][JOE]) == 6
    # Round 3: Survey HQ costs 4; a world alone draws 1.
    state = choose(state, JOE, world="survey-hq")
    state = _other_places_a_free_development(state)
    keep = find(state, JOE, "lifeforms-inc")
    state = discard(state, JOE, [c for c in state["hands"][JOE] if c != keep])
    assert state["gains"][JOE] == [0, 1, 4] and state["income"][JOE] == 6
    assert len(state["hands"][JOE]) == 8
    # Round 4: Galactic Salon (all six other cards) and Pirate Lair (military 3).
    state = choose(state, JOE, dev="galactic-salon", world="pirate-lair")
    state = _other_places_a_free_development(state)
    assert state["gains"][JOE] == [0, 1, 4, 13] and state["vp"][JOE] == 18
    assert state["income"][JOE] == 11
    assert state["phase"] == "limit" and state["tasks"][JOE]["count"] == 1
    assert len(state["hands"][JOE]) == 11
    state = discard(state, JOE)
    assert len(state["hands"][JOE]) == 10 and state["phase"] == "choose"
    assert sorted(names(state["empires"][JOE])) == sorted(
        [SURVEY, "smuggling-lair", "consumer-markets", "survey-hq", "galactic-salon", "pirate-lair"]
    )
    assert GAME.result(state) is None
