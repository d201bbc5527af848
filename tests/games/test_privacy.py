"""Non-interference, for every registered game: what a viewer may not see cannot change
what its view shows.

For reachable states (from whole bot games that wander into random actions, some of them
flagged to end the turn with them, O2/B59), for every seat and the spectator: each change
of something hidden from that viewer leaves the canonical JSON of its view
byte-identical, and no id a view names is in the game's
``privacy.hidden_ids`` for that viewer. Each game says in ``tests/games/<game>/hidden.py``
what its hidden things are and how to change them (``perturbations``) and how to find ids
in a view (``ids_in``); a registered game without that module fails here.
"""

from __future__ import annotations

import importlib
import json
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import registry, rng
from games.core import Game
from tests.games.playout import playout

GAMES = registry.shipped_games()  # not the small games other tests register


def canonical(view: dict) -> str:
    return json.dumps(view, sort_keys=True)


def package(game_id: str) -> str:
    return game_id.replace("-", "_")


def hiding(game_id: str) -> ModuleType:
    return importlib.import_module(f"tests.games.{package(game_id)}.hidden")


def hidden_ids_of(game_id: str):
    return importlib.import_module(f"games.{package(game_id)}.privacy").hidden_ids


def check_state(game_id: str, state: dict, g: int) -> None:
    """The property for every viewer of one state."""
    game: Game = registry.get(game_id)
    hidden_ids, how = hidden_ids_of(game_id), hiding(game_id)
    for seat in [*range(state["players"]), None]:
        view = game.view(state, seat)
        hidden = hidden_ids(state, seat)
        assert how.ids_in(view).isdisjoint(hidden), seat
        # A copy read back from JSON: no part of its view can come from an earlier view.
        expected = canonical(game.view(json.loads(json.dumps(state)), seat))
        assert canonical(view) == expected
        for what, changed in how.perturbations(state, seat, hidden, rng.seed_state(g)):
            fresh = game.view(json.loads(json.dumps(changed)), seat)
            assert canonical(fresh) == expected, (seat, what)


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=5, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**40), every=st.integers(4, 11))
def test_hidden_changes_leave_every_view_identical(game_id, data, seed, every):
    info = registry.get(game_id).info
    players = data.draw(st.integers(info.min_players, info.max_players))
    how = hiding(game_id)
    last = None
    for n, step in enumerate(
        playout(registry.get(game_id), players, seed, how.WANDER, how.CAP, flagged=0.3)
    ):
        last = step.new
        if n % every == 0:
            check_state(game_id, step.state, seed + n)
    check_state(game_id, last, seed)


@pytest.mark.parametrize("game_id", GAMES)
def test_why_not_is_part_of_each_seats_view_and_names_no_hidden_id(game_id):
    """The reasons travel in the view, so the property above covers them; here a seat's
    reasons stay the same when every other hand and the draw pile are shuffled."""
    game: Game = registry.get(game_id)
    how = hiding(game_id)
    for n, step in enumerate(playout(game, 2, 5, how.WANDER, how.CAP)):
        if n % 5:
            continue
        for seat in range(2):
            view = game.view(step.state, seat)
            assert view["why_not"] == game.why_not(step.state, seat)
            hidden = hidden_ids_of(game_id)(step.state, seat)
            assert how.ids_in(view["why_not"]).isdisjoint(hidden)
            for _, changed in how.perturbations(step.state, seat, hidden, rng.seed_state(n)):
                assert game.why_not(json.loads(json.dumps(changed)), seat) == view["why_not"]
