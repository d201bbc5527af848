"""What the lobby needs from the game registry, tolerant of a game that fails to load."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from games import bots, registry
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


# The level a bot gets unless one is chosen: quick tables' bots and stand-ins for absent
# or resigned players.
DEFAULT_LEVEL = "normal"


def bot_levels(game_id: str) -> tuple[str, ...]:
    """The bot levels a person may choose for ``game_id`` (none for an unknown game)."""
    try:
        return bots.levels(registry.get(game_id))
    except KeyError:
        return ()


def default_level(game_id: str) -> str:
    """``DEFAULT_LEVEL`` if the game offers it, else its first level."""
    offered = bot_levels(game_id)
    return DEFAULT_LEVEL if DEFAULT_LEVEL in offered or not offered else offered[0]


def game_name(game_id: str) -> str:
    info = game_info(game_id)
    return info.name if info else game_id


def players_label(info: GameInfo) -> str:
    """How many play it, e.g. "2 to 4 players"."""
    return gettext("%(min)d to %(max)d players") % {
        "min": info.min_players,
        "max": info.max_players,
    }


def game_choice(info: GameInfo) -> str:
    """A game as the lobby's forms offer it, e.g. "Jump Drive (2 to 4 players)"."""
    return f"{info.name} ({players_label(info)})"


def game_mark(game_id: str) -> dict[str, Any]:
    """A small badge telling games apart in the lists: the name's initials and a hue,
    spread by registry order (golden angle) so neighbouring games never look alike."""
    ids = [info.id for info in available_games()]
    name = game_name(game_id)
    initials = "".join(word[0] for word in name.split()[:2]).upper() or "?"
    hue = (ids.index(game_id) * 137 + 210) % 360 if game_id in ids else None
    return {"mark": initials, "hue": hue}
