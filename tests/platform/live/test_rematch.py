"""Rematch over the match socket: offer, accept, decline, time out, and bad input."""

from __future__ import annotations

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from games import registry
from spacemission.lobby.models import Table
from spacemission.matches import turnmail
from spacemission.matches.models import Match, Rematch
from spacemission.matches.services import apply_action
from spacemission.matches.states import current
from tests.platform.live.conftest import create_match

pytestmark = pytest.mark.django_db(transaction=True)
TOY = registry.get("toy")


@pytest.fixture(autouse=True)
def bots_wait(settings):
    settings.BOT_DELAY = 3600  # the toy matches here are played out by hand


@database_sync_to_async
def finished_match(players, **kwargs) -> Match:
    """A toy match played to its end (4 cards a seat)."""
    match = create_match(players, options={"cards_per_seat": 4}, **kwargs)
    seats = {s.index: s for s in match.seats.all()}
    while match.status == Match.Status.RUNNING:
        seat = TOY.active_seats(current(match))[0]
        action = TOY.legal_actions(current(match), seat)[0]
        user = seats[seat].user
        apply_action(match.pk, seat, action, match.view_versions[seat], "", user)
        # The "your move" mails of a turn-based table are read on their own thread: the
        # test database (SQLite's shared in-memory cache) locks whole tables while they are.
        turnmail.wait_idle()
        match.refresh_from_db()
    return match


@database_sync_to_async
def rematch_of(match: Match) -> Rematch:
    return Rematch.objects.select_related("table").get(match=match)


async def settled(client) -> dict:
    """The first rematch offer this client hears of that no longer waits."""
    while True:
        offer = (await client.expect("rematch"))["offer"]
        if offer["status"] != "pending":
            return offer


@database_sync_to_async
def tables() -> int:
    return Table.objects.count()


async def test_everyone_accepts_and_the_new_table_starts(users, connect):
    ada, bob, cy = users[:3]
    match = await finished_match([ada, bob, "greedy", cy], private=True, pace="day")
    a, b, c = [await connect(match, u) for u in (ada, bob, cy)]
    assert a.frames[0]["rematch"] is None

    await b.send({"t": "rematch_offer"})
    for client in (a, b, c):
        offer = (await client.expect("rematch"))["offer"]
        assert offer["status"] == "pending" and offer["by"] == 1
        # At a turn-based table an offer waits as long as a move may take.
        assert offer["expires"] > (timezone.now() + timedelta(hours=23)).isoformat()
        assert offer["seats"] == [
            {"seat": 0, "answer": None},
            {"seat": 1, "answer": "accept"},
            {"seat": 2, "answer": "bot"},
            {"seat": 3, "answer": None},
        ]
    await a.send({"t": "rematch_accept"})
    assert (await c.expect("rematch"))["offer"]["seats"][0]["answer"] == "accept"
    await c.send({"t": "rematch_accept"})
    for client in (a, b, c):
        offer = await settled(client)
        assert offer["status"] == "started"
    rematch = await rematch_of(match)
    assert (
        offer["table"] == rematch.table.public_id
        and offer["url"] == f"/t/{rematch.table.public_id}/"
    )

    @database_sync_to_async
    def new_match():
        table = Table.objects.get(pk=rematch.table_id)
        seats = [(s.index, s.user_id, s.bot) for s in table.match.seats.order_by("index")]
        return table, seats

    table, seats = await new_match()
    assert table.status == Table.Status.RUNNING and table.private and table.host_id == bob.pk
    assert table.options == match.options and table.game == "toy" and table.pace == "day"
    assert seats == [(0, ada.pk, ""), (1, bob.pk, ""), (2, None, "greedy"), (3, cy.pk, "")]
    # A new sync tells a late page where the players went.
    await a.send({"t": "sync"})
    assert (await a.expect("sync"))["rematch"]["url"] == offer["url"]
    await b.send({"t": "rematch_offer"})
    assert (await b.expect("error"))["code"] == "rematch_started"


async def test_a_decline_closes_the_offer_and_a_new_one_may_follow(users, connect):
    ada, bob = users[:2]
    match = await finished_match([ada, bob])
    a, b = await connect(match, ada), await connect(match, bob)
    spectator = await connect(match)
    await a.send({"t": "rematch_offer"})
    await b.expect("rematch")
    await b.send({"t": "rematch_decline"})
    offers = [await settled(client) for client in (a, b, spectator)]
    # Public facts only: every seat and the spectators hear exactly the same.
    assert offers[0] == offers[1] == offers[2]
    assert offers[0]["status"] == "declined"
    assert offers[0]["seats"] == [{"seat": 0, "answer": "accept"}, {"seat": 1, "answer": "decline"}]
    await b.send({"t": "rematch_accept"})
    assert (await b.expect("error"))["code"] == "no_rematch"
    # Two clicks on "Rematch": the second offer is the other's acceptance.
    await b.send({"t": "rematch_offer"})
    assert (await a.expect("rematch"))["offer"]["status"] == "pending"
    await a.send({"t": "rematch_offer"})
    offer = await settled(b)
    assert offer["status"] == "started" and offer["by"] == 1


async def test_an_offer_whose_time_is_up_is_closed_and_said_so(users, connect):
    ada, bob = users[:2]
    match = await finished_match([ada, bob])
    a, b = await connect(match, ada), await connect(match, bob)
    await a.send({"t": "rematch_offer"})
    await b.expect("rematch")

    @database_sync_to_async
    def time_passes():
        Rematch.objects.filter(match=match).update(expires_at=timezone.now() - timedelta(seconds=1))

    await time_passes()
    await b.send({"t": "rematch_accept"})
    assert (await settled(a))["status"] == "expired"
    assert (await b.expect("error"))["code"] == "no_rematch"
    assert (await rematch_of(match)).status == Rematch.Status.EXPIRED
    assert await tables() == 1


async def test_the_server_closes_an_offer_when_its_time_is_up(users, connect, settings):
    settings.REMATCH_SECONDS = 0  # the offer's timer is due at once
    ada, bob = users[:2]
    match = await finished_match([ada, bob])
    a, b = await connect(match, ada), await connect(match, bob)
    await a.send({"t": "rematch_offer"})
    assert (await settled(b))["status"] == "expired"


async def test_bad_rematch_frames_are_refused_and_change_nothing(users, connect):
    ada, bob, cy = users[:3]
    running = await database_sync_to_async(create_match)([ada, bob])
    a = await connect(running, ada)
    await a.send({"t": "rematch_offer"})
    assert (await a.expect("error"))["code"] == "match_running"

    match = await finished_match([ada, bob])
    a, stranger, anonymous = (
        await connect(match, ada),
        await connect(match, cy),
        await connect(match),
    )
    await a.send({"t": "rematch_accept"})
    assert (await a.expect("error"))["code"] == "no_rematch"
    for spectator in (stranger, anonymous):
        await spectator.send({"t": "rematch_offer"})
        assert (await spectator.expect("error"))["code"] == "spectator"
    await a.send({"t": "rematch_offer"})
    await a.expect("rematch")
    await stranger.send({"t": "rematch_accept"})
    assert (await stranger.expect("error"))["code"] == "spectator"
    rematch = await rematch_of(match)
    assert rematch.status == Rematch.Status.PENDING and rematch.answers == {"0": "accept"}
    assert await tables() == 2


@database_sync_to_async
def new_seats(offer: dict) -> list[tuple[int, int | None, str]]:
    table = Table.objects.get(public_id=offer["table"])
    return [(s.index, s.user_id, s.bot) for s in table.seats.order_by("index")]


async def nothing_more(client) -> None:
    """The frames sent before a ping are all answered: nothing but the pong follows (and
    who is here, which comes when it will)."""
    await client.send({"t": "ping"})
    while (frame := await client.recv())["t"] == "presence":
        pass
    assert frame["t"] == "pong", frame


async def test_one_who_resigned_may_offer_and_accept_a_rematch_and_plays_it(users, connect):
    ada, bob, cy = users[:3]
    match = await finished_match([ada, bob, cy])

    @database_sync_to_async
    def resign(seat: int) -> None:
        match.seats.filter(index=seat).update(resigned=True, bot="random")

    await resign(1)
    a, c, b = await connect(match, ada), await connect(match, cy), await connect(match, bob)
    assert b.frames[0]["seat"] is None  # bob watches from the spectators' view
    await b.send({"t": "rematch_offer"})
    offer = (await a.expect("rematch"))["offer"]
    assert (offer["by"], [s["answer"] for s in offer["seats"]]) == (1, [None, "accept", None])
    await b.expect("rematch")
    await b.send({"t": "rematch_offer"})  # offered already: nothing changes, nothing is said
    await b.send({"t": "rematch_accept"})
    await nothing_more(b)
    await a.send({"t": "rematch_accept"})
    await c.send({"t": "rematch_accept"})
    offer = await settled(b)
    assert offer["status"] == "started"
    assert await new_seats(offer) == [(0, ada.pk, ""), (1, bob.pk, ""), (2, cy.pk, "")]


async def test_one_who_left_the_table_is_not_asked_and_a_bot_takes_their_seat(users, connect):
    ada, bob, cy = users[:3]
    match = await finished_match([ada, bob, cy])

    @database_sync_to_async
    def leave(seat: int) -> None:
        match.seats.filter(index=seat).update(resigned=True, bot="random")
        match.table.seats.filter(index=seat).update(user=None, bot="random")

    await leave(1)
    a, c, b = await connect(match, ada), await connect(match, cy), await connect(match, bob)
    await b.send({"t": "rematch_offer"})
    assert (await b.expect("error"))["code"] == "spectator"
    await a.send({"t": "rematch_offer"})
    offer = (await c.expect("rematch"))["offer"]
    assert [s["answer"] for s in offer["seats"]] == ["accept", "bot", None]
    await c.send({"t": "rematch_accept"})
    offer = await settled(a)
    assert await new_seats(offer) == [(0, ada.pk, ""), (1, None, "random"), (2, cy.pk, "")]


async def test_a_repeated_answer_changes_nothing_and_sends_nothing(users, connect):
    ada, bob, cy = users[:3]
    match = await finished_match([ada, bob, cy])
    a, b, c = [await connect(match, u) for u in (ada, bob, cy)]
    await a.send({"t": "rematch_offer"})
    for client in (a, b, c):
        await client.expect("rematch")
    await b.send({"t": "rematch_accept"})
    for client in (a, b, c):
        await client.expect("rematch")
    for frame in ("rematch_accept", "rematch_offer", "rematch_accept"):
        await b.send({"t": frame})
    await a.send({"t": "rematch_offer"})
    await nothing_more(b)
    await nothing_more(a)
    await c.send({"t": "rematch_decline"})
    offer = (await b.expect("rematch"))["offer"]  # the next frame is the decline's
    assert offer["status"] == "declined"
    await c.expect("rematch")
    await c.send({"t": "rematch_decline"})  # declined already
    await nothing_more(c)
    rematch = await rematch_of(match)
    assert rematch.answers == {"0": "accept", "1": "accept", "2": "decline"}
