"""Players that keep playing through faults: they reconnect, resend, and catch up by sync.

A ``Player`` is one websocket of a match served by one or more real servers. It holds
its view (``Tracker`` applies patches only onto the version before), acts from its own
legal actions when its seat is active, and behaves as the protocol asks a client to:

- a patch beyond the next version (a gap), or no progress for ``STALL`` seconds: send
  ``sync`` (``stall=None``: only after a gap, as the site's own page does, so a drill
  shows that the server alone brings a socket that missed its last frame up to date);
- a closed connection: reconnect (to the next server of the list that answers) and
  ``sync``; an act sent but not acknowledged is sent again with the same id, so it is
  applied at most once and acknowledged with the version it produced.

Every acknowledgement is kept (``acked``: client id -> version) so a test can check
that nothing acknowledged was lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import dataclass, field

import orjson
import websockets

from games import registry
from tests.platform.live.remote import replayed_states, stored
from tests.platform.live.wsclient import Frame, Tracker, acknowledges, answers_act
from tests.support.servers import Database, Server

GAME = registry.get("space-mission")
STALL = 3.0
RECONNECT_FOR = 60.0


@dataclass
class Counts:
    reconnects: int = 0
    syncs_after_gap: int = 0
    syncs_after_stall: int = 0
    resent: int = 0
    refused: dict[str, int] = field(default_factory=dict)


class Player(Tracker):
    """One seat's (or a spectator's) websocket, over ``servers`` in order of preference."""

    def __init__(
        self,
        servers: list[Server],
        match_id: int,
        session: str | None = None,
        name: str = "p",
        stall: float | None = STALL,
    ) -> None:
        super().__init__()
        self.stall = stall
        self.servers = list(servers)
        self.match_id = match_id
        self.session = session
        self.name = name
        self.ws: websockets.ClientConnection | None = None
        self.server: Server | None = None
        self.in_flight: Frame | None = None
        self.acked: dict[str, int] = {}
        self.counts = Counts()
        self.progress_at = time.monotonic()
        self.acts = 0

    # Websockets' own keepalive (ping_interval, ping_timeout, close_timeout); the
    # library's defaults unless a drill needs a vanished host noticed sooner.
    keepalive: dict[str, float] = {}

    def address(self, server: Server) -> str:
        """The socket's URL on ``server``."""
        return f"{server.ws_url}/ws/match/{self.match_id}/"

    # Connection -----------------------------------------------------------------------

    async def connect(self) -> None:
        """Connect to the first server that answers (retrying for RECONNECT_FOR seconds)."""
        headers = {"Cookie": f"sessionid={self.session}"} if self.session else {}
        deadline = time.monotonic() + RECONNECT_FOR
        while True:
            for server in self.servers:
                try:
                    self.ws = await websockets.connect(
                        self.address(server),
                        origin=server.origin,
                        additional_headers=headers,
                        max_size=2**22,
                        open_timeout=10,
                        **self.keepalive,
                    )
                except (OSError, websockets.InvalidHandshake, TimeoutError):
                    continue
                self.server = server
                self.progress_at = time.monotonic()
                return
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: no server answered for {RECONNECT_FOR} s")
            await asyncio.sleep(0.5)

    async def send(self, frame: Frame) -> None:
        await self.pace()
        assert self.ws is not None
        await self.ws.send(orjson.dumps(frame).decode())

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()

    async def recv(self, timeout: float) -> Frame:
        """The next frame, applied to the held view."""
        assert self.ws is not None
        frame = orjson.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.take(frame)
        return frame

    async def expect(self, kind: str, timeout: float) -> Frame:
        """The next frame of type ``kind`` (the ones before it are applied and kept)."""
        while (frame := await self.recv(timeout))["t"] != kind:
            pass
        return frame

    async def wait_for_sync(self, timeout: float = 30.0) -> Frame:
        return await self.expect("sync", timeout)

    async def drain(self, quiet: float = 0.5) -> None:
        """Read (and apply) frames until none comes for ``quiet`` seconds."""
        with contextlib.suppress(TimeoutError):
            while True:
                await self.recv(quiet)

    async def until_version(self, version: int, timeout: float) -> None:
        while self.v is None or self.v < version:
            await self.recv(timeout)

    async def answer(self, frame_id: str, timeout: float) -> Frame:
        """The answer to the act ``frame_id``: its own patch, an ``ack`` or an ``error``."""
        while not answers_act(frame := await self.recv(timeout), frame_id):
            pass
        return frame

    # Playing --------------------------------------------------------------------------

    async def run(self, done: asyncio.Event, acting: asyncio.Event | None = None) -> None:
        """Play (when ``acting`` is set, or always when it is None) until ``done``."""
        await self.connect()
        while not done.is_set():
            try:
                await self._step(acting)
            except (websockets.ConnectionClosed, OSError):
                self.counts.reconnects += 1
                await self.connect()  # the server sends a sync on connect
                if self.in_flight is not None:  # lost with the connection? ask again
                    self.counts.resent += 1
                    await self.send(self.in_flight)

    async def _step(self, acting: asyncio.Event | None) -> None:
        assert self.ws is not None
        try:
            text = await asyncio.wait_for(self.ws.recv(), timeout=0.5)
        except TimeoutError:
            text = None
        if text is not None:
            await self._handle(orjson.loads(text))
        if self.stall is not None and time.monotonic() - self.progress_at > self.stall:
            self.counts.syncs_after_stall += 1
            self.progress_at = time.monotonic()
            await self.send({"t": "sync"})
        if acting is None or acting.is_set():
            await self._maybe_act()

    async def _handle(self, frame: Frame) -> None:
        held, gaps = self.v, self.gaps
        self.take(frame)
        if self.v != held:
            self.progress_at = time.monotonic()
        if self.gaps != gaps:
            self.counts.syncs_after_gap += 1
            await self.send({"t": "sync"})

    def resynced(self) -> int:
        """Syncs received beyond each connection's first: asked for after a gap or a
        stall, or sent unasked by a server catching the socket up."""
        syncs = sum(1 for frame in self.frames if frame["t"] == "sync")
        return syncs - (1 + self.counts.reconnects)

    def take(self, frame: Frame) -> None:
        """Apply the frame to the held view, and note acks (an act's own patch, or a plain
        ``ack``) and refusals of our acts."""
        super().take(frame)
        if acknowledges(frame) and self.in_flight and frame["id"] == self.in_flight["id"]:
            self.acked[frame["id"]] = frame["v"]
            self.in_flight = None
        elif frame["t"] == "error":
            code = frame["code"]
            self.counts.refused[code] = self.counts.refused.get(code, 0) + 1
            if self.in_flight and frame["id"] == self.in_flight["id"]:
                self.in_flight = None

    async def _maybe_act(self) -> None:
        view = self.view
        if self.seat is None or self.in_flight is not None or view is None:
            return
        if view.get("result") is not None or self.seat not in view["active"]:
            return
        action = GAME.bot_action("random", view, self.v * 7 + self.seat)
        self.acts += 1
        self.in_flight = {
            "t": "act",
            "id": f"{self.name}-{self.acts}",
            "v": self.v,
            "action": action,
        }
        await self.send(self.in_flight)


class Table:
    """Players of one or more matches playing in the background until ``stop()``."""

    def __init__(self, players: list[Player]) -> None:
        self.players = players
        self.done = asyncio.Event()
        self.tasks = [asyncio.create_task(p.run(self.done)) for p in players]

    async def reach(self, version: int, timeout: float) -> None:
        """Until every player holds ``version`` (or its game ended); a player that gave up
        fails the drill."""
        async with asyncio.timeout(timeout):
            while not all(_reached(p, version) for p in self.players):
                for task in self.tasks:
                    if task.done():
                        task.result()
                await asyncio.sleep(0.1)

    async def stop(self) -> None:
        self.done.set()
        for result in await asyncio.gather(*self.tasks, return_exceptions=True):
            if isinstance(result, BaseException):
                raise result


def _reached(player: Player, version: int) -> bool:
    if player.v is None or player.view is None:
        return False
    return player.v >= version or player.view.get("result") is not None


async def final_views(players: list[Player]) -> None:
    """A fresh sync for every player (then closed), to compare with the stored match.

    Rounds of syncs: a socket handles its frames in order, so once every player's sync
    has come back, every act sent before it has been applied or refused, and the next
    round shows each player the final version. The sync a player reads may answer one it
    asked for earlier (after a gap or a stall), so the frames already on their way are
    read first, and rounds go on until one changes no player's version (at least two, at
    most five).
    """
    await asyncio.gather(*(player.drain() for player in players))
    held = None
    for _ in range(5):
        for player in players:
            await player.send({"t": "sync"})
        for player in players:
            await player.wait_for_sync()
        if held == (held := [player.v for player in players]):
            break
    for player in players:
        await player.close()


def acknowledged_rows(db: Database, match_id: int) -> dict[str, int]:
    """client id -> the actor's view version after each stored action of the match."""
    rows = db.query(
        "SELECT client_id, seat, view_versions FROM matches_action WHERE match_id = %s",
        [match_id],
    )
    return {
        client_id: (orjson.loads(views) if isinstance(views, str) else views)[seat]
        for client_id, seat, views in rows
    }


def held(match: dict, seat: int | None) -> int:
    """The view version of ``seat``'s audience in a stored match (the spectators last)."""
    return match["view_versions"][-1 if seat is None else seat]


def check_converged(db: Database, players: list[Player]) -> None:
    """Every player holds the stored match's view; the store is the replay of its log and
    holds every acknowledged act at the version its ack named."""
    for match_id in {p.match_id for p in players}:
        match = stored(db, match_id)
        states = replayed_states(match)
        assert match["snapshot_ok"]  # the stored snapshot is the replay of the log to it
        assert states[-1] == match["state"] and len(states) - 1 == match["version"]
        rows = acknowledged_rows(db, match_id)
        for player in (p for p in players if p.match_id == match_id):
            assert all(rows.get(cid) == v for cid, v in player.acked.items()), player.name
            assert player.v == held(match, player.seat), player.name
            assert player.view == GAME.view(match["state"], player.seat), player.name
