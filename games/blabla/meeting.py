"""Meeting, swap and fight (B38-B40, B46, B63).

The mover may meet one ship next to it (or on the same landing point), sees that
player's BlaBla cards (a private note, B63), and may propose one swap; the met player
answers; a refusal starts a fight with combat tokens, two secret bids revealed together.
"""

from __future__ import annotations

from typing import Any

from games import gamelog
from games.blabla.data import COMBAT, HOME, LANDING, neighbours
from games.blabla.table import barrier
from games.core import Event, State


def candidates(state: State, seat: int) -> list[int]:
    """B38: the ships outside the port next to the mover, or on the same landing point."""
    at = state["ships"][seat]["at"]
    if at in HOME:
        return []
    near = set(neighbours(at))
    return [
        other
        for other, ship in enumerate(state["ships"])
        if other != seat
        and ship["at"] not in HOME
        and (ship["at"] in near or (at in LANDING and ship["at"] == at))
    ]


def offer(state: State, seat: int) -> dict | None:
    """B58: a meeting is always offered when there is a ship to meet."""
    found = candidates(state, seat)
    return {"kind": "meet", "with": found} if found else None


def _learn(state: State, seat: int, cards: list[str]) -> None:
    state["known"][seat] = sorted(set(state["known"][seat]) | set(cards))


def meet(state: State, seat: int, other: int, log: list[Event]) -> dict | None:
    """B39, B63: the mover sees the other hand's BlaBla cards (an information barrier)."""
    barrier(state)
    seen = list(state["blabla"][other])
    _learn(state, seat, seen)
    round_no = state["turns"] // state["players"] + 1
    state["notes"][seat].append(
        {"kind": "meeting", "seat": other, "round": round_no, "cards": seen}
    )
    state["stats"]["meetings"] += 1
    log.append(gamelog.public(seat, "meeting", other=other))
    log.append(gamelog.private(seat, "meeting_seen", other=other, cards=seen))
    if seen and state["blabla"][seat]:
        return {"kind": "propose", "with": other, "seen": seen}
    return None


def proposals(state: State, seat: int, other: int) -> list[dict[str, Any]]:
    """B39: one of the met player's BlaBla cards for one of the mover's."""
    return [
        {"type": "propose", "take": take, "give": give}
        for take in state["blabla"][other]
        for give in state["blabla"][seat]
    ]


def propose(state: State, seat: int, other: int, take: str, give: str, log: list[Event]) -> dict:
    """B39, B56, B59: a barrier; the two cards are known to the pair only."""
    barrier(state)
    _learn(state, other, [give])
    for who, partner in ((seat, other), (other, seat)):
        state["notes"][who].append(
            {"kind": "proposal", "seat": partner, "mover": seat, "take": take, "give": give}
        )
        log.append(
            gamelog.private(who, "proposal_cards", mover=seat, other=other, take=take, give=give)
        )
    log.append(gamelog.public(seat, "proposal", other=other))
    return {"kind": "answer", "mover": seat, "with": other, "take": take, "give": give}


def swap(state: State, step: dict, log: list[Event]) -> None:
    """B40: one card for one card."""
    mover, other = step["mover"], step["with"]
    state["blabla"][mover].remove(step["give"])
    state["blabla"][other].remove(step["take"])
    state["blabla"][mover] = sorted(state["blabla"][mover] + [step["take"]])
    state["blabla"][other] = sorted(state["blabla"][other] + [step["give"]])
    state["stats"]["swaps"] += 1
    log.append(gamelog.public(mover, "swap", other=other))


def refuse(state: State, step: dict, log: list[Event]) -> dict | None:
    """B39, B46: a refusal is fought over with the option, when the mover has a token."""
    log.append(gamelog.public(step["with"], "refuse", mover=step["mover"]))
    if state["options"][COMBAT] and state["tokens"][step["mover"]] > 0:
        state["stats"]["fights"] += 1
        return {**step, "kind": "fight", "bids": [None, None], "committed": [False, False]}
    return None


def fighters(step: dict) -> list[int]:
    return [step["mover"], step["with"]]


def reveal(state: State, step: dict, log: list[Event]) -> None:
    """B46: both bids at once; the mover must bid more; every bid token goes back."""
    mover_bid, other_bid = step["bids"]
    for seat, bid in zip(fighters(step), step["bids"], strict=True):
        state["tokens"][seat] -= bid
        state["supply"] += bid
    won = mover_bid > other_bid
    log.append(
        gamelog.public(
            step["mover"],
            "fight",
            other=step["with"],
            mover_bid=mover_bid,
            other_bid=other_bid,
            won=won,
        )
    )
    if won:
        swap(state, step, log)
