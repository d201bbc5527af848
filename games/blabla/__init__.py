"""BlaBla (a 2019 prototype; 2-4 players) as pure rules: ``GAME`` for the registry.

Reads like the rulebook (``/work/shared/rules/blabla.md``, ids B…): ``data`` (board and
components) → ``table`` (hands, the open pile, events in force) → ``setup`` →
``movement`` (moves, pushes, drift) → ``lands`` (the time hole, stacks, memory) →
``home`` (securing, refill) → ``meeting`` (meeting, swap, fight) → ``boost`` →
``flow`` (the order a move resolves in) → ``turn`` (the actions, undo, why not) →
``ending`` (turn order, the end, the score) → ``view``. Beside them: ``privacy`` and
``bots``.
"""

from __future__ import annotations

from games.blabla import bots, search, setup, turn, view
from games.blabla.data import COMBAT, DRIFT, GAME_ID, MAX_PLAYERS, MIN_PLAYERS, OPTION_DEFAULTS
from games.core import GameInfo, Option, RulesGame, gettext_noop
from games.turnend import ending_turn

GAME = RulesGame(
    info=GameInfo(
        id=GAME_ID,
        name="BlaBla",
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        suggested_players=3,  # meetings and fights come up (rules, Figures), the game stays short
        options=(
            Option(COMBAT, gettext_noop("Combat tokens"), OPTION_DEFAULTS[COMBAT]),
            Option(DRIFT, gettext_noop("Drift squares"), OPTION_DEFAULTS[DRIFT]),
        ),
        bots=bots.BOTS,
    ),
    setup=setup.setup,
    legal_actions=turn.legal_actions,
    why_not=turn.why_not,
    apply=ending_turn(turn.apply, view.legal_now, {"type": "confirm"}),
    view=view.view,
    bot_action=bots.bot_action,
    search=search.HOOKS,
    deltas=view.deltas,
)
__all__ = ["GAME"]
