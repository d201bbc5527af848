"""Each reason code of ``why_not`` (contract 4), named with the rule that closes the choice."""

from __future__ import annotations

from games.jump_drive import GAME
from tests.games.jump_drive.builder import act, build, choose, discard, explore, find


def why(state, seat=0):
    return GAME.why_not(state, seat)


def at(state, card_type, seat=0):
    """The place in the hand of a card type: option keys name cards by place, never by id."""
    return state["hands"][seat].index(find(state, seat, card_type))


def test_J15_a_committed_seat_waits_and_a_seat_not_asked_says_so():
    state = act(act(build(), 0, {"type": "explore"}), 0, {"type": "commit"})
    assert {r["code"] for r in why(state).values()} == {"committed"}
    assert why(state, 1)["commit"] == {"code": "nothing_chosen", "args": {}}
    state["tasks"][0] = None
    assert why(state)["choose"]["code"] == "not_asked"


def test_J14_each_option_names_what_it_lacks_and_explore_is_always_open():
    state = build(hands={0: ["comet-zone"]})  # cost 3, a hand of one: it cannot be paid
    state["centre"] = []
    r = why(state)
    assert r["develop"] == {"code": "no_development", "args": {}}
    assert r["settle"]["code"] == "cannot_pay" and r["settle"]["args"] == {"cost": 3, "keep": 0}
    assert r[f"settle:{at(state, 'comet-zone')}"]["code"] == "cannot_pay"
    assert r["both"]["code"] == "no_development"
    assert r["choose"]["code"] == "nothing_placeable" and "explore" not in r
    assert why(build(hands={0: ["investment-credits"]}))["settle"]["code"] == "no_world"


def test_J21_a_military_world_beyond_reach_says_what_it_needs():
    state = build(hands={0: ["rebel-outpost", "new-survivalists"]}, empires={0: []})
    state["centre"] = []
    r = why(state)
    outpost = at(state, "rebel-outpost")
    assert r[f"settle:{outpost}"] == {"code": "too_weak", "args": {"needs": 5, "has": 0}}
    assert r["settle"]["code"] == "none_fits"  # two worlds: each card says why


def test_J6_J55_one_per_empire_and_trade_pacts_requirement():
    state = build(hands={0: ["trade-pact"]}, empires={0: ["trade-pact"]})
    assert why(state)[f"develop:{at(state, 'trade-pact')}"]["code"] == "one_per_empire"
    state = build(hands={0: ["trade-pact"]}, empires={0: ["space-marines"]})
    assert why(state)[f"develop:{at(state, 'trade-pact')}"]["code"] == "requirement"


def test_J24_no_second_survey_team():
    state = build(hands={0: ["comet-zone"]}, empires={0: ["survey-team"]})
    assert why(state)["develop:survey-team"]["code"] == "one_per_empire"


def test_J14c_a_card_that_no_partner_can_join():
    state = build(hands={0: ["investment-credits", "rebel-outpost"]})
    state["centre"] = []
    r = why(state)
    assert r[f"both:{at(state, 'investment-credits')}"] == {"code": "no_partner", "args": {}}
    assert r[f"both:{at(state, 'rebel-outpost')}"]["code"] == "too_weak"


def test_J10_J43_discard_reasons_count_the_cards():
    state = build(hands={0: ["comet-zone", "gem-world", "ancient-races"]})
    state["phase"], state["tasks"][0] = "limit", {"kind": "discard", "count": 1, "selected": []}
    r = why(state)
    assert r["unselect"]["code"] == "none_selected" and r["choose"]["code"] == "wrong_step"
    assert r["commit"] == {"code": "select_more", "args": {"count": 1, "selected": 0}}
    state = act(state, 0, {"type": "select", "card": find(state, 0, "comet-zone")})
    assert why(state)["select"] == {"code": "enough_selected", "args": {"count": 1}}
    assert "commit" not in why(state)


def test_J27_J28_a_convoy_names_the_worlds_it_cannot_place():
    state = build(
        hands={0: ["devolved-uplift-race", "rebel-outpost", "insect-uplift-race"]},
        empires={0: ["colony-convoy"]},
    )
    state = discard(explore(choose(state, 0, world="devolved-uplift-race"), 1), 1)
    assert state["tasks"][0]["kind"] == "second"
    r = why(state)
    assert r[f"second:{at(state, 'rebel-outpost')}"]["code"] == "must_pay"
    assert f"second:{at(state, 'insect-uplift-race')}" not in r
    assert r["choose"] == {"code": "wrong_step", "args": {"step": "second"}}
