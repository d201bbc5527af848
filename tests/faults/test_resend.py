"""A client that loses its connection right after sending an act learns whether it applied,
and sending it again with the same id never applies it twice."""

from __future__ import annotations

import pytest

from tests.faults.drill import GAME, Player, acknowledged_rows
from tests.platform.live.remote import seed_match, stored

pytestmark = [pytest.mark.slow, pytest.mark.postgres]
TIMEOUT = 30.0


async def test_an_act_cut_off_by_a_disconnect_applies_at_most_once(database, servers):
    server = servers(database)
    match_id = seed_match(database, ["@ada", "@bob", "@cy", "@dee"], first=0)
    session = database.session("ada")
    ada = Player([server], match_id, session, name="ada")
    await ada.connect()
    await ada.wait_for_sync()
    action = GAME.bot_action("random", ada.view, 1)
    act = {"t": "act", "id": "cut-1", "v": 0, "action": action}
    await ada.send(act)
    await ada.ws.close()  # gone before any answer could arrive

    ada = Player([server], match_id, session, name="ada")  # a new page, say
    await ada.connect()
    await ada.wait_for_sync()
    applied = ada.v == 1
    assert ada.v in (0, 1)
    if applied:  # the log tells the seat it was its own move
        assert ada.view == GAME.view(replay_state(database, match_id), 0)

    for sent in range(2):  # the same act again, twice: acknowledged with version 1 each time
        await ada.send(act)
        ack = await ada.answer("cut-1", TIMEOUT)
        assert (ack["id"], ack["v"]) == ("cut-1", 1)
        # Its own patch if this one applied it; a plain ack if it had applied before (the
        # first send may have been applied after the new page's sync was made).
        assert ack["t"] in ({"patch", "ack"} if sent == 0 and not applied else {"ack"})
    await ada.until_version(1, TIMEOUT)
    await ada.close()

    match = stored(database, match_id)
    assert match["version"] == 1
    assert acknowledged_rows(database, match_id) == {"cut-1": 1}
    assert match["actions"] == [(0, action)]


def replay_state(database, match_id: int) -> dict:
    match = stored(database, match_id)
    state = GAME.setup(match["seat_count"], match["options"], match["seed"])
    for seat, action in match["actions"]:
        state, _ = GAME.apply(state, seat, action)
    assert state == match["state"]
    return state
