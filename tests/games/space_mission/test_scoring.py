"""R27-R35: scoring by category and the winners."""

from __future__ import annotations

import pytest

from games.space_mission import scoring
from tests.games.space_mission.builder import build, tiles_of


def ore(red=0, purple=0, green=0, blue=0):
    return (
        tiles_of("ore", "red")[:red]
        + tiles_of("ore", "purple")[:purple]
        + tiles_of("ore", "green")[:green]
        + tiles_of("ore", "blue")[:blue]
    )


def test_R28_jump_gate_rules_example():
    # Green 9; red, blue and yellow tied second get 6 each; no third or fourth: black 0.
    assert scoring.gate_scores([5, 3, 3, 3, 1]) == [9, 6, 6, 6, 0]


@pytest.mark.parametrize(
    "probes, points",
    [
        ([4, 3, 2, 1, 0], [9, 6, 3, 1, 0]),
        ([2, 2, 1, 0], [9, 9, 3, 0]),
        ([0, 0, 0], [0, 0, 0]),
        ([3, 0], [9, 0]),
        ([1, 1, 1, 1, 1], [9, 9, 9, 9, 9]),
    ],
)
def test_R28_competition_ranking_and_no_probe_scores_nothing(probes, points):
    assert scoring.gate_scores(probes) == points


def test_R30_ore_rules_example():
    assert scoring.tile_scores(ore(red=3, blue=2, green=2))["ore"] == 21


def test_R31_alien_rules_example():
    tiles = tiles_of("alien", "brown")[:4] + tiles_of("alien", "blue")[:2]
    assert scoring.tile_scores(tiles)["alien"] == 24


@pytest.mark.parametrize("green, blue, points", [(3, 1, 11), (1, 1, 7), (2, 2, 14), (0, 3, 6)])
def test_R32_matter_pairs_and_singles(green, blue, points):
    tiles = tiles_of("matter", "green")[:green] + tiles_of("matter", "blue")[:blue]
    assert scoring.tile_scores(tiles)["matter"] == points


@pytest.mark.parametrize(
    "count, points", [(0, 0), (1, 2), (2, 5), (3, 9), (4, 14), (5, 16), (6, 19), (8, 28), (9, 30)]
)
def test_R33_water_table_beyond_four(count, points):
    assert scoring._water(count) == points
    if count <= 8:
        assert scoring.tile_scores(tiles_of("water")[:count])["water"] == points


def test_R34_medals_three_each():
    assert scoring.tile_scores(tiles_of("medal")[:4])["medal"] == 12


def test_R29_R27_stations_score_and_unawarded_reservations_do_not():
    s = build(
        3,
        stations={"hazard": 1, "quartz": 1},
        collections={0: tiles_of("medal")[:1]},
        reservations={"freezer": [[0, tiles_of("medal")[1]]]},
    )
    result = scoring.result(s)
    assert result["scores"][1]["by_category"]["stations"] == 6
    assert result["scores"][0]["by_category"]["medal"] == 3
    assert result["revealed"][0]["reservations"] == {
        "freezer": [{"id": tiles_of("medal")[1], "kind": "medal", "colour": None}]
    }


def test_R35_most_points_wins():
    s = build(3, collections={2: tiles_of("medal")[:2]})
    assert scoring.result(s)["winners"] == [2]


def test_R35_tie_broken_by_stations_then_shared():
    s = build(
        3,
        stations={"hazard": 1},
        collections={0: tiles_of("medal")[:2], 1: tiles_of("medal")[2:3]},
    )
    result = scoring.result(s)
    assert [x["total"] for x in result["scores"]] == [6, 6, 0]
    assert result["winners"] == [1]
    s = build(3, collections={0: tiles_of("medal")[:2], 1: tiles_of("medal")[2:4]})
    assert scoring.result(s)["winners"] == [0, 1]


def test_R28_to_R34_full_breakdown():
    tiles = ore(red=2, blue=1) + tiles_of("water")[:2] + tiles_of("matter", "green")[:1]
    s = build(2, gate=[3, 1], stations={"hazard": 0}, collections={0: tiles})
    score = scoring.result(s)["scores"][0]
    assert score["by_category"] == {
        "gate": 9,
        "stations": 3,
        "ore": 6,
        "alien": 0,
        "matter": 2,
        "water": 5,
        "medal": 0,
    }
    assert score["total"] == 25
