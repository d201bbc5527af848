"""The event loop's cost of handing a consumer its messages: Channels' own
``await_many_dispatch`` (a task and an ``asyncio.wait`` for every message) against
``spacemission.live.dispatching.one_at_a_time`` (the client's messages awaited in place),
both waiting on two queues as a match socket does (its client's frames, its channel), the
client's fed one a loop pass. Prints the CPU µs a message of each, alternating, for a few
rounds; the feeding loop's own cost is in both.

    .venv/bin/python -m bench.dispatch [messages] [rounds]
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import time
from collections.abc import Awaitable, Callable
from typing import Any

from channels.utils import await_many_dispatch

from spacemission.live.dispatching import one_at_a_time

Dispatcher = Callable[[Any, Any, Callable[[dict], Awaitable[None]]], Awaitable[None]]


class _Done(Exception):
    pass


async def _channels(client: Any, channel: Any, dispatch: Any) -> None:
    await await_many_dispatch([client, channel], dispatch)


async def cost(dispatcher: Dispatcher, messages: int) -> float:
    """CPU µs a message through ``dispatcher``."""
    client: asyncio.Queue = asyncio.Queue()
    channel: asyncio.Queue = asyncio.Queue()
    handled = 0

    async def dispatch(message: dict) -> None:
        nonlocal handled
        handled += 1
        if handled == messages:
            raise _Done

    async def feed() -> None:
        for i in range(messages):
            client.put_nowait({"type": "websocket.receive", "n": i})
            await asyncio.sleep(0)

    feeding = asyncio.ensure_future(feed())
    start = time.process_time()
    with contextlib.suppress(_Done):
        await dispatcher(client.get, channel.get, dispatch)
    spent = time.process_time() - start
    await feeding
    return spent / messages * 1e6


async def main() -> None:
    messages = int(sys.argv[1]) if len(sys.argv) > 1 else 50_000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    for _ in range(rounds):
        channels = await cost(_channels, messages)
        ours = await cost(one_at_a_time, messages)
        print(
            f"Channels' await_many_dispatch {channels:6.1f} µs a message, one_at_a_time {ours:6.1f}"
        )


if __name__ == "__main__":
    asyncio.run(main())
