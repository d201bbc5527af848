"""What each card the seat may place would cost it now (J18-J20, J23, J24, J27, J46-J53).

Shown on the seat's own cards, so it asks ``powers.cost`` and ``choice.check_second``, the
very functions the payment checks use. Only the seat's own hand, empire and placement (and
the public centre) go in, so nothing here depends on what the seat may not see. The costs
follow the hand's order and never name a card: a patch that drops a discarded card's
costs must not name a card that now lies in the discard pile.
"""

from __future__ import annotations

from typing import Any

from games import gamelog
from games.core import State
from games.jump_drive import choice, powers
from games.jump_drive.data import COLONY_CONVOY, DEVELOPMENT, card_of
from games.memo import shared

CardCosts = dict[str, int]


def own_costs(state: State, seat: int) -> dict[str, Any]:
    """``{"hand": [costs of each card in hand], "survey_team": costs or None}``.

    A development: ``with_world`` (placed with a world) and ``alone`` (J19: 1 less). A
    world that is paid for: ``pay``. A military world: ``contact`` when Contact
    Specialist may pay for it (J23); it is otherwise conquered, which costs no card (J21).
    While the seat picks a second world by Colony Convoy, each world it may place also
    has ``second`` (J27: 2 less). ``survey_team``: the centre's, while the seat may take one.
    """
    hand, empire, centre = state["hands"][seat], state["empires"][seat], state["centre"]
    sources = (gamelog.origin(state["log"]), hand, empire, centre)
    base = shared(("jump-drive costs", seat), sources, _costs, hand, empire, centre)
    seconds = _second_costs(state, seat)
    if not seconds:
        return base
    in_hand = [
        {**costs, "second": seconds[card]} if card in seconds else costs
        for card, costs in zip(hand, base["hand"], strict=True)
    ]
    return {**base, "hand": in_hand}


def _second_costs(state: State, seat: int) -> dict[str, int]:
    """J27: what each world the seat may place second by Colony Convoy costs, by card."""
    task = state["tasks"][seat]
    if task is None or task["kind"] != "second" or seat not in state["active"]:
        return {}
    if choice.convoy_for(state, seat) != COLONY_CONVOY:
        return {}
    return {
        a["world"]: choice.check_second(state, seat, a["world"], a["contact"])
        for a in choice.seconds(state, seat)
        if a["world"] is not None
    }


def _costs(hand: list[str], empire: list[str], centre: list[str]) -> dict[str, Any]:
    survey = None
    if centre and powers.limit_ok(empire, card_of(centre[0])):  # J24
        survey = _card_costs(empire, centre[0])
    return {"hand": [_card_costs(empire, c) for c in hand], "survey_team": survey}


def _card_costs(empire: list[str], instance: str) -> CardCosts:
    card = card_of(instance)
    if card.kind == DEVELOPMENT:
        return {
            "with_world": powers.cost(empire, card),
            "alone": powers.cost(empire, card, alone=True),
        }
    if not card.military:
        return {"pay": powers.cost(empire, card)}
    if powers.can_contact(empire, card):
        return {"contact": powers.cost(empire, card, contact=True)}
    return {}
