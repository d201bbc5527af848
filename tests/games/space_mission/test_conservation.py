"""60 cards, 64 tiles and 20 chips per player are accounted for after every action."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.space_mission import GAME
from tests.games.playout import playout
from tests.games.space_mission.builder import account


@settings(max_examples=10, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**40), wander=st.sampled_from([0.1, 0.5]))
def test_R3_R4_R5_components_are_conserved_at_every_step(players, seed, wander):
    for step in playout(GAME, players, seed, wander=wander, cap=600):
        account(step.new)
        assert step.new["active"] == ([] if step.new["phase"] == "over" else [step.new["seat"]])
