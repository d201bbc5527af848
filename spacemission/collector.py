"""The garbage collector of a serving process.

An act allocates thousands of short-lived objects (views, patches, frames), nearly all
freed by reference counting. With Python's defaults the collector still runs every 700
allocations, and every 100th run scans the whole heap, the matches' cached states and
views included: in the load benchmark that cost 7 % of the server's CPU and showed as
pauses in the p99 (``docs/benchmarks.md``). So the objects alive once the app is built
(Django, the apps, the rules' data) are frozen out of every collection, and the youngest
generation is collected less often.
"""

from __future__ import annotations

import gc

THRESHOLD = 20000  # allocations between collections of the youngest generation (default)
OLDER = (20, 50)  # collections of one generation before the next one is collected


def tune(threshold: int) -> None:
    """Freeze what exists now and collect the youngest generation every ``threshold``
    allocations (0: leave Python's collector as it is)."""
    if threshold <= 0:
        return
    gc.freeze()
    gc.set_threshold(threshold, *OLDER)
