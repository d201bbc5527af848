"""What the documents say of the rules' wire forms is what the engines do."""

from __future__ import annotations

import json
import re
from pathlib import Path

from games import registry
from games.blabla.turn import MESSAGES
from games.space_mission.data import CARDS, PLANETS

ROOT = Path(__file__).resolve().parents[2]


def test_the_records_example_action_has_the_engines_shape() -> None:
    """docs/fair-deals.md shows a Space Mission jump as the engine lists one."""
    text = (ROOT / "docs" / "fair-deals.md").read_text()
    [shown] = re.findall(r'"action": (\{[^{}]*\})', text)
    action = json.loads(shown)
    game = registry.get("space-mission")
    state = game.setup(2, {}, 7)
    jumps = [a for s in (0, 1) for a in game.legal_actions(state, s) if a["type"] == "jump"]
    assert jumps and action["type"] == "jump"
    assert all(set(a) == set(action) for a in jumps)
    assert action["card"] in CARDS and action["planet"] in PLANETS


def test_the_blabla_refusal_codes_are_the_ones_documented() -> None:
    text = (ROOT / "docs" / "blabla.md").read_text()
    listed = text.split("Refusal and `why_not` codes:", 1)[1].split("`view[", 1)[0]
    assert set(re.findall(r"`(\w+)`", listed)) - {"step", "limit", "card", "from", "dir"} == set(
        MESSAGES
    )
