"""A consumer's messages from its client and from its channel, handled one at a time
without a task for each.

Channels' consumer (``channels.utils.await_many_dispatch``) waits for the next message of
both sources together: for every frame a client sends, a new task for the next
``receive`` and an ``asyncio.wait`` on the two (``python -m bench.dispatch``: 34 to 46 µs
of CPU a message on a 2-core machine, against 10 to 13 µs here). A match socket's channel
brings only a change of seats, seldom; so here the client's messages are awaited in the
consumer's own task and the channel's in a second one, and a lock hands them to
``dispatch`` one at a time, as Channels does: a message is handled only once the one
before it was.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

Message = dict[str, Any]
Source = Callable[[], Awaitable[Message]]


async def one_at_a_time(
    client: Source, channel: Source, dispatch: Callable[[Message], Awaitable[None]]
) -> None:
    """Dispatch each message of ``client`` and of ``channel`` in turn, until a dispatch
    (``StopConsumer`` after a disconnect, or any error) or a source raises: the error ends
    it, as under Channels, once the message being handled is done."""
    turn = asyncio.Lock()
    consumer = asyncio.current_task()
    assert consumer is not None

    async def from_channel() -> None:
        try:
            while True:
                message = await channel()
                async with turn:
                    await dispatch(message)
        except Exception:
            # The consumer ends with it, but not in the middle of a client's message.
            async with turn:
                consumer.cancel()
            raise

    side = asyncio.ensure_future(from_channel())
    try:
        while True:
            message = await client()
            async with turn:
                await dispatch(message)
    except asyncio.CancelledError:
        if side.done() and not side.cancelled() and side.exception() is not None:
            raise side.exception() from None  # type: ignore[misc]
        raise
    finally:
        if not side.done():
            side.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await side
        elif not side.cancelled():
            side.exception()  # retrieved: the consumer's own end came first
