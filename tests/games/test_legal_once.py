"""An act that may end the turn asks for the acting seat's legal actions in the state it
leaves, and so does that seat's view (``games.memo.per_state``): they are made once, and
are what the rules give for that very state, whatever other matches did in between."""

from __future__ import annotations

import itertools

import pytest

from games import gamelog, memo, registry
from games.blabla import turn as blabla_turn
from games.blabla import view as blabla_view
from games.space_mission import turn as space_mission_turn
from games.space_mission import view as space_mission_view
from tests.games.playout import playout

CASES = {
    "space-mission": (space_mission_turn, space_mission_view),
    "blabla": (blabla_turn, blabla_view),
}


@pytest.mark.parametrize("game_id", sorted(CASES))
def test_a_flagged_act_and_the_view_after_it_make_the_legal_actions_once(monkeypatch, game_id):
    turn, view = CASES[game_id]
    made = []
    real = turn.legal_actions

    def counted(state, seat):
        made.append((id(state), seat))
        return real(state, seat)

    game = registry.get(game_id)
    steps = list(itertools.islice(playout(game, 3, 5, flagged=1.0), 60))
    # ``per_state`` holds the function it was given: count through a fresh one.
    monkeypatch.setattr(view, "legal_now", memo.per_state(f"{game_id} test", counted))
    for step in steps:
        seat = step.seat
        for state in (step.state, step.new):
            first = view.legal_now(state, seat)
            assert view.legal_now(state, seat) is first
            assert first == real(state, seat)
    assert len(made) == len(set(made))  # each state and seat made once


def test_another_matchs_states_in_between_do_not_change_the_answer():
    game = registry.get("space-mission")
    one = list(itertools.islice(playout(game, 4, 1), 30))
    two = list(itertools.islice(playout(game, 4, 2), 30))
    legal = space_mission_view.legal_now
    for a, b in zip(one, two, strict=True):
        for step in (a, b):
            assert legal(step.new, step.seat) == space_mission_turn.legal_actions(
                step.new, step.seat
            )
    # A state it saw before, asked again after the other match's: still that state's.
    first = one[0]
    assert legal(first.new, first.seat) == space_mission_turn.legal_actions(first.new, first.seat)


@pytest.mark.parametrize("game_id", sorted(CASES))
def test_the_games_end_of_turn_check_leaves_them_for_the_view(game_id):
    game = registry.get(game_id)
    for step in itertools.islice(playout(game, 3, 5, flagged=1.0), 60):
        after, _ = game.apply(step.state, step.seat, step.action)
        if step.seat in game.active_seats(after):  # the act did not end the turn
            break
    key = ((f"{game_id} legal", step.seat), id(gamelog.origin(after["log"])))
    assert memo._kept[key][0][1] is after  # what the view's ``legal`` part is made from
