"""On a real Daphne process, the frames a Jump Drive draft sends: to its own seat only.

Two people decide at once in secret (J10: each picks the cards to discard, J15: others
see only who has committed) while a spectator watches; every frame each websocket
received is checked.
"""

from __future__ import annotations

import asyncio

import pytest

from games import registry
from tests.platform.live.remote import RemoteClient, seed_match, stored
from tests.platform.live.test_servers import database, servers
from tests.platform.live.wsclient import Frame

pytestmark = pytest.mark.slow
__all__ = ["database", "servers"]
GAME = registry.get("jump-drive")


async def act(client: RemoteClient, action: dict) -> Frame:
    """Send ``action`` from the view the client holds; its answer, once its view is the
    one the answer made (the patch follows the ack)."""
    frame_id = f"s{client.seat}-v{client.v}-{len(client.frames)}"
    await client.pace()
    await client.send({"t": "act", "id": frame_id, "v": client.v, "action": action})
    await client.wait(lambda: any(f.get("id") == frame_id for f in client.frames))
    answer = next(f for f in client.frames if f.get("id") == frame_id)
    if answer["t"] == "ack":
        await client.until_version(answer["v"])
    return answer


def draft(client: RemoteClient) -> dict:
    return next(a for a in client.view["legal"] if a["type"] != "commit")


def patches(client: RemoteClient) -> dict[int, Frame]:
    return {f["v"]: f for f in client.frames if f["t"] == "patch"}


async def test_a_draft_reaches_only_its_seat_and_seats_drafting_at_once_both_apply(
    database, servers
):
    match_id = seed_match(database, ["@ada", "@bob"], game="jump-drive")
    server = servers(database)
    ada = await RemoteClient(server, match_id, database.session("ada")).open()
    bob = await RemoteClient(server, match_id, database.session("bob")).open()
    watcher = await RemoteClient(server, match_id).open()
    assert ada.v == bob.v == watcher.v == 0

    # Both pick a card at once, each from its view of version 0: both apply.
    answers = await asyncio.gather(act(ada, draft(ada)), act(bob, draft(bob)))
    assert [a["t"] for a in answers] == ["ack", "ack"], answers
    # Ada picks her second card and commits: the commit is the first change the others see.
    ada_drafts = [answers[0]["v"], (await act(ada, draft(ada)))["v"]]
    commit = await act(ada, {"type": "commit"})
    assert commit["t"] == "ack"
    for client in (bob, watcher):
        await client.until_version(commit["v"])
        assert client.view["players"][0]["deciding"] is False  # committed, nothing more

    # Every frame: each seat's patches are its own drafts and the commit; the spectator's
    # one patch goes straight from version 0 to the commit.
    assert sorted(patches(ada)) == [*ada_drafts, commit["v"]]
    assert sorted(patches(bob)) == [answers[1]["v"], commit["v"]]
    assert patches(bob)[commit["v"]]["from"] == answers[1]["v"]
    assert [(v, f["from"]) for v, f in patches(watcher).items()] == [(commit["v"], 0)]
    assert not [f for c in (ada, bob, watcher) for f in c.frames if f["t"] == "error"]
    assert stored(database, match_id)["version"] == commit["v"] == 4
    for client in (ada, bob, watcher):
        await client.close()
