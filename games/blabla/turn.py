"""The actions (B17, B26, B29, B57-B61): what a seat may do now, ``apply``, undo and
confirm, and why an action is not available (``why_not``).

Each step of a turn asks one seat (two in a fight) for one kind of decision. Every action
of the turn's player in its own steps may be undone one by one back to the last
information barrier (B59); answers and bids count at once (B60).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games import gamelog
from games.blabla import flow, home, lands, meeting, movement
from games.blabla import log as events
from games.blabla.data import COMBAT, FLIGHT
from games.blabla.ending import end_turn, trigger
from games.blabla.table import draw, draw_count, fresh, hand_limit, hand_size, snapshot
from games.core import Action, Event, IllegalAction, State
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
    "must_move": "Here you must move.",
    "nothing_to_undo": "There is nothing to undo back to the last barrier.",
    "no_move": "None of your cards makes a legal move.",
    "not_legal": "That action is not possible now.",
}


def refuse(code: str) -> IllegalAction:
    return IllegalAction(code, MESSAGES[code])


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
    return shared(("blabla legal", seat), (state,), _legal, state, seat)


# ---------------------------------------------------------------- why not (B61)


def _reason(code: str, **args: Any) -> dict[str, Any]:
    return {"code": code, "args": args}


def why_not(state: State, seat: int | None) -> dict[str, dict[str, Any]]:
    """For each main action the seat cannot take now, a stable code and its arguments."""
    kinds = (*ACT_KINDS, "undo", "confirm")
    if state["result"] is not None:
        return {k: _reason("game_over") for k in kinds}
    if seat is None or seat not in state["active"]:
        return {k: _reason("not_your_turn") for k in kinds}
    legal = {a["type"] for a in legal_actions(state, seat)}
    out: dict[str, dict[str, Any]] = {}
    if state["step"]["kind"] != "act":
        out.update({k: _reason("wrong_step") for k in ACT_KINDS})
    else:
        if "move" not in legal:
            out["move"] = _reason("no_move")
        if "draw" not in legal:
            code = _draw_refusal(state, seat) or "not_legal"
            out["draw"] = _reason(code, limit=hand_limit(state))
        if "tokens" not in legal:
            out["tokens"] = _reason(_tokens_refusal(state, seat) or "not_legal")
        if "emergency" not in legal:
            out["emergency"] = _reason("not_legal")
    if "undo" not in legal:
        out["undo"] = _reason("nothing_to_undo")
    if "confirm" not in legal:
        out["confirm"] = _reason("wrong_step")
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
    if action not in legal:
        raise _refusal(state, seat, kind, action, legal)
    return kind


def _refusal(state: State, seat: int, kind: str, action: Action, legal: list) -> IllegalAction:
    kinds = {a["type"] for a in legal}
    if kind not in kinds and not (kind in ACT_KINDS and state["step"]["kind"] == "act"):
        return refuse("wrong_step")
    if kind == "move":
        code, _ = movement.refusal(state, seat, action)
        return refuse(code if code != "not_legal" or "move" in kinds else "no_move")
    if kind == "draw":
        return refuse(_draw_refusal(state, seat) or "not_legal")
    if kind == "tokens":
        return refuse(_tokens_refusal(state, seat) or "not_a_number_card")
    return refuse("not_legal")


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    """The new state and its events; raises IllegalAction and never mutates ``state``."""
    kind = _admit(state, seat, action)
    log: list[Event] = []
    if kind == "undo":
        new = {**state["undo"][-1], "log": state["log"], "undo": state["undo"][:-1]}
        log.append(events.public(seat, "undo"))
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
    log.append(events.public(seat, "tokens", card=card, taken=taken))
    flow.advance(new, log)


def _emergency(new: State, seat: int, action: Action, log: list[Event]) -> None:
    """B17: draw wherever the ship is; pass when that brings in no card."""
    if draw(new, seat, draw_count(new), log) == 0:
        new["turn"]["passed"] = True
        log.append(events.public(seat, "pass"))
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
    log.append(events.public(seat, "accept", mover=new["step"]["mover"]))
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
    log.append(events.public(seat, "bid_in"))
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
