"""``why_not`` agrees with ``legal_actions``, for every registered game (contract 4).

Over random positions of whole games, for every seat: a kind ``why_not`` names has no
legal action, and every kind of the game either has one or is named; an option
``"kind:n"`` (the card at place ``n`` of the hand) is named only when no legal action of
that kind uses that card. Reasons are
a code and JSON arguments, and they travel in the seat's view (a spectator gets none).
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import registry
from games.blabla import turn as bb_turn
from games.jump_drive import whynot as jd_whynot
from games.space_mission import whynot as sm_whynot
from tests.games.playout import playout

GAMES = registry.shipped_games()
KINDS = {
    "space-mission": set(sm_whynot.KINDS),
    "jump-drive": set(jd_whynot.KINDS),
    "blabla": set(bb_turn.KINDS),
}


def shape(action: dict) -> str | None:
    """Jump Drive's options of ``choose`` (J14 a-c)."""
    if action["type"] != "choose":
        return None
    if action["development"] and action["world"]:
        return "both"
    return "develop" if action["development"] else "settle"


def uses(action: dict) -> set[str]:
    """The ids an action names (cards, tiles, worlds)."""
    out = set()
    for key, value in action.items():
        if key == "type":
            continue
        if isinstance(value, str):
            out.add(value)
        elif isinstance(value, list):
            out.update(v for v in value if isinstance(v, str))
    return out


def option_kinds(action: dict) -> set[str]:
    return {action["type"], *filter(None, [shape(action)])}


def check(game_id: str, state: dict, seat: int) -> None:
    game = registry.get(game_id)
    legal = game.legal_actions(state, seat)
    reasons = game.why_not(state, seat)
    assert game.view(state, seat)["why_not"] == reasons
    assert json.loads(json.dumps(reasons)) == reasons
    parts = [id(r) for r in reasons.values()] + [id(r["args"]) for r in reasons.values()]
    assert len(set(parts)) == len(parts)  # no object twice: JSON patches replay exactly
    open_kinds = set().union(*map(option_kinds, legal)) if legal else set()
    for key, value in reasons.items():
        assert set(value) == {"code", "args"} and isinstance(value["code"], str), key
        kind, _, option = key.partition(":")
        assert kind not in open_kinds or option, (key, legal)
        if option and option.isdigit():  # a place in the hand (or in the stack looked at)
            me = game.view(state, seat)["me"]
            places = me["looking"]["stack"] if kind == "pick" else me["hand"]
            option = places[int(option)]["id"]
        if option:
            assert not any(kind in option_kinds(a) and option in uses(a) for a in legal), key
    named = {k for k in reasons if ":" not in k}
    assert KINDS[game_id] <= named | open_kinds


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), players=st.integers(2, 5))
def test_why_not_names_exactly_the_closed_kinds(game_id, seed, players):
    game = registry.get(game_id)
    players = min(max(players, game.info.min_players), game.info.max_players)
    for n, step in enumerate(playout(game, players, seed, wander=0.3)):
        if n % 3 == 0:
            for seat in range(players):
                check(game_id, step.state, seat)
    assert game.view(step.new, None)["why_not"] == {}
    for seat in range(players):
        assert {r["code"] for r in game.why_not(step.new, seat).values()} == {"game_over"}
