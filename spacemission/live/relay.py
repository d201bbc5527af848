"""Frames between this site's processes over Redis pub/sub, as raw bytes.

With channels_redis's pub/sub layer on one Redis, each process's hub subscribes, on one
connection of its own, to the channel of each audience it has a socket of, and publishes
an act's frames in one pipeline. A message is the publishing hub's origin, a kind byte
and the frame's text as sockets get it: nothing to serialise, parse back or queue. Redis
sends a channel's messages to every subscriber, the publisher too: a hub drops its own on
a prefix check, having written them to its sockets when it sent them.

When the connection is lost (Redis restarts), the relay connects and subscribes to every
audience again; the frames published meanwhile never reach this process's sockets, whose
clients notice a version gap or a silent socket and resync (docs/protocol.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

from channels_redis.pubsub import RedisPubSubChannelLayer
from channels_redis.utils import create_pool
from redis.asyncio import Redis
from redis.asyncio.connection import AbstractConnection
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

FRAME, SEATS = b"F", b"S"  # the kind byte after the origin: a frame's text follows; nothing
RETRY_AFTER = 0.5  # seconds between attempts to connect while Redis is down
SUBSCRIBE_TIMEOUT = 5.0  # seconds a subscription may take before the join fails

# A frame's text for the sockets of an audience (a group), or None: its seats changed.
Arrived = Callable[[str, str | None], Awaitable[None]]


class Relay:
    """This process's pub/sub link to the others, for one hub (``origin``, its id)."""

    def __init__(self, host: dict[str, Any], prefix: str, origin: str, arrived: Arrived) -> None:
        self.name = f"relay-{origin}"  # its connection's client name in Redis
        self._origin = origin.encode()
        self._kind = len(self._origin)  # where a message's kind byte is
        self._prefix = f"{prefix}__relay__"
        self._arrived = arrived
        self._pool = create_pool(host)
        # RESP2: a message is a plain reply (RESP3 would format each one for a debug log).
        self._subscriber = create_pool({**host, "protocol": 2, "client_name": self.name})
        self._publisher = Redis(connection_pool=self._pool)
        self._groups: dict[bytes, str] = {}  # each subscribed channel's group
        self._confirming: dict[bytes, deque[asyncio.Future[None]]] = {}  # a SUBSCRIBE's waiter
        self._connected: asyncio.Future[AbstractConnection] | None = None
        self._listening: asyncio.Task[None] | None = None

    @classmethod
    def of(cls, layer: Any, origin: str, arrived: Arrived) -> Relay | None:
        """A relay on ``layer``'s Redis, if it is channels_redis's pub/sub layer on one host."""
        if not isinstance(layer, RedisPubSubChannelLayer):
            return None
        try:  # the layer's internals, as of channels_redis 4
            loop_layer = layer._get_layer()
            shards, prefix = loop_layer._shards, loop_layer.prefix
        except AttributeError:
            return None
        if len(shards) != 1:
            return None
        return cls(shards[0].host, prefix, origin, arrived)

    def channel(self, group: str) -> bytes:
        """The Redis channel of ``group`` (under the layer's prefix: deployments never meet)."""
        return f"{self._prefix}{group}".encode()

    async def publish(self, items: list[tuple[str, str | None]], *, at_once: bool = False) -> None:
        """Publish each (group, text) in one pipeline: one round trip, and Redis relays them
        back to back, so no client can act on the first (and another process publish the
        next version) before the last has gone out. Always in order (``at_once`` is for
        links that could send them side by side)."""
        async with self._publisher.pipeline(transaction=False) as pipe:
            for group, text in items:
                kind = SEATS if text is None else FRAME + text.encode()
                pipe.publish(self.channel(group), self._origin + kind)
            await pipe.execute()

    async def subscribe(self, group: str) -> None:
        """Receive ``group``'s messages; returns once Redis confirmed the subscription,
        raises if it cannot."""
        channel = self.channel(group)
        self._groups[channel] = group  # also subscribed to again by any later connection
        async with asyncio.timeout(SUBSCRIBE_TIMEOUT):
            connection = await self._connection()
            confirmed = asyncio.get_running_loop().create_future()
            self._confirming.setdefault(channel, deque()).append(confirmed)
            try:
                await connection.send_command("SUBSCRIBE", channel, check_health=False)
                await confirmed
            finally:
                confirmed.cancel()  # no-op once confirmed; else its reply finds it done

    async def unsubscribe(self, group: str) -> None:
        channel = self.channel(group)
        if self._groups.pop(channel, None) is None:
            return
        connection = self._current()
        if connection is None:
            return  # the next connection subscribes to the groups left only
        with contextlib.suppress(RedisError, OSError):  # lost, with its subscriptions
            await connection.send_command("UNSUBSCRIBE", channel, check_health=False)

    async def renew(self, groups: list[str]) -> None:
        """Nothing to renew: subscriptions last as long as the connection, and a new
        connection subscribes to every audience again."""

    async def close(self) -> None:
        if self._listening is not None:
            self._listening.cancel()
            await asyncio.gather(self._listening, return_exceptions=True)
        await self._pool.aclose()
        await self._subscriber.aclose()

    async def _connection(self) -> AbstractConnection:
        """The connection being listened to (connected first if need be)."""
        if self._listening is None or self._listening.done():
            self._connected = asyncio.get_running_loop().create_future()
            self._listening = asyncio.get_running_loop().create_task(self._listen())
        assert self._connected is not None
        await asyncio.shield(self._connected)
        connection = self._current()
        if connection is None:  # lost while this waited: never send on it (it would reconnect)
            raise ConnectionError("the relay's Redis connection was lost")
        return connection

    def _current(self) -> AbstractConnection | None:
        connected = self._connected
        if connected is None or not connected.done() or connected.cancelled():
            return None
        if connected.exception() is not None or not connected.result().is_connected:
            return None
        return connected.result()

    async def _listen(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            assert self._connected is not None
            if self._connected.done():
                self._connected = loop.create_future()
            try:
                connection = await self._connect()
            except (RedisError, OSError) as error:  # Redis is down: joins fail until it is back
                self._connected.set_exception(error)
                self._connected.exception()  # retrieved: nobody may be waiting
                log.warning("relay: cannot connect to Redis: %s", error)
                await asyncio.sleep(RETRY_AFTER)
                continue
            self._connected.set_result(connection)
            try:
                while True:
                    await self._receive(await connection.read_response(timeout=math.inf))
            except Exception as error:  # Redis restarted or dropped it (or a reply was odd)
                unexpected = not isinstance(error, RedisError | OSError)
                log.warning(
                    "relay: connection lost (%s); subscribing again", error, exc_info=unexpected
                )
                for waiting in self._confirming.values():
                    for confirmed in waiting:
                        if not confirmed.done():
                            confirmed.set_exception(ConnectionError(str(error)))
                self._confirming.clear()
            finally:
                await connection.disconnect(nowait=True)

    async def _connect(self) -> AbstractConnection:
        connection = self._subscriber.make_connection()
        await connection.connect()
        if self._groups:
            await connection.send_command("SUBSCRIBE", *self._groups, check_health=False)
        return connection

    async def _receive(self, reply: list[Any]) -> None:
        kind, channel = reply[0], reply[1]
        if kind == b"message":
            data: bytes = reply[2]
            if data.startswith(self._origin):
                return  # this hub's own, written to its sockets when it sent it
            group = self._groups.get(channel)
            if group is None:
                return  # a message sent before its unsubscription
            at = self._kind
            text = data[at + 1 :].decode() if data[at : at + 1] == FRAME else None
            try:
                await self._arrived(group, text)
            except Exception:  # one audience's failure must not cost the others their frames
                log.exception("relay: a message from another process was not delivered")
        elif kind == b"subscribe":
            waiting = self._confirming.get(channel)
            if waiting:
                confirmed = waiting.popleft()
                if not waiting:
                    del self._confirming[channel]
                if not confirmed.done():
                    confirmed.set_result(None)
