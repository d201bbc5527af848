"""Load generator: many matches played as fast as the rules allow, on real servers.

    python -m bench.load --matches 30 --spectators 10 --processes 1 --seconds 30

It creates a fresh database (PostgreSQL from ``DATABASE_URL``, else SQLite), starts
``--processes`` Daphne processes (sharing ``REDIS_URL`` when there are several, or with
``--layer redis``), and opens, per match, one websocket per seat — each playing from its
own view's legal actions with the random bot — and ``--spectators`` spectator websockets,
spread round-robin over the processes. Traffic goes to 127.0.0.1 only, and the run stops
after ``--seconds`` or ``--max-actions``, whichever comes first.

For every action it measures the time from sending the ``act`` until every connection of
that match holds the resulting version, and prints actions/s, p50/p95/p99 of that
latency, frames/s, mean bytes per patch against mean bytes of a full view, each server's
resident memory, and errors (which must be 0).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import secrets
import statistics
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import jsonpatch
from websockets.asyncio.client import ClientConnection, connect

from bench.setup import Seating, create_matches, rss_bytes
from games import registry
from tests.support.servers import Database, Server, fresh_database, start_server


@dataclass
class Stats:
    """What every connection of the run adds to."""

    started: float = field(default_factory=time.monotonic)
    actions: int = 0
    frames: int = 0
    errors: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    patch_bytes: list[int] = field(default_factory=list)
    view_bytes: list[int] = field(default_factory=list)
    finished_matches: int = 0


class MatchTracker:
    """Versions seen by each connection of one match, to time each action to the last one."""

    def __init__(self, connections: int, stats: Stats) -> None:
        self.connections = connections
        self.stats = stats
        self.sent_at: dict[int, float] = {}
        self.seen: dict[int, int] = {}
        self.over = asyncio.Event()

    def sent(self, version: int) -> None:
        self.sent_at.setdefault(version, time.monotonic())

    def reached(self, version: int) -> None:
        self.seen[version] = self.seen.get(version, 0) + 1
        if self.seen[version] == self.connections and version in self.sent_at:
            self.stats.latencies.append(time.monotonic() - self.sent_at.pop(version))
            del self.seen[version]


class Client:
    """One websocket of a match: keeps its view current, and plays when it is a seat."""

    def __init__(
        self,
        url: str,
        origin: str,
        session: str | None,
        seat: int | None,
        tracker: MatchTracker,
        stats: Stats,
        game_id: str,
    ) -> None:
        self.url, self.origin, self.session = url, origin, session
        self.seat, self.tracker, self.stats = seat, tracker, stats
        self.game = registry.get(game_id)
        self.view: dict[str, Any] | None = None
        self.version = -1
        self.in_flight: str | None = None

    async def run(self, stop: asyncio.Event) -> None:
        headers = {"Cookie": f"sessionid={self.session}"} if self.session else {}
        async with connect(
            self.url,
            origin=self.origin,
            additional_headers=headers,
            max_size=2**22,
            open_timeout=30,
        ) as ws:
            await ws.send('{"t":"sync"}')
            while not stop.is_set() and not self.tracker.over.is_set():
                try:
                    text = await asyncio.wait_for(ws.recv(), timeout=1.0)
                except TimeoutError:
                    continue
                self.stats.frames += 1
                await self.handle(ws, text)

    async def handle(self, ws: ClientConnection, text: str) -> None:
        frame = json.loads(text)
        kind = frame["t"]
        if kind == "sync":
            self.stats.view_bytes.append(len(text))
            self.view, self.version = frame["view"], frame["v"]
            self.in_flight = None
        elif kind == "patch":
            self.stats.patch_bytes.append(len(text))
            if frame["v"] <= self.version:  # already caught up by a sync
                return
            if frame["v"] > self.version + 1:  # a gap: catch up
                await ws.send('{"t":"sync"}')
                return
            if self.seat is not None:  # spectators only need the version
                self.view = jsonpatch.apply_patch(self.view, frame["ops"])
            self.version = frame["v"]
            self.tracker.reached(self.version)
        elif kind == "ack":
            self.stats.actions += 1
            self.in_flight = None
            return
        elif kind == "error":
            if frame["code"] != "stale_version":
                self.stats.errors.append(f"{frame['code']}: {frame['message']}")
            self.in_flight = None
            return
        else:
            return
        if self.view and self.view.get("result") is not None:
            if self.seat == 0 and not self.tracker.over.is_set():
                self.stats.finished_matches += 1
            self.tracker.over.set()
            return
        await self.maybe_act(ws)

    async def maybe_act(self, ws: ClientConnection) -> None:
        if self.seat is None or self.in_flight or not self.view:
            return
        if self.seat not in self.view.get("active", []):
            return
        action = self.game.bot_action("random", self.view, secrets.randbits(32))
        self.in_flight = secrets.token_hex(6)
        self.tracker.sent(self.version + 1)
        await ws.send(
            json.dumps({"t": "act", "id": self.in_flight, "v": self.version, "action": action})
        )


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


@contextlib.contextmanager
def servers(processes: int, layer: str) -> Iterator[tuple[Database, list[Server]]]:
    redis_url = os.environ.get("REDIS_URL") if (processes > 1 or layer == "redis") else None
    if processes > 1 and not redis_url:
        raise SystemExit("several processes need REDIS_URL to share a channel layer")
    db = fresh_database()
    running: list[Server] = []
    try:
        env = {"BOT_DELAY": "0", "DEBUG": "0", "LOG_LEVEL": "ERROR"}
        running = [start_server(db, redis_url, env=env) for _ in range(processes)]
        yield db, running
    finally:
        for server in running:
            server.stop()
        db.drop()


async def play(
    seatings: list[Seating],
    procs: list[Server],
    spectators: int,
    seconds: float,
    max_actions: int,
    stats: Stats,
) -> None:
    stop = asyncio.Event()
    tasks = []
    turn = 0
    for seating in seatings:
        tracker = MatchTracker(len(seating.sessions) + spectators, stats)
        people = [*enumerate(seating.sessions), *[(None, None)] * spectators]
        for seat, session in people:
            server = procs[turn % len(procs)]
            turn += 1
            url = f"{server.ws_url}/ws/match/{seating.match_id}/"
            client = Client(url, server.origin, session, seat, tracker, stats, seating.game)
            tasks.append(asyncio.create_task(client.run(stop)))
    deadline = time.monotonic() + seconds
    stats.started = time.monotonic()
    while time.monotonic() < deadline and stats.actions < max_actions:
        if all(task.done() for task in tasks):
            break
        await asyncio.sleep(0.2)
    elapsed = time.monotonic() - stats.started
    stop.set()
    for result in await asyncio.gather(*tasks, return_exceptions=True):
        if isinstance(result, Exception):
            stats.errors.append(f"{type(result).__name__}: {result}")
    stats.started = time.monotonic() - elapsed  # report over the measured window only


def report(stats: Stats, procs: list[Server], args: argparse.Namespace) -> dict[str, Any]:
    elapsed = time.monotonic() - stats.started
    out = {
        "processes": args.processes,
        "matches": args.matches,
        "spectators_per_match": args.spectators,
        "seconds": round(elapsed, 1),
        "actions": stats.actions,
        "actions_per_s": round(stats.actions / elapsed, 1),
        "latency_ms_p50": round(percentile(stats.latencies, 50) * 1000, 1),
        "latency_ms_p95": round(percentile(stats.latencies, 95) * 1000, 1),
        "latency_ms_p99": round(percentile(stats.latencies, 99) * 1000, 1),
        "frames_per_s": round(stats.frames / elapsed, 1),
        "mean_patch_bytes": round(statistics.fmean(stats.patch_bytes or [0])),
        "mean_view_bytes": round(statistics.fmean(stats.view_bytes or [0])),
        "server_rss_mb": [round(rss_bytes(s.process.pid) / 2**20, 1) for s in procs],
        "finished_matches": stats.finished_matches,
        "errors": len(stats.errors),
    }
    if stats.patch_bytes and stats.view_bytes:
        out["view_to_patch_ratio"] = round(out["mean_view_bytes"] / out["mean_patch_bytes"], 1)
    return out


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(
        prog="python -m bench.load",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--game", default="space-mission")
    parser.add_argument("--matches", type=int, default=30)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--spectators", type=int, default=10)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--layer", choices=["memory", "redis"], default="redis")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--max-actions", type=int, default=100_000)
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    args = parser.parse_args(argv)
    stats = Stats()
    with servers(args.processes, args.layer) as (db, procs):
        seatings = create_matches(db, args.game, args.matches, args.players)
        asyncio.run(play(seatings, procs, args.spectators, args.seconds, args.max_actions, stats))
        figures = report(stats, procs, args)
    if args.json:
        print(json.dumps(figures))
    else:
        width = max(map(len, figures))
        for key, value in figures.items():
            print(f"{key:<{width}}  {value}")
        for error in stats.errors[:10]:
            print("error:", error)
    return figures


if __name__ == "__main__":
    main()
