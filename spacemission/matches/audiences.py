"""What one action changes in each audience's view (each seat, then the spectators).

An audience's *view version* is the match version at which its view last changed. An
audience whose view an action leaves as it was hears nothing of that action, so no
client learns when another seat deliberates in secret, and an act is stale only when
the actor's own view moved on. The acting seat always counts as changed: its ``ack`` is
followed by its patch.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core import Game, State
from spacemission.live.patches import Ops, view_patch


@dataclass(frozen=True)
class ViewChange:
    """One audience's patch for an action: from its view at ``since`` to the new one."""

    seat: int | None  # None: the spectators
    since: int
    ops: Ops


def slot(seat: int | None, seat_count: int) -> int:
    """The index of an audience in ``view_versions`` (the spectators come last)."""
    return seat_count if seat is None else seat


def initial(seat_count: int, version: int = 0) -> list[int]:
    return [version] * (seat_count + 1)


def current(view_versions: list[int], seat_count: int, version: int) -> list[int]:
    """The stored view versions; a row without them counts every view as changed now."""
    if len(view_versions) == seat_count + 1:
        return list(view_versions)
    return initial(seat_count, version)


def changes(
    game: Game, before: State, after: State, actor: int, view_versions: list[int]
) -> list[ViewChange]:
    """The audiences whose view the action changed (and the actor's), each view built
    once per state."""
    seat_count = len(view_versions) - 1
    out = []
    for seat in [*range(seat_count), None]:
        ops = view_patch(game.view(before, seat), game.view(after, seat))
        if ops or seat == actor:
            out.append(ViewChange(seat, view_versions[slot(seat, seat_count)], ops))
    return out


def bumped(view_versions: list[int], changed: list[ViewChange], version: int) -> list[int]:
    """The view versions once ``changed`` are announced as ``version``."""
    out = list(view_versions)
    for change in changed:
        out[slot(change.seat, len(out) - 1)] = version
    return out
