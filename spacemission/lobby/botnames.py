"""Bot names that tell bots apart and show their level: the first bot of a level at a
table is "Strong bot", the next ones "Strong bot 2", "Strong bot 3"… in seat order.

The lobby and the match number bots alike, so a bot keeps its name when the match starts.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _


def english_name(kind: str, number: int = 1) -> str:
    """The name stored with a match seat, e.g. "Strong bot 2"."""
    base = f"{kind.capitalize()} bot"
    return base if number == 1 else f"{base} {number}"


def free_number(kind: str, names_in_use: Collection[str]) -> int:
    """The lowest number whose name nobody at the table holds yet."""
    number = 1
    while english_name(kind, number) in names_in_use:
        number += 1
    return number


def bot_numbers(seats: Iterable[tuple[str, str]]) -> list[int | None]:
    """Each seat's bot number, in seat order; seats are ``(bot kind or "", person's name)``
    and a person's seat (or an empty one) has None."""
    seats = list(seats)
    in_use = {name for bot, name in seats if not bot and name}
    numbers: list[int | None] = []
    for bot, _name in seats:
        if not bot:
            numbers.append(None)
            continue
        number = free_number(bot, in_use)
        in_use.add(english_name(bot, number))
        numbers.append(number)
    return numbers


# Each kind's name in the reader's language (frontend/static/js/botnames.js has the same).
KIND_NAMES = {
    "random": _("Random bot"),
    "greedy": _("Greedy bot"),
    "easy": _("Easy bot"),
    "normal": _("Normal bot"),
    "strong": _("Strong bot"),
}


def kind_name(kind: str) -> str:
    """A kind of bot as the reader names it, e.g. "Greedy bot"."""
    if kind in KIND_NAMES:
        return str(KIND_NAMES[kind])
    return gettext("%(kind)s bot") % {"kind": kind.capitalize()}


def bot_label(kind: str, number: int | None = 1) -> str:
    """A bot's shown name in the reader's language, e.g. "Greedy bot 2"."""
    name = kind_name(kind)
    return name if number is None or number == 1 else f"{name} {number}"


def seat_names(seats: Iterable[tuple[str, str]]) -> list[str]:
    """Each seat's name as a match stores it: the person's, or the bot's numbered name."""
    seats = list(seats)
    return [
        english_name(bot, number) if number else name
        for (bot, name), number in zip(seats, bot_numbers(seats), strict=True)
    ]


def number_in(kind: str, name: str) -> int:
    """The number in a bot's stored name ("Strong bot 2" -> 2); 1 without one."""
    rest = name.removeprefix(english_name(kind)).strip()
    return int(rest) if name != rest and rest.isdigit() else 1
