"""Redis goes away mid-game and comes back: every socket reaches the stored version by
the server's doing alone, and no match stalls (docs/reliability.md).

Each 2-seat match has seat 0's socket on one process and seat 1's (and a spectator's) on
the other, so every act's frames for the other seat cross Redis. The players' clients
behave as the site's page does: they sync after a version gap, never because nothing
came for a while, so a socket that missed its last frame is caught up by the server.
"""

from __future__ import annotations

import asyncio

import pytest

from tests.faults.conftest import prefix
from tests.faults.drill import Player, Table, check_converged, final_views
from tests.faults.figures import (
    Figures,
    catch_up_times,
    count_outcome,
    stalled,
    versions_now,
)
from tests.platform.live.remote import seed_matches
from tests.support.servers import Database, Server

pytestmark = [pytest.mark.slow, pytest.mark.postgres, pytest.mark.redis]
MATCHES = 8
OUTAGE = 3.0  # seconds Redis is away while the players play on
CATCH_UP_WITHIN = 20.0  # seconds a drill waits for every socket before failing
TIMEOUT = 40.0


def split_tables(db: Database, a: Server, b: Server, matches: int) -> list[Player]:
    """2-seat matches: seat 0 on ``a``; seat 1 and a spectator on ``b``."""
    players: list[Player] = []
    tables = [[f"r{m}a", f"r{m}b"] for m in range(matches)]
    sessions = db.sessions([name for names in tables for name in names])
    match_ids = seed_matches(db, [[f"@{n}" for n in names] for names in tables])
    for m, (names, match_id) in enumerate(zip(tables, match_ids, strict=True)):
        for seat, name in enumerate(names):
            order = [a, b] if seat == 0 else [b, a]
            players.append(Player(order, match_id, sessions[name], name=name, stall=None))
        players.append(Player([b, a], match_id, name=f"r{m}w", stall=None))
    return players


async def test_every_socket_reaches_the_stored_version_after_redis_restarts(
    database, servers, private_redis
):
    channels = prefix()
    a, b = (servers(database, private_redis.url, CHANNELS_PREFIX=channels) for _ in range(2))
    players = split_tables(database, a, b, MATCHES)
    figures = Figures("redis-restart", MATCHES, len(players))
    table = Table(players)
    await table.reach(2, TIMEOUT)

    private_redis.kill()  # every subscription, and every frame published meanwhile, is gone
    await asyncio.sleep(OUTAGE)  # the outage itself: players play on
    private_redis.start()
    fault_end = versions_now(database, {p.match_id for p in players})
    figures.catch_up = await catch_up_times(database, players, CATCH_UP_WITHIN)
    await table.reach(max(p.v for p in players) + 4, TIMEOUT)  # and play goes on
    figures.stalled = stalled(database, fault_end)
    await table.stop()
    await final_views(players)
    count_outcome(database, players, figures)
    print(figures.line())

    assert all(s.process.poll() is None for s in (a, b))
    assert any("catch up" in s.log() or "subscribing again" in s.log() for s in (a, b))
    assert (figures.lost, figures.duplicated, figures.stalled, figures.clock_errors) == (0,) * 4
    check_converged(database, players)
