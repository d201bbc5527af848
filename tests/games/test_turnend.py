"""Ending the turn with its last action (Space Mission O2, BlaBla B59; ``games.turnend``):
an action flagged ``"end_turn": true`` also confirms the turn when nothing but the
confirm (and an undo) is left, in the same ``apply``; Jump Drive's commit ends a turn by
itself, so there the flag only goes."""

from __future__ import annotations

import copy

import orjson
import pytest

from games import gamelog, registry
from games.core import IllegalAction
from games.space_mission import GAME as SPACE_MISSION
from games.turnend import END_TURN, only_ender
from tests.games.playout import playout
from tests.games.space_mission.builder import SPACE, build, card_with, tiles_of
from tests.games.space_mission.test_setup_and_turn import end_near

CONFIRM = {"type": "confirm"}
RESTOCK = {"type": "restock", "discard": []}
FLAGGED = {**RESTOCK, END_TURN: True}


def kinds(events):
    return [e["kind"] for e in events]


def as_json(value) -> bytes:
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def test_O2_a_flagged_second_action_passes_the_turn():
    s = build(3, seat=2)
    s, first = SPACE_MISSION.apply(s, 2, FLAGGED)
    assert s["active"] == [2] and s["actions_done"] == 1  # the first action: nothing more
    assert "confirm" not in kinds(first)
    s, events = SPACE_MISSION.apply(s, 2, FLAGGED)
    assert s["active"] == [0] and s["actions_done"] == 0 and s["undo"] == []
    assert kinds(events)[0] == "restock" and kinds(events)[-1:] == ["confirm"]
    # The lines are the log's last, in order, the very objects (patches append them).
    lines = gamelog.lines(s["log"])
    assert all(a is b for a, b in zip(lines[-2:], events, strict=True))


def test_O2_the_flag_set_false_changes_nothing_and_the_input_is_untouched():
    s = build(3, seat=2)
    once = SPACE_MISSION.apply(s, 2, RESTOCK)[0]
    kept = copy.deepcopy(once)
    plain = SPACE_MISSION.apply(once, 2, RESTOCK)
    unflagged = SPACE_MISSION.apply(once, 2, {**RESTOCK, END_TURN: False})
    flagged = SPACE_MISSION.apply(once, 2, FLAGGED)
    assert as_json(unflagged) == as_json(plain)
    assert flagged[0]["active"] == [0]
    assert as_json(once) == as_json(kept)


@pytest.mark.parametrize("flag", [1, 0, "yes", None, [], {}])
def test_O2_a_flag_not_true_or_false_is_a_bad_action(flag):
    s = build(3, seat=2)
    for game_id in ("space-mission", "blabla", "jump-drive"):
        game = registry.get(game_id)
        state = s if game_id == "space-mission" else game.setup(2, {}, 1)
        seat = game.active_seats(state)[0]
        action = {**game.legal_actions(state, seat)[0], END_TURN: flag}
        with pytest.raises(IllegalAction) as err:
            game.apply(state, seat, action)
        assert err.value.code == "bad_action"


def test_O2_a_flagged_scan_ends_the_turn_after_its_pick():
    card = card_with(("scan", 4))
    ore = tiles_of("ore", "red")[0]
    s = build(hands={0: [card]}, stacks={"hazard": [ore, SPACE[0]]})
    s["ships"] = ["hazard", "gate", "gate", "gate"]
    s = SPACE_MISSION.apply(s, 0, RESTOCK)[0]
    s, events = SPACE_MISSION.apply(s, 0, {"type": "scan", "card": card, END_TURN: True})
    assert s["active"] == [0] and s["looking"] is not None  # the tile is still to pick
    assert "confirm" not in kinds(events)
    s, events = SPACE_MISSION.apply(s, 0, {"type": "pick", "tile": ore, END_TURN: True})
    assert s["active"] == [1] and kinds(events)[-1] == "confirm"


def test_O2_R26_a_flagged_action_that_ends_the_round_logs_the_new_round():
    s = build(3, seat=2)
    s["start"] = 0
    s = SPACE_MISSION.apply(s, 2, RESTOCK)[0]
    s, events = SPACE_MISSION.apply(s, 2, FLAGGED)
    assert kinds(events)[-2:] == ["confirm", "round"] and s["round"] == 2


def test_O2_R26_a_flagged_action_that_ends_the_game_logs_the_end():
    stacks, revealed, water = end_near(4)
    s = build(4, seat=1, stacks=stacks, revealed=revealed, stations={"sandstorm": 3})
    s["start"] = 2  # seat 1 plays the round's last turn
    s["ships"] = ["sandstorm"] * 4
    s = SPACE_MISSION.apply(s, 1, {"type": "discover"})[0]
    s, events = SPACE_MISSION.apply(s, 1, {"type": "pick", "tile": water, END_TURN: True})
    assert s["ending"] and s["phase"] == "play" and s["active"] == [1]  # one action so far
    s, events = SPACE_MISSION.apply(s, 1, FLAGGED)
    assert kinds(events)[0] == "restock" and kinds(events)[-2:] == ["confirm", "over"]
    assert s["phase"] == "over" and SPACE_MISSION.result(s) is not None


def test_O2_a_flagged_undo_steps_back_and_ends_nothing():
    s = build(3, seat=2)
    s = SPACE_MISSION.apply(s, 2, {**RESTOCK, "discard": []})[0]
    s = SPACE_MISSION.apply(s, 2, RESTOCK)[0]  # draws nothing: may be undone
    s, events = SPACE_MISSION.apply(s, 2, {"type": "undo", END_TURN: True})
    assert kinds(events) == ["undo"] and s["active"] == [2]


def flagged_and_plain(game_id: str, seeds=(1, 2, 3)):
    """For every act of whole bot games: the seat, the state, the action, the result of
    the action flagged and the result of the action followed by its ender when that is
    all the seat has left (else the action alone), and whether the ender followed."""
    game = registry.get(game_id)
    for seed in seeds:
        for players in range(game.info.min_players, game.info.max_players + 1):
            for step in playout(game, players, seed, wander=0.2, cap=600):
                flagged = game.apply(step.state, step.seat, {**step.action, END_TURN: True})
                plain, events = step.new, step.events
                legal = game.legal_actions(plain, step.seat)
                ended = game_id != "jump-drive" and step.action.get("type") != "undo"
                ended = ended and only_ender(legal, CONFIRM)
                if ended:
                    plain, more = game.apply(plain, step.seat, CONFIRM)
                    events = [*events, *more]
                yield step, flagged, (plain, events), ended


@pytest.mark.parametrize("game_id", ["space-mission", "blabla", "jump-drive"])
def test_O2_B59_flagged_equals_the_action_then_its_confirm_when_only_that_is_left(game_id):
    counts = {True: 0, False: 0}
    for step, flagged, plain, ended in flagged_and_plain(game_id):
        assert as_json(flagged) == as_json(plain), step.action
        counts[ended] += 1
    assert counts[False] > 100
    if game_id == "jump-drive":  # J: the commit ends the decision by itself
        assert counts[True] == 0
    else:
        assert counts[True] > 20


def test_B59_a_flagged_move_confirms_only_when_nothing_else_is_left():
    confirmed = open_after = 0
    for step, flagged, _plain, ended in flagged_and_plain("blabla"):
        if step.action["type"] != "move":
            continue
        state, _events = flagged
        if ended:
            confirmed += 1
            assert "confirm" in {
                a["type"] for a in registry.get("blabla").legal_actions(step.new, step.seat)
            }
            assert step.seat not in state["active"] or state["step"]["kind"] != "confirm"
        else:
            open_after += 1
            assert as_json(state) == as_json(step.new)
    assert confirmed > 5 and open_after > 5


def test_jump_drive_ignores_the_flag():
    game = registry.get("jump-drive")
    for step in playout(game, 3, 4, cap=200):
        flagged = game.apply(step.state, step.seat, {**step.action, END_TURN: True})
        assert as_json(flagged) == as_json((step.new, step.events))
