"""BlaBla over real websockets: two people, a bot and two spectators play a whole match
to its end (meetings, swaps and fights, whose bids both fighters send at once), and every
frame and channel-layer message is audited against ``games.blabla.privacy.hidden_ids``
of the state its view version shows, rebuilt from the action log."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from games import registry
from spacemission.matches.models import Match
from tests.platform.live.conftest import create_match
from tests.platform.live.test_jump_drive_live import audit, drive
from tests.platform.live.test_whole_game import layer_messages

pytestmark = pytest.mark.django_db(transaction=True)
__all__ = ["layer_messages"]

GAME = registry.get("blabla")


async def test_a_whole_match_with_two_people_and_a_bot_leaks_nothing(
    users, connect, layer_messages
):
    ada, bob, cy = users[:3]
    match = await database_sync_to_async(create_match)([ada, bob, "greedy"], game="blabla")
    people = [await connect(match, ada), await connect(match, bob)]
    watchers = [await connect(match, cy), await connect(match, None)]
    assert all(c.view["players"][c.seat]["hand"] for c in people)
    assert watchers[1].view["me"] is None and watchers[1].view["legal"] == []
    final = await drive(
        match.pk, people, watchers, lambda m: m.status == Match.Status.FINISHED, game=GAME
    )
    assert final.result["winners"] and final.result["end"]
    history = await audit(match.pk, [*people, *watchers], layer_messages, game=GAME)
    assert history[-1]["phase"] == "over"
    seats = await database_sync_to_async(
        lambda: set(final.actions.values_list("seat", flat=True))
    )()
    assert seats == {0, 1, 2}
    for client in [*people, *watchers]:  # B64: the end reveals every hand to everyone
        assert client.view["result"]["scores"][0]["blabla"] == final.result["scores"][0]["blabla"]
