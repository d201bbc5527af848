"""Reveal and place (J17-J31): what happens when the last seat has committed a step.

Steps of a round, each asking only the seats that have something to decide:
``choose`` → reveal → ``pay`` → place, draws in table order (``explore``: one explorer
at a time, only when the pile runs out, J31) → ``after`` (explore discards and second
worlds) → reveal second worlds → ``pay2`` → place them → the end of
the round (``endround``). A step nobody has to decide in is passed straight through;
J18: a payment without a choice (cost 0, or the whole hand) is made by the engine.
All functions here work on a fresh state (``table.fresh``) and append to ``log``.
"""

from __future__ import annotations

from games import gamelog
from games.core import Event, State
from games.jump_drive import choice, endround, powers
from games.jump_drive.choice import CONQUER, CONTACT
from games.jump_drive.data import (
    COLONY_CONVOY,
    EXPLORE_NET,
    MARKER_EXPLORE,
    SURVEY_TEAM,
    card_of,
    card_shown,
)
from games.jump_drive.table import discard, draw, table_order


def step_done(new: State, log: list[Event]) -> None:
    """Every asked seat has committed: carry out the step and go on to the next."""
    phase = new["phase"]
    if phase == "choose":
        reveal(new, log)
        return
    _discard_selected(new, log)
    if phase == "keep":
        endround.start_round(new, log)
    elif phase == "pay":
        place(new, log)
    elif phase == "explore":
        draw_in_order(new, log)
    elif phase == "after":
        reveal_seconds(new, log)
    elif phase == "pay2":
        place_seconds(new, log)
    else:  # the hand limit
        endround.next_round(new, log)


# Why a seat discards, by the step it discards in (the log says so).
_WHY = {
    "keep": "keep",
    "pay": "pay",
    "pay2": "pay",
    "after": "explore",
    "explore": "explore",
    "limit": "limit",
}


def _discard_selected(new: State, log: list[Event]) -> None:
    for seat in table_order(new):
        task = new["tasks"][seat]
        if task is not None and task["kind"] == "discard":
            _discard_logged(new, seat, task["selected"], new["phase"], log)
            new["tasks"][seat] = None


def _discard_logged(new: State, seat: int, cards: list[str], why: str, log: list[Event]) -> None:
    if not cards:
        return
    discard(new, seat, cards)
    log.append(gamelog.public(seat, "discard", why=_WHY[why], count=len(cards)))
    shown = sorted(card_shown(c) for c in cards)
    log.append(gamelog.private(seat, "discard_cards", cards=shown))


def ask(new: State, phase: str, tasks: dict[int, dict], log: list[Event]) -> bool:
    """Set the step's tasks; a discard with no choice is made at once. True if anyone acts."""
    new["phase"] = phase
    asked = []
    for seat, task in tasks.items():
        if task["kind"] == "discard":
            hand = new["hands"][seat]
            if task["count"] <= 0:
                continue
            if task["count"] >= len(hand):  # J18: nothing to choose
                _discard_logged(new, seat, list(hand), phase, log)
                continue
        new["tasks"][seat] = task
        asked.append(seat)
    new["active"] = sorted(asked)
    return bool(asked)


def discard_task(count: int) -> dict:
    return {"kind": "discard", "count": count, "selected": []}


# ---------------------------------------------------------------- reveal and pay (J17-J24)


def reveal(new: State, log: list[Event]) -> None:
    """J15: all choices are shown at once; the placed cards leave the hands."""
    costs: dict[int, dict] = {}
    for seat in table_order(new):
        draft = new["tasks"][seat]["draft"]
        new["tasks"][seat] = None
        if draft.get("explore"):
            new["placing"][seat] = _placing(explore=True)
            log.append(gamelog.public(seat, "reveal_explore"))
            continue
        dev, world, contact = draft["development"], draft["world"], draft["contact"]
        total = choice.check_choice(new, seat, dev, world, contact)
        if dev == SURVEY_TEAM:  # J24: the next Survey Team of the centre
            dev = new["centre"][0]
            new["centre"] = new["centre"][1:]
        taken = {dev, world}
        new["hands"][seat] = [c for c in new["hands"][seat] if c not in taken]
        mode = (
            None
            if world is None
            else choice.world_mode(_with(new["empires"][seat], dev), card_of(world), contact)
        )
        new["placing"][seat] = _placing(development=dev, world=world, mode=mode)
        log.append(_reveal_line(seat, dev, world, mode))
        costs[seat] = discard_task(total)
    if not ask(new, "pay", costs, log):
        place(new, log)


def _with(empire: list[str], dev: str | None) -> list[str]:
    return empire if dev is None else [*empire, dev]


def _placing(**fields: object) -> dict:
    base = {
        "explore": False,
        "development": None,
        "world": None,
        "mode": None,
        "spent": None,
        "second": None,
        "second_mode": None,
    }
    return {**base, **fields}


def _reveal_line(seat: int, dev: str | None, world: str | None, mode: str | None) -> Event:
    """What a seat revealed: a development, a world (conquered, paid for, or paid for via
    Contact Specialist), or both."""
    return gamelog.public(
        seat,
        "reveal",
        development=card_shown(dev) if dev else None,
        world=card_shown(world) if world else None,
        mode=mode,
    )


# ---------------------------------------------------------------- place, draw, explore


def place(new: State, log: list[Event]) -> None:
    """J17: the cards enter the empires (development first); then the step's draws."""
    for seat in table_order(new):
        p = new["placing"][seat]
        if p["explore"]:
            continue
        empire = list(new["empires"][seat])
        if p["development"] is not None:
            empire.append(p["development"])
        if p["world"] is not None:
            world = card_of(p["world"])
            if p["mode"] == CONQUER:
                new["placing"][seat] = {**p, "spent": list(choice.spent_on(empire, world))}
            empire.append(p["world"])
        new["empires"][seat] = empire
    # J31: discards go to the pile as soon as they are made. That matters only when the
    # pile runs out during the step's draws: then each explorer discards in table order
    # before the next seat draws; otherwise all explorers choose at once, after the draws.
    needed = sum(_draws_needed(new, seat) for seat in table_order(new))
    new["cursor"] = 0 if needed > len(new["draw"]) else None
    draw_in_order(new, log)


def _draws_needed(new: State, seat: int) -> int:
    p = new["placing"][seat]
    if p["explore"]:
        return EXPLORE_NET + powers.printed(new["empires"][seat], "explore") + MARKER_EXPLORE
    return int(p["world"] is not None and p["development"] is None)


def draw_in_order(new: State, log: list[Event]) -> None:
    """J19, J29, J31: world-alone and explore draws in table order (from ``cursor`` when
    explorers discard one by one); then ask for explore discards and second worlds."""
    order = table_order(new)
    one_by_one = new["cursor"] is not None
    tasks: dict[int, dict] = {}
    for i in range(new["cursor"] or 0, len(order)):
        seat = order[i]
        p = new["placing"][seat]
        if p["explore"]:
            task = discard_task(_explore(new, seat, log))
            if one_by_one:
                new["cursor"] = i + 1
                if ask(new, "explore", {seat: task}, log):
                    return
            else:
                tasks[seat] = task
        elif p["world"] is not None and p["development"] is None:
            _drawn(new, seat, 1, "world_alone", log)
    new["cursor"] = None
    for seat in order:
        if seat not in tasks and choice.has_second(new, seat):
            tasks[seat] = {"kind": "second", "draft": None}
    if not ask(new, "after", tasks, log):
        endround.finish_round(new, log)


def _explore(new: State, seat: int, log: list[Event]) -> int:
    """J29, J30: draw 2 + E, then discard E (never more than drawn); returns that count."""
    new["markers"][seat] += 1
    icons = powers.printed(new["empires"][seat], "explore") + MARKER_EXPLORE
    drawn = _drawn(new, seat, EXPLORE_NET + icons, "explore", log)
    return min(icons, len(drawn))


def _drawn(new: State, seat: int, n: int, why: str, log: list[Event]) -> list[str]:
    lines: list[Event] = []
    drawn = draw(new, seat, n, lines)
    log.extend(lines)
    log.append(gamelog.public(seat, "draw", why=why, count=len(drawn)))
    if drawn:
        shown = sorted(card_shown(c) for c in drawn)
        log.append(gamelog.private(seat, "draw_cards", cards=shown))
    return drawn


# ---------------------------------------------------------------- second worlds (J26-J28)


def reveal_seconds(new: State, log: list[Event]) -> None:
    """J26: all second worlds are shown together; Colony Convoy leaves the empire (J27)."""
    costs: dict[int, dict] = {}
    for seat in table_order(new):
        task = new["tasks"][seat]
        new["tasks"][seat] = None
        if task is None or task["kind"] != "second" or task["draft"]["world"] is None:
            continue
        world, contact = task["draft"]["world"], task["draft"]["contact"]
        total = choice.check_second(new, seat, world, contact)
        convoy = choice.convoy_for(new, seat)
        mode = CONQUER if convoy != COLONY_CONVOY else CONTACT if contact else "pay"
        new["hands"][seat] = [c for c in new["hands"][seat] if c != world]
        new["placing"][seat] = {**new["placing"][seat], "second": world, "second_mode": mode}
        if convoy == COLONY_CONVOY:
            _use_colony_convoy(new, seat)
        line = gamelog.public(
            seat, "second", world=card_shown(world), mode=mode, convoy=convoy == COLONY_CONVOY
        )
        log.append(line)
        costs[seat] = discard_task(total)
    if not ask(new, "pay2", costs, log):
        place_seconds(new, log)


def _use_colony_convoy(new: State, seat: int) -> None:
    """J27, J57: the convoy used goes from the empire to the discard pile."""
    empire = new["empires"][seat]
    used = next(c for c in empire if card_of(c).id == COLONY_CONVOY)
    new["empires"][seat] = [c for c in empire if c != used]
    new["discard"] = [*new["discard"], used]


def place_seconds(new: State, log: list[Event]) -> None:
    for seat in table_order(new):
        second = new["placing"][seat] and new["placing"][seat]["second"]
        if second:
            new["empires"][seat] = [*new["empires"][seat], second]
    endround.finish_round(new, log)
