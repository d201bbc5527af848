"""Space Mission (Matt Worden; 2-5 players) as pure rules: ``GAME`` for the registry.

Reads like the rulebook: ``data`` (components) → ``setup`` → ``actions`` (one function
per action) → ``turn`` (two actions, undo, confirm, the end) → ``scoring`` → ``view``.
Beside them: ``whynot`` (why an action is closed now), ``privacy`` (ids a viewer may not
see) and ``bots``; the log and the memo of shared view parts are ``games.gamelog`` and
``games.memo``, which every game uses.
"""

from __future__ import annotations

from games.core import GameInfo, RulesGame
from games.space_mission import bots, search, setup, turn, view, whynot
from games.space_mission.data import GAME_ID, MAX_PLAYERS, MIN_PLAYERS
from games.turnend import ending_turn

GAME = RulesGame(
    info=GameInfo(
        id=GAME_ID,
        name="Space Mission",
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        suggested_players=3,  # a crowded ring, and a first game stays short
        bots=bots.BOTS,
    ),
    setup=setup.setup,
    legal_actions=turn.legal_actions,
    why_not=whynot.why_not,
    apply=ending_turn(turn.apply, view.legal_now, {"type": "confirm"}),
    view=view.view,
    bot_action=bots.bot_action,
    search=search.HOOKS,
    deltas=view.deltas,
)

__all__ = ["GAME"]
