"""Build Jump Drive positions for rule tests, and play rounds through ``apply`` only."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.core import State
from games.jump_drive import GAME, powers
from games.jump_drive.data import DECK, INSTANCES, SURVEY_TEAMS, card_of

SURVEY = "survey-team"


def copies(card_type: str) -> list[str]:
    return [i for i, t in INSTANCES.items() if t == card_type]


def build(
    players: int = 2,
    hands: dict[int, Iterable[str]] | None = None,
    empires: dict[int, Iterable[str]] | None = None,
    top: Iterable[str] = (),
    discard: Iterable[str] = (),
    vp: list[int] | None = None,
    dealer: int | None = None,
    draw: bool = True,
) -> State:
    """A position at the start of a round (everyone choosing); the dealer is the last
    seat unless given, so table order is 0, 1, ...

    Cards are named by type (``"space-marines"``): each name takes the next unused copy.
    ``top`` lists the next cards to be drawn, first drawn first; the rest of the deck
    lies under them unless ``draw`` is false.
    """
    used: set[str] = set()

    def take(names: Iterable[str]) -> list[str]:
        out = []
        for name in names:
            instance = next(i for i in copies(name) if i not in used)
            used.add(instance)
            out.append(instance)
        return out

    hand_ids = [take((hands or {}).get(s, ())) for s in range(players)]
    empire_ids = [take((empires or {}).get(s, ())) for s in range(players)]
    top_ids, discard_ids = take(top), take(discard)
    rest = [i for i in DECK if i not in used] if draw else []
    state = GAME.setup(players, {}, 1)
    state.update(
        dealer=players - 1 if dealer is None else dealer,
        phase="choose",
        active=list(range(players)),
        tasks=[{"kind": "choose", "draft": None} for _ in range(players)],
        hands=[sorted(h) for h in hand_ids],
        empires=empire_ids,
        draw=rest + top_ids[::-1],
        discard=discard_ids,
        centre=[t for t in SURVEY_TEAMS[:players] if t not in used],
        vp=vp or [0] * players,
        gains=[[] for _ in range(players)],
        placing=[None] * players,
    )
    return state


def act(state: State, seat: int, action: dict[str, Any]) -> State:
    return GAME.apply(state, seat, action)[0]


def find(state: State, seat: int, card_type: str, where: str = "hands") -> str:
    return next(i for i in state[where][seat] if INSTANCES[i] == card_type)


def choose(
    state: State, seat: int, dev: str | None = None, world: str | None = None, contact: bool = False
) -> State:
    """Choose by card type (the first copy in hand) and commit."""
    d = dev if dev in (None, SURVEY) else find(state, seat, dev)
    w = None if world is None else find(state, seat, world)
    action = {"type": "choose", "development": d, "world": w, "contact": contact}
    return act(act(state, seat, action), seat, {"type": "commit"})


def explore(state: State, seat: int) -> State:
    return act(act(state, seat, {"type": "explore"}), seat, {"type": "commit"})


def discard(state: State, seat: int, cards: Iterable[str] | None = None) -> State:
    """Answer a discard task with these instances (default: the first cards in hand)."""
    task = state["tasks"][seat]
    chosen = list(cards) if cards is not None else state["hands"][seat][: task["count"]]
    for card in chosen:
        state = act(state, seat, {"type": "select", "card": card})
    return act(state, seat, {"type": "commit"})


def second(state: State, seat: int, world: str | None, contact: bool = False) -> State:
    w = None if world is None else find(state, seat, world)
    action = {"type": "second", "world": w, "contact": contact}
    return act(act(state, seat, action), seat, {"type": "commit"})


def settle(state: State) -> State:
    """Answer every open discard task with the first cards in hand, and decline seconds."""
    while state["phase"] in ("pay", "pay2", "after", "limit") and state["active"]:
        seat = state["active"][0]
        if state["tasks"][seat]["kind"] == "second":
            state = second(state, seat, None)
        else:
            state = discard(state, seat)
    return state


def names(instances: Iterable[str]) -> list[str]:
    return [INSTANCES[i] for i in instances]


def yields(empire: list[str], others: Iterable[list[str]] = ()) -> tuple[int, int]:
    """(VP, income) of an empire given by card types (``others`` likewise)."""
    return powers.totals(ids_of(empire), [ids_of(o) for o in others])


def ids_of(types: list[str]) -> list[str]:
    """Distinct instances for a list of card types."""
    seen: dict[str, int] = {}
    out = []
    for t in types:
        out.append(copies(t)[seen.get(t, 0)])
        seen[t] = seen.get(t, 0) + 1
    return out


def card(card_type: str):
    return card_of(copies(card_type)[0])
