"""This process's fan-out of match frames to its own sockets.

One channel-layer channel per process joins each audience group (a seat, the
spectators, a whole match) that a socket of this process is in. A group message is
received once per process and its already-encoded text written straight to each local
socket of that audience: no queue, task wake-up and handler per socket and message, as a
consumer per socket would cost. The one channel receives every audience's messages in the
order the layer delivers them, so a match's end never overtakes its last patches.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger(__name__)

FRAME = "match.frame"  # {"group", "text"[, "skip": a socket's key]}: written as is
SEATS = "match.seats"  # {"group"}: each socket of the audience looks up its seat again
RETRY_AFTER = 0.5  # seconds before receiving again after the layer failed

Write = Callable[[str], Awaitable[None]]
Message = dict[str, Any]


class Outlet:
    """One socket as the hub sees it. ``key`` is its consumer's own channel (where a
    change of seats is sent, to be handled in that consumer's turn).

    While the socket's ``sync`` is being made (from before it joins its audiences, and
    while it changes them), frames are held and written after it: one written before
    could be of a version the client cannot patch yet, or of its next audience's view;
    one written meanwhile could be newer than the sync, which would then take the
    client's view back a version."""

    def __init__(self, key: str, write: Write, *, held: bool = False) -> None:
        self.key = key
        self._write = write
        self._held: list[str] | None = [] if held else None

    async def write(self, text: str) -> None:
        if self._held is not None:
            self._held.append(text)
        else:
            await self._write(text)

    def hold(self) -> None:
        if self._held is None:
            self._held = []

    async def release(self) -> None:
        held, self._held = self._held or [], None
        for text in held:
            await self._write(text)


class Hub:
    """The audiences of one channel layer on one event loop, and their local sockets."""

    def __init__(self, layer: Any) -> None:
        self.layer = layer
        self.loop = asyncio.get_running_loop()
        self.audiences: dict[str, dict[str, Outlet]] = {}
        self._joined: dict[str, asyncio.Task[None]] = {}  # group -> its group_add
        self._channel: asyncio.Task[str] | None = None
        self._listening: asyncio.Task[None] | None = None

    async def join(self, group: str, outlet: Outlet) -> None:
        """Deliver ``group``'s frames to ``outlet`` once this process's channel is in the
        group (every socket of the audience waits for the first one's ``group_add``)."""
        channel = await self._ready()
        self.audiences.setdefault(group, {})[outlet.key] = outlet
        joined = self._joined.get(group)
        if joined is None or (joined.done() and _failed(joined)):
            joined = self._joined[group] = self.loop.create_task(
                self.layer.group_add(group, channel)
            )
        try:
            await asyncio.shield(joined)
        except BaseException:
            await self.leave(group, outlet)
            raise

    async def leave(self, group: str, outlet: Outlet) -> None:
        if self._forget(group, outlet):
            self._joined.pop(group, None)
            await self.layer.group_discard(group, await self._ready())

    def _forget(self, group: str, outlet: Outlet) -> bool:
        """Drop ``outlet`` from ``group``: whether that was the audience's last socket."""
        members = self.audiences.get(group)
        if members is None or members.get(outlet.key) is not outlet:
            return False
        del members[outlet.key]
        if members:
            return False
        del self.audiences[group]
        return True

    async def renew(self) -> None:
        """Join every audience again (memberships expire in the core Redis layer)."""
        channel = await self._ready()
        for group in list(self.audiences):
            await self.layer.group_add(group, channel)

    async def _ready(self) -> str:
        """The process's channel (made again if the layer failed to make it), listened to."""
        if self._channel is None or (self._channel.done() and _failed(self._channel)):
            self._channel = self.loop.create_task(self.layer.new_channel())
        channel = await asyncio.shield(self._channel)
        if self._listening is None or self._listening.done():
            self._listening = self.loop.create_task(self._listen(channel))
        return channel

    async def _listen(self, channel: str) -> None:
        while True:
            try:
                message = await self.layer.receive(channel)
            except RuntimeError:  # its event loop closed (a test's): the hub ends with it
                raise
            except Exception:  # the layer lost its server: it reconnects; clients resync
                if _cancelling():  # the layer turned its cancellation into another error
                    return
                log.exception("channel layer receive failed")
                await asyncio.sleep(RETRY_AFTER)
                continue
            await self.deliver(message)

    async def deliver(self, message: Message) -> None:
        """Write a frame to its audience's sockets here (but the one it skips), or tell
        each of them the seats changed."""
        members = list(self.audiences.get(message.get("group", ""), {}).values())
        if message["type"] == SEATS:
            for outlet in members:
                await self._safely(self.layer.send(outlet.key, {"type": SEATS}))
            return
        text, skip = message["text"], message.get("skip")
        for outlet in members:
            if outlet.key != skip:
                await self._safely(outlet.write(text))

    @staticmethod
    async def _safely(sending: Awaitable[None]) -> None:
        try:
            await sending
        except Exception:  # one closing socket must not cost the others their frame
            log.debug("a frame was not delivered", exc_info=True)


def _cancelling() -> bool:
    task = asyncio.current_task()
    return task is not None and task.cancelling() > 0


def _failed(task: asyncio.Task[Any]) -> bool:
    return task.cancelled() or task.exception() is not None


_hubs: dict[tuple[int, int], Hub] = {}


def hub(layer: Any) -> Hub:
    """This event loop's hub for ``layer`` (tests run each on a loop and layer of its own)."""
    loop = asyncio.get_running_loop()
    key = (id(layer), id(loop))
    found = _hubs.get(key)
    if found is None or found.layer is not layer or found.loop is not loop:
        for stale in [k for k, h in _hubs.items() if h.loop.is_closed()]:
            del _hubs[stale]
        found = _hubs[key] = Hub(layer)
    return found


async def renew_all() -> None:
    """Renew the memberships of every hub on the running loop."""
    loop = asyncio.get_running_loop()
    for each in list(_hubs.values()):
        if each.loop is loop:
            await each.renew()
