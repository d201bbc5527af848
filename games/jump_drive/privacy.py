"""Which card ids a seat may not see (the table at the end of the rules).

The platform audits every frame it sends against ``hidden_ids``; the tests check that
no view ever names one of them. Keep the signature stable.
"""

from __future__ import annotations

from games.core import State


def hidden_ids(state: State, seat: int | None) -> set[str]:
    """Every card id ``seat`` (``None``: a spectator) may not see now.

    The draw and discard piles are face down to everyone (a seat knows what it discarded,
    but the log names those cards, never their ids); other hands, and with them every
    secret draft, until the game is over. A card revealed in this round's placements stays
    public even when it has gone on to the discard pile since (a Colony Convoy used for a
    second world, J27): everyone saw it placed.
    """
    hidden: set[str] = set(state["draw"])
    hidden.update(state["discard"])
    if state["phase"] != "over":
        for s, hand in enumerate(state["hands"]):
            if s != seat:
                hidden.update(hand)
    return hidden - _revealed(state)


def _revealed(state: State) -> set[str]:
    """The card ids of this round's revealed placements."""
    cards = ("development", "world", "second")
    return {p[c] for p in state["placing"] if p is not None for c in cards if p[c] is not None}
