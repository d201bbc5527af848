"""What the shared search (``games.search``) needs of Jump Drive: deals consistent with
one seat's view, the decisions worth searching, a playout policy and an estimate.

``sample_state`` reads the view only. Public stays as it is: empires, VP, income,
markers, the centre, this round's revealed placements, who is still deciding. The seat's
own hand and task stay. Every other card (other hands, the draw and the discard pile) is
dealt at random into the places the view counts, and a seat that has already committed
a secret choice (J15) gets one drawn at random from what its dealt hand allows: the bot
never learns what the others chose before the reveal.
"""

from __future__ import annotations

from typing import Any

from games import gamelog, rng
from games.bots import random_action
from games.core import Action, IllegalAction, SearchHooks, State, View
from games.jump_drive import bots, choice, powers, turn, view
from games.jump_drive.choice import CONQUER, CONTACT
from games.jump_drive.data import (
    DEAL,
    DECK,
    DEVELOPMENT,
    GAME_ID,
    HAND_LIMIT,
    KEEP,
    MARKER_EXPLORE,
    SURVEY_TEAM,
    card_json,
    card_of,
)
from games.jump_drive.endround import others as other_empires
from games.jump_drive.table import table_order
from games.search import mostly_easy

# A card in hand, in VP, and how many rounds of its present yield an empire still earns.
CARD_VALUE = 0.25
# Placements a playout tries at random before it explores instead.
PLACEMENT_TRIES = 4
YIELD_ROUNDS = 1.0


def _ids(cards: list[dict[str, Any]]) -> list[str]:
    return [c["id"] for c in cards]


def _card_id(card: dict[str, Any] | None) -> str | None:
    return None if card is None else card["id"]


def _placing(shown: dict[str, Any] | None, empire: list[str]) -> dict[str, Any] | None:
    """A revealed placement as the state keeps it (J21: the military a conquest spent,
    worked out from the empire as it stood when the world was placed)."""
    if shown is None:
        return None
    world = _card_id(shown["world"])
    spent = None
    if world is not None and shown["mode"] == CONQUER and world in empire:
        before = empire[: empire.index(world)]
        spent = list(choice.spent_on(before, card_of(world)))
    return {
        "explore": shown["explore"],
        "development": _card_id(shown["development"]),
        "world": world,
        "mode": shown["mode"],
        "spent": spent,
        "second": _card_id(shown["second"]),
        "second_mode": shown["second_mode"],
    }


def _gains(log: list[dict[str, Any]], n: int) -> list[list[int]]:
    """Each seat's VP round by round, from the public score lines (J33)."""
    gains: list[list[int]] = [[] for _ in range(n)]
    for line in log:
        if line["kind"] == "score" and not line["private"]:
            gains[line["seat"]].append(line["args"]["vp"])
    return gains


def _pay_count(state: State, seat: int, second: bool) -> int:
    """What a revealed placement costs (J18-J24, J26-J28), as the reveal worked it out."""
    p, empire = state["placing"][seat], state["empires"][seat]
    if second:
        world = card_of(p["second"])
        if p["second_mode"] == CONQUER:
            return 0
        return powers.cost(empire, world, contact=p["second_mode"] == CONTACT, convoy=True)
    total, after = 0, list(empire)
    if p["development"] is not None:
        total += powers.cost(empire, card_of(p["development"]), alone=p["world"] is None)
        after.append(p["development"])
    if p["world"] is not None and p["mode"] != CONQUER:
        total += powers.cost(after, card_of(p["world"]), contact=p["mode"] == CONTACT)
    return total


def _discard_count(state: State, seat: int) -> int:
    """How many cards another seat asked in this step discards."""
    phase, hand = state["phase"], state["hands"][seat]
    if phase == "keep":
        count = DEAL - KEEP
    elif phase == "limit":
        count = len(hand) - HAND_LIMIT
    elif phase in ("pay", "pay2"):
        count = _pay_count(state, seat, phase == "pay2")
    else:  # an explore's discards (J29, J30)
        count = powers.printed(state["empires"][seat], "explore") + MARKER_EXPLORE
    return max(1, min(count, len(hand) - 1))


def _task(state: State, seat: int) -> dict[str, Any]:
    """The task of another seat asked in this step, nothing drafted yet."""
    phase = state["phase"]
    if phase == "choose":
        return {"kind": "choose", "draft": None}
    if phase == "after" and not state["placing"][seat]["explore"]:
        return {"kind": "second", "draft": None}
    return {"kind": "discard", "count": _discard_count(state, seat), "selected": []}


def _committed(state: State, seat: int, task: dict[str, Any], g: int) -> tuple[int, dict]:
    """A secret choice drawn at random among those the seat's dealt hand allows."""
    if task["kind"] == "discard":
        g, hand = rng.shuffled(g, state["hands"][seat])
        return g, {**task, "selected": hand[: task["count"]]}
    listing = choice.choices if task["kind"] == "choose" else choice.seconds
    g, i = rng.randbelow(g, 2)
    options = listing(state, seat)
    if task["kind"] == "choose" and i and len(options) > 1:  # exploring half the time
        options = [a for a in options if a["type"] != "explore"]
    g, k = rng.randbelow(g, len(options))
    picked = options[k]
    if picked["type"] == "explore":
        return g, {**task, "draft": {"explore": True}}
    return g, {**task, "draft": {key: v for key, v in picked.items() if key != "type"}}


def _own_task(task: dict[str, Any] | None) -> dict[str, Any] | None:
    if task is None or task["kind"] != "discard":
        return None if task is None else {"kind": task["kind"], "draft": task["draft"]}
    return {"kind": "discard", "count": task["count"], "selected": list(task["selected"])}


def sample_state(view: View, seat: int, seed: int) -> State:
    """A full state consistent with everything ``seat`` sees in ``view`` (its own view)."""
    g = rng.seed_state(seed)
    players, n = view["players"], len(view["players"])
    hand = _ids(view["me"]["hand"])
    empires = [_ids(p["empire"]) for p in players]
    placing = [_placing(p["placing"], empires[s]) for s, p in enumerate(players)]
    centre = _ids(view["centre"])
    known = set(hand).union(centre, *empires)
    for p in placing:
        if p is not None:
            known.update(c for c in (p["development"], p["world"], p["second"]) if c)
    others = [s for s in range(n) if s != seat]
    sizes = [players[s]["hand_count"] for s in others]
    sizes += [view["draw_count"], view["discard_count"]]
    g, pool = rng.shuffled(g, [c for c in DECK if c not in known])
    parts, at = [], 0
    for size in sizes:
        parts.append(pool[at : at + size])
        at += size
    hands = [hand] * n
    for s, part in zip(others, parts, strict=False):
        hands[s] = sorted(part)
    g, hidden_rng = rng.next_u64(g)
    phase = view["phase"]
    state: State = {
        "game": GAME_ID,
        "players": n,
        "rng": hidden_rng,
        "round": view["round"],
        "dealer": view["dealer"],
        "phase": phase,
        "active": list(view["active"]),
        "hands": hands,
        "draw": parts[-2],
        "discard": parts[-1],
        "centre": centre,
        "empires": empires,
        "markers": [p["markers"] for p in players],
        "vp": [p["vp"] for p in players],
        "gains": _gains(view["log"], n),
        "income": [p["income"] for p in players],
        "tasks": [None] * n,
        "placing": placing,
        "cursor": None,
        "log": gamelog.append([], [dict(line) for line in view["log"][:1]] + view["log"][1:]),
        "result": view["result"],
    }
    if phase == "explore" and state["active"]:  # J31: explorers discard one by one
        state["cursor"] = table_order(state).index(state["active"][0]) + 1
    for s, p in enumerate(players):
        if s == seat:
            state["tasks"][s] = _own_task(view["me"]["task"])
        elif p["status"] != "not asked":
            task = _task(state, s)
            if p["status"] == "committed":
                g, task = _committed(state, s, task, g)
            state["tasks"][s] = task
    return state


def moves(state: State, seat: int) -> list[Action]:
    """The decisions worth searching: a draft then its commit, discards chosen in hand
    order (the same cards selected in another order are the same discard); never a
    take-back or an unselect."""
    task = state["tasks"][seat]
    legal = [
        a for a in turn.legal_actions(state, seat) if a["type"] not in ("uncommit", "unselect")
    ]
    if task["kind"] != "discard":
        drafted = task["draft"] is not None
        return [a for a in legal if (a["type"] == "commit") == drafted]
    if len(task["selected"]) == task["count"]:
        return [{"type": "commit"}]
    hand, chosen = state["hands"][seat], task["selected"]
    after = max((hand.index(c) for c in chosen if c in hand), default=-1)
    need = task["count"] - len(chosen)
    ordered = [
        a
        for a in legal
        if a["type"] == "select" and len(hand) - hand.index(a["card"]) >= need
        if hand.index(a["card"]) > after
    ]
    return ordered or legal


def _quick(state: State, seat: int, g: int) -> Action:
    """A quick random decision: a placement tried at random (a few tries, else explore)
    rather than every placement listed, which costs most of a playout; any other
    decision uniform among ``moves``."""
    task = state["tasks"][seat]
    if task["kind"] != "choose" or task["draft"] is not None:
        return random_action(moves(state, seat), g)
    hand = state["hands"][seat]
    devs = [None, *(c for c in hand if card_of(c).kind == DEVELOPMENT)]
    if state["centre"]:
        devs.append(SURVEY_TEAM)
    worlds = [None, *(c for c in hand if card_of(c).is_world)]
    for _ in range(PLACEMENT_TRIES):
        g, i = rng.randbelow(g, len(devs))
        g, k = rng.randbelow(g, len(worlds))
        try:
            choice.check_choice(state, seat, devs[i], worlds[k], False)
        except IllegalAction:
            continue
        return {"type": "choose", "development": devs[i], "world": worlds[k], "contact": False}
    return {"type": "explore"}


def estimate(state: State) -> list[float]:
    """Each seat's VP, what its empire yields a round (J33-J37) and its cards."""
    out = []
    for seat, empire in enumerate(state["empires"]):
        vp_rate, income = powers.totals(empire, other_empires(state, seat))
        cards = len(state["hands"][seat]) + income
        out.append(state["vp"][seat] + YIELD_ROUNDS * vp_rate + CARD_VALUE * cards)
    return out


def round_key(state: State) -> tuple[int, str, int | None] | None:
    """Every step of a round asks its seats at once and in secret (J15)."""
    if state["phase"] == "over":
        return None
    return (state["round"], state["phase"], state["cursor"])


def greedy_view(state: State, seat: int) -> View:
    """The parts of ``seat``'s view the greedy bot reads (its hand and task, the empires,
    scores and the centre, its legal actions), built straight from a dealt state: the
    playouts skip what the bot never reads (the reasons, the log, the costs)."""
    task = state["tasks"][seat]
    return {
        "seat": seat,
        "players": [
            {
                "empire": [card_json(c) for c in empire],
                "vp": state["vp"][s],
                "empire_yield": {"vp": powers.totals(empire, other_empires(state, s))[0]},
            }
            for s, empire in enumerate(state["empires"])
        ],
        "me": {
            "hand": [card_json(c) for c in state["hands"][seat]],
            "task": None if task is None else view.task_view(task),
        },
        "centre": [card_json(c) for c in state["centre"]],
        "legal": turn.legal_actions(state, seat),
    }


def _easy(state: State, seat: int, g: int) -> Action:
    return bots.bot_action("greedy", greedy_view(state, seat), g)


HOOKS = SearchHooks(
    sample=sample_state,
    moves=moves,
    rollout=mostly_easy(_quick, _easy),
    estimate=estimate,
    round_key=round_key,
    scale=5.0,
    simulations={"normal": 40, "strong": 120},
    # Four to five rounds of two seats: 12 actions searched no better than easy.
    playout_depth={"normal": 40, "strong": 40},
    # As many rounds at four players: 40 actions there won 34 % against three easy bots,
    # 80 won 53 %; at three, 24 games told 40 and 60 apart no more than chance (docs/bots.md).
    depth_factor={4: 2.0},
)
