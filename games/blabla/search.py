"""What the shared search (``games.search``) needs of BlaBla: deals consistent with one
seat's view, the decisions worth searching, a playout policy and an estimate.

``sample_state`` reads the view only. Flight cards, ships, tokens, secured cards and the
pile are public and stay. Of the BlaBla cards the seat keeps what it knows: its own
hand, the stacks it is looking into, the hand it has just seen in a meeting, the cards
of a swap it is party to, the stacks it remembers (B62, of which the cards still there
are drawn when others have taken some since) and the hand it saw at its last meeting
with a player who has neither kept, secured nor swapped since (B63). Every other BlaBla
card is dealt at random into the places the view counts (other hands, the stacks, the
box). The boost tiles keep the order the log shows them turned in, the unseen ones are
shuffled (B43). A bid the seat cannot see is drawn from the bidder's tokens (B46).
"""

from __future__ import annotations

from typing import Any

from games import gamelog, rng
from games.blabla import bots, turn, view
from games.blabla.data import (
    BLABLA,
    BOOST_FIELDS,
    EXTRA_TURNS,
    GAME_ID,
    HOME,
    KINDS,
    LANDING,
    TILES,
    kind_of,
    value_of,
)
from games.bots import random_action
from games.core import Action, SearchHooks, State, View
from games.search import mostly_easy

# What a BlaBla card in hand is worth against a secured one (it may never get home), and
# the bonus of a kind not secured yet (four kinds end the game, B50).
CARRIED = 0.5
NEW_KIND = 1.5
_STATS = ("jumps", "recharges", "arrivals", "boosts", "pushes", "meetings", "fights", "swaps")
# The events after which a hand seen in a meeting may have changed.
_HAND_CHANGES = ("keep", "secure", "swap")


def _ids(cards: list[dict[str, Any]]) -> list[str]:
    return [c["id"] for c in cards]


def _last_seen(view: View, seat: int, other: int) -> list[str] | None:
    """The hand ``other`` showed at its last meeting with ``seat`` (B63) while it has not
    changed since, as far as the log tells."""
    found = None
    for line in view["log"]:
        args = line["args"]
        if line["kind"] == "meeting_seen" and line["seat"] == seat and args["other"] == other:
            found = list(args["cards"])
        elif line["kind"] in _HAND_CHANGES and other in (line["seat"], args.get("other")):
            found = None
    return found


def _fixed_hands(view: View, seat: int) -> dict[int, list[str]]:
    """Other hands the seat knows in full: just seen in this meeting, or at the last."""
    step = view["step"] or {}
    fixed: dict[int, list[str]] = {}
    for p in view["players"]:
        other = p["seat"]
        if other == seat:
            continue
        if step.get("kind") == "propose" and step.get("with") == other and view["me"]["seen"]:
            fixed[other] = _ids(view["me"]["seen"])
            continue
        seen = _last_seen(view, seat, other)
        if seen is not None and len(seen) == p["blabla_count"]:
            fixed[other] = seen
    return fixed


def _blabla(view: View, seat: int, g: int) -> tuple[int, dict[str, Any]]:
    me, players = view["me"], view["players"]
    n = len(players)
    secured = [_ids(p["secured"]) for p in players]
    own = _ids(me["blabla"])
    counts = dict(view["stacks"])
    stacks: dict[str, list[str]] = {k: [] for k in counts}
    for k, cards in (me["look"] or {}).items():
        stacks[k] = _ids(cards)
    known = set(own).union(*secured, *stacks.values())
    hands: list[list[str]] = [own if s == seat else [] for s in range(n)]
    for other, cards in _fixed_hands(view, seat).items():
        if not known.intersection(cards):
            hands[other] = sorted(cards)
            known.update(cards)
    proposal = me["proposal"]
    if proposal is not None:  # the seat is party to this swap: each card's holder is known
        step = view["step"]
        for card, holder in (
            (proposal["take"]["id"], step["with"]),
            (proposal["give"]["id"], step["mover"]),
        ):
            if card not in known:
                hands[holder] = sorted([*hands[holder], card])
                known.add(card)
    for k, memory in sorted(me["memory"].items()):
        if k in (me["look"] or {}) or not counts[k]:
            continue
        remembered = [c for c in _ids(memory["cards"]) if c not in known]
        g, kept = rng.shuffled(g, remembered)
        # Still there in the order remembered: the cards others took are drawn out.
        stacks[k] = [c for c in remembered if c in set(kept[: counts[k]])]
        known.update(stacks[k])
    g, pool = rng.shuffled(g, [c for c in BLABLA if c not in known])
    for s, p in enumerate(players):
        missing = p["blabla_count"] - len(hands[s])
        if missing > 0:
            hands[s] = sorted(hands[s] + pool[:missing])
            pool = pool[missing:]
    for k in sorted(stacks):
        missing = counts[k] - len(stacks[k])
        if missing > 0:
            stacks[k] = stacks[k] + pool[:missing]
            pool = pool[missing:]
    box = pool[: view["box_count"]]
    return g, {"blabla": hands, "secured": secured, "stacks": stacks, "box": box}


def _boost(view: View, g: int) -> tuple[int, list[str]]:
    """B43: the tiles in the order they came up (the log names each; a turn is never
    undone, it is an information barrier), the unseen ones shuffled behind them."""
    shown = [view["log"][0]["args"]["tile"]]
    shown += [line["args"]["tile"] for line in view["log"] if line["kind"] == "boost"]
    count = view["boost"]["count"]
    first_round = shown[:count]
    g, unseen = rng.shuffled(g, sorted(set(TILES) - set(first_round)))
    original = first_round + unseen
    at = view["boost"]["turned"] % count
    return g, original[at:] + original[:at]


def _turns(view: View) -> int:
    """Main turns played so far (B44, B50-B52), from the round, the turn and the end."""
    n, end, seat = len(view["players"]), view["end"], view["turn"]
    if end is None:
        return (view["round"] - 1) * n + (seat - view["start"]) % n
    spent = sum(EXTRA_TURNS - left for left in end["left"])
    if end["reason"] == "four_kinds":
        spent -= EXTRA_TURNS  # the trigger's own turns were taken from it, not played
    if spent == 0 and seat == end["by"]:
        return end["at"]  # the trigger's turn is still going on
    return end["at"] + 1 + spent


def _passes(view: View) -> tuple[int, bool]:
    """(consecutive turns passed before this one, whether this one passed) from the log."""
    passes = []
    for line in reversed(view["log"]):
        if line["kind"] == "pass":
            passes.append(line["seat"])
        elif not (line["kind"] == "draw" and not line["args"]["cards"]):
            break
    passed = bool(passes) and passes[0] == view["turn"] and view["step"]["kind"] == "confirm"
    return len(passes) - passed, passed


def _todo(view: View, at: str) -> list[str]:
    """B18: the stages of the move still to come after the step asked now."""
    kind = view["step"]["kind"]
    jumped = at in LANDING
    if kind in ("stack", "keep"):
        return ["home"] if at in HOME else ["meet"]
    if kind in ("meet", "propose", "answer", "fight"):
        return ["boost"] if not jumped and at in BOOST_FIELDS else []
    return []


def _step(view: View, seat: int, hands: list[list[str]], g: int) -> tuple[int, dict | None]:
    shown = view["step"]
    if shown is None:
        return g, None
    step = {k: v for k, v in shown.items() if k != "seat"}
    kind, me = step["kind"], view["me"]
    for key in ("with", "committed", "stacks", "choices"):
        if isinstance(step.get(key), list):
            step[key] = list(step[key])
    if kind == "propose":
        step["seen"] = list(hands[step["with"]])
    if kind in ("answer", "fight"):
        if me["proposal"] is not None:
            step["take"], step["give"] = me["proposal"]["take"]["id"], me["proposal"]["give"]["id"]
        else:
            g, i = rng.randbelow(g, len(hands[step["with"]]))
            g, j = rng.randbelow(g, len(hands[step["mover"]]))
            step["take"], step["give"] = hands[step["with"]][i], hands[step["mover"]][j]
    if kind == "fight":
        bids: list[int | None] = []
        for i, fighter in enumerate((step["mover"], step["with"])):
            if fighter == seat:
                bids.append(me["bid"])
            elif step["committed"][i]:
                g, bid = rng.randbelow(g, view["players"][fighter]["tokens"] + 1)
                bids.append(bid)
            else:
                bids.append(None)
        step["bids"] = bids
    return g, step


def sample_state(view: View, seat: int, seed: int) -> State:
    """A full state consistent with everything ``seat`` sees in ``view`` (its own view)."""
    g = rng.seed_state(seed)
    players, n = view["players"], len(view["players"])
    g, cards = _blabla(view, seat, g)
    g, tiles = _boost(view, g)
    g, step = _step(view, seat, cards["blabla"], g)
    g, hidden_rng = rng.next_u64(g)
    passes, passed = _passes(view)
    stats = dict.fromkeys(_STATS, 0)
    stats["boosts"] = view["boost"]["turned"]
    memory: list[dict[str, Any]] = [{} for _ in range(n)]
    memory[seat] = {
        k: {"cards": _ids(m["cards"]), "taken": m["taken"]} for k, m in view["me"]["memory"].items()
    }
    notes: list[list[dict[str, Any]]] = [[] for _ in range(n)]
    notes[seat] = [_note(note) for note in view["me"]["notes"]]
    turn_seat = view["turn"]
    state: State = {
        "game": GAME_ID,
        "players": n,
        "phase": view["phase"],
        "options": dict(view["options"]),
        "rng": hidden_rng,
        "sets": [p["set"] for p in players],
        "hands": [_ids(p["hand"]) for p in players],
        **cards,
        "pile": _ids(view["pile"]),
        "boost": tiles,
        "ships": [dict(p["ship"]) for p in players],
        "tokens": [p["tokens"] for p in players],
        "supply": view["supply"],
        "memory": memory,
        "notes": notes,
        "known": [[] for _ in range(n)],
        "start": view["start"],
        "turns": _turns(view) if turn_seat is not None else 0,
        "passes": passes,
        "end": None if view["end"] is None else {**view["end"], "left": list(view["end"]["left"])},
        "turn": None,
        "step": step,
        "active": list(view["active"]),
        "undo": [],
        "stats": stats,
        "log": gamelog.append([], [dict(line) for line in view["log"][:1]] + view["log"][1:]),
        "result": view["result"],
    }
    if turn_seat is not None:
        at = players[turn_seat]["ship"]["at"]
        state["turn"] = {
            "seat": turn_seat,
            "bonus": view["bonus"],
            "todo": _todo(view, at),
            "passed": passed,
        }
    if {"type": "undo"} in view["legal"]:
        # Undo is never searched; the snapshot only keeps it on offer as the view shows.
        state["undo"] = [{k: v for k, v in state.items() if k not in ("undo", "log")}]
    return state


def _note(note: dict[str, Any]) -> dict[str, Any]:
    out = dict(note)
    for key in ("take", "give"):
        if key in out:
            out[key] = out[key]["id"]
    if "cards" in out:
        out["cards"] = _ids(out["cards"])
    return out


def moves(state: State, seat: int) -> list[Action]:
    """The actions worth searching: every legal one but undo; a bid is committed at once."""
    legal = [a for a in turn.legal_actions(state, seat) if a["type"] != "undo"]
    step = state["step"]
    if step is not None and step["kind"] == "fight" and {"type": "commit"} in legal:
        return [{"type": "commit"}]
    return legal


def _quick(state: State, seat: int, g: int) -> Action:
    """A uniform kind of action, then uniform arguments (``games.bots.random_action``)."""
    return random_action(moves(state, seat), g)


def estimate(state: State) -> list[float]:
    """Each seat's secured points (B54), and what the cards it carries may add."""
    out = []
    for seat, secured in enumerate(state["secured"]):
        done = {kind_of(c) for c in secured}
        carried = 0.0
        for kind in KINDS:
            held = [value_of(c) for c in state["blabla"][seat] if kind_of(c) == kind]
            if held and kind not in done:
                carried += CARRIED * max(held) + NEW_KIND
        out.append(sum(value_of(c) for c in secured) + len(done) * NEW_KIND + carried)
    return out


def round_key(state: State) -> tuple[int, int] | None:
    """A fight's two bids are secret and simultaneous (B46)."""
    step = state["step"]
    if step is None or step["kind"] != "fight":
        return None
    return (state["turns"], state["stats"]["fights"])


def greedy_view(state: State, seat: int) -> View:
    """The parts of ``seat``'s view the greedy bot reads, built straight from a dealt
    state: the playouts skip what the bot never reads (the reasons, the log, the board,
    the pile, the boost tiles seen)."""
    return {
        "seat": seat,
        "bonus": bool(state["turn"] and state["turn"]["bonus"]),
        "step": view.step_view(state),
        "players": [view.player_view(state, s) for s in range(state["players"])],
        "boost": {"top": state["boost"][0]},
        "stacks": {k: len(v) for k, v in state["stacks"].items()},
        "end": state["end"],
        "me": view.own_view(state, seat),
        "legal": turn.legal_actions(state, seat),
    }


def ranked(state: State, seat: int, moves: list[Action]) -> list[Action]:
    """``moves`` best first: a draw (B26), then the ship's moves as the easy bot values
    them (B19-B24), then the rest (taking tokens, B29, which the easy bot never does),
    from the seat's part of the state."""
    ships = [a for a in moves if a["type"] == "move"]
    bot = bots.Greedy(greedy_view(state, seat))
    targets, diagonal = bot.target(), bot.has_diagonal()
    ships.sort(key=lambda a: -bot.move_value(a, targets, diagonal))
    draws = [a for a in moves if a["type"] == "draw"]
    return draws + ships + [a for a in moves if a["type"] not in ("draw", "move")]


def _easy(state: State, seat: int, g: int) -> Action:
    return bots.bot_action("greedy", greedy_view(state, seat), g)


HOOKS = SearchHooks(
    sample=sample_state,
    moves=moves,
    rollout=mostly_easy(_quick, _easy),
    estimate=estimate,
    round_key=round_key,
    scale=6.0,
    # Strong looks twice as far with fewer simulations: 200 of 10 actions beat normal's
    # 80 no more than chance, 130 of 20 did (docs/bots.md).
    simulations={"normal": 80, "strong": 130},
    playout_depth={"normal": 10, "strong": 20},
    ranked=ranked,
    width=5,
)
