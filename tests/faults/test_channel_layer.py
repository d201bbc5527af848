"""The channel layer loses messages: its Redis restarts, or its queues overflow. Clients
notice (a version gap, an ack whose patch does not come, a silent socket), catch up by
``sync`` or by reconnecting, and end on the stored match's views."""

from __future__ import annotations

import asyncio

import pytest

from tests.faults.conftest import prefix
from tests.faults.drill import Player, Table, check_converged, final_views
from tests.platform.live.remote import seed_match
from tests.support.servers import Database, Server

pytestmark = [pytest.mark.slow, pytest.mark.postgres, pytest.mark.redis]
TIMEOUT = 50.0


def seat_players(db: Database, servers: list[Server], matches: int, watchers: int) -> list[Player]:
    """Four seated players and ``watchers`` spectators per match, spread over ``servers``."""
    players: list[Player] = []
    for m in range(matches):
        names = [f"p{m}{s}" for s in range(4)]
        match_id = seed_match(db, [f"@{n}" for n in names])
        for seat, name in enumerate(names):
            order = servers[seat % len(servers) :] + servers[: seat % len(servers)]
            players.append(Player(order, match_id, db.session(name), name=name))
        players += [Player(servers[::-1], match_id, name=f"w{m}{w}") for w in range(watchers)]
    return players


async def test_clients_converge_by_sync_when_the_layer_drops_group_messages(
    database, servers, shared_redis
):
    # A capacity of one message per process queue: the patches of one act, sent to five
    # groups at once, overflow the other process's, and channels_redis drops the excess
    # (a process writes its own sockets' frames itself: only the other's can be lost).
    channels = prefix()
    pair = [
        servers(
            database,
            shared_redis,
            CHANNELS_PREFIX=channels,
            CHANNELS_LAYER="core",
            CHANNELS_CAPACITY="1",
            LOG_LEVEL="INFO",  # channels_redis logs each group message it drops
        )
        for _ in range(2)
    ]
    players = seat_players(database, pair, matches=2, watchers=2)
    table = Table(players)
    await table.reach(20, TIMEOUT)
    await table.stop()
    caught_up = sum(p.resynced() for p in players)  # before the final views' syncs
    await final_views(players)

    assert any("over capacity" in s.log() for s in pair)  # group messages were really dropped
    assert caught_up > 0  # and the sockets were caught up
    assert sum(p.counts.reconnects for p in players) == 0
    check_converged(database, players)


async def test_clients_recover_when_redis_restarts_under_load(database, servers, private_redis):
    channels = prefix()
    pair = [servers(database, private_redis.url, CHANNELS_PREFIX=channels) for _ in range(2)]
    players = seat_players(database, pair, matches=2, watchers=1)
    table = Table(players)
    await table.reach(4, TIMEOUT)

    private_redis.kill()  # every group and queued message is gone with it
    await asyncio.sleep(1.0)
    private_redis.start()
    await table.reach(max(p.v for p in players) + 10, TIMEOUT)
    await table.stop()
    # The restart lost the subscriptions and the frames sent meanwhile: the sockets had
    # to be caught up (by the server, or by a client that noticed a gap).
    recovered = sum(p.counts.reconnects + p.resynced() for p in players)
    await final_views(players)

    assert all(s.process.poll() is None for s in pair)  # both servers survived
    assert recovered > 0
    check_converged(database, players)
