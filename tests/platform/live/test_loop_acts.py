"""A player's act awaited on the event loop (``matches.loopact``), on PostgreSQL and on
SQLite: the same outcome, refusals and records as the worker thread's
``services.apply_action``; and PostgreSQL's connections it uses (``matches.loopdb``)."""

from __future__ import annotations

import asyncio
import random

import orjson
import psycopg
import pytest
from channels.db import database_sync_to_async
from django.core import mail
from django.db import DatabaseError, connection

from bench import roundtrip
from games import registry
from games.core import IllegalAction
from spacemission.live import acts as live_acts
from spacemission.live import deadlines
from spacemission.lobby.models import Table
from spacemission.matches import actlog, actstore, finisher, loopact, loopdb, states, turnmail
from spacemission.matches.models import Action, Match, MatchSeat
from spacemission.matches.services import apply_action
from spacemission.ratings.models import Rating, RatingChange
from tests.platform.live.conftest import create_match, create_user
from tests.platform.live.wsclient import Client

# Bots wait (``tests/platform/conftest.py``); the ``postgres`` ones skip without
# PostgreSQL, or fail where it is required.
pytestmark = [pytest.mark.django_db(transaction=True)]
TOY = registry.get("toy")
sync = database_sync_to_async


def twins(users, **kwargs) -> tuple[Match, Match]:
    """Two matches of the same players dealt the same cards (the second given the first's
    seed and state)."""
    first, second = (create_match(users, **kwargs) for _ in range(2))
    Match.objects.filter(pk=second.pk).update(
        seed=first.seed, snapshot=first.snapshot, view_versions=first.view_versions
    )
    states.forget_all()
    return first, Match.objects.get(pk=second.pk)


def stored(match: Match) -> tuple:
    """Everything an act writes, as stored (the match's id left out)."""
    row = Match.objects.values(
        "version", "view_versions", "clock", "deadline", "snapshot", "snapshot_version"
    ).get(pk=match.pk)
    log = list(
        Action.objects.filter(match=match)
        .order_by("version")
        .values_list("version", "seat", "action", "client_id", "view_versions", "user_id")
    )
    seats = list(match.seats.order_by("index").values_list("away", "timeouts"))
    return row, log, seats


def where(match: Match) -> tuple[int, list[int], dict]:
    """The seat to move, the view versions, and that seat's first legal action."""
    match.refresh_from_db()
    state = states.current(match)
    [seat] = TOY.active_seats(state)
    return seat, match.view_versions, TOY.legal_actions(state, seat)


def same(applied, other) -> tuple:
    """An Applied's fields but its match's id."""
    return tuple(v for k, v in vars(applied).items() if k != "match_id") == tuple(
        v for k, v in vars(other).items() if k != "match_id"
    )


async def test_an_act_on_the_loop_decides_and_stores_what_the_worker_thread_does(
    users, clock, monkeypatch
):
    monkeypatch.setattr(states, "SNAPSHOT_EVERY", 32)
    players = users[:3]
    loop, thread = await sync(twins)(players, options={"cards_per_seat": 16})
    pick = random.Random(7)
    for act in range(40):  # past a snapshot (every 32 acts)
        seat, versions, legal = await sync(where)(loop)
        action, client_id = pick.choice(legal), f"a{act}"
        clock.advance(1500)
        on_loop = await loopact.apply_action(
            loop.pk, seat, action, versions[seat], client_id, players[seat]
        )
        in_thread = await sync(apply_action)(
            thread.pk, seat, action, versions[seat], client_id, players[seat]
        )
        assert on_loop is not None and same(on_loop, in_thread)
    assert await sync(stored)(loop) == await sync(stored)(thread)
    assert (await sync(stored)(loop))[0]["snapshot_version"] == 32


async def test_the_state_a_process_does_not_hold_is_replayed_on_the_loop(users, monkeypatch):
    monkeypatch.setattr(states, "SNAPSHOT_EVERY", 32)
    players = users[:3]
    match = await sync(create_match)(players, options={"cards_per_seat": 16})
    for act in range(35):
        seat, versions, legal = await sync(where)(match)
        if act in {10, 33}:  # before and after the snapshot
            states.forget_all()
        applied = await loopact.apply_action(
            match.pk, seat, legal[0], versions[seat], f"a{act}", players[seat]
        )
        assert applied is not None and applied.version == act + 1
    match = await sync(Match.objects.get)(pk=match.pk)
    states.forget_all()
    assert await sync(states.current)(match) == applied.after


async def test_refusals_on_the_loop_change_nothing(users):
    ada, bob = users[:2]
    match = await sync(create_match)([ada, bob])
    before = await sync(stored)(match)
    seat, versions, legal = await sync(where)(match)
    player, other = [ada, bob][seat], [ada, bob][1 - seat]
    refusals = [
        (match.pk, seat, legal[0], versions[seat] + 1, "x1", player, "stale_version"),
        (match.pk, seat, legal[0], versions[seat], "x2", other, "not_your_seat"),
        (match.pk, 1 - seat, legal[0], versions[1 - seat], "x3", other, "not_your_turn"),
        (
            match.pk,
            seat,
            {"type": "play", "card": "x"},
            versions[seat],
            "x4",
            player,
            "card_not_in_hand",
        ),
        (match.pk + 1000, seat, legal[0], versions[seat], "x5", player, "no_match"),
    ]
    for *arguments, code in refusals:
        with pytest.raises(IllegalAction) as refused:
            await loopact.apply_action(*arguments)
        assert refused.value.code == code
    assert await sync(stored)(match) == before
    if actstore.store().vendor == "postgresql":
        assert loopdb.pool().idle_connections(), "back idle after each refusal"
    else:
        assert actstore.store()._connection.idle, "no transaction left open"


async def test_a_client_id_applied_before_is_acknowledged_again_on_the_loop(users):
    ada, bob = users[:2]
    match = await sync(create_match)([ada, bob])
    seat, versions, legal = await sync(where)(match)
    player = [ada, bob][seat]
    first = await loopact.apply_action(match.pk, seat, legal[0], versions[seat], "once", player)
    after_first = await sync(stored)(match)
    again = await loopact.apply_action(match.pk, seat, legal[0], versions[seat], "once", player)
    assert again.repeated and (again.version, again.seen) == (first.version, first.seen)
    assert await sync(stored)(match) == after_first


def ended(match: Match) -> tuple:
    """What the end of a match stores: its rows, its status and result, its table's
    status, and the ranks and games of its rating changes."""
    row = Match.objects.values("status", "result").get(pk=match.pk)
    table = Table.objects.values_list("status", flat=True).get(pk=match.table_id)
    changes = RatingChange.objects.filter(match=match).order_by("seat")
    return stored(match), row, table, list(changes.values_list("seat", "rank"))


async def play_to_the_last_act(match: Match, players: list, twin: Match | None = None):
    """Play the toy match (and its twin, in a worker thread) up to its last act, on the
    loop: that act's arguments, without the match's id."""
    for act in range(7):
        seat, versions, legal = await sync(where)(match)
        arguments = (seat, legal[0], versions[seat], f"a{act}", players[seat])
        await loopact.apply_action(match.pk, *arguments)
        if twin is not None:
            await sync(apply_action)(twin.pk, *arguments)
    seat, versions, legal = await sync(where)(match)
    return seat, legal[0], versions[seat], "last", players[seat]


async def test_the_act_that_ends_the_match_is_stored_on_the_loop_as_in_the_worker_thread(
    users, clock
):
    """The match's end is written with its last act; the table and ratings follow, once."""
    players = users[:2]
    loop, thread = await sync(twins)(players, options={"cards_per_seat": 4}, rated=True)
    last = await play_to_the_last_act(loop, players, thread)
    on_loop = await loopact.apply_action(loop.pk, *last)
    in_thread = await sync(apply_action)(thread.pk, *last)
    assert on_loop.finished and same(on_loop, in_thread)
    rows, end, table, changes = await sync(ended)(loop)
    assert (rows, end) == (await sync(ended)(thread))[:2]
    assert end["status"] == "finished" and (table, changes) == ("running", [])
    assert await sync(finisher.left_over)() == [loop.pk]
    assert await sync(finisher.finish)(loop.pk)
    assert not await sync(finisher.finish)(loop.pk)  # once
    assert await sync(finisher.left_over)() == []
    assert (await sync(ended)(loop))[2:] == (await sync(ended)(thread))[2:]
    assert [r.games for r in await sync(list)(Rating.objects.all())] == [2, 2]


async def test_a_match_the_loop_ended_is_finished_before_its_sockets_hear_of_it(users, connect):
    """Through the sockets: the last act is stored on the loop, and the facts of the end
    that follow it carry the ratings."""
    in_thread, match, clients = await acts_in_threads(users, connect, 8, rated=True)
    assert in_thread == 0
    for client in clients:
        facts = await client.expect("match")
        assert len(facts["match"]["end"]["ratings"]) == 2
    status = Table.objects.values_list("status", flat=True)
    assert await sync(status.get)(pk=match.table_id) == "finished"


async def test_a_finish_that_fails_is_left_to_the_sweep_and_the_last_act_goes_out(users, connect):
    def refused(match_id: int) -> bool:
        raise DatabaseError("the database went away")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(finisher, "finish", refused)
        _, match, clients = await acts_in_threads(users, connect, 8, rated=True)
    for client in clients:  # every act answered, the last one too (``_play``)
        assert (await client.expect("match"))["match"]["end"]["ratings"] == []
    assert await deadlines.finish_left_over() == [match.pk]
    for client in clients:
        assert len((await client.expect("match"))["match"]["end"]["ratings"]) == 2


async def test_a_finish_a_process_did_not_live_to_do_is_done_by_the_next_sweep(users, connect):
    """The end stored, the process gone before the table and ratings: any process's
    deadline sweep finishes it, once, and tells its sockets."""
    players = users[:2]
    match = await sync(create_match)(players, options={"cards_per_seat": 4}, rated=True)
    last = await play_to_the_last_act(match, players)
    watcher = await connect(match)
    await loopact.apply_action(match.pk, *last)  # as the process died: no finish after it
    await watcher.drain()
    assert await deadlines.finish_left_over() == [match.pk]
    assert await deadlines.finish_left_over() == []
    facts = await watcher.expect("match")
    assert len(facts["match"]["end"]["ratings"]) == 2
    assert await sync(RatingChange.objects.filter(match=match).count)() == 2


async def test_a_player_back_from_away_plays_again_on_the_loop(users):
    ada, bob = users[:2]
    match = await sync(create_match)([ada, bob])
    seat, versions, legal = await sync(where)(match)
    rows = MatchSeat.objects.filter(match=match, index=seat)
    await sync(rows.update)(away=True, timeouts=2)
    await loopact.apply_action(match.pk, seat, legal[0], versions[seat], "back", [ada, bob][seat])
    assert await sync(rows.values_list("away", "timeouts").get)() == (False, 0)


async def test_a_turn_based_table_mails_the_next_player_after_the_act_on_the_loop(settings):
    settings.SITE_URL = "https://play.example.com"
    ada = await sync(create_user)("ada")
    bob = await sync(create_user)("bob")
    for user in (ada, bob):
        user.email = f"{user.username}@example.com"
        await sync(user.save)()
    match = await sync(create_match)([ada, bob], pace="day")
    await sync(turnmail.wait_idle)()
    mail.outbox.clear()
    seat, versions, legal = await sync(where)(match)
    await loopact.apply_action(match.pk, seat, legal[0], versions[seat], "t1", [ada, bob][seat])
    await sync(turnmail.wait_idle)()
    assert [message.to for message in mail.outbox] == [
        [f"{[ada, bob][1 - seat].username}@example.com"]
    ]


@pytest.mark.postgres
async def test_a_connection_lost_meanwhile_is_replaced(users):
    ada, bob = users[:2]
    match = await sync(create_match)([ada, bob])
    players = [ada, bob]
    seat, versions, legal = await sync(where)(match)
    await loopact.apply_action(match.pk, seat, legal[0], versions[seat], "a0", players[seat])
    [idle] = loopdb.pool().idle_connections()
    await sync(_terminate)(idle.raw.info.backend_pid)  # as a restart of PostgreSQL would
    seat, versions, legal = await sync(where)(match)
    before = await sync(stored)(match)
    act = (match.pk, seat, legal[0], versions[seat], "a1", players[seat])
    assert await loopact.apply_action(*act) is None  # the worker thread's to apply
    assert idle.raw.closed and idle not in loopdb.pool().idle_connections()
    assert await sync(stored)(match) == before
    applied = await loopact.apply_action(*act)  # a new connection
    assert applied.version == 2


def _terminate(pid: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [pid])


@pytest.mark.postgres
async def test_takers_wait_for_a_connection_while_all_are_in_use():
    pool = loopdb.Pool(1, ["SELECT %s::int + %s"])
    first = second = None
    try:
        async with asyncio.timeout(10):
            first = await pool.take()
            waiting = asyncio.ensure_future(pool.take())
            await asyncio.sleep(0.05)
            assert not waiting.done()
            pool.give(first)
            assert await waiting is first  # handed on, not a second connection
            assert await first.run([("SELECT %s::int + %s", [40, 2])]) == [[(42,)]]
            await first.raw.execute("BEGIN")
            pool.give(first)  # left in a transaction: closed, and the next taker opens one
            assert first.raw.closed
            second = await pool.take()
            assert second is not first and second.idle
            pool.give(second)
    finally:
        for connection in (first, second):
            if connection is not None:
                connection.close()
    pool.close_idle()
    assert second.raw.closed


async def acts_in_threads(
    users, connect, acts: int, *, rated: bool = False
) -> tuple[int, Match, list[Client]]:
    """Play ``acts`` acts of a new 2-seat match of 8 cards through real sockets: how many
    went to a worker thread (``acts.in_thread``), the match and its players' sockets."""
    ada, bob = users[:2]
    match = await sync(create_match)([ada, bob], options={"cards_per_seat": 4}, rated=rated)
    in_thread = []
    real = live_acts.in_thread
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(live_acts, "in_thread", lambda *args: in_thread.append(args) or real(*args))
        clients = await _play(match, [ada, bob], connect, acts)
    return len(in_thread), match, clients


async def _play(match: Match, players: list, connect, acts: int) -> list[Client]:
    clients = [await connect(match, player) for player in players]
    for act in range(acts):
        seat, versions, legal = await sync(where)(match)
        client = clients[seat]
        await client.until_version(versions[seat])
        await client.send({"t": "act", "id": f"a{act}", "v": client.v, "action": legal[0]})
        assert (await client.answer(f"a{act}"))["t"] == "patch"
    return clients


async def test_a_players_act_through_the_socket_runs_on_the_loop(users, connect):
    in_thread, match, _ = await acts_in_threads(users, connect, 8)
    assert in_thread == 0  # the last act too, which ends the match
    assert await sync(Match.objects.values_list("status", flat=True).get)(pk=match.pk) == "finished"


async def test_a_bots_act_takes_the_players_road_on_the_loop(users, connect, monkeypatch):
    """A bot's act is applied as a person's is (``acts.apply``): on the loop, every one
    to the end of the match."""
    ada = users[0]
    match = await sync(create_match)([ada, "greedy"], options={"cards_per_seat": 4})
    in_thread = []
    real = live_acts.in_thread
    monkeypatch.setattr(live_acts, "in_thread", lambda *args: in_thread.append(args) or real(*args))
    on_loop = []
    real_loop = loopact.apply_action

    async def counted(*args):
        on_loop.append(args)
        return await real_loop(*args)

    monkeypatch.setattr(loopact, "apply_action", counted)
    client = await connect(match, ada)
    for act in range(20):
        seat, versions, legal = await sync(where_or_end)(match)
        if seat is None:
            break
        if seat == 1:  # the bot's turn: it moves by itself
            await asyncio.sleep(0.02)
            continue
        await client.until_version(versions[0])
        await client.send({"t": "act", "id": f"a{act}", "v": client.v, "action": legal[0]})
        assert (await client.answer(f"a{act}"))["t"] == "patch"
    await sync(match.refresh_from_db)()
    assert match.status == "finished"
    assert in_thread == []
    stored = await sync(Action.objects.filter(match=match).count)()
    assert stored == match.version  # every act stored once, the bot's among them
    bots_acts = await sync(Action.objects.filter(match=match, seat=1).count)()
    bots_on_loop = [args for args in on_loop if args[-1] is None]
    assert bots_acts >= 3
    assert len(bots_on_loop) >= bots_acts  # each went to the loop


def where_or_end(match: Match) -> tuple[int | None, list[int], list]:
    """``where``, or no seat once the match is over."""
    match.refresh_from_db()
    state = states.current(match)
    active = TOY.active_seats(state)
    if not active:
        return None, match.view_versions, []
    return active[0], match.view_versions, TOY.legal_actions(state, active[0])


@pytest.mark.postgres
async def test_without_a_pool_players_acts_run_in_worker_threads(users, connect, settings):
    settings.DB_POOL_SIZE = 0  # a new connection per call: nothing to keep on the loop
    assert not loopdb.available()
    in_thread, _match, _ = await acts_in_threads(users, connect, 3)
    assert in_thread == 3


@pytest.mark.postgres
async def test_any_text_comes_back_as_it_went_in():
    """Quotes, backslashes and SQL in a value are data, never statements."""
    sql = "SELECT %s::text, %s::jsonb"
    pool = loopdb.Pool(1, [sql])
    texts = ["it's", "a\\b\\'c", "'); DROP TABLE matches_match; --", "Űrmisszió ☄", "$1 $$x$$"]
    connection = await pool.take()
    try:
        for text in texts:
            json = orjson.dumps({"t": text}).decode()
            [[row]] = await connection.run([(sql, [text, json])])
            assert row[0] == text and actlog.json_value(row[1]) == {"t": text}
    finally:
        connection.close()


@pytest.mark.postgres
async def test_a_failed_statement_raises_its_error_and_the_rest_does_not_run():
    """The round trip reads every result before raising the failed statement's own error
    class; the transaction is left to roll back, and the connection is sound after it."""
    insert = "INSERT INTO matches_match (id) VALUES (%s)"  # lacks the other NOT NULL columns
    count = "SELECT count(*) FROM matches_match WHERE id = %s"
    pool = loopdb.Pool(1, [insert, count, "SELECT %s::int, now(), %s::boolean"])
    connection = await pool.take()
    try:
        with pytest.raises(psycopg.errors.NotNullViolation):
            await connection.run([(insert, [987654]), (count, [987654])], begin=True)
        assert not connection.idle
        await connection.rollback()
        assert connection.idle
        [[row]] = await connection.run([("SELECT %s::int, now(), %s::boolean", [7, True])])
        assert row[0] == 7 and row[1].tzinfo is not None and row[2] is True
        assert await connection.run([(count, [987654])], begin=True, commit=True) == [[(0,)]]
    finally:
        connection.close()


@pytest.mark.postgres
async def test_a_failed_round_trip_of_its_own_transaction_leaves_the_connection_idle():
    """Statements begun and committed in one round trip are one transaction: a failure
    rolls all of them back, and the connection is ready for the next."""
    insert = "INSERT INTO matches_match (id) VALUES (%s)"
    count = "SELECT count(*) FROM matches_match WHERE id = %s"
    pool = loopdb.Pool(1, [insert, count, "SELECT 1 FROM matches_match WHERE id = %s FOR UPDATE"])
    connection = await pool.take()
    try:
        with pytest.raises(psycopg.errors.NotNullViolation):
            await connection.run(
                [(count, [987654]), (insert, [987654]), (count, [987654])], begin=True, commit=True
            )
        assert connection.idle
        await connection.rollback()  # as callers do after an error: nothing to undo
        assert await connection.run([(count, [987654])]) == [[(0,)]]
    finally:
        connection.close()


@pytest.mark.postgres
async def test_a_round_trip_given_up_midway_closes_its_connection():
    """Its results are left unread: the connection is not reused."""
    sleep = "SELECT pg_sleep(%s)"
    pool = loopdb.Pool(1, [sleep])
    connection = await pool.take()
    pid = connection.raw.info.backend_pid
    try:
        with pytest.raises(TimeoutError):
            async with asyncio.timeout(0.05):
                await connection.run([(sleep, [30])], begin=True)
        assert connection.raw.closed and not connection.idle
        pool.give(connection)
        assert pool.idle_connections() == []
    finally:
        connection.close()
        await sync(_terminate)(pid)  # the server would sleep on without it


def test_placeholders_are_numbered_for_prepare():
    sql = "SELECT %s, %s::jsonb WHERE x = %s"
    assert loopdb.numbered(sql) == "SELECT $1, $2::jsonb WHERE x = $3"


@pytest.mark.postgres
async def test_the_round_trip_benchmark_times_both_ways():
    figures = await roundtrip.measure(5, 2, ["cursor", "libpq"])
    assert sorted(figures) == ["cursor", "libpq"]
    assert all(len(rounds) == 2 and min(rounds) > 0 for rounds in figures.values())
