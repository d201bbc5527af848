"""Lobby races against a real server, on SQLite and on PostgreSQL: people clicking at
once get the normal answers ("That seat is taken."), never a server error, and nobody
is seated twice."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Iterator
from functools import partial

import pytest

from games import registry
from tests.platform.live.remote import RemoteClient, seed_match
from tests.support.browsing import Visitor
from tests.support.servers import Database, Server, fresh_database, start_server

pytestmark = pytest.mark.slow
ROUNDS = 8


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def served(request) -> Iterator[tuple[Database, Server]]:
    db = fresh_database(request.param)
    server = start_server(db)
    yield db, server
    print(server.log()[-5000:])  # shown on failure
    db.drop()


def at_once(calls: list[Callable[[], tuple[int, str]]]) -> list[tuple[int, str]]:
    results: list[tuple[int, str]] = [(0, "")] * len(calls)
    barrier = threading.Barrier(len(calls))

    def run(i: int) -> None:
        barrier.wait()
        results[i] = calls[i]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


OPEN_TABLE = """
from spacemission.accounts.models import User
from spacemission.lobby import services
host, _ = User.objects.get_or_create(username="host")
for _ in range(ROUNDS):
    print(services.create_table(host, "space-mission", 3).public_id)
"""


def open_tables(db: Database) -> list[str]:
    return db.django(OPEN_TABLE.replace("ROUNDS", str(ROUNDS))).split()


def seated(db: Database, table: str) -> list[tuple[int, str]]:
    return db.query(
        'SELECT s."index", u.username FROM lobby_seat s JOIN accounts_user u'
        " ON u.id = s.user_id JOIN lobby_table t ON t.id = s.table_id"
        ' WHERE t.public_id = %s ORDER BY s."index"',
        [table],
    )


def errors(client: RemoteClient) -> list[dict]:
    return [frame for frame in client.frames if frame["t"] == "error"]


async def next_mover(players: list[RemoteClient]) -> RemoteClient | None:
    """The player to act next, or None once the game is over."""
    for _ in range(1500):
        for client in players:
            if client.view["result"] is not None:
                return None
            if client.seat in client.view["active"]:
                return client
        await asyncio.sleep(0.02)
    raise AssertionError([(c.seat, c.v, c.view["active"], c.frames[-3:]) for c in players])


def test_two_people_taking_one_seat(served) -> None:
    db, server = served
    ada, bob = (Visitor(server, db.session(name)) for name in ("ada", "bob"))
    for table in open_tables(db):
        answers = at_once([partial(v.post, f"/t/{table}/join/", {"seat": 1}) for v in (ada, bob)])
        assert [status for status, _ in answers] == [200, 200]
        assert sum("That seat is taken." in page for _, page in answers) == 1
        (winner,) = [name for index, name in seated(db, table) if index == 1]
        assert winner in {"ada", "bob"}


def test_a_double_clicked_start(served) -> None:
    db, server = served
    host, guest = Visitor(server, db.session("host")), Visitor(server, db.session("guest"))
    for table in open_tables(db):
        assert guest.post(f"/t/{table}/join/")[0] == 200
        answers = at_once([partial(host.post, f"/t/{table}/start/")] * 2)
        assert [status for status, _ in answers] == [200, 200]
        rows = db.query(
            "SELECT COUNT(*) FROM matches_match m JOIN lobby_table t ON t.id = m.table_id"
            " WHERE t.public_id = %s",
            [table],
        )
        assert rows == [(1,)]


def test_joining_and_leaving_while_two_players_act(served) -> None:
    db, server = served
    match_id = seed_match(db, ["@p1", "@p2"])
    players = [RemoteClient(server, match_id, db.session(name)) for name in ("p1", "p2")]
    comers = [Visitor(server, db.session(f"comer{i}")) for i in range(2)]
    tables = open_tables(db)
    game = registry.get("space-mission")
    answers: list[tuple[int, str]] = []
    done = threading.Event()

    def come_and_go(visitor: Visitor) -> None:
        while not done.is_set():
            for table in tables:
                answers.append(visitor.post(f"/t/{table}/join/"))
                answers.append(visitor.post(f"/t/{table}/leave/"))

    async def act(moves: int) -> None:
        for client in players:
            await client.open()
        for _ in range(moves):
            mover = await next_mover(players)
            if mover is None:
                break
            version = mover.v
            action = game.bot_action("greedy", mover.view, version)
            await mover.pace()
            await mover.send({"t": "act", "id": f"v{version}", "v": version, "action": action})
            await mover.wait(lambda m=mover, v=version: m.v > v or bool(errors(m)))
            assert not errors(mover)
        for client in players:
            await client.close()

    workers = [threading.Thread(target=come_and_go, args=(v,)) for v in comers]
    for worker in workers:
        worker.start()
    try:
        asyncio.run(act(40))
    finally:
        done.set()
        for worker in workers:
            worker.join()
    assert answers
    assert [status for status, _ in answers if status != 200] == []
