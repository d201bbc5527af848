"""What the lobby needs from the game registry, tolerant of a game that fails to load."""

from __future__ import annotations

from games import registry
from games.core import GameInfo


def available_games() -> list[GameInfo]:
    """Every game the platform offers, in registry order."""
    return registry.all_games()


def game_info(game_id: str) -> GameInfo | None:
    """The info of ``game_id``, or None when there is no such game."""
    try:
        return registry.get(game_id).info
    except KeyError:
        return None


def game_name(game_id: str) -> str:
    info = game_info(game_id)
    return info.name if info else game_id
