"""Which ids a seat may not see (B56). Keep the signature stable: the platform audits
every frame it sends against ``hidden_ids``.

Flight cards are all public. Hidden from a seat: every BlaBla card it has never seen
(in a stack, in another hand, among those left in the box) and the boost tiles that
were never face up. After the game nothing is hidden (B64).
"""

from __future__ import annotations

from games.blabla.data import BLABLA
from games.core import State


def seen_tiles(state: State) -> set[str]:
    """The tile face up and those turned so far (they went under the stack in order):
    once the stack has gone round, every tile."""
    turned = state["stats"]["boosts"]
    tiles = state["boost"]
    if turned >= len(tiles) - 1:
        return set(tiles)
    return {tiles[0], *(tiles[len(tiles) - turned :] if turned else [])}


def known_blabla(state: State, seat: int | None) -> set[str]:
    """The BlaBla cards ``seat`` may know: secured ones, its hand, what it has seen."""
    known = {c for secured in state["secured"] for c in secured}
    if seat is not None:
        known.update(state["blabla"][seat])
        known.update(state["known"][seat])
    return known


def hidden_ids(state: State, seat: int | None) -> set[str]:
    """Every BlaBla card and boost tile id ``seat`` (``None``: a spectator) may not see."""
    if state["result"] is not None:
        return set()
    if seat is not None and (type(seat) is not int or not 0 <= seat < state["players"]):
        seat = None
    hidden = set(BLABLA) - known_blabla(state, seat)
    return hidden | (set(state["boost"]) - seen_tiles(state))
