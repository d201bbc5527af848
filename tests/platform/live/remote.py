"""Real server processes from a test: seeding a match, reading it back, and a websocket
client (the ``websockets`` library)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

import orjson
import websockets

from games import registry
from tests.platform.live.playout import origins
from tests.platform.live.wsclient import TIMEOUT, Frame, Tracker
from tests.support.servers import Database, Server

GAME = registry.get("space-mission")

SEED_MATCH = """
from django.db import transaction
from games import registry
from spacemission.accounts.models import User
from spacemission.lobby.models import Seat, Table
from spacemission.matches import clocks, states
from spacemission.matches.services import start_match

for attempt in range(200):
    with transaction.atomic():
        host, _ = User.objects.get_or_create(username="host")
        table = Table.objects.create(
            game=GAME_ID, host=host, seat_count=len(PLAYERS), pace=PACE, private=PACE == "none"
        )
        for index, player in enumerate(PLAYERS):
            if player.startswith("@"):
                user, _ = User.objects.get_or_create(username=player[1:])
                Seat.objects.create(table=table, index=index, user=user)
            else:
                Seat.objects.create(table=table, index=index, bot=player)
        match = start_match(table)
        if SEED is not None:
            match.seed = SEED
            states.start(match, registry.get(match.game).setup(len(PLAYERS), match.options, SEED))
            bots = {s.index: s.bot for s in match.seats.all()}
            clocks.start(match, bots, clocks.now())  # the clocks of the new deal's seats
            match.save(update_fields=["seed", "snapshot", "snapshot_version", "clock", "deadline"])
        if FIRST is None or registry.get(match.game).active_seats(states.current(match)) == [FIRST]:
            break
        transaction.set_rollback(True)  # another seed may let FIRST begin
print(match.pk)
"""


def seed_match(
    db: Database,
    players: list[str],
    first: int | None = None,
    game: str = "space-mission",
    seed: int | None = None,
    pace: str = "normal",
) -> int:
    """A running match of ``game`` (``@name`` for a person, else a bot kind), begun by seat
    ``first`` if given, dealt from ``seed`` if given, at ``pace`` (a table without a clock
    is private). Its bots do not move in the seeding process."""
    return seed_matches(db, [players], first, game, seed, pace)[0]


def seed_matches(
    db: Database,
    tables: list[list[str]],
    first: int | None = None,
    game: str = "space-mission",
    seed: int | None = None,
    pace: str = "normal",
) -> list[int]:
    """``seed_match`` for each list of players in ``tables``, in one process."""
    code = "".join(
        SEED_MATCH.replace("PLAYERS", repr(players))
        .replace("PACE", repr(pace))
        .replace("FIRST", repr(first))
        .replace("GAME_ID", repr(game))
        .replace("SEED", repr(seed))
        for players in tables
    )
    printed = db.django(code, env={"BOT_DELAY": "3600"}).split()
    return [int(pk) for pk in printed[-len(tables) :]]


def stored(db: Database, match_id: int) -> dict:
    """A stored match as the database holds it; ``state`` is its snapshot with the actions
    since applied, and ``snapshot_ok`` whether the snapshot is the replay of the log to it."""
    columns = "game, status, version, seed, options, seat_count, snapshot, snapshot_version"
    keys = [*columns.split(", "), "view_versions"]
    (row,) = db.query(
        f"SELECT {columns}, view_versions FROM matches_match WHERE id = %s", [match_id]
    )
    match = dict(zip(keys, row, strict=True))
    for key in ("options", "snapshot", "view_versions"):
        match[key] = _json(match[key])
    actions = db.query(
        "SELECT seat, action, view_versions FROM matches_action"
        " WHERE match_id = %s ORDER BY version",
        [match_id],
    )
    match["actions"] = [(s, _json(a)) for s, a, _ in actions]
    match["action_views"] = [_json(views) for _, _, views in actions]
    states = replayed_states(match)
    match["snapshot_ok"] = states[match["snapshot_version"]] == match["snapshot"]
    state, game = match["snapshot"], registry.get(match["game"])
    # Up to the version read: a bot may have acted between reading the match and its log.
    for seat, action in match["actions"][match["snapshot_version"] : match["version"]]:
        state, _ = game.apply(state, seat, action)
    match["state"] = state
    return match


def _json(value: object) -> object:
    return json.loads(value) if isinstance(value, str) else value


def match_versions(match: dict, seat: int | None) -> dict[int, int]:
    """``seat``'s view versions -> the match version whose action made each one."""
    return origins(match["action_views"], seat)


def replayed_states(match: dict) -> list[dict]:
    game = registry.get(match.get("game", GAME.info.id))
    state = game.setup(match["seat_count"], match["options"], match["seed"])
    states = [state]
    for seat, action in match["actions"]:
        state, _ = game.apply(state, seat, action)
        states.append(state)
    return states


class RemoteClient(Tracker):
    """Reads every frame in the background into its held view; tests wait on conditions."""

    def __init__(self, server: Server, match_id: int, session: str | None = None) -> None:
        super().__init__()
        self.url = f"{server.ws_url}/ws/match/{match_id}/"
        self.origin = server.origin
        self.session = session
        self.close_code: int | None = None
        self.texts: list[str] = []  # every frame as it came over the wire
        self._changed = asyncio.Event()

    async def open(self) -> RemoteClient:
        headers = {"Cookie": f"sessionid={self.session}"} if self.session else {}
        self.ws = await websockets.connect(
            self.url, origin=self.origin, additional_headers=headers, max_size=2**22
        )
        self.reader = asyncio.get_running_loop().create_task(self._read())
        await self.wait(lambda: self.view is not None)
        return self

    async def _read(self) -> None:
        try:
            async for text in self.ws:
                self.texts.append(text)
                self.take(orjson.loads(text))
                self._changed.set()
        except websockets.ConnectionClosed:
            pass
        self.close_code = self.ws.close_code if self.ws.close_code is not None else -1
        self._changed.set()

    async def wait(self, ready: Callable[[], bool], timeout: float = TIMEOUT) -> None:
        """Until ``ready()`` holds; fails after ``timeout`` seconds without it."""
        async with asyncio.timeout(timeout):
            while not ready():
                if self.close_code is not None:
                    raise AssertionError(f"connection closed ({self.close_code})")
                self._changed.clear()
                await self._changed.wait()

    async def until_version(self, version: int, timeout: float = TIMEOUT) -> None:
        await self.wait(lambda: self.v is not None and self.v >= version, timeout)

    async def send(self, frame: Frame) -> None:
        await self.ws.send(orjson.dumps(frame).decode())

    async def close(self) -> None:
        await self.ws.close()
        await self.reader
