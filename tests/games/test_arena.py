"""The arena's bookkeeping: seat rotation, places, confidence intervals, the command."""

from __future__ import annotations

import math

import pytest

from games import registry
from games.arena import Played, arena, interval, main, per_deal, places, seating


def test_every_bot_sits_in_every_seat_once_per_deal():
    for n in (2, 3, 4, 5):
        seen = {(seat, entry) for r in range(n) for seat, entry in enumerate(seating(n, r))}
        assert seen == {(seat, entry) for seat in range(n) for entry in range(n)}
        assert seating(n, 0) == list(range(n))
    assert seating(4, 1) == [3, 0, 1, 2]  # entry 0 sits at seat 1


def test_places_share_ties():
    assert places([(1, 30), (0, 20), (0, 25)]) == [1.0, 3.0, 2.0]
    assert places([(1, 30), (1, 30), (0, 10)]) == [1.5, 1.5, 3.0]
    assert places([(0, 5), (0, 5), (0, 5), (0, 5)]) == [2.5] * 4


def test_the_interval_is_the_normal_one_of_the_mean():
    mean, low, high = interval([0.0, 1.0, 0.0, 1.0])
    half = 1.96 * math.sqrt(1 / 3) / 2
    assert mean == 0.5 and low == pytest.approx(0.5 - half) and high == pytest.approx(0.5 + half)
    assert interval([0.25]) == (0.25, 0.25, 0.25)


def test_a_deals_rotations_are_averaged_before_the_interval():
    games = [
        Played(deal=0, rotation=0, shares=[1.0, 0.0], places=[1, 2], ended=True),
        Played(deal=0, rotation=1, shares=[0.0, 1.0], places=[2, 1], ended=True),
        Played(deal=1, rotation=0, shares=[1.0, 0.0], places=[1, 2], ended=True),
        Played(deal=1, rotation=1, shares=[1.0, 0.0], places=[1, 2], ended=True),
    ]
    assert per_deal(games, [0], "shares") == [0.5, 1.0]
    assert per_deal(games, [0, 1], "shares") == [0.5, 0.5]
    assert per_deal(games, [1], "places") == [1.5, 2.0]


def test_each_deal_is_played_once_per_rotation_and_the_win_is_shared_out():
    game = registry.get("jump-drive")
    played, timing = arena(game, ["greedy", "random", "random"], 5, 40, 3000)
    assert len(played) == 6  # rounded up to whole rotations: 2 deals x 3
    assert sorted((g.deal, g.rotation) for g in played) == [
        (d, r) for d in (40, 41) for r in range(3)
    ]
    for g in played:
        assert g.ended and sum(g.shares) == pytest.approx(1.0)
        assert sum(g.places) == pytest.approx(6.0)  # places 1 to 3, ties sharing theirs
        winner = g.shares.index(max(g.shares))
        assert g.places[winner] == min(g.places)
    assert set(timing) == {"greedy", "random"} and timing["greedy"].cpu


def test_the_command_prints_shares_places_and_times(capsys):
    argv = ["space-mission", "--players", "2", "--bots", "greedy", "random", "--games", "2"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "2 games (1 deals x 2 seatings); unfinished (hit the cap): 0" in out
    assert "greedy (0)" in out and "random (1)" in out and "time per decision" in out


def test_the_command_refuses_a_bot_the_game_has_not(capsys):
    with pytest.raises(SystemExit):
        main(["blabla", "--players", "2", "--bots", "strong", "wizard"])
    assert "unknown bots ['wizard']" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["blabla", "--players", "3", "--bots", "strong", "easy"])


def test_deals_played_in_several_processes_give_the_same_games():
    game = registry.get("jump-drive")
    alone, alone_timing = arena(game, ["greedy", "random"], 6, 7, 3000)
    shared, shared_timing = arena(game, ["greedy", "random"], 6, 7, 3000, jobs=2)
    assert shared == alone
    assert [len(t.cpu) for t in shared_timing.values()] == [
        len(t.cpu) for t in alone_timing.values()
    ]
