"""The end of a round (J32-J44): War Propaganda, scoring, the end, income, hand limit.

Works on a fresh state (``table.fresh``) and appends its log lines to ``log``.
"""

from __future__ import annotations

from typing import Any

from games import gamelog
from games.core import Event, State
from games.jump_drive import powers, resolve
from games.jump_drive.data import END_VP, HAND_LIMIT, WAR_PROPAGANDA, card_json, card_of, card_shown
from games.jump_drive.table import draw, table_order


def start_round(new: State, log: list[Event]) -> None:
    """J12, J14: every seat chooses in secret."""
    n = new["players"]
    new["placing"] = [None] * n
    resolve.ask(new, "choose", {s: {"kind": "choose", "draft": None} for s in range(n)}, log)
    log.append(gamelog.public(None, "round", round=new["round"], dealer=new["dealer"]))


def next_round(new: State, log: list[Event]) -> None:
    """J44: the dealer role passes to the left."""
    new["dealer"] = (new["dealer"] + 1) % new["players"]
    new["round"] += 1
    start_round(new, log)


def finish_round(new: State, log: list[Event]) -> None:
    """J32-J43 in the rules' order."""
    war_propaganda(new, log)
    score(new, log)
    if max(new["vp"]) >= END_VP:
        game_over(new, log)
        return
    collect_income(new, log)
    limits = {
        s: resolve.discard_task(len(hand) - HAND_LIMIT)
        for s, hand in enumerate(new["hands"])
        if len(hand) > HAND_LIMIT
    }
    if not resolve.ask(new, "limit", limits, log):
        next_round(new, log)


def war_propaganda(new: State, log: list[Event]) -> None:
    """J32, J63: each copy goes to the strongest other player, all checked at once."""
    n = new["players"]
    military = [powers.general_military(e) for e in new["empires"]]
    moves = []
    for holder, empire in enumerate(new["empires"]):
        for card in empire:
            if card_of(card).id != WAR_PROPAGANDA:
                continue
            others = [(holder + k) % n for k in range(1, n)]  # from the holder's left
            best = max(military[o] for o in others)
            if best > military[holder]:
                moves.append((card, holder, next(o for o in others if military[o] == best)))
    for card, holder, taker in moves:
        new["empires"][holder] = [c for c in new["empires"][holder] if c != card]
        new["empires"][taker] = [*new["empires"][taker], card]
        log.append(gamelog.public(taker, "propaganda", holder=holder))


def others(new: State, seat: int) -> list[list[str]]:
    return [e for s, e in enumerate(new["empires"]) if s != seat]


def score(new: State, log: list[Event]) -> None:
    """J33-J37: every card scores; income is worked out alike."""
    for seat, empire in enumerate(new["empires"]):
        vp, income = powers.totals(empire, others(new, seat))
        new["vp"][seat] += vp
        new["gains"][seat] = [*new["gains"][seat], vp]
        new["income"][seat] = income
        line = gamelog.public(seat, "score", vp=vp, total=new["vp"][seat], income=income)
        log.append(line)


def income_order(new: State) -> list[int]:
    """J41: the most VP first (tie: first in table order), then clockwise."""
    order = table_order(new)
    first = max(order, key=lambda s: (new["vp"][s], -order.index(s)))
    n = new["players"]
    return [(first + k) % n for k in range(n)]


def collect_income(new: State, log: list[Event]) -> None:
    """J40, J42: each draws its income."""
    for seat in income_order(new):
        lines: list[Event] = []
        drawn = draw(new, seat, new["income"][seat], lines)
        log.extend(lines)
        log.append(gamelog.public(seat, "income", count=len(drawn)))
        if drawn:
            shown = sorted(card_shown(c) for c in drawn)
            log.append(gamelog.private(seat, "income_cards", cards=shown))


# ---------------------------------------------------------------- the end (J38, J39)


def game_over(new: State, log: list[Event]) -> None:
    new["phase"], new["active"] = "over", []
    new["tasks"] = [None] * new["players"]
    new["result"] = result(new)
    log.append(gamelog.public(None, "over", winners=list(new["result"]["winners"])))


def winners(new: State) -> list[int]:
    """J38, J39: most VP; tie: hand size plus the final income; still tied: shared."""
    keys = [(vp, len(new["hands"][s]) + new["income"][s]) for s, vp in enumerate(new["vp"])]
    best = max(keys)
    return [s for s, key in enumerate(keys) if key == best]


def result(new: State) -> dict[str, Any]:
    """Scores by round, the tiebreak figure, the last round card by card, every hand."""
    scores = []
    for seat, empire in enumerate(new["empires"]):
        ys = powers.yields(empire, others(new, seat))
        scores.append(
            {
                "seat": seat,
                "total": new["vp"][seat],
                "by_category": {f"round {r}": g for r, g in enumerate(new["gains"][seat], 1)},
                "income": new["income"][seat],
                "hand_count": len(new["hands"][seat]),
                "tiebreak": len(new["hands"][seat]) + new["income"][seat],
                "last_round": [
                    {"card": card_json(y.instance), "vp": y.vp, "income": y.income} for y in ys
                ],
                "hand": [card_json(c) for c in new["hands"][seat]],
            }
        )
    return {"scores": scores, "winners": winners(new)}
