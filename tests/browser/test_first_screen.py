"""A turn on one screen, an end that says what happened, a replay that only shows.

For each game, on a 390x844 phone and a 1280x800 laptop, during the player's turn: the
board and the actions lie inside the first screen without scrolling, and every control the
player can tap is at least 44 px both ways (also the board's own targets once a choice
opens them). A spectator sees the board on the first screen too. The end screen puts the
places and the scores before the deal's one line; the replay offers no action and labels
its step buttons in words.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser import ui
from tests.browser.conftest import PHONE
from tests.browser.test_access import TAP_TARGETS

pytestmark = pytest.mark.browser

LAPTOP_800 = {"width": 1280, "height": 800}
SIZES = [PHONE, LAPTOP_800]
GAMES = ["space-mission", "jump-drive", "blabla"]

# What the player looks at (the board; Jump Drive's is the hand) and acts with, once it
# is their turn.
BOARD = {
    "space-mission": "#game-root svg.board",
    "jump-drive": ".jd-hand-cards > li:first-child",
    "blabla": ".bb-board-area",
}
ACTIONS = {
    "space-mission": ".sm-controls .action-menu button, .sm-controls .turn-buttons button,"
    " .sm-hand .card",
    "jump-drive": ".jd-controls [data-action=commit]",
    "blabla": ".bb-controls .bb-hand-cards button, .bb-controls .bb-buttons button",
}
SEEN = {  # what a spectator looks at
    "space-mission": "#game-root svg.board",
    "jump-drive": ".jd-track-area",
    "blabla": ".bb-board-area",
}
MY_TURN = {
    "space-mission": ".sm-controls .action-menu",
    "jump-drive": ".jd-controls [data-action=commit]",
    "blabla": ".bb-controls:not([hidden]) .bb-hand-cards button",
}
# A first choice that opens the board's own targets: planets, squares.
OPENS = {
    "space-mission": (
        ["[data-action=jump]", ".sm-hand .card-choosable"],
        ".board .planet.choosable",
    ),
    "blabla": ([".bb-hand-cards button:not(.bb-unusable)"], ".bb-board .bb-reach"),
}

OUTSIDE = """(selector) => [...document.querySelectorAll(selector)]
    .map((el) => [el.textContent.trim().slice(0, 30) || el.getAttribute("class"),
                  el.getBoundingClientRect()])
    .filter(([, r]) => r.width > 0 && (r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5
                                        || r.right > innerWidth + 0.5))
    .map(([name, r]) => [name, Math.round(r.top), Math.round(r.bottom)])"""

TOPS = """(selectors) => selectors.map((selector) =>
    document.querySelector(`.end-screen :is(${selector})`).getBoundingClientRect().top)"""

SMALL_ON_BOARD = """(selector) => [...document.querySelectorAll(selector)]
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.width < 43.5 || r.height < 43.5)
    .map((r) => [Math.round(r.width), Math.round(r.height)])"""


def started(page: Page, game: str, name: str) -> str:
    """A fresh two-seat table against a bot, on the player's turn; returns its URL."""
    ui.sign_up(page, name)
    table = ui.open_table(page, seats=2, bots=1, game=game)
    ui.start(page, table)
    expect(page.locator(MY_TURN[game]).first).to_be_visible(timeout=60_000)
    return f"/t/{table}/"


def first_screen_problems(page: Page, game: str) -> dict:
    page.evaluate("window.scrollTo(0, 0)")
    expect(page.locator(MY_TURN[game]).first).to_be_visible()
    found = {}
    for part, selector in (("board", BOARD[game]), ("actions", ACTIONS[game])):
        assert page.locator(selector).count(), f"{game}: no {part} ({selector})"
        outside = page.evaluate(OUTSIDE, selector)
        if outside:
            found[part] = outside
    # Touch targets: a phone's; a laptop's pointer is finer (site.css).
    small = page.evaluate(TAP_TARGETS) if page.viewport_size == PHONE else []
    if small:
        found["small"] = small
    return found


@pytest.mark.parametrize("game", GAMES)
def test_the_board_and_the_actions_share_the_first_screen(new_page, game):
    page = new_page(PHONE)
    url = started(page, game, f"first{GAMES.index(game)}")
    found = {}
    for size in SIZES:
        page.set_viewport_size(size)
        page.goto(url)
        ui.wait_for_table(page)
        problems = first_screen_problems(page, game)
        if problems:
            found[size["width"]] = problems
    assert not found, found

    # The board's own targets, once a choice opens them, are 44 px on a phone too.
    if game in OPENS:
        page.set_viewport_size(PHONE)
        clicks, targets = OPENS[game]
        for choose in clicks:
            page.locator(choose).first.click()
        expect(page.locator(targets).first).to_be_attached()
        assert page.evaluate(SMALL_ON_BOARD, targets) == []

    # A spectator on a phone has the board on the first screen as well.
    watcher = new_page(PHONE)
    watcher.goto(url)
    ui.wait_for_table(watcher)
    expect(watcher.locator(".spectator-banner")).to_be_visible()
    assert watcher.evaluate(OUTSIDE, SEEN[game]) == []


def test_a_closed_confirm_looks_closed(new_page):
    page = new_page(PHONE)
    started(page, "space-mission", "closer")
    confirm = page.locator("[data-action=confirm]")
    expect(confirm).to_have_attribute("aria-disabled", "true")
    fill = confirm.evaluate("el => getComputedStyle(el).backgroundColor")
    assert fill in ("transparent", "rgba(0, 0, 0, 0)"), fill
    confirm.hover()  # as a phone's hover stays on the last button tapped
    fill = confirm.evaluate("el => getComputedStyle(el).backgroundColor")
    assert fill in ("transparent", "rgba(0, 0, 0, 0)"), fill
    open_fill = page.locator(".sm-controls .action.action-jump").evaluate(
        "el => getComputedStyle(el).backgroundColor"
    )
    assert open_fill not in ("transparent", "rgba(0, 0, 0, 0)")


def test_on_a_phone_the_menu_and_the_deal_mark_are_one_tap_away(new_page):
    page = new_page(PHONE)
    started(page, "jump-drive", "menus")
    nav = page.locator("#match-nav")
    expect(nav).to_be_hidden()
    page.locator(".menu-toggle").click()
    expect(nav.get_by_role("link", name="Rules")).to_be_visible()
    expect(nav.locator(".resign-button")).to_be_visible()
    page.keyboard.press("Escape")
    expect(nav).to_be_hidden()
    seal = page.locator("#match-commitment")
    expect(seal.locator("code")).to_be_hidden()  # a mark, not a paragraph
    seal.locator("summary").click()
    expect(seal.locator("code")).to_be_visible()
    expect(seal.locator("code")).to_have_text(re.compile(r"^[0-9a-f]{64}$"))


@pytest.mark.parametrize("game", GAMES)
def test_the_end_shows_places_and_scores_before_the_deal_line(tables, game):
    context, urls = tables
    page = context.new_page()
    for size in SIZES:
        page.set_viewport_size(size)
        page.goto(urls[game, "over"])
        ui.wait_for_table(page)
        end = page.locator(".end-screen")
        expect(end.locator(".winners")).to_be_in_viewport()
        expect(end.locator(".place-row td")).to_have_count(3)
        deal = end.locator("details.fair-deal")
        expect(deal.locator(".deal-verdict")).to_have_text("Deal verified ✓")
        expect(deal.locator("code").first).to_be_hidden()  # folded
        # The three tops from one layout.
        tops = page.evaluate(
            TOPS, [".result-table", ".rating-changes, .match-final .muted", "details.fair-deal"]
        )
        assert tops[0] < tops[1] < tops[2], tops
        expect(page.locator("body")).not_to_contain_text("python -m")
    page.close()


@pytest.mark.parametrize("game", GAMES)
def test_the_replay_offers_no_action_and_labels_its_steps(tables, game):
    context, urls = tables
    page = context.new_page()
    page.set_viewport_size(PHONE)
    page.goto(urls["replay", game])
    expect(page.locator("#replay-tables .game-root > *").first).to_be_visible()
    page.locator("[data-go=first]").click()
    expect(page.locator("#replay-position")).to_contain_text("Step 0")
    tables_ = page.locator("#replay-tables")
    expect(tables_.locator("[data-action], .action-menu, .bb-controls button")).to_have_count(0)
    expect(tables_).not_to_contain_text("Your turn")
    for go, word in (("first", "Start"), ("back", "Back"), ("forward", "Next"), ("last", "End")):
        expect(page.locator(f"[data-go={go}]")).to_have_text(word)
    expect(page.locator("#fair-deal .verdict.ok")).to_have_text("Deal verified ✓")
    expect(page.locator("body")).not_to_contain_text("python -m")
    page.close()


def test_someone_coming_to_watch_leaves_the_end_screen_as_the_reader_has_it(tables, new_page):
    context, urls = tables
    page = context.new_page()
    page.goto(urls["jump-drive", "over"])
    ui.wait_for_table(page)
    end = page.locator(".end-screen")
    expect(end.locator("details.fair-deal .deal-verdict")).to_have_text("Deal verified ✓")
    lobby = end.get_by_role("link", name="Back to the lobby")
    lobby.focus()
    end.evaluate("el => { el.dataset.marked = 'yes'; }")
    watchers = page.locator("#match-status .watchers")
    before = watchers.text_content()
    watcher = new_page(PHONE)  # a spectator: a presence frame for every page
    watcher.goto(urls["jump-drive", "over"])
    ui.wait_for_table(watcher)
    expect(watchers).not_to_have_text(before)  # the presence frame has come
    expect(page.locator(".end-screen[data-marked=yes]")).to_have_count(1)  # not redrawn
    expect(lobby).to_be_focused()
    page.close()
