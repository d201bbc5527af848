"""O2's steps (an action, its cards, its planet) survive a new version of the view that
still allows them: a view may land between two clicks, and a half-made choice must not
vanish under the player's finger. A choice the new view no longer allows is dropped."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from games.space_mission import GAME
from tests.browser.test_why_not import table

pytestmark = pytest.mark.browser

RENDER_AGAIN = """([view, version]) => window.smTable.render(
    { view, version, match: null, presence: { connected: [], spectators: 0 } })"""


def jump_view() -> tuple[dict, dict]:
    """The first seat's opening view (R8: ships on the Jump Gate) and one of its jumps."""
    state = GAME.setup(2, {}, 3)
    view = GAME.view(state, state["active"][0])
    return view, next(a for a in view["legal"] if a["type"] == "jump")


def choose_card(page: Page, jump: dict) -> None:
    page.click("[data-action=jump]")
    page.click(f".hand [data-card='{jump['card']}']")
    expect(page.locator(f"svg .planet.choosable[data-planet='{jump['planet']}']")).to_be_visible()


def test_O2_a_new_view_that_still_allows_the_choice_keeps_it(new_page):
    page = new_page()
    view, jump = jump_view()
    table(page, "space-mission", view, keep_as="smTable")
    choose_card(page, jump)
    page.evaluate(RENDER_AGAIN, [view, 2])
    planet = page.locator(f"svg .planet.choosable[data-planet='{jump['planet']}']")
    expect(planet).to_be_visible()
    planet.click()
    assert page.evaluate("window.sent") == [jump]


def test_O2_a_new_view_without_the_chosen_card_drops_the_choice(new_page):
    page = new_page()
    view, jump = jump_view()
    table(page, "space-mission", view, keep_as="smTable")
    choose_card(page, jump)
    legal = [a for a in view["legal"] if jump["card"] not in (a.get("card"), *a.get("cards", ()))]
    page.evaluate(RENDER_AGAIN, [{**view, "legal": legal}, 2])
    expect(page.locator("svg .planet.choosable")).to_have_count(0)
    expect(page.locator(".hand [aria-pressed=true]")).to_have_count(0)
    assert page.evaluate("window.sent") == []
