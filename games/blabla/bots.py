"""Bots that play from their own view only (the legal actions are in it).

- ``random``: picks a kind of action first (move, draw, keep, bid ...), then one action
  of that kind, uniformly; it never undoes.
- ``greedy``: plans a trip: to the time hole while its jump is ready and it carries no
  card it needs, home with the cards it needs, round the turnaround to recharge; keeps
  and secures the cards of the kinds it lacks, meets and proposes swaps that help it,
  and bids for a swap it wants.
"""

from __future__ import annotations

from collections import deque
from functools import cache
from typing import Any

from games import rng
from games.blabla.data import (
    BOOST_FIELDS,
    DIAGONAL,
    DIRECTIONS,
    HOME,
    KINDS,
    LANDING,
    ORTHOGONAL,
    SQUARES,
    TILES,
    TIME_HOLE,
    TURNAROUND,
    step,
)
from games.bots import random_action
from games.core import Action, View

BOTS = ("random", "greedy")
MAX_LINE = 9
TRIP_CARDS = 2  # cards of needed kinds carried before the bot heads home


def bot_action(bot: str, view: View, seed: int) -> Action:
    """The action bot ``bot`` takes seeing only ``view``."""
    if bot not in BOTS:
        raise ValueError(f"no bot {bot!r}; there are {BOTS}")
    legal = view["legal"]
    if not legal:
        raise ValueError("this view has no legal action")
    if bot == "random":
        return random_action(legal, rng.seed_state(seed))
    return Greedy(view).choose(legal)


# ---------------------------------------------------------------- distances on the board


@cache
def moves_to(targets: frozenset[str], diagonal: bool) -> dict[str, int]:
    """How many straight moves (of any length) a ship needs from each square to end on
    one of ``targets`` (ships ignored)."""
    dirs = (*ORTHOGONAL, *DIAGONAL) if diagonal else ORTHOGONAL
    dist = dict.fromkeys(targets, 0)
    queue = deque(targets)
    while queue:
        here = queue.popleft()
        for d in dirs:
            back = _opposite(d)
            for k in range(1, MAX_LINE + 1):
                prev = step(here, back, k)
                if prev is None:
                    break
                if prev in dist or (prev in TIME_HOLE and prev not in targets):
                    continue
                dist[prev] = dist[here] + 1
                queue.append(prev)
    return dist


def _opposite(d: str) -> str:
    dx, dy = DIRECTIONS[d]
    return next(k for k, v in DIRECTIONS.items() if v == (-dx, -dy))


def _chebyshev(a: str, targets: frozenset[str]) -> int:
    sa = SQUARES[a]
    return min(max(abs(sa["x"] - SQUARES[t]["x"]), abs(sa["y"] - SQUARES[t]["y"])) for t in targets)


# ---------------------------------------------------------------- greedy


class Greedy:
    """What the bot reads off its view, and how it values what it could do."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.seat = view["seat"]
        self.me = view["me"]
        self.player = view["players"][self.seat]
        self.ship = self.player["ship"]
        self.secured = {c["kind"] for c in self.player["secured"]}
        self.held = self.me["blabla"]
        self.needed = [k for k in KINDS if k not in self.secured]

    # -- what a BlaBla card is worth to the bot
    def card_worth(self, card: dict[str, Any], besides: list[dict] | None = None) -> float:
        if card["kind"] in self.secured:
            return card["value"] * 0.1
        others = [c for c in (besides if besides is not None else self.held) if c != card]
        rival = max((c["value"] for c in others if c["kind"] == card["kind"]), default=0)
        if rival >= card["value"]:
            return card["value"] * 0.2
        return 10 + card["value"] - rival * 0.5

    def carrying(self) -> list[dict]:
        return [c for c in self.held if c["kind"] in self.needed]

    def target(self) -> frozenset[str]:
        """Where the trip goes next: the time hole, home, or round the turnaround."""
        carrying = self.carrying()
        stacks_left = sum(self.view["stacks"].values())
        hurry = self.view["end"] is not None or stacks_left < 3
        if carrying and (hurry or len({c["kind"] for c in carrying}) >= len(self.needed)):
            return HOME
        if self.ship["jump"] and stacks_left:
            return TIME_HOLE
        diagonal = self.has_diagonal()
        home = moves_to(HOME, diagonal).get(self.ship["at"], 9)
        turn = moves_to(TURNAROUND, diagonal).get(self.ship["at"], 9)
        if carrying and len(carrying) >= TRIP_CARDS:
            return HOME
        return TURNAROUND if turn <= home and stacks_left else HOME

    def event(self) -> dict[str, Any]:
        return TILES[self.view["boost"]["top"]]["effect"]

    def has_diagonal(self) -> bool:
        hand = self.player["hand"]
        return any(c["special"] == "X" for c in hand) and any(
            c["owner"] is None and c["value"] for c in hand
        )

    # -- choosing
    def choose(self, legal: list[Action]) -> Action:
        kind = self.view["step"]["kind"]
        legal = [a for a in legal if a["type"] != "undo"] or legal
        handler = getattr(self, f"on_{kind}")
        return handler(legal)

    def on_act(self, legal: list[Action]) -> Action:
        moves = [a for a in legal if a["type"] == "move"]
        numbers = [c for c in self.player["hand"] if c["value"]]
        can_draw = {"type": "draw"} in legal
        if not moves:
            return legal[0]
        if can_draw and len(numbers) < 2 and self.ship["at"] not in LANDING:
            return {"type": "draw"}
        targets = self.target()
        diagonal = self.has_diagonal()
        here = moves_to(targets, diagonal).get(self.ship["at"], 9)
        best = max(moves, key=lambda a: self.move_value(a, targets, diagonal))
        after = self.move_distance(best, targets, diagonal)
        if can_draw and after >= here and len(numbers) < 4:
            return {"type": "draw"}
        return best

    def move_distance(self, action: Action, targets: frozenset[str], diagonal: bool) -> int:
        end = self.end_of(action)
        return 0 if end in targets else moves_to(targets, diagonal).get(end, 9)

    def end_of(self, action: Action) -> str:
        length = self.length(action)
        return step(action["from"], action["dir"], length) or action["from"]

    def length(self, action: Action) -> int:
        card = next(c for c in self.player["hand"] if c["id"] == action["card"])
        value = card["value"] + (action["sign"] or 0)
        top = self.event()
        if top["type"] == "move_modifier":
            value += top["value"]
        return max(1, value)

    def move_value(self, action: Action, targets: frozenset[str], diagonal: bool) -> float:
        end = self.end_of(action)
        dist = self.move_distance(action, targets, diagonal)
        value = -10.0 * dist - 0.5 * _chebyshev(end, targets) * (dist > 0)
        card = next(c for c in self.player["hand"] if c["id"] == action["card"])
        value -= 0.05 * card["value"] + (0.3 if action["special"] else 0)
        if card["owner"] is not None:
            value += 0.2  # own cards come back; general ones go to whoever draws them
        if end in BOOST_FIELDS and not self.view["bonus"]:
            value += 6
        if end in TIME_HOLE:
            value += self.land_value(card["value"])
        return value

    def land_value(self, printed: int) -> float:
        stacks = self.view["stacks"]
        odd = printed % 2 == 1
        if self.event()["type"] == "time_hole_swap":
            odd = not odd
        land = "west" if odd else "east"
        return 0.3 * sum(v for k, v in stacks.items() if k.startswith(land))

    def on_stack(self, legal: list[Action]) -> Action:
        def worth(action: Action) -> float:
            memory = self.me["memory"].get(action["stack"])
            size = self.view["stacks"][action["stack"]]
            if memory is None or memory["taken"] > 0:
                return 5 + size * 0.5
            return max((self.card_worth(c) for c in memory["cards"]), default=0)

        return max(legal, key=worth)

    def on_keep(self, legal: list[Action]) -> Action:
        cards = {c["id"]: c for cs in self.me["look"].values() for c in cs}
        return max(legal, key=lambda a: self.card_worth(cards[a["card"]]))

    def on_secure(self, legal: list[Action]) -> Action:
        return max(legal, key=lambda a: (len(a["cards"]), sum(int(c[4:]) for c in a["cards"])))

    def on_meet(self, legal: list[Action]) -> Action:
        meets = [a for a in legal if a["type"] == "meet"]
        players = self.view["players"]
        if not self.held or (not self.carrying() and len(self.needed) == 4):
            return {"type": "no_meeting"}
        best = max(meets, key=lambda a: players[a["seat"]]["blabla_count"])
        if players[best["seat"]]["blabla_count"] == 0:
            return {"type": "no_meeting"}
        return best

    def on_propose(self, legal: list[Action]) -> Action:
        seen = {c["id"]: c for c in self.me["seen"]}
        mine = {c["id"]: c for c in self.held}

        def gain(a: Action) -> float:
            if a["type"] == "no_swap":
                return 0.0
            after = [c for c in self.held if c["id"] != a["give"]] + [seen[a["take"]]]
            return self.card_worth(seen[a["take"]], after) - self.card_worth(mine[a["give"]])

        return max(legal, key=gain)

    def on_answer(self, legal: list[Action]) -> Action:
        prop = self.me["proposal"]
        give, take = prop["take"], prop["give"]  # seen from this side
        after = [c for c in self.held if c["id"] != give["id"]] + [take]
        if self.card_worth(take, after) > self.card_worth(give):
            return {"type": "accept"}
        return {"type": "refuse"}

    def on_fight(self, legal: list[Action]) -> Action:
        if self.me["bid"] is not None:
            return {"type": "commit"}
        tokens = self.player["tokens"]
        prop = self.me["proposal"]
        mover = self.view["step"]["mover"] == self.seat
        worth = 10 if mover else self.card_worth(prop["take"])
        bid = tokens if worth >= 10 else min(tokens, 1)
        return {"type": "bid", "tokens": bid}

    def on_confirm(self, legal: list[Action]) -> Action:
        return {"type": "confirm"}
