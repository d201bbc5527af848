"""The lobby in a real browser against a real Daphne: live list, join, waiting room, start."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.chromium import launched
from tests.support.servers import Server, fresh_database, start_server

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    database = fresh_database()
    # Bots and people are never asked to move here; a long delay keeps bots quiet.
    server = start_server(database, env={"BOT_DELAY": "3600"})
    yield server
    server.stop()
    database.drop()


@pytest.fixture(scope="module")
def browser() -> Iterator:
    with launched() as chromium:
        yield chromium


@pytest.fixture
def person(browser, server: Server) -> Iterator:
    """A new browser context per call: separate cookies, separate people."""
    contexts = []

    def make():
        context = browser.new_context(base_url=server.url)
        context.set_default_timeout(15000)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


def play_as_guest(page) -> str:
    page.goto("/")
    page.get_by_role("button", name="Play as guest").first.click()
    page.wait_for_url("**/")
    return page.locator(".site-header nav a").first.inner_text()


def test_lobby_and_waiting_room_follow_the_table_live(person) -> None:
    watcher, host = person(), person()
    watcher_name = play_as_guest(watcher)
    play_as_guest(host)

    host.select_option("#new_seats", "3")
    host.get_by_role("button", name="Open table").click()
    host.wait_for_url("**/t/*/")
    table_id = host.url.rstrip("/").rsplit("/", 1)[-1]

    # The watcher's lobby lists the new table without a reload, then they join it.
    row = watcher.locator(f'#open-tables [data-table="{table_id}"]')
    row.wait_for()
    assert "1/3" in row.inner_text()
    host.evaluate("window.sameDocument = true")
    row.get_by_role("button", name="Join").click()
    watcher.wait_for_url(f"**/t/{table_id}/")

    # The host's waiting room catches up by itself, in place, and shows the new player.
    host.locator("#waiting-room", has_text=watcher_name).wait_for()
    assert host.evaluate("window.sameDocument") is True
    host.get_by_role("button", name="Start").click()

    # Both end up on the match page: the host by the form, the other by the live room.
    for page in (host, watcher):
        page.locator("#match-config").wait_for(state="attached")
        assert page.url.endswith(f"/t/{table_id}/")
