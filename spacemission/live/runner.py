"""Run live work (bot moves, fan-out) on the event loop that serves this process's sockets.

Sockets of one process are served by one event loop, and the channel layer's in-process
backend only works from that loop, so work started from a sync thread (a lobby view, a
``transaction.on_commit`` hook) is handed to it. A process that serves no sockets at all
(a management command, a plain WSGI worker) gets one background loop of its own.
"""

from __future__ import annotations

import asyncio
import contextvars
import threading
from collections.abc import Callable, Coroutine
from typing import Any

from asgiref.sync import SyncToAsync

Job = Callable[[], Coroutine[Any, Any, Any]]

_serving: asyncio.AbstractEventLoop | None = None
_background: asyncio.AbstractEventLoop | None = None
_lock = threading.Lock()
_tasks: set[asyncio.Task] = set()  # strong references until each task ends


def attach(loop: asyncio.AbstractEventLoop) -> None:
    """Remember the loop serving this process's sockets."""
    global _serving
    _serving = loop


def run_soon(job: Job) -> None:
    """Start ``job()`` as a task on the serving loop, from any thread."""
    loop = _target()
    try:
        running = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    # A fresh context: the caller's (e.g. a sync_to_async worker's) must not leak into the
    # task, or asgiref would take the task for a caller inside its own worker thread.
    if running is loop:
        _start(job)
    else:
        loop.call_soon_threadsafe(_start, job, context=contextvars.Context())


def _start(job: Job) -> None:
    track(asyncio.get_running_loop().create_task(job(), context=contextvars.Context()))


def track(task: asyncio.Task) -> asyncio.Task:
    """Keep ``task`` until it ends, for ``cancel_all``."""
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)
    return task


def cancel_all(timeout: float = 30.0) -> None:
    """Cancel every task of live work and, from any thread but the loop's own, wait until
    each has ended. A task cancelled inside a database call ends once the call returned
    (``sync_to_async`` waits for its thread), so nothing writes to the database after this.
    """
    try:
        current = asyncio.get_running_loop()
    except RuntimeError:
        current = None
    for loop in {task.get_loop() for task in list(_tasks)}:
        if loop.is_closed():
            continue
        if loop.is_running() and loop is not current:
            asyncio.run_coroutine_threadsafe(_cancel_on(loop), loop).result(timeout)
        else:
            for task in [t for t in list(_tasks) if t.get_loop() is loop]:
                task.cancel()


async def _cancel_on(loop: asyncio.AbstractEventLoop) -> None:
    tasks = [t for t in list(_tasks) if t.get_loop() is loop]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


def _target() -> asyncio.AbstractEventLoop:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    # A sync thread started by sync_to_async knows the loop that started it.
    caller = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
    if caller is not None and caller.is_running():
        return caller
    if _serving is not None and not _serving.is_closed():
        return _serving  # running, or about to (work waits for it to start)
    return _background_loop()


def _background_loop() -> asyncio.AbstractEventLoop:
    global _background
    with _lock:
        if _background is None:
            _background = asyncio.new_event_loop()
            thread = threading.Thread(
                target=_background.run_forever, name="live-background", daemon=True
            )
            thread.start()
        return _background
