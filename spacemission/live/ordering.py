"""One change of a match at a time per process, from applying it to sending its patches.

Database work runs on several threads (``threads.db``): two acts of one match taken at
once (players deciding at the same time, a bot beside a person) could commit in one order
and be announced in the other, and every client would see a version gap and resync.
Holding the match's turn from the apply to the send keeps the two orders the same inside
a process. Across processes they can still cross; clients then resync (docs/protocol.md).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

_locks: dict[int, asyncio.Lock] = {}
_waiting: dict[int, int] = {}  # users of each lock, so an idle match's lock is dropped


@asynccontextmanager
async def turn(match_id: int) -> AsyncIterator[None]:
    """Hold ``match_id``'s turn in this process."""
    lock = _locks.setdefault(match_id, asyncio.Lock())
    _waiting[match_id] = _waiting.get(match_id, 0) + 1
    try:
        async with lock:
            yield
    finally:
        _waiting[match_id] -= 1
        if not _waiting[match_id]:
            del _waiting[match_id], _locks[match_id]
