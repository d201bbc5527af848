"""Every table's layout, in every language, on a phone, a tablet, a laptop and a wide
screen: nothing the player can press lies under something else, the game and the log
column do not overlap, and the page never scrolls sideways.

One server and one browser serve every case: the tables are set up once (a running game
of each kind with the player seated, and a finished one the player watches), and each
case only resizes the page and reloads it in another language.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser import ui

pytestmark = pytest.mark.browser

LANGS = ["en", "de", "hu"]
WIDTHS = [360, 768, 1280, 1920]
GAMES = ["space-mission", "jump-drive"]

OVERLAPS = (Path(__file__).with_name("overlaps.js")).read_text()


def _table(page: Page, game: str, finished: bool) -> str:
    """A table with two bots; for a finished one the player leaves, and the bots play on."""
    table = ui.open_table(page, seats=3, bots=2, game=game)
    ui.start(page, table)
    if finished:
        page.once("dialog", lambda dialog: dialog.accept())
        page.locator(".leave-form button").click()
        page.wait_for_url("**/")
        page.goto(f"/t/{table}/")
        ui.wait_for_table(page)
        expect(page.locator("#match")).to_have_attribute("data-phase", "over", timeout=120_000)
    return f"/t/{table}/"


@pytest.fixture(scope="module")
def tables(chromium, daphne_server) -> Iterator[tuple[object, dict[tuple[str, str], str]]]:
    """One signed-up player's browser context and the tables it opens, by (game, stage)."""
    context = chromium.new_context(base_url=daphne_server.url)
    context.set_default_timeout(30000)
    page = context.new_page()
    ui.sign_up(page, "layla")
    urls = {}
    for game in GAMES:
        urls[game, "over"] = _table(page, game, finished=True)
        urls[game, "playing"] = _table(page, game, finished=False)
    page.close()
    yield context, urls
    context.close()


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
