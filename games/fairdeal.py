"""Deals anyone can verify: a commitment to a match's seed, revealed when it ends.

At the start of a match the server draws a random ``seed`` (a 63-bit non-negative
integer) and a random ``salt`` (32 bytes) and shows everyone

    commitment = SHA-256(salt ‖ seed)

where ``salt`` is its 32 raw bytes (shown as 64 lowercase hex digits) and ``seed`` its 8
bytes unsigned big-endian. Once the game is over seed and salt are revealed: anyone can
hash them again, and replay the action log from the seed (``games.replay``). The salt
keeps the seed from being guessed from the commitment by trying seeds. See
``docs/fair-deals.md``.
"""

from __future__ import annotations

import hashlib
import hmac

SALT_BYTES = 32
SEED_BYTES = 8


def message(seed: int, salt: str) -> bytes:
    """The exact bytes hashed: the salt's raw bytes, then the seed's 8 big-endian bytes.

    Raises ValueError for a salt that is not 64 hex digits or a seed out of range.
    """
    if type(seed) is not int or not 0 <= seed < 1 << (8 * SEED_BYTES):
        raise ValueError("the seed must be an integer from 0 to 2**64 - 1")
    if not isinstance(salt, str) or len(salt) != 2 * SALT_BYTES:
        raise ValueError(f"the salt must be {2 * SALT_BYTES} hex digits")
    return bytes.fromhex(salt) + seed.to_bytes(SEED_BYTES, "big")


def commitment(seed: int, salt: str) -> str:
    """SHA-256(salt ‖ seed) as 64 lowercase hex digits."""
    return hashlib.sha256(message(seed, salt)).hexdigest()


def verifies(seed: int, salt: str, committed: str) -> bool:
    """Whether the revealed seed and salt hash to the commitment shown at the start."""
    try:
        expected = commitment(seed, salt)
    except ValueError:
        return False
    if not isinstance(committed, str):
        return False
    # compare_digest refuses non-ASCII text; an uploaded record may carry any.
    return hmac.compare_digest(expected.encode(), committed.lower().encode())
