"""A small card game with hidden hands, for testing the live layer apart from the rules core.

Each seat holds three secret cards; in turn a seat plays one (its value scores) and
draws a secret replacement while the pile lasts. The game ends when every hand is empty.
Its view has the same shape as a real game's where the live layer cares: ``me`` and
``legal`` per seat, a ``log`` that only grows with private lines per seat.
"""

from __future__ import annotations

from typing import Any

from games import rng
from games.core import Action, Event, GameInfo, IllegalAction, Option, State, View, ViewDelta

HAND = 3


def value(card: str) -> int:
    return int(card[1:]) % 4 + 1


class ToyGame:
    info = GameInfo(
        id="toy",
        name="Toy cards",
        min_players=2,
        max_players=5,
        options=(Option("cards_per_seat", "Cards per seat", 8, (4, 8, 16)),),
    )

    def setup(self, seats: int, options: dict[str, Any], seed: int) -> State:
        count = seats * options.get("cards_per_seat", 8)
        gen, deck = rng.shuffled(rng.seed_state(seed), [f"k{i:03d}" for i in range(count)])
        hands = [deck[i * HAND : (i + 1) * HAND] for i in range(seats)]
        return {
            "players": seats,
            "rng": gen,
            "hands": hands,
            "draw": deck[seats * HAND :],
            "played": [],
            "scores": [0] * seats,
            "turn": 0,
            "log": [],
        }

    def active_seats(self, state: State) -> list[int]:
        return [] if self._over(state) else [state["turn"]]

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat not in self.active_seats(state):
            return []
        return [{"type": "play", "card": c} for c in state["hands"][seat]]

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        if seat not in self.active_seats(state):
            raise IllegalAction("not_your_turn", "it is not your turn")
        if action.get("type") != "play":
            raise IllegalAction("unknown_action", "the only action is play")
        card = action.get("card")
        if card not in state["hands"][seat]:
            raise IllegalAction("card_not_in_hand", "you do not hold that card")
        hands = [list(h) for h in state["hands"]]
        hands[seat].remove(card)
        draw = list(state["draw"])
        log = [*state["log"], {"seat": seat, "text": f"played {card}", "to": None}]
        if draw:
            drawn = draw.pop(0)
            hands[seat].append(drawn)
            log.append({"seat": seat, "text": f"you drew {drawn}", "to": seat})
        scores = list(state["scores"])
        scores[seat] += value(card)
        new = {
            **state,
            "hands": hands,
            "draw": draw,
            "played": [*state["played"], card],
            "scores": scores,
            "turn": (seat + 1) % state["players"],
            "log": log,
        }
        if self._over(new):
            new["turn"] = None
        return new, [{"seat": seat, "kind": "play"}]

    def view(self, state: State, seat: int | None) -> View:
        return {
            "game": "toy",
            "seat": seat,
            "active": self.active_seats(state),
            "players": [
                {"seat": s, "hand_count": len(state["hands"][s]), "score": state["scores"][s]}
                for s in range(state["players"])
            ],
            "draw_count": len(state["draw"]),
            "played": list(state["played"]),
            "me": None if seat is None else {"hand": list(state["hands"][seat])},
            "legal": [] if seat is None else self.legal_actions(state, seat),
            "log": [
                {"seat": e["seat"], "text": e["text"], "private": e["to"] is not None}
                for e in state["log"]
                if e["to"] is None or e["to"] == seat
            ],
            "result": self.result(state),
        }

    def view_deltas(
        self, before: State, after: State, events: list[Event], seats: int
    ) -> list[ViewDelta] | None:
        return None  # a game that cannot say: every view is built whole

    def result(self, state: State) -> dict[str, Any] | None:
        if not self._over(state):
            return None
        best = max(state["scores"])
        return {
            "scores": [{"seat": s, "total": t} for s, t in enumerate(state["scores"])],
            "winners": [s for s, t in enumerate(state["scores"]) if t == best],
        }

    def bot_action(self, bot: str, view: View, seed: int) -> Action:
        legal = view["legal"]
        if bot == "greedy":
            return max(legal, key=lambda a: value(a["card"]))
        return legal[seed % len(legal)]

    @staticmethod
    def _over(state: State) -> bool:
        return not any(state["hands"])


def hidden_ids(state: State, seat: int | None) -> set[str]:
    """Card ids ``seat`` may not see now: the pile, and other seats' hands."""
    hidden = set(state["draw"])
    for s, hand in enumerate(state["hands"]):
        if s != seat:
            hidden.update(hand)
    return hidden


GAME = ToyGame()
