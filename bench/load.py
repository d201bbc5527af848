"""Load generator: many matches played as fast as the rules allow, on real servers.

    python -m bench.load --matches 30 --spectators 10 --processes 1 2 --seconds 30

For each ``--processes`` count in turn it creates a fresh database (PostgreSQL from
``DATABASE_URL``, else SQLite), starts that many Daphne processes (sharing ``REDIS_URL``
when there are several, or with ``--layer redis``), and opens, per match, one websocket per
seat — each playing the random bot's choice from its own view — and ``--spectators``
spectator websockets, spread round-robin over the processes (``--route match``: every
socket of a match on one process, as the README's nginx example routes them). Sockets
open 50 at a time, each step once the last holds its first ``sync``, and play starts once
every socket does.
Traffic goes to 127.0.0.1 only, and each run stops after ``--seconds`` or
``--max-actions``, whichever comes first.

``--matches`` matches play at once for the whole run, as in the anchor's benchmark (whose
game never ends): a game of Space Mission ends after some 330 to 680 actions, a few
seconds at full speed, so ``--reserve`` more matches are started and their sockets opened
before play begins, and each time a match ends the next of them starts in its place. The
sockets of a match that ended stay open until the run ends (its players read the
result), so the window holds the matches' ends but no socket's opening or closing. By
default the reserve holds enough matches of 400 actions for the whole run at 2,000
actions a second;
``reserve_used`` says how many started, and a run that used them all says so in
``errors``.

Each socket keeps under the server's frame rate limit (a token bucket a little below the
``FRAMES_PER_SECOND`` setting, 10 unless ``--env`` raises it): a seat that may act again
before it has a token waits for one, as a well-behaved client does, and the latency of
that act counts from when it is sent. Seats apply every patch to the view they hold (their
bot plays from it); ``--spectator-mode lite`` (the default) has spectators read only a
patch's version, ``full`` has them apply it too. ``--warmup`` seconds of play come before
the measured window; after it no act is sent, and every socket has 3 s to hold the last
version of its view that the stored log holds (a socket that does not is an error). The
generator's own garbage collector is tuned as the server's (``spacemission.collector``),
so that its pauses do not count as the server's latency.

For every acknowledged action it measures the time from sending the ``act`` until every
connection of that match whose view it changed holds the resulting version of its view
(by patch or by sync; the others hear nothing of it). Each audience counts its own view
versions, so a client cannot tell which of them one action made; after the run the
stored action log (each action's view versions) says. It counts turns as the game's state
shows them, whatever the game: a turn ends when the seats to move (each view's ``active``,
as the match's first seat holds it) change. It prints
actions/s; the turns, the acts and frames a turn, the frames an act (every frame the
sockets received, ``clock`` frames included) and the frames by type; the mean and
p50/p95/p99 of that latency, frames/s, mean bytes per patch frame against mean
bytes of the full view of the same version (as the seats hold it), each server's resident
memory and CPU share (and the generator's own, since they share the machine), the CPU
time per acknowledged action of the servers, of the PostgreSQL processes serving the run's
database (its backends and the shared WAL writer, checkpointer, …) and of Redis, group
sends in which the channel layer dropped a message, refused acts by code
(``stale_version`` is expected when two seats may act at once) and errors (which must be
0). With several counts it also prints the throughput of each relative to the first.

``--end-turn`` models players who chose to end each turn with its last action (the
table's setting; ``games.turnend``): every act sent carries ``"end_turn": true``, so a
Space Mission turn needs no separate ``confirm`` act.

``--profile DIR`` records a py-spy profile of the first server during the measured run
(``DIR/load-<processes>p.txt``, collapsed stacks; ``--gil``: only the samples holding the
GIL, that is where its CPU goes, for ``bench.hotspots --parts``); ``--env NAME=VALUE``
(repeatable) sets a server setting from ``spacemission/settings.py``, e.g. ``--env DB_POOL_SIZE=0
--env CHANNELS_LAYER=core --env CHANNELS_CAPACITY=100`` for the configuration before
connection pooling and the pub/sub channel layer.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import contextlib
import json
import math
import os
import secrets
import shutil
import statistics
import subprocess
import sys
import time
from collections import Counter, deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import orjson
from websockets.asyncio.client import ClientConnection, connect

from bench import patching
from bench.cpu import cpu_seconds, service_seconds
from bench.setup import Seating, create_matches, rss_bytes
from games import registry
from spacemission import collector
from spacemission.ratelimit import FRAME_BURST, FRAMES_PER_SECOND, TokenBucket
from tests.support.servers import Database, Server, fresh_database, start_server

OPEN_TIMEOUT = 60.0
OPEN_STEP = 50
DRAIN_SECONDS = 3.0  # after the window, for what was sent to arrive
PACE = 0.9  # share of the server's frame rate a socket uses, for the clocks' jitter
VIEW_SAMPLE = 8  # one view version in so many is encoded to compare its size with a patch


@dataclass
class Stats:
    """What every connection of one run adds to."""

    started: float = field(default_factory=time.monotonic)
    measured_from: float = 0.0  # acts sent before are the warm-up's
    elapsed: float = 0.0
    actions: int = 0
    turns: int = 0  # changes of the seats to move (``MatchTracker.to_move``)
    frames: int = 0
    kinds: Counter = field(default_factory=Counter)  # frames by type
    syncs_asked: int = 0
    refused: Counter = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    patch_bytes: list[int] = field(default_factory=list)
    view_bytes: list[int] = field(default_factory=list)
    finished_matches: int = 0
    reserve_used: int = 0
    cpu_at_start: dict[str, float] = field(default_factory=dict)  # see cpu_now
    cpu_used: dict[str, float] = field(default_factory=dict)  # over the measured window

    def measure_from_now(self, cpu: dict[str, float]) -> None:
        """The measured window starts: what the warm-up added is forgotten."""
        self.started = self.measured_from = time.monotonic()
        self.cpu_at_start = cpu
        self.actions = self.turns = self.frames = 0
        self.kinds.clear()
        self.patch_bytes.clear()
        self.view_bytes.clear()


class MatchTracker:
    """When each acknowledged act of one match was sent, and when each connection held
    each version of its audience's view (each seat, the spectators).

    ``settle`` counts the latencies once the run is over, from the match's action log:
    each action's view versions tell which audiences it changed, and to what version.
    """

    def __init__(self, stats: Stats, ended: Callable[[], None] = lambda: None) -> None:
        self.stats = stats
        self.clients: list[Client] = []
        self.playing = False  # started: its seats act (a reserve match waits)
        self._ended = ended  # starts the next match in its place
        # (audience, view version it acked) -> when the act that made it was sent
        self.sent_at: dict[tuple[int, int], float] = {}
        self.audience: list[int] = []  # socket -> its audience
        self.steps: list[list[tuple[int, float]]] = []  # socket -> (version held, since when)
        self.over = asyncio.Event()
        self.moving: tuple[int, ...] | None = None  # the seats to move, last seen

    def start(self) -> None:
        """The match's seats play from now on (the first to move acts at once)."""
        self.playing = True
        for client in self.clients:
            asyncio.get_running_loop().create_task(client.maybe_act())

    def end(self) -> None:
        """The match has ended (its result arrived): the next one starts in its place."""
        if self.over.is_set():
            return
        self.over.set()
        self.stats.finished_matches += 1
        self._ended()

    def join(self, audience: int) -> int:
        """A socket of ``audience`` (a seat, or the seat count for the spectators): its id."""
        self.audience.append(audience)
        self.steps.append([])
        return len(self.steps) - 1

    def acked(self, audience: int, version: int, sent_at: float) -> None:
        """An act of seat ``audience`` was acknowledged with its view ``version``."""
        self.sent_at.setdefault((audience, version), sent_at)

    def to_move(self, active: list[int], counting: bool) -> None:
        """The seats to move (the view's ``active``, as the match's first seat holds it
        after each version): each change ends a turn, counted when ``counting`` (in the
        window). What a turn is comes from the game's own state, whatever the game."""
        now = tuple(active)
        if counting and self.moving is not None and now != self.moving:
            self.stats.turns += 1
        self.moving = now

    def reached(self, socket: int, version: int) -> None:
        """``socket`` holds ``version`` of its audience's view from now on."""
        self.steps[socket].append((version, time.monotonic()))

    def settle(self, action_views: list[list[int]]) -> None:
        """Add the latency of every acknowledged action (``action_views``: each stored
        action's view versions, in order) once every socket whose view it changed
        holds it."""
        before = [0] * len(action_views[0]) if action_views else []
        for views in action_views:
            changed = {
                a for a, (old, new) in enumerate(zip(before, views, strict=True)) if old != new
            }
            before = views
            sent = [self.sent_at.get((a, views[a])) for a in changed]
            sent_at = next((at for at in sent if at is not None), None)
            # A bot's move, an act whose ack never came, or one of the warm-up.
            if sent_at is None or sent_at < self.stats.measured_from:
                continue
            sockets = [s for s, a in enumerate(self.audience) if a in changed]
            held = [self._held_at(s, views[self.audience[s]]) for s in sockets]
            if None not in held:
                self.stats.latencies.append(max(held) - sent_at)
        self.sent_at.clear()

    def _held_at(self, socket: int, version: int) -> float | None:
        steps = self.steps[socket]
        at = bisect.bisect_left(steps, version, key=lambda step: step[0])
        return steps[at][1] if at < len(steps) else None


class Client:
    """One websocket of a match: keeps its view current, and plays when it is a seat."""

    def __init__(
        self,
        server: Server,
        seating: Seating,
        seat: int | None,
        tracker: MatchTracker,
        stats: Stats,
        limits: tuple[float, int] = (FRAMES_PER_SECOND, FRAME_BURST),
        spectator_mode: str = "lite",
        end_turn: bool = False,
    ) -> None:
        self.match_id = seating.match_id
        self.end_turn = end_turn  # every act flagged to end the turn with it
        self.url = f"{server.ws_url}/ws/match/{seating.match_id}/"
        self.origin = server.origin
        self.session = seating.sessions[seat] if seat is not None else None
        self.seat, self.tracker, self.stats = seat, tracker, stats
        self.audience = len(seating.sessions) if seat is None else seat
        self.socket = tracker.join(self.audience)
        tracker.clients.append(self)
        self.game = registry.get(seating.game)
        self.view: dict[str, Any] | None = None
        self.version = -1
        self.in_flight: tuple[str, float] | None = None  # (client id, sent at)
        self.ready = asyncio.Event()
        self.go = asyncio.Event()  # play is on (the run's)
        self.ws: ClientConnection | None = None
        self.keeps_view = seat is not None or spectator_mode == "full"
        rate, burst = limits
        self.bucket = TokenBucket(rate * PACE, max(1, burst // 2))
        self.waiting = False  # an act waits for a token
        self.retry: asyncio.Task | None = None

    async def run(self, go: asyncio.Event, stop: asyncio.Event) -> None:
        self.go = go
        headers = {"Cookie": f"sessionid={self.session}"} if self.session else {}
        # No pings of the client's own: the server pings every socket (Daphne, as the
        # anchor's engine.io does), and a ping from each of thousands of sockets as well
        # cost both sides CPU that no player's socket spends.
        async with connect(
            self.url,
            origin=self.origin,
            additional_headers=headers,
            max_size=2**22,
            open_timeout=OPEN_TIMEOUT,
            ping_interval=None,
        ) as ws:
            self.ws = ws
            # Open after the match ends, as its players stay, until the run stops. One
            # reader a socket: a timeout around each ``recv`` (a task and a timer a frame)
            # cost the generator a third of its CPU with a hundred spectators a match.
            reader = asyncio.ensure_future(self.read(ws, go))
            stopping = asyncio.ensure_future(stop.wait())
            await asyncio.wait({reader, stopping}, return_when=asyncio.FIRST_COMPLETED)
            stopping.cancel()
            if not reader.done():
                reader.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await reader
            else:
                reader.result()  # the socket's error, as the run's

    async def read(self, ws: ClientConnection, go: asyncio.Event) -> None:
        while True:
            await self.handle(ws, await ws.recv(), go)

    async def handle(self, ws: ClientConnection, text: str, go: asyncio.Event) -> None:
        frame = orjson.loads(text)
        kind = frame["t"]
        if go.is_set():
            self.stats.frames += 1
            self.stats.kinds[kind] += 1
        if kind == "sync":
            if frame["v"] > self.version >= 0:
                self.tracker.reached(self.socket, frame["v"])
            self.view, self.version = frame["view"], frame["v"]
            self.watch_turns(go)
            self.ready.set()
        elif kind == "patch":
            self.stats.patch_bytes.append(len(text))
            if "id" in frame:  # the actor's own patch is its ack
                self.acknowledged(frame)
            if frame["v"] <= self.version:  # already caught up by a sync
                return
            if frame["v"] != self.version + 1:  # a gap: catch up
                self.stats.syncs_asked += 1
                await ws.send('{"t":"sync"}')
                return
            if self.keeps_view:  # lite spectators only need the version
                self.view = patching.apply(self.view, frame["ops"])
            if self.seat is not None and frame["v"] % VIEW_SAMPLE == 0:
                # What a full view of this version would have cost instead of the patch
                # (a sample: encoding every view cost the generator a third of its CPU).
                self.stats.view_bytes.append(len(orjson.dumps(self.view)))
            self.tracker.reached(self.socket, frame["v"])
            self.version = frame["v"]
            self.watch_turns(go)
        elif kind == "ack":  # an act sent again, applied before
            self.acknowledged(frame)
            return
        elif kind == "error":
            self.stats.refused[frame["code"]] += 1
            if frame["code"] != "stale_version":  # a sync follows a stale act
                self.stats.errors.append(f"{frame['code']}: {frame['message']}")
            self.in_flight = None
            return
        else:
            return
        if self.view and self.view.get("result") is not None:
            self.tracker.end()
            return
        if go.is_set():
            await self.maybe_act()

    def watch_turns(self, go: asyncio.Event) -> None:
        """The match's first seat tells its tracker who is to move (every view shows it)."""
        if self.seat == 0 and self.view is not None:
            self.tracker.to_move(self.view.get("active", []), go.is_set())

    def acknowledged(self, frame: dict[str, Any]) -> None:
        if self.in_flight and frame["id"] == self.in_flight[0]:
            self.stats.actions += 1
            self.tracker.acked(self.seat, frame["v"], self.in_flight[1])
            self.in_flight = None

    async def act_later(self, seconds: float) -> None:
        await asyncio.sleep(seconds)
        self.waiting = False
        await self.maybe_act()

    async def maybe_act(self) -> None:
        if self.seat is None or self.in_flight or self.waiting or not self.view or not self.ws:
            return
        if not self.go.is_set() or not self.tracker.playing or self.tracker.over.is_set():
            return
        if self.seat not in self.view.get("active", []):
            return
        if not self.bucket.take():  # act once there is a token; keep reading meanwhile
            self.waiting = True
            self.retry = asyncio.create_task(self.act_later(1 / self.bucket.rate))
            return
        action = self.game.bot_action("random", self.view, secrets.randbits(32))
        if self.end_turn:
            action = {**action, "end_turn": True}
        self.in_flight = (secrets.token_hex(6), time.monotonic())
        frame = {"t": "act", "id": self.in_flight[0], "v": self.version, "action": action}
        await self.ws.send(orjson.dumps(frame).decode())


def cpu_now(procs: list[Server]) -> dict[str, float]:
    """CPU seconds used so far by each server (``server0``, …), by this process
    (``generator``), and by PostgreSQL's processes serving the servers' database
    (``postgres``) and Redis (``redis``)."""
    database = urlparse(procs[0].database.url).path.lstrip("/")
    servers = {f"server{i}": cpu_seconds(s.process.pid) for i, s in enumerate(procs)}
    return {**servers, "generator": time.process_time(), **service_seconds(database)}


def dropped_by_layer(procs: list[Server]) -> int:
    """Group sends in which channels_redis dropped a message for a full queue (it logs
    each at INFO)."""
    return sum(s.log().count("over capacity") for s in procs)


def percentile(values: list[float], p: float) -> float:
    """The nearest-rank ``p``-th percentile (NaN for no values)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def frame_limits(settings: list[str]) -> tuple[float, int]:
    """The servers' frame limit per socket (rate, burst), as ``settings`` leave it."""
    env = server_env(settings)
    rate = float(env.get("FRAMES_PER_SECOND", FRAMES_PER_SECOND))
    return rate, int(env.get("FRAME_BURST", FRAME_BURST))


def server_env(settings: list[str]) -> dict[str, str]:
    env = {"BOT_DELAY": "0", "DEBUG": "0", "LOG_LEVEL": "INFO"}
    for setting in settings:
        name, _, value = setting.partition("=")
        env[name] = value
    return env


@contextlib.contextmanager
def servers(
    processes: int, layer: str, settings: list[str]
) -> Iterator[tuple[Database, list[Server]]]:
    redis_url = os.environ.get("REDIS_URL") if (processes > 1 or layer == "redis") else None
    # One key for the run's processes, so that none keeps a key in the checkout's var/.
    os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
    if processes > 1 and not redis_url:
        raise SystemExit("several processes need REDIS_URL to share a channel layer")
    db = fresh_database()
    running: list[Server] = []
    try:
        # Served as in production: no DEBUG (which logs every query) and the system's
        # clock (the tests' clock reads a file on every call).
        production = {"DEBUG": "0", "CLOCK": ""}
        prefix = {"CHANNELS_PREFIX": f"load{secrets.token_hex(4)}"}
        env = {**production, **server_env(settings), **prefix}
        running = [start_server(db, redis_url, env=env) for _ in range(processes)]
        yield db, running
    finally:
        for server in running:
            server.stop()
        db.drop()


class Profiler:
    """py-spy recording ``server`` for ``seconds`` from ``start()`` (when ``out`` is set):
    started once the warm-up is over, so the profile holds the measured window only, not
    the sockets' opening. ``gil``: only the samples of the thread holding the GIL, i.e.
    where its CPU goes."""

    def __init__(
        self, server: Server, out: Path | None, seconds: float, gil: bool, rate: int = 100
    ) -> None:
        self.server, self.out, self.seconds, self.gil, self.rate = server, out, seconds, gil, rate
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        if self.out is None or self.proc is not None:
            return
        spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
        self.out.parent.mkdir(parents=True, exist_ok=True)
        command = [spy, "record", "-p", str(self.server.process.pid)]
        command += ["-d", str(int(self.seconds)), "-r", str(self.rate)]
        command += ["--gil"] if self.gil else []
        self.proc = subprocess.Popen(
            [*command, "-f", "raw", "-o", str(self.out)], stdout=subprocess.DEVNULL
        )

    def wait(self) -> None:
        if self.proc is not None:
            self.proc.wait(timeout=self.seconds + 30)


async def play(
    seatings: list[Seating],
    procs: list[Server],
    args: argparse.Namespace,
    stats: Stats,
    profiler: Profiler | None = None,
) -> list[MatchTracker]:
    """Play every match until the run ends; each match's tracker, to settle."""
    go, stop = asyncio.Event(), asyncio.Event()
    clients: list[Client] = []
    trackers: list[MatchTracker] = []
    reserve: deque[MatchTracker] = deque()

    def next_match() -> None:
        if reserve:
            stats.reserve_used += 1
            reserve.popleft().start()
        elif go.is_set():
            stats.errors.append("the reserve of matches ran out: fewer matches played")

    limits = frame_limits(args.env)
    for seating in seatings:
        tracker = MatchTracker(stats, next_match)
        trackers.append(tracker)
        seats = [*range(len(seating.sessions)), *[None] * args.spectators]
        for seat in seats:
            turn = seating.match_id if args.route == "match" else len(clients)
            server = procs[turn % len(procs)]
            clients.append(
                Client(
                    server,
                    seating,
                    seat,
                    tracker,
                    stats,
                    limits,
                    args.spectator_mode,
                    args.end_turn,
                )
            )
    reserve.extend(trackers[args.matches :])
    tasks: list[asyncio.Task] = []
    for first in range(0, len(clients), OPEN_STEP):  # a storm of joins is another benchmark
        step = clients[first : first + OPEN_STEP]
        tasks += [asyncio.create_task(c.run(go, stop)) for c in step]
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.gather(*(c.ready.wait() for c in step)), OPEN_TIMEOUT)
    if not all(c.ready.is_set() for c in clients):
        stats.errors.append(f"{sum(not c.ready.is_set() for c in clients)} sockets got no sync")
    stats.measure_from_now(cpu_now(procs))
    go.set()
    # The first movers start; everyone else follows the patches.
    for tracker in trackers[: args.matches]:
        tracker.start()
    if args.warmup > 0:
        await asyncio.sleep(args.warmup)
        stats.measure_from_now(cpu_now(procs))
    if profiler is not None:
        profiler.start()
    deadline = stats.started + args.seconds
    while time.monotonic() < deadline and stats.actions < args.max_actions:
        if all(task.done() for task in tasks) or all(t.over.is_set() for t in trackers):
            break
        await asyncio.sleep(0.1)
    stats.elapsed = time.monotonic() - stats.started
    stats.cpu_used = {k: v - stats.cpu_at_start[k] for k, v in cpu_now(procs).items()}
    go.clear()
    await drain(clients, procs[0].database, stats)
    stop.set()
    for result in await asyncio.gather(*tasks, return_exceptions=True):
        if isinstance(result, Exception):
            stats.errors.append(f"{type(result).__name__}: {result}")
    return trackers


async def drain(clients: list[Client], db: Database, stats: Stats) -> None:
    """Once no act is sent any more: every socket of a match still playing gets
    ``DRAIN_SECONDS`` to hold the last version of its audience's view that the log holds;
    one that does not counts as an error (the anchor's generator counts the same)."""
    deadline = time.monotonic() + DRAIN_SECONDS
    while any(c.in_flight for c in clients) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    playing = [c for c in clients if c.ready.is_set() and not c.tracker.over.is_set()]
    last = {m: views[-1] for m in {c.match_id for c in playing} if (views := action_views(db, m))}

    def behind() -> list[Client]:
        return [
            c for c in playing if c.match_id in last and c.version < last[c.match_id][c.audience]
        ]

    while behind() and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    if late := behind():
        stats.errors.append(f"{len(late)} sockets did not reach their view's last version")


def action_views(db: Database, match_id: int) -> list[list[int]]:
    """Each stored action's view versions (per audience), in the order applied."""
    rows = db.query(
        "SELECT view_versions FROM matches_action WHERE match_id = %s ORDER BY version",
        [match_id],
    )
    return [json.loads(views) if isinstance(views, str) else views for (views,) in rows]


def cpu_ms_per_action(cpu_used: dict[str, float], actions: int) -> dict[str, float]:
    """Milliseconds of CPU per action: the servers' together (``daphne``), PostgreSQL's,
    Redis's and the generator's."""
    daphne = sum(v for k, v in cpu_used.items() if k.startswith("server"))
    used = {"daphne": daphne, **{k: cpu_used.get(k, 0.0) for k in ("postgres", "redis")}}
    used["generator"] = cpu_used.get("generator", 0.0)
    return {k: round(1000 * v / max(actions, 1), 3) for k, v in used.items()}


def turn_figures(stats: Stats) -> dict[str, Any]:
    """The window's turns (changes of the seats to move), acts and frames a turn, frames
    an act, and the frames by type: every frame a socket received, ``clock`` frames
    included (NaN without a turn or an act)."""
    turns, actions = stats.turns or math.nan, stats.actions or math.nan
    return {
        "turns": stats.turns,
        "actions_per_turn": round(stats.actions / turns, 2),
        "frames_per_action": round(stats.frames / actions, 2),
        "frames_per_turn": round(stats.frames / turns, 2),
        "clock_frames_per_turn": round(stats.kinds["clock"] / turns, 3),
        "frames_by_type": dict(stats.kinds),
    }


def report(stats: Stats, procs: list[Server], args: argparse.Namespace) -> dict[str, Any]:
    elapsed = max(stats.elapsed, 1e-9)
    servers_used = [stats.cpu_used.get(f"server{i}", 0.0) for i in range(len(procs))]
    out: dict[str, Any] = {
        "processes": len(procs),
        "matches": args.matches,
        "spectators_per_match": args.spectators,
        "spectator_mode": args.spectator_mode,
        "end_turn": args.end_turn,
        "connections": args.matches * (args.players + args.spectators),
        "reserve_connections": reserve_size(args) * (args.players + args.spectators),
        "seconds": round(elapsed, 1),
        "actions": stats.actions,
        "actions_per_s": round(stats.actions / elapsed, 1),
        **turn_figures(stats),
        "latency_ms_mean": round(statistics.fmean(stats.latencies or [math.nan]) * 1000, 1),
        "latency_ms_p50": round(percentile(stats.latencies, 50) * 1000, 1),
        "latency_ms_p95": round(percentile(stats.latencies, 95) * 1000, 1),
        "latency_ms_p99": round(percentile(stats.latencies, 99) * 1000, 1),
        "frames_per_s": round(stats.frames / elapsed, 1),
        "mean_patch_bytes": round(statistics.fmean(stats.patch_bytes or [0])),
        "mean_view_bytes": round(statistics.fmean(stats.view_bytes or [0])),
        "server_rss_mb": [round(rss_bytes(s.process.pid) / 2**20, 1) for s in procs],
        "server_cpu_percent": [round(100 * c / elapsed) for c in servers_used],
        "generator_cpu_percent": round(100 * stats.cpu_used.get("generator", 0.0) / elapsed),
        "postgres_cpu_percent": round(100 * stats.cpu_used.get("postgres", 0.0) / elapsed),
        "redis_cpu_percent": round(100 * stats.cpu_used.get("redis", 0.0) / elapsed),
        "cpu_ms_per_action": cpu_ms_per_action(stats.cpu_used, stats.actions),
        "finished_matches": stats.finished_matches,
        "reserve_used": f"{stats.reserve_used} of {reserve_size(args)}",
        "syncs_after_gap": stats.syncs_asked,
        "layer_dropped_sends": dropped_by_layer(procs),
        "refused": dict(stats.refused),
        "errors": len(stats.errors),
    }
    if stats.patch_bytes and stats.view_bytes:
        out["view_to_patch_ratio"] = round(out["mean_view_bytes"] / out["mean_patch_bytes"], 1)
    return out


def run(processes: int, args: argparse.Namespace) -> tuple[dict[str, Any], list[str]]:
    """One measured run with ``processes`` servers: its figures and its first errors."""
    stats = Stats()
    profile = Path(args.profile) / f"load-{processes}p.txt" if args.profile else None
    with servers(processes, args.layer, args.env) as (db, procs):
        count = args.matches + reserve_size(args)
        seatings = create_matches(db, args.game, count, args.players)
        # The generator's heap is tuned as the server's: with Python's defaults, full
        # collections of its sockets' views paused it for up to 130 ms, and the frames it
        # read late counted in the latency.
        collector.tune(collector.THRESHOLD)
        profiler = Profiler(procs[0], profile, args.seconds, args.gil, args.profile_rate)
        try:
            trackers = asyncio.run(play(seatings, procs, args, stats, profiler))
        finally:
            profiler.wait()
        for seating, tracker in zip(seatings, trackers, strict=True):
            tracker.settle(action_views(db, seating.match_id))
        figures = report(stats, procs, args)
    return figures, stats.errors[:10]


# The reserve's default: matches enough for the whole run at this many actions a second,
# each a little shorter than the average game of Space Mission (445 actions).
RESERVE_RATE = 2000
A_GAME = 400


def reserve_size(args: argparse.Namespace) -> int:
    """How many matches wait to start in place of those that end (``--reserve``)."""
    if args.reserve is not None:
        return args.reserve
    needed = math.ceil((args.warmup + args.seconds) * RESERVE_RATE / A_GAME)
    return max(0, needed - args.matches)


def parser() -> argparse.ArgumentParser:
    """The command line of ``python -m bench.load`` (also how other benchmarks call it)."""
    parser = argparse.ArgumentParser(
        prog="python -m bench.load",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--game", default="space-mission")
    parser.add_argument("--matches", type=int, default=30)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--spectators", type=int, default=10)
    parser.add_argument("--processes", type=int, nargs="+", default=[1])
    parser.add_argument("--layer", choices=["memory", "redis"], default="redis")
    parser.add_argument(
        "--route",
        choices=["socket", "match"],
        default="socket",
        help="spread sockets round-robin over the processes, or keep each match on one",
    )
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--warmup", type=float, default=0.0, help="seconds played unmeasured")
    parser.add_argument("--spectator-mode", choices=["lite", "full"], default="lite")
    parser.add_argument("--max-actions", type=int, default=100_000)
    parser.add_argument(
        "--end-turn",
        action="store_true",
        help="every act ends the turn with it when it can (the players' setting)",
    )
    parser.add_argument(
        "--reserve",
        type=int,
        help="matches that start as others end (default: enough for the run at "
        f"{RESERVE_RATE} actions/s)",
    )
    parser.add_argument(
        "--env", action="append", default=[], metavar="NAME=VALUE", help="a server setting"
    )
    parser.add_argument("--profile", metavar="DIR", help="py-spy profile of the first server")
    parser.add_argument(
        "--gil", action="store_true", help="profile only the thread holding the GIL"
    )
    parser.add_argument("--profile-rate", type=int, default=100, help="py-spy's samples a second")
    parser.add_argument("--json", action="store_true", help="print one JSON line per run")
    return parser


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    args = parser().parse_args(argv)
    results = []
    for processes in args.processes:
        figures, errors = run(processes, args)
        results.append(figures)
        if args.json:
            print(json.dumps(figures), flush=True)
            continue
        width = max(map(len, figures))
        for key, value in figures.items():
            print(f"{key:<{width}}  {value}")
        for error in errors:
            print("error:", error)
        print(flush=True)
    if len(results) > 1 and not args.json:
        base = results[0]["actions_per_s"] or float("nan")
        for figures in results:
            ratio = figures["actions_per_s"] / base
            print(f"{figures['processes']} process(es): {ratio:.2f}x the actions/s of the first")
    return results


if __name__ == "__main__":
    main()
