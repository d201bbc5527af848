"""A rules page per game: ``rules/<game id>.html`` in the project's own words, with the
pieces drawn by the game's own table modules (``games/<game id>/rules.js``). A page that
draws from a real view (BlaBla's board) asks for ``sample_view``: a spectator's view of a
fresh game at full table with the default options, made only when the page uses it."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template import TemplateDoesNotExist
from django.template.loader import get_template

from games import registry
from games.core import GameInfo, View
from spacemission.lobby.games import game_info


def sample_view(info: GameInfo) -> View:
    """What a spectator sees of a new game of ``info`` with every seat taken."""
    game = registry.get(info.id)
    state = game.setup(info.max_players, info.default_options(), 0)
    return game.view(state, None)


def rules(request: HttpRequest, game: str) -> HttpResponse:
    info = game_info(game)
    try:
        template = get_template(f"rules/{game}.html") if info else None
    except TemplateDoesNotExist:
        template = None
    if template is None:
        raise Http404("There is no such game.")
    context = {
        "info": info,
        "game_name": info.name,
        "table_css": f"games/{game}/table.css",
        "rules_js": f"games/{game}/rules.js",
        "sample_view": lambda: sample_view(info),
    }
    return render(request, template.template.name, context)
