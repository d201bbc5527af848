"""One simulator for every registered game: the same command and the same figures."""

from __future__ import annotations

import pytest

from games import registry, rng
from games.bots import random_action
from games.simulate import main, seated_bots, simulate

GAMES = registry.shipped_games()  # not the small games other tests register


@pytest.mark.parametrize("game_id", GAMES)
def test_the_simulator_plays_every_registered_game(game_id, capsys):
    info = registry.get(game_id).info
    argv = [game_id, "--games", "2", "--players", str(info.min_players), "--bots", info.bots[-1]]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "finished: 2; stalls (hit the action cap): 0" in out
    for figure in ("games/s:", "per CPU second:", "mean actions per game:", "per bot:"):
        assert figure in out


def test_jump_drive_at_four_seats_with_two_kinds_of_bot(capsys):
    argv = ["jump-drive", "--games", "2", "--players", "4", "--bots", "random", "greedy"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "seat 3   greedy:" in out and "seat 2   random:" in out


def test_a_game_that_hits_the_cap_is_a_stall_with_its_seed(capsys):
    assert main(["jump-drive", "--games", "1", "--players", "2", "--seed", "9", "--cap", "5"]) == 0
    out = capsys.readouterr().out
    assert "stalls (hit the action cap): 1" in out and "seeds that stalled: [9]" in out


def test_bots_are_repeated_around_the_table():
    assert seated_bots(["random", "greedy"], 4) == ["random", "greedy", "random", "greedy"]
    assert seated_bots(["greedy,random,random"], 3) == ["greedy", "random", "random"]
    assert seated_bots(["random"] * 5, 4) == ["random"] * 5  # too many: refused by main


def test_unknown_games_bots_and_too_many_bots_are_refused():
    for argv in (
        ["chess"],
        ["jump-drive", "--bots", "oracle"],
        ["jump-drive", "--players", "2", "--bots", "random", "random", "random"],
    ):
        with pytest.raises(SystemExit):
            main(argv)


BOT_CASES = [
    (game_id, players, bot)
    for game_id in GAMES
    for info in [registry.get(game_id).info]
    for players in range(info.min_players, info.max_players + 1)
    for bot in info.bots
]


@pytest.mark.parametrize("game_id, players, bot", BOT_CASES)
def test_every_bot_finishes_every_game_at_every_player_count_R26(game_id, players, bot):
    tally = simulate(registry.get(game_id), [bot] * players, games=3, seed=players, cap=3000)
    assert tally.unfinished == [] and tally.games == 3
    assert sum(tally.wins.values()) >= 3  # every finished game has a winner


def test_the_random_bot_picks_a_kind_first_then_its_arguments():
    legal = [{"type": "restock", "discard": [str(i)]} for i in range(32)]
    legal += [{"type": "fly", "planet": "a"}, {"type": "undo"}]
    kinds = [random_action(legal, rng.seed_state(s))["type"] for s in range(400)]
    assert "undo" not in kinds
    assert 150 < kinds.count("fly") < 250  # one kind in two, not one action in 33
    assert random_action([{"type": "undo"}], rng.seed_state(1)) == {"type": "undo"}
