"""The page's own modules, run in Chromium: JSON Patch, back-off, and the action choices."""

from __future__ import annotations

import itertools
import json
import random

import jsonpatch
import pytest

from games.space_mission import GAME

pytestmark = pytest.mark.browser


@pytest.fixture
def page(new_page):
    page = new_page()
    page.goto("/healthz")  # any page of the site: modules load from its origin
    return page


def played_views(seat: int, actions: int, seed: int = 11) -> list[dict]:
    """The views of `seat` along a game the greedy bots play."""
    state = GAME.setup(3, {}, seed)
    views = [GAME.view(state, seat)]
    for n in range(actions):
        active = GAME.active_seats(state)
        if not active:
            break
        mover = active[0]
        state, _ = GAME.apply(state, mover, GAME.bot_action("greedy", GAME.view(state, mover), n))
        views.append(GAME.view(state, seat))
    # As the wire has them: JSON, where no two places share one object.
    return json.loads(json.dumps(views))


APPLY = """async ([doc, ops]) => {
    const { applyPatch } = await import("/static/js/match/patch.js");
    return applyPatch(doc, ops);
}"""


def test_patches_from_the_reference_library_rebuild_every_view(page):
    views = played_views(seat=0, actions=120)
    for before, after in itertools.pairwise(views):
        ops = jsonpatch.make_patch(before, after).patch
        assert page.evaluate(APPLY, [before, ops]) == after


def test_every_kind_of_operation_and_a_failing_patch_changes_nothing(page):
    doc = {"a": {"b": [1, 2, 3]}, "c~d": 1, "e/f": 2}
    ops = [
        {"op": "add", "path": "/a/b/1", "value": 9},
        {"op": "add", "path": "/a/b/-", "value": 7},
        {"op": "remove", "path": "/a/b/0"},
        {"op": "replace", "path": "/c~0d", "value": 5},
        {"op": "move", "from": "/e~1f", "path": "/g"},
        {"op": "copy", "from": "/a/b", "path": "/h"},
        {"op": "test", "path": "/g", "value": 2},
    ]
    assert page.evaluate(APPLY, [doc, ops]) == jsonpatch.apply_patch(doc, ops)
    outcome = page.evaluate(
        """async (doc) => {
        const { applyPatch, PatchError } = await import("/static/js/match/patch.js");
        const copy = structuredClone(doc);
        const failures = [];
        for (const ops of [
            [{op: "replace", path: "/a/b/0", value: 0}, {op: "test", path: "/c~0d", value: 2}],
            [{op: "remove", path: "/a/b/3"}],
            [{op: "add", path: "/x/y", value: 1}],
            [{op: "shuffle", path: "/a"}],
        ]) {
            try { applyPatch(doc, ops); failures.push("applied"); }
            catch (error) { failures.push(error instanceof PatchError); }
        }
        return { failures, unchanged: JSON.stringify(doc) === JSON.stringify(copy) };
    }""",
        doc,
    )
    assert outcome == {"failures": [True, True, True, True], "unchanged": True}


def test_reconnect_delays_grow_with_jitter_up_to_a_cap(page):
    bounds = page.evaluate("""async () => {
        const { backoffDelay } = await import("/static/js/match/socket.js");
        return Array.from({length: 12},
            (_, n) => [backoffDelay(n, () => 0), backoffDelay(n, () => 0.999)]);
    }""")
    lows, highs = zip(*bounds, strict=True)
    assert lows[0] >= 200 and highs[0] <= 500
    assert all(low < high for low, high in bounds)
    assert list(lows[:6]) == sorted(lows[:6]) and lows[5] > lows[0] * 16
    assert max(highs) <= 30000 and highs[-1] > 25000


CHOICES = """async ([legal, action]) => {
    const c = await import("/static/games/space-mission/choices.js");
    const cards = action.cards ?? (action.card ? [action.card] : []);
    const chosen = [];
    for (const card of cards) {
        if (!c.cardChoices(legal, action.type, chosen).has(card)) return "card not offered";
        chosen.push(card);
    }
    const planets = c.planetChoices(legal, action.type, chosen);
    if (action.planet && !planets.has(action.planet)) return "planet not offered";
    return c.completed(legal, action.type, chosen, action.planet ?? null);
}"""


def test_every_legal_action_can_be_chosen_step_by_step_and_nothing_else(page):
    rng = random.Random(3)
    views = played_views(seat=1, actions=150, seed=5)
    seen = set()
    for view in views:
        legal = view["legal"]
        for action in legal:
            if action["type"] in ("restock", "pick", "undo", "confirm"):
                continue
            seen.add(action["type"])
            assert page.evaluate(CHOICES, [legal, action]) == action
        jumps = [a for a in legal if a["type"] == "jump"]
        if jumps:
            wrong = {**rng.choice(jumps), "planet": "nowhere"}
            assert page.evaluate(CHOICES, [legal, wrong]) == "planet not offered"
    assert {"jump", "fly", "scan"} <= seen
