"""What a seat may choose: the round's placement (J14, J16, J24, J55) and a second world
(J25-J28). One checker per decision serves both ``apply`` (it names the problem) and
``legal_actions`` (it lists every choice without one), so the two can never disagree.

J16: a choice is accepted only if it can be carried out: costs payable from the cards
that stay in hand, conquests within reach, one-per-empire limits and Trade Pact's
requirement met. Nothing another seat does in the round changes that.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core import Action, IllegalAction, State
from games.jump_drive import powers
from games.jump_drive.data import (
    COLONY_CONVOY,
    DEVELOPMENT,
    INSTANCES,
    MILITARY_CONVOY,
    SURVEY_TEAM,
    WORLD,
    Card,
    card_of,
)

Problem = IllegalAction | None
CONQUER, PAY, CONTACT = "conquer", "pay", "contact"


def _card_field(action: Action, key: str) -> str | None:
    value = action.get(key)
    if value is not None and (not isinstance(value, str) or len(value) > 20):
        raise IllegalAction("bad_action", f"The {key} must be a card id or null.")
    return value


def _contact_field(action: Action) -> bool:
    value = action.get("contact")
    if type(value) is not bool:
        raise IllegalAction("bad_action", "contact must be true or false.")
    return value


def read_choice(action: Action) -> tuple[str | None, str | None, bool]:
    """(development, world, contact) of a ``choose`` action, types checked."""
    return _card_field(action, "development"), _card_field(action, "world"), _contact_field(action)


def read_second(action: Action) -> tuple[str | None, bool]:
    return _card_field(action, "world"), _contact_field(action)


def _in_hand(hand: list[str], instance: str, kind: str) -> Card:
    if instance not in hand or instance not in INSTANCES:
        raise IllegalAction("card_not_in_hand", "That card is not in your hand.")
    card = card_of(instance)
    if card.kind != kind:
        raise IllegalAction("wrong_kind", f"That card is not a {kind}.", kind=kind)
    return card


def development_card(state: State, seat: int, dev: str) -> Card:
    """J14 a), J24, J54, J55: a development the seat may place this round."""
    empire = state["empires"][seat]
    if dev == SURVEY_TEAM:
        if not state["centre"]:
            raise IllegalAction("no_survey_team", "No Survey Team is left in the centre.")
        card = card_of(state["centre"][0])
    else:
        card = _in_hand(state["hands"][seat], dev, DEVELOPMENT)
    if not powers.limit_ok(empire, card):
        raise IllegalAction(
            "one_per_empire", f"Your empire already holds a {card.name}.", card=card.id
        )
    if not powers.requirement_ok(empire, card):
        raise IllegalAction(
            "requirement",
            f"{card.name} needs an empire without military or a Contact Specialist.",
            card=card.id,
        )
    return card


def world_mode(empire: list[str], world: Card, contact: bool) -> str:
    """How a world is placed: paid for, conquered (J21) or paid with Contact Specialist (J23)."""
    if not world.military:
        if contact:
            raise IllegalAction("bad_action", "Only a military world is paid with contact.")
        return PAY
    if contact:
        if not powers.can_contact(empire, world):
            raise IllegalAction(
                "no_contact", "Contact Specialist is needed, and never works on yellow worlds."
            )
        return CONTACT
    strength = powers.strength(empire, world)
    if strength < world.cost:
        raise IllegalAction(
            "too_weak",
            f"Your military is too weak for {world.name}.",
            needs=world.cost,
            has=strength,
        )
    return CONQUER


def check_choice(state: State, seat: int, dev: str | None, world: str | None, contact: bool) -> int:
    """J14, J16-J19: raise if the choice cannot be carried out; else the cards it costs."""
    if dev is None and world is None:
        raise IllegalAction("empty_choice", "Choose a development, a world or both, or explore.")
    empire = state["empires"][seat]
    hand = state["hands"][seat]
    total, staying = 0, len(hand)
    after = list(empire)
    if dev is not None:
        card = development_card(state, seat, dev)
        total += powers.cost(empire, card, alone=world is None)
        after.append(state["centre"][0] if dev == SURVEY_TEAM else dev)
        staying -= dev != SURVEY_TEAM
    if world is not None:
        card = _in_hand(hand, world, WORLD)
        mode = world_mode(after, card, contact)  # J17: this round's development helps
        total += 0 if mode == CONQUER else powers.cost(after, card, contact=mode == CONTACT)
        staying -= 1
    elif contact:
        raise IllegalAction("bad_action", "contact needs a world.")
    if total > staying:
        raise IllegalAction(
            "cannot_pay",
            f"That costs {_cards(total)}; you would keep {staying}.",
            cost=total,
            keep=staying,
        )
    return total


def choices(state: State, seat: int) -> list[Action]:
    """Every ``choose`` action the seat may take, and ``explore`` (J14)."""
    hand = state["hands"][seat]
    devs: list[str | None] = [None, *(c for c in hand if card_of(c).kind == DEVELOPMENT)]
    if state["centre"]:
        devs.append(SURVEY_TEAM)
    worlds: list[str | None] = [None, *(c for c in hand if card_of(c).is_world)]
    out: list[Action] = []
    for dev in devs:
        for world in worlds:
            for contact in (False, True) if world and card_of(world).military else (False,):
                if _fits(check_choice, state, seat, dev, world, contact):
                    out.append(
                        {"type": "choose", "development": dev, "world": world, "contact": contact}
                    )
    out.append({"type": "explore"})
    return out


def _cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def _fits(check: Callable[..., object], *args: Any) -> bool:
    try:
        check(*args)
    except IllegalAction:
        return False
    return True


# ---------------------------------------------------------------- second world (J25-J28)


def convoy_for(state: State, seat: int) -> str | None:
    """J26-J28: the convoy that could place a second world after this round's first."""
    placing = state["placing"][seat]
    if placing is None or placing["world"] is None:
        return None
    empire = state["empires"][seat]
    if placing["mode"] == CONQUER:
        return MILITARY_CONVOY if powers.has(empire, MILITARY_CONVOY) else None
    return COLONY_CONVOY if powers.has(empire, COLONY_CONVOY) else None


def check_second(state: State, seat: int, world: str | None, contact: bool) -> int:
    """J26-J28: raise if the second world cannot be placed; else the cards it costs."""
    if world is None:
        if contact:
            raise IllegalAction("bad_action", "contact needs a world.")
        return 0
    convoy = convoy_for(state, seat)
    empire, hand = state["empires"][seat], state["hands"][seat]
    card = _in_hand(hand, world, WORLD)
    if convoy == MILITARY_CONVOY:
        if not card.military or contact:
            raise IllegalAction("must_conquer", "Military Convoy places a conquered world.")
        left = unused_military(state, seat, card)
        if left < card.cost:
            raise IllegalAction(
                "too_weak",
                "The military left over is too weak for that world.",
                needs=card.cost,
                has=left,
            )
        return 0
    if card.military and not contact:  # J27: conquering is never the convoy's way
        raise IllegalAction("must_pay", "Colony Convoy places a world that is paid for.")
    mode = world_mode(empire, card, contact)  # J23: contact pays military worlds only
    total = powers.cost(empire, card, contact=mode == CONTACT, convoy=True)
    if total > len(hand) - 1:
        raise IllegalAction(
            "cannot_pay",
            f"That costs {_cards(total)}; you would keep fewer.",
            cost=total,
            keep=len(hand) - 1,
        )
    return total


def spent_on(empire: list[str], world: Card) -> tuple[int, int]:
    """J28 ruling steps 1-2: (general, specialised) military a conquest uses."""
    special = min(powers.special_military(empire, world), world.cost)
    return world.cost - special, special


def unused_military(state: State, seat: int, second: Card) -> int:
    """J28 ruling steps 3-4: (G' - g) + S2, S2 less what the first conquest used of it."""
    placing = state["placing"][seat]
    empire = state["empires"][seat]
    used_general, used_special = placing["spent"]
    shared = powers.special_military(empire, second, also=card_of(placing["world"]))
    special = powers.special_military(empire, second) - min(used_special, shared)
    return powers.general_military(empire) - used_general + special


def seconds(state: State, seat: int) -> list[Action]:
    """Every ``second`` action: each placeable world, and placing none."""
    out: list[Action] = [{"type": "second", "world": None, "contact": False}]
    for world in state["hands"][seat]:
        card = card_of(world)
        if not card.is_world:
            continue
        for contact in (False, True) if card.military else (False,):
            if _fits(check_second, state, seat, world, contact):
                out.append({"type": "second", "world": world, "contact": contact})
    return out


def has_second(state: State, seat: int) -> bool:
    """Is the seat asked for a second world (J26)? Whenever its empire holds a convoy that
    fits this round's first world, which everyone can see — even with no world in hand it
    could place: skipping it then would tell the others about its hand."""
    return convoy_for(state, seat) is not None
