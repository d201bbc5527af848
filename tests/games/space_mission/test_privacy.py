"""Space Mission's own privacy cases; the shared property is in ``tests/games/test_privacy.py``."""

from __future__ import annotations

from games.space_mission import GAME
from tests.games.space_mission.hidden import ids_in


def test_a_view_names_own_cards_and_no_one_elses():
    state = GAME.setup(4, {}, 8)
    for seat in range(4):
        named = ids_in(GAME.view(state, seat))
        assert set(state["hands"][seat]) <= named
        for other in range(4):
            if other != seat:
                assert named.isdisjoint(state["hands"][other])
    assert ids_in(GAME.view(state, None)) == set()
