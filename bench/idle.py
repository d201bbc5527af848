"""Idle capacity: how many quiet websockets one Daphne process holds, and at what memory.

    python -m bench.idle --connections 2000

Starts one server on a fresh database with ``--matches`` running matches, measures the
server's resident memory, opens ``--connections`` spectator websockets spread over those
matches (loopback only, in steps, each receiving its ``sync``), holds them ``--hold``
seconds, measures again, and prints memory per connection. Bots are paused (a long
``BOT_DELAY``) so the connections stay idle.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import time

from websockets.asyncio.client import ClientConnection, connect

from bench.setup import create_matches, rss_bytes
from tests.support.servers import fresh_database, start_server

STEP = 200


async def open_one(url: str, origin: str) -> ClientConnection:
    ws = await connect(url, origin=origin, max_size=2**22, open_timeout=60, ping_interval=None)
    await ws.send('{"t":"sync"}')
    while json.loads(await ws.recv())["t"] != "sync":
        pass
    return ws


async def hold(urls: list[str], origin: str, count: int, seconds: float, pid: int) -> dict:
    sockets: list[ClientConnection] = []
    errors = 0
    start = time.monotonic()
    while len(sockets) + errors < count:
        batch = min(STEP, count - len(sockets) - errors)
        first = len(sockets) + errors
        opened = await asyncio.gather(
            *(open_one(urls[(first + i) % len(urls)], origin) for i in range(batch)),
            return_exceptions=True,
        )
        for ws in opened:
            if isinstance(ws, BaseException):
                errors += 1
            else:
                sockets.append(ws)
    opened_in = time.monotonic() - start
    await asyncio.sleep(seconds)
    rss = rss_bytes(pid)
    await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)
    return {"open": len(sockets), "errors": errors, "rss": rss, "opened_in_s": opened_in}


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(
        prog="python -m bench.idle",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--connections", type=int, default=2000)
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--hold", type=float, default=5.0)
    args = parser.parse_args(argv)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = min(hard, max(soft, 2 * args.connections + 1024))
    resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))  # the server inherits it
    db = fresh_database()
    server = start_server(db, env={"BOT_DELAY": "3600", "DEBUG": "0", "LOG_LEVEL": "ERROR"})
    try:
        match = create_matches(db, "space-mission", 1, 4)[0].match_id
        url = f"{server.ws_url}/ws/match/{match}/"
        asyncio.run(hold(url, server.origin, 5, 1.0, server.process.pid))  # warm up
        before = rss_bytes(server.process.pid)
        held = asyncio.run(
            hold(url, server.origin, args.connections, args.hold, server.process.pid)
        )
    finally:
        server.stop()
        db.drop()
    figures = {
        "connections": held["open"],
        "errors": held["errors"],
        "opened_in_s": round(held["opened_in_s"], 1),
        "rss_before_mb": round(before / 2**20, 1),
        "rss_with_connections_mb": round(held["rss"] / 2**20, 1),
        "kb_per_connection": round((held["rss"] - before) / 1024 / max(1, held["open"]), 1),
    }
    for key, value in figures.items():
        print(f"{key:<24}  {value}")
    return figures


if __name__ == "__main__":
    main()
