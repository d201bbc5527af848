"""Jump Drive (Tom Lehmann; 2-4 players) as pure rules: ``GAME`` for the registry.

Reads like the rulebook: ``data`` (cards) → ``powers`` (what an empire adds up to) →
``setup`` → ``choice`` (what may be chosen) → ``turn`` (secret decisions and commits) →
``resolve`` (reveal and place) → ``endround`` (scoring, the end, income) → ``view``.
Beside them: ``whynot`` (why a decision is closed now), ``table`` (draws and discards),
``privacy`` (ids a viewer may not see) and ``bots``.
"""

from __future__ import annotations

from games.core import GameInfo, RulesGame
from games.jump_drive import bots, search, setup, turn, view, whynot
from games.jump_drive.data import GAME_ID, MAX_PLAYERS, MIN_PLAYERS
from games.turnend import ending_turn

GAME = RulesGame(
    info=GameInfo(
        id=GAME_ID,
        name="Jump Drive",
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        suggested_players=2,  # a duel, the shortest game
        bots=bots.BOTS,
    ),
    setup=setup.setup,
    legal_actions=turn.legal_actions,
    why_not=whynot.why_not,
    apply=ending_turn(turn.apply, turn.legal_actions, None),
    view=view.view,
    bot_action=bots.bot_action,
    search=search.HOOKS,
    deltas=view.deltas,
)

__all__ = ["GAME"]
