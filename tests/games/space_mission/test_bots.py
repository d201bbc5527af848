"""The bots: legal choices from their own view, and greedy clearly beats random."""

from __future__ import annotations

import pytest

from games.simulate import play, report, simulate
from games.space_mission import GAME
from tests.games.space_mission.builder import act, build, card_with


def test_greedy_beats_three_random_bots_in_at_least_80_percent_of_games():
    bots = ["greedy", "random", "random", "random"]
    wins = 0
    for seed in range(50):
        played = play(GAME, bots, seed, cap=3000)
        result = GAME.result(played.final)
        wins += result is not None and 0 in result["winners"]
    assert wins >= 40, f"greedy won {wins} of 50"


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_bots_choose_a_legal_action_and_never_undo(bot):
    card = card_with(("jump", 1))
    s = act(build(hands={0: [card]}), 0, {"type": "jump", "card": card, "planet": "hazard"})
    view = GAME.view(s, 0)
    assert {"type": "undo"} in view["legal"]
    for seed in range(30):
        action = GAME.bot_action(bot, view, seed)
        assert action in view["legal"] and action["type"] != "undo"


def test_random_bot_is_seeded_and_spreads_its_choices():
    state = GAME.setup(4, {}, 1)
    view = GAME.view(state, state["start"])
    choices = {str(GAME.bot_action("random", view, seed)) for seed in range(200)}
    assert len(choices) > 10
    assert GAME.bot_action("random", view, 3) == GAME.bot_action("random", view, 3)


def test_unknown_bot_and_a_view_without_choices_are_refused():
    with pytest.raises(ValueError):
        GAME.bot_action("oracle", GAME.view(build(), 0), 1)
    with pytest.raises(ValueError):
        GAME.bot_action("random", GAME.view(build(), 1), 1)


def test_simulator_counts_games_scores_and_wins():
    tally = simulate(GAME, ["greedy", "greedy"], games=3, seed=5, cap=3000)
    assert tally.games == 3 and tally.actions > 0
    finished = 3 - len(tally.unfinished)
    assert len(tally.totals[0]) == len(tally.totals[1]) == finished
    assert tally.wins[0] + tally.wins[1] >= finished
    # Time inside apply is part of the whole run, and the report states the engine's rate.
    assert 0 < tally.apply_seconds < tally.seconds
    assert "rules engine alone:" in report(tally, ["greedy", "greedy"])
