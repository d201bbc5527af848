"""A Daphne process is killed (SIGKILL) while its matches are being played: with
PostgreSQL and Redis its clients move to the other process; on the embedded default
(SQLite, no shared channel layer) it is started again and they come back to it. Either
way nothing acknowledged is lost."""

from __future__ import annotations

import pytest

from tests.faults.conftest import QUIET_SERVER, prefix
from tests.faults.drill import GAME, Player, Table, acknowledged_rows, final_views, held
from tests.platform.live.remote import replayed_states, seed_match, stored
from tests.support.servers import Database, Server, fresh_database, start_server

pytestmark = pytest.mark.slow
MATCHES = 2
TIMEOUT = 50.0


def seated(database: Database, first: Server, second: Server) -> list[Player]:
    """Four players and a watcher for each of ``MATCHES`` new matches; half the seats
    prefer ``first``, half ``second``."""
    players: list[Player] = []
    for m in range(MATCHES):
        names = [f"p{m}{s}" for s in range(4)]
        match_id = seed_match(database, [f"@{n}" for n in names])
        for seat, name in enumerate(names):
            order = [first, second] if seat % 2 else [second, first]
            players.append(Player(order, match_id, database.session(name), name=name))
        players.append(Player([second, first], match_id, name=f"watcher{m}"))
    return players


def nothing_acked_lost(database: Database, players: list[Player]) -> None:
    for match_id in {p.match_id for p in players}:
        match = stored(database, match_id)
        states = replayed_states(match)
        assert match["snapshot_ok"]  # the stored snapshot is the replay of the log to it
        assert states[-1] == match["state"]  # the stored state is the replay of the log
        assert len(states) - 1 == match["version"]
        rows = acknowledged_rows(database, match_id)
        for player in (p for p in players if p.match_id == match_id):
            # Every acknowledged act is in the log, at the version its ack named.
            assert all(rows.get(cid) == v for cid, v in player.acked.items()), player.name
            assert player.v == held(match, player.seat)
            assert player.view == GAME.view(match["state"], player.seat)


@pytest.mark.postgres
@pytest.mark.redis
async def test_clients_of_a_killed_process_move_to_the_other_and_nothing_acked_is_lost(
    database, servers, shared_redis
):
    channels = prefix()
    a = servers(database, shared_redis, CHANNELS_PREFIX=channels)
    b = servers(database, shared_redis, CHANNELS_PREFIX=channels)
    players = seated(database, a, b)
    table = Table(players)
    await table.reach(4, TIMEOUT)  # every socket is open and play is under way

    b.kill()
    on_b = [p for p in players if p.server is b]
    await table.reach(max(p.v for p in players) + 10, TIMEOUT)
    await table.stop()
    await final_views(players)

    assert on_b and all(p.counts.reconnects >= 1 and p.server is a for p in on_b)
    nothing_acked_lost(database, players)


async def test_the_embedded_default_killed_and_started_again_loses_nothing_acked():
    database = fresh_database("sqlite")
    server = start_server(database, env=QUIET_SERVER)
    again: Server | None = None
    try:
        players = seated(database, server, server)
        table = Table(players)
        await table.reach(4, TIMEOUT)

        server.kill()  # mid-play: acts in flight, some acknowledged just before
        again = start_server(database, port=server.port, env=QUIET_SERVER)
        await table.reach(max(p.v for p in players) + 10, TIMEOUT)
        await table.stop()
        await final_views(players)

        assert all(p.counts.reconnects >= 1 for p in players)
        nothing_acked_lost(database, players)
    finally:
        for process in (server, again):
            if process is not None:
                process.kill()
        database.drop()
