"""Every registered game passes these properties over random whole games.

- only ``IllegalAction`` is ever raised, and every action in ``legal_actions`` applies;
- actions outside ``legal_actions`` (other seats' actions, stale ones, junk) are refused
  and leave the state unchanged; ``apply`` never mutates its input;
- a seat the game does not wait for is offered only its game's optional actions (none for
  most games; Jump Drive's ``uncommit``, J15), and each one it is offered is accepted;
- the same seed and actions give the same state, and replaying the action log rebuilds it;
- states and views survive a JSON round trip.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import registry
from games.core import Game, IllegalAction
from tests.games.playout import playout

GAMES = registry.shipped_games()  # not the small games other tests register
CASES = [
    (game_id, players)
    for game_id in GAMES
    for players in range(
        registry.get(game_id).info.min_players, registry.get(game_id).info.max_players + 1
    )
]
JUNK_VALUES = [None, -1, 10**40, 3.5, "", "\u0000\ud83d\ude80" * 50, [], {}, [[]], True]
CHECK_ALL_LEGAL_EVERY = 7  # applying every legal action is the slowest check
# The action types each game may offer a seat it does not wait for (``core.Game``).
OPTIONAL = {"jump-drive": {"uncommit"}}


def junk_actions(legal: list[dict], pool: list[dict]) -> list[object]:
    """Actions that look like real ones but are not legal now."""
    out: list[object] = [{}, {"type": "no-such-action"}, None, [], "confirm", 7]
    for action in legal[:3]:
        out.append({**action, "unexpected": 1})
        for key in action:
            for value in JUNK_VALUES[:: 1 + len(out) % 3]:
                out.append({**action, key: value})
    out += pool[-40:]
    return [a for a in out if a not in legal]


def refuses(game: Game, state: dict, seat: int, action: object) -> None:
    """Refused with a code (the caller checks afterwards that nothing changed)."""
    with pytest.raises(IllegalAction) as err:
        game.apply(state, seat, action)  # type: ignore[arg-type]
    assert isinstance(err.value.code, str) and err.value.code
    assert isinstance(err.value.message, str) and err.value.message


def check_waiting_seat(game: Game, state: dict, seat: int, others: list[dict]) -> None:
    """A seat the game does not wait for: only optional actions, each accepted; the
    acting seat's actions are refused unless offered to it too."""
    offered = game.legal_actions(state, seat)
    assert {a["type"] for a in offered} <= OPTIONAL.get(game.info.id, set()), offered
    for action in offered:
        game.apply(state, seat, action)
    for action in others[:5]:
        if action not in offered:
            refuses(game, state, seat, action)


def check_game(game_id: str, players: int, seed: int) -> None:
    game = registry.get(game_id)
    log, pool, ended = [], [], False
    for i, step in enumerate(playout(game, players, seed)):
        state, seat = step.state, step.seat
        legal = game.legal_actions(state, seat)
        assert step.action in legal
        snapshot = json.loads(json.dumps(state))
        assert snapshot == state  # the JSON round trip
        if i % CHECK_ALL_LEGAL_EVERY == 0:
            for action in legal:
                game.apply(state, seat, action)
            for other in range(players):
                if other not in game.active_seats(state):
                    check_waiting_seat(game, state, other, legal)
            for action in junk_actions(legal, pool):
                refuses(game, state, seat, action)
            for viewer in [*range(players), None]:
                view = game.view(state, viewer)
                assert json.loads(json.dumps(view)) == view
        again, _ = game.apply(snapshot, seat, step.action)
        assert again == step.new  # determinism, also from a state read back from JSON
        assert state == snapshot  # nothing above, nor the step itself, mutated a state
        pool += legal[:4]
        log.append((seat, step.action))
        ended = not game.active_seats(step.new)
        final = step.new
    assert ended, "the game did not end"
    assert game.result(final) is not None
    replay = game.setup(players, game.info.default_options(), seed)
    for seat, action in log:
        replay, _ = game.apply(replay, seat, action)
    assert replay == final


@pytest.mark.parametrize("game_id, players", CASES)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**48))
def test_random_whole_games_conform(game_id, players, seed):
    check_game(game_id, players, seed)


@pytest.mark.parametrize("game_id", GAMES)
def test_info_and_setup(game_id):
    game = registry.get(game_id)
    info = game.info
    assert info.id == game_id and 1 <= info.min_players <= info.max_players
    assert "random" in info.bots
    state = game.setup(info.min_players, info.default_options(), 1)
    assert game.result(state) is None and game.active_seats(state)
    assert game.active_seats(state) == sorted(game.active_seats(state))
    assert json.loads(json.dumps(state)) == state
