"""The one number a rating is shown as (docs/ratings.md).

A rating is openskill's Plackett-Luce estimate: ``mu`` (the skill, 25 for a newcomer)
and ``sigma`` (how unsure it is, 25/3 for a newcomer). People see

    shown = 1500 + 40 * (mu - 25)

rounded: a newcomer is 1500, and one unit of openskill skill is 40 points. It stays
provisional (shown with a "?") until the player has PROVISIONAL_GAMES rated games.
"""

from __future__ import annotations

CENTRE = 1500
POINTS_PER_MU = 40
START_MU = 25.0
PROVISIONAL_GAMES = 10


def shown(mu: float) -> int:
    return round(CENTRE + POINTS_PER_MU * (mu - START_MU))


def is_provisional(games: int) -> bool:
    return games < PROVISIONAL_GAMES
