"""``/ws/match/<id>/``: one match, live, for its players and spectators (docs/protocol.md).

The consumer parses a frame, checks who may do it, calls one service function and fans
the result out; the rules live in ``games`` and the stored match in ``matches.services``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from typing import Any

from channels.consumer import get_handler_name
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import get_channel_layer
from django.contrib.auth.models import AnonymousUser

from games.core import IllegalAction
from spacemission.live import (
    acts,
    announce,
    bots,
    catchup,
    chat,
    dispatching,
    fanout,
    frames,
    hub,
    ordering,
    prepared,
    presence,
    rematches,
    roster,
    runner,
    snapshot,
)
from spacemission.live.frames import ClientError
from spacemission.live.threads import db
from spacemission.matches import absence, clocks
from spacemission.ratelimit import FLOOD_CLOSE, FloodGuard

log = logging.getLogger(__name__)

# The server could not set the connection up (its channel layer or database failed or
# was overloaded): the client reconnects, as after any close but 4004.
TRY_AGAIN_CLOSE = 1013


class MatchConsumer(AsyncWebsocketConsumer):
    """One socket. Its audiences' frames reach it through the process's hub, written
    straight to the socket; only a change of seats comes through its own channel, to be
    handled in its turn."""

    match_id: int
    seat: int | None = None
    synced = 0  # the view version of the last sync sent: the client's is at least that
    joined = False
    direct: prepared.Direct | None = None  # its Daphne socket, written to at once
    outlet: hub.Outlet

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        """Channels' own start (the scope, the channel, the server's ``send``), then the
        client's and the channel's messages handled one at a time without a task for each
        (``dispatching``)."""
        self.scope = scope
        self.channel_layer = get_channel_layer(self.channel_layer_alias)
        self.channel_name = await self.channel_layer.new_channel()
        self.channel_receive = functools.partial(self.channel_layer.receive, self.channel_name)
        self.base_send = send
        with contextlib.suppress(StopConsumer):
            await dispatching.one_at_a_time(receive, self.channel_receive, self.dispatch)

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Run the message's handler. Channels' own dispatch first closes stale database
        connections on its one sync thread, a thread hop per frame per socket that queues
        every socket's frames behind each other; this consumer's database work hands its
        connection back by itself (``threads.db``), so the hop is skipped."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"no handler for message type {message['type']}")
        await handler(message)

    async def connect(self) -> None:
        runner.attach(asyncio.get_running_loop())
        self.match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        self.user = self.scope.get("user") or AnonymousUser()
        self.flood = FloodGuard()
        await self.accept()
        try:
            await self._set_up()
        except snapshot.Refused as refused:
            await self.close(refused.code)
        except Exception:
            log.exception("match %s: connection not set up", self.match_id)
            if self.joined:
                await self._leave()
            await self.close(TRY_AGAIN_CLOSE)

    async def _set_up(self) -> None:
        # Held until its sync; synced again if it falls behind (``catchup``).
        self.direct = prepared.direct(self.base_send)
        self.outlet = hub.Outlet(
            self.channel_name,
            self._write,
            held=True,
            catch_up=self._send_sync,
            direct=self.direct,
        )
        self.seat = await db(snapshot.admit)(self.match_id, self.user, self.scope.get("session"))
        self.joined = True  # from here on, a failure leaves whatever was joined
        await self._join_groups()
        sync = await self._send_sync()
        await self._presence_join()
        rematches.watch(self.match_id, sync["rematch"])
        if any(seat["bot"] for seat in sync["match"]["seats"]):
            bots.schedule(self.match_id)  # resumes a bot that stopped with its process

    async def disconnect(self, code: int) -> None:
        if not self.joined:
            return
        await self._leave()

    # Client frames ------------------------------------------------------------------

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if not self.joined:
            return
        try:
            if not self.flood.admit():
                raise ClientError("rate_limited", "too many frames; slow down")
            if text_data is None:
                raise ClientError("bad_json", "frames are JSON text, not binary")
            frame = frames.parse(text_data)
            await getattr(self, f"on_{frame['t']}")(frame)
        except ClientError as refused:
            await self._refuse(refused.code, refused.message, refused.frame_id)
        except Exception:  # a server fault: say so and keep the connection
            log.exception("match %s: frame failed", self.match_id)
            await self._send(frames.error("server_error", "the server failed; try again"))

    async def on_sync(self, frame: frames.Frame) -> None:
        await self._send_sync()

    async def on_ping(self, frame: frames.Frame) -> None:
        await self._send(frames.pong())

    async def on_act(self, frame: frames.Frame) -> None:
        if self.seat is None:
            raise ClientError("spectator", "spectators cannot act", frame["id"])
        try:
            async with ordering.turn(self.match_id):
                applied, messages = await acts.apply(
                    self.match_id, self.seat, frame["action"], frame["v"], frame["id"], self.user
                )
                # The actor's own patch carries the act's id: its ack and change in one.
                own, messages = fanout.own_patch(
                    applied, messages, self.seat, frame["id"], self.channel_name
                )
                if own is None:  # a repeated act: the same ack as the first time
                    await self._send(frames.ack(frame["id"], applied.seen))
                else:
                    await self._write(own)
                    self.outlet.wrote(hub.patch_version(own))
                if not applied.repeated:
                    await announce.published(applied, messages)
        except IllegalAction as refused:
            if refused.code != "stale_version":
                await self._refuse(refused.code, refused.message, frame["id"])
                return
            await self._stale(refused.message, frame)

    async def _stale(self, message: str, frame: frames.Frame) -> None:
        """An act based on a view that is no longer the seat's: refused, then a fresh
        view. Other seats' acts move a view on while its client acts (Jump Drive's
        commits and take-backs, J15), so this counts toward the flood limit only when
        the client's fault: a version before the last sync it was sent, or one it was
        never sent."""
        synced = self.synced
        await self._send(frames.error("stale_version", message, frame["id"]))
        if not self.joined:
            return
        current = (await self._send_sync())["v"]
        if not synced <= frame["v"] <= current and self.flood.refused():
            await self._close_flooded()

    async def on_back(self, frame: frames.Frame) -> None:
        """ "I'm back": the player takes the seat back from its stand-in (the service
        refuses anyone else, and one who resigned)."""
        await self._seat_change(absence.back, self.user, frame["seat"])

    async def on_resign(self, frame: frames.Frame) -> None:
        # Not ``_player``: one who resigned already watches, and their repeat is a no-op.
        await self._seat_change(absence.resign, self.user)

    async def on_vote(self, frame: frames.Frame) -> None:
        """A vote to hand a long-gone player's seat to a bot (a table without a clock)."""
        voter = self._player()
        connected = await db(presence.connected_seats)(self.match_id)
        here = connected | {voter}
        await self._seat_change(absence.vote, voter, frame["seat"], here, clocks.now())

    def _player(self) -> int:
        if self.seat is None:
            raise ClientError("spectator", "only the players at this match may do that")
        return self.seat

    async def _seat_change(self, change: Any, *args: Any) -> None:
        try:
            async with ordering.turn(self.match_id):
                outcome = await db(change)(self.match_id, *args)
                if outcome is not None:  # None: a repeat, nothing changed, nothing to tell
                    await announce.seats(outcome, [])
        except IllegalAction as refused:
            raise ClientError(refused.code, refused.message) from None

    async def on_rematch_offer(self, frame: frames.Frame) -> None:
        await self._rematch(frame)

    async def on_rematch_accept(self, frame: frames.Frame) -> None:
        await self._rematch(frame)

    async def on_rematch_decline(self, frame: frames.Frame) -> None:
        await self._rematch(frame)

    async def _rematch(self, frame: frames.Frame) -> None:
        try:
            await rematches.handle(self.match_id, self.user, frame["t"])
        except IllegalAction as refused:
            raise ClientError(refused.code, refused.message) from None

    async def on_chat(self, frame: frames.Frame) -> None:
        line = await db(chat.post)(self.match_id, self.seat, self.user, frame["text"])
        await fanout.send_public(self.match_id, line)

    # The one message of its own channel: a reason to look again -----------------------

    async def match_seats(self, event: dict[str, Any]) -> None:
        """The seats changed (a player was replaced by a bot): this connection's may too,
        and at a private table a player who left may no longer watch."""
        self.outlet.hold()  # the frames of its next audience follow its sync
        try:
            seat = await db(snapshot.admit)(self.match_id, self.user, self.scope.get("session"))
        except snapshot.Refused as refused:
            await self._leave()
            await self.close(refused.code)
            return
        try:
            if seat != self.seat:
                await self._leave_groups()
                self.seat = seat
                self.outlet.version = None  # the next audience's, from its sync
                await self._join_groups()
                await self._presence_join()
            await self._send_sync()
        finally:
            await self.outlet.release()

    # Helpers ------------------------------------------------------------------------

    async def _send(self, frame: frames.Frame) -> None:
        await self._write(frames.encode(frame))

    async def _write(self, text: str) -> None:
        # Straight to the socket where it is a Daphne one and open (``prepared``), else to
        # the server: Channels' two ``send`` layers only build this message.
        if self.direct is None or not prepared.Frame(text).send(self.direct):
            await self.base_send({"type": "websocket.send", "text": text})

    async def _send_sync(self) -> frames.Frame:
        """A fresh view; the audiences' frames that arrive meanwhile follow it."""
        self.outlet.hold()
        try:
            frame = await db(snapshot.sync_frame)(self.match_id, self.seat)
            await self._send(frame)
            self.synced = frame["v"]
            self.outlet.version = frame["v"]
        finally:
            await self.outlet.release()
        return frame

    async def _refuse(self, code: str, message: str, frame_id: str | None) -> None:
        await self._send(frames.error(code, message, frame_id))
        if self.flood.refused():
            await self._close_flooded()

    async def _close_flooded(self) -> None:
        await self._leave()
        await self.close(FLOOD_CLOSE)

    async def _leave(self) -> None:
        self.joined = False
        await self._leave_groups()
        await roster.leave(self.channel_name, self.match_id)

    async def _join_groups(self) -> None:
        audiences = hub.hub(self.channel_layer)
        catchup.watch(audiences)
        for group in self._groups():
            await audiences.join(group, self.outlet)

    async def _leave_groups(self) -> None:
        audiences = hub.hub(self.channel_layer)
        for group in self._groups():
            await audiences.leave(group, self.outlet)

    def _groups(self) -> list[str]:
        return [fanout.seat_group(self.match_id, self.seat), fanout.match_group(self.match_id)]

    async def _presence_join(self) -> None:
        who = presence.seen(self.match_id, self.seat, self.user)
        await roster.join(self.channel_name, who)
