"""The deadline worker: one task per server process that wakes when the earliest stored
deadline comes due (or every ``settings.DEADLINE_POLL`` seconds, to see deadlines other
processes set) and times out every expired match it can claim.

Deadlines live in the database (``Match.deadline``), so a restart resumes them and a
process killed between a deadline and its timeout leaves it for the next sweep, of any
process. Claiming re-reads the deadline under the match's lock (``matches.clocks.claim``),
so with N processes sweeping at once exactly one times a match out, once.

Each sweep also finishes a match whose end is stored but whose table and ratings a
process died before settling (``matches.finisher``), and tells its clients.
"""

from __future__ import annotations

import asyncio
import logging

from django.conf import settings

from spacemission.live import announce, fanout, ordering, runner
from spacemission.live.threads import db
from spacemission.matches import absence, clocks, finisher
from spacemission.matches.absence import Outcome

log = logging.getLogger(__name__)

_worker: asyncio.Task | None = None
# Between two sweeps at least this long (seconds): a due match another process holds
# stays due until it commits, and the worker must not spin on it meanwhile.
MIN_WAIT = 0.05


def start() -> None:
    """Make sure this process's worker runs (any thread; cheap to repeat)."""
    runner.run_soon(_ensure)


async def _ensure() -> None:
    global _worker
    loop = asyncio.get_running_loop()
    if _worker is None or _worker.done() or _worker.get_loop() is not loop:
        _worker = loop.create_task(_watch())


async def _watch() -> None:
    while True:
        try:
            await sweep()
            await finish_left_over()
            wait = await db(_until_next)()
        except Exception:  # a database hiccup must not end the worker
            log.exception("deadline sweep failed")
            wait = settings.DEADLINE_POLL
        await asyncio.sleep(wait)


def _until_next() -> float:
    """Seconds to sleep: until the earliest deadline, at most DEADLINE_POLL."""
    earliest = clocks.next_deadline()
    if earliest is None:
        return settings.DEADLINE_POLL
    return min(settings.DEADLINE_POLL, max(MIN_WAIT, (earliest - clocks.now()) / 1000))


async def sweep(at: int | None = None) -> list[int]:
    """Time out every match due at ``at`` (default: now) that this process claims; the
    ids of those it timed out."""
    at = clocks.now() if at is None else at
    fired = []
    for match_id in await db(clocks.due)(at):
        async with ordering.turn(match_id):
            outcome, messages = await db(_time_out)(match_id, at)
            if outcome is not None:
                await announce.seats(outcome, messages)
                fired.append(match_id)
    return fired


async def finish_left_over() -> list[int]:
    """Finish every match that ended without its table and ratings settled, and send its
    facts to its sockets; the ids of those this process finished."""
    done = []
    for match_id in await db(finisher.left_over)():
        async with ordering.turn(match_id):
            if await db(finisher.finish)(match_id):
                await fanout.send(await db(fanout.facts_messages)(match_id))
                done.append(match_id)
    return done


def _time_out(match_id: int, at: int) -> tuple[Outcome | None, list[tuple[str, fanout.Message]]]:
    outcome = absence.time_out(match_id, at)
    if outcome is None:
        return None, []
    return outcome, [m for applied in outcome.applied for m in fanout.patch_messages(applied)]
