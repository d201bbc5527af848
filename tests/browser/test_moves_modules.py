"""The change marks' module (js/match/moves.js) with each game's hooks, run in Chromium on
the patches the server sends: every act of another seat that changes a seat's view marks
something, from that view's own patches alone."""

from __future__ import annotations

import json

import pytest

from games import registry
from spacemission.matches.patches import view_patch

pytestmark = pytest.mark.browser

MARKS = """async ([game, steps]) => {
    const { changeMarks, isOwn } = await import("/static/js/match/moves.js");
    const hooks = await import(`/static/games/${game}/moves.js`);
    return steps.map(([before, after, ops]) => {
      const marks = changeMarks(ops, before, after, hooks);
      marks.forEach((selector) => document.querySelectorAll(selector));  // each one valid
      return { marks, own: isOwn({ ops, before, own: false }, after, 0) };
    });
}"""


def others_acts(game_id: str, seats: int, acts: int) -> list[tuple[dict, dict, list]]:
    """Seat 0's view before and after each act of another seat that changed it, with the
    patch the server sends for it, along a game the greedy bots play."""
    game = registry.get(game_id)
    state = game.setup(seats, game.info.default_options(), 5)
    steps = []
    for n in range(acts):
        active = game.active_seats(state)
        if not active:
            break
        mover = active[-1]
        before = game.view(state, 0)
        state, _ = game.apply(state, mover, game.bot_action("greedy", game.view(state, mover), n))
        after = game.view(state, 0)
        if mover != 0 and before != after:
            steps.append((before, after, view_patch(before, after)))
    return json.loads(json.dumps(steps))


@pytest.fixture
def page(new_page):
    page = new_page()
    page.goto("/healthz")
    return page


@pytest.mark.parametrize("game", ["space-mission", "jump-drive", "blabla"])
def test_every_act_of_another_seat_marks_something(page, game):
    steps = others_acts(game, seats=3, acts=250)
    assert len(steps) > 10
    results = page.evaluate(MARKS, [game, steps])
    for (_, _, ops), result in zip(steps, results, strict=True):
        paths = [op["path"] for op in ops]
        assert result["marks"], f"no mark for an act that changed {paths}"
        assert not result["own"], "another seat's act was taken for the reader's own"
