"""A bot's decision as plain data in and out, so it can be taken in another process.

Nothing here touches Django: a worker process imports this module and ``games`` only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games import bots, registry
from games.core import Action

# The levels that search: their decisions run in the bot processes. The rest (the easy
# level, and "random"/"greedy" stored before levels) look one action ahead at most.
SEARCHING = frozenset(bots.LEVELS) - {"easy"}


@dataclass(frozen=True)
class BotQuestion:
    """What a bot decision needs: the game, the seat's view, the level (or old kind) and
    the seed; and where it was asked (match, the seat's view version ``seen``), since its
    answer is applied at that view version or not at all."""

    game: str
    view: dict[str, Any]
    seat: int
    bot: str
    seed: int
    match_id: int
    seen: int

    @property
    def searches(self) -> bool:
        return self.bot in SEARCHING


def decide(question: BotQuestion) -> Action:
    """The bot's choice: by ``games.bots`` for a level, by the game's own bot for the
    kinds stored before levels ("random", "greedy")."""
    game = registry.get(question.game)
    if question.bot in bots.LEVELS:
        return bots.choose(game, question.view, question.seat, question.bot, question.seed)
    return game.bot_action(question.bot, question.view, question.seed)


def fallbacks(question: BotQuestion) -> list[Action]:
    """Every legal action (but undo), in case the rules refuse the bot's choice."""
    return [a for a in question.view.get("legal", []) if a.get("type") != "undo"]
