"""The bots: legal choices from their own view, and greedy clearly beats random."""

from __future__ import annotations

import pytest

from games.jump_drive import GAME
from games.simulate import play
from tests.games.jump_drive.builder import build


def test_greedy_beats_two_random_bots_in_at_least_75_percent_of_games():
    bots = ["greedy", "random", "random"]
    wins = 0
    for seed in range(40):
        played = play(GAME, bots, seed, cap=3000)
        result = GAME.result(played.final)
        wins += result is not None and 0 in result["winners"]
    assert wins >= 30, f"greedy won {wins} of 40"


def test_greedy_wins_from_every_seat():
    wins = [0, 0]
    for seed in range(20):
        for seat in (0, 1):
            bots = ["random", "random"]
            bots[seat] = "greedy"
            result = GAME.result(play(GAME, bots, seed, cap=3000).final)
            wins[seat] += seat in result["winners"]
    assert min(wins) >= 15, wins


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_bots_choose_a_legal_action_at_every_kind_of_step(bot):
    state = GAME.setup(3, {}, 5)
    kinds = set()
    for n in range(400):
        if not state["active"]:
            break
        seat = state["active"][n % len(state["active"])]
        view = GAME.view(state, seat)
        kinds.add(view["me"]["task"]["kind"])
        action = GAME.bot_action(bot, view, n)
        assert action in view["legal"]
        state, _ = GAME.apply(state, seat, action)
    assert {"discard", "choose"} <= kinds


def test_random_bot_is_seeded_and_spreads_its_choices():
    state = build(hands={0: ["comet-zone", "gem-world", "space-marines", "investment-credits"]})
    view = GAME.view(state, 0)
    choices = {str(GAME.bot_action("random", view, seed)) for seed in range(100)}
    assert len(choices) > 5
    assert GAME.bot_action("random", view, 3) == GAME.bot_action("random", view, 3)


def test_greedy_prefers_a_placement_that_pays_over_exploring():
    """Ancient Races yields what Mining World does (1 VP, 2 income) for one card less,
    and more than Gem World for the same cost: that is the world to place."""
    state = build(hands={0: ["mining-world", "comet-zone", "gem-world", "ancient-races"]})
    view = GAME.view(state, 0)
    action = GAME.bot_action("greedy", view, 1)
    [ancient] = [c["id"] for c in view["me"]["hand"] if c["card"] == "ancient-races"]
    assert action["type"] == "choose" and action["world"] == ancient


def test_unknown_bot_and_a_view_without_choices_are_refused():
    state = build()
    with pytest.raises(ValueError):
        GAME.bot_action("oracle", GAME.view(state, 0), 1)
    with pytest.raises(ValueError):
        GAME.bot_action("random", GAME.view(state, None), 1)
