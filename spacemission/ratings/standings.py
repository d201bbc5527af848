"""Ratings as pages show them: a game's leaderboard, a player's ratings and their history."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Case, IntegerField, Value, When

from spacemission.lobby.botnames import bot_label
from spacemission.ratings import scale
from spacemission.ratings.models import Rating, RatingChange

LEADERBOARD_SIZE = 100


@dataclass(frozen=True)
class Standing:
    rank: int
    name: str
    username: str | None  # None: a bot
    rating: int
    provisional: bool
    games: int
    wins: int


def leaderboard(game: str, limit: int = LEADERBOARD_SIZE) -> list[Standing]:
    """Players with a rated game, ranked: established ratings first, each part highest
    first (ties: more games first). Bots are never ranked among them (``bot_standings``)."""
    provisional = Case(
        When(games__lt=scale.PROVISIONAL_GAMES, then=Value(1)),
        default=Value(0),
        output_field=IntegerField(),
    )
    rows = (
        Rating.objects.filter(game=game, games__gt=0, bot="", user__is_active=True)
        .select_related("user")
        .order_by(provisional, "-mu", "-games", "pk")[:limit]
    )
    return [
        Standing(
            rank=rank,
            name=row.user.shown_name if row.user_id else bot_label(row.bot),
            username=row.user.username if row.user_id else None,
            rating=row.shown,
            provisional=row.provisional,
            games=row.games,
            wins=row.wins,
        )
        for rank, row in enumerate(rows, start=1)
    ]


def bot_standings(game: str) -> list[Standing]:
    """Each bot level's rating at ``game`` (those with a rated game), strongest first, apart
    from the players' ranking (rank 0: unranked)."""
    rows = Rating.objects.filter(game=game, games__gt=0).exclude(bot="").order_by("-mu", "pk")
    return [
        Standing(
            rank=0,
            name=bot_label(row.bot),
            username=None,
            rating=row.shown,
            provisional=row.provisional,
            games=row.games,
            wins=row.wins,
        )
        for row in rows
    ]


def ratings_of(user_id: int) -> dict[str, Rating]:
    return {r.game: r for r in Rating.objects.filter(user_id=user_id)}


def history(user_id: int, include_private: bool) -> dict[str, list[dict[str, Any]]]:
    """Per game, the player's rating after each rated game, oldest first, starting from
    where it began: what the profile's chart draws."""
    changes = RatingChange.objects.filter(rating__user_id=user_id)
    if not include_private:
        changes = changes.filter(match__table__private=False)
    out: dict[str, list[dict[str, Any]]] = {}
    rows = changes.order_by("created_at", "pk").values_list(
        "rating__game", "mu_before", "mu_after", "created_at", "match__table_id"
    )
    for game, before, after, when, table in rows:
        points = out.setdefault(game, [])
        if not points:
            points.append({"at": None, "rating": scale.shown(before), "table": None})
        points.append({"at": when.isoformat(), "rating": scale.shown(after), "table": table})
    return out
