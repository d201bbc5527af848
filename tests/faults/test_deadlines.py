"""Deadlines stored with the match, under real server processes: with two processes
sweeping, an expired clock times out exactly once; a process killed before the timeout
leaves it for the next one to start, which loses no time and grants none.

The processes read the time from the test's clock file (``Database.advance``): the
test moves the time past the deadline instead of waiting for it.
"""

from __future__ import annotations

import asyncio
import json
import signal
import time

import pytest

from games.clock import PACES
from tests.faults.conftest import prefix
from tests.platform.live.remote import seed_match
from tests.support.servers import Server

pytestmark = [pytest.mark.slow, pytest.mark.postgres, pytest.mark.redis]
NORMAL, FAST = PACES["normal"], PACES["fast"]
SWEEPING = {"DEADLINE_POLL": "0.05"}
TIMEOUT = 30.0


def facts(database, match_id: int) -> dict:
    ((version, clock, deadline, events),) = database.query(
        "SELECT version, clock, deadline, events FROM matches_match WHERE id = %s", [match_id]
    )
    actions = database.query("SELECT seat FROM matches_action WHERE match_id = %s", [match_id])
    seats = database.query(
        "SELECT away, timeouts, bot FROM matches_matchseat WHERE match_id = %s ORDER BY index",
        [match_id],
    )
    load = lambda v: json.loads(v) if isinstance(v, str) else v  # noqa: E731
    return {
        "version": version,
        "clock": load(clock),
        "deadline": deadline,
        "events": [e["kind"] for e in load(events)],
        "actions": [seat for (seat,) in actions],
        "seats": seats,
    }


async def until(check, timeout: float = TIMEOUT):
    """Wait for the servers to act (real processes take real time to react)."""
    limit = time.monotonic() + timeout
    while not (result := check()):
        assert time.monotonic() < limit, "the servers did not act in time"
        await asyncio.sleep(0.05)
    return result


async def swept_alone(database, sweeping: Server, paused: Server) -> None:
    """Until ``sweeping`` has swept once more while ``paused`` is stopped (SIGSTOP): a
    match with a shorter clock that runs out now is timed out, by ``sweeping``."""
    paused.process.send_signal(signal.SIGSTOP)
    try:
        sentinel = seed_match(database, ["@ada", "@bob"], first=0, pace="fast")
        database.advance(FAST.bank)
        await until(lambda: facts(database, sentinel)["events"])
    finally:
        paused.process.send_signal(signal.SIGCONT)


async def test_two_processes_time_an_expired_clock_out_exactly_once(
    database, servers, shared_redis
):
    channels = prefix()
    first = servers(database, shared_redis, CHANNELS_PREFIX=channels, **SWEEPING)
    second = servers(database, shared_redis, CHANNELS_PREFIX=channels, **SWEEPING)
    matches = [seed_match(database, ["@ada", "@bob"], first=0) for _ in range(3)]
    started = database.now()
    assert all(facts(database, m)["deadline"] == started + NORMAL.bank for m in matches)
    at = database.advance(NORMAL.bank)
    for match_id in matches:
        await until(lambda m=match_id: facts(database, m)["events"])
    for paused, sweeping in ((first, second), (second, first)):
        await swept_alone(database, sweeping, paused)  # none may act again
    for match_id in matches:
        stored = facts(database, match_id)
        # One timeout: the stand-in played ada's whole turn (a few acts), once.
        assert stored["events"] == ["timeout"] and set(stored["actions"]) == {0}
        assert stored["version"] == len(stored["actions"])
        assert stored["seats"][0] == (True, 1, "")  # away, handed back after one timeout
        assert stored["clock"]["left"][0] == NORMAL.increment
        assert stored["deadline"] == at + NORMAL.bank  # bob's clock runs from then


async def test_a_deadline_that_passed_while_no_process_ran_times_out_after_the_restart(
    database, servers, shared_redis
):
    channels = prefix()
    first = servers(database, shared_redis, CHANNELS_PREFIX=channels, **SWEEPING)
    match_id = seed_match(database, ["@ada", "@bob"], first=0)
    sentinel = seed_match(database, ["@ada", "@bob"], first=0, pace="fast")
    database.advance(NORMAL.bank - 1000)
    await until(lambda: facts(database, sentinel)["events"])  # the process swept since
    assert facts(database, match_id)["events"] == []  # and nothing was due yet
    first.kill()  # between the deadline and its timeout
    at = database.advance(1000)
    servers(database, shared_redis, CHANNELS_PREFIX=channels, **SWEEPING)
    stored = await until(lambda: (f := facts(database, match_id))["events"] and f)
    assert stored["events"] == ["timeout"] and set(stored["actions"]) == {0}
    # No time lost, none granted: ada had exactly her bank; bob's starts at the timeout.
    assert stored["clock"]["left"][0] == NORMAL.increment
    assert stored["deadline"] == at + NORMAL.bank
