"""The shared conformance suite (``tests/games/test_conformance.py``), run for Jump Drive
exactly as for every registered game: random whole games, legal actions apply, illegal
ones are refused unchanged, JSON round trip, replay and determinism."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.jump_drive.data import MAX_PLAYERS, MIN_PLAYERS
from tests.games import test_conformance as shared
from tests.games.jump_drive.conftest import GAME_ID


@pytest.mark.parametrize("players", range(MIN_PLAYERS, MAX_PLAYERS + 1))
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**48))
def test_random_whole_games_conform(players, seed):
    shared.check_game(GAME_ID, players, seed)


def test_info_and_setup_conform():
    shared.test_info_and_setup(GAME_ID)
