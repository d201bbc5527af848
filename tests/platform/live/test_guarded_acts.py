"""An act of a match whose rows this process wrote last (``matches.written``): on
PostgreSQL decided on those rows and stored in one round trip by a statement that writes
only if they are still the stored ones; when anyone else wrote the match row or a seat
row meanwhile, it writes nothing and the act is decided again on the locked rows. The
outcomes are the same on SQLite, where every act is decided on the locked rows."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.db import connection

from games import registry
from games.core import IllegalAction
from spacemission.matches import loopact, loopdb, states, written
from spacemission.matches.models import Action, Match, MatchSeat
from spacemission.matches.services import apply_action
from tests.platform.live.conftest import create_match

pytestmark = [pytest.mark.django_db(transaction=True)]
TOY = registry.get("toy")
sync = database_sync_to_async


@pytest.fixture
def round_trips(monkeypatch) -> list[list[str]]:
    """The statements the loop's connections send, one list per round trip."""
    sent: list[list[str]] = []
    real = loopdb.Connection._round_trip

    async def counted(self: loopdb.Connection, commands: list[loopdb.Bound]) -> Any:
        sent.append([command.sql for command in commands])
        return await real(self, commands)

    monkeypatch.setattr(loopdb.Connection, "_round_trip", counted)
    return sent


def where(match: Match) -> tuple[int, list[int], dict]:
    """The seat to move, the view versions, and that seat's first legal action."""
    match.refresh_from_db()
    [seat] = TOY.active_seats(states.current(match))
    return seat, match.view_versions, TOY.legal_actions(states.current(match), seat)


async def act(match: Match, players: list, client_id: str) -> Any:
    seat, versions, legal = await sync(where)(match)
    return await loopact.apply_action(
        match.pk, seat, legal[0], versions[seat], client_id, players[seat]
    )


def log_of(match: Match) -> list[tuple[int, str]]:
    return list(
        Action.objects.filter(match=match).order_by("version").values_list("version", "client_id")
    )


@pytest.mark.postgres
async def test_the_act_after_this_process_s_own_is_stored_in_one_round_trip(users, round_trips):
    players = users[:2]
    match = await sync(create_match)(players)
    first = await act(match, players, "a1")
    assert len(round_trips) == 2  # lock and read, then write
    round_trips.clear()
    second = await act(match, players, "a2")
    # The guarded write alone: a round trip outside a transaction is one of its own.
    [[guarded]] = round_trips
    assert guarded.lstrip().startswith("WITH stored AS")
    assert (first.version, second.version) == (1, 2)
    assert await sync(log_of)(match) == [(1, "a1"), (2, "a2")]
    states.forget_all()
    match = await sync(Match.objects.get)(pk=match.pk)
    assert await sync(states.current)(match) == second.after  # the stored log replays to it


@pytest.mark.postgres
async def test_a_match_row_written_by_someone_else_meanwhile_is_read_again(users, round_trips):
    players = users[:2]
    match = await sync(create_match)(players)
    await act(match, players, "a1")
    # Another process (or the deadline worker) writes the row: the kept one is out of date.
    await sync(Match.objects.filter(pk=match.pk).update)(pace="day")
    round_trips.clear()
    applied = await act(match, players, "a2")
    assert applied.version == 2
    assert len(round_trips) == 3  # the guarded write that wrote nothing, then lock and write
    assert await sync(log_of)(match) == [(1, "a1"), (2, "a2")]
    stored = await sync(Match.objects.values_list("version", "pace").get)(pk=match.pk)
    assert stored == (2, "day")  # the other writer's change stands


async def test_an_act_another_process_applied_meanwhile_is_not_lost(users):
    players = users[:2]
    match = await sync(create_match)(players)
    await act(match, players, "a1")
    held = written.take(match.pk)
    seat, versions, legal = await sync(where)(match)
    other = await sync(apply_action)(match.pk, seat, legal[0], versions[seat], "b2", players[seat])
    if held is not None:  # PostgreSQL's: as another process would have left it, at version 1
        written.keep(held)
    applied = await act(match, players, "a3")
    assert (other.version, applied.version) == (2, 3)
    assert await sync(log_of)(match) == [(1, "a1"), (2, "b2"), (3, "a3")]
    states.forget_all()
    match = await sync(Match.objects.get)(pk=match.pk)
    assert await sync(states.current)(match) == applied.after


async def test_a_seat_given_to_a_bot_behind_the_process_s_back_refuses_its_player(users):
    players = users[:2]
    match = await sync(create_match)(players)
    await act(match, players, "a1")
    seat, versions, legal = await sync(where)(match)
    await sync(MatchSeat.objects.filter(match=match, index=seat).update)(bot="random")
    with pytest.raises(IllegalAction) as refused:
        await loopact.apply_action(match.pk, seat, legal[0], versions[seat], "a2", players[seat])
    assert refused.value.code == "not_your_seat"
    assert await sync(log_of)(match) == [(1, "a1")]


async def test_a_resent_client_id_is_acknowledged_again_not_applied_twice(users):
    players = users[:2]
    match = await sync(create_match)(players)
    await act(match, players, "a1")
    seat, versions, legal = await sync(where)(match)
    args = (match.pk, seat, legal[0], versions[seat], "a2", players[seat])
    first = await loopact.apply_action(*args)
    again = await loopact.apply_action(*args)
    assert again.repeated and (again.version, again.seen) == (first.version, first.seen)
    assert await sync(log_of)(match) == [(1, "a1"), (2, "a2")]


async def test_a_stale_act_on_the_kept_rows_is_refused_as_on_the_locked_ones(users):
    players = users[:2]
    match = await sync(create_match)(players)
    await act(match, players, "a1")
    seat, versions, legal = await sync(where)(match)
    with pytest.raises(IllegalAction) as refused:
        await loopact.apply_action(
            match.pk, seat, legal[0], versions[seat] - 1, "a2", players[seat]
        )
    assert refused.value.code == "stale_version"
    assert (await act(match, players, "a3")).version == 2


def _row_version(match_id: int) -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT xmin::text FROM matches_match WHERE id = %s", [match_id])
        return cursor.fetchone()[0]


@pytest.mark.postgres
async def test_the_row_versions_kept_are_the_stored_ones(users):
    players = users[:2]
    match = await sync(create_match)(players)
    for number in range(3):
        await act(match, players, f"a{number}")
        held = written.take(match.pk)
        assert held.versions.match == await sync(_row_version)(match.pk)
        assert held.match.version == number + 1
        written.keep(held)
