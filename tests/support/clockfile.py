"""A clock that tests move, for server processes: the time is a number of epoch
milliseconds in the file named by ``SM_TEST_CLOCK`` (``settings.CLOCK`` points here).

Every test database gets one (``tests.support.servers``), set to a fixed moment, so
servers and the processes seeding their matches agree on the time, a test moves it
(``Database.advance``) instead of sleeping, and two runs of one script send the same
bytes.
"""

from __future__ import annotations

import os
from pathlib import Path

CLOCK = "tests.support.clockfile:now"
START = 1_796_000_000_000  # a fixed moment: 2026-12-01


def now() -> int:
    return int(Path(os.environ["SM_TEST_CLOCK"]).read_text())


def write(path: Path, at: int) -> None:
    """Set the time atomically (a reader never sees half a number)."""
    part = path.with_suffix(".part")
    part.write_text(str(at))
    part.replace(path)
