"""J15: a committed choice of the round may be taken back while others still decide.

"A player may change it until every player has committed": a seat that has committed
its choice (J14) takes the commitment back with ``uncommit`` and decides again, its draft
kept, so it may alter it and commit anew. The game does not wait for a committed seat
(it is not in ``active``: no clock runs for it, no bot is asked), yet ``uncommit`` is
among its legal actions. Once the last seat commits the choices are revealed at once,
so there is never a state with every choice committed and still open.

Only the round's choice: the rules give no such right for the second world (J26), the
payment (J18) or any discard (J10, J29, J43); those commitments are final.
"""

from __future__ import annotations

from games import gamelog
from games.core import Action, Event, IllegalAction, State

UNCOMMIT: Action = {"type": "uncommit"}


def check(state: State, seat: int) -> None:
    """Raise why ``seat`` cannot take its commitment back now."""
    if state["phase"] == "over":
        raise IllegalAction("game_over", "The game is over.")
    if type(seat) is not int or not 0 <= seat < state["players"]:
        raise IllegalAction("not_your_turn", "You have nothing to decide now.")
    task = state["tasks"][seat]
    if task is None:
        raise IllegalAction("not_asked", "You have nothing to decide now.")
    if seat in state["active"]:
        raise IllegalAction("not_committed", "You have not committed yet.")
    if task["kind"] != "choose":
        raise IllegalAction(
            "final_decision", "Only the round's choice can be changed once committed."
        )


def offered(state: State, seat: int) -> bool:
    """May ``seat`` take its commitment back now?"""
    try:
        check(state, seat)
    except IllegalAction:
        return False
    return True


def uncommit(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    """The seat decides again, its draft kept; the others learn only that (J15 ruling)."""
    check(state, seat)
    if set(action) != {"type"}:
        raise IllegalAction("bad_action", "An uncommit action has no other fields.")
    new = dict(state)
    new["active"] = sorted([*state["active"], seat])
    return new, [gamelog.public(seat, "uncommit")]
