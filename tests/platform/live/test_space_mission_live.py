"""A whole Space Mission match over websockets: four seats, people and bots, spectators.

The people also take actions back (undo), which rewinds the state but only grows the log,
and one of them ends each turn with its last action (O2 waived: every act flagged
``end_turn``), so a patch carries an action's lines and the confirm's.

Every frame each connection received, and every message sent to a seat's channel group,
is audited against ``hidden_ids`` of the state at that version.
"""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from tests.platform.live.conftest import create_match
from tests.platform.live.test_whole_game import layer_messages, play_and_audit

pytestmark = pytest.mark.django_db(transaction=True)
__all__ = ["layer_messages"]


async def test_a_whole_space_mission_game_leaks_nothing(users, connect, layer_messages):
    from games.space_mission.privacy import hidden_ids

    ada, bob, cy = users[:3]
    players = [ada, "greedy", bob, "random"]
    match = await database_sync_to_async(create_match)(players, game="space-mission")
    people = [await connect(match, ada), await connect(match, bob)]
    watchers = [await connect(match, cy), await connect(match, None)]
    final = await play_and_audit(
        match, people, watchers, layer_messages, hidden_ids, undos=20, flagged=frozenset({0})
    )
    assert final.result["winners"]
    assert all(f["t"] != "error" for c in people for f in c.frames)
    undone = await database_sync_to_async(final.actions.filter(action__type="undo").count)()
    assert undone == 20  # people took actions back, and the views followed
    acts = await database_sync_to_async(list)(final.actions.values_list("seat", "action"))
    ada_acts = [a for seat, a in acts if seat == 0]
    assert ada_acts and all(a.get("end_turn") is True for a in ada_acts)
    assert all(a["type"] != "confirm" for a in ada_acts)  # her turns ended with their last act
    assert any(a["type"] == "confirm" for seat, a in acts if seat == 2)
