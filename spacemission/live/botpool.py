"""Bot searches run in processes of their own, so a search never holds the serving
process's event loop or its GIL: people's acts are served while bots think.

The pool belongs to the serving process (``concurrent.futures``, spawned workers that
import ``games`` only, at a lower CPU priority than the server). Why a pool and not a
worker shared through the database: a decision is a pure function of plain data (the
seat's view, the level, the seed), so nothing needs to outlive the process that asked,
and a restarted server asks again (``bots.resume_all``). A worker that dies mid-decision
breaks the pool; the decision is asked again of a fresh pool, and since it depends on its
question alone it is the same decision, applied once (the act's view-version check,
``live.bots``).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from django.conf import settings

from games.core import Action
from spacemission.matches import decisions
from spacemission.matches.decisions import BotQuestion

log = logging.getLogger(__name__)

ATTEMPTS = 3  # pools a decision may break before the easy bot decides instead
# Bot workers yield the CPU to everything serving people (the server, the database). On
# Linux they run as SCHED_IDLE: a waking server thread preempts them at once, yet they
# keep a small share of a busy CPU, so a bot is never starved. Elsewhere: the lowest nice.
NICENESS = 19
PARENT_CHECK = 1.0  # seconds between a worker's looks at whether its server still runs

_pool: ProcessPoolExecutor | None = None
_lock = threading.Lock()


def _start_worker() -> None:
    """A bot worker's start: the lowest CPU priority, and an end with its server."""
    if hasattr(os, "SCHED_IDLE"):
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    else:
        os.nice(NICENESS)
    threading.Thread(target=_exit_with, args=(os.getppid(),), daemon=True).start()


def _exit_with(parent: int) -> None:
    # A server killed outright (SIGKILL) cannot stop its pool: its workers stop themselves.
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK)
    os._exit(0)


def pool() -> ProcessPoolExecutor:
    """This process's bot pool, started on first use (and again after it broke)."""
    global _pool
    with _lock:
        if _pool is None:
            _pool = ProcessPoolExecutor(
                max_workers=settings.BOT_WORKERS,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker,
            )
        return _pool


def _discard(broken: ProcessPoolExecutor) -> None:
    global _pool
    with _lock:
        if _pool is broken:
            _pool = None
    broken.shutdown(wait=False, cancel_futures=True)


def submit(question: BotQuestion) -> tuple[ProcessPoolExecutor, Future[Action]]:
    """Start ``question``'s decision in a bot process."""
    executor = pool()
    return executor, executor.submit(decisions.decide, question)


async def decide(question: BotQuestion) -> Action:
    """The decision for ``question``: searches in a bot process, the rest (one step at
    most) in a thread here. A pool broken mid-decision (a killed worker) is replaced and
    asked again; after ``ATTEMPTS`` broken pools, or a failed search, the easy bot
    decides, so a table never stalls on a bot."""
    if not question.searches:
        return await asyncio.to_thread(decisions.decide, question)
    for attempt in range(1, ATTEMPTS + 1):
        executor, future = submit(question)
        try:
            return await asyncio.wrap_future(future)
        except BrokenProcessPool:
            log.warning("bot pool broke deciding for match %s (try %d)", question.match_id, attempt)
            _discard(executor)
        except Exception:
            # A search that fails must not stall the table: the easy bot moves instead.
            log.exception("bot search failed in match %s", question.match_id)
            break
    easy = dataclasses.replace(question, bot="easy")
    return await asyncio.to_thread(decisions.decide, easy)


def worker_pids() -> list[int]:
    """The process ids of this process's bot workers (none before the first search)."""
    with _lock:
        processes = dict(getattr(_pool, "_processes", None) or {})
    return list(processes)


def shutdown() -> None:
    """Stop this process's bot workers (tests, shutdown)."""
    global _pool
    with _lock:
        executor, _pool = _pool, None
    if executor is not None:
        executor.shutdown(wait=True, cancel_futures=True)
