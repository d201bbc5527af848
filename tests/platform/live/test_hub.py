"""The process's fan-out (``spacemission.live.hub``): each audience's frames reach that
audience's local sockets, and only those, once per socket, in the order sent, on every
channel layer the project runs on."""

from __future__ import annotations

import asyncio
import logging
import uuid

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from redis.asyncio import Redis
from redis.exceptions import RedisError

from spacemission.live import fanout, frames, hub, relay
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
    # A last frame to everyone: an audience keeps the order sent, so once it is in,
    # anything sent before it to a socket is in too.
    done = frames.encode(frames.match({"done": True}))
    await fanout.send([(EVERYONE, fanout.frame_message(frames.match({"done": True})))])
    await until(lambda: all(s.texts and s.texts[-1] == done for s in everyone))

    seat_0 = '{"t":"patch","v":1,"ops":[{"op":"add","path":"/a"}]}'
    assert ada.texts == ada_tab.texts == [seat_0, '{"t":"pong"}', done]
    assert bob.texts == ['{"t":"pong"}', done]  # seat 1's view did not change
    assert eve.texts == [
        '{"t":"patch","v":1,"ops":[{"op":"add","path":"/w"}]}',
        '{"t":"pong"}',
        done,
    ]


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


@pytest.fixture
async def other_process(layer):
    """A second hub on the same layer and Redis, as another process has."""
    other = hub.Hub(layer)
    yield other
    await other.close()


@pytest.fixture
async def redis_client():
    client = Redis.from_url(need_redis())
    yield client
    await client.aclose()


def message(group: str, frame: frames.Frame, **extra: str) -> hub.Message:
    """A message as another process's hub is given it to send."""
    return {**fanout.frame_message(frame), "group": group, **extra}


async def test_the_senders_sockets_get_a_frame_before_any_other_process_and_once(
    layer, other_process
):
    audiences = hub.hub(layer)
    there = Socket("there")
    await other_process.join(SEAT_0, there.outlet)
    seen_there: list[int] = []

    async def write(text: str) -> None:
        seen_there.append(len(there.texts))  # what the other process had at that moment
        here.texts.append(text)

    here = Socket("here")
    here.outlet = hub.Outlet(here.outlet.key, write)
    await audiences.join(SEAT_0, here.outlet)

    await fanout.send([(SEAT_0, fanout.frame_message(frames.patch(1, [])))])
    assert here.texts == [text(1)]  # written before send returned
    await until(lambda: there.texts)
    assert seen_there == [0]
    # Anything of its own coming back would arrive before what the other process sends next.
    await other_process.send([message(SEAT_0, frames.patch(2, []))])
    await until(lambda: len(here.texts) == 2)
    assert here.texts == there.texts == [text(1), text(2)]


async def test_two_processes_exchange_frames_in_order_each_socket_once(layer, other_process):
    """Each process sends in turn once the last frame reached every socket (as a player
    acts on what was seen); and one process's burst of sends arrives in order."""
    here, there = hub.hub(layer), other_process
    ada, bob, eve = Socket("ada"), Socket("bob"), Socket("eve")
    await joined(here, **{SEAT_0: [ada], EVERYONE: [ada]})
    await joined(there, **{SEAT_0: [bob], WATCHERS: [eve], EVERYONE: [bob, eve]})
    for n in range(1, 11):
        if n % 2:
            await fanout.send([(SEAT_0, fanout.frame_message(frames.patch(n, [])))])
        else:
            await there.send([message(SEAT_0, frames.patch(n, []))])
        await until(lambda n=n: len(ada.texts) == len(bob.texts) == n)
    assert ada.texts == bob.texts == [text(n) for n in range(1, 11)]

    for n in range(11, 31):
        await fanout.send(
            [
                (SEAT_0, fanout.frame_message(frames.patch(n, []))),
                (WATCHERS, fanout.frame_message(frames.patch(n, []))),
                (EVERYONE, fanout.frame_message(frames.match({"n": n}))),
            ]
        )
    await until(lambda: len(bob.texts) == 10 + 40 and len(eve.texts) == 40)
    burst = [t for n in range(11, 31) for t in (text(n), frames.encode(frames.match({"n": n})))]
    assert bob.texts[10:] == eve.texts == burst
    assert ada.texts[10:] == burst


async def test_the_skipped_socket_is_the_senders_own_and_its_tabs_elsewhere_get_it(
    layer, other_process
):
    actor, tab_here, tab_there = Socket("ada"), Socket("ada-tab"), Socket("ada-phone")
    await joined(hub.hub(layer), **{SEAT_0: [actor, tab_here]})
    await joined(other_process, **{SEAT_0: [tab_there]})
    skipping = {**fanout.frame_message(frames.patch(1, [])), "skip": actor.outlet.key}
    await fanout.send([(SEAT_0, skipping), (SEAT_0, fanout.frame_message(frames.pong()))])
    await until(lambda: len(tab_there.texts) == 2)
    assert tab_here.texts == tab_there.texts == [text(1), '{"t":"pong"}']
    assert actor.texts == ['{"t":"pong"}']


async def test_a_change_of_seats_reaches_each_socket_of_either_process(layer, other_process):
    """Each socket of the audience is told on its own channel, wherever it is."""
    here, there = Socket("here"), Socket("there")
    for audiences, socket in ((hub.hub(layer), here), (other_process, there)):
        socket.outlet.key = await layer.new_channel()  # as a consumer's own channel
        await audiences.join(EVERYONE, socket.outlet)
    await fanout.send_seats_changed(MATCH)
    async with asyncio.timeout(5):
        told = [await layer.receive(s.outlet.key) for s in (here, there)]
    assert told == [{"type": hub.SEATS}] * 2


@pytest.fixture
def pubsub(settings):
    settings.CHANNEL_LAYERS = {"default": layer_config("pubsub")}
    return get_channel_layer()


async def subscribers(client: Redis, channel: bytes) -> int:
    return dict(await client.pubsub_numsub(channel))[channel]


@pytest.mark.redis
async def test_the_relay_subscribes_for_the_first_socket_and_unsubscribes_after_the_last(
    pubsub, redis_client
):
    audiences = hub.hub(pubsub)
    channel = audiences.link.channel(SEAT_0)
    assert channel.startswith(pubsub.prefix.encode())  # deployments never share a channel
    ada, tab = Socket("ada"), Socket("ada-tab")
    assert await subscribers(redis_client, channel) == 0
    await audiences.join(SEAT_0, ada.outlet)
    assert await subscribers(redis_client, channel) == 1  # effective once join returned
    await audiences.join(SEAT_0, tab.outlet)
    await audiences.leave(SEAT_0, ada.outlet)
    assert await subscribers(redis_client, channel) == 1
    await audiences.leave(SEAT_0, tab.outlet)
    await until(lambda: SEAT_0 not in audiences.audiences)
    async with asyncio.timeout(5):
        while await subscribers(redis_client, channel):
            await asyncio.sleep(0.01)
    await audiences.join(SEAT_0, ada.outlet)  # and again for a new first socket
    assert await subscribers(redis_client, channel) == 1


@pytest.mark.redis
async def test_the_relay_subscribes_again_when_its_connection_is_dropped(pubsub, redis_client):
    here, there = hub.hub(pubsub), hub.Hub(pubsub)
    ada, bob = Socket("ada"), Socket("bob")
    await joined(here, **{SEAT_0: [ada]})
    await joined(there, **{SEAT_0: [bob]})
    name = here.link.name
    [relay_client] = [c for c in await redis_client.client_list() if c["name"] == name]
    await redis_client.client_kill_filter(_id=relay_client["id"])

    await fanout.send([(SEAT_0, fanout.frame_message(frames.patch(1, [])))])
    assert ada.texts == [text(1)]  # its own sockets are served meanwhile
    await until(lambda: bob.texts == [text(1)])
    channel = here.link.channel(SEAT_0)
    async with asyncio.timeout(5):
        while await subscribers(redis_client, channel) < 2:
            await asyncio.sleep(0.01)
    [again] = [c for c in await redis_client.client_list() if c["name"] == name]
    assert again["id"] != relay_client["id"]
    await there.send([message(SEAT_0, frames.patch(2, []))])
    await until(lambda: len(ada.texts) == 2)
    assert ada.texts == bob.texts == [text(1), text(2)]
    await there.close()


@pytest.mark.redis
async def test_a_burst_of_acts_from_concurrent_tasks_arrives_whole_and_in_each_ones_order(pubsub):
    """Five tasks send 100 acts of three frames each, taking turns: every frame reaches the
    other process, each task's in the order it sent them."""
    here, there = hub.hub(pubsub), hub.Hub(pubsub)
    tasks, acts = 5, 100
    groups = [
        [
            fanout.seat_group(100 + k, 0),
            fanout.seat_group(100 + k, None),
            fanout.match_group(100 + k),
        ]
        for k in range(tasks)
    ]
    sockets = [Socket(f"in-all-{k}") for k in range(tasks)]  # one per task, in its 3 groups
    for socket, its_groups in zip(sockets, groups, strict=True):
        for group in its_groups:
            await there.join(group, socket.outlet)

    def frame(k: int, n: int, i: int) -> frames.Frame:
        return frames.match({"task": k, "act": n, "frame": i})

    async def act(k: int) -> None:
        for n in range(acts):
            await here.send([message(g, frame(k, n, i)) for i, g in enumerate(groups[k])])
            await asyncio.sleep(0)  # the other tasks send in between

    await asyncio.gather(*(act(k) for k in range(tasks)))
    await until(lambda: all(len(s.texts) >= 3 * acts for s in sockets), timeout=15)
    for k, socket in enumerate(sockets):
        expected = [frames.encode(frame(k, n, i)) for n in range(acts) for i in range(3)]
        assert socket.texts == expected
    await there.close()


def publishers(clients: list[dict], name: str) -> list[dict]:
    return [c for c in clients if c["name"] == name]


@pytest.mark.redis
async def test_the_relay_publishes_again_when_its_publishing_connection_is_dropped(
    pubsub, redis_client
):
    here, there = hub.hub(pubsub), hub.Hub(pubsub)
    bob = Socket("bob")
    await joined(there, **{SEAT_0: [bob]})
    await here.send([message(SEAT_0, frames.patch(1, []))])
    await until(lambda: bob.texts == [text(1)])
    name = here.link.publisher_name
    [publisher] = publishers(await redis_client.client_list(), name)
    await redis_client.client_kill_filter(_id=publisher["id"])

    n = 1
    async with asyncio.timeout(5):  # the frames sent before the relay notices are lost
        while len(bob.texts) == 1:
            n += 1
            await here.send([message(SEAT_0, frames.patch(n, []))])
            await asyncio.sleep(0.01)
    [again] = publishers(await redis_client.client_list(), name)
    assert again["id"] != publisher["id"]
    await here.send([message(SEAT_0, frames.patch(n + 1, []))])
    await until(lambda: bob.texts[-1] == text(n + 1))
    first = next(m for m in range(2, n + 1) if text(m) == bob.texts[1])
    assert bob.texts[1:] == [text(m) for m in range(first, n + 2)]  # none lost since
    await there.close()


@pytest.mark.redis
async def test_a_publish_does_not_wait_for_redis_to_reply(pubsub, redis_client):
    """Redis holds the write commands of every client, PUBLISH too, while paused: the
    publish returns all the same, and the frame goes out once Redis resumes."""
    here, there = hub.hub(pubsub), hub.Hub(pubsub)
    bob = Socket("bob")
    await joined(there, **{SEAT_0: [bob]})
    await here.send([message(SEAT_0, frames.patch(1, []))])  # the publisher is connected
    await until(lambda: bob.texts == [text(1)])
    await redis_client.execute_command("CLIENT", "PAUSE", 10_000, "WRITE")
    try:
        async with asyncio.timeout(2):  # well before the pause ends
            await here.send([message(SEAT_0, frames.patch(2, []))])
        await until_held(redis_client, here.link.publisher_name)  # it reached Redis
        assert bob.texts == [text(1)]  # and waits there: Redis cannot have replied
    finally:
        await redis_client.execute_command("CLIENT", "UNPAUSE")
    await until(lambda: bob.texts == [text(1), text(2)])
    await there.close()


async def until_held(client: Redis, name: str) -> None:
    """Until the connection ``name`` has a PUBLISH waiting in Redis (``CLIENT PAUSE``
    blocks it: flag ``b``)."""
    async with asyncio.timeout(5):
        while not any(
            c["name"] == name and "b" in c["flags"] and c["cmd"] == "publish"
            for c in await client.client_list()
        ):
            await asyncio.sleep(0.01)


async def publishes(client: Redis) -> int:
    """PUBLISH commands Redis has run (the tests do not run side by side)."""
    stats = await client.info("commandstats")
    return stats.get("cmdstat_publish", {}).get("calls", 0)


async def until_quiet(audiences: hub.Hub, group: str) -> None:
    n = 0
    async with asyncio.timeout(5):
        while not audiences.link.listeners.quiet(audiences.link.channel(group)):
            n += 1
            await audiences.send([message(group, frames.patch(n, []))])
            await asyncio.sleep(0.01)


async def reaches(sender: hub.Hub, group: str, numbers: range, socket: Socket) -> None:
    """Patches ``numbers`` sent to ``group`` arrive at ``socket``, every one and in order."""
    for n in numbers:
        await sender.send([message(group, frames.patch(n, []))])
    await until(lambda: len(socket.texts) >= len(numbers))
    assert socket.texts[-len(numbers) :] == [text(n) for n in numbers]


def refuse_one_reconnect(monkeypatch, link: relay.Relay) -> asyncio.Event:
    """``link`` cannot connect to Redis once (as while Redis restarts), and retries in half
    a second; the event is set when it was refused."""
    connect, refused = relay.Relay._connect, asyncio.Event()

    async def refused_once(self):
        if self is link and not refused.is_set():
            refused.set()
            raise ConnectionRefusedError("Redis is restarting")
        return await connect(self)

    monkeypatch.setattr(relay.Relay, "_connect", refused_once)
    return refused


async def drop_subscriber(redis_client: Redis, link: relay.Relay) -> None:
    [subscriber] = [c for c in await redis_client.client_list() if c["name"] == link.name]
    await redis_client.client_kill_filter(_id=subscriber["id"])


@pytest.mark.redis
async def test_an_audience_no_other_process_listens_to_is_not_published(pubsub, redis_client):
    """Its frames reach this process's sockets only: Redis carries none of them."""
    audiences = hub.hub(pubsub)
    ada = Socket("ada")
    await joined(audiences, **{SEAT_0: [ada]})
    await until_quiet(audiences, SEAT_0)
    ada.texts.clear()
    before = await publishes(redis_client)
    for n in range(1, 21):
        await fanout.send([(SEAT_0, fanout.frame_message(frames.patch(n, [])))])
    assert ada.texts == [text(n) for n in range(1, 21)]
    assert await publishes(redis_client) == before


@pytest.mark.redis
@pytest.mark.parametrize("pause", [0.0, 0.001, 0.003])
async def test_a_process_that_joins_a_quiet_audience_gets_every_frame_sent_after_its_join(
    pubsub, pause
):
    """One process sends to its quiet audience without pause while another joins it: from
    the moment the join returns (when a socket reads its sync) no frame is missed."""
    here, there = hub.hub(pubsub), hub.Hub(pubsub)
    ada, bob = Socket("ada"), Socket("bob")
    await joined(here, **{SEAT_0: [ada]})
    await until_quiet(here, SEAT_0)
    sent, stop = [0], asyncio.Event()

    async def send() -> None:
        while not stop.is_set():
            sent[0] += 1
            await here.send([message(SEAT_0, frames.patch(sent[0], []))])
            await asyncio.sleep(pause)

    sending = asyncio.create_task(send())
    await until(lambda: sent[0] >= 5)  # the sending is under way
    await there.join(SEAT_0, bob.outlet)
    joined_at = sent[0]  # sent before the join returned: bob may or may not have it
    await until(lambda: sent[0] >= joined_at + 5)  # and goes on after the join
    stop.set()
    await sending
    await until(lambda: bob.texts and bob.texts[-1] == text(sent[0]))
    first = int(bob.texts[0].split('"v":')[1].split(",")[0])
    assert first <= joined_at + 1
    assert bob.texts == [text(n) for n in range(first, sent[0] + 1)]
    assert not here.link.listeners.quiet(here.link.channel(SEAT_0))
    await there.close()


@pytest.mark.redis
async def test_a_hub_that_lost_its_subscriptions_publishes_to_its_quiet_audiences_again(
    pubsub, redis_client, monkeypatch
):
    """While it cannot subscribe again it would not hear a hello: another process joining
    then still gets every frame sent after its join returned."""
    here, there = hub.hub(pubsub), hub.Hub(pubsub)
    ada, bob = Socket("ada"), Socket("bob")
    await joined(here, **{SEAT_0: [ada]})
    await until_quiet(here, SEAT_0)
    refused = refuse_one_reconnect(monkeypatch, here.link)
    await drop_subscriber(redis_client, here.link)
    async with asyncio.timeout(5):
        await refused.wait()
    await there.join(SEAT_0, bob.outlet)
    await reaches(here, SEAT_0, range(1, 11), bob)
    await there.close()


@pytest.mark.redis
async def test_a_hub_subscribed_again_says_hello_to_those_that_went_quiet_meanwhile(
    pubsub, redis_client, monkeypatch
):
    """While this process's subscriptions were lost, another found their audience quiet:
    once subscribed again, it hears the other's frames again."""
    here, there = hub.hub(pubsub), hub.Hub(pubsub)
    ada, bob = Socket("ada"), Socket("bob")
    await joined(here, **{SEAT_0: [ada]})
    await joined(there, **{SEAT_0: [bob]})
    refused = refuse_one_reconnect(monkeypatch, here.link)
    await drop_subscriber(redis_client, here.link)
    async with asyncio.timeout(5):
        await refused.wait()
    await until_quiet(there, SEAT_0)
    channel = here.link.channel(SEAT_0)
    async with asyncio.timeout(5):  # here subscribed again
        while await subscribers(redis_client, channel) < 2:
            await asyncio.sleep(0.01)
    async with asyncio.timeout(5):
        while there.link.listeners.quiet(channel):
            await asyncio.sleep(0.01)
    await reaches(there, SEAT_0, range(1001, 1011), ada)
    await there.close()


@pytest.mark.redis
async def test_an_audience_nobody_has_a_socket_of_goes_quiet_until_someone_joins_it(
    pubsub, redis_client
):
    """The spectators of a match nobody watches: this process listens to their channel with
    no socket to write to, so their frames stay here, and hears a spectator who comes."""
    here, there = hub.hub(pubsub), hub.Hub(pubsub)
    await until_quiet(here, WATCHERS)
    assert WATCHERS not in here.audiences
    before = await publishes(redis_client)
    for n in range(1, 11):
        await here.send([message(WATCHERS, frames.patch(n, []))])
    assert await publishes(redis_client) == before
    eve = Socket("eve")
    await there.join(WATCHERS, eve.outlet)
    await reaches(here, WATCHERS, range(11, 21), eve)
    await there.close()


@pytest.mark.redis
async def test_the_oldest_audience_listened_to_without_a_socket_is_let_go(
    pubsub, redis_client, monkeypatch
):
    monkeypatch.setattr(relay, "OVERHEARD", 2)
    here = hub.hub(pubsub)
    watchers = [fanout.seat_group(MATCH + n, None) for n in range(3)]
    for group in watchers:
        await until_quiet(here, group)
    channels = [here.link.channel(group) for group in watchers]
    async with asyncio.timeout(5):
        while await subscribers(redis_client, channels[0]):
            await asyncio.sleep(0.01)
    assert [await subscribers(redis_client, c) for c in channels] == [0, 1, 1]
    assert not here.link.listeners.quiet(channels[0])


def unreachable_layer() -> dict:
    return {
        "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
        "CONFIG": {"hosts": ["redis://127.0.0.1:1/0"]},  # nothing listens there
    }


async def test_sends_while_redis_is_away_return_and_warn_once(settings, caplog):
    settings.CHANNEL_LAYERS = {"default": unreachable_layer()}
    audiences = hub.Hub(get_channel_layer())
    with caplog.at_level(logging.WARNING, logger="spacemission"):
        for n in range(1, 51):
            await audiences.send([message(SEAT_0, frames.patch(n, []))])
            await asyncio.sleep(0.02)  # 1 s: the relay tries to connect again meanwhile
    await audiences.close()
    warnings = [r for r in caplog.records if r.name.startswith("spacemission")]
    assert [r.name for r in warnings] == [relay.__name__]
    assert "cannot publish" in warnings[0].getMessage()


async def test_a_join_fails_when_the_relay_cannot_reach_redis(settings):
    settings.CHANNEL_LAYERS = {"default": unreachable_layer()}
    audiences = hub.Hub(get_channel_layer())
    ada = Socket("ada")
    with pytest.raises(RedisError):
        await audiences.join(SEAT_0, ada.outlet)
    assert audiences.audiences == {}
    await audiences.close()


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


async def test_one_process_on_the_in_memory_layer_sends_nothing_through_it(settings, monkeypatch):
    settings.CHANNEL_LAYERS = {"default": layer_config("memory")}
    layer = get_channel_layer()
    sent: list[str] = []
    real = layer.group_send

    async def counted(group: str, message: dict) -> None:
        sent.append(group)
        await real(group, message)

    monkeypatch.setattr(layer, "group_send", counted)
    audiences, ada = hub.hub(layer), Socket("ada")
    await joined(audiences, **{SEAT_0: [ada]})
    await fanout.send([(SEAT_0, fanout.frame_message(frames.patch(1, [])))])
    assert ada.texts == [text(1)] and sent == []  # no other process to relay to
    other = hub.Hub(layer)  # a second hub on it, as two processes in one test are
    try:
        await fanout.send([(SEAT_0, fanout.frame_message(frames.patch(2, [])))])
        assert ada.texts == [text(1), text(2)] and sent == [SEAT_0]
    finally:
        await other.close()
