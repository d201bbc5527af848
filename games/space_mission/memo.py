"""Reuse a value built from parts of a state while those parts stay the same objects.

A state is never changed in place: ``apply`` copies what it changes and shares the rest,
so an object that is still the same object still holds the same content. Views and legal
actions are rebuilt for every seat after every action, yet most of their parts come from
state parts the action did not touch (a Restock leaves the ring alone); those parts are
built once and shared. The values handed out are read-only. One slot per name keeps the
memo small; a state read back from JSON simply misses.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

T = TypeVar("T")
_slots: dict[Hashable, tuple[list[Any], Any]] = {}


def shared(name: Hashable, sources: list[Any], build: Callable[[], T]) -> T:
    """``build()``, or its last value if that was made from these very ``sources``."""
    hit = _slots.get(name)
    if hit is not None:
        for old, new in zip(hit[0], sources, strict=True):
            if old is not new:
                break
        else:
            return hit[1]
    value = build()
    _slots[name] = (sources, value)
    return value


_one: dict[Hashable, tuple[Any, Any]] = {}


def shared_one(name: Hashable, source: Any, build: Callable[..., T], *args: Any) -> T:
    """``build(source, *args)``, or its last value if made from this very ``source``.

    The same as ``shared`` for one source, without its overhead (views call it often).
    """
    hit = _one.get(name)
    if hit is not None and hit[0] is source:
        return hit[1]
    value = build(source, *args)
    _one[name] = (source, value)
    return value
