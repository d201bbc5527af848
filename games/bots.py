"""What every game's bots share: the random bot's choice.

A random bot picks an action *kind* first, uniformly among the kinds it may take, and
only then that kind's arguments. Picking uniformly among the listed actions would let
whichever kind is listed most often (Space Mission lists a Restock per subset of the
hand: 32 of them) crowd out the rest, and the game would never end.
"""

from __future__ import annotations

from collections.abc import Iterable

from games import rng, search
from games.core import Action, Game, View


def random_action(legal: list[Action], g: int, skip: Iterable[str] = ("undo",)) -> Action:
    """A uniform kind of ``legal`` (without the ``skip`` kinds, unless nothing else is
    left), then a uniform action of that kind; ``g`` is a ``games.rng`` state."""
    skipped = set(skip)
    pool = [a for a in legal if a["type"] not in skipped] or legal
    if not pool:
        raise ValueError("there is no action to choose from")
    kinds = list(dict.fromkeys(a["type"] for a in pool))
    g, k = rng.randbelow(g, len(kinds))
    of_kind = [a for a in pool if a["type"] == kinds[k]]
    _, i = rng.randbelow(g, len(of_kind))
    return of_kind[i]


# The levels a person may choose for a bot: ``easy`` is the greedy one-action lookahead,
# ``normal`` and ``strong`` the shared search with the game's budget of simulations for
# the level (a count, not a time, so a game replays exactly from its seed).
LEVELS: tuple[str, ...] = ("easy", "normal", "strong")


def levels(game: Game) -> tuple[str, ...]:
    """The levels ``game`` offers: all of them if it has a search, else ``easy`` only."""
    return LEVELS if getattr(game, "search", None) is not None else LEVELS[:1]


def choose(game: Game, view: View, seat: int, level: str, seed: int) -> Action:
    """The action a bot of ``level`` takes for ``seat``, seeing only that seat's view.

    The one question the platform asks a bot. ``view`` is ``game.view(state, seat)``
    (which holds the seat's legal actions and the public log), so a bot cannot see what
    its seat may not. Raises ValueError for a level ``game`` does not offer or a view
    that is not the seat's."""
    if level not in levels(game):
        raise ValueError(f"no level {level!r}; {game.info.id} offers {levels(game)}")
    if view.get("seat") != seat or not view.get("legal"):
        raise ValueError("the view is not of a seat the game waits for")
    if level == "easy":
        return game.bot_action("greedy", view, seed)
    greedy = game.bot_action("greedy", view, seed)
    return search.search_at(game, view, seat, level, seed, prior=greedy)
