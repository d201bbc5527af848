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


def others_acts(
    game_id: str, seats: int, acts: int, end_turn: bool = False
) -> list[tuple[dict, dict, list]]:
    """Seat 0's view before and after each act of another seat that changed it, with the
    patch the server sends for it, along a game the greedy bots play (``end_turn``: each
    act flagged to end the turn with it, the players' setting)."""
    game = registry.get(game_id)
    state = game.setup(seats, game.info.default_options(), 5)
    steps = []
    for n in range(acts):
        active = game.active_seats(state)
        if not active:
            break
        mover = active[-1]
        before = game.view(state, 0)
        action = game.bot_action("greedy", game.view(state, mover), n)
        state, _ = game.apply(state, mover, {**action, "end_turn": True} if end_turn else action)
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


def test_O2_an_act_that_ends_the_turn_with_it_is_one_marked_move_with_both_lines(page):
    """A seat that ends its turn with its last action sends one act: the patch adds the
    action's log lines and the confirm's (and a new round's), and it is marked as that
    seat's move like any other."""
    steps = others_acts("space-mission", seats=3, acts=150, end_turn=True)
    ended = [
        i
        for i, (before, after, _) in enumerate(steps)
        if len(after["log"]) - len(before["log"]) >= 2
        and "confirm" in [e["kind"] for e in after["log"][len(before["log"]) :]]
        and after["log"][len(before["log"])]["kind"] != "confirm"
    ]
    assert len(ended) > 5
    results = page.evaluate(MARKS, ["space-mission", steps])
    for i in ended:
        assert results[i]["marks"] and not results[i]["own"], steps[i][2]
