"""Idle capacity: how many quiet websockets one Daphne process holds, and at what memory.

    python -m bench.idle --connections 2000 --matches 100 --watched 500

Two measurements, each on a fresh server and database (loopback only, bots paused by a
long ``BOT_DELAY`` so nothing moves):

- spread: ``--connections`` spectator websockets over ``--matches`` running matches, the
  way a busy site is watched; the server's resident memory before and after, memory per
  connection, and how long opening them took.
- watched: ``--watched`` spectators of one single match. Every join asks for a
  ``presence`` frame to every connection there (at most one per match per half second);
  it prints the frames that arrived and how long until the last one did.

Sockets are opened in steps of 100, each waiting for its ``sync``, and the next step
starts once the server has finished the last one's work (no frame for 1.5 seconds): a
connection that waits more than Daphne's five seconds for its handshake is dropped. A
reader per socket counts and discards what arrives after the ``sync``. ``--env
NAME=VALUE``: a server setting, as in ``bench.load``. Memory is read once no frame has
arrived for 1.5 seconds (the server has finished the joins' work) and ``--hold`` seconds
more.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import orjson
from websockets.asyncio.client import ClientConnection, connect

from bench.load import server_env
from bench.setup import create_matches, rss_bytes
from tests.support.servers import fresh_database, start_server

STEP = 100
QUIET = 1.5
SETTLE_LIMIT = 300.0


@dataclass
class Held:
    sockets: list[ClientConnection] = field(default_factory=list)
    readers: list[asyncio.Task] = field(default_factory=list)
    errors: int = 0
    why: Counter = field(default_factory=Counter)
    frames: int = 0


async def open_one(url: str, origin: str, held: Held) -> None:
    ws = await connect(url, origin=origin, max_size=2**22, open_timeout=120, ping_interval=None)
    await ws.send('{"t":"sync"}')
    while orjson.loads(await ws.recv())["t"] != "sync":
        pass
    held.sockets.append(ws)
    held.readers.append(asyncio.create_task(count_frames(ws, held)))


async def count_frames(ws: ClientConnection, held: Held) -> None:
    try:
        async for _ in ws:
            held.frames += 1
    except Exception:  # closed by the end of the run
        return


async def hold(urls: list[str], origin: str, count: int, seconds: float, pid: int) -> dict:
    """Open ``count`` sockets over ``urls`` (round-robin), hold them, measure, close."""
    held = Held()
    start = time.monotonic()
    for first in range(0, count, STEP):
        batch = range(first, min(count, first + STEP))
        opened = await asyncio.gather(
            *(open_one(urls[i % len(urls)], origin, held) for i in batch),
            return_exceptions=True,
        )
        for result in opened:
            if isinstance(result, BaseException):
                held.errors += 1
                held.why[f"{type(result).__name__}: {result}"[:120]] += 1
        await settle(held)  # the joins' database work is done before the next step
    opened_in = time.monotonic() - start
    await settle(held)
    settled_in = time.monotonic() - start
    await asyncio.sleep(seconds)
    rss = rss_bytes(pid)
    await asyncio.gather(*(ws.close() for ws in held.sockets), return_exceptions=True)
    await asyncio.gather(*held.readers, return_exceptions=True)
    return {
        "open": len(held.sockets),
        "errors": held.errors,
        "rss": rss,
        "opened_in_s": opened_in,
        "settled_in_s": settled_in,
        "frames": held.frames,
        "why": dict(held.why.most_common(3)),
    }


async def settle(held: Held) -> None:
    """Until no frame has arrived for QUIET seconds (the server finished the joins' work),
    at most SETTLE_LIMIT seconds."""
    deadline = time.monotonic() + SETTLE_LIMIT
    while time.monotonic() < deadline:
        seen = held.frames
        await asyncio.sleep(QUIET)
        if held.frames == seen:
            return


def measure(connections: int, matches: int, seconds: float, env: list[str]) -> dict[str, Any]:
    """``connections`` spectators spread over ``matches`` matches of a fresh server."""
    db = fresh_database()
    server = start_server(db, env={**server_env(env), "BOT_DELAY": "3600"})
    pid = server.process.pid
    try:
        seatings = create_matches(db, "space-mission", matches, 4)
        urls = [f"{server.ws_url}/ws/match/{s.match_id}/" for s in seatings]
        asyncio.run(hold(urls, server.origin, min(5, connections), 1.0, pid))  # warm up
        before = rss_bytes(pid)
        held = asyncio.run(hold(urls, server.origin, connections, seconds, pid))
    finally:
        server.stop()
        db.drop()
    return {
        "matches": matches,
        "connections": held["open"],
        "errors": held["errors"],
        "first_errors": held["why"],
        "opened_in_s": round(held["opened_in_s"], 1),
        "quiet_after_s": round(held["settled_in_s"], 1),
        "frames_after_sync": held["frames"],
        "rss_before_mb": round(before / 2**20, 1),
        "rss_with_connections_mb": round(held["rss"] / 2**20, 1),
        "kb_per_connection": round((held["rss"] - before) / 1024 / max(1, held["open"]), 1),
    }


def main(argv: list[str] | None = None) -> dict[str, dict[str, Any]]:
    parser = argparse.ArgumentParser(
        prog="python -m bench.idle",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--connections", type=int, default=2000)
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--watched", type=int, default=500, help="0 skips this measurement")
    parser.add_argument("--hold", type=float, default=5.0)
    parser.add_argument(
        "--env", action="append", default=[], metavar="NAME=VALUE", help="a server setting"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    args = parser.parse_args(argv)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = min(hard, max(soft, 2 * max(args.connections, args.watched) + 1024))
    resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))  # the server inherits it
    results = {"spread": measure(args.connections, args.matches, args.hold, args.env)}
    if args.watched:
        results["watched"] = measure(args.watched, 1, args.hold, args.env)
    if args.json:
        print(json.dumps(results))
        return results
    for name, figures in results.items():
        print(f"[{name}]")
        for key, value in figures.items():
            print(f"{key:<24}  {value}")
    return results


if __name__ == "__main__":
    main()
