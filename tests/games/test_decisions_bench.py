"""``bench.decisions``: the positions it times are seat 0's, the same for the same seeds."""

from bench import decisions
from games import registry


def test_the_positions_are_seat_zeros_and_depend_on_the_seeds_alone():
    game = registry.get("space-mission")
    views = decisions.positions(game, 3, 1, 9)
    assert views and all(v["seat"] == 0 and v["legal"] for v in views)
    assert views == decisions.positions(game, 3, 1, 9)
    assert len(decisions.positions(game, 3, 2, 9)) > len(views)
    assert len(decisions.timed(game, views[:2], "easy")) == 2
