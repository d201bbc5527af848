"""Why a seat cannot take an action now (R5, R10-R21, O2, O4, O5): ``why_not``.

Beside ``turn.legal_actions`` and in the same order of checks as ``turn._admit`` and the
rules in ``actions``: for every action kind with no legal action, a reason code and its
arguments; for a hand card (or a stack tile) that the kind cannot use while other cards
can, the key ``"kind:n"``, ``n`` its place in the seat's hand (or in the stack it looks
at, as its view lists them). Never by id: a patch that drops the key of a card just
played must not name a card that may lie hidden in a pile by then. Everything read is
the seat's own hand and what the whole table sees (ships, chips, stations, scans,
face-up space, the turn), so the reasons tell no one anything their view does not
already show.
"""

from __future__ import annotations

from games.core import Reason, State, reason, reasons
from games.space_mission.actions import (
    has_point_tile,
    landing_pair_fits,
    may_reserve,
)
from games.space_mission.data import (
    ACTIONS_PER_TURN,
    CARDS,
    JUMP,
    LANDING,
    PLANETS,
    POINT_TILES,
    SCAN,
)
from games.space_mission.setup import GATE

MOVES = ("restock", "jump", "fly", "scan", "colonise", "discover")
KINDS = (*MOVES, "pick", "undo", "confirm")
Reasons = dict[str, Reason]


def why_not(state: State, seat: int) -> Reasons:
    """Each action kind (or ``"kind:n"`` option) ``seat`` cannot take now, and why."""
    if state["phase"] != "play":
        return reasons(KINDS, "game_over")
    if seat not in state["active"]:
        return reasons(KINDS, "not_your_turn", seat=state["seat"])
    looking = state["looking"]
    if looking is not None:
        out = reasons((*MOVES, "undo", "confirm"), "must_pick", planet=looking["planet"])
        for place, tile in enumerate(sorted(state["stacks"][looking["planet"]])):
            if tile not in POINT_TILES:  # places as in the view's ``me.looking.stack``
                out[f"pick:{place}"] = reason("space_tile")
        return out
    out = {"pick": reason("not_looking")}
    if not state["undo"]:
        out["undo"] = reason("nothing_to_undo" if state["actions_done"] == 0 else "undo_barrier")
    if state["actions_done"] >= ACTIONS_PER_TURN:
        out.update(reasons(MOVES, "turn_done"))
        return out
    out["confirm"] = reason("turn_not_done", done=state["actions_done"], needed=ACTIONS_PER_TURN)
    _jump(state, seat, out)
    where = state["ships"][seat]
    if where == GATE:
        out.update(reasons(("fly", "scan", "colonise", "discover"), "on_gate"))
        return out
    if where in state["stations"]:
        owner = state["stations"][where]
        out.update(reasons(("scan", "colonise"), "planet_colonised", planet=where, seat=owner))
        if not has_point_tile(state["stacks"][where]):
            out["discover"] = reason("no_point_tile", planet=where)
        return out
    out["discover"] = reason("not_colonised", planet=where)
    _scan(state, seat, where, out)
    _colonise(state, seat, where, out)
    return out


def _no_chip(use: str) -> Reason:
    return reason("no_chip", use=use)


def _jump(state: State, seat: int, out: Reasons) -> None:
    """R14: a card's blue coordinate, a planet other than the ship's with it, a chip."""
    if state["chips"][seat] <= 0:
        out["jump"] = _no_chip("probe")
        return
    where = state["ships"][seat]
    targets = {PLANETS[p].jump for p in state["ring"] if p != where}
    usable = 0
    for place, card in enumerate(state["hands"][seat]):
        value = CARDS[card].value(JUMP)
        if value is None:
            out[f"jump:{place}"] = reason("no_coordinate", colour=JUMP)
        elif value != "?" and value not in targets:
            out[f"jump:{place}"] = reason("no_target", colour=JUMP, value=value, planet=where)
        else:
            usable += 1
    if not usable:
        out["jump"] = reason("no_card", colour=JUMP)


def _scan(state: State, seat: int, where: str, out: Reasons) -> None:
    """R16, R5 ruling: the planet's green coordinate, and a chip unless nothing is to reserve."""
    if state["chips"][seat] <= 0 and may_reserve(state, where):
        out["scan"] = _no_chip("reservation")
        return
    number = PLANETS[where].scan
    fitting = 0
    for place, card in enumerate(state["hands"][seat]):
        if CARDS[card].matches(SCAN, number):
            fitting += 1
        else:
            out[f"scan:{place}"] = reason(
                "coordinate_mismatch", colour=SCAN, value=number, planet=where
            )
    if not fitting:
        out["scan"] = reason("no_card", colour=SCAN, value=number, planet=where)


def _colonise(state: State, seat: int, where: str, out: Reasons) -> None:
    """R19: scanned before, a chip for the station, two cards for the two landings."""
    if seat not in state["scanned"].get(where, ()):
        out["colonise"] = reason("not_scanned", planet=where)
        return
    if state["chips"][seat] <= 0:
        out["colonise"] = _no_chip("station")
        return
    hand = state["hands"][seat]
    landing = PLANETS[where].landing
    paired = {
        c for a in hand for b in hand if a < b and landing_pair_fits(a, b, landing) for c in (a, b)
    }
    for place, card in enumerate(hand):
        if card in paired:
            continue
        if any(CARDS[card].matches(LANDING, x) for x in landing):
            out[f"colonise:{place}"] = reason("no_partner", colour=LANDING, value=list(landing))
        else:
            out[f"colonise:{place}"] = reason(
                "coordinate_mismatch", colour=LANDING, value=list(landing), planet=where
            )
    if not paired:
        out["colonise"] = reason("no_card_pair", colour=LANDING, value=list(landing), planet=where)
