"""Bots play from their own view only and finish games; greedy plays to win."""

from __future__ import annotations

import json

import pytest

from games.blabla import GAME
from games.simulate import simulate


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_a_bot_chooses_a_legal_action_from_its_view_alone(bot):
    state = GAME.setup(3, {}, 4)
    for n in range(200):
        if not state["active"]:
            break
        seat = state["active"][0]
        view = GAME.view(state, seat)
        action = GAME.bot_action(bot, json.loads(json.dumps(view)), n)
        assert action in view["legal"]
        assert GAME.bot_action(bot, view, n) == action  # the same view, the same choice
        state, _ = GAME.apply(state, seat, action)


def test_greedy_beats_random():
    tally = simulate(GAME, ["greedy", "random"], games=6, seed=11, cap=4000)
    assert tally.unfinished == []
    assert tally.wins[0] >= 5


def test_greedy_games_end_by_four_kinds_at_every_player_count():
    for players in (2, 3, 4):
        tally = simulate(GAME, ["greedy"] * players, games=4, seed=players, cap=4000)
        assert tally.unfinished == []
        assert all(r["end"] in ("four_kinds", "empty_stacks") for r in tally.results)
