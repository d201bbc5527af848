"""The six actions (R11-R25) and the tile choice that follows a look (O4, O5).

Every function here validates the whole action first and only then builds the new
state. It copies just the parts it changes; everything else is shared with the old
state, which is never mutated. Each returns ``(new state, log lines, barrier)``:
``barrier`` is true when the action drew a card or looked into a stack (O2).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from games import gamelog, rng
from games.core import Action, Event, IllegalAction, State
from games.memo import shared
from games.space_mission.data import (
    CARDS,
    END_THRESHOLD,
    HAND_SIZE,
    JUMP,
    LANDING,
    PLANETS,
    POINT_TILES,
    SCAN,
    card_shown,
    coordinate_shown,
    tile_shown,
)
from games.space_mission.setup import GATE

Outcome = tuple[State, list[Event], bool]

# ---------------------------------------------------------------- reading an action


def check_keys(action: Action, *allowed: str) -> None:
    """Refuse keys the action type does not have (``type`` is always allowed)."""
    for key in action:
        if key != "type" and key not in allowed:
            raise IllegalAction("bad_action", f"This action has no field {str(key)[:20]!r}.")


def _string(value: Any, what: str) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= 40:
        raise IllegalAction("bad_action", f"The {what} must be given by its id.")
    return value


def _own_cards(state: State, seat: int, value: Any, what: str = "cards") -> list[str]:
    """Distinct card ids, all in ``seat``'s hand."""
    if not isinstance(value, list) or len(value) > HAND_SIZE:
        raise IllegalAction("bad_action", f"The {what} must be a list of card ids.")
    ids = [_string(v, "card") for v in value]
    if len(set(ids)) != len(ids):
        raise IllegalAction("bad_action", "The same card is named twice.")
    hand = state["hands"][seat]
    for card in ids:
        if card not in hand:
            raise IllegalAction("card_not_in_hand", "That card is not in your hand.")
    return ids


def _one_card(state: State, seat: int, action: Action) -> str:
    if "card" not in action:
        raise IllegalAction("bad_action", "Choose a card to play.")
    return _own_cards(state, seat, [_string(action["card"], "card")])[0]


def _ring_planet(state: State, value: Any) -> str:
    planet = _string(value, "planet")
    if planet not in state["stacks"]:
        raise IllegalAction("unknown_planet", "There is no such planet in this game.")
    return planet


def ship_planet(state: State, seat: int) -> str:
    """The planet ``seat``'s ship is on; Scan, Colonise, Discover and Fly need one (R11)."""
    where = state["ships"][seat]
    if where == GATE:
        raise IllegalAction("on_gate", "Your ship is on the Jump Gate, not on a planet.")
    return where


def _need_chip(state: State, seat: int, purpose: str) -> None:
    """R5 ruling: an action that needs a chip is refused when the supply is empty."""
    if state["chips"][seat] <= 0:
        raise IllegalAction("no_chip", f"You have no chip left for {purpose}.")


def _name(planet: str) -> str:
    return PLANETS[planet].name


# ---------------------------------------------------------------- copy-on-write helpers


def _set(seq: list, index: int, value: Any) -> list:
    out = list(seq)
    out[index] = value
    return out


def _add(seq: list, index: int, delta: int) -> list:
    out = list(seq)
    out[index] += delta
    return out


def _play(new: State, state: State, seat: int, cards: list[str]) -> None:
    """Move played cards from the hand to the discard pile (R22)."""
    new["hands"] = _set(state["hands"], seat, [c for c in state["hands"][seat] if c not in cards])
    new["discard"] = state["discard"] + cards


# ---------------------------------------------------------------- Restock (R12, R13)


def restock(state: State, seat: int, action: Action) -> Outcome:
    """R12, R13: discard any hand cards, then draw up to the hand size."""
    check_keys(action, "discard")
    if "discard" not in action:
        raise IllegalAction("bad_action", "Name the cards to discard (an empty list for none).")
    discarded = _own_cards(state, seat, action["discard"], "discard")
    hand = [c for c in state["hands"][seat] if c not in discarded]
    pile, restocked = state["discard"], state["restocked"]
    if discarded:
        pile = pile + discarded
        restocked = {**restocked, **dict.fromkeys(discarded, seat)}
    need = HAND_SIZE - len(hand)
    drawn, draw = _take(state["draw"], need)
    g, reshuffled = state["rng"], False
    if len(drawn) < need and pile:  # R13: the discard pile becomes the draw pile
        g, draw = rng.shuffled(g, pile)
        pile, restocked, reshuffled = [], {}, True
        more, draw = _take(draw, need - len(drawn))
        drawn += more  # R13 ruling: if both piles run out, the hand stays short
    new = dict(state)
    if discarded or drawn:  # else nothing moved: keep sharing every part
        new.update(rng=g, draw=draw, discard=pile, restocked=restocked)
        new["hands"] = _set(state["hands"], seat, sorted(hand + drawn))
    return new, _restock_log(seat, discarded, drawn, reshuffled), bool(drawn)


def _restock_log(
    seat: int, discarded: list[str], drawn: list[str], reshuffled: bool
) -> list[Event]:
    """Counts for everyone; which cards, for the restocking seat alone."""
    log = [gamelog.public(seat, "restock", discarded=len(discarded), drew=len(drawn))]
    if reshuffled:
        log.append(gamelog.public(None, "reshuffle"))
    if discarded or drawn:
        log.append(
            gamelog.private(
                seat,
                "restock_cards",
                discarded=[card_shown(c) for c in discarded],
                drew=[card_shown(c) for c in sorted(drawn)],
            )
        )
    return log


def _take(draw: list[str], n: int) -> tuple[list[str], list[str]]:
    """(up to ``n`` cards from the top of the draw pile, the rest of the pile)."""
    if n <= 0 or not draw:
        return [], draw
    cut = max(len(draw) - n, 0)
    return draw[cut:][::-1], draw[:cut]


# ---------------------------------------------------------------- Jump (R14) and Fly (R15)


def jump(state: State, seat: int, action: Action) -> Outcome:
    """R14: play a jump coordinate, move to another planet with it, put a probe on the gate."""
    check_keys(action, "card", "planet")
    card = _one_card(state, seat, action)
    target = _ring_planet(state, action.get("planet"))
    if state["ships"][seat] == target:
        raise IllegalAction("same_planet", "Your ship is already on that planet.")
    number = PLANETS[target].jump
    if not CARDS[card].matches(JUMP, number):
        raise IllegalAction(
            "coordinate_mismatch", f"{_name(target)} needs a blue {number} (or blue ?)."
        )
    _need_chip(state, seat, "the probe on the Jump Gate")
    new = dict(state)
    _play(new, state, seat, [card])
    new["ships"] = _set(state["ships"], seat, target)
    new["chips"] = _add(state["chips"], seat, -1)
    new["gate"] = _add(state["gate"], seat, 1)
    used = coordinate_shown(JUMP, CARDS[card].value(JUMP))
    return new, [gamelog.public(seat, "jump", planet=_name(target), coordinate=used)], False


def neighbours(state: State, planet: str) -> tuple[str, str]:
    """The planets on either side of ``planet`` in the ring (R6)."""
    ring = state["ring"]
    i = ring.index(planet)
    return ring[i - 1], ring[(i + 1) % len(ring)]


def fly(state: State, seat: int, action: Action) -> Outcome:
    """R15: move to a ring neighbour; no card, no probe."""
    check_keys(action, "planet")
    target = _ring_planet(state, action.get("planet"))
    here = ship_planet(state, seat)
    if target == here:
        raise IllegalAction("same_planet", "Your ship is already on that planet.")
    if target not in neighbours(state, here):
        raise IllegalAction("not_neighbour", f"{_name(target)} is not next to {_name(here)}.")
    new = dict(state)
    new["ships"] = _set(state["ships"], seat, target)
    return new, [gamelog.public(seat, "fly", planet=_name(target))], False


# ---------------------------------------------------------------- Scan, Colonise, Discover


def _uncolonised(state: State, planet: str) -> None:
    if planet in state["stations"]:
        raise IllegalAction("planet_colonised", f"{_name(planet)} already has a space station.")


def scan(state: State, seat: int, action: Action) -> Outcome:
    """R16-R18: play the scan coordinate of an uncolonised planet and look at its stack."""
    check_keys(action, "card")
    card = _one_card(state, seat, action)
    planet = ship_planet(state, seat)
    _uncolonised(state, planet)
    number = PLANETS[planet].scan
    if not CARDS[card].matches(SCAN, number):
        raise IllegalAction(
            "coordinate_mismatch", f"{_name(planet)} needs a green {number} (or green ?)."
        )
    if may_reserve(state, planet):
        _need_chip(state, seat, "a reservation")
    new = dict(state)
    _play(new, state, seat, [card])
    scanned = state["scanned"].get(planet, [])
    if seat not in scanned:
        new["scanned"] = {**state["scanned"], planet: sorted([*scanned, seat])}
    used = coordinate_shown(SCAN, CARDS[card].value(SCAN))
    log = [gamelog.public(seat, "scan", planet=_name(planet), coordinate=used)]
    return _look(new, seat, planet, "scan", log)


def may_reserve(state: State, planet: str) -> bool:
    """Whether a scan here might reserve a tile: not when the stack is known to hold none
    (face-up space, or empty), so such a scan needs no chip."""
    return planet not in state["revealed"] and bool(state["stacks"][planet])


def landing_pair_fits(first: str, second: str, landing: tuple[int, int]) -> bool:
    """R19: one card per landing coordinate, in either order; orange ? matches any."""
    a, b = CARDS[first], CARDS[second]
    x, y = landing
    return (a.matches(LANDING, x) and b.matches(LANDING, y)) or (
        a.matches(LANDING, y) and b.matches(LANDING, x)
    )


def colonise(state: State, seat: int, action: Action) -> Outcome:
    """R19, R20: build a station, pay out every reservation, then look at the stack."""
    check_keys(action, "cards")
    cards = action.get("cards")
    if not isinstance(cards, list) or len(cards) != 2:
        raise IllegalAction("bad_action", "Colonising takes exactly two cards.")
    cards = _own_cards(state, seat, cards)
    planet = ship_planet(state, seat)
    _uncolonised(state, planet)
    if seat not in state["scanned"].get(planet, ()):
        raise IllegalAction("not_scanned", f"You must scan {_name(planet)} before colonising it.")
    landing = PLANETS[planet].landing
    if not landing_pair_fits(cards[0], cards[1], landing):
        raise IllegalAction(
            "coordinate_mismatch",
            f"{_name(planet)} needs orange {landing[0]} and orange {landing[1]}.",
        )
    _need_chip(state, seat, "the space station")
    new = dict(state)
    _play(new, state, seat, cards)
    new["stations"] = {**state["stations"], planet: seat}
    chips = _add(state["chips"], seat, -1)
    used = [coordinate_shown(LANDING, CARDS[c].value(LANDING)) for c in cards]
    log = [gamelog.public(seat, "colonise", planet=_name(planet), coordinates=used)]
    new["chips"] = chips
    _pay_out(new, planet, log)
    return _look(new, seat, planet, "colonise", log)


def _pay_out(new: State, planet: str, log: list[Event]) -> None:
    """R20: every reservation on the planet goes to its owner, with the probe chip back."""
    reservations = new["reservations"].get(planet)
    if not reservations:
        return
    collections, chips = list(new["collections"]), list(new["chips"])
    paid: dict[int, list[str]] = {}
    for owner, tile in reservations:
        paid.setdefault(owner, []).append(tile)
        chips[owner] += 1
    for owner, tiles in sorted(paid.items()):
        collections[owner] = collections[owner] + tiles
        log.append(gamelog.public(owner, "payout", planet=_name(planet), count=len(tiles)))
        shown = [tile_shown(t) for t in tiles]
        log.append(gamelog.private(owner, "payout_tiles", planet=_name(planet), tiles=shown))
    new["collections"], new["chips"] = collections, chips
    new["reservations"] = {p: r for p, r in new["reservations"].items() if p != planet}


def discover(state: State, seat: int, action: Action) -> Outcome:
    """R21: on a colonised planet, take one point tile of the stack (no card)."""
    check_keys(action)
    planet = ship_planet(state, seat)
    if planet not in state["stations"]:
        raise IllegalAction("not_colonised", f"{_name(planet)} has no space station yet.")
    if not has_point_tile(state["stacks"][planet]):
        raise IllegalAction("no_point_tile", f"The stack of {_name(planet)} holds no point tile.")
    log = [gamelog.public(seat, "discover", planet=_name(planet))]
    return _look(dict(state), seat, planet, "discover", log)


def has_point_tile(stack: list[str]) -> bool:
    return any(t in POINT_TILES for t in stack)


# ---------------------------------------------------------------- looking and picking (O4, O7)


def _look(new: State, seat: int, planet: str, purpose: str, log: list[Event]) -> Outcome:
    """The seat looks through the stack: it must now pick a point tile, or gets none (R17)."""
    stack = new["stacks"][planet]
    if has_point_tile(stack):
        new["looking"] = {"seat": seat, "planet": planet, "purpose": purpose}
        return new, log, True
    _remember(new, seat, planet, stack, taken=False)
    log.append(gamelog.private(seat, "no_point_tile", planet=_name(planet)))
    _settle(new, planet, log)
    return new, log, True


def pick(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    """O4, O5: the looking seat reserves (Scan) or takes (Colonise, Discover) a point tile."""
    check_keys(action, "tile")
    tile = _string(action.get("tile"), "tile")
    planet, purpose = state["looking"]["planet"], state["looking"]["purpose"]
    stack = state["stacks"][planet]
    if tile not in stack:
        raise IllegalAction("tile_not_in_stack", "That tile is not in the stack.")
    if tile not in POINT_TILES:
        raise IllegalAction("space_tile", "Space tiles cannot be taken (O5).")
    rest = [t for t in stack if t != tile]
    new = dict(state)
    new["stacks"] = {**state["stacks"], planet: rest}
    new["looking"] = None
    if purpose == "scan":
        mine = state["reservations"].get(planet, [])
        new["reservations"] = {**state["reservations"], planet: [*mine, [seat, tile]]}
        new["chips"] = _add(state["chips"], seat, -1)
        kind = "reserve"
    else:
        new["collections"] = _set(state["collections"], seat, state["collections"][seat] + [tile])
        kind = "take"
    log = [
        gamelog.public(seat, kind, planet=_name(planet)),
        gamelog.private(seat, kind + "_tile", planet=_name(planet), tile=tile_shown(tile)),
    ]
    _remember(new, seat, planet, rest, taken=True)
    _settle(new, planet, log)
    return new, log


def _remember(new: State, seat: int, planet: str, seen: list[str], taken: bool) -> None:
    """O7: the seat now remembers ``seen``; if it took a tile, the others count one take."""
    memory = list(new["memory"])
    memory[seat] = {**memory[seat], planet: {"tiles": sorted(seen), "taken_since": 0}}
    if taken:
        for other, mem in enumerate(memory):
            if other != seat and planet in mem:
                old = mem[planet]
                memory[other] = {**mem, planet: {**old, "taken_since": old["taken_since"] + 1}}
    new["memory"] = memory


def face_up_count(state: State) -> int:
    """Face-up space tiles on the table (R24); they trigger the end (R26)."""
    return sum(len(state["stacks"][p]) for p in state["revealed"])


def _settle(new: State, planet: str, log: list[Event]) -> None:
    """R24 (and R17): an all-space stack turns face up; R26: that may trigger the end."""
    stack = new["stacks"][planet]
    if not stack or planet in new["revealed"] or has_point_tile(stack):
        return
    new["revealed"] = [*new["revealed"], planet]
    log.append(gamelog.public(None, "reveal", planet=_name(planet), count=len(stack)))
    threshold = END_THRESHOLD[new["players"]]
    if not new["ending"] and face_up_count(new) >= threshold:
        new["ending"] = True
        log.append(gamelog.public(None, "ending", face_up=threshold))


# ---------------------------------------------------------------- which actions are legal


def legal(state: State, seat: int) -> list[Action]:
    """Every action the six rules allow ``seat`` now (the turn rules are in ``turn``)."""
    hand, ring = state["hands"][seat], state["ring"]
    # A fresh list (callers may extend it) of shared, read-only actions; the ring, which a
    # game never changes, comes first in the sources: it keeps each match's apart.
    acts: list[Action] = list(shared(("restock", seat), (ring, hand), _restocks, hand))
    where = state["ships"][seat]
    has_chip = state["chips"][seat] > 0
    if has_chip:
        acts += shared(("jump", seat), (ring, hand, where), _jumps, ring, hand, where)
    if where == GATE:
        return acts
    acts += [{"type": "fly", "planet": p} for p in neighbours(state, where)]
    if where in state["stations"]:
        if has_point_tile(state["stacks"][where]):
            acts.append({"type": "discover"})
        return acts
    planet = PLANETS[where]
    if has_chip or not may_reserve(state, where):
        acts += [{"type": "scan", "card": c} for c in hand if CARDS[c].matches(SCAN, planet.scan)]
    if has_chip and seat in state["scanned"].get(where, ()):
        acts += [
            {"type": "colonise", "cards": [a, b]}
            for a, b in combinations(hand, 2)
            if landing_pair_fits(a, b, planet.landing)
        ]
    return acts


def _restocks(hand: list[str]) -> list[Action]:
    """R12: one restock per set of cards to discard (none to all)."""
    return [
        {"type": "restock", "discard": list(combo)}
        for r in range(len(hand) + 1)
        for combo in combinations(hand, r)
    ]


def _jumps(ring: list[str], hand: list[str], where: str) -> list[Action]:
    acts = []
    for card in hand:
        value = CARDS[card].value(JUMP)
        if value is None:
            continue
        for p in ring:
            if p != where and (value == "?" or PLANETS[p].jump == value):
                acts.append({"type": "jump", "card": card, "planet": p})
    return acts
