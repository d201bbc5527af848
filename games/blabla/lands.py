"""The time hole and the BlaBla lands (B32-B36), and each player's stack memory (B62)."""

from __future__ import annotations

from games import gamelog
from games.blabla.data import (
    FLIGHT,
    LANDS,
    PARITY_LAND,
    STACKS,
    TIME_HOLE,
    stack_keys,
)
from games.blabla.table import barrier, in_force
from games.core import Event, State


def land_cards(state: State, land: str) -> int:
    return sum(len(state["stacks"][k]) for k in stack_keys(land))


def destination(state: State, top_card: str) -> str:
    """B33: odd to the West, even to the East (reversed by Time warp); an empty land
    gives way to the other while that one has cards."""
    parity = "odd" if (FLIGHT[top_card].value or 0) % 2 else "even"
    if in_force(state, "time_hole_swap"):
        parity = "even" if parity == "odd" else "odd"
    land = PARITY_LAND[parity]
    other = next(k for k in LANDS if k != land)
    if land_cards(state, land) == 0 and land_cards(state, other) > 0:
        return other
    return land


def jump(state: State, seat: int, top_card: str, log: list[Event]) -> bool:
    """B32: a move ending on the time hole with the jump ready goes to a landing point."""
    ship = state["ships"][seat]
    if ship["at"] not in TIME_HOLE:
        return False
    land = destination(state, top_card)
    ship["at"], ship["jump"] = LANDS[land]["landing_point"], False
    state["stats"]["jumps"] += 1
    log.append(gamelog.public(seat, "jump", land=land, to=ship["at"]))
    return True


def stack_choices(state: State, seat: int) -> list[str]:
    """B34: the non-empty stacks of the land the ship stands in."""
    land = next(k for k, v in LANDS.items() if v["landing_point"] == state["ships"][seat]["at"])
    return [k for k in stack_keys(land) if state["stacks"][k]]


def look(state: State, seat: int, keys: list[str], log: list[Event]) -> dict:
    """B34, B59: the player looks into the stacks (an information barrier)."""
    barrier(state)
    seen = sorted({c for k in keys for c in state["stacks"][k]} - set(state["known"][seat]))
    state["known"][seat] = sorted(state["known"][seat] + seen)
    log.append(gamelog.public(seat, "look", stacks=keys))
    log.append(gamelog.private(seat, "seen", stacks={k: list(state["stacks"][k]) for k in keys}))
    return {"kind": "keep", "stacks": keys}


def start_look(state: State, seat: int, log: list[Event]) -> dict | None:
    """B34: the step after a jump: choose a stack, or look (Deep scan, a single stack)."""
    choices = stack_choices(state, seat)
    if not choices:
        log.append(gamelog.public(seat, "land_empty"))
        return None
    if in_force(state, "scan_both_stacks") or len(choices) == 1:
        return look(state, seat, choices, log)
    return {"kind": "stack", "choices": choices}


def keep(state: State, seat: int, card: str, keys: list[str], log: list[Event]) -> None:
    """B34, B62: keep one card; the rest go back in their order; memories are updated."""
    source = next(k for k in keys if card in state["stacks"][k])
    state["stacks"][source].remove(card)
    state["blabla"][seat].append(card)
    state["blabla"][seat].sort()
    for other, memory in enumerate(state["memory"]):
        if other != seat and source in memory:
            memory[source]["taken"] += 1
    for key in keys:
        state["memory"][seat][key] = {"cards": list(state["stacks"][key]), "taken": 0}
    log.append(gamelog.public(seat, "keep", stack=source))
    log.append(gamelog.private(seat, "kept", card=card, stack=source))


def stacks_empty(state: State) -> bool:
    """B51: no BlaBla card is left in any stack."""
    return not any(state["stacks"][k] for k in STACKS)
