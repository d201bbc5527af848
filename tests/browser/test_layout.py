"""Every table's layout, in every language, on a phone, a tablet, a laptop and a wide
screen: nothing the player can press lies under something else, the game and the log
column do not overlap, and the page never scrolls sideways.

One server and one browser serve every case: the tables are set up once (a running game
of each kind with the player seated, and a finished one the player watches), and each
case only resizes the page and reloads it in another language.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser import ui

pytestmark = pytest.mark.browser

LANGS = ["en", "de", "hu"]
WIDTHS = [360, 768, 1280, 1920]
GAMES = ["space-mission", "jump-drive"]

OVERLAPS = (Path(__file__).with_name("overlaps.js")).read_text()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_nothing_overlaps_at_any_width(tables, daphne_server, game, lang):
    context, urls = tables
    context.add_cookies([{"name": "django_language", "value": lang, "url": daphne_server.url}])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    found = {}
    for stage in ("playing", "over"):
        page.goto(urls[game, stage])
        ui.wait_for_table(page)
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 900})
            problems = page.evaluate(OVERLAPS)
            if problems:
                found[stage, width] = problems
    page.close()
    assert not errors
    assert not found, found
