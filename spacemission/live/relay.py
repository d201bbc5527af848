"""Frames between this site's processes over Redis pub/sub, as raw bytes.

With channels_redis's pub/sub layer on one Redis, each process's hub subscribes, on one
connection of its own, to the channel of each audience it has a socket of. A message is
the publishing hub's origin, a kind byte and the frame's text as sockets get it: nothing
to serialise, parse back or queue. Redis sends a channel's messages to every subscriber,
the publisher too: a hub drops its own on a prefix check, having written them to its
sockets when it sent them.

A hub publishes on a second connection of its own (client name ``relay-pub-<origin>``):
an act's PUBLISH commands are written in one piece, and publish returns without waiting
for Redis's replies (subscriber counts), which a task reads, warning of errors at most
once a minute. One connection, written to by one act at a time, keeps every act's frames
in the order sent, and Redis relays an act's frames back to back; a write that cannot go
out within the host's ``socket_timeout`` drops it.

An audience that no other process listens to is *quiet* (``spacemission.live.listeners``):
its frames are not published at all. A hub learns it from Redis's reply to a publish (the
subscribers it reached), and a hub that subscribes says hello on the channel and waits
for every other subscriber's answer before its socket's sync, so a quiet channel is
published to again before anything the new socket's sync does not hold. An audience that
nobody has a socket of (the spectators of a match nobody watches) is listened to all the
same, with nothing to write to, so that it can be quiet too.

When the subscribing connection is lost (Redis restarts, or fails over to a replica under
Sentinel), the relay connects and subscribes to every audience again, and says hello on
each; once Redis confirms, the hub is told that any audience may have missed frames, and
its sockets that are behind the stored version get a fresh sync
(``spacemission.live.catchup``). When the publishing connection is lost, the next act's
publish connects again; the frames it could not send while Redis was away are not
queued (a sync replaces them): the audiences they were for are remembered, and the first
write after Redis is back tells their subscribers, ahead of the next frames, to catch
their sockets up (a *catch-up* message).

The link's Redis is the channel layer's own: its ``hosts`` entry (a URL, or Sentinel's
``sentinels`` and ``master_name``), read from the layer's configuration and connected
with channels_redis's ``create_pool``, so the relay follows a failover as the layer does.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable
from typing import Any

from channels.layers import channel_layers
from channels_redis.pubsub import RedisPubSubChannelLayer
from channels_redis.utils import create_pool, decode_hosts
from redis.asyncio.connection import AbstractConnection
from redis.exceptions import RedisError, ResponseError

from spacemission.live.listeners import Listeners

log = logging.getLogger(__name__)

FRAME, SEATS = b"F", b"S"  # the kind byte after the origin: a frame's text follows; nothing
HELLO, ANSWER = b"H", b"A"  # a hub subscribed; it heard the hello of the origin that follows
CATCH_UP = b"C"  # frames to this audience were lost: catch its sockets up
UNRELAYED_KEPT = 10_000  # audiences remembered whose frames were lost; beyond it, all are
ANSWER_TIMEOUT = 2.0  # seconds a join waits for the other subscribers to answer its hello
OVERHEARD = 1000  # audiences with no socket here that this hub listens to, at most
RETRY_AFTER = 0.5  # seconds between attempts to connect while Redis is down
SUBSCRIBE_TIMEOUT = 5.0  # seconds a subscription may take before the join fails
CONNECT_TIMEOUT = 5.0  # seconds an act may wait for the publishing connection
REFUSALS_LOGGED_EVERY = 60.0  # seconds between warnings of publishes Redis refused

# A frame's text for the sockets of an audience (a group), or None: its seats changed.
Arrived = Callable[[str, str | None], Awaitable[None]]
# Audiences (groups) whose frames may have been lost, or None: any of them.
Missed = Callable[[list[str] | None], None]


class Relay:
    """This process's pub/sub link to the others, for one hub (``origin``, its id)."""

    def __init__(
        self,
        host: dict[str, Any],
        prefix: str,
        origin: str,
        arrived: Arrived,
        missed: Missed | None = None,
    ) -> None:
        self.name = f"relay-{origin}"  # the subscribing connection's client name in Redis
        self.publisher_name = f"relay-pub-{origin}"
        self._origin = origin.encode()
        self._hello_message = self._origin + HELLO
        self._kind = len(self._origin)  # where a message's kind byte is
        self._prefix = f"{prefix}__relay__"
        self._arrived = arrived
        self._missed = missed or (lambda groups: None)
        self._resubscribing = False  # subscribed again after a loss: not yet confirmed
        # Channels whose frames could not be published (None: too many to name).
        self._unrelayed: set[bytes] | None = set()
        # RESP2: a message is a plain reply (RESP3 would format each one for a debug log).
        self._subscriber = create_pool({**host, "protocol": 2, "client_name": self.name})
        self._publisher = _Publisher(host, self.publisher_name)
        self._groups: dict[bytes, str] = {}  # each subscribed channel's group
        # The channels of ``_groups`` with no socket here, oldest first (``_overhear``).
        self._overheard: OrderedDict[bytes, None] = OrderedDict()
        self._confirming: dict[bytes, deque[asyncio.Future[None]]] = {}  # a SUBSCRIBE's waiter
        self._connected: asyncio.Future[AbstractConnection] | None = None
        self._listening: asyncio.Task[None] | None = None
        self.listeners = Listeners()
        self._answers: dict[bytes, _Answers] = {}  # a hello of this hub's -> its answers
        self._tasks: set[asyncio.Task[None]] = set()

    @classmethod
    def of(
        cls, layer: Any, origin: str, arrived: Arrived, missed: Missed | None = None
    ) -> Relay | None:
        """A relay on ``layer``'s Redis, if it is channels_redis's pub/sub layer on one
        host (or one Sentinel-watched primary) and configured in ``CHANNEL_LAYERS``."""
        if not isinstance(layer, RedisPubSubChannelLayer):
            return None
        config = _config_of(layer)
        if config is None:
            return None
        hosts = decode_hosts(config.get("hosts"))
        if len(hosts) != 1:
            return None
        return cls(hosts[0], config.get("prefix", "asgi"), origin, arrived, missed)

    def channel(self, group: str) -> bytes:
        """The Redis channel of ``group`` (under the layer's prefix: deployments never meet)."""
        return f"{self._prefix}{group}".encode()

    async def publish(self, items: list[tuple[str, str | None]], *, at_once: bool = False) -> None:
        """Publish each (group, text), in one write and without waiting for Redis's
        replies: Redis relays them back to back, so no client can act on the first (and
        another process publish the next version) before the last has gone out. Always in
        order, after earlier calls' (``at_once`` is for links that could send them side by
        side)."""
        commands: list[tuple[bytes, ...]] = []
        replies: list[Reply | None] = []
        channels = []
        for group, text in items:
            channel = self.channel(group)
            if not self.listeners.quiet(channel):
                commands.append((b"PUBLISH", channel, self._message(text)))
                replies.append(self._told(channel, group))
                channels.append(channel)
        if not commands:
            return
        unrelayed = self._unrelayed
        if unrelayed:
            unrelayed = set(unrelayed)  # the ones told now (more may be lost meanwhile)
        elif unrelayed is None:
            unrelayed = set(self._groups)
        if unrelayed:  # first: frames were lost; their audiences catch up
            catch_ups = [(b"PUBLISH", channel, self._origin + CATCH_UP) for channel in unrelayed]
            commands, replies = [*catch_ups, *commands], [*[None] * len(catch_ups), *replies]
        everyone = self._unrelayed is None
        if not await self._publisher.send(commands, replies):
            self._lost_frames(channels)
        elif unrelayed:
            self._caught_up(unrelayed, everyone)

    def _caught_up(self, told: set[bytes], everyone: bool) -> None:
        """Catch-ups went to ``told`` (to ``everyone`` subscribed to, if so)."""
        if self._unrelayed is None:
            if everyone:
                self._unrelayed = set()
        else:
            self._unrelayed -= told

    def _lost_frames(self, channels: list[bytes]) -> None:
        """Remember the audiences of frames that could not be published."""
        if self._unrelayed is None:
            return
        self._unrelayed.update(channels)
        if len(self._unrelayed) > UNRELAYED_KEPT:
            self._unrelayed = None  # every audience subscribed to catches up

    def _told(self, channel: bytes, group: str) -> Reply:
        """What to do with the number of subscribers a publish to ``channel`` reached."""
        counted = self.listeners.publishing(channel)

        def told(receivers: int) -> None:
            counted(receivers)
            if receivers == 0 and channel not in self._groups:
                self._overhear(channel, group)

        return told

    def _overhear(self, channel: bytes, group: str) -> None:
        """Nobody listens to an audience this hub publishes to (the spectators of a match
        nobody watches): listen to it, with no socket to write to, so that it may be quiet
        here too, and a spectator's hello elsewhere is heard. The oldest such channel is
        let go beyond ``OVERHEARD``."""
        self._groups[channel] = group
        self._overheard[channel] = None
        if len(self._overheard) > OVERHEARD:
            oldest, _ = self._overheard.popitem(last=False)
            self._spawn(self.unsubscribe(self._groups[oldest]))
        self._spawn(self._listen_to(channel))

    async def _listen_to(self, channel: bytes) -> None:
        with contextlib.suppress(RedisError, OSError):  # the next connection subscribes
            connection = await self._connection()
            await connection.send_command("SUBSCRIBE", channel, check_health=False)

    def _message(self, text: str | None) -> bytes:
        return self._origin + (SEATS if text is None else FRAME + text.encode())

    async def subscribe(self, group: str) -> None:
        """Receive ``group``'s messages; returns once Redis confirmed the subscription and
        the other subscribers answered this hub's hello (raises if it cannot subscribe)."""
        channel = self.channel(group)
        self._groups[channel] = group  # also subscribed to again by any later connection
        self._overheard.pop(channel, None)  # a socket's audience now
        async with asyncio.timeout(SUBSCRIBE_TIMEOUT):
            connection = await self._connection()
            confirmed = asyncio.get_running_loop().create_future()
            self._confirming.setdefault(channel, deque()).append(confirmed)
            try:
                await connection.send_command("SUBSCRIBE", channel, check_health=False)
                await confirmed
            finally:
                confirmed.cancel()  # no-op once confirmed; else its reply finds it done
        await self._hello(channel)

    async def _hello(self, channel: bytes) -> None:
        """Say hello on ``channel`` and wait until each other subscriber answered: from
        then on none of them keeps the channel quiet."""
        answers = self._answers[channel] = _Answers()
        try:
            async with asyncio.timeout(ANSWER_TIMEOUT):
                await self._publisher.send(
                    [(b"PUBLISH", channel, self._hello_message)], [answers.reached]
                )
                await answers.all_in()
        except TimeoutError:  # Redis went away meanwhile, or a process hangs: go on
            log.warning("relay: not every process answered a hello in %s s", ANSWER_TIMEOUT)
        finally:
            if self._answers.get(channel) is answers:
                del self._answers[channel]

    async def unsubscribe(self, group: str) -> None:
        channel = self.channel(group)
        if self._groups.pop(channel, None) is None:
            return
        self._overheard.pop(channel, None)
        self.listeners.unsubscribed(channel)
        connection = self._current()
        if connection is None:
            return  # the next connection subscribes to the groups left only
        with contextlib.suppress(RedisError, OSError):  # lost, with its subscriptions
            await connection.send_command("UNSUBSCRIBE", channel, check_health=False)

    async def renew(self, groups: list[str]) -> None:
        """Nothing to renew: subscriptions last as long as the connection, and a new
        connection subscribes to every audience again."""

    async def close(self) -> None:
        tasks = [*self._tasks, *([self._listening] if self._listening else [])]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self._publisher.close()
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
        lost = False  # a connection before this one was lost, and its subscriptions
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
            self._resubscribing = lost and bool(self._groups)
            if lost and self._groups:
                # Subscribed again: another process may have found these channels quiet
                # meanwhile. (A first subscription says its own hello, and waits.)
                hellos = [(b"PUBLISH", channel, self._hello_message) for channel in self._groups]
                self._spawn(self._publisher.send(hellos))
            try:
                while True:
                    await self._receive(await connection.read_response(timeout=math.inf))
            except Exception as error:  # Redis restarted or dropped it (or a reply was odd)
                unexpected = not isinstance(error, RedisError | OSError)
                log.warning(
                    "relay: connection lost (%s); subscribing again", error, exc_info=unexpected
                )
                self.listeners.deaf()
                lost = True
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

    def _spawn(self, sending: Any) -> None:
        task = asyncio.get_running_loop().create_task(sending)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

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
            what = data[at : at + 1]
            if what == HELLO:
                self.listeners.hello(channel)  # before the answer: publish from now on
                answer = self._origin + ANSWER + data[:at]
                self._spawn(self._publisher.send([(b"PUBLISH", channel, answer)]))
                return
            if what == ANSWER:
                answers = self._answers.get(channel)
                if answers is not None and data[at + 1 :] == self._origin:
                    answers.answered(data[:at])
                return
            if what == CATCH_UP:
                self._missed([group])
                return
            text = data[at + 1 :].decode() if what == FRAME else None
            try:
                await self._arrived(group, text)
            except Exception:  # one audience's failure must not cost the others their frames
                log.exception("relay: a message from another process was not delivered")
        elif kind == b"subscribe":
            if channel in self._groups:
                self.listeners.subscribed(channel)
            if self._resubscribing:  # one SUBSCRIBE: every audience is listened to again
                self._resubscribing = False
                self._missed(None)
            waiting = self._confirming.get(channel)
            if waiting:
                confirmed = waiting.popleft()
                if not waiting:
                    del self._confirming[channel]
                if not confirmed.done():
                    confirmed.set_result(None)


class _Answers:
    """The answers to one hello of this hub's: all in once every subscriber it reached but
    this hub has answered."""

    def __init__(self) -> None:
        self._from: set[bytes] = set()
        self._expected: int | None = None
        self._all_in = asyncio.get_running_loop().create_future()

    def reached(self, receivers: int) -> None:
        self._expected = receivers - 1  # this hub's own subscription heard it too
        self._check()

    def answered(self, origin: bytes) -> None:
        self._from.add(origin)
        self._check()

    def _check(self) -> None:
        expected = self._expected
        if expected is not None and len(self._from) >= expected and not self._all_in.done():
            self._all_in.set_result(None)

    async def all_in(self) -> None:
        await self._all_in


Reply = Callable[[int], None]


class _Publisher:
    """One connection that commands are written to without waiting for their replies,
    which a task reads (handing each number to its command's ``Reply``, if it has one);
    connected again, by the next send, once lost."""

    def __init__(self, host: dict[str, Any], name: str) -> None:
        self._pool = create_pool({**host, "protocol": 2, "client_name": name})
        self._sending = asyncio.Lock()
        self._connection: AbstractConnection | None = None  # None: lost, or not yet made
        self._replies: deque[Reply | None] = deque()  # the connection's, in the order sent
        self._connecting: asyncio.Task[None] | None = None
        self._write_timeout: float | None = None  # the host's socket_timeout
        self._reading: set[asyncio.Task[None]] = set()
        self._down = False  # the last attempt to connect failed: sends do not wait for one
        self._retry_at = 0.0
        self._dropped = 0  # sends dropped since Redis went away
        self._refused = 0  # commands Redis refused since the last warning
        self._refusal_logged_at = -math.inf
        self._closed = False

    async def send(
        self, commands: list[tuple[bytes, ...]], replies: list[Reply | None] | None = None
    ) -> bool:
        """Write ``commands`` in one piece, after every earlier send's, each reply (a number)
        to be handed to ``replies``; drop them while Redis is away. Whether they were
        written."""
        # One send at a time: a write waiting for the socket to drain (or a connection
        # being made) holds the next ones back, in order.
        async with self._sending:
            connection = self._live()
            if connection is None:
                await self._connect()
                connection = self._live()  # nothing awaited from here on: it stays live
            if connection is None:
                self._dropped += 1
                return False
            packed = connection.pack_commands(commands)
            # Before the write: its replies may be read before the write returns.
            self._replies.extend(replies if replies is not None else [None] * len(commands))
            try:
                async with asyncio.timeout(self._write_timeout):
                    await connection.send_packed_command(packed, check_health=False)
            except (RedisError, OSError) as error:  # TimeoutError too; redis-py closed it
                self._lost(connection, error)
                return False
            return True

    async def close(self) -> None:
        self._closed = True
        connection, self._connection = self._connection, None
        tasks = [*self._reading, *([self._connecting] if self._connecting else [])]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if connection is not None:
            await connection.disconnect(nowait=True)
        await self._pool.aclose()

    def _live(self) -> AbstractConnection | None:
        connection = self._connection
        return connection if connection is not None and connection.is_connected else None

    async def _connect(self) -> None:
        """Connect, unless Redis is known to be away: then connect in the background,
        every ``RETRY_AFTER`` seconds at most, and return at once."""
        if self._closed:
            return
        loop = asyncio.get_running_loop()
        if self._connecting is None or self._connecting.done():
            if self._down and loop.time() < self._retry_at:
                return
            self._connecting = loop.create_task(self._connect_once())
        if not self._down:
            await asyncio.wait([self._connecting])  # not cancelled with this send

    async def _connect_once(self) -> None:
        loop = asyncio.get_running_loop()
        connection = self._pool.make_connection()
        try:
            async with asyncio.timeout(CONNECT_TIMEOUT):
                await connection.connect()
        except Exception as error:  # Redis is away (or refused this client)
            await connection.disconnect(nowait=True)
            self._retry_at = loop.time() + RETRY_AFTER
            if not self._down:
                self._down = True
                log.warning(
                    "relay: cannot publish to Redis (%s); not relaying until it is back", error
                )
            return
        except BaseException:  # cancelled (the relay closes)
            await connection.disconnect(nowait=True)
            raise
        # Writes time out on this clock: redis-py's (socket_timeout) runs each in a task.
        self._write_timeout, connection.socket_timeout = connection.socket_timeout, None
        self._connection, self._replies = connection, deque()
        reading = loop.create_task(self._read_replies(connection, self._replies))
        self._reading.add(reading)
        reading.add_done_callback(self._reading.discard)
        if self._down:
            self._down = False
            log.warning(
                "relay: publishing to Redis again (%d acts not relayed; their audiences catch up)",
                self._dropped,
            )
        self._dropped = 0

    async def _read_replies(
        self, connection: AbstractConnection, replies: deque[Reply | None]
    ) -> None:
        """Read the replies of ``connection`` (so its socket never backs up) until it is
        lost, each handed to its command's ``Reply``."""
        try:
            while True:
                try:
                    reply = await connection.read_response(timeout=math.inf)
                except ResponseError as error:
                    self._refusal(error)
                    reply = None
                told = replies.popleft() if replies else None
                if told is not None and isinstance(reply, int):
                    told(reply)
        except Exception as error:  # Redis closed it (restarted, CLIENT KILL), or a write failed
            self._lost(connection, error)
        finally:
            await connection.disconnect(nowait=True)

    def _lost(self, connection: AbstractConnection, error: Exception) -> None:
        if self._connection is connection:  # told once, by the send or the reader
            self._connection = None
            unexpected = not isinstance(error, RedisError | OSError)
            log.warning("relay: publishing connection lost (%s)", error, exc_info=unexpected)

    def _refusal(self, error: ResponseError) -> None:
        """Count a refused publish; warn at most every ``REFUSALS_LOGGED_EVERY`` seconds."""
        self._refused += 1
        now = asyncio.get_running_loop().time()
        if now - self._refusal_logged_at >= REFUSALS_LOGGED_EVERY:
            log.warning("relay: Redis refused %d publishes, the last: %s", self._refused, error)
            self._refused, self._refusal_logged_at = 0, now


def _config_of(layer: Any) -> dict[str, Any] | None:
    """The ``CONFIG`` of ``layer`` in ``CHANNEL_LAYERS`` (None: not built from it)."""
    for alias, built in list(channel_layers.backends.items()):
        if built is layer:
            return channel_layers.configs[alias].get("CONFIG", {})
    return None
