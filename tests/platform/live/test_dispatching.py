"""A match socket's messages, from its client and from its channel, handled one at a time
without a task for each (``spacemission.live.dispatching``): never two at once, in the
order each source gives them, and ended by the first error once the message in hand is
done, as Channels' own dispatch is."""

from __future__ import annotations

import asyncio

import pytest
from channels.exceptions import StopConsumer

from spacemission.live.dispatching import one_at_a_time


class Source:
    """A queue of messages; a message that is an exception is raised by ``next``."""

    def __init__(self) -> None:
        self.queue: asyncio.Queue = asyncio.Queue()

    async def next(self) -> dict:
        item = await self.queue.get()
        if isinstance(item, BaseException):
            raise item
        return item


class Handler:
    """Records each message it handles, and how many it was handling at once."""

    def __init__(self) -> None:
        self.handled: list[str] = []
        self.busy = 0
        self.most_at_once = 0
        self.gates: dict[str, asyncio.Event] = {}

    async def __call__(self, message: dict) -> None:
        self.busy += 1
        self.most_at_once = max(self.most_at_once, self.busy)
        try:
            if message["type"] == "stop":
                raise StopConsumer
            gate = self.gates.get(message["name"])
            await (gate.wait() if gate else asyncio.sleep(0.001))
            self.handled.append(message["name"])
        finally:
            self.busy -= 1


def msg(name: str) -> dict:
    return {"type": "frame", "name": name}


async def test_messages_of_both_sources_are_handled_one_at_a_time_in_order():
    client, channel, handler = Source(), Source(), Handler()
    run = asyncio.create_task(one_at_a_time(client.next, channel.next, handler))
    for i in range(5):
        client.queue.put_nowait(msg(f"c{i}"))
        channel.queue.put_nowait(msg(f"s{i}"))
    while len(handler.handled) < 10:
        await asyncio.sleep(0.001)
    client.queue.put_nowait({"type": "stop"})
    with pytest.raises(StopConsumer):
        await run
    assert handler.most_at_once == 1
    assert [n for n in handler.handled if n[0] == "c"] == [f"c{i}" for i in range(5)]
    assert [n for n in handler.handled if n[0] == "s"] == [f"s{i}" for i in range(5)]
    assert len(asyncio.all_tasks()) == 1  # the channel's reader went with it


async def test_a_failing_channel_ends_it_only_once_the_clients_message_is_handled():
    client, channel, handler = Source(), Source(), Handler()
    handler.gates["act"] = gate = asyncio.Event()
    run = asyncio.create_task(one_at_a_time(client.next, channel.next, handler))
    client.queue.put_nowait(msg("act"))
    while handler.busy == 0:
        await asyncio.sleep(0.001)
    channel.queue.put_nowait(ConnectionError("the channel layer went away"))
    await asyncio.sleep(0.01)
    assert not run.done()  # the act is still being handled, and is not cut short
    gate.set()
    with pytest.raises(ConnectionError):
        await run
    assert handler.handled == ["act"]


async def test_a_stop_from_the_channel_ends_it_as_a_stop():
    client, channel, handler = Source(), Source(), Handler()
    run = asyncio.create_task(one_at_a_time(client.next, channel.next, handler))
    channel.queue.put_nowait({"type": "stop"})
    with pytest.raises(StopConsumer):
        await asyncio.wait_for(run, 1)


async def test_cancelled_from_outside_it_stops_its_channel_reader_too():
    client, channel, handler = Source(), Source(), Handler()
    run = asyncio.create_task(one_at_a_time(client.next, channel.next, handler))
    await asyncio.sleep(0.01)
    run.cancel()
    with pytest.raises(asyncio.CancelledError):
        await run
    assert len(asyncio.all_tasks()) == 1
