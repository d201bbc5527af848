"""A view as a table of parts, each made from named parts of the state: every audience's
whole view, and what an action changed in it.

A view is an object of top-level parts (``players``, ``legal``, ``log``...). Each part is
built from a few top-level state parts, named in the table (``ALL``: it may read any).
An action replaces the state parts it changes and shares the rest (a game whose
``apply`` copies everything compares them by value instead), so the parts of a view
whose sources are the same objects are as they were: ``deltas`` builds only the others,
once for every audience where they are ``common`` to all, and gives the log's new lines
as the events of ``apply`` that each audience may read. The platform diffs just those
parts against the view before and appends the log lines (``spacemission.matches``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import orjson

from games import gamelog
from games.core import Event, State, View, ViewDelta
from games.memo import shared

ALL = "*"  # a part that may read any state part: rebuilt after every action
LOG = "log"


@dataclass(frozen=True)
class Part:
    """One top-level part of a view. ``build(state)`` for a part every audience sees
    alike (``common``), else ``build(state, seat)`` (``seat`` None: a spectator)."""

    sources: tuple[str, ...]
    build: Callable[..., Any]
    common: bool = False


def common(sources: tuple[str, ...], build: Callable[[State], Any]) -> Part:
    return Part(sources, build, common=True)


def own(sources: tuple[str, ...], build: Callable[[State, int | None], Any]) -> Part:
    return Part(sources, build)


def seated(build: Callable[[State, int], Any], idle: Any) -> Callable[..., Any]:
    """A seat's own part built by ``build``; a spectator's is ``idle`` (one object)."""
    return lambda state, seat: idle if seat is None else build(state, seat)


def _seat(state: State, seat: int | None) -> int | None:
    return seat


# Whose view it is (None: the spectators').
SEAT_PART = own((), _seat)


def _visible_log(state: State, seat: int | None) -> list[Event]:
    return gamelog.visible_log(state[LOG], seat)


# The log every view ends in: the lines its audience may read.
LOG_PART = own((LOG,), _visible_log)


class ViewTable:
    """A game's view, part by part (in the order of the table).

    ``by_value``: the game's ``apply`` copies state parts it leaves alone, so a state part
    counts as changed only when its content differs."""

    def __init__(self, name: str, parts: dict[str, Part], *, by_value: bool = False) -> None:
        if parts.get(LOG) is not LOG_PART:
            raise ValueError(f"{name}: a view's log is LOG_PART (deltas append its events)")
        self.name, self.parts, self.by_value = name, parts, by_value
        self._own = [(k, p) for k, p in parts.items() if not p.common]
        # The state parts some part names: only these are compared (a part that may read
        # ``ALL`` is rebuilt after every action: hardly any leaves the state alone).
        self._watched = tuple({s for p in parts.values() for s in p.sources} - {ALL, LOG})
        self._sources = {k: frozenset(p.sources) for k, p in parts.items()}
        self._stale_by_change: dict[frozenset[str], list[tuple[str, Part]]] = {}

    def view(self, state: State, seat: int | None) -> View:
        """What ``seat`` may see now (``None``: a spectator, as is any seat not at the
        table): the parts every audience shares built once per state."""
        if seat is not None and (type(seat) is not int or not 0 <= seat < state["players"]):
            seat = None
        sources = (gamelog.origin(state[LOG]), state)
        out = shared((self.name, "common parts"), sources, self._common_parts, state).copy()
        for key, part in self._own:
            out[key] = part.build(state, seat)
        return out

    def _common_parts(self, state: State) -> View:
        """The parts every audience sees alike, in the view's order (its own parts as
        placeholders)."""
        return {k: p.build(state) if p.common else None for k, p in self.parts.items()}

    def deltas(
        self, before: State, after: State, events: list[Event], seats: int
    ) -> list[ViewDelta] | None:
        """For each audience (each seat, then the spectators), the parts of its view of
        ``after`` that may differ from its view of ``before`` and the lines its log gains;
        None where ``events`` are not the lines the action added to the log."""
        if not _added(before[LOG], after[LOG], events):
            return None
        stale = self._stale(self._changed(before, after))
        alike = {k: p.build(after) for k, p in stale if p.common}
        out = []
        for seat in [*range(seats), None]:
            # In the view's order, as a diff of whole views has them.
            parts = {k: alike[k] if p.common else p.build(after, seat) for k, p in stale}
            lines = [e for e in events if gamelog.visible_to(e, seat)]
            out.append(ViewDelta(parts, lines))
        return out

    def _stale(self, changed: frozenset[str]) -> list[tuple[str, Part]]:
        """The parts to build again when ``changed`` state parts were replaced, in the
        view's order (kept: the same few sets of state parts recur act after act)."""
        stale = self._stale_by_change.get(changed)
        if stale is None:
            stale = [
                (k, p)
                for k, p in self.parts.items()
                if k != LOG and (ALL in p.sources or self._sources[k] & changed)
            ]
            if len(self._stale_by_change) < _STALE_KEPT:
                self._stale_by_change[changed] = stale
        return stale

    def _changed(self, before: State, after: State) -> frozenset[str]:
        """The state parts some view part is made from that the action replaced."""
        if self.by_value:
            return frozenset(
                k for k in self._watched if not _same(before.get(k, _ABSENT), after.get(k))
            )
        return frozenset(k for k in self._watched if before.get(k, _ABSENT) is not after.get(k))


# Sets of replaced state parts remembered per table: a game has a few dozen.
_STALE_KEPT = 4096
_ABSENT = object()


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON (``==`` alone takes ``True`` for ``1``)."""
    return a is b or (a == b and orjson.dumps(a) == orjson.dumps(b))


def _added(old: gamelog.Log, new: gamelog.Log, events: list[Event]) -> bool:
    """Whether ``new`` is ``old`` with ``events`` added at its end."""
    size = gamelog.size(old)
    if gamelog.size(new) != size + len(events):
        return False
    if size and gamelog.line_at(new, size - 1) is not gamelog.line_at(old, size - 1):
        return False
    return all(gamelog.line_at(new, size + i) is e for i, e in enumerate(events))
