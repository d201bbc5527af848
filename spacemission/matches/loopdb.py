"""PostgreSQL connections for work awaited on the event loop itself.

Django's connections are synchronous, one per thread, so the live layer's database work
runs in worker threads, and every call pays the hop there and back. The act, the site's
hot path, is awaited on the loop instead (``matches.loopact``), on psycopg's asynchronous
connections kept here: made with Django's own parameters (the same database and
adapters), used by one task at a time and reused, at most ``DB_POOL_SIZE`` of them per
process. A connection goes back only when it is idle and sound; one that failed or was
left inside a transaction is closed.

No value is ever written into SQL text. Every statement an act may run (and ``BEGIN``,
``COMMIT``, ``ROLLBACK``) is prepared once per connection as it opens, by libpq's
extended protocol, with ``$1, $2, …`` placeholders; a statement is then sent by name with
its values as bound parameters (``Bound``), dumped by psycopg's adapters (Django's
among them) in text form, which PostgreSQL reads as the types it planned. Planned once,
like the worker thread's prepared statements.

Each round trip costs the loop far more than the statements it carries, so ``run`` sends
a whole step of an act in one: ``BEGIN`` with the lock, or the writes with ``COMMIT``, as
one libpq pipeline (the statements, then one sync), and reads every result as the socket
becomes readable. Statements begun and committed in one round trip need neither:
PostgreSQL runs what comes before a sync as a transaction of its own, committed at the
sync or rolled back (a lone statement needs no pipeline either). If a statement fails, the
ones after it do not run; its own error class is raised once every result is read, and a
transaction begun earlier is left to ``rollback``. A connection whose round trip broke
off (lost, cancelled) is closed, never reused. The round trip is libpq's own (psycopg's
``pgconn``): psycopg's pipeline and cursor would add their bookkeeping, a generator and a
timer for every wait (``python -m bench.roundtrip``).

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
from typing import Any, NamedTuple

import psycopg
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections
from psycopg.abc import Buffer
from psycopg.adapt import PyFormat, Transformer
from psycopg.pq import ExecStatus, PGresult, TransactionStatus
from psycopg.pq.abc import PGconn

from spacemission.matches import actlog

VENDOR = "postgresql"
Statement = tuple[str, Sequence[Any]]  # SQL with %s placeholders, and their values
Rows = list[tuple[Any, ...]]
BEGIN, COMMIT, ROLLBACK = "BEGIN", "COMMIT", "ROLLBACK"


def available() -> bool:
    """Whether this site's database can be used from the loop: PostgreSQL, pooled."""
    engine = settings.DATABASES[DEFAULT_DB_ALIAS]["ENGINE"]
    return engine == "django.db.backends.postgresql" and settings.DB_POOL_SIZE > 0


class Prepared(NamedTuple):
    """A statement's name on every connection of its pool, and how each value is dumped."""

    name: bytes
    formats: list[PyFormat]


class Bound(NamedTuple):
    """A prepared statement with its values dumped: what a connection sends for it."""

    sql: str
    name: bytes
    values: list[Buffer | None]


class Connection:
    """A connection of the pool (autocommit: ``run`` says where transactions begin and
    end) and the statements prepared on it."""

    def __init__(self, raw: psycopg.AsyncConnection[Any], prepared: dict[str, Prepared]) -> None:
        self.raw = raw
        self.pg: PGconn = raw.pgconn  # libpq: every statement of the loop goes out here
        self._prepared = prepared
        self._adapt = Transformer(raw)  # values as psycopg (and Django's adapters) dump them
        self._encoding = raw.info.encoding  # the client encoding, set once as it connects
        self._begin, self._commit, self._rollback = (
            self.bound((sql, ())) for sql in (BEGIN, COMMIT, ROLLBACK)
        )

    async def run(
        self, statements: Sequence[Statement | Bound], *, begin: bool = False, commit: bool = False
    ) -> list[Rows]:
        """Run the statements (or their ``bound`` form) in one round trip, after ``BEGIN``
        and before ``COMMIT`` if asked: the rows each returned. An error leaves the
        transaction to ``rollback`` (one begun and committed here is already rolled back:
        a round trip outside a transaction is one of its own)."""
        commands = [s if isinstance(s, Bound) else self.bound(s) for s in statements]
        opened = begin and not commit  # else the round trip's own transaction will do
        if opened:
            commands.insert(0, self._begin)
        if commit and not begin:
            commands.append(self._commit)
        results = _checked(await self._round_trip(commands), self._encoding)
        return [self._rows(result) for result in results[int(opened) :][: len(statements)]]

    async def rollback(self) -> None:
        _checked(await self._round_trip([self._rollback]), self._encoding)

    def bound(self, statement: Statement) -> Bound:
        """The statement as this connection sends it: its prepared name and its values
        dumped (ValueError for a value PostgreSQL cannot take, such as text with a NUL;
        TypeError for one with no adapter)."""
        sql, values = statement
        prepared = self._prepared[sql]  # only the pool's statements run here
        try:
            dumped = self._adapt.dump_sequence(values, prepared.formats) if values else []
        except psycopg.DataError as error:
            raise ValueError(str(error)) from error
        except psycopg.ProgrammingError as error:
            raise TypeError(str(error)) from error
        return Bound(sql, prepared.name, dumped)

    async def prepare(self) -> None:
        """Prepare every statement of the pool on this connection, in one round trip."""
        pg = self.pg
        try:
            pg.enter_pipeline_mode()
            for sql, prepared in self._prepared.items():
                pg.send_prepare(prepared.name, numbered(sql).encode(self._encoding))
            pg.pipeline_sync()
            _checked(await _results(pg, pipeline=True), self._encoding)
        except BaseException:
            self.close()
            raise

    async def _round_trip(self, commands: Sequence[Bound]) -> list[PGresult]:
        """Send the prepared statements, several as one pipeline, and await every result,
        on libpq itself. A round trip that breaks off closes the connection: its results
        may be left unread."""
        pg = self.pg
        try:
            if len(commands) == 1:  # one statement needs no pipeline
                pg.send_query_prepared(commands[0].name, commands[0].values)
                return await _results(pg, pipeline=False)
            pg.enter_pipeline_mode()
            for command in commands:
                pg.send_query_prepared(command.name, command.values)  # text in, text out
            pg.pipeline_sync()
            return await _results(pg, pipeline=True)
        except BaseException:
            self.close()
            raise

    def _rows(self, result: PGresult) -> Rows:
        if result.status != ExecStatus.TUPLES_OK:
            return []
        self._adapt.set_pgresult(result)
        return self._adapt.load_rows(0, result.ntuples, tuple)

    @property
    def idle(self) -> bool:
        return not self.raw.closed and self.raw.info.transaction_status == TransactionStatus.IDLE

    def close(self) -> None:
        self.raw.pgconn.finish()  # no round trip, so no loop needed


async def _results(pg: PGconn, *, pipeline: bool) -> list[PGresult]:
    """Send what is queued and read each statement's result: until the pipeline's sync
    (then out of pipeline mode again), or else the one statement's."""
    while pg.flush():
        await _ready(pg.socket, writing=True)
        pg.consume_input()  # the server may wait for us to read before it reads on
    results: list[PGresult] = []
    ended = False  # the last call ended a statement's results
    while True:
        pg.consume_input()
        while not pg.is_busy():
            result = pg.get_result()
            if result is None:
                if not pipeline:
                    return results
                if ended:  # nothing queued, yet no sync: the connection was lost
                    raise psycopg.OperationalError(pg.get_error_message())
                ended = True
                continue
            ended = False
            if result.status == ExecStatus.PIPELINE_SYNC:
                pg.exit_pipeline_mode()
                return results
            results.append(result)
        await _ready(pg.socket)


def _checked(results: list[PGresult], encoding: str) -> list[PGresult]:
    """``results``, or the error of the statement that failed (the ones after it did not
    run)."""
    for result in results:
        if result.status == ExecStatus.FATAL_ERROR:
            raise psycopg.errors.error_from_result(result, encoding=encoding)
    return results


async def _ready(fd: int, *, writing: bool = False) -> None:
    """Until the socket ``fd`` can be read (or, ``writing``, read or written)."""
    loop = asyncio.get_running_loop()
    ready = loop.create_future()
    loop.add_reader(fd, _wake, ready)
    if writing:
        loop.add_writer(fd, _wake, ready)
    try:
        await ready
    finally:
        loop.remove_reader(fd)
        if writing:
            loop.remove_writer(fd)


def _wake(ready: asyncio.Future[None]) -> None:
    if not ready.done():
        ready.set_result(None)


def numbered(sql: str) -> str:
    """``sql``'s %s placeholders as the extended protocol wants them: $1, $2, …"""
    count = iter(range(1, sql.count("%s") + 1))
    return re.sub("%s", lambda _: f"${next(count)}", sql)


class Pool:
    """Idle connections, and waiters for one while ``size`` are in use. ``statements``
    (and ``BEGIN``, ``COMMIT``, ``ROLLBACK``) are prepared on each connection as it
    opens."""

    def __init__(self, size: int, statements: Sequence[str]) -> None:
        self.size = size
        self._prepared = {
            sql: Prepared(f"loop_{index}".encode(), [PyFormat.TEXT] * sql.count("%s"))
            for index, sql in enumerate([BEGIN, COMMIT, ROLLBACK, *statements])
        }
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
        connection = Connection(raw, self._prepared)
        await connection.prepare()  # closes the connection if it fails
        return connection

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
