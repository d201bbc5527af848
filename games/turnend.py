"""Ending the turn with its last action (Space Mission O2, BlaBla B59): the flag
``"end_turn": true`` on an action.

Both games make the player confirm the turn once its actions are taken, so an action can
still be undone until then. A player may waive that: an action carrying the flag is
applied as it is without it, and when the seat has nothing left to do but end the turn
(its legal actions are the game's *ender*, plus perhaps an undo) the ender is applied
too, in the same ``apply``, its log lines after the action's. Otherwise the flag does
nothing, so it can ride on every action of a turn and ends it with the last one.

The flag is never listed among the legal actions: views, bots and the search never see
it. A stored action keeps it, so a replay takes the same steps.
"""

from __future__ import annotations

from collections.abc import Callable

from games.core import Action, Event, IllegalAction, State

END_TURN = "end_turn"
UNDO: Action = {"type": "undo"}

Apply = Callable[[State, int, Action], tuple[State, list[Event]]]
Legal = Callable[[State, int], list[Action]]


def ending_turn(apply: Apply, legal_actions: Legal, ender: Action | None) -> Apply:
    """``apply`` taking the end-of-turn flag: the game's ``ender`` (``None``: the game's
    turns end by themselves, and the flag is only stripped) follows a flagged action when
    it is all the seat has left to do. An undo never ends the turn: it steps back."""

    def applying(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        if not isinstance(action, dict) or END_TURN not in action:
            return apply(state, seat, action)
        flag = action[END_TURN]
        if type(flag) is not bool:
            raise IllegalAction("bad_action", "'end_turn' must be true or false.")
        plain = {k: v for k, v in action.items() if k != END_TURN}
        new, events = apply(state, seat, plain)
        if not flag or ender is None or plain.get("type") == UNDO["type"]:
            return new, events
        if not only_ender(legal_actions(new, seat), ender):
            return new, events
        last, more = apply(new, seat, dict(ender))
        return last, [*events, *more]

    return applying


def only_ender(legal: list[Action], ender: Action) -> bool:
    """Whether the seat's legal actions are the ender and nothing but an undo beside it."""
    return ender in legal and all(a in (ender, UNDO) for a in legal)
