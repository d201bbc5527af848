"""What every game's bots share: the random bot's choice.

A random bot picks an action *kind* first, uniformly among the kinds it may take, and
only then that kind's arguments. Picking uniformly among the listed actions would let
whichever kind is listed most often (Space Mission lists a Restock per subset of the
hand: 32 of them) crowd out the rest, and the game would never end.
"""

from __future__ import annotations

from collections.abc import Iterable

from games import rng
from games.core import Action


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
