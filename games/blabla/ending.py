"""Turn order, the end and the score (B15, B44, B50-B55, B64)."""

from __future__ import annotations

from typing import Any

from games import gamelog
from games.blabla.data import EXTRA_TURNS, KINDS, ROUND_LIMIT, blabla_json, kind_of, value_of
from games.blabla.home import four_kinds
from games.core import Event, State


def begin_turn(state: State, seat: int, bonus: bool = False) -> None:
    """B17: a turn (or a bonus turn, B43) starts with the choice of an action."""
    state["turn"] = {"seat": seat, "bonus": bonus, "todo": [], "passed": False}
    state["step"] = {"kind": "act"}
    state["active"] = [seat]
    state["undo"] = []


def round_of(state: State) -> int:
    return state["turns"] // state["players"] + 1


def trigger(state: State, seat: int, reason: str, log: list[Event]) -> None:
    """B50, B51, B53: only the first trigger counts."""
    if state["end"] is not None:
        return
    left = _extra_turns(state["players"], reason, seat)
    state["end"] = {"reason": reason, "by": seat, "at": state["turns"], "left": left}
    log.append(gamelog.public(seat, "end_triggered", reason=reason))


def _extra_turns(players: int, reason: str, by: int) -> list[int]:
    """B50, B51: the turns each seat has left after the trigger."""
    left = [EXTRA_TURNS] * players
    if reason == "four_kinds":
        left[by] = 0  # B50: the triggering player has no more turns
    return left


def _round_of_passes(state: State) -> int:
    """B53: how many passes in a row make a full round: every player, or after a
    trigger every player who still has turns. Those take them in a fixed rotation
    (B50, B51), so the last that many turns were one turn of each."""
    end = state["end"]
    if end is None or end["by"] is None:
        return state["players"]
    return sum(1 for turns in _extra_turns(state["players"], end["reason"], end["by"]) if turns)


def end_turn(state: State, log: list[Event]) -> None:
    """The turn is confirmed: the next seat, or the end (B50-B53)."""
    seat, n = state["turn"]["seat"], state["players"]
    state["passes"] = state["passes"] + 1 if state["turn"]["passed"] else 0
    end = state["end"]
    if end is not None and state["turns"] > end["at"]:
        end["left"][seat] = max(0, end["left"][seat] - 1)
    state["turns"] += 1
    if state["passes"] >= _round_of_passes(state):  # B53
        return game_over(state, "passes", log)
    if end is None and state["turns"] >= ROUND_LIMIT * n:  # B52
        state["end"] = {"reason": "round_limit", "by": None, "at": state["turns"], "left": [0] * n}
        return game_over(state, "round_limit", log)
    following = [(seat + k) % n for k in range(1, n + 1)]
    if end is not None:
        following = [s for s in following if end["left"][s] > 0]
        if not following:
            return game_over(state, end["reason"], log)
    begin_turn(state, following[0])


def score(state: State, seat: int) -> int:
    """B54: the values of the secured cards."""
    return sum(value_of(c) for c in state["secured"][seat])


def winners(state: State) -> tuple[list[int], str]:
    """B55: score; then four kinds; then the player who triggered the end; else shared."""
    seats = range(state["players"])
    best = max(score(state, s) for s in seats)
    tied = [s for s in seats if score(state, s) == best]
    if len(tied) == 1:
        return tied, "score"
    complete = [s for s in tied if four_kinds(state, s)]
    if len(complete) == 1:
        return complete, "four_kinds"
    tied = complete or tied
    by = state["end"]["by"] if state["end"] else None
    if by in tied:
        return [by], "trigger"
    return tied, "shared"


def game_over(state: State, reason: str, log: list[Event]) -> None:
    """B53, B64: the game is over and everything is revealed."""
    state["turn"], state["step"], state["active"], state["undo"] = None, None, [], []
    state["phase"] = "over"
    state["result"] = result(state, reason)
    log.append(gamelog.public(None, "over", reason=reason, winners=state["result"]["winners"]))


def result(state: State, reason: str) -> dict[str, Any]:
    won, tiebreak = winners(state)
    scores = []
    for seat in range(state["players"]):
        by_kind = {k: 0 for k in KINDS}
        for card in state["secured"][seat]:
            by_kind[kind_of(card)] = value_of(card)
        scores.append(
            {
                "seat": seat,
                "set": state["sets"][seat],
                "total": score(state, seat),
                "by_category": by_kind,
                "four_kinds": four_kinds(state, seat),
                "secured": [blabla_json(c) for c in state["secured"][seat]],
                "blabla": [blabla_json(c) for c in state["blabla"][seat]],
                "hand": list(state["hands"][seat]),
            }
        )
    return {
        "scores": scores,
        "winners": won,
        "tiebreak": tiebreak,
        "end": reason,
        "by": state["end"]["by"] if state["end"] else None,
        "start": state["start"],
        "turns_per_player": state["turns"] / state["players"],
        "stacks": {k: [blabla_json(c) for c in v] for k, v in state["stacks"].items()},
        "box": [blabla_json(c) for c in state["box"]],
        "figures": dict(state["stats"]),
    }
