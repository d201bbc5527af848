"""The "Learn to play" page of each game and the start of its guided first game."""

from __future__ import annotations

from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from spacemission.accounts.guests import create_guest
from spacemission.accounts.throttle import allow_new_account
from spacemission.accounts.views import BACKEND, too_many_accounts
from spacemission.lobby.games import available_games, game_info
from spacemission.lobby.services import LobbyError
from spacemission.tutorials.services import running_guided_game, start_guided_game


@require_http_methods(["GET", "HEAD", "POST"])
def learn(request: HttpRequest, game: str) -> HttpResponse:
    """GET: what the guided game is, with its start button; POST: start it (a new
    visitor becomes a guest first) and go to the table."""
    info = game_info(game)
    if info is None:
        return render(request, "tutorials/unknown.html", {"games": available_games()}, status=404)
    user = request.user
    if request.method == "POST":
        if not user.is_authenticated:
            if not allow_new_account(request):
                return too_many_accounts(request)
            user = create_guest()
            login(request, user, backend=BACKEND)
        try:
            table = start_guided_game(user, game)
        except LobbyError:  # the game was found above: only a vanished game lands here
            return render(
                request, "tutorials/unknown.html", {"games": available_games()}, status=404
            )
        return redirect(table)
    running = running_guided_game(user, game) if user.is_authenticated else None
    return render(request, "tutorials/learn.html", {"info": info, "running": running})
