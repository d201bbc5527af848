"""The match websocket in one process: the protocol of docs/protocol.md, frame by frame."""

from __future__ import annotations

import asyncio
import time
import uuid
from datetime import timedelta

import jsonpatch
import pytest
from channels.db import database_sync_to_async
from django.utils import timezone
from redis.exceptions import ConnectionError as RedisConnectionError

from games import registry
from spacemission import ratelimit
from spacemission.live import bots, presence, relay, roster
from spacemission.live.consumers import TRY_AGAIN_CLOSE, MatchConsumer
from spacemission.live.models import Connection
from spacemission.matches.models import Action, ChatLine, Match
from spacemission.matches.states import current
from tests.platform.live.conftest import create_match, create_user, session_cookie
from tests.platform.live.wsclient import Client
from tests.support.services import need_redis

pytestmark = pytest.mark.django_db(transaction=True)
TOY = registry.get("toy")
CROWD = 12
PLAYING = {"away": False, "resigned": False}  # no stand-in, nobody resigned


def seat_facts(seat: dict) -> dict:
    """Who a seat is and who plays it (the clock's and the vote's fields left out)."""
    return {k: v for k, v in seat.items() if k not in {"timeouts", "gone_since", "votes"}}


@database_sync_to_async
def new_match(players, **kwargs) -> Match:
    return create_match(players, **kwargs)


@database_sync_to_async
def fresh(match: Match) -> Match:
    stored = Match.objects.get(pk=match.pk)
    current(stored)  # its state, read here where the database may be used
    return stored


async def test_sync_on_connect_holds_the_seat_view_and_match_facts(users, connect):
    ada, bob = users[:2]
    match = await new_match([ada, bob, "random"])
    client = await connect(match, ada)
    sync = client.frames[0]
    assert sync["t"] == "sync" and sync["v"] == 0 and sync["seat"] == 0
    assert sync["view"] == TOY.view(current(match), 0)
    assert [seat_facts(s) for s in sync["match"]["seats"]] == [
        {"seat": 0, "name": "ada", "bot": None, "user": "ada", **PLAYING},
        {"seat": 1, "name": "bob", "bot": None, "user": "bob", **PLAYING},
        {"seat": 2, "name": "Random bot", "bot": "random", "user": None, **PLAYING},
    ]
    assert sync["match"]["status"] == "running" and sync["match"]["id"] == match.pk
    assert sync["chat"] == []
    await client.send({"t": "sync"})
    again = await client.expect("sync")
    assert again["view"] == sync["view"]


async def test_spectators_and_anonymous_visitors_get_the_spectator_view(users, connect):
    ada, bob, cy = users[:3]
    match = await new_match([ada, bob])
    for user in (cy, None):
        client = await connect(match, user)
        assert client.seat is None
        assert client.view == TOY.view(current(match), None)
        assert client.view["me"] is None


async def test_act_gives_the_sender_its_patch_with_the_acts_id_and_a_patch_to_every_group(
    users, connect
):
    ada, bob, cy = users[:3]
    match = await new_match([ada, bob])
    a, b, spectator = await connect(match, ada), await connect(match, bob), await connect(match, cy)
    action = TOY.legal_actions(current(match), 0)[0]
    await a.send({"t": "act", "id": "a1", "v": 0, "action": action})
    own = await a.answer("a1")
    assert (own["t"], own["id"], own["v"]) == ("patch", "a1", 1)  # the ack, in the patch
    after = current(await fresh(match))
    assert jsonpatch.apply_patch(TOY.view(current(match), 0), own["ops"]) == TOY.view(after, 0)
    for client, seat in ((a, 0), (b, 1), (spectator, None)):
        await client.until_version(1)
        assert client.view == TOY.view(after, seat)
        assert client.gaps == 0
    assert not any(f["t"] == "ack" or "id" in f for f in b.frames + spectator.frames)
    assert not any(f["t"] == "ack" for f in a.frames)
    assert [f["v"] for f in a.frames if f["t"] == "patch"] == [1]  # its patch came once


@pytest.mark.redis
async def test_the_pubsub_layer_sends_an_acts_patches_together(
    users, connect, settings, monkeypatch
):
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [need_redis()], "prefix": f"test-{uuid.uuid4().hex[:12]}"},
        }
    }
    together = []
    publish = relay.Relay.publish

    async def counted(self, items, **kwargs):
        await publish(self, items, **kwargs)  # one pipeline
        together.append(len(items))

    monkeypatch.setattr(relay.Relay, "publish", counted)
    ada, bob, cy = users[:3]
    match = await new_match([ada, bob])
    a, b, spectator = await connect(match, ada), await connect(match, bob), await connect(match, cy)
    action = TOY.legal_actions(current(match), 0)[0]
    await a.send({"t": "act", "id": "a1", "v": 0, "action": action})
    await a.answer("a1")
    after = current(await fresh(match))
    for client, seat in ((a, 0), (b, 1), (spectator, None)):
        await client.until_version(1)
        assert client.view == TOY.view(after, seat) and client.gaps == 0
    # Two seats' patches and the spectators', each with the new clock in it (bob's runs
    # now), in one pipeline (counted once Redis answered the pipeline, which may be after
    # the patches arrived); no fourth message for the clock.
    async with asyncio.timeout(5):
        while 3 not in together:
            await asyncio.sleep(0.01)
    assert 4 not in together


async def test_an_illegal_action_is_an_error_with_the_rules_code(users, connect):
    ada, bob = users[:2]
    match = await new_match([ada, bob])
    a = await connect(match, ada)
    hidden = current(match)["hands"][1][0]
    await a.send({"t": "act", "id": "x", "v": 0, "action": {"type": "play", "card": hidden}})
    error = await a.expect("error")
    assert error["id"] == "x" and error["code"] == "card_not_in_hand" and error["message"]
    b = await connect(match, bob)
    await b.send({"t": "act", "id": "y", "v": 0, "action": {"type": "play", "card": hidden}})
    assert (await b.expect("error"))["code"] == "not_your_turn"
    assert (await fresh(match)).version == 0


async def test_a_stale_version_is_refused_and_a_sync_follows(users, connect):
    ada, bob = users[:2]
    match = await new_match([ada, bob])
    a = await connect(match, ada)
    action = TOY.legal_actions(current(match), 0)[0]
    await a.send({"t": "act", "id": "a1", "v": 3, "action": action})
    error = await a.expect("error")
    assert (error["id"], error["code"]) == ("a1", "stale_version")
    assert a.frames[-1] is error
    sync = await a.expect("sync")
    assert sync["v"] == 0
    assert (await fresh(match)).version == 0


async def test_the_same_client_id_applies_once_and_is_acked_again(users, connect):
    ada, bob = users[:2]
    match = await new_match([ada, bob])
    a = await connect(match, ada)
    frame = {"t": "act", "id": "once", "v": 0, "action": TOY.legal_actions(current(match), 0)[0]}
    await a.send(frame)
    assert (await a.answer("once"))["t"] == "patch"
    await a.until_version(1)
    # A reconnecting client sends it again: acked with the same version, applied once.
    again = await connect(match, ada)
    await again.send(frame)
    assert await again.expect("ack") == {"t": "ack", "id": "once", "v": 1}
    assert await database_sync_to_async(Action.objects.filter(match=match).count)() == 1
    assert not [f for f in await a.drain() if f["t"] in {"patch", "ack"}]


async def test_spectators_and_anonymous_visitors_cannot_act(users, connect):
    ada, bob, cy = users[:3]
    match = await new_match([ada, bob])
    action = TOY.legal_actions(current(match), 0)[0]
    for user in (cy, None):
        client = await connect(match, user)
        await client.send({"t": "act", "id": "s", "v": 0, "action": action})
        error = await client.expect("error")
        assert (error["id"], error["code"]) == ("s", "spectator")
    assert (await fresh(match)).version == 0


@pytest.mark.parametrize(
    ("frame", "code", "frame_id"),
    [
        ("{not json", "bad_json", None),
        ("[1, 2]", "bad_json", None),
        ('"act"', "bad_json", None),
        ("{}", "bad_frame", None),
        ('{"t": 5}', "bad_frame", None),
        ('{"t": "shout"}', "unknown_type", None),
        ('{"t": "act", "v": 0, "action": {"type": "play"}}', "bad_frame", None),
        ('{"t": "act", "id": "", "v": 0, "action": {"type": "play"}}', "bad_frame", None),
        ('{"t": "act", "id": "' + "x" * 65 + '", "v": 0, "action": {}}', "bad_frame", None),
        ('{"t": "act", "id": "a", "v": "0", "action": {"type": "play"}}', "bad_frame", "a"),
        ('{"t": "act", "id": "a", "v": true, "action": {"type": "play"}}', "bad_frame", "a"),
        ('{"t": "act", "id": "a", "v": -1, "action": {"type": "play"}}', "bad_frame", "a"),
        ('{"t": "act", "id": "a", "v": 0, "action": "play"}', "bad_frame", "a"),
        ('{"t": "act", "id": "a", "v": 0, "action": {"card": "k001"}}', "bad_frame", "a"),
        ('{"t": "act", "id": "a", "v": 0, "action": {"type": "fly"}}', "unknown_action", "a"),
        ('{"t": "chat"}', "bad_frame", None),
        ('{"t": "chat", "text": ["hi"]}', "bad_frame", None),
        ('{"t": "chat", "text": "   "}', "chat_empty", None),
        ('{"t": "chat", "text": "' + "a" * 501 + '"}', "chat_too_long", None),
        ('{"t": "sync", "pad": "' + "a" * 8200 + '"}', "frame_too_large", None),
        ('{"t": "chat", "text": "' + "é" * 4100 + '"}', "frame_too_large", None),
    ],
)
async def test_bad_frames_get_an_error_and_the_socket_stays_open(
    users, connect, frame, code, frame_id
):
    ada, bob = users[:2]
    match = await new_match([ada, bob])
    a = await connect(match, ada)
    await a.send(frame)
    error = await a.expect("error")
    assert (error["code"], error["id"]) == (code, frame_id)
    await a.send({"t": "ping"})
    await a.expect("pong")
    assert (await fresh(match)).version == 0


async def test_binary_frames_are_refused(users, connect):
    ada = users[0]
    match = await new_match([ada, "random"])
    a = await connect(match, ada)
    await a.ws.send_to(bytes_data=b'{"t": "ping"}')
    assert (await a.expect("error"))["code"] == "bad_json"


async def test_flooding_is_rate_limited_then_closed_with_4008(users, connect):
    ada = users[0]
    match = await new_match([ada, "random"])
    a = await connect(match, ada)
    for _ in range(200):  # far beyond what the bucket refills while they are read
        await a.send({"t": "ping"})
    codes = []
    while True:
        frame = await a.recv()
        if frame["t"] == "closed":
            break
        if frame["t"] != "presence":
            codes.append(frame.get("code", frame["t"]))
    assert frame["code"] == 4008
    assert codes[:20] == ["pong"] * 20  # the burst is served
    assert "rate_limited" in codes
    assert codes.count("rate_limited") + codes.count("pong") == len(codes)


async def test_stale_refusals_caused_by_another_seats_acts_never_close_the_socket(
    users, connect, monkeypatch
):
    """Bob acts on a view ada's act has just moved on, again and again (as a Jump Drive
    player does while another commits and takes it back, J15): each is refused and
    answered with a fresh view, and none counts toward the flood limit. Versions bob was
    never sent, or older than his last sync, still count."""
    monkeypatch.setattr(ratelimit, "FLOOD_REFUSALS", 3)
    ada, bob = users[:2]
    match = await new_match([ada, bob])
    a, b = await connect(match, ada), await connect(match, bob)
    for turn in range(5):
        seen = b.v
        await play_first(a, f"a{turn}")  # bob's view moves on: his act is stale
        await b.send({"t": "act", "id": f"s{turn}", "v": seen, "action": {"type": "play"}})
        assert (await b.answer(f"s{turn}"))["code"] == "stale_version"
        await b.expect("sync")
        await play_first(b, f"b{turn}")
    for bad in range(3):  # never sent to him: his own fault
        await b.send({"t": "act", "id": f"x{bad}", "v": 10**6, "action": {"type": "play"}})
    assert (await b.expect("closed"))["code"] == ratelimit.FLOOD_CLOSE


async def play_first(client, frame_id: str) -> None:
    """The client plays its first legal card on its current view; waits for the answer."""
    while client.seat not in (client.view or {}).get("active", []):
        await client.recv()
    action = client.view["legal"][0]
    await client.send({"t": "act", "id": frame_id, "v": client.v, "action": action})
    assert (await client.answer(frame_id))["t"] == "patch"


async def test_a_few_refusals_do_not_close_the_socket(users, connect):
    ada = users[0]
    match = await new_match([ada, "random"])
    a = await connect(match, ada)
    for _ in range(10):
        await a.send("nonsense")
        assert (await a.expect("error"))["code"] == "bad_json"
    await a.send({"t": "ping"})
    await a.expect("pong")


async def test_presence_counts_seats_and_spectators_as_they_come_and_go(users, connect):
    ada, bob, cy = users[:3]
    match = await new_match([ada, bob, "random"])
    a = await connect(match, ada)
    assert await a.expect("presence") == {"t": "presence", "connected": [0], "spectators": 0}
    b = await connect(match, bob)
    await a.expect("presence", connected=[0, 1], spectators=0)
    await connect(match, cy)
    await connect(match, None)
    await a.expect("presence", connected=[0, 1], spectators=2)
    second = await connect(match, ada)  # a second tab of the same player
    await a.expect("presence", connected=[0, 1], spectators=2)
    await b.close()
    await a.expect("presence", connected=[0], spectators=2)
    await second.close()
    await a.expect("presence", connected=[0], spectators=2)


async def test_chat_reaches_players_and_spectators_and_comes_with_sync(users, connect):
    ada, bob, cy = users[:3]
    match = await new_match([ada, bob])
    a, spectator = await connect(match, ada), await connect(match, cy)
    text = "<b>gl hf</b> & <script>alert(1)</script>"
    await a.send({"t": "chat", "text": f"  {text}  "})
    for client in (a, spectator):
        line = await client.expect("chat")
        assert (line["seat"], line["name"], line["text"]) == (0, "ada", text)
        assert line["at"].endswith("Z")
    await spectator.send({"t": "chat", "text": "watching"})
    line = await a.expect("chat", text="watching")
    assert (line["seat"], line["name"]) == (None, "cy")
    late = await connect(match, bob)
    assert [(c["name"], c["text"]) for c in late.frames[0]["chat"]] == [
        ("ada", text),
        ("cy", "watching"),
    ]


async def test_chat_is_rate_limited_per_user_and_needs_a_user(users, connect):
    ada, bob = users[:2]
    match = await new_match([ada, bob])
    a, a2 = await connect(match, ada), await connect(match, ada)
    for i in range(5):
        await (a if i % 2 else a2).send({"t": "chat", "text": f"line {i}"})
        await a.expect("chat", text=f"line {i}")
    await a.send({"t": "chat", "text": "one too many"})
    assert (await a.expect("error"))["code"] == "chat_rate_limited"
    await a2.send({"t": "chat", "text": "from the other tab"})
    assert (await a2.expect("error"))["code"] == "chat_rate_limited"
    anonymous = await connect(match, None)
    await anonymous.send({"t": "chat", "text": "hello"})
    assert (await anonymous.expect("error"))["code"] == "login_required"
    assert await database_sync_to_async(ChatLine.objects.count)() == 5


async def test_sync_sends_the_last_fifty_chat_lines(users, connect):
    ada, bob = users[:2]
    match = await new_match([ada, bob])

    @database_sync_to_async
    def talk():
        for i in range(60):
            ChatLine.objects.create(match=match, seat=1, user=bob, name="bob", text=f"{i}")

    await talk()
    client = await connect(match, ada)
    assert [c["text"] for c in client.frames[0]["chat"]] == [str(i) for i in range(10, 60)]


async def test_private_tables_refuse_strangers_as_if_there_were_no_match(users, connect):
    ada, bob, cy = users[:3]
    match = await new_match([ada, bob], private=True)
    for user in (cy, None):
        client = await connect(match, user, expect_sync=False)
        assert await client.recv() == {"t": "closed", "code": 4004}
    seated = await connect(match, bob)
    assert seated.seat == 1


async def test_an_unknown_match_closes_with_4004(users, connect):
    client = await connect(type("Missing", (), {"pk": 999_999})(), users[0], expect_sync=False)
    assert await client.recv() == {"t": "closed", "code": 4004}


async def test_a_client_that_missed_patches_catches_up_with_sync(users, connect):
    ada, bob = users[:2]
    match = await new_match([ada, bob])
    a, b = await connect(match, ada), await connect(match, bob)
    state = current(match)
    for version, seat, client in ((0, 0, a), (1, 1, b), (2, 0, a)):
        action = TOY.legal_actions(state, seat)[0]
        await client.send({"t": "act", "id": f"m{version}", "v": version, "action": action})
        await client.answer(f"m{version}")
        state = TOY.apply(state, seat, action)[0]
    await b.until_version(3)
    # b lost the first two patches: its sync gives the current view, equal to patching.
    await b.send({"t": "sync"})
    sync = await b.expect("sync")
    assert sync["v"] == 3 and sync["view"] == TOY.view(state, 1) == b.views[3]
    patched = jsonpatch.apply_patch(
        b.views[1], [op for f in b.frames if f["t"] == "patch" and f["v"] > 1 for op in f["ops"]]
    )
    assert patched == sync["view"]


async def test_a_bot_moves_by_itself_and_everyone_sees_it(users, connect):
    ada = users[0]
    match = await new_match([ada, "greedy"])
    a = await connect(match, ada)
    action = TOY.legal_actions(current(match), 0)[0]
    await a.send({"t": "act", "id": "a1", "v": 0, "action": action})
    await a.until_version(2)  # ada's act, then the bot's
    stored = await fresh(match)
    assert stored.version == 2 and a.view == TOY.view(current(stored), 0)
    assert a.view["active"] == [0]


async def test_replacing_a_player_with_a_bot_turns_their_connection_into_a_spectator(
    users, connect
):
    from spacemission.matches.services import replace_with_bot

    ada, bob = users[:2]
    match = await new_match([ada, bob])
    a, b = await connect(match, ada), await connect(match, bob)
    await database_sync_to_async(replace_with_bot)(match, 0)
    sync = await a.expect("sync", seat=None)
    assert sync["view"]["me"] is None
    assert seat_facts(sync["match"]["seats"][0]) == {
        "seat": 0,
        "name": "Easy bot",
        "bot": "easy",
        "user": "ada",
        "away": False,
        "resigned": True,
    }
    await b.until_version(1)  # the bot took ada's turn
    await b.expect("presence", connected=[1], spectators=0)  # she left: no spectator
    await a.send({"t": "act", "id": "late", "v": 1, "action": {"type": "play", "card": "k000"}})
    assert (await a.expect("error"))["code"] == "spectator"


async def test_another_users_session_cannot_play_a_seat(users, connect):
    ada, bob = users[:2]
    eve = await database_sync_to_async(create_user)("eve")
    match = await new_match([ada, bob])
    a, e = await connect(match, ada), await connect(match, eve)
    assert e.seat is None
    action = TOY.legal_actions(current(match), 0)[0]  # ada's turn
    await e.send({"t": "act", "id": "e1", "v": 0, "action": action})
    assert (await e.answer("e1"))["code"] == "spectator"
    assert (await fresh(match)).version == 0
    await a.send({"t": "act", "id": "a1", "v": 0, "action": action})  # still ada's to play
    assert (await a.answer("a1"))["t"] == "patch"
    assert (await fresh(match)).version == 1


async def test_a_player_who_leaves_a_private_table_stops_watching_it(users, connect):
    from spacemission.matches.services import replace_with_bot

    ada, bob = users[:2]
    match = await new_match([ada, bob, "random"], private=True)
    a, b = await connect(match, ada), await connect(match, bob)
    await database_sync_to_async(replace_with_bot)(match, 1)
    assert (await b.expect("closed")) == {"t": "closed", "code": 4004}
    sync = await a.expect("sync")
    assert sync["match"]["seats"][1]["bot"] == "easy"


async def test_a_crowd_arriving_together_gets_a_few_presence_frames_not_one_per_arrival(
    users, connect, monkeypatch
):
    monkeypatch.setattr(roster, "WINDOW", 1.0)
    ada = users[0]
    match = await new_match([ada, "random"])
    a = await connect(match, ada)
    await a.expect("presence", connected=[0], spectators=0)
    started = time.monotonic()
    crowd = [await connect(match, None) for _ in range(CROWD)]
    joining = time.monotonic() - started
    await a.expect("presence", connected=[0], spectators=CROWD)  # the latest counts
    await a.drain()
    sent = sum(1 for frame in a.frames if frame["t"] == "presence")
    # One frame at ada's own join, then at most one per window while the crowd arrives,
    # and one at the end of the last window; one per arrival would be 1 + CROWD.
    assert sent <= 3 + joining / roster.WINDOW < 1 + CROWD
    for client in crowd:
        await client.close()
    await a.expect("presence", connected=[0], spectators=0)


async def test_a_match_without_bots_does_not_look_for_a_bot_move(users, connect, monkeypatch):
    scheduled = []
    monkeypatch.setattr(bots, "schedule", scheduled.append)
    ada, bob = users[:2]
    match = await new_match([ada, bob])
    a = await connect(match, ada)
    scheduled.clear()  # starting a match asks once, whoever plays it
    action = TOY.legal_actions(current(match), 0)[0]
    await a.send({"t": "act", "id": "a1", "v": 0, "action": action})
    await a.until_version(1)
    await (await connect(match, bob)).expect("presence")  # sent once its set-up is done
    assert scheduled == []
    with_bot = await new_match([ada, "greedy"])
    scheduled.clear()
    # A connection resumes a bot that stopped with its process.
    await (await connect(with_bot, ada)).expect("presence")
    assert scheduled == [with_bot.pk]


async def test_a_connection_the_channel_layer_cannot_set_up_closes_with_a_retryable_code(
    users, monkeypatch
):
    async def too_many(self):
        raise RedisConnectionError("Too many connections")

    monkeypatch.setattr(MatchConsumer, "_join_groups", too_many)
    ada = users[0]
    match = await new_match([ada, "random"])
    client = Client(match.pk, await database_sync_to_async(session_cookie)(ada))
    await client.open(expect_sync=False)
    assert await client.recv() == {"t": "closed", "code": TRY_AGAIN_CLOSE}
    assert not await database_sync_to_async(Connection.objects.exists)()


async def test_one_heartbeat_refreshes_every_connection_of_the_process(users, connect):
    ada = users[0]
    match = await new_match([ada, "random"])
    a = await connect(match, ada)
    await connect(match, None)
    await a.expect("presence", connected=[0], spectators=1)
    long_ago = timezone.now() - presence.STALE - timedelta(seconds=1)
    await database_sync_to_async(Connection.objects.update)(seen_at=long_ago)
    await roster.beat()
    counts = await database_sync_to_async(presence.snapshot)(match.pk)
    assert counts == {"t": "presence", "connected": [0], "spectators": 1}
