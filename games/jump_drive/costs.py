"""What each card the seat may place would cost it now (J18-J20, J23, J24, J46-J53).

Shown on the seat's own cards, so it asks ``powers.cost``, the very function the payment
check (``choice.check_choice``) uses. Only the seat's own hand and empire (and the public
centre) go in, so nothing here depends on what the seat may not see.
"""

from __future__ import annotations

from games.core import State
from games.jump_drive import powers
from games.jump_drive.data import DEVELOPMENT, card_of
from games.memo import shared

Costs = dict[str, dict[str, int]]


def own_costs(state: State, seat: int) -> Costs:
    """``{card id: costs}`` for the hand and the Survey Team the seat may take.

    A development: ``with_world`` (placed with a world) and ``alone`` (J19: 1 less). A
    world that is paid for: ``pay``. A military world: ``contact`` when Contact
    Specialist may pay for it (J23); it is otherwise conquered, which costs no card (J21).
    """
    hand, empire, centre = state["hands"][seat], state["empires"][seat], state["centre"]
    return shared(("jump-drive costs", seat), (hand, empire, centre), _costs, hand, empire, centre)


def _costs(hand: list[str], empire: list[str], centre: list[str]) -> Costs:
    out = {c: _card_costs(empire, c) for c in hand}
    if centre and powers.limit_ok(empire, card_of(centre[0])):  # J24
        out[centre[0]] = _card_costs(empire, centre[0])
    return {c: costs for c, costs in out.items() if costs}


def _card_costs(empire: list[str], instance: str) -> dict[str, int]:
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
