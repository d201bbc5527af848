"""A new visitor on a phone, by taps alone: the landing page, "Play against bots", and the
table with their first move open to them; in English for each game, and in German and
Hungarian with no raw placeholder and no English left on the landing page and the lobby."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Locator, Page, expect

from games import registry
from tests.browser import blabla_clicks, jump_drive_clicks
from tests.browser.conftest import PHONE
from tests.browser.server import LiveServer
from tests.browser.ui import config, perform, wait_for_table

pytestmark = pytest.mark.browser

MAX_TAPS = 2  # issue 26: at most two taps from the landing page to the first move
RUNS = [(game, "en") for game in registry.shipped_games()] + [
    ("jump-drive", "de"),
    ("jump-drive", "hu"),
]
# Words of the landing page and the lobby that would show untranslated English.
ENGLISH = (
    "Play now",
    "Play against bots",
    "You against",
    "Normal bot",
    "Quick match",
    "Waiting now",
    "Nobody is waiting",
    "New table",
    "Real time",
    "Turn-based",
    "per move",
    "per turn",
    "seated",
    "Running games",
    "Have an account",
)
# The first kind of action each game's player is offered, in the order tried.
PREFERRED = ("jump", "fly", "scan", "select", "move", "draw")


class Phone:
    """A visitor's phone: every tap counted."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.taps = 0

    def tap(self, target: Locator) -> None:
        target.tap()
        self.taps += 1


@pytest.fixture
def phone(chromium, daphne_server) -> Iterator[Callable[[str], Phone]]:
    """A fresh touch phone (390 x 844) for a new visitor speaking ``lang``."""
    contexts, errors = [], []

    def make(lang: str) -> Phone:
        context = chromium.new_context(
            viewport=PHONE,
            has_touch=True,
            is_mobile=True,
            locale=lang,
            base_url=daphne_server.url,
        )
        context.set_default_timeout(30000)  # a ceiling for a busy machine, not a speed claim
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        return Phone(page)

    yield make
    for context in contexts:
        context.close()
    assert not errors, f"uncaught errors in the page: {errors}"


def the_players_turn(server: LiveServer, page: Page) -> dict:
    """The stored state once the game waits for the player (seat 0): bots who begin
    play first. Waits on the server's state, never on a clock."""
    match_id = config(page)["match"]
    for _ in range(600):
        state, _version = server.match_state(match_id)
        if 0 in registry.get(state["game"]).active_seats(state):
            return state
        page.wait_for_timeout(100)
    raise AssertionError("the game never waited for the player")


def first_action(state: dict) -> dict:
    legal = registry.get(state["game"]).legal_actions(state, 0)
    return min(legal, key=lambda a: PREFERRED.index(a["type"]) if a["type"] in PREFERRED else 99)


def make_move(server: LiveServer, page: Page, state: dict) -> None:
    """Take the player's first action through the page and see the server record it."""
    action = first_action(state)
    match_id = config(page)["match"]
    game = state["game"]
    if game == "space-mission":
        perform(page, action, int(page.locator("#match").get_attribute("data-version")))
    elif game == "jump-drive":
        jump_drive_clicks.click(page, registry.get(game).view(state, 0), action)
    else:
        blabla_clicks.click(page, registry.get(game).view(state, 0), action)
    for _ in range(600):
        _setup, actions = server.match_actions(match_id)
        if any(seat == 0 for seat, _ in actions):
            return
        page.wait_for_timeout(100)
    raise AssertionError("the player's first move never reached the server")


def shows_no_raw_or_english_text(page: Page, lang: str) -> None:
    text = page.locator("body").inner_text()
    assert "%(" not in text and "%s" not in text, text
    if lang != "en":
        left = [words for words in ENGLISH if words in text]
        assert not left, f"English left on {page.url} in {lang}: {left}"


@pytest.mark.parametrize(("game", "lang"), RUNS)
def test_a_new_visitor_taps_play_against_bots_and_can_move(
    phone, daphne_server: LiveServer, game: str, lang: str
) -> None:
    visitor = phone(lang)
    page = visitor.page
    page.goto("/")
    shows_no_raw_or_english_text(page, lang)
    card = page.locator(f".play-card[data-game='{game}']")
    visitor.tap(card.locator("button[type=submit]"))
    page.wait_for_url(re.compile(r"/t/[\w-]+/$"))
    wait_for_table(page)
    assert config(page)["seat"] == 0  # seated, as a guest made on the way
    state = the_players_turn(daphne_server, page)
    assert visitor.taps <= MAX_TAPS
    # The table names its bots in the visitor's language too (the clock strip included).
    expect(page.locator("#match-seats .seat-name").nth(1)).not_to_have_text("")
    shows_no_raw_or_english_text(page, lang)
    make_move(daphne_server, page, state)

    # The lobby lists the game with its pace in words, also once its script redraws it.
    page.goto("/")
    table_id = my_only_table(page)
    row = page.locator(f"#running-tables[data-live] .table-row[data-table='{table_id}']")
    expect(row).to_be_visible()
    expect(row.locator(".pace")).not_to_contain_text("%(")
    expect(row.locator(".pace")).to_contain_text("24")
    shows_no_raw_or_english_text(page, lang)


def my_only_table(page: Page) -> str:
    """The id of the table the visitor just played at: the one running row of theirs."""
    ids = page.locator("#my-table-ids").text_content()
    (table_id,) = re.findall(r'"([\w-]+)"', ids)
    return table_id
