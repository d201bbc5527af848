"""The lobby websocket: the list on connect, and again after every change."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from spacemission import ratelimit
from spacemission.accounts.models import User
from spacemission.asgi import application
from spacemission.lobby import services
from spacemission.lobby.broadcast import tables_changed
from spacemission.lobby.consumers import MAX_FOLLOWED
from spacemission.lobby.models import Table
from spacemission.matches import tables

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
            "id": table.public_id,
            "game": "space-mission",
            "game_name": "Space Mission",
            "mark": "SM",
            "hue": 210,
            "host": "ada",
            "seats": 3,
            "pace": {"id": "normal", "kind": "realtime", "bank": 300000, "increment": 30000},
            "rated": False,
            "taken": [{"seat": 0, "name": "ada", "bot": None, "number": None}],
            "url": f"/t/{table.public_id}/",
        }
    ]

    await database_sync_to_async(services.join)(bob, table.pk)
    frame = await socket.receive_json_from()
    assert [s["name"] for s in frame["open"][0]["taken"]] == ["ada", "bob"]

    await database_sync_to_async(tables.start)(ada, table.pk)
    frame = await socket.receive_json_from()
    assert frame["open"] == []
    (running,) = frame["running"]
    assert running["id"] == table.public_id and running["watch"] == f"/t/{table.public_id}/"
    assert "match" not in running  # numeric ids stay inside the server
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


@pytest.fixture
def stopped_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sockets' rate limits see no time pass: no token comes back during a test."""
    monkeypatch.setattr(ratelimit, "guard_clock", lambda: 1000.0)


@pytest.mark.usefixtures("stopped_clock")
async def test_a_flooding_client_is_refused_then_closed_as_the_match_socket_does() -> None:
    socket = await connected()
    await socket.receive_json_from()
    burst = settings.FRAME_BURST
    for _ in range(burst + ratelimit.FLOOD_REFUSALS + 5):
        await socket.send_to(text_data='{"t":"ping"}')
    replies = [await socket.receive_output() for _ in range(burst + 51)]
    texts = [r["text"] for r in replies if r["type"] == "websocket.send"]
    assert texts[:burst] == ['{"t":"pong"}'] * burst
    refusals = texts[burst:]
    assert len(refusals) == ratelimit.FLOOD_REFUSALS
    assert all('"rate_limited"' in text for text in refusals)
    assert replies[-1] == {"type": "websocket.close", "code": ratelimit.FLOOD_CLOSE}
    await socket.disconnect()


async def test_a_binary_frame_is_refused() -> None:
    socket = await connected()
    await socket.receive_json_from()
    await socket.send_to(bytes_data=b'{"t":"ping"}')
    frame = await socket.receive_json_from()
    assert (frame["t"], frame["code"]) == ("error", "bad_json")
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
    assert [t["id"] for t in frame["open"]] == [table.public_id]
    await socket.disconnect()


async def test_frames_are_the_same_whoever_causes_them() -> None:
    ada = await make_user("ada")
    socket = await connected()
    await socket.receive_json_from()

    def create_in_german() -> None:
        with translation.override("de"):
            services.create_table(ada, "space-mission", 4, bots=2, bot_kind="easy")

    await database_sync_to_async(create_in_german)()
    frame = await socket.receive_json_from()
    assert frame["open"][0]["taken"][1:] == [
        {"seat": 1, "name": "Easy bot", "bot": "easy", "number": 1},
        {"seat": 2, "name": "Easy bot 2", "bot": "easy", "number": 2},
    ]
    await socket.disconnect()


# A waiting room follows its table ("follow"); private tables only for those let in.


def session_of(user: User | None, invited: Table | None = None) -> list[tuple[bytes, bytes]]:
    """Headers of a socket opened by ``user`` (None: a visitor), who may have opened the
    invite link of ``invited``."""
    client = Client()
    if user is not None:
        client.force_login(user)
    if invited is not None:
        client.get(reverse("invite", args=[invited.invite_token]))
    if "sessionid" not in client.cookies:
        return ORIGIN
    return [*ORIGIN, (b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode())]


async def follower(
    table_id: str, user: User | None = None, invited: Table | None = None
) -> tuple[WebsocketCommunicator, dict[str, Any]]:
    """A lobby socket that asked to follow ``table_id``, and the answer it got."""
    headers = await database_sync_to_async(session_of)(user, invited)
    socket = WebsocketCommunicator(application, "/ws/lobby/", headers=headers)
    assert (await socket.connect())[0]
    await socket.receive_json_from()  # the list of public tables
    await socket.send_json_to({"t": "follow", "table": table_id})
    return socket, await socket.receive_json_from()


async def next_table_frame(socket: WebsocketCommunicator) -> dict[str, Any]:
    """The next ``table`` frame (a public table's change also pushes the list)."""
    while (frame := await socket.receive_json_from())["t"] != "table":
        pass
    return frame


@database_sync_to_async
def state_of(table_id: str) -> dict[str, Any]:
    table = Table.objects.filter(public_id=table_id).first()
    if table is None:
        return {"t": "table", "id": table_id, "status": "gone", "updated": None}
    return {"t": "table", "id": table_id, "status": table.status, "updated": table.stamp}


async def test_anyone_follows_a_public_table_from_its_waiting_room_to_the_match() -> None:
    ada, bob = await make_user("ada"), await make_user("bob")
    table = await database_sync_to_async(services.create_table)(ada, "space-mission", 3)
    socket, answer = await follower(table.public_id)
    assert answer == await state_of(table.public_id)

    await database_sync_to_async(services.join)(bob, table.pk)
    followed = await next_table_frame(socket)
    assert followed == await state_of(table.public_id) and followed != answer

    await database_sync_to_async(tables.start)(ada, table.pk)
    assert await next_table_frame(socket) == await state_of(table.public_id)
    assert (await state_of(table.public_id))["status"] == "running"
    await socket.disconnect()


async def test_a_private_table_reaches_only_those_let_in() -> None:
    ada, bob, cy = await make_user("ada"), await make_user("bob"), await make_user("cy")
    create = database_sync_to_async(services.create_table)
    table = await create(ada, "space-mission", 3, private=True)
    host, answer = await follower(table.public_id, ada)
    invited, invited_answer = await follower(table.public_id, cy, invited=table)
    assert answer == invited_answer == await state_of(table.public_id)
    refused = []
    for user in (bob, None):  # a stranger, signed in or not, learns nothing
        socket, answer = await follower(table.public_id, user)
        assert (answer["t"], answer["code"]) == ("error", "not_found")
        refused.append(socket)
    _, unknown = await follower("nosuch00", ada)
    assert unknown["code"] == "not_found"  # the same answer as a table one may not see

    await database_sync_to_async(services.join)(cy, table.pk)
    await database_sync_to_async(tables.start)(ada, table.pk)
    for socket in (host, invited):
        assert (await socket.receive_json_from())["status"] == "open"
        assert (await socket.receive_json_from())["status"] == "running"
    for socket in refused:
        assert await socket.receive_nothing()
        await socket.disconnect()
    await host.disconnect()
    await invited.disconnect()


async def test_a_player_who_leaves_a_private_table_stops_hearing_of_it() -> None:
    ada, bob, cy = await make_user("ada"), await make_user("bob"), await make_user("cy")
    table = await database_sync_to_async(services.create_table)(
        ada, "space-mission", 3, private=True
    )
    await database_sync_to_async(services.join)(bob, table.pk)  # seated, with no invite
    seated, answer = await follower(table.public_id, bob)
    assert answer["status"] == "open"
    await database_sync_to_async(tables.leave)(bob, table.pk)
    await database_sync_to_async(services.join)(cy, table.pk)
    assert await seated.receive_nothing()
    await seated.disconnect()


async def test_the_host_closing_the_table_tells_its_followers() -> None:
    ada = await make_user("ada")
    table = await database_sync_to_async(services.create_table)(
        ada, "space-mission", 2, private=True
    )
    socket, _ = await follower(table.public_id, ada)
    await database_sync_to_async(tables.leave)(ada, table.pk)
    assert await socket.receive_json_from() == await state_of(table.public_id)  # status "gone"
    await socket.disconnect()


@pytest.mark.parametrize(
    ("table", "code"),
    [(7, "bad_frame"), ("x" * 9, "bad_frame"), (True, "bad_frame"), (None, "bad_frame")],
)
async def test_follow_needs_a_table_id(table: Any, code: str) -> None:
    socket = await connected()
    await socket.receive_json_from()
    await socket.send_json_to({"t": "follow", "table": table})
    assert (await socket.receive_json_from())["code"] == code
    await socket.disconnect()


async def test_a_socket_follows_a_few_tables_at_most() -> None:
    ada = await make_user("ada")
    create = database_sync_to_async(services.create_table)
    tables = [await create(ada, "space-mission", 2) for _ in range(MAX_FOLLOWED + 1)]
    socket = await connected()
    await socket.receive_json_from()
    for table in tables:
        await socket.send_json_to({"t": "follow", "table": table.public_id})
    answers = [await socket.receive_json_from() for _ in tables]
    assert [a["t"] for a in answers] == ["table"] * MAX_FOLLOWED + ["error"]
    assert answers[-1]["code"] == "too_many"
    await socket.disconnect()


@pytest.mark.redis
@pytest.mark.usefixtures("redis_channel_layer")
async def test_a_followed_tables_change_travels_through_redis() -> None:
    ada, bob = await make_user("ada"), await make_user("bob")
    table = await database_sync_to_async(services.create_table)(
        ada, "space-mission", 2, private=True
    )
    socket, _ = await follower(table.public_id, ada)
    await database_sync_to_async(services.join)(bob, table.pk)
    assert await socket.receive_json_from(timeout=5) == await state_of(table.public_id)
    await socket.disconnect()
