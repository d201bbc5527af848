"""The real server goes away and comes back: the page reconnects by itself and catches up."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.space_mission import GAME
from tests.browser import server as live
from tests.browser.ui import config, open_table, perform, sign_up, start, wait_for_version

pytestmark = pytest.mark.browser


@pytest.fixture
def own_server():
    """A server of this test's own, since the test stops and restarts it."""
    server = live.start()
    yield server
    server.stop()


def test_the_page_reconnects_after_a_restart_and_plays_on(chromium, own_server):
    context = chromium.new_context(base_url=own_server.url)
    context.set_default_timeout(20000)
    page = context.new_page()
    try:
        sign_up(page, "rhea")
        table = open_table(page, seats=2, bots=1)
        start(page, table)
        seat, match_id = config(page)["seat"], config(page)["match"]
        pill = page.locator(".conn-pill")
        expect(pill).to_have_attribute("data-state", "live")

        own_server.server.stop()
        expect(pill).to_have_attribute("data-state", "offline")
        expect(pill).to_contain_text("retrying")
        own_server.server.start()
        expect(pill).to_have_attribute("data-state", "live")

        # Caught up, and acting works on the new connection.
        state, version = own_server.match_state(match_id)
        for _ in range(100):  # the bot, if it moves first, resumes after the restart
            if seat in GAME.active_seats(state):
                break
            page.wait_for_timeout(100)
            state, version = own_server.match_state(match_id)
        wait_for_version(page, version)
        perform(page, GAME.bot_action("greedy", GAME.view(state, seat), 1), version)
    finally:
        context.close()
