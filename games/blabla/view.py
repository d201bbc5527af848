"""The per-seat view (B56, B62, B63): the only road by which state leaves the server.

Public: the board, ships and jumps, every flight card (hands and the pile in order), the
number of BlaBla cards in each hand, secured cards, the number of cards per stack, the
boost tile on top and the stack's size, tokens and the supply, what each step asks and
of whom, who has bid. Private to a seat (``me``): its BlaBla cards, the stacks it looks
into while it chooses, its stack memory (B62), its meeting notes (B63), the two cards of
a swap it is party to, its own bid. Never: the generator, cards it has not seen, the
tiles under the top one. After the end, ``result`` reveals everything (B64).
"""

from __future__ import annotations

from typing import Any

from games.blabla import turn
from games.blabla.data import FLIGHT, GAME_ID, blabla_json, board_json
from games.blabla.ending import round_of
from games.blabla.privacy import seen_tiles
from games.blabla.table import draw_count, hand_limit
from games.core import NO_ACTIONS, State, View
from games.gamelog import origin, visible_log
from games.memo import shared

_PUBLIC_STEP = {
    "act": (),
    "stack": ("choices",),
    "keep": ("stacks",),
    "secure": (),
    "meet": ("with",),
    "propose": ("with",),
    "answer": ("mover", "with"),
    "fight": ("mover", "with", "committed"),
    "confirm": (),
}


def card_json(card: str) -> dict[str, Any]:
    return FLIGHT[card].as_json()


def view(state: State, seat: int | None) -> View:
    """What ``seat`` may see now; ``None`` is a spectator."""
    n = state["players"]
    if seat is not None and (type(seat) is not int or not 0 <= seat < n):
        seat = None
    # Every audience sees these alike: built once per state (an action copies the whole
    # state, so there is nothing to share with the states before).
    public = shared("blabla public", (origin(state["log"]), state), _public, state)
    return {
        "game": GAME_ID,
        "seat": seat,
        "phase": state["phase"],
        "options": public["options"],
        "board": public["board"],
        "round": public["round"],
        "start": state["start"],
        "turn": public["turn"],
        "bonus": public["bonus"],
        "step": public["step"],
        "active": public["active"],
        "hand_limit": public["hand_limit"],
        "draw_count": public["draw_count"],
        "players": public["players"],
        "pile": public["pile"],
        "boost": public["boost"],
        "supply": state["supply"],
        "stacks": public["stacks"],
        "box_count": len(state["box"]),
        "end": state["end"],
        "me": None if seat is None else own_view(state, seat),
        "legal": NO_ACTIONS if seat is None else turn.legal_actions(state, seat),
        "why_not": _why_not(state, seat),
        "log": visible_log(state["log"], seat),
        "result": state["result"],
    }


def _public(state: State) -> dict[str, Any]:
    return {
        "options": dict(state["options"]),
        "board": shared("blabla board", (), board_json),
        "round": round_of(state),
        "turn": None if state["turn"] is None else state["turn"]["seat"],
        "bonus": bool(state["turn"] and state["turn"]["bonus"]),
        "step": step_view(state),
        "active": list(state["active"]),
        "hand_limit": hand_limit(state),
        "draw_count": draw_count(state),
        "players": [player_view(state, s) for s in range(state["players"])],
        "pile": [card_json(c) for c in state["pile"]],
        "boost": {
            "top": state["boost"][0],
            "count": len(state["boost"]),
            "turned": state["stats"]["boosts"],
            "seen": sorted(seen_tiles(state)),
        },
        "stacks": {k: len(v) for k, v in state["stacks"].items()},
    }


def _why_not(state: State, seat: int | None) -> dict[str, Any]:
    """A seat that cannot act is told the same thing state after state: one object per
    seat and reason, which its consecutive views share."""
    if seat is None or (state["result"] is None and seat in state["active"]):
        return turn.why_not(state, seat)
    idle = "game_over" if state["result"] is not None else "not_your_turn"
    return shared(("blabla idle why_not", seat, idle), (), turn.why_not, state, seat)


def step_view(state: State) -> dict[str, Any] | None:
    step = state["step"]
    if step is None:
        return None
    public = {"kind": step["kind"], "seat": state["turn"]["seat"]}
    return public | {k: step[k] for k in _PUBLIC_STEP[step["kind"]]}


def player_view(state: State, seat: int) -> dict[str, Any]:
    ship = state["ships"][seat]
    left = state["end"]["left"][seat] if state["end"] else None
    return {
        "seat": seat,
        "set": state["sets"][seat],
        "ship": {"at": ship["at"], "jump": ship["jump"]},
        "hand": [card_json(c) for c in state["hands"][seat]],
        "blabla_count": len(state["blabla"][seat]),
        "hand_size": len(state["hands"][seat]) + len(state["blabla"][seat]),
        "secured": [blabla_json(c) for c in state["secured"][seat]],
        "score": sum(blabla_json(c)["value"] for c in state["secured"][seat]),
        "tokens": state["tokens"][seat],
        "turns_left": left,
    }


def own_view(state: State, seat: int) -> dict[str, Any]:
    step = state["step"] or {}
    mine = state["turn"] is not None and state["turn"]["seat"] == seat
    me: dict[str, Any] = {
        "blabla": [blabla_json(c) for c in state["blabla"][seat]],
        "memory": {
            k: {"cards": [blabla_json(c) for c in m["cards"]], "taken": m["taken"]}
            for k, m in state["memory"][seat].items()
        },
        "notes": [_note(n) for n in state["notes"][seat]],
        "look": None,
        "seen": None,
        "proposal": None,
        "bid": None,
    }
    if mine and step.get("kind") == "keep":
        me["look"] = {k: [blabla_json(c) for c in state["stacks"][k]] for k in step["stacks"]}
    if mine and step.get("kind") == "propose":
        me["seen"] = [blabla_json(c) for c in step["seen"]]
    if step.get("kind") in ("answer", "fight") and seat in (step["mover"], step["with"]):
        me["proposal"] = {"take": blabla_json(step["take"]), "give": blabla_json(step["give"])}
    if step.get("kind") == "fight" and seat in (step["mover"], step["with"]):
        me["bid"] = step["bids"][[step["mover"], step["with"]].index(seat)]
    return me


def _note(note: dict[str, Any]) -> dict[str, Any]:
    out = dict(note)
    for key in ("take", "give"):
        if key in out:
            out[key] = blabla_json(out[key])
    if "cards" in out:
        out["cards"] = [blabla_json(c) for c in out["cards"]]
    return out
