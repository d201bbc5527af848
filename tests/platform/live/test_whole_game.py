"""Whole matches over websockets: patches rebuild every view, and nothing private leaks.

Each test plays a match to its end with people (test-driven connections) and bots, with
spectators watching, then checks every connection against the views rebuilt from the
action log, and audits every frame and every channel-layer message against the ids the
receiving seat may not see at that version.
"""

from __future__ import annotations

import asyncio

import orjson
import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from games import registry
from spacemission.live import hub
from spacemission.matches.models import Match
from spacemission.matches.states import current
from tests.platform.live import toygame
from tests.platform.live.conftest import create_match
from tests.platform.live.playout import HiddenIds, leaks, play_out, states

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def layer_messages(monkeypatch):
    """Every (group, message) the process sends to an audience during the test: what its
    sockets get and what it relays to other processes (a lone process on the in-memory
    layer relays nothing, so the layer alone would show nothing)."""
    sent: list[tuple[str, dict]] = []
    original = hub.Hub.send

    async def send(self, messages, *, at_once=False):
        sent.extend((message["group"], message) for message in messages)
        await original(self, messages, at_once=at_once)

    monkeypatch.setattr(hub.Hub, "send", send)
    return sent


def audience(group: str) -> int | str | None:
    """The seat a group is for, None for spectators, "all" for the match group."""
    if group.endswith("-spectators"):
        return None
    if "-seat-" in group:
        return int(group.rsplit("-", 1)[1])
    return "all"


async def play_and_audit(
    match,
    people,
    watchers,
    layer_messages,
    hidden_ids: HiddenIds,
    undos: int = 0,
    flagged: frozenset[int] = frozenset(),
):
    final = await play_out(match, people, watchers, undos, flagged)
    history = await database_sync_to_async(states)(final)
    game = registry.get(match.game)
    assert history[-1] == current(final) and len(history) == final.version + 1
    assert final.version > 0

    for client in [*people, *watchers]:
        # Patching from the first sync reproduced the view of a fresh sync at every version.
        assert client.gaps == 0
        assert client.compared == [True]  # the final sync equals the patched view
        first = min(client.views)
        assert sorted(client.views) == list(range(first, final.version + 1))
        for version, view in client.views.items():
            assert view == game.view(history[version], client.seat), (client.seat, version)
        for version, frame in client.received:
            assert not leaks(frame, hidden_ids(history[version], client.seat)), frame
            if history[version] != current(final):  # the seed and salt only once it is over
                assert not deal_secrets_in(frame, final), frame

    everything_hidden = set().union(
        *(hidden_ids(state, seat) for state in history for seat in [*range(match.seat_count), None])
    )
    patches = revealed = 0
    for group, message in layer_messages:
        frame = orjson.loads(message["text"]) if "text" in message else message
        seat = audience(group)
        if seat == "all":
            assert not leaks(frame, everything_hidden), (group, frame)
            if deal_secrets_in(frame, final):
                revealed += 1
                assert frame["t"] == "match" and frame["match"]["status"] == "finished"
        else:
            patches += 1
            assert frame["t"] == "patch"
            assert not leaks(frame, hidden_ids(history[frame["v"]], seat)), (group, frame)
    assert patches == final.version * (match.seat_count + 1)
    assert revealed == 1  # once, to everyone, when the game ended
    return final


def deal_secrets_in(frame: dict, match: Match) -> bool:
    """Whether a frame carries the match's seed or salt (docs/fair-deals.md)."""
    text = orjson.dumps(frame).decode()
    return str(match.seed) in text or match.salt in text


async def test_a_whole_toy_game_of_people_bots_and_spectators(users, connect, layer_messages):
    ada, bob, cy = users[:3]
    match = await database_sync_to_async(create_match)([ada, "greedy", bob, "random"])
    people = [await connect(match, ada), await connect(match, bob)]
    watchers = [await connect(match, cy), await connect(match, None)]
    layer = get_channel_layer()
    lobby = await layer.new_channel()
    await layer.group_add("lobby", lobby)
    final = await play_and_audit(match, people, watchers, layer_messages, toygame.hidden_ids)
    assert final.version == 4 * 8 and final.result["winners"]
    # The lobby hears that the table finished.
    message = await asyncio.wait_for(layer.receive(lobby), 10)
    assert message["type"] == "lobby.tables"


async def test_a_whole_bot_game_is_watched_to_the_end(users, connect, layer_messages):
    match = await database_sync_to_async(create_match)(["greedy", "random", "greedy"])
    # The bots start at once: these join a match already under way.
    watchers = [await connect(match, users[0]), await connect(match, None)]
    final = await play_and_audit(match, [], watchers, layer_messages, toygame.hidden_ids)
    assert final.status == Match.Status.FINISHED and final.version == 3 * 8


def test_the_audit_finds_an_id_anywhere_in_a_frame():
    frame = {
        "t": "patch",
        "ops": [{"op": "add", "path": "/me", "value": {"hand": [{"id": "c07"}]}}],
    }
    assert leaks(frame, {"c07", "t01"}) == {"c07"}
    assert leaks({"t": "chat", "c07": 1}, {"c07"}) == {"c07"}
    assert leaks({"t": "chat", "text": "c07 is hidden"}, {"c07"}) == set()
