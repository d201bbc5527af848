"""The SQL of an act: a few fixed statements, the same text every time.

An act is the hot path of the site, so it builds no queryset: one statement locks the
match and reads its seats and whether the client id was applied before, and one appends
the action and updates the match (its snapshot only every few acts: ``matches.states``).
On PostgreSQL a process that wrote a match's last act may skip the first: one guarded
statement appends and updates only if the rows are still as it wrote them
(``matches.written``).
A player's or a bot's act runs them on the event loop through ``matches.actstore``, the
act that ends a match among them; the acts of the worker thread's road (a batch that could
not be written, the stand-ins' turns) run them here, on Django's connection. On
PostgreSQL they go through a server-side-binding cursor that prepares each statement
once per pooled connection; on SQLite, whose transactions take the write lock at BEGIN
(``settings.DATABASES``), the same statements run without ``FOR UPDATE``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

import orjson
import psycopg
from django.db import DEFAULT_DB_ALIAS, connection
from django.utils import timezone

from games.core import Action as GameAction
from spacemission.matches.models import Match
from spacemission.matches.written import RowVersions

# The match's columns an act needs (the snapshot is read only on a cache miss), in the
# model's order, as ``Model.from_db`` takes them.
_NEEDED = {
    "id",
    "table_id",
    "game",
    "seat_count",
    "status",
    "seed",
    "version",
    "view_versions",
    "pace",
    "clock",
    "deadline",
    "snapshot_version",
}
MATCH_COLUMNS = tuple(f.attname for f in Match._meta.concrete_fields if f.attname in _NEEDED)
SEAT_COLUMNS = ("index", "user_id", "bot", "away", "timeouts")
JSON_COLUMNS = {"view_versions", "clock"}

_LOCK = """
SELECT {match}, {seat}, {{row_versions}}, d.version, d.view_versions
FROM matches_match m
JOIN matches_matchseat s ON s.match_id = m.id
LEFT JOIN matches_action d
    ON d.match_id = m.id AND d.seat = %s AND d.client_id = %s AND d.client_id <> ''
WHERE m.id = %s
ORDER BY s."index"
""".format(
    match=", ".join(f"m.{name}" for name in MATCH_COLUMNS),
    seat=", ".join(f's."{name}"' for name in SEAT_COLUMNS),
)
_APPEND = """
INSERT INTO matches_action
    (match_id, version, seat, action, client_id, view_versions, user_id, created_at)
VALUES (%s, %s, %s, {json}, %s, {json}, %s, %s)
"""
_UPDATE = """
UPDATE matches_match
SET version = %s, view_versions = {json}, clock = {json}, deadline = %s, updated_at = %s{snap}
WHERE id = %s
"""
# The match's end, beside the act that ended it (``loopact``; ``matches.finisher`` does the rest).
_END = "UPDATE matches_match SET status = %s, result = {json}, finished_at = %s WHERE id = %s"
_SNAPSHOT = ", snapshot = {json}, snapshot_version = %s"
_SNAPSHOT_READ = "SELECT snapshot, snapshot_version FROM matches_match WHERE id = %s"
_SINCE = """
SELECT seat, action FROM matches_action
WHERE match_id = %s AND version > %s AND version <= %s
ORDER BY version
"""
# PostgreSQL appends and updates in one statement (one round trip fewer an act), and
# returns the match row's new version (``written``).
_RECORD = "WITH appended AS (" + _APPEND.strip() + ")" + _UPDATE + "RETURNING xmin::text\n"
# The same, only if the match row and its seat rows are still at the versions read when
# the act was decided, and the client id is new (``written``): else it writes nothing and
# returns no row. Its update's row lock makes the check and the write one.
_SEAT_VERSIONS = """(SELECT string_agg(xmin::text, ',' ORDER BY "index")
    FROM matches_matchseat WHERE match_id = %s)"""
_GUARDED = """
WITH stored AS (
    {update}
        AND version = %s AND xmin::text = %s AND {seat_versions} = %s
        AND NOT EXISTS (
            SELECT FROM matches_action
            WHERE match_id = %s AND seat = %s AND client_id = %s AND client_id <> ''
        )
    RETURNING xmin::text AS row_version
), appended AS (
    {append} SELECT %s, %s, %s, {{json}}, %s, {{json}}, %s, %s FROM stored
)
SELECT row_version FROM stored
""".format(
    update=_UPDATE.strip(),
    seat_versions=_SEAT_VERSIONS,
    append=_APPEND.strip().partition("VALUES")[0].strip(),
)
_SEAT_BACK = """
UPDATE matches_matchseat SET away = FALSE, timeouts = 0 WHERE match_id = %s AND "index" = %s
"""

Seats = dict[int, dict[str, Any]]


@dataclass(frozen=True)
class Locked:
    """The locked match (only ``MATCH_COLUMNS`` loaded), who plays each seat, and what the
    client id produced if this seat applied it before: (version, view versions)."""

    match: Match
    seats: Seats
    done: tuple[int, list[int]] | None
    versions: RowVersions | None  # None on SQLite


Statement = tuple[str, list[Any]]


def lock(match_id: int, seat: int, client_id: str) -> Locked | None:
    """Lock the match for this transaction and read what an act needs; None: no match."""
    return locked(_fetch(*lock_statement(match_id, seat, client_id, connection.vendor)))


def lock_statement(match_id: int, seat: int, client_id: str, vendor: str) -> Statement:
    """The statement that locks the match and reads what an act needs (``locked``)."""
    return _sql(_LOCK, vendor, lock=True), [seat, client_id, match_id]


def locked(rows: list[tuple[Any, ...]]) -> Locked | None:
    """What the lock statement read; None: no such match."""
    if not rows:
        return None
    width = len(MATCH_COLUMNS)
    values = [_decoded(name, value) for name, value in zip(MATCH_COLUMNS, rows[0], strict=False)]
    match = Match.from_db(DEFAULT_DB_ALIAS, list(MATCH_COLUMNS), values)
    seats = {
        row[width]: dict(zip(SEAT_COLUMNS, row[width : width + len(SEAT_COLUMNS)], strict=True))
        for row in rows
    }
    match_version, done_version, done_views = rows[0][-4], rows[0][-2], rows[0][-1]
    done = None if done_version is None else (done_version, json_value(done_views) or [])
    versions = None
    if match_version is not None:
        versions = RowVersions(match_version, ",".join(row[-3] for row in rows))
    return Locked(match, seats, done, versions)


@dataclass(frozen=True)
class Entry:
    """An action for the log: who took it, and the client's id for it."""

    seat: int
    action: GameAction
    client_id: str
    user_id: int | None


def append(match: Match, entry: Entry) -> None:
    """Add the action that made ``match.version`` to the log."""
    log_row = _log_row(match, entry, _text(match.view_versions), _now())
    _execute(_sql(_APPEND, connection.vendor), log_row)


def record(match: Match, entry: Entry, *, snapshot: bool) -> None:
    """Append ``entry`` and store the match's version, view versions and clock (and its
    snapshot): one statement on PostgreSQL, two elsewhere."""
    for statement in record_statements(match, entry, connection.vendor, _now(), snapshot=snapshot):
        _execute(*statement)


def record_statements(
    match: Match, entry: Entry, vendor: str, at: datetime, *, snapshot: bool
) -> list[Statement]:
    """The statements of ``record`` (the view versions and the time both rows store are
    made once); PostgreSQL appends and updates in one."""
    views = _text(match.view_versions)
    log_row, match_row = _log_row(match, entry, views, at), _match_row(match, views, at, snapshot)
    if vendor == "postgresql":
        return [(_sql(_RECORD, vendor, snapshot=snapshot), [*log_row, *match_row])]
    return [
        (_sql(_APPEND, vendor), log_row),
        (_sql(_UPDATE, vendor, snapshot=snapshot), match_row),
    ]


def guarded_record_statement(
    match: Match, entry: Entry, read: RowVersions, at: datetime, *, snapshot: bool
) -> Statement:
    """``record_statements`` on PostgreSQL, only if the rows are still at the versions
    ``read`` (``_GUARDED``): its one row is the match row's new version, none if nothing
    was written."""
    views = _text(match.view_versions)
    match_row = _match_row(match, views, at, snapshot)
    pk, seat, client_id = match.pk, entry.seat, entry.client_id
    guard = [match.version - 1, read.match, pk, read.seats, pk, seat, client_id]
    log_row = _log_row(match, entry, views, at)
    return _sql(_GUARDED, "postgresql", snapshot=snapshot), [*match_row, *guard, *log_row]


def _log_row(match: Match, entry: Entry, views: str | None, at: Any) -> list[Any]:
    action = _text(entry.action)
    return [match.pk, match.version, entry.seat, action, entry.client_id, views, entry.user_id, at]


def _match_row(match: Match, views: str | None, at: Any, snapshot: bool) -> list[Any]:
    head = [match.version, views, _text(match.clock), match.deadline, at]
    if snapshot:
        head += [_text(match.snapshot), match.snapshot_version]
    return [*head, match.pk]


def end_statement(match: Match, vendor: str) -> Statement:
    """Store that the match ended: its status, result and time."""
    return _sql(_END, vendor), [match.status, _text(match.result), match.finished_at, match.pk]


def seat_back(match_id: int, seat: int) -> None:
    """The seat's person plays again: no longer away, no timeouts in a row."""
    _execute(*seat_back_statement(match_id, seat, connection.vendor))


def seat_back_statement(match_id: int, seat: int, vendor: str) -> Statement:
    return _sql(_SEAT_BACK, vendor), [match_id, seat]


def postgresql_statements() -> list[str]:
    """The text of every statement an act may run on PostgreSQL, to be prepared ahead."""
    vendor = "postgresql"
    return [
        _sql(_LOCK, vendor, lock=True),
        _sql(_RECORD, vendor, snapshot=False),
        _sql(_RECORD, vendor, snapshot=True),
        _sql(_GUARDED, vendor, snapshot=False),
        _sql(_GUARDED, vendor, snapshot=True),
        _sql(_SEAT_BACK, vendor),
        _sql(_END, vendor),
        _sql(_SNAPSHOT_READ, vendor),
        _sql(_SINCE, vendor),
    ]


def snapshot_statement(match_id: int, vendor: str) -> Statement:
    """The match's stored snapshot and its version (JSON: ``json_value``)."""
    return _sql(_SNAPSHOT_READ, vendor), [match_id]


def since_statement(match_id: int, since: int, version: int, vendor: str) -> Statement:
    """The (seat, action) of the match's actions after version ``since`` up to ``version``."""
    return _sql(_SINCE, vendor), [match_id, since, version]


def _sql(text: str, vendor: str, *, lock: bool = False, snapshot: bool = False) -> str:
    """The statement in this database's words (cached: the text must stay the same for
    PostgreSQL to reuse its prepared statement)."""
    key = (text, lock, snapshot, vendor)
    sql = _texts.get(key)
    if sql is None:
        postgres = vendor == "postgresql"
        json = "%s::jsonb" if postgres else "%s"
        snap = _SNAPSHOT.format(json=json) if snapshot else ""
        row_versions = "m.xmin::text, s.xmin::text" if postgres else "NULL, NULL"
        sql = text.format(json=json, snap=snap, row_versions=row_versions)
        if lock and postgres:
            sql += "FOR UPDATE OF m\n"
        _texts[key] = sql
    return sql


_texts: dict[tuple[str, bool, bool, str], str] = {}


def _execute(sql: str, params: list[Any]) -> None:
    if connection.vendor == "postgresql":
        _prepared(sql, params).close()
    else:
        with connection.cursor() as cursor:
            cursor.execute(sql, params)


def _fetch(sql: str, params: list[Any]) -> list[tuple[Any, ...]]:
    if connection.vendor == "postgresql":
        cursor = _prepared(sql, params)
        rows = cursor.fetchall()
        cursor.close()
        return rows
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def _prepared(sql: str, params: list[Any]) -> psycopg.Cursor:
    """Run on the transaction's own connection, server-side bound and prepared (Django's
    cursors bind on the client, which PostgreSQL cannot prepare)."""
    connection.ensure_connection()
    cursor = psycopg.Cursor(connection.connection)
    cursor.execute(sql, params, prepare=True)
    return cursor


def _now() -> datetime:
    return connection.ops.adapt_datetimefield_value(timezone.now())


def _text(value: Any) -> str | None:
    """A JSON column's value; None stays SQL NULL, as Django stores it."""
    return None if value is None else orjson.dumps(value).decode()


def json_value(value: Any) -> Any:
    """A JSON column as Python data (drivers hand it back decoded or as text)."""
    return orjson.loads(value) if isinstance(value, str | bytes) else value


def _decoded(name: str, value: Any) -> Any:
    return json_value(value) if name in JSON_COLUMNS else value
