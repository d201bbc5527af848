"""Real Daphne processes: fan-out across processes, restarts, and racing acts.

Every match here is Space Mission (server processes know only the registered games),
played to its end by bots and by the test through its players' websockets. The views
each client held are checked against the views rebuilt from the stored action log.
"""

from __future__ import annotations

import asyncio

import pytest

from games import registry
from tests.platform.live.remote import RemoteClient, replayed_states, seed_match, stored
from tests.platform.live.wsclient import answers_act
from tests.support.servers import Database, fresh_database, start_server
from tests.support.services import need_postgres, need_redis

pytestmark = pytest.mark.slow
GAME = registry.get("space-mission")
GAME_TIMEOUT = 120.0


@pytest.fixture
def database():
    db = fresh_database()
    yield db
    db.drop()


@pytest.fixture
def servers():
    """``servers(db, ...)`` starts a Daphne process; all are stopped afterwards."""
    started = []

    def start(db: Database, **kwargs):
        server = start_server(db, **kwargs)
        started.append(server)
        return server

    yield start
    for server in started:
        server.kill()
        print(f"--- server on port {server.port} ---\n{server.log()[-5000:]}")  # shown on failure


async def play(people: list[RemoteClient], watchers: list[RemoteClient], stop_at=None) -> int:
    """Act for ``people`` until the game ends (or reaches version ``stop_at``)."""
    everyone = [*people, *watchers]
    acted: dict[int, int] = {}
    async with asyncio.timeout(GAME_TIMEOUT):
        while True:
            for client in people:
                errors = [f for f in client.frames if f["t"] == "error"]
                assert not errors, errors
                view = client.view
                if client.seat in view["active"] and acted.get(client.seat) != client.v:
                    action = GAME.bot_action("greedy", view, client.v)
                    frame = {"t": "act", "id": f"v{client.v}", "v": client.v, "action": action}
                    await client.pace()
                    await client.send(frame)
                    acted[client.seat] = client.v
            finished = [c.v for c in everyone if c.view["result"] is not None]
            if finished or (stop_at is not None and max(c.v for c in everyone) >= stop_at):
                final = max(finished or [c.v for c in everyone])
                for client in everyone:
                    await client.until_version(final)
                return final
            await asyncio.sleep(0.01)


def check_views(clients: list[RemoteClient], states: list[dict]) -> None:
    for client in clients:
        assert client.gaps == 0
        first = min(client.views)
        assert sorted(client.views) == list(range(first, len(states)))
        for version, view in client.views.items():
            assert view == GAME.view(states[version], client.seat), (client.seat, version)


@pytest.mark.redis
@pytest.mark.parametrize("eager", ["0", "1"], ids=["buffered-writes", "eager-writes"])
async def test_two_servers_share_one_redis(database, servers, eager):
    redis = need_redis()
    ada = database.session("ada")
    spectator_session = database.session("cy")
    # Ada begins, so both watchers are connected before the first action.
    match_id = seed_match(database, ["@ada", "greedy", "random", "greedy"], first=0)
    env = {"EAGER_WRITES": eager}  # Daphne's frames sent at once, or on the next pass
    one, two = (
        servers(database, redis_url=redis, env=env),
        servers(database, redis_url=redis, env=env),
    )
    player = await RemoteClient(one, match_id, ada).open()
    spectator = await RemoteClient(two, match_id, spectator_session).open()
    anonymous = await RemoteClient(two, match_id).open()
    assert (player.seat, spectator.seat, anonymous.seat) == (0, None, None)
    # Presence counts the connections of both processes, for everyone.
    everyone_here = {"t": "presence", "connected": [0], "spectators": 2}
    for client in (player, spectator, anonymous):
        await client.wait(lambda c=client: latest(c, "presence") == everyone_here)
    final = await play([player], [spectator, anonymous])
    match = stored(database, match_id)
    assert match["status"] == "finished" and match["version"] == final
    states = replayed_states(match)
    assert match["snapshot_ok"]  # the stored snapshot is the replay of the log to it
    assert states[-1] == match["state"]
    check_views([player, spectator, anonymous], states)
    # Both watchers followed every action from the first version on, across processes.
    assert min(spectator.views) == min(anonymous.views) == 0
    for client in (player, spectator, anonymous):
        await client.close()


async def test_a_restarted_server_resumes_the_match(database, servers):
    ada = database.session("ada")
    match_id = seed_match(database, ["@ada", "greedy", "greedy"])
    server = servers(database)
    player = await RemoteClient(server, match_id, ada).open()
    halfway = await play([player], [], stop_at=20)
    server.kill()
    await player.wait(lambda: player.close_code is not None)
    assert stored(database, match_id)["version"] >= halfway
    server.start()
    player = await RemoteClient(server, match_id, ada).open()
    final = await play([player], [])
    match = stored(database, match_id)
    assert match["status"] == "finished" and match["version"] == final > halfway
    states = replayed_states(match)
    assert states[-1] == match["state"]
    check_views([player], states)
    await player.close()


async def test_bots_resume_when_the_server_starts_with_no_one_connected(database, servers):
    match_id = seed_match(database, ["greedy", "random", "greedy"])
    assert stored(database, match_id)["version"] == 0
    servers(database)
    async with asyncio.timeout(GAME_TIMEOUT):
        while stored(database, match_id)["status"] != "finished":
            await asyncio.sleep(0.5)
    match = stored(database, match_id)
    assert replayed_states(match)[-1] == match["state"]


@pytest.mark.parametrize("kind", [pytest.param("postgres", marks=pytest.mark.postgres), "sqlite"])
async def test_racing_acts_of_one_player_apply_once(kind, servers):
    if kind == "postgres":
        need_postgres()
    database = fresh_database(kind)
    try:
        await race(database, servers)
    finally:
        database.drop()


async def race(database: Database, servers) -> None:
    """Two connections of one player, on two processes, act at the same moment, often.

    The processes share only the database (no Redis), so the loser hears of the winner's
    action through the ``sync`` that follows its ``stale_version`` error.
    """
    ada = database.session("ada")
    match_id = seed_match(database, ["@ada", "greedy"])
    one, two = servers(database), servers(database)
    first = await RemoteClient(one, match_id, ada).open()
    second = await RemoteClient(two, match_id, ada).open()
    rounds = 0
    async with asyncio.timeout(GAME_TIMEOUT):
        while rounds < 12:
            # Without a shared channel layer neither hears of the other process's acts
            # (nor its bots'): they ask with sync until ada is to move.
            await refresh(first)
            while not (0 in first.view["active"] or first.view["result"]):
                await asyncio.sleep(0.05)
                await refresh(first)
            if first.view["result"] is not None:
                break
            v = first.v
            await refresh(second)
            assert second.v == v
            action = GAME.bot_action("greedy", first.view, v)
            seen = len(first.frames), len(second.frames)
            await first.pace()
            await second.pace()
            await asyncio.gather(
                first.send({"t": "act", "id": f"a{v}", "v": v, "action": action}),
                second.send({"t": "act", "id": f"b{v}", "v": v, "action": action}),
            )
            answers = []
            for client, start in zip((first, second), seen, strict=True):
                await client.wait(lambda c=client, s=start: _answer(c, s) is not None)
                answers.append(_answer(client, start))
            assert sorted(a["t"] for a in answers) == ["error", "patch"], answers
            (error,) = [a for a in answers if a["t"] == "error"]
            rounds += 1
            if error["code"] == "match_over":
                # The winner's act ended the match: the loser is told so, not that it was late.
                assert stored(database, match_id)["status"] == "finished", answers
                break
            assert error["code"] == "stale_version"
            await first.until_version(v + 1)
    assert rounds >= 3
    match = stored(database, match_id)
    states = replayed_states(match)  # the bot may move between reading the match and its log
    assert states[match["version"]] == match["state"]
    acts = database.query(
        "SELECT count(*) FROM matches_action WHERE match_id = %s AND client_id <> ''", [match_id]
    )
    assert acts[0][0] == rounds
    for client in (first, second):
        await client.close()


def latest(client: RemoteClient, kind: str) -> dict | None:
    return next((f for f in reversed(client.frames) if f["t"] == kind), None)


async def refresh(client: RemoteClient) -> None:
    """Ask for a sync and wait for it."""
    start = len(client.frames)
    await client.pace()
    await client.send({"t": "sync"})
    await client.wait(lambda: any(f["t"] == "sync" for f in client.frames[start:]))


def _answer(client: RemoteClient, start: int) -> dict | None:
    for frame in client.frames[start:]:
        if answers_act(frame):
            return frame
    return None
