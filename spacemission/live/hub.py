"""This process's fan-out of match frames to its own sockets.

A hub holds the audiences (a seat, the spectators, a whole match) that a socket of this
process is in, and writes each message's already-encoded text straight to each local
socket of its audience: no queue, task wake-up and handler per socket and message, as a
consumer per socket would cost. A message sent on this process is written to its sockets
at once, in the sender's task and in the order sent, then relayed to the other processes,
tagged with the hub's origin (a random id); a hub drops its own messages when they come
back.

Between processes the hub subscribes to each audience it has a socket of: over a lean
Redis pub/sub link of its own (``spacemission.live.relay``) with channels_redis's pub/sub
layer on one Redis, else through the channel layer, one channel of the process joining
each audience's group. Either way one connection or channel receives every audience's
messages from the other processes, in the order they were published, so a match's end
never overtakes its last patches. The in-memory layer is one process's own: while only
one hub uses it (as in serving) there is no other process to relay to, and nothing is
sent through it.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import weakref
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from channels.layers import InMemoryChannelLayer

from spacemission.live import prepared, relay

log = logging.getLogger(__name__)

FRAME = "match.frame"  # {"group", "text"[, "skip": a socket's key]}: written as is
SEATS = "match.seats"  # {"group"}: each socket of the audience looks up its seat again
RETRY_AFTER = 0.5  # seconds before receiving again after the layer failed

Write = Callable[[str], Awaitable[None]]
Missed = Callable[[list[str] | None], None]
Message = dict[str, Any]


class Outlet:
    """One socket as the hub sees it. ``key`` is its consumer's own channel (where a
    change of seats is sent, to be handled in that consumer's turn).

    While the socket's ``sync`` is being made (from before it joins its audiences, and
    while it changes them), frames are held and written after it: one written before
    could be of a version the client cannot patch yet, or of its next audience's view;
    one written meanwhile could be newer than the sync, which would then take the
    client's view back a version. Holds nest: the frames go out when the last one ends.

    ``version`` is the audience's view version the socket was last given (by a sync or
    a patch; None until its first sync), so that a socket left behind can be found and
    caught up (``catch_up``, a fresh sync; ``spacemission.live.catchup``)."""

    def __init__(
        self,
        key: str,
        write: Write,
        *,
        held: bool = False,
        catch_up: Callable[[], Awaitable[Any]] | None = None,
        direct: prepared.Direct | None = None,
    ) -> None:
        self.key = key
        self._write = write
        self.direct = direct  # a Daphne socket: an audience's frame is framed once for all
        self._held: list[tuple[str, int | None]] | None = [] if held else None
        self._holds = 0
        self.version: int | None = None
        self.catch_up = catch_up
        self.behind_at: int | None = None  # the version it was found behind at, last look

    @property
    def holding(self) -> bool:
        return self._held is not None

    async def write(self, text: str, version: int | None = None) -> None:
        if self._held is not None:
            self._held.append((text, version))
        else:
            await self._write(text)
            self.wrote(version)

    def write_now(self, frame: prepared.Frame, version: int | None) -> bool:
        """Write an audience's ``frame`` at once, framed once for all its sockets, if this
        is a Daphne socket and not held: whether it was (else ``write`` it)."""
        if self.direct is None or self._held is not None:
            return False
        frame.send(self.direct)  # a closed socket gets nothing, as with Daphne's send
        self.wrote(version)
        return True

    def wrote(self, version: int | None) -> None:
        """The socket was given the patch of ``version`` (None: a frame of no version)."""
        if version is not None and self.version is not None and version > self.version:
            self.version = version

    def hold(self) -> None:
        self._holds += 1
        if self._held is None:
            self._held = []

    async def release(self) -> None:
        self._holds = max(0, self._holds - 1)
        if self._holds:
            return
        held, self._held = self._held or [], None
        for text, version in held:
            await self._write(text)
            self.wrote(version)


PATCH_HEAD = '{"t":"patch","v":'  # how an encoded patch starts (``frames.patch``)


def patch_version(text: str) -> int | None:
    """The version of an encoded patch, read from its head (None: not a patch)."""
    if not text.startswith(PATCH_HEAD):
        return None
    start = len(PATCH_HEAD)
    return int(text[start : text.index(",", start)])


class Link(Protocol):
    """A hub's way to the other processes."""

    async def subscribe(self, group: str) -> None: ...
    async def unsubscribe(self, group: str) -> None: ...
    async def publish(self, items: list[tuple[str, str | None]], *, at_once: bool) -> None: ...
    async def renew(self, groups: list[str]) -> None: ...
    async def close(self) -> None: ...


class Hub:
    """The audiences of one channel layer on one event loop, and their local sockets."""

    def __init__(self, layer: Any) -> None:
        self.layer = layer
        self.loop = asyncio.get_running_loop()
        self.origin = secrets.token_hex(8)
        self.audiences: dict[str, dict[str, Outlet]] = {}
        self._joined: dict[str, asyncio.Task[None]] = {}  # group -> its subscription
        # Told of audiences whose frames may have been lost (None: any of them), to
        # catch their sockets up (``spacemission.live.catchup``).
        self.on_missed: Missed | None = None
        pubsub = relay.Relay.of(layer, self.origin, self._arrived, self._missed)
        self.link: Link = pubsub or _LayerLink(layer, self)

    async def join(self, group: str, outlet: Outlet) -> None:
        """Deliver ``group``'s frames to ``outlet`` once this process receives the other
        processes' (every socket of the audience waits for the first one's subscription)."""
        self.audiences.setdefault(group, {})[outlet.key] = outlet
        joined = self._joined.get(group)
        if joined is None or (joined.done() and _failed(joined)):
            joined = self._joined[group] = self.loop.create_task(self.link.subscribe(group))
        try:
            await asyncio.shield(joined)
        except BaseException:
            await self.leave(group, outlet)
            raise

    async def leave(self, group: str, outlet: Outlet) -> None:
        if self._forget(group, outlet):
            self._joined.pop(group, None)
            await self.link.unsubscribe(group)

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
        await self.link.renew(list(self.audiences))

    async def send(self, messages: list[Message], *, at_once: bool = False) -> None:
        """Deliver each message (with its ``group``) to this process's sockets, in order,
        then to the other processes' (``at_once``: the layer may send them in any order)."""
        for message in messages:
            await self.deliver(message)
        if not messages:
            return
        items = [(m["group"], m["text"] if m["type"] == FRAME else None) for m in messages]
        try:
            await self.link.publish(items, at_once=at_once)
        except Exception:  # Redis is away: this process's sockets got theirs; others resync
            log.warning("frames not relayed to the other processes", exc_info=True)

    async def deliver(self, message: Message) -> None:
        """Write a frame to its audience's sockets here (but the one it skips), or tell
        each of them the seats changed."""
        members = list(self.audiences.get(message.get("group", ""), {}).values())
        if message["type"] == SEATS:
            for outlet in members:
                await self._safely(self.layer.send(outlet.key, {"type": SEATS}))
            return
        text, skip = message["text"], message.get("skip")
        version = patch_version(text)
        frame = prepared.Frame(text)
        for outlet in members:
            if outlet.key == skip:
                continue
            try:
                if outlet.write_now(frame, version):
                    continue
            except Exception:  # one closing socket must not cost the others their frame
                log.debug("a frame was not delivered", exc_info=True)
                continue
            await self._safely(outlet.write(text, version))

    async def close(self) -> None:
        """Stop receiving from the other processes (a hub of a test's own)."""
        await self.link.close()

    def _missed(self, groups: list[str] | None) -> None:
        if self.on_missed is not None:
            self.on_missed(groups)

    async def _arrived(self, group: str, text: str | None) -> None:
        """Another process's message (the skipped socket, if any, is that process's)."""
        if text is None:
            await self.deliver({"type": SEATS, "group": group})
        else:
            await self.deliver({"type": FRAME, "group": group, "text": text})

    @staticmethod
    async def _safely(sending: Awaitable[None]) -> None:
        try:
            await sending
        except Exception:  # one closing socket must not cost the others their frame
            log.debug("a frame was not delivered", exc_info=True)


class _LayerLink:
    """The other processes through the channel layer: one channel of this process joins
    each audience's group; its messages carry their hub's origin."""

    def __init__(self, layer: Any, owner: Hub) -> None:
        self.layer = layer
        self._local = isinstance(layer, InMemoryChannelLayer)
        if self._local:
            _memory_hubs.setdefault(layer, weakref.WeakSet()).add(owner)
        self.origin = owner.origin
        self._arrived = owner._arrived
        self._loop = asyncio.get_running_loop()
        self._channel: asyncio.Task[str] | None = None
        self._listening: asyncio.Task[None] | None = None

    async def subscribe(self, group: str) -> None:
        await self.layer.group_add(group, await self._ready())

    async def unsubscribe(self, group: str) -> None:
        await self.layer.group_discard(group, await self._ready())

    async def renew(self, groups: list[str]) -> None:
        channel = await self._ready()
        for group in groups:
            await self.layer.group_add(group, channel)

    async def publish(self, items: list[tuple[str, str | None]], *, at_once: bool) -> None:
        if self._local and len(_memory_hubs.get(self.layer, ())) < 2:
            return  # no other hub can hear it: the layer is this process's own
        messages = [(group, self._message(group, text)) for group, text in items]
        if at_once:
            await asyncio.gather(*(self.layer.group_send(g, m) for g, m in messages))
            return
        for group, message in messages:
            await self.layer.group_send(group, message)

    async def close(self) -> None:
        if self._listening is not None:
            self._listening.cancel()
            await asyncio.gather(self._listening, return_exceptions=True)

    def _message(self, group: str, text: str | None) -> Message:
        if text is None:
            return {"type": SEATS, "group": group, "origin": self.origin}
        return {"type": FRAME, "group": group, "text": text, "origin": self.origin}

    async def _ready(self) -> str:
        """The process's channel (made again if the layer failed to make it), listened to."""
        if self._channel is None or (self._channel.done() and _failed(self._channel)):
            self._channel = self._loop.create_task(self.layer.new_channel())
        channel = await asyncio.shield(self._channel)
        if self._listening is None or self._listening.done():
            self._listening = self._loop.create_task(self._listen(channel))
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
            if message.get("origin") != self.origin:  # its own were delivered when sent
                await self._arrived(message["group"], message.get("text"))


def _cancelling() -> bool:
    task = asyncio.current_task()
    return task is not None and task.cancelling() > 0


def _failed(task: asyncio.Task[Any]) -> bool:
    return task.cancelled() or task.exception() is not None


_hubs: dict[tuple[int, int], Hub] = {}
# The hubs on each in-memory layer (tests stand two up, as two processes would be).
_memory_hubs: weakref.WeakKeyDictionary[Any, weakref.WeakSet[Hub]] = weakref.WeakKeyDictionary()


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
