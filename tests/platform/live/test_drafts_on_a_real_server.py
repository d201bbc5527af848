"""On a real Daphne process, the frames a Jump Drive draft sends: to its own seat only.

Two people decide at once in secret (J10: each picks the cards to discard, J15: others
see only who has committed) while a spectator watches; every frame each websocket
received is checked. Each audience counts the changes to its own view, so not even a
version number tells the others how often a seat changed its mind.
"""

from __future__ import annotations

import asyncio
import re

import pytest

from games import registry
from games.jump_drive.privacy import hidden_ids
from tests.platform.live.playout import leaks
from tests.platform.live.remote import RemoteClient, match_versions, seed_match, stored
from tests.platform.live.test_servers import database, servers
from tests.platform.live.wsclient import Frame, acknowledges, answers_act
from tests.support.servers import Database

pytestmark = pytest.mark.slow
__all__ = ["database", "servers"]
GAME = registry.get("jump-drive")
SEED = 20261130
GAME_FRAMES = {"sync", "patch", "ack", "error", "clock"}  # presence frames follow arrival times


async def act(client: RemoteClient, action: dict) -> Frame:
    """Send ``action`` from the view the client holds; its answer, once its view is the
    one the answer made (the actor's own patch is its ack)."""
    # Numbered by the client's own acts, not by all its frames: presence frames come as
    # the server's timing has them, and the ids are compared across runs.
    answered = sum(answers_act(f) for f in client.frames)
    frame_id = f"s{client.seat}-v{client.v}-{answered}"
    await client.pace()
    await client.send({"t": "act", "id": frame_id, "v": client.v, "action": action})
    await client.wait(lambda: any(answers_act(f, frame_id) for f in client.frames))
    answer = next(f for f in client.frames if answers_act(f, frame_id))
    if acknowledges(answer):
        await client.until_version(answer["v"])
    return answer


def draft(client: RemoteClient) -> dict:
    return next(a for a in client.view["legal"] if a["type"] != "commit")


def patches(client: RemoteClient) -> dict[int, Frame]:
    return {f["v"]: f for f in client.frames if f["t"] == "patch"}


async def open_clients(database: Database, server, match_id: int) -> list[RemoteClient]:
    ada = await RemoteClient(server, match_id, database.session("ada")).open()
    bob = await RemoteClient(server, match_id, database.session("bob")).open()
    watcher = await RemoteClient(server, match_id).open()
    return [ada, bob, watcher]


def audit(database: Database, match_id: int, clients: list[RemoteClient]) -> None:
    """Every frame names nothing its receiver may not see in the state it shows, and
    every client holds its audience's stored view version without a gap."""
    match = stored(database, match_id)
    states = [GAME.setup(match["seat_count"], match["options"], match["seed"])]
    for seat, action in match["actions"]:
        states.append(GAME.apply(states[-1], seat, action)[0])
    assert match["snapshot_ok"]  # the stored snapshot is the replay of the log to it
    assert states[-1] == match["state"]
    for client in clients:
        versions = match_versions(match, client.seat)
        assert client.gaps == 0
        assert client.v == match["view_versions"][-1 if client.seat is None else client.seat]
        for version, frame in client.received:
            state = states[versions[version]]
            assert not leaks(frame, hidden_ids(state, client.seat)), (client.seat, frame)
            if frame["t"] in {"sync", "patch"}:
                assert client.views[version] == GAME.view(state, client.seat)


async def test_a_draft_reaches_only_its_seat_and_seats_drafting_at_once_both_apply(
    database, servers
):
    match_id = seed_match(database, ["@ada", "@bob"], game="jump-drive")
    ada, bob, watcher = await open_clients(database, servers(database), match_id)
    assert ada.v == bob.v == watcher.v == 0

    # Both pick a card at once, each from its view of version 0: both apply, and each
    # seat's view version counts its own view's changes only.
    answers = await asyncio.gather(act(ada, draft(ada)), act(bob, draft(bob)))
    assert [(a["t"], a["v"]) for a in answers] == [("patch", 1), ("patch", 1)]
    # Ada picks her second card and commits: the commit is the first change the others see.
    assert (await act(ada, draft(ada)))["v"] == 2
    commit = await act(ada, {"type": "commit"})
    assert commit["v"] == 3
    await bob.until_version(2)
    await watcher.until_version(1)
    for client in (bob, watcher):
        assert client.view["players"][0]["status"] == "committed"  # and nothing more

    # Every frame: each seat's patches are its own drafts and the commit; the spectator's
    # one patch is the commit.
    assert sorted(patches(ada)) == [1, 2, 3]
    assert sorted(patches(bob)) == [1, 2]
    assert sorted(patches(watcher)) == [1]
    assert not [f for c in (ada, bob, watcher) for f in c.frames if f["t"] == "error"]
    assert stored(database, match_id)["version"] == 4
    audit(database, match_id, [ada, bob, watcher])
    for client in (ada, bob, watcher):
        await client.close()


async def play(database: Database, server, changes_of_mind: int) -> list[RemoteClient]:
    """One match from ``SEED``: Bob picks a card, Ada picks and drops one
    ``changes_of_mind`` times, then both pick and commit. The clients, audited."""
    match_id = seed_match(database, ["@ada", "@bob"], game="jump-drive", seed=SEED)
    ada, bob, watcher = await open_clients(database, server, match_id)
    await act(bob, draft(bob))
    first = draft(ada)
    for _ in range(changes_of_mind):
        await act(ada, first)
        await act(ada, {"type": "unselect", "card": first["card"]})
    await act(ada, first)
    await act(ada, draft(ada))
    await act(ada, {"type": "commit"})
    await bob.until_version(2)  # Ada's commit
    await act(bob, draft(bob))
    await act(bob, {"type": "commit"})  # J15: both revealed
    await ada.until_version(4 + 2 * changes_of_mind)
    await watcher.until_version(2)
    audit(database, match_id, [ada, bob, watcher])
    for client in (ada, bob, watcher):
        await client.close()
    return [ada, bob, watcher]


def game_frames(client: RemoteClient) -> list[str]:
    """The game's frames exactly as sent, but for the ids of the match and its table and
    the deal's commitment in a ``sync``'s facts (drawn at random: each match has its own
    salt), and when a seat's last connection closed (a ``sync`` sent while the other
    player's socket is still being set up may show it gone since the match began)."""
    out = []
    for text, frame in zip(client.texts, client.frames, strict=True):
        if frame["t"] == "sync":
            facts = frame["match"]
            text = text.replace(f'"id":{facts["id"]},"table":"{facts["table"]}",', "", 1)
            text = text.replace(f'"commitment":"{facts["commitment"]}",', "", 1)
            text = re.sub(r'"gone_since":\d+', '"gone_since":null', text)
        if frame["t"] in GAME_FRAMES:
            out.append(text)
    return out


async def test_how_often_a_seat_changes_its_mind_reaches_no_one_else_not_even_as_a_number(
    database, servers
):
    """J15: two matches dealt alike, in which Ada drops a picked card three times or
    never, send Bob and the spectator the same frames, byte for byte."""
    server = servers(database)
    decided = await play(database, server, 0)
    hesitant = await play(database, server, 3)
    assert game_frames(hesitant[0]) != game_frames(decided[0])  # Ada saw her own changes
    for seat in (1, 2):  # Bob, the spectator
        assert game_frames(hesitant[seat]) == game_frames(decided[seat])
        assert sum('"t":"patch"' in text for text in game_frames(decided[seat])) >= 2
        # The clock went out when the commits stopped Ada's and Bob's clocks, never on a
        # draft, inside the patch of the act that changed it: no frame of its own.
        frames = game_frames(decided[seat])
        assert any(text.startswith('{"t":"patch"') and '"clock":' in text for text in frames)
        assert not any('"t":"clock"' in text for text in frames)
