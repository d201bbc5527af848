"""Which card and tile ids a seat may not see (the table at the end of the rules).

The platform audits every frame it sends against ``hidden_ids``; the tests check that
no view ever names one of them. Keep the signature stable.
"""

from __future__ import annotations

from games.core import State


def hidden_ids(state: State, seat: int | None) -> set[str]:
    """Every card id and tile id ``seat`` (``None``: a spectator) may not see now."""
    over = state["phase"] == "over"
    hidden: set[str] = set(state["draw"])
    # Cards discarded in a Restock are face down to everyone but who discarded them.
    hidden.update(c for c, owner in state["restocked"].items() if owner != seat)
    for s in range(state["players"]):
        if s != seat and not over:
            hidden.update(state["hands"][s])
            hidden.update(state["collections"][s])
    for entries in state["reservations"].values():
        if not over:
            hidden.update(t for owner, t in entries if owner != seat)
    for planet, stack in state["stacks"].items():
        if planet not in state["revealed"]:
            hidden.update(stack)
    if seat is not None:
        for memory in state["memory"][seat].values():
            hidden.difference_update(memory["tiles"])
        looking = state["looking"]
        if looking is not None and looking["seat"] == seat:
            hidden.difference_update(state["stacks"][looking["planet"]])
    return hidden
