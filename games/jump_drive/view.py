"""The per-seat view (J15 and the table at the end of the rules).

The only road by which game state leaves the server. Public: empires, VP, income,
military, Explore markers, the Survey Teams in the centre, who is asked in the step and
who of them still has to commit, and each placement once revealed. Private to its seat:
the hand with what each card would cost it, the draft of a secret decision and the cards
selected to discard. Counts only: other hands, the draw and discard piles. Never: the
generator. After the end, ``result`` reveals every hand.
A view is a read-only value: the card objects in it are shared (``data.card_json``), and
so is the players part while the state parts it comes from are the same objects
(``apply`` never changes a state in place).
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from games.core import NO_ACTIONS, NO_REASONS, State, View
from games.gamelog import origin
from games.jump_drive import costs, powers, turn, whynot
from games.jump_drive.data import END_VP, GAME_ID, HAND_LIMIT, card_json
from games.jump_drive.endround import others
from games.jump_drive.table import table_order
from games.memo import shared
from games.viewparts import ALL, LOG_PART, SEAT_PART, ViewTable, common, own, seated


def _table_order(state: State) -> list[int]:
    return shared("jump-drive table order", (state["players"], state["dealer"]), table_order, state)


def _active(state: State) -> list[int]:
    match = origin(state["log"])  # first among the sources: this match's (``games.memo``)
    return shared("jump-drive active", (match, state["active"]), list, state["active"])


def _players_part(state: State) -> list[dict[str, Any]]:
    return shared("jump-drive players", _players_from(state), _players, state)


def _centre(state: State) -> list[dict[str, Any]]:
    return shared(
        "jump-drive centre", (origin(state["log"]), state["centre"]), _cards, state["centre"]
    )


def _legal(state: State, seat: int) -> list[dict[str, Any]]:
    """The seat's legal actions, the same object while what they are made from is."""
    sources = whynot.sources(state, seat)
    return shared(("jump-drive legal view", seat), sources, turn.legal_actions, state, seat)


def _players_from(state: State) -> tuple[Any, ...]:
    """The state parts the players part is made from (compared by identity).

    ``status`` also reads which seats have a task; that changes only when a step asks
    (or ends), and every step sets a new ``active`` list.
    """
    parts = (state["placing"], state["active"], state["vp"], state["income"], state["markers"])
    return (origin(state["log"]), *state["empires"], *parts, *map(len, state["hands"]))


def _players(state: State) -> list[dict[str, Any]]:
    return [_player(state, s) for s in range(state["players"])]


def _player(state: State, seat: int) -> dict[str, Any]:
    empire = state["empires"][seat]
    vp_rate, income_rate = powers.totals(empire, others(state, seat))
    return {
        "seat": seat,
        "vp": state["vp"][seat],
        "income": state["income"][seat],
        "empire_yield": {"vp": vp_rate, "income": income_rate},
        "military": powers.general_military(empire),
        "explore_icons": powers.printed(empire, "explore"),
        "chromosome_icons": powers.printed(empire, "chromosome"),
        "hand_count": len(state["hands"][seat]),
        "markers": state["markers"][seat],
        "empire": [card_json(c) for c in empire],
        "placing": _placing(state["placing"][seat]),
        "status": _status(state, seat),
    }


def _status(state: State, seat: int) -> str:
    """J15: whether the seat is asked in this step and, if so, only whether it committed."""
    if seat in state["active"]:
        return "deciding"
    return "not asked" if state["tasks"][seat] is None else "committed"


def _placing(placing: dict[str, Any] | None) -> dict[str, Any] | None:
    """This round's placement, public once revealed (J15, J26)."""
    if placing is None:
        return None
    return {
        "explore": placing["explore"],
        "development": _card(placing["development"]),
        "world": _card(placing["world"]),
        "mode": placing["mode"],
        "second": _card(placing["second"]),
        "second_mode": placing["second_mode"],
    }


def _card(instance: str | None) -> dict[str, Any] | None:
    return None if instance is None else card_json(instance)


def _me(state: State, seat: int) -> dict[str, Any]:
    """The seat's own part, the same object while what it is made from stays the same
    (as it does for a seat while others decide)."""
    sources = (state["hands"][seat], state["tasks"][seat], costs.own_costs(state, seat))
    return shared(("jump-drive me", seat), (origin(state["log"]), *sources), _own, *sources)


def _own(hand: list[str], task: dict[str, Any] | None, own_costs: dict[str, Any]) -> View:
    return {
        "hand": _cards(hand),
        "task": None if task is None else task_view(task),
        "costs": own_costs,
    }


def _cards(cards: list[str]) -> list[dict[str, Any]]:
    return [card_json(c) for c in cards]


def task_view(task: dict[str, Any]) -> dict[str, Any]:
    if task["kind"] == "discard":
        return {"kind": "discard", "count": task["count"], "selected": list(task["selected"])}
    return {"kind": task["kind"], "draft": None if task["draft"] is None else dict(task["draft"])}


# The per-seat view (``viewparts``): each part and the state parts it is made from.
_PLAYERS_FROM = ("players", "empires", "placing", "active", "vp", "income", "markers")

TABLE = ViewTable(
    GAME_ID,
    {
        "game": common((), lambda state: GAME_ID),
        "seat": SEAT_PART,
        "phase": common(("phase",), itemgetter("phase")),
        "round": common(("round",), itemgetter("round")),
        "dealer": common(("dealer",), itemgetter("dealer")),
        "table_order": common(("players", "dealer"), _table_order),
        "active": common(("active",), _active),
        "end_vp": common((), lambda state: END_VP),
        "hand_limit": common((), lambda state: HAND_LIMIT),
        "players": common((*_PLAYERS_FROM, "hands", "tasks"), _players_part),
        "centre": common(("centre",), _centre),
        "draw_count": common(("draw",), lambda state: len(state["draw"])),
        "discard_count": common(("discard",), lambda state: len(state["discard"])),
        "me": own((ALL,), seated(_me, None)),
        "legal": own((ALL,), seated(_legal, NO_ACTIONS)),
        "why_not": own((ALL,), seated(whynot.why_not, NO_REASONS)),
        "log": LOG_PART,
        "result": common(("result",), itemgetter("result")),
    },
)
view = TABLE.view
deltas = TABLE.deltas
