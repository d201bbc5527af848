"""PostgreSQL connections for work awaited on the event loop itself.

Django's connections are synchronous, one per thread, so the live layer's database work
runs in worker threads, and every call pays the hop there and back. The act, the site's
hot path, is awaited on the loop instead (``matches.loopact``), on psycopg's asynchronous
connections kept here: made with Django's own parameters (the same database and
adapters), used by one task at a time and reused, at most ``DB_POOL_SIZE`` of them per
process. A connection goes back only when it is idle and sound; one that failed or was
left inside a transaction is closed.

Each round trip costs the loop far more than the statements it carries, so ``run`` sends
a whole step of an act as one simple query: ``BEGIN`` with the lock, or the writes with
``COMMIT``. The statements themselves are prepared once per connection, as it opens
(``PREPARE``), and each is run as ``EXECUTE name(…)`` with its values written as SQL
literals (``literal``): planned once, like the thread path's prepared statements, and
never more than one round trip per step. The round trip itself is libpq's (psycopg's
``pgconn``): sent, then read as the socket becomes readable, each result loaded by
psycopg's own adapters; psycopg's cursor would add half as much again (304,000
instructions a round trip against 199,000, ``python -m bench.roundtrip`` under callgrind).

Connections are not bound to an event loop (each wait looks the running loop up, as
psycopg's do), so a process whose loop is replaced (tests) reuses them; ``close_idle``
closes them without a loop.
"""

from __future__ import annotations

import asyncio
import re
from collections import deque
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from datetime import datetime
from typing import Any

import psycopg
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections
from psycopg.adapt import Transformer
from psycopg.pq import ExecStatus, PGresult, TransactionStatus

from spacemission.matches import actlog

VENDOR = "postgresql"
Statement = tuple[str, Sequence[Any]]  # SQL with %s placeholders, and their values
Rows = list[tuple[Any, ...]]


def available() -> bool:
    """Whether this site's database can be used from the loop: PostgreSQL, pooled."""
    engine = settings.DATABASES[DEFAULT_DB_ALIAS]["ENGINE"]
    return engine == "django.db.backends.postgresql" and settings.DB_POOL_SIZE > 0


class Connection:
    """A connection of the pool (autocommit: ``run`` says where transactions begin and
    end) and the names of the statements prepared on it."""

    def __init__(self, raw: psycopg.AsyncConnection[Any], names: dict[str, str]) -> None:
        self.raw = raw
        self._names = names
        self._loader = Transformer(raw)  # values as psycopg (and Django's adapters) load them
        self._encoding = raw.info.encoding  # the client encoding, set once as it connects

    async def run(
        self, statements: Sequence[Statement | str], *, begin: bool = False, commit: bool = False
    ) -> list[Rows]:
        """Run the statements (or their ``rendered`` text) in one round trip, after
        ``BEGIN`` and before ``COMMIT`` if asked: the rows each returned. An error leaves
        the transaction to ``rollback``."""
        parts = ["BEGIN"] if begin else []
        parts += [s if isinstance(s, str) else self.rendered(s) for s in statements]
        if commit:
            parts.append("COMMIT")
        results = await self._round_trip("; ".join(parts))
        return [self._rows(result) for result in results[int(begin) :][: len(statements)]]

    async def rollback(self) -> None:
        await self._round_trip("ROLLBACK")

    async def _round_trip(self, query: str) -> list[PGresult]:
        """Send ``query`` (one or more statements) and await every result, on libpq itself:
        psycopg's cursor would add its prepared-statement bookkeeping, a generator and a
        timer for every wait."""
        pg = self.raw.pgconn
        pg.send_query(query.encode(self._encoding))
        while pg.flush():
            await _ready(pg.socket, writing=True)
        results: list[PGresult] = []
        while True:
            pg.consume_input()
            while not pg.is_busy():
                result = pg.get_result()
                if result is None:
                    return _checked(results, self._encoding)
                results.append(result)
            await _ready(pg.socket)

    def _rows(self, result: PGresult) -> Rows:
        if result.status != ExecStatus.TUPLES_OK:
            return []
        self._loader.set_pgresult(result)
        return self._loader.load_rows(0, result.ntuples, tuple)

    @property
    def idle(self) -> bool:
        return not self.raw.closed and self.raw.info.transaction_status == TransactionStatus.IDLE

    def close(self) -> None:
        self.raw.pgconn.finish()  # no round trip, so no loop needed

    def rendered(self, statement: Statement) -> str:
        """The statement as this connection runs it: its prepared name and its values as
        literals (ValueError or TypeError for a value that has none)."""
        sql, values = statement
        name = self._names[sql]  # only the pool's statements run here
        return f"EXECUTE {name}({', '.join(map(literal, values))})" if values else f"EXECUTE {name}"


def _checked(results: list[PGresult], encoding: str) -> list[PGresult]:
    """``results``, or the error of the statement that failed (the ones after it did not
    run)."""
    for result in results:
        if result.status == ExecStatus.FATAL_ERROR:
            raise psycopg.errors.error_from_result(result, encoding=encoding)
    return results


async def _ready(fd: int, *, writing: bool = False) -> None:
    """Until the socket ``fd`` can be read (or written)."""
    loop = asyncio.get_running_loop()
    ready = loop.create_future()
    watch, unwatch = (
        (loop.add_writer, loop.remove_writer) if writing else (loop.add_reader, loop.remove_reader)
    )
    watch(fd, _wake, ready)
    try:
        await ready
    finally:
        unwatch(fd)


def _wake(ready: asyncio.Future[None]) -> None:
    if not ready.done():
        ready.set_result(None)


def literal(value: Any) -> str:
    """``value`` as an SQL literal (standard-conforming strings, as every connection of
    the pool sets: a quote is doubled, a backslash is itself)."""
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, datetime):
        value = value.isoformat()
    if isinstance(value, str):
        if "\x00" in value:
            raise ValueError("text with a NUL character cannot be stored")
        return "'" + value.replace("'", "''") + "'"
    raise TypeError(f"no SQL literal for {type(value).__name__}")


def numbered(sql: str) -> str:
    """``sql``'s %s placeholders as PREPARE wants them: $1, $2, …"""
    count = iter(range(1, sql.count("%s") + 1))
    return re.sub("%s", lambda _: f"${next(count)}", sql)


class Pool:
    """Idle connections, and waiters for one while ``size`` are in use. ``statements``
    are prepared on each connection as it opens."""

    def __init__(self, size: int, statements: Sequence[str]) -> None:
        self.size = size
        self._names = {sql: f"loop_{index}" for index, sql in enumerate(statements)}
        self._idle: list[Connection] = []
        self._open = 0  # open or being opened, idle or in use
        # A waiter gets a connection, or None: one was closed, so it may open its own.
        self._waiting: deque[asyncio.Future[Connection | None]] = deque()

    async def take(self) -> Connection:
        if self._idle:
            return self._idle.pop()
        if self._open >= self.size:
            given = await self._wait()
            if given is not None:
                return given
        self._open += 1
        try:
            return await self._connect()
        except BaseException:
            self._closed()
            raise

    def give(self, connection: Connection) -> None:
        """Take ``connection`` back: reused if idle and sound, else closed."""
        if not connection.idle:
            connection.close()
            self._closed()
            return
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done():
                waiter.set_result(connection)
                return
        self._idle.append(connection)

    def idle_connections(self) -> list[Connection]:
        return list(self._idle)

    def close_idle(self) -> None:
        """Close the idle connections (a test database is about to be dropped)."""
        idle, self._idle = self._idle, []
        for connection in idle:
            connection.close()
            self._closed()

    async def _connect(self) -> Connection:
        raw = await psycopg.AsyncConnection.connect(**_parameters(), autocommit=True)
        try:
            setup = ["SET standard_conforming_strings = on"]  # what ``literal`` relies on
            setup += [f"PREPARE {name} AS {numbered(sql)}" for sql, name in self._names.items()]
            await raw.execute("; ".join(setup))
        except BaseException:
            raw.pgconn.finish()
            raise
        return Connection(raw, self._names)

    async def _wait(self) -> Connection | None:
        waiter = asyncio.get_running_loop().create_future()
        self._waiting.append(waiter)
        try:
            return await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled() and waiter.result() is not None:
                self.give(waiter.result())  # handed over as this waiter gave up
            raise

    def _closed(self) -> None:
        self._open -= 1
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done():
                waiter.set_result(None)  # room for one more: it opens its own
                return


def _parameters() -> dict[str, Any]:
    """Django's parameters for a new connection (read when one is opened: tests switch
    the database's name), for psycopg's asynchronous connection class."""
    parameters = connections[DEFAULT_DB_ALIAS].get_connection_params()
    parameters.pop("cursor_factory", None)  # Django's synchronous one
    return parameters


_pool: Pool | None = None


def pool() -> Pool:
    """This process's pool, every statement of an act prepared on its connections."""
    global _pool
    if _pool is None:
        _pool = Pool(settings.DB_POOL_SIZE, actlog.postgresql_statements())
    return _pool


@asynccontextmanager
async def connection() -> AsyncIterator[Connection]:
    """A connection of this process's pool for the block; back to the pool after it."""
    taken = await pool().take()
    try:
        yield taken
    finally:
        pool().give(taken)


def close_idle() -> None:
    if _pool is not None:
        _pool.close_idle()
