"""What one action changes in each audience's view (each seat, then the spectators).

An audience's *view version* counts the changes to its view: 0 at the start, one more
each time an action changes it. An audience whose view an action leaves as it was hears
nothing of that action, not even a version number, so no client learns when, or how
often, another seat deliberates in secret; and an act is stale only when the actor's own
view moved on. The acting seat always counts as changed: its ``ack`` is followed by its
patch. The match's own version (the count of all actions) never reaches a client.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass

from games.core import Action, Event, Game, State, View
from spacemission.matches.patches import Ops, Parts, delta_patch, view_patch


@dataclass(frozen=True)
class ViewChange:
    """One audience's patch for an action: to its view of ``version`` from the one before."""

    seat: int | None  # None: the spectators
    version: int
    ops: Ops


def slot(seat: int | None, seat_count: int) -> int:
    """The index of an audience in ``view_versions`` (the spectators come last)."""
    return seat_count if seat is None else seat


def initial(seat_count: int) -> list[int]:
    return [0] * (seat_count + 1)


def current(view_versions: list[int], seat_count: int) -> list[int]:
    """The stored view versions; a row without them starts every audience afresh."""
    if len(view_versions) == seat_count + 1:
        return list(view_versions)
    return initial(seat_count)


def changes(
    game: Game,
    before: State,
    after: State,
    actor: int,
    view_versions: list[int],
    events: list[Event] | None = None,
) -> list[ViewChange]:
    """The audiences whose view the action changed (and the actor's), each with its next
    view version. From what the action changed where the game can say (``events``: those
    of ``apply``; see ``Game.view_deltas``), else from every audience's whole view; each
    part that audiences' views share (the public ring, the turn) diffed once."""
    seat_count = len(view_versions) - 1
    old = views(game, before, seat_count)
    deltas = None if events is None else game.view_deltas(before, after, events, seat_count)
    parts: Parts = {}
    if deltas is None:
        new = views(game, after, seat_count)
        patches = [view_patch(o, n, parts) for o, n in zip(old, new, strict=True)]
    else:
        new, patches = [], []
        for view, delta in zip(old, deltas, strict=True):
            ops, changed = delta_patch(view, delta.parts, delta.log, parts)
            new.append(changed)
            patches.append(ops)
        keep(after, new)
    if before is not after:
        forget(before)
    out: list[ViewChange] = []
    for index, seat in enumerate([*range(seat_count), None]):
        if patches[index] or seat == actor:
            out.append(ViewChange(seat, view_versions[index] + 1, patches[index]))
    return out


# Each audience's views of the last few states, by the state object: the state an act
# leaves is the one the next act of that match starts from (``matches.states`` keeps it),
# so its views are built once, and those of the state before go (``forget``): one entry
# a match. A state is never changed in place, so its views hold.
VIEWS_KEPT = 256
_views: OrderedDict[int, tuple[State, list[View]]] = OrderedDict()
_views_lock = threading.Lock()


def views(game: Game, state: State, seat_count: int) -> list[View]:
    """Every audience's view of ``state``: the seats', then the spectators' (read only)."""
    with _views_lock:
        held = _views.get(id(state))
        if held is not None and held[0] is state:
            _views.move_to_end(id(state))
            return held[1]
    built = [game.view(state, seat) for seat in [*range(seat_count), None]]
    keep(state, built)
    return built


def view_of(game: Game, state: State, seat_count: int, seat: int | None) -> View:
    """``seat``'s view of ``state`` (None: the spectators'), read only: the one the act
    that led to ``state`` made, where this process made it (a bot deciding, a socket
    joining), else built."""
    with _views_lock:
        held = _views.get(id(state))
    inside = seat is None or (type(seat) is int and 0 <= seat < seat_count)
    if held is not None and held[0] is state and inside and len(held[1]) == seat_count + 1:
        return held[1][slot(seat, seat_count)]
    return game.view(state, seat)


def keep(state: State, built: list[View]) -> None:
    """Remember every audience's view of ``state``."""
    with _views_lock:
        _views[id(state)] = (state, built)
        _views.move_to_end(id(state))
        while len(_views) > VIEWS_KEPT:
            _views.popitem(last=False)


def forget(state: State) -> None:
    """Drop the views of ``state``, which an act has just left: the match's next act starts
    from the state it made. They are freed while still in the processor's caches, not
    hundreds of acts later, and the views kept are those of as many matches."""
    with _views_lock:
        held = _views.get(id(state))
        if held is not None and held[0] is state:
            del _views[id(state)]


def bumped(view_versions: list[int], changed: list[ViewChange]) -> list[int]:
    """The view versions once ``changed`` are announced."""
    out = list(view_versions)
    for change in changed:
        out[slot(change.seat, len(out) - 1)] = change.version
    return out


def recount(
    game: Game, start: State, seat_count: int, actions: Iterable[tuple[int, Action]]
) -> list[list[int]]:
    """Every audience's view version after each action of a log, replayed from ``start``."""
    versions, state, out = initial(seat_count), start, []
    for seat, action in actions:
        after, events = game.apply(state, seat, action)
        versions = bumped(versions, changes(game, state, after, seat, versions, events))
        state = after
        out.append(versions)
    return out
