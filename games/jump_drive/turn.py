"""Secret simultaneous decisions (J10, J14-J15, J18, J26, J29, J43) and ``apply``.

Every decision of the game is a *task* of one seat: choose the round's placement, pick a
second world, or pick cards to discard (setup, payment, explore, hand limit). While a
seat has a task it is in ``active``; it drafts its decision (``choose``, ``explore``,
``second``, ``select``, ``unselect``: only it sees the draft, and it may change it freely)
and then ``commit``s, which takes it out of ``active``. Others see only who has
committed. When the last seat commits, the step resolves (``resolve``) for all at once.
Until then a seat that committed the round's choice may take it back (``uncommit``,
J15, ``takeback``): the one action offered to a seat the game does not wait for.
"""

from __future__ import annotations

from collections.abc import Callable

from games import gamelog
from games.core import Action, Event, IllegalAction, State
from games.jump_drive import choice, resolve, takeback
from games.jump_drive.data import SURVEY_TEAM, card_shown
from games.jump_drive.table import fresh
from games.memo import shared

Draft = Callable[[State, int, Action, dict], tuple[dict, list[Event]]]
_KEYS = {
    "choose": ("development", "world", "contact"),
    "explore": (),
    "second": ("world", "contact"),
    "select": ("card",),
    "unselect": ("card",),
    "commit": (),
}
_TASK_ACTIONS = {
    "choose": ("choose", "explore", "commit"),
    "second": ("second", "commit"),
    "discard": ("select", "unselect", "commit"),
}


def _admit(state: State, seat: int, action: Action) -> tuple[str, dict]:
    """The action type and the seat's task, once the action may be taken at all."""
    if state["phase"] == "over":
        raise IllegalAction("game_over", "The game is over.")
    if type(seat) is not int or seat not in state["active"]:
        raise IllegalAction("not_your_turn", "You have nothing to decide now.")
    kind = action.get("type") if isinstance(action, dict) else None
    if not isinstance(kind, str) or kind not in _KEYS:
        raise IllegalAction("unknown_action", "There is no such action.")
    wanted = _KEYS[kind]
    if set(action) != {"type", *wanted}:
        raise IllegalAction("bad_action", f"A {kind} action has the fields {list(wanted)}.")
    task = state["tasks"][seat]
    if kind not in _TASK_ACTIONS[task["kind"]]:
        raise IllegalAction("wrong_step", f"You cannot {kind} now.")
    return kind, task


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    """The new state and its log lines; raises IllegalAction and never mutates ``state``."""
    if isinstance(action, dict) and action.get("type") == "uncommit":
        new, log = takeback.uncommit(state, seat, action)
    else:
        new, log = _decide(state, seat, action)
    new["log"] = gamelog.append(state["log"], log)
    return new, log


def _decide(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    """A draft or a commit of the seat's task."""
    kind, task = _admit(state, seat, action)
    if kind == "commit":
        return _commit(state, seat, task)
    updated, log = _DRAFTS[kind](state, seat, action, task)
    new = dict(state)
    new["tasks"] = list(state["tasks"])
    new["tasks"][seat] = updated
    return new, log


def _choose(state: State, seat: int, action: Action, task: dict) -> tuple[dict, list[Event]]:
    """J14-J16: draft a placement (checked now: J16)."""
    dev, world, contact = choice.read_choice(action)
    choice.check_choice(state, seat, dev, world, contact)
    draft = {"development": dev, "world": world, "contact": contact}
    line = gamelog.private(
        seat, "draft", development=_shown(dev), world=_shown(world), contact=bool(contact)
    )
    return {**task, "draft": draft}, [line]


def _shown(card: str | None) -> str | None:
    """A drafted card's type; ``survey-team`` (the centre's next one) is already a type."""
    if card is None or card == SURVEY_TEAM:
        return card
    return card_shown(card)


def _explore(state: State, seat: int, action: Action, task: dict) -> tuple[dict, list[Event]]:
    """J14 d), J29: draft an explore."""
    return {**task, "draft": {"explore": True}}, [gamelog.private(seat, "draft_explore")]


def _second(state: State, seat: int, action: Action, task: dict) -> tuple[dict, list[Event]]:
    """J26-J28: draft a second world, or none."""
    world, contact = choice.read_second(action)
    choice.check_second(state, seat, world, contact)
    line = gamelog.private(seat, "draft_second", world=card_shown(world) if world else None)
    return {**task, "draft": {"world": world, "contact": contact}}, [line]


def _card(state: State, seat: int, action: Action) -> str:
    card = action["card"]
    if not isinstance(card, str) or len(card) > 20:
        raise IllegalAction("bad_action", "The card must be given by its id.")
    if card not in state["hands"][seat]:
        raise IllegalAction("card_not_in_hand", "That card is not in your hand.")
    return card


def _select(state: State, seat: int, action: Action, task: dict) -> tuple[dict, list[Event]]:
    card = _card(state, seat, action)
    if card in task["selected"]:
        raise IllegalAction("already_selected", "That card is already chosen.")
    if len(task["selected"]) >= task["count"]:
        raise IllegalAction("enough_selected", f"You discard {task['count']}: unselect one first.")
    return {**task, "selected": [*task["selected"], card]}, []


def _unselect(state: State, seat: int, action: Action, task: dict) -> tuple[dict, list[Event]]:
    card = _card(state, seat, action)
    if card not in task["selected"]:
        raise IllegalAction("not_selected", "That card is not chosen.")
    return {**task, "selected": [c for c in task["selected"] if c != card]}, []


_DRAFTS: dict[str, Draft] = {
    "choose": _choose,
    "explore": _explore,
    "second": _second,
    "select": _select,
    "unselect": _unselect,
}


def _commit(state: State, seat: int, task: dict) -> tuple[State, list[Event]]:
    """J15: the decision is final; when it is the last one, the step resolves."""
    if task["kind"] == "discard":
        if len(task["selected"]) != task["count"]:
            raise IllegalAction("select_more", f"Choose exactly {task['count']} cards.")
    elif task["draft"] is None:
        raise IllegalAction("nothing_chosen", "Make a choice before committing.")
    new = fresh(state)
    new["active"] = [s for s in state["active"] if s != seat]
    log = [gamelog.public(seat, "commit")]
    if not new["active"]:
        resolve.step_done(new, log)
    return new, log


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every action ``seat`` may take now: a seat that committed its choice may only take
    it back (J15), while the game waits for the others."""
    if state["phase"] == "over":
        return []
    if seat not in state["active"]:
        return [dict(takeback.UNCOMMIT)] if takeback.offered(state, seat) else []
    task = state["tasks"][seat]
    kind = task["kind"]
    if kind == "discard":
        chosen = task["selected"]
        acts: list[Action] = []
        if len(chosen) < task["count"]:
            acts += [{"type": "select", "card": c} for c in state["hands"][seat] if c not in chosen]
        acts += [{"type": "unselect", "card": c} for c in chosen]
        ready = len(chosen) == task["count"]
    else:
        # The choices depend only on the seat's hand, empire and placement (and the
        # centre): while those are the same objects, a draft or another seat's action
        # reuses the list (a state is never changed in place).
        sources = (
            gamelog.origin(state["log"]),
            state["hands"][seat],
            state["empires"][seat],
            state["placing"][seat],
            state["centre"],
            kind,
        )
        listing = choice.choices if kind == "choose" else choice.seconds
        acts = shared(("jump-drive legal", seat), sources, listing, state, seat)
        ready = task["draft"] is not None
    return [*acts, {"type": "commit"}] if ready else list(acts)
