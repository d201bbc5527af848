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
    secret draft, until the game is over.
    """
    hidden: set[str] = set(state["draw"])
    hidden.update(state["discard"])
    if state["phase"] != "over":
        for s, hand in enumerate(state["hands"]):
            if s != seat:
                hidden.update(hand)
    return hidden
