"""Space Mission (Matt Worden; 2-5 players) as pure rules: ``GAME`` for the registry.

Reads like the rulebook: ``data`` (components) → ``setup`` → ``actions`` (one function
per action) → ``turn`` (two actions, undo, confirm, the end) → ``scoring`` → ``view``.
Beside them: ``events`` (the log), ``privacy`` (ids a viewer may not see), ``bots`` and
``memo`` (parts of views shared while the state parts they come from are unchanged).
"""

from __future__ import annotations

from typing import Any

from games.core import Action, Event, GameInfo, State, View
from games.space_mission import bots, setup, turn, view
from games.space_mission.data import GAME_ID, MAX_PLAYERS, MIN_PLAYERS


class SpaceMission:
    """The functions of ``games.core.Game`` for Space Mission."""

    info = GameInfo(
        id=GAME_ID,
        name="Space Mission",
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        bots=bots.BOTS,
    )

    def setup(self, seats: int, options: dict[str, Any], seed: int) -> State:
        return setup.setup(seats, options, seed)

    def active_seats(self, state: State) -> list[int]:
        return list(state["active"])

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return turn.legal_actions(state, seat)

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        return turn.apply(state, seat, action)

    def view(self, state: State, seat: int | None) -> View:
        return view.view(state, seat)

    def result(self, state: State) -> dict[str, Any] | None:
        return state["result"]

    def bot_action(self, bot: str, view: View, seed: int) -> Action:
        return bots.bot_action(bot, view, seed)


GAME = SpaceMission()

__all__ = ["GAME"]
