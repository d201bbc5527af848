"""Bots move by themselves, server-side, through the same path as people.

One driver task per match and process plays bot turns one after the other, each
``settings.BOT_DELAY`` seconds after it was asked (a search thinks meanwhile, in a bot
process: ``botpool``), and stops when a person is to move or the match ends.
Several processes may drive the same match (a restart scan, a reconnect elsewhere): every
bot move is an act at an expected view version (``acts.apply``, as a person's), so only
one of them applies.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings

from games.core import Action, IllegalAction
from spacemission.live import acts, botpool, fanout, ordering, presence, runner
from spacemission.live.threads import db
from spacemission.matches.decisions import BotQuestion
from spacemission.matches.models import Match
from spacemission.matches.services import (
    MOVED_ON,
    Applied,
    ask_bot,
    bot_refused,
    bot_to_move,
    bot_tries,
)

log = logging.getLogger(__name__)


@dataclass
class _Driver:
    task: asyncio.Task | None = None
    wanted: int = 0  # bumped by every schedule() while the driver runs


_drivers: dict[int, _Driver] = {}


def schedule(match_id: int) -> None:
    """Make sure a bot whose turn it is will move soon. Any thread; cheap to repeat."""
    runner.run_soon(lambda: _ensure(match_id))


async def _ensure(match_id: int) -> None:
    loop = asyncio.get_running_loop()
    driver = _drivers.get(match_id)
    if driver and driver.task and not driver.task.done() and driver.task.get_loop() is loop:
        driver.wanted += 1
        return
    driver = _Driver()
    _drivers[match_id] = driver
    driver.task = runner.track(loop.create_task(_drive(match_id, driver)))


async def _drive(match_id: int, driver: _Driver) -> None:
    loop = asyncio.get_running_loop()
    try:
        while True:
            wanted = driver.wanted
            asked = loop.time()
            question = await db(ask_bot)(match_id)
            applied = None
            if question is not None:
                # The bot thinks during its pause (in a bot process when it searches),
                # and moves no earlier than BOT_DELAY after it was asked.
                choice = await botpool.decide(question)
                await asyncio.sleep(max(0.0, asked + settings.BOT_DELAY - loop.time()))
                async with ordering.turn(match_id):
                    applied, messages = await _answer(question, choice)
                    if applied is not None:
                        await fanout.send(messages)
            if applied is None:
                # Nothing to play; unless a schedule() came in while we looked, stop.
                if driver.wanted == wanted:
                    return
                continue
            if applied.finished:
                return
    except Exception:
        log.exception("bot driver of match %s stopped", match_id)
    finally:
        if _drivers.get(match_id) is driver:
            del _drivers[match_id]


def cancel_all() -> None:
    """Stop every bot driver and the rest of this process's live work (any thread), a move
    in flight included; a later schedule() starts anew."""
    runner.cancel_all()
    _drivers.clear()


async def _answer(question: BotQuestion, choice: Action) -> tuple[Applied | None, acts.Messages]:
    """The bot's act on the road a person's takes (``acts.apply``); None when the match
    moved on since it was asked. A choice the rules refuse gives way to the next try."""
    for action in bot_tries(question, choice):
        try:
            match_id, seat, seen = question.match_id, question.seat, question.seen
            return await acts.apply(match_id, seat, action, seen, "", None)
        except IllegalAction as refused:
            if refused.code in MOVED_ON:
                return None, []
            bot_refused(question, action, refused)
    return None, []


def waiting_matches() -> list[int]:
    """Running matches where a bot is to move now."""
    running = Match.objects.filter(status=Match.Status.RUNNING).exclude(seats__bot="")
    return [m.pk for m in running.distinct().prefetch_related("seats") if bot_to_move(m)]


async def resume_all() -> None:
    """Schedule every match a bot should be playing (at start, after a restart)."""
    waiting = await db(waiting_matches)()
    if waiting:
        log.info("resuming the bots of %d matches", len(waiting))
    for match_id in waiting:
        schedule(match_id)


def resume_when_serving(*also: Callable[[], None]) -> None:
    """Inside a Daphne server process, resume waiting bots as soon as it serves, forget
    the connections that died with a previous process, and call ``also`` (the deadline
    worker's start) once the loop runs."""
    import sys

    if "daphne.server" not in sys.modules:
        return  # not a Daphne server (importing the reactor here would install the wrong one)
    from twisted.internet import reactor

    def started() -> None:
        # Called just before the reactor runs its asyncio loop: attach it now, and scan
        # once it runs, so the bots play on the loop that serves the sockets.
        loop = asyncio.get_event_loop()
        runner.attach(loop)
        loop.call_soon(runner.run_soon, resume_all)
        loop.call_soon(runner.run_soon, db(presence.forget_stale))
        for job in also:
            loop.call_soon(job)

    reactor.callWhenRunning(started)
