"""Bot searches run in bot processes: people's acts are served while a bot thinks, and a
worker killed mid-decision loses nothing (the decision is taken again, applied once)."""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import AsyncIterator

import pytest
from channels.db import database_sync_to_async

from spacemission.live import botpool, bots
from spacemission.matches import decisions
from spacemission.matches.models import Action, Match
from spacemission.matches.services import answer_bot
from tests.platform.live.conftest import create_match
from tests.platform.live.wsclient import acknowledges

pytestmark = pytest.mark.django_db(transaction=True)
WAIT = 60.0  # bound on waiting for a condition (a strong search, a pool restart)


@pytest.fixture
async def submitted(monkeypatch) -> AsyncIterator[list]:
    """Each search the bot pool starts: (question, future), in order. Afterwards the bot
    drivers are stopped while the test's loop still runs (waiting for any database call
    in flight), and the workers too."""
    seen: list = []
    submit = botpool.submit

    def recording(question):
        executor, future = submit(question)
        seen.append((question, future))
        return executor, future

    monkeypatch.setattr(botpool, "submit", recording)
    yield seen
    for pid in botpool.worker_pids():
        os.kill(pid, signal.SIGCONT)
    await asyncio.to_thread(bots.cancel_all)
    botpool.shutdown()


async def until(condition, what: str) -> None:
    """Wait (bounded) until ``condition()`` holds."""
    async with asyncio.timeout(WAIT):
        while not await condition():
            await asyncio.sleep(0.02)


def running_search(submitted: list):
    async def check() -> bool:
        return bool(submitted) and submitted[0][1].running() and bool(botpool.worker_pids())

    return check


@database_sync_to_async
def version_of(match_id: int) -> int:
    return Match.objects.get(pk=match_id).version


async def test_a_person_is_answered_while_a_strong_bot_thinks(users, connect, submitted) -> None:
    ada, bob = users[:2]
    thinking = await database_sync_to_async(create_match)(
        ["strong", "strong"], game="space-mission"
    )
    await until(running_search(submitted), "a strong search running")
    for pid in botpool.worker_pids():  # hold the search mid-way, for as long as we need
        os.kill(pid, signal.SIGSTOP)
    played = await database_sync_to_async(create_match)([ada, bob])
    client = await connect(played, ada)
    if client.view.get("legal"):
        mover = client
    else:
        mover = await connect(played, bob)
    action = mover.view["legal"][0]
    await mover.send({"t": "act", "id": "human", "v": mover.v, "action": action})
    assert acknowledges(await mover.answer("human"))
    assert not submitted[0][1].done()  # the strong decision is still in flight
    assert await version_of(thinking.pk) == 0
    for pid in botpool.worker_pids():
        os.kill(pid, signal.SIGCONT)

    async def bot_moved() -> bool:
        return await version_of(thinking.pk) > 0

    await until(bot_moved, "the strong bot's move")


async def test_a_worker_killed_mid_decision_loses_nothing(users, submitted) -> None:
    match = await database_sync_to_async(create_match)(["normal", "normal"], game="space-mission")
    await until(running_search(submitted), "a search running")
    killed = botpool.worker_pids()
    for pid in killed:
        os.kill(pid, signal.SIGKILL)

    async def bot_moved() -> bool:
        return await version_of(match.pk) > 0

    await until(bot_moved, "the bot's move after the kill")
    question, broken = submitted[0]
    assert broken.exception() is not None  # the first try died with its worker
    assert len(submitted) >= 2 and not set(killed) & set(botpool.worker_pids())

    @database_sync_to_async
    def first_move() -> tuple[int, dict, int]:
        first = Action.objects.filter(match=match).order_by("version").first()
        count = Action.objects.filter(match=match, version=first.version).count()
        return first.seat, first.action, count

    seat, action, count = await first_move()
    # The decision taken again is the same decision, and it was applied once.
    assert (seat, action, count) == (question.seat, decisions.decide(question), 1)
    assert await database_sync_to_async(answer_bot)(question, action) is None
