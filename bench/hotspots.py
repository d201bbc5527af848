"""Where a server spends its time: a summary of a py-spy profile (``bench.load --profile``).

    python -m bench.hotspots /tmp/profile/load-1p.txt --top 12

Reads py-spy's collapsed stacks (``-f raw``, one thread per stack root) and prints, per
thread, its samples, how many of them were idle (waiting in the selector or for work),
and, with their counts, the deepest frame of the app in each sample joined to the deepest
frame of the library it was in (Django's database layer, psycopg, channels_redis, redis-py, Daphne).

``--parts`` sorts every sample into the part of an act's work it belongs to instead (the
act (rules, views, patches, SQL), the hops to worker threads, the Redis publish and receive, the
fan-out to the sockets, Twisted's reactor, …): with a ``--gil`` profile, each part's share
of the server's CPU.
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

IDLE = ("selectors.py", "thread.py:81)")
APP = ("spacemission/", "games/")
LIBS = (
    "channels_redis/",
    "redis/asyncio/",
    "django/db/",
    "psycopg/",
    "daphne/",
    "autobahn/",
    "jsonpatch",
)


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


# (part, a frame that marks it), the first match wins: the act's own work first.
PARTS = (
    ("the act: rules, views, patches, SQL (on the loop, or in a worker thread)", "apply_action ("),
    ("the act: rules, views, patches, SQL (on the loop, or in a worker thread)", "loopact.py"),
    ("the act's frames", "patch_messages ("),
    ("hops to and from worker threads (asgiref, executor)", "asgiref/"),
    ("Redis: publishing an act's patches", "_publish_together ("),
    ("Redis: publishing an act's patches", "publish (spacemission/live/relay.py"),
    ("Redis: receiving the published frames", "channels_redis/"),
    ("fan-out: writing frames to the local sockets", "live/hub.py"),
    ("Redis: receiving the published frames", "live/relay.py"),  # but what it hands the hub
    ("the consumer: reading and checking a client's frame", "MatchConsumer."),
    ("websocket framing (autobahn)", "autobahn/"),
    ("Twisted's reactor: socket reads, writes and polling", "twisted/"),
    ("Twisted's reactor: socket reads, writes and polling", "daphne/server.py"),
)


def parts(path: Path) -> Counter:
    """Samples per part of the work (``PARTS``; "other" for the rest), idle left out."""
    out: Counter = Counter()
    for line in path.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        if any(mark in stack.rsplit(";", 1)[-1] for mark in IDLE):
            continue
        part = next((name for name, mark in PARTS if mark in stack), "other")
        out[part] += int(count)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.hotspots", description=__doc__)
    parser.add_argument("profile", type=Path)
    parser.add_argument("--top", type=int, default=12)
    parser.add_argument("--parts", action="store_true", help="samples per part of an act")
    args = parser.parse_args(argv)
    if args.parts:
        shares = parts(args.profile)
        total = sum(shares.values()) or 1
        for part, n in shares.most_common():
            print(f"{n:6d}  {100 * n / total:5.1f} %  {part}")
        return
    for thread, (samples, idle, where) in sorted(
        summarise(args.profile).items(), key=lambda item: -item[1][0]
    ):
        print(f"{thread}: {samples} samples, {idle} idle")
        for frame, n in where.most_common(args.top):
            print(f"  {n:6d}  {frame[:110]}")


if __name__ == "__main__":
    main()
