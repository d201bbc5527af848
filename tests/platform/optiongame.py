"""A registry entry with table options and its own bots, for the lobby's forms.

Only ``info`` is used: the lobby never starts a match of this game.
"""

from games.core import GameInfo, Option


class OptionGame:
    info = GameInfo(
        id="option-game",
        name="Option Game",
        min_players=3,
        max_players=4,
        options=(
            Option("rounds", "Rounds", 3, choices=(3, 5, 7)),
            Option("open_hands", "Open hands", False),
        ),
        bots=("cautious",),
    )


GAME = OptionGame()
