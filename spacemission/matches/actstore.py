"""Where the acts of ``matches.loopact`` are stored: the one thing that differs between
PostgreSQL and SQLite on an act's road.

A store hands out a connection for a batch of acts. Its ``run(statements, begin=,
commit=)`` runs ``actlog``'s statements (SQL with ``%s`` placeholders and their values,
always bound as parameters, never written into the text) in one step awaited from the
event loop, after ``BEGIN`` and before ``COMMIT`` if asked; an error leaves the
transaction to ``rollback``.

- PostgreSQL: a pooled asynchronous connection of ``matches.loopdb``; two batches in
  flight, each on its own connection.
- SQLite: one writer thread owning one ``sqlite3`` connection to the site's database
  file (Django's parameters: WAL, the busy timeout), a step run there and awaited through
  a future. Its transactions are ``BEGIN IMMEDIATE``, taking the write lock at once, as
  Django's are (``settings.DATABASES``), so the lock statement needs no ``FOR UPDATE``.
  One batch at a time: SQLite has one writer, and the acts that arrive meanwhile join
  the next batch.
"""

from __future__ import annotations

import asyncio
import sqlite3
import weakref
from collections.abc import AsyncIterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from datetime import UTC, datetime
from typing import Any, Protocol

import psycopg
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections
from django.utils import timezone

from spacemission.matches import loopdb
from spacemission.matches.loopdb import Rows, Statement


class Connection(Protocol):
    """One batch's connection (``loopdb.Connection`` is one)."""

    @property
    def idle(self) -> bool: ...

    async def run(
        self, statements: Sequence[Statement], *, begin: bool = False, commit: bool = False
    ) -> list[Rows]: ...

    async def rollback(self) -> None: ...


class Store(Protocol):
    vendor: str  # as ``actlog`` words its statements
    errors: tuple[type[Exception], ...]  # what a failed step raises: nothing was written
    batches: int  # batches in flight at once

    def connection(self) -> AbstractAsyncContextManager[Connection]: ...


class PostgreSQLStore:
    vendor = "postgresql"
    errors: tuple[type[Exception], ...] = (psycopg.Error,)
    batches = 2  # while one waits for PostgreSQL the next is decided

    def connection(self) -> AbstractAsyncContextManager[Connection]:
        return loopdb.connection()


class SQLiteConnection:
    """The writer thread's ``sqlite3`` connection (autocommit: ``run`` says where
    transactions begin and end), opened there on first use."""

    def __init__(self) -> None:
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="sqlite-acts")
        self._raw: sqlite3.Connection | None = None
        self._texts: dict[str, str] = {}

    async def run(
        self, statements: Sequence[Statement], *, begin: bool = False, commit: bool = False
    ) -> list[Rows]:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, self._run, statements, begin, commit)

    async def rollback(self) -> None:
        await asyncio.get_running_loop().run_in_executor(self._thread, self._rollback)

    @property
    def idle(self) -> bool:
        return self._raw is None or not self._raw.in_transaction

    def close(self) -> None:
        """Close the connection (a test database is about to go); the next step opens one."""
        self._thread.submit(self._close).result()

    def _run(self, statements: Sequence[Statement], begin: bool, commit: bool) -> list[Rows]:
        raw = self._connected()
        if begin:
            raw.execute("BEGIN IMMEDIATE")
        results = [
            raw.execute(self._text(sql), [_value(v) for v in values]).fetchall()
            for sql, values in statements
        ]
        if commit:
            raw.execute("COMMIT")
        return results

    def _rollback(self) -> None:
        if self._raw is not None and self._raw.in_transaction:
            self._raw.execute("ROLLBACK")

    def _connected(self) -> sqlite3.Connection:
        if self._raw is None:
            django = connections[DEFAULT_DB_ALIAS]  # this thread's: only its parameters
            raw = django.get_new_connection(django.get_connection_params())
            raw.isolation_level = None  # autocommit; ``run`` begins and commits
            self._raw = raw
        return self._raw

    def _close(self) -> None:
        if self._raw is not None:
            self._raw.close()
            self._raw = None

    def _text(self, sql: str) -> str:
        text = self._texts.get(sql)
        if text is None:
            text = self._texts[sql] = sql.replace("%s", "?")
        return text


def _value(value: Any) -> Any:
    """A value as Django stores it in SQLite: a time as naive UTC text."""
    if isinstance(value, datetime):
        if timezone.is_aware(value):
            value = timezone.make_naive(value, UTC)
        return str(value)
    return value


class SQLiteStore:
    vendor = "sqlite"
    errors: tuple[type[Exception], ...] = (sqlite3.Error,)
    batches = 1

    def __init__(self) -> None:
        self._connection = SQLiteConnection()
        # One batch at a time on each event loop (a process serves from one; tests
        # replace theirs).
        self._locks: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = (
            weakref.WeakKeyDictionary()
        )

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[Connection]:
        async with self._lock():
            yield self._connection

    def close(self) -> None:
        self._connection.close()

    def _lock(self) -> asyncio.Lock:
        loop = asyncio.get_running_loop()
        lock = self._locks.get(loop)
        if lock is None:
            lock = self._locks[loop] = asyncio.Lock()
        return lock


_sqlite: SQLiteStore | None = None


def store() -> Store | None:
    """This site's store for acts on the loop; None: acts run in worker threads (a
    PostgreSQL site without a pool)."""
    global _sqlite
    engine = settings.DATABASES[DEFAULT_DB_ALIAS]["ENGINE"]
    if engine == "django.db.backends.sqlite3":
        if _sqlite is None:
            _sqlite = SQLiteStore()
        return _sqlite
    if loopdb.available():
        return _postgresql
    return None


_postgresql = PostgreSQLStore()


def close_idle() -> None:
    """Close every store's idle connections (a test database is about to be dropped)."""
    loopdb.close_idle()
    if _sqlite is not None:
        _sqlite.close()
