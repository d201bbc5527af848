"""``apply`` accepts exactly the listed actions, for every registered game.

Over random positions (hypothesis draws the seeds of whole bot games that wander into odd
corners), every action ``legal_actions`` lists is accepted, and every near miss of one —
a flipped flag, another id of the same sort, a wrong type, a field dropped or added, one
list element more or fewer — is accepted only when it is itself listed. Lists of ids
are sets (a restock's discards, a colonisation's two cards): their order does not count.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import registry
from games.core import Action, IllegalAction, State
from tests.games.playout import playout

GAMES = registry.shipped_games()
CASES = [
    (game_id, players)
    for game_id in GAMES
    for players in range(
        registry.get(game_id).info.min_players, registry.get(game_id).info.max_players + 1
    )
]
WRONG_TYPES = [None, 0, 1, True, False, 2.5, "", [], {}]
CHECK_EVERY = 3  # mutating every listed action at every step is slow


def canonical(action: Any) -> str:
    """The action with its id lists taken as sets."""
    if isinstance(action, dict):
        action = {k: sorted(v, key=repr) if isinstance(v, list) else v for k, v in action.items()}
    return json.dumps(action, sort_keys=True)


def ids_in(state: State) -> list[str]:
    """Every string the state holds (card, tile and planet ids among them)."""
    out: set[str] = set()
    stack: list[Any] = [state]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack += item.keys()
            stack += item.values()
        elif isinstance(item, list):
            stack += item
        elif isinstance(item, str):
            out.add(item)
    return sorted(out)


def near_misses(action: Action, legal: list[Action], ids: list[str], seed: int) -> Iterator[Any]:
    """Actions a field away from ``action``."""
    yield {**action, "extra": 1}
    for other in legal[:: max(len(legal) // 4, 1)]:
        yield {**other, "type": action["type"]}
    for key, value in action.items():
        if key == "type":
            continue
        rest = {k: v for k, v in action.items() if k != key}
        yield rest
        for wrong in WRONG_TYPES:
            if wrong is not value:
                yield {**action, key: wrong}
        if isinstance(value, bool):
            yield {**action, key: not value}
        if isinstance(value, str) or value is None:
            for i in range(6):
                yield {**action, key: ids[(seed + i * 7919) % len(ids)]}
        if isinstance(value, list):
            yield {**action, key: value[::-1]}
            yield {**action, key: value[1:]}
            yield {**action, key: [*value, value[0]] if value else [ids[seed % len(ids)]]}
            for i in range(3):
                yield {**action, key: [*value[1:], ids[(seed + i * 104729) % len(ids)]]}
            yield {**action, key: [0, *value[1:]]}


def accepts(game: Any, state: State, seat: int, action: Any) -> bool:
    try:
        game.apply(state, seat, action)
    except IllegalAction:
        return False
    return True


def check(game_id: str, players: int, seed: int) -> None:
    game = registry.get(game_id)
    for i, step in enumerate(playout(game, players, seed, wander=0.3)):
        if i % CHECK_EVERY:
            continue
        state, seat = step.state, step.seat
        legal = game.legal_actions(state, seat)
        listed = {canonical(a) for a in legal}
        ids = ids_in(state)
        for n, action in enumerate(legal):
            assert accepts(game, state, seat, action), action
            for miss in near_misses(action, legal, ids, seed + n):
                accepted = accepts(game, state, seat, miss)
                assert accepted == (canonical(miss) in listed), (action, miss, accepted)


@pytest.mark.parametrize("game_id, players", CASES)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**48))
def test_apply_accepts_exactly_the_legal_actions_J16_R11(game_id, players, seed):
    check(game_id, players, seed)
