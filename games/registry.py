"""The games the platform offers, by id."""

from __future__ import annotations

import importlib

from games.core import Game, GameInfo

# Game id -> module that defines ``GAME``. Adding a game is one line here.
_SHIPPED = {
    "space-mission": "games.space_mission",
    "jump-drive": "games.jump_drive",
    "blabla": "games.blabla",
}
_MODULES = dict(_SHIPPED)  # and the games ``register`` added
_loaded: dict[str, Game] = {}


def get(game_id: str) -> Game:
    """The game with this id; KeyError if there is none."""
    if game_id not in _loaded:
        module = importlib.import_module(_MODULES[game_id])
        _loaded[game_id] = module.GAME
    return _loaded[game_id]


def all_games() -> list[GameInfo]:
    """Info of every registered game, in registry order."""
    return [get(game_id).info for game_id in _MODULES]


def shipped_games() -> list[str]:
    """Ids of the games the platform ships, without any a test registered."""
    return list(_SHIPPED)


def register(game_id: str, module: str) -> None:
    """Add a game (used by tests that bring their own small game)."""
    _MODULES[game_id] = module
    _loaded.pop(game_id, None)


def unregister(game_id: str) -> None:
    """Take out a game ``register`` added (a shipped game stays)."""
    if game_id not in _SHIPPED:
        _MODULES.pop(game_id, None)
        _loaded.pop(game_id, None)
