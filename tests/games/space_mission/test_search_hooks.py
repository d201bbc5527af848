"""What Space Mission gives the shared search: the moves it tries and the outlook it
scores a cut-off playout by (``games.space_mission.search``, ``outlook``, ``fit``)."""

from __future__ import annotations

import pytest

from games.space_mission import GAME, bots, fit
from games.space_mission.outlook import FEATURES, WEIGHTS, features, outlook
from games.space_mission.search import RESTOCKS, moves
from games.space_mission.turn import legal_actions
from tests.games.space_mission.builder import build


def opening(seed: int = 4) -> tuple[dict, int]:
    state = GAME.setup(2, {}, seed)
    return state, state["active"][0]


def test_O3_the_search_tries_every_action_but_undo_and_the_three_restocks_valued_most():
    state, seat = opening()
    legal = [a for a in legal_actions(state, seat) if a["type"] != "undo"]
    restocks = [a for a in legal if a["type"] == "restock"]
    assert len(restocks) == 32  # a full hand: every choice of cards to discard (O3, R12)
    tried = moves(state, seat)
    assert [a for a in tried if a["type"] != "restock"] == [
        a for a in legal if a["type"] != "restock"
    ]
    kept = [a for a in tried if a["type"] == "restock"]
    assert len(kept) == RESTOCKS
    values = bots._Greedy.from_state(state, seat).restock_values(restocks)
    value = {repr(a): v for a, v in zip(restocks, values, strict=True)}
    assert min(value[repr(a)] for a in kept) >= max(
        value[repr(a)] for a in restocks if a not in kept
    )


def test_R12_with_few_restocks_to_choose_from_every_one_is_tried():
    state = build(2, hands={0: ["c01"]})
    restocks = [a for a in moves(state, 0) if a["type"] == "restock"]
    assert restocks == [{"type": "restock", "discard": []}, {"type": "restock", "discard": ["c01"]}]


def seat_outlook(state: dict, seat: int, **changes) -> float:
    return outlook({**state, **changes})[seat]


def test_R29_a_station_counts_almost_its_points_and_more_so_once_the_end_is_triggered():
    state, seat = opening()
    planet = state["ring"][0]
    with_station = {**state["stations"], planet: seat}
    early = seat_outlook(state, seat, stations=with_station) - seat_outlook(state, seat)
    ended = {"ending": True}
    late = seat_outlook(state, seat, stations=with_station, **ended) - seat_outlook(
        state, seat, **ended
    )
    assert 0 < early < late <= 3.0


def test_R26_a_chip_is_worth_more_while_much_of_the_game_is_left():
    state, seat = opening()
    chips = list(state["chips"])
    chips[seat] -= 1
    early = seat_outlook(state, seat) - seat_outlook(state, seat, chips=chips)
    late = seat_outlook(state, seat, ending=True) - seat_outlook(
        state, seat, chips=chips, ending=True
    )
    assert early > late > 0


def test_R28_the_gates_standing_counts_for_little_early_and_nearly_in_full_at_the_end():
    state, seat = opening()
    ahead = [0] * state["players"]
    ahead[seat] = 1  # the only probe: 9 points by today's standing
    early = seat_outlook(state, seat, gate=ahead) - seat_outlook(state, seat)
    late = seat_outlook(state, seat, gate=ahead, ending=True) - seat_outlook(
        state, seat, ending=True
    )
    assert early < 0.4 * 9 < late


def test_each_seat_has_every_feature():
    state, _ = opening()
    rows = features(state)
    assert len(rows) == state["players"] and all(len(r) == len(FEATURES) for r in rows)
    assert len(WEIGHTS) == len(FEATURES)


def test_least_squares_finds_the_weights_of_exact_data():
    truth = [2.0, -0.5, 3.0]
    rows = [[x, y, 1.0] for x in range(5) for y in range(4)]
    targets = [sum(w * f for w, f in zip(truth, row, strict=True)) for row in rows]
    assert fit.least_squares(rows, targets) == pytest.approx(truth, abs=1e-6)
    assert fit.rmse(truth, rows, targets) == pytest.approx(0.0)


@pytest.mark.slow
def test_the_weights_in_use_are_what_the_fit_gives():
    """The outlook's weights are the fit's output for the command its comment names: a
    change to the playout policy or the features shows here until they are fitted again."""
    rows, totals = fit.sample(400, (2, 3, 4))
    assert [round(w, 3) for w in fit.least_squares(rows, totals)] == list(WEIGHTS)
