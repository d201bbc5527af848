"""The leaderboard of each game."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from spacemission.lobby.games import available_games, game_info
from spacemission.ratings import scale
from spacemission.ratings.standings import bot_standings
from spacemission.ratings.standings import leaderboard as standings


def leaderboard(request: HttpRequest, game: str | None = None) -> HttpResponse:
    games = available_games()
    info = game_info(game) if game else games[0]
    if info is None:
        raise Http404
    context = {
        "game": info,
        "games": games,
        "standings": standings(info.id),
        "bots": bot_standings(info.id),
        "provisional_games": scale.PROVISIONAL_GAMES,
    }
    return render(request, "ratings/leaderboard.html", context)
