"""Jump Drive (Tom Lehmann; 2-4 players) as pure rules: ``GAME`` for the registry.

Reads like the rulebook: ``data`` (cards) → ``powers`` (what an empire adds up to) →
``setup`` → ``choice`` (what may be chosen) → ``turn`` (secret decisions and commits) →
``resolve`` (reveal and place) → ``endround`` (scoring, the end, income) → ``view``.
Beside them: ``table`` (draws and discards), ``privacy`` (ids a viewer may not see) and
``bots``. Not in the registry's list yet (no table page): callers register it with
``games.registry.register("jump-drive", "games.jump_drive")``.
"""

from __future__ import annotations

from typing import Any

from games.core import Action, Event, GameInfo, State, View
from games.jump_drive import bots, setup, turn, view
from games.jump_drive.data import GAME_ID, MAX_PLAYERS, MIN_PLAYERS


class JumpDrive:
    """The functions of ``games.core.Game`` for Jump Drive."""

    info = GameInfo(
        id=GAME_ID,
        name="Jump Drive",
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


GAME = JumpDrive()

__all__ = ["GAME"]
