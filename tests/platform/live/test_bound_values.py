"""Values reach PostgreSQL from the loop's connections (``matches.loopdb``) only as bound
parameters: the statement texts sent are the fixed, prepared ones whatever a client sends,
and any value is stored and read back exactly."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import orjson
import pytest
from channels.db import database_sync_to_async

from games import registry
from spacemission.matches import actlog, loopact, loopdb, states
from spacemission.matches.models import Action, Match, MatchSeat
from tests.platform.live.conftest import create_match

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]
TOY = registry.get("toy")
sync = database_sync_to_async

# SQL's quotes and comments, backslashes, dollar quoting, placeholders, format fields and
# text beyond ASCII: each would change a statement written with it.
HOSTILE = "x'); DROP TABLE t; --\\'\\\\ $$ $1 $a$ \"q\" %s {0} Űr ☄ 𝄞"  # a client id: < 64
SENDS = ("send_query", "send_query_params", "send_prepare", "send_query_prepared")


class Watched:
    """libpq's connection with every statement sent through it written down: SQL texts
    as ("text", text), prepared statements run as ("run", name, values). Any other way
    of sending a statement fails."""

    def __init__(self, pg: Any, sent: list[tuple[Any, ...]]) -> None:
        self._pg, self._sent = pg, sent

    def __getattr__(self, name: str) -> Any:
        if name.startswith(("send", "exec", "prepare", "describe")) and name not in SENDS:
            raise AssertionError(f"a statement sent by {name}, which the test does not watch")
        return getattr(self._pg, name)

    def send_query(self, command: bytes) -> None:
        self._sent.append(("text", command))
        self._pg.send_query(command)

    def send_query_params(self, command: bytes, values: Any, *args: Any, **kwargs: Any) -> None:
        self._sent.append(("text", command))
        self._sent.append(("run", b"", list(values or [])))
        self._pg.send_query_params(command, values, *args, **kwargs)

    def send_prepare(self, name: bytes, command: bytes, *args: Any, **kwargs: Any) -> None:
        self._sent.append(("text", command))
        self._pg.send_prepare(name, command, *args, **kwargs)

    def send_query_prepared(self, name: bytes, values: Any, *args: Any, **kwargs: Any) -> None:
        self._sent.append(("run", name, list(values or [])))
        self._pg.send_query_prepared(name, values, *args, **kwargs)


@pytest.fixture
def sent(monkeypatch) -> list[tuple[Any, ...]]:
    """What the loop's connections opened from now on send."""
    loopdb.close_idle()  # those opened before are not watched
    log: list[tuple[Any, ...]] = []
    opened = loopdb.Connection.__init__

    def watched(self: loopdb.Connection, *args: Any) -> None:
        opened(self, *args)
        self.pg = Watched(self.pg, log)

    monkeypatch.setattr(loopdb.Connection, "__init__", watched)
    return log


def where(match: Match) -> tuple[int, list[int], dict]:
    match.refresh_from_db()
    [seat] = TOY.active_seats(states.current(match))
    return seat, match.view_versions, TOY.legal_actions(states.current(match), seat)


def client_ids(match: Match) -> list[str]:
    return list(Action.objects.filter(match=match).order_by("version").values_list("client_id"))


async def test_no_value_a_client_sends_is_written_into_a_statement(users, sent, monkeypatch):
    monkeypatch.setattr(states, "SNAPSHOT_EVERY", 3)  # a snapshot written, then read
    players = users[:2]
    match = await sync(create_match)(players)
    ids = [f"{HOSTILE}{number}" for number in range(5)]
    for number, client_id in enumerate(ids):
        seat, versions, legal = await sync(where)(match)
        if number == 2:  # back from away: the seat's row is written too
            await sync(MatchSeat.objects.filter(match=match, index=seat).update)(away=True)
        if number == 4:  # not held by this process: read from the snapshot and log
            states.forget_all()
        player = players[seat]
        applied = await loopact.apply_action(
            match.pk, seat, legal[0], versions[seat], client_id, player
        )
        assert applied.version == number + 1
        again = await loopact.apply_action(  # a resent id, acknowledged again
            match.pk, seat, legal[0], versions[seat], client_id, player
        )
        assert again.repeated
    assert await sync(client_ids)(match) == [(client_id,) for client_id in ids]

    fixed = {
        loopdb.numbered(sql).encode()
        for sql in [loopdb.BEGIN, loopdb.COMMIT, loopdb.ROLLBACK, *actlog.postgresql_statements()]
    }
    texts = [entry[1] for entry in sent if entry[0] == "text"]
    assert texts and set(texts) <= fixed  # prepared as each connection opens, nothing else
    runs = [entry for entry in sent if entry[0] == "run"]
    assert {name for _, name, _ in runs} <= {f"loop_{i}".encode() for i in range(len(fixed))}
    values = [bytes(value) for _, _, bound in runs for value in bound if value is not None]
    for client_id in ids:
        assert client_id.encode() in values  # as a parameter of its own
    assert not any(HOSTILE.encode() in text for text in texts)


async def test_text_postgresql_cannot_store_fails_its_own_act_alone(users, sent):
    players = users[:2]
    match = await sync(create_match)(players)
    seat, versions, legal = await sync(where)(match)
    with pytest.raises(ValueError):
        await loopact.apply_action(match.pk, seat, legal[0], versions[seat], "nul\x00", players[0])
    assert not [entry for entry in sent if entry[0] == "run"]  # nothing was sent for it


def deep_json() -> dict[str, Any]:
    """About a megabyte of JSON holding every awkward text: more than a socket's buffer."""
    texts = [HOSTILE, "it's", "a\\b", "\\x00 is not a NUL", "\u2028\u2029", "e\u0301", "\t\n\r"]
    return {"texts": texts, "rows": [{"i": i, "t": texts[i % len(texts)]} for i in range(25000)]}


def stored_action(pk: int) -> tuple[Any, ...]:
    return Action.objects.values_list(
        "action", "client_id", "view_versions", "user", "created_at"
    ).get(pk=pk)


async def test_awkward_values_are_stored_and_read_back_exactly(users):
    match = await sync(create_match)(users[:2])
    insert = """INSERT INTO matches_action
        (match_id, version, seat, action, client_id, view_versions, user_id, created_at)
        VALUES (%s, %s, %s, %s::jsonb, %s, %s::jsonb, %s, %s) RETURNING id"""
    echo = "SELECT %s::text, %s::jsonb, %s::timestamptz, %s::bigint, %s::boolean, %s::text"
    pool = loopdb.Pool(1, [insert, echo])
    action = deep_json()
    at = datetime(2026, 12, 4, 13, 5, 7, 123456, tzinfo=timezone(timedelta(hours=5, minutes=30)))
    connection = await pool.take()
    try:
        row = [match.pk, 1, 0, orjson.dumps(action).decode(), HOSTILE, "[3, 1]", None, at]
        [[(pk,)]] = await connection.run([(insert, row)], begin=True, commit=True)
        assert await sync(stored_action)(pk) == (action, HOSTILE, [3, 1], None, at)
        for text in [HOSTILE, "", "'", "\\", "''\\\\'", "日本語 ☄ 𝄞"]:
            values = [text, orjson.dumps({text: [text]}).decode(), at, -(2**62), False, None]
            [[got]] = await connection.run([(echo, values)])
            assert got[0] == text and actlog.json_value(got[1]) == {text: [text]}
            assert got[2] == at and got[2].astimezone(UTC) == at.astimezone(UTC)
            assert got[3:] == (-(2**62), False, None)
    finally:
        connection.close()


async def test_a_value_postgresql_cannot_take_is_refused_before_anything_is_sent():
    sql = "SELECT %s::text"
    pool = loopdb.Pool(1, [sql])
    connection = await pool.take()
    try:
        with pytest.raises(ValueError):
            connection.bound((sql, ["nul\x00"]))
        with pytest.raises(TypeError):
            connection.bound((sql, [object()]))
        assert await connection.run([(sql, ["fine"])]) == [[("fine",)]]
    finally:
        connection.close()
