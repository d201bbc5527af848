"""The process's fan-out (``spacemission.live.hub``): each audience's frames reach that
audience's local sockets, and only those, once per socket, in the order sent, on every
channel layer the project runs on."""

from __future__ import annotations

import asyncio
import uuid

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from spacemission.live import fanout, frames, hub
from spacemission.matches.services import replace_with_bot
from tests.platform.live.conftest import create_match
from tests.support.services import need_redis

MATCH = 7
SEAT_0, SEAT_1 = fanout.seat_group(MATCH, 0), fanout.seat_group(MATCH, 1)
WATCHERS, EVERYONE = fanout.seat_group(MATCH, None), fanout.match_group(MATCH)


class Socket:
    """An outlet that records what the hub wrote to it."""

    def __init__(self, name: str) -> None:
        self.texts: list[str] = []
        self.outlet = hub.Outlet(f"specific.{name}!{uuid.uuid4().hex}", self._write)

    async def _write(self, text: str) -> None:
        self.texts.append(text)


def layer_config(kind: str) -> dict:
    if kind == "memory":
        return {"BACKEND": "channels.layers.InMemoryChannelLayer"}
    backend = {"pubsub": "channels_redis.pubsub.RedisPubSubChannelLayer"}.get(
        kind, "channels_redis.core.RedisChannelLayer"
    )
    prefix = f"test-{uuid.uuid4().hex[:12]}"
    return {"BACKEND": backend, "CONFIG": {"hosts": [need_redis()], "prefix": prefix}}


@pytest.fixture(
    params=[
        "memory",
        pytest.param("pubsub", marks=pytest.mark.redis),
        pytest.param("core", marks=pytest.mark.redis),
    ]
)
def layer(request, settings):
    settings.CHANNEL_LAYERS = {"default": layer_config(request.param)}
    return get_channel_layer()


async def joined(audiences: hub.Hub, **groups: list[Socket]) -> None:
    for group, sockets in groups.items():
        for socket in sockets:
            await audiences.join(group, socket.outlet)


async def until(ready, timeout: float = 5.0) -> None:
    async with asyncio.timeout(timeout):
        while not ready():
            await asyncio.sleep(0.01)


def text(n: int) -> str:
    return frames.encode(frames.patch(n, []))


async def test_each_audiences_frames_reach_its_local_sockets_only(layer):
    audiences = hub.hub(layer)
    ada, ada_tab, bob, eve = Socket("ada"), Socket("ada-tab"), Socket("bob"), Socket("eve")
    everyone = [ada, ada_tab, bob, eve]
    await joined(audiences, **{SEAT_0: [ada, ada_tab], SEAT_1: [bob], WATCHERS: [eve]})
    for socket in everyone:
        await audiences.join(EVERYONE, socket.outlet)

    await fanout.send(
        [
            (SEAT_0, fanout.frame_message(frames.patch(1, [{"op": "add", "path": "/a"}]))),
            (WATCHERS, fanout.frame_message(frames.patch(1, [{"op": "add", "path": "/w"}]))),
            (EVERYONE, fanout.frame_message(frames.pong())),
        ]
    )
    await until(lambda: all(s.texts for s in everyone) and len(ada.texts) == 2)
    await asyncio.sleep(0.1)  # nothing else is on its way

    seat_0 = '{"t":"patch","v":1,"ops":[{"op":"add","path":"/a"}]}'
    assert ada.texts == ada_tab.texts == [seat_0, '{"t":"pong"}']
    assert bob.texts == ['{"t":"pong"}']  # seat 1's view did not change: nothing of seat 0's
    assert eve.texts == ['{"t":"patch","v":1,"ops":[{"op":"add","path":"/w"}]}', '{"t":"pong"}']


async def test_the_frame_that_skips_the_actors_socket_reaches_its_other_tabs(layer):
    audiences = hub.hub(layer)
    actor, tab = Socket("ada"), Socket("ada-tab")
    await joined(audiences, **{SEAT_0: [actor, tab]})
    message = {**fanout.frame_message(frames.patch(1, [])), "skip": actor.outlet.key}
    await fanout.send([(SEAT_0, message), (SEAT_0, fanout.frame_message(frames.pong()))])
    await until(lambda: len(tab.texts) == 2)
    assert tab.texts == [text(1), '{"t":"pong"}']
    assert actor.texts == ['{"t":"pong"}']


async def test_an_audience_keeps_the_order_sent_across_its_groups(layer):
    """The end's facts go to the match group right after the seats' last patches: a
    socket in both groups gets them in that order, many times over."""
    audiences = hub.hub(layer)
    ada, eve = Socket("ada"), Socket("eve")
    await joined(audiences, **{SEAT_0: [ada], WATCHERS: [eve], EVERYONE: [ada, eve]})
    for n in range(1, 31):
        await fanout.send(
            [
                (SEAT_0, fanout.frame_message(frames.patch(n, []))),
                (WATCHERS, fanout.frame_message(frames.patch(n, []))),
                (EVERYONE, fanout.frame_message(frames.match({"n": n}))),
            ]
        )
    await until(lambda: len(ada.texts) == len(eve.texts) == 60)
    expected = [t for n in range(1, 31) for t in (text(n), frames.encode(frames.match({"n": n})))]
    assert ada.texts == eve.texts == expected


async def test_a_socket_that_left_gets_nothing_and_the_last_one_leaves_the_group(layer):
    audiences = hub.hub(layer)
    ada, tab = Socket("ada"), Socket("ada-tab")
    await joined(audiences, **{SEAT_0: [ada, tab]})
    await audiences.leave(SEAT_0, ada.outlet)
    await fanout.send([(SEAT_0, fanout.frame_message(frames.patch(1, [])))])
    await until(lambda: tab.texts)
    assert ada.texts == []
    await audiences.leave(SEAT_0, tab.outlet)
    assert SEAT_0 not in audiences.audiences
    await audiences.leave(SEAT_0, tab.outlet)  # leaving twice is harmless
    other = Socket("other")
    await joined(audiences, **{SEAT_1: [other]})
    await fanout.send(
        [
            (SEAT_0, fanout.frame_message(frames.patch(2, []))),
            (SEAT_1, fanout.frame_message(frames.pong())),
        ]
    )
    await until(lambda: other.texts)
    assert tab.texts == [text(1)]


async def test_a_held_socket_gets_its_frames_after_its_sync_in_order():
    socket = Socket("ada")
    socket.outlet.hold()
    await socket.outlet.write(text(2))
    await socket.outlet.write(text(3))
    assert socket.texts == []
    await socket._write('{"t":"sync","v":2}')  # the consumer writes its sync itself
    await socket.outlet.release()
    await socket.outlet.write(text(4))
    assert socket.texts == ['{"t":"sync","v":2}', text(2), text(3), text(4)]


async def test_a_failing_socket_does_not_cost_the_others_their_frame():
    audiences = hub.hub(get_channel_layer())
    ok = Socket("ok")

    async def broken(text: str) -> None:
        raise ConnectionResetError

    await audiences.join(SEAT_0, hub.Outlet("specific.gone!1", broken))
    await audiences.join(SEAT_0, ok.outlet)
    await audiences.deliver({"type": hub.FRAME, "group": SEAT_0, "text": text(1)})
    assert ok.texts == [text(1)]


@pytest.mark.django_db(transaction=True)
async def test_a_connection_moves_audience_when_its_seat_changes_and_leaves_on_close(
    users, connect
):
    ada, bob = users[:2]
    match = await database_sync_to_async(create_match)([ada, bob])
    a, b = await connect(match, ada), await connect(match, bob)
    audiences = hub.hub(get_channel_layer())
    seat_0, seat_1 = fanout.seat_group(match.pk, 0), fanout.seat_group(match.pk, 1)
    watchers, everyone = fanout.seat_group(match.pk, None), fanout.match_group(match.pk)
    assert {g: len(m) for g, m in audiences.audiences.items() if str(match.pk) in g} == {
        seat_0: 1,
        seat_1: 1,
        everyone: 2,
    }

    await database_sync_to_async(replace_with_bot)(match, 0)  # ada now watches
    await a.expect("sync", seat=None)
    assert seat_0 not in audiences.audiences and len(audiences.audiences[watchers]) == 1
    await b.until_version(1)  # the bot took ada's turn: she sees it as a spectator
    await a.until_version(1)
    assert all("id" not in f for f in a.frames if f["t"] == "patch")

    await a.close()
    await b.close()
    assert not [g for g in audiences.audiences if g.startswith(f"match-{match.pk}")]
