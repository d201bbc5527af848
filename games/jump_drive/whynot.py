"""Why a seat cannot take a decision now (J10, J14-J16, J23-J29, J43): ``why_not``.

The reasons come from the checkers ``legal_actions`` uses (``choice.check_choice`` and
``choice.check_second`` raise the refusal with its arguments), so the two never
disagree. Keys are the action kinds, the three card options of ``choose`` (J14 a-c:
``develop``, ``settle``, ``both``) and, for a hand card such an option or ``second``
cannot use, ``"option:n"`` (``n``: its place in the hand; ``develop:survey-team``).
``uncommit`` (J15, ``takeback``) is keyed too: open only to a seat that committed the
round's choice while others still decide.
Only the seat's own hand, empire and placement, the public centre and who is asked go
in: nothing another seat keeps secret.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games import gamelog
from games.core import IllegalAction, Reason, State, reason, reasons
from games.jump_drive import choice, takeback
from games.jump_drive.data import DEVELOPMENT, SURVEY_TEAM, card_of
from games.memo import shared

KINDS = ("choose", "explore", "second", "select", "unselect", "commit")
SHAPES = ("develop", "settle", "both")
_OPEN = {
    "choose": ("choose", "explore", "commit", *SHAPES),
    "second": ("second", "commit"),
    "discard": ("select", "unselect", "commit"),
}
Reasons = dict[str, Reason]


def why_not(state: State, seat: int) -> Reasons:
    """Each decision (or ``"option:n"``) ``seat`` cannot take now, and why.

    Read-only and shared while the state parts it comes from are the same objects (a
    draft of another seat, say, rebuilds nothing)."""
    return shared(("jump-drive why", seat), sources(state, seat), _why_not, state, seat)


def sources(state: State, seat: int) -> tuple[Any, ...]:
    """The state parts what ``seat`` may do now is made from: its reasons and its legal
    actions (a take-back included) stay the same while these are the same objects."""
    return (
        gamelog.origin(state["log"]),
        state["phase"],
        state["active"],
        state["tasks"][seat],
        state["hands"][seat],
        state["empires"][seat],
        state["placing"][seat],
        state["centre"],
    )


def _why_not(state: State, seat: int) -> Reasons:
    out = _deciding(state, seat)
    uncommit = _problem(takeback.check, state, seat)
    if uncommit is not None:
        out["uncommit"] = uncommit
    return out


def _deciding(state: State, seat: int) -> Reasons:
    """The reasons of every decision kind but ``uncommit``."""
    if state["phase"] == "over":
        return reasons((*KINDS, *SHAPES), "game_over")
    task = state["tasks"][seat]
    if seat not in state["active"]:
        code = "not_asked" if task is None else "committed"
        return reasons((*KINDS, *SHAPES), code)
    kind = task["kind"]
    out = {k: reason("wrong_step", step=kind) for k in (*KINDS, *SHAPES) if k not in _OPEN[kind]}
    if kind == "discard":
        _discard(task, out)
        return out
    if task["draft"] is None:
        out["commit"] = reason("nothing_chosen")
    by_card = (_choose if kind == "choose" else _second)(state, seat)
    out.update(_by_place(by_card, state["hands"][seat]))
    return out


def _by_place(by_card: Reasons, hand: list[str]) -> Reasons:
    """``"option:card"`` keys as ``"option:n"``, ``n`` the card's place in the hand (the
    Survey Team keeps its name). Never by id: a patch that drops the key of a card just
    paid with must not name a card that now lies face down in the discard pile."""
    place = {card: str(i) for i, card in enumerate(hand)}
    out: Reasons = {}
    for key, value in by_card.items():
        option, _, card = key.partition(":")
        out[f"{option}:{place.get(card, card)}" if card else key] = value
    return out


def _discard(task: dict, out: Reasons) -> None:
    count, chosen = task["count"], len(task["selected"])
    if chosen >= count:
        out["select"] = reason("enough_selected", count=count)
    if not chosen:
        out["unselect"] = reason("none_selected")
    if chosen != count:
        out["commit"] = reason("select_more", count=count, selected=chosen)


def _problem(check: Callable[..., object], *args: object) -> Reason | None:
    try:
        check(*args)
    except IllegalAction as refusal:
        return refusal.reason()
    return None


def _choose(state: State, seat: int) -> Reasons:
    """J14 a-c, J16: each option with no placeable card, and each card an option cannot use."""
    hand = state["hands"][seat]
    devs = [c for c in hand if card_of(c).kind == DEVELOPMENT]
    if state["centre"]:
        devs.append(SURVEY_TEAM)
    worlds = [c for c in hand if card_of(c).is_world]
    out: Reasons = {}
    alone = {
        "develop": {d: _problem(choice.check_choice, state, seat, d, None, False) for d in devs},
        "settle": {w: _world_problem(state, seat, None, w) for w in worlds},
    }
    for shape, problems in alone.items():
        for card, problem in problems.items():
            if problem is not None:
                out[f"{shape}:{card}"] = problem
        if not problems:
            out[shape] = reason("no_development" if shape == "develop" else "no_world")
        elif all(problems.values()):
            out[shape] = _summary(problems)
    _both(state, seat, devs, worlds, out)
    if all(shape in out for shape in SHAPES):
        out["choose"] = reason("nothing_placeable")  # J14 d): exploring is left
    return out


def _world_problem(state: State, seat: int, dev: str | None, world: str) -> Reason | None:
    """What stops this world: conquered, or else paid with Contact Specialist (J21, J23)."""
    problem = _problem(choice.check_choice, state, seat, dev, world, False)
    if problem is None or not card_of(world).military:
        return problem
    return problem if _problem(choice.check_choice, state, seat, dev, world, True) else None


def _both(state: State, seat: int, devs: list[str], worlds: list[str], out: Reasons) -> None:
    """J14 c): a development and a world together; a card with no partner says why."""
    if not devs or not worlds:
        out["both"] = reason("no_development" if not devs else "no_world")
        return
    partnered: set[str] = set()
    last: Reason | None = None
    for dev in devs:
        for world in worlds:
            problem = _world_problem(state, seat, dev, world)
            if problem is None:
                partnered.update((dev, world))
            else:
                last = problem
    for card in (*devs, *worlds):
        if card not in partnered:
            single = out.get(f"develop:{card}") or out.get(f"settle:{card}")
            alone = reason(single["code"], **single["args"]) if single else None
            out[f"both:{card}"] = alone or reason("no_partner")
    if not partnered:
        out["both"] = last if len(devs) == len(worlds) == 1 and last else reason("none_fits")


def _summary(problems: dict[str, Reason | None]) -> Reason:
    """One card: its own reason; several: none of them fits (each card says why)."""
    if len(problems) == 1:
        (only,) = problems.values()
        assert only is not None
        return reason(only["code"], **only["args"])  # its own object (``core.reasons``)
    return reason("none_fits", count=len(problems))


def _second(state: State, seat: int) -> Reasons:
    """J26-J28: each world in hand the convoy cannot place now."""
    out: Reasons = {}
    for world in state["hands"][seat]:
        if not card_of(world).is_world:
            continue
        problem = _problem(choice.check_second, state, seat, world, False)
        contact = card_of(world).military and problem is not None
        if contact and _problem(choice.check_second, state, seat, world, True) is None:
            problem = None
        if problem is not None:
            out[f"second:{world}"] = problem
    return out
