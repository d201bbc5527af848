"""Acts that arrive together are applied together (``matches.loopact``), on PostgreSQL and
on SQLite: one transaction for the acts of several matches, each act's outcome its own,
and nothing written when the batch's writes fail."""

from __future__ import annotations

import asyncio

import psycopg
import pytest
from channels.db import database_sync_to_async
from django.db import connection

from games import registry
from games.core import IllegalAction
from spacemission.matches import actstore, loopact, loopdb, states
from spacemission.matches.models import Action, Match
from spacemission.matches.services import apply_action, replay
from tests.platform.live.conftest import create_match, spoil_snapshot

# Bots wait (``tests/platform/conftest.py``); the ``postgres`` ones skip without
# PostgreSQL, or fail where it is required.
pytestmark = [pytest.mark.django_db(transaction=True)]
TOY = registry.get("toy")
sync = database_sync_to_async


def matches_of(users, count: int) -> list[Match]:
    return [create_match(users[:2]) for _ in range(count)]


def next_act(match: Match, players, client_id: str) -> tuple:
    """``apply_action``'s arguments for the first legal action of the seat to move."""
    match.refresh_from_db()
    [seat] = TOY.active_seats(states.current(match))
    legal = TOY.legal_actions(states.current(match), seat)
    return match.pk, seat, legal[0], match.view_versions[seat], client_id, players[seat]


@pytest.fixture
def commits(monkeypatch) -> list[int]:
    """The commits of the loop's connections, one entry (how many statements it ran)
    each."""
    made: list[int] = []
    kind = loopdb.Connection if connection.vendor == "postgresql" else actstore.SQLiteConnection
    real = kind.run

    async def counted(self, statements, *, begin=False, commit=False):
        if commit:
            made.append(len(statements))
        return await real(self, statements, begin=begin, commit=commit)

    monkeypatch.setattr(kind, "run", counted)
    return made


def versions(matches: list[Match]) -> list[int]:
    return [Match.objects.values_list("version", flat=True).get(pk=m.pk) for m in matches]


def versions_and_writers(matches: list[Match]) -> list[tuple[int, str]]:
    """Each match's version and the transaction that last wrote its row (PostgreSQL's
    ``xmin``: rows written in one transaction share it)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT version, xmin::text FROM matches_match WHERE id = ANY(%s) ORDER BY id",
            [[m.pk for m in matches]],
        )
        return cursor.fetchall()


def log_lengths(matches: list[Match]) -> list[int]:
    return [Action.objects.filter(match=m).count() for m in matches]


async def test_acts_of_several_matches_arriving_together_commit_in_one_transaction(users, commits):
    matches = await sync(matches_of)(users, 4)
    acts = [await sync(next_act)(m, users, f"a{i}") for i, m in enumerate(matches)]
    applied = await asyncio.gather(*(loopact.apply_action(*act) for act in acts))
    assert [a.version for a in applied] == [1, 1, 1, 1]
    assert await sync(versions)(matches) == [1, 1, 1, 1]
    assert len(commits) == 1
    # The next acts, one at a time, each commit alone, and each continues from the
    # state its batch kept.
    for i, match in enumerate(matches):
        again = await loopact.apply_action(*await sync(next_act)(match, users, f"b{i}"))
        assert again.version == 2
    assert len(commits) == 5


@pytest.mark.postgres
async def test_the_acts_of_one_batch_share_their_transaction(users):
    matches = await sync(matches_of)(users, 4)
    acts = [await sync(next_act)(m, users, f"a{i}") for i, m in enumerate(matches)]
    await asyncio.gather(*(loopact.apply_action(*act) for act in acts))
    rows = await sync(versions_and_writers)(matches)
    assert len({writer for _, writer in rows}) == 1


async def test_a_refused_act_leaves_the_others_of_its_batch_applied(users):
    matches = await sync(matches_of)(users, 3)
    acts = [list(await sync(next_act)(m, users, f"a{i}")) for i, m in enumerate(matches)]
    acts[1][3] += 1  # a view version the seat has not seen
    outcomes = await asyncio.gather(
        *(loopact.apply_action(*act) for act in acts), return_exceptions=True
    )
    assert isinstance(outcomes[1], IllegalAction) and outcomes[1].code == "stale_version"
    assert outcomes[0].version == outcomes[2].version == 1
    assert await sync(versions)(matches) == [1, 0, 1]
    assert await sync(log_lengths)(matches) == [1, 0, 1]


async def test_an_act_whose_client_id_cannot_be_stored_is_refused_alone(users):
    matches = await sync(matches_of)(users, 2)
    acts = [list(await sync(next_act)(m, users, f"a{i}")) for i, m in enumerate(matches)]
    acts[0][4] = "nul\x00"
    outcomes = await asyncio.gather(
        *(loopact.apply_action(*act) for act in acts), return_exceptions=True
    )
    assert isinstance(outcomes[0], ValueError)
    assert outcomes[1].version == 1
    assert await sync(log_lengths)(matches) == [0, 1]


def _take_version_one(match: Match) -> None:
    """An action row at the version the match's next act will write: that act's insert
    breaks the log's unique (match, version)."""
    Action.objects.create(match=match, version=1, seat=0, action={"type": "pass"})


async def test_writes_refused_by_the_database_commit_nothing_and_go_to_worker_threads(users):
    matches = await sync(matches_of)(users, 3)
    acts = [await sync(next_act)(m, users, f"a{i}") for i, m in enumerate(matches)]
    await sync(_take_version_one)(matches[2])
    outcomes = await asyncio.gather(*(loopact.apply_action(*act) for act in acts))
    assert outcomes == [None, None, None]  # nothing written: each for the worker thread
    assert await sync(versions)(matches) == [0, 0, 0]
    assert await sync(log_lengths)(matches) == [0, 0, 1]
    # The worker thread's path applies the sound ones alone.
    for act in acts[:2]:
        assert (await sync(apply_action)(*act)).version == 1


async def test_two_acts_of_one_match_go_in_two_batches_the_second_seeing_the_first(users):
    [match] = await sync(matches_of)(users, 1)
    act = await sync(next_act)(match, users, "once")
    first, second = await asyncio.gather(loopact.apply_action(*act), loopact.apply_action(*act))
    assert not first.repeated and second.repeated
    assert (second.version, second.seen) == (first.version, first.seen)
    assert await sync(log_lengths)([match]) == [1]


def _blocked_backends() -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE wait_event_type = 'Lock' AND datname = current_database()"
        )
        return cursor.fetchone()[0]


@pytest.mark.postgres
async def test_an_act_whose_caller_gives_up_before_its_batch_begins_is_not_applied(
    users, monkeypatch
):
    monkeypatch.setattr(actstore.PostgreSQLStore, "batches", 1)
    matches = await sync(matches_of)(users, 2)
    acts = [await sync(next_act)(m, users, f"a{i}") for i, m in enumerate(matches)]
    with psycopg.connect(**loopdb._parameters()) as holder:  # holds the first match's row meanwhile
        holder.execute("SELECT 1 FROM matches_match WHERE id = %s FOR UPDATE", [matches[0].pk])
        kept = asyncio.ensure_future(loopact.apply_action(*acts[0]))
        for _ in range(500):  # until the first batch waits for the row
            if await sync(_blocked_backends)():
                break
            await asyncio.sleep(0.01)
        dropped = asyncio.ensure_future(loopact.apply_action(*acts[1]))
        await asyncio.sleep(0.05)  # submitted, behind the batch in flight
        dropped.cancel()
    assert (await kept).version == 1
    with pytest.raises(asyncio.CancelledError):
        await dropped
    assert await sync(log_lengths)(matches) == [1, 0]


def _replayed_from_the_log(match: Match) -> dict:
    match.refresh_from_db()
    return replay(match)


async def test_an_earlier_kept_state_is_caught_up_with_the_actions_since(users):
    [match] = await sync(matches_of)(users, 1)
    first = await loopact.apply_action(*await sync(next_act)(match, users, "a"))
    await sync(apply_action)(*await sync(next_act)(match, users, "b"))  # version 2
    third = await sync(next_act)(match, users, "c")
    # This process last saw version 1 (another made version 2), and the stored snapshot
    # (of version 0) can no longer be read.
    states.forget_all()
    states._keep((match.pk, match.seed), 1, first.after)
    await sync(spoil_snapshot)(match)
    applied = await loopact.apply_action(*third)
    assert applied is not None and applied.version == 3
    assert applied.after == await sync(_replayed_from_the_log)(match)


async def test_more_acts_than_a_batch_holds_are_all_applied(users, monkeypatch, commits):
    monkeypatch.setattr(loopact, "BATCH_MOST", 2)
    matches = await sync(matches_of)(users, 5)
    acts = [await sync(next_act)(m, users, f"a{i}") for i, m in enumerate(matches)]
    applied = await asyncio.gather(*(loopact.apply_action(*act) for act in acts))
    assert [a.version for a in applied] == [1] * 5
    assert len(commits) == 3  # batches of 2, 2 and 1
