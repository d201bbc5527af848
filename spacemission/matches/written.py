"""The match rows this process wrote last, to decide a match's next act before any read.

A player's act locks its match and reads the row and the seats (one round trip), then
writes (another). But a process that wrote a match's last act already holds what that
read would return, unless someone else wrote since: another process, a worker thread, a
seat change. So it keeps, per match, the row as it wrote it (the ``Match`` with its
state), the seats, and the row versions PostgreSQL gave them (``xmin``, new at every
write of a row). The next act is decided on those, and stored by one guarded statement
(``actlog.guarded_record_statement``) that writes only if the match row and every seat
row are still at the versions kept, and the client id is new; otherwise it writes
nothing and the act takes the locked way. Correctness never depends on this cache: the
guard is checked by PostgreSQL under the row lock its update takes.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from spacemission.matches.models import Match

# Matches whose rows one process keeps (a Match object and four seat dicts each).
KEPT = 2000


@dataclass(frozen=True)
class RowVersions:
    """PostgreSQL's versions of a match row and of its seat rows (in seat order, joined
    by commas), as text: what the guarded statement compares."""

    match: str
    seats: str


@dataclass
class Written:
    """A match as this process last wrote it: the row, its seats, their row versions."""

    match: Match
    seats: dict[int, dict[str, Any]]
    versions: RowVersions


_written: OrderedDict[int, Written] = OrderedDict()
_lock = threading.Lock()


def keep(written: Written) -> None:
    """Keep the match as this process just committed it (the newest write wins)."""
    with _lock:
        _written[written.match.pk] = written
        _written.move_to_end(written.match.pk)
        while len(_written) > KEPT:
            _written.popitem(last=False)


def take(match_id: int) -> Written | None:
    """The match as this process last wrote it, taken out: the act that uses it changes
    it, and keeps it again once committed."""
    with _lock:
        return _written.pop(match_id, None)


def forget(match_id: int) -> None:
    """Someone in this process wrote the match another way: its next act locks."""
    with _lock:
        _written.pop(match_id, None)


def forget_all() -> None:
    with _lock:
        _written.clear()
