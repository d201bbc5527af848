"""Which threads run the live layer's database work.

With PostgreSQL the calls of different sockets run side by side on the event loop's
worker threads, each taking a connection from the pool: one match's writes are still
ordered by its row lock (``matches.services.serialised``). SQLite has one file and one
writer, so its calls queue on the single thread-sensitive thread, as Django's own are
(players' acts do not come here on either database: ``matches.loopact``).
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable
from typing import ParamSpec, TypeVar

from channels.db import database_sync_to_async
from django.conf import settings
from django.db import close_old_connections

P = ParamSpec("P")
R = TypeVar("R")


def parallel() -> bool:
    return settings.DATABASES["default"]["ENGINE"] != "django.db.backends.sqlite3"


@functools.cache  # callers wrap at the call (``db(act)(…)``): build each wrapper once
def db(func: Callable[P, R]) -> Callable[P, Awaitable[R]]:
    """``func`` as a coroutine function running in a worker thread with a database connection."""

    @functools.wraps(func)
    def closing(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        finally:
            # Hand the connection back to the pool from the context that took it: the
            # wrapper's own cleanup runs outside that context and may not see it.
            close_old_connections()

    call = database_sync_to_async(closing, thread_sensitive=not parallel())

    @functools.wraps(func)
    async def in_thread(*args: P.args, **kwargs: P.kwargs) -> R:
        return await to_the_end(call(*args, **kwargs))

    return in_thread


async def to_the_end(work: Awaitable[R]) -> R:
    """Await ``work``, which runs on to its end even if the caller is cancelled meanwhile:
    a cancelled caller ends with it, so no transaction is left running behind a stopped
    task (nor one cut off half way)."""
    running = asyncio.ensure_future(work)
    cancelled = False
    while True:
        try:
            result = await asyncio.shield(running)
        except asyncio.CancelledError:
            if running.done():
                raise
            cancelled = True
            continue
        if cancelled:
            raise asyncio.CancelledError
        return result
