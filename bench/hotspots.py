"""Where a server spends its time: a summary of a py-spy profile (``bench.load --profile``).

    python -m bench.hotspots /tmp/profile/load-1p.txt --top 12

Reads py-spy's collapsed stacks (``-f raw``, one thread per stack root) and prints, per
thread, its samples, how many of them were idle (waiting in the selector or for work),
and, with their counts, the deepest frame of the app in each sample joined to the deepest
frame of the library it was in (Django's database layer, psycopg, channels_redis, Daphne).
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

IDLE = ("selectors.py", "thread.py:81)")
APP = ("spacemission/", "games/")
LIBS = ("channels_redis/", "django/db/", "psycopg/", "daphne/", "autobahn/", "jsonpatch")


def summarise(path: Path) -> dict[str, tuple[int, int, Counter]]:
    """thread -> (samples, idle samples, deepest interesting frame -> samples)."""
    threads: dict[str, tuple[int, int, Counter]] = {}
    for line in path.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        frames = stack.split(";")
        samples, idle, where = threads.get(frames[0], (0, 0, Counter()))
        n = int(count)
        if any(mark in frames[-1] for mark in IDLE):
            idle += n
            key = "(idle)"
        else:
            app = [f for f in frames if any(mark in f for mark in APP)]
            lib = [f for f in frames if any(mark in f for mark in LIBS)]
            parts = [*app[-1:], *lib[-1:]] or frames[-1:]
            key = " > ".join(parts)
        where[key] += n
        threads[frames[0]] = (samples + n, idle, where)
    return threads


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.hotspots", description=__doc__)
    parser.add_argument("profile", type=Path)
    parser.add_argument("--top", type=int, default=12)
    args = parser.parse_args(argv)
    for thread, (samples, idle, where) in sorted(
        summarise(args.profile).items(), key=lambda item: -item[1][0]
    ):
        print(f"{thread}: {samples} samples, {idle} idle")
        for frame, n in where.most_common(args.top):
            print(f"  {n:6d}  {frame[:110]}")


if __name__ == "__main__":
    main()
