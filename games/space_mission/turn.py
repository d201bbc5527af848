"""The turn (R10, R26, O2): two actions, undo within the turn, confirm, end of the game.

``apply`` is the one entry point: it checks whose turn it is and where the turn stands,
hands the action to its rule in ``actions``, and keeps the undo snapshots. A snapshot is
the state before an action minus its undo list and log; because actions copy only what
they change, a snapshot shares everything else and costs a few dict entries.
"""

from __future__ import annotations

from collections.abc import Callable

from games import gamelog
from games.core import Action, Event, IllegalAction, State
from games.space_mission import actions, scoring
from games.space_mission.data import ACTIONS_PER_TURN

_RULES: dict[str, Callable[[State, int, Action], actions.Outcome]] = {
    "restock": actions.restock,
    "jump": actions.jump,
    "fly": actions.fly,
    "scan": actions.scan,
    "colonise": actions.colonise,
    "discover": actions.discover,
}
_TURN_ACTIONS = ("pick", "undo", "confirm")
_NOT_SNAPSHOT = ("undo", "log")


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    """The new state and its log lines; raises IllegalAction and never mutates ``state``."""
    kind = _admit(state, seat, action)
    if kind == "undo":
        return _undo(state, seat)
    if kind == "pick":
        new, log = actions.pick(state, seat, action)
    elif kind == "confirm":
        new, log = _confirm(state, seat)
    else:
        new, log, barrier = _RULES[kind](state, seat, action)
        new["actions_done"] = state["actions_done"] + 1
        new["undo"] = [] if barrier else [*state["undo"], _snapshot(state)]
    if not any(new["chips"]) and kind != "confirm" and not new["ending"] and dead_end(new):
        new["ending"] = True
        log = [*log, gamelog.public(None, "dead_end")]
    new["log"] = gamelog.append(state["log"], log)
    return new, log


def dead_end(state: State) -> bool:
    """R26 ruling: no chip in any supply and no point tile under a station, so no tile can
    ever be taken again (chips come back only by colonising, which takes one)."""
    if any(state["chips"]):
        return False
    stacks = state["stacks"]
    return not any(actions.has_point_tile(stacks[p]) for p in state["stations"])


def _admit(state: State, seat: int, action: Action) -> str:
    """The action's type, once the game, the seat and the turn allow it (R10, O2, O4)."""
    if state["phase"] != "play":
        raise IllegalAction("game_over", "The game is over.")
    if type(seat) is not int or seat not in state["active"]:
        raise IllegalAction("not_your_turn", "It is not your turn.")
    kind = action.get("type") if isinstance(action, dict) else None
    if not isinstance(kind, str) or len(kind) > 20:
        raise IllegalAction("bad_action", "An action must be an object with a type.")
    if kind not in _RULES and kind not in _TURN_ACTIONS:
        raise IllegalAction("unknown_action", "There is no such action.")
    looking = state["looking"] is not None
    if looking and kind != "pick":
        raise IllegalAction("must_pick", "Choose a point tile from the stack first.")
    if kind == "pick" and not looking:
        raise IllegalAction("not_looking", "You are not looking at a stack.")
    if kind in ("undo", "confirm"):
        actions.check_keys(action)
    elif kind in _RULES and state["actions_done"] >= ACTIONS_PER_TURN:
        raise IllegalAction("turn_done", "Both actions are taken: confirm your turn.")
    return kind


def _snapshot(state: State) -> State:
    snapshot = dict(state)
    for key in _NOT_SNAPSHOT:
        del snapshot[key]
    return snapshot


def _undo(state: State, seat: int) -> tuple[State, list[Event]]:
    """O2: step back one action of this turn, never past a draw or a look."""
    if not state["undo"]:
        if state["actions_done"] == 0:
            raise IllegalAction("nothing_to_undo", "There is nothing to undo this turn.")
        raise IllegalAction("undo_barrier", "A card was drawn or a stack seen: no undo past that.")
    new = dict(state["undo"][-1])
    new["undo"] = state["undo"][:-1]
    log = [gamelog.public(seat, "undo")]
    new["log"] = gamelog.append(state["log"], log)
    return new, log


def _confirm(state: State, seat: int) -> tuple[State, list[Event]]:
    """O2: pass the turn clockwise; R26: the round in which the end came is completed."""
    if state["actions_done"] < ACTIONS_PER_TURN:
        raise IllegalAction("turn_not_done", "Take both actions before confirming.")
    nxt = (seat + 1) % state["players"]
    new = dict(state)
    new.update(seat=nxt, actions_done=0, undo=[], active=[nxt])
    log = [gamelog.public(seat, "confirm")]
    if nxt == state["start"]:
        if state["ending"]:
            return _game_over(new), [*log, gamelog.public(None, "over")]
        new["round"] = state["round"] + 1
        log.append(gamelog.public(None, "round", round=new["round"]))
    return new, log


def _game_over(new: State) -> State:
    new.update(phase="over", active=[], result=scoring.result(new))
    return new


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every action ``seat`` may take now, turn rules included."""
    if state["phase"] != "play" or seat not in state["active"]:
        return []
    looking = state["looking"]
    if looking is not None:
        stack = state["stacks"][looking["planet"]]
        return [{"type": "pick", "tile": t} for t in sorted(stack) if t in actions.POINT_TILES]
    if state["actions_done"] >= ACTIONS_PER_TURN:
        acts: list[Action] = [{"type": "confirm"}]
    else:
        acts = actions.legal(state, seat)
    if state["undo"]:
        acts.append({"type": "undo"})
    return acts
