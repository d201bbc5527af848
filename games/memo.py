"""Reuse a value built from parts of a state while those parts stay the same objects.

A state is never changed in place: ``apply`` copies what it changes and shares the rest,
so an object that is still the same object still holds the same content. Views and legal
actions are rebuilt for every seat after every action, yet most of their parts come from
state parts the action did not touch (a Restock leaves the ring alone); those parts are
built once and shared. The values handed out are read-only. A state read back from JSON
simply misses.

A server plays many matches at once, and between two acts of one match come the acts of
others. A value is kept per name and first source, which should be an object particular
to one match (Space Mission's ring, which a game never changes; the game's first log
line, ``gamelog.origin``), and handed out again only when every source is the very same
object: so each match keeps its own last value of each name, and the memo keeps the
last ``KEPT`` of them. An entry holds its sources, so an object it is keyed by cannot be
freed and its id handed to another.

``off()`` builds everything afresh while it lasts: the reference the tests compare the
shared values with.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from operator import is_
from typing import Any, TypeVar

from games import gamelog
from games.core import State

T = TypeVar("T")
# Some eighty names per match of a 4-seat game (a hundred of a 5-seat one): the values of
# a few hundred matches.
KEPT = 32768
_kept: OrderedDict[tuple[Hashable, int], tuple[tuple[Any, ...], Any]] = OrderedDict()
_on = True


def shared(name: Hashable, sources: tuple[Any, ...], build: Callable[..., T], *args: Any) -> T:
    """``build(*args)``, or the value it gave under ``name`` from these very ``sources``."""
    key = (name, id(sources[0])) if sources else (name, 0)
    hit = _kept.get(key)
    if hit is not None and _on and len(hit[0]) == len(sources) and all(map(is_, hit[0], sources)):
        return hit[1]
    value = build(*args)
    # The entry replaced goes (its value was just in use), and the new one is the newest;
    # each a single C call, safe beside other threads.
    _kept.pop(key, None)
    _kept[key] = (sources, value)
    if len(_kept) > KEPT:
        _kept.popitem(last=False)
    return value


def per_state(name: str, build: Callable[[State, int], T]) -> Callable[[State, int], T]:
    """``build(state, seat)``, made once for the very same state and seat while it is its
    match's newest (kept per match, by the game's first log line, and seat): an act that
    may end the turn asks for the seat's legal actions in the state it leaves, and so does
    that seat's view of it."""

    def made(state: State, seat: int) -> T:
        return shared((name, seat), (gamelog.origin(state["log"]), state), build, state, seat)

    return made


@contextmanager
def off() -> Iterator[None]:
    """Every value built afresh inside the block (for tests: not thread-safe)."""
    global _on
    _on = False
    try:
        yield
    finally:
        _kept.clear()
        _on = True
