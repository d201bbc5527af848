"""The lobby websocket: the list on connect, and again after every change."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.utils import translation

from spacemission.accounts.models import User
from spacemission.asgi import application
from spacemission.lobby import services
from spacemission.lobby.broadcast import tables_changed

pytestmark = pytest.mark.django_db(transaction=True)

ORIGIN = [(b"origin", b"http://localhost")]


async def connected() -> WebsocketCommunicator:
    socket = WebsocketCommunicator(application, "/ws/lobby/", headers=ORIGIN)
    accepted, _ = await socket.connect()
    assert accepted
    return socket


@database_sync_to_async
def make_user(name: str) -> User:
    return User.objects.create_user(username=name, password="x-orbit-Kepler-1")


async def test_list_on_connect_and_after_create_and_join() -> None:
    ada, bob = await make_user("ada"), await make_user("bob")
    socket = await connected()
    assert await socket.receive_json_from() == {"t": "tables", "open": [], "running": []}

    table = await database_sync_to_async(services.create_table)(ada, "space-mission", 3)
    frame = await socket.receive_json_from()
    assert frame["t"] == "tables"
    assert frame["open"] == [
        {
            "id": table.pk,
            "game": "space-mission",
            "game_name": "Space Mission",
            "host": "ada",
            "seats": 3,
            "taken": [{"seat": 0, "name": "ada", "bot": None}],
            "url": f"/t/{table.pk}/",
        }
    ]

    await database_sync_to_async(services.join)(bob, table.pk)
    frame = await socket.receive_json_from()
    assert [s["name"] for s in frame["open"][0]["taken"]] == ["ada", "bob"]

    await database_sync_to_async(services.start)(ada, table.pk)
    frame = await socket.receive_json_from()
    assert frame["open"] == []
    (running,) = frame["running"]
    assert running["id"] == table.pk and running["watch"] == f"/t/{table.pk}/"
    assert isinstance(running["match"], int)
    await socket.disconnect()


async def test_private_tables_are_never_listed() -> None:
    ada = await make_user("ada")
    socket = await connected()
    await socket.receive_json_from()
    await database_sync_to_async(services.create_table)(ada, "space-mission", 2, private=True)
    await database_sync_to_async(tables_changed)()
    assert await socket.receive_json_from() == {"t": "tables", "open": [], "running": []}
    assert await socket.receive_nothing()
    await socket.disconnect()


@pytest.mark.parametrize(
    ("sent", "reply"),
    [
        ('{"t":"sync"}', {"t": "tables", "open": [], "running": []}),
        ('{"t":"ping"}', {"t": "pong"}),
        ('{"t":"act"}', "unknown_type"),
        ('{"type":"sync"}', "bad_frame"),
        ("not json", "bad_json"),
        ("[1, 2]", "bad_json"),
        ('{"t":"sync","pad":"' + "x" * 9000 + '"}', "frame_too_large"),
    ],
)
async def test_client_frames(sent: str, reply: Any) -> None:
    socket = await connected()
    await socket.receive_json_from()
    await socket.send_to(text_data=sent)
    frame = await socket.receive_json_from()
    if isinstance(reply, str):
        assert (frame["t"], frame["code"]) == ("error", reply)
    else:
        assert frame == reply
    await socket.disconnect()


async def test_flooding_client_is_warned_then_closed() -> None:
    socket = await connected()
    await socket.receive_json_from()
    for _ in range(25):
        await socket.send_to(text_data='{"t":"ping"}')
    replies = [await socket.receive_output() for _ in range(22)]
    texts = [r.get("text", "") for r in replies if r["type"] == "websocket.send"]
    assert sum('"rate_limited"' in text for text in texts) == 1
    assert {"type": "websocket.close", "code": 4008} in replies
    await socket.disconnect()


async def test_foreign_origin_is_refused() -> None:
    socket = WebsocketCommunicator(
        application, "/ws/lobby/", headers=[(b"origin", b"http://evil.example")]
    )
    accepted, _ = await socket.connect()
    assert not accepted


@pytest.mark.redis
@pytest.mark.usefixtures("redis_channel_layer")
async def test_list_travels_through_redis() -> None:
    ada = await make_user("ada")
    socket = await connected()
    await socket.receive_json_from()
    table = await database_sync_to_async(services.create_table)(ada, "space-mission", 2)
    frame = await socket.receive_json_from(timeout=5)
    assert [t["id"] for t in frame["open"]] == [table.pk]
    await socket.disconnect()


async def test_frames_are_the_same_whoever_causes_them() -> None:
    ada = await make_user("ada")
    socket = await connected()
    await socket.receive_json_from()

    def create_in_german() -> None:
        with translation.override("de"):
            services.create_table(ada, "space-mission", 3, bots=1, bot_kind="greedy")

    await database_sync_to_async(create_in_german)()
    frame = await socket.receive_json_from()
    assert frame["open"][0]["taken"][1] == {"seat": 1, "name": "Greedy bot", "bot": "greedy"}
    await socket.disconnect()
