"""Reuse a value built from parts of a state while those parts stay the same objects.

A state is never changed in place: ``apply`` copies what it changes and shares the rest,
so an object that is still the same object still holds the same content. Views and legal
actions are rebuilt for every seat after every action, yet most of their parts come from
state parts the action did not touch (a Restock leaves the ring alone); those parts are
built once and shared. The values handed out are read-only. One slot per name keeps the
memo small; a state read back from JSON simply misses. A slot holds its sources, so an
object it compares by identity cannot be freed and its id handed to another.

``off()`` builds everything afresh while it lasts: the reference the tests compare the
shared values with.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from operator import is_
from typing import Any, TypeVar

T = TypeVar("T")
_slots: dict[Hashable, tuple[tuple[Any, ...], Any]] = {}
_on = True


def shared(name: Hashable, sources: tuple[Any, ...], build: Callable[..., T], *args: Any) -> T:
    """``build(*args)``, or its last value under ``name`` if made from these very ``sources``."""
    hit = _slots.get(name)
    if hit is not None and _on and len(hit[0]) == len(sources) and all(map(is_, hit[0], sources)):
        return hit[1]
    value = build(*args)
    _slots[name] = (sources, value)
    return value


@contextmanager
def off() -> Iterator[None]:
    """Every value built afresh inside the block (for tests: not thread-safe)."""
    global _on
    _on = False
    try:
        yield
    finally:
        _slots.clear()
        _on = True
