"""Browser fixtures: one Daphne server and one headless Chromium for the whole run."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, Playwright, expect, sync_playwright

from tests.browser import server as live
from tests.browser import ui
from tests.support.chromium import launched_by

# Assertions retry until this ceiling: room for a machine busy with other work.
expect.set_options(timeout=20_000)

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


@pytest.hookimpl(wrapper=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> Iterator[None]:
    """The tests that visit the shared ``tables`` run in one worker, which builds them once
    (marked before any other hook, xdist's among them, reads the marks)."""
    for item in items:
        if "tables" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.xdist_group("tables"))
    return (yield)


@pytest.fixture(scope="session")
def daphne_server() -> Iterator[live.LiveServer]:
    """One server for the run: PostgreSQL when DATABASE_URL names one, else SQLite."""
    server = live.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def chromium(playwright) -> Iterator[Browser]:
    with launched_by(playwright) as browser:
        yield browser


@pytest.fixture(scope="session")
def full_chromium(playwright) -> Iterator[Browser]:
    """The whole browser, launched only for a test that asks for it (``new_page(full=True)``):
    the headless shell the others use reports every notification permission as denied."""
    with launched_by(playwright, full=True) as browser:
        yield browser


@pytest.fixture
def new_page(request, chromium, daphne_server):
    """Pages in fresh browser contexts (separate cookies: separate people). A page prefers
    reduced motion unless ``motion`` is asked for: a glide drawn at every bot move costs
    the browser more CPU than anything else a test watches, and the tests of the motion
    itself (test_moves.py) ask for it. ``full``: a page of the whole browser."""
    contexts = []

    def make(viewport: dict | None = None, motion: bool = False, full: bool = False):
        browser = request.getfixturevalue("full_chromium") if full else chromium
        context = browser.new_context(
            viewport=viewport or LAPTOP,
            base_url=daphne_server.url,
            reduced_motion="no-preference" if motion else "reduce",
        )
        context.set_default_timeout(30000)  # a ceiling for a busy machine, not a speed claim
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    errors: list[str] = []
    yield make
    for context in contexts:
        context.close()
    assert not errors, f"uncaught errors in the page: {errors}"


def _table(page: Page, game: str, finished: bool) -> tuple[str, int]:
    """A table with two bots, and its match; for one to be finished the player leaves,
    and the bots play on (``_played_out`` waits for its end)."""
    table = ui.open_table(page, seats=3, bots=2, game=game, level="easy")
    ui.start(page, table)
    match_id = ui.config(page)["match"]
    if finished:
        page.once("dialog", lambda dialog: dialog.accept())
        page.locator(".leave-form button").click()
        page.wait_for_url("**/")
    return f"/t/{table}/", match_id


def _played_out(server: live.LiveServer, match_ids: list[int]) -> None:
    """Wait in the database, not in a page, for the bots to end these matches: a page
    would draw every move of theirs for nobody to look at."""
    deadline = time.monotonic() + ui.PLAYED_OUT_MS / 1000
    sql = "SELECT status FROM matches_match WHERE id = %s"
    while time.monotonic() < deadline:
        if all(server.database.query(sql, [m]) == [("finished",)] for m in match_ids):
            return
        time.sleep(0.5)
    raise AssertionError(f"the bots did not end matches {match_ids}")


@pytest.fixture(scope="session")
def tables(chromium, daphne_server) -> Iterator[tuple[object, dict[tuple[str, str], str]]]:
    """One signed-up player's browser context and the pages it has: the lobby, a waiting
    room, each game's rules page, and by (game, "playing" | "over") a table of each game,
    running and finished, and the finished one's replay as seat 0 saw it."""
    context = chromium.new_context(base_url=daphne_server.url)
    context.set_default_timeout(30000)
    page = context.new_page()
    ui.sign_up(page, "layla")
    urls = {"lobby": "/", "waiting": f"/t/{ui.open_table(page, seats=3, bots=1)}/"}
    games = ("space-mission", "jump-drive", "blabla")
    urls |= {("rules", game): f"/rules/{game}/" for game in games}
    finishing = []
    for game in games:
        urls[game, "over"], match_id = _table(page, game, finished=True)
        urls[game, "playing"], _ = _table(page, game, finished=False)
        urls["replay", game] = f"{urls[game, 'over']}replay/?seat=0"
        finishing.append(match_id)
    # The three games are played out at once, not one after another.
    _played_out(daphne_server, finishing)
    page.close()
    yield context, urls
    context.close()
