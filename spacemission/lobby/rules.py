"""A rules page per game: ``rules/<game id>.html`` in the project's own words, with the
pieces drawn by the game's own table modules (``games/<game id>/rules.js``)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template import TemplateDoesNotExist
from django.template.loader import get_template

from spacemission.lobby.games import game_info


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
    }
    return render(request, template.template.name, context)
