"""Any JSON value as an action: refused with IllegalAction, never another exception."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import IllegalAction
from games.space_mission import GAME
from tests.games.playout import playout

TYPES = ["restock", "jump", "fly", "scan", "colonise", "discover", "pick", "undo", "confirm"]
FIELDS = ["type", "card", "cards", "planet", "discard", "tile"]
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(max_size=30)
    | st.sampled_from(["c01", "c60", "t01", "hazard", "gate", "quartz"]),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
ACTIONS = st.one_of(
    JSON,
    st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=4),
    st.builds(
        lambda kind, extra: {"type": kind, **extra},
        st.sampled_from(TYPES),
        st.dictionaries(st.sampled_from(FIELDS[1:]), JSON, max_size=2),
    ),
)
STATES = [step.state for step in playout(GAME, 3, 4, wander=0.3, cap=160)][::8]


@settings(max_examples=300, deadline=None)
@given(index=st.integers(0, len(STATES) - 1), action=ACTIONS)
def test_any_json_action_is_applied_or_refused_cleanly(index, action):
    state = STATES[index]
    before = json.dumps(state, sort_keys=True)
    seat = state["active"][0]
    try:
        new, events = GAME.apply(state, seat, action)
    except IllegalAction as err:
        assert err.code and err.message
    else:
        assert action in GAME.legal_actions(state, seat) or _reordered(action, state, seat)
        assert json.loads(json.dumps(new)) == new and isinstance(events, list)
    assert json.dumps(state, sort_keys=True) == before


def _reordered(action, state, seat):
    """The same cards as a legal action, named in another order."""
    for legal in GAME.legal_actions(state, seat):
        key = "discard" if "discard" in legal else "cards" if "cards" in legal else None
        named = action.get(key) if key else None
        if (
            isinstance(named, list)
            and legal["type"] == action.get("type")
            and len(action) == len(legal)
            and sorted(map(str, named)) == sorted(legal[key])
        ):
            return True
    return False
