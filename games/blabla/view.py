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

from operator import itemgetter
from typing import Any

from games.blabla import turn
from games.blabla.data import FLIGHT, GAME_ID, blabla_json, board_json
from games.blabla.ending import round_of
from games.blabla.privacy import seen_tiles
from games.blabla.table import draw_count, hand_limit
from games.core import NO_ACTIONS, State
from games.memo import per_state, shared
from games.viewparts import ALL, LOG_PART, SEAT_PART, ViewTable, common, own, seated

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


def _turn(state: State) -> int | None:
    return None if state["turn"] is None else state["turn"]["seat"]


def _players(state: State) -> list[dict[str, Any]]:
    return [player_view(state, s) for s in range(state["players"])]


def _boost(state: State) -> dict[str, Any]:
    return {
        "top": state["boost"][0],
        "count": len(state["boost"]),
        "turned": state["stats"]["boosts"],
        "seen": sorted(seen_tiles(state)),
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


# The seat's legal actions, read only: the end-of-turn check of the act that made the
# state asked for them first.
legal_now = per_state("blabla legal", turn.legal_actions)


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


# The per-seat view (``viewparts``): each part and the state parts it is made from. An
# action copies the state (``table.fresh``): a state part changed where its content did.
_PLAYERS_FROM = ("players", "sets", "ships", "hands", "blabla", "secured", "tokens", "end")
_ME_FROM = ("blabla", "memory", "notes", "turn", "step", "stacks")

TABLE = ViewTable(
    GAME_ID,
    {
        "game": common((), lambda state: GAME_ID),
        "seat": SEAT_PART,
        "phase": common(("phase",), itemgetter("phase")),
        "options": common(("options",), lambda state: dict(state["options"])),
        "board": common((), lambda state: shared("blabla board", (), board_json)),
        "round": common(("turns", "players"), round_of),
        "start": common(("start",), itemgetter("start")),
        "turn": common(("turn",), _turn),
        "bonus": common(("turn",), lambda state: bool(state["turn"] and state["turn"]["bonus"])),
        "step": common(("step", "turn"), step_view),
        "active": common(("active",), lambda state: list(state["active"])),
        "hand_limit": common(("boost",), hand_limit),
        "draw_count": common(("boost",), draw_count),
        "players": common(_PLAYERS_FROM, _players),
        "pile": common(("pile",), lambda state: [card_json(c) for c in state["pile"]]),
        "boost": common(("boost", "stats"), _boost),
        "supply": common(("supply",), itemgetter("supply")),
        "stacks": common(
            ("stacks",), lambda state: {k: len(v) for k, v in state["stacks"].items()}
        ),
        "box_count": common(("box",), lambda state: len(state["box"])),
        "end": common(("end",), itemgetter("end")),
        "me": own(_ME_FROM, seated(own_view, None)),
        "legal": own((ALL,), seated(legal_now, NO_ACTIONS)),
        "why_not": own((ALL,), _why_not),
        "log": LOG_PART,
        "result": common(("result",), itemgetter("result")),
    },
    by_value=True,
)
view = TABLE.view
deltas = TABLE.deltas
