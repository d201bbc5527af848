"""Every audience's view and patch for an act, as ``audiences.changes`` makes them with
every cache and shared part, is byte for byte what a plain computation gives: the view
of a fresh copy of the state with ``games.memo`` off, and the patch by a straightforward
diff of those views. A cache that handed one seat another seat's part, or a part of an
older state, or that changed the state, fails here.

Several matches of each game are played at once, step by step in turn, so the caches
also see states of other matches between two acts of one match. Most acts' patches are
made from what they changed (the game's ``view_deltas``), one in thirteen from whole
views: both give the same.
"""

from __future__ import annotations

import itertools
from typing import Any

import orjson
import pytest

from games import memo, registry
from games.core import Game, State, View
from games.space_mission import view as space_mission_view
from spacemission.matches import audiences
from spacemission.matches.patches import remade
from tests.games.playout import playout

GAMES = registry.shipped_games()


def fresh_views(game: Game, state: State, seats: int) -> list[View]:
    """Each audience's view of a copy of ``state`` that shares nothing, nothing cached."""
    copied = orjson.loads(orjson.dumps(state))
    with memo.off():
        return [game.view(copied, seat) for seat in [*range(seats), None]]


def reference_patch(old: View, new: View) -> list[dict[str, Any]]:
    """RFC 6902 ops as ``patches.view_patch`` defines them, without its shortcuts."""
    ops: list[dict[str, Any]] = []
    old_log, new_log = old.get("log"), new.get("log")
    if not (
        isinstance(old_log, list)
        and isinstance(new_log, list)
        and len(new_log) >= len(old_log)
        and same(new_log[: len(old_log)], old_log)
    ):
        by_part(old, new, ops)
        return ops
    rest = [{k: v for k, v in view.items() if k != "log"} for view in (old, new)]
    by_part(*rest, ops)
    ops.extend({"op": "add", "path": "/log/-", "value": e} for e in new_log[len(old_log) :])
    return ops


def by_part(old: View, new: View, ops: list[dict[str, Any]]) -> None:
    """``walk`` of two views, each top-level part replaced whole where it was mostly
    remade (``patches.remade``, tested on its own in ``test_patches``), or where its ops
    are at least one for each of its entries and longer than that one op."""
    for key in old.keys() - new.keys():
        ops.append({"op": "remove", "path": f"/{escape(key)}"})
    for key, value in new.items():
        if key not in old:
            ops.append({"op": "add", "path": f"/{escape(key)}", "value": value})
            continue
        part: list[dict[str, Any]] = []
        replace = {"op": "replace", "path": f"/{escape(key)}", "value": value}
        if remade(old[key], value):
            ops.append(replace)
            continue
        walk(old[key], value, f"/{escape(key)}", part)
        wholesale = len(part) > 1 and isinstance(value, list | dict) and len(part) >= len(value)
        if wholesale and len(dumped(part)) > len(dumped(replace)):
            part = [replace]
        ops.extend(part)


def same(a: Any, b: Any) -> bool:
    return a == b and orjson.dumps(a) == orjson.dumps(b)


def walk(old: Any, new: Any, path: str, ops: list[dict[str, Any]]) -> None:
    if same(old, new):
        return
    if isinstance(old, dict) and isinstance(new, dict):
        for key in old.keys() - new.keys():
            ops.append({"op": "remove", "path": f"{path}/{escape(key)}"})
        for key, value in new.items():
            if key not in old:
                ops.append({"op": "add", "path": f"{path}/{escape(key)}", "value": value})
            else:
                walk(old[key], value, f"{path}/{escape(key)}", ops)
    elif isinstance(old, list) and isinstance(new, list):
        n = min(len(old), len(new))
        head = next((i for i in range(n) if not same(old[i], new[i])), n)
        tail = next((i for i in range(n - head) if not same(old[-1 - i], new[-1 - i])), n - head)
        old_mid, new_mid = old[head : len(old) - tail], new[head : len(new) - tail]
        paired = min(len(old_mid), len(new_mid))
        for i in range(paired):
            walk(old_mid[i], new_mid[i], f"{path}/{head + i}", ops)
        for i, value in enumerate(new_mid[paired:]):
            ops.append({"op": "add", "path": f"{path}/{head + paired + i}", "value": value})
        for _ in old_mid[paired:]:
            ops.append({"op": "remove", "path": f"{path}/{head + paired}"})
    else:
        ops.append({"op": "replace", "path": path, "value": new})


def escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def dumped(value: Any) -> bytes:
    return orjson.dumps(value)


class Match:
    """One match played step by step, checking each act against the reference."""

    def __init__(self, game: Game, players: int, seed: int) -> None:
        self.game, self.players = game, players
        self.steps = playout(game, players, seed, wander=0.2, cap=600)
        self.versions = audiences.initial(players)
        self.reference: list[View] | None = None
        self.acts = 0

    def act(self) -> bool:
        step = next(self.steps, None)
        if step is None:
            return False
        game, n = self.game, self.players
        before = dumped(step.state), dumped(step.new)
        if self.reference is None:
            self.reference = fresh_views(game, step.state, n)
        self.acts += 1
        # Now and then the state an act starts from is read back from storage, as by a
        # process that did not keep it: it shares nothing with the views built before.
        start = orjson.loads(before[0]) if self.acts % 13 == 0 else step.state
        events = step.events if self.acts % 13 else None  # now and then the whole-view diff
        changed = audiences.changes(game, start, step.new, step.seat, self.versions, events)
        reference = fresh_views(game, step.new, n)
        views = audiences.views(game, step.new, n)
        assert [dumped(v) for v in views] == [dumped(v) for v in reference]
        expected = []
        for index, seat in enumerate([*range(n), None]):
            ops = reference_patch(self.reference[index], reference[index])
            if ops or seat == step.seat:
                expected.append((seat, self.versions[index] + 1, dumped(ops)))
        assert [(c.seat, c.version, dumped(c.ops)) for c in changed] == expected
        assert (dumped(step.state), dumped(step.new)) == before  # no view changed a state
        self.versions = audiences.bumped(self.versions, changed)
        self.reference = reference
        return True


@pytest.mark.parametrize("game_id", GAMES)
def test_every_view_and_patch_equals_the_plain_computation(game_id):
    game = registry.get(game_id)
    info = game.info
    matches = [
        Match(game, players, seed)
        for seed, players in zip(
            range(3), itertools.cycle(range(info.max_players, info.min_players - 1, -1))
        )
    ]
    acts = 0
    while matches:
        matches = [m for m in matches if m.act()]
        acts += len(matches)
    assert acts > 100


def test_a_stale_shared_part_fails_the_check(monkeypatch):
    """The check can fail: with a memo that hands out the last value of a name whatever
    it was made from (a key that leaves out what the part depends on), some view or
    patch differs from the plain computation."""
    real = memo.shared

    def stale(name, sources, build, *args):
        return real(name, (), build, *args)

    monkeypatch.setattr(space_mission_view, "shared", stale)
    match = Match(registry.get("space-mission"), 4, 1)
    with pytest.raises(AssertionError):
        while match.act():
            pass


def test_the_views_kept_are_one_set_a_match_not_one_an_act():
    """An act's views replace those of the state it left: a match that waits while
    another plays more acts than the views kept still has its views at hand, not built
    again (and a state an act left is not kept: its views went with it)."""
    game = registry.get("space-mission")
    waiting = list(itertools.islice(playout(game, 4, 1), 3))
    versions = audiences.initial(4)
    for step in waiting:
        audiences.changes(game, step.state, step.new, step.seat, versions, step.events)
    kept = audiences.views(game, waiting[-1].new, 4)
    others = itertools.chain.from_iterable(playout(game, 4, seed) for seed in range(2, 9))
    busy = list(itertools.islice(others, audiences.VIEWS_KEPT + 20))
    assert len(busy) == audiences.VIEWS_KEPT + 20
    for step in busy:
        audiences.changes(game, step.state, step.new, step.seat, versions, step.events)
    for index, seat in enumerate([0, 1, 2, 3, None]):
        assert audiences.view_of(game, waiting[-1].new, 4, seat) is kept[index]
    assert audiences.view_of(game, busy[-1].state, 4, 0) is not audiences.view_of(
        game, busy[-1].state, 4, 0
    )
