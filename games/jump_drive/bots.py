"""Bots that play from their own view only (the legal actions are in it).

- ``random``: a uniform kind of decision (never a take-back), then uniform arguments
  (``games.bots``), committed at once.
- ``greedy``: values an empire by what it yields per round, weighted by the rounds the
  game is likely to last, and takes the placement that adds most after the cards it
  costs (exploring when nothing beats two extra cards); discards the cards it would
  value least in its empire.

Both read empires and hands from the view and ask ``powers`` what cards add up to, as
a player reads the cards on the table; nothing hidden is ever looked at. Neither takes a
commitment back (``uncommit``, J15): a bot's choice does not change while it waits, so
a bot acts only where the game waits for it.
"""

from __future__ import annotations

from typing import Any

from games import rng
from games.bots import random_action
from games.core import Action, View
from games.jump_drive import powers
from games.jump_drive.data import END_VP, SURVEY_TEAM, card_of

BOTS = ("random", "greedy")
CARD_VALUE = 0.55  # a card in hand, in VP: what a payment or a draw is worth
EXPLORE_BONUS = 0.4  # exploring also lets the bot pick the best of many cards


def bot_action(bot: str, view: View, seed: int) -> Action:
    """The action bot ``bot`` takes seeing only ``view``."""
    if bot not in BOTS:
        raise ValueError(f"no bot {bot!r}; there are {BOTS}")
    legal = [a for a in view["legal"] if a["type"] != "uncommit"]
    if not legal:
        raise ValueError("this view has no action the game waits for")
    if bot == "random":
        return _random(legal, rng.seed_state(seed))
    return _greedy(view, legal)


def _random(legal: list[Action], g: int) -> Action:
    if {"type": "commit"} in legal:
        return {"type": "commit"}
    return random_action(legal, g, skip=("unselect",))


# ---------------------------------------------------------------- greedy


class _Table:
    """What the bot reads off its view: empires, hand, how long the game may last."""

    def __init__(self, view: View) -> None:
        self.seat = view["seat"]
        empires = [[c["id"] for c in p["empire"]] for p in view["players"]]
        self.empire = empires[self.seat]
        self.others = [e for s, e in enumerate(empires) if s != self.seat]
        self.hand = [c["id"] for c in view["me"]["hand"]]
        self.centre = [c["id"] for c in view["centre"]]
        lead = max(p["vp"] for p in view["players"])
        pace = max(max(p["empire_yield"]["vp"] for p in view["players"]), 4)
        self.rounds = min(max((END_VP - lead) / pace, 1.0), 6.0)
        self.base = self.worth(self.empire)

    def worth(self, empire: list[str]) -> float:
        vp, income = powers.totals(empire, self.others)
        return vp * self.rounds + income * CARD_VALUE * (self.rounds - 1)

    def gain(self, added: list[str], spent: int) -> float:
        return self.worth([*self.empire, *added]) - self.base - spent * CARD_VALUE


def _greedy(view: View, legal: list[Action]) -> Action:
    table = _Table(view)
    task = view["me"]["task"]
    if task["kind"] == "discard":
        if {"type": "commit"} in legal:
            return {"type": "commit"}
        selects = [a for a in legal if a["type"] == "select"]
        return min(selects, key=lambda a: (_keep_value(table, a["card"]), a["card"]))
    best = max(legal, key=lambda a: _action_value(table, a))
    ready = task["draft"] is not None and {"type": "commit"} in legal
    drafted = {"type": best["type"], **(task["draft"] or {})}
    if ready and _action_value(table, drafted) >= _action_value(table, best):
        return {"type": "commit"}
    return best


def _action_value(table: _Table, action: dict[str, Any]) -> float:
    kind = action["type"]
    if kind == "commit":
        return float("-inf")
    if kind == "explore" or action.get("explore"):
        return 2 * CARD_VALUE + EXPLORE_BONUS
    dev, world = action.get("development"), action.get("world")
    if dev == SURVEY_TEAM:
        dev = table.centre[0] if table.centre else None
    added = [c for c in (dev, world) if c]
    if not added:
        return 0.0  # no second world
    spent = _cost(table.empire, dev, world, bool(action.get("contact")), kind == "second")
    drawn = 1 if kind == "choose" and dev is None else 0
    return table.gain(added, spent) + drawn * CARD_VALUE


def _cost(
    empire: list[str], dev: str | None, world: str | None, contact: bool, second: bool
) -> int:
    total, after = 0, list(empire)
    if dev is not None:
        total += powers.cost(empire, card_of(dev), alone=world is None)
        after.append(dev)
    if world is not None:
        card = card_of(world)
        if not card.military or contact:
            total += powers.cost(after, card, contact=contact, convoy=second)
    return total


def _keep_value(table: _Table, card_id: str) -> float:
    """How much the bot would miss a hand card: what it adds, against what it costs."""
    card = card_of(card_id)
    if card.military:
        reach = powers.strength(table.empire, card) >= card.cost
        spent = 0 if reach else card.cost
    else:
        spent = powers.cost(table.empire, card)
    return table.gain([card_id], spent)
