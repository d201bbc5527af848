"""A socket left behind its audience's stored view version is caught up by the server
(``spacemission.live.catchup``): after two looks at the same version, or at the first
look once frames are known to have been lost (the relay subscribed again, or another
process could not publish)."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from spacemission.live import catchup, fanout, frames, hub
from spacemission.matches.models import Match
from tests.platform.live.conftest import create_match
from tests.platform.live.test_hub import drop_subscriber, layer_config, redis_client, until

__all__ = ["redis_client"]  # a fixture of test_hub's


class Socket:
    """An outlet that counts the syncs the catch-up asked of it."""

    def __init__(self, version: int | None) -> None:
        self.texts: list[str] = []
        self.syncs = 0
        self.outlet = hub.Outlet(f"specific.s!{id(self)}", self._write, catch_up=self._sync)
        self.outlet.version = version

    async def _write(self, text: str) -> None:
        self.texts.append(text)

    async def _sync(self) -> None:
        self.syncs += 1


def test_a_patch_tells_its_version_from_its_head():
    text = frames.encode(frames.patch(12, [{"op": "add", "path": "/x", "value": 1}]))
    assert hub.patch_version(text) == 12
    assert hub.patch_version(frames.with_id(text, "k3f9")) == 12
    assert hub.patch_version(frames.encode(frames.pong())) is None


async def test_an_outlet_notes_the_version_it_was_last_written_once_held_frames_go():
    socket = Socket(None)
    await socket.outlet.write(frames.encode(frames.patch(1, [])), 1)
    assert socket.outlet.version is None  # unknown until its first sync
    socket.outlet.version = 3
    socket.outlet.hold()
    socket.outlet.hold()  # a sync inside a change of seats
    await socket.outlet.write(frames.encode(frames.patch(4, [])), 4)
    await socket.outlet.release()
    assert socket.outlet.holding and socket.outlet.version == 3  # the outer hold goes on
    await socket.outlet.release()
    assert not socket.outlet.holding and socket.outlet.version == 4
    assert [hub.patch_version(t) for t in socket.texts] == [1, 4]


@pytest.fixture
async def watched(users):
    """A hub with a beacon that looks only when told, and a running toy match."""
    audiences = hub.Hub(get_channel_layer())
    beacon = catchup.Beacon(audiences, every=3600)
    match = await database_sync_to_async(create_match)(users[:2])
    yield audiences, beacon, match
    await beacon.close()
    await audiences.close()


async def stored_at(match, versions: list[int]) -> None:
    await database_sync_to_async(Match.objects.filter(pk=match.pk).update)(view_versions=versions)


@pytest.mark.django_db(transaction=True)
async def test_a_socket_behind_at_the_same_version_twice_gets_a_sync(watched):
    audiences, beacon, match = watched
    behind, current, watcher = Socket(2), Socket(3), Socket(1)
    await audiences.join(fanout.seat_group(match.pk, 0), behind.outlet)
    await audiences.join(fanout.seat_group(match.pk, 1), current.outlet)
    await audiences.join(fanout.seat_group(match.pk, None), watcher.outlet)
    await stored_at(match, [3, 3, 1])

    await beacon.look()  # a patch may still be on its way
    assert beacon.synced == 0
    await beacon.look()
    await until(lambda: behind.syncs == 1)
    assert (current.syncs, watcher.syncs) == (0, 0)


@pytest.mark.django_db(transaction=True)
async def test_a_socket_that_moved_on_between_looks_is_given_more_time(watched):
    audiences, beacon, match = watched
    moving = Socket(1)
    await audiences.join(fanout.seat_group(match.pk, 0), moving.outlet)
    await stored_at(match, [3, 3, 3])
    await beacon.look()
    moving.outlet.wrote(2)  # a patch arrived meanwhile
    await beacon.look()
    assert beacon.synced == 0 and moving.outlet.behind_at == 2


@pytest.mark.django_db(transaction=True)
async def test_frames_known_lost_catch_their_audiences_up_at_the_first_look(watched):
    audiences, _, match = watched
    seat_0, seat_1 = Socket(2), Socket(2)
    await audiences.join(fanout.seat_group(match.pk, 0), seat_0.outlet)
    await audiences.join(fanout.seat_group(match.pk, 1), seat_1.outlet)
    await stored_at(match, [3, 3, 0])
    audiences.on_missed([fanout.seat_group(match.pk, 1)])  # as the relay tells it
    await until(lambda: seat_1.syncs == 1)
    assert seat_0.syncs == 0
    audiences.on_missed(None)  # every audience
    await until(lambda: seat_0.syncs == 1)


@pytest.mark.redis
async def test_the_relay_says_every_audience_may_have_missed_frames_once_subscribed_again(
    settings, redis_client
):
    settings.CHANNEL_LAYERS = {"default": layer_config("pubsub")}
    audiences = hub.Hub(get_channel_layer())
    told: list[list[str] | None] = []
    audiences.on_missed = told.append
    await audiences.join("match-5-seat-0", Socket(0).outlet)
    assert told == []
    await drop_subscriber(redis_client, audiences.link)
    await until(lambda: told == [None])
    await audiences.close()


@pytest.mark.redis
async def test_frames_that_could_not_be_published_are_followed_by_a_catch_up(settings, monkeypatch):
    """The other process is told, ahead of the next frames, that the audience lost some."""
    settings.CHANNEL_LAYERS = {"default": layer_config("pubsub")}
    here, there = hub.Hub(get_channel_layer()), hub.Hub(get_channel_layer())
    told: list[list[str] | None] = []
    there.on_missed = told.append
    far = Socket(0)
    await there.join("match-5-seat-0", far.outlet)
    await here.join("match-5-seat-0", Socket(0).outlet)
    send = here.link._publisher.send

    async def away(commands, replies=None):  # as while Redis is away
        return False

    monkeypatch.setattr(here.link._publisher, "send", away)
    await here.send([{**fanout.frame_message(frames.patch(1, [])), "group": "match-5-seat-0"}])
    monkeypatch.setattr(here.link._publisher, "send", send)
    await here.send([{**fanout.frame_message(frames.patch(2, [])), "group": "match-5-seat-0"}])
    await until(lambda: far.texts)
    assert told == [["match-5-seat-0"]]
    assert [hub.patch_version(t) for t in far.texts] == [2]
    await here.close()
    await there.close()
