"""Jump Drive over real websockets: secret simultaneous choices, bots, and a frame audit
(``drive`` and ``audit`` take any game: BlaBla's live test uses them too).

Several seats act at the same time. An action is announced only to the seats (and the
spectators) whose view it changed, so a seat's draft reaches no one else, and an act is
stale only when its seat's own view changed meanwhile: drafts never refuse each other,
but of two commits sent at once the first changes the other seat's view (it shows who
has committed), so the second is refused with ``stale_version`` followed by a ``sync``,
and that player acts again. People here are driven by the test through their own
connections (choosing like the greedy bot from the view their client holds); bot seats
move by themselves on the server, one action at a time.

Each audience counts the changes to its own view, so not even a version number tells of
another seat's drafts. Every frame each connection received, and every message sent to a
seat's channel group, is audited against the game's ``privacy.hidden_ids`` of the
state its view version shows, rebuilt from the action log.
"""

from __future__ import annotations

import asyncio
import importlib
from collections.abc import Callable

import orjson
import pytest
from channels.db import database_sync_to_async

from games import registry
from games.clock import PACES, SECOND
from games.core import Game
from spacemission.matches.audiences import slot
from spacemission.matches.models import Match
from spacemission.matches.states import current
from tests.platform.live.conftest import create_match
from tests.platform.live.playout import _absorb, leaks, origins, states
from tests.platform.live.test_whole_game import audience, layer_messages
from tests.platform.live.wsclient import Client, Frame, acknowledges, answers_act

pytestmark = pytest.mark.django_db(transaction=True)
__all__ = ["layer_messages"]

GAME = registry.get("jump-drive")
NORMAL = PACES["normal"]  # the pace of ``create_match``
View = dict


@database_sync_to_async
def stored(pk: int) -> Match:
    match = Match.objects.get(pk=pk)
    current(match)  # its state, read here where the database may be used
    return match


async def send_act(client: Client, action: dict, tag: str) -> str:
    """Send ``action`` at the version the client holds; the frame's id."""
    frame_id = f"{tag}-s{client.seat}-v{client.v}"
    await client.pace()
    await client.send({"t": "act", "id": frame_id, "v": client.v, "action": action})
    return frame_id


async def reply(client: Client, frame_id: str) -> Frame:
    """The answer to this act: its own patch, an ``ack`` or an ``error`` (other frames
    are taken in meanwhile)."""
    return await client.answer(frame_id)


async def act(client: Client, action: dict, tag: str) -> Frame:
    frame = await reply(client, await send_act(client, action, tag))
    assert acknowledges(frame), frame
    return frame


def held(match: Match, seat: int | None) -> int:
    """The version a client of ``seat`` holds once it is up to date: its view version."""
    return match.view_versions[slot(seat, match.seat_count)]


async def settle(clients: list[Client], match: Match) -> None:
    for client in clients:
        await client.until_version(held(match, client.seat))


async def drive(
    match_id: int,
    people: list[Client],
    watchers: list[Client],
    done: Callable[[Match], bool],
    hold: Callable[[View], bool] = lambda view: False,
    game: Game = GAME,
) -> Match:
    """People act whenever they may, except in views where ``hold`` says wait, until
    ``done(match)`` or every person waits at the stored version; every client then holds
    that version. A person whose act was refused as stale gets a sync and acts again at
    the new version; no other refusal may happen."""
    sent: dict[int, int] = {}  # seat -> version it last acted at
    in_flight: dict[Client, str] = {}  # person -> the id of its last act sent

    def over(match: Match) -> bool:
        waiting = all(hold(c.view) and c.v == held(match, c.seat) for c in people)
        return done(match) or (bool(people) and waiting)

    while True:
        for client in [*people, *watchers]:
            await _absorb(client)
        for client in people:
            refused = [f for f in client.frames if f["t"] == "error"]
            assert all(f["code"] == "stale_version" for f in refused), refused
            view, seat = client.view, client.seat
            if seat in view["active"] and not hold(view) and sent.get(seat) != client.v:
                action = game.bot_action("greedy", view, client.v)
                frame_id = await send_act(client, action, "drive")
                sent[seat], in_flight[client] = client.v, frame_id
        match = await stored(match_id)
        if over(match):
            # An act still in flight may change the match yet: look again once answered.
            for client, frame_id in in_flight.items():
                if not any(answers_act(f, frame_id) for f in client.frames):
                    await reply(client, frame_id)
            in_flight.clear()
            match = await stored(match_id)
            if over(match):
                await settle([*people, *watchers], match)
                return match
        await asyncio.sleep(0)


def hidden_ids_of(game: Game) -> Callable[[dict, int | None], set[str]]:
    return importlib.import_module(f"games.{game.info.id.replace('-', '_')}.privacy").hidden_ids


async def audit(
    match_id: int, clients: list[Client], layer_messages: list, game: Game = GAME
) -> list[dict]:
    """Check every client's views against the states rebuilt from the action log, every
    frame and channel-layer message against what its receiver may not see at that
    version, and that each audience heard of exactly the actions that changed its view
    (or that it took); the states."""
    hidden_ids = hidden_ids_of(game)
    match = await stored(match_id)
    for client in clients:  # a fresh sync must equal the view patched up to it
        await client.pace()
        await client.send({"t": "sync"})
        await client.expect("sync", v=held(match, client.seat))
    history = await database_sync_to_async(states)(match)
    assert history[-1] == current(match) and len(history) == match.version + 1
    rows = await database_sync_to_async(
        lambda: list(match.actions.order_by("version").values_list("seat", "view_versions"))
    )()
    actors = [seat for seat, _ in rows]
    seats = [*range(match.seat_count), None]
    made = {seat: origins([views for _, views in rows], seat) for seat in seats}
    for client in clients:
        assert client.gaps == 0 and client.compared and all(client.compared)
        shown = made[client.seat]
        for version, view in client.views.items():
            assert view == game.view(history[shown[version]], client.seat), (client.seat, version)
        for version, frame in client.received:
            assert not leaks(frame, hidden_ids(history[shown[version]], client.seat)), frame
    everything_hidden = set().union(*(hidden_ids(s, seat) for s in history for seat in seats))
    patched: dict[int | None, list[Frame]] = {seat: [] for seat in seats}
    for group, message in layer_messages:
        frame = orjson.loads(message["text"]) if "text" in message else message
        seat = audience(group)
        if seat == "all":
            assert not leaks(frame, everything_hidden), (group, frame)
        else:
            assert frame["t"] == "patch"
            state = history[made[seat][frame["v"]]]
            assert not leaks(frame, hidden_ids(state, seat)), (group, frame)
            patched[seat].append(frame)
    for seat in seats:  # counted one by one, each at the action that changed the view
        counted = [f["v"] for f in patched[seat]]
        assert counted == list(range(1, held(match, seat) + 1))
        assert [made[seat][v] for v in counted] == changes_of(history, actors, seat, game)
    return history


def changes_of(
    history: list[dict], actors: list[int], seat: int | None, game: Game = GAME
) -> list[int]:
    """The versions whose action changed ``seat``'s view, or was taken by it."""
    views = [game.view(state, seat) for state in history]
    return [v for v in range(1, len(history)) if actors[v - 1] == seat or views[v] != views[v - 1]]


def revealed(client: Client, version: int) -> set[int]:
    """The seats whose choice the log lines added at ``version`` reveal."""
    previous = max(v for v in client.views if v < version)  # the view held before
    before, after = client.views[previous]["log"], client.views[version]["log"]
    return {line["seat"] for line in after[len(before) :] if line["kind"] == "reveal"}


def choosing(view: View) -> bool:
    return view["phase"] == "choose"


def deciding(view: View, seat: int) -> bool:
    return view["players"][seat]["status"] == "deciding"


async def test_two_people_choose_in_secret_commit_together_and_see_the_reveal(
    users, connect, layer_messages
):
    ada, bob, cy = users[:3]
    match = await database_sync_to_async(create_match)([ada, bob], game="jump-drive")
    people = [await connect(match, ada), await connect(match, bob)]
    watchers = [await connect(match, cy), await connect(match, None)]
    everyone = [*people, *watchers]

    # J10: both keep 5 of 7, at the same time; then wait at the first choice.
    at = await drive(match.pk, people, watchers, lambda m: False, hold=choosing)
    assert all(c.view["active"] == [0, 1] and c.view["me"]["task"]["draft"] is None for c in people)
    assert all(c.v == held(at, c.seat) for c in everyone)
    base = {client: client.v for client in everyone}  # each audience's own count

    # J15: both draft at once, each from the view it holds: neither refuses the other.
    drafts = [await send_act(c, GAME.bot_action("greedy", c.view, 1), "draft") for c in people]
    acks = [await reply(c, i) for c, i in zip(people, drafts, strict=True)]
    assert [a["t"] for a in acks] == ["patch", "patch"], acks
    assert [a["v"] for a in acks] == [base[c] + 1 for c in people]  # its own change only
    for ack, client in zip(acks, people, strict=True):  # the ack is its patch
        assert client.v == ack["v"]

    # Both commit at once: the first commit changes the other's view (it shows who has
    # committed), so the other's act is stale; it gets a sync and commits again.
    ids = [await send_act(client, {"type": "commit"}, "commit") for client in people]
    replies = [await reply(client, frame_id) for client, frame_id in zip(people, ids, strict=True)]
    assert sorted(r["t"] for r in replies) == ["error", "patch"]
    late = people[[r["t"] for r in replies].index("error")]
    assert replies[people.index(late)]["code"] == "stale_version"
    # The first commit: each person's view changed twice (a draft, the commit), each
    # spectator's once.
    committed = {c: base[c] + (2 if c in people else 1) for c in everyone}
    await late.expect("sync", v=committed[late])
    first = 1 - late.seat
    for client in everyone:
        await client.until_version(committed[client])
        view = client.views[committed[client]]
        assert not deciding(view, first) and deciding(view, late.seat)
        assert view["players"][first]["placing"] is None  # committed, still secret
    await act(late, {"type": "commit"}, "commit-again")
    await settle(everyone, await stored(match.pk))
    for client in everyone:  # J15: both revealed to everyone at once, by the last commit
        shown = committed[client]
        assert revealed(client, shown) == set() and revealed(client, shown + 1) == {0, 1}

    # J15: a draft reaches no one but its seat: not a frame, not even a version number.
    # (Each audience's frames come in order, so by the reveal every earlier one is here.)
    for client in everyone:
        patches = sorted(
            f["v"] for f in client.frames if f["t"] == "patch" and f["v"] > base[client]
        )
        assert patches == list(range(base[client] + 1, committed[client] + 2)), client.seat

    # Play on into the third round, both choosing freely, then audit every frame.
    third_round = lambda m: current(m)["round"] >= 3 or m.result is not None  # noqa: E731
    await drive(match.pk, people, watchers, third_round)
    await audit(match.pk, everyone, layer_messages)


async def test_a_whole_match_against_simultaneous_bots_leaks_nothing(
    users, connect, layer_messages
):
    ada, bob = users[:2]
    players = [ada, "greedy", "random", "greedy"]
    match = await database_sync_to_async(create_match)(players, game="jump-drive")
    people = [await connect(match, ada)]
    watchers = [await connect(match, bob), await connect(match, None)]
    final = await drive(match.pk, people, watchers, lambda m: m.status == Match.Status.FINISHED)
    assert final.result["winners"]
    history = await audit(match.pk, [*people, *watchers], layer_messages)
    bots = {1, 2, 3}
    # The bots had to decide side by side (each from its own view, one action at a time)
    # and none of them held the match up.
    side_by_side = [state for state in history if bots <= set(state["active"])]
    assert len(side_by_side) > 10
    seats = await database_sync_to_async(
        lambda: set(final.actions.values_list("seat", flat=True))
    )()
    assert seats == {0, *bots}


async def test_J15_a_person_takes_a_committed_choice_back_and_changes_it(
    users, connect, layer_messages, clock
):
    """A committed seat is not waited for (its clock stands) yet may take the choice
    back while the other still decides: the server accepts it, its clock runs again from
    where it stood before the commit (no increment earned), everyone sees only that it
    decides again, and the changed choice is what is revealed."""
    ada, bob, cy = users[:3]
    match = await database_sync_to_async(create_match)([ada, bob], game="jump-drive")
    people = [await connect(match, ada), await connect(match, bob)]
    watchers = [await connect(match, cy), await connect(match, None)]
    everyone = [*people, *watchers]
    await drive(match.pk, people, watchers, lambda m: False, hold=choosing)
    chooser, other = people
    changed = {"type": "choose", "development": "survey-team", "world": None, "contact": False}
    assert changed in chooser.view["legal"]  # J24: alone it costs nothing

    async def done(client: Client, action: dict, tag: str) -> Match:
        ack = await act(client, action, tag)
        await client.until_version(ack["v"])
        now = await stored(match.pk)
        await settle(everyone, now)
        return now

    await done(chooser, {"type": "explore"}, "draft")
    clock.advance(20 * SECOND)
    left = (await stored(match.pk)).clock["until"][0] - clock.at
    now = await done(chooser, {"type": "commit"}, "commit")
    assert current(now)["active"] == [1] and now.clock["until"][0] is None
    assert now.clock["left"][0] == left + NORMAL.increment
    assert chooser.view["legal"] == [{"type": "uncommit"}]
    clock.advance(30 * SECOND)
    now = await done(chooser, {"type": "uncommit"}, "take-back")
    assert current(now)["active"] == [0, 1] and now.clock["until"][0] == clock.at + left
    for client in everyone:
        assert deciding(client.view, 0) and client.view["log"][-1]["kind"] == "uncommit"
    assert chooser.view["me"]["task"]["draft"] == {"explore": True}  # shown again to edit
    await done(chooser, changed, "change")
    await done(chooser, {"type": "commit"}, "commit-again")
    await done(other, {"type": "explore"}, "other-draft")
    await done(other, {"type": "commit"}, "other-commit")
    for client in everyone:
        placing = client.view["players"][0]["placing"]
        assert placing["explore"] is False and placing["development"]["card"] == "survey-team"
    await audit(match.pk, everyone, layer_messages)
