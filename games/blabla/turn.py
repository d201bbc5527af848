"""The actions (B17, B26, B29, B57-B61): what a seat may do now, ``apply``, undo and
confirm, and why an action is not available (``why_not``).

Each step of a turn asks one seat (two in a fight) for one kind of decision. Every action
of the turn's player in its own steps may be undone one by one back to the last
information barrier (B59); answers and bids count at once (B60).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from games import gamelog
from games.blabla import flow, home, lands, meeting, movement
from games.blabla.data import COMBAT, FLIGHT
from games.blabla.ending import end_turn, trigger
from games.blabla.table import draw, draw_count, fresh, hand_limit, hand_size, snapshot
from games.core import Action, Event, IllegalAction, Reason, State, reason
from games.memo import shared

FIELDS: dict[str, tuple[str, ...]] = {
    "move": movement.MOVE_KEYS,
    "draw": (),
    "tokens": ("card",),
    "emergency": (),
    "stack": ("stack",),
    "keep": ("card",),
    "secure": ("cards",),
    "meet": ("seat",),
    "no_meeting": (),
    "propose": ("take", "give"),
    "no_swap": (),
    "accept": (),
    "refuse": (),
    "bid": ("tokens",),
    "commit": (),
    "confirm": (),
    "undo": (),
}
# The steps of the turn's own player: its actions there may be undone (B59).
OWN_STEPS = ("act", "stack", "keep", "secure", "meet", "propose", "confirm")
ACT_KINDS = ("move", "draw", "tokens", "emergency")
MESSAGES = {
    "game_over": "The game is over.",
    "not_your_turn": "It is not your turn.",
    "unknown_action": "There is no such action.",
    "bad_action": "That action is not well formed.",
    "wrong_step": "That is not what is asked now.",
    "draw_not_allowed_here": "You may draw only on an orbit square.",
    "hand_at_limit": "Your hand is at the hand limit.",
    "pile_empty": "The pile is empty.",
    "no_such_card": "You do not hold that card.",
    "special_without_general": "A special card goes with one general number card.",
    "second_special": "A move never uses two special cards.",
    "two_number_cards": "A move uses one number card.",
    "bad_sign": "Choose +1 or -1 for the ±1 card, and no sign without it.",
    "wrong_start": "The move cannot start there.",
    "wrong_direction": "These cards cannot move in that direction.",
    "off_board": "The line leaves the board.",
    "blocked_line": "An asteroid blocks the line.",
    "landing_point": "A move never ends on a landing point.",
    "time_hole_without_jump": "Without the jump a move cannot end on the time hole.",
    "home_port_shuffle": "A move from the home port must end outside it.",
    "push_not_allowed": "The ship there cannot be pushed.",
    "combat_off": "This table plays without combat tokens.",
    "tokens_not_allowed_here": "You may take tokens only on an orbit square.",
    "supply_empty": "No tokens are left in the supply.",
    "not_a_number_card": "Tokens are taken with one number card.",
    "nothing_to_undo": "There is nothing to undo back to the last barrier.",
    "no_move": "None of your cards makes a legal move.",
    "can_act": "The emergency draw is only for a player who can take no other action.",
    "not_legal": "That action is not possible now.",
}


def refuse(code: str, **args: Any) -> IllegalAction:
    return IllegalAction(code, MESSAGES[code], **args)


# ---------------------------------------------------------------- what may be done


def _act(state: State, seat: int) -> list[Action]:
    """B17: move, draw or take tokens; else the emergency draw."""
    acts = movement.moves(state, seat)
    if _draw_refusal(state, seat) is None:
        acts.append({"type": "draw"})
    if _tokens_refusal(state, seat) is None:
        acts += [
            {"type": "tokens", "card": c}
            for c, s in movement.pairings(state["hands"][seat])
            if s is None
        ]
    return acts or [{"type": "emergency"}]


def _draw_refusal(state: State, seat: int) -> str | None:
    if not movement.is_orbit(state["ships"][seat]["at"]):
        return "draw_not_allowed_here"
    if hand_size(state, seat) >= hand_limit(state):
        return "hand_at_limit"
    return None if state["pile"] else "pile_empty"


def _tokens_refusal(state: State, seat: int) -> str | None:
    if not state["options"][COMBAT]:
        return "combat_off"
    if not movement.is_orbit(state["ships"][seat]["at"]):
        return "tokens_not_allowed_here"
    if state["supply"] < 1:
        return "supply_empty"
    if not any(FLIGHT[c].value is not None for c in state["hands"][seat]):
        return "not_a_number_card"
    return None


def _step_actions(state: State, seat: int) -> list[Action]:
    step = state["step"]
    kind = step["kind"]
    if kind == "act":
        return _act(state, seat)
    if kind == "stack":
        return [{"type": "stack", "stack": k} for k in step["choices"]]
    if kind == "keep":
        return [{"type": "keep", "card": c} for k in step["stacks"] for c in state["stacks"][k]]
    if kind == "secure":
        return [{"type": "secure", "cards": c} for c in home.secure_options(state, seat)]
    if kind == "meet":
        return [{"type": "meet", "seat": s} for s in step["with"]] + [{"type": "no_meeting"}]
    if kind == "propose":
        return [*meeting.proposals(state, seat, step["with"]), {"type": "no_swap"}]
    if kind == "answer":
        return [{"type": "accept"}, {"type": "refuse"}]
    if kind == "fight":
        i = meeting.fighters(step).index(seat)
        bids = [{"type": "bid", "tokens": n} for n in range(state["tokens"][seat] + 1)]
        return bids + ([{"type": "commit"}] if step["bids"][i] is not None else [])
    return [{"type": "confirm"}]


def _undoable(state: State, seat: int) -> bool:
    return bool(state["undo"]) and state["step"]["kind"] in OWN_STEPS


def _legal(state: State, seat: int) -> list[Action]:
    acts = _step_actions(state, seat)
    return [*acts, {"type": "undo"}] if _undoable(state, seat) else acts


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every action ``seat`` may take now (a state is never changed, so the list of one
    state object is made once)."""
    if state["result"] is not None or seat not in state["active"]:
        return []
    sources = (gamelog.origin(state["log"]), state)  # the match first (``games.memo``)
    return shared(("blabla legal", seat), sources, _legal, state, seat)


# ---------------------------------------------------------------- why not (B61)

KINDS = tuple(FIELDS)


def why_not(state: State, seat: int | None) -> dict[str, Reason]:
    """For each action kind ``seat`` cannot take now, a stable code and its arguments.

    It reads only what the seat may know: its own hand, the public table and the step.
    A spectator acts never and is told nothing."""
    if seat is None:
        return {}
    # A reason object per kind, never one shared: JSON patches of views replay exactly.
    if state["result"] is not None:
        return {k: reason("game_over") for k in KINDS}
    if seat not in state["active"]:
        return {k: reason("not_your_turn") for k in KINDS}
    open_kinds = {a["type"] for a in legal_actions(state, seat)}
    step = state["step"]["kind"]
    out = {k: reason("wrong_step", step=step) for k in KINDS if k not in open_kinds}
    if step == "act":
        for kind, code in (
            ("move", "no_move"),
            ("draw", _draw_refusal(state, seat)),
            ("tokens", _tokens_refusal(state, seat)),
            ("emergency", "can_act"),
        ):
            if kind in out:
                out[kind] = reason(code or "not_legal", limit=hand_limit(state))
    if "undo" in out and step in OWN_STEPS:
        out["undo"] = reason("nothing_to_undo")
    return out


# ---------------------------------------------------------------- apply


def _admit(state: State, seat: int, action: Action) -> str:
    if state["result"] is not None:
        raise refuse("game_over")
    if type(seat) is not int or seat not in state["active"]:
        raise refuse("not_your_turn")
    kind = action.get("type") if isinstance(action, dict) else None
    if not isinstance(kind, str) or kind not in FIELDS:
        raise refuse("unknown_action")
    if set(action) != {"type", *FIELDS[kind]}:
        raise refuse("bad_action")
    legal = legal_actions(state, seat)
    if any(action is a for a in legal):  # one of the very actions listed (as bots pass)
        return kind
    origin = gamelog.origin(state["log"])
    listed = shared(("blabla listed", seat), (origin, legal), _written, legal)
    if _written([action]).pop() not in listed:  # exactly: True is no seat 1
        raise _refusal(state, seat, kind, action, legal)
    return kind


def _written(actions: list[Action]) -> set[str]:
    """Actions written out exactly; a list of ids is a set (its order does not count)."""
    return {json.dumps({k: _as_set(v) for k, v in a.items()}, sort_keys=True) for a in actions}


def _as_set(value: Any) -> Any:
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return sorted(value)
    return value


def _refusal(state: State, seat: int, kind: str, action: Action, legal: list) -> IllegalAction:
    kinds = {a["type"] for a in legal}
    if kind == "undo" and state["step"]["kind"] in OWN_STEPS:
        return refuse("nothing_to_undo")  # as ``why_not`` says
    if kind not in kinds and not (kind in ACT_KINDS and state["step"]["kind"] == "act"):
        return refuse("wrong_step")
    if kind == "move":
        code, args = movement.refusal(state, seat, action)
        if code == "not_legal" and "move" not in kinds:
            return refuse("no_move")
        return refuse(code, **args)
    if kind == "draw":
        return refuse(_draw_refusal(state, seat) or "not_legal", limit=hand_limit(state))
    if kind == "tokens":
        return refuse(_tokens_refusal(state, seat) or "not_a_number_card")
    return refuse("not_legal")


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    """The new state and its events; raises IllegalAction and never mutates ``state``."""
    kind = _admit(state, seat, action)
    log: list[Event] = []
    if kind == "undo":
        new = {**state["undo"][-1], "log": state["log"], "undo": state["undo"][:-1]}
        log.append(gamelog.public(seat, "undo"))
    else:
        new = fresh(state)
        if state["step"]["kind"] in OWN_STEPS and kind != "confirm":
            new["undo"] = [*state["undo"], snapshot(state)]
        HANDLERS[kind](new, seat, action, log)
    new["log"] = gamelog.append(state["log"], log)
    return new, log


Handler = Callable[[State, int, Action, list[Event]], None]


def _move(new: State, seat: int, action: Action, log: list[Event]) -> None:
    movement.make_move(new, seat, action, log)
    flow.after_move(new, seat, action["card"], log)


def _draw(new: State, seat: int, action: Action, log: list[Event]) -> None:
    """B26."""
    draw(new, seat, draw_count(new), log)
    flow.advance(new, log)


def _tokens(new: State, seat: int, action: Action, log: list[Event]) -> None:
    """B29: the printed value in tokens, or what is left."""
    card = action["card"]
    movement.play_cards(new, seat, [card])
    taken = min(FLIGHT[card].value or 0, new["supply"])
    new["supply"] -= taken
    new["tokens"][seat] += taken
    log.append(gamelog.public(seat, "tokens", card=card, taken=taken))
    flow.advance(new, log)


def _emergency(new: State, seat: int, action: Action, log: list[Event]) -> None:
    """B17: draw wherever the ship is; pass when that brings in no card."""
    if draw(new, seat, draw_count(new), log) == 0:
        new["turn"]["passed"] = True
        log.append(gamelog.public(seat, "pass"))
    flow.advance(new, log)


def _stack(new: State, seat: int, action: Action, log: list[Event]) -> None:
    new["step"] = lands.look(new, seat, [action["stack"]], log)


def _keep(new: State, seat: int, action: Action, log: list[Event]) -> None:
    lands.keep(new, seat, action["card"], new["step"]["stacks"], log)
    if lands.stacks_empty(new):
        trigger(new, seat, "empty_stacks", log)  # B51
    flow.advance(new, log)


def _secure(new: State, seat: int, action: Action, log: list[Event]) -> None:
    home.secure(new, seat, action["cards"], log)
    flow.arrival_done(new, seat, log)
    flow.advance(new, log)


def _meet(new: State, seat: int, action: Action, log: list[Event]) -> None:
    asked = meeting.meet(new, seat, action["seat"], log)
    if asked is None:
        flow.advance(new, log)
    else:
        new["step"] = asked


def _carry_on(new: State, seat: int, action: Action, log: list[Event]) -> None:
    flow.advance(new, log)


def _propose(new: State, seat: int, action: Action, log: list[Event]) -> None:
    other = new["step"]["with"]
    new["step"] = meeting.propose(new, seat, other, action["take"], action["give"], log)
    new["active"] = [other]


def _accept(new: State, seat: int, action: Action, log: list[Event]) -> None:
    log.append(gamelog.public(seat, "accept", mover=new["step"]["mover"]))
    meeting.swap(new, new["step"], log)
    flow.advance(new, log)


def _refuse(new: State, seat: int, action: Action, log: list[Event]) -> None:
    fight = meeting.refuse(new, new["step"], log)
    if fight is None:
        flow.advance(new, log)
    else:
        new["step"] = fight
        new["active"] = sorted(meeting.fighters(fight))


def _bid(new: State, seat: int, action: Action, log: list[Event]) -> None:
    """B46, B57: a secret bid, changed freely until committed."""
    step = new["step"]
    step["bids"][meeting.fighters(step).index(seat)] = action["tokens"]


def _commit(new: State, seat: int, action: Action, log: list[Event]) -> None:
    step = new["step"]
    step["committed"][meeting.fighters(step).index(seat)] = True
    new["active"] = [s for s in new["active"] if s != seat]
    log.append(gamelog.public(seat, "bid_in"))
    if all(step["committed"]):
        meeting.reveal(new, step, log)
        flow.advance(new, log)


def _confirm(new: State, seat: int, action: Action, log: list[Event]) -> None:
    end_turn(new, log)


HANDLERS: dict[str, Handler] = {
    "move": _move,
    "draw": _draw,
    "tokens": _tokens,
    "emergency": _emergency,
    "stack": _stack,
    "keep": _keep,
    "secure": _secure,
    "meet": _meet,
    "no_meeting": _carry_on,
    "propose": _propose,
    "no_swap": _carry_on,
    "accept": _accept,
    "refuse": _refuse,
    "bid": _bid,
    "commit": _commit,
    "confirm": _confirm,
}
