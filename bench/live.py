"""Latency through a real server: act → own patch (its ack), act → spectator patch, and
bot moves per second.

Starts a Daphne process on a fresh database (PostgreSQL when DATABASE_URL names one, else
a SQLite file; Redis when REDIS_URL is set), seeds 4-seat Space Mission matches where the
client plays seat 0 against three greedy bots (no bot delay) with a spectator watching,
and times every act of the client over the websocket.

    .venv/bin/python -m bench.live [matches]
"""

from __future__ import annotations

import asyncio
import itertools
import os
import statistics
import sys
import time

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "spacemission.settings")

import django

django.setup()

from tests.platform.live.remote import GAME, RemoteClient, seed_match  # noqa: E402
from tests.support.servers import fresh_database, start_server  # noqa: E402


class TimedClient(RemoteClient):
    """Remembers when each frame arrived."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.arrived: list[float] = []

    def take(self, frame: dict) -> None:
        self.arrived.append(time.perf_counter())
        super().take(frame)

    def first(self, kind: str, since: int, **fields) -> float | None:
        for at, frame in zip(self.arrived[since:], self.frames[since:], strict=True):
            if frame["t"] == kind and all(frame.get(k) == v for k, v in fields.items()):
                return at
        return None


async def one_match(server, db, session: str, samples: dict[str, list[float]]) -> None:
    match_id = seed_match(db, ["@ada", "greedy", "greedy", "greedy"], first=0)
    player = await TimedClient(server, match_id, session).open()
    watcher = await TimedClient(server, match_id).open()
    while player.view["result"] is None:
        await player.wait(lambda: 0 in player.view["active"] or player.view["result"] is not None)
        if player.view["result"] is not None:
            break
        v = player.v
        action = GAME.bot_action("greedy", player.view, v)
        marks = len(player.frames), len(watcher.frames)
        await player.pace()
        sent = time.perf_counter()
        await player.send({"t": "act", "id": f"v{v}", "v": v, "action": action})
        await player.until_version(v + 1)
        await watcher.until_version(v + 1)
        own = player.first("patch", marks[0], id=f"v{v}")
        samples["act → own patch"].append((own - sent) * 1000)
        samples["act → spectator patch"].append(
            (watcher.first("patch", marks[1], v=v + 1) - sent) * 1000
        )
        # The bots' moves that follow, as the spectator sees them arrive.
        start = len(watcher.frames)
        await watcher.wait(lambda: 0 in watcher.view["active"] or watcher.view["result"], 60)
        times = [
            at
            for at, f in zip(watcher.arrived[start:], watcher.frames[start:], strict=True)
            if f["t"] == "patch"
        ]
        samples["bot move → next bot move"].extend(
            (b - a) * 1000 for a, b in itertools.pairwise(times)
        )
    await player.close()
    await watcher.close()


async def main() -> None:
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    db = fresh_database()
    redis = os.environ.get("REDIS_URL") or None
    server = start_server(db, redis_url=redis, env={"BOT_DELAY": "0"})
    samples: dict[str, list[float]] = {
        k: []
        for k in (
            "act → own patch",
            "act → spectator patch",
            "bot move → next bot move",
        )
    }
    try:
        session = db.session("ada")
        for _ in range(matches):
            await one_match(server, db, session, samples)
    finally:
        server.stop()
        db.drop()
    print(f"database: {db.kind}, channel layer: {'redis' if redis else 'in-memory'}")
    for label, values in samples.items():
        values.sort()
        print(
            f"{label:26s} n={len(values):4d}  median {statistics.median(values):6.1f} ms"
            f"  p95 {values[int(len(values) * 0.95)]:6.1f} ms"
        )


if __name__ == "__main__":
    asyncio.run(main())
