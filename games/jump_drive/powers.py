"""What an empire adds up to: icons, military, cost reductions, VP and income.

Pure functions over lists of card instance ids, read from the effects in the data
file (J46: powers are permanent and every copy counts). Placement (``choice``,
``resolve``), scoring (``endround``) and the bots all ask these same functions.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from games.jump_drive.data import (
    CARDS,
    COLONY_CONVOY,
    DEVELOPMENT,
    Card,
    card_of,
)

Empire = Sequence[str]
DEV_ONLY_DISCOUNT = 1  # J19: a development placed alone costs 1 less


def cards(empire: Iterable[str]) -> list[Card]:
    return [card_of(i) for i in empire]


def has(empire: Iterable[str], card_id: str) -> bool:
    return any(card_of(i).id == card_id for i in empire)


def matches(card: Card, selector: dict[str, Any]) -> bool:
    """Does ``card`` fit a card selector of the data file (kind/colour/military or card)?"""
    if "card" in selector:
        return card.id == selector["card"]
    if card.kind != selector["kind"]:
        return False
    if "colour" in selector and card.colour != selector["colour"]:
        return False
    return "military" not in selector or card.military == selector["military"]


def printed(empire: Iterable[str], icon: str) -> int:
    """J34: printed icons of one kind (explore, military or chromosome)."""
    attr = "military_icons" if icon == "military" else icon
    return sum(getattr(c, attr) for c in cards(empire))


def general_military(empire: Empire) -> int:
    """Printed military plus military not restricted to certain worlds (J34, J72)."""
    total = printed(empire, "military")
    for card in cards(empire):
        for effect in card.effects_of("military_per"):
            total += count(empire, effect["per"]) * effect["amount"]
    return total


def _against(effect: dict[str, Any], world: Card) -> bool:
    vs = effect["vs"]
    if "colour" in vs:
        return world.colour == vs["colour"]
    return bool(vs.get("rebel")) and world.rebel


def special_military(empire: Empire, world: Card, also: Card | None = None) -> int:
    """J59-J62: military that counts only against ``world`` (and ``also``, if given)."""
    return sum(
        effect["amount"]
        for card in cards(empire)
        for effect in card.effects_of("military")
        if _against(effect, world) and (also is None or _against(effect, also))
    )


def strength(empire: Empire, world: Card) -> int:
    """J21: general military plus the specialised military that applies to ``world``."""
    return general_military(empire) + special_military(empire, world)


def count(empire: Empire, selector: dict[str, Any]) -> int:
    """J34: how many of what a selector names the empire holds (cards, icons, military)."""
    if "icon" in selector:
        return printed(empire, selector["icon"])
    if selector.get("general_military"):
        return general_military(empire)
    return sum(1 for c in cards(empire) if matches(c, selector))


def contact_discount(empire: Empire) -> int | None:
    """J23: the Contact Specialist reduction (once, however many copies); None without one."""
    for card in cards(empire):
        for effect in card.effects_of("pay_for_military_world"):
            return effect["discount"]
    return None


def can_contact(empire: Empire, world: Card) -> bool:
    """J23, J56: may this military world be paid for instead of conquered?"""
    if not world.military or contact_discount(empire) is None:
        return False
    for card in cards(empire):
        for effect in card.effects_of("pay_for_military_world"):
            if matches(world, {"kind": world.kind, **effect["exclude"]}):
                return False
    return True


def convoy_discount() -> int:
    """J27: what Colony Convoy takes off the second world."""
    return CARDS[COLONY_CONVOY].effects_of("second_world")[0]["discount"]


def cost(
    empire: Empire,
    card: Card,
    *,
    alone: bool = False,
    contact: bool = False,
    convoy: bool = False,
) -> int:
    """J18-J20, J23, J27: cards to discard to place ``card`` into ``empire``.

    ``alone``: a development placed without a world (J19); ``contact``: a military world
    paid for with Contact Specialist; ``convoy``: a second world by Colony Convoy.
    """
    return _cost(tuple(empire), card.id, alone, contact, convoy)


# Asked for every card in hand at every choice, in every playout of the search.
@lru_cache(maxsize=1 << 16)
def _cost(empire: tuple[str, ...], card_id: str, alone: bool, contact: bool, convoy: bool) -> int:
    card = CARDS[card_id]
    reduction = sum(
        effect["amount"]
        for c in cards(empire)
        for effect in c.effects_of("discount")
        if matches(card, effect["applies_to"])
    )
    if alone and card.kind == DEVELOPMENT:
        reduction += DEV_ONLY_DISCOUNT
    if contact:
        reduction += contact_discount(empire) or 0
    if convoy:
        reduction += convoy_discount()
    return max(0, card.cost - reduction)


def limit_ok(empire: Empire, card: Card) -> bool:
    """J6: Survey Team and Trade Pact at most once per empire."""
    return not card.limit_one or not has(empire, card.id)


def requirement_ok(empire: Empire, card: Card) -> bool:
    """J55: a placement requirement, checked against the empire before the round."""
    for effect in card.effects_of("placement_requirement"):
        if not any(_requirement_met(empire, r) for r in effect["any_of"]):
            return False
    return True


def _requirement_met(empire: Empire, requirement: dict[str, Any]) -> bool:
    if "printed_military_icons" in requirement:
        return printed(empire, "military") == requirement["printed_military_icons"]
    return has(empire, requirement["has_card"])


# ---------------------------------------------------------------- scoring (J33-J37)


@dataclass(frozen=True)
class Yield:
    """What one card gives in a round."""

    instance: str
    vp: int
    income: int


def yields(empire: Empire, others: Sequence[Empire]) -> list[Yield]:
    """J33-J37: VP and income of every card in ``empire`` this round."""
    out = []
    for instance in empire:
        card = card_of(instance)
        vp, income = card.vp, card.income
        for effect in card.effects:
            gain = _effect_gain(effect, empire, others)
            vp += gain[0]
            income += gain[1]
        out.append(Yield(instance, vp, income))
    return out


def _effect_gain(
    effect: dict[str, Any], empire: Empire, others: Sequence[Empire]
) -> tuple[int, int]:
    kind = effect["type"]
    if kind == "score_per":
        if effect["scope"] == "own":
            n = count(empire, effect["per"])
        else:  # J36: the other empire that gives the most, chosen for the player
            n = max((count(o, effect["per"]) for o in others), default=0)
        times = n // effect["every"]
        return times * effect["vp"], times * effect["income"]
    if kind == "bonus_with":  # J35: once per copy, however many of the required cards
        where = [empire] if effect["scope"] == "own" else others
        present = any(matches(c, effect["requires"]) for e in where for c in cards(e))
        return (effect["vp"], effect["income"]) if present else (0, 0)
    return 0, 0


def totals(empire: Empire, others: Sequence[Empire]) -> tuple[int, int]:
    """(VP, income) of an empire this round."""
    return _totals(tuple(empire), tuple(map(tuple, others)))


# The bots ask for the totals of the same few empires thousands of times a decision (each
# card they might place, in every playout of the search): each is worked out once.
@lru_cache(maxsize=1 << 16)
def _totals(empire: tuple[str, ...], others: tuple[tuple[str, ...], ...]) -> tuple[int, int]:
    ys = yields(empire, others)
    return sum(y.vp for y in ys), sum(y.income for y in ys)
