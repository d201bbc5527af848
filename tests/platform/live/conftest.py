"""Fixtures for live play: a small test game, users, running matches and websocket clients."""

from __future__ import annotations

import sys
import uuid
from pathlib import Path

import pytest
from channels.db import database_sync_to_async
from django.db import transaction

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:  # `pytest` (not `python -m pytest`) leaves the root off the path
    sys.path.insert(0, str(ROOT))

from games import registry  # noqa: E402
from tests.platform.live.wsclient import Client  # noqa: E402
from tests.support.services import redis_url  # noqa: E402

registry.register("toy", "tests.platform.live.toygame")


@pytest.fixture(autouse=True)
def channel_layer(settings):
    """Real Redis when REDIS_URL is set (a private prefix per test), else in-memory."""
    url = redis_url()
    if url:
        settings.CHANNEL_LAYERS = {
            "default": {
                "BACKEND": "channels_redis.core.RedisChannelLayer",
                "CONFIG": {"hosts": [url], "prefix": f"test-{uuid.uuid4().hex[:12]}"},
            }
        }
    else:
        settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    settings.BOT_DELAY = 0


def create_user(username: str):
    from spacemission.accounts.models import User

    # No password: hashing one costs a quarter second, and sessions log users in.
    return User.objects.create_user(username)


def create_match(
    players: list,
    *,
    game: str = "toy",
    private: bool = False,
    rated: bool = False,
    options=None,
    pace="normal",
):
    """A running match at a new table; ``players`` holds users and bot names, by seat."""
    from spacemission.lobby.models import Seat, Table
    from spacemission.matches.services import start_match

    host = next((p for p in players if not isinstance(p, str)), None) or create_user(
        f"host-{uuid.uuid4().hex[:8]}"
    )
    with transaction.atomic():
        table = Table.objects.create(
            game=game,
            host=host,
            seat_count=len(players),
            private=private,
            rated=rated,
            options=options or {},
            pace=pace,
        )
        for index, player in enumerate(players):
            bot = player if isinstance(player, str) else ""
            user = None if isinstance(player, str) else player
            Seat.objects.create(table=table, index=index, user=user, bot=bot)
        return start_match(table)


def spoil_snapshot(match) -> None:
    """A stored snapshot no state can be replayed from: a state read from it fails."""
    from spacemission.matches.models import Match

    Match.objects.filter(pk=match.pk).update(snapshot={"spoilt": True})


def session_cookie(user) -> str:
    from django.test import Client as HttpClient

    http = HttpClient()
    http.force_login(user)
    return http.cookies["sessionid"].value


@pytest.fixture
def users(db):
    """Four users: ada, bob, cy, dee."""
    return [create_user(name) for name in ("ada", "bob", "cy", "dee")]


@pytest.fixture
async def connect():
    """``await connect(match, user=None)``: an open Client; all are closed afterwards."""
    opened: list[Client] = []

    async def open_client(match, user=None, *, expect_sync: bool = True) -> Client:
        cookie = await database_sync_to_async(session_cookie)(user) if user else None
        client = Client(match.pk, cookie)
        await client.open(expect_sync=expect_sync)
        opened.append(client)
        return client

    yield open_client
    for client in opened:
        await client.close()


class MovingClock:
    """The time the platform reads (``matches.clocks.now``), moved by the test."""

    def __init__(self, at: int) -> None:
        self.at = at

    def __call__(self) -> int:
        return self.at

    def advance(self, ms: int) -> int:
        self.at += ms
        return self.at


@pytest.fixture
def clock():
    """A MovingClock the platform reads until the test ends."""
    from spacemission.matches import clocks

    moving = MovingClock(1_796_000_000_000)
    clocks.use_clock(moving)
    yield moving
    clocks.use_clock(None)
