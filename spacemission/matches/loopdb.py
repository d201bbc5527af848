"""PostgreSQL connections for work awaited on the event loop itself.

Django's connections are synchronous, one per thread, so the live layer's database work
runs in worker threads, and every call pays the hop there and back. The act, the site's
hot path, is awaited on the loop instead (``matches.loopact``), on psycopg's asynchronous
connections kept here: made with Django's own parameters (the same database, adapters and
prepared-statement setting), used by one task at a time and reused, at most
``DB_POOL_SIZE`` of them per process. A connection goes back only when it is idle and
sound; one that failed or was left inside a transaction is closed.

Connections are not bound to an event loop (psycopg looks the running loop up on each
wait), so a process whose loop is replaced (tests) reuses them; ``close_idle`` closes
them without a loop.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import psycopg
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections
from psycopg.pq import TransactionStatus

VENDOR = "postgresql"


def available() -> bool:
    """Whether this site's database can be used from the loop: PostgreSQL, pooled."""
    engine = settings.DATABASES[DEFAULT_DB_ALIAS]["ENGINE"]
    return engine == "django.db.backends.postgresql" and settings.DB_POOL_SIZE > 0


class Pool:
    """Idle connections, and waiters for one while ``size`` are in use."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._idle: list[psycopg.AsyncConnection[Any]] = []
        self._open = 0  # open or being opened, idle or in use
        # A waiter gets a connection, or None: one was closed, so it may open its own.
        self._waiting: deque[asyncio.Future[psycopg.AsyncConnection[Any] | None]] = deque()

    async def take(self) -> psycopg.AsyncConnection[Any]:
        if self._idle:
            return self._idle.pop()
        if self._open >= self.size:
            given = await self._wait()
            if given is not None:
                return given
        self._open += 1
        try:
            return await psycopg.AsyncConnection.connect(**_parameters())
        except BaseException:
            self._closed()
            raise

    def give(self, connection: psycopg.AsyncConnection[Any]) -> None:
        """Take ``connection`` back: reused if idle and sound, else closed."""
        if connection.closed or connection.info.transaction_status != TransactionStatus.IDLE:
            connection.pgconn.finish()
            self._closed()
            return
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done():
                waiter.set_result(connection)
                return
        self._idle.append(connection)

    def close_idle(self) -> None:
        """Close the idle connections (a test database is about to be dropped)."""
        idle, self._idle = self._idle, []
        for connection in idle:
            connection.pgconn.finish()
            self._closed()

    async def _wait(self) -> psycopg.AsyncConnection[Any] | None:
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
    global _pool
    if _pool is None:
        _pool = Pool(settings.DB_POOL_SIZE)
    return _pool


@asynccontextmanager
async def connection() -> AsyncIterator[psycopg.AsyncConnection[Any]]:
    """A connection of this process's pool for the block; back to the pool after it."""
    taken = await pool().take()
    try:
        yield taken
    finally:
        pool().give(taken)


def close_idle() -> None:
    if _pool is not None:
        _pool.close_idle()
