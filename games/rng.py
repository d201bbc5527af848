"""A small deterministic generator whose whole state is one int in the game state.

SplitMix64: fast, well distributed, and trivially JSON-serialisable, unlike
``random.Random`` whose state is 625 words. Functions return the new generator
state alongside the value so callers never mutate anything.
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """Generator state for a seed (any int)."""
    return seed & _MASK


_GAMMA = 0x9E3779B97F4A7C15


def next_u64(rng: int) -> tuple[int, int]:
    """(new rng state, a uniform 64-bit value)."""
    rng = (rng + _GAMMA) & _MASK
    z = rng
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return rng, z ^ (z >> 31)


def nth_u64(rng: int, n: int) -> int:
    """The value the ``n``-th call of ``next_u64`` from ``rng`` returns (``n`` from 0),
    without the calls before it."""
    return next_u64((rng + n * _GAMMA) & _MASK)[1]


def randbelow(rng: int, n: int) -> tuple[int, int]:
    """(new rng state, uniform int in [0, n)); n must be positive."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        rng, value = next_u64(rng)
        if value < limit:
            return rng, value % n


def shuffled(rng: int, items: list[T]) -> tuple[int, list[T]]:
    """(new rng state, a shuffled copy of items) by Fisher-Yates."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        rng, j = randbelow(rng, i + 1)
        out[i], out[j] = out[j], out[i]
    return rng, out
