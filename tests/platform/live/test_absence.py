"""Clocks, timeouts and absent players at a live match (the time moved by the test).

The toy game takes turns, one card a turn, so whose clock runs is plain to see.
"""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from games import registry
from games.clock import PACES, comeback_time
from games.core import IllegalAction
from spacemission.live import deadlines
from spacemission.lobby.listing import tables_frame
from spacemission.matches import absence, clocks
from spacemission.matches.models import Match, MatchSeat
from spacemission.matches.services import apply_action
from spacemission.matches.states import current
from tests.platform.live.conftest import create_match
from tests.platform.live.wsclient import acknowledges

TOY = registry.get("toy")
NORMAL = PACES["normal"]
pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def new_match(players, **kwargs) -> Match:
    return create_match(players, **kwargs)


@database_sync_to_async
def fresh(match: Match) -> Match:
    return Match.objects.get(pk=match.pk)


@database_sync_to_async
def seat(match: Match, index: int) -> MatchSeat:
    return MatchSeat.objects.get(match=match, index=index)


@database_sync_to_async
def play(match: Match, index: int, user) -> None:
    stored = Match.objects.get(pk=match.pk)
    view = TOY.view(current(stored), index)
    seen = stored.view_versions[index]
    apply_action(match.pk, index, view["legal"][0], seen, "", user)


async def act(client) -> None:
    """Once it is the client's turn, it plays its first legal card; waits for the ack."""
    await client.drain()  # the frames on their way: the view as it is now
    while client.seat not in client.view["active"]:
        await client.recv()
    frame_id = f"c{len(client.frames)}"
    action = client.view["legal"][0]
    await client.send({"t": "act", "id": frame_id, "v": client.v, "action": action})
    assert acknowledges(await client.answer(frame_id))


def event_kinds(match: Match) -> list[tuple[str, int]]:
    return [(e["kind"], e["seat"]) for e in match.events]


async def test_an_act_moves_the_deadline_to_the_next_players_clock(users, clock, connect):
    ada, bob = users[:2]
    match = await new_match([ada, bob])
    assert (match.pace, match.deadline) == ("normal", clock.at + NORMAL.bank)
    a, b = await connect(match, ada), await connect(match, bob)
    watcher = await connect(match, None)
    assert b.frames[0]["now"] == clock.at
    assert b.frames[0]["match"]["clock"]["until"] == [clock.at + NORMAL.bank, None]
    await b.drain()
    await watcher.drain()
    clock.advance(40_000)
    await act(a)
    own = a.frames[-1]  # the actor's patch, its act's answer, carries the clock too
    for frames in (await b.drain(), await watcher.drain()):
        # The turn change is one frame to each socket: its patch, with the new clock in it.
        game = [f for f in frames if f["t"] in {"patch", "clock"}]
        assert [f["t"] for f in game] == ["patch"]
        assert game[0]["clock"] == own["clock"] and game[0]["now"] == own["now"]
    assert own["now"] == clock.at
    assert own["clock"]["left"][0] == NORMAL.bank - 40_000 + NORMAL.increment
    assert own["clock"]["until"] == [None, clock.at + NORMAL.bank]
    assert (await fresh(match)).deadline == clock.at + NORMAL.bank
    # A socket that connects now (or reconnects) finds the same clock in its sync.
    late = await connect(match, bob)
    assert late.frames[0]["match"]["clock"] == own["clock"]


async def test_a_timeout_lets_the_stand_in_play_at_once_and_hands_the_seat_back(
    users, clock, connect
):
    ada, bob = users[:2]
    match = await new_match([ada, bob])
    b = await connect(match, bob)
    clock.advance(NORMAL.bank - 1)
    assert await deadlines.sweep() == []  # not yet
    clock.advance(1)
    assert await deadlines.sweep() == [match.pk]
    assert await deadlines.sweep() == []  # once
    await b.until_version(1)  # the stand-in played ada's card
    sync = await b.expect("sync")
    facts = sync["match"]["seats"][0]
    assert (facts["user"], facts["away"], facts["bot"], facts["timeouts"]) == ("ada", True, None, 1)
    assert [(e["kind"], e["seat"]) for e in sync["match"]["events"]] == [("timeout", 0)]
    stored = await fresh(match)
    assert current(stored)["turn"] == 1 and stored.version == 1
    assert stored.clock["left"][0] == NORMAL.increment  # from where it stood: nothing left
    assert stored.clock["until"][1] == clock.at + NORMAL.bank  # bob's clock runs now
    # Ada's own next move ends her absence.
    await play(match, 1, bob)
    await play(match, 0, ada)
    row = await seat(match, 0)
    assert (row.away, row.timeouts, row.bot) == (False, 0, "")


async def test_after_two_timeouts_in_a_row_the_bot_keeps_the_seat_until_i_am_back(
    users, clock, connect
):
    ada, bob = users[:2]
    match = await new_match([ada, bob])
    a, b = await connect(match, ada), await connect(match, bob)
    clock.advance(NORMAL.bank)
    assert await deadlines.sweep() == [match.pk]
    await act(b)
    clock.advance(NORMAL.increment)  # all ada has left
    assert await deadlines.sweep() == [match.pk]
    row = await seat(match, 0)
    assert (row.away, row.timeouts, row.bot, row.user_id) == (True, 2, "easy", ada.pk)
    assert event_kinds(await fresh(match)) == [("timeout", 0), ("timeout", 0), ("kept", 0)]
    (listed,) = (await database_sync_to_async(tables_frame)())["running"]
    assert listed["taken"][0] == {
        "seat": 0,
        "name": "ada",
        "bot": "easy",
        "number": None,
        "away": True,
    }  # the lobby still names her
    await act(b)  # version 4; the bot keeps playing ada's turns: version 5
    await a.until_version(5)
    await b.until_version(5)
    # She is back: the seat is hers again, her clock runs from what it had.
    await a.send({"t": "back", "seat": 0})
    sync = await a.expect("sync", seat=0)
    assert sync["match"]["seats"][0]["away"] is False and sync["match"]["seats"][0]["bot"] is None
    row = await seat(match, 0)
    assert (row.away, row.timeouts, row.bot) == (False, 0, "")
    stored = await fresh(match)
    assert current(stored)["turn"] == 1  # the bot played ada's turn; bob is to move
    assert stored.clock["left"][0] == comeback_time(NORMAL)  # time for a turn again
    assert event_kinds(stored)[-1] == ("back", 0)


async def test_i_am_back_at_the_fast_pace_leaves_time_to_finish_a_turn(users, clock, connect):
    """Two timeouts left ada one increment (0:15); back, she has time for a whole turn."""
    fast = PACES["fast"]
    ada, bob = users[:2]
    match = await new_match([ada, bob], pace="fast")
    a, b = await connect(match, ada), await connect(match, bob)
    clock.advance(fast.bank)
    assert await deadlines.sweep() == [match.pk]
    await act(b)
    clock.advance(fast.increment)
    assert await deadlines.sweep() == [match.pk]  # the second timeout: the bot keeps it
    await act(b)
    await a.until_version(5)  # the bot played her turn again: bob is to move
    assert (await fresh(match)).clock["left"][0] == fast.increment
    await a.send({"t": "back"})
    await a.expect("sync", seat=0)
    assert (await fresh(match)).clock["left"][0] == comeback_time(fast)
    await act(b)  # her turn: her clock runs from the time she came back with
    assert (await fresh(match)).clock["until"][0] == clock.at + comeback_time(fast)
    clock.advance(fast.increment + 1)
    assert await deadlines.sweep() == []  # no third timeout 15 s later
    await act(a)
    assert event_kinds(await fresh(match))[-1] == ("back", 0)


async def test_i_am_back_is_refused_for_another_seat_for_a_spectator_and_when_present(
    users, clock, connect
):
    ada, bob, cy = users[:3]
    match = await new_match([ada, bob])
    a, c = await connect(match, ada), await connect(match, cy)
    await a.send({"t": "back", "seat": 1})
    assert (await a.expect("error"))["code"] == "not_your_seat"
    await a.send({"t": "back"})  # she is here: nothing to do, nothing said
    await a.send({"t": "ping"})
    assert (await a.recv())["t"] == "pong"
    await c.send({"t": "back"})
    assert (await c.expect("error"))["code"] == "spectator"
    await a.send({"t": "back", "seat": "zero"})
    assert (await a.expect("error"))["code"] == "bad_frame"
    stored = await fresh(match)
    assert stored.events == [] and stored.version == 0


async def test_a_turn_based_deadline_hands_the_move_to_the_bot(users, clock):
    ada, bob = users[:2]
    match = await new_match([ada, bob], pace="day")
    assert match.deadline == clock.at + PACES["day"].bank
    clock.advance(PACES["day"].bank)
    assert await deadlines.sweep() == [match.pk]
    stored = await fresh(match)
    assert stored.version == 1 and current(stored)["turn"] == 1
    assert stored.deadline == clock.at + PACES["day"].bank  # bob's day starts
    assert event_kinds(stored) == [("timeout", 0)]


async def test_resign_lets_a_bot_play_the_seat_out_and_the_player_watch(users, clock, connect):
    ada, bob, cy = users[:3]
    match = await new_match([ada, bob])
    a, c = await connect(match, ada), await connect(match, cy)
    await c.send({"t": "resign"})
    assert (await c.expect("error"))["code"] == "spectator"
    await a.send({"t": "resign"})
    sync = await a.expect("sync", seat=None)  # ada watches on
    facts = sync["match"]["seats"][0]
    assert (facts["user"], facts["resigned"], facts["bot"]) == ("ada", True, "easy")
    await a.until_version(1)  # the bot played her turn (spectators' version)
    assert event_kinds(await fresh(match)) == [("resigned", 0)]
    await a.send({"t": "resign"})  # resigned already: nothing changes, nothing is said
    await a.send({"t": "back"})
    assert (await a.expect("error"))["code"] == "resigned"  # for good
    assert event_kinds(await fresh(match)) == [("resigned", 0)]


async def test_resign_after_the_end_is_refused(users, clock):
    ada, bob = users[:2]
    match = await new_match([ada, bob])
    await database_sync_to_async(Match.objects.filter(pk=match.pk).update)(status="finished")
    with pytest.raises(IllegalAction) as refused:
        await database_sync_to_async(absence.resign)(match.pk, ada)
    assert refused.value.code == "match_over"
    assert not (await seat(match, 0)).resigned


async def test_the_other_players_vote_a_long_gone_player_to_a_bot(users, clock, connect):
    """A table without a clock: seat 0 (to move) has had no connection for five minutes."""
    ada, bob, cy = users[:3]
    match = await new_match([ada, bob, cy], pace="none", private=True)
    assert match.deadline is None
    b, c = await connect(match, bob), await connect(match, cy)
    await b.send({"t": "vote", "seat": 0})
    assert (await b.expect("error"))["code"] == "not_absent"  # gone, but not long yet
    clock.advance(absence.GONE_FOR_VOTE)
    await b.send({"t": "vote", "seat": 1})
    assert (await b.expect("error"))["code"] == "own_seat"
    await b.send({"t": "vote", "seat": 2})
    assert (await b.expect("error"))["code"] == "not_absent"  # cy is here, and not to move
    await b.send({"t": "vote", "seat": 0})
    sync = await c.expect("sync")
    assert sync["match"]["seats"][0]["votes"] == [1] and sync["match"]["seats"][0]["bot"] is None
    await c.send({"t": "vote", "seat": 0})  # two of two: the stand-in takes over
    sync = await c.expect("sync")
    assert sync["match"]["seats"][0]["bot"] == "easy" and sync["match"]["seats"][0]["away"]
    await c.until_version(1)  # and plays ada's turn
    kinds = event_kinds(await fresh(match))
    assert kinds == [("vote", 0), ("handed", 0)]


async def test_a_repeated_vote_changes_nothing_and_sends_nothing(users, clock, connect, settings):
    """Twenty copies of one vote: one vote, one event, one sync per connection."""
    settings.FRAME_BURST = 100  # the repeats within the frame rate: each is handled
    ada, bob, cy, dee = users
    match = await new_match([ada, bob, cy, dee], pace="none", private=True)
    b, c, d = await connect(match, bob), await connect(match, cy), await connect(match, dee)
    clock.advance(absence.GONE_FOR_VOTE)
    await b.send({"t": "vote", "seat": 0})
    for client in (b, c, d):
        assert (await client.expect("sync"))["match"]["seats"][0]["votes"] == [1]
    for _ in range(20):
        await b.send({"t": "vote", "seat": 0})
    await b.send({"t": "ping"})
    assert await frames_until(b, "pong") == ([], {"t": "pong"})
    assert ((await seat(match, 0)).votes, event_kinds(await fresh(match))) == ([1], [("vote", 0)])
    await c.send({"t": "vote", "seat": 0})  # two of three: the stand-in takes over
    # A connection gets the match's frames in order: a sync the repeats caused came first.
    before, sync = await frames_until(d, "sync")
    assert before == [] and sync["match"]["seats"][0]["bot"] == "easy"
    assert event_kinds(await fresh(match)) == [("vote", 0), ("handed", 0)]


async def frames_until(client, kind: str) -> tuple[list[dict], dict]:
    """The frames (but presence) the client receives before the next ``kind``, and it."""
    out = []
    while (frame := await client.recv())["t"] != kind:
        out.append(frame)
    return [f for f in out if f["t"] != "presence"], frame


async def test_a_vote_at_a_table_with_a_clock_or_by_a_spectator_is_refused(users, clock, connect):
    ada, bob, cy = users[:3]
    timed = await new_match([ada, bob])
    b, c = await connect(timed, bob), await connect(timed, cy)
    clock.advance(absence.GONE_FOR_VOTE)
    await b.send({"t": "vote", "seat": 0})
    assert (await b.expect("error"))["code"] == "clock_decides"
    await c.send({"t": "vote", "seat": 0})
    assert (await c.expect("error"))["code"] == "spectator"
    await b.send({"t": "vote"})
    assert (await b.expect("error"))["code"] == "bad_frame"
    assert (await seat(timed, 0)).votes == []


async def test_a_returning_connection_clears_the_votes_and_the_absence(users, clock, connect):
    ada, bob, cy = users[:3]
    match = await new_match([ada, bob, cy], pace="none", private=True)
    b = await connect(match, bob)
    clock.advance(absence.GONE_FOR_VOTE)
    await b.send({"t": "vote", "seat": 0})
    await b.expect("sync")
    await connect(match, ada)
    await b.expect("presence", connected=[0, 1])  # ada's connection is recorded
    row = await seat(match, 0)
    assert (row.votes, row.gone_since) == ([], None)


async def test_a_seat_that_loses_its_last_connection_is_gone_from_then(users, clock, connect):
    ada, bob = users[:2]
    match = await new_match([ada, bob], pace="none", private=True)
    a = await connect(match, ada)
    await a.expect("presence", connected=[0])  # her connection is recorded
    assert (await seat(match, 0)).gone_since is None
    clock.advance(1234)
    await a.close()
    assert (await seat(match, 0)).gone_since == clock.at


def test_claiming_a_deadline_twice_acts_once(users, clock):
    ada, bob = users[:2]
    match = create_match([ada, bob])
    clock.advance(NORMAL.bank)
    first = absence.time_out(match.pk, clock.at)
    again = absence.time_out(match.pk, clock.at)
    assert first is not None and len(first.applied) == 1 and again is None
    assert Match.objects.get(pk=match.pk).version == 1
    assert clocks.due(clock.at) == []
